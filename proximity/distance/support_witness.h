#pragma once

/// @file
/// Witness points of two convex cores for a given separating or
/// penetration direction, built from their *support features* (the face,
/// edge or point of each core that is extreme along the direction).
///
/// Given a unit direction m_A (in A) along which h = h_D(m) =
/// max over a ∈ A, b ∈ B of m · (a − b) has been evaluated, the witnesses
/// are a ∈ F_A (A's feature extreme along m) and b ∈ F_B (B's feature
/// extreme along −m) with a − b = h · m. Taking just the two support points
/// S_A(m) and S_B(−m) is right only where both features are points: where
/// a feature is flat (a box face, a cylinder's cap or side, a hull face)
/// the support mapping returns an arbitrary corner of it, and the
/// tangential offset between the two corners can be as large as the shapes.
/// The witnesses are therefore found by GJK between the features themselves
/// (F_A against F_B shifted by h · m), whose support mappings are A's and
/// B's at directions tilted from ±m by a tiny angle: such a tilted support
/// stays on the extreme feature and moves to its far side along the tilt.

#include <algorithm>
#include <cmath>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "proximity/distance/gjk.h"
#include "proximity/distance/support_mapping.h"

namespace hydrocontact {
namespace internal {

/// The tilt of the feature support mappings (radians). Small enough that a
/// tilted support of a polytope stays on the feature whose normal is within
/// ~kFeatureTilt of m (faces that far from m lie below the feature by at
/// most kFeatureTilt times their size), large enough to dominate the
/// round-off of a converged direction (~1e-12 rad).
inline constexpr double kFeatureTilt = 1e-8;

/// The support feature of a core along the unit direction m (in the
/// core's frame C, given in A through X_AC), with the offset `shift` (in
/// A) added: a support mapping in A whose support in d is S(m + tilt · d⊥)
/// with d⊥ the unit part of d perpendicular to m.
template <SupportMapping S>
struct FeatureSupport {
  const S* core;
  RigidTransform X_AC;
  Eigen::Vector3d m_A;
  Eigen::Vector3d shift_A;
  Eigen::Vector3d Support(const Eigen::Vector3d& d_A) const {
    Eigen::Vector3d d_perp = d_A - d_A.dot(m_A) * m_A;
    const double norm = d_perp.norm();
    Eigen::Vector3d direction_A = m_A;
    if (norm > 0) direction_A += (kFeatureTilt / norm) * d_perp;
    return X_AC * Eigen::Vector3d(core->Support(X_AC.rotation().transpose() * direction_A)) +
           shift_A;
  }
  double margin() const { return 0; }
};

/// Witnesses of the cores of A and B (margins ignored) for the unit
/// direction m_A (in A) and h = m_A · (S_A(m) − S_B(−m)): writes
/// p_ACa (on A's feature along m) and p_ACb_A (on B's feature along −m)
/// with p_ACa − p_ACb_A = h · m_A exactly. Where the tangential projections
/// of the two features overlap (a flat contact), the witnesses lie in that
/// overlap; where they miss each other (m not quite optimal on a smooth
/// surface), at the middle of their closest points, and the tangential
/// residual that is split is the features' true gap, not that of two
/// arbitrary corners. Allocation-free.
template <SupportMapping SA, SupportMapping SB>
void SupportFeatureWitnesses(const SA& A, const SB& B, const RigidTransform& X_AB,
                             const Eigen::Vector3d& m_A, double h, Eigen::Vector3d* p_ACa,
                             Eigen::Vector3d* p_ACb_A) {
  const FeatureSupport<SA> feature_A{&A, RigidTransform(), m_A, Eigen::Vector3d::Zero()};
  const FeatureSupport<SB> feature_B{&B, X_AB, -m_A, h * m_A};
  // The reference heights of the two features along m.
  const double height_A = m_A.dot(A.Support(m_A));
  GjkOptions options;
  options.max_iterations = 64;
  // Both orders, averaged: where the features overlap in a region (not a
  // point), GJK stops at some point of it that depends on which set is
  // first; the average of the two runs is still in the (convex) region,
  // and swapping A and B swaps the two runs, so the witnesses do not
  // depend on the argument order.
  const GjkResult r = GjkDistance(feature_A, feature_B, RigidTransform(), options);
  const GjkResult s = GjkDistance(feature_B, feature_A, RigidTransform(), options);
  const Eigen::Vector3d middle = (r.p_ACa + r.p_ACb_A + s.p_ACa + s.p_ACb_A) / 4;
  // Tangential position from the features, height from the support value,
  // so the pair is exactly h · m apart along m.
  *p_ACa = middle + (height_A - m_A.dot(middle)) * m_A;
  *p_ACb_A = *p_ACa - h * m_A;
}

}  // namespace internal
}  // namespace hydrocontact
