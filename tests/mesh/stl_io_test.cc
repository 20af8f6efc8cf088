#include "mesh/stl_io.h"

#include <cstdlib>
#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "mesh/obj_io.h"
#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;
using test::ScratchDirectory;

// A unit cube [0,1]³, outward quads.
TriangleSurfaceMesh Cube() {
  return ReadObjString(R"(v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
f 1 4 3 2
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
)", 0.1);
}

TEST_CASE("STL ASCII and binary round trips weld back to the same mesh", "[stl]") {
  const TriangleSurfaceMesh cube = Cube();
  for (const bool binary : {false, true}) {
    const std::string text = WriteStlString(cube, binary);
    if (binary) CHECK(text.size() == 84 + 50 * 12);
    const SurfaceReadResult r = ReadStlString(text, "cube.stl");
    // 36 facet corners weld onto the 8 corners, in order of first use,
    // which is the mesh's own order for this cube (vertex 0 first, ...).
    CHECK(r.num_welded_vertices == 36 - 8);
    CHECK(r.num_dropped_faces == 0);
    REQUIRE(r.mesh.IsClosed());
    // 0.1 is not a float: binary rounds it, so compare with tolerance there.
    CHECK(*r.mesh.EnclosedVolume() == Approx(1e-3).epsilon(binary ? 1e-6 : 1e-14));
    CHECK(r.mesh.total_area() == Approx(6e-2).epsilon(binary ? 1e-6 : 1e-14));
    if (!binary) {
      // ASCII is exact: every position reads back as the same double.
      for (int v = 0; v < r.mesh.num_vertices(); ++v) {
        bool found = false;
        for (int w = 0; w < cube.num_vertices(); ++w) found |= cube.vertex(w) == r.mesh.vertex(v);
        CHECK(found);
      }
    }
  }
}

TEST_CASE("STL written by gmsh (ASCII and binary) reads as the closed unit cube", "[stl][gmsh]") {
  // gmsh, the owner of a real STL writer, meshes the unit cube's surface.
  ScratchDirectory dir;
  dir.Write("cube.geo", "SetFactory(\"OpenCASCADE\");\nBox(1) = {0,0,0, 1,1,1};\n"
                        "Mesh.CharacteristicLengthMax = 0.4;\n");
  for (const int binary : {0, 1}) {
    const auto stl = dir.path() / fmt::format("cube{}.stl", binary);
    const std::string command = fmt::format(
        "gmsh -2 '{}' -format stl -setnumber Mesh.Binary {} -o '{}' > /dev/null 2>&1",
        (dir.path() / "cube.geo").string(), binary, stl.string());
    REQUIRE(std::system(command.c_str()) == 0);
    const SurfaceReadResult r = ReadStlFile(stl, 2.0);
    REQUIRE(r.mesh.IsClosed());
    // Scale 2: the cube of side 2: volume 8, area 24.
    CHECK(std::abs(*r.mesh.EnclosedVolume()) == Approx(8).epsilon(1e-6));
    CHECK(r.mesh.total_area() == Approx(24).epsilon(1e-6));
    const Aabb box = r.mesh.CalcBoundingBox();
    CHECK(box.min.isApprox(Eigen::Vector3d(0, 0, 0), 1e-6));
    CHECK((box.max - Eigen::Vector3d(2, 2, 2)).norm() < 1e-6);
  }
}

TEST_CASE("STL errors name the file and the line or offset", "[stl][errors]") {
  const std::string head = "solid t\nfacet normal 0 0 1\nouter loop\n";
  const struct {
    std::string text;
    std::string expected;
  } cases[] = {
      {head + "vertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid\n", ""},
      {head + "vertex 0 0 0\nvertex 1 0 0\nendloop\n", "t.stl, line 6: a facet needs at least three vertices"},
      {head + "vertex 0 0 x\n", "t.stl, line 4: vertex z: 'x' is not a number"},
      {head + "vertex 0 0 inf\n", "t.stl, line 4: vertex z: 'inf' is not finite"},
      {head + "vertex 0 0\n", "t.stl, line 4: expected 'vertex x y z'"},
      {head + "vertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\n", "line 7: truncated data"},
      {"solid t\nfacet normal 0 0 1\nloop\n", "t.stl, line 3: expected 'outer loop', found 'loop'"},
      {"solid t\nendsolid\n", "t.stl: the STL data has no faces"},
      {"hello", "t.stl: not an STL file"},
      {std::string(80, ' ') + std::string("\x05\0\0\0", 4) + std::string(60, '\0'),
       "t.stl, byte offset 80: the binary STL header announces 5 facets, which need 334 bytes, "
       "but the file has 144 bytes"},
      // A header announcing 2^32 - 1 facets: refused by size, nothing allocated.
      {std::string(80, ' ') + std::string("\xff\xff\xff\xff", 4), "announces 4294967295 facets"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    if (c.expected.empty()) {
      CHECK_NOTHROW(ReadStlString(c.text, "t.stl"));
    } else {
      CHECK_THROWS_WITH(ReadStlString(c.text, "t.stl"), Contains(c.expected));
    }
  }
  // A binary file whose header starts with "solid" (as many exporters
  // write it) with a byte too many: its NUL bytes mark it binary, so the
  // size mismatch is named, not an ASCII parse error. 12 facets: 84 + 600.
  std::string solid_bin = WriteStlString(Cube(), true);
  solid_bin.replace(0, 11, "solid cube ");
  REQUIRE(ReadStlString(solid_bin, "t.stl").mesh.num_triangles() == 12);
  CHECK_THROWS_WITH(ReadStlString(solid_bin + " ", "t.stl"),
                    Contains("t.stl, byte offset 80: the binary STL header announces 12 facets, "
                             "which need 684 bytes, but the file has 685 bytes"));
  // A binary facet with a NaN coordinate names the facet and offset.
  std::string bin = WriteStlString(Cube(), true);
  for (int i = 0; i < 4; ++i) bin[84 + 50 * 3 + 12 + 4 + i] = "\x00\x00\xc0\x7f"[i];
  CHECK_THROWS_WITH(ReadStlString(bin, "t.stl"),
                    Contains("t.stl, facet 3 (byte offset 234): vertex 0 has a non-finite"));
  CHECK_THROWS_WITH(ReadStlFile("/nonexistent/x.stl"), Contains("x.stl"));
  CHECK_THROWS_AS(ReadStlString("solid", "t.stl", 0.0), std::invalid_argument);
}

}  // namespace
}  // namespace hydrocontact
