#include "query_results/contact_surface_vtk.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "mesh/vtk_reader.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

std::string ReadText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::filesystem::path TempFile(const std::string& name) {
  return std::filesystem::temp_directory_path() / name;
}

TEST_CASE("A triangle surface keeps its faces, pressures and M's gradient", "[contact_surface_vtk]") {
  // The unit square in z = 0 as two triangles, pressure 10 + 2x + 3y at the
  // corners (10, 12, 15, 13), M's gradient given per face, N rigid (none).
  const TriangleSurfaceMesh mesh({{0, 1, 2}, {0, 2, 3}}, {Vector3d(0, 0, 0), Vector3d(1, 0, 0),
                                                          Vector3d(1, 1, 0), Vector3d(0, 1, 0)});
  const GeometryId low = GeometryId::get_new_id();
  const GeometryId high = GeometryId::get_new_id();
  const ContactSurface s(low, high, mesh, TriangleSurfaceMeshFieldLinear({10, 12, 15, 13}, mesh),
                         std::vector<Vector3d>{Vector3d(0, 0, 5), Vector3d(0, 0, 6)});
  const auto file = TempFile("contact_surface_vtk_test_tri.vtk");
  WriteContactSurfaceVtk(file, &s);
  // Read back by the project's own legacy reader: the same two triangles
  // over the same four corners.
  const SurfaceReadResult back = ReadVtkSurfaceFile(file);
  REQUIRE(back.mesh.num_elements() == 2);
  REQUIRE(back.mesh.num_vertices() == 4);
  for (int v = 0; v < 4; ++v) CHECK(back.mesh.vertex(v) == mesh.vertex(v));
  // The arrays, by name: pressure per vertex (exact decimals of the
  // values), normal and grad_eM per face; no grad_eN for the rigid N.
  const std::string text = ReadText(file);
  CHECK(text.find("POINT_DATA 4") != std::string::npos);
  CHECK(text.find("SCALARS pressure") != std::string::npos);
  CHECK(text.find("\n10\n12\n15\n13\n") != std::string::npos);
  CHECK(text.find("VECTORS normal") != std::string::npos);
  CHECK(text.find("VECTORS grad_eM") != std::string::npos);
  CHECK(text.find("grad_eN") == std::string::npos);
  std::filesystem::remove(file);
}

TEST_CASE("A polygon surface in binary, and no surface at all", "[contact_surface_vtk]") {
  // The unit square as one polygon and the triangle (1,0), (2,0), (1,1).
  const PolygonSurfaceMesh mesh({4, 0, 1, 2, 3, 3, 1, 4, 2},
                                {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(1, 1, 0),
                                 Vector3d(0, 1, 0), Vector3d(2, 0, 0)});
  const ContactSurface s(GeometryId::get_new_id(), GeometryId::get_new_id(), mesh,
                         PolygonSurfaceMeshFieldLinear({1, 2, 3, 4, 5}, mesh),
                         std::vector<Vector3d>{Vector3d(0, 0, 1), Vector3d(0, 0, 2)},
                         std::vector<Vector3d>{Vector3d(0, 0, -1), Vector3d(0, 0, -2)});
  const auto file = TempFile("contact_surface_vtk_test_poly.vtk");
  WriteContactSurfaceVtk(file, &s, VtkEncoding::kBinary);
  const std::string text = ReadText(file);
  CHECK(text.find("BINARY") != std::string::npos);
  CHECK(text.find("POLYGONS 2 9") != std::string::npos);  // 2 faces, 4+1 + 3+1 entries
  CHECK(text.find("VECTORS grad_eM") != std::string::npos);
  CHECK(text.find("VECTORS grad_eN") != std::string::npos);

  const auto empty = TempFile("contact_surface_vtk_test_empty.vtk");
  WriteContactSurfaceVtk(empty, nullptr);
  CHECK(ReadText(empty).find("POINTS 0") != std::string::npos);
  std::filesystem::remove(file);
  std::filesystem::remove(empty);
}

TEST_CASE("An unwritable path is refused, naming it", "[contact_surface_vtk]") {
  const auto file = TempFile("no_such_directory_for_contact_surface_vtk") / "s.vtk";
  try {
    WriteContactSurfaceVtk(file, nullptr);
    FAIL("no exception");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("no_such_directory_for_contact_surface_vtk") != std::string::npos);
  }
}

}  // namespace
}  // namespace hydrocontact
