#pragma once

/// @file
/// Meshes of a box: a tetrahedral mesh that follows the box's medial planes,
/// so the extent (distance to the nearest face over the smallest half size)
/// is represented exactly, and the 12-triangle surface for rigid use.

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// A tetrahedral mesh of `box` in its frame G, inflated by `margin` δ ≥ 0,
/// with the extent e(p) = min_i(hᵢ − |pᵢ|)/H at each vertex, where hᵢ are the
/// half sizes plus δ and H = min hᵢ.
///
/// The distance to the nearest face is linear on each of the six regions
/// the medial planes cut the box into (the region of face +x is the frustum
/// between that face and the +x face of the inner box with half sizes
/// hᵢ − H, which is flat or a segment or a point). Each region is split into
/// tetrahedra by pulling from its lowest-numbered vertex, with the inner
/// (medial) vertices numbered first and every face fanned from its
/// lowest-numbered vertex, so neighbouring regions share face triangulations
/// and every tetrahedron has a medial vertex (e = 1). The field is thus exact:
/// every tetrahedron's gradient has magnitude 1/H. Flat faces need no
/// refinement, so the mesh does not depend on a resolution hint: at most 16
/// vertices and a few dozen tetrahedra.
///
/// The margin inflates the box with sharp corners: half sizes hᵢ + δ, every
/// face exactly δ from the original face (corners δ√3 from the original
/// corners). The inflated box has the same medial core, e = 1 there.
/// @throws std::invalid_argument for a negative or non-finite margin, or a
///         box so thin against its other sizes (about 1e-6 of them) that
///         elements over its thin sides would be numerically flat ("too
///         thin", naming the box; no hint applies).
VolumeMeshWithExtent MakeBoxVolumeMesh(const Box& box, double margin = 0);

/// The closed, outward surface of `box` inflated by `margin` (sharp
/// corners): 8 vertices, 12 triangles, in G.
/// @throws std::invalid_argument for a negative or non-finite margin, or a
///         box so thin against its extent (about 1e-14 of it) that its face
///         triangles are numerically flat ("too thin for its extent",
///         naming the box).
TriangleSurfaceMesh MakeBoxSurfaceMesh(const Box& box, double margin = 0);

}  // namespace hydrocontact
