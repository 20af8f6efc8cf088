#pragma once

/// @file
/// The VTK cell types (vtkCellType.h) that the legacy VTK and the VTK XML
/// (.vtu) readers both judge cells by: a tetrahedron is kept, a cell of
/// lower dimension skipped, any other 3-D cell refused by name.

#include <cstdint>
#include <string_view>

namespace hydrocontact::internal {

/// One VTK cell type: its id, a readable name for messages, its topological
/// dimension (0 to 3) and its vertex count (-1: any number).
struct VtkCellType {
  int id;
  std::string_view name;
  int dimension;
  int num_vertices;
};

/// The linear tetrahedron (VTK_TETRA).
inline constexpr int kVtkTetra = 10;

/// The cell type with VTK id `id`, or nullptr if VTK defines none.
const VtkCellType* FindVtkCellType(int64_t id);

}  // namespace hydrocontact::internal
