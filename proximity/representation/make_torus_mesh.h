#pragma once

/// @file
/// Meshes of a torus: a tetrahedral mesh with the extent
/// e = 1 − s/r' (s the distance to the tube's centre circle, r' = r + δ) for
/// compliant use, and its closed outward boundary for rigid use.

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// A tetrahedral mesh of `torus` (major radius R, minor r, axis z) in its
/// frame G, inflated by `margin` δ (tube radius r' = r + δ; requires
/// r' < R), with e = 1 − s/r' at each vertex: 1 on the centre circle (the
/// medial axis), 0 on the surface.
///
/// Construction: the tube's cross-section disk is meshed with n = ⌈r'/h⌉
/// concentric rings (ring k has 6k vertices, so edges are ≈ r'/n long) and
/// stitched ring to ring; the disk is revolved through m = max(8,
/// ⌈2π(R + r')/h⌉) equal slices; each triangle × slice prism is split into
/// three tetrahedra with the diagonal of every side quad running from the
/// lower-indexed to the higher-indexed disk vertex, so neighbouring prisms
/// agree and the mesh is conforming. Level sets of e are tori through the
/// rings' vertices.
/// @throws std::invalid_argument for a bad hint or margin, an inflated tube
///         that reaches the axis (r + δ ≥ R), a hint so small that the
///         mesh would exceed MaxMeshElements(), or a tube radius (with the
///         margin) below 1e-5 of the element spacing ("too thin", naming a
///         hint that would do).
VolumeMeshWithExtent MakeTorusVolumeMesh(const Torus& torus, double resolution_hint,
                                         double margin = 0);

/// The closed, outward boundary of MakeTorusVolumeMesh (the same vertices
/// and triangles, built directly), in G: 6n vertices around the tube on each
/// of the m slices.
/// @throws as MakeTorusVolumeMesh, except that a thin tube's triangles are
///         fine (no thickness limit) unless numerically flat ("too thin for
///         its extent", naming the torus; see MakePrimitiveSurfaceMesh).
TriangleSurfaceMesh MakeTorusSurfaceMesh(const Torus& torus, double resolution_hint,
                                         double margin = 0);

}  // namespace hydrocontact
