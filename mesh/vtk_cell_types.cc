#include "mesh/vtk_cell_types.h"

namespace hydrocontact::internal {

const VtkCellType* FindVtkCellType(int64_t id) {
  static constexpr VtkCellType kCellTypes[] = {
      {0, "empty cell", 0, 0},
      {1, "vertex", 0, 1},
      {2, "poly-vertex", 0, -1},
      {3, "line", 1, 2},
      {4, "polyline", 1, -1},
      {5, "triangle", 2, 3},
      {6, "triangle strip", 2, -1},
      {7, "polygon", 2, -1},
      {8, "pixel", 2, 4},
      {9, "quad", 2, 4},
      {10, "tetrahedron", 3, 4},
      {11, "voxel", 3, 8},
      {12, "hexahedron", 3, 8},
      {13, "wedge", 3, 6},
      {14, "pyramid", 3, 5},
      {15, "pentagonal prism", 3, 10},
      {16, "hexagonal prism", 3, 12},
      {21, "quadratic edge", 1, 3},
      {22, "quadratic triangle", 2, 6},
      {23, "quadratic quad", 2, 8},
      {24, "quadratic tetrahedron", 3, 10},
      {25, "quadratic hexahedron", 3, 20},
      {26, "quadratic wedge", 3, 15},
      {27, "quadratic pyramid", 3, 13},
      {28, "biquadratic quad", 2, 9},
      {29, "triquadratic hexahedron", 3, 27},
      {30, "quadratic-linear quad", 2, 6},
      {31, "quadratic-linear wedge", 3, 12},
      {32, "biquadratic-quadratic wedge", 3, 18},
      {33, "biquadratic-quadratic hexahedron", 3, 24},
      {34, "biquadratic triangle", 2, 7},
      {35, "cubic line", 1, 4},
      {36, "quadratic polygon", 2, -1},
      {37, "triquadratic pyramid", 3, 19},
      {42, "polyhedron", 3, -1},
      {68, "Lagrange curve", 1, -1},
      {69, "Lagrange triangle", 2, -1},
      {70, "Lagrange quadrilateral", 2, -1},
      {71, "Lagrange tetrahedron", 3, -1},
      {72, "Lagrange hexahedron", 3, -1},
      {73, "Lagrange wedge", 3, -1},
      {74, "Lagrange pyramid", 3, -1},
      {75, "Bezier curve", 1, -1},
      {76, "Bezier triangle", 2, -1},
      {77, "Bezier quadrilateral", 2, -1},
      {78, "Bezier tetrahedron", 3, -1},
      {79, "Bezier hexahedron", 3, -1},
      {80, "Bezier wedge", 3, -1},
      {81, "Bezier pyramid", 3, -1},
  };
  for (const VtkCellType& info : kCellTypes) {
    if (info.id == id) return &info;
  }
  return nullptr;
}


}  // namespace hydrocontact::internal
