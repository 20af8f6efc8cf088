#include "proximity/distance/point_distance.h"

#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// p_GQ = p_GN + φ·∇φ and ‖∇φ‖ = 1 for every answer.
void CheckPointDistanceInvariants(const PointShapeDistance& r, const Vector3d& p_GQ) {
  CHECK(std::abs(r.grad_G.norm() - 1) < 1e-14);
  CHECK((r.p_GN + r.distance * r.grad_G - p_GQ).norm() < 1e-13);
}

TEST_CASE("Point to sphere", "[point_distance]") {
  const Sphere sphere(0.5);
  // φ = ‖Q‖ − r.
  const Vector3d q(0.3, 0.4, 1.2);  // ‖q‖ = 1.3
  const PointShapeDistance r = CalcPointDistance(sphere, q);
  CHECK(r.distance == Approx(0.8));
  CHECK((r.grad_G - q / 1.3).norm() < 1e-15);
  CHECK((r.p_GN - 0.5 * q / 1.3).norm() < 1e-15);
  CHECK(r.is_grad_unique);
  CheckPointDistanceInvariants(r, q);
  // Inside.
  const PointShapeDistance inside = CalcPointDistance(sphere, Vector3d(0, 0.1, 0));
  CHECK(inside.distance == Approx(-0.4));
  CHECK(inside.grad_G == Vector3d::UnitY());
  // At the centre every direction is as good: +x, flagged.
  const PointShapeDistance centre = CalcPointDistance(sphere, Vector3d::Zero());
  CHECK(centre.distance == -0.5);
  CHECK(centre.grad_G == Vector3d::UnitX());
  CHECK(!centre.is_grad_unique);
  CheckPointDistanceInvariants(centre, Vector3d::Zero());
}

TEST_CASE("Point to box: face, edge and vertex regions, inside and ties", "[point_distance]") {
  const Box box(2, 4, 6);  // half sizes 1, 2, 3
  // Face region: above the +x face by 0.5.
  PointShapeDistance r = CalcPointDistance(box, Vector3d(1.5, 0.3, -1));
  CHECK(r.distance == Approx(0.5));
  CHECK(r.grad_G == Vector3d::UnitX());
  CHECK((r.p_GN - Vector3d(1, 0.3, -1)).norm() < 1e-15);
  // Edge region (x and y outside): distance √(0.3² + 0.4²) = 0.5.
  r = CalcPointDistance(box, Vector3d(1.3, -2.4, 0.7));
  CHECK(r.distance == Approx(0.5));
  CHECK((r.grad_G - Vector3d(0.6, -0.8, 0)).norm() < 1e-14);
  CheckPointDistanceInvariants(r, Vector3d(1.3, -2.4, 0.7));
  // Vertex region: (2, 4, 5) − (1, 2, 3) = (1, 2, 2), distance 3.
  r = CalcPointDistance(box, Vector3d(2, 4, 5));
  CHECK(r.distance == Approx(3));
  CHECK((r.p_GN - Vector3d(1, 2, 3)).norm() < 1e-15);
  // Inside: depths (1 − 0.5, 2 − 1.9, 3 − 0) = (0.5, 0.1, 3): the +y face.
  r = CalcPointDistance(box, Vector3d(0.5, 1.9, 0));
  CHECK(r.distance == Approx(-0.1));
  CHECK(r.grad_G == Vector3d::UnitY());
  CHECK(r.is_grad_unique);
  CheckPointDistanceInvariants(r, Vector3d(0.5, 1.9, 0));
  // The centre: the ±x faces tie (depth 1): +x chosen, flagged.
  r = CalcPointDistance(box, Vector3d::Zero());
  CHECK(r.distance == -1);
  CHECK(r.grad_G == Vector3d::UnitX());
  CHECK(!r.is_grad_unique);
  // Equidistant from the +x and +y faces (depth 0.5 each): a tie.
  r = CalcPointDistance(box, Vector3d(0.5, 1.5, 0.2));
  CHECK(r.distance == Approx(-0.5));
  CHECK(!r.is_grad_unique);
  // On an edge of the surface: two faces at depth 0.
  r = CalcPointDistance(box, Vector3d(1, 2, 0.2));
  CHECK(r.distance == 0);
  CHECK(!r.is_grad_unique);
}

TEST_CASE("Point to capsule", "[point_distance]") {
  const Capsule capsule(0.5, 2);  // axis z ∈ [−1, 1]
  // Beside the cylinder part: φ = ρ − r.
  PointShapeDistance r = CalcPointDistance(capsule, Vector3d(0.6, 0.8, 0.3));
  CHECK(r.distance == Approx(0.5));
  CHECK((r.grad_G - Vector3d(0.6, 0.8, 0)).norm() < 1e-15);
  // Beyond the top cap: from the end point (0, 0, 1): (0, 0.3, 1.4) → 0.5 − 0.5 = 0.
  r = CalcPointDistance(capsule, Vector3d(0, 0.3, 1.4));
  CHECK(r.distance == Approx(0).margin(1e-15));
  CHECK((r.grad_G - Vector3d(0, 0.6, 0.8)).norm() < 1e-15);
  CheckPointDistanceInvariants(r, Vector3d(0, 0.3, 1.4));
  // On the axis: −r, +x, flagged.
  r = CalcPointDistance(capsule, Vector3d(0, 0, 0.5));
  CHECK(r.distance == -0.5);
  CHECK(r.grad_G == Vector3d::UnitX());
  CHECK(!r.is_grad_unique);
  CheckPointDistanceInvariants(r, Vector3d(0, 0, 0.5));
}

TEST_CASE("Point to cylinder: side, cap, rim, inside", "[point_distance]") {
  const Cylinder cylinder(1, 2);  // radius 1, z ∈ [−1, 1]
  PointShapeDistance r = CalcPointDistance(cylinder, Vector3d(0, 1.5, 0.5));
  CHECK(r.distance == Approx(0.5));
  CHECK(r.grad_G == Vector3d::UnitY());
  r = CalcPointDistance(cylinder, Vector3d(0.2, 0.1, -1.25));
  CHECK(r.distance == Approx(0.25));
  CHECK(r.grad_G == -Vector3d::UnitZ());
  // Rim region: (1.3, 0, 1.4) − (1, 0, 1) = (0.3, 0, 0.4), distance 0.5.
  r = CalcPointDistance(cylinder, Vector3d(1.3, 0, 1.4));
  CHECK(r.distance == Approx(0.5));
  CHECK((r.grad_G - Vector3d(0.6, 0, 0.8)).norm() < 1e-14);
  // Inside, side nearer (0.2 < 0.5).
  r = CalcPointDistance(cylinder, Vector3d(0.8, 0, 0.5));
  CHECK(r.distance == Approx(-0.2));
  CHECK(r.grad_G == Vector3d::UnitX());
  CHECK(r.is_grad_unique);
  CheckPointDistanceInvariants(r, Vector3d(0.8, 0, 0.5));
  // Inside, cap nearer (0.1 < 0.7).
  r = CalcPointDistance(cylinder, Vector3d(0, 0.3, -0.9));
  CHECK(r.distance == Approx(-0.1));
  CHECK(r.grad_G == -Vector3d::UnitZ());
  CheckPointDistanceInvariants(r, Vector3d(0, 0.3, -0.9));
  // The centre: side and caps all at depth 1: flagged.
  r = CalcPointDistance(cylinder, Vector3d::Zero());
  CHECK(r.distance == -1);
  CHECK(!r.is_grad_unique);
  CHECK(r.grad_G.norm() == Approx(1));
  // On the axis, cap far: the rim circle ties.
  const Cylinder tall(0.1, 4);
  r = CalcPointDistance(tall, Vector3d(0, 0, 0.5));
  CHECK(r.distance == Approx(-0.1));
  CHECK(!r.is_grad_unique);
}

TEST_CASE("Point to half-space", "[point_distance]") {
  const PointShapeDistance r = CalcPointDistance(HalfSpace(), Vector3d(3, -2, -0.25));
  CHECK(r.distance == -0.25);
  CHECK(r.grad_G == Vector3d::UnitZ());
  CHECK(r.p_GN == Vector3d(3, -2, 0));
  CHECK(r.is_grad_unique);
}

TEST_CASE("Point distances agree with brute-force surface sampling", "[point_distance]") {
  // The distance to a convex surface is the minimum over its points: a
  // dense sampling of the box's surface can never beat the answer, and
  // comes within the sampling resolution of it.
  const Box box(1, 0.6, 0.8);
  const Vector3d h = box.half_size();
  std::vector<Vector3d> samples;
  const int n = 40;
  for (int axis = 0; axis < 3; ++axis) {
    for (double sign : {-1.0, 1.0}) {
      for (int i = 0; i <= n; ++i) {
        for (int j = 0; j <= n; ++j) {
          Vector3d p;
          p[axis] = sign * h[axis];
          p[(axis + 1) % 3] = h[(axis + 1) % 3] * (2.0 * i / n - 1);
          p[(axis + 2) % 3] = h[(axis + 2) % 3] * (2.0 * j / n - 1);
          samples.push_back(p);
        }
      }
    }
  }
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 100; ++trial) {
    const Vector3d q(u(rng), u(rng), u(rng));
    const PointShapeDistance r = CalcPointDistance(box, q);
    double best = 1e300;
    for (const Vector3d& s : samples) best = std::min(best, (s - q).norm());
    CHECK(std::abs(r.distance) <= best + 1e-14);
    CHECK(std::abs(r.distance) >= best - 0.03);
    CheckPointDistanceInvariants(r, q);
  }
}

}  // namespace
}  // namespace hydrocontact
