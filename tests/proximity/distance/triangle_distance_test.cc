#include "proximity/distance/triangle_distance.h"

#include <array>
#include <cmath>
#include <random>

#include <Eigen/Geometry>
#include <Eigen/QR>
#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// Every query here is the minimum of the convex function ‖x − y‖² over a
// product of convex sets (points, segments, triangles). For such problems
// the first-order conditions are sufficient: (x*, y*) is a minimiser iff
// (x* − y*)·(X − x*) ≥ 0 for every X of the first set and
// (y* − x*)·(Y − y*) ≥ 0 for every Y of the second. Both are linear in X
// (Y), so checking the vertices of each set certifies optimality
// independently of how the answer was computed.
template <size_t N, size_t M>
void CheckOptimal(const std::array<Vector3d, N>& first, const std::array<Vector3d, M>& second,
                  const Vector3d& p, const Vector3d& q, double dsq) {
  const double tol = 1e-12;
  CHECK((p - q).squaredNorm() == Approx(dsq).margin(1e-15));
  for (const Vector3d& x : first) CHECK((p - q).dot(x - p) >= -tol);
  for (const Vector3d& y : second) CHECK((q - p).dot(y - q) >= -tol);
}

// P lies in the convex hull of the vertices: it has non-negative least-
// squares barycentric weights that reproduce it.
template <size_t N>
bool InHull(const std::array<Vector3d, N>& v, const Vector3d& p) {
  if constexpr (N == 1) return (p - v[0]).norm() < 1e-12;
  if constexpr (N == 2) {
    const Vector3d d = v[1] - v[0];
    const double t = d.dot(p - v[0]) / d.squaredNorm();
    return t >= -1e-12 && t <= 1 + 1e-12 && (v[0] + t * d - p).norm() < 1e-12;
  }
  if constexpr (N == 3) {
    Eigen::Matrix<double, 3, 2> m;
    m << v[1] - v[0], v[2] - v[0];
    const Eigen::Vector2d w = m.colPivHouseholderQr().solve(p - v[0]);
    return w.minCoeff() >= -1e-12 && w.sum() <= 1 + 1e-12 && (v[0] + m * w - p).norm() < 1e-12;
  }
  return false;
}

Vector3d RandomPoint(std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  return {u(rng), u(rng), u(rng)};
}

TEST_CASE("Point-triangle: each Voronoi region by hand") {
  const Vector3d v0(0, 0, 0), v1(1, 0, 0), v2(0, 1, 0);
  // Above the face: Q is the foot of the perpendicular, distance the height.
  auto r = CalcClosestPointOnTriangle({0.25, 0.25, 2}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kFace, 0});
  CHECK((r.p_FQ - Vector3d(0.25, 0.25, 0)).norm() < 1e-15);
  CHECK(r.squared_distance == 4.0);
  CHECK((r.barycentric - Vector3d(0.5, 0.25, 0.25)).norm() < 1e-15);
  // Below the face: the same distance (unsigned).
  r = CalcClosestPointOnTriangle({0.25, 0.25, -3}, v0, v1, v2);
  CHECK(r.squared_distance == 9.0);
  // Beyond vertex 0: Q = v0, distance² = 1 + 1 + 1.
  r = CalcClosestPointOnTriangle({-1, -1, 1}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kVertex, 0});
  CHECK(r.squared_distance == 3.0);
  // Beyond vertex 1 and 2.
  r = CalcClosestPointOnTriangle({2, -0.5, 0}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kVertex, 1});
  CHECK(r.squared_distance == Approx(1.25));
  r = CalcClosestPointOnTriangle({-0.5, 3, 0}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kVertex, 2});
  CHECK(r.squared_distance == Approx(4.25));
  // Beyond edge 0 (v0→v1, the x axis): Q = (0.3, 0, 0), distance² = 0.5² + 1.
  r = CalcClosestPointOnTriangle({0.3, -0.5, 1}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kEdge, 0});
  CHECK((r.p_FQ - Vector3d(0.3, 0, 0)).norm() < 1e-15);
  CHECK(r.squared_distance == Approx(1.25));
  CHECK((r.barycentric - Vector3d(0.7, 0.3, 0)).norm() < 1e-15);
  // Beyond edge 1 (the hypotenuse x + y = 1): from (1, 1, 0) the foot is
  // (0.5, 0.5, 0) at distance √0.5.
  r = CalcClosestPointOnTriangle({1, 1, 0}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kEdge, 1});
  CHECK((r.p_FQ - Vector3d(0.5, 0.5, 0)).norm() < 1e-15);
  CHECK(r.squared_distance == Approx(0.5));
  // Beyond edge 2 (v2→v0, the y axis): Q = (0, 0.6, 0); the weight of v0 is
  // 0.4, of v2 0.6.
  r = CalcClosestPointOnTriangle({-2, 0.6, 0}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kEdge, 2});
  CHECK((r.barycentric - Vector3d(0.4, 0, 0.6)).norm() < 1e-15);
  CHECK(r.squared_distance == Approx(4.0));
}

TEST_CASE("Point-triangle: points exactly on the triangle") {
  const Vector3d v0(0, 0, 0), v1(2, 0, 0), v2(0, 2, 0);
  // On a vertex: the vertex feature, distance 0.
  auto r = CalcClosestPointOnTriangle(v1, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kVertex, 1});
  CHECK(r.squared_distance == 0.0);
  // On an edge's interior: the edge (boundary goes to the lower dimension).
  r = CalcClosestPointOnTriangle({1, 0, 0}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kEdge, 0});
  CHECK(r.squared_distance == 0.0);
  // Exactly above an edge: still the edge.
  r = CalcClosestPointOnTriangle({1, 1, 5}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kEdge, 1});
  CHECK(r.squared_distance == Approx(25.0));
  // Inside: the face.
  r = CalcClosestPointOnTriangle({0.5, 0.5, 0}, v0, v1, v2);
  CHECK(r.feature == TriangleFeature{TriangleFeature::kFace, 0});
  CHECK(r.squared_distance == 0.0);
}

TEST_CASE("Point-triangle: random configurations satisfy the optimality certificate") {
  std::mt19937 rng(1234);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::array<Vector3d, 3> t{RandomPoint(rng, 1), RandomPoint(rng, 1),
                                    RandomPoint(rng, 1)};
    if ((t[1] - t[0]).cross(t[2] - t[0]).norm() < 1e-3) continue;
    const Vector3d p = RandomPoint(rng, 2);
    const auto r = CalcClosestPointOnTriangle(p, t[0], t[1], t[2]);
    REQUIRE(InHull(t, r.p_FQ));
    CHECK(r.barycentric.minCoeff() >= 0);
    CHECK(std::abs(r.barycentric.sum() - 1) < 1e-14);
    CHECK((r.barycentric[0] * t[0] + r.barycentric[1] * t[1] + r.barycentric[2] * t[2] - r.p_FQ)
              .norm() < 1e-12);
    CheckOptimal(std::array<Vector3d, 1>{p}, t, p, r.p_FQ, r.squared_distance);
  }
}

TEST_CASE("Segment-segment: hand-derived configurations") {
  double s = -1, t = -1;
  // Skew perpendicular segments crossing over each other at height 1:
  // distance 1, at their midpoints.
  auto r = CalcClosestPointsSegmentSegment({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 1, 1}, &s, &t);
  CHECK(r.squared_distance == 1.0);
  CHECK(s == 0.5);
  CHECK(t == 0.5);
  // Intersecting segments: distance 0 at the crossing (0.25, 0, 0).
  r = CalcClosestPointsSegmentSegment({0, 0, 0}, {1, 0, 0}, {0.25, -1, 0}, {0.25, 1, 0});
  CHECK(r.squared_distance == 0.0);
  CHECK((r.p_FP - Vector3d(0.25, 0, 0)).norm() < 1e-15);
  // Parallel, overlapping, offset by 2 in y: distance 2 (any overlap point).
  r = CalcClosestPointsSegmentSegment({0, 0, 0}, {2, 0, 0}, {1, 2, 0}, {3, 2, 0});
  CHECK(r.squared_distance == Approx(4.0));
  CHECK(r.p_FP.x() >= 1 - 1e-15);
  CHECK(r.p_FP.x() <= 2 + 1e-15);
  // Parallel and disjoint along their line: end to end, (2,0,0)-(3,1,0).
  r = CalcClosestPointsSegmentSegment({0, 0, 0}, {2, 0, 0}, {3, 1, 0}, {5, 1, 0});
  CHECK(r.squared_distance == Approx(2.0));
  CHECK((r.p_FP - Vector3d(2, 0, 0)).norm() < 1e-15);
  CHECK((r.p_FQ - Vector3d(3, 1, 0)).norm() < 1e-15);
  // Collinear, overlapping: distance 0.
  r = CalcClosestPointsSegmentSegment({0, 0, 0}, {2, 0, 0}, {1, 0, 0}, {3, 0, 0});
  CHECK(r.squared_distance == 0.0);
  // Degenerate (zero-length) segments: point-point and point-segment.
  r = CalcClosestPointsSegmentSegment({1, 1, 1}, {1, 1, 1}, {1, 1, 3}, {1, 1, 3});
  CHECK(r.squared_distance == 4.0);
  r = CalcClosestPointsSegmentSegment({0, 0, 0}, {0, 0, 0}, {-1, 1, 0}, {1, 1, 0});
  CHECK(r.squared_distance == 1.0);
  CHECK((r.p_FQ - Vector3d(0, 1, 0)).norm() < 1e-15);
}

TEST_CASE("Segment-segment: random and nearly parallel configurations are optimal") {
  std::mt19937 rng(99);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::array<Vector3d, 2> a{RandomPoint(rng, 1), RandomPoint(rng, 1)};
    std::array<Vector3d, 2> b{RandomPoint(rng, 1), RandomPoint(rng, 1)};
    if (trial % 2 == 1) {
      // Nearly parallel: b is a shifted copy of a, tilted by ~1e-9.
      const Vector3d shift = RandomPoint(rng, 1);
      b = {a[0] + shift, a[1] + shift + 1e-9 * RandomPoint(rng, 1)};
    }
    double s = 0, t = 0;
    const auto r = CalcClosestPointsSegmentSegment(a[0], a[1], b[0], b[1], &s, &t);
    CHECK((a[0] + s * (a[1] - a[0]) - r.p_FP).norm() < 1e-14);
    CHECK((b[0] + t * (b[1] - b[0]) - r.p_FQ).norm() < 1e-14);
    CheckOptimal(a, b, r.p_FP, r.p_FQ, r.squared_distance);
  }
}

TEST_CASE("Segment-triangle: piercing, parallel, coplanar and random") {
  const Vector3d v0(0, 0, 0), v1(1, 0, 0), v2(0, 1, 0);
  double s = -1;
  // Piercing the face at (0.2, 0.2, 0), a quarter of the way down.
  auto r = CalcClosestPointsSegmentTriangle({0.2, 0.2, 1}, {0.2, 0.2, -3}, v0, v1, v2, &s);
  CHECK(r.squared_distance == 0.0);
  CHECK(s == 0.25);
  CHECK((r.p_FP - Vector3d(0.2, 0.2, 0)).norm() < 1e-15);
  // Parallel to the face at height 0.5: distance 0.5.
  r = CalcClosestPointsSegmentTriangle({-1, 0.1, 0.5}, {2, 0.1, 0.5}, v0, v1, v2);
  CHECK(r.squared_distance == Approx(0.25));
  // Coplanar and outside, parallel to the hypotenuse at distance √2/2 from
  // it: the line x + y = 2.
  r = CalcClosestPointsSegmentTriangle({2, 0, 0}, {0, 2, 0}, v0, v1, v2);
  CHECK(r.squared_distance == Approx(0.5));
  // Coplanar and crossing the triangle: distance 0.
  r = CalcClosestPointsSegmentTriangle({-1, 0.3, 0}, {2, 0.3, 0}, v0, v1, v2);
  CHECK(r.squared_distance == Approx(0.0).margin(1e-30));
  // Passing exactly through a vertex: distance 0.
  r = CalcClosestPointsSegmentTriangle({1, 0, -1}, {1, 0, 1}, v0, v1, v2);
  CHECK(r.squared_distance == Approx(0.0).margin(1e-30));

  std::mt19937 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::array<Vector3d, 2> seg{RandomPoint(rng, 1.5), RandomPoint(rng, 1.5)};
    const std::array<Vector3d, 3> tri{RandomPoint(rng, 1), RandomPoint(rng, 1),
                                      RandomPoint(rng, 1)};
    if ((tri[1] - tri[0]).cross(tri[2] - tri[0]).norm() < 1e-3) continue;
    const auto rr = CalcClosestPointsSegmentTriangle(seg[0], seg[1], tri[0], tri[1], tri[2], &s);
    REQUIRE(InHull(tri, rr.p_FQ));
    CHECK((seg[0] + s * (seg[1] - seg[0]) - rr.p_FP).norm() < 1e-12);
    CheckOptimal(seg, tri, rr.p_FP, rr.p_FQ, rr.squared_distance);
  }
}

TEST_CASE("Triangle-triangle: hand-derived configurations") {
  const Vector3d a0(0, 0, 0), a1(1, 0, 0), a2(0, 1, 0);
  // Parallel copy lifted by 0.5 and shifted inside: face-face distance 0.5.
  auto r = CalcClosestPointsTriangleTriangle(a0, a1, a2, {0.1, 0.1, 0.5}, {0.6, 0.1, 0.5},
                                             {0.1, 0.6, 0.5});
  CHECK(r.squared_distance == Approx(0.25));
  // Interlocked like chain links: the second triangle stands in the plane
  // x = 0.2 and pierces the first: distance 0, P = Q on both.
  r = CalcClosestPointsTriangleTriangle(a0, a1, a2, {0.2, 0.2, -1}, {0.2, 0.2, 1},
                                        {0.2, 3, 0});
  CHECK(r.squared_distance == 0.0);
  CHECK((r.p_FP - r.p_FQ).norm() == 0.0);
  CHECK(std::abs(r.p_FP.z()) < 1e-15);
  // Vertex above the face: the second triangle's lowest vertex (0.2,0.2,0.3).
  r = CalcClosestPointsTriangleTriangle(a0, a1, a2, {0.2, 0.2, 0.3}, {0.2, 1, 2}, {1, 0.2, 2});
  CHECK(r.squared_distance == Approx(0.09));
  CHECK((r.p_FP - Vector3d(0.2, 0.2, 0)).norm() < 1e-15);
  CHECK((r.p_FQ - Vector3d(0.2, 0.2, 0.3)).norm() < 1e-15);
  // Edge-edge, skew: edge (0,0,0)-(1,0,0) under the edge (0.5,-1,2)-(0.5,1,2)
  // of a triangle going up: distance 2 between the two edges.
  r = CalcClosestPointsTriangleTriangle(a0, a1, {0, -1, 0}, {0.5, -1, 2}, {0.5, 1, 2},
                                        {0.5, 0, 5});
  CHECK(r.squared_distance == Approx(4.0));
  // Coplanar and disjoint: across the hypotenuse x + y = 1 a copy shifted to
  // start at (1, 1, 0): closest (0.5, 0.5) to (1, 1), distance √0.5.
  r = CalcClosestPointsTriangleTriangle(a0, a1, a2, {1, 1, 0}, {2, 1, 0}, {1, 2, 0});
  CHECK(r.squared_distance == Approx(0.5));
  // Coplanar and overlapping: distance 0.
  r = CalcClosestPointsTriangleTriangle(a0, a1, a2, {0.1, 0.1, 0}, {3, 0.1, 0}, {0.1, 3, 0});
  CHECK(r.squared_distance == Approx(0.0).margin(1e-30));
  // Identical triangles: distance 0.
  r = CalcClosestPointsTriangleTriangle(a0, a1, a2, a0, a1, a2);
  CHECK(r.squared_distance == 0.0);
}

TEST_CASE("Triangle-triangle: random configurations are optimal") {
  std::mt19937 rng(2024);
  int intersecting = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::array<Vector3d, 3> a{RandomPoint(rng, 1), RandomPoint(rng, 1),
                                    RandomPoint(rng, 1)};
    const Vector3d shift = RandomPoint(rng, 0.8);
    const std::array<Vector3d, 3> b{RandomPoint(rng, 1) + shift, RandomPoint(rng, 1) + shift,
                                    RandomPoint(rng, 1) + shift};
    if ((a[1] - a[0]).cross(a[2] - a[0]).norm() < 1e-3) continue;
    if ((b[1] - b[0]).cross(b[2] - b[0]).norm() < 1e-3) continue;
    const auto r = CalcClosestPointsTriangleTriangle(a[0], a[1], a[2], b[0], b[1], b[2]);
    REQUIRE(InHull(a, r.p_FP));
    REQUIRE(InHull(b, r.p_FQ));
    if (r.squared_distance == 0) ++intersecting;
    CheckOptimal(a, b, r.p_FP, r.p_FQ, r.squared_distance);
  }
  // The sample covers both outcomes.
  CHECK(intersecting > 100);
}

}  // namespace
}  // namespace hydrocontact
