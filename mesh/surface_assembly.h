#pragma once

/// @file
/// The one clean-up policy every triangle-surface reader (OBJ, STL, PLY,
/// legacy VTK POLYDATA) applies to the polygons it read: scale, weld exactly
/// coincident positions, triangulate polygons by ear clipping, drop
/// degenerate triangles, keep only used vertices, and build (and so
/// validate) the TriangleSurfaceMesh. One routine, so every format repairs
/// and refuses the same things in the same way.

#include <array>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact {

/// A triangle mesh read from a surface file, with what the reader had to
/// clean up. Scanned meshes are messy; rather than refusing them, the
/// readers repair what has one obvious repair and say how much they
/// repaired.
struct SurfaceReadResult {
  /// Every face of the file, triangulated (triangles kept as they are;
  /// polygons by ear clipping in their plane, which gives the fan from the
  /// first vertex when the polygon is convex), in file order, vertices in
  /// file order (after the clean-up below), scaled.
  TriangleSurfaceMesh mesh;
  /// Triangles (of the triangulation) dropped because they were degenerate:
  /// a vertex repeated after welding, or zero area by the same test
  /// TriangleSurfaceMesh applies.
  int num_dropped_faces{0};
  /// Vertices merged into an earlier vertex at exactly the same position.
  int num_welded_vertices{0};
  /// Vertices dropped because no kept triangle uses them (including those
  /// used only by dropped triangles).
  int num_unreferenced_vertices{0};
};

namespace internal {

/// Triangulates the simple polygon `polygon` (indices into `positions`, at
/// least three) by ear clipping in the plane of its Newell normal. For a
/// convex polygon the result is the fan from polygon[0]. When no ear can be
/// found (a self-intersecting or degenerate polygon) the rest is fanned, so
/// the result always has polygon.size() - 2 triangles; degenerate ones are
/// left for the caller to drop. Triangles are returned as positions in
/// `polygon` (0 .. n-1), wound like the polygon.
std::vector<std::array<int, 3>> TriangulatePolygon(std::span<const Eigen::Vector3d> positions,
                                                   std::span<const int> polygon);

/// Applies the surface clean-up policy (see the file comment) to polygons
/// read from `source` (a file of `format`, e.g. "OBJ", for messages): face f has face_sizes[f] vertices, whose indices into
/// `positions` (unscaled, file order, each in range) follow one another in
/// `face_indices`. `vertex_location(v)` names file vertex v in messages
/// (e.g. "box.obj, line 3").
/// @throws std::runtime_error naming the source if a scaled position is not
///         finite (naming its vertex), there is no face, or every triangle is
///         degenerate; or with the TriangleSurfaceMesh's message.
SurfaceReadResult AssembleSurface(const std::vector<Eigen::Vector3d>& positions,
                                  std::span<const int> face_sizes,
                                  std::span<const int> face_indices, double scale,
                                  std::string_view source, std::string_view format,
                                  const std::function<std::string(int)>& vertex_location);

/// @throws std::invalid_argument naming `format` and `source` unless `scale`
///         is finite and positive.
void ValidateReadScale(double scale, std::string_view format, std::string_view source);

}  // namespace internal
}  // namespace hydrocontact
