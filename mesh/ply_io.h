#pragma once

/// @file
/// Reading and writing PLY (Stanford polygon file) triangle surfaces: ASCII,
/// binary little-endian and binary big-endian. Only the vertex positions
/// (properties x, y, z of element "vertex") and the face lists (property
/// list "vertex_indices" or "vertex_index" of element "face") matter; other
/// properties and elements are read past. Positions are measured and
/// expressed in the mesh's own frame, times a uniform scale.

#include <filesystem>
#include <string>
#include <string_view>

#include "mesh/surface_assembly.h"
#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact {

/// PLY data encodings.
enum class PlyEncoding { kAscii, kBinaryLittleEndian, kBinaryBigEndian };

/// Reads the PLY file `file` as a triangle surface (polygons by ear
/// clipping, then the shared clean-up, see SurfaceReadResult).
/// @throws std::invalid_argument if `scale` is not finite and positive.
/// @throws std::runtime_error naming the file and the line (header, ASCII
///         data) or the element and byte offset (binary data) for: an
///         unreadable file; a header that is not PLY or lacks end_header; an
///         unknown format, type or keyword; no vertex x, y, z or no face
///         list; counts the data cannot hold (checked before anything is
///         allocated); a non-number, non-finite coordinate, negative or
///         out-of-range index or a face of fewer than three vertices;
///         truncated data; only degenerate faces.
SurfaceReadResult ReadPlyFile(const std::filesystem::path& file, double scale = 1.0);

/// As ReadPlyFile for PLY data held in memory.
SurfaceReadResult ReadPlyString(std::string_view contents, std::string_view source_name = "<string>",
                                double scale = 1.0);

/// The PLY data of `mesh` in `encoding`, positions as doubles (exact round
/// trips: ASCII uses the shortest decimal form that reads back the same).
/// @throws std::invalid_argument naming the value if `encoding` is none of
///         PlyEncoding's enumerators.
std::string WritePlyString(const TriangleSurfaceMesh& mesh, PlyEncoding encoding);

/// Writes WritePlyString(mesh, encoding) to `file`.
/// @throws std::invalid_argument as WritePlyString;
///         std::runtime_error naming the file if it cannot be written.
void WritePlyFile(const std::filesystem::path& file, const TriangleSurfaceMesh& mesh,
                  PlyEncoding encoding);

}  // namespace hydrocontact
