#pragma once

/// @file
/// Signed distance between two closed, possibly non-convex, triangle meshes
/// A and B (B posed in A by X_AB), with witness points and a normal; and
/// the result type shared by every mesh pair query
/// (proximity/mesh_distance_shapes.h has mesh against primitives).
///
/// Separated meshes: the exact minimum distance between the surfaces, by a
/// BVH-vs-BVH traversal pruned by a lower bound of box–box distance under
/// the relative pose, with exact triangle–triangle closest points.
///
/// Overlapping convex meshes (both MeshDistanceData::is_convex): EPA on
/// their vertex sets (proximity/convex_signed_distance.h) gives the exact
/// penetration depth, the minimum translation distance, to 1e-9 m.
///
/// Overlapping meshes otherwise (surfaces crossing, or one wholly inside
/// the other): distance = −(penetration depth), where the depth is that of
/// the deepest point of either mesh's *skeleton* inside the other solid,
/// measured by the other mesh's signed distance
/// (FindDeepestSkeletonPoint, proximity/mesh_distance_skeleton.h):
///
///     depth = max( max_{x ∈ skel(A) ∩ B} −φ_B(x),  max_{y ∈ skel(B) ∩ A} −φ_A(y) ),
///
/// where a mesh's skeleton is its vertices and its sharp edges (edges whose
/// two faces are not coplanar: the edges of the shape, not of the
/// tessellation of a flat face). The witnesses are that point and its
/// nearest point on the other surface; the normal is the gradient of the
/// other mesh's φ there, oriented from B toward A (where that gradient is
/// not unique, the mean of the equally valid directions, see
/// CalcMeshMeanGradient). This is exact for a vertex pressed into a face
/// and for faces pressed together (the deepest skeleton points are then
/// vertices), is continuous in the pose and zero at first contact, is
/// deterministic for non-convex meshes, and gives an answer when one mesh
/// is buried in the other. For an edge pressed across an edge it is the
/// depth of the deepest edge point, which is smaller than the minimum
/// translation distance by the factor cos θ (θ the half-angle of the
/// wedge), with the exact normal (the wedges' bisector). It can fall far
/// shorter when every skeleton point of each mesh lies on or outside the
/// other: two bars of unit voxels crossing so that they share one cube,
/// each one's vertices and sharp edges on the other's faces, overlap by
/// 1 m³ with a depth of 0 here (a minimum translation distance of 1 m).
/// Such flush, interlocked overlaps have no skeleton point to measure;
/// HasCollisions still reports them.

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "proximity/distance/convex_signed_distance.h"
#include "proximity/distance/triangle_distance.h"
#include "proximity/mesh_distance.h"

namespace hydrocontact {

/// The signed distance between a mesh A and another object B and its
/// witnesses, all measured and expressed in A's frame. The fields and
/// their meaning are those of ConvexSignedDistance
/// (proximity/convex_signed_distance.h). Always ‖p_ACa − p_ACb_A‖ =
/// |distance|, and p_ACa − p_ACb_A = distance · nhat_BA_A whenever
/// is_nhat_unique. When the normal is not unique the witnesses are still
/// real surface points at that distance, but nhat_BA_A may be the mean of
/// the equally valid directions rather than the direction between them
/// (an edge pressed across an edge: the wedges' bisector).
struct MeshSignedDistance {
  /// Positive when apart, negative (minus the penetration depth) when
  /// overlapping, zero when touching.
  double distance{0};
  /// Witness on A's surface, in A. When overlapping: a point of A deepest
  /// in B, or the point of A's surface nearest to B's deepest point.
  Eigen::Vector3d p_ACa{Eigen::Vector3d::Zero()};
  /// Witness on B's surface, expressed in A.
  Eigen::Vector3d p_ACb_A{Eigen::Vector3d::Zero()};
  /// Unit normal from B toward A (the direction in which moving A increases
  /// the distance fastest), in A.
  Eigen::Vector3d nhat_BA_A{Eigen::Vector3d::UnitX()};
  /// False when another, different direction is equally valid (equidistant
  /// closest pairs, a witness at a sharp edge or vertex when touching).
  bool is_nhat_unique{true};
};

/// Signed distance between closed meshes A (frame A) and B (frame B, posed
/// in A by X_AB); see the file comment for the definition when they
/// overlap. Exact to round-off when apart (surfaces apart and neither mesh
/// inside the other, which one vertex of each decides); when overlapping,
/// EPA's tolerance (convex pairs) or kMeshDistanceEpsilon times the mesh
/// size (skeleton depth). Touching surfaces with nothing strictly inside
/// give the closest pair with the smooth side's surface normal.
/// Deterministic: swapping A and B (and inverting X_AB) gives the same
/// distance with the normal flipped and, when the answer is unique, the
/// witnesses exchanged.
/// @throws std::invalid_argument if either data is empty.
MeshSignedDistance CalcMeshMeshSignedDistance(const MeshDistanceData& mesh_A,
                                              const MeshDistanceData& mesh_B,
                                              const RigidTransform& X_AB);

namespace internal {

/// A lower bound (≥ 0) on the distance between box_A (in A) and box_B (in
/// B, posed in A by X_AB): the largest gap of the two boxes' projections on
/// the six face axes, and of their bounding spheres. `abs_R_AB` is
/// |R_AB| entry by entry.
double BoxBoxDistanceLowerBound(const Aabb& box_A, const Aabb& box_B, const RigidTransform& X_AB,
                                const Eigen::Matrix3d& abs_R_AB);

/// The axis-aligned box in A that holds box_B (in B, posed in A by X_AB).
Aabb TransformedBox(const Aabb& box_B, const RigidTransform& X_AB);

/// The same answer as a MeshSignedDistance.
MeshSignedDistance ToMeshSignedDistance(const ConvexSignedDistance& convex);

}  // namespace internal

}  // namespace hydrocontact
