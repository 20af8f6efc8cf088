#include "proximity/distance/implicit_surface.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <Eigen/Dense>
#include <fmt/format.h>

#include "geometry/unit_direction.h"
#include "proximity/distance/height_field_distance.h"
#include "proximity/height_field_surface.h"

namespace hydrocontact {

using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

void RequireFinite(const Vector3d& p, const char* what) {
  if (!p.allFinite()) {
    throw std::invalid_argument(
        fmt::format("{} ({}, {}, {}) must be finite", what, p.x(), p.y(), p.z()));
  }
}

ImplicitSample SphereSample(double r, const Vector3d& p) {
  return {(p.squaredNorm() - r * r) / (2 * r), p / r, Matrix3d::Identity() / r};
}

ImplicitSample EllipsoidSample(const Vector3d& semi_axes, const Vector3d& p) {
  const Vector3d inv2 = semi_axes.cwiseProduct(semi_axes).cwiseInverse();
  ImplicitSample s;
  s.value = 0.5 * (p.cwiseProduct(p).dot(inv2) - 1);
  s.grad_G = p.cwiseProduct(inv2);
  s.H_G = inv2.asDiagonal();
  return s;
}

ImplicitSample CylinderSideSample(double r, const Vector3d& p) {
  ImplicitSample s;
  s.value = (p.x() * p.x() + p.y() * p.y() - r * r) / (2 * r);
  s.grad_G = Vector3d(p.x(), p.y(), 0) / r;
  s.H_G = Vector3d(1, 1, 0).asDiagonal();
  s.H_G /= r;
  return s;
}

// f = ‖p − c‖ − r with c the point of the axis segment nearest p: the exact
// signed distance. ∇f = (p − c)/‖p − c‖; ∇²f = (I − ∇f∇fᵀ)/‖p − c‖ with
// the axial row/column removed on the side (there c moves with p along z).
ImplicitSample CapsuleSample(const Capsule& capsule, const Vector3d& p) {
  const double h = capsule.length() / 2;
  const Vector3d c(0, 0, std::clamp(p.z(), -h, h));
  const Vector3d w = p - c;
  const double d = w.norm();
  ImplicitSample s;
  s.value = d - capsule.radius();
  if (!(d > 0)) return s;  // On the axis: singular (zero gradient).
  s.grad_G = w / d;
  Matrix3d P = Matrix3d::Identity();
  if (std::abs(p.z()) <= h) P(2, 2) = 0;
  s.H_G = (P - s.grad_G * s.grad_G.transpose()) / d;
  return s;
}

struct ShapeSampler {
  const Shape& shape;
  ImplicitSample operator()(const Vector3d& p) const { return CalcImplicitSample(shape, p); }
};

// A length scale of a shape, for tolerances (the half-space has none: 1 m).
double LengthScale(const Shape& shape) {
  if (const auto* s = std::get_if<Sphere>(&shape)) return s->radius();
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) return e->semi_axes().maxCoeff();
  if (const auto* c = std::get_if<Cylinder>(&shape)) return std::max(c->radius(), c->length());
  if (const auto* c = std::get_if<Capsule>(&shape)) return c->radius() + c->length() / 2;
  if (const auto* t = std::get_if<Torus>(&shape)) return t->major_radius() + t->minor_radius();
  if (const auto* f = std::get_if<HeightField>(&shape)) return HeightFieldScale(*f);
  return 1.0;
}

template <class Sampler>
Vector3d Downhill(const Sampler& sample, double scale, const Vector3d& p_GQ) {
  RequireFinite(p_GQ, "ProjectDownhillToNearestPoint: the point");
  const double tol = 1e-13 * scale;
  // Newton's method along the gradient line onto f = 0: quadratic near the
  // surface. A zero gradient (a singular point) is stepped off along +x.
  auto onto_surface = [&](Vector3d p) {
    for (int k = 0; k < 60; ++k) {
      const ImplicitSample s = sample(p);
      const double g2 = s.grad_G.squaredNorm();
      if (!(g2 > 0)) {
        p.x() += 1e-6 * scale;
        continue;
      }
      const double step = s.value / std::sqrt(g2);
      p -= s.value * s.grad_G / g2;
      if (std::abs(step) <= tol) break;
    }
    return p;
  };
  {
    const ImplicitSample s = sample(p_GQ);
    const double g = s.grad_G.norm();
    if (g > 0 && std::abs(s.value) <= tol * g) return p_GQ;
  }
  Vector3d p = onto_surface(p_GQ);
  for (int round = 0; round < 50; ++round) {
    const ImplicitSample s = sample(p);
    const double g = s.grad_G.norm();
    if (!(g > 0)) break;
    const Vector3d nhat = s.grad_G / g;
    const Vector3d r = p_GQ - p;
    const Vector3d tangential = r - r.dot(nhat) * nhat;
    if (tangential.norm() <= tol) break;
    p = onto_surface(p + tangential);
  }
  return p;
}

template <class Sampler>
LineSeparation Track(const Sampler& sample, double scale, const Vector3d& p_GL0,
                     const Vector3d& lhat_G, const Vector3d& p_GP_guess) {
  RequireFinite(p_GL0, "TrackSeparationFromLine: the line's point");
  RequireFinite(p_GP_guess, "TrackSeparationFromLine: the starting guess");
  const std::optional<Vector3d> unit_l = UnitDirection(lhat_G);
  if (!unit_l) {
    throw std::invalid_argument(fmt::format(
        "TrackSeparationFromLine: the line's direction ({}, {}, {}) must be nonzero and finite",
        lhat_G.x(), lhat_G.y(), lhat_G.z()));
  }
  const Vector3d l = *unit_l;
  const double tol = 1e-10 * scale;
  LineSeparation result;
  Vector3d p = p_GP_guess;
  for (int it = 0; it < 100; ++it) {
    const ImplicitSample s = sample(p);
    const double g = s.grad_G.norm();
    if (!(g > 0)) break;
    const Vector3d n = s.grad_G / g;
    const Matrix3d dn = (Matrix3d::Identity() - n * n.transpose()) * s.H_G / g;
    const Vector3d a = p_GL0 - p;
    const Vector3d nxl = n.cross(l);
    // err = [n̂·l̂, (L₀ − P)·(n̂ × l̂), f/‖∇f‖] (the last scaled to a length).
    const Eigen::Vector3d err(n.dot(l), a.dot(nxl), s.value / g);
    Matrix3d J;
    J.row(0) = l.transpose() * dn;
    // d/dP [a·(n̂ × l̂)] = −(n̂ × l̂)ᵀ + (l̂ × a)ᵀ dn̂/dP.
    J.row(1) = -nxl.transpose() + l.cross(a).transpose() * dn;
    J.row(2) = n.transpose();
    result.p_GP = p;
    if (std::abs(err[0]) <= 1e-10 && std::abs(err[1]) <= tol && std::abs(err[2]) <= tol) {
      result.converged = true;
      break;
    }
    const Eigen::FullPivLU<Matrix3d> lu(J);
    if (!lu.isInvertible()) break;
    Vector3d step = lu.solve(-err);
    // Damp large steps: Newton is only trusted locally.
    const double max_step = 0.5 * scale;
    if (step.norm() > max_step) step *= max_step / step.norm();
    p += step;
  }
  result.p_GL = p_GL0 + (result.p_GP - p_GL0).dot(l) * l;
  const ImplicitSample s = sample(result.p_GP);
  const double g = s.grad_G.norm();
  const Vector3d n = g > 0 ? Vector3d(s.grad_G / g) : Vector3d::UnitX();
  result.height = (result.p_GL - result.p_GP).dot(n);
  return result;
}

}  // namespace

bool IsSmooth(const Shape& shape) {
  return std::holds_alternative<Sphere>(shape) || std::holds_alternative<Ellipsoid>(shape) ||
         std::holds_alternative<Capsule>(shape) || std::holds_alternative<HalfSpace>(shape) ||
         std::holds_alternative<Torus>(shape);
}

bool IsConvex(const Shape& shape) {
  return !std::holds_alternative<Mesh>(shape) && !std::holds_alternative<Torus>(shape) &&
         !std::holds_alternative<HeightField>(shape);
}

bool HasImplicitFunction(const Shape& shape) {
  return IsSmooth(shape) || std::holds_alternative<Cylinder>(shape) ||
         std::holds_alternative<HeightField>(shape);
}

ImplicitSample CalcImplicitSample(const Shape& shape, const Vector3d& p_GQ) {
  RequireFinite(p_GQ, "CalcImplicitSample: the point");
  if (const auto* s = std::get_if<Sphere>(&shape)) return SphereSample(s->radius(), p_GQ);
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) return EllipsoidSample(e->semi_axes(), p_GQ);
  if (const auto* c = std::get_if<Cylinder>(&shape)) return CylinderSideSample(c->radius(), p_GQ);
  if (const auto* c = std::get_if<Capsule>(&shape)) return CapsuleSample(*c, p_GQ);
  if (std::holds_alternative<HalfSpace>(shape)) {
    return {p_GQ.z(), Vector3d::UnitZ(), Matrix3d::Zero()};
  }
  if (const auto* t = std::get_if<Torus>(&shape)) return CalcImplicitSample(*t, p_GQ);
  if (const auto* f = std::get_if<HeightField>(&shape)) {
    // f = z − h(x, y): ∇f = (−h_x, −h_y, 1), ∇²f = −∇²h in the x–y block.
    const HeightSample h = EvalHeight(*f, p_GQ.x(), p_GQ.y());
    ImplicitSample out;
    out.value = p_GQ.z() - h.h;
    out.grad_G = Vector3d(-h.h_x, -h.h_y, 1);
    out.H_G << -h.h_xx, -h.h_xy, 0, -h.h_xy, -h.h_yy, 0, 0, 0, 0;
    return out;
  }
  throw std::invalid_argument(fmt::format(
      "CalcImplicitSample: a {} has edges and no implicit function; curvature queries need a "
      "smooth shape (Sphere, Ellipsoid, Cylinder side, Capsule, HalfSpace, Torus, HeightField "
      "top)",
      ShapeName(shape)));
}

ImplicitSample CalcImplicitSample(const Torus& torus, const Vector3d& p) {
  RequireFinite(p, "CalcImplicitSample: the point");
  const double R = torus.major_radius();
  const double r = torus.minor_radius();
  const double k = 1 / (8 * R * r);
  // F = s² − 4R²(x² + y²), s = ‖p‖² + R² − r².
  // ∇F = 4s p − 8R² (x, y, 0);  ∇²F = 8ppᵀ + 4s I − 8R² diag(1, 1, 0).
  const double s = p.squaredNorm() + R * R - r * r;
  const double rho2 = p.x() * p.x() + p.y() * p.y();
  ImplicitSample out;
  out.value = k * (s * s - 4 * R * R * rho2);
  out.grad_G = k * (4 * s * p - 8 * R * R * Vector3d(p.x(), p.y(), 0));
  out.H_G = k * (8 * p * p.transpose() + 4 * s * Matrix3d::Identity() -
                 8 * R * R * Matrix3d(Vector3d(1, 1, 0).asDiagonal()));
  return out;
}

double CalcSurfaceValue(const Shape& shape, const Vector3d& p_GQ) {
  return CalcImplicitSample(shape, p_GQ).value;
}

Vector3d CalcSurfaceGradient(const Shape& shape, const Vector3d& p_GQ) {
  return CalcImplicitSample(shape, p_GQ).grad_G;
}

Matrix3d CalcSurfaceHessian(const Shape& shape, const Vector3d& p_GQ) {
  return CalcImplicitSample(shape, p_GQ).H_G;
}

Vector3d CalcSurfaceUnitNormal(const Shape& shape, const Vector3d& p_GQ) {
  const Vector3d g = CalcSurfaceGradient(shape, p_GQ);
  const double norm = g.norm();
  return norm > 0 ? Vector3d(g / norm) : Vector3d::UnitX();
}

PrincipalCurvatures CalcSurfacePrincipalCurvatures(const Shape& shape, const Vector3d& p_GQ) {
  if (const auto* f = std::get_if<HeightField>(&shape)) {
    RequireFinite(p_GQ, "CalcSurfacePrincipalCurvatures: the point");
    // The top as the parametric surface P(x, y) = (x, y, h(x, y)): the
    // seed's evalParametricCurvature (first and second fundamental forms).
    const HeightSample h = EvalHeight(*f, p_GQ.x(), p_GQ.y());
    return EvalParametricCurvature(h.UnitNormal(), Vector3d(1, 0, h.h_x), Vector3d(0, 1, h.h_y),
                                   Vector3d(0, 0, h.h_xx), Vector3d(0, 0, h.h_yy),
                                   Vector3d(0, 0, h.h_xy));
  }
  const ImplicitSample s = CalcImplicitSample(shape, p_GQ);
  return CalcPrincipalCurvatures(s.grad_G, s.H_G);
}

double CalcSurfaceGaussianCurvature(const Shape& shape, const Vector3d& p_GQ) {
  const ImplicitSample s = CalcImplicitSample(shape, p_GQ);
  return CalcGaussianCurvature(s.grad_G, s.H_G);
}

double CalcSurfaceCurvatureInDirection(const Shape& shape, const Vector3d& p_GQ,
                                       const Vector3d& t_G) {
  const ImplicitSample s = CalcImplicitSample(shape, p_GQ);
  return CalcCurvatureInDirection(s.grad_G, s.H_G, t_G);
}

Vector3d ProjectDownhillToNearestPoint(const Shape& shape, const Vector3d& p_GQ) {
  CalcImplicitSample(shape, p_GQ);  // Refuses shapes without f.
  return Downhill(ShapeSampler{shape}, LengthScale(shape), p_GQ);
}

LineSeparation TrackSeparationFromLine(const Shape& shape, const Vector3d& p_GL0,
                                       const Vector3d& lhat_G, const Vector3d& p_GP_guess) {
  CalcImplicitSample(shape, p_GP_guess);
  return Track(ShapeSampler{shape}, LengthScale(shape), p_GL0, lhat_G, p_GP_guess);
}

}  // namespace hydrocontact
