#pragma once

/// @file
/// Meshes of a capsule: a tetrahedral mesh with the extent
/// e = 1 − (distance to the axis segment)/radius for compliant use, and a
/// closed outward triangle surface for rigid use.

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// A tetrahedral mesh of `capsule` (radius R, cylinder length L along z,
/// hemispherical caps) in its frame G, inflated by `margin` δ, with the
/// extent e = 1 − d/(R+δ) at each vertex, d the distance to the axis segment
/// |z| ≤ L/2 (the capsule's medial axis, where e = 1 exactly).
///
/// Construction: the boundary has m = ⌈(π/2)(R+δ)/h⌉ segments per quarter
/// circle: the body's side ⌈(L/2)/h⌉ layers of rings of 4m vertices
/// (equal-angle disk map) and each cap the octant-simplex lattice of a
/// hemisphere, sharing the rings at z = ±L/2. The interior has vertices only
/// on the medial segment (e = 1): one per layer. Since e = 1 − d/R is linear
/// along every ray from the segment, each element joins boundary vertices to
/// medial ones: every side quad and its axis segment form a wedge of three
/// tetrahedra, every cap triangle a cone to its cap centre; the field is
/// exact on every edge, the only approximation being the flat boundary.
/// 8(3m⌈L/2h⌉ + m²) tetrahedra; none lies wholly on the boundary.
///
/// The margin gives the capsule of radius R+δ: every boundary vertex is
/// exactly δ from the original surface.
/// @throws std::invalid_argument for a bad hint or margin, a hint so small
///         that the mesh would exceed MaxMeshElements() tetrahedra, or a
///         capsule whose radius (with the margin) is below 1e-5 of its
///         element spacing ("too thin", naming a hint that would do).
VolumeMeshWithExtent MakeCapsuleVolumeMesh(const Capsule& capsule, double resolution_hint,
                                           double margin = 0);

/// The closed, outward boundary of MakeCapsuleVolumeMesh, in G.
/// @throws std::invalid_argument as MakeCapsuleVolumeMesh, counting
///         triangles; a thin capsule's triangles are fine (no thickness
///         limit) unless numerically flat ("too thin for its extent",
///         naming the capsule; see MakePrimitiveSurfaceMesh).
TriangleSurfaceMesh MakeCapsuleSurfaceMesh(const Capsule& capsule, double resolution_hint,
                                           double margin = 0);

}  // namespace hydrocontact
