#include "proximity/distance/ellipsoid_point_distance.h"

#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

void CheckOnSurfaceAndNormal(const Ellipsoid& e, const PointShapeDistance& r, const Vector3d& q) {
  // N on the surface: Σ (N_i/e_i)² = 1.
  CHECK(std::abs(r.p_GN.cwiseQuotient(e.semi_axes()).squaredNorm() - 1) < 1e-13);
  CHECK(std::abs(r.grad_G.norm() - 1) < 1e-14);
  // Q − N is along the normal at N.
  CHECK((r.p_GN + r.distance * r.grad_G - q).norm() < 1e-12);
}

TEST_CASE("Ellipsoid with equal axes matches the sphere", "[ellipsoid_point_distance]") {
  const Ellipsoid e(0.7, 0.7, 0.7);
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  for (int trial = 0; trial < 500; ++trial) {
    const Vector3d q(u(rng), u(rng), u(rng));
    const PointShapeDistance r = CalcPointDistance(e, q);
    CHECK(r.distance == Approx(q.norm() - 0.7).margin(1e-14));
    CHECK((r.grad_G - q.normalized()).norm() < 1e-12);
  }
}

TEST_CASE("Ellipsoid: points on the axes", "[ellipsoid_point_distance]") {
  const Ellipsoid e(2, 1, 0.5);
  // Outside on the x axis: to the vertex (2, 0, 0).
  PointShapeDistance r = CalcPointDistance(e, Vector3d(2.5, 0, 0));
  CHECK(r.distance == Approx(0.5));
  CHECK((r.p_GN - Vector3d(2, 0, 0)).norm() < 1e-15);
  CHECK(r.is_grad_unique);
  // Inside on the minor axis: to the pole (0, 0, −0.5).
  r = CalcPointDistance(e, Vector3d(0, 0, -0.2));
  CHECK(r.distance == Approx(-0.3));
  CHECK((r.grad_G - Vector3d(0, 0, -1)).norm() < 1e-15);
  CHECK(r.is_grad_unique);
  // The centre: the poles (0, 0, ±0.5) tie.
  r = CalcPointDistance(e, Vector3d::Zero());
  CHECK(r.distance == Approx(-0.5));
  CHECK(!r.is_grad_unique);
  CheckOnSurfaceAndNormal(e, r, Vector3d::Zero());
}

TEST_CASE("Ellipsoid: interior point on the major axis leaves the axis",
          "[ellipsoid_point_distance]") {
  // Semi-axes (2, 1, 0.5), Q = (0.3, 0, 0). Lagrange: N_i = e_i² Q_i/(e_i² − t)
  // with t = e_z² for the branch that leaves the xy plane, so
  // N_x = 4·0.3/3.75 = 0.32 and N_z = 0.5·√(1 − 0.16²);
  // φ = −√(0.02² + 0.25·(1 − 0.0256)) = −√0.244.
  const Ellipsoid e(2, 1, 0.5);
  const Vector3d q(0.3, 0, 0);
  const PointShapeDistance r = CalcPointDistance(e, q);
  CHECK(r.distance == Approx(-std::sqrt(0.244)).epsilon(1e-14));
  CHECK(r.p_GN.x() == Approx(0.32));
  CHECK(r.p_GN.z() == Approx(0.5 * std::sqrt(1 - 0.0256)));
  // The mirror point (0.32, 0, −N_z) is as near.
  CHECK(!r.is_grad_unique);
  CheckOnSurfaceAndNormal(e, r, q);
}

TEST_CASE("Ellipsoid: random points beat dense surface sampling", "[ellipsoid_point_distance]") {
  // The true nearest point is at least as near as any sampled surface
  // point, and the sampling comes within its resolution.
  const Ellipsoid e(1.2, 0.7, 0.4);
  std::vector<Vector3d> samples;
  const int n = 200;
  for (int i = 0; i <= n; ++i) {
    const double theta = M_PI * i / n;
    for (int j = 0; j < 2 * n; ++j) {
      const double phi = M_PI * j / n;
      samples.emplace_back(1.2 * std::sin(theta) * std::cos(phi),
                           0.7 * std::sin(theta) * std::sin(phi), 0.4 * std::cos(theta));
    }
  }
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1.6, 1.6);
  for (int trial = 0; trial < 60; ++trial) {
    const Vector3d q(u(rng), u(rng) * 0.7, u(rng) * 0.5);
    const PointShapeDistance r = CalcPointDistance(e, q);
    double best = 1e300;
    for (const Vector3d& s : samples) best = std::min(best, (s - q).norm());
    CHECK(std::abs(r.distance) <= best + 1e-12);
    CHECK(std::abs(r.distance) >= best - 0.01);
    const bool inside = q.cwiseQuotient(e.semi_axes()).squaredNorm() < 1;
    CHECK((r.distance < 0) == inside);
    CheckOnSurfaceAndNormal(e, r, q);
  }
}

TEST_CASE("Ellipsoid: a non-finite point throws", "[ellipsoid_point_distance]") {
  CHECK_THROWS_WITH(CalcPointDistance(Ellipsoid(1, 1, 1), Vector3d(NAN, 0, 0)),
                    Catch::Contains("not finite"));
}

}  // namespace
}  // namespace hydrocontact
