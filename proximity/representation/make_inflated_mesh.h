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

/// `surface` with every vertex moved by CalcInflationDisplacements.
/// @throws std::invalid_argument for a bad margin, or if the margin is so
///         large for this surface that a triangle would turn over (naming
///         it), saying to use a smaller margin.
TriangleSurfaceMesh InflateSurfaceMesh(const TriangleSurfaceMesh& surface, double margin);

/// `mesh` with its boundary vertices moved by CalcInflationDisplacements of
/// its boundary surface (interior vertices stay).
/// @throws std::invalid_argument for a bad margin, or if a tetrahedron would
///         invert (naming it), saying to use a smaller margin.
VolumeMesh InflateVolumeMesh(const VolumeMesh& mesh, double margin);

}  // namespace hydrocontact
