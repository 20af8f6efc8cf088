#pragma once

/// @file
/// Reading Wavefront OBJ files into triangle surface meshes, and writing
/// triangle and polygon surface meshes as OBJ.
///
/// Positions in the file are taken to be measured and expressed in the
/// mesh's own frame (G for a geometry), times a uniform scale. Only vertex
/// positions ('v') and faces ('f') matter; texture coordinates, normals,
/// groups, objects, materials, smoothing groups, lines and points are
/// accepted and ignored.

#include <filesystem>
#include <string>
#include <string_view>

#include "mesh/polygon_surface_mesh.h"
#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact {

/// A triangle mesh read from OBJ, with what the reader had to clean up.
/// Scanned meshes are messy; rather than refusing them, the reader repairs
/// what has one obvious repair and says how much it repaired.
struct ObjReadResult {
  /// Every face of every object/group of the file, fan-triangulated around
  /// its first vertex, in file order, vertices in file order (after the
  /// clean-up below), scaled.
  TriangleSurfaceMesh mesh;
  /// Triangles (of the fan triangulation) dropped because they were
  /// degenerate: a vertex repeated after welding, or zero area by the same
  /// test TriangleSurfaceMesh applies.
  int num_dropped_faces{0};
  /// Vertices merged into an earlier vertex at exactly the same position.
  int num_welded_vertices{0};
  /// Vertices dropped because no kept triangle uses them (including those
  /// used only by dropped triangles).
  int num_unreferenced_vertices{0};
};

/// Reads the OBJ file `file` as a triangle surface mesh, scaling every
/// position by `scale`, and reports the clean-up (see ObjReadResult).
/// @throws std::invalid_argument if `scale` is not finite and positive.
/// @throws std::runtime_error naming the file (and the line where there is
///         one) if the file cannot be read, holds unreadable content (an
///         unknown keyword, binary data), a 'v' line without three finite
///         numbers, a face with fewer than three vertices, a face index that
///         is zero, malformed or refers to a vertex that does not exist, no
///         face at all, or only degenerate faces.
ObjReadResult ReadObjFileWithReport(const std::filesystem::path& file, double scale = 1.0);

/// As ReadObjFileWithReport, returning only the mesh.
TriangleSurfaceMesh ReadObjFile(const std::filesystem::path& file, double scale = 1.0);

/// As ReadObjFileWithReport, for OBJ text held in memory; `source_name`
/// stands for the file name in error messages.
ObjReadResult ReadObjStringWithReport(std::string_view contents, double scale = 1.0,
                                      std::string_view source_name = "<string>");

/// As ReadObjStringWithReport, returning only the mesh.
TriangleSurfaceMesh ReadObjString(std::string_view contents, double scale = 1.0,
                                  std::string_view source_name = "<string>");

/// The OBJ text of `mesh`: one 'v' line per vertex, each coordinate in the
/// shortest decimal form that reads back as the same double (so reading the
/// text gives exactly the mesh's doubles), one 'f' line per triangle
/// (1-based indices, the mesh's vertex order).
std::string WriteObjString(const TriangleSurfaceMesh& mesh);

/// The OBJ text of `mesh`, one 'f' line per polygon.
std::string WriteObjString(const PolygonSurfaceMesh& mesh);

/// Writes WriteObjString(mesh) to `file` (replacing it).
/// @throws std::runtime_error naming the file if it cannot be written.
void WriteObjFile(const std::filesystem::path& file, const TriangleSurfaceMesh& mesh);

/// Writes WriteObjString(mesh) to `file` (replacing it). Reading it back with
/// ReadObjFile gives the fan triangulation of each polygon.
/// @throws std::runtime_error naming the file if it cannot be written.
void WriteObjFile(const std::filesystem::path& file, const PolygonSurfaceMesh& mesh);

}  // namespace hydrocontact
