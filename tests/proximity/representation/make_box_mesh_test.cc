#include "proximity/representation/make_box_mesh.h"

#include <random>

#include <catch2/catch.hpp>

#include "mesh/barycentric.h"
#include "mesh/mesh_field_linear.h"
#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

// Analytic extent: distance to the nearest face over the smallest half size.
double BoxExtent(const Eigen::Vector3d& p, const Eigen::Vector3d& half) {
  return (half - p.cwiseAbs()).minCoeff() / half.minCoeff();
}

TEST_CASE("Box volume mesh: exact medial-axis field for many proportions") {
  // Distinct sizes, ties between the two largest and the two smallest, a
  // cube and a thin plate: every way the inner core box can collapse.
  const std::vector<Eigen::Vector3d> sizes = {
      {1, 2, 3}, {3, 2, 1}, {2, 1, 3}, {1, 1, 1}, {2, 2, 1}, {1, 2, 2},
      {1, 1, 3}, {3, 1, 1}, {1, 0.01, 1}, {0.2, 0.2, 0.2001}, {5, 0.5, 0.25}};
  const double E = 2.5e5;
  std::mt19937 rng(7);
  for (const Eigen::Vector3d& size : sizes) {
    CAPTURE(size.transpose());
    const Box box(size);
    const Eigen::Vector3d half = size / 2;
    const double H = half.minCoeff();
    const VolumeMeshWithExtent m = MakeBoxVolumeMesh(box);
    test::CheckCompliantMesh(m);
    // Tetrahedra fill the box exactly: V = X·Y·Z.
    CHECK(m.mesh.total_volume() == Approx(size.prod()).epsilon(1e-12));
    // At most 8 inner + 8 outer vertices.
    CHECK(m.mesh.num_vertices() <= 16);
    for (int v = 0; v < m.mesh.num_vertices(); ++v) {
      CHECK(m.extent[v] == Approx(BoxExtent(m.mesh.vertex(v), half)).margin(1e-14));
    }
    // p = E·e is linear on each region cut by the medial planes, and the
    // mesh follows those planes: every gradient has magnitude E/H, along a
    // coordinate axis.
    const VolumeMeshFieldLinear pressure = MakePressureField(m, E);
    for (int e = 0; e < m.mesh.num_elements(); ++e) {
      const Eigen::Vector3d g = pressure.EvaluateGradient(e);
      REQUIRE(g.norm() == Approx(E / H).epsilon(1e-10));
      REQUIRE(g.cwiseAbs().maxCoeff() == Approx(E / H).epsilon(1e-10));
    }
    // The interpolated field equals the analytic one at random points.
    std::uniform_real_distribution<double> u(-1, 1);
    for (int sample = 0; sample < 200; ++sample) {
      const Eigen::Vector3d p(u(rng) * half.x(), u(rng) * half.y(), u(rng) * half.z());
      bool found = false;
      for (int e = 0; e < m.mesh.num_elements() && !found; ++e) {
        const auto& t = m.mesh.element(e);
        const Eigen::Vector4d b = TetrahedronBarycentric(m.mesh.vertex(t[0]), m.mesh.vertex(t[1]),
                                                         m.mesh.vertex(t[2]), m.mesh.vertex(t[3]), p);
        if (b.minCoeff() < -1e-12) continue;
        found = true;
        REQUIRE(pressure.EvaluateCartesian(e, p) == Approx(E * BoxExtent(p, half)).margin(1e-9 * E));
      }
      REQUIRE(found);
    }
  }
}

TEST_CASE("Box volume mesh: a cube is twelve pyramids' halves around its centre") {
  // Cube: the core collapses to the centre, each face region is a pyramid
  // with apex at the centre split into 2 tetrahedra: 12 tetrahedra, 9 vertices.
  const VolumeMeshWithExtent m = MakeBoxVolumeMesh(Box::MakeCube(2.0));
  CHECK(m.mesh.num_elements() == 12);
  CHECK(m.mesh.num_vertices() == 9);
  CHECK(m.mesh.vertex(0).norm() == 0.0);
  CHECK(m.extent[0] == 1.0);
}

TEST_CASE("Box volume mesh: margin keeps the face distance delta, sharp corners") {
  const Eigen::Vector3d size(0.4, 0.2, 0.1);
  const double delta = 0.01;
  const VolumeMeshWithExtent m = MakeBoxVolumeMesh(Box(size), delta);
  test::CheckCompliantMesh(m);
  const VolumeMeshBoundary boundary = ExtractBoundary(m.mesh);
  for (int v : boundary.volume_vertex) {
    // Boundary vertices lie on the planes |pᵢ| = hᵢ + δ: δ beyond a face.
    const Eigen::Vector3d beyond = m.mesh.vertex(v).cwiseAbs() - size / 2;
    CHECK(beyond.maxCoeff() == Approx(delta).margin(1e-15));
    CHECK(beyond.minCoeff() == Approx(delta).margin(1e-15));
  }
  // Every boundary face lies in a face plane of the inflated box.
  for (int f = 0; f < boundary.surface.num_triangles(); ++f) {
    const Eigen::Vector3d n = boundary.surface.face_normal(f);
    const Eigen::Vector3d p = boundary.surface.element_centroid(f);
    int axis;
    n.cwiseAbs().maxCoeff(&axis);
    CHECK(std::abs(n[axis]) == Approx(1).epsilon(1e-14));
    CHECK(std::abs(p[axis]) - size[axis] / 2 == Approx(delta).margin(1e-15));
  }
  CHECK(m.mesh.total_volume() == Approx((size.array() + 2 * delta).prod()).epsilon(1e-12));
}

TEST_CASE("Box surface mesh: 12 outward triangles, exact area and volume") {
  const Box box(0.3, 0.5, 0.7);
  const TriangleSurfaceMesh s = MakeBoxSurfaceMesh(box);
  test::CheckClosedOutward(s);
  CHECK(s.num_triangles() == 12);
  CHECK(s.num_vertices() == 8);
  // Area 2(XY + YZ + ZX), volume XYZ.
  CHECK(s.total_area() == Approx(2 * (0.3 * 0.5 + 0.5 * 0.7 + 0.7 * 0.3)).epsilon(1e-14));
  CHECK(s.CalcSignedVolume() == Approx(0.3 * 0.5 * 0.7).epsilon(1e-14));
  // Each face normal is a coordinate axis pointing away from the centre.
  for (int f = 0; f < 12; ++f) {
    CHECK(s.face_normal(f).dot(s.element_centroid(f)) > 0);
    CHECK(s.face_normal(f).cwiseAbs().maxCoeff() == Approx(1).epsilon(1e-15));
  }
  const TriangleSurfaceMesh inflated = MakeBoxSurfaceMesh(box, 0.05);
  CHECK(inflated.CalcSignedVolume() == Approx(0.4 * 0.6 * 0.8).epsilon(1e-14));
  // The rigid surface is the compliant mesh's boundary.
  CHECK(ExtractBoundary(MakeBoxVolumeMesh(box).mesh).surface.total_area() ==
        Approx(s.total_area()).epsilon(1e-14));
}

TEST_CASE("Box meshes: a bad margin throws naming it") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(MakeBoxVolumeMesh(Box(1, 1, 1), -0.1), Contains("Box") && Contains("margin"));
  CHECK_THROWS_WITH(MakeBoxSurfaceMesh(Box(1, 1, 1), NAN), Contains("margin"));
}


TEST_CASE("Box volume mesh: a foil too thin for its fixed mesh is refused, naming the box") {
  // The elements over a thin side span the side's length ℓ = 1 m but only
  // the thickness t across it and half of t deep: 6V ~ t²ℓ against ℓ³, below
  // VolumeMesh's 1e-12 once t is about 1e-6 of ℓ. No hint applies to a
  // box, so the refusal names the box itself. At t = 1e-5 it builds, and
  // its volume is exact (the medial-axis mesh tiles the box).
  CHECK_THROWS_WITH(MakeBoxVolumeMesh(Box(1e-6, 1, 1)),
                    Catch::Matchers::Contains("Box 1e-06 × 1 × 1 m (margin 0 m) is too thin"));
  CHECK_THROWS_WITH(MakeBoxVolumeMesh(Box(1, 1e-7, 1e-7)),
                    Catch::Matchers::Contains("Box 1 × 1e-07 × 1e-07 m") &&
                        Catch::Matchers::Contains("too thin"));
  const VolumeMeshWithExtent foil = MakeBoxVolumeMesh(Box(1e-5, 1, 1));
  test::CheckCompliantMesh(foil);
  CHECK(foil.mesh.total_volume() == Approx(1e-5).epsilon(1e-12));
}

TEST_CASE("Box surface mesh: a box too thin for its extent is refused, naming the box") {
  // A face t × ℓ split along its diagonal has triangles of twice-area t·ℓ
  // and longest edge ≈ ℓ: t·ℓ ≤ 1e-14·ℓ² once t ≤ 1e-14·ℓ, so t = 1e-9
  // under ℓ = 1e6 (ratio 1e-15) is refused and t = 1e-7 (1e-13) is not.
  CHECK_THROWS_WITH(MakeBoxSurfaceMesh(Box(1e6, 1e-9, 1)),
                    Catch::Matchers::Contains("Box 1e+06 × 1e-09 × 1 m (margin 0 m) is too thin for "
                                              "its extent to mesh into non-degenerate triangles") &&
                        Catch::Matchers::Contains("degenerate (zero area)"));
  const TriangleSurfaceMesh blade = MakeBoxSurfaceMesh(Box(1e6, 1e-7, 1));
  // Area 2(ℓw + ℓt + wt) with ℓ = 1e6, w = 1, t = 1e-7.
  CHECK(blade.total_area() == Approx(2 * (1e6 + 1e-1 + 1e-7)).epsilon(1e-12));
}

}  // namespace
}  // namespace hydrocontact
