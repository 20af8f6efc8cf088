#include "mesh/vtk_writer.h"

#include <charconv>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "mesh/vtk_reader.h"
#include "tests/mesh/test_files.h"
#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

// A Kuhn cube moved to awkward coordinates (rotated, shifted), so that any
// loss of digits in the writer would show, with two point fields.
struct Sample {
  VolumeMesh mesh;
  std::vector<double> pressure;
  std::vector<double> extent;
};

Sample MakeSample() {
  const VolumeMesh cube = test::MakeKuhnCube(2, 0.1);
  const Eigen::Matrix3d R =
      Eigen::AngleAxisd(0.3, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  std::vector<Eigen::Vector3d> vertices;
  for (const auto& p : cube.vertices()) vertices.push_back(R * p + Eigen::Vector3d(1.0 / 3, -0.7, 1e-3));
  Sample s{VolumeMesh(cube.tetrahedra(), vertices), {}, {}};
  for (const auto& p : vertices) {
    s.pressure.push_back(1e5 * std::sin(10 * p.x()) + 1.0 / 7);
    s.extent.push_back(p.norm() * 1e-300);  // Tiny, near the denormals.
  }
  return s;
}

TEST_CASE("VTK volume ASCII and BINARY round-trip exactly", "[vtk_writer]") {
  const Sample s = MakeSample();
  const std::vector<VtkPointScalar> arrays{{"pressure", &s.pressure}, {"extent", &s.extent}};
  for (VtkEncoding encoding : {VtkEncoding::kAscii, VtkEncoding::kBinary}) {
    const std::string text = WriteVtkVolumeString(s.mesh, arrays, encoding);
    CHECK(text.rfind("# vtk DataFile Version 3.0\n", 0) == 0);
    CHECK_THAT(text, Contains(encoding == VtkEncoding::kAscii ? "\nASCII\n" : "\nBINARY\n"));
    const VtkVolumeData d = ReadVtkVolumeString(text);
    CHECK(d.mesh.Equal(s.mesh));
    CHECK_FALSE(d.orientation_flipped);
    CHECK(d.num_skipped_cells == 0);
    CHECK(d.num_unused_points == 0);
    REQUIRE(d.point_scalars.size() == 2);
    CHECK(d.point_scalars.at("pressure") == s.pressure);
    CHECK(d.point_scalars.at("extent") == s.extent);
  }
  // Through a file as well; binary is about half the size of ASCII here.
  test::ScratchDirectory dir;
  WriteVtkVolume(dir.path() / "a.vtk", s.mesh, arrays);
  WriteVtkVolume(dir.path() / "b.vtk", s.mesh, arrays, VtkEncoding::kBinary);
  CHECK(ReadVtkVolumeFile(dir.path() / "a.vtk").mesh.Equal(s.mesh));
  CHECK(ReadVtkVolumeFile(dir.path() / "b.vtk").mesh.Equal(s.mesh));
  CHECK(std::filesystem::file_size(dir.path() / "b.vtk") <
        std::filesystem::file_size(dir.path() / "a.vtk"));
}

TEST_CASE("VTK volume layout: counts and cell types as VTK expects", "[vtk_writer]") {
  // One tetrahedron, no fields: the whole file, by hand.
  const VolumeMesh tet({{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 0.5}});
  CHECK(WriteVtkVolumeString(tet) ==
        "# vtk DataFile Version 3.0\nwritten by hydrocontact\nASCII\n"
        "DATASET UNSTRUCTURED_GRID\nPOINTS 4 double\n0 0 0\n1 0 0\n0 1 0\n0 0 0.5\n"
        "CELLS 1 5\n4 0 1 2 3\nCELL_TYPES 1\n10\n");
}

// Splits text into whitespace-separated tokens (the test's own reading of
// the POLYDATA output).
std::vector<std::string> Tokens(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> tokens;
  for (std::string t; in >> t;) tokens.push_back(t);
  return tokens;
}

double ToDouble(const std::string& s) {
  double v = NAN;
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

TEST_CASE("VTK triangle surface POLYDATA with point scalars and cell vectors", "[vtk_writer]") {
  const TriangleSurfaceMesh sphere = test::MakeIcosphere(1, 0.05);
  std::vector<double> height;
  for (const auto& p : sphere.vertices()) height.push_back(p.z() / 3);
  std::vector<Eigen::Vector3d> normals;
  for (int f = 0; f < sphere.num_triangles(); ++f) normals.push_back(sphere.face_normal(f));
  const std::string text =
      WriteVtkSurfaceString(sphere, {{"height", &height}}, {{"normal", &normals}});
  const std::vector<std::string> t = Tokens(text);
  const int nv = sphere.num_vertices(), nf = sphere.num_triangles();
  REQUIRE(nv == 42);
  REQUIRE(nf == 80);
  // Layout: 13 header tokens ("#", "vtk", ..., "POLYDATA"), then POINTS.
  size_t k = 0;
  while (t[k] != "POINTS") ++k;
  CHECK(t[k - 1] == "POLYDATA");
  CHECK(t[k + 1] == "42");
  CHECK(t[k + 2] == "double");
  k += 3;
  for (int v = 0; v < nv; ++v) {
    for (int i = 0; i < 3; ++i) CHECK(ToDouble(t[k++]) == sphere.vertex(v)[i]);
  }
  CHECK(t[k++] == "POLYGONS");
  CHECK(t[k++] == "80");
  CHECK(t[k++] == "320");
  for (int f = 0; f < nf; ++f) {
    CHECK(t[k++] == "3");
    for (int i = 0; i < 3; ++i) CHECK(std::stoi(t[k++]) == sphere.element(f)[i]);
  }
  CHECK(t[k++] == "POINT_DATA");
  CHECK(t[k++] == "42");
  CHECK(t[k++] == "SCALARS");
  CHECK(t[k++] == "height");
  CHECK(t[k++] == "double");
  CHECK(t[k++] == "1");
  CHECK(t[k++] == "LOOKUP_TABLE");
  CHECK(t[k++] == "default");
  for (int v = 0; v < nv; ++v) CHECK(ToDouble(t[k++]) == height[v]);
  CHECK(t[k++] == "CELL_DATA");
  CHECK(t[k++] == "80");
  CHECK(t[k++] == "VECTORS");
  CHECK(t[k++] == "normal");
  CHECK(t[k++] == "double");
  for (int f = 0; f < nf; ++f) {
    for (int i = 0; i < 3; ++i) CHECK(ToDouble(t[k++]) == normals[f][i]);
  }
  CHECK(k == t.size());
}

TEST_CASE("VTK polygon surface POLYDATA lists each polygon's size", "[vtk_writer]") {
  const PolygonSurfaceMesh mesh({4, 0, 1, 2, 3, 3, 1, 4, 2},
                                {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {2, 0.5, 0}});
  const std::vector<double> p{1, 2, 3, 4, 5};
  const std::vector<Eigen::Vector3d> n{{0, 0, 1}, {0, 0, -1}};
  test::ScratchDirectory dir;
  WriteVtkSurface(dir.path() / "p.vtk", mesh, {{"p", &p}}, {{"n", &n}});
  CHECK(test::ReadWholeFile(dir.path() / "p.vtk") ==
        "# vtk DataFile Version 3.0\nwritten by hydrocontact\nASCII\nDATASET POLYDATA\n"
        "POINTS 5 double\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n2 0.5 0\n"
        "POLYGONS 2 9\n4 0 1 2 3\n3 1 4 2\n"
        "POINT_DATA 5\nSCALARS p double 1\nLOOKUP_TABLE default\n1\n2\n3\n4\n5\n"
        "CELL_DATA 2\nVECTORS n double\n0 0 1\n0 0 -1\n");
  // The triangle overload writes the same kind of file.
  WriteVtkSurface(dir.path() / "t.vtk", test::MakeIcosphere(0, 1.0));
  CHECK_THAT(test::ReadWholeFile(dir.path() / "t.vtk"), Contains("POLYGONS 20 80\n"));
}

TEST_CASE("VTK writer refuses bad arrays, naming them", "[vtk_writer][errors]") {
  const VolumeMesh tet({{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  // An encoding that is no enumerator is refused, not written as ASCII.
  CHECK_THROWS_WITH(WriteVtkVolumeString(tet, {}, static_cast<VtkEncoding>(2)),
                    Contains("encoding 2 is neither kAscii (0) nor kBinary (1)"));
  const std::vector<double> four{1, 2, 3, 4};
  const std::vector<double> three{1, 2, 3};
  const std::vector<double> with_nan{1, 2, NAN, 4};
  auto check = [&](const std::vector<VtkPointScalar>& arrays, const std::string& expected) {
    CHECK_THROWS_AS(WriteVtkVolumeString(tet, arrays), std::invalid_argument);
    CHECK_THROWS_WITH(WriteVtkVolumeString(tet, arrays), Contains(expected));
  };
  check({{"two words", &four}}, "point scalar name 'two words' is not a valid VTK array name");
  check({{"", &four}}, "a point scalar has an empty name");
  check({{"caf\xc3\xa9", &four}}, "is not a valid VTK array name");
  check({{"p", &four}, {"p", &four}}, "two point scalars are named 'p'");
  check({{"p", nullptr}}, "point scalar 'p' has no values");
  check({{"p", &three}}, "point scalar 'p' has 3 values for 4 vertices");
  check({{"p", &with_nan}}, "point scalar 'p': the value at vertex 2 is not finite");

  const TriangleSurfaceMesh tri({{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  const std::vector<Eigen::Vector3d> two{{0, 0, 1}, {0, 0, 1}};
  const std::vector<Eigen::Vector3d> inf{{0, INFINITY, 1}};
  CHECK_THROWS_WITH(WriteVtkSurfaceString(tri, {}, {{"n", &two}}),
                    Contains("cell vector 'n' has 2 vectors for 1 elements"));
  CHECK_THROWS_WITH(WriteVtkSurfaceString(tri, {}, {{"n", &inf}}),
                    Contains("cell vector 'n': the vector of element 0 is not finite"));
  CHECK_THROWS_WITH(WriteVtkSurfaceString(tri, {}, {{"n\t", &two}}),
                    Contains("not a valid VTK array name"));

  test::ScratchDirectory dir;
  CHECK_THROWS_AS(WriteVtkVolume(dir.path() / "missing_dir" / "x.vtk", tet), std::runtime_error);
  CHECK_THROWS_WITH(WriteVtkSurface(dir.path() / "missing_dir" / "y.vtk", tri),
                    Contains("y.vtk"));
}

}  // namespace
}  // namespace hydrocontact
