#include "mesh/ply_io.h"

#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "mesh/obj_io.h"
#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

TEST_CASE("PLY round trips in all three encodings are exact", "[ply]") {
  // An octahedron of "radius" 0.3 (not exactly representable: exercises the
  // shortest-decimal ASCII form): volume (4/3) r³, closed.
  const TriangleSurfaceMesh octahedron = ReadObjString(R"(v 0.3 0 0
v -0.3 0 0
v 0 0.3 0
v 0 -0.3 0
v 0 0 0.3
v 0 0 -0.3
f 1 3 5
f 3 2 5
f 2 4 5
f 4 1 5
f 3 1 6
f 2 3 6
f 4 2 6
f 1 4 6
)");
  for (const PlyEncoding e : {PlyEncoding::kAscii, PlyEncoding::kBinaryLittleEndian,
                              PlyEncoding::kBinaryBigEndian}) {
    const SurfaceReadResult r = ReadPlyString(WritePlyString(octahedron, e), "o.ply");
    REQUIRE(r.mesh.num_vertices() == 6);
    REQUIRE(r.mesh.num_triangles() == 8);
    for (int v = 0; v < 6; ++v) CHECK(r.mesh.vertex(v) == octahedron.vertex(v));
    for (int f = 0; f < 8; ++f) CHECK(r.mesh.element(f) == octahedron.element(f));
    CHECK(*r.mesh.EnclosedVolume() == Approx(4.0 / 3 * 0.027).epsilon(1e-14));
  }
}

TEST_CASE("PLY with extra properties, other elements and quads", "[ply]") {
  // As exporters write: normals and colours per vertex, an extra element
  // before the faces, float positions, a quad face with a uchar colour.
  const std::string text = R"(ply
format ascii 1.0
comment made by hand like Blender's exporter
element vertex 4
property float x
property float nx
property float y
property float z
property uchar red
element material 1
property list uchar float values
element face 1
property list uchar uint vertex_indices
property uchar flags
end_header
0 0 0 0 255
2 0 0 0 255
2 0 1 0 255
0 0 1 0 255
3 0.5 0.25 1
4 0 1 2 3 7
)";
  const SurfaceReadResult r = ReadPlyString(text, "q.ply", 0.5);
  REQUIRE(r.mesh.num_triangles() == 2);
  // The 2 × 1 rectangle scaled by 0.5: area 0.5.
  CHECK(r.mesh.total_area() == Approx(0.5).epsilon(1e-15));
  CHECK(r.mesh.vertex(2) == Eigen::Vector3d(1, 0.5, 0));
}

TEST_CASE("PLY writing refuses an encoding that is no enumerator", "[ply][errors]") {
  // The format's name is looked up by the value: 4 would read past the
  // table (a crash through the Python binding, which accepts any integer).
  const TriangleSurfaceMesh mesh({{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  for (const int value : {3, 4, -1}) {
    CHECK_THROWS_WITH(WritePlyString(mesh, static_cast<PlyEncoding>(value)),
                      Catch::Contains(fmt::format("WritePlyString: encoding {} is none of", value)));
  }
}

TEST_CASE("PLY errors name the file and the line or offset", "[ply][errors]") {
  const std::string head =
      "ply\nformat ascii 1.0\nelement vertex 3\nproperty double x\nproperty double y\n"
      "property double z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n";
  const std::string points = "0 0 0\n1 0 0\n0 1 0\n";
  const struct {
    std::string text;
    std::string expected;
  } cases[] = {
      {head + points + "3 0 1 2\n", ""},
      {"plx\n", "p.ply, line 1: not a PLY file"},
      {"ply\nformat ascii 2.0\n", "p.ply, line 2: expected 'format <encoding> 1.0'"},
      {"ply\nformat utf8 1.0\n", "p.ply, line 2: unknown PLY format 'utf8'"},
      {"ply\nformat ascii 1.0\nelement vertex -3\n", "p.ply, line 3: element count: -3 is out of range"},
      {"ply\nformat ascii 1.0\nelement vertex 1\nproperty quad x\n", "line 4: unknown property type 'quad'"},
      {"ply\nformat ascii 1.0\nelement vertex 1\nproperty double x\n", "line 4: truncated header"},
      {"ply\nformat ascii 1.0\nelement vertex 1\nproperty double x\nend_header\n0\n",
       "no element 'vertex' with properties x, y and z"},
      {head + points, "p.ply, line 12: truncated data: the file ends before face 0"},
      {head + "0 0 0\n1 x 0\n", "p.ply, line 11: vertex 1 property 'y': 'x' is not a number"},
      {head + points + "3 0 1 3\n", "p.ply, line 13: face 0 refers to vertex 3, out of range [0, 3)"},
      {head + points + "2 0 1\n", "p.ply, line 13: face 0 has 2 vertices"},
      {head + points + "3 0 1 1.5\n", "'1.5' is not an integer"},
      {head + "0 0 0\n1 0 0\n0 1 nan\n3 0 1 2\n", "vertex 2 has a non-finite coordinate"},
      // A binary file announcing 2^31 - 1 vertices, with no data: truncated
      // data is reported, nothing is allocated from the count.
      {"ply\nformat binary_little_endian 1.0\nelement vertex 2147483647\nproperty double x\n"
       "property double y\nproperty double z\nelement face 0\n"
       "property list uchar int vertex_indices\nend_header\n",
       "p.ply, byte offset 181: truncated data: the file ends before vertex 0"},
  };
  // Found by fuzzing: data on the end_header line without a line end after
  // it once read past the end of the data.
  CHECK_THROWS_WITH(
      ReadPlyString("ply\nformat binary_little_endian 1.0\nelement vertex 1\nproperty float x\n"
                    "end_header\t\xff\xff",
                    "p.ply"),
      Contains("p.ply, line 5: 'end_header' must stand alone"));
  CHECK_THROWS_WITH(
      ReadPlyString("ply\nformat binary_little_endian 1.0\nelement vertex 1\nproperty float x\n"
                    "property float y\nproperty float z\nelement face 0\n"
                    "property list uchar int vertex_indices\nend_header",
                    "p.ply"),
      Contains("p.ply, byte offset 168: truncated data"));
  for (const auto& c : cases) {
    INFO(c.text);
    if (c.expected.empty()) {
      CHECK_NOTHROW(ReadPlyString(c.text, "p.ply"));
    } else {
      CHECK_THROWS_WITH(ReadPlyString(c.text, "p.ply"), Contains(c.expected));
    }
  }
  CHECK_THROWS_WITH(ReadPlyFile("/nonexistent/x.ply"), Contains("x.ply"));
}

}  // namespace
}  // namespace hydrocontact
