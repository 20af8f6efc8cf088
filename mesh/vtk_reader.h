#pragma once

/// @file
/// Reading tetrahedral volume meshes from legacy VTK files.
///
/// Supported: "# vtk DataFile Version" 2.0 to 5.1, ASCII or BINARY
/// (big-endian, as the format prescribes), DATASET UNSTRUCTURED_GRID, with
/// the classic CELLS layout or the 5.1 OFFSETS/CONNECTIVITY layout. Point
/// positions are taken to be measured and expressed in the mesh's own frame
/// (G for a geometry), times a uniform scale.

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// A tetrahedral mesh read from a VTK file, its one-component point arrays,
/// and what the reader did to the file's contents on the way.
struct VtkVolumeData {
  /// The file's tetrahedra (VTK cell type 10) over the points they use,
  /// positively oriented, scaled. Points keep their file order; points no
  /// tetrahedron uses are dropped.
  VolumeMesh mesh;
  /// One value per mesh vertex for each one-component point array of the
  /// file (POINT_DATA SCALARS with one component, and one-component FIELD
  /// arrays), by name, renumbered like the vertices. Values are not scaled.
  std::map<std::string, std::vector<double>> point_scalars;
  /// Lower-dimensional cells (vertices, lines, triangles, quads... as gmsh
  /// writes for boundaries) that were skipped.
  int num_skipped_cells{0};
  /// Points dropped because no tetrahedron uses them.
  int num_unused_points{0};
  /// True when every tetrahedron of the file was negatively oriented (the
  /// file follows the opposite convention) and all were flipped by
  /// swapping their local vertices 1 and 2.
  bool orientation_flipped{false};
};

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

}  // namespace hydrocontact
