#pragma once

/// @file
/// Reading tetrahedral volume meshes (DATASET UNSTRUCTURED_GRID) and
/// triangle surfaces (DATASET POLYDATA) from legacy VTK files.
///
/// Supported: "# vtk DataFile Version" 2.0 to 5.1, ASCII or BINARY
/// (big-endian, as the format prescribes), with the classic cell layout or
/// the 5.1 OFFSETS/CONNECTIVITY layout. Point
/// positions are taken to be measured and expressed in the mesh's own frame
/// (G for a geometry), times a uniform scale.

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "mesh/surface_assembly.h"
#include "mesh/volume_assembly.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// Reads the tetrahedral mesh of the legacy VTK file `file`, scaling its
/// positions by `scale`. Cells of dimension lower than three are skipped;
/// CELL_DATA and arrays with several components are read and discarded.
///
/// Orientation: if every tetrahedron is negatively oriented, the file uses
/// the opposite convention, and all are flipped; if orientations are mixed,
/// the file is refused, naming the first tetrahedron of the minority sign.
///
/// @throws std::invalid_argument if `scale` is not finite and positive.
/// @throws std::runtime_error naming the file and the line (ASCII) or the
///         section (BINARY) for: a missing or unreadable file; a header that
///         is not legacy VTK; a DATASET other than UNSTRUCTURED_GRID; an
///         unknown keyword or data type; a three-dimensional cell other than
///         a tetrahedron (naming its type) or an unknown cell type; no
///         tetrahedra; counts that disagree (CELLS count or size vs. data,
///         CELL_TYPES vs. CELLS, POINT_DATA vs. POINTS, a cell's vertex count
///         vs. its type); truncated data; a non-number where a number
///         belongs; non-finite coordinates or point data; vertex indices out
///         of range; a degenerate (zero-volume) tetrahedron; mixed
///         orientations; a duplicate point array name; or a face shared by
///         more than two tetrahedra.
VtkVolumeData ReadVtkVolumeFile(const std::filesystem::path& file, double scale = 1.0);

/// As ReadVtkVolumeFile, for VTK data held in memory; `source_name` stands
/// for the file name in error messages.
VtkVolumeData ReadVtkVolumeString(std::string_view contents,
                                  std::string_view source_name = "<string>", double scale = 1.0);

/// Reads the POLYDATA of the legacy VTK file `file` as a triangle surface:
/// POLYGONS and TRIANGLE_STRIPS become triangles (polygons by ear clipping),
/// VERTICES and LINES are skipped, and the shared surface clean-up applies
/// (see SurfaceReadResult: welding, degenerate triangles dropped).
/// @throws std::invalid_argument if `scale` is not finite and positive.
/// @throws std::runtime_error naming the file and line (ASCII) or section
///         (BINARY) for the malformed-data cases of ReadVtkVolumeFile, a
///         DATASET other than POLYDATA, a polygon of fewer than 3 vertices,
///         an index out of range, or no polygon at all.
SurfaceReadResult ReadVtkSurfaceFile(const std::filesystem::path& file, double scale = 1.0);

/// As ReadVtkSurfaceFile, for VTK data held in memory.
SurfaceReadResult ReadVtkSurfaceString(std::string_view contents,
                                       std::string_view source_name = "<string>",
                                       double scale = 1.0);

/// True if the legacy VTK data `contents` declares DATASET POLYDATA (so is a
/// surface); false for anything else, including malformed data (which the
/// volume reader then reports).
bool VtkStringHoldsPolyData(std::string_view contents);

}  // namespace hydrocontact
