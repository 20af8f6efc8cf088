#include "proximity/hydroelastic/candidate_pairs.h"

#include <set>
#include <utility>

#include <catch2/catch.hpp>

#include "mesh/barycentric.h"
#include "tests/proximity/hydroelastic/contact_test_meshes.h"

namespace hydrocontact {
namespace {

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
