#include "proximity/hydroelastic/candidate_pairs.h"

#include <cstdlib>
#include <set>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "mesh/barycentric.h"
#include "tests/proximity/hydroelastic/contact_test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("StampedCache computes each value once per call", "[candidate_pairs]") {
  StampedCache<double> cache;
  int computations = 0;
  auto square = [&](int k) {
    ++computations;
    return double(k * k);
  };
  cache.Begin(10);
  CHECK(cache.Get(3, square) == 9);
  CHECK(cache.Get(3, square) == 9);
  CHECK(cache.Get(4, square) == 16);
  CHECK(computations == 2);
  // A new call recomputes; a larger size grows the storage.
  cache.Begin(100);
  CHECK(cache.Get(3, [](int) { return -1.0; }) == -1.0);
  CHECK(cache.Get(99, square) == 99 * 99);
  CHECK(computations == 3);
}

TEST_CASE("TransformBox bounds the posed box", "[candidate_pairs]") {
  const Aabb box(Vector3d(-1, -2, 0.5), Vector3d(3, 1, 2));
  // A quarter turn about z and a shift: exact, (x, y) → (−y, x).
  const RigidTransform quarter = RigidTransform::FromAxisAngle(Vector3d::UnitZ(), M_PI / 2,
                                                               Vector3d(10, 0, 0));
  const Aabb turned = TransformBox(box, quarter);
  CHECK(turned.min.isApprox(Vector3d(9, -1, 0.5)));
  CHECK(turned.max.isApprox(Vector3d(12, 3, 2)));
  // Any pose: all eight posed corners lie inside.
  const RigidTransform X = RigidTransform::FromRollPitchYaw(Vector3d(0.3, -1.2, 2.2), Vector3d(1, 2, 3));
  Aabb inflated = TransformBox(box, X);
  inflated.Inflate(1e-12);
  for (int i = 0; i < 8; ++i) {
    const Vector3d corner((i & 1) ? box.max.x() : box.min.x(), (i & 2) ? box.max.y() : box.min.y(),
                          (i & 4) ? box.max.z() : box.min.z());
    CHECK(inflated.Contains(X * corner));
  }
}

TEST_CASE("BoxOfGeometryIn contains the geometry's part and is tighter than its box re-boxed",
          "[candidate_pairs]") {
  // A rod 8 × 1 × 1 along x_G (32 × 2 × 2 cells), turned 45° about z: in F
  // a point at rod coordinates (s, t) (along, across) lies at
  // x = (s − t)/√2, y = (s + t)/√2, so the whole box re-boxed reaches
  // |x|, |y| ≤ (4 + 0.5)/√2 ≈ 3.18. `within` keeps x ≥ 2: the rod's part
  // there has s ≥ 2√2 + t ≥ 2.33 and so y ≥ x ≥ 2 − 2·0.5/√2 ≈ 1.29 (at
  // x = 2, t = −0.5) up to 3.18: the whole box cut to `within` spans y over
  // [−3.18, 3.18], the part over less than 1.9 of it. The hierarchy's top
  // four levels cut the rod into pieces no longer than it is thick (8/16),
  // each re-boxed adding at most (0.5 + 1)/√2 ≈ 1.06 to the part's span.
  const VolumeMesh rod = test::MakeGridBoxMesh(Vector3d(4, 0.5, 0.5), Eigen::Vector3i(32, 2, 2));
  const Bvh bvh(rod);
  const RigidTransform X_FG = RigidTransform::FromAxisAngle(Vector3d::UnitZ(), M_PI / 4, Vector3d::Zero());
  const Aabb within(Vector3d(2, -10, -10), Vector3d(10, 10, 10));
  const Aabb part = BoxOfGeometryIn(bvh, X_FG, within);
  const Aabb whole = TransformBox(bvh.bounding_box(), X_FG);
  REQUIRE_FALSE(part.IsEmpty());
  // Every vertex in `within` is inside (to the round-off of re-boxing).
  Aabb inflated = part;
  inflated.Inflate(1e-12);
  int inside = 0;
  for (int v = 0; v < rod.num_vertices(); ++v) {
    const Vector3d p_F = X_FG * rod.vertex(v);
    if (!within.Contains(p_F)) continue;
    ++inside;
    CHECK(inflated.Contains(p_F));
  }
  CHECK(inside > 20);
  // Never looser than the whole box cut to `within` (but for its padding),
  // and here far tighter.
  const double pad = kRegionPadRatio * part.MaxAbsCoordinate();
  CHECK((part.min.array() >= within.min.array().max(whole.min.array()) - pad).all());
  CHECK((part.max.array() <= within.max.array().min(whole.max.array()) + pad).all());
  CHECK(part.min.y() > 0);                                // the cut whole: −3.18
  CHECK(part.max.y() - part.min.y() < 1.9 + 2 * 1.07);    // the cut whole: 6.36
  // Nothing in `within`: empty.
  CHECK(BoxOfGeometryIn(bvh, X_FG, Aabb(Vector3d(5, 5, 5), Vector3d(6, 6, 6))).IsEmpty());
}

TEST_CASE("CollectElementsNear keeps every element that meets the other geometry", "[candidate_pairs]") {
  // A's elements with B's vertices inside them (barycentric test) prove
  // those B elements meet A: each must be collected. A is a rod 8 × 1 × 1
  // crossing the corner of B, a plate 6 × 6 × 0.6 ([−3, 3]² in x, y): the
  // rod's axis runs along (1, −1) through (2.5, 2.5), so the rod meets the
  // plate only where x + y ≥ 5 − 1/√2 (its half width across), near the
  // corner, while its box re-boxed in B spans (2.5 ± 3.18)² and so covers
  // [−0.68, 3]² of the plate: fewer elements are collected than that box
  // overlaps.
  const VolumeMesh A = test::MakeGridBoxMesh(Vector3d(4, 0.5, 0.5), Eigen::Vector3i(16, 2, 2));
  const VolumeMesh B = test::MakeGridBoxMesh(Vector3d(3, 3, 0.3), Eigen::Vector3i(12, 12, 1));
  const Bvh bvh_A(A), bvh_B(B);
  const RigidTransform X_AB =
      RigidTransform::FromAxisAngle(Vector3d::UnitZ(), -M_PI / 4, Vector3d(2.5, 2.5, 0)).inverse();
  std::vector<int> collected;
  CollectElementsNear(bvh_A, bvh_B, X_AB, &collected);
  const std::set<int> near(collected.begin(), collected.end());
  CHECK(near.size() == collected.size());  // each once
  int meeting = 0;
  for (int b = 0; b < B.num_elements(); ++b) {
    bool meets = false;
    for (int v : B.element(b)) {
      const Vector3d p_A = X_AB * B.vertex(v);
      for (int a = 0; a < A.num_elements() && !meets; ++a) {
        const auto& t = A.element(a);
        const Eigen::Vector4d bary = TetrahedronBarycentric(A.vertex(t[0]), A.vertex(t[1]),
                                                            A.vertex(t[2]), A.vertex(t[3]), p_A);
        meets = (bary.array() > 1e-9).all();
      }
    }
    if (!meets) continue;
    ++meeting;
    CHECK(near.count(b) == 1);
  }
  CHECK(meeting > 10);
  int overlapping_whole = 0;
  bvh_B.Query(TransformBox(bvh_A.bounding_box(), X_AB.inverse()), [&](int) { ++overlapping_whole; });
  CHECK(static_cast<int>(collected.size()) < overlapping_whole);
}

TEST_CASE("ForEachCandidatePair finds every intersecting pair and only box-overlapping ones",
          "[candidate_pairs]") {
  const VolumeMesh A = test::MakeGridBoxMesh(Vector3d(1, 1, 1), Eigen::Vector3i(3, 3, 3));
  const VolumeMesh B = test::MakeGridBoxMesh(Vector3d(0.7, 0.5, 0.6), Eigen::Vector3i(2, 3, 2));
  const Bvh bvh_A(A), bvh_B(B);
  const RigidTransform X_AB = RigidTransform::FromRollPitchYaw(Vector3d(0.4, 0.2, -0.3),
                                                               Vector3d(0.9, 0.3, -0.2));
  auto box_in_A = [&](int b) {
    Aabb box;
    for (int v : B.element(b)) box.Include(X_AB * B.vertex(v));
    return box;
  };
  std::set<std::pair<int, int>> reported;
  ForEachCandidatePair(bvh_A, bvh_B, X_AB, box_in_A,
                       [&](int a, int b) { CHECK(reported.insert({a, b}).second); });
  REQUIRE_FALSE(reported.empty());
  int intersecting = 0;
  for (int a = 0; a < A.num_elements(); ++a) {
    Aabb box_a;
    for (int v : A.element(a)) box_a.Include(A.vertex(v));
    const auto& ta = A.element(a);
    for (int b = 0; b < B.num_elements(); ++b) {
      const bool is_reported = reported.count({a, b}) > 0;
      if (is_reported) CHECK(box_a.Overlaps(box_in_A(b)));
      // B's centroid inside tetrahedron a: the elements intersect, so the
      // pair must be there.
      Vector3d centroid = Vector3d::Zero();
      for (int v : B.element(b)) centroid += X_AB * B.vertex(v) / 4;
      const Eigen::Vector4d bary = TetrahedronBarycentric(A.vertex(ta[0]), A.vertex(ta[1]),
                                                          A.vertex(ta[2]), A.vertex(ta[3]), centroid);
      if ((bary.array() >= 0).all()) {
        ++intersecting;
        CHECK(is_reported);
      }
    }
  }
  CHECK(intersecting > 10);
  // Far apart: nothing.
  int far = 0;
  ForEachCandidatePair(bvh_A, bvh_B, RigidTransform(Vector3d(5, 0, 0)),
                       [&](int b) {
                         Aabb box;
                         for (int v : B.element(b)) box.Include(B.vertex(v) + Vector3d(5, 0, 0));
                         return box;
                       },
                       [&](int, int) { ++far; });
  CHECK(far == 0);
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("ForEachCandidatePairOf gives the pairs of one query per element, in the same order",
          "[candidate_pairs]") {
  // The batches (kCandidateBatchSize) and their groups (kCandidateGroupSize)
  // must not change which pairs come or their order: element after element
  // of the list, and for each the elements of A as Bvh::Query visits them.
  // The list (every element of B in a scrambled order, twice over, and 3
  // more) is cut into several batches and a last, partial one with a
  // partial group.
  const VolumeMesh A = test::MakeGridBoxMesh(Vector3d(1, 1, 1), Eigen::Vector3i(3, 3, 3));
  const VolumeMesh B = test::MakeGridBoxMesh(Vector3d(0.7, 0.5, 0.6), Eigen::Vector3i(2, 3, 2));
  const Bvh bvh_A(A);
  const RigidTransform X_AB = RigidTransform::FromRollPitchYaw(Vector3d(0.4, 0.2, -0.3),
                                                               Vector3d(0.3, 0.1, -0.2));
  auto box_in_A = [&](int b) {
    Aabb box;
    for (int v : B.element(b)) box.Include(X_AB * B.vertex(v));
    return box;
  };
  std::vector<int> elements;
  const int n = B.num_elements();
  for (int i = 0; i < 2 * n + 3; ++i) elements.push_back((7 * i) % n);
  REQUIRE(elements.size() % kCandidateBatchSize % kCandidateGroupSize != 0);
  REQUIRE(elements.size() > 2 * kCandidateBatchSize);
  std::vector<std::pair<int, int>> expected;
  for (const int b : elements) bvh_A.Query(box_in_A(b), [&](int a) { expected.push_back({a, b}); });
  std::vector<std::pair<int, int>> found;
  ForEachCandidatePairOf(bvh_A, elements, box_in_A, [&](int a, int b) { found.push_back({a, b}); });
  REQUIRE(expected.size() > elements.size());
  CHECK(found == expected);
}

TEST_CASE("BoxOfTetrahedronInRegion: the exact box of a needle's tip, empty when apart",
          "[candidate_pairs]") {
  // A needle from the origin to the triangle (0,0,10), (1,0,10), (0,1,10).
  // The region z ∈ [9, 11] holds its tip, whose cross-section at height z is
  // the base scaled by z/10: from (0,0,9), (0.9,0,9), (0,0.9,9) up to the
  // base. Its box is [0, 1]² × [9, 10], while the needle's own box reaches
  // down to z = 0.
  const Vector3d o(0, 0, 0), a(0, 0, 10), b(1, 0, 10), c(0, 1, 10);
  const std::array<const Vector3d*, 4> needle{&o, &a, &b, &c};
  const Aabb tip =
      BoxOfTetrahedronInRegion(needle, Aabb(Vector3d(-5, -5, 9), Vector3d(5, 5, 11)), 0.0);
  CHECK(tip.min.isApprox(Vector3d(0, 0, 9), 1e-15));
  CHECK((tip.max - Vector3d(1, 1, 10)).norm() < 1e-15);
  // A region x ≥ 0.5 leaves the part of the needle with x ≥ 0.5, which
  // starts at height 5 (x ≤ z/10 on the needle): box [0.5, 1] × [0, 0.5] ×
  // [5, 10] (y ≤ z/10 − x ≤ 0.5).
  const Aabb side =
      BoxOfTetrahedronInRegion(needle, Aabb(Vector3d(0.5, -5, -5), Vector3d(5, 5, 20)), 0.0);
  CHECK((side.min - Vector3d(0.5, 0, 5)).norm() < 1e-14);
  CHECK((side.max - Vector3d(1, 0.5, 10)).norm() < 1e-14);
  // The padding grows the box on every side.
  const Aabb padded =
      BoxOfTetrahedronInRegion(needle, Aabb(Vector3d(-5, -5, 9), Vector3d(5, 5, 11)), 0.25);
  CHECK((padded.min - Vector3d(-0.25, -0.25, 8.75)).norm() < 1e-14);
  // A region beside the needle (x + y > 1 is outside it; the corner region
  // [0.6, 1] × [0.6, 1] × [0, 10] has x + y ≥ 1.2) leaves nothing although
  // the boxes overlap.
  CHECK(BoxOfTetrahedronInRegion(needle, Aabb(Vector3d(0.6, 0.6, 0), Vector3d(1, 1, 10)), 0.0)
            .IsEmpty());
  CHECK(BoxOfTetrahedronInRegion(needle, Aabb(Vector3d(2, 0, 0), Vector3d(3, 1, 10)), 0.0)
            .IsEmpty());
}

TEST_CASE("BoxOfTetrahedronInRegion contains every point of the tetrahedron in the region",
          "[candidate_pairs]") {
  // Random tetrahedra and regions; points sampled by random barycentric
  // coordinates, those inside the region must lie in the box (up to the
  // round-off of the sample itself).
  std::srand(7);
  auto uniform = [](double lo, double hi) { return lo + (hi - lo) * std::rand() / RAND_MAX; };
  int inside = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::array<Vector3d, 4> v;
    for (auto& p : v) p = Vector3d(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    const std::array<const Vector3d*, 4> p{&v[0], &v[1], &v[2], &v[3]};
    const Vector3d lo(uniform(-1, 0.5), uniform(-1, 0.5), uniform(-1, 0.5));
    const Aabb region(lo, lo + Vector3d(uniform(0.05, 1), uniform(0.05, 1), uniform(0.05, 1)));
    const Aabb box = BoxOfTetrahedronInRegion(p, region, 0.0);
    Aabb loose = box;
    loose.Inflate(1e-14);
    for (int k = 0; k < 300; ++k) {
      Eigen::Vector4d w(uniform(0, 1), uniform(0, 1), uniform(0, 1), uniform(0, 1));
      w /= w.sum();
      const Vector3d x = w[0] * v[0] + w[1] * v[1] + w[2] * v[2] + w[3] * v[3];
      if (!region.Contains(x)) continue;
      ++inside;
      CHECK(loose.Contains(x));
    }
  }
  CHECK(inside > 1000);
}

TEST_CASE("ForEachCandidatePair refitted to the common region keeps every intersecting pair",
          "[candidate_pairs]") {
  // Same meshes as above; A's hierarchy refitted to, and B's elements boxed
  // in, the intersection of the two meshes' boxes. Every pair the
  // plain boxes report whose elements share a point (B's centroid inside
  // a) must still be reported, and nothing the plain boxes would not report.
  const VolumeMesh A = test::MakeGridBoxMesh(Vector3d(1, 1, 1), Eigen::Vector3i(3, 3, 3));
  const VolumeMesh B = test::MakeGridBoxMesh(Vector3d(0.7, 0.5, 0.6), Eigen::Vector3i(2, 3, 2));
  const Bvh bvh_A(A), bvh_B(B);
  const RigidTransform X_AB = RigidTransform::FromRollPitchYaw(Vector3d(0.4, 0.2, -0.3),
                                                               Vector3d(0.9, 0.3, -0.2));
  std::vector<Vector3d> B_in_A;
  for (int v = 0; v < B.num_vertices(); ++v) B_in_A.push_back(X_AB * B.vertex(v));
  const Aabb box_B = TransformBox(bvh_B.bounding_box(), X_AB);
  const Aabb region(bvh_A.bounding_box().min.cwiseMax(box_B.min),
                    bvh_A.bounding_box().max.cwiseMin(box_B.max));
  auto plain_box = [&](int b) {
    Aabb box;
    for (int v : B.element(b)) box.Include(B_in_A[v]);
    return box;
  };
  std::set<std::pair<int, int>> plain, tight;
  ForEachCandidatePair(bvh_A, bvh_B, X_AB, plain_box, [&](int a, int b) { plain.insert({a, b}); });
  std::vector<Aabb> node_boxes;
  RefitBoxesInRegion(
      bvh_A, region,
      [&](int a, const Aabb&) {
        const auto& t = A.element(a);
        return BoxOfTetrahedronInRegion(
            {&A.vertex(t[0]), &A.vertex(t[1]), &A.vertex(t[2]), &A.vertex(t[3])}, region, 1e-12);
      },
      &node_boxes);
  // Every reachable inner node's box holds its children's.
  for (int i = 0; i < int(bvh_A.nodes().size()); ++i) {
    const Bvh::Node& node = bvh_A.nodes()[i];
    if (node.is_leaf() || node_boxes[i].IsEmpty()) continue;
    for (int child : {i + 1, node.right}) {
      if (node_boxes[child].IsEmpty()) continue;
      CHECK((node_boxes[i].min.array() <= node_boxes[child].min.array()).all());
      CHECK((node_boxes[i].max.array() >= node_boxes[child].max.array()).all());
    }
  }
  ForEachCandidatePair(
      bvh_A, bvh_B, X_AB,
      [&](int b) {
        const auto& t = B.element(b);
        return BoxOfTetrahedronInRegion(
            {&B_in_A[t[0]], &B_in_A[t[1]], &B_in_A[t[2]], &B_in_A[t[3]]}, region, 1e-12);
      },
      [&](int a, int b) { CHECK(tight.insert({a, b}).second); }, &node_boxes);
  int intersecting = 0;
  for (const auto& [a, b] : plain) {
    const auto& ta = A.element(a);
    Vector3d centroid = Vector3d::Zero();
    for (int v : B.element(b)) centroid += B_in_A[v] / 4;
    const Eigen::Vector4d bary = TetrahedronBarycentric(A.vertex(ta[0]), A.vertex(ta[1]),
                                                        A.vertex(ta[2]), A.vertex(ta[3]), centroid);
    if ((bary.array() >= 0).all()) {
      ++intersecting;
      CHECK(tight.count({a, b}) == 1);
    }
  }
  for (const auto& pair : tight) CHECK(plain.count(pair) == 1);
  CHECK(intersecting > 10);
}

}  // namespace
}  // namespace hydrocontact
