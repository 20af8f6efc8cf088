#pragma once

/// @file
/// Signed distance between a closed triangle mesh A (possibly non-convex)
/// and a primitive shape B posed in A by X_AB: sphere, capsule, half-space,
/// box, cylinder, ellipsoid. A convex polytope B (Convex shape) is best
/// given as the MeshDistanceData of its hull and queried with
/// CalcMeshMeshSignedDistance (proximity/mesh_distance_pair.h).
///
/// Every function returns a MeshSignedDistance (all in A's frame; see
/// proximity/mesh_distance_pair.h for the fields and the invariant) and
/// throws std::invalid_argument if the mesh data is empty. Shapes validate
/// their own sizes on construction (geometry/shape.h).
///
/// How each pair is answered:
/// - Sphere (centre C, radius r): φ_A(C) − r, closed form; exact for any
///   mesh, apart or overlapping. Normal −∇φ_A(C).
/// - Capsule (core segment S, radius r): min over S of φ_A − r
///   (CalcMeshSegmentSignedDistance): exact when apart; overlapping, the
///   depth of S's deepest point (the skeleton definition of
///   mesh_distance_pair.h). When A is convex (MeshDistanceData::is_convex)
///   and they overlap, GJK/EPA on A's vertices and the capsule gives the
///   exact minimum translation distance instead.
/// - Half-space (z ≤ 0 of B): min over A's vertices of their height above
///   the plane, by BVH; exact for any mesh (the deepest point of a
///   polyhedron below a plane is a vertex). Normal: B's +z.
/// - Box, cylinder, ellipsoid: when A is convex, GJK/EPA between A's
///   vertices and the shape's support mapping (exact to 1e-9 m). Otherwise
///   apart: the minimum of GJK over A's triangles (BVH-pruned by box
///   distance), exact to GJK's tolerance; overlapping (or one inside the
///   other): −(depth of the deepest of these points) — A's skeleton
///   (vertices and sharp edges) inside B, by B's closed-form φ (along an
///   edge φ_B is convex, so its minimum is found by golden-section
///   search; BVH nodes are pruned by r − φ_B(centre)); and B's support
///   points in the directions −n̂ of A's faces near B (faces whose boxes
///   overlap B's box grown by the gap between the surfaces, 0 unless B is
///   buried in A), inside A, by A's φ. Exact for a face of A pressed into B
///   or B pressed into a face of A, continuous in the pose, deterministic.
///   Of equally deep points, the lexicographically smallest (x, then y,
///   then z, in A) is reported, so the answer does not depend on the order
///   of the search: with a ParallelExecutor, a mesh of kMinSplitTriangles
///   triangles or more is searched in pieces (subtrees of its BVH) on the
///   executor's threads, and the answer is the same bit for bit as without
///   one, for any number of threads.

#include "geometry/rigid_transform.h"
#include "geometry/shape.h"
#include "proximity/mesh_distance.h"
#include "proximity/parallel_executor.h"
#include "proximity/distance/mesh_distance_pair.h"

namespace hydrocontact {

/// Mesh A and a sphere B centred at B's origin.
MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& mesh_A,
                                               const Sphere& sphere_B,
                                               const RigidTransform& X_AB);

/// Mesh A and a capsule B along B's z axis, centred at B's origin.
MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& mesh_A,
                                               const Capsule& capsule_B,
                                               const RigidTransform& X_AB);

/// Mesh A and the half-space z ≤ 0 of B.
MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& mesh_A,
                                               const HalfSpace& half_space_B,
                                               const RigidTransform& X_AB);

/// The number of triangles from which mesh A's overlap search against a
/// box, cylinder or ellipsoid splits itself over an executor: below it, the
/// pieces would cost more to hand out than they save.
inline constexpr int kMinSplitTriangles = 4096;

/// Mesh A and a box B centred at B's origin, edges along B's axes.
/// @param executor  if given, with 2 threads or more, a large mesh's overlap
///                  search runs in pieces on it (see the file comment); the
///                  answer does not depend on it. Not owned; the call must
///                  not be made from within the executor's work items.
MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& mesh_A, const Box& box_B,
                                               const RigidTransform& X_AB,
                                               const ParallelExecutor* executor = nullptr);

/// Mesh A and a cylinder B along B's z axis, centred at B's origin.
/// `executor` as for the box.
MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& mesh_A,
                                               const Cylinder& cylinder_B,
                                               const RigidTransform& X_AB,
                                               const ParallelExecutor* executor = nullptr);

/// Mesh A and an ellipsoid B centred at B's origin, semi-axes along B's
/// axes. `executor` as for the box.
MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& mesh_A,
                                               const Ellipsoid& ellipsoid_B,
                                               const RigidTransform& X_AB,
                                               const ParallelExecutor* executor = nullptr);

}  // namespace hydrocontact
