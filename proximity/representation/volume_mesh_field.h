#pragma once

/// @file
/// The extent field of a user-supplied tetrahedral mesh: each vertex's
/// distance to the mesh's boundary surface, normalised.

#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// The extent e at every vertex of `mesh`: the vertex's distance to the
/// mesh's boundary surface (ExtractBoundary) divided by the largest such
/// distance. Boundary vertices get exactly 0 and the deepest vertex exactly
/// 1; all values lie in [0, 1]. Distances are exact point-to-triangle
/// distances, found through a BVH of the boundary triangles (O(V log F)
/// typical).
///
/// Tetrahedra whose four vertices all lie on the boundary carry e = 0
/// throughout: a mesh meant for compliant contact should have interior
/// vertices wherever pressure is wanted.
/// @throws std::invalid_argument if the mesh has no tetrahedra, if its
///         tetrahedra overlap (their volumes sum to more than their boundary
///         encloses: the distances to that boundary would mean nothing), if
///         that boundary does not bound a solid (DescribeSurfaceDefects:
///         e.g. two blocks meshed apart whose shared face is there twice,
///         or pieces whose interface vertices are duplicated; a field of
///         distances to such inner faces would vanish inside the body), or
///         if no vertex lies off the boundary (the field would vanish
///         everywhere), saying to refine the mesh.
std::vector<double> ComputeDistanceToBoundaryExtent(const VolumeMesh& mesh);

/// Why the tetrahedra of `mesh` overlap, or nullopt when they do not: the
/// surface of faces used once (`boundary`, ExtractBoundary(mesh).surface)
/// must enclose exactly the tetrahedra's summed volume. A tetrahedron laid
/// over others pairs faces that are not shared, so the tetrahedra count a
/// region twice and the boundary encloses less (nothing, for a tetrahedron
/// over its own star). The comparison allows the round-off of both sums
/// (the enclosed volume's terms p·n̂·A/3 round with Σ|p|·A). The message
/// gives both volumes and the boundary's size.
/// @pre `boundary` is the boundary of `mesh`.
std::optional<std::string> DescribeTetrahedraOverlap(const VolumeMesh& mesh,
                                                     const TriangleSurfaceMesh& boundary);

/// The distance from p to the closest point of triangle (a, b, c) (all in
/// one frame). Precondition: the triangle is not degenerate.
double DistanceToTriangle(const Eigen::Vector3d& p, const Eigen::Vector3d& a,
                          const Eigen::Vector3d& b, const Eigen::Vector3d& c);

}  // namespace hydrocontact
