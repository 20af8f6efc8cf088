#include "proximity/bvh.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// n boxes [c − below, c + above] around centres c drawn uniformly from the
// cube [−1, 1]³ by `random`.
std::vector<Aabb> RandomBoxes(std::mt19937& random, int n, const Vector3d& below,
                              const Vector3d& above) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Aabb> boxes;
  for (int i = 0; i < n; ++i) {
    const Vector3d c(unit(random), unit(random), unit(random));
    boxes.push_back(Aabb(c - below, c + above));
  }
  return boxes;
}

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
  const std::vector<Aabb> element_boxes =
      RandomBoxes(random, 500, Vector3d::Constant(0.05), 0.1 * Vector3d(1, 2, 3));
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

TEST_CASE("Bvh::mean_leaf_diagonal is the mean length of the element boxes' diagonals", "[bvh]") {
  // By hand: the boxes [0,1]×[0,2]×[0,2] (diagonal √(1 + 4 + 4) = 3),
  // [0,2]×[0,3]×[0,6] (√(4 + 9 + 36) = 7) and a point box (0): mean 10/3.
  // Renumbering keeps the boxes, so it keeps the mean.
  Bvh bvh({Aabb(Vector3d(0, 0, 0), Vector3d(1, 2, 2)), Aabb(Vector3d(5, 5, 5), Vector3d(7, 8, 11)),
           Aabb(Vector3d(1, 1, 1), Vector3d(1, 1, 1))});
  CHECK(bvh.mean_leaf_diagonal() == Approx(10.0 / 3).epsilon(1e-15));
  bvh.RenumberLeavesInOrder();
  CHECK(bvh.mean_leaf_diagonal() == Approx(10.0 / 3).epsilon(1e-15));
  // Boxes of random sizes: the mean over the built tree's leaves is the mean
  // over the input boxes (one leaf per element, boxes kept).
  std::mt19937 random(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Aabb> boxes;
  double input_sum = 0;
  for (int i = 0; i < 257; ++i) {
    const Vector3d lo(unit(random), unit(random), unit(random));
    const Vector3d size(unit(random), 0.1 * unit(random), 3 * unit(random));
    boxes.push_back(Aabb(lo, lo + size));
    input_sum += size.norm();
  }
  const Bvh random_bvh(boxes);
  double leaf_sum = 0;
  int leaves = 0;
  for (const Bvh::Node& node : random_bvh.nodes()) {
    if (!node.is_leaf()) continue;
    leaf_sum += (node.box.max - node.box.min).norm();
    ++leaves;
  }
  CHECK(leaves == 257);
  CHECK(random_bvh.mean_leaf_diagonal() == Approx(leaf_sum / leaves).epsilon(1e-14));
  CHECK(random_bvh.mean_leaf_diagonal() == Approx(input_sum / 257).epsilon(1e-14));
  CHECK(Bvh().mean_leaf_diagonal() == 0);
}

TEST_CASE("Bvh::CollideWithin finds every pair of boxes within the padding once, smaller first",
          "[bvh]") {
  // Random boxes, and boxes on a coarse grid that share faces, edges and
  // corners exactly (closed boxes: those overlap); the pairs found, with no
  // padding and with one, are compared with a scan of all pairs (boxes
  // within the padding: the padded box of one overlaps the other).
  std::mt19937 random(5);
  std::uniform_int_distribution<int> grid(0, 6);
  std::vector<std::vector<Aabb>> sets{
      RandomBoxes(random, 400, Vector3d::Constant(0.05), 0.1 * Vector3d(1, 2, 3))};
  std::vector<Aabb> on_grid;
  for (int i = 0; i < 300; ++i) {
    const Vector3d corner(grid(random), grid(random), grid(random));
    on_grid.push_back(Aabb(corner / 3, (corner + 0.9 * Vector3d::Ones()) / 3));
  }
  sets.push_back(on_grid);
  sets.push_back({Aabb(Vector3d::Zero(), Vector3d::Ones())});  // One element: no pair.
  for (const double padding : {0.0, 0.05}) {
    for (const std::vector<Aabb>& boxes : sets) {
      const Bvh bvh(boxes);
      std::multiset<std::pair<int, int>> found, scanned;
      bvh.CollideWithin(padding, [&](int a, int b) {
        CHECK(a < b);
        found.insert({a, b});
      });
      for (int a = 0; a < int(boxes.size()); ++a) {
        const Aabb padded(boxes[a].min - Vector3d::Constant(padding),
                          boxes[a].max + Vector3d::Constant(padding));
        for (int b = a + 1; b < int(boxes.size()); ++b) {
          if (padded.Overlaps(boxes[b])) scanned.insert({a, b});
        }
      }
      CHECK(found == scanned);  // A multiset: no pair twice.
      if (boxes.size() > 1) CHECK(scanned.size() > 100);
    }
  }
  // By hand: three unit cubes along x, each touching the next at a face:
  // the pairs (0, 1) and (1, 2), not (0, 2); 1e-9 apart instead, they are
  // pairs with a padding of 1e-9 and not without one.
  auto row = [](double gap) {
    std::vector<Aabb> boxes;
    for (int i = 0; i < 3; ++i) {
      boxes.push_back(Aabb(Vector3d(i * (1 + gap), 0, 0), Vector3d(i * (1 + gap) + 1, 1, 1)));
    }
    return Bvh(boxes);
  };
  auto pairs = [](const Bvh& bvh, double padding) {
    std::set<std::pair<int, int>> out;
    bvh.CollideWithin(padding, [&](int a, int b) { out.insert({a, b}); });
    return out;
  };
  const std::set<std::pair<int, int>> neighbours{{0, 1}, {1, 2}};
  CHECK(pairs(row(0), 0) == neighbours);
  CHECK(pairs(row(1e-9), 0).empty());
  CHECK(pairs(row(1e-9), 1e-9) == neighbours);
  Bvh().CollideWithin(0, [](int, int) { FAIL("an empty hierarchy has no pairs"); });
}

TEST_CASE("Bvh::RenumberLeavesInOrder numbers the leaves 0, 1, 2, … depth-first, keeping the tree",
          "[bvh]") {
  // 300 random boxes. After renumbering, leaf i (in nodes() order) holds i,
  // every node keeps its box and children, and a query finds the renumbered
  // elements of the same boxes: old element e is new element new_of_old[e].
  std::mt19937 random(13);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const std::vector<Aabb> element_boxes =
      RandomBoxes(random, 300, Vector3d::Constant(0.05), Vector3d::Constant(0.1));
  const Bvh before(element_boxes);
  Bvh after = before;
  after.RenumberLeavesInOrder();
  REQUIRE(after.nodes().size() == before.nodes().size());
  std::vector<int> new_of_old(element_boxes.size(), -1);
  int next = 0;
  for (size_t n = 0; n < after.nodes().size(); ++n) {
    const Bvh::Node& now = after.nodes()[n];
    const Bvh::Node& old = before.nodes()[n];
    REQUIRE(now.box.min == old.box.min);
    REQUIRE(now.box.max == old.box.max);
    REQUIRE(now.right == old.right);
    REQUIRE(now.is_leaf() == old.is_leaf());
    if (now.is_leaf()) {
      REQUIRE(now.element == next++);
      new_of_old[old.element] = now.element;
    }
  }
  CHECK(next == 300);
  CHECK(std::count(new_of_old.begin(), new_of_old.end(), -1) == 0);
  for (int q = 0; q < 50; ++q) {
    const Vector3d c(unit(random), unit(random), unit(random));
    const Aabb query(c - Vector3d::Constant(0.2), c + Vector3d::Constant(0.2));
    std::vector<int> old_found, new_found;
    before.Query(query, [&](int e) { old_found.push_back(new_of_old[e]); });
    after.Query(query, [&](int e) { new_found.push_back(e); });
    CHECK(new_found == old_found);
    // Depth-first order is leaf order: the renumbered answer is ascending.
    CHECK(std::is_sorted(new_found.begin(), new_found.end()));
  }
}

TEST_CASE("Bvh::SubtreeRoots partitions the elements, and QuerySubtree over them is Query", "[bvh]") {
  std::mt19937 random(12);
  for (int n : {1, 2, 3, 5, 8, 100, 777}) {
    const std::vector<Aabb> element_boxes =
        RandomBoxes(random, n, Vector3d::Constant(0.05), Vector3d::Constant(0.05));
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

TEST_CASE("Bvh::BranchAndBound finds the best element of a scan, pruning most of the tree", "[bvh]") {
  // Points (degenerate boxes, so a box's bound is exact at a leaf) in the
  // unit cube. Minimising the squared distance to a query point, with the
  // box's squared distance as the lower bound, must give a scan's nearest
  // point; maximising the height along a direction, with the box's highest
  // corner as the upper bound, a scan's highest.
  std::mt19937 random(13);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Vector3d> points;
  std::vector<Aabb> element_boxes;
  for (int i = 0; i < 1000; ++i) {
    points.emplace_back(unit(random), unit(random), unit(random));
    element_boxes.push_back(Aabb(points.back(), points.back()));
  }
  const Bvh bvh(element_boxes);
  const std::vector<Bvh::Node>& nodes = bvh.nodes();
  int visited_total = 0;
  for (int q = 0; q < 50; ++q) {
    const Vector3d p(unit(random), unit(random), unit(random));
    int nearest = -1;
    double nearest_d2 = std::numeric_limits<double>::infinity();
    int visited = 0;
    bvh.BranchAndBound(
        0, [&](int n) { return nodes[n].box.SquaredDistanceTo(p); }, std::less<>(),
        [&](double bound) { return bound >= nearest_d2; },
        [&](int e) {
          ++visited;
          const double d2 = (points[e] - p).squaredNorm();
          if (d2 < nearest_d2) {
            nearest_d2 = d2;
            nearest = e;
          }
        });
    double scan_d2 = std::numeric_limits<double>::infinity();
    for (const Vector3d& x : points) scan_d2 = std::min(scan_d2, (x - p).squaredNorm());
    REQUIRE(nearest >= 0);
    CHECK(nearest_d2 == scan_d2);
    visited_total += visited;

    const Vector3d d = Vector3d(unit(random), unit(random), unit(random)).normalized();
    double highest = -std::numeric_limits<double>::infinity();
    bvh.BranchAndBound(
        0,
        [&](int n) {
          return d.dot(nodes[n].box.center()) + d.cwiseAbs().dot(nodes[n].box.half_size());
        },
        std::greater<>(), [&](double bound) { return bound < highest; },
        [&](int e) { highest = std::max(highest, d.dot(points[e])); });
    double scan_high = -std::numeric_limits<double>::infinity();
    for (const Vector3d& x : points) scan_high = std::max(scan_high, d.dot(x));
    // The bound of a point's box is its height up to round-off of the
    // centre/half-size split: compare to 1e-15 of the cube's size.
    CHECK(std::abs(highest - scan_high) <= 1e-15);
  }
  // Pruning works: the nearest of 1,000 points is found by visiting a few
  // tens of leaves on average, not all of them.
  CHECK(visited_total < 50 * 100);
}

TEST_CASE("Bvh::BranchAndBound visits the more promising child first and every leaf once", "[bvh]") {
  std::mt19937 random(14);
  const Bvh bvh(RandomBoxes(random, 300, Vector3d::Constant(0.02), Vector3d::Constant(0.03)));
  const std::vector<Bvh::Node>& nodes = bvh.nodes();
  const Vector3d p(0.3, -0.2, 0.1);
  auto bound = [&](int n) { return nodes[n].box.SquaredDistanceTo(p); };

  // Never pruning, every leaf is visited exactly once.
  std::vector<int> order;
  bvh.BranchAndBound(0, bound, std::less<>(), [](double) { return false; },
                     [&](int e) { order.push_back(e); });
  std::vector<int> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> all(300);
  for (int i = 0; i < 300; ++i) all[i] = i;
  CHECK(sorted == all);

  // The first leaf is the one reached by always stepping into the child
  // with the smaller bound (the left one on ties), walked here by hand.
  int n = 0;
  while (!nodes[n].is_leaf()) n = bound(nodes[n].right) < bound(n + 1) ? nodes[n].right : n + 1;
  CHECK(order.front() == nodes[n].element);
  // With std::greater the walk takes the larger bound instead.
  int m = 0;
  while (!nodes[m].is_leaf()) m = bound(nodes[m].right) > bound(m + 1) ? nodes[m].right : m + 1;
  int first_greater = -1;
  bvh.BranchAndBound(0, bound, std::greater<>(), [&](double) { return first_greater >= 0; },
                     [&](int e) { first_greater = e; });
  CHECK(first_greater == nodes[m].element);

  // A leaf visitor returning false ends the search there; returning true
  // goes on. Stopping at the third leaf visits the first three of `order`.
  std::vector<int> stopped;
  bvh.BranchAndBound(0, bound, std::less<>(), [](double) { return false; }, [&](int e) {
    stopped.push_back(e);
    return stopped.size() < 3;
  });
  CHECK(stopped == std::vector<int>(order.begin(), order.begin() + 3));
  std::vector<int> all_true;
  bvh.BranchAndBound(0, bound, std::less<>(), [](double) { return false; }, [&](int e) {
    all_true.push_back(e);
    return true;
  });
  CHECK(all_true == order);

  // From a subtree root, exactly the subtree's elements (as QuerySubtree
  // with an all-covering box finds them).
  int roots[4];
  REQUIRE(bvh.SubtreeRoots(2, roots) == 4);
  std::vector<int> from_subtree, queried;
  bvh.BranchAndBound(roots[2], bound, std::less<>(), [](double) { return false; },
                     [&](int e) { from_subtree.push_back(e); });
  bvh.QuerySubtree(roots[2], Aabb(Vector3d::Constant(-2), Vector3d::Constant(2)),
                   [&](int e) { queried.push_back(e); });
  std::sort(from_subtree.begin(), from_subtree.end());
  std::sort(queried.begin(), queried.end());
  CHECK(from_subtree == queried);
  CHECK(queried.size() > 0);
  CHECK(queried.size() < 300);

  // An empty hierarchy visits nothing and asks for no bound.
  int calls = 0;
  Bvh().BranchAndBound(
      0, [&](int) { ++calls; return 0.0; }, std::less<>(), [&](double) { ++calls; return false; },
      [&](int) { ++calls; });
  CHECK(calls == 0);
}

TEST_CASE("A Bvh over an empty or non-finite box is refused, naming the element", "[bvh]") {
  const Aabb unit(Vector3d::Zero(), Vector3d::Ones());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  // Element 2 of three: empty (default-constructed), reversed on one axis,
  // NaN, or unbounded.
  for (const Aabb& bad : {Aabb(), Aabb(Vector3d(0, 1, 0), Vector3d(1, 0, 1)),
                          Aabb(Vector3d(0, nan, 0), Vector3d::Ones()),
                          Aabb(Vector3d::Zero(), Vector3d(inf, 1, 1))}) {
    CHECK_THROWS_WITH(Bvh(std::vector<Aabb>{unit, unit, bad}),
                      Catch::Contains("box of element 2 is empty or not finite"));
  }
  // A flat box (min = max on an axis, as for an axis-aligned triangle) and
  // a point box are fine.
  const Bvh flat(std::vector<Aabb>{unit, Aabb(Vector3d::Zero(), Vector3d(1, 1, 0)),
                                   Aabb(Vector3d::Ones(), Vector3d::Ones())});
  CHECK(flat.nodes().size() == 5);
}

}  // namespace
}  // namespace hydrocontact
