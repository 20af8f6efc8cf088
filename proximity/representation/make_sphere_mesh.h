#pragma once

/// @file
/// Meshes of a sphere: a tetrahedral mesh with the extent e = 1 − |p|/r for
/// compliant use, and a closed outward triangle surface for rigid use.

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// A tetrahedral mesh of `sphere` (radius r) in its frame G with the extent
/// e = 1 − |p_GV|/(r+δ) at each vertex V: n = ⌈(π/2)(r+δ)/h⌉ concentric
/// shells of radius (r+δ)·k/n, k = 1..n, around a centre vertex (e = 1);
/// e = 1 − k/n exactly on shell k, 0 on the boundary. Edges along the
/// boundary's meridians and equator are at most h long; 8n³ tetrahedra.
/// Every tetrahedron has a vertex off the boundary and is positively
/// oriented. The margin δ ≥ 0 inflates the sphere to radius r+δ, the field
/// vanishing on the inflated boundary. See MakeEllipsoidVolumeMesh.
/// @throws std::invalid_argument for a bad hint or margin, or a hint so
///         small that the mesh would exceed kMaxMeshElements tetrahedra.
VolumeMeshWithExtent MakeSphereVolumeMesh(const Sphere& sphere, double resolution_hint,
                                          double margin = 0);

/// The closed, outward-oriented boundary of MakeSphereVolumeMesh (8n²
/// triangles, vertices on the sphere of radius r+δ), in G.
/// @throws std::invalid_argument as MakeSphereVolumeMesh, counting triangles.
TriangleSurfaceMesh MakeSphereSurfaceMesh(const Sphere& sphere, double resolution_hint,
                                          double margin = 0);

}  // namespace hydrocontact
