#pragma once

/// @file
/// Contact polygons between a mesh and a half-space: compliant mesh vs rigid
/// half-space, rigid mesh vs compliant half-space, and compliant mesh vs
/// compliant half-space. Every half-space H is the set z ≤ 0 of its frame H
/// (for a compliant one, the slab z ≤ margin carries the pressure
/// p = E·(margin − z)/slab_thickness; see CompliantHalfSpace).
///
/// Each kernel walks the mesh's hierarchy against the half-space's plane.
/// Given an `executor` of at least two threads, a kernel whose walk keeps
/// thousands of elements (tetrahedra or triangles that pass its first,
/// cheap test) splits them into pieces run on its threads
/// (IntersectInPieces): the polygons are the same, byte for byte and in the
/// same order, as without it. The executor is not owned, and the call must
/// not be made from within its work items.

#include "geometry/rigid_transform.h"
#include "proximity/hydroelastic/contact_surface_builder.h"
#include "proximity/parallel_executor.h"
#include "proximity/representation/hydroelastic_representation.h"

namespace hydrocontact {

/// Compliant mesh C vs rigid half-space H, in C's frame: the surface is
/// H's boundary plane inside C. Every tetrahedron the plane crosses
/// contributes its slice (3 or 4 vertices); pressures are C's field.
///
/// Appends to `polygons_C` with C first (normals = H's outward normal, out of
/// H into C) and ∇p_C as the first gradient. No orientation filter is
/// applied, as in Drake: a plane has no far side, and filtering would drop
/// the middle of a body pressed past its deepest point.
/// @param X_CH  the pose of H's frame in C's frame.
/// @param executor  optional threads for a large pair (see above): the
///                  polygons are the same with or without.
/// @throws std::invalid_argument naming the function if a representation
///         is invalid (FindRepresentationError) or the output is null.
void IntersectCompliantRigidHalfSpace(const CompliantMesh& compliant_C,
                                      const RigidTransform& X_CH, ContactPolygons* polygons_C,
                                      const ParallelExecutor* executor = nullptr);

/// Rigid mesh R vs compliant half-space H, in H's frame: every triangle of R
/// with a part at z ≤ margin is clipped by that half-space; pressures are
/// H's field at the vertices.
///
/// Appends to `polygons_H` with H first (normals = R's outward triangle
/// normals, out of R into H) and ∇p_H as the first gradient. With
/// `normal_filter`, a triangle is skipped unless its outward normal is
/// within kMaxNormalGradientAngle of ∇p_H = −(E/slab) ẑ_H.
/// @param X_HR  the pose of R's frame in H's frame.
/// @param executor  optional threads for a large pair (see above): the
///                  polygons are the same with or without.
/// @throws std::invalid_argument naming the function if a representation
///         is invalid (FindRepresentationError) or the output is null.
void IntersectRigidCompliantHalfSpace(const CompliantHalfSpace& half_space_H,
                                      const RigidMesh& rigid_R, const RigidTransform& X_HR,
                                      bool normal_filter, ContactPolygons* polygons_H,
                                      const ParallelExecutor* executor = nullptr);

/// Compliant mesh C vs compliant half-space H, in C's frame: per
/// tetrahedron with a part in H's slab, the equilibrium plane
/// {p_C = p_H} sliced by the tetrahedron and clipped by H's boundary plane
/// z = margin (at most 5 vertices) where it rises above it by more than
/// kCoincidentPlaneRatio of C's box diagonal (p_C ≥ 0 keeps the exact cut
/// below the plane, where p_H ≥ 0: only round-off reaches above it). The
/// vertex pressures interpolate p_C, or are p_H's when that field is
/// kFlatterFieldRatio times flatter. The normal is
/// (∇p_C − ∇p_H)/‖∇p_C − ∇p_H‖, out of H into C.
///
/// Tetrahedra whose gradient equals ∇p_H (kEqualGradientsRatio) are
/// skipped, and with `normal_filter` those failing the compliant–compliant
/// orientation test (see orientation_filter.h).
///
/// Appends to `polygons_C` with C first, ∇p_C and ∇p_H as gradients.
/// @param X_CH  the pose of H's frame in C's frame.
/// @param executor  optional threads for a large pair (see above): the
///                  polygons are the same with or without.
/// @throws std::invalid_argument naming the function if a representation
///         is invalid (FindRepresentationError) or the output is null.
void IntersectCompliantCompliantHalfSpace(const CompliantMesh& compliant_C,
                                          const CompliantHalfSpace& half_space_H,
                                          const RigidTransform& X_CH, bool normal_filter,
                                          ContactPolygons* polygons_C,
                                          const ParallelExecutor* executor = nullptr);

}  // namespace hydrocontact
