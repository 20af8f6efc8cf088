#pragma once

/// @file
/// Meshes of a sphere: a tetrahedral mesh with the extent e = 1 − |p|/r for
/// compliant use, and a closed outward triangle surface for rigid use.

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// A tetrahedral mesh of `sphere` (radius r) in its frame G with the extent
/// e = 1 − |p_GV|/(r+δ) at each vertex V: the ellipsoid mesh with three equal
/// semi-axes (see MakeEllipsoidVolumeMesh): a geodesic boundary of 20n²
/// triangles, n = ⌈1.45·(r+δ)/h⌉ (edges at most 0.92·h), each joined to the
/// single centre vertex (e = 1). The field 1 − |p|/r is linear along every
/// ray from the centre, so each cone carries it exactly on its radial edges;
/// the only approximation is the flat boundary. Every tetrahedron has the
/// centre as a vertex (none lies wholly on the boundary) and is positively
/// oriented; dihedral angles stay above 50°. The margin δ ≥ 0 inflates the
/// sphere to radius r+δ, the field vanishing on the inflated boundary.
/// @throws std::invalid_argument for a bad hint or margin, or a hint so
///         small that the mesh would exceed MaxMeshElements() tetrahedra.
VolumeMeshWithExtent MakeSphereVolumeMesh(const Sphere& sphere, double resolution_hint,
                                          double margin = 0);

/// The closed, outward-oriented boundary of MakeSphereVolumeMesh (20n²
/// triangles, vertices on the sphere of radius r+δ), in G.
/// @throws std::invalid_argument as MakeSphereVolumeMesh, counting triangles.
TriangleSurfaceMesh MakeSphereSurfaceMesh(const Sphere& sphere, double resolution_hint,
                                          double margin = 0);

}  // namespace hydrocontact
