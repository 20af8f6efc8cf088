#include "proximity/representation/make_sphere_mesh.h"

#include <cmath>
#include <numbers>
#include <string>

#include <catch2/catch.hpp>

#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using std::numbers::pi;

// The geodesic frequency the generator documents: n = ⌈1.45·r/h⌉.
int Frequency(double r, double h) { return static_cast<int>(std::ceil(1.45 * r / h - 1e-9)); }

TEST_CASE("Sphere volume mesh: invariants, exact field, converging volume") {
  const double r = 0.1;
  const double exact_volume = 4.0 / 3.0 * pi * r * r * r;
  double previous_error = 1;
  // Hints that give frequency n = 4, 8, 16 (20n² cones from the centre).
  for (int n : {4, 8, 16}) {
    const double h = 1.45 * r / n;
    CAPTURE(n);
    const VolumeMeshWithExtent m = MakeSphereVolumeMesh(Sphere(r), h);
    test::CheckCompliantMesh(m);
    // 8n³ tetrahedra (n³ per octant).
    CHECK(m.mesh.num_elements() == 20 * n * n);
    // The field is 1 − |p|/r at every vertex (positions rounded, so ≈).
    for (int v = 0; v < m.mesh.num_vertices(); ++v) {
      REQUIRE(m.extent[v] == Approx(1 - m.mesh.vertex(v).norm() / r).margin(1e-12));
    }
    // The centre is the one vertex with e = 1.
    const auto deepest = std::max_element(m.extent.begin(), m.extent.end()) - m.extent.begin();
    CHECK(m.mesh.vertex(int(deepest)).norm() == 0.0);
    // All vertices lie within the ball, so the meshed volume is below the
    // ball's. The polyhedron is star-shaped about the centre, so it holds
    // the ball of radius r_in = least distance from the centre to a
    // boundary triangle's plane: V ≥ (r_in/r)³·V_ball.
    const VolumeMeshBoundary boundary = ExtractBoundary(m.mesh);
    double r_in = r;
    for (int f = 0; f < boundary.surface.num_triangles(); ++f) {
      r_in = std::min(r_in, boundary.surface.face_normal(f).dot(
                                boundary.surface.vertex(boundary.surface.element(f)[0])));
    }
    const double volume = m.mesh.total_volume();
    CHECK(volume < exact_volume);
    CHECK(volume >= std::pow(r_in / r, 3) * exact_volume * (1 - 1e-12));
    // Stated tolerance: a chord of length ℓ sags ℓ²/(8r) below the sphere;
    // with edges ≤ ~1.6·(π/2)r/n the relative volume deficit stays under
    // 3·(1.6·π/(2n))²/8 ≈ 2.4/n².
    const double error = (exact_volume - volume) / exact_volume;
    CHECK(error < 2.4 / (n * n));
    CHECK(error < previous_error);
    previous_error = error;
  }
}

TEST_CASE("Sphere volume mesh: orientation holds at every frequency") {
  // The equal-angle map is nonlinear: check small to moderate n exhaustively
  // (VolumeMesh would also throw on an inverted tetrahedron).
  for (int n = 1; n <= 24; ++n) {
    CAPTURE(n);
    const VolumeMeshWithExtent m = MakeSphereVolumeMesh(Sphere(1.0), 1.45 / n);
    REQUIRE(m.mesh.num_elements() == 20 * n * n);
    double min_volume = 1;
    for (int e = 0; e < m.mesh.num_elements(); ++e)
      min_volume = std::min(min_volume, m.mesh.element_volume(e));
    CHECK(min_volume > 0);
  }
}

TEST_CASE("Sphere volume mesh: default-size example builds fast and is sized by the hint") {
  // r = 0.1 m at h = 0.01 m: n = ⌈14.5⌉ = 15, 20n² = 4500 tetrahedra.
  const VolumeMeshWithExtent m = MakeSphereVolumeMesh(Sphere(0.1), 0.01);
  CHECK(m.mesh.num_elements() == 20 * 15 * 15);
  // Vertices: the closed boundary has F = 20n² triangles and E = 3F/2
  // edges, so V = 2 − F + E = 10n² + 2 (Euler); plus the centre.
  CHECK(m.mesh.num_vertices() == 10 * 15 * 15 + 2 + 1);
}

TEST_CASE("Sphere volume mesh: margin inflates the boundary by exactly delta") {
  const double r = 0.05, delta = 0.002, h = 0.01;
  const VolumeMeshWithExtent m = MakeSphereVolumeMesh(Sphere(r), h, delta);
  test::CheckCompliantMesh(m);
  const VolumeMeshBoundary boundary = ExtractBoundary(m.mesh);
  for (int v : boundary.volume_vertex) {
    // Distance from V to the original sphere: |p| − r.
    REQUIRE(m.mesh.vertex(v).norm() - r == Approx(delta).margin(1e-14));
  }
  // Still e = 1 (p = E) at the centre only; shell count from the inflated radius.
  for (int v = 0; v < m.mesh.num_vertices(); ++v) {
    if (m.extent[v] == 1.0) CHECK(m.mesh.vertex(v).norm() == 0.0);
  }
  const int n = Frequency(r + delta, h);
  CHECK(m.mesh.num_elements() == 20 * n * n);
}

TEST_CASE("Sphere surface mesh: closed, outward, converging area, quadrupling count") {
  const double r = 2.0;
  const double exact_area = 4 * pi * r * r;
  double previous_error = 1;
  int previous_count = 0;
  for (int n : {5, 10, 20}) {
    CAPTURE(n);
    const TriangleSurfaceMesh s = MakeSphereSurfaceMesh(Sphere(r), 1.45 * r / n);
    test::CheckClosedOutward(s);
    CHECK(s.num_triangles() == 20 * n * n);
    if (previous_count > 0) CHECK(s.num_triangles() == 4 * previous_count);
    previous_count = s.num_triangles();
    for (const auto& p : s.vertices()) REQUIRE(p.norm() == Approx(r).epsilon(1e-14));
    // Inscribed triangles have less area than the sphere; the deficit of a
    // triangle whose plane is at distance d is about 1 − (d/r)², below the
    // same 2.4/n² bound as the volume.
    const double error = (exact_area - s.total_area()) / exact_area;
    CHECK(error > 0);
    CHECK(error < 2.4 / (n * n));
    CHECK(error < previous_error);
    previous_error = error;
  }
}

TEST_CASE("Sphere surface mesh: the boundary of the volume mesh, inflated by the margin") {
  const double r = 0.3, h = 0.05, delta = 0.01;
  const TriangleSurfaceMesh s = MakeSphereSurfaceMesh(Sphere(r), h, delta);
  const VolumeMeshBoundary b = ExtractBoundary(MakeSphereVolumeMesh(Sphere(r), h, delta).mesh);
  CHECK(s.num_triangles() == b.surface.num_triangles());
  CHECK(s.total_area() == Approx(b.surface.total_area()).epsilon(1e-12));
  for (const auto& p : s.vertices()) REQUIRE(p.norm() - r == Approx(delta).margin(1e-14));
}

TEST_CASE("Sphere meshes: bad arguments throw naming the parameter") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(MakeSphereVolumeMesh(Sphere(1), 0.0), Contains("resolution hint") && Contains("Sphere"));
  CHECK_THROWS_WITH(MakeSphereVolumeMesh(Sphere(1), -1.0), Contains("resolution hint"));
  CHECK_THROWS_WITH(MakeSphereVolumeMesh(Sphere(1), std::nan("")), Contains("resolution hint"));
  CHECK_THROWS_WITH(MakeSphereSurfaceMesh(Sphere(1), 0.1, -0.5), Contains("margin") && Contains("-0.5"));
  CHECK_THROWS_AS(MakeSphereVolumeMesh(Sphere(1), 0.1, INFINITY), std::invalid_argument);
  // Too fine: n = ⌈1.45/1e-4⌉ = 14500 would be 20n² ≈ 4.2e9 tetrahedra.
  CHECK_THROWS_WITH(MakeSphereVolumeMesh(Sphere(1), 1e-4),
                    Contains("tetrahedra") && Contains("4.2e+09"));
}

TEST_CASE("Sphere meshes: the hint the size error suggests is accepted") {
  // n = ⌈1.45/1e-5⌉ = 145000 → 20n² ≈ 4.2e11 triangles.
  std::string message;
  try {
    MakeSphereSurfaceMesh(Sphere(1), 1e-5);
  } catch (const std::invalid_argument& e) {
    message = e.what();
  }
  REQUIRE_THAT(message, Catch::Matchers::Contains("triangles") &&
                            Catch::Matchers::Contains("4.2e+11") &&
                            Catch::Matchers::Contains("at least"));
  const double suggested = std::stod(message.substr(message.find("at least") + 9));
  // The suggestion keeps the count under the limit (without building it).
  const int n = Frequency(1.0, suggested);
  CHECK(20.0 * n * n <= kMaxMeshElements);
  CHECK(20.0 * n * n > 0.5 * kMaxMeshElements);
}

}  // namespace
}  // namespace hydrocontact
