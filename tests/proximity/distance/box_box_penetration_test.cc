#include "proximity/distance/box_box_penetration.h"

#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

void CheckWitnessInvariant(const ConvexSignedDistance& r) {
  CHECK((r.p_ACa - r.p_ACb_A - r.distance * r.nhat_BA_A).norm() < 1e-14);
  CHECK(std::abs(r.nhat_BA_A.norm() - 1) < 1e-14);
}

TEST_CASE("Box–box: face–face overlap has the overlap's middle as witness",
          "[box_box_penetration]") {
  // A unit cube; B (half 0.3) centred 0.7 above: overlap along z
  // 0.5 + 0.3 − 0.7 = 0.1; A moves down (−z). B's bottom square lies inside
  // A's top face, centred on the axis: witnesses (0, 0, 0.5) and (0, 0, 0.4).
  const auto r = CalcBoxBoxPenetration(Box::MakeCube(1), Box::MakeCube(0.6),
                                       RigidTransform(Vector3d(0, 0, 0.7)));
  REQUIRE(r.has_value());
  CHECK(r->distance == Approx(-0.1));
  CHECK((r->nhat_BA_A - Vector3d(0, 0, -1)).norm() < 1e-15);
  CHECK((r->p_ACa - Vector3d(0, 0, 0.5)).norm() < 1e-14);
  CHECK((r->p_ACb_A - Vector3d(0, 0, 0.4)).norm() < 1e-14);
  CHECK(r->is_nhat_unique);
  CheckWitnessInvariant(*r);
}

TEST_CASE("Box–box: offset face–face overlap witnesses the overlap rectangle's centre",
          "[box_box_penetration]") {
  // B (1 × 1 × 1) at (0.8, 0.6, 0.95): overlap along z is 0.05 (smallest;
  // x 0.2, y 0.4). The xy overlap is [0.3, 0.5] × [0.1, 0.5]: centre (0.4, 0.3).
  const auto r = CalcBoxBoxPenetration(Box::MakeCube(1), Box::MakeCube(1),
                                       RigidTransform(Vector3d(0.8, 0.6, 0.95)));
  REQUIRE(r.has_value());
  CHECK(r->distance == Approx(-0.05));
  CHECK((r->p_ACa - Vector3d(0.4, 0.3, 0.5)).norm() < 1e-14);
  CheckWitnessInvariant(*r);
}

TEST_CASE("Box–box: edge–edge crossing", "[box_box_penetration]") {
  // A (unit cube) turned 45° about y shows an edge along y at height √2/2;
  // B (unit cube) turned 45° about x shows an edge along x at
  // z_B − √2/2. With z_B = √2 − 0.02 they cross at the origin's vertical,
  // depth 0.02 along the cross-product axis y × x = −z.
  const double s = std::sqrt(2.0) / 2;
  const RigidTransform X_WA = RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 4, 0));
  const RigidTransform X_WB =
      RigidTransform::FromRollPitchYaw(Vector3d(M_PI / 4, 0, 0), Vector3d(0, 0, 2 * s - 0.02));
  const auto r = CalcBoxBoxPenetration(Box::MakeCube(1), Box::MakeCube(1), X_WA.inverse() * X_WB);
  REQUIRE(r.has_value());
  CHECK(r->distance == Approx(-0.02).epsilon(1e-12));
  const Vector3d n_W = X_WA.rotation() * r->nhat_BA_A;
  CHECK((n_W - Vector3d(0, 0, -1)).norm() < 1e-14);
  CHECK((X_WA * r->p_ACa - Vector3d(0, 0, s)).norm() < 1e-14);
  CHECK((X_WA * r->p_ACb_A - Vector3d(0, 0, s - 0.02)).norm() < 1e-14);
  CheckWitnessInvariant(*r);
}

TEST_CASE("Box–box: vertex into face", "[box_box_penetration]") {
  // B (unit cube) turned so its diagonal (1, 1, 1) points down: its lowest
  // vertex is √3/2 below its centre. Centre at (0.1, 0.1, 0.5 + √3/2 − 0.03):
  // the vertex at (0.1, 0.1, 0.47) is 0.03 inside A's top face.
  const Vector3d diagonal = Vector3d(1, 1, 1).normalized();
  const Eigen::Matrix3d R =
      Eigen::Quaterniond::FromTwoVectors(diagonal, -Vector3d::UnitZ()).toRotationMatrix();
  const RigidTransform X_AB(R, Vector3d(0.1, 0.1, 0.5 + std::sqrt(3.0) / 2 - 0.03));
  const auto r = CalcBoxBoxPenetration(Box::MakeCube(1), Box::MakeCube(1), X_AB);
  REQUIRE(r.has_value());
  CHECK(r->distance == Approx(-0.03).epsilon(1e-12));
  CHECK((r->p_ACb_A - Vector3d(0.1, 0.1, 0.47)).norm() < 1e-12);
  CHECK((r->p_ACa - Vector3d(0.1, 0.1, 0.5)).norm() < 1e-12);
  CheckWitnessInvariant(*r);
}

TEST_CASE("Box–box: concentric cubes have no unique direction", "[box_box_penetration]") {
  const auto r = CalcBoxBoxPenetration(Box::MakeCube(1), Box::MakeCube(1), RigidTransform());
  REQUIRE(r.has_value());
  CHECK(r->distance == -1);
  CHECK(!r->is_nhat_unique);
  CheckWitnessInvariant(*r);
}

TEST_CASE("Box–box: separated or ill-conditioned pairs defer to GJK/EPA",
          "[box_box_penetration]") {
  CHECK(!CalcBoxBoxPenetration(Box::MakeCube(1), Box::MakeCube(1),
                               RigidTransform(Vector3d(1.01, 0, 0)))
             .has_value());
  // Edges 1e-8 rad from parallel: neither usable nor negligible.
  CHECK(!CalcBoxBoxPenetration(
             Box::MakeCube(1), Box::MakeCube(1),
             RigidTransform::FromRollPitchYaw(Vector3d(0, 0, 1e-8), Vector3d(0.5, 0.5, 0.5)))
             .has_value());
}

TEST_CASE("Box–box agrees with EPA on the boxes' support maps", "[box_box_penetration]") {
  // EPA on two polytopes converges exactly; the two methods share nothing
  // but the boxes.
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  int compared = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const Box A(0.3 + (u(rng) + 1) / 2, 0.3 + (u(rng) + 1) / 2, 0.3 + (u(rng) + 1) / 2);
    const Box B(0.3 + (u(rng) + 1) / 2, 0.3 + (u(rng) + 1) / 2, 0.3 + (u(rng) + 1) / 2);
    const RigidTransform X_AB = RigidTransform::FromRollPitchYaw(
        Vector3d(u(rng), u(rng), u(rng)) * M_PI, Vector3d(u(rng), u(rng), u(rng)) * 0.8);
    const auto sat = CalcBoxBoxPenetration(A, B, X_AB);
    const BoxSupport sa{A.half_size()}, sb{B.half_size()};
    const GjkResult gjk = GjkDistance(sa, sb, X_AB);
    if (!sat.has_value()) {
      CHECK(!gjk.overlapping);
      continue;
    }
    if (!gjk.overlapping) {
      // Touching within GJK's tolerance.
      CHECK(sat->distance > -1e-9);
      continue;
    }
    const EpaResult epa = EpaPenetration(sa, sb, X_AB, gjk);
    CHECK(-sat->distance == Approx(epa.depth).margin(1e-9));
    if (sat->is_nhat_unique && epa.is_nhat_unique) {
      CHECK((sat->nhat_BA_A - epa.nhat_BA_A).norm() < 1e-6);
    }
    CheckWitnessInvariant(*sat);
    // The witnesses lie on the boxes' surfaces (within round-off).
    const Vector3d a = sat->p_ACa.cwiseAbs() - A.half_size();
    const Vector3d b = (X_AB.inverse() * sat->p_ACb_A).cwiseAbs() - B.half_size();
    CHECK(a.maxCoeff() == Approx(0).margin(1e-12));
    CHECK(b.maxCoeff() == Approx(0).margin(1e-12));
    ++compared;
  }
  CHECK(compared > 1000);
}

}  // namespace
}  // namespace hydrocontact
