#include "proximity/distance/segment_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Geometry>

namespace hydrocontact {

using Eigen::Vector3d;

SegmentClosestPoints CalcSegmentClosestPoints(const Vector3d& p_FP0, const Vector3d& p_FP1,
                                              const Vector3d& p_FQ0, const Vector3d& p_FQ1) {
  // P − Q = r + s·d1 − t·d2, a convex quadratic over the unit square.
  const Vector3d d1 = p_FP1 - p_FP0;
  const Vector3d d2 = p_FQ1 - p_FQ0;
  const Vector3d r = p_FP0 - p_FQ0;
  const double a = d1.squaredNorm();
  const double e = d2.squaredNorm();
  const double b = d1.dot(d2);
  const double c = d1.dot(r);
  const double f = d2.dot(r);
  SegmentClosestPoints result;
  auto clamp01 = [](double x) { return std::clamp(x, 0.0, 1.0); };

  // Parallel segments of nonzero length (within round-off, relative to the
  // problem size) whose projections overlap: a whole interval of pairs is
  // closest; take the middle of the overlap so the answer is symmetric and
  // does not jump between the ends.
  const double size2 = std::max({a, e, r.squaredNorm(), 1e-300});
  const double tiny = 1e-28 * size2;
  // ‖d1 × d2‖² straight from the cross product: a·e − b² cancels to
  // round-off noise for nearly parallel segments, which are not parallel.
  if (a > tiny && e > tiny && d1.cross(d2).squaredNorm() <= 1e-24 * a * e) {
    // Where Q0 and Q1 project onto P's line, in P's parameter.
    const double s0 = -c / a;
    const double s1 = (b - c) / a;
    const double lo = std::max(0.0, std::min(s0, s1));
    const double hi = std::min(1.0, std::max(s0, s1));
    if (lo <= hi) {
      result.s = (lo + hi) / 2;
      result.t = clamp01((b * result.s + f) / e);
      result.p_FP = p_FP0 + result.s * d1;
      result.p_FQ = p_FQ0 + result.t * d2;
      result.parallel_overlap = true;
      return result;
    }
  }

  // Otherwise the minimum is the interior stationary point or lies on one of
  // the four sides, each a clamped one-dimensional projection. Comparing
  // the candidates' actual distances keeps the answer right even when the
  // normal equations are (nearly) singular; ties keep the first candidate
  // in a fixed order (interior, s = 0, s = 1, t = 0, t = 1).
  double best = std::numeric_limits<double>::infinity();
  auto consider = [&](double s, double t) {
    const Vector3d p = p_FP0 + s * d1;
    const Vector3d q = p_FQ0 + t * d2;
    const double dsq = (p - q).squaredNorm();
    if (dsq < best) {
      best = dsq;
      result.p_FP = p;
      result.p_FQ = q;
      result.s = s;
      result.t = t;
    }
  };
  // The best t for a fixed s, and the best s for a fixed t.
  auto t_for = [&](double s) { return e > 0 ? clamp01((f + s * b) / e) : 0.0; };
  auto s_for = [&](double t) { return a > 0 ? clamp01((t * b - c) / a) : 0.0; };
  const double denom = a * e - b * b;  // = ‖d1 × d2‖² ≥ 0 in exact arithmetic
  if (denom > 0) {
    const double s = (b * f - c * e) / denom;
    const double t = (a * f - b * c) / denom;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1) consider(s, t);
  }
  consider(0, t_for(0));
  consider(1, t_for(1));
  consider(s_for(0), 0);
  consider(s_for(1), 1);
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
