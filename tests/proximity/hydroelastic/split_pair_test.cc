#include "proximity/hydroelastic/split_pair.h"

#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/proximity/hydroelastic/split_test_support.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using Eigen::Vector4d;

// A stand-in for a kernel: element k gives one polygon of 3 + k % 3
// vertices whose coordinates, pressure, normal and gradients all encode k,
// so any lost, doubled or misplaced polygon or vertex shows.
void FakeIntersect(std::span<const int> elements, ContactPolygons* polygons) {
  for (const int k : elements) {
    ClipPolygon polygon;
    for (int i = 0; i < 3 + k % 3; ++i) polygon.push_back(Vector4d(k, i, -k, 0.5 * k + i));
    polygons->Add(polygon, Vector3d(0, 0, k), Vector3d(k, 1, 0), Vector3d(0, k, 2));
  }
}

TEST_CASE("IntersectInPieces appends the pieces' polygons in list order, for any executor") {
  // 1,003 elements: not a multiple of the 8 pieces, so they differ in size.
  std::vector<int> elements(1003);
  std::iota(elements.begin(), elements.end(), 0);
  // A polygon already there stays first (the kernels append).
  ContactPolygons expected;
  FakeIntersect(std::vector<int>{7}, &expected);
  ContactPolygons reversed = expected, two = expected, three = expected;
  FakeIntersect(elements, &expected);
  test::ReverseExecutor reverse;
  const test::ThreadsExecutor two_threads(2), three_threads(3);
  IntersectInPieces(reverse, elements, FakeIntersect, &reversed);
  IntersectInPieces(two_threads, elements, FakeIntersect, &two);
  IntersectInPieces(three_threads, elements, FakeIntersect, &three);
  CHECK(expected.num_polygons() == 1004);
  CHECK(reverse.runs == 2);  // The pieces, then the merge.
  CHECK(test::SamePolygons(expected, reversed));
  CHECK(test::SamePolygons(expected, two));
  CHECK(test::SamePolygons(expected, three));
  // Fewer elements than pieces: some pieces are empty.
  const std::vector<int> few{4, 9, 2};
  ContactPolygons few_expected, few_split;
  FakeIntersect(few, &few_expected);
  IntersectInPieces(two_threads, few, FakeIntersect, &few_split);
  CHECK(test::SamePolygons(few_expected, few_split));
}

TEST_CASE("IntersectInPieces rethrows the exception of the lowest piece and leaves the polygons unchanged") {
  std::vector<int> elements(80);
  std::iota(elements.begin(), elements.end(), 0);
  // Elements 35 and 70 throw: pieces of 10, so pieces 3 and 7.
  auto throwing = [](std::span<const int> piece, ContactPolygons* polygons) {
    for (const int k : piece) {
      if (k == 35 || k == 70) throw std::runtime_error("element " + std::to_string(k));
    }
    FakeIntersect(piece, polygons);
  };
  ContactPolygons polygons;
  FakeIntersect(std::vector<int>{1}, &polygons);
  const ContactPolygons before = polygons;
  test::ReverseExecutor reverse;  // Meets piece 7 first.
  CHECK_THROWS_WITH(IntersectInPieces(reverse, elements, throwing, &polygons), "element 35");
  CHECK(test::SamePolygons(before, polygons));
}

TEST_CASE("ShouldSplit: only with two threads or more and enough elements") {
  const test::ThreadsExecutor one(1), two(2);
  CHECK_FALSE(ShouldSplit(nullptr, 5000, 100));
  CHECK_FALSE(ShouldSplit(&one, 5000, 100));
  CHECK_FALSE(ShouldSplit(&two, 99, 100));
  CHECK(ShouldSplit(&two, 100, 100));
}

}  // namespace
}  // namespace hydrocontact
