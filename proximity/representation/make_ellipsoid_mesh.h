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
/// Construction: a geodesic sphere (make_geodesic_sphere.h) of frequency
/// n = ⌈1.45·max(a, b, c)/h⌉ mapped onto the boundary by d ↦ (a, b, c)·d
/// (20n² triangles, edges at most 0.92·h), and one tetrahedron from the
/// centre (e = 1) to each boundary triangle (e = 0). The gauge is linear
/// along every ray from the centre, so the field is exact on every radial
/// edge and the only approximation is the flat boundary: the interior needs
/// no vertices but the centre. Halving h quadruples the element count.
/// Why n follows the longest semi-axis: the map stretches unit-sphere edges
/// by at most max(a, b, c), so that bounds the boundary edges by 0.92·h
/// everywhere; edges along the shorter axes are shorter.
///
/// With margin δ > 0 every boundary vertex moves by δ along the ellipsoid's
/// outward normal there, so it lies exactly δ from the original surface; e is
/// unchanged (0 on the inflated boundary, 1 at the centre).
///
/// @throws std::invalid_argument for a non-positive or non-finite
///         resolution hint, a negative or non-finite margin, a hint so
///         small that the mesh would exceed MaxMeshElements() tetrahedra, or
///         an ellipsoid so slender that some cones from its centre are
///         numerically flat ("too thin", naming the ellipsoid). A cone to
///         the end of the longest semi-axis c, over a triangle θ ≈ h/(1.45c)
///         across in angle, has 6V/ℓ³ ≈ (ab/c²)θ² (a, b the others), which
///         VolumeMesh refuses below 1e-12: a needle a = b = 1e-5·c fails at
///         h = c/20. A finer hint makes it worse, not better.
VolumeMeshWithExtent MakeEllipsoidVolumeMesh(const Ellipsoid& ellipsoid, double resolution_hint,
                                             double margin = 0);

/// The closed, outward-oriented boundary of MakeEllipsoidVolumeMesh (same
/// vertices on the boundary, 20n² triangles), in G, inflated by `margin` the
/// same way.
/// @throws std::invalid_argument as MakeEllipsoidVolumeMesh, counting
///         triangles, or for numerically flat triangles ("too thin for its
///         extent", naming the ellipsoid; see MakePrimitiveSurfaceMesh).
TriangleSurfaceMesh MakeEllipsoidSurfaceMesh(const Ellipsoid& ellipsoid, double resolution_hint,
                                             double margin = 0);

namespace internal {

/// The ellipsoid meshes under another shape's name (for messages): a sphere
/// of radius r with margin δ is the ellipsoid with semi-axes r+δ and no margin.
VolumeMeshWithExtent MakeEllipsoidConeVolumeMesh(const char* shape, const Eigen::Vector3d& semi_axes,
                                               double resolution_hint, double margin);
TriangleSurfaceMesh MakeEllipsoidConeSurfaceMesh(const char* shape, const Eigen::Vector3d& semi_axes,
                                               double resolution_hint, double margin);

}  // namespace internal
}  // namespace hydrocontact
