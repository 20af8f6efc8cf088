#pragma once

/// @file
/// The deepest point of one closed mesh's skeleton inside another closed
/// mesh: the penetration measure of non-convex mesh pairs
/// (proximity/mesh_distance_pair.h).
///
/// A mesh's skeleton is its sharp edges (edges whose two faces are not
/// coplanar) and its vertices (those no sharp edge ends at count on their
/// own). The search runs over the skeleton mesh's BVH, best bound first:
/// a node whose box (radius r about its centre c, posed in the other
/// mesh's frame) has φ(c) > r is wholly outside the other solid and is
/// dropped; otherwise its points are no deeper than r − φ(c). Leaves turn
/// into their skeleton pieces, which the segment branch and bound of
/// proximity/mesh_distance_segment.h refines. So the work follows the
/// overlap, not the size of the meshes.

#include <array>

#include "geometry/rigid_transform.h"
#include "proximity/mesh_distance.h"
#include "proximity/distance/mesh_distance_segment.h"

namespace hydrocontact {

/// The deepest skeleton point of mesh S inside mesh O.
struct SkeletonDeepestPoint {
  /// False when no skeleton point of S is deeper in O than the requested
  /// minimum; the other fields are then meaningless.
  bool found{false};
  /// The skeleton piece holding the point, as vertex indices of S: a sharp
  /// edge (v0 < v1) or a lone vertex (v0 == v1).
  std::array<int, 2> piece{-1, -1};
  /// The point's parameter along the piece: Q = V0 + s·(V1 − V0).
  double s{0};
  /// Q measured and expressed in S's frame.
  Eigen::Vector3d p_SQ{Eigen::Vector3d::Zero()};
  /// Q measured and expressed in O's frame.
  Eigen::Vector3d p_OQ{Eigen::Vector3d::Zero()};
  /// O's signed distance at Q (distance = −depth), nearest point and
  /// gradient, in O's frame.
  MeshPointDistance at;
};

/// The point of S's skeleton deepest inside O (S posed in O by X_OS), among
/// points deeper than `min_depth` (≥ 0), to kMeshDistanceEpsilon ·
/// O.length_scale. Deterministic.
/// @throws std::invalid_argument if either data is empty or min_depth is
///         negative or not finite.
SkeletonDeepestPoint FindDeepestSkeletonPoint(const MeshDistanceData& mesh_S,
                                              const MeshDistanceData& mesh_O,
                                              const RigidTransform& X_OS, double min_depth = 0);

}  // namespace hydrocontact
