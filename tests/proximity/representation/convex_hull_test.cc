#include "proximity/representation/convex_hull.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>
#include <random>
#include <set>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using std::numbers::pi;

std::vector<Eigen::Vector3d> CubeCorners(double edge = 1.0) {
  std::vector<Eigen::Vector3d> p;
  for (int i = 0; i < 8; ++i) p.emplace_back(edge * (i & 1), edge * ((i >> 1) & 1), edge * ((i >> 2) & 1));
  return p;
}

// Asserts the hull is closed and outward, its vertices are input points,
// and every input point is inside or within `tolerance` of every face plane
// (brute force, independent of the algorithm's bookkeeping).
void CheckHull(const TriangleSurfaceMesh& hull, const std::vector<Eigen::Vector3d>& points,
               double tolerance) {
  CHECK(hull.IsClosed());
  CHECK(hull.CalcSignedVolume() > 0);
  std::set<std::array<double, 3>> input;
  for (const auto& p : points) input.insert({p.x(), p.y(), p.z()});
  for (const auto& v : hull.vertices()) REQUIRE(input.count({v.x(), v.y(), v.z()}) == 1);
  double worst = -1;
  for (int f = 0; f < hull.num_triangles(); ++f) {
    const Eigen::Vector3d& n = hull.face_normal(f);
    const Eigen::Vector3d& a = hull.vertex(hull.element(f)[0]);
    for (const auto& p : points) worst = std::max(worst, n.dot(p - a));
  }
  CHECK(worst <= tolerance);
}

TEST_CASE("Convex hull of a cube's corners: 12 triangles, area 6, volume 1") {
  const auto points = CubeCorners();
  const TriangleSurfaceMesh hull = ComputeConvexHull(points);
  CheckHull(hull, points, 1e-15);
  CHECK(hull.num_vertices() == 8);
  CHECK(hull.num_triangles() == 12);
  CHECK(hull.total_area() == Approx(6).epsilon(1e-14));
  CHECK(hull.CalcSignedVolume() == Approx(1).epsilon(1e-14));
}

TEST_CASE("Convex hull ignores coplanar, collinear, duplicate and interior points") {
  // Corners + face centres + edge midpoints + a 5×5 grid on every face +
  // duplicates + interior points: still the cube's 8 corners, 12 triangles.
  std::vector<Eigen::Vector3d> points = CubeCorners(2.0);
  for (int axis = 0; axis < 3; ++axis) {
    for (double side : {0.0, 2.0}) {
      for (int i = 0; i <= 4; ++i) {
        for (int j = 0; j <= 4; ++j) {
          Eigen::Vector3d p;
          p[axis] = side;
          p[(axis + 1) % 3] = 0.5 * i;
          p[(axis + 2) % 3] = 0.5 * j;
          points.push_back(p);
        }
      }
    }
  }
  for (int i = 0; i < 8; ++i) points.push_back(points[i]);  // duplicates
  points.emplace_back(1, 1, 1);
  points.emplace_back(0.3, 1.7, 0.2);
  std::shuffle(points.begin(), points.end(), std::mt19937(3));
  const TriangleSurfaceMesh hull = ComputeConvexHull(points);
  CheckHull(hull, points, 1e-15);
  CHECK(hull.num_vertices() == 8);
  CHECK(hull.num_triangles() == 12);
  CHECK(hull.total_area() == Approx(24).epsilon(1e-14));
  CHECK(hull.CalcSignedVolume() == Approx(8).epsilon(1e-14));
}

TEST_CASE("Convex hull of random points in a ball") {
  std::mt19937 rng(42);
  std::normal_distribution<double> gauss;
  std::uniform_real_distribution<double> uniform(0, 1);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 3000; ++i) {
    const Eigen::Vector3d d = Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng)).normalized();
    points.push_back(0.7 * std::cbrt(uniform(rng)) * d + Eigen::Vector3d(5, -3, 2));
  }
  const TriangleSurfaceMesh hull = ComputeConvexHull(points);
  CheckHull(hull, points, 1e-10 * 2.8);
  CHECK(hull.num_vertices() < 3000);
  CHECK(hull.CalcSignedVolume() <= 4.0 / 3.0 * pi * std::pow(0.7, 3));
  // Euler: a closed triangulated sphere has F = 2V − 4.
  CHECK(hull.num_triangles() == 2 * hull.num_vertices() - 4);
}

TEST_CASE("Convex hull of points on a sphere keeps every point and converges") {
  // Every point of a sphere is extreme, so all must be hull vertices; the
  // hull's volume approaches the ball's from below as points are added.
  std::mt19937 rng(5);
  std::normal_distribution<double> gauss;
  double previous_error = 1;
  for (int n : {100, 1000, 10000}) {
    std::vector<Eigen::Vector3d> points;
    for (int i = 0; i < n; ++i) {
      points.push_back(Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng)).normalized());
    }
    const TriangleSurfaceMesh hull = ComputeConvexHull(points);
    CHECK(hull.IsClosed());
    CHECK(hull.num_vertices() == n);
    const double error = 1 - hull.CalcSignedVolume() / (4.0 / 3.0 * pi);
    CHECK(error > 0);
    CHECK(error < previous_error);
    previous_error = error;
  }
}

TEST_CASE("Convex hull of regular polyhedra") {
  // Octahedron: 6 vertices, 8 faces, volume 4/3 (for unit vertices).
  std::vector<Eigen::Vector3d> octahedron;
  for (int axis = 0; axis < 3; ++axis) {
    for (double s : {-1.0, 1.0}) {
      Eigen::Vector3d p = Eigen::Vector3d::Zero();
      p[axis] = s;
      octahedron.push_back(p);
    }
  }
  const TriangleSurfaceMesh octa = ComputeConvexHull(octahedron);
  CHECK(octa.num_triangles() == 8);
  CHECK(octa.CalcSignedVolume() == Approx(4.0 / 3.0).epsilon(1e-14));
  // Icosahedron (0, ±1, ±φ) cyclic: 20 faces, volume (5/12)(3+√5)a³ with a = 2.
  const double phi = (1 + std::sqrt(5.0)) / 2;
  std::vector<Eigen::Vector3d> ico;
  for (double s1 : {-1.0, 1.0}) {
    for (double s2 : {-phi, phi}) {
      ico.emplace_back(0, s1, s2);
      ico.emplace_back(s1, s2, 0);
      ico.emplace_back(s2, 0, s1);
    }
  }
  const TriangleSurfaceMesh icosa = ComputeConvexHull(ico);
  CHECK(icosa.num_triangles() == 20);
  CHECK(icosa.CalcSignedVolume() == Approx(5.0 / 12.0 * (3 + std::sqrt(5.0)) * 8).epsilon(1e-13));
}

TEST_CASE("Convex hull of nearly degenerate input") {
  // A cube whose face-grid points are jittered by 1e-13 (below the 1e-10
  // relative tolerance): treated as coplanar, still 12 triangles.
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> jitter(-1e-13, 1e-13);
  std::vector<Eigen::Vector3d> points = CubeCorners();
  for (int i = 0; i < 500; ++i) {
    Eigen::Vector3d p(std::uniform_real_distribution<double>(0, 1)(rng),
                      std::uniform_real_distribution<double>(0, 1)(rng), 1 + jitter(rng));
    points.push_back(p);
  }
  const TriangleSurfaceMesh hull = ComputeConvexHull(points);
  CheckHull(hull, points, 1e-10 * std::sqrt(3.0));
  CHECK(hull.num_triangles() == 12);
  // A very flat but real slab (thickness 1e-6 of its size) is hulled.
  std::vector<Eigen::Vector3d> slab;
  for (int i = 0; i < 8; ++i) slab.emplace_back(i & 1, (i >> 1) & 1, 1e-6 * ((i >> 2) & 1));
  const TriangleSurfaceMesh thin = ComputeConvexHull(slab);
  CHECK(thin.IsClosed());
  CHECK(thin.CalcSignedVolume() == Approx(1e-6).epsilon(1e-8));
}

TEST_CASE("Convex hull is fast on a large cloud") {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 200000; ++i) points.emplace_back(u(rng), u(rng), u(rng));
  const auto start = std::chrono::steady_clock::now();
  const TriangleSurfaceMesh hull = ComputeConvexHull(points);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(hull.IsClosed());
  // Points in a cube: the hull is nearly the cube.
  CHECK(hull.CalcSignedVolume() == Approx(8).epsilon(0.01));
  // Generous bound: quadratic behaviour would take minutes.
  CHECK(seconds < 5);
}

TEST_CASE("Convex hull of degenerate input throws saying why") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(ComputeConvexHull({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}), Contains("at least 4") && Contains("3"));
  CHECK_THROWS_WITH(ComputeConvexHull(std::vector<Eigen::Vector3d>(10, Eigen::Vector3d(1, 2, 3))),
                    Contains("coincide"));
  std::vector<Eigen::Vector3d> line;
  for (int i = 0; i < 10; ++i) line.emplace_back(i, 2 * i, -i);
  CHECK_THROWS_WITH(ComputeConvexHull(line), Contains("collinear"));
  std::vector<Eigen::Vector3d> plane;
  for (int i = 0; i < 10; ++i) plane.emplace_back(i % 3, i / 3, 1e-13 * (i % 2));
  CHECK_THROWS_WITH(ComputeConvexHull(plane), Contains("coplanar"));
  std::vector<Eigen::Vector3d> bad = CubeCorners();
  bad[5].y() = NAN;
  CHECK_THROWS_WITH(ComputeConvexHull(bad), Contains("point 5") && Contains("non-finite"));
  CHECK_THROWS_AS(ComputeConvexHull(line), std::invalid_argument);
}

}  // namespace
}  // namespace hydrocontact
