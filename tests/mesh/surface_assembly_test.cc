#include "mesh/surface_assembly.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "mesh/obj_io.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

// The L-shaped hexagon in z = 0, counter-clockwise, starting at a vertex
// that does not see the whole polygon (the fan from it leaves the L):
//   (0.2,0.1) (0.1,0.1) (0.1,0.2) (0,0.2) (0,0) (0.2,0)
// Its area is the 0.2 × 0.1 bar plus the 0.1 × 0.1 arm: 0.03.
const std::vector<Eigen::Vector3d> kL{{0.2, 0.1, 0}, {0.1, 0.1, 0}, {0.1, 0.2, 0},
                                      {0, 0.2, 0},   {0, 0, 0},     {0.2, 0, 0}};

double UnsignedArea(const std::vector<Eigen::Vector3d>& p,
                    const std::vector<std::array<int, 3>>& triangles) {
  double area = 0;
  for (const auto& t : triangles) area += 0.5 * (p[t[1]] - p[t[0]]).cross(p[t[2]] - p[t[0]]).norm();
  return area;
}

TEST_CASE("Ear clipping triangulates a concave polygon exactly", "[surface_assembly]") {
  const std::vector<int> polygon{0, 1, 2, 3, 4, 5};
  const auto triangles = internal::TriangulatePolygon(kL, polygon);
  REQUIRE(triangles.size() == 4);
  CHECK(UnsignedArea(kL, triangles) == Approx(0.03).epsilon(1e-14));
  // Every triangle keeps the polygon's counter-clockwise winding (+z).
  for (const auto& t : triangles) {
    CHECK((kL[t[1]] - kL[t[0]]).cross(kL[t[2]] - kL[t[0]]).z() > 0);
  }
  // The fan from vertex 0 (the old behaviour) covers 0.04 - 2·0.005 = 0.03
  // signed but 0.04 unsigned: the triangle (0,1,2) is inverted. Checked so
  // this test would catch a return to the fan.
  std::vector<std::array<int, 3>> fan;
  for (int i = 1; i + 1 < 6; ++i) fan.push_back({0, i, i + 1});
  CHECK(UnsignedArea(kL, fan) > 0.031);
}

TEST_CASE("Ear clipping of a convex polygon is the fan from its first vertex",
          "[surface_assembly]") {
  std::vector<Eigen::Vector3d> p;
  for (int k = 0; k < 7; ++k) {
    p.emplace_back(std::cos(2 * M_PI * k / 7), std::sin(2 * M_PI * k / 7), 1.0);
  }
  // Clockwise seen from +z: the projection must cope with either winding.
  const std::vector<int> polygon{6, 5, 4, 3, 2, 1, 0};
  const auto triangles = internal::TriangulatePolygon(p, polygon);
  REQUIRE(triangles.size() == 5);
  for (int i = 0; i < 5; ++i) CHECK(triangles[size_t(i)] == std::array<int, 3>{0, i + 1, i + 2});
}

TEST_CASE("Ear clipping in a tilted plane", "[surface_assembly]") {
  // The L rotated so its plane is x = y + z-ish: the projection chooses the
  // dominant axis of the Newell normal; the area is invariant.
  const Eigen::Matrix3d R =
      (Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized())).toRotationMatrix();
  std::vector<Eigen::Vector3d> p;
  for (const auto& q : kL) p.push_back(R * q + Eigen::Vector3d(1, -2, 0.5));
  const auto triangles = internal::TriangulatePolygon(p, std::vector<int>{0, 1, 2, 3, 4, 5});
  CHECK(UnsignedArea(p, triangles) == Approx(0.03).epsilon(1e-12));
}

TEST_CASE("An OBJ L-shaped prism has its exact area and volume", "[surface_assembly][obj]") {
  // The L above extruded from z = 0 to z = h, h = 0.1. Area: two L faces
  // (2 · 0.03) plus the sides (perimeter 0.8 · h) = 0.14 m². Volume: 0.03 h
  // = 0.003 m³. Bottom (1-6) wound clockwise seen from +z (outward -z), top
  // (7-12) counter-clockwise; the sides are quads.
  std::string text;
  for (double z : {0.0, 0.1}) {
    for (const auto& q : kL) text += fmt::format("v {} {} {}\n", q.x(), q.y(), z);
  }
  text += "f 6 5 4 3 2 1\nf 7 8 9 10 11 12\n";
  for (int i = 1; i <= 6; ++i) {
    const int j = i % 6 + 1;
    text += fmt::format("f {} {} {} {}\n", i, j, j + 6, i + 6);
  }
  const ObjReadResult r = ReadObjStringWithReport(text, 1.0, "L.obj");
  CHECK(r.num_dropped_faces == 0);
  CHECK(r.mesh.num_triangles() == 2 * 4 + 6 * 2);
  CHECK(r.mesh.total_area() == Approx(0.14).epsilon(1e-14));
  REQUIRE(r.mesh.IsClosed());
  CHECK(*r.mesh.EnclosedVolume() == Approx(0.003).epsilon(1e-14));
}

TEST_CASE("A polygon without ears (self-intersecting) is fanned, not looped over",
          "[surface_assembly]") {
  // A bow tie: 0-1-2-3 crosses itself. Whatever the triangles, there are two
  // and the call returns.
  const std::vector<Eigen::Vector3d> p{{0, 0, 0}, {1, 1, 0}, {1, 0, 0}, {0, 1, 0}};
  CHECK(internal::TriangulatePolygon(p, std::vector<int>{0, 1, 2, 3}).size() == 2);
}

TEST_CASE("AssembleSurface names the vertex and the format", "[surface_assembly]") {
  // Vertex 1 at x = 1e3 is inside the supported range (|x| <= 1e6 m); the
  // scale 1e10 takes it to 1e13, outside: the scale is blamed. At 1e300 the
  // vertex itself is outside whatever the scale.
  const std::vector<Eigen::Vector3d> p{{0, 0, 0}, {1e3, 0, 0}, {0, 1, 0}};
  const std::vector<int> sizes{3}, indices{0, 1, 2};
  const auto where = [](int v) { return fmt::format("f.x, vertex {}", v); };
  CHECK_THROWS_WITH(internal::AssembleSurface(p, sizes, indices, 1e10, "f.x", "X", where),
                    Contains("f.x, vertex 1: the vertex (1000, 0, 0) times scale") &&
                        Contains("the scale is too large"));
  const std::vector<Eigen::Vector3d> far{{0, 0, 0}, {1e300, 0, 0}, {0, 1, 0}};
  CHECK_THROWS_WITH(internal::AssembleSurface(far, sizes, indices, 1, "f.x", "X", where),
                    Contains("f.x, vertex 1: the vertex (1e+300, 0, 0) lies beyond the supported range"));
  const std::vector<Eigen::Vector3d> line{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  CHECK_THROWS_WITH(internal::AssembleSurface(line, sizes, indices, 1, "f.x", "X", where),
                    Contains("f.x: all 1 triangles of the X data are degenerate"));
  CHECK_THROWS_WITH(internal::AssembleSurface(line, {}, {}, 1, "f.x", "X", where),
                    Contains("f.x: the X data has no faces"));
}

}  // namespace
}  // namespace hydrocontact
