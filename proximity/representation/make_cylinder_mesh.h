#pragma once

/// @file
/// Meshes of a cylinder: a tetrahedral mesh with the extent e = (distance to
/// the boundary)/H, H = min(radius, half length), for compliant use, and a
/// closed outward triangle surface for rigid use.

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// A tetrahedral mesh of `cylinder` (radius R, length L along z, centred) in
/// its frame G, inflated by `margin` δ, with the extent
/// e = min(R' − ρ, L'/2 − |z|)/H at each vertex, where R' = R+δ, L'/2 = L/2+δ,
/// H = min(R', L'/2) and ρ is the distance to the axis.
///
/// Construction: the quadrant-prism lattice (make_lattice_mesh.h) mapped by
/// an equal-angle disk map (ring k of 4k vertices) and piecewise-uniform
/// radial and axial spacings. The outer "skin" of depth H is cut into n
/// levels of thickness H/n in both directions, so the level sets of e are
/// nested cylinders through lattice vertices and the medial cones
/// R' − ρ = L'/2 − |z| run along tetrahedron faces; inside the skin lies the
/// medial core (the axis segment |z| ≤ L'/2 − R' of a long cylinder, the disk
/// ρ ≤ R' − L'/2 at z = 0 of a flat one) where e = 1 exactly. When the core is
/// thinner than half a level it is absorbed into the skin (levels slightly
/// thicker in that direction, vertex extents off by at most a factor
/// 1 + 1/(2n)) rather than meshed as a sliver layer.
///
/// Resolution: rim edges are at most h = `resolution_hint` long (4m rim
/// vertices, m ≥ ⌈(π/2)R'/h⌉), levels and core spacings at most h.
///
/// The margin inflates with sharp rims: R + δ and L/2 + δ, so the side and
/// the caps are exactly δ from the original ones.
/// @throws std::invalid_argument for a bad hint or margin, or a hint so
///         small that the mesh would exceed MaxMeshElements() tetrahedra.
VolumeMeshWithExtent MakeCylinderVolumeMesh(const Cylinder& cylinder, double resolution_hint,
                                            double margin = 0);

/// The closed, outward boundary of MakeCylinderVolumeMesh, in G.
/// @throws std::invalid_argument as MakeCylinderVolumeMesh, counting
///         triangles.
TriangleSurfaceMesh MakeCylinderSurfaceMesh(const Cylinder& cylinder, double resolution_hint,
                                            double margin = 0);

}  // namespace hydrocontact
