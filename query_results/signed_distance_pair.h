#pragma once

/// @file
/// SignedDistancePair: the signed distance between two geometries and its
/// witness points.

#include <utility>

#include <Eigen/Core>

#include "geometry/identifier.h"

namespace hydrocontact {

/// The signed distance between geometries A and B and where it is
/// attained, in the manner of Drake's SignedDistancePair: positive when
/// apart, negative when overlapping (minus the penetration depth), like
/// the position error of a unilateral contact.
///
/// Invariant (up to round-off), with X_WA, X_WB the geometries' poses:
/// X_WA·p_ACa − X_WB·p_BCb = distance · nhat_BA_W.
/// Reported with id_A < id_B.
struct SignedDistancePair {
  GeometryId id_A;
  GeometryId id_B;
  /// The witness point on A's surface, measured and expressed in A's frame.
  /// When overlapping: the point of A deepest inside B.
  Eigen::Vector3d p_ACa{Eigen::Vector3d::Zero()};
  /// The witness point on B's surface, measured and expressed in B's frame.
  /// When overlapping: the point of B deepest inside A.
  Eigen::Vector3d p_BCb{Eigen::Vector3d::Zero()};
  /// The signed distance (m): > 0 apart, 0 touching, < 0 overlapping.
  double distance{0};
  /// Unit gradient of `distance` with respect to the position of A: it
  /// points from B toward A, in W.
  Eigen::Vector3d nhat_BA_W{Eigen::Vector3d::UnitZ()};
  /// False when the gradient is not unique (e.g. concentric spheres, one
  /// box centred in another): nhat_BA_W is then one valid choice, made
  /// deterministically; for an overlapping pair with a non-convex mesh
  /// side it is the mean of the candidate directions (see
  /// PenetrationAsPointPair), and the invariant above then holds for the
  /// witness points' distance only.
  bool is_nhat_BA_W_unique{true};
};

/// The same result with the roles of A and B exchanged: ids and witness
/// points swapped, normal negated, distance unchanged.
inline SignedDistancePair SwapRoles(const SignedDistancePair& pair) {
  SignedDistancePair swapped = pair;
  std::swap(swapped.id_A, swapped.id_B);
  std::swap(swapped.p_ACa, swapped.p_BCb);
  swapped.nhat_BA_W = -pair.nhat_BA_W;
  return swapped;
}

}  // namespace hydrocontact
