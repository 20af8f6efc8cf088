#pragma once

/// @file
/// Reading tetrahedral volume meshes from VTK XML UnstructuredGrid files
/// (.vtu), as VTK, ParaView and meshio write them. Point positions are
/// measured and expressed in the mesh's own frame, times a uniform scale.
///
/// Supported: every Piece of the grid (concatenated); DataArrays in the
/// formats "ascii", "binary" (inline base64) and "appended" (AppendedData
/// encoding "raw" or "base64"); header_type UInt32 or UInt64; byte_order
/// LittleEndian or BigEndian; numeric types Int8 to UInt64, Float32 and
/// Float64 (points and point data of any numeric type, connectivity, offsets
/// and types of any integer type). Compressed files (a `compressor`
/// attribute) are refused, naming the fix: re-save without compression.

#include <filesystem>
#include <string_view>

#include "mesh/volume_assembly.h"

namespace hydrocontact {

/// Reads the tetrahedra (VTK cell type 10) of the .vtu file `file`,
/// skipping cells of lower dimension (vertices, lines, triangles, quads...)
/// as the legacy VTK reader does; one-component PointData arrays become
/// `point_scalars`. The shared volume policy then applies (VtkVolumeData:
/// orientation convention, degenerate tetrahedra, unused points).
/// @throws std::invalid_argument if `scale` is not finite and positive.
/// @throws std::runtime_error naming the file and the line of the element
///         at fault (and the array's name) for: an unreadable file; no
///         VTKFile element or a type other than UnstructuredGrid; compressed
///         data; an unknown byte order, header type, data type or format;
///         malformed XML (an unterminated tag or attribute, a mismatched end
///         tag); a missing Points, connectivity, offsets or types array;
///         counts that disagree (NumberOfPoints / NumberOfCells vs. the
///         arrays, a binary block's byte count vs. its type and count,
///         offsets decreasing or past the connectivity, a cell's vertex
///         count vs. its type); data that is truncated or lies beyond the
///         end of the file (checked before anything is allocated from it);
///         invalid base64; a non-number where a number belongs; non-finite
///         coordinates or point data; a 3-D cell other than a tetrahedron
///         (naming its type) or an unknown cell type; indices out of range;
///         no tetrahedra; and the volume policy's errors.
VtkVolumeData ReadVtuFile(const std::filesystem::path& file, double scale = 1.0);

/// As ReadVtuFile for .vtu data held in memory; `source_name` stands for
/// the file name in messages.
VtkVolumeData ReadVtuString(std::string_view contents, std::string_view source_name = "<string>",
                            double scale = 1.0);

}  // namespace hydrocontact
