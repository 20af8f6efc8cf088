#pragma once

/// @file
/// Inflating user-supplied meshes (OBJ surfaces, VTK volumes) outward by a
/// margin δ: the primitives inflate analytically; a mesh can only move its
/// boundary vertices.

#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// The displacement of each vertex of the outward surface `surface` (frame
/// G) for a margin δ: along the angle-weighted vertex normal n̂, by
/// δ / min_f(n̂_f·n̂) over the incident faces f, so every incident face's
/// plane moves out by at least δ and the most tilted one by exactly δ (a
/// flat vertex moves δ; a box corner moves to the sharp offset corner,
/// every face exactly δ out). The divisor is floored at 1/2 so that a
/// needle-sharp vertex moves at most 2δ. A vertex no face uses, or whose
/// incident normals cancel (a zero-thickness fin), stays put.
/// @throws std::invalid_argument for a negative or non-finite margin.
std::vector<Eigen::Vector3d> CalcInflationDisplacements(const TriangleSurfaceMesh& surface,
                                                        double margin);

/// `surface` with every vertex moved by CalcInflationDisplacements (a
/// margin of 0 returns it unchanged). Precondition: `surface` bounds a
/// solid (ValidateClosedSurface).
/// @throws std::invalid_argument for a bad margin, or if the margin folds
///         the surface, so that it would no longer bound a solid: a
///         triangle turns over (naming it), or parts of the surface closer
///         than about twice the margin grow into each other and it crosses
///         or lies on itself (FindSurfaceDefects of the result; naming a
///         pair of triangles and where they meet). The message says to use
///         a smaller margin and names one that does not fold it (the
///         largest margin/2^k, k ≤ 20, that passes the same test).
TriangleSurfaceMesh InflateSurfaceMesh(const TriangleSurfaceMesh& surface, double margin);

/// `mesh` with its boundary vertices moved by CalcInflationDisplacements of
/// its boundary surface (interior vertices stay).
/// @throws std::invalid_argument for a bad margin, or if a tetrahedron would
///         invert (naming it) or the inflated boundary folds as for
///         InflateSurfaceMesh (two parts of the volume grown into each
///         other invert no tetrahedron), saying to use a smaller margin and
///         naming one that does not fold it.
VolumeMesh InflateVolumeMesh(const VolumeMesh& mesh, double margin);

}  // namespace hydrocontact
