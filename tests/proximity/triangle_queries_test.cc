#include "proximity/triangle_queries.h"

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
