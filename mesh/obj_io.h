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
#include "mesh/surface_assembly.h"
#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact {

/// A triangle mesh read from OBJ, with what the reader cleaned up (the
/// clean-up every surface reader shares; see SurfaceReadResult).
using ObjReadResult = SurfaceReadResult;

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
/// ReadObjFile gives the triangulation of each polygon (the fan from its
/// first vertex when it is convex).
/// @throws std::runtime_error naming the file if it cannot be written.
void WriteObjFile(const std::filesystem::path& file, const PolygonSurfaceMesh& mesh);

}  // namespace hydrocontact
