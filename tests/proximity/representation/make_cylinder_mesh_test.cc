#include "proximity/representation/make_cylinder_mesh.h"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <numbers>

#include <catch2/catch.hpp>

#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace {

using std::numbers::pi;

double Rho(const Eigen::Vector3d& p) { return std::hypot(p.x(), p.y()); }

// Rim vertices per quarter: the rim circle at z = +L/2 holds 4m vertices.
int RimCount(const std::vector<Eigen::Vector3d>& vertices, double R, double half_length) {
  int count = 0;
  for (const auto& p : vertices) {
    if (p.z() == half_length && std::abs(Rho(p) - R) < 1e-12 * R) ++count;
  }
  return count;
}

// Area of the regular N-gon inscribed in a circle of radius R: (N/2)R²sin(2π/N).
double PolygonArea(int N, double R) { return N / 2.0 * R * R * std::sin(2 * pi / N); }

struct CylinderCase {
  double R, L;
  bool core_absorbed;  // the medial core is thinner than half a level
};

TEST_CASE("Cylinder volume mesh: invariants, exact extent, prism volume") {
  // Long (axial core), flat (radial core), equal, and nearly equal
  // (core absorbed into the skin).
  const std::vector<CylinderCase> cases = {
      {0.1, 0.6, false}, {0.3, 0.1, false}, {0.1, 0.2, false}, {0.1, 0.2004, true}};
  for (const auto& c : cases) {
    const double hl = c.L / 2, H = std::min(c.R, hl);
    double previous_error = 1;
    for (double h : {0.05, 0.025, 0.0125}) {
      CAPTURE(c.R, c.L, h);
      const VolumeMeshWithExtent m = MakeCylinderVolumeMesh(Cylinder(c.R, c.L), h);
      test::CheckCompliantMesh(m);
      // e = min(R − ρ, L/2 − |z|)/H at every vertex (analytic, from the
      // rounded positions); with an absorbed core the levels are at most a
      // factor 1 + 1/(2n) off, n ≥ H/h.
      const double tolerance = c.core_absorbed ? 0.5 * h / H : 1e-12;
      for (int v = 0; v < m.mesh.num_vertices(); ++v) {
        const Eigen::Vector3d& p = m.mesh.vertex(v);
        const double exact = std::min(1.0, std::min(c.R - Rho(p), hl - std::abs(p.z())) / H);
        REQUIRE(m.extent[v] == Approx(exact).margin(tolerance));
      }
      // The whole medial core has e = 1: the axis |z| ≤ L/2 − R (long) or
      // the disk ρ ≤ R − L/2 at z = 0 (flat).
      for (int v = 0; v < m.mesh.num_vertices(); ++v) {
        const Eigen::Vector3d& p = m.mesh.vertex(v);
        if ((Rho(p) == 0 && std::abs(p.z()) <= hl - c.R) ||
            (p.z() == 0 && Rho(p) <= c.R - hl)) {
          REQUIRE(m.extent[v] == 1.0);
        }
      }
      // The cross-section is the regular 4m-gon of the rim, so the volume
      // is its area times L, exactly; the rim edge is ≤ h.
      const int N = RimCount(m.mesh.vertices(), c.R, hl);
      CHECK(N % 4 == 0);
      CHECK(2 * c.R * std::sin(pi / N) <= h);
      CHECK(m.mesh.total_volume() == Approx(PolygonArea(N, c.R) * c.L).epsilon(1e-12));
      const double error = 1 - m.mesh.total_volume() / (pi * c.R * c.R * c.L);
      // Regular N-gon deficit: 1 − sin(2π/N)/(2π/N) ≤ (2π/N)²/6.
      CHECK(error <= std::pow(2 * pi / N, 2) / 6);
      CHECK(error < previous_error);
      previous_error = error;
    }
  }
}

TEST_CASE("Cylinder volume mesh: orientation and counts over many proportions") {
  for (double L : {0.02, 0.1, 0.2, 0.35, 1.0}) {
    for (double h : {0.3, 0.1, 0.04}) {
      CAPTURE(L, h);
      const VolumeMeshWithExtent m = MakeCylinderVolumeMesh(Cylinder(0.1, L), h);
      double min_volume = 1;
      for (int e = 0; e < m.mesh.num_elements(); ++e)
        min_volume = std::min(min_volume, m.mesh.element_volume(e));
      CHECK(min_volume > 0);
      // 24m²M tetrahedra with m rings: num_elements / 24 is a whole m²M.
      CHECK(m.mesh.num_elements() % 24 == 0);
    }
  }
}

TEST_CASE("Cylinder surface mesh: closed, outward, exact prism area, converging") {
  const double R = 0.5, L = 1.5;
  const double exact_area = 2 * pi * R * L + 2 * pi * R * R;
  double previous_error = 1;
  for (double h : {0.2, 0.1, 0.05}) {
    CAPTURE(h);
    const TriangleSurfaceMesh s = MakeCylinderSurfaceMesh(Cylinder(R, L), h);
    test::CheckClosedOutward(s);
    const int N = RimCount(s.vertices(), R, L / 2);
    // Side: N rectangles of width 2R·sin(π/N); caps: two regular N-gons.
    const double polygon_area = PolygonArea(N, R);
    CHECK(s.total_area() ==
          Approx(N * 2 * R * std::sin(pi / N) * L + 2 * polygon_area).epsilon(1e-12));
    CHECK(s.CalcSignedVolume() == Approx(polygon_area * L).epsilon(1e-12));
    const double error = 1 - s.total_area() / exact_area;
    CHECK(error > 0);
    CHECK(error < previous_error);
    previous_error = error;
  }
  // It is the boundary of the volume mesh.
  const VolumeMeshBoundary b = ExtractBoundary(MakeCylinderVolumeMesh(Cylinder(R, L), 0.2).mesh);
  CHECK(b.surface.num_triangles() == MakeCylinderSurfaceMesh(Cylinder(R, L), 0.2).num_triangles());
}

TEST_CASE("Cylinder meshes: margin moves side and caps out by exactly delta") {
  const double R = 0.1, L = 0.3, delta = 0.005;
  const VolumeMeshWithExtent m = MakeCylinderVolumeMesh(Cylinder(R, L), 0.03, delta);
  test::CheckCompliantMesh(m);
  const VolumeMeshBoundary boundary = ExtractBoundary(m.mesh);
  for (int v : boundary.volume_vertex) {
    const Eigen::Vector3d& p = m.mesh.vertex(v);
    // Outside the original cylinder by δ beyond the side or beyond a cap
    // (sharp rims: rim vertices are δ beyond both).
    const double beyond_side = Rho(p) - R, beyond_cap = std::abs(p.z()) - L / 2;
    CHECK(std::max(beyond_side, beyond_cap) == Approx(delta).margin(1e-14));
  }
  const TriangleSurfaceMesh s = MakeCylinderSurfaceMesh(Cylinder(R, L), 0.03, delta);
  for (const auto& p : s.vertices()) {
    CHECK(std::max(Rho(p) - R, std::abs(p.z()) - L / 2) == Approx(delta).margin(1e-14));
  }
}

TEST_CASE("Cylinder meshes: bad arguments throw naming the parameter") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(MakeCylinderVolumeMesh(Cylinder(1, 1), -2), Contains("Cylinder") && Contains("resolution hint"));
  CHECK_THROWS_WITH(MakeCylinderSurfaceMesh(Cylinder(1, 1), 0.1, -1), Contains("margin"));
  CHECK_THROWS_WITH(MakeCylinderVolumeMesh(Cylinder(1, 1), 1e-3), Contains("tetrahedra") && Contains("at least"));
  CHECK_THROWS_WITH(MakeCylinderSurfaceMesh(Cylinder(1, 1), 1e-6), Contains("triangles"));
}

TEST_CASE("Cylinder meshes: flat cylinders give valid meshes (issue 10 reproducers)") {
  // `mesh cylinder:1,0.01 --resolution 0.5` and `cylinder:0.1,0.001
  // --resolution 0.05` built inverted tetrahedra: the rim's chords sagged
  // more than the one-level skin is thick, putting the next ring's vertices
  // outside them. CheckCompliantMesh asserts orientation, no all-boundary
  // tetrahedron, the exact extent at the boundary and a closed boundary.
  for (const auto& [R, L, h] : {std::array<double, 3>{1, 0.01, 0.5}, {0.1, 0.001, 0.05}}) {
    CAPTURE(R, L, h);
    const VolumeMeshWithExtent m = MakeCylinderVolumeMesh(Cylinder(R, L), h);
    test::CheckCompliantMesh(m);
    // The prism volume πR²L is approached from below (inscribed polygon).
    CHECK(m.mesh.total_volume() < pi * R * R * L);
    CHECK(m.mesh.total_volume() > 0.99 * pi * R * R * L);
    test::CheckClosedOutward(MakeCylinderSurfaceMesh(Cylinder(R, L), h));
  }
}

TEST_CASE("Cylinder meshes: every proportion and hint gives a valid mesh or a clear refusal") {
  // Aspect ratios (L/R) from 1e-5 to 100 and hints from coarser than the shape to
  // fine: either the mesh passes every invariant, or the refusal names the
  // cylinder and says why (too flat, or too many elements for the hint).
  int built = 0, refused = 0;
  for (double L : {1e-6, 1e-4, 1e-3, 0.01, 0.05, 0.2, 1.0, 10.0}) {
    for (double h : {5.0, 0.5, 0.05, 0.02}) {
      CAPTURE(L, h);
      try {
        const VolumeMeshWithExtent m = MakeCylinderVolumeMesh(Cylinder(0.1, L), h);
        test::CheckCompliantMesh(m);
        ++built;
      } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        CHECK(what.find("Cylinder") != std::string::npos);
        CHECK((what.find("too flat") != std::string::npos ||
               what.find("resolution hint") != std::string::npos));
        ++refused;
      }
    }
  }
  CHECK(built > 20);
  // The hopelessly flat one is refused for its shape, not its hint.
  CHECK_THROWS_WITH(MakeCylinderVolumeMesh(Cylinder(1, 1e-6), 0.5),
                    Catch::Matchers::Contains("too flat") && Catch::Matchers::Contains("1e-06"));
  CHECK_THROWS_WITH(MakeCylinderSurfaceMesh(Cylinder(1, 1e-8), 0.5),
                    Catch::Matchers::Contains("too flat"));
}

}  // namespace
}  // namespace hydrocontact
