#include "proximity/representation/make_torus_mesh.h"

#include <cmath>
#include <numbers>

#include <catch2/catch.hpp>

#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using std::numbers::pi;

// Distance from p to the tube's centre circle (radius R in the xy plane).
double TubeDistance(const Eigen::Vector3d& p, double R) {
  return std::hypot(std::hypot(p.x(), p.y()) - R, p.z());
}

TEST_CASE("Torus volume mesh: invariants, extent = 1 − s/r, volume") {
  for (const double margin : {0.0, 0.02}) {
    const double R = 0.3, r = 0.1, h = 0.025;
    const double rm = r + margin;
    const VolumeMeshWithExtent m = MakeTorusVolumeMesh(Torus(R, r), h, margin);
    const test::CompliantMeshReport report = test::CheckCompliantMesh(m);
    // The deepest vertices are the centre circle's: one per slice.
    const int n = int(std::ceil(rm / h));
    const int slices = int(std::ceil(2 * pi * (R + rm) / h));
    CHECK(report.num_deepest_vertices == slices);
    CHECK(report.num_boundary_vertices == 6 * n * slices);
    // Vertices lie on their rings: e = 1 − s/r' exactly where s is the
    // distance to the centre circle.
    double worst = 0;
    for (int v = 0; v < m.mesh.num_vertices(); ++v) {
      worst = std::max(worst, std::abs(m.extent[v] - (1 - TubeDistance(m.mesh.vertex(v), R) / rm)));
    }
    CHECK(worst < 1e-12);
    // Volume: 2π²Rr'² for the true torus; the mesh is inscribed (polygonal
    // cross-section of 6n sides, m-gon revolution), so smaller by at most
    // the two chord sags' relative areas (≈ (2π/6n)²/6 + (2π/m)²/6 < 2%).
    const double exact = 2 * pi * pi * R * rm * rm;
    CHECK(m.mesh.total_volume() < exact);
    CHECK(m.mesh.total_volume() > 0.98 * exact);
  }
  CHECK_THROWS_WITH(MakeTorusVolumeMesh(Torus(0.3, 0.1), 0.05, 0.25),
                    Catch::Contains("major radius"));
  CHECK_THROWS_WITH(MakeTorusVolumeMesh(Torus(0.3, 0.1), 1e-6), Catch::Contains("Torus"));
  CHECK_THROWS_WITH(MakeTorusVolumeMesh(Torus(0.3, 0.1), -1), Catch::Contains("Torus"));
}

TEST_CASE("Torus surface mesh: closed, outward, the volume mesh's boundary") {
  const Torus torus(0.3, 0.1);
  const TriangleSurfaceMesh surface = MakeTorusSurfaceMesh(torus, 0.03);
  test::CheckClosedOutward(surface);
  const VolumeMeshBoundary boundary = ExtractBoundary(MakeTorusVolumeMesh(torus, 0.03).mesh);
  CHECK(surface.num_triangles() == boundary.surface.num_triangles());
  CHECK(surface.CalcSignedVolume() == Approx(boundary.surface.CalcSignedVolume()).epsilon(1e-12));
  for (const auto& p : surface.vertices()) CHECK(TubeDistance(p, 0.3) == Approx(0.1));
}


TEST_CASE("Torus volume meshes: a tube too thin for the hint is refused, naming one that would do") {
  // The widest spacing of the vertices is the step between slices on the
  // outer equator, 2π(R + r)/m ≤ h: a tube radius of at least 1e-5 of the
  // hint always builds; below 1e-5 of the spacing the refusal names the
  // torus and a hint that would do.
  for (double r : {1e-9, 1e-7, 1e-6, 1e-3}) {
    for (double h : {0.5, 0.05}) {
      CAPTURE(r, h);
      try {
        test::CheckCompliantMesh(MakeTorusVolumeMesh(Torus(0.2, r), h));
      } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        CHECK(what.find("Torus") != std::string::npos);
        CHECK(what.find("too thin") != std::string::npos);
        CHECK(r < 1e-5 * h);
      }
      CHECK(MakeTorusSurfaceMesh(Torus(0.2, r), h).num_elements() > 0);
    }
  }
  // r = 1e-7 m at hint 0.05 m: refused, naming r/1e-5 = 0.01 m; below it
  // the torus builds. Its vertices lie on or inside the convex tube
  // cross-sections, so its volume is at most Pappus's 2π²Rr²; with one ring
  // (a hexagon, 3√3/(2π) ≈ 0.83 of the disc) swept along many slices it is
  // more than 0.8 of it.
  const double R = 0.2, r = 1e-7;
  CHECK_THROWS_WITH(MakeTorusVolumeMesh(Torus(R, r), 0.05),
                    Catch::Matchers::Contains("minor radius 1e-07 m") &&
                        Catch::Matchers::Contains("use a resolution hint below 0.01 m"));
  const VolumeMeshWithExtent fine = MakeTorusVolumeMesh(Torus(R, r), 0.0099);
  test::CheckCompliantMesh(fine);
  const double pappus = 2 * pi * pi * R * r * r;
  CHECK(fine.mesh.total_volume() <= pappus * (1 + 1e-9));
  CHECK(fine.mesh.total_volume() > 0.8 * pappus);
}

}  // namespace
}  // namespace hydrocontact
