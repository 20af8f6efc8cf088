#include "mesh/barycentric.h"

#include <random>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

TEST_CASE("Triangle barycentric: vertices, centroid and round trips", "[barycentric]") {
  const Eigen::Vector3d A(0.3, -1, 2), B(2, 0.5, 1), C(-0.5, 1, 0.25);
  CHECK(TriangleBarycentric(A, B, C, A).isApprox(Eigen::Vector3d(1, 0, 0), 1e-14));
  CHECK(TriangleBarycentric(A, B, C, B).isApprox(Eigen::Vector3d(0, 1, 0), 1e-14));
  CHECK(TriangleBarycentric(A, B, C, C).isApprox(Eigen::Vector3d(0, 0, 1), 1e-14));
  CHECK(TriangleBarycentric(A, B, C, (A + B + C) / 3).isApprox(Eigen::Vector3d::Constant(1.0 / 3), 1e-14));
  // Q = Σ bᵢ Pᵢ, then moved off the plane along the normal, must give back
  // b (the projection of Q onto the plane is Σ bᵢ Pᵢ); b may be negative.
  const Eigen::Vector3d n = (B - A).cross(C - A).normalized();
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 2);
  for (int k = 0; k < 100; ++k) {
    const double b1 = u(rng), b2 = u(rng);
    const Eigen::Vector3d b(1 - b1 - b2, b1, b2);
    const Eigen::Vector3d Q = b(0) * A + b(1) * B + b(2) * C + u(rng) * n;
    const Eigen::Vector3d result = TriangleBarycentric(A, B, C, Q);
    CHECK((result - b).norm() < 1e-12);
    CHECK(result.sum() == Approx(1.0));
  }
}

TEST_CASE("Tetrahedron barycentric: vertices and round trips", "[barycentric]") {
  const Eigen::Vector3d A(0, 0, 0), B(1, 0.1, 0), C(0.2, 1, 0.1), D(0.1, 0.3, 2);
  CHECK(TetrahedronBarycentric(A, B, C, D, D).isApprox(Eigen::Vector4d(0, 0, 0, 1), 1e-14));
  CHECK(TetrahedronBarycentric(A, B, C, D, (A + B + C + D) / 4)
            .isApprox(Eigen::Vector4d::Constant(0.25), 1e-14));
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1, 2);
  for (int k = 0; k < 100; ++k) {
    Eigen::Vector4d b(0, u(rng), u(rng), u(rng));
    b(0) = 1 - b(1) - b(2) - b(3);
    const Eigen::Vector3d Q = b(0) * A + b(1) * B + b(2) * C + b(3) * D;
    CHECK((TetrahedronBarycentric(A, B, C, D, Q) - b).norm() < 1e-12);
  }
}

TEST_CASE("Barycentric of degenerate elements throws", "[barycentric][errors]") {
  const Eigen::Vector3d A(0, 0, 0), B(1, 1, 1), C(2, 2, 2), D(0, 1, 0);
  CHECK_THROWS_AS(TriangleBarycentric(A, B, C, D), std::invalid_argument);
  CHECK_THROWS_WITH(TriangleBarycentric(A, A, D, B), Contains("degenerate"));
  // Coplanar tetrahedron: D' in the plane of A, B, D.
  CHECK_THROWS_AS(TetrahedronBarycentric(A, B, D, B + D, C), std::invalid_argument);
  CHECK_THROWS_WITH(TetrahedronBarycentric(A, B, D, B + D, C), Contains("degenerate"));
}

}  // namespace
}  // namespace hydrocontact
