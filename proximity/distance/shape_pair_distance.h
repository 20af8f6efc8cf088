#pragma once

/// @file
/// The narrow phase of the distance queries: signed distance and
/// point-pair penetration between two geometries, and signed distance from
/// a point to one geometry, for every shape (DESIGN.md section 5).
///
/// Each pair goes to the most exact method that applies:
/// - a sphere with anything: the point query at its centre, minus the
///   radius (a ball is its centre swept by the radius);
/// - a Mesh, as its true, possibly non-convex surface, with anything else:
///   the mesh queries (proximity/mesh_distance_pair.h and
///   mesh_distance_shapes.h; a Convex enters as its hull's mesh). Apart,
///   they are exact; overlapping, a non-convex mesh's depth is that of the
///   deepest point of either shape's skeleton inside the other (see
///   there), which can be less than the minimum separating translation;
/// - anything else with a half-space: the point of the other geometry
///   deepest along the half-space's inward normal (the middle of a flat
///   feature lying on the plane); two half-spaces throw;
/// - a Torus with anything but a sphere or a half-space: the mesh queries
///   on its inscribed tessellation (48 segments around the tube, so
///   distances are over-estimated by at most ≈ 2.1e-3 of the minor radius);
///   with a sphere (the point query) and a half-space (its extreme point)
///   the torus is exact;
/// - a HeightField likewise: the mesh queries on its tessellation (within
///   DistanceGeometry::mesh_error of the true surface) for every pair but a
///   sphere (the point query, polished on the bicubic surface: see
///   height_field_distance.h) and a half-space (its support point, refined
///   on the surface; the middle of a flat top or bottom);
/// - capsule–capsule: closest points of the axis segments, minus radii;
/// - box–box: separating axes when overlapping (exact depth, witness at
///   the middle of the overlap), GJK when apart;
/// - the remaining convex pairs (cylinder, ellipsoid, convex hull, and
///   mixed): GJK for distance, EPA for penetration (spheres and capsules
///   enter GJK/EPA as a point or segment plus a margin).
/// Closed forms are exact to round-off; GJK/EPA to ~1e-10 of the shapes'
/// size in distance, directions to 1e-6 rad on curved surfaces
/// (ConvexSignedDistanceOptions::direction_tolerance), exact on polytopes
/// and wherever the contact is at a flat feature (a face, an edge, a cap:
/// proximity/distance/support_kinks.h).

#include <optional>

#include <Eigen/Core>

#include "geometry/identifier.h"
#include "geometry/rigid_transform.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/point_distance.h"
#include "proximity/parallel_executor.h"
#include "query_results/penetration_as_point_pair.h"
#include "query_results/signed_distance_pair.h"
#include "query_results/signed_distance_to_point.h"

namespace hydrocontact {

/// The signed distance between geometry A (posed X_WA) and geometry B
/// (posed X_WB), whatever it is: positive apart, negative overlapping
/// (minus the penetration depth), with witness points and the unit normal
/// from B toward A. The result is reported with id_A < id_B: when the
/// caller's id_B is the smaller, the roles are exchanged (points swapped,
/// normal flipped).
/// @param executor  if given (2 threads or more), lent to the pair's search
///                  where a large mesh can split it (a mesh against a box,
///                  cylinder or ellipsoid, mesh_distance_shapes.h); the
///                  answer is the same with or without it. Not owned; the
///                  call must not be made from within its work items.
/// @throws std::invalid_argument when both geometries are half-spaces (the
///         answer is unbounded), naming the ids, or when a pose's
///         translation is not finite or beyond kMaxCoordinate
///         (supported_range.h), naming that geometry.
SignedDistancePair ComputeSignedDistancePair(GeometryId id_A, const DistanceGeometry& A,
                                             const RigidTransform& X_WA, GeometryId id_B,
                                             const DistanceGeometry& B,
                                             const RigidTransform& X_WB,
                                             const ParallelExecutor* executor = nullptr);

/// The point-pair penetration of A and B, or nullopt when they do not
/// overlap. Consistent with ComputeSignedDistancePair: depth = −distance,
/// reported exactly when distance < 0; ordered the same way. `executor` as
/// for ComputeSignedDistancePair.
/// @throws as ComputeSignedDistancePair.
std::optional<PenetrationAsPointPair> ComputePenetration(GeometryId id_A,
                                                         const DistanceGeometry& A,
                                                         const RigidTransform& X_WA,
                                                         GeometryId id_B,
                                                         const DistanceGeometry& B,
                                                         const RigidTransform& X_WB,
                                                         const ParallelExecutor* executor = nullptr);

/// The signed distance from the point Q (p_WQ, in W) to geometry G (posed
/// X_WG): nearest surface point, distance (negative inside) and gradient.
/// @throws std::invalid_argument if p_WQ is not finite, naming it, or if it
///         or X_WG's translation is beyond kMaxCoordinate
///         (supported_range.h).
SignedDistanceToPoint ComputeSignedDistanceToPoint(GeometryId id, const DistanceGeometry& G,
                                                   const RigidTransform& X_WG,
                                                   const Eigen::Vector3d& p_WQ);

/// The point query in G's own frame (what ComputeSignedDistanceToPoint
/// and the sphere pairs use): closed forms for the primitives, Eberly's
/// method for the ellipsoid, GJK/EPA against the hull for a Convex, the
/// BVH-accelerated mesh query for a Mesh.
/// @throws std::invalid_argument if p_GQ is not finite or is farther from
///         G's origin than kMaxDistanceFromGeometry (supported_range.h).
PointShapeDistance CalcPointDistance(const DistanceGeometry& G, const Eigen::Vector3d& p_GQ);

}  // namespace hydrocontact
