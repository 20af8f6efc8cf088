#include "proximity/distance/geodesic.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "geometry/unit_direction.h"
#include "proximity/distance/implicit_surface.h"

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

// The shapes with geodesics here, and a length scale of each.
double ShapeScale(const Shape& shape) {
  if (const auto* s = std::get_if<Sphere>(&shape)) return s->radius();
  if (const auto* c = std::get_if<Cylinder>(&shape)) return c->radius();
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) return e->semi_axes().maxCoeff();
  if (const auto* t = std::get_if<Torus>(&shape)) return t->major_radius() + t->minor_radius();
  throw std::invalid_argument(fmt::format(
      "geodesics: a {} is not supported (sphere, cylinder side, ellipsoid and torus are)",
      ShapeName(shape)));
}

// A step small against the smallest radius of curvature.
double DefaultStep(const Shape& shape) {
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) {
    const Vector3d a = e->semi_axes();
    return 0.01 * a.minCoeff() * a.minCoeff() / a.maxCoeff();
  }
  if (const auto* t = std::get_if<Torus>(&shape)) return 0.01 * t->minor_radius();
  return 0.01 * ShapeScale(shape);
}

// Newton's method along ∇f onto f = 0.
Vector3d OntoSurface(const Shape& shape, Vector3d p, double tol) {
  for (int k = 0; k < 50; ++k) {
    const ImplicitSample s = CalcImplicitSample(shape, p);
    const double g2 = s.grad_G.squaredNorm();
    if (!(g2 > 0)) break;
    p -= s.value * s.grad_G / g2;
    if (std::abs(s.value) <= tol * std::sqrt(g2)) break;
  }
  return p;
}

Vector3d UnitNormal(const Shape& shape, const Vector3d& p) {
  return CalcImplicitSample(shape, p).grad_G.normalized();
}

Vector3d RequireOnSurface(const Shape& shape, const Vector3d& p, const char* which) {
  const double scale = ShapeScale(shape);
  if (!p.allFinite()) {
    throw std::invalid_argument(fmt::format("geodesics: point {} is not finite", which));
  }
  const Vector3d on = OntoSurface(shape, p, 1e-15);
  if ((on - p).norm() > 1e-9 * scale) {
    throw std::invalid_argument(fmt::format(
        "geodesics: point {} ({}, {}, {}) is {} m from the {}'s surface; it must be on it", which,
        p.x(), p.y(), p.z(), (on - p).norm(), ShapeName(shape)));
  }
  return on;
}

Vector3d TangentDirection(const Shape& shape, const Vector3d& p, const Vector3d& t) {
  const Vector3d n = UnitNormal(shape, p);
  const Vector3d tt = t - t.dot(n) * n;
  if (!(tt.norm() > 1e-12 * t.norm()) || !t.allFinite()) {
    throw std::invalid_argument(fmt::format(
        "geodesics: direction ({}, {}, {}) has no component in the tangent plane", t.x(), t.y(),
        t.z()));
  }
  return tt.normalized();
}

// The closed-form geodesics: the point and tangent at arc length s.
struct ClosedForm {
  // Sphere: great circle x(s) = cos(s/r) P + r sin(s/r) t.
  // Cylinder: helix through (φ0, z0) with tangent components (t_φ, t_z).
  bool is_sphere{true};
  double r{0};
  Vector3d p0{Vector3d::Zero()}, t0{Vector3d::Zero()};
  double phi0{0}, z0{0}, t_phi{0}, t_z{0};
  void Eval(double s, Vector3d* x, Vector3d* t) const {
    if (is_sphere) {
      const double c = std::cos(s / r), sn = std::sin(s / r);
      *x = c * p0 + r * sn * t0;
      *t = -sn * p0 / r + c * t0;
    } else {
      const double phi = phi0 + s * t_phi / r;
      *x = Vector3d(r * std::cos(phi), r * std::sin(phi), z0 + s * t_z);
      *t = t_phi * Vector3d(-std::sin(phi), std::cos(phi), 0) + t_z * Vector3d::UnitZ();
    }
  }
};

bool HasClosedForm(const Shape& shape) {
  return std::holds_alternative<Sphere>(shape) || std::holds_alternative<Cylinder>(shape);
}

ClosedForm MakeClosedForm(const Shape& shape, const Vector3d& p, const Vector3d& t) {
  ClosedForm cf;
  if (const auto* s = std::get_if<Sphere>(&shape)) {
    cf.is_sphere = true;
    cf.r = s->radius();
    cf.p0 = p;
    cf.t0 = t;
  } else {
    cf.is_sphere = false;
    cf.r = std::get<Cylinder>(shape).radius();
    cf.phi0 = std::atan2(p.y(), p.x());
    cf.z0 = p.z();
    cf.t_phi = t.dot(Vector3d(-std::sin(cf.phi0), std::cos(cf.phi0), 0));
    cf.t_z = t.z();
  }
  return cf;
}

// One classical Runge–Kutta step of the geodesic equation of f = 0 from
// (x, v), then back onto the surface and the tangent plane.
void RkStep(const Shape& shape, double h, double tol, Vector3d* x, Vector3d* v) {
  auto accel = [&](const Vector3d& p, const Vector3d& u) {
    const ImplicitSample s = CalcImplicitSample(shape, p);
    return Vector3d(-(u.dot(s.H_G * u) / s.grad_G.squaredNorm()) * s.grad_G);
  };
  const Vector3d x0 = *x, v0 = *v;
  const Vector3d k1x = v0, k1v = accel(x0, v0);
  const Vector3d k2x = v0 + 0.5 * h * k1v, k2v = accel(x0 + 0.5 * h * k1x, k2x);
  const Vector3d k3x = v0 + 0.5 * h * k2v, k3v = accel(x0 + 0.5 * h * k2x, k3x);
  const Vector3d k4x = v0 + h * k3v, k4v = accel(x0 + h * k3x, k4x);
  *x = OntoSurface(shape, x0 + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x), tol);
  const Vector3d v1 = v0 + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
  const Vector3d n = UnitNormal(shape, *x);
  *v = (v1 - v1.dot(n) * n).normalized();
}

}  // namespace

Geodesic ShootGeodesicUntilLength(const Shape& shape, const Vector3d& p_GP, const Vector3d& t_GP,
                                  double length, int num_points) {
  const double scale = ShapeScale(shape);
  if (!(length >= 0) || !std::isfinite(length)) {
    throw std::invalid_argument(
        fmt::format("ShootGeodesicUntilLength: length must be finite and >= 0, got {}", length));
  }
  if (num_points < 1 || num_points > kMaxGeodesicSteps) {
    throw std::invalid_argument(fmt::format(
        "ShootGeodesicUntilLength: num_points must be in [1, {}], got {}", kMaxGeodesicSteps,
        num_points));
  }
  const Vector3d p = RequireOnSurface(shape, p_GP, "P");
  const Vector3d t = TangentDirection(shape, p, t_GP);
  Geodesic g;
  g.length = length;
  if (HasClosedForm(shape)) {
    const ClosedForm cf = MakeClosedForm(shape, p, t);
    for (int i = 0; i <= num_points; ++i) {
      Vector3d x, tangent;
      cf.Eval(length * i / num_points, &x, &tangent);
      g.points.push_back(x);
      g.tangents.push_back(tangent);
    }
    return g;
  }
  const double segment = length / num_points;
  // Counted in double: the int would overflow first.
  const double steps_per_segment = std::max(1.0, std::ceil(segment / DefaultStep(shape)));
  if (steps_per_segment * num_points > kMaxGeodesicSteps) {
    throw std::invalid_argument(fmt::format(
        "ShootGeodesicUntilLength: a length of {} m takes {:.3g} steps of {} m on this {}; at "
        "most {} are allowed",
        length, steps_per_segment * num_points, DefaultStep(shape), ShapeName(shape),
        kMaxGeodesicSteps));
  }
  const int steps = static_cast<int>(steps_per_segment);
  const double h = segment / steps;
  Vector3d x = p, v = t;
  g.points.push_back(x);
  g.tangents.push_back(v);
  for (int i = 0; i < num_points; ++i) {
    for (int k = 0; k < steps; ++k) RkStep(shape, h, 1e-15 * scale, &x, &v);
    g.points.push_back(x);
    g.tangents.push_back(v);
  }
  return g;
}

Geodesic ShootGeodesicUntilPlaneHit(const Shape& shape, const Vector3d& p_GP, const Vector3d& t_GP,
                                    const Vector3d& n_G, double offset, double max_length) {
  const double scale = ShapeScale(shape);
  // Only n_G's direction counts (UnitDirection: exact for any finite size,
  // where dividing by its norm would underflow below 1e-154).
  const std::optional<Vector3d> unit_normal = UnitDirection(n_G);
  if (!unit_normal || !std::isfinite(offset)) {
    throw std::invalid_argument("ShootGeodesicUntilPlaneHit: the plane's normal must be nonzero "
                                "and finite, its offset finite");
  }
  if (!(max_length >= 0) || !std::isfinite(max_length)) {
    throw std::invalid_argument(fmt::format(
        "ShootGeodesicUntilPlaneHit: max_length must be finite and >= 0, got {}", max_length));
  }
  const Vector3d& nhat = *unit_normal;
  const double c = offset;
  const Vector3d p = RequireOnSurface(shape, p_GP, "P");
  const Vector3d t = TangentDirection(shape, p, t_GP);
  const bool closed = HasClosedForm(shape);
  const ClosedForm cf = closed ? MakeClosedForm(shape, p, t) : ClosedForm{};
  const double h = closed ? 0.01 * scale : DefaultStep(shape);
  // One stored point per step: bounded, and s += step never stalls (h is
  // at least 1e-7 of max_length).
  if (max_length / h > kMaxGeodesicSteps) {
    throw std::invalid_argument(fmt::format(
        "ShootGeodesicUntilPlaneHit: a max_length of {} m takes {:.3g} steps of {} m on this {}; "
        "at most {} are allowed",
        max_length, max_length / h, h, ShapeName(shape), kMaxGeodesicSteps));
  }
  // Advance from (x, v) at arc length s by `step`.
  auto advance = [&](double s, const Vector3d& x, const Vector3d& v, double step, Vector3d* x1,
                     Vector3d* v1) {
    if (closed) {
      cf.Eval(s + step, x1, v1);
    } else {
      *x1 = x;
      *v1 = v;
      RkStep(shape, step, 1e-15 * scale, x1, v1);
    }
  };
  Geodesic g;
  g.points.push_back(p);
  g.tangents.push_back(t);
  const double side0 = nhat.dot(p) - c;
  Vector3d x = p, v = t;
  double s = 0;
  while (s < max_length) {
    const double step = std::min(h, max_length - s);
    Vector3d x1, v1;
    advance(s, x, v, step, &x1, &v1);
    const double side1 = nhat.dot(x1) - c;
    // Crossed (or reached) the plane, leaving the starting side.
    if ((side0 > 0 && side1 <= 0) || (side0 < 0 && side1 >= 0) ||
        (side0 == 0 && s > 0 && side1 * (nhat.dot(x) - c) <= 0)) {
      double lo = 0, hi = step;
      for (int k = 0; k < 200 && hi - lo > 1e-13 * scale; ++k) {
        const double mid = (lo + hi) / 2;
        Vector3d xm, vm;
        advance(s, x, v, mid, &xm, &vm);
        const double side = nhat.dot(xm) - c;
        const double before = nhat.dot(x) - c;
        if ((side > 0) == (before > 0) && side != 0) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      advance(s, x, v, hi, &x1, &v1);
      g.points.push_back(x1);
      g.tangents.push_back(v1);
      g.length = s + hi;
      return g;
    }
    x = x1;
    v = v1;
    s += step;
    g.points.push_back(x);
    g.tangents.push_back(v);
  }
  g.length = s;
  g.converged = false;
  return g;
}

Geodesic CalcShortestGeodesic(const Shape& shape, const Vector3d& p_GP, const Vector3d& p_GQ,
                              int num_points) {
  if (num_points < 1 || num_points > kMaxGeodesicSteps) {
    throw std::invalid_argument(fmt::format(
        "CalcShortestGeodesic: num_points must be in [1, {}], got {}", kMaxGeodesicSteps,
        num_points));
  }
  const double scale = ShapeScale(shape);
  const Vector3d p = RequireOnSurface(shape, p_GP, "P");
  const Vector3d q = RequireOnSurface(shape, p_GQ, "Q");
  if (const auto* sphere = std::get_if<Sphere>(&shape)) {
    const double r = sphere->radius();
    const Vector3d ph = p / r, qh = q / r;
    const double theta = std::atan2(ph.cross(qh).norm(), ph.dot(qh));
    Vector3d t = qh - qh.dot(ph) * ph;
    if (!(t.norm() > 1e-12)) {
      // Equal or antipodal: every great circle through P works.
      const Vector3d x = std::abs(ph.x()) < 0.9 ? Vector3d::UnitX() : Vector3d::UnitY();
      t = x - x.dot(ph) * ph;
    }
    return ShootGeodesicUntilLength(shape, p, t, r * theta, num_points);
  }
  if (const auto* cylinder = std::get_if<Cylinder>(&shape)) {
    const double r = cylinder->radius();
    const double phi_p = std::atan2(p.y(), p.x());
    double dphi = std::remainder(std::atan2(q.y(), q.x()) - phi_p, 2 * M_PI);
    if (dphi <= -M_PI) dphi += 2 * M_PI;
    const Vector3d e_phi(-std::sin(phi_p), std::cos(phi_p), 0);
    Vector3d t = r * dphi * e_phi + (q.z() - p.z()) * Vector3d::UnitZ();
    const double length = t.norm();
    if (!(length > 0)) t = e_phi;
    return ShootGeodesicUntilLength(shape, p, t, length, num_points);
  }
  // Relaxation (file comment).
  if (num_points > kMaxRelaxationSegments) {
    throw std::invalid_argument(fmt::format(
        "CalcShortestGeodesic: num_points is {}, above the {} segments the relaxation on a {} "
        "takes (its work grows about as segments^1.6)",
        num_points, kMaxRelaxationSegments, ShapeName(shape)));
  }
  const double tol = 1e-12 * scale;
  int n = 8;
  std::vector<Vector3d> pts(n + 1);
  for (int i = 0; i <= n; ++i) {
    pts[i] = i == 0 ? p : i == n ? q : ProjectDownhillToNearestPoint(shape, p + (q - p) * i / n);
  }
  Geodesic g;
  num_points = std::max(num_points, 8);
  while (true) {
    bool settled = false;
    // Over-relaxation (file comment) settles n segments in about 1.2n to
    // 3n sweeps (measured on an ellipsoid and a torus, n = 64 to 2048); the
    // cap leaves room for 3 to 8 times that and bounds the work where a
    // curve never settles (it is then reported as not converged).
    const int max_sweeps = 10 * n + 1000;
    const double omega = 2 / (1 + std::sin(M_PI / n));
    for (int sweep = 0; sweep < max_sweeps && !settled; ++sweep) {
      double max_move = 0;
      for (int i = 1; i < n; ++i) {
        const Vector3d midpoint = (pts[i - 1] + pts[i + 1]) / 2;
        const Vector3d moved = OntoSurface(shape, pts[i] + omega * (midpoint - pts[i]), 1e-15);
        max_move = std::max(max_move, (moved - pts[i]).norm());
        pts[i] = moved;
      }
      settled = max_move <= tol;
    }
    if (!settled) g.converged = false;
    if (n >= num_points) break;
    std::vector<Vector3d> finer(2 * n + 1);
    for (int i = 0; i < n; ++i) {
      finer[2 * i] = pts[i];
      finer[2 * i + 1] = OntoSurface(shape, (pts[i] + pts[i + 1]) / 2, 1e-15);
    }
    finer[2 * n] = pts[n];
    pts = std::move(finer);
    n *= 2;
  }
  g.points = pts;
  g.length = 0;
  for (int i = 0; i < n; ++i) g.length += (pts[i + 1] - pts[i]).norm();
  for (int i = 0; i <= n; ++i) {
    const Vector3d chord = pts[std::min(i + 1, n)] - pts[std::max(i - 1, 0)];
    const Vector3d normal = UnitNormal(shape, pts[i]);
    g.tangents.push_back((chord - chord.dot(normal) * normal).normalized());
  }
  return g;
}

}  // namespace hydrocontact
