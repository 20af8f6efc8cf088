#include "proximity/distance/epa.h"

#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("EPA: axis-aligned boxes overlap by the smallest axis overlap", "[epa]") {
  // Cubes of half size 0.5, B at (0.8, 0.3, -0.1): overlaps are
  // 1 − 0.8 = 0.2 (x), 0.7 (y), 0.9 (z): depth 0.2, A moves along −x.
  const BoxSupport box{Vector3d(0.5, 0.5, 0.5)};
  const RigidTransform X_AB(Vector3d(0.8, 0.3, -0.1));
  const GjkResult gjk = GjkDistance(box, box, X_AB);
  REQUIRE(gjk.overlapping);
  const EpaResult r = EpaPenetration(box, box, X_AB, gjk);
  CHECK(r.converged);
  CHECK(r.depth == Approx(0.2).epsilon(1e-13));
  CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-13);
  CHECK(r.is_nhat_unique);
  // Witnesses: A's point on its face x = 0.5, B's on its face x = 0.3.
  CHECK(r.p_ACa.x() == Approx(0.5));
  CHECK(r.p_ACb_A.x() == Approx(0.3));
  CHECK((r.p_ACa - r.p_ACb_A + r.depth * r.nhat_BA_A).norm() < 1e-13);
}

TEST_CASE("EPA: concentric cubes have no unique direction", "[epa]") {
  // Every face direction gives depth 1 (= 0.5 + 0.5).
  const BoxSupport box{Vector3d(0.5, 0.5, 0.5)};
  const RigidTransform X_AB = RigidTransform::Identity();
  const EpaResult r = EpaPenetration(box, box, X_AB, GjkDistance(box, box, X_AB));
  CHECK(r.depth == Approx(1.0).epsilon(1e-13));
  CHECK(!r.is_nhat_unique);
  CHECK(r.nhat_BA_A.norm() == Approx(1.0));
}

TEST_CASE("EPA on smooth spheres matches the closed form, even nearly concentric", "[epa]") {
  // Spheres given by smooth support maps (not the point-plus-margin form):
  // depth = r_A + r_B − |c_A − c_B|, direction (c_A − c_B)/|c_A − c_B|.
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  double max_error = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    const double ra = 0.1 + (u(rng) + 1) / 2, rb = 0.1 + (u(rng) + 1) / 2;
    Vector3d dir(u(rng), u(rng), u(rng));
    dir.normalize();
    const double center_distance = (ra + rb) * (u(rng) + 1) / 2;
    const EllipsoidSupport A{Vector3d::Constant(ra)}, B{Vector3d::Constant(rb)};
    const RigidTransform X_AB =
        RigidTransform::FromRollPitchYaw(Vector3d(u(rng), u(rng), u(rng)) * 3, center_distance * dir);
    const GjkResult gjk = GjkDistance(A, B, X_AB);
    if (!gjk.overlapping) continue;
    const EpaResult r = EpaPenetration(A, B, X_AB, gjk);
    max_error = std::max(max_error, std::abs(r.depth - (ra + rb - center_distance)));
    if (center_distance > 1e-3) CHECK((r.nhat_BA_A + dir).norm() < 1e-6);
    CHECK((r.p_ACa - r.p_ACb_A + r.depth * r.nhat_BA_A).norm() < 1e-12);
  }
  CHECK(max_error < 1e-9);
}

TEST_CASE("EPA on a smooth sphere against a box matches the closed form", "[epa]") {
  // Sphere (radius r, centre c in the box frame) against a box of half
  // sizes h, centre inside the box: depth = r + min_i(h_i − |c_i|);
  // centre outside but closer than r: depth = r − ‖c − clamp(c)‖.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  double max_error = 0;
  int count = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const Vector3d h(0.2 + 0.5 * (u(rng) + 1), 0.2 + 0.5 * (u(rng) + 1), 0.2 + 0.5 * (u(rng) + 1));
    const double r = 0.1 + 0.4 * (u(rng) + 1);
    const Vector3d c = Vector3d(u(rng), u(rng), u(rng)) * 1.2;
    const RigidTransform X_BA =
        RigidTransform::FromRollPitchYaw(Vector3d(u(rng), u(rng), u(rng)) * 3, c);
    double expected;
    if ((c.array().abs() <= h.array()).all()) {
      expected = r + (h - c.cwiseAbs()).minCoeff();
    } else {
      expected = r - (c - c.cwiseMax(-h).cwiseMin(h)).norm();
    }
    if (expected < 1e-6) continue;
    const EllipsoidSupport A{Vector3d::Constant(r)};
    const BoxSupport B{h};
    const RigidTransform X_AB = X_BA.inverse();
    const GjkResult gjk = GjkDistance(A, B, X_AB);
    REQUIRE(gjk.overlapping);
    const EpaResult e = EpaPenetration(A, B, X_AB, gjk);
    max_error = std::max(max_error, std::abs(e.depth - expected));
    ++count;
  }
  CHECK(count > 1000);
  CHECK(max_error < 1e-9);
}

TEST_CASE("EPA on a flat Minkowski difference returns depth 0 and a flagged normal", "[epa]") {
  // Two coplanar triangles overlapping in the plane z = 0: D is flat, so
  // the cores only touch; the direction is ±z, not unique.
  const TriangleSupport A{{Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0)}};
  const TriangleSupport B{{Vector3d(0.2, 0.2, 0), Vector3d(1.2, 0.2, 0), Vector3d(0.2, 1.2, 0)}};
  const RigidTransform X_AB = RigidTransform::Identity();
  const GjkResult gjk = GjkDistance(A, B, X_AB);
  REQUIRE(gjk.overlapping);
  const EpaResult r = EpaPenetration(A, B, X_AB, gjk);
  CHECK(r.degenerate);
  CHECK(r.depth == 0);
  CHECK(!r.is_nhat_unique);
  CHECK(std::abs(r.nhat_BA_A.z()) == Approx(1.0));
}

TEST_CASE("EPA on coincident points returns depth 0 and a deterministic normal", "[epa]") {
  const PointSupport A{Vector3d(0.1, 0.2, 0.3)};
  const PointSupport B{Vector3d::Zero()};
  const RigidTransform X_AB(Vector3d(0.1, 0.2, 0.3));
  const GjkResult gjk = GjkDistance(A, B, X_AB);
  REQUIRE(gjk.overlapping);
  const EpaResult r = EpaPenetration(A, B, X_AB, gjk);
  CHECK(r.degenerate);
  CHECK(r.depth == 0);
  CHECK(r.nhat_BA_A == Vector3d::UnitX());
}

TEST_CASE("EPA's depth continues GJK's distance through touching", "[epa]") {
  // Rotated boxes slid through contact along x: the signed distance
  // (GJK distance, or minus EPA depth) must change by exactly the step.
  const BoxSupport A{Vector3d(0.5, 0.3, 0.2)};
  const BoxSupport B{Vector3d(0.4, 0.4, 0.4)};
  // B rotated about z by 45°: its corner points at A along −x; the gap
  // between A's face x = 0.5 and B's corner is x_B − 0.4·√2 − 0.5.
  const double reach = 0.4 * std::sqrt(2.0) + 0.5;
  const double step = 1e-11;
  for (int i = -50; i <= 50; ++i) {
    const double gap = i * step;
    const RigidTransform X_AB =
        RigidTransform::FromRollPitchYaw(Vector3d(0, 0, M_PI / 4), Vector3d(reach + gap, 0.05, 0));
    const GjkResult gjk = GjkDistance(A, B, X_AB);
    const double signed_distance =
        gjk.overlapping ? -EpaPenetration(A, B, X_AB, gjk).depth : gjk.distance;
    CHECK(std::abs(signed_distance - gap) < 1e-14);
  }
}

}  // namespace
}  // namespace hydrocontact
