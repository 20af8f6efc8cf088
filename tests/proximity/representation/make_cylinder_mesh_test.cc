#include "proximity/representation/make_cylinder_mesh.h"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <numbers>

#include <catch2/catch.hpp>

#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

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
};

// The mesh's counts per the header: m = ⌈(π/2)R/h⌉ ring segments per
// quadrant, J = ⌈(L/2)/h⌉ side layers per half, K = ⌈(L/2 − R)/h⌉ axis
// steps per half (long), and the core kind.
struct Counts {
  int m, J, K;
  bool flat;
};
Counts ExpectedCounts(double R, double L, double h) {
  auto segments = [h](double length) { return std::max(1, int(std::ceil(length / h - 1e-9))); };
  const double hl = L / 2, absorbed = 1e-3 * std::min(h, std::min(R, hl));
  return {segments(pi / 2 * R), segments(hl), hl - R > absorbed ? segments(hl - R) : 0,
          R - hl > absorbed};
}

TEST_CASE("Cylinder volume mesh: invariants, exact extent, prism volume") {
  // Long (axial core), flat (radial core), equal, nearly equal (a short
  // core, kept) and equal but for round-off (a core of 1e-6 m, under 1e-3
  // of min(h, H): dropped, its place taken by the centre).
  const std::vector<CylinderCase> cases = {
      {0.1, 0.6}, {0.3, 0.1}, {0.1, 0.2}, {0.1, 0.2004}, {0.1, 0.2 + 2e-6}, {0.1002, 0.2}};
  for (const auto& c : cases) {
    const double hl = c.L / 2, H = std::min(c.R, hl);
    double previous_error = 1;
    for (double h : {0.05, 0.025, 0.0125}) {
      CAPTURE(c.R, c.L, h);
      const VolumeMeshWithExtent m = MakeCylinderVolumeMesh(Cylinder(c.R, c.L), h);
      const auto report = test::CheckCompliantMesh(m);
      // e = min(R − ρ, L/2 − |z|)/H at every vertex (analytic, from the
      // rounded positions): the mesh's vertices are all on the boundary
      // (e = 0) or on the medial core (e = 1), even where a core is dropped
      // (the centre has e = 1).
      for (int v = 0; v < m.mesh.num_vertices(); ++v) {
        const Eigen::Vector3d& p = m.mesh.vertex(v);
        const double exact = std::min(c.R - Rho(p), hl - std::abs(p.z())) / H;
        REQUIRE(m.extent[v] == Approx(exact).margin(1e-12));
        REQUIRE((m.extent[v] == 0.0 || m.extent[v] == 1.0));
      }
      CHECK(report.num_boundary_vertices + report.num_deepest_vertices == m.mesh.num_vertices());
      // The medial core's vertices: 2K + 1 axis points (long), or the core
      // disk's 1 + 4·(1 + 2 + … + m) = 2m² + 2m + 1 (flat), or the centre.
      const Counts n = ExpectedCounts(c.R, c.L, h);
      CHECK(report.num_deepest_vertices == (n.flat ? 2 * n.m * n.m + 2 * n.m + 1 : 2 * n.K + 1));
      // The cross-section is the regular 4m-gon of the rim, so the volume
      // is its area times L, exactly; the rim edge is ≤ h.
      const int N = RimCount(m.mesh.vertices(), c.R, hl);
      CHECK(N == 4 * n.m);
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
      // Per octant: long, 2 per side quad (pyramids) + 1 per axis step and
      // ring segment + 1 cone per cap triangle: 2mJ + mK + m²; flat, 3 per
      // prism of the frustum (m² cap triangles) + 3 per side quad.
      const Counts n = ExpectedCounts(0.1, L, h);
      CHECK(m.mesh.num_elements() ==
            (n.flat ? 24 * (n.m * n.m + n.m * n.J) : 8 * (2 * n.m * n.J + n.m * n.K + n.m * n.m)));
    }
  }
}

TEST_CASE("Cylinder volume mesh: worst dihedral angle of a long cylinder") {
  // The thinnest tetrahedra of a long cylinder are in the axis fan: an axis
  // step's tetrahedron (axis k, k+1, ring segment) has, at its axis edge,
  // the dihedral angle between the meridian planes of its two ring
  // vertices, the sector angle π/(2m) (4m ring vertices evenly spaced by
  // the equal-angle map), so the worst angle is at most that. The pyramids
  // next to it are a little thinner where a side layer is long against the
  // ring chord (coarse rings, m ≤ 4: within 25%); the cones over the cap
  // triangles are wider than a sector. So the worst angle stays about
  // π/(2m): it halves as the hint halves, but never collapses.
  for (const auto& [R, L] : {std::array<double, 2>{0.05, 0.2}, {0.1, 1.0}, {0.02, 0.2}}) {
    for (double h : {0.02, 0.01, 0.005, 0.0035}) {
      CAPTURE(R, L, h);
      const VolumeMeshWithExtent m = MakeCylinderVolumeMesh(Cylinder(R, L), h);
      const int rings = ExpectedCounts(R, L, h).m;
      const double worst = CalcMinDihedralAngle(m.mesh);
      CHECK(worst > 0.75 * pi / (2 * rings));
      CHECK(worst <= pi / (2 * rings) * (1 + 1e-6));
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
    // Exactly the prism over the rim's regular 4m-gon.
    const int N = RimCount(m.mesh.vertices(), R, L / 2);
    CHECK(N == 4 * ExpectedCounts(R, L, h).m);
    CHECK(m.mesh.total_volume() == Approx(PolygonArea(N, R) * L).epsilon(1e-12));
    test::CheckClosedOutward(MakeCylinderSurfaceMesh(Cylinder(R, L), h));
  }
}

TEST_CASE("Cylinder meshes: every proportion and hint gives a valid mesh or a clear refusal") {
  // Aspect ratios (L/R) from 1e-5 to 100 and hints from coarser than the shape to
  // fine: either the mesh passes every invariant, or the refusal names the
  // cylinder and says why (too thin, or too many elements for the hint).
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
        CHECK((what.find("too thin") != std::string::npos ||
               what.find("resolution hint") != std::string::npos));
        ++refused;
      }
    }
  }
  CHECK(built > 20);
  // A cylinder thinner than 1e-5 of its element spacing (here the rim
  // chord 2·sin(π/16) ≈ 0.39 m at hint 0.5) would have elements of
  // numerically zero volume: refused as too thin, naming a hint below
  // H/1e-5 that would do (0.05 m for H = 5e-7 m), which then builds.
  CHECK_THROWS_WITH(MakeCylinderVolumeMesh(Cylinder(1, 1e-6), 0.5),
                    Catch::Matchers::Contains("too thin") && Catch::Matchers::Contains("1e-06") &&
                        Catch::Matchers::Contains("below 0.05 m"));
  CHECK_THROWS_WITH(MakeCylinderSurfaceMesh(Cylinder(1, 1e-8), 0.5),
                    Catch::Matchers::Contains("too thin"));
  test::CheckCompliantMesh(MakeCylinderVolumeMesh(Cylinder(1, 1e-6), 0.05));
  // A needle likewise: radius 1e-7 m against side layers of 0.5 m.
  CHECK_THROWS_WITH(MakeCylinderVolumeMesh(Cylinder(1e-7, 1), 0.5),
                    Catch::Matchers::Contains("too thin"));
}

}  // namespace
}  // namespace hydrocontact
