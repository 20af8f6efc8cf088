#pragma once

/// @file
/// EPA (expanding polytope algorithm): the penetration depth, direction and
/// witness points of two overlapping convex *cores* given by support
/// mappings (proximity/support_mapping.h), starting from the simplex on
/// which GJK (proximity/gjk.h) stopped. Margins are ignored here; see
/// proximity/convex_signed_distance.h.
///
/// EPA grows a polytope inside the Minkowski difference D = A − B (frame A)
/// toward the boundary point nearest the origin. Faces are oriented by the
/// polytope's own inside, not by the origin, so the origin may lie on or
/// slightly outside the polytope (touching contact): the face distances are
/// then signed, and the result is a depth ≤ 0, continuous with GJK's
/// distance.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "proximity/distance/gjk.h"
#include "proximity/distance/support_kinks.h"
#include "proximity/distance/support_mapping.h"
#include "proximity/distance/support_witness.h"

namespace hydrocontact {

/// Tuning of EpaPenetration. Tolerances are relative to the problem size
/// (GjkResult::scale).
struct EpaOptions {
  /// Stop when the support in the nearest face's normal lies within
  /// relative_tolerance · size of that face's plane.
  double relative_tolerance{1e-11};
  /// Hard cap on expansions. Polytopes converge in a few steps. On smooth
  /// shapes (ellipsoids, cylinder rims) EPA converges only linearly, so
  /// after this many expansions it just hands its best direction to a
  /// Newton polish of the support function (RefinePenetrationDirection);
  /// converged is false only if that cannot improve it either.
  int max_iterations{512};
  /// Two converged faces at (nearly) the same depth whose normals differ by
  /// more than this angle (radians) make the direction non-unique.
  double uniqueness_angle{1e-3};
};

/// The outcome of EpaPenetration, in A's frame.
struct EpaResult {
  /// Penetration depth of the cores: the length of the shortest translation
  /// of A that makes the cores touch. When the origin turns out to lie just
  /// outside D (touching contact), minus the distance from the origin to
  /// the final polytope (a polytope inside D, so this bounds the distance
  /// of the cores from above, and is exact where the polytope reached D).
  double depth{0};
  /// Unit direction in which to move A to separate (from B toward A), in A.
  Eigen::Vector3d nhat_BA_A{Eigen::Vector3d::UnitX()};
  /// The point of A's core deepest in B, in A.
  Eigen::Vector3d p_ACa{Eigen::Vector3d::Zero()};
  /// The point of B's core deepest in A, expressed in A.
  /// p_ACa − p_ACb_A = −depth · nhat_BA_A.
  Eigen::Vector3d p_ACb_A{Eigen::Vector3d::Zero()};
  /// False when another direction gives the same depth (to tolerance), or
  /// when D is flat (lower-dimensional) so that ±normal tie.
  bool is_nhat_unique{true};
  /// True when D is flat, a segment or a point (e.g. coplanar triangles):
  /// the depth is then 0 and the direction is chosen deterministically.
  bool degenerate{false};
  int iterations{0};
  bool converged{false};
};

namespace internal {

/// The polytope of EPA: vertices w = a − b with their origins a and b, and
/// triangular faces with adjacency, stored in buffers that are reused from
/// one query to the next (clear() keeps the capacity) so a warm polytope
/// allocates nothing.
class EpaPolytope {
 public:
  struct Face {
    std::array<int, 3> v;         ///< Counter-clockwise seen from outside.
    std::array<int, 3> adj;       ///< adj[i]: face across edge v[i] → v[i+1].
    std::array<int, 3> adj_edge;  ///< The index of that edge in adj[i].
    Eigen::Vector3d normal;       ///< Unit outward normal.
    double distance;              ///< Signed distance of the plane from the origin.
    bool obsolete;
  };

  void clear();
  /// Adds a vertex; returns its index.
  int AddVertex(const Eigen::Vector3d& a, const Eigen::Vector3d& b);
  /// Builds the tetrahedron of vertices 0..3, oriented outward.
  /// Precondition: exactly four vertices, not coplanar.
  void InitTetrahedron();
  /// The live face nearest the origin (smallest signed distance), or −1.
  int NearestFace();
  /// Replaces the faces visible from vertex `vertex` by a fan around it.
  /// `face` must be visible. Returns false if round-off made the horizon
  /// inconsistent (the polytope is then unusable; stop with the best face).
  bool Expand(int face, int vertex);

  const Face& face(int f) const { return faces_[f]; }
  int num_faces() const { return static_cast<int>(faces_.size()); }
  const Eigen::Vector3d& w(int i) const { return w_[i]; }
  const Eigen::Vector3d& a(int i) const { return a_[i]; }
  const Eigen::Vector3d& b(int i) const { return b_[i]; }
  int num_vertices() const { return static_cast<int>(w_.size()); }

  /// Sets the length scale used to recognise degenerate faces.
  void set_scale(double scale) { scale_ = scale; }

 private:
  int AddFace(int i, int j, int k);
  void Silhouette(int face, int edge, const Eigen::Vector3d& p);
  bool Visible(const Face& f, const Eigen::Vector3d& p) const;

  std::vector<Eigen::Vector3d> w_, a_, b_;
  std::vector<Face> faces_;
  std::vector<std::pair<int, int>> horizon_;
  // Min-heap of (distance, face); obsolete entries are skipped lazily.
  std::vector<std::pair<double, int>> heap_;
  double scale_{1};
};

/// The result for a Minkowski difference that has no interior: a depth of
/// 0 at the point of `simplex` nearest the origin, and a deterministic
/// direction: the normal of the plane holding D when `plane_normal` is
/// non-zero, otherwise a direction perpendicular to `line_direction` when
/// that is non-zero, otherwise +x. The normal's sign is fixed by making its
/// largest-magnitude component positive.
EpaResult DegenerateEpaResult(GjkSimplex simplex, const Eigen::Vector3d& plane_normal,
                              const Eigen::Vector3d& line_direction);

/// Replaces a simplex that is nearly degenerate for its size (a tetrahedron
/// thinner than 1e-6 of its longest edge, a triangle narrower than 1e-6 of
/// it) by its largest face or longest edge, repeatedly.
void DropSliverDimensions(GjkSimplex* simplex);

/// The polytope of the calling thread, reused across queries.
EpaPolytope& ThreadLocalEpaPolytope();

/// Polishes a penetration direction on smooth Minkowski differences, where
/// EPA converges only linearly (each expansion refines one small patch of a
/// curved surface) and stalls when the depth barely varies with direction
/// (nearly concentric shapes).
///
/// The depth is the minimum over unit n of the support function h_D(n);
/// near n0 it is minimised over the tangent-plane coordinates x of
/// n(x) = (n0 + x₁t₁ + x₂t₂)/‖·‖ by Newton's method: the gradient is exact
/// (∇h_D is the support point itself) and the 2×2 Hessian comes from
/// forward differences of it. Steps are regularised, capped and accepted
/// only when h decreases, so on polytopes (where h is piecewise linear and
/// EPA is already exact) nothing changes.
///
/// @param support  support(n, &a, &b): a of A extreme along n, b of B
///                 extreme along −n (both in A).
/// @param n  in: a unit direction; out: the improved one.
/// @param h  out: h_D(n) at the returned n (an upper bound of the depth).
/// @param a,b  out: the support points at the returned n.
/// @returns the number of accepted steps.
template <class SupportD>
int RefinePenetrationDirection(const SupportD& support, double scale, Eigen::Vector3d* n,
                               double* h, Eigen::Vector3d* a, Eigen::Vector3d* b) {
  using Eigen::Vector3d;
  support(*n, a, b);
  *h = n->dot(*a - *b);
  int accepted = 0;
  for (int iteration = 0; iteration < 24; ++iteration) {
    int k_min;
    n->cwiseAbs().minCoeff(&k_min);
    const Vector3d t1 = n->cross(Vector3d::Unit(k_min)).normalized();
    const Vector3d t2 = n->cross(t1);
    // φ(x) = h(n + x·t)/‖n + x·t‖ and its gradient at x.
    auto gradient = [&](double x1, double x2, Vector3d* aa, Vector3d* bb, double* phi) {
      const Vector3d m = *n + x1 * t1 + x2 * t2;
      const double L = m.norm();
      support(m / L, aa, bb);
      const Vector3d s = *aa - *bb;
      const double hm = m.dot(s);
      *phi = hm / L;
      return Eigen::Vector2d(s.dot(t1) / L - hm * m.dot(t1) / (L * L * L),
                             s.dot(t2) / L - hm * m.dot(t2) / (L * L * L));
    };
    Vector3d a0, b0, a1, b1;
    double phi0, phi1;
    const Eigen::Vector2d g0 = gradient(0, 0, &a0, &b0, &phi0);
    if (g0.norm() <= 1e-15 * scale) break;
    constexpr double kStep = 1e-6;
    Eigen::Matrix2d H;
    H.col(0) = (gradient(kStep, 0, &a1, &b1, &phi1) - g0) / kStep;
    H.col(1) = (gradient(0, kStep, &a1, &b1, &phi1) - g0) / kStep;
    // Symmetrise, then keep the model convex by shifting the spectrum above
    // a small positive floor (closed-form 2×2 eigenvalue and solve).
    const double h11 = H(0, 0), h22 = H(1, 1), h12 = (H(0, 1) + H(1, 0)) / 2;
    const double lambda_min =
        (h11 + h22) / 2 - std::sqrt((h11 - h22) * (h11 - h22) / 4 + h12 * h12);
    const double shift = std::max(0.0, 1e-6 * scale - lambda_min);
    const double m11 = h11 + shift, m22 = h22 + shift;
    const double det = m11 * m22 - h12 * h12;
    Eigen::Vector2d step(-(m22 * g0.x() - h12 * g0.y()) / det,
                         -(m11 * g0.y() - h12 * g0.x()) / det);
    if (!step.allFinite()) break;
    if (step.norm() > 0.5) step *= 0.5 / step.norm();
    bool improved = false;
    for (int halving = 0; halving < 8 && !improved; ++halving, step /= 2) {
      Vector3d a2, b2;
      double phi2;
      gradient(step.x(), step.y(), &a2, &b2, &phi2);
      if (phi2 < *h - 1e-15 * scale) {
        *n = (*n + step.x() * t1 + step.y() * t2).normalized();
        *h = phi2;
        *a = a2;
        *b = b2;
        improved = true;
      }
    }
    if (!improved) break;
    ++accepted;
  }
  return accepted;
}

/// The polish of a direction n (in A) toward the minimum of h_D: Newton's
/// method where h_D is smooth (RefinePenetrationDirection), then the kinks
/// of h_D near the result (PolishAtKinks, support_kinks.h). Outputs as
/// RefinePenetrationDirection; returns true when n moved.
template <SupportMapping SA, SupportMapping SB>
bool PolishPenetrationDirection(const SA& A, const SB& B, const RigidTransform& X_AB,
                                double scale, Eigen::Vector3d* n, double* h, Eigen::Vector3d* a,
                                Eigen::Vector3d* b) {
  auto support = [&](const Eigen::Vector3d& d, Eigen::Vector3d* sa, Eigen::Vector3d* sb) {
    *sa = A.Support(d);
    *sb = SupportInA(B, X_AB, -d);
  };
  const int steps = RefinePenetrationDirection(support, scale, n, h, a, b);
  const bool at_kink = PolishAtKinks(A, B, X_AB, n, h, a, b);
  return steps > 0 || at_kink;
}

}  // namespace internal

/// Penetration of the cores of A and B (margins ignored) by EPA.
///
/// @param A  support mapping of A in frame A.
/// @param B  support mapping of B in frame B.
/// @param X_AB  pose of B in A.
/// @param gjk  the result of GjkDistance on the same input; its simplex
///             seeds the polytope and its scale sets the tolerances.
///             Meaningful when gjk.overlapping (otherwise the depth comes
///             out negative: minus the distance).
/// Never throws, never loops forever; allocation-free once the calling
/// thread's polytope buffers have grown.
template <SupportMapping SA, SupportMapping SB>
EpaResult EpaPenetration(const SA& A, const SB& B, const RigidTransform& X_AB,
                         const GjkResult& gjk, const EpaOptions& options = {}) {
  using Eigen::Vector3d;
  const double scale = std::max(gjk.scale, 1e-300);
  const double eps = 1e-10 * scale;
  internal::EpaPolytope& poly = internal::ThreadLocalEpaPolytope();
  poly.clear();
  poly.set_scale(scale);
  auto support = [&](const Vector3d& d, Vector3d* a, Vector3d* b) {
    *a = A.Support(d);
    *b = internal::SupportInA(B, X_AB, -d);
  };

  // The simplex's distinct points, dropping to a lower-dimensional part
  // when GJK's simplex is a sliver (it can be, when D touches the origin
  // with a curved edge): a sliver's face normals are unreliable, so the
  // blow-up below replaces its thin dimension by support points.
  GjkSimplex start;
  for (int i = 0; i < gjk.simplex.size; ++i) {
    bool distinct = true;
    for (int j = 0; j < start.size; ++j) {
      if ((gjk.simplex.w[i] - start.w[j]).norm() <= eps) distinct = false;
    }
    if (distinct) start.Push(gjk.simplex.a[i], gjk.simplex.b[i]);
  }
  internal::DropSliverDimensions(&start);
  for (int i = 0; i < start.size; ++i) poly.AddVertex(start.a[i], start.b[i]);
  Vector3d a, b;
  // Grow to a tetrahedron by support points in directions that leave the
  // current point, line or plane.
  if (poly.num_vertices() == 1) {
    static const Vector3d kAxes[6] = {Vector3d::UnitX(),  Vector3d::UnitY(),  Vector3d::UnitZ(),
                                      -Vector3d::UnitX(), -Vector3d::UnitY(), -Vector3d::UnitZ()};
    for (const Vector3d& d : kAxes) {
      support(d, &a, &b);
      if ((a - b - poly.w(0)).norm() > eps) {
        poly.AddVertex(a, b);
        break;
      }
    }
    if (poly.num_vertices() == 1) {
      return internal::DegenerateEpaResult(gjk.simplex, Vector3d::Zero(), Vector3d::Zero());
    }
  }
  if (poly.num_vertices() == 2) {
    const Vector3d u = (poly.w(1) - poly.w(0)).normalized();
    int k_min;
    u.cwiseAbs().minCoeff(&k_min);
    const Vector3d e1 = u.cross(Vector3d::Unit(k_min)).normalized();
    const Vector3d e2 = u.cross(e1);
    for (int k = 0; k < 6 && poly.num_vertices() == 2; ++k) {
      const double angle = k * M_PI / 3;
      support(std::cos(angle) * e1 + std::sin(angle) * e2, &a, &b);
      if ((a - b - poly.w(0)).cross(u).norm() > eps) poly.AddVertex(a, b);
    }
    if (poly.num_vertices() == 2) {
      return internal::DegenerateEpaResult(gjk.simplex, Vector3d::Zero(), u);
    }
  }
  if (poly.num_vertices() == 3) {
    const Vector3d n = (poly.w(1) - poly.w(0)).cross(poly.w(2) - poly.w(0)).normalized();
    Vector3d a_plus, b_plus, a_minus, b_minus;
    support(n, &a_plus, &b_plus);
    support(-n, &a_minus, &b_minus);
    const double h_plus = n.dot(a_plus - b_plus - poly.w(0));
    const double h_minus = -n.dot(a_minus - b_minus - poly.w(0));
    if (std::max(h_plus, h_minus) <= eps) {
      return internal::DegenerateEpaResult(gjk.simplex, n, Vector3d::Zero());
    }
    if (h_plus >= h_minus) {
      poly.AddVertex(a_plus, b_plus);
    } else {
      poly.AddVertex(a_minus, b_minus);
    }
  }
  {
    // A (nearly) flat GJK tetrahedron: D itself may be flat.
    const Vector3d e1 = poly.w(1) - poly.w(0);
    const Vector3d e2 = poly.w(2) - poly.w(0);
    const Vector3d e3 = poly.w(3) - poly.w(0);
    if (!(std::abs(e1.dot(e2.cross(e3))) > eps * eps * scale)) {
      Vector3d n = e1.cross(e2);
      if (!(n.norm() > eps * scale)) n = e1.cross(e3);
      if (!(n.norm() > eps * scale)) n = e2.cross(e3);
      return internal::DegenerateEpaResult(gjk.simplex, n.normalized(), Vector3d::Zero());
    }
  }
  poly.InitTetrahedron();

  EpaResult result;
  const double tolerance = options.relative_tolerance * scale;
  int best = poly.NearestFace();
  // The smallest support value seen and its direction: every direction's
  // support value is an achievable separation (an upper bound of the
  // depth), whereas a face's distance is only a lower bound. On curved
  // differences EPA may stop before the two meet; the answer must then be
  // the achievable one, or moving A by depth · normal would not separate
  // the shapes.
  double best_upper = std::numeric_limits<double>::infinity();
  Vector3d best_upper_normal = Vector3d::UnitX();
  for (result.iterations = 0; result.iterations < options.max_iterations; ++result.iterations) {
    const int f = poly.NearestFace();
    if (f < 0) break;
    best = f;
    const auto& face = poly.face(f);
    support(face.normal, &a, &b);
    const double upper = face.normal.dot(a - b);
    if (upper < best_upper) {
      best_upper = upper;
      best_upper_normal = face.normal;
    }
    if (upper - face.distance <= tolerance) {
      result.converged = true;
      break;
    }
    const int vertex = poly.AddVertex(a, b);
    if (!poly.Expand(f, vertex)) break;
  }
  if (best < 0) {
    return internal::DegenerateEpaResult(gjk.simplex, Vector3d::Zero(), Vector3d::Zero());
  }

  const auto& face = poly.face(best);
  const Vector3d& n = face.normal;
  // Barycentric coordinates of the origin's projection onto the face.
  const Vector3d& w0 = poly.w(face.v[0]);
  const Vector3d& w1 = poly.w(face.v[1]);
  const Vector3d& w2 = poly.w(face.v[2]);
  const Vector3d p = face.distance * n;
  const double area = n.dot((w1 - w0).cross(w2 - w0));
  double l1 = n.dot((p - w0).cross(w2 - w0)) / area;
  double l2 = n.dot((w1 - w0).cross(p - w0)) / area;
  if (!std::isfinite(l1) || !std::isfinite(l2)) l1 = l2 = 1.0 / 3;
  const double l0 = 1 - l1 - l2;

  result.depth = face.distance;
  result.nhat_BA_A = -n;
  result.p_ACa = l0 * poly.a(face.v[0]) + l1 * poly.a(face.v[1]) + l2 * poly.a(face.v[2]);
  result.p_ACb_A = l0 * poly.b(face.v[0]) + l1 * poly.b(face.v[1]) + l2 * poly.b(face.v[2]);

  if (face.distance < 0) {
    // The origin is outside the polytope. A face's plane then only bounds
    // the distance from below (the nearest point may be on an edge or
    // vertex), so measure the true distance to the nearest live face.
    double best_distance = std::numeric_limits<double>::infinity();
    for (int g = 0; g < poly.num_faces(); ++g) {
      const auto& other = poly.face(g);
      if (other.obsolete || !(other.distance < 0)) continue;
      GjkSimplex triangle;
      for (int k = 0; k < 3; ++k) triangle.Push(poly.a(other.v[k]), poly.b(other.v[k]));
      std::array<double, 4> weights;
      const Vector3d x = internal::ReduceSimplex(triangle, weights);
      const double d = x.norm();
      if (d < best_distance) {
        best_distance = d;
        result.depth = -d;
        result.p_ACa = internal::Combine(triangle.a, weights, triangle.size);
        result.p_ACb_A = internal::Combine(triangle.b, weights, triangle.size);
        // x = p_ACa − p_ACb_A points from B toward A. Inside the face the
        // face's (outward, so opposite) normal is the accurate direction;
        // on an edge or vertex x itself, unless x is so short that its
        // direction is round-off: then the nearest face's normal.
        const bool x_reliable = triangle.size < 3 && d > 1e-8 * scale;
        result.nhat_BA_A = x_reliable ? Vector3d(x / d) : Vector3d(-face.normal);
      }
    }
    return result;
  }

  // On curved differences polish the direction; any direction's support
  // value is an achievable separation, so a lower one is a better answer.
  // Unconverged, start from the direction of the smallest support value
  // seen, and report that value at least (never a face's lower bound).
  {
    Vector3d n_refined = result.converged ? n : best_upper_normal;
    double h_refined;
    Vector3d a_refined, b_refined;
    const bool moved = internal::PolishPenetrationDirection(A, B, X_AB, scale, &n_refined,
                                                            &h_refined, &a_refined, &b_refined);
    if (moved || !result.converged) {
      result.depth = h_refined;
      result.nhat_BA_A = -n_refined;
      internal::SupportFeatureWitnesses(A, B, X_AB, n_refined, h_refined, &result.p_ACa,
                                        &result.p_ACb_A);
      result.converged = result.converged || moved;
    }
  }

  // Another converged face, as deep, pointing elsewhere: a tie.
  const double cos_limit = std::cos(options.uniqueness_angle);
  for (int g = 0; g < poly.num_faces() && result.is_nhat_unique; ++g) {
    const auto& other = poly.face(g);
    if (g == best || other.obsolete) continue;
    if (other.distance > face.distance + tolerance) continue;
    if (other.normal.dot(n) >= cos_limit) continue;
    support(other.normal, &a, &b);
    if (other.normal.dot(a - b) - other.distance <= tolerance) result.is_nhat_unique = false;
  }
  return result;
}

}  // namespace hydrocontact
