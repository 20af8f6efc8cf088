#include "proximity/distance/point_distance.h"

#include <algorithm>
#include <cmath>

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

// +1 for x ≥ 0: points on a symmetry plane go to the positive side.
double SignOf(double x) { return x >= 0 ? 1.0 : -1.0; }

// The exterior case shared by the shapes whose nearest point is a clamp:
// φ = ‖Q − N‖ along (Q − N).
PointShapeDistance Outside(const Vector3d& p_GQ, const Vector3d& p_GN) {
  PointShapeDistance r;
  r.p_GN = p_GN;
  const Vector3d diff = p_GQ - p_GN;
  r.distance = diff.norm();
  r.grad_G = diff / r.distance;
  return r;
}

}  // namespace

PointShapeDistance CalcPointDistance(const Sphere& sphere, const Vector3d& p_GQ) {
  PointShapeDistance r;
  const double rho = p_GQ.norm();
  if (rho > 0) {
    r.grad_G = p_GQ / rho;
  } else {
    r.grad_G = Vector3d::UnitX();
    r.is_grad_unique = false;
  }
  r.distance = rho - sphere.radius();
  r.p_GN = sphere.radius() * r.grad_G;
  return r;
}

PointShapeDistance CalcPointDistance(const Box& box, const Vector3d& p_GQ) {
  const Vector3d h = box.half_size();
  const Vector3d q = p_GQ.cwiseAbs();
  if ((q.array() > h.array()).any()) {
    return Outside(p_GQ, p_GQ.cwiseMax(-h).cwiseMin(h));
  }
  // Inside or on the surface: the nearest face is the one of least depth.
  const Vector3d depth = h - q;
  int k;
  const double d_min = depth.minCoeff(&k);
  PointShapeDistance r;
  r.distance = -d_min;
  r.p_GN = p_GQ;
  r.p_GN[k] = SignOf(p_GQ[k]) * h[k];
  r.grad_G = Vector3d::Zero();
  r.grad_G[k] = SignOf(p_GQ[k]);
  const double tie = kPointDistanceTieTolerance * h.maxCoeff();
  for (int i = 0; i < 3; ++i) {
    if (i != k && depth[i] <= d_min + tie) r.is_grad_unique = false;
  }
  // On the mid-plane of axis k the opposite face is as near.
  if (std::abs(p_GQ[k]) <= tie) r.is_grad_unique = false;
  return r;
}

PointShapeDistance CalcPointDistance(const Capsule& capsule, const Vector3d& p_GQ) {
  const double half = capsule.length() / 2;
  const Vector3d p_GC(0, 0, std::clamp(p_GQ.z(), -half, half));
  const Vector3d diff = p_GQ - p_GC;
  const double rho = diff.norm();
  PointShapeDistance r;
  if (rho > 0) {
    r.grad_G = diff / rho;
  } else {
    // On the axis segment: every direction perpendicular to the axis (and,
    // at an end, the whole cap) is as near.
    r.grad_G = Vector3d::UnitX();
    r.is_grad_unique = false;
  }
  r.distance = rho - capsule.radius();
  r.p_GN = p_GC + capsule.radius() * r.grad_G;
  return r;
}

PointShapeDistance CalcPointDistance(const Cylinder& cylinder, const Vector3d& p_GQ) {
  const double R = cylinder.radius();
  const double half = cylinder.length() / 2;
  const double rho = std::hypot(p_GQ.x(), p_GQ.y());
  const double z = p_GQ.z();
  if (rho > R || std::abs(z) > half) {
    Vector3d p_GN = p_GQ;
    if (rho > R) {
      p_GN.x() *= R / rho;
      p_GN.y() *= R / rho;
    }
    p_GN.z() = std::clamp(z, -half, half);
    return Outside(p_GQ, p_GN);
  }
  const double tie = kPointDistanceTieTolerance * std::max(R, half);
  const double d_side = R - rho;
  const double d_cap = half - std::abs(z);
  PointShapeDistance r;
  if (d_cap < d_side) {
    r.distance = -d_cap;
    r.grad_G = Vector3d(0, 0, SignOf(z));
    r.p_GN = Vector3d(p_GQ.x(), p_GQ.y(), SignOf(z) * half);
    r.is_grad_unique = d_side > d_cap + tie && std::abs(z) > tie;
  } else {
    r.distance = -d_side;
    if (rho > tie) {
      r.grad_G = Vector3d(p_GQ.x() / rho, p_GQ.y() / rho, 0);
      r.is_grad_unique = d_cap > d_side + tie;
    } else {
      // On the axis: the whole rim circle is as near.
      r.grad_G = Vector3d::UnitX();
      r.is_grad_unique = false;
    }
    r.p_GN = Vector3d(R * r.grad_G.x(), R * r.grad_G.y(), z);
  }
  return r;
}

PointShapeDistance CalcPointDistance(const HalfSpace&, const Vector3d& p_GQ) {
  PointShapeDistance r;
  r.distance = p_GQ.z();
  r.p_GN = Vector3d(p_GQ.x(), p_GQ.y(), 0);
  r.grad_G = Vector3d::UnitZ();
  return r;
}

PointShapeDistance CalcPointDistance(const Torus& torus, const Vector3d& p_GQ) {
  const double R = torus.major_radius();
  const double r = torus.minor_radius();
  PointShapeDistance result;
  const double rho = std::hypot(p_GQ.x(), p_GQ.y());
  Vector3d radial = Vector3d::UnitX();
  if (rho > 0) {
    radial = Vector3d(p_GQ.x() / rho, p_GQ.y() / rho, 0);
  } else {
    result.is_grad_unique = false;
  }
  const Vector3d p_GC = R * radial;
  const Vector3d w = p_GQ - p_GC;
  const double w_norm = w.norm();
  if (w_norm > 0) {
    result.grad_G = w / w_norm;
  } else {
    result.grad_G = radial;
    result.is_grad_unique = false;
  }
  result.distance = w_norm - r;
  result.p_GN = p_GC + r * result.grad_G;
  return result;
}

}  // namespace hydrocontact
