#include "proximity/representation/make_capsule_mesh.h"

#include <cmath>
#include <numbers>

#include <catch2/catch.hpp>

#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using std::numbers::pi;

// Distance from p to the axis segment |z| ≤ L/2.
double DistanceToAxis(const Eigen::Vector3d& p, double half_length) {
  const double z = std::clamp(p.z(), -half_length, half_length);
  return (p - Eigen::Vector3d(0, 0, z)).norm();
}

TEST_CASE("Capsule volume mesh: invariants, exact extent, converging volume") {
  const double R = 0.05, L = 0.2;
  const double exact_volume = pi * R * R * L + 4.0 / 3.0 * pi * R * R * R;
  double previous_error = 1;
  for (int m : {3, 6, 12}) {
    CAPTURE(m);
    // m = ⌈(π/2)R/h⌉ levels.
    const VolumeMeshWithExtent mesh = MakeCapsuleVolumeMesh(Capsule(R, L), pi / 2 * R / m);
    const auto report = test::CheckCompliantMesh(mesh);
    for (int v = 0; v < mesh.mesh.num_vertices(); ++v) {
      const Eigen::Vector3d& p = mesh.mesh.vertex(v);
      REQUIRE(mesh.extent[v] == Approx(1 - DistanceToAxis(p, L / 2) / R).margin(1e-12));
      // The medial axis has e = 1.
      if (p.head<2>().norm() == 0 && std::abs(p.z()) <= L / 2) REQUIRE(mesh.extent[v] == 1.0);
    }
    // Axis vertices: 2·layers + 1 of them, ⌈(L/2)/h⌉ layers per half.
    const int layers = int(std::ceil(L / 2 / (pi / 2 * R / m) - 1e-9));
    CHECK(report.num_deepest_vertices == 2 * layers + 1);
    // Inscribed: below the exact volume; relative deficit below that of the
    // sphere (2.4/m²) since the body's 4m-gon deficit is smaller still.
    const double error = (exact_volume - mesh.mesh.total_volume()) / exact_volume;
    CHECK(error > 0);
    CHECK(error < 2.4 / (m * m));
    CHECK(error < previous_error);
    previous_error = error;
    // Only boundary and medial vertices: every vertex off the axis is on the
    // boundary.
    for (int v = 0; v < mesh.mesh.num_vertices(); ++v) {
      if (mesh.extent[v] != 1.0) REQUIRE(mesh.extent[v] == 0.0);
    }
    CHECK(report.num_boundary_vertices + report.num_deepest_vertices == mesh.mesh.num_vertices());
    // 8(3m·layers + m²) tetrahedra: three per body wedge, one per cap triangle.
    CHECK(mesh.mesh.num_elements() == 8 * (3 * m * layers + m * m));
    // The worst dihedral angle is at the axis, between neighbouring wedges:
    // the ring's angular step π/(2m) (the equal-angle map spaces the 4m ring
    // vertices evenly). The fan about the medial segment trades element
    // shape there for an exact field with no interior vertices.
    // (The wedge tetrahedra reach a little below it, within 15%, where a
    // layer is long against the ring chord.)
    CHECK(CalcMinDihedralAngle(mesh.mesh) > 0.85 * pi / (2 * m));
  }
}

TEST_CASE("Capsule volume mesh: orientation over many proportions") {
  for (double L : {0.001, 0.05, 0.3, 2.0}) {
    for (int m = 1; m <= 9; m += 2) {
      CAPTURE(L, m);
      const VolumeMeshWithExtent mesh = MakeCapsuleVolumeMesh(Capsule(0.1, L), pi / 2 * 0.1 / m);
      double min_volume = 1;
      for (int e = 0; e < mesh.mesh.num_elements(); ++e)
        min_volume = std::min(min_volume, mesh.mesh.element_volume(e));
      CHECK(min_volume > 0);
    }
  }
}

TEST_CASE("Capsule surface mesh: closed, outward, converging area") {
  const double R = 1.0, L = 3.0;
  const double exact_area = 2 * pi * R * L + 4 * pi * R * R;
  double previous_error = 1;
  for (int m : {4, 8, 16}) {
    CAPTURE(m);
    const TriangleSurfaceMesh s = MakeCapsuleSurfaceMesh(Capsule(R, L), pi / 2 * R / m);
    test::CheckClosedOutward(s);
    for (const auto& p : s.vertices()) REQUIRE(DistanceToAxis(p, L / 2) == Approx(R).epsilon(1e-14));
    const double error = (exact_area - s.total_area()) / exact_area;
    CHECK(error > 0);
    CHECK(error < 2.4 / (m * m));
    CHECK(error < previous_error);
    previous_error = error;
  }
}

TEST_CASE("Capsule meshes: margin puts the boundary exactly delta out") {
  const double R = 0.05, L = 0.1, delta = 0.004;
  const VolumeMeshWithExtent mesh = MakeCapsuleVolumeMesh(Capsule(R, L), 0.02, delta);
  test::CheckCompliantMesh(mesh);
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh.mesh);
  for (int v : boundary.volume_vertex) {
    REQUIRE(DistanceToAxis(mesh.mesh.vertex(v), L / 2) - R == Approx(delta).margin(1e-14));
  }
  const TriangleSurfaceMesh surface = MakeCapsuleSurfaceMesh(Capsule(R, L), 0.02, delta);
  for (const auto& p : surface.vertices()) {
    REQUIRE(DistanceToAxis(p, L / 2) - R == Approx(delta).margin(1e-14));
  }
}

TEST_CASE("Capsule meshes: bad arguments throw naming the parameter") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(MakeCapsuleVolumeMesh(Capsule(1, 1), 0), Contains("Capsule") && Contains("resolution hint"));
  CHECK_THROWS_WITH(MakeCapsuleVolumeMesh(Capsule(1, 1), 0.1, -3), Contains("margin"));
  CHECK_THROWS_WITH(MakeCapsuleVolumeMesh(Capsule(1, 100), 1e-3), Contains("tetrahedra"));
  CHECK_THROWS_WITH(MakeCapsuleSurfaceMesh(Capsule(1, 1), 1e-6), Contains("triangles"));
}


TEST_CASE("Capsule volume meshes: every radius and hint gives a valid mesh or a clear refusal") {
  // Radii from 1e-9 m (a thread) to 0.1 m on a 1 m body, hints from 0.5 m
  // to 5 mm. The widest spacing of the vertices is at most the hint, so a
  // radius of at least 1e-5 of the hint must always build; below 1e-5 of
  // the actual spacing the refusal names the capsule and a hint that
  // would do. No outcome is an unexplained degenerate element.
  int built = 0, refused = 0;
  for (double R : {1e-9, 1e-7, 1e-6, 1e-5, 1e-3, 0.1}) {
    for (double h : {0.5, 0.05, 0.005}) {
      CAPTURE(R, h);
      try {
        test::CheckCompliantMesh(MakeCapsuleVolumeMesh(Capsule(R, 1), h));
        ++built;
      } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        CHECK(what.find("Capsule") != std::string::npos);
        CHECK(what.find("too thin") != std::string::npos);
        CHECK(R < 1e-5 * h);
        ++refused;
      }
      // The rigid surface has no thickness limit.
      CHECK(MakeCapsuleSurfaceMesh(Capsule(R, 1), h).num_elements() > 0);
    }
  }
  CHECK(built >= 9);
  CHECK(refused >= 5);
  // R = 1e-7 m against body layers of 0.05 m: refused, naming the hint
  // R/1e-5 = 0.01 m. Below it the capsule builds: one ring of m = 1
  // segment per quadrant, so the body is the prism over the inscribed
  // square (area 2R²) and the mesh, inscribed in the convex capsule, lies
  // between that prism and the capsule: 2R²L ≤ V ≤ πR²L + 4πR³/3.
  const double R = 1e-7, L = 1;
  CHECK_THROWS_WITH(MakeCapsuleVolumeMesh(Capsule(R, L), 0.05),
                    Catch::Matchers::Contains("radius 1e-07 m and length 1 m") &&
                        Catch::Matchers::Contains("use a resolution hint below 0.01 m"));
  const VolumeMeshWithExtent fine = MakeCapsuleVolumeMesh(Capsule(R, L), 0.0099);
  test::CheckCompliantMesh(fine);
  CHECK(fine.mesh.total_volume() >= 2 * R * R * L * (1 - 1e-12));
  CHECK(fine.mesh.total_volume() <= (pi * R * R * L + 4.0 / 3.0 * pi * R * R * R) * (1 + 1e-12));
}

}  // namespace
}  // namespace hydrocontact
