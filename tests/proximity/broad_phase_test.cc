#include "proximity/broad_phase.h"

#include <cmath>
#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

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

TEST_CASE("FindOverlappingPairs: touching boxes count, separated do not") {
  const std::vector<Aabb> boxes{Aabb(Vector3d(0, 0, 0), Vector3d(1, 1, 1)),
                                Aabb(Vector3d(1, 0, 0), Vector3d(2, 1, 1)),
                                Aabb(Vector3d(2.5, 0, 0), Vector3d(3, 1, 1))};
  const auto pairs = FindOverlappingPairs(boxes);
  REQUIRE(pairs.size() == 1);
  CHECK(pairs[0] == std::pair<int, int>(0, 1));
}

// The all-pairs reference: every pair of non-empty boxes, grown by
// `inflation`, that overlap, in lexicographic order.
std::vector<std::pair<int, int>> BruteForce(const std::vector<Aabb>& boxes, double inflation) {
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < int(boxes.size()); ++i) {
    for (int j = i + 1; j < int(boxes.size()); ++j) {
      if (boxes[i].IsEmpty() || boxes[j].IsEmpty()) continue;
      Aabb a = boxes[i], b = boxes[j];
      a.Inflate(inflation);
      b.Inflate(inflation);
      if (a.Overlaps(b)) pairs.emplace_back(i, j);
    }
  }
  return pairs;
}

TEST_CASE("BroadPhase: exactly the all-pairs answer over many steps of motion, insertions and removals") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> pos(-10, 10), size(0.05, 1.5), step(-0.2, 0.2), coin(0, 1);
  const double inf = std::numeric_limits<double>::infinity();
  struct Body {
    Vector3d c, h, v;
  };
  std::vector<Body> bodies;
  auto add_body = [&] {
    bodies.push_back({Vector3d(pos(rng), pos(rng), pos(rng)), Vector3d(size(rng), size(rng), size(rng)),
                      Vector3d(step(rng), step(rng), step(rng))});
  };
  for (int i = 0; i < 400; ++i) add_body();
  BroadPhase broad_phase;
  std::vector<std::pair<int, int>> pairs;
  size_t total_pairs = 0;
  int rebuild_steps = 0;
  for (int s = 0; s < 200; ++s) {
    // Drift every body; bounce off the walls of [-10, 10]³ so the scene stays
    // dense (pairs keep appearing and disappearing).
    for (Body& b : bodies) {
      b.c += b.v;
      for (int k = 0; k < 3; ++k) {
        if (std::abs(b.c[k]) > 10) b.v[k] = -b.v[k];
      }
    }
    // Now and then, insert or remove bodies (the indices of the others shift,
    // as a scene's do when a geometry with a smaller id goes).
    if (s % 17 == 5) {
      for (int r = 0; r < 5; ++r) bodies.erase(bodies.begin() + int(coin(rng) * (bodies.size() - 1)));
      ++rebuild_steps;
    }
    if (s % 23 == 7) {
      for (int r = 0; r < 7; ++r) add_body();
      ++rebuild_steps;
    }
    std::vector<Aabb> boxes;
    for (const Body& b : bodies) boxes.emplace_back(b.c - b.h, b.c + b.h);
    // Sometimes an empty box, a half-space's unbounded box and a box
    // unbounded on one side only.
    if (s % 3 == 0) boxes.push_back(Aabb());
    if (s % 4 == 0) boxes.emplace_back(Vector3d::Constant(-inf), Vector3d::Constant(inf));
    if (s % 5 == 0) boxes.emplace_back(Vector3d(-inf, -inf, -inf), Vector3d(inf, inf, -9.5));
    const double inflation = (s % 7 == 0) ? 0.3 : 0.0;
    broad_phase.FindOverlappingPairs(boxes, inflation, &pairs);
    const auto brute = BruteForce(boxes, inflation);
    REQUIRE(pairs == brute);
    total_pairs += brute.size();
  }
  CHECK(total_pairs > 200 * 50);  // Dense enough that pairs really were found.
  CHECK(rebuild_steps > 10);
}

TEST_CASE("BroadPhase: a jittered grid with rows split unevenly gives the all-pairs answer step after step") {
  // A 9×7×5 grid (odd counts: a split at the middle of a spread would cut
  // through a row) of boxes of half size 0.05 m, 0.2 m apart, each circling
  // by 0.055 m in x and y at its own random phase: two neighbours close the
  // 0.1 m gap between them only when their phases are nearly opposite
  // (up to 2·0.055 = 0.11 m), so a few pairs appear and disappear; fewer
  // than n/16 of them take the comparison-sort path, the inflated steps'
  // many the counting-sort path.
  const int nx = 9, ny = 7, nz = 5;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> angle(0, 2 * M_PI);
  std::vector<double> phases(nx * ny * nz);
  for (double& p : phases) p = angle(rng);
  BroadPhase broad_phase;
  std::vector<std::pair<int, int>> pairs;
  size_t total_pairs = 0;
  const size_t n = nx * ny * nz;
  int sparse_steps = 0, dense_steps = 0;
  for (int s = 0; s < 64; ++s) {
    std::vector<Aabb> boxes;
    for (int k = 0; k < nx * ny * nz; ++k) {
      const double phase = 2 * M_PI * s / 16 + phases[k];
      const double amplitude = 0.055;
      const Vector3d c = 0.2 * Vector3d(k % nx, (k / nx) % ny, k / (nx * ny)) +
                         amplitude * Vector3d(std::cos(phase), std::sin(phase), 0.5 * std::sin(2 * phase));
      const Vector3d h = Vector3d::Constant(0.05);
      boxes.emplace_back(c - h, c + h);
    }
    const double inflation = (s % 9 == 4) ? 0.06 : 0.0;
    INFO("step " << s);
    broad_phase.FindOverlappingPairs(boxes, inflation, &pairs);
    const auto brute = BruteForce(boxes, inflation);
    REQUIRE(pairs == brute);
    total_pairs += brute.size();
    if (!brute.empty()) ++(brute.size() * 16 < n ? sparse_steps : dense_steps);
  }
  CHECK(total_pairs > 64);
  CHECK(sparse_steps > 0);
  CHECK(dense_steps > 0);
}

TEST_CASE("BroadPhase: an infinite inflation pairs every non-empty box") {
  std::vector<Aabb> boxes{Aabb(Vector3d(0, 0, 0), Vector3d(1, 1, 1)), Aabb(),
                          Aabb(Vector3d(100, 0, 0), Vector3d(101, 1, 1)),
                          Aabb(Vector3d(0, 100, 0), Vector3d(1, 101, 1))};
  BroadPhase broad_phase;
  std::vector<std::pair<int, int>> pairs;
  broad_phase.FindOverlappingPairs(boxes, 0.0, &pairs);
  CHECK(pairs.empty());
  broad_phase.FindOverlappingPairs(boxes, std::numeric_limits<double>::infinity(), &pairs);
  const std::vector<std::pair<int, int>> all{{0, 2}, {0, 3}, {2, 3}};
  CHECK(pairs == all);
  // Half the gap (99 m between boxes 0 and 2 or 0 and 3; √2·99 between 2 and
  // 3 along the diagonal, but boxes overlap per axis) closes the two gaps of
  // 99 m: each box grows 49.5 m per side.
  broad_phase.FindOverlappingPairs(boxes, 49.5, &pairs);
  CHECK(pairs == all);
  broad_phase.FindOverlappingPairs(boxes, 49.4, &pairs);
  CHECK(pairs.empty());
}

}  // namespace
}  // namespace hydrocontact
