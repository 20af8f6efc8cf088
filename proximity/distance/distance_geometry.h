#pragma once

/// @file
/// DistanceGeometry: what the signed-distance and penetration queries
/// (proximity/shape_pair_distance.h) need about one geometry, built once
/// from its Shape, in the geometry's frame G.

#include <memory>
#include <vector>

#include <Eigen/Core>

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/mesh_distance.h"

namespace hydrocontact {

struct MeshFileData;  // mesh/mesh_file.h

/// Per-geometry data of the distance queries, in G. Primitives are used as
/// they are (their closed forms and support mappings need nothing more);
/// files are read here, once, so a query never touches the disk:
///
/// - Convex: the convex hull of the file's vertices (scaled): its vertices
///   are the polytope's support mapping for GJK/EPA, and its surface's
///   distance data serve the pairs with a Mesh;
/// - Mesh: the closed triangle surface as it is (possibly non-convex) —
///   the OBJ surface, or the boundary of a VTK volume — with its BVH and
///   pseudo-normals for exact signed distances.
///
/// - Torus: an inscribed tessellation (48 segments around the tube) for the
///   pairs that have no closed form (everything but a sphere and a
///   half-space), queried as a Mesh.
///
/// - HeightField: a tessellation of its solid's closed surface
///   (MakeHeightFieldSurfaceMeshWithSubdivisions) with k sub-cells per grid
///   cell, k the least in [1, 16] that brings the tessellation within
///   1e-3·min(dx, dy) of the bicubic surface (CalcTessellationError), also
///   held to at most kHeightFieldDistanceTriangles triangles; the
///   bound reached is `mesh_error`. The point and sphere queries, rays and
///   support points polish on the true surface (height_field_distance.h);
///   the other pairs are the mesh queries on the tessellation.
///
/// Copies are cheap: the mesh data are shared, immutable.
struct DistanceGeometry {
  /// The shape as given.
  Shape shape{Sphere(1.0)};
  /// Mesh: the surface's distance data; Convex: the hull's; Torus and
  /// HeightField: their tessellation's (closed, outward normals); in G.
  /// Null for the other primitives.
  std::shared_ptr<const MeshDistanceData> mesh;
  /// Convex only: the hull's surface (the same mesh as `mesh->mesh`,
  /// sharing its ownership), in G. Null otherwise.
  std::shared_ptr<const TriangleSurfaceMesh> hull;
  /// The radius of a ball about G's origin holding the geometry (+∞ for a
  /// half-space): the length scale of the geometry.
  double bounding_radius{0};
  /// HeightField: a bound on the distance between its tessellation
  /// (`mesh`) and its true surface, m (0 for the other shapes).
  double mesh_error{0};
};

/// The most triangles a HeightField's distance tessellation may have.
inline constexpr int kHeightFieldDistanceTriangles = 400000;

/// Builds the distance data of `shape`.
/// @throws std::invalid_argument for a HeightField whose surface may reach
///         its bottom plane (RequireSurfaceAboveBottom), for a file with an extension that is not
///         a supported mesh file (naming the file), a Mesh whose surface is not
///         closed or not outward (from MakeMeshDistanceData, naming the
///         edge or volume), or a Convex whose vertices span no volume (from
///         ComputeConvexHull);
/// @throws std::runtime_error naming the file (and line) when it cannot be
///         read or parsed.
///
/// `mesh_file_data`: for a Mesh shape, its file's contents as
/// ReadMeshFile(file, scale) returns them, when the caller has read them
/// already (the file is then not read again); ignored for the other shapes.
DistanceGeometry MakeDistanceGeometry(const Shape& shape,
                                      const MeshFileData* mesh_file_data = nullptr);

namespace internal {

/// @throws std::invalid_argument, naming `caller` and the shape, when
///         `geometry` breaks what MakeDistanceGeometry guarantees: a Mesh,
///         Convex, Torus or HeightField without valid distance data (see
///         RequireMeshDistanceData), a Convex without its hull, a bounding
///         radius that is not positive, or a negative or non-finite
///         mesh_error. O(1): for the public queries to call first, so that
///         a geometry assembled by hand is refused instead of dereferenced.
void RequireDistanceGeometry(const DistanceGeometry& geometry, const char* caller);

}  // namespace internal

/// The support mapping's view of a Convex geometry: its hull's vertices.
/// Precondition: the shape is a Convex (so `geometry.mesh` is its hull).
inline const std::vector<Eigen::Vector3d>& HullVertices(const DistanceGeometry& geometry) {
  return geometry.mesh->mesh.vertices();
}

}  // namespace hydrocontact
