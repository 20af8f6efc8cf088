#include "proximity/broad_phase.h"

#include <cmath>
#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

TEST_CASE("TransformBoundingBox: a rotated cube's box grows by √2 in the rotation plane") {
  const Aabb unit(Vector3d::Constant(-1), Vector3d::Constant(1));
  const RigidTransform X_WG = RigidTransform::FromRollPitchYaw({0, 0, M_PI / 4}, {10, 0, 0});
  const Aabb box_W = TransformBoundingBox(unit, X_WG);
  CHECK(box_W.min.x() == Approx(10 - std::sqrt(2.0)).epsilon(1e-14));
  CHECK(box_W.max.y() == Approx(std::sqrt(2.0)).epsilon(1e-14));
  CHECK(box_W.max.z() == Approx(1.0).epsilon(1e-14));
  // A half-space's unbounded box becomes the whole space whatever the pose.
  const double inf = std::numeric_limits<double>::infinity();
  const Aabb half(Vector3d::Constant(-inf), Vector3d(inf, inf, 0));
  const Aabb half_W = TransformBoundingBox(half, X_WG);
  CHECK(half_W.Contains(Vector3d(1e300, -1e300, 1e300)));
}

TEST_CASE("FindOverlappingPairs agrees with the all-pairs test, sorted") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> pos(-10, 10), size(0.1, 2);
  std::vector<Aabb> boxes;
  for (int i = 0; i < 300; ++i) {
    const Vector3d c(pos(rng), pos(rng), pos(rng));
    const Vector3d h(size(rng), size(rng), size(rng));
    boxes.emplace_back(c - h, c + h);
  }
  boxes.push_back(Aabb());  // An empty box overlaps nothing.
  std::vector<std::pair<int, int>> brute;
  for (int i = 0; i < int(boxes.size()); ++i)
    for (int j = i + 1; j < int(boxes.size()); ++j)
      if (!boxes[i].IsEmpty() && !boxes[j].IsEmpty() && boxes[i].Overlaps(boxes[j])) brute.emplace_back(i, j);
  const auto pairs = FindOverlappingPairs(boxes);
  CHECK(pairs == brute);
  CHECK(brute.size() > 10);  // The sample really has overlaps to find.
}

TEST_CASE("FindOverlappingPairs: touching boxes count; separated do not") {
  const std::vector<Aabb> boxes{Aabb(Vector3d(0, 0, 0), Vector3d(1, 1, 1)),
                                Aabb(Vector3d(1, 0, 0), Vector3d(2, 1, 1)),
                                Aabb(Vector3d(2.5, 0, 0), Vector3d(3, 1, 1))};
  const auto pairs = FindOverlappingPairs(boxes);
  REQUIRE(pairs.size() == 1);
  CHECK(pairs[0] == std::pair<int, int>(0, 1));
}

}  // namespace
}  // namespace hydrocontact
