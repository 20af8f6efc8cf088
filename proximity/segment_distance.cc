#include "proximity/segment_distance.h"

#include <algorithm>
#include <cmath>

namespace hydrocontact {

using Eigen::Vector3d;

SegmentClosestPoints CalcSegmentClosestPoints(const Vector3d& p_FP0, const Vector3d& p_FP1,
                                              const Vector3d& p_FQ0, const Vector3d& p_FQ1) {
  const Vector3d d1 = p_FP1 - p_FP0;
  const Vector3d d2 = p_FQ1 - p_FQ0;
  const Vector3d r = p_FP0 - p_FQ0;
  const double a = d1.squaredNorm();
  const double e = d2.squaredNorm();
  const double f = d2.dot(r);
  // Lengths below this (relative to the problem size) are points.
  const double size2 = std::max({a, e, r.squaredNorm(), 1e-300});
  const double tiny = 1e-28 * size2;
  SegmentClosestPoints result;
  double s = 0, t = 0;
  if (a <= tiny && e <= tiny) {
    s = t = 0;
  } else if (a <= tiny) {
    s = 0;
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = d1.dot(r);
    if (e <= tiny) {
      t = 0;
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = d1.dot(d2);
      const double denom = a * e - b * b;  // = ‖d1 × d2‖² ≥ 0
      bool done = false;
      if (denom <= 1e-24 * a * e) {
        // Parallel: where Q0 and Q1 project onto P's line, in P's parameter.
        const double s0 = -c / a;
        const double s1 = (b - c) / a;
        const double lo = std::max(0.0, std::min(s0, s1));
        const double hi = std::min(1.0, std::max(s0, s1));
        if (lo <= hi) {
          s = (lo + hi) / 2;
          t = std::clamp((b * s + f) / e, 0.0, 1.0);
          result.parallel_overlap = true;
          done = true;
        } else {
          s = 0;
        }
      } else {
        s = std::clamp((b * f - c * e) / denom, 0.0, 1.0);
      }
      if (!done) {
        t = (b * s + f) / e;
        if (t < 0) {
          t = 0;
          s = std::clamp(-c / a, 0.0, 1.0);
        } else if (t > 1) {
          t = 1;
          s = std::clamp((b - c) / a, 0.0, 1.0);
        }
      }
    }
  }
  result.s = s;
  result.t = t;
  result.p_FP = p_FP0 + s * d1;
  result.p_FQ = p_FQ0 + t * d2;
  return result;
}

ConvexSignedDistance CalcCapsuleCapsuleDistance(const Capsule& A, const Capsule& B,
                                                const RigidTransform& X_AB) {
  const Vector3d half_A(0, 0, A.length() / 2);
  const Vector3d half_B(0, 0, B.length() / 2);
  const Vector3d p_AQ0 = X_AB * (-half_B);
  const Vector3d p_AQ1 = X_AB * half_B;
  const SegmentClosestPoints closest = CalcSegmentClosestPoints(-half_A, half_A, p_AQ0, p_AQ1);
  const Vector3d diff = closest.p_FP - closest.p_FQ;
  const double core_distance = diff.norm();
  const double scale =
      std::max({A.length(), B.length(), X_AB.translation().norm(), A.radius(), B.radius()});
  ConvexSignedDistance result;
  if (core_distance > 1e-14 * scale) {
    result.nhat_BA_A = diff / core_distance;
  } else {
    // The axes meet: their Minkowski difference is a flat parallelogram (or
    // a segment) through the origin, left equally well in ±its normal.
    const Vector3d u_A = Vector3d::UnitZ();
    const Vector3d u_B = X_AB.rotation().col(2);
    Vector3d n = u_A.cross(u_B);
    if (!(n.norm() > 1e-12)) n = Vector3d::UnitX();  // collinear: any perpendicular
    n.normalize();
    int k;
    n.cwiseAbs().maxCoeff(&k);
    if (n[k] < 0) n = -n;
    result.nhat_BA_A = n;
    result.is_nhat_unique = false;
  }
  result.distance = core_distance - A.radius() - B.radius();
  result.p_ACa = closest.p_FP - A.radius() * result.nhat_BA_A;
  result.p_ACb_A = closest.p_FQ + B.radius() * result.nhat_BA_A;
  return result;
}

}  // namespace hydrocontact
