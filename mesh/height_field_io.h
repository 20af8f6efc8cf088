#pragma once

/// @file
/// Reading and writing HeightField files (geometry/shape.h): a small text
/// format.
///
///     # comment (from '#' to the end of the line, anywhere)
///     nx ny dx dy thickness
///     h(0,0)    h(1,0)    ... h(nx-1,0)
///     h(0,1)    h(1,1)    ... h(nx-1,1)
///     ...
///     h(0,ny-1) ...           h(nx-1,ny-1)
///
/// The first non-blank line is the header: the integer sample counts nx, ny
/// (≥ 2), the cell sizes dx, dy (m) and the thickness of the solid below the
/// lowest sample (m). Then exactly ny rows of nx heights (m), one row per
/// non-blank line: row j holds the samples at y_j = −Ly/2 + j·dy, from
/// x = −Lx/2 to +Lx/2 (so the first row is the lowest y). Numbers are
/// separated by spaces, tabs or commas (a CSV file of heights with the
/// header line is accepted). Blank lines are skipped; nothing may follow the
/// last row.

#include <filesystem>
#include <string>
#include <string_view>

#include "geometry/shape.h"

namespace hydrocontact {

/// Reads a height field file (format in the file comment).
/// @throws std::runtime_error naming the file and the line for: an
///         unreadable file; a missing or malformed header (not five values,
///         a count that is not an integer in [2, 2^24] or whose product
///         exceeds HeightField::kMaxSamples, a size that is not a number); a
///         row with the wrong number of values or a value that is not a
///         finite number; too few or too many rows; and, naming the
///         parameter, what HeightField's constructor refuses (non-positive or
///         out-of-range sizes, heights beyond kMaxCoordinate).
HeightField ReadHeightFieldFile(const std::filesystem::path& file);

/// As ReadHeightFieldFile for data held in memory; `source_name` stands for
/// the file name in messages.
HeightField ReadHeightFieldString(std::string_view contents,
                                  std::string_view source_name = "<string>");

/// The file contents of `field` (shortest round-trip decimal numbers, so
/// reading it back gives the same doubles).
std::string WriteHeightFieldString(const HeightField& field);

}  // namespace hydrocontact
