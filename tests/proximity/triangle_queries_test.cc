#include "proximity/triangle_queries.h"

#include <cmath>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

// CalcClosestPointOnTriangle is tested at length with the other closest-
// point kernels in tests/proximity/distance/triangle_distance_test.cc (one
// optimality certificate serves them all); here, the crossing test.

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("SegmentCrossesTriangle: by hand") {
  const Vector3d a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  Vector3d p_X;
  double t = -1;
  // Through the interior: the plane z = 0 is reached at t = 1/(1 + 1).
  CHECK(SegmentCrossesTriangle({0.2, 0.2, -1}, {0.2, 0.2, 1}, a, b, c, &p_X, &t));
  CHECK(p_X.isApprox(Vector3d(0.2, 0.2, 0), 1e-15));
  CHECK(t == Approx(0.5));
  // Asymmetric: from z = −1 to z = 3 the plane is at t = 1/4.
  CHECK(SegmentCrossesTriangle({0.2, 0.2, -1}, {0.2, 0.2, 3}, a, b, c, nullptr, &t));
  CHECK(t == Approx(0.25));
  // Through a point of the closed triangle's edge y = 0: a crossing.
  CHECK(SegmentCrossesTriangle({0.5, 0, -1}, {0.5, 0, 1}, a, b, c));
  // Through the plane outside the triangle (x + y = 1.6 > 1).
  CHECK_FALSE(SegmentCrossesTriangle({0.8, 0.8, -1}, {0.8, 0.8, 1}, a, b, c));
  // Ending on the triangle, or lying in its plane: touching, not crossing.
  CHECK_FALSE(SegmentCrossesTriangle({0.2, 0.2, 0}, {0.2, 0.2, 1}, a, b, c));
  CHECK_FALSE(SegmentCrossesTriangle({-1, 0.2, 0}, {2, 0.2, 0}, a, b, c));
  // Entirely on one side.
  CHECK_FALSE(SegmentCrossesTriangle({0.2, 0.2, 0.5}, {0.2, 0.2, 1}, a, b, c));
}

TEST_CASE("LineTriangleTest: by hand") {
  const Vector3d a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  double t = -1;
  // Down through (0.2, 0.3): the plane z = 0 is 5 below the point.
  CHECK(LineTriangleTest({0.2, 0.3, 5}, {0, 0, -1}).Crosses(a, b, c, &t));
  CHECK(t == Approx(5).epsilon(1e-15));
  // A line, not a ray: behind the point, and in units of the direction
  // (twice as long: half the parameter).
  CHECK(LineTriangleTest({0.2, 0.3, 5}, {0, 0, 2}).Crosses(a, b, c, &t));
  CHECK(t == Approx(-2.5).epsilon(1e-15));
  // Slanted through (0.25, 0.25, 0) from (1.25, −0.75, 2) along (−1, 1, −2)/2:
  // t = 2. Either orientation of the triangle.
  CHECK(LineTriangleTest({1.25, -0.75, 2}, {-0.5, 0.5, -1}).Crosses(a, c, b, &t));
  CHECK(t == Approx(2).epsilon(1e-15));
  // Through the edge y = 0 and through the vertex c: closed triangle.
  CHECK(LineTriangleTest({0.5, 0, 1}, {0, 0, -1}).Crosses(a, b, c));
  CHECK(LineTriangleTest({-0.5, 0.5, 1}, {0.5, 0.5, -1}).Crosses(a, b, c));
  // Beside it (x + y = 1.6 > 1), and in its plane: no crossing.
  CHECK_FALSE(LineTriangleTest({0.8, 0.8, 1}, {0, 0, -1}).Crosses(a, b, c));
  CHECK_FALSE(LineTriangleTest({-1, 0.2, 0}, {1, 0, 0}).Crosses(a, b, c));
  // Parallel to its plane, above it.
  CHECK_FALSE(LineTriangleTest({0.2, 0.2, 1}, {1, 0.3, 0}).Crosses(a, b, c));
}

TEST_CASE("LineTriangleTest is watertight: a line through a shared edge or vertex meets a triangle") {
  // A pyramid's lateral surface: apex v over a ring of n points, all
  // perturbed so no coordinate is round. The line from an interior point C
  // of the base (the ring's centroid) through a point P of an edge (v, r_i)
  // or through v itself crosses the surface there transversally, so in
  // exact arithmetic P lies in the closed triangles incident to it. With
  // rounding, at least one of them must report the crossing, at P.
  std::mt19937 random(11);
  std::uniform_real_distribution<double> u(-1, 1);
  int lines = 0, gaps = 0;
  double worst = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 3 + trial % 6;
    const Vector3d v(0.1 * u(random), 0.1 * u(random), 1 + 0.1 * u(random));
    std::vector<Vector3d> ring;
    for (int i = 0; i < n; ++i) {
      const double angle = 2 * M_PI * (i + 0.3 * u(random)) / n;
      ring.emplace_back(std::cos(angle) + 0.05 * u(random), std::sin(angle) + 0.05 * u(random),
                        0.1 * u(random));
    }
    Vector3d centre = Vector3d::Zero();
    for (const Vector3d& r : ring) centre += r / n;
    auto check = [&](const Vector3d& p, int first, int count) {
      // The triangles (v, r_k, r_k+1) for k = first .. first + count − 1.
      const LineTriangleTest line(centre, p - centre);
      bool met = false;
      for (int j = 0; j < count; ++j) {
        const int k = (first + j) % n;
        double t;
        if (line.Crosses(v, ring[k], ring[(k + 1) % n], &t)) {
          met = true;
          worst = std::max(worst, (centre + t * (p - centre) - p).norm());
        }
      }
      ++lines;
      if (!met) ++gaps;
    };
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < 20; ++k) {
        const double s = 0.5 + 0.5 * u(random);
        check(v + s * (ring[i] - v), (i + n - 1) % n, 2);  // the two sharing edge i
      }
    }
    check(v, 0, n);  // the apex: the whole fan
  }
  CHECK(lines > 10000);
  CHECK(gaps == 0);
  CHECK(worst < 1e-14);
}

TEST_CASE("CalcClosestPointOnTriangle: one point per kind of feature") {
  const Vector3d a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  // Above the face: its projection, distance² 4.
  const auto face = CalcClosestPointOnTriangle({0.25, 0.25, 2}, a, b, c);
  CHECK(face.feature == TriangleFeature{TriangleFeature::kFace, 0});
  CHECK(face.squared_distance == Approx(4));
  // Beyond vertex b along +x: b, distance² 1.
  const auto vertex = CalcClosestPointOnTriangle({2, -0.5, 0}, a, b, c);
  CHECK(vertex.feature == TriangleFeature{TriangleFeature::kVertex, 1});
  CHECK(vertex.squared_distance == Approx(1 + 0.25));
  // Below edge ab: the foot (0.5, 0, 0), distance² 1.
  const auto edge = CalcClosestPointOnTriangle({0.5, -1, 0}, a, b, c);
  CHECK(edge.feature == TriangleFeature{TriangleFeature::kEdge, 0});
  CHECK(edge.p_FQ.isApprox(Vector3d(0.5, 0, 0)));
}

}  // namespace
}  // namespace hydrocontact
