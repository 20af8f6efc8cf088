#include "mesh/obj_io.h"

#include <cmath>
#include <random>
#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;
using test::ScratchDirectory;

// A unit cube [0,1]³ with six quads, counter-clockwise seen from outside.
constexpr const char* kQuadCube = R"(# unit cube
v 0 0 0
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
)";

TEST_CASE("OBJ quads are fan-triangulated into a closed cube", "[obj]") {
  // Scale s: area 6s², volume s³, 2 triangles per quad.
  const double s = 0.25;
  const ObjReadResult r = ReadObjStringWithReport(kQuadCube, s);
  CHECK(r.mesh.num_vertices() == 8);
  CHECK(r.mesh.num_triangles() == 12);
  CHECK(r.num_dropped_faces == 0);
  CHECK(r.num_welded_vertices == 0);
  CHECK(r.num_unreferenced_vertices == 0);
  CHECK(r.mesh.total_area() == Approx(6 * s * s).epsilon(1e-14));
  REQUIRE(r.mesh.IsClosed());
  CHECK(*r.mesh.EnclosedVolume() == Approx(s * s * s).epsilon(1e-14));
  // Fan around the first vertex: "f 1 4 3 2" gives (1,4,3) and (1,3,2).
  CHECK(r.mesh.element(0) == TriangleSurfaceMesh::Element{0, 3, 2});
  CHECK(r.mesh.element(1) == TriangleSurfaceMesh::Element{0, 2, 1});
  CHECK(r.mesh.vertex(6) == Eigen::Vector3d(s, s, s));
}

TEST_CASE("OBJ pentagon fan area matches the regular pentagon", "[obj]") {
  // Regular pentagon of circumradius R: area (5/2) R² sin(72°).
  const double R = 2.0;
  std::string text;
  for (int k = 0; k < 5; ++k) {
    const double a = 2 * M_PI * k / 5;
    text += fmt::format("v {:.17g} {:.17g} 0\n", R * std::cos(a), R * std::sin(a));
  }
  text += "f 1 2 3 4 5\n";
  const TriangleSurfaceMesh mesh = ReadObjString(text);
  CHECK(mesh.num_triangles() == 3);
  CHECK(mesh.total_area() == Approx(2.5 * R * R * std::sin(2 * M_PI / 5)).epsilon(1e-14));
  for (int f = 0; f < 3; ++f) CHECK(mesh.face_normal(f).z() == Approx(1.0));
  CHECK_FALSE(mesh.IsClosed());
  CHECK_FALSE(mesh.EnclosedVolume().has_value());
}

TEST_CASE("OBJ groups, objects, texture/normal indices and relative indices", "[obj]") {
  // A unit right tetrahedron (volume 1/6) written in two objects, using every
  // index form, negative (relative) indices, and a forward reference.
  const std::string text = R"(mtllib nowhere.mtl
o first
v 0 0 0
v 1 0 0
v 0 1 0
vt 0 0
vt 1 0
vn 0 0 -1
usemtl red
s off
f 1/1/1 3/2/1 2//1
g second
v 0 0 1
f -4 -3 -1
f 1/1 -1/2 -2/1
o third
f 2 3 4
l 1 2
p 3
)";
  const ObjReadResult r = ReadObjStringWithReport(text, 1.0, "tet.obj");
  CHECK(r.mesh.num_triangles() == 4);
  CHECK(r.mesh.num_vertices() == 4);
  REQUIRE(r.mesh.IsClosed());
  CHECK(*r.mesh.EnclosedVolume() == Approx(1.0 / 6).epsilon(1e-14));
  CHECK(r.mesh.element(1) == TriangleSurfaceMesh::Element{0, 1, 3});
  CHECK(r.mesh.element(2) == TriangleSurfaceMesh::Element{0, 3, 2});

  // Faces may refer to vertices defined later in the file.
  const TriangleSurfaceMesh forward = ReadObjString("f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n");
  CHECK(forward.num_triangles() == 1);
  CHECK(forward.area(0) == 0.5);
}

TEST_CASE("OBJ welding makes a face-by-face cube closed", "[obj]") {
  // Each face of the cube lists its own four vertices (24 'v' lines, 8
  // distinct positions): 16 are welded, and only then is the surface closed.
  const Eigen::Vector3d corners[8] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                      {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  const int quads[6][4] = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4},
                           {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  std::string text;
  for (const auto& q : quads) {
    for (int c : q) {
      // -0 and +0 are the same position and must weld.
      text += fmt::format("v {} {} {}\n", corners[c].x() == 0 ? "-0" : "1",
                          corners[c].y() == 0 ? "0" : "1.0", corners[c].z() == 0 ? "0" : "1e0");
    }
    text += "f -4 -3 -2 -1\n";
  }
  const ObjReadResult r = ReadObjStringWithReport(text);
  CHECK(r.num_welded_vertices == 16);
  CHECK(r.num_unreferenced_vertices == 0);
  CHECK(r.mesh.num_vertices() == 8);
  REQUIRE(r.mesh.IsClosed());
  CHECK(*r.mesh.EnclosedVolume() == Approx(1.0).epsilon(1e-14));
}

TEST_CASE("OBJ drops unreferenced vertices and degenerate faces, and says so", "[obj]") {
  const std::string text = R"(v 9 9 9
v 0 0 0
v 7 7 7
v 1 0 0
v 0 1 0
v 2 0 0
v 0 0 0
v 5 5 5
f 2 4 5
f 2 4 6
f 2 2 5
f 7 4 5
f 2 4 5 7
)";
  // Face 2: collinear (zero area); face 3: repeated index; face 4 welds
  // vertex 7 onto vertex 2 and duplicates face 1 (kept: it is not degenerate);
  // face 5 (a quad) fans into (2,4,5), kept, and (2,5,7) = (2,5,2), dropped.
  const ObjReadResult r = ReadObjStringWithReport(text);
  CHECK(r.num_dropped_faces == 3);
  CHECK(r.num_welded_vertices == 1);
  // 9,9,9 and 7,7,7 and 5,5,5 are unused, and (2,0,0) is used only by the
  // dropped collinear face.
  CHECK(r.num_unreferenced_vertices == 4);
  REQUIRE(r.mesh.num_vertices() == 3);
  // Renumbered in file order: (0,0,0), (1,0,0), (0,1,0).
  CHECK(r.mesh.vertex(0) == Eigen::Vector3d(0, 0, 0));
  CHECK(r.mesh.vertex(1) == Eigen::Vector3d(1, 0, 0));
  CHECK(r.mesh.vertex(2) == Eigen::Vector3d(0, 1, 0));
  CHECK(r.mesh.num_triangles() == 3);
  for (const auto& t : r.mesh.triangles()) CHECK(t == TriangleSurfaceMesh::Element{0, 1, 2});
  // Every vertex of the file is accounted for.
  CHECK(r.mesh.num_vertices() + r.num_welded_vertices + r.num_unreferenced_vertices == 8);
}

TEST_CASE("OBJ accepts CRLF line ends, tabs, '+' signs and extra vertex values", "[obj]") {
  const TriangleSurfaceMesh mesh = ReadObjString(
      "v\t0 0 0 1\r\nv +1 0 0 0.5 0.5 0.5\r\nv 0 +1.0e+0 0\r\n\r\n  f 1\t2 3\r\n");
  REQUIRE(mesh.num_triangles() == 1);
  CHECK(mesh.vertex(1) == Eigen::Vector3d(1, 0, 0));
  CHECK(mesh.vertex(2) == Eigen::Vector3d(0, 1, 0));
}

// A closed-or-not, irregular triangle mesh with coordinates that do not
// survive fewer than 17 significant digits.
TriangleSurfaceMesh MakeAwkwardMesh() {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<Eigen::Vector3d> vertices;
  for (int i = 0; i < 40; ++i) {
    const double scale = std::pow(10.0, i % 9 - 4);
    vertices.emplace_back(scale * u(rng), u(rng) / 3, 0.1 + 1e-17 * i + u(rng));
  }
  vertices.emplace_back(1.0 / 3, 2.0 / 3, -0.0);
  vertices.emplace_back(-0.7, 123456.78901234567, 5e-324);  // A denormal.
  std::vector<TriangleSurfaceMesh::Element> triangles;
  for (int i = 0; i + 2 < 40; ++i) triangles.push_back({i, i + 1, i + 2});
  triangles.push_back({40, 41, 0});
  return TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
}

TEST_CASE("OBJ write then read is exact", "[obj]") {
  const TriangleSurfaceMesh mesh = MakeAwkwardMesh();
  ScratchDirectory dir;
  const auto file = dir.path() / "awkward.obj";
  WriteObjFile(file, mesh);
  const ObjReadResult r = ReadObjFileWithReport(file);
  CHECK(r.mesh.Equal(mesh));
  CHECK(r.num_dropped_faces == 0);
  CHECK(r.num_welded_vertices == 0);
  CHECK(r.num_unreferenced_vertices == 0);
  // And ReadObjFile agrees with ReadObjString.
  CHECK(ReadObjFile(file).Equal(ReadObjString(WriteObjString(mesh))));
}

TEST_CASE("OBJ polygon mesh written and read back gives its fan triangulation", "[obj]") {
  // A unit square (quad) next to a triangle, and a regular hexagon apart.
  std::vector<Eigen::Vector3d> vertices{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {2, 0.5, 0}};
  std::vector<int> face_data{4, 0, 1, 2, 3, 3, 1, 4, 2};
  for (int k = 0; k < 6; ++k) {
    vertices.emplace_back(5 + std::cos(k * M_PI / 3), std::sin(k * M_PI / 3), 0.1);
  }
  face_data.insert(face_data.end(), {6, 5, 6, 7, 8, 9, 10});
  const PolygonSurfaceMesh polygons(face_data, vertices);
  ScratchDirectory dir;
  const auto file = dir.path() / "polygons.obj";
  WriteObjFile(file, polygons);
  const TriangleSurfaceMesh mesh = ReadObjFile(file);
  CHECK(mesh.vertices() == polygons.vertices());
  REQUIRE(mesh.num_triangles() == 2 + 1 + 4);
  CHECK(mesh.element(0) == TriangleSurfaceMesh::Element{0, 1, 2});
  CHECK(mesh.element(1) == TriangleSurfaceMesh::Element{0, 2, 3});
  CHECK(mesh.element(2) == TriangleSurfaceMesh::Element{1, 4, 2});
  CHECK(mesh.element(6) == TriangleSurfaceMesh::Element{5, 9, 10});
  // Fanning preserves area: 1 + 1/2 + (3√3/2) for the unit hexagon.
  CHECK(mesh.total_area() == Approx(polygons.total_area()).epsilon(1e-14));
  CHECK(mesh.total_area() == Approx(1.5 + 1.5 * std::sqrt(3.0)).epsilon(1e-14));
}

TEST_CASE("OBJ file errors name the file", "[obj][errors]") {
  ScratchDirectory dir;
  const auto missing = dir.path() / "missing.obj";
  CHECK_THROWS_AS(ReadObjFile(missing), std::runtime_error);
  CHECK_THROWS_WITH(ReadObjFile(missing), Contains("missing.obj") && Contains("no such file"));
  CHECK_THROWS_WITH(ReadObjFile(dir.path()), Contains("not a regular file"));
  const auto empty = dir.Write("empty.obj", "");
  CHECK_THROWS_WITH(ReadObjFile(empty), Contains("empty.obj") && Contains("no faces"));
  const auto no_faces = dir.Write("points.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\n");
  CHECK_THROWS_WITH(ReadObjFile(no_faces), Contains("points.obj") && Contains("no faces"));
  const auto bad = dir.Write("bad.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n");
  CHECK_THROWS_WITH(ReadObjFile(bad), Contains("bad.obj, line 4") && Contains("index 4"));
}

TEST_CASE("OBJ malformed content is refused with its line", "[obj][errors]") {
  const std::string tri = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
  struct Case {
    std::string text;
    std::string expected;
  };
  const Case cases[] = {
      {tri + "f 1 2 9\n", "line 4: face vertex index 9 is out of range: the file defines 3"},
      {tri + "f 1 2 0\n", "line 4: face vertex index 0 is invalid"},
      {tri + "f -1 -2 -4\n", "line 4: face vertex index -4 is out of range"},
      {tri + "f 1 2 x\n", "line 4: face vertex 'x' is not a vertex index"},
      {tri + "f 1 2 3/a/1\n", "line 4: face vertex '3/a/1' is malformed"},
      {tri + "f 1 2 99999999999999999999\n", "line 4: face vertex '99999999999999999999'"},
      {tri + "f 1 2\n", "line 4: a face needs at least three vertices, this one has 2"},
      {"v 0 0 0\nv nan 0 0\nv 0 1 0\nf 1 2 3\n", "line 2: vertex coordinate 'nan' is not finite"},
      {"v 0 0 0\nv 1 -inf 0\nv 0 1 0\nf 1 2 3\n", "line 2: vertex coordinate '-inf'"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 1e999\nf 1 2 3\n", "line 3: '1e999' is not a number"},
      {"v 0 0 0\nv 1 0 0\nv 0 abc 0\nf 1 2 3\n", "line 3: 'abc' is not a number"},
      {"v 0 0 0\nv 1 0\nv 0 1 0\nf 1 2 3\n", "line 2: a vertex needs three coordinates"},
      {tri + "\nfoo 1 2 3\nf 1 2 3\n", "line 5: unknown keyword 'foo'"},
      {(tri + "f 1 2 3\n").append(std::string("\x7f" "ELF\x02\x01\x01\0\0", 9)), "line 5: unreadable"},
      {std::string("v 0 0 0\0 junk\n", 14).append("f 1 1 1\n"), "line 1: unreadable content"},
      {tri + "f 1 2 3\nf 2 3 1\n" + "v 2 0 0\nf 1 2 4\n", ""},  // Valid: control case.
      {"v 0 0 0\nv 1 1 1\nv 2 2 2\nf 1 2 3\n", "all 1 triangles of the OBJ data are degenerate"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    if (c.expected.empty()) {
      CHECK_NOTHROW(ReadObjString(c.text, 1.0, "case.obj"));
    } else {
      CHECK_THROWS_AS(ReadObjString(c.text, 1.0, "case.obj"), std::runtime_error);
      CHECK_THROWS_WITH(ReadObjString(c.text, 1.0, "case.obj"),
                        Contains("case.obj") && Contains(c.expected));
    }
  }
}

TEST_CASE("OBJ scale must be finite and positive", "[obj][errors]") {
  for (double scale : {0.0, -1.0, std::nan(""), double(INFINITY)}) {
    CHECK_THROWS_AS(ReadObjString(kQuadCube, scale), std::invalid_argument);
    CHECK_THROWS_WITH(ReadObjString(kQuadCube, scale), Contains("scale"));
  }
  // A scale that takes a coordinate out of the supported range is caught at
  // that vertex's line, and blamed (issue 10, defect 7: it used to surface
  // as degenerate triangles when the products overflowed).
  CHECK_THROWS_WITH(ReadObjString("v 0 0 0\nv 1e3 0 0\nv 0 1 0\nf 1 2 3\n", 1e10, "big.obj"),
                    Contains("big.obj, line 2") && Contains("supported range") &&
                        Contains("scale is too large"));
  CHECK_THROWS_WITH(ReadObjString("v 0 0 0\nv 1e300 0 0\nv 0 1 0\nf 1 2 3\n", 1e10, "big.obj"),
                    Contains("big.obj, line 2") && Contains("supported range"));
}

// Issue 10, defect 3.
TEST_CASE("OBJ extreme numbers are refused or never reach tinyobjloader", "[obj][errors]") {
  const std::string tetrahedron =
      "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
  // Coordinates near 1e150 used to be accepted, and the areas overflowed.
  CHECK_THROWS_WITH(ReadObjString("v 0 0 0\nv 1e150 0 0\nv 0 1e150 0\nv 0 0 1e150\n"
                                  "f 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n",
                                  1.0, "far.obj"),
                    Contains("far.obj, line 2") && Contains("supported range"));
  // A face index just beyond int's range: the message prints it exactly
  // (formatting it used to overflow an int).
  CHECK_THROWS_WITH(ReadObjString(tetrahedron + "f 1 2 2147483648\n", 1.0, "index.obj"),
                    Contains("index.obj, line 9") && Contains("2147483648"));
  CHECK_THROWS_WITH(ReadObjString(tetrahedron + "f 1 2 99999999999999999999\n", 1.0, "index.obj"),
                    Contains("index.obj, line 9"));
  // Texture coordinates, normals and polylines with overflowing numbers:
  // ignored by us and no longer handed to tinyobjloader, whose parsers
  // have undefined behaviour on them; the mesh is the tetrahedron's.
  const TriangleSurfaceMesh plain = ReadObjString(tetrahedron);
  for (const char* line : {"vt 1e2147483649 0\n", "vn 1e-2147483649 0 1\n",
                           "l 1 99999999999999999999\n", "vp 1e99999999999 0 0\n"}) {
    INFO(line);
    const TriangleSurfaceMesh mesh = ReadObjString(std::string(line) + tetrahedron);
    CHECK(mesh.num_triangles() == plain.num_triangles());
    CHECK(mesh.vertices() == plain.vertices());
  }
  // Texture and normal indices beyond int's range in a face are ignored
  // like the rest of them, and never parsed by tinyobjloader.
  CHECK_NOTHROW(ReadObjString(tetrahedron + "f 1/99999999999/1 2 3\n"));
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("OBJ samples of data/: closed sphere and open patch", "[obj][data]") {
  const std::filesystem::path data = std::filesystem::path(HYDROCONTACT_SOURCE_DIR) / "data";
  const double r = 0.05;
  const ObjReadResult sphere = ReadObjFileWithReport(data / "sphere_r0.05m.obj");
  CHECK(sphere.mesh.num_vertices() == 162);
  CHECK(sphere.mesh.num_triangles() == 320);
  CHECK(sphere.num_welded_vertices + sphere.num_dropped_faces + sphere.num_unreferenced_vertices == 0);
  for (const auto& p : sphere.mesh.vertices()) CHECK(p.norm() == Approx(r).epsilon(1e-15));
  REQUIRE(sphere.mesh.IsClosed());
  // Inscribed in the sphere: just below 4πr² and 4/3πr³ (within 3% and 5%
  // at 320 faces).
  const double area = 4 * M_PI * r * r, volume = 4 * M_PI * r * r * r / 3;
  CHECK(sphere.mesh.total_area() < area);
  CHECK(sphere.mesh.total_area() > 0.97 * area);
  CHECK(*sphere.mesh.EnclosedVolume() < volume);
  CHECK(*sphere.mesh.EnclosedVolume() > 0.95 * volume);
  for (int f = 0; f < sphere.mesh.num_triangles(); ++f) {
    CHECK(sphere.mesh.face_normal(f).dot(sphere.mesh.element_centroid(f)) > 0);  // Outward.
  }

  const TriangleSurfaceMesh patch = ReadObjFile(data / "square_patch_0.1m.obj");
  CHECK(patch.num_vertices() == 25);
  CHECK(patch.num_triangles() == 32);
  CHECK(patch.total_area() == Approx(0.01).epsilon(1e-14));
  CHECK_FALSE(patch.IsClosed());
  for (int f = 0; f < patch.num_triangles(); ++f) CHECK(patch.face_normal(f) == Eigen::Vector3d(0, 0, 1));
}

}  // namespace
}  // namespace hydrocontact
