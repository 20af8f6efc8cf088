#pragma once

/// @file
/// The convex hull of a point cloud as a closed triangle surface.

#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact {

/// The convex hull of `points` (measured and expressed in some frame F) as a
/// closed TriangleSurfaceMesh in F with outward normals (IsClosed(),
/// CalcSignedVolume() > 0).
///
/// The hull's vertices are exact copies of input points (renumbered
/// compactly), and only extreme ones: duplicates and points lying on the
/// hull's faces or edges are not vertices; a planar facet with more than
/// three corners is triangulated. Decisions use the tolerance
/// ε = 1e-10·D, D the diagonal of the points' bounding box: a point within ε
/// of the hull counts as on it, so every input point lies inside the hull
/// or at most ε outside it.
///
/// Algorithm: quickhull (an initial tetrahedron of extreme points, then
/// repeatedly the point farthest outside a face, its visible faces replaced
/// by a cone to it), expected O(N log N); then a second pass over the hull
/// vertices without those found flat (their neighbours coplanar within ε) or
/// on a straight edge, which quickhull can pick up temporarily when many
/// points are coplanar.
///
/// @throws std::invalid_argument if there are fewer than 4 points, a point
///         has a non-finite coordinate (naming its index), or all points are
///         coincident, collinear or coplanar within ε (no volume to hull).
/// @throws std::runtime_error if round-off makes the construction
///         inconsistent (the visible region of a point is not a disk), which
///         only pathological, nearly degenerate clouds can cause.
TriangleSurfaceMesh ComputeConvexHull(const std::vector<Eigen::Vector3d>& points);

}  // namespace hydrocontact
