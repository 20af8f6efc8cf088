#pragma once

/// @file
/// PenetrationAsPointPair: the point-pair description of two overlapping
/// geometries.

#include <utility>

#include <Eigen/Core>

#include "geometry/identifier.h"

namespace hydrocontact {

/// Two overlapping geometries A and B described by one pair of points, in
/// the manner of Drake's PenetrationAsPointPair. Quantities are measured
/// and expressed in the world frame W.
///
/// Invariant (up to round-off): p_WCb − p_WCa = depth · nhat_BA_W, i.e.
/// translating A by depth · nhat_BA_W makes the two geometries touch.
/// One exception: a pair with a non-convex mesh side (a Mesh, a Torus)
/// whose deepest point is equally deep below several faces (where an edge
/// crosses an edge, or on a symmetry plane; SignedDistancePair reports the
/// normal as not unique) gets the mean of those faces' directions as its
/// normal, the bisector a contact force wants, while the points stay the
/// deepest point and its nearest surface point: then only
/// ‖p_WCb − p_WCa‖ = depth holds, not the direction.
/// Reported with id_A < id_B.
struct PenetrationAsPointPair {
  GeometryId id_A;
  GeometryId id_B;
  /// The point of A deepest inside B, in W.
  Eigen::Vector3d p_WCa{Eigen::Vector3d::Zero()};
  /// The point of B deepest inside A, in W.
  Eigen::Vector3d p_WCb{Eigen::Vector3d::Zero()};
  /// Unit normal pointing out of B toward A: the direction in which to move
  /// A to separate the two, in W.
  Eigen::Vector3d nhat_BA_W{Eigen::Vector3d::UnitZ()};
  /// The penetration depth (m), > 0.
  double depth{0};
};

/// The same contact seen with the roles of A and B exchanged: ids and
/// points swapped, normal negated, depth unchanged.
inline PenetrationAsPointPair SwapRoles(const PenetrationAsPointPair& pair) {
  PenetrationAsPointPair swapped = pair;
  std::swap(swapped.id_A, swapped.id_B);
  std::swap(swapped.p_WCa, swapped.p_WCb);
  swapped.nhat_BA_W = -pair.nhat_BA_W;
  return swapped;
}

}  // namespace hydrocontact
