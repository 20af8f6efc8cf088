#pragma once

/// @file
/// Meshes of an ellipsoid (and, through it, of a sphere): a tetrahedral mesh
/// with the extent e = 1 − ‖(x/a, y/b, z/c)‖ for compliant use, and a closed
/// outward triangle surface for rigid use.

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// A tetrahedral mesh of `ellipsoid` in its frame G with the extent
/// e = 1 − ‖(x/a, y/b, z/c)‖ (the gauge of the ellipsoid) at each vertex.
///
/// Construction: n concentric shells k = 1..n, the k-th the ellipsoid scaled
/// by k/n, each meshed by the equal-angle octant map (see
/// make_lattice_mesh.h), so e = 1 − k/n exactly on shell k: 0 on the
/// boundary, 1 at the centre vertex. n = ⌈(π/2)·max(a, b, c)/h⌉, so edges
/// along the boundary's principal quarter-ellipses are at most h long; the
/// mesh has 8n³ tetrahedra and (2n+1)... vertices; halving h quadruples the
/// surface triangles (8n²).
///
/// With margin δ > 0 every vertex of shell k moves by (k/n)·δ along the
/// ellipsoid's outward normal at its boundary point: boundary vertices end up
/// exactly δ from the original surface, e is unchanged (0 on the inflated
/// boundary, 1 at the centre).
///
/// @throws std::invalid_argument for a non-positive or non-finite
///         resolution hint, a negative or non-finite margin, or a hint so
///         small that the mesh would exceed kMaxMeshElements tetrahedra.
VolumeMeshWithExtent MakeEllipsoidVolumeMesh(const Ellipsoid& ellipsoid, double resolution_hint,
                                             double margin = 0);

/// The closed, outward-oriented boundary of MakeEllipsoidVolumeMesh (same
/// vertices on the boundary, 8n² triangles), in G, inflated by `margin` the
/// same way.
/// @throws std::invalid_argument as MakeEllipsoidVolumeMesh, counting
///         triangles.
TriangleSurfaceMesh MakeEllipsoidSurfaceMesh(const Ellipsoid& ellipsoid, double resolution_hint,
                                             double margin = 0);

namespace internal {

/// The ellipsoid meshes under another shape's name (for messages): a sphere
/// of radius r with margin δ is the ellipsoid with semi-axes r+δ and no margin.
VolumeMeshWithExtent MakeOctantShellVolumeMesh(const char* shape, const Eigen::Vector3d& semi_axes,
                                               double resolution_hint, double margin);
TriangleSurfaceMesh MakeOctantShellSurfaceMesh(const char* shape, const Eigen::Vector3d& semi_axes,
                                               double resolution_hint, double margin);

}  // namespace internal
}  // namespace hydrocontact
