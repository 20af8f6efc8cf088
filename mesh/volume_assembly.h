#pragma once

/// @file
/// The one policy every tetrahedral-volume reader (legacy VTK, gmsh .msh,
/// VTK XML .vtu) applies to the tetrahedra it read: keep the points they
/// use, scale, judge each tetrahedron's orientation (all negative: the file
/// uses the opposite convention and all are flipped; mixed: refused, naming
/// the first of the minority sign), refuse degenerate ones, and build (and
/// so validate) the VolumeMesh.

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// A tetrahedral mesh read from a volume file, its one-component point
/// arrays, and what the reader did to the file's contents on the way.
struct VtkVolumeData {
  /// The file's tetrahedra over the points they use, positively oriented,
  /// scaled. Points keep their file order; points no tetrahedron uses are
  /// dropped.
  VolumeMesh mesh;
  /// One value per mesh vertex for each one-component point array of the
  /// file (legacy VTK: POINT_DATA SCALARS with one component and
  /// one-component FIELD arrays; .vtu: one-component PointData arrays), by
  /// name (legacy names decoded from VTK's "%20" escapes), renumbered like
  /// the vertices. Values are not scaled.
  std::map<std::string, std::vector<double>> point_scalars;
  /// Lower-dimensional cells (vertices, lines, triangles, quads... as gmsh
  /// writes for boundaries) that were skipped, and a .msh 2.2 file's
  /// repeats of a tetrahedron (one per further physical group holding it).
  int num_skipped_cells{0};
  /// Points dropped because no tetrahedron uses them.
  int num_unused_points{0};
  /// True when every tetrahedron of the file was negatively oriented (the
  /// file follows the opposite convention) and all were flipped by
  /// swapping their local vertices 1 and 2.
  bool orientation_flipped{false};
};

/// Any volume file's data; the name the legacy VTK reader gave it first.
using VolumeReadResult = VtkVolumeData;

namespace internal {

/// Applies the volume policy (see the file comment). `points` holds x y z
/// per file point (unscaled); `tetrahedra` index into it (each index
/// already checked to be in range). `tetrahedron_location(e)` names
/// tetrahedron e in messages, e.g. "box.vtk, line 14: cell 1"; `source`
/// names the file for messages about the whole mesh.
/// @param kept_points  if not null, receives the file index of each mesh
///                     vertex (to renumber point arrays).
/// @throws std::runtime_error if there is no tetrahedron, a scaled point is
///         not finite, a tetrahedron is degenerate (zero volume),
///         orientations are mixed, or VolumeMesh refuses the mesh.
VtkVolumeData AssembleVolume(const std::vector<double>& points,
                             std::vector<VolumeMesh::Element> tetrahedra, double scale,
                             std::string_view source,
                             const std::function<std::string(size_t)>& tetrahedron_location,
                             std::vector<int>* kept_points = nullptr);

}  // namespace internal
}  // namespace hydrocontact
