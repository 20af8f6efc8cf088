#include "mesh/vtk_cell_types.h"

#include <catch2/catch.hpp>

namespace hydrocontact::internal {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("VTK cell types: ids, dimensions and vertex counts of vtkCellType.h") {
  // Values from VTK's vtkCellType.h and the cell definitions: a tetrahedron
  // has 4 vertices in 3-D, a triangle 3 in 2-D, a line 2 in 1-D, a
  // hexahedron 8, a polyhedron any number.
  const VtkCellType* tet = FindVtkCellType(kVtkTetra);
  REQUIRE(tet != nullptr);
  CHECK(tet->dimension == 3);
  CHECK(tet->num_vertices == 4);
  CHECK(FindVtkCellType(5)->dimension == 2);
  CHECK(FindVtkCellType(5)->num_vertices == 3);
  CHECK(FindVtkCellType(3)->dimension == 1);
  CHECK(FindVtkCellType(12)->num_vertices == 8);
  CHECK(FindVtkCellType(42)->num_vertices == -1);
  // Ids VTK does not define.
  CHECK(FindVtkCellType(-1) == nullptr);
  CHECK(FindVtkCellType(17) == nullptr);
  CHECK(FindVtkCellType(1000) == nullptr);
}

}  // namespace
}  // namespace hydrocontact::internal
