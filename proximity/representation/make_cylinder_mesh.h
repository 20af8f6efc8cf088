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
/// Construction: the surface is meshed at the hint and the interior only
/// where the field needs it, on the medial core. The field is piecewise
/// linear in the meridian (ρ, z): the medial cones R' − ρ = L'/2 − |z| from
/// the rims to the core (the axis segment |z| ≤ L'/2 − R' of a long
/// cylinder, the disk ρ ≤ R' − L'/2 at z = 0 of a flat one) split it into a
/// cap region, where e = (L'/2 − |z|)/H is linear in z, and a side region,
/// where e = (R' − ρ)/H is linear along every segment from the core to the
/// side. Every element joins boundary vertices (e = 0) to core ones (e = 1)
/// within one region, so e is exact at every vertex and linear along every
/// edge; the only approximation is the faceted boundary (and cones):
///   - boundary: rings of 4m vertices (m = ⌈(π/2)R'/h⌉, rim edges ≤ h) at
///     J = ⌈(L'/2)/h⌉ equal side layers per half, and caps from the
///     equal-angle disk map (ring b of 4b vertices at radius R'·b/m);
///   - long: K = ⌈(L'/2 − R')/h⌉ axis steps per half; the side region is
///     the axis fan (make_lattice_mesh.h, shared with the capsule body) and
///     the cap region the cones from the axis's ends over the cap triangles;
///   - flat: the core disk is the cap's disk map scaled to radius R' − L'/2;
///     the cap region is the one-layer prism lattice between them (a
///     frustum) and the side region three tetrahedra per core ring segment
///     and side quad.
/// No tetrahedron lies wholly on the boundary. A core thinner than 1e-3 of
/// min(h, H) is dropped (the centre, where e = 1 exactly, takes its place),
/// so vertex extents stay exact and the field inside elements is off by at
/// most that fraction. Thin tetrahedra are where the fan meets the axis
/// (dihedral angle about the sector angle π/(2m), as in the capsule) and,
/// when the core is short against H (nearly equal proportions), between the
/// core's short edges and the side.
///
/// The margin inflates with sharp rims: R + δ and L/2 + δ, so the side and
/// the caps are exactly δ from the original ones.
/// @throws std::invalid_argument for a bad hint or margin, a hint so small
///         that the mesh would exceed MaxMeshElements() tetrahedra, or a
///         cylinder thinner (min(R', L'/2)) than 1e-5 of its element
///         spacing ("too thin", naming a hint that would do).
VolumeMeshWithExtent MakeCylinderVolumeMesh(const Cylinder& cylinder, double resolution_hint,
                                            double margin = 0);

/// The closed, outward boundary of MakeCylinderVolumeMesh, in G.
/// @throws std::invalid_argument as MakeCylinderVolumeMesh, counting
///         triangles, or for numerically flat triangles ("too thin for its
///         extent", naming the cylinder; see MakePrimitiveSurfaceMesh).
TriangleSurfaceMesh MakeCylinderSurfaceMesh(const Cylinder& cylinder, double resolution_hint,
                                            double margin = 0);

}  // namespace hydrocontact
