#include "proximity/representation/make_ellipsoid_mesh.h"

#include <cmath>
#include <numbers>

#include <catch2/catch.hpp>

#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using std::numbers::pi;

// ‖(x/a, y/b, z/c)‖: 1 on the ellipsoid.
double Gauge(const Eigen::Vector3d& p, const Eigen::Vector3d& semi) {
  return p.cwiseQuotient(semi).norm();
}

// Distance from p (outside, all coordinates > 0) to the ellipsoid with
// semi-axes s: the closest point is s_i²·p_i/(t + s_i²) for the root t > 0
// of Σ (s_i·p_i/(t + s_i²))² = 1, found by bisection (independent of the
// generator's normal offset).
double DistanceOutsideEllipsoid(const Eigen::Vector3d& p, const Eigen::Vector3d& s) {
  auto f = [&](double t) {
    double sum = 0;
    for (int i = 0; i < 3; ++i) sum += std::pow(s[i] * p[i] / (t + s[i] * s[i]), 2);
    return sum - 1;
  };
  double lo = 0, hi = p.norm() * s.maxCoeff();
  for (int it = 0; it < 200; ++it) {
    const double mid = (lo + hi) / 2;
    (f(mid) > 0 ? lo : hi) = mid;
  }
  Eigen::Vector3d q;
  for (int i = 0; i < 3; ++i) q[i] = s[i] * s[i] * p[i] / (lo + s[i] * s[i]);
  return (p - q).norm();
}

TEST_CASE("Ellipsoid volume mesh: invariants, gauge field, converging volume") {
  const Eigen::Vector3d semi(0.3, 0.2, 0.1);
  const double exact_volume = 4.0 / 3.0 * pi * semi.prod();
  double previous_error = 1;
  for (int n : {4, 8, 16}) {
    CAPTURE(n);
    // Geodesic frequency n = ⌈1.45·max(a,b,c)/h⌉: 20n² cones from the centre.
    const VolumeMeshWithExtent m = MakeEllipsoidVolumeMesh(Ellipsoid(0.3, 0.2, 0.1), 1.45 * 0.3 / n);
    const auto report = test::CheckCompliantMesh(m);
    CHECK(report.num_deepest_vertices == 1);
    CHECK(m.mesh.num_elements() == 20 * n * n);
    for (int v = 0; v < m.mesh.num_vertices(); ++v) {
      REQUIRE(m.extent[v] == Approx(1 - Gauge(m.mesh.vertex(v), semi)).margin(1e-12));
    }
    // The mesh is a linear image diag(a,b,c) of a polyhedron inscribed in
    // the unit sphere, so its volume is below the ellipsoid's by the same
    // relative deficit as the sphere mesh: < 2.4/n².
    const double error = (exact_volume - m.mesh.total_volume()) / exact_volume;
    CHECK(error > 0);
    CHECK(error < 2.4 / (n * n));
    CHECK(error < previous_error);
    previous_error = error;
  }
}

TEST_CASE("Ellipsoid volume mesh: margin puts boundary vertices delta from the surface") {
  const Eigen::Vector3d semi(0.2, 0.12, 0.05);
  const double delta = 0.01;
  const VolumeMeshWithExtent m = MakeEllipsoidVolumeMesh(Ellipsoid(0.2, 0.12, 0.05), 0.03, delta);
  test::CheckCompliantMesh(m);
  const VolumeMeshBoundary boundary = ExtractBoundary(m.mesh);
  int checked = 0;
  for (int v : boundary.volume_vertex) {
    const Eigen::Vector3d p = m.mesh.vertex(v).cwiseAbs();
    if ((p.array() < 1e-9).any()) continue;  // the bisection wants p off the planes
    REQUIRE(DistanceOutsideEllipsoid(p, semi) == Approx(delta).epsilon(1e-9));
    ++checked;
  }
  CHECK(checked > 20);
  // The inflated mesh holds the original one: volume grows.
  CHECK(m.mesh.total_volume() > MakeEllipsoidVolumeMesh(Ellipsoid(0.2, 0.12, 0.05), 0.03).mesh.total_volume());
}

TEST_CASE("Ellipsoid surface mesh: closed, outward, area converging (prolate spheroid)") {
  // Prolate spheroid a = b < c: S = 2πa²(1 + c/(a·ε)·asin ε), ε = √(1 − a²/c²).
  const double a = 1.0, c = 2.0;
  const double eps = std::sqrt(1 - a * a / (c * c));
  const double exact_area = 2 * pi * a * a * (1 + c / (a * eps) * std::asin(eps));
  double previous_error = 1;
  for (int n : {6, 12, 24}) {
    CAPTURE(n);
    const TriangleSurfaceMesh s = MakeEllipsoidSurfaceMesh(Ellipsoid(a, a, c), 1.45 * c / n);
    test::CheckClosedOutward(s);
    CHECK(s.num_triangles() == 20 * n * n);
    for (const auto& p : s.vertices()) REQUIRE(Gauge(p, {a, a, c}) == Approx(1).epsilon(1e-14));
    const double error = (exact_area - s.total_area()) / exact_area;
    CHECK(error > 0);
    CHECK(error < 2.4 / (n * n));
    CHECK(error < previous_error);
    previous_error = error;
  }
}

TEST_CASE("Ellipsoid meshes: bad arguments throw naming the parameter") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(MakeEllipsoidVolumeMesh(Ellipsoid(1, 2, 3), 0), Contains("Ellipsoid") && Contains("resolution hint"));
  CHECK_THROWS_WITH(MakeEllipsoidSurfaceMesh(Ellipsoid(1, 2, 3), 0.1, -1), Contains("margin"));
  CHECK_THROWS_WITH(MakeEllipsoidVolumeMesh(Ellipsoid(1, 2, 3), 1e-3), Contains("tetrahedra"));
}


TEST_CASE("Ellipsoid volume mesh: a needle too slender for the centre's cones is refused, naming it") {
  // Every element is a cone from the centre to a boundary triangle. Near a
  // tip of the needle a = b ≪ c, a triangle θ ≈ h/(1.45c) across in angle
  // maps to one about aθ wide each way, so its cone (c long) has
  // 6V/ℓ³ ≈ (a/c)²θ². At h = 0.05, c = 1: θ ≈ 0.034, and a = 1e-5 gives
  // 1.2e-13, below VolumeMesh's 1e-12: refused, naming the ellipsoid. At
  // a = 1e-4 it is 1.2e-11 and the mesh builds, with volume below 4πabc/3
  // (inscribed in the convex ellipsoid) and above half of it.
  CHECK_THROWS_WITH(MakeEllipsoidVolumeMesh(Ellipsoid(1e-5, 1e-5, 1), 0.05),
                    Catch::Matchers::Contains("Ellipsoid of semi-axes 1e-05, 1e-05, 1 m") &&
                        Catch::Matchers::Contains("too thin"));
  const VolumeMeshWithExtent needle = MakeEllipsoidVolumeMesh(Ellipsoid(1e-4, 1e-4, 1), 0.05);
  test::CheckCompliantMesh(needle);
  const double exact = 4.0 / 3.0 * std::numbers::pi * 1e-4 * 1e-4 * 1;
  CHECK(needle.mesh.total_volume() <= exact * (1 + 1e-9));
  CHECK(needle.mesh.total_volume() > 0.5 * exact);
}

}  // namespace
}  // namespace hydrocontact
