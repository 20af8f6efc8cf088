#include "proximity/distance/ray_intersection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <fmt/format.h>

#include "geometry/supported_range.h"
#include "geometry/unit_direction.h"
#include "proximity/distance/height_field_distance.h"
#include "proximity/distance/implicit_surface.h"
#include "proximity/height_field_surface.h"
#include "proximity/triangle_queries.h"

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The ray's parameter interval [t_in, t_out] inside a convex set, with the
// outward normals where it enters and leaves. Empty when t_in > t_out.
struct Interval {
  double t_in{-kInf};
  double t_out{kInf};
  Vector3d n_in{Vector3d::Zero()};
  Vector3d n_out{Vector3d::Zero()};
  bool empty() const { return !(t_in <= t_out); }
  // Intersection with another convex set's interval.
  void Clip(const Interval& other) {
    if (other.t_in > t_in) {
      t_in = other.t_in;
      n_in = other.n_in;
    }
    if (other.t_out < t_out) {
      t_out = other.t_out;
      n_out = other.n_out;
    }
  }
  // Union with an overlapping convex piece (the pieces of a capsule).
  void Merge(const Interval& other) {
    if (other.empty()) return;
    if (empty()) {
      *this = other;
      return;
    }
    if (other.t_in < t_in) {
      t_in = other.t_in;
      n_in = other.n_in;
    }
    if (other.t_out > t_out) {
      t_out = other.t_out;
      n_out = other.n_out;
    }
  }
};

Interval EmptyInterval() { return {kInf, -kInf, Vector3d::Zero(), Vector3d::Zero()}; }

// Roots of a t² + 2b t + c = 0 (a > 0) as an interval, or empty. The
// stable form avoids cancellation when b² ≫ ac.
bool SolveQuadratic(double a, double b, double c, double* t0, double* t1) {
  const double disc = b * b - a * c;
  if (disc < 0) return false;
  const double q = -(b + std::copysign(std::sqrt(disc), b));
  if (q == 0) {
    *t0 = *t1 = 0;
    return true;
  }
  double r0 = q / a;
  double r1 = c / q;
  if (r0 > r1) std::swap(r0, r1);
  *t0 = r0;
  *t1 = r1;
  return true;
}

// The slab lo ≤ o + t d ≤ hi along one axis, with outward normals ∓axis.
Interval Slab(double o, double d, double lo, double hi, const Vector3d& axis) {
  if (d == 0) {
    if (o < lo || o > hi) return EmptyInterval();
    return {};
  }
  double t0 = (lo - o) / d;
  double t1 = (hi - o) / d;
  // Entering through the face whose outward normal opposes d.
  Vector3d n0 = -axis, n1 = axis;
  if (t0 > t1) {
    std::swap(t0, t1);
    std::swap(n0, n1);
  }
  return {t0, t1, n0, n1};
}

Interval SphereInterval(const Vector3d& c, double r, const Vector3d& o, const Vector3d& d) {
  const Vector3d w = o - c;
  double t0, t1;
  if (!SolveQuadratic(1, w.dot(d), w.squaredNorm() - r * r, &t0, &t1)) return EmptyInterval();
  return {t0, t1, (w + t0 * d) / r, (w + t1 * d) / r};
}

// The infinite cylinder x² + y² ≤ r².
Interval CylinderSideInterval(double r, const Vector3d& o, const Vector3d& d) {
  const double a = d.x() * d.x() + d.y() * d.y();
  const double c = o.x() * o.x() + o.y() * o.y() - r * r;
  if (a == 0) return c <= 0 ? Interval{} : EmptyInterval();
  double t0, t1;
  if (!SolveQuadratic(a, o.x() * d.x() + o.y() * d.y(), c, &t0, &t1)) return EmptyInterval();
  auto radial = [&](double t) -> Vector3d {
    const Vector3d p = o + t * d;
    return Vector3d(p.x(), p.y(), 0) / r;
  };
  return {t0, t1, radial(t0), radial(t1)};
}

Interval ConvexInterval(const Shape& shape, const Vector3d& o, const Vector3d& d) {
  if (const auto* s = std::get_if<Sphere>(&shape)) {
    return SphereInterval(Vector3d::Zero(), s->radius(), o, d);
  }
  if (const auto* b = std::get_if<Box>(&shape)) {
    const Vector3d h = b->half_size();
    Interval in;
    for (int i = 0; i < 3; ++i) in.Clip(Slab(o[i], d[i], -h[i], h[i], Vector3d::Unit(i)));
    return in;
  }
  if (const auto* c = std::get_if<Cylinder>(&shape)) {
    Interval in = CylinderSideInterval(c->radius(), o, d);
    if (in.empty()) return in;
    in.Clip(Slab(o.z(), d.z(), -c->length() / 2, c->length() / 2, Vector3d::UnitZ()));
    return in;
  }
  if (const auto* c = std::get_if<Capsule>(&shape)) {
    // A capsule is the union of its side piece and its two end balls, all
    // convex and overlapping, so a ray's interval is the union of theirs.
    const double h = c->length() / 2;
    Interval in = CylinderSideInterval(c->radius(), o, d);
    if (!in.empty()) in.Clip(Slab(o.z(), d.z(), -h, h, Vector3d::UnitZ()));
    in.Merge(SphereInterval({0, 0, h}, c->radius(), o, d));
    in.Merge(SphereInterval({0, 0, -h}, c->radius(), o, d));
    return in;
  }
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) {
    // In coordinates scaled by 1/semi-axes the ellipsoid is the unit ball.
    const Vector3d inv = e->semi_axes().cwiseInverse();
    const Vector3d os = o.cwiseProduct(inv);
    const Vector3d ds = d.cwiseProduct(inv);
    double t0, t1;
    if (!SolveQuadratic(ds.squaredNorm(), os.dot(ds), os.squaredNorm() - 1, &t0, &t1)) {
      return EmptyInterval();
    }
    auto normal = [&](double t) {
      return (o + t * d).cwiseProduct(inv).cwiseProduct(inv).normalized().eval();
    };
    return {t0, t1, normal(t0), normal(t1)};
  }
  if (std::holds_alternative<HalfSpace>(shape)) {
    return Slab(o.z(), d.z(), -kInf, 0, Vector3d::UnitZ());
  }
  throw std::logic_error("ConvexInterval: not a primitive");
}

// The hit from a convex set's interval: its entry when ahead, else its
// exit when the origin is inside.
std::optional<RayHit> FromInterval(const Interval& in, const Vector3d& o, const Vector3d& d,
                                   double max_distance) {
  if (in.empty() || in.t_out < 0) return std::nullopt;
  RayHit hit;
  if (in.t_in >= 0) {
    hit.distance = in.t_in;
    hit.nhat_G = in.n_in;
    hit.entering = true;
  } else {
    hit.distance = in.t_out;
    hit.nhat_G = in.n_out;
    hit.entering = false;
  }
  if (!std::isfinite(hit.distance) || hit.distance > max_distance) return std::nullopt;
  hit.p_GH = o + hit.distance * d;
  hit.nhat_G.normalize();
  return hit;
}

}  // namespace

bool RayIntersectsBox(const Aabb& box, const Vector3d& o, const Vector3d& inv_d, double t_max) {
  double t0 = 0, t1 = t_max;
  for (int i = 0; i < 3; ++i) {
    double a = (box.min[i] - o[i]) * inv_d[i];
    double b = (box.max[i] - o[i]) * inv_d[i];
    if (a > b) std::swap(a, b);
    // NaN (0·∞ when the origin is on a slab plane of a parallel ray) must
    // not prune: fmax/fmin ignore it.
    t0 = std::fmax(t0, a);
    t1 = std::fmin(t1, b);
  }
  // Conservative, so that a ray through a triangle's edge lying on its box's
  // boundary is not pruned by round-off before the watertight triangle test:
  // each computed bound (box − o)·(1/d) carries three roundings, so it is
  // within γ₃ = 3u/(1 − 3u) (u = ε/2) of the exact value, relatively, with
  // the exact sign. Exact t0 ≤ t1 then gives computed t0 ≤ t1·(1 + γ₃)/(1 − γ₃)
  // < t1·(1 + 4ε) (t0 ≥ 0, so t1 < 0 still prunes).
  return t0 <= t1 * (1 + 4 * std::numeric_limits<double>::epsilon());
}

namespace {

std::optional<RayHit> MeshRay(const MeshDistanceData& data, const Vector3d& o, const Vector3d& d,
                              double max_distance) {
  const auto& nodes = data.bvh.nodes();
  if (nodes.empty()) return std::nullopt;
  const Vector3d inv_d = d.cwiseInverse();
  // Watertight (see LineTriangleTest): a ray through an edge or vertex
  // meets at least one incident triangle, so it cannot slip through a
  // closed surface and report the far side.
  const LineTriangleTest line(o, d);
  double best = max_distance;
  int best_face = -1;
  // The BVH's depth is bounded (Bvh's build caps it at 128 levels).
  int stack[128];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const int i = stack[--top];
    const Bvh::Node& node = nodes[i];
    if (!RayIntersectsBox(node.box, o, inv_d, best)) continue;
    if (node.is_leaf()) {
      const auto& tri = data.mesh.element(node.element);
      double t;
      // Only a triangle the ray meets, ahead of it and within reach, counts
      // (best may be max_distance = ∞, which no miss may take).
      if (line.Crosses(data.mesh.vertex(tri[0]), data.mesh.vertex(tri[1]),
                       data.mesh.vertex(tri[2]), &t) &&
          t >= 0 && t <= best) {
        best = t;
        best_face = node.element;
      }
    } else if (top + 2 <= 128) {
      stack[top++] = node.right;
      stack[top++] = i + 1;
    }
  }
  if (best_face < 0) return std::nullopt;
  RayHit hit;
  hit.distance = best;
  hit.p_GH = o + best * d;
  hit.nhat_G = data.mesh.face_normal(best_face);
  hit.entering = hit.nhat_G.dot(d) < 0;
  return hit;
}

// The tessellation's hit; where it is on the top, moved onto the bicubic
// surface by Newton's method along the ray (within a cell of the mesh's
// hit), with the surface's normal. The bottom and sides are flat and exact.
std::optional<RayHit> HeightFieldRay(const HeightField& field, const DistanceGeometry& G,
                                     const Vector3d& o, const Vector3d& d, double max_distance) {
  // Up to a cell beyond max_distance: the refined hit may come before it.
  const double cell = std::min(field.dx(), field.dy());
  std::optional<RayHit> hit = MeshRay(*G.mesh, o, d, max_distance + cell);
  if (!hit) return std::nullopt;
  const double tol = 1e-12 * HeightFieldScale(field);
  const Vector3d& p = hit->p_GH;
  const bool on_top = p.z() > field.bottom() + tol && std::abs(p.x()) < field.half_x() - tol &&
                      std::abs(p.y()) < field.half_y() - tol;
  if (on_top) {
    const double t = RefineRayTopCrossing(field, o, d, hit->distance,
                                          std::max(0.0, hit->distance - cell), hit->distance + cell);
    hit->distance = t;
    hit->p_GH = o + t * d;
    hit->nhat_G = EvalHeight(field, hit->p_GH.x(), hit->p_GH.y()).UnitNormal();
    hit->entering = hit->nhat_G.dot(d) < 0;
  }
  if (!(hit->distance <= max_distance)) return std::nullopt;
  return hit;
}

Vector3d RequireRay(const Vector3d& p_GO, const Vector3d& dir_G, double max_distance) {
  if (!p_GO.allFinite()) {
    throw std::invalid_argument(fmt::format("IntersectRay: origin ({}, {}, {}) must be finite",
                                            p_GO.x(), p_GO.y(), p_GO.z()));
  }
  internal::RequireNearGeometry("IntersectRay", "origin", p_GO);
  const std::optional<Vector3d> d = UnitDirection(dir_G);
  if (!d) {
    throw std::invalid_argument(
        fmt::format("IntersectRay: direction ({}, {}, {}) must be nonzero and finite", dir_G.x(),
                    dir_G.y(), dir_G.z()));
  }
  if (!(max_distance >= 0)) {
    throw std::invalid_argument(
        fmt::format("IntersectRay: max_distance must be >= 0, got {}", max_distance));
  }
  return *d;
}

// IntersectRay for a non-torus geometry, from p_GO along the unit d.
std::optional<RayHit> IntersectRayFrom(const DistanceGeometry& G, const Vector3d& p_GO,
                                       const Vector3d& d, double max_distance) {
  if (std::holds_alternative<Mesh>(G.shape) || std::holds_alternative<Convex>(G.shape)) {
    return MeshRay(*G.mesh, p_GO, d, max_distance);
  }
  if (const auto* field = std::get_if<HeightField>(&G.shape)) {
    return HeightFieldRay(*field, G, p_GO, d, max_distance);
  }
  return FromInterval(ConvexInterval(G.shape, p_GO, d), p_GO, d, max_distance);
}

}  // namespace

std::optional<RayHit> IntersectRay(const DistanceGeometry& G, const Vector3d& p_GO,
                                   const Vector3d& dir_G, double max_distance) {
  internal::RequireDistanceGeometry(G, "IntersectRay");
  if (const auto* torus = std::get_if<Torus>(&G.shape)) {
    return IntersectRay(*torus, p_GO, dir_G, max_distance);
  }
  const Vector3d d = RequireRay(p_GO, dir_G, max_distance);
  // From far away (|o| ≫ the geometry), the ray starts again where it nears
  // the geometry's bounding ball: solved from the far origin, a shape's
  // size would drown in the origin's (for a 1 mm sphere seen from 1 km,
  // |o|² − r² rounds to |o|², a grazing hit at the centre with a zero
  // normal). The skipped part lies at least 2ρ from G's origin along d, so
  // outside the ball: nothing is missed, and the hit is measured from the
  // original origin.
  const double skip = -p_GO.dot(d) - 2 * G.bounding_radius;
  if (skip > 0) {
    if (skip > max_distance) return std::nullopt;
    const Vector3d p_GS = p_GO + skip * d;
    std::optional<RayHit> hit = IntersectRayFrom(G, p_GS, d, max_distance - skip);
    if (hit) hit->distance += skip;
    return hit;
  }
  return IntersectRayFrom(G, p_GO, d, max_distance);
}

std::optional<RayHit> IntersectRay(const Torus& torus, const Vector3d& p_GO, const Vector3d& dir_G,
                                   double max_distance) {
  const Vector3d d = RequireRay(p_GO, dir_G, max_distance);
  const double R = torus.major_radius();
  const double r = torus.minor_radius();
  // Re-centre the parameter at the ray's point nearest the torus's centre
  // (t = t_c + u) so the quartic's coefficients stay of the torus's size.
  const double t_c = -p_GO.dot(d);
  const Vector3d o = p_GO + t_c * d;
  // F(u) = (u² + 2bu + a)² − 4R²(α u² + 2β u + γ) with
  // a = ‖o‖² + R² − r², b = o·d (= 0 here), α = dx² + dy², β = ox dx + oy dy,
  // γ = ox² + oy².
  const double a = o.squaredNorm() + R * R - r * r;
  const double b = o.dot(d);
  const double alpha = d.x() * d.x() + d.y() * d.y();
  const double beta = o.x() * d.x() + o.y() * d.y();
  const double gamma = o.x() * o.x() + o.y() * o.y();
  const double R2 = 4 * R * R;
  // u⁴ + c3 u³ + c2 u² + c1 u + c0.
  const double c3 = 4 * b;
  const double c2 = 4 * b * b + 2 * a - R2 * alpha;
  const double c1 = 4 * a * b - 2 * R2 * beta;
  const double c0 = a * a - R2 * gamma;
  Eigen::Matrix4d companion = Eigen::Matrix4d::Zero();
  companion(0, 0) = -c3;
  companion(0, 1) = -c2;
  companion(0, 2) = -c1;
  companion(0, 3) = -c0;
  companion(1, 0) = companion(2, 1) = companion(3, 2) = 1;
  const Eigen::EigenSolver<Eigen::Matrix4d> solver(companion, false);
  auto F = [&](double u) { return (((u + c3) * u + c2) * u + c1) * u + c0; };
  auto dF = [&](double u) { return ((4 * u + 3 * c3) * u + 2 * c2) * u + c1; };
  const double size = R + r;
  double best = kInf;
  for (int i = 0; i < 4; ++i) {
    const std::complex<double> root = solver.eigenvalues()[i];
    // A grazing ray's double root splits into a complex pair with imaginary
    // parts ~√ε·size; accept those as (touching) hits.
    if (std::abs(root.imag()) > 1e-6 * size) continue;
    double u = root.real();
    for (int k = 0; k < 3; ++k) {
      const double slope = dF(u);
      if (slope == 0) break;
      const double step = F(u) / slope;
      if (!std::isfinite(step) || std::abs(step) > 1e-3 * size) break;
      u -= step;
    }
    const double t = t_c + u;
    if (t >= 0 && t < best) best = t;
  }
  if (!std::isfinite(best) || !(best <= max_distance)) return std::nullopt;
  RayHit hit;
  hit.distance = best;
  hit.p_GH = p_GO + best * d;
  const ImplicitSample s = CalcImplicitSample(torus, hit.p_GH);
  hit.nhat_G = s.grad_G.normalized();
  hit.entering = CalcImplicitSample(torus, p_GO).value > 0;
  return hit;
}

}  // namespace hydrocontact
