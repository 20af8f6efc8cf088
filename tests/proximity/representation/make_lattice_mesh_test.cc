#include "proximity/representation/make_lattice_mesh.h"

#include <cmath>
#include <numbers>
#include <set>

#include <catch2/catch.hpp>

namespace hydrocontact::internal {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("Simplex lattice: n³ tetrahedra filling the corner simplex") {
  for (int n = 1; n <= 6; ++n) {
    CAPTURE(n);
    int count = 0;
    int64_t six_volume = 0;
    std::set<std::array<int, 3>> points;
    ForEachSimplexTetrahedron(n, [&](const LatticeTetrahedron& t) {
      ++count;
      const int64_t o = LatticeOrientation(t);
      CHECK(std::abs(o) == 1);  // every Kuhn tetrahedron has volume 1/6
      six_volume += std::abs(o);
      for (const auto& q : t) {
        CHECK(q.minCoeff() >= 0);
        CHECK(q.sum() <= n);
        points.insert({q[0], q[1], q[2]});
      }
    });
    CHECK(count == n * n * n);
    // Volume n³/6: the tetrahedra tile the simplex without overlap.
    CHECK(six_volume == int64_t(n) * n * n);
    // Every lattice point of the simplex is used: (n+1)(n+2)(n+3)/6.
    CHECK(int(points.size()) == (n + 1) * (n + 2) * (n + 3) / 6);
  }
}

TEST_CASE("Prism lattice: 3m²h tetrahedra filling the quadrant prism") {
  for (int m = 1; m <= 4; ++m) {
    for (int h = 1; h <= 3; ++h) {
      int count = 0;
      int64_t six_volume = 0;
      ForEachPrismTetrahedron(m, h, [&](const LatticeTetrahedron& t) {
        ++count;
        six_volume += std::abs(LatticeOrientation(t));
        for (const auto& q : t) {
          CHECK(q.minCoeff() >= 0);
          CHECK(q[0] + q[1] <= m);
          CHECK(q[2] <= h);
        }
      });
      CHECK(count == 3 * m * m * h);
      CHECK(six_volume == 3 * m * m * h);  // volume m²h/2
    }
  }
}

TEST_CASE("Lattice faces: counts, planes and outward orientation") {
  const int n = 5, h = 3;
  int count = 0;
  ForEachSimplexFaceTriangle(n, [&](const LatticeTriangle& t) {
    ++count;
    for (const auto& q : t) CHECK(q.sum() == n);
    CHECK((t[1] - t[0]).cross(t[2] - t[0]).dot(Eigen::Vector3i(1, 1, 1)) > 0);
  });
  CHECK(count == n * n);
  count = 0;
  ForEachPrismSideTriangle(n, h, [&](const LatticeTriangle& t) {
    ++count;
    for (const auto& q : t) CHECK(q[0] + q[1] == n);
    CHECK((t[1] - t[0]).cross(t[2] - t[0]).dot(Eigen::Vector3i(1, 1, 0)) > 0);
  });
  CHECK(count == 2 * n * h);
  count = 0;
  ForEachPrismTopTriangle(n, h, [&](const LatticeTriangle& t) {
    ++count;
    for (const auto& q : t) CHECK(q[2] == h);
    CHECK((t[1] - t[0]).cross(t[2] - t[0]).z() > 0);
  });
  CHECK(count == n * n);
}

TEST_CASE("Equal-angle directions: unit length, exact on the coordinate planes") {
  for (int x = 0; x <= 4; ++x) {
    for (int y = 0; y <= 4; ++y) {
      for (int z = 0; z <= 4; ++z) {
        if (x + y + z == 0) continue;
        const Eigen::Vector3d d = OctantDirection(x, y, z);
        CHECK(d.norm() == Approx(1).epsilon(1e-15));
        CHECK(d.minCoeff() >= 0);
        if (x == 0) CHECK(d.x() == 0.0);
        if (y == 0) CHECK(d.y() == 0.0);
        if (z == 0) CHECK(d.z() == 0.0);
        // Polar angle (π/2)(x+y)/(x+y+z).
        CHECK(std::acos(std::min(1.0, d.z())) ==
              Approx(std::numbers::pi / 2 * (x + y) / (x + y + z)).margin(1e-7));
      }
    }
  }
  CHECK(QuadrantDirection(1, 1).isApprox(Eigen::Vector2d(std::sqrt(0.5), std::sqrt(0.5))));
  CHECK(QuadrantDirection(3, 0) == Eigen::Vector2d(1, 0));
  CHECK(QuadrantDirection(0, 2) == Eigen::Vector2d(0, 1));
}

TEST_CASE("Symmetric assembler mirrors into eight octants, sharing plane vertices") {
  // The unit corner tetrahedron mirrored: the octahedron |x|+|y|+|z| ≤ 1,
  // 7 vertices, 8 positive tetrahedra, volume 8/6.
  auto map = [](const LatticePoint& q) { return LatticeVertex{q.cast<double>(), q.sum() == 0 ? 1.0 : 0.0}; };
  SymmetricLatticeAssembler assembler(map, 16, LatticePoint(1, 1, 1));
  assembler.AddTetrahedron({LatticePoint(0, 0, 0), LatticePoint(1, 0, 0), LatticePoint(0, 1, 0),
                            LatticePoint(0, 0, 1)});
  const VolumeMeshWithExtent m = assembler.BuildVolume("the test lattice");
  CHECK(m.mesh.num_vertices() == 7);
  CHECK(m.mesh.num_elements() == 8);
  CHECK(m.mesh.total_volume() == Approx(8.0 / 6));
  CHECK(m.extent[0] == 1.0);
  SymmetricLatticeAssembler surface(map, 1, LatticePoint(1, 1, 1000));  // hashed
  surface.AddTriangle({LatticePoint(1, 0, 0), LatticePoint(0, 1, 0), LatticePoint(0, 0, 1)});
  const TriangleSurfaceMesh s = surface.BuildSurface("the test lattice");
  CHECK(s.IsClosed());
  CHECK(s.CalcSignedVolume() == Approx(8.0 / 6));
}

}  // namespace
}  // namespace hydrocontact::internal
