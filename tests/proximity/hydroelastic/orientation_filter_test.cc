#include "proximity/hydroelastic/orientation_filter.h"

#include <cmath>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("The threshold is 5π/8 and its cosine is −sin(π/8)", "[orientation_filter]") {
  CHECK(kMaxNormalGradientAngle == Approx(5 * M_PI / 8));
  CHECK(kCosMaxNormalGradientAngle == Approx(-std::sin(M_PI / 8)));
}

TEST_CASE("Angles below the threshold pass, above fail, for any gradient magnitude",
          "[orientation_filter]") {
  const Vector3d nhat = Vector3d::UnitZ();
  for (const double magnitude : {1e-6, 1.0, 1e9}) {
    for (const double angle : {0.0, 0.5, M_PI / 2, kMaxNormalGradientAngle - 1e-6}) {
      const Vector3d g = magnitude * Vector3d(std::sin(angle), 0, std::cos(angle));
      CHECK(IsAlongPressureGradient(nhat, g));
    }
    for (const double angle : {kMaxNormalGradientAngle + 1e-6, 2.5, M_PI}) {
      const Vector3d g = magnitude * Vector3d(0, std::sin(angle), std::cos(angle));
      CHECK_FALSE(IsAlongPressureGradient(nhat, g));
    }
  }
}

TEST_CASE("A zero gradient imposes no condition", "[orientation_filter]") {
  CHECK(IsAlongPressureGradient(Vector3d::UnitX(), Vector3d::Zero()));
  CHECK(IsAlongPressureGradient(-Vector3d::UnitX(), Vector3d::Zero()));
}

TEST_CASE("The square-root-free form agrees with the normalised one", "[orientation_filter]") {
  // Unnormalised m = 3.7 n̂ against gradients at angles straddling 5π/8 in
  // several planes; and a zero gradient.
  const Vector3d nhat = Vector3d(1, 2, -2).normalized();
  const Vector3d m = 3.7 * nhat;
  const Vector3d u = nhat.unitOrthogonal();
  const Vector3d w = nhat.cross(u);
  for (const double angle : {0.1, 1.0, 1.9, kMaxNormalGradientAngle - 1e-4,
                             kMaxNormalGradientAngle + 1e-4, 2.5, 3.1}) {
    for (const double phi : {0.0, 1.0, 2.5}) {
      const Vector3d g = 42.0 * (std::cos(angle) * nhat +
                                 std::sin(angle) * (std::cos(phi) * u + std::sin(phi) * w));
      CHECK(IsAlongPressureGradientUnnormalized(m, m.squaredNorm(), g) ==
            IsAlongPressureGradient(nhat, g));
      CHECK(IsAlongPressureGradient(nhat, g) == (angle < kMaxNormalGradientAngle));
    }
  }
  CHECK(IsAlongPressureGradientUnnormalized(m, m.squaredNorm(), Vector3d::Zero()));
}

}  // namespace
}  // namespace hydrocontact
