#pragma once

/// @file
/// Meshes of a HeightField (geometry/shape.h): the closed triangle surface
/// of its solid (rigid use, and the distance queries' tessellation) and a
/// tetrahedral mesh of the solid with the distance-to-boundary extent
/// (compliant use).

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// The number of sub-rectangles per grid cell along each axis that the
/// resolution hint h asks for: ⌈max(dx, dy)/h⌉.
/// @throws std::invalid_argument for a hint that is not finite and positive.
int HeightFieldSubdivisions(const HeightField& field, double resolution_hint);

/// The closed, outward surface of the height field's solid, in G, with
/// every grid cell split into k × k sub-rectangles:
/// - top: the (k(nx − 1) + 1) × (k(ny − 1) + 1) lattice of surface points
///   (x, y, h(x, y)) (so it passes through every sample), each
///   sub-rectangle cut into two triangles along its diagonal from (x₀, y₀)
///   to (x₁, y₁); its distance from the bicubic surface is at most
///   CalcTessellationError(field, M, k) (proximity/height_field_surface.h);
/// - four vertical sides: each boundary segment of the top lattice joined to
///   the same segment on the bottom plane z_b by two triangles;
/// - bottom: the bottom rim fanned from the centre (0, 0, z_b).
/// A positive margin δ inflates it (InflateSurfaceMesh: every face moves
/// out by at least δ).
/// @throws std::invalid_argument unless k ≥ 1, for a bad margin, a mesh
///         over kMaxMeshElements (naming the subdivision), and, naming the
///         height field (its grid, heights, thickness and margin): a
///         thickness that round-off at the heights' magnitude M would
///         swallow (below 2u·M/1e-6 ≈ 2.2e-10·M, u = 2⁻⁵³: the thinnest
///         column's height is the difference of two coordinates each
///         rounded by up to u·M; the message gives a thickness that
///         passes), a field so thin for its extent (or so steep where it
///         is thin) that a triangle would be degenerate, or a margin that
///         folds the surface (InflateSurfaceMesh).
TriangleSurfaceMesh MakeHeightFieldSurfaceMeshWithSubdivisions(const HeightField& field, int k,
                                                               double margin = 0);

/// MakeHeightFieldSurfaceMeshWithSubdivisions with k =
/// HeightFieldSubdivisions(field, resolution_hint).
TriangleSurfaceMesh MakeHeightFieldSurfaceMesh(const HeightField& field, double resolution_hint,
                                               double margin = 0);

/// A tetrahedral mesh of the solid, in G: the same top lattice as
/// MakeHeightFieldSurfaceMesh (k = max(2, HeightFieldSubdivisions)), each
/// lattice point's column from z_b up to the surface cut into L equal
/// layers, L the even number ⌈(max_height − z_b)/h⌉ rounded up to even
/// (≥ 2), so a layer of vertices lies halfway up every column (the medial
/// surface of a flat slab). Each triangular prism is split into three
/// tetrahedra with the diagonal of every side quad from its earlier column
/// on the lower layer to the later one on the upper layer, in an order
/// shared by the layer's prisms (so the mesh is conforming) that puts side
/// columns first except on the top layer: every tetrahedron then has an
/// interior vertex (none carries e = 0 throughout). A positive margin δ inflates its boundary (InflateVolumeMesh).
/// The extent is ComputeDistanceToBoundaryExtent of the mesh: each vertex's
/// distance to the mesh's boundary divided by the largest (as for a user's
/// tetrahedral mesh): 0 on the boundary, 1 at the deepest vertex. For a flat
/// field wider than thick it is exact on every tetrahedron away from the
/// sides (the distance is linear between the bottom, middle and top layers).
/// @throws std::invalid_argument for a bad hint or margin, a surface that
///         may reach the bottom plane (RequireSurfaceAboveBottom), a mesh
///         over kMaxMeshElements, and, naming the height field: a thickness
///         lost to round-off (as for MakeHeightFieldSurfaceMeshWithSubdivisions),
///         a field so thin for its extent that a tetrahedron would be
///         degenerate, or a margin that inverts a tetrahedron or folds the
///         boundary (InflateVolumeMesh).
VolumeMeshWithExtent MakeHeightFieldVolumeMesh(const HeightField& field, double resolution_hint,
                                               double margin = 0);

}  // namespace hydrocontact
