#include "proximity/representation/make_convex_mesh.h"

#include <random>

#include <catch2/catch.hpp>

#include "mesh/barycentric.h"
#include "mesh/obj_io.h"
#include "proximity/representation/convex_hull.h"
#include "tests/proximity/representation/mesh_generator_checks.h"
#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {


TriangleSurfaceMesh UnitCubeHull() {
  std::vector<Eigen::Vector3d> p;
  for (int i = 0; i < 8; ++i) p.emplace_back(i & 1, (i >> 1) & 1, (i >> 2) & 1);
  return ComputeConvexHull(p);
}

TEST_CASE("Convex volume mesh: cone from the centroid with the gauge extent") {
  const VolumeMeshWithExtent m = MakeConvexVolumeMesh(UnitCubeHull());
  const auto report = test::CheckCompliantMesh(m);
  CHECK(report.num_deepest_vertices == 1);
  CHECK(m.mesh.num_elements() == 12);
  CHECK(m.mesh.total_volume() == Approx(1).epsilon(1e-14));
  // The centroid of the unit cube is (½, ½, ½) and the gauge about it is
  // 2·max|pᵢ − ½|, so e(p) = 1 − 2·max|pᵢ − ½| — linear on each cone
  // tetrahedron, hence reproduced exactly by the interpolation.
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(0, 1);
  for (int sample = 0; sample < 100; ++sample) {
    const Eigen::Vector3d p(u(rng), u(rng), u(rng));
    const double expected = 1 - 2 * (p.array() - 0.5).abs().maxCoeff();
    int hits = 0;
    for (int e = 0; e < m.mesh.num_elements(); ++e) {
      const auto& t = m.mesh.element(e);
      const Eigen::Vector4d b = TetrahedronBarycentric(m.mesh.vertex(t[0]), m.mesh.vertex(t[1]),
                                                       m.mesh.vertex(t[2]), m.mesh.vertex(t[3]), p);
      if (b.minCoeff() < -1e-12) continue;
      ++hits;
      double value = 0;
      for (int i = 0; i < 4; ++i) value += b[i] * m.extent[t[i]];
      REQUIRE(value == Approx(expected).margin(1e-12));
    }
    REQUIRE(hits >= 1);
  }
}

TEST_CASE("Convex hull inflation: chamfered offset, faces and vertices exactly delta out") {
  const double delta = 0.05;
  const TriangleSurfaceMesh inflated = InflateConvexHull(UnitCubeHull(), delta);
  test::CheckClosedOutward(inflated);
  // Unit cube ⊕ chamfer: 1 + 6δ (faces) + 12·δ²/2 (edge wedges) + 8·δ³/6
  // (corner tetrahedra).
  CHECK(inflated.CalcSignedVolume() ==
        Approx(1 + 6 * delta + 6 * delta * delta + 8 * delta * delta * delta / 6).epsilon(1e-13));
  const Aabb cube(Eigen::Vector3d::Zero(), Eigen::Vector3d::Ones());
  // Every vertex is δ from the cube (distance to a box, computed directly).
  CHECK(inflated.num_vertices() == 24);
  for (const auto& p : inflated.vertices()) {
    REQUIRE(std::sqrt(cube.SquaredDistanceTo(p)) == Approx(delta).epsilon(1e-13));
  }
  // Axis-aligned faces lie δ beyond the cube's faces.
  int axis_faces = 0;
  for (int f = 0; f < inflated.num_triangles(); ++f) {
    const Eigen::Vector3d& n = inflated.face_normal(f);
    int axis;
    if (n.cwiseAbs().maxCoeff(&axis) < 1 - 1e-12) continue;
    ++axis_faces;
    const double coordinate = inflated.element_centroid(f)[axis];
    CHECK((n[axis] > 0 ? coordinate - 1 : -coordinate) == Approx(delta).epsilon(1e-12));
  }
  CHECK(axis_faces == 12);
  // Zero margin returns the hull itself.
  CHECK(InflateConvexHull(UnitCubeHull(), 0).Equal(UnitCubeHull()));
}

TEST_CASE("Convex from files: the OBJ icosphere and the VTK cube") {
  // The icosphere is convex: its hull is itself, every vertex extreme.
  const TriangleSurfaceMesh sphere = ReadObjFile(test::DataPath("sphere_r0.05m.obj"));
  const TriangleSurfaceMesh hull = MakeConvexSurfaceMesh(Convex(test::DataPath("sphere_r0.05m.obj")));
  test::CheckClosedOutward(hull);
  CHECK(hull.num_vertices() == sphere.num_vertices());
  CHECK(hull.num_triangles() == sphere.num_triangles());
  CHECK(hull.CalcSignedVolume() == Approx(sphere.CalcSignedVolume()).epsilon(1e-12));
  // Scale 2 multiplies volumes by 8.
  const TriangleSurfaceMesh doubled = MakeConvexSurfaceMesh(Convex(test::DataPath("sphere_r0.05m.obj"), 2.0));
  CHECK(doubled.CalcSignedVolume() == Approx(8 * sphere.CalcSignedVolume()).epsilon(1e-12));
  // The VTK cube's 99 vertices (grid points on its faces) hull to 8 corners.
  const VolumeMeshWithExtent cube = MakeConvexVolumeMesh(Convex(test::DataPath("box_0.1m.vtk")));
  test::CheckCompliantMesh(cube);
  CHECK(cube.mesh.num_vertices() == 9);
  CHECK(cube.mesh.total_volume() == Approx(1e-3).epsilon(1e-12));
  // With a margin the compliant mesh fills the inflated hull.
  const VolumeMeshWithExtent inflated = MakeConvexVolumeMesh(Convex(test::DataPath("box_0.1m.vtk")), 0.01);
  test::CheckCompliantMesh(inflated);
  const double d = 0.01;
  CHECK(inflated.mesh.total_volume() ==
        Approx(1e-3 + 6 * 0.01 * d + 12 * 0.1 * d * d / 2 + 8 * d * d * d / 6).epsilon(1e-12));
}

TEST_CASE("Convex: bad files and arguments throw naming the culprit") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(ReadConvexPoints(Convex("shape.step")), Contains("shape.step") && Contains(".obj"));
  CHECK_THROWS_WITH(MakeConvexSurfaceMesh(Convex(test::DataPath("no_such_file.obj"))), Contains("no_such_file.obj"));
  CHECK_THROWS_WITH(InflateConvexHull(UnitCubeHull(), -1), Contains("margin"));
  // An open surface is not a hull.
  CHECK_THROWS_WITH(MakeConvexVolumeMesh(ReadObjFile(test::DataPath("square_patch_0.1m.obj"))), Contains("closed"));
  // A flat OBJ has no volume to hull.
  CHECK_THROWS_WITH(MakeConvexSurfaceMesh(Convex(test::DataPath("square_patch_0.1m.obj"))), Contains("coplanar"));
}

}  // namespace
}  // namespace hydrocontact
