#pragma once

/// @file
/// The contact polygons of a rigid triangle mesh against a compliant
/// tetrahedral mesh.

#include "geometry/rigid_transform.h"
#include "proximity/hydroelastic/contact_surface_builder.h"
#include "proximity/parallel_executor.h"
#include "proximity/representation/hydroelastic_representation.h"

namespace hydrocontact {

/// Intersects every triangle of the rigid mesh R with every tetrahedron of
/// the compliant mesh C whose bounding boxes overlap (each triangle near C,
/// boxed in C, queried against C's hierarchy), working in C's frame: each candidate triangle is clipped by the tetrahedron's four
/// face half-spaces (a polygon of at most 7 sides), and the pressure at the
/// polygon's vertices is the tetrahedron's linear field.
///
/// Appends to `polygons_C` one polygon per intersecting (tetrahedron,
/// triangle) pair, vertices in frame C, with C as the *first* geometry (the
/// normal, the rigid triangle's outward normal, points out of R and into C)
/// and ∇p_C of the tetrahedron as the first gradient (the second is zero).
///
/// With `normal_filter`, a pair is skipped unless the rigid triangle's
/// outward normal is within kMaxNormalGradientAngle of ∇p of the
/// tetrahedron (see orientation_filter.h).
///
/// @param compliant_C  the compliant mesh, in its frame C.
/// @param rigid_R      the rigid mesh, in its frame R.
/// @param X_CR         the pose of R in C.
/// @param executor     if given (and with 2 threads or more), a pair with
///                     many triangles near C is cut into pieces intersected
///                     on its threads and merged in piece order: the
///                     polygons are the same, in the same order, as without.
/// Allocation-free apart from the growth of `polygons_C` and of the per-thread
/// scratch. A call must not be made from within `executor`'s work items.
/// @throws std::invalid_argument naming the function if a representation
///         is invalid (FindRepresentationError) or the output is null.
void IntersectRigidCompliant(const CompliantMesh& compliant_C, const RigidMesh& rigid_R,
                             const RigidTransform& X_CR, bool normal_filter,
                             ContactPolygons* polygons_C, const ParallelExecutor* executor = nullptr);

}  // namespace hydrocontact
