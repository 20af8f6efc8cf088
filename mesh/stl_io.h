#pragma once

/// @file
/// Reading and writing STL triangle surfaces, ASCII and binary. Positions
/// are measured and expressed in the mesh's own frame, times a uniform
/// scale. STL repeats each vertex in every facet: the shared surface
/// clean-up (SurfaceReadResult) welds the copies, so a closed solid reads
/// back closed. Facet normals in the file are ignored (the winding decides).

#include <filesystem>
#include <string>
#include <string_view>

#include "mesh/surface_assembly.h"
#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact {

/// Reads the STL file `file` (ASCII or binary, told apart by the binary
/// layout's size rule: 84 + 50·N bytes for the N facets its header
/// announces), scaling positions by `scale`.
/// @throws std::invalid_argument if `scale` is not finite and positive.
/// @throws std::runtime_error naming the file and the line (ASCII) or the
///         facet and byte offset (binary) for: an unreadable file; a binary
///         size that disagrees with its facet count; an ASCII keyword out of
///         place; a non-number or non-finite coordinate; a loop of fewer than
///         three vertices; truncated data; no facet; only degenerate facets.
SurfaceReadResult ReadStlFile(const std::filesystem::path& file, double scale = 1.0);

/// As ReadStlFile for STL data held in memory; `source_name` stands for the
/// file name in messages.
SurfaceReadResult ReadStlString(std::string_view contents, std::string_view source_name = "<string>",
                                double scale = 1.0);

/// The STL data of `mesh`: binary (float32 coordinates, so positions are
/// rounded to float) or ASCII (shortest exact decimal doubles, so reading it
/// back gives exactly the mesh's doubles). Facet normals are the triangles'
/// unit normals.
std::string WriteStlString(const TriangleSurfaceMesh& mesh, bool binary);

/// Writes WriteStlString(mesh, binary) to `file`.
/// @throws std::runtime_error naming the file if it cannot be written.
void WriteStlFile(const std::filesystem::path& file, const TriangleSurfaceMesh& mesh, bool binary);

}  // namespace hydrocontact
