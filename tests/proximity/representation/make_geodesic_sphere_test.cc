#include "proximity/representation/make_geodesic_sphere.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <catch2/catch.hpp>

#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_ellipsoid_mesh.h"
#include "proximity/representation/make_sphere_mesh.h"
#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact::internal {
namespace HYDROCONTACT_TEST_FILE {

using std::numbers::pi;

TEST_CASE("Geodesic sphere: closed, outward, counts, unit vertices, edge bound") {
  for (int n : {1, 2, 3, 7, 20}) {
    CAPTURE(n);
    const GeodesicSphere g = MakeGeodesicSphere(n);
    // F = 20n² (n² per icosahedron face); V = 10n² + 2 by Euler (E = 3F/2).
    CHECK(g.triangles.size() == size_t(20 * n * n));
    CHECK(g.directions.size() == size_t(10 * n * n + 2));
    for (const auto& d : g.directions) REQUIRE(d.norm() == Approx(1).epsilon(1e-15));
    std::vector<TriangleSurfaceMesh::Element> t(g.triangles.begin(), g.triangles.end());
    const TriangleSurfaceMesh s(std::move(t), g.directions);
    hydrocontact::test::CheckClosedOutward(s);
    double longest = 0, smallest_angle = pi;
    for (const auto& tri : g.triangles) {
      for (int i = 0; i < 3; ++i) {
        const Eigen::Vector3d& a = g.directions[tri[i]];
        const Eigen::Vector3d& b = g.directions[tri[(i + 1) % 3]];
        const Eigen::Vector3d& c = g.directions[tri[(i + 2) % 3]];
        longest = std::max(longest, (b - a).norm());
        smallest_angle = std::min(smallest_angle, std::acos((b - a).normalized().dot((c - a).normalized())));
      }
    }
    CHECK(longest * n < kGeodesicEdgeFactor);
    // The icosahedron's faces are equilateral; the projection distorts its
    // subtriangles by at most the 1.26 stretch: angles stay well above 45°.
    CHECK(smallest_angle > pi / 4);
  }
  CHECK_THROWS_WITH(MakeGeodesicSphere(0), Catch::Matchers::Contains("frequency 0"));
}

TEST_CASE("Sphere and ellipsoid meshes: well-shaped cones, edges within the hint") {
  // Worst dihedral angle: a cone from the centre over a near-equilateral
  // boundary triangle has dihedral angles ≈ the triangle's angles along its
  // radial edges and ≈ 90° along the boundary edges, so above 45°.
  for (double h : {0.05, 0.02, 0.01, 0.005}) {
    CAPTURE(h);
    const VolumeMeshWithExtent sphere = MakeSphereVolumeMesh(Sphere(0.1), h);
    hydrocontact::test::CheckCompliantMesh(sphere);
    CHECK(CalcMinDihedralAngle(sphere.mesh) > pi / 4);
    // Boundary edges at most kGeodesicEdgeFactor/1.45 · h ≈ 0.92·h.
    const TriangleSurfaceMesh s = MakeSphereSurfaceMesh(Sphere(0.1), h);
    double longest = 0;
    for (int f = 0; f < s.num_triangles(); ++f) {
      for (int i = 0; i < 3; ++i) {
        longest = std::max(longest, (s.vertex(s.element(f)[i]) - s.vertex(s.element(f)[(i + 1) % 3])).norm());
      }
    }
    CHECK(longest <= 0.92 * h);
  }
  // An elongated ellipsoid's cones are thinner across its short axes; still
  // positive and with dihedral angles above 10° for a 3:1 ratio.
  const VolumeMeshWithExtent e = MakeEllipsoidVolumeMesh(Ellipsoid(0.3, 0.2, 0.1), 0.02);
  hydrocontact::test::CheckCompliantMesh(e);
  CHECK(CalcMinDihedralAngle(e.mesh) > pi / 18);
}

}  // namespace
}  // namespace hydrocontact::internal
