#pragma once

/// @file
/// Renumbering of a representation's elements and vertices so that the
/// contact kernels, which visit elements in the order of the leaves of the
/// mesh's BVH, read memory in (nearly) increasing order.
///
/// Why: a mesh as a file or a generator gives it numbers its elements in an
/// order unrelated to space (gmsh's, TetGen's, a lattice's), so a traversal
/// near a plane or another mesh jumps about the element, vertex, pressure
/// and gradient arrays, and every tetrahedron it opens waits on a cache
/// miss (the largest single cost perf found in the half-space kernel).
/// Numbered in leaf order, neighbouring leaves are neighbours in memory and
/// the hardware prefetcher serves them. The geometry is untouched: every
/// element keeps its vertices' positions in the same local order, so every
/// per-element quantity (box, volume, normal, pressure gradient) is the same
/// to the bit and the hierarchy keeps its shape. No function here depends on
/// a frame: positions are copied as given (the geometry's frame G) and only
/// the numbering changes.

#include <vector>

#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"
#include "proximity/bvh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// A renumbering of a mesh: `elements[i]` (`vertices[i]`) is the old index
/// of the element (vertex) that gets new index i.
struct LocalityOrder {
  std::vector<int> elements;
  std::vector<int> vertices;
};

/// The locality order of a mesh whose hierarchy is `bvh`: elements in the
/// depth-first order of the hierarchy's leaves (Bvh::nodes() order), then
/// vertices in the order in which those elements first use them; vertices
/// no element uses come last, in their old order.
/// @pre bvh was built over `mesh` (every element is a leaf exactly once).
/// @throws std::invalid_argument if the hierarchy does not have exactly one
///         leaf per element of the mesh.
LocalityOrder CalcLocalityOrder(const VolumeMesh& mesh, const Bvh& bvh);
LocalityOrder CalcLocalityOrder(const TriangleSurfaceMesh& mesh, const Bvh& bvh);

/// A compliant mesh with its extent and its hierarchy, renumbered in
/// locality order. `bvh` (built over `m.mesh`) is renumbered in place: its
/// leaves then hold 0, 1, 2, … in depth-first order, with the same boxes.
/// @throws std::invalid_argument if `bvh` is null or the extent does not have
///         one value per vertex, and as CalcLocalityOrder; `bvh` is then
///         unchanged.
VolumeMeshWithExtent OrderForLocality(const VolumeMeshWithExtent& m, Bvh* bvh);

/// A rigid mesh and its hierarchy, renumbered in locality order (see above).
/// @throws std::invalid_argument if `bvh` is null, and as CalcLocalityOrder;
///         `bvh` is then unchanged.
TriangleSurfaceMesh OrderForLocality(const TriangleSurfaceMesh& mesh, Bvh* bvh);

}  // namespace hydrocontact
