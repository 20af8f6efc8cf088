#pragma once

/// @file
/// The signed distance between two convex sets given by support mappings
/// (core ⊕ ball of radius margin, proximity/support_mapping.h): GJK when the
/// cores are apart, EPA when they overlap or touch, margins added in closed
/// form. This is the generic path of the narrow phase; it is also what the
/// mesh queries use for one triangle against a convex shape
/// (TriangleSupport).

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "proximity/distance/epa.h"
#include "proximity/distance/gjk.h"
#include "proximity/distance/support_mapping.h"

namespace hydrocontact {

/// Options of ComputeConvexSignedDistance.
struct ConvexSignedDistanceOptions {
  GjkOptions gjk;
  EpaOptions epa;
  /// When GJK stalls (GjkResult::stalled) at a distance below this
  /// fraction of the problem's size, EPA is asked instead.
  double stalled_gjk_to_epa{1e-6};
};

/// The signed distance between two convex sets and its witnesses, all in
/// A's frame. Invariant: p_ACa − p_ACb_A = distance · nhat_BA_A.
struct ConvexSignedDistance {
  /// Positive when apart, negative (minus the penetration depth) when
  /// overlapping.
  double distance{0};
  /// Witness point on A's surface, in A (when overlapping: A's point
  /// deepest in B).
  Eigen::Vector3d p_ACa{Eigen::Vector3d::Zero()};
  /// Witness point on B's surface, expressed in A.
  Eigen::Vector3d p_ACb_A{Eigen::Vector3d::Zero()};
  /// Unit gradient of the distance with respect to A's position: from B
  /// toward A, in A.
  Eigen::Vector3d nhat_BA_A{Eigen::Vector3d::UnitX()};
  /// False when the direction is not unique (see EpaResult).
  bool is_nhat_unique{true};
  /// False when an iteration cap was reached (the best answer is returned).
  bool converged{true};
};

/// Signed distance between A (support mapping in frame A) and B (in frame
/// B, posed in A by X_AB), margins included. Never throws, never loops
/// forever; allocation-free once the thread's EPA buffers are warm.
template <SupportMapping SA, SupportMapping SB>
ConvexSignedDistance ComputeConvexSignedDistance(const SA& A, const SB& B,
                                                 const RigidTransform& X_AB,
                                                 const ConvexSignedDistanceOptions& options = {}) {
  const GjkResult gjk = GjkDistance(A, B, X_AB, options.gjk);
  ConvexSignedDistance result;
  double core_distance;
  Eigen::Vector3d p_ACa, p_ACb_A;
  // Near touching, GJK's direction v/‖v‖ is dominated by round-off, and it
  // may stall (or it reports the cores as touching); EPA, whose polytope is
  // oriented by face normals, is asked then. If EPA finds the origin inside
  // its polytope, the cores overlap and EPA's depth is the answer;
  // otherwise GJK's ‖v‖ and EPA's distance to its polytope are both upper
  // bounds of the distance (distances to points of D), and the smaller
  // wins.
  bool use_epa = false;
  EpaResult epa;
  double gjk_distance = gjk.distance;
  if (gjk.overlapping ||
      (gjk.stalled && gjk.distance < options.stalled_gjk_to_epa * gjk.scale)) {
    epa = EpaPenetration(A, B, X_AB, gjk, options.epa);
    if (gjk.overlapping) gjk_distance = (gjk.p_ACa - gjk.p_ACb_A).norm();
    use_epa = epa.depth >= 0 || -epa.depth <= gjk_distance;
  }
  if (!use_epa) {
    core_distance = gjk_distance;
    // GJK computes no direction for touching cores: EPA's is the one there.
    result.nhat_BA_A = gjk.overlapping ? epa.nhat_BA_A : gjk.nhat_BA_A;
    result.converged = gjk.converged || gjk.stalled;
    p_ACa = gjk.p_ACa;
    p_ACb_A = gjk.p_ACb_A;
  } else {
    core_distance = -epa.depth;
    result.nhat_BA_A = epa.nhat_BA_A;
    result.is_nhat_unique = epa.is_nhat_unique;
    result.converged = epa.converged;
    p_ACa = epa.p_ACa;
    p_ACb_A = epa.p_ACb_A;
  }
  const double margin_A = A.margin();
  const double margin_B = B.margin();
  result.distance = core_distance - margin_A - margin_B;
  result.p_ACa = p_ACa - margin_A * result.nhat_BA_A;
  result.p_ACb_A = p_ACb_A + margin_B * result.nhat_BA_A;
  return result;
}

}  // namespace hydrocontact
