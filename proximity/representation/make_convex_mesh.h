#pragma once

/// @file
/// Meshes of a Convex shape (the convex hull of a mesh file's vertices): the
/// hull as a rigid surface, and a tetrahedral cone mesh with the gauge
/// extent for compliant use.

#include <vector>

#include <Eigen/Core>

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// The vertices of `convex`'s file (any format ReadMeshFile reads), scaled
/// by its scale, in G.
/// @throws std::invalid_argument for another extension, naming the file;
///         std::runtime_error from the readers for an unreadable file.
std::vector<Eigen::Vector3d> ReadConvexPoints(const Convex& convex);

/// Offset points of one hull vertex closer than this fraction of the hull's
/// bounding-box diagonal are merged by InflateConvexHull.
inline constexpr double kMergedOffsetRatio = 1e-5;

/// The closed, outward surface of the convex polytope `hull` (frame G)
/// inflated by `margin` δ ≥ 0 with chamfered edges and corners: the hull of
/// the points v + δ·n̂_f for every face f and each of its vertices v. Every
/// face plane moves out by exactly δ and every vertex of the result lies
/// exactly δ from the original surface (δ along a normal of the normal cone
/// at its source vertex), except where faces around a vertex are nearly
/// parallel: points of one vertex closer than kMergedOffsetRatio times the
/// hull's diagonal (single linkage) are merged into v + δ·m, m the
/// CalcLeastPushVector of their normals, so those faces move out by at
/// least δ and by at most δ/cos of the merged normals' spread, and the
/// hull has no faces of round-off size (a finely tessellated round body
/// with a margin of a micrometre otherwise gave degenerate tetrahedra).
/// δ = 0 returns `hull` unchanged.
/// @throws std::invalid_argument for a negative or non-finite margin.
TriangleSurfaceMesh InflateConvexHull(const TriangleSurfaceMesh& hull, double margin);

/// A tetrahedral mesh of the convex polytope bounded by `hull` (closed,
/// outward, frame G): one tetrahedron from the hull's volume centroid C to
/// each hull triangle, with e = 1 at C and 0 on the boundary. The extent is
/// then e(p) = 1 − γ(p − C), γ the gauge of the polytope about C (exactly
/// linear on each cone tetrahedron), the polytope analogue of the sphere's
/// 1 − |p|/r and the ellipsoid's 1 − ‖(x/a, y/b, z/c)‖. Flat faces need no
/// refinement, so no resolution hint applies.
/// @throws std::invalid_argument if `hull` is not closed with positive
///         volume.
VolumeMeshWithExtent MakeConvexVolumeMesh(const TriangleSurfaceMesh& hull);

/// The rigid representation of `convex`: the hull of its file's vertices
/// inflated by `margin` (see InflateConvexHull).
/// @throws as ReadConvexPoints, ComputeConvexHull, InflateConvexHull.
TriangleSurfaceMesh MakeConvexSurfaceMesh(const Convex& convex, double margin = 0);

/// The compliant representation of `convex`: MakeConvexVolumeMesh of the
/// inflated hull, so the field vanishes on the inflated boundary.
/// @throws as MakeConvexSurfaceMesh.
VolumeMeshWithExtent MakeConvexVolumeMesh(const Convex& convex, double margin = 0);

}  // namespace hydrocontact
