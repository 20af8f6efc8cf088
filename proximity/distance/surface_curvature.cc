#include "proximity/distance/surface_curvature.h"

#include <cmath>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

namespace hydrocontact {

using Eigen::Matrix3d;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

Vector3d RequireUnitGradient(const Vector3d& grad_G, const char* caller) {
  const double norm = grad_G.norm();
  if (!(norm > 0) || !std::isfinite(norm)) {
    throw std::invalid_argument(fmt::format(
        "{}: the gradient ({}, {}, {}) is zero or not finite: the point is a singular point of "
        "the implicit function, where the surface has no normal",
        caller, grad_G.x(), grad_G.y(), grad_G.z()));
  }
  return grad_G / norm;
}

// A unit vector ⊥ n̂, chosen deterministically: from the axis least aligned
// with n̂ (so the projection never degenerates).
Vector3d AnyPerpendicular(const Vector3d& nhat) {
  int axis = 0;
  if (std::abs(nhat.y()) < std::abs(nhat[axis])) axis = 1;
  if (std::abs(nhat.z()) < std::abs(nhat[axis])) axis = 2;
  Vector3d e = Vector3d::Unit(axis);
  return (e - e.dot(nhat) * nhat).normalized();
}

// The eigenpairs of the symmetric 2×2 form [a b; b c] in the orthonormal
// tangent basis (u, v) of the plane with normal n̂ = u × v, in closed form.
PrincipalCurvatures FromTangentForm(const Vector3d& u, const Vector3d& v, const Vector3d& nhat,
                                    double a, double b, double c) {
  const double mean = (a + c) / 2;
  const double radius = std::hypot((a - c) / 2, b);
  // The κ_max eigenvector of [a b; b c] makes angle θ = ½·atan2(2b, a − c)
  // with u (atan2(0, 0) = 0 makes an umbilic pick u).
  const double theta = 0.5 * std::atan2(2 * b, a - c);
  PrincipalCurvatures result;
  result.k_max = mean + radius;
  result.k_min = mean - radius;
  const Vector3d x = std::cos(theta) * u + std::sin(theta) * v;
  result.R_GP.col(0) = x;
  result.R_GP.col(1) = nhat.cross(x);
  result.R_GP.col(2) = nhat;
  return result;
}

}  // namespace

double CalcCurvatureInDirection(const Vector3d& grad_G, const Matrix3d& H_G, const Vector3d& t_G) {
  const Vector3d nhat = RequireUnitGradient(grad_G, "CalcCurvatureInDirection");
  const Vector3d t = t_G - t_G.dot(nhat) * nhat;
  const double t_norm = t.norm();
  if (!(t_norm > 1e-12 * t_G.norm()) || !std::isfinite(t_norm)) {
    throw std::invalid_argument(fmt::format(
        "CalcCurvatureInDirection: direction ({}, {}, {}) has no component in the tangent plane",
        t_G.x(), t_G.y(), t_G.z()));
  }
  const Vector3d that = t / t_norm;
  return that.dot(H_G * that) / grad_G.norm();
}

double CalcGaussianCurvature(const Vector3d& grad_G, const Matrix3d& H_G) {
  RequireUnitGradient(grad_G, "CalcGaussianCurvature");
  const Matrix3d& H = H_G;
  // adj(H) of a symmetric H, written out (the seed's formula).
  Matrix3d adj;
  adj(0, 0) = H(1, 1) * H(2, 2) - H(1, 2) * H(1, 2);
  adj(1, 1) = H(0, 0) * H(2, 2) - H(0, 2) * H(0, 2);
  adj(2, 2) = H(0, 0) * H(1, 1) - H(0, 1) * H(0, 1);
  adj(0, 1) = adj(1, 0) = H(0, 2) * H(1, 2) - H(0, 1) * H(2, 2);
  adj(0, 2) = adj(2, 0) = H(0, 1) * H(1, 2) - H(0, 2) * H(1, 1);
  adj(1, 2) = adj(2, 1) = H(0, 1) * H(0, 2) - H(0, 0) * H(1, 2);
  const double g2 = grad_G.squaredNorm();
  return grad_G.dot(adj * grad_G) / (g2 * g2);
}

PrincipalCurvatures CalcPrincipalCurvatures(const Vector3d& grad_G, const Matrix3d& H_G) {
  const Vector3d nhat = RequireUnitGradient(grad_G, "CalcPrincipalCurvatures");
  const Vector3d u = AnyPerpendicular(nhat);
  const Vector3d v = nhat.cross(u);
  const double g = grad_G.norm();
  return FromTangentForm(u, v, nhat, u.dot(H_G * u) / g, u.dot(H_G * v) / g, v.dot(H_G * v) / g);
}

PrincipalCurvatures EvalParametricCurvature(const Vector3d& nhat_G, const Vector3d& dPdu,
                                            const Vector3d& dPdv, const Vector3d& d2Pdu2,
                                            const Vector3d& d2Pdv2, const Vector3d& d2Pdudv) {
  if (std::abs(nhat_G.norm() - 1) > 1e-9) {
    throw std::invalid_argument(fmt::format(
        "EvalParametricCurvature: the normal must be unit length, its norm is {}", nhat_G.norm()));
  }
  // Second fundamental form coefficients (Struik eq. 6-3), outward normal.
  const double e = -d2Pdu2.dot(nhat_G);
  const double f = -d2Pdudv.dot(nhat_G);
  const double g = -d2Pdv2.dot(nhat_G);
  // Re-express II in the orthonormal tangent basis t1 = Pu/‖Pu‖, t2 = n̂×t1:
  // with Pu = ‖Pu‖ t1 and Pv = α t1 + β t2, bilinearity gives
  // II(Pu,Pu) = ‖Pu‖² a, II(Pu,Pv) = ‖Pu‖(α a + β b),
  // II(Pv,Pv) = α² a + 2αβ b + β² c for the form [a b; b c] in (t1, t2).
  // This solves the seed's quadratic (eq. 6-5a) as a symmetric eigenproblem,
  // which has no special cases (F = f = 0 etc.).
  const double pu = dPdu.norm();
  const Vector3d t1 = dPdu / pu;
  const Vector3d t2 = nhat_G.cross(t1);
  const double alpha = dPdv.dot(t1);
  const double beta = dPdv.dot(t2);
  if (!(pu > 0) || !(std::abs(beta) > 1e-12 * dPdv.norm())) {
    throw std::invalid_argument(fmt::format(
        "EvalParametricCurvature: the tangents dPdu ({}, {}, {}) and dPdv ({}, {}, {}) must be "
        "independent and perpendicular to the normal",
        dPdu.x(), dPdu.y(), dPdu.z(), dPdv.x(), dPdv.y(), dPdv.z()));
  }
  const double a = e / (pu * pu);
  const double b = (f / pu - alpha * a) / beta;
  const double c = (g - alpha * alpha * a - 2 * alpha * beta * b) / (beta * beta);
  return FromTangentForm(t1, t2, nhat_G, a, b, c);
}

PrincipalCurvatures CombineParaboloids(const Matrix3d& R_SP1, const Vector2d& k1,
                                       const Vector3d& x2_S, const Vector2d& k2) {
  const Vector3d x1 = R_SP1.col(0);
  const Vector3d y1 = R_SP1.col(1);
  const Vector3d z = R_SP1.col(2);
  const double x2_norm = x2_S.norm();
  if (!(x2_norm > 0) || std::abs(x2_S.dot(z)) > 1e-6 * x2_norm) {
    throw std::invalid_argument(fmt::format(
        "CombineParaboloids: x2 ({}, {}, {}) must be a nonzero direction in the x1-y1 plane",
        x2_S.x(), x2_S.y(), x2_S.z()));
  }
  // x2 in P1's tangent coordinates: (cos φ, sin φ).
  const double c = x2_S.dot(x1) / x2_norm;
  const double s = x2_S.dot(y1) / x2_norm;
  // K2 = κ_max2 x2 x2ᵀ + κ_min2 y2 y2ᵀ with y2 = (−sin φ, cos φ).
  const double a = k1[0] + k2[0] * c * c + k2[1] * s * s;
  const double b = (k2[0] - k2[1]) * c * s;
  const double d = k1[1] + k2[0] * s * s + k2[1] * c * c;
  return FromTangentForm(x1, y1, z, a, b, d);
}

}  // namespace hydrocontact
