#pragma once

/// @file
/// Closest points between two segments, and the capsule–capsule signed
/// distance built on it.

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "geometry/shape.h"
#include "proximity/distance/convex_signed_distance.h"

namespace hydrocontact {

/// The closest points P = P0 + s·(P1 − P0) and Q = Q0 + t·(Q1 − Q0) of two
/// segments, all in one frame F.
struct SegmentClosestPoints {
  Eigen::Vector3d p_FP{Eigen::Vector3d::Zero()};
  Eigen::Vector3d p_FQ{Eigen::Vector3d::Zero()};
  double s{0};
  double t{0};
  /// True when the segments are parallel (within round-off) and their
  /// projections overlap, so a whole interval of pairs is closest; the
  /// pair returned is the middle of that interval.
  bool parallel_overlap{false};
};

/// The closest points of segments [p_FP0, p_FP1] and [p_FQ0, p_FQ1]: the
/// one segment–segment algorithm of the library (the mesh code's
/// CalcClosestPointsSegmentSegment adapts it). Parallel segments whose
/// projections overlap resolve to the middle of the overlap, so the answer
/// is symmetric and does not jump between the ends; otherwise the minimum
/// over the parameter square is taken over the interior stationary point
/// and the four clamped boundary sub-problems, so the distance is right even
/// when the normal equations are (nearly) singular, with ties resolved in a
/// fixed order (interior, s = 0, s = 1, t = 0, t = 1). Zero-length segments
/// are fine.
SegmentClosestPoints CalcSegmentClosestPoints(const Eigen::Vector3d& p_FP0,
                                              const Eigen::Vector3d& p_FP1,
                                              const Eigen::Vector3d& p_FQ0,
                                              const Eigen::Vector3d& p_FQ1);

/// The signed distance between capsules A (in frame A) and B (in frame B,
/// posed in A by X_AB): the distance of their axis segments minus both
/// radii, in closed form, all results in A's frame.
///
/// When the axes intersect (or nearly, within 1e-14 of their length scale)
/// the separating direction is the common normal ±(u_A × u_B) of the axes,
/// or for collinear axes a direction perpendicular to them; either way the
/// opposite direction is as good, so is_nhat_unique is false and the sign
/// is fixed by making the largest-magnitude component of the normal (in A)
/// positive.
ConvexSignedDistance CalcCapsuleCapsuleDistance(const Capsule& A, const Capsule& B,
                                                const RigidTransform& X_AB);

}  // namespace hydrocontact
