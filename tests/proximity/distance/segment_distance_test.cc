#include "proximity/distance/segment_distance.h"

#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("Segments: skew segments meet at the common perpendicular", "[segment_distance]") {
  // x axis segment and a y-direction segment at height 2 crossing x = 0.3:
  // closest points (0.3, 0, 0) and (0.3, 0, 2).
  const SegmentClosestPoints r = CalcSegmentClosestPoints(
      Vector3d(-1, 0, 0), Vector3d(1, 0, 0), Vector3d(0.3, -1, 2), Vector3d(0.3, 1, 2));
  CHECK((r.p_FP - Vector3d(0.3, 0, 0)).norm() < 1e-15);
  CHECK((r.p_FQ - Vector3d(0.3, 0, 2)).norm() < 1e-15);
  CHECK(r.s == Approx(0.65));
  CHECK(r.t == Approx(0.5));
  CHECK(!r.parallel_overlap);
}

TEST_CASE("Segments: end points when the perpendicular falls outside", "[segment_distance]") {
  // Q's segment lies beyond P1 = (1, 0, 0): closest are P1 and (2, 0.5, 0)... the
  // segment from (2, 0.5, 0) to (2, 3, 0) is nearest P1 at its end (2, 0.5, 0).
  const SegmentClosestPoints r = CalcSegmentClosestPoints(
      Vector3d(-1, 0, 0), Vector3d(1, 0, 0), Vector3d(2, 0.5, 0), Vector3d(2, 3, 0));
  CHECK((r.p_FP - Vector3d(1, 0, 0)).norm() < 1e-15);
  CHECK((r.p_FQ - Vector3d(2, 0.5, 0)).norm() < 1e-15);
}

TEST_CASE("Segments: parallel overlap resolves to the middle", "[segment_distance]") {
  // P on x ∈ [0, 2], Q on x ∈ [1, 4] one unit above: overlap x ∈ [1, 2],
  // middle x = 1.5.
  const SegmentClosestPoints r = CalcSegmentClosestPoints(
      Vector3d(0, 0, 0), Vector3d(2, 0, 0), Vector3d(4, 0, 1), Vector3d(1, 0, 1));
  CHECK(r.parallel_overlap);
  CHECK((r.p_FP - Vector3d(1.5, 0, 0)).norm() < 1e-15);
  CHECK((r.p_FQ - Vector3d(1.5, 0, 1)).norm() < 1e-15);
}

TEST_CASE("Segments: degenerate (zero-length) segments", "[segment_distance]") {
  const SegmentClosestPoints r = CalcSegmentClosestPoints(
      Vector3d(0, 0, 0), Vector3d(0, 0, 0), Vector3d(-1, 1, 0), Vector3d(1, 1, 0));
  CHECK((r.p_FQ - Vector3d(0, 1, 0)).norm() < 1e-15);
  const SegmentClosestPoints both = CalcSegmentClosestPoints(
      Vector3d(0, 0, 0), Vector3d(0, 0, 0), Vector3d(3, 4, 0), Vector3d(3, 4, 0));
  CHECK((both.p_FP - both.p_FQ).norm() == Approx(5));
}

TEST_CASE("Segments agree with dense parameter sampling", "[segment_distance]") {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const Vector3d p0(u(rng), u(rng), u(rng)), p1(u(rng), u(rng), u(rng));
    const Vector3d q0(u(rng), u(rng), u(rng)), q1(u(rng), u(rng), u(rng));
    const SegmentClosestPoints r = CalcSegmentClosestPoints(p0, p1, q0, q1);
    const double d = (r.p_FP - r.p_FQ).norm();
    double best = 1e300;
    for (int i = 0; i <= 100; ++i) {
      for (int j = 0; j <= 100; ++j) {
        best = std::min(best, ((p0 + (p1 - p0) * i / 100.0) - (q0 + (q1 - q0) * j / 100.0)).norm());
      }
    }
    CHECK(d <= best + 1e-14);
    CHECK(d >= best - 0.03);
  }
}

TEST_CASE("Capsule–capsule: parallel, skew, crossing", "[segment_distance]") {
  const Capsule A(0.1, 1.0), B(0.2, 2.0);
  // Parallel, side by side 0.5 apart along x, overlapping in z: 0.5 − 0.3.
  ConvexSignedDistance r = CalcCapsuleCapsuleDistance(A, B, RigidTransform(Vector3d(0.5, 0, 0.3)));
  CHECK(r.distance == Approx(0.2));
  CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-15);
  CHECK(r.is_nhat_unique);
  // Middle of the axial overlap z ∈ [−0.5, 0.5] ∩ [−0.7, 1.3] = [−0.5, 0.5].
  CHECK(r.p_ACa.z() == Approx(0).margin(1e-15));
  CHECK((r.p_ACa - r.p_ACb_A - r.distance * r.nhat_BA_A).norm() < 1e-15);
  // Skew: B along x, 0.25 above A's top end point (0, 0, 0.5):
  // distance 0.25 − 0.3 = −0.05 (overlap), direction +z from B to A? A is
  // below B, so n_BA = −z.
  const RigidTransform X_AB =
      RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 2, 0), Vector3d(0, 0, 0.75));
  r = CalcCapsuleCapsuleDistance(A, B, X_AB);
  CHECK(r.distance == Approx(-0.05));
  CHECK((r.nhat_BA_A - Vector3d(0, 0, -1)).norm() < 1e-15);
  CHECK((r.p_ACa - Vector3d(0, 0, 0.6)).norm() < 1e-15);
  CHECK((r.p_ACb_A - Vector3d(0, 0, 0.55)).norm() < 1e-15);
  // Crossing axes: depth r_A + r_B = 0.3 along ±(z × x) = ±y, not unique.
  r = CalcCapsuleCapsuleDistance(A, B,
                                 RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 2, 0)));
  CHECK(r.distance == Approx(-0.3));
  CHECK(!r.is_nhat_unique);
  CHECK(std::abs(r.nhat_BA_A.y()) == Approx(1));
  CHECK(r.nhat_BA_A.y() > 0);
  // Collinear overlapping axes: any perpendicular; +x.
  r = CalcCapsuleCapsuleDistance(A, B, RigidTransform(Vector3d(0, 0, 0.2)));
  CHECK(r.distance == Approx(-0.3));
  CHECK(!r.is_nhat_unique);
  CHECK(r.nhat_BA_A == Vector3d::UnitX());
}

}  // namespace
}  // namespace hydrocontact
