#include "proximity/distance/contact_patch.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <span>
#include <stdexcept>
#include <variant>
#include <vector>

#include <Eigen/Eigenvalues>
#include <fmt/format.h>

#include "proximity/distance/contact_kinematics.h"
#include "proximity/distance/support_mapping.h"

namespace hydrocontact {

namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

// The support set of one shape, in W: the vertices of a convex polygon,
// segment or point; `unbounded` for a half-space (the whole plane).
struct SupportSet {
  std::vector<Vector3d> points_W;
  bool unbounded{false};
};

// Per-thread storage reused from call to call, so that a patch computed into
// a reused ContactPatch allocates nothing once these have grown.
struct Scratch {
  SupportSet set_A, set_B;
  std::vector<Vector2d> a, b, result, unique, hull, clip_out;
};

// The points of `candidates_G` within `tol` of the highest along u_G, in W,
// appended to *out_W.
void KeepHighest(std::span<const Vector3d> candidates_G, const Vector3d& u_G, double tol,
                 const RigidTransform& X_WG, std::vector<Vector3d>* out_W) {
  double h_max = -std::numeric_limits<double>::infinity();
  for (const Vector3d& p : candidates_G) h_max = std::max(h_max, u_G.dot(p));
  for (const Vector3d& p : candidates_G) {
    if (u_G.dot(p) >= h_max - tol) out_W->push_back(X_WG * p);
  }
}

// KeepHighest over all of a shape's vertices (a box's corners, a hull's or
// a tessellation's vertices), within tol of the highest but never below
// the middle of the shape's extent along u_G: a tolerance as wide as the
// shape would take in its far side too, and the surface fitted over the
// set (for the point depths) would lie inside the shape, the depths off by
// up to its width, even in sign.
void KeepNearSide(std::span<const Vector3d> vertices_G, const Vector3d& u_G, double tol,
                  const RigidTransform& X_WG, std::vector<Vector3d>* out_W) {
  double h_max = -std::numeric_limits<double>::infinity();
  double h_min = std::numeric_limits<double>::infinity();
  for (const Vector3d& p : vertices_G) {
    h_max = std::max(h_max, u_G.dot(p));
    h_min = std::min(h_min, u_G.dot(p));
  }
  KeepHighest(vertices_G, u_G, std::min(tol, (h_max - h_min) / 2), X_WG, out_W);
}

// The support set of `G` (pose X_WG) in direction u_W (unit), see the
// header for each shape, into *set (its storage reused).
void CalcSupportSet(const DistanceGeometry& G, const RigidTransform& X_WG, const Vector3d& u_W,
                    const ContactPatchSettings& settings, SupportSet* set) {
  const Vector3d u_G = X_WG.rotation().transpose() * u_W;
  const double tol = settings.tolerance;
  set->points_W.clear();
  set->unbounded = false;
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, HalfSpace>) {
          set->unbounded = true;
        } else if constexpr (std::is_same_v<T, Sphere>) {
          set->points_W.push_back(X_WG * (shape.radius() * u_G));
        } else if constexpr (std::is_same_v<T, Ellipsoid>) {
          set->points_W.push_back(X_WG * EllipsoidSupport{shape.semi_axes()}.Support(u_G));
        } else if constexpr (std::is_same_v<T, Box>) {
          std::array<Vector3d, 8> corners;
          const Vector3d h = shape.half_size();
          for (int i = 0; i < 8; ++i) {
            corners[i] = Vector3d((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z());
          }
          KeepNearSide(corners, u_G, tol, X_WG, &set->points_W);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          const std::array<Vector3d, 2> ends{Vector3d(0, 0, -shape.length() / 2),
                                             Vector3d(0, 0, shape.length() / 2)};
          // The end centres kept (in G), then moved to their spheres' support.
          const size_t first = set->points_W.size();
          KeepHighest(ends, u_G, tol, RigidTransform(), &set->points_W);
          for (size_t k = first; k < set->points_W.size(); ++k) {
            set->points_W[k] = X_WG * (set->points_W[k] + shape.radius() * u_G);
          }
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          const double R = shape.radius();
          const double half_length = shape.length() / 2;
          const double rho = std::hypot(u_G.x(), u_G.y());
          const double cap_z = u_G.z() >= 0 ? half_length : -half_length;
          // The whole end within the tolerance: its far rim point is 2R·sin θ
          // below the extreme (θ between the axis and u).
          if (2 * R * rho <= tol) {
            const int n = settings.cylinder_cap_sides;
            for (int k = 0; k < n; ++k) {
              const double angle = 2 * std::numbers::pi * k / n;
              set->points_W.push_back(X_WG * Vector3d(R * std::cos(angle), R * std::sin(angle), cap_z));
            }
          } else {
            const std::array<Vector3d, 2> rim{Vector3d(R * u_G.x() / rho, R * u_G.y() / rho, -half_length),
                                              Vector3d(R * u_G.x() / rho, R * u_G.y() / rho, half_length)};
            KeepHighest(rim, u_G, tol, X_WG, &set->points_W);
          }
        } else {
          // Convex (its hull) and Mesh (the hull of its vertices).
          KeepNearSide(G.mesh->mesh.vertices(), u_G, tol, X_WG, &set->points_W);
        }
      },
      G.shape);
}

double Cross(const Vector2d& a, const Vector2d& b) { return a.x() * b.y() - a.y() * b.x(); }

// The height (along P's z, m) of one shape's surface over a point q = (x, y)
// of P, as the affine function z + slope·(q − c) (see HeightOverPatch).
struct Height {
  Vector2d c{Vector2d::Zero()};
  double z{0};
  Vector2d slope{Vector2d::Zero()};
  double operator()(const Vector2d& q) const { return z + slope.dot(q - c); }
};

// The surface of the support set `set` of a shape G with pose X_WG (or of
// the half-space G, when the set is unbounded) over P, X_PW taking W to P,
// `eps` the round-off length.
//
// A support set is a face, an edge or a vertex of the surface (or, for a
// cylinder's end, the inscribed polygon; for a capsule or a lying cylinder
// a segment of a straight line on its side): its points are on one plane,
// one line or one point, and the surface over the set is that plane, line
// or point. The least-squares fit of z over (x, y) recovers it exactly: the
// plane when the points span an area, the line (constant across it) when
// they are collinear, the point's height (constant) when there is one. A
// convex mesh whose curved part lies within the tolerance gives a set that
// is not planar; its fit is the plane nearest the set, off the surface by
// at most the set's thickness, the tolerance. Allocation-free.
Height HeightOverPatch(const RigidTransform& X_WG, const RigidTransform& X_PW, const SupportSet& set, double eps) {
  Height h;
  if (set.unbounded) {
    // The half-space's boundary plane through G's origin, normal z_G.
    const Vector3d p_PGo = X_PW * X_WG.translation();
    const Vector3d m_P = X_PW.rotation() * X_WG.rotation().col(2);
    h.c = p_PGo.head<2>();
    h.z = p_PGo.z();
    // The normal is ±n (the pair's normal is the half-space's), so m_z ≈ ±1.
    if (std::abs(m_P.z()) > 0) h.slope = -m_P.head<2>() / m_P.z();
    return h;
  }
  if (set.points_W.empty()) return h;  // Not reached: a set keeps its extreme.
  const double count = static_cast<double>(set.points_W.size());
  Vector3d mean = Vector3d::Zero();
  for (const Vector3d& p_WQ : set.points_W) mean += X_PW * p_WQ;
  mean /= count;
  Eigen::Matrix2d C = Eigen::Matrix2d::Zero();
  Vector2d b = Vector2d::Zero();
  for (const Vector3d& p_WQ : set.points_W) {
    const Vector3d r = X_PW * p_WQ - mean;
    C += r.head<2>() * r.head<2>().transpose();
    b += r.head<2>() * r.z();
  }
  h.c = mean.head<2>();
  h.z = mean.z();
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> eigen(C);
  const Vector2d lambda = eigen.eigenvalues();  // Ascending.
  // The points coincide in P (within round-off): a point.
  if (!(lambda(1) > count * eps * eps)) return h;
  // The slope along each principal direction with a spread (the minor one
  // only when the points span an area: width above 1e-12 of the length).
  for (int k = 0; k < 2; ++k) {
    if (k == 0 && !(lambda(0) > 1e-24 * lambda(1))) continue;
    const Vector2d u = eigen.eigenvectors().col(k);
    h.slope += u * (u.dot(b) / lambda(k));
  }
  return h;
}

// Replaces `points` by their convex hull (Andrew's monotone chain),
// counter-clockwise, without duplicates (closer than `eps`) or collinear
// middle points: one point, two (a segment) or a polygon. `scratch` provides
// the working storage.
void ConvexHull2(std::vector<Vector2d>* points, double eps, Scratch* scratch) {
  std::sort(points->begin(), points->end(),
            [](const Vector2d& a, const Vector2d& b) { return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y()); });
  std::vector<Vector2d>& unique = scratch->unique;
  unique.clear();
  for (const Vector2d& p : *points) {
    bool duplicate = false;
    for (const Vector2d& q : unique) duplicate = duplicate || (p - q).norm() <= eps;
    if (!duplicate) unique.push_back(p);
  }
  if (unique.size() <= 2) {
    points->assign(unique.begin(), unique.end());
    return;
  }
  const double area_eps = eps * eps;
  std::vector<Vector2d>& hull = scratch->hull;
  hull.resize(2 * unique.size());
  int k = 0;
  for (size_t i = 0; i < unique.size(); ++i) {
    while (k >= 2 && Cross(hull[k - 1] - hull[k - 2], unique[i] - hull[k - 2]) <= area_eps) --k;
    hull[k++] = unique[i];
  }
  for (int i = static_cast<int>(unique.size()) - 2, lower = k + 1; i >= 0; --i) {
    while (k >= lower && Cross(hull[k - 1] - hull[k - 2], unique[i] - hull[k - 2]) <= area_eps) --k;
    hull[k++] = unique[i];
  }
  points->assign(hull.begin(), hull.begin() + std::max(1, k - 1));
}

// `subject` (a convex polygon, segment or point) clipped by the convex
// polygon `clip` (≥ 3 vertices, counter-clockwise) into *out:
// Sutherland–Hodgman, a 2-point subject being the closed polyline there and
// back.
void ClipByConvexPolygon(const std::vector<Vector2d>& subject_in, const std::vector<Vector2d>& clip, double eps,
                         std::vector<Vector2d>* out, Scratch* scratch) {
  *out = subject_in;
  std::vector<Vector2d>& next = scratch->clip_out;
  const int m = static_cast<int>(clip.size());
  for (int e = 0; e < m && !out->empty(); ++e) {
    const Vector2d& a = clip[e];
    const Vector2d edge = clip[(e + 1) % m] - a;
    const double length = edge.norm();
    auto side = [&](const Vector2d& p) { return Cross(edge, p - a) / length; };  // > 0 inside.
    next.clear();
    const std::vector<Vector2d>& subject = *out;
    const int n = static_cast<int>(subject.size());
    for (int i = 0; i < n; ++i) {
      const Vector2d& p = subject[i];
      const Vector2d& q = subject[(i + 1) % n];
      const double sp = side(p);
      const double sq = side(q);
      if (sp >= -eps) next.push_back(p);
      if ((sp >= -eps) != (sq >= -eps) && n > 1) {
        next.push_back(p + (sp / (sp - sq)) * (q - p));
      }
    }
    out->swap(next);
  }
}

// Two segments (or a segment and itself degenerate) into *out: their
// crossing, their overlap when collinear, or the midpoint of their closest
// points.
void IntersectSegments(const std::vector<Vector2d>& s, const std::vector<Vector2d>& t, double eps,
                       std::vector<Vector2d>* out) {
  out->clear();
  const Vector2d ds = s[1] - s[0];
  const Vector2d dt = t[1] - t[0];
  const double denominator = Cross(ds, dt);
  if (std::abs(denominator) > eps * std::max(ds.norm(), dt.norm())) {
    const double a = Cross(t[0] - s[0], dt) / denominator;
    const double b = Cross(t[0] - s[0], ds) / denominator;
    const Vector2d p_s = s[0] + std::clamp(a, 0.0, 1.0) * ds;
    const Vector2d p_t = t[0] + std::clamp(b, 0.0, 1.0) * dt;
    out->push_back(0.5 * (p_s + p_t));
    return;
  }
  // Parallel: the overlap of their projections on s's direction.
  const Vector2d u = ds.normalized();
  const double s0 = 0, s1 = ds.norm();
  double t0 = u.dot(t[0] - s[0]), t1 = u.dot(t[1] - s[0]);
  if (t0 > t1) std::swap(t0, t1);
  const Vector2d offset = 0.5 * ((t[0] - s[0]) - u.dot(t[0] - s[0]) * u);  // Halfway across.
  const double lo = std::max(s0, t0), hi = std::min(s1, t1);
  if (lo <= hi) {
    out->push_back(s[0] + lo * u + offset);
    out->push_back(s[0] + hi * u + offset);
    return;
  }
  const double middle = 0.5 * (lo + hi);
  out->push_back(s[0] + middle * u + offset);
}

// The intersection of two projected support sets (each hulled) into *out.
void Intersect(const std::vector<Vector2d>& a, const std::vector<Vector2d>& b, double eps,
               std::vector<Vector2d>* out, Scratch* scratch) {
  if (a.size() == 1 && b.size() == 1) {
    out->assign(1, 0.5 * (a[0] + b[0]));
  } else if (a.size() == 1) {
    *out = a;
  } else if (b.size() == 1) {
    *out = b;
  } else if (b.size() >= 3) {
    ClipByConvexPolygon(a, b, eps, out, scratch);
  } else if (a.size() >= 3) {
    ClipByConvexPolygon(b, a, eps, out, scratch);
  } else {
    IntersectSegments(a, b, eps, out);
  }
}

}  // namespace

ContactPatch ComputeContactPatch(const SignedDistancePair& pair, const DistanceGeometry& A,
                                 const RigidTransform& X_WA, const DistanceGeometry& B,
                                 const RigidTransform& X_WB, const ContactPatchSettings& settings) {
  ContactPatch patch;
  ComputeContactPatch(pair, A, X_WA, B, X_WB, settings, &patch);
  return patch;
}

void ComputeContactPatch(const SignedDistancePair& pair, const DistanceGeometry& A, const RigidTransform& X_WA,
                         const DistanceGeometry& B, const RigidTransform& X_WB,
                         const ContactPatchSettings& settings, ContactPatch* patch) {
  if (patch == nullptr) throw std::invalid_argument("ComputeContactPatch: null output patch");
  internal::RequireDistanceGeometry(A, "ComputeContactPatch (geometry A)");
  internal::RequireDistanceGeometry(B, "ComputeContactPatch (geometry B)");
  if (!(settings.tolerance >= 0) || !std::isfinite(settings.tolerance)) {
    throw std::invalid_argument(
        fmt::format("ComputeContactPatch: tolerance must be finite and >= 0, got {}", settings.tolerance));
  }
  if (settings.cylinder_cap_sides < 3 || settings.cylinder_cap_sides > kMaxCylinderCapSides) {
    throw std::invalid_argument(fmt::format("ComputeContactPatch: cylinder_cap_sides must be in [3, {}], got {}",
                                            kMaxCylinderCapSides, settings.cylinder_cap_sides));
  }
  thread_local Scratch scratch;
  const Vector3d n = -pair.nhat_BA_W;
  const Vector3d p_WCa = X_WA * pair.p_ACa;
  const Vector3d p_WCb = X_WB * pair.p_BCb;
  // Everything that can throw runs before *patch is written.
  const RigidTransform X_WP(ContactTangentBasis(n), 0.5 * (p_WCa + p_WCb));
  patch->id_A = pair.id_A;
  patch->id_B = pair.id_B;
  patch->direction = ContactPatch::Direction::kDefault;
  patch->penetration_depth = pair.distance;
  patch->X_WP = X_WP;

  CalcSupportSet(A, X_WA, n, settings, &scratch.set_A);
  CalcSupportSet(B, X_WB, -n, settings, &scratch.set_B);
  // Round-off scale: the sizes of the finite sets.
  double scale = std::abs(pair.distance);
  const Eigen::Matrix3d R_PW = patch->X_WP.rotation().transpose();
  auto project = [&](const SupportSet& set, std::vector<Vector2d>* points) {
    points->clear();
    for (const Vector3d& p_WQ : set.points_W) {
      const Vector3d p_PQ = R_PW * (p_WQ - patch->X_WP.translation());
      points->emplace_back(p_PQ.x(), p_PQ.y());
      scale = std::max(scale, p_PQ.head<2>().norm());
    }
  };
  project(scratch.set_A, &scratch.a);
  project(scratch.set_B, &scratch.b);
  const double eps = 1e-12 * std::max(scale, 1e-3);
  ConvexHull2(&scratch.a, eps, &scratch);
  ConvexHull2(&scratch.b, eps, &scratch);
  std::vector<Vector2d>& result = scratch.result;
  if (scratch.set_A.unbounded) {
    result = scratch.b;
  } else if (scratch.set_B.unbounded) {
    result = scratch.a;
  } else {
    Intersect(scratch.a, scratch.b, eps, &result, &scratch);
  }
  ConvexHull2(&result, 1e3 * eps, &scratch);
  if (result.empty()) result.push_back(Vector2d::Zero());
  // Copy-assignment keeps the output's storage once it is large enough.
  patch->points = result;
  // Each point's own depth: the separation along n of the two surfaces over
  // it (see HeightOverPatch and the header).
  const RigidTransform X_PW = patch->X_WP.inverse();
  const Height h_A = HeightOverPatch(X_WA, X_PW, scratch.set_A, eps);
  const Height h_B = HeightOverPatch(X_WB, X_PW, scratch.set_B, eps);
  patch->point_penetration_depths.resize(patch->points.size());
  for (size_t i = 0; i < patch->points.size(); ++i) {
    patch->point_penetration_depths[i] = h_B(patch->points[i]) - h_A(patch->points[i]);
  }
}

}  // namespace hydrocontact
