#include "mesh/vtk_reader.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "mesh/obj_io.h"
#include "mesh/vtk_writer.h"
#include "tests/mesh/test_files.h"
#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

// Builds legacy VTK text with data blocks in ASCII or in big-endian binary,
// encoded here byte by byte, independently of any code under test.
class VtkBuilder {
 public:
  explicit VtkBuilder(bool binary) : binary_(binary) {}

  VtkBuilder& Line(std::string_view s) {
    text_ += s;
    text_ += '\n';
    return *this;
  }
  // Integers of `bytes` bytes each (binary), all on one line (ASCII).
  VtkBuilder& Ints(const std::vector<int64_t>& values, int bytes = 4) {
    if (binary_) {
      for (int64_t v : values) AppendBigEndian(uint64_t(v), bytes);
      text_ += '\n';
    } else {
      for (size_t k = 0; k < values.size(); ++k) text_ += fmt::format("{}{}", k ? " " : "", values[k]);
      text_ += '\n';
    }
    return *this;
  }
  // Reals, as 4-byte floats if `single` (binary), else 8-byte doubles.
  VtkBuilder& Reals(const std::vector<double>& values, bool single = false) {
    if (binary_) {
      for (double v : values) {
        if (single) {
          AppendBigEndian(std::bit_cast<uint32_t>(float(v)), 4);
        } else {
          AppendBigEndian(std::bit_cast<uint64_t>(v), 8);
        }
      }
      text_ += '\n';
    } else {
      for (size_t k = 0; k < values.size(); ++k) {
        text_ += fmt::format("{}{:.17g}", k ? " " : "", single ? double(float(values[k])) : values[k]);
      }
      text_ += '\n';
    }
    return *this;
  }
  const std::string& str() const { return text_; }

 private:
  void AppendBigEndian(uint64_t bits, int bytes) {
    for (int b = bytes - 1; b >= 0; --b) text_ += char((bits >> (8 * b)) & 0xff);
  }
  bool binary_;
  std::string text_;
};

// A gmsh-like file: 6 points (point 4 unused), a vertex, a line and a
// triangle cell besides two tetrahedra, cell data, and point data as SCALARS
// and as a FIELD. The tetrahedra (0,1,2,3) and (1,2,3,5) have volumes 1/6
// and 1/3 (by hand: (b−a)·((c−a)×(d−a)) = 1 and 2), sharing face (1,2,3).
const std::vector<double> kSamplePoints{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 9, 9, 9, 1, 1, 1};

std::string GmshStyleSample(bool binary, bool float_points = false) {
  VtkBuilder b(binary);
  b.Line("# vtk DataFile Version 2.0")
      .Line("sample, Created by a test")
      .Line(binary ? "BINARY" : "ASCII")
      .Line("DATASET UNSTRUCTURED_GRID")
      .Line(float_points ? "POINTS 6 float" : "POINTS 6 double")
      .Reals(kSamplePoints, float_points)
      .Line("CELLS 5 19")
      .Ints({1, 0, 2, 0, 1, 3, 0, 1, 2, 4, 0, 1, 2, 3, 4, 1, 2, 3, 5})
      .Line("CELL_TYPES 5")
      .Ints({1, 3, 5, 10, 10})
      .Line("CELL_DATA 5")
      .Line("SCALARS gmsh_physical int 1")
      .Line("LOOKUP_TABLE default")
      .Ints({1, 2, 3, 4, 5})
      .Line("VECTORS cell_vectors double")
      .Reals(std::vector<double>(15, 0.25))
      .Line("POINT_DATA 6")
      .Line("SCALARS temperature double")
      .Line("LOOKUP_TABLE default")
      .Reals({10, 11, 12, 13, 14, 15})
      .Line("FIELD FieldData 2")
      .Line("extent 1 6 float")
      .Reals({0, 0, 0, 0, 0.5, 1}, true)
      .Line("velocity 3 6 double")
      .Reals(std::vector<double>(18, -1.5));
  return b.str();
}

void CheckSample(const VtkVolumeData& d) {
  REQUIRE(d.mesh.num_vertices() == 5);
  REQUIRE(d.mesh.num_elements() == 2);
  CHECK(d.num_skipped_cells == 3);
  CHECK(d.num_unused_points == 1);
  CHECK_FALSE(d.orientation_flipped);
  CHECK(d.mesh.element_volume(0) == Approx(1.0 / 6).epsilon(1e-15));
  CHECK(d.mesh.element_volume(1) == Approx(1.0 / 3).epsilon(1e-15));
  // Point 5 becomes vertex 4 (point 4 is unused).
  CHECK(d.mesh.vertex(4) == Eigen::Vector3d(1, 1, 1));
  CHECK(d.mesh.element(1) == VolumeMesh::Element{1, 2, 3, 4});
  CHECK(d.mesh.neighbor(0, 0) == 1);  // Face (1,2,3) is shared.
  REQUIRE(d.point_scalars.size() == 2);
  CHECK(d.point_scalars.at("temperature") == std::vector<double>{10, 11, 12, 13, 15});
  CHECK(d.point_scalars.at("extent") == std::vector<double>{0, 0, 0, 0, 1});
}

TEST_CASE("VTK ASCII gmsh-style file: extra cells skipped, data renumbered", "[vtk]") {
  const VtkVolumeData d = ReadVtkVolumeString(GmshStyleSample(false));
  // gmsh's point, line and triangle cells are skipped, not read as elements.
  CHECK(d.mesh.num_elements() == 2);
  CheckSample(d);
}

TEST_CASE("VTK legacy array names are decoded as VTK's writer encodes them", "[vtk]") {
  // VTK's legacy writer stores a space (and '%', '"' and bytes outside
  // printable ASCII) in a data array's name as '%' and two hexadecimal
  // digits: "contact pressure" is written "contact%20pressure". The names
  // are read decoded, in SCALARS and in FIELD arrays; a '%' not followed by
  // two hexadecimal digits is part of the name.
  std::string sample = GmshStyleSample(false);
  sample.replace(sample.find("SCALARS temperature"), 19, "SCALARS contact%20pressure");
  sample.replace(sample.find("extent 1 6"), 10, "100%25%2fe%zz 1 6");
  const VtkVolumeData d = ReadVtkVolumeString(sample);
  REQUIRE(d.point_scalars.size() == 2);
  CHECK(d.point_scalars.at("contact pressure") == std::vector<double>{10, 11, 12, 13, 15});
  CHECK(d.point_scalars.at("100%/e%zz") == std::vector<double>{0, 0, 0, 0, 1});
}

TEST_CASE("VTK BINARY reads the same data as ASCII", "[vtk]") {
  const VtkVolumeData ascii = ReadVtkVolumeString(GmshStyleSample(false));
  const VtkVolumeData binary = ReadVtkVolumeString(GmshStyleSample(true), "sample.vtk");
  CheckSample(binary);
  CHECK(binary.mesh.Equal(ascii.mesh));
  CHECK(binary.point_scalars == ascii.point_scalars);

  // Float POINTS are read as 4-byte floats: with coordinates that are not
  // floats, each must come back as the nearest float, in both encodings.
  std::vector<double> points = kSamplePoints;
  for (double& x : points) x = x * 1.1 + 0.01;
  auto make = [&](bool is_binary) {
    VtkBuilder b(is_binary);
    b.Line("# vtk DataFile Version 3.0").Line("floats").Line(is_binary ? "BINARY" : "ASCII");
    b.Line("DATASET UNSTRUCTURED_GRID").Line("POINTS 6 float").Reals(points, true);
    b.Line("CELLS 1 5").Ints({4, 0, 1, 2, 3}).Line("CELL_TYPES 1").Ints({10});
    return b.str();
  };
  const VtkVolumeData f_binary = ReadVtkVolumeString(make(true));
  const VtkVolumeData f_ascii = ReadVtkVolumeString(make(false));
  REQUIRE(f_binary.mesh.num_vertices() == 4);
  for (int v = 0; v < 4; ++v) {
    for (int i = 0; i < 3; ++i) {
      CHECK(f_binary.mesh.vertex(v)[i] == double(float(points[3 * v + i])));
      CHECK(f_binary.mesh.vertex(v)[i] != points[3 * v + i]);
    }
  }
  CHECK(f_binary.mesh.Equal(f_ascii.mesh));
}

TEST_CASE("VTK 5.1 OFFSETS/CONNECTIVITY layout, ASCII and BINARY", "[vtk]") {
  for (bool binary : {false, true}) {
    VtkBuilder b(binary);
    b.Line("# vtk DataFile Version 5.1").Line("vtk output").Line(binary ? "BINARY" : "ASCII");
    b.Line("DATASET UNSTRUCTURED_GRID").Line("POINTS 6 double").Reals(kSamplePoints);
    b.Line("METADATA").Line("INFORMATION 0").Line("");
    b.Line("CELLS 4 9").Line("OFFSETS vtktypeint64").Ints({0, 1, 5, 9}, 8);
    b.Line("CONNECTIVITY vtktypeint64").Ints({4, 0, 1, 2, 3, 1, 2, 3, 5}, 8);
    b.Line("CELL_TYPES 3").Ints({1, 10, 10});
    const VtkVolumeData d = ReadVtkVolumeString(b.str());
    CHECK(d.mesh.num_elements() == 2);
    CHECK(d.num_skipped_cells == 1);
    CHECK(d.mesh.total_volume() == Approx(0.5).epsilon(1e-15));
  }
}

// The test's own ASCII writer for a volume mesh (with all tetrahedra
// reversed if asked).
std::string AsciiVtk(const VolumeMesh& mesh, bool reverse = false) {
  std::string s = "# vtk DataFile Version 3.0\ncube\nASCII\nDATASET UNSTRUCTURED_GRID\n";
  s += fmt::format("POINTS {} double\n", mesh.num_vertices());
  for (const auto& p : mesh.vertices()) s += fmt::format("{:.17g} {:.17g} {:.17g}\n", p.x(), p.y(), p.z());
  s += fmt::format("CELLS {} {}\n", mesh.num_elements(), 5 * mesh.num_elements());
  for (auto t : mesh.tetrahedra()) {
    if (reverse) std::swap(t[0], t[3]);
    s += fmt::format("4 {} {} {} {}\n", t[0], t[1], t[2], t[3]);
  }
  s += fmt::format("CELL_TYPES {}\n", mesh.num_elements());
  for (int e = 0; e < mesh.num_elements(); ++e) s += "10\n";
  return s;
}

TEST_CASE("VTK cube: scale, volume and closed boundary", "[vtk]") {
  // Scale s: volume s³, boundary area 6s².
  const double s = 0.1;
  const VolumeMesh cube = test::MakeKuhnCube(2);
  const VtkVolumeData d = ReadVtkVolumeString(AsciiVtk(cube), "cube.vtk", s);
  CHECK(d.mesh.num_elements() == 48);
  CHECK(d.mesh.total_volume() == Approx(s * s * s).epsilon(1e-13));
  const VolumeMeshBoundary boundary = ExtractBoundary(d.mesh);
  CHECK(boundary.surface.IsClosed());
  CHECK(boundary.surface.total_area() == Approx(6 * s * s).epsilon(1e-13));
  CHECK(d.mesh.vertex(26) == Eigen::Vector3d(s, s, s));
}

TEST_CASE("VTK files of the opposite orientation convention are flipped", "[vtk]") {
  const VolumeMesh cube = test::MakeKuhnCube(2);
  const VtkVolumeData d = ReadVtkVolumeString(AsciiVtk(cube, /*reverse=*/true));
  CHECK(d.orientation_flipped);
  CHECK(d.mesh.total_volume() == Approx(1.0).epsilon(1e-13));
  for (int e = 0; e < d.mesh.num_elements(); ++e) {
    CHECK(d.mesh.element_volume(e) == Approx(1.0 / 48).epsilon(1e-13));
  }
  CHECK(ExtractBoundary(d.mesh).surface.IsClosed());
}

TEST_CASE("VTK files load from disk, errors name the file", "[vtk][errors]") {
  test::ScratchDirectory dir;
  const auto file = dir.Write("sample.vtk", GmshStyleSample(true));
  CheckSample(ReadVtkVolumeFile(file));
  CHECK_THROWS_WITH(ReadVtkVolumeFile(dir.path() / "absent.vtk"),
                    Contains("absent.vtk") && Contains("no such file"));
  CHECK_THROWS_AS(ReadVtkVolumeFile(dir.path() / "absent.vtk"), std::runtime_error);
  for (double scale : {0.0, -2.0, std::nan(""), double(INFINITY)}) {
    CHECK_THROWS_AS(ReadVtkVolumeFile(file, scale), std::invalid_argument);
    CHECK_THROWS_WITH(ReadVtkVolumeFile(file, scale), Contains("scale"));
  }
}

// The header and points of a valid file with the points of kSamplePoints,
// ending on line 11; callers append the rest.
std::string Head(const std::string& dataset = "UNSTRUCTURED_GRID") {
  return "# vtk DataFile Version 3.0\nt\nASCII\nDATASET " + dataset +
         "\nPOINTS 6 double\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n9 9 9\n1 1 1\n";
}
const std::string kCells = "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 5\nCELL_TYPES 2\n10\n10\n";

TEST_CASE("VTK malformed ASCII files are refused, naming file and line", "[vtk][errors]") {
  struct Case {
    std::string text;
    std::string expected;
  };
  const Case cases[] = {
      {Head() + kCells, ""},  // Valid: the control case.
      {"# vtk DataFile\nx\nASCII\n", "line 1: not a legacy VTK file"},
      {"solid cube\nfacet normal\n", "line 1: not a legacy VTK file"},
      {"# vtk DataFile Version 3.0\n", "truncated file"},
      {"# vtk DataFile Version 3.0\nt\nUTF8\n", "line 3: the file format must be ASCII or BINARY"},
      {Head("POLYDATA") + kCells, "line 4: DATASET POLYDATA is not supported"},
      {"# vtk DataFile Version 3.0\nt\nASCII\nPOINTS 1 double\n0 0 0\n", "line 4: 'POINTS' before"},
      {Head() + kCells + "BOGUS 3\n", "line 18: unknown keyword 'BOGUS'"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 5\nCELL_TYPES 2\n10\n12\n",
       "line 17: cell 1 is a hexahedron (VTK cell type 12); only tetrahedra"},
      {Head() + "CELLS 1 7\n6 0 1 2 3 4 5\nCELL_TYPES 1\n13\n", "line 15: cell 0 is a wedge (VTK cell type 13)"},
      {Head() + "CELLS 1 6\n5 0 1 2 3 5\nCELL_TYPES 1\n14\n", "cell 0 is a pyramid (VTK cell type 14)"},
      {Head() + "CELLS 1 11\n10 0 1 2 3 5 0 1 2 3 5\nCELL_TYPES 1\n24\n",
       "cell 0 is a quadratic tetrahedron (VTK cell type 24)"},
      {Head() + "CELLS 1 5\n4 0 1 2 3\nCELL_TYPES 1\n99\n", "line 15: cell 0 has unknown VTK cell type 99"},
      {Head() + "CELLS 2 7\n3 0 1 2\n2 1 2\nCELL_TYPES 2\n5\n3\n", "no tetrahedra (VTK cell type 10) among its 2 cells"},
      {Head() + "CELLS 1 4\n3 0 1 2\nCELL_TYPES 1\n10\n", "line 13: cell 0 is a tetrahedron (VTK cell type 10) but lists 3 vertices instead of 4"},
      {Head() + "CELLS 2 11\n4 0 1 2 3\n4 1 2 3 5\nCELL_TYPES 2\n10\n10\n",
       "line 15: CELLS needs 11 integers, found 'CELL_TYPES' after 10"},
      {Head() + "CELLS 2 9\n4 0 1 2 3\n4 1 2 3 5\nCELL_TYPES 2\n10\n10\n",
       "line 14: cell 1 announces 4 vertices, but only 3 integers of CELLS remain"},
      {Head() + "CELLS 1 10\n4 0 1 2 3\n4 1 2 3 5\nCELL_TYPES 2\n10\n10\n",
       "line 14: CELLS announces size 10 but its 1 cells use 5 integers"},
      {Head() + "CELLS 3 10\n4 0 1 2 3\n4 1 2 3 5\nCELL_TYPES 3\n10\n10\n10\n",
       "CELLS announces 3 cells in 10 integers, but the integers run out after 2 cells"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 5\nCELL_TYPES 3\n10\n10\n10\n",
       "line 15: CELL_TYPES announces 3 types but CELLS has 2 cells"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 5\nCELL_TYPES 1\n10\n10\n",
       "line 15: CELL_TYPES announces 1 types but CELLS has 2 cells"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 5 4\nCELL_TYPES 2\n10\n10\n",
       "line 14: unexpected number '4' where a keyword belongs: the CELLS data holds more values "
       "than its header announces"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 6\nCELL_TYPES 2\n10\n10\n",
       "line 14: cell 1 refers to point 6, out of range [0, 6)"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 -2 3 5\nCELL_TYPES 2\n10\n10\n",
       "line 14: cell 1 refers to point -2"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 5.5\nCELL_TYPES 2\n10\n10\n",
       "line 14: CELLS needs 10 integers, found '5.5' after 9"},
      {Head() + "CELLS 2 -10\n", "line 12: CELLS size '-10' is not a valid count"},
      {"# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 3 double\n0 0 0\n1 0 0\n",
       "truncated data: POINTS needs 9 values, the file ends after 6"},
      {"# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 2 double\n0 0 0\n1 nan 0\n",
       "line 7: POINTS: value 1 of tuple 1 is not finite ('nan')"},
      {"# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 2 double\n0 0 0\n1 0\n-inf\n",
       "line 8: POINTS: value 2 of tuple 1 is not finite ('-inf')"},
      {"# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 1 double\n0 1e400 0\n",
       "line 6: POINTS: value 1 of tuple 0 is not finite ('1e400')"},
      {"# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 1 double\n0 x 0\n",
       "line 6: POINTS needs 3 values, found 'x' after 1"},
      {"# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 1 bit\n0 1 0\n",
       "line 5: unsupported data type 'bit' in POINTS"},
      {Head() + kCells + "POINT_DATA 5\n", "line 18: POINT_DATA announces 5 points but POINTS has 6"},
      {Head() + kCells + "CELL_DATA 3\n", "line 18: CELL_DATA announces 3 cells but CELLS has 2"},
      {Head() + kCells + "POINT_DATA 6\nSCALARS p double\n1 2 3 4 5 6\n",
       "line 20: expected 'LOOKUP_TABLE name' after SCALARS"},
      {Head() + kCells + "POINT_DATA 6\nSCALARS p double\nLOOKUP_TABLE default\n1 2 3 4 5\n",
       "truncated data: SCALARS 'p' needs 6 values, the file ends after 5"},
      {Head() + kCells + "POINT_DATA 6\nSCALARS p double\nLOOKUP_TABLE default\n1 2 3 nan 5 6\n",
       "line 21: SCALARS 'p': value 0 of tuple 3 is not finite ('nan')"},
      {Head() + kCells + "POINT_DATA 6\nSCALARS p float\nLOOKUP_TABLE default\n1 2 3 4 5 6\n" +
           "FIELD f 1\np 1 6 double\n1 2 3 4 5 6\n",
       "line 23: a second point array named 'p'"},
      {Head() + kCells + "SCALARS p double\nLOOKUP_TABLE default\n1 2 3 4 5 6\n",
       "line 18: SCALARS outside POINT_DATA or CELL_DATA"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 4\nCELL_TYPES 2\n10\n10\n",
       ""},  // Point 4 is (9,9,9): a valid, positive tetrahedron.
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 0 1 2 2\nCELL_TYPES 2\n10\n10\n",
       "line 14: cell 1 is a degenerate tetrahedron (zero volume)"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 0\nCELL_TYPES 2\n10\n10\n",
       "line 14: cell 1 is an inverted tetrahedron (negative volume) while most tetrahedra are "
       "positively oriented (1 positive, 1 negative)"},
      {Head() + "CELLS 3 15\n4 0 1 2 3\n4 1 3 2 5\n4 0 2 1 4\nCELL_TYPES 3\n10\n10\n10\n",
       "line 13: cell 0 is a positively oriented tetrahedron while most tetrahedra are inverted (1 "
       "positive, 2 negative)"},
      {Head() + "CELLS 3 15\n4 0 1 2 3\n4 1 3 2 5\n4 0 3 1 4\nCELL_TYPES 3\n10\n10\n10\n",
       "line 14: cell 1 is an inverted tetrahedron (negative volume) while most tetrahedra are "
       "positively oriented"},
      {Head() + "CELLS 3 15\n4 0 1 2 3\n4 1 2 3 5\n4 1 2 3 4\nCELL_TYPES 3\n10\n10\n10\n",
       "is shared by more than two tetrahedra"},
      {"# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\n", "no POINTS section"},
      {Head(), "no CELLS section"},
      {Head() + "CELLS 2 10\n4 0 1 2 3\n4 1 2 3 5\n", "no CELL_TYPES section"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    if (c.expected.empty()) {
      CHECK_NOTHROW(ReadVtkVolumeString(c.text, "case.vtk"));
    } else {
      CHECK_THROWS_AS(ReadVtkVolumeString(c.text, "case.vtk"), std::runtime_error);
      CHECK_THROWS_WITH(ReadVtkVolumeString(c.text, "case.vtk"),
                        Contains("case.vtk") && Contains(c.expected));
    }
  }
}

// Issue 10, defect 3: a header announcing two billion cells in a 150-byte
// file used to reserve 16 GB for them before looking at the data (a bare
// std::bad_alloc under a memory limit). Now the data bounds the storage and
// the shortage is reported with file, section and line.
TEST_CASE("VTK huge announced counts reserve nothing before the data", "[vtk][errors]") {
  const std::string text =
      "# vtk DataFile Version 3.0\nhuge\nASCII\nDATASET UNSTRUCTURED_GRID\n"
      "POINTS 4 double\n0 0 0 1 0 0 0 1 0 0 0 1\nCELLS 2000000000 5\n4 0 1 2 3\n"
      "CELL_TYPES 1\n10\n";
  CHECK_THROWS_AS(ReadVtkVolumeString(text, "huge.vtk"), std::runtime_error);
  CHECK_THROWS_WITH(ReadVtkVolumeString(text, "huge.vtk"),
                    Catch::Contains("huge.vtk") && Catch::Contains("CELLS") &&
                        Catch::Contains("2000000000"));
  // Points far beyond the supported coordinates are refused by name.
  const std::string far =
      "# vtk DataFile Version 3.0\nfar\nASCII\nDATASET UNSTRUCTURED_GRID\n"
      "POINTS 4 double\n0 0 0 1e150 0 0 0 1e150 0 0 0 1e150\nCELLS 1 5\n4 0 1 2 3\n"
      "CELL_TYPES 1\n10\n";
  CHECK_THROWS_WITH(ReadVtkVolumeString(far, "far.vtk"),
                    Catch::Contains("far.vtk") && Catch::Contains("supported range"));
  // Points in range, but scaled out of it: the scale is blamed.
  const std::string near =
      "# vtk DataFile Version 3.0\nnear\nASCII\nDATASET UNSTRUCTURED_GRID\n"
      "POINTS 4 double\n0 0 0 1 0 0 0 1 0 0 0 1\nCELLS 1 5\n4 0 1 2 3\nCELL_TYPES 1\n10\n";
  CHECK_THROWS_WITH(ReadVtkVolumeString(near, "scaled.vtk", 1e10),
                    Catch::Contains("scale is too large"));
}

TEST_CASE("VTK malformed BINARY files are refused, naming file and section", "[vtk][errors]") {
  const std::string full = GmshStyleSample(true);
  // Where the data blocks start and end.
  const size_t points_start = full.find("POINTS 6 double\n") + 16;
  const size_t cells_start = full.find("CELLS 5 19\n");
  const size_t types_start = full.find("CELL_TYPES 5\n");
  const size_t types_end = types_start + 13 + 5 * 4;
  REQUIRE(full.find("CELL_DATA") == types_end + 1);

  // Every cut inside the points, cells or types must be refused; every cut
  // at all must be refused or read as valid data, never crash.
  int refused = 0;
  for (size_t length = 0; length < full.size(); ++length) {
    const std::string cut = full.substr(0, length);
    try {
      const VtkVolumeData d = ReadVtkVolumeString(cut, "cut.vtk");
      CHECK(length >= types_end);
      CHECK(d.mesh.Equal(ReadVtkVolumeString(full).mesh));
    } catch (const std::runtime_error& e) {
      ++refused;
      CHECK_THAT(e.what(), Contains("cut.vtk"));
      if (length > points_start && length < cells_start - 1) {
        CHECK_THAT(e.what(), Contains("section POINTS: truncated data: POINTS needs 18 values"));
      }
    }
  }
  CHECK(refused > int(types_end));

  // A NaN coordinate, a hexahedron, an index out of range, a cell count too
  // large for the data, each in binary.
  auto patched = [&](size_t at, const std::string& bytes) {
    std::string s = full;
    s.replace(at, bytes.size(), bytes);
    return s;
  };
  const std::string nan_bytes("\x7f\xf8\0\0\0\0\0\0", 8);
  CHECK_THROWS_WITH(ReadVtkVolumeString(patched(points_start + 8, nan_bytes), "b.vtk"),
                    Contains("b.vtk, section POINTS: POINTS: value 1 of tuple 0 is not finite"));
  CHECK_THROWS_WITH(ReadVtkVolumeString(patched(types_start + 13 + 16, std::string("\0\0\0\x0c", 4)), "b.vtk"),
                    Contains("b.vtk, section CELL_TYPES: cell 4 is a hexahedron (VTK cell type 12)"));
  CHECK_THROWS_WITH(ReadVtkVolumeString(patched(cells_start + 11 + 4 * 18, std::string("\0\0\0\x07", 4)), "b.vtk"),
                    Contains("b.vtk, section CELLS: cell 4 refers to point 7, out of range [0, 6)"));
  CHECK_THROWS_WITH(ReadVtkVolumeString(patched(cells_start + 11 + 4 * 9, std::string("\x7f\0\0\0", 4)), "b.vtk"),
                    Contains("b.vtk, section CELLS: cell 3 announces 2130706432 vertices"));
  CHECK_THROWS_WITH(ReadVtkVolumeString(patched(cells_start, "CELLS 9"), "b.vtk"),
                    Contains("b.vtk, section CELLS: CELLS announces 9 cells"));
}

TEST_CASE("VTK reader survives random corruption", "[vtk][errors]") {
  // Whatever the bytes, the reader returns a valid mesh or throws; it never
  // crashes, hangs or returns a mesh with non-finite data.
  std::mt19937 rng(12345);
  for (bool binary : {true, false}) {
    const std::string full = GmshStyleSample(binary);
    for (int trial = 0; trial < 1500; ++trial) {
      std::string s = full;
      const int flips = 1 + int(rng() % 4);
      for (int f = 0; f < flips; ++f) s[rng() % s.size()] = char(rng() % 256);
      try {
        const VtkVolumeData d = ReadVtkVolumeString(s);
        CHECK(d.mesh.num_elements() > 0);
        for (const auto& [name, values] : d.point_scalars) {
          CHECK(int(values.size()) == d.mesh.num_vertices());
        }
      } catch (const std::exception&) {
        // Refused: fine.
      }
    }
  }
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("VTK sample box of data/: ASCII and BINARY agree with the closed forms", "[vtk][data]") {
  const std::filesystem::path data = std::filesystem::path(HYDROCONTACT_SOURCE_DIR) / "data";
  const VtkVolumeData ascii = ReadVtkVolumeFile(data / "box_0.1m.vtk");
  const VtkVolumeData binary = ReadVtkVolumeFile(data / "box_0.1m_binary.vtk");
  CHECK(binary.mesh.Equal(ascii.mesh));
  CHECK(binary.point_scalars == ascii.point_scalars);
  const VolumeMesh& mesh = ascii.mesh;
  CHECK(mesh.num_vertices() == 99);
  CHECK(mesh.num_elements() == 192);
  // The cube of edge 0.1: volume 0.001, boundary area 6 · 0.01.
  CHECK(mesh.total_volume() == Approx(1e-3).epsilon(1e-13));
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  CHECK(boundary.surface.IsClosed());
  CHECK(boundary.surface.total_area() == Approx(0.06).epsilon(1e-13));
  // extent = 1 − max(|x|,|y|,|z|)/0.05 and pressure = 1e5 · extent.
  const auto& extent = ascii.point_scalars.at("extent");
  const auto& pressure = ascii.point_scalars.at("pressure");
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    const double e = 1 - mesh.vertex(v).cwiseAbs().maxCoeff() / 0.05;
    CHECK(extent[v] == Approx(e).margin(1e-14));
    CHECK(pressure[v] == Approx(1e5 * e).margin(1e-9));
    CHECK(extent[v] == (boundary.is_boundary_vertex[v] ? 0.0 : 1.0));
  }
  // Every tetrahedron has exactly one interior vertex.
  for (const auto& t : mesh.tetrahedra()) {
    int interior = 0;
    for (int v : t) interior += boundary.is_boundary_vertex[v] ? 0 : 1;
    CHECK(interior == 1);
  }
}

TEST_CASE("VTK POLYDATA reads as a triangle surface: our writer's files round trip", "[vtk][polydata]") {
  // A closed tetrahedron surface with coordinates that need 17 digits.
  const TriangleSurfaceMesh tet = ReadObjString(
      "v 0 0 0\nv 0.1 0 0\nv 0 0.3 0\nv 0 0 0.7\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
  const std::string text = WriteVtkSurfaceString(tet);
  CHECK(VtkStringHoldsPolyData(text));
  const SurfaceReadResult r = ReadVtkSurfaceString(text, "t.vtk");
  REQUIRE(r.mesh.num_triangles() == 4);
  for (int v = 0; v < 4; ++v) CHECK(r.mesh.vertex(v) == tet.vertex(v));
  for (int f = 0; f < 4; ++f) CHECK(r.mesh.element(f) == tet.element(f));
  // Volume of the corner tetrahedron: 0.1 · 0.3 · 0.7 / 6.
  CHECK(*r.mesh.EnclosedVolume() == Approx(0.021 / 6).epsilon(1e-14));
  // The volume reader refuses it, naming the fix.
  CHECK_THROWS_WITH(ReadVtkVolumeString(text, "t.vtk"),
                    Contains("DATASET POLYDATA is not supported") && Contains("triangle surface"));
}

TEST_CASE("VTK POLYDATA: strips, quads, skipped vertices and lines, 5.1 layout", "[vtk][polydata]") {
  // The unit square twice: as a strip of 4 points (2 triangles) and as a
  // quad polygon (2 triangles by ear clipping); a vertex and a line cell.
  const std::string head =
      "# vtk DataFile Version 3.0\nsquare\nASCII\nDATASET POLYDATA\nPOINTS 4 double\n"
      "0 0 0\n1 0 0\n0 1 0\n1 1 0\n";
  const SurfaceReadResult strip = ReadVtkSurfaceString(
      head + "VERTICES 1 2\n1 0\nLINES 1 3\n2 0 1\nTRIANGLE_STRIPS 1 5\n4 0 1 2 3\n", "s.vtk");
  REQUIRE(strip.mesh.num_triangles() == 2);
  CHECK(strip.mesh.total_area() == Approx(1).epsilon(1e-15));
  // Both strip triangles keep the winding of the first (+z).
  CHECK(strip.mesh.face_normal(0).z() == Approx(1));
  CHECK(strip.mesh.face_normal(1).z() == Approx(1));
  const SurfaceReadResult quad = ReadVtkSurfaceString(
      "# vtk DataFile Version 5.1\nsquare\nASCII\nDATASET POLYDATA\nPOINTS 4 double\n"
      "0 0 0\n1 0 0\n0 1 0\n1 1 0\nPOLYGONS 2 4\nOFFSETS vtktypeint64\n0 4\n"
      "CONNECTIVITY vtktypeint64\n0 1 3 2\n",
      "q.vtk");
  CHECK(quad.mesh.total_area() == Approx(1).epsilon(1e-15));
  CHECK(quad.mesh.face_normal(0).z() == Approx(1));
  // Errors name the file and line.
  CHECK_THROWS_WITH(ReadVtkSurfaceString(head + "POLYGONS 1 3\n2 0 1\n", "e.vtk"),
                    Contains("e.vtk, line 11: cell 0 of POLYGONS has 2 vertices"));
  CHECK_THROWS_WITH(ReadVtkSurfaceString(head + "POLYGONS 1 4\n3 0 1 9\n", "e.vtk"),
                    Contains("e.vtk, line 11: cell 0 of POLYGONS refers to point 9"));
  CHECK_THROWS_WITH(ReadVtkSurfaceString(head + "LINES 1 3\n2 0 1\n", "e.vtk"),
                    Contains("e.vtk: no POLYGONS or TRIANGLE_STRIPS"));
  CHECK_THROWS_WITH(ReadVtkSurfaceString(head + "POLYGONS 1000000000 4\n3 0 1 2\n", "e.vtk"),
                    Contains("e.vtk, line 11") && Contains("integers run out"));
  CHECK_THROWS_WITH(ReadVtkSurfaceString(head + "CELLS 1 4\n3 0 1 2\n", "e.vtk"),
                    Contains("unknown keyword 'CELLS'"));
  CHECK_THROWS_WITH(ReadVtkSurfaceString(WriteVtkVolumeString(test::MakeKuhnCube(1)), "e.vtk"),
                    Contains("DATASET UNSTRUCTURED_GRID is not supported: a triangle surface"));
}

TEST_CASE("VTK POLYDATA in BINARY: our writer's binary files round trip", "[vtk][polydata]") {
  const TriangleSurfaceMesh tet = ReadObjString(
      "v 0 0 0\nv 0.1 0 0\nv 0 0.3 0\nv 0 0 0.7\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
  const std::string text = WriteVtkSurfaceString(tet, {}, {}, VtkEncoding::kBinary);
  CHECK(text.find("BINARY") != std::string::npos);
  const SurfaceReadResult r = ReadVtkSurfaceString(text, "b.vtk");
  REQUIRE(r.mesh.num_triangles() == 4);
  for (int v = 0; v < 4; ++v) CHECK(r.mesh.vertex(v) == tet.vertex(v));
}

}  // namespace
}  // namespace hydrocontact
