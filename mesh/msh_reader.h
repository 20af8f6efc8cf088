#pragma once

/// @file
/// Reading tetrahedral volume meshes from gmsh .msh files: format versions
/// 2.2 and 4.1, ASCII and binary (either byte order, as gmsh writes the
/// machine's own). Node positions are measured and expressed in the mesh's
/// own frame, times a uniform scale. Node tags may be sparse and in any
/// order; they are renumbered in file order.

#include <filesystem>
#include <string_view>

#include "mesh/volume_assembly.h"

namespace hydrocontact {

/// Reads the 4-node tetrahedra (gmsh element type 4) of the .msh file
/// `file`, skipping points, lines, triangles and quadrangles (boundary and
/// physical-group elements gmsh writes) and every section other than
/// $MeshFormat, $Nodes and $Elements. A version 2 file lists an element
/// once for each physical group holding it: a tetrahedron repeating an
/// earlier one's nodes in the same order is read once (the repeats count as
/// skipped cells). The shared volume policy then applies
/// (VtkVolumeData: orientation convention, degenerate tetrahedra, unused
/// nodes). No point arrays are read.
/// @throws std::invalid_argument if `scale` is not finite and positive.
/// @throws std::runtime_error naming the file and the line (ASCII) or byte
///         offset (binary) for: an unreadable file; no $MeshFormat; a
///         version other than 2.x or 4.1; a data size other than 8; a
///         missing section end; counts the data cannot hold (checked before
///         anything is allocated); a non-number or non-finite coordinate; a
///         duplicate node tag or an element naming an unknown one; an unknown
///         element type or a 3-D element other than a 4-node tetrahedron;
///         truncated data; no tetrahedra; and the volume policy's errors.
VtkVolumeData ReadMshFile(const std::filesystem::path& file, double scale = 1.0);

/// As ReadMshFile for .msh data held in memory.
VtkVolumeData ReadMshString(std::string_view contents, std::string_view source_name = "<string>",
                            double scale = 1.0);

}  // namespace hydrocontact
