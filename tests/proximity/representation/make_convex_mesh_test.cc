#include "proximity/representation/make_convex_mesh.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>

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

// Checks the inflation of `hull` by δ against what it must be: closed and
// outward, every vertex δ or more outside some face plane of the hull (δ
// exactly for unmerged points, more for merged ones), and a volume of at
// least V + δ·A (each face's prism; the wedges and corners add more) and
// at most that plus the merged faces' excess (at most 1% of δ·A here, the
// spreads being under 0.2 rad) plus the wedges and corners (at most
// δ²·(sum of edge lengths · π) + 4πδ³/3 for a convex body).
void CheckInflatedHull(const TriangleSurfaceMesh& hull, double delta, const VolumeMeshWithExtent& volume) {
  const TriangleSurfaceMesh inflated = InflateConvexHull(hull, delta);
  test::CheckClosedOutward(inflated);
  test::CheckCompliantMesh(volume);
  for (const Eigen::Vector3d& p : inflated.vertices()) {
    double outside = -1e300;
    for (int f = 0; f < hull.num_triangles(); ++f) {
      outside = std::max(outside, hull.face_normal(f).dot(p - hull.vertex(hull.element(f)[0])));
    }
    CHECK(outside >= delta * (1 - 1e-9));
  }
  double area = 0, edges = 0;
  for (int f = 0; f < hull.num_triangles(); ++f) {
    area += hull.area(f);
    for (int i = 0; i < 3; ++i) {
      edges += (hull.vertex(hull.element(f)[i]) - hull.vertex(hull.element(f)[(i + 1) % 3])).norm() / 2;
    }
  }
  const double base = hull.CalcSignedVolume() + delta * area;
  CHECK(volume.mesh.total_volume() >= base * (1 - 1e-12));
  CHECK(volume.mesh.total_volume() <=
        base + 0.01 * delta * area + delta * delta * edges * M_PI + 4 * M_PI * std::pow(delta, 3) / 3);
}

TEST_CASE("Convex: small margins on finely tessellated round bodies give valid meshes") {
  // Nearly parallel faces put the offset points v + δ·n̂_f of a vertex a
  // round-off distance apart; they are merged (kMergedOffsetRatio). Before,
  // the gmsh ellipsoid failed for every margin up to 3.4e-5 m (degenerate
  // tetrahedra) and a 128-sided prism for several (degenerate hull faces).
  test::ScratchDirectory dir;
  const auto prism = dir.path() / "prism128.obj";
  {
    std::ofstream obj(prism);
    const int n = 128;
    for (int i = 0; i < n; ++i) {
      const double a = 2 * M_PI * i / n;
      obj << fmt::format("v {:.17g} {:.17g} -0.5\nv {:.17g} {:.17g} 0.5\n", 0.5 * std::cos(a),
                         0.5 * std::sin(a), 0.5 * std::cos(a), 0.5 * std::sin(a));
    }
    obj << "v 0 0 -0.5\nv 0 0 0.5\n";
    for (int i = 0; i < n; ++i) {
      const int j = (i + 1) % n;  // 1-based below.
      obj << fmt::format("f {} {} {}\nf {} {} {}\nf {} {} {}\nf {} {} {}\n", 2 * i + 1, 2 * j + 1, 2 * j + 2,
                         2 * i + 1, 2 * j + 2, 2 * i + 2, 2 * n + 1, 2 * j + 1, 2 * i + 1, 2 * n + 2, 2 * i + 2,
                         2 * j + 2);
    }
  }
  for (const std::string& file : {test::DataPath("gmsh-ellipsoid-0.12m.obj"), test::DataPath("sphere_r0.05m.obj"),
                                 prism.string()}) {
    const TriangleSurfaceMesh hull = ComputeConvexHull(ReadConvexPoints(Convex(file)));
    for (const double delta : {1e-7, 1e-6, 3e-6, 1e-5, 3.4e-5, 1e-4, 1e-3}) {
      CAPTURE(file, delta);
      const VolumeMeshWithExtent volume = MakeConvexVolumeMesh(Convex(file), delta);
      // The inflated body holds the hull and the prisms over its faces.
      CHECK(volume.mesh.total_volume() > hull.CalcSignedVolume());
      CheckInflatedHull(hull, delta, volume);
    }
  }
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
