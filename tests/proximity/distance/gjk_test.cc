#include "proximity/distance/gjk.h"

#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("ReduceSimplex keeps the face region of a triangle", "[gjk]") {
  // The triangle z = 1 over x, y ∈ [-1, 1]: the origin projects to (0, 0, 1),
  // inside, with weights from the plane coordinates.
  GjkSimplex s;
  s.Push(Vector3d(-1, -1, 1), Vector3d::Zero());
  s.Push(Vector3d(2, -1, 1), Vector3d::Zero());
  s.Push(Vector3d(-1, 2, 1), Vector3d::Zero());
  std::array<double, 4> weights;
  const Vector3d v = internal::ReduceSimplex(s, weights);
  CHECK(s.size == 3);
  CHECK((v - Vector3d(0, 0, 1)).norm() < 1e-15);
  // (0,0) = (1-u-t)(-1,-1) + u(2,-1) + t(-1,2) → u = t = 1/3.
  CHECK(weights[1] == Approx(1.0 / 3));
  CHECK(weights[2] == Approx(1.0 / 3));
}

TEST_CASE("ReduceSimplex drops to the nearest edge and vertex", "[gjk]") {
  GjkSimplex s;
  s.Push(Vector3d(1, -1, 0), Vector3d::Zero());
  s.Push(Vector3d(1, 1, 0), Vector3d::Zero());
  s.Push(Vector3d(3, 0, 0), Vector3d::Zero());
  std::array<double, 4> weights;
  Vector3d v = internal::ReduceSimplex(s, weights);
  CHECK(s.size == 2);
  CHECK((v - Vector3d(1, 0, 0)).norm() < 1e-15);
  CHECK(weights[0] == Approx(0.5));

  GjkSimplex t;
  t.Push(Vector3d(1, 1, 1), Vector3d::Zero());
  t.Push(Vector3d(2, 1, 1), Vector3d::Zero());
  t.Push(Vector3d(1, 2, 1), Vector3d::Zero());
  t.Push(Vector3d(1, 1, 2), Vector3d::Zero());
  v = internal::ReduceSimplex(t, weights);
  CHECK(t.size == 1);
  CHECK((v - Vector3d(1, 1, 1)).norm() == 0);
}

TEST_CASE("ReduceSimplex detects a tetrahedron holding the origin", "[gjk]") {
  GjkSimplex s;
  s.Push(Vector3d(1, 0, -1), Vector3d::Zero());
  s.Push(Vector3d(-1, 1, -1), Vector3d::Zero());
  s.Push(Vector3d(-1, -1, -1), Vector3d::Zero());
  s.Push(Vector3d(0, 0, 2), Vector3d::Zero());
  std::array<double, 4> weights;
  const Vector3d v = internal::ReduceSimplex(s, weights);
  CHECK(s.size == 4);
  CHECK(v.norm() == 0);
  // The weights reproduce the origin.
  const Vector3d o = internal::Combine(s.w, weights, 4);
  CHECK(o.norm() < 1e-15);
  CHECK(weights[0] + weights[1] + weights[2] + weights[3] == Approx(1.0));
}

TEST_CASE("ReduceSimplex handles a degenerate (collinear) triangle", "[gjk]") {
  GjkSimplex s;
  s.Push(Vector3d(-1, 1, 0), Vector3d::Zero());
  s.Push(Vector3d(0, 1, 0), Vector3d::Zero());
  s.Push(Vector3d(2, 1, 0), Vector3d::Zero());
  std::array<double, 4> weights;
  const Vector3d v = internal::ReduceSimplex(s, weights);
  CHECK(s.size == 1);
  CHECK((v - Vector3d(0, 1, 0)).norm() < 1e-15);
}

TEST_CASE("GJK: box to box along an axis", "[gjk]") {
  // Unit cubes, B shifted by (3, 0.2, 0.1): the faces x = 0.5 and x = 2.5
  // face each other, distance 2.
  const BoxSupport box{Vector3d(0.5, 0.5, 0.5)};
  const RigidTransform X_AB(Vector3d(3, 0.2, 0.1));
  const GjkResult r = GjkDistance(box, box, X_AB);
  CHECK(!r.overlapping);
  CHECK(r.converged);
  CHECK(r.distance == Approx(2.0).epsilon(1e-14));
  CHECK(r.p_ACa.x() == Approx(0.5));
  CHECK(r.p_ACb_A.x() == Approx(2.5));
  CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-14);
  CHECK((r.p_ACa - r.p_ACb_A).norm() == Approx(2.0));
}

TEST_CASE("GJK: box to box, vertex to vertex", "[gjk]") {
  // B at (2, 2, 2): corners (0.5,0.5,0.5) and (1.5,1.5,1.5), distance √3.
  const BoxSupport box{Vector3d(0.5, 0.5, 0.5)};
  const GjkResult r = GjkDistance(box, box, RigidTransform(Vector3d(2, 2, 2)));
  CHECK(r.distance == Approx(std::sqrt(3.0)).epsilon(1e-14));
  CHECK((r.p_ACa - Vector3d(0.5, 0.5, 0.5)).norm() < 1e-14);
}

TEST_CASE("GJK: overlapping cores are reported", "[gjk]") {
  const BoxSupport box{Vector3d(0.5, 0.5, 0.5)};
  const GjkResult r = GjkDistance(box, box, RigidTransform(Vector3d(0.3, 0.1, 0)));
  CHECK(r.overlapping);
}

TEST_CASE("GJK on smooth support maps matches sphere–sphere closed form", "[gjk]") {
  // Spheres as ellipsoids with equal axes (no margin trick): distance is
  // |c_A − c_B| − r_A − r_B.
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  std::uniform_real_distribution<double> radius(0.1, 1.0);
  int max_iterations = 0;
  double max_error = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const double ra = radius(rng), rb = radius(rng);
    const EllipsoidSupport A{Vector3d::Constant(ra)};
    const EllipsoidSupport B{Vector3d::Constant(rb)};
    Vector3d dir(u(rng), u(rng), u(rng));
    dir.normalize();
    const double gap = 0.001 + 2 * (u(rng) + 1);
    const Vector3d p_AB = (ra + rb + gap) * dir;
    const RigidTransform X_AB =
        RigidTransform::FromRollPitchYaw(Vector3d(u(rng), u(rng), u(rng)) * 3, p_AB);
    const GjkResult r = GjkDistance(A, B, X_AB);
    max_error = std::max(max_error, std::abs(r.distance - gap));
    max_iterations = std::max(max_iterations, r.iterations);
    REQUIRE(!r.overlapping);
    CHECK((r.nhat_BA_A + dir).norm() < 1e-5);
  }
  CHECK(max_error < 1e-12);
}

TEST_CASE("GJK on a smooth sphere support map matches the sphere–box closed form", "[gjk]") {
  // A sphere (smooth support, no margin) of radius r centred at c (in the
  // box frame) is at distance ‖c − clamp(c, −h, h)‖ − r from the box.
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  int max_iterations = 0;
  double max_error = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const Vector3d h(0.2 + 0.5 * (u(rng) + 1), 0.2 + 0.5 * (u(rng) + 1), 0.2 + 0.5 * (u(rng) + 1));
    const double r = 0.1 + 0.4 * (u(rng) + 1);
    Vector3d c(u(rng), u(rng), u(rng));
    c *= 3;
    const Vector3d nearest = c.cwiseMax(-h).cwiseMin(h);
    const double expected = (c - nearest).norm() - r;
    if (expected < 1e-3) continue;
    // Sphere is A (posed by X_AB⁻¹), box is B at the origin of W = B.
    const RigidTransform X_BA =
        RigidTransform::FromRollPitchYaw(Vector3d(u(rng), u(rng), u(rng)) * 3, c);
    const EllipsoidSupport A{Vector3d::Constant(r)};
    const BoxSupport B{h};
    const GjkResult result = GjkDistance(A, B, X_BA.inverse());
    max_error = std::max(max_error, std::abs(result.distance - expected));
    max_iterations = std::max(max_iterations, result.iterations);
    REQUIRE(!result.overlapping);
    // The direction from the box's nearest point to the centre, in A. On a
    // smooth support map the distance error is second order in the
    // direction error (r·θ²/2), so a distance converged to ~1e-11 pins the
    // direction only to ~1e-5.
    const Vector3d n_B = (c - nearest).normalized();
    CHECK((X_BA.rotation() * result.nhat_BA_A - n_B).norm() < 5e-5);
  }
  CHECK(max_error < 1e-9);
  CHECK(max_iterations < GjkOptions().max_iterations);
}

}  // namespace
}  // namespace hydrocontact
