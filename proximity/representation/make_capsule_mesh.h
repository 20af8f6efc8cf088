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
/// Construction: m = ⌈(π/2)(R+δ)/h⌉ levels; the body is the quadrant-prism
/// lattice (rings of radius (R+δ)k/m, equal-angle disk map, ⌈(L/2)/h⌉
/// uniform layers) and each cap the octant-simplex lattice of a sphere
/// (shells of radius (R+δ)k/m about the cap centre); both share ring k on
/// the planes z = ±L/2, so e = 1 − k/m exactly at every vertex of ring or
/// shell k. 8(3m²⌈L/2h⌉ + m³) tetrahedra.
///
/// The margin gives the capsule of radius R+δ: every boundary vertex is
/// exactly δ from the original surface.
/// @throws std::invalid_argument for a bad hint or margin, or a hint so
///         small that the mesh would exceed kMaxMeshElements tetrahedra.
VolumeMeshWithExtent MakeCapsuleVolumeMesh(const Capsule& capsule, double resolution_hint,
                                           double margin = 0);

/// The closed, outward boundary of MakeCapsuleVolumeMesh, in G.
/// @throws std::invalid_argument as MakeCapsuleVolumeMesh, counting
///         triangles.
TriangleSurfaceMesh MakeCapsuleSurfaceMesh(const Capsule& capsule, double resolution_hint,
                                           double margin = 0);

}  // namespace hydrocontact
