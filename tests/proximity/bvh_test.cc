#include "proximity/bvh.h"

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

TEST_CASE("OverlapBox answers as Aabb::Overlaps: touching, apart, empty and NaN boxes", "[bvh]") {
  // Coordinates on a coarse grid {−2, …, 2}/2, so boxes often share a face,
  // an edge or a corner exactly (closed boxes: those overlap) or miss by one
  // grid step; every pair is compared with the reference test.
  std::mt19937 random(7);
  std::uniform_int_distribution<int> grid(-2, 2);
  auto random_box = [&] {
    Aabb box;
    box.Include(Vector3d(grid(random), grid(random), grid(random)) / 2);
    box.Include(Vector3d(grid(random), grid(random), grid(random)) / 2);
    return box;
  };
  std::vector<Aabb> boxes;
  for (int i = 0; i < 200; ++i) boxes.push_back(random_box());
  boxes.push_back(Aabb());  // Empty: overlaps nothing.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  boxes.push_back(Aabb(Vector3d(nan, 0, 0), Vector3d(1, 1, 1)));  // NaN: overlaps nothing.
  boxes.push_back(Aabb(Vector3d(-1, -1, -1), Vector3d(1, 1, nan)));
  int overlapping = 0, apart = 0;
  for (const Aabb& a : boxes) {
    for (const Aabb& b : boxes) {
      const bool expected = a.Overlaps(b);
      CHECK(OverlapBox::Lower(a).Overlaps(OverlapBox::Upper(b)) == expected);
      CHECK(Overlaps(a, OverlapBox::Upper(b)) == expected);
      (expected ? overlapping : apart) += 1;
    }
  }
  // Both outcomes were exercised many times.
  CHECK(overlapping > 1000);
  CHECK(apart > 1000);
  // By hand: unit cubes sharing only the corner (1, 1, 1) overlap; moved
  // apart by 1e-12 along z they do not.
  const Aabb unit(Vector3d(0, 0, 0), Vector3d(1, 1, 1));
  CHECK(Overlaps(unit, OverlapBox::Upper(Aabb(Vector3d(1, 1, 1), Vector3d(2, 2, 2)))));
  CHECK_FALSE(Overlaps(unit, OverlapBox::Upper(Aabb(Vector3d(1, 1, 1 + 1e-12), Vector3d(2, 2, 2)))));
}

TEST_CASE("Bvh::Query finds exactly the elements whose boxes overlap the query", "[bvh]") {
  // 500 random small boxes; each query's answer is compared with a scan of
  // all of them.
  std::mt19937 random(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Aabb> element_boxes;
  for (int i = 0; i < 500; ++i) {
    const Vector3d c(unit(random), unit(random), unit(random));
    element_boxes.push_back(Aabb(c - Vector3d::Constant(0.05), c + 0.1 * Vector3d(1, 2, 3).cwiseAbs()));
  }
  const Bvh bvh(element_boxes);
  int found = 0;
  for (int q = 0; q < 100; ++q) {
    const Vector3d c(unit(random), unit(random), unit(random));
    const Aabb query(c - Vector3d::Constant(0.2), c + Vector3d::Constant(0.1));
    std::multiset<int> queried, scanned;
    bvh.Query(query, [&](int e) { queried.insert(e); });
    for (int e = 0; e < int(element_boxes.size()); ++e) {
      if (element_boxes[e].Overlaps(query)) scanned.insert(e);
    }
    CHECK(queried == scanned);  // A multiset: no element twice.
    found += int(scanned.size());
  }
  CHECK(found > 100);
}

TEST_CASE("Bvh::SubtreeRoots partitions the elements, and QuerySubtree over them is Query", "[bvh]") {
  std::mt19937 random(12);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int n : {1, 2, 3, 5, 8, 100, 777}) {
    std::vector<Aabb> element_boxes;
    for (int i = 0; i < n; ++i) {
      const Vector3d c(unit(random), unit(random), unit(random));
      element_boxes.push_back(Aabb(c - Vector3d::Constant(0.05), c + Vector3d::Constant(0.05)));
    }
    const Bvh bvh(element_boxes);
    // An all-covering box: Query meets every element once, in its order.
    const Aabb everything(Vector3d::Constant(-2), Vector3d::Constant(2));
    std::vector<int> all;
    bvh.Query(everything, [&](int e) { all.push_back(e); });
    REQUIRE(int(all.size()) == n);
    for (int depth : {0, 1, 3, 5}) {
      int roots[32];
      const int count = bvh.SubtreeRoots(depth, roots);
      // At most 2^depth roots, and never more than there are leaves; a tree
      // of n ≥ 2^depth elements (median splits, both halves non-empty) has
      // all 2^depth nodes at that depth.
      CHECK(count <= (1 << depth));
      CHECK(count <= n);
      if (n >= (1 << depth)) CHECK(count == (1 << depth));
      if (depth == 0) CHECK((count == 1 && roots[0] == 0));
      // The subtrees, queried in turn, meet every element once, in Query's
      // order; and likewise for a smaller query box.
      std::vector<int> pieces;
      for (int k = 0; k < count; ++k) bvh.QuerySubtree(roots[k], everything, [&](int e) { pieces.push_back(e); });
      CHECK(pieces == all);
      const Aabb part(Vector3d(-0.5, -1, -1), Vector3d(0.3, 0.4, 1));
      std::vector<int> whole_part, pieces_part;
      bvh.Query(part, [&](int e) { whole_part.push_back(e); });
      for (int k = 0; k < count; ++k) bvh.QuerySubtree(roots[k], part, [&](int e) { pieces_part.push_back(e); });
      CHECK(pieces_part == whole_part);
    }
  }
  // An empty hierarchy has no roots; bad arguments are named.
  int roots[8];
  CHECK(Bvh().SubtreeRoots(3, roots) == 0);
  const Bvh one({Aabb(Vector3d::Zero(), Vector3d::Ones())});
  CHECK_THROWS_WITH(one.SubtreeRoots(4, roots), Catch::Contains("depth 4") && Catch::Contains("room for 8"));
  CHECK_THROWS_WITH(one.SubtreeRoots(-1, roots), Catch::Contains("depth -1"));
}

}  // namespace
}  // namespace hydrocontact
