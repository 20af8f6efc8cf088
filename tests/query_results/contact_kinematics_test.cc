#include "query_results/contact_kinematics.h"

#include <cmath>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("slip_speed is the slip velocity's norm, finite wherever the velocity is",
          "[contact_kinematics]") {
  ContactKinematics k;
  // A 3-4-5 triangle at three scales: 5, 5e200 (whose squares, 2.5e401,
  // overflow: the plain norm gave inf) and 5e-200 (whose squares
  // underflow to 0: the plain norm gave 0).
  for (const double scale : {1.0, 1e200, 1e-200}) {
    CAPTURE(scale);
    k.slip_velocity_C = Eigen::Vector2d(3 * scale, -4 * scale);
    CHECK(k.slip_speed() == Approx(5 * scale).epsilon(1e-15));
    CHECK(std::isfinite(k.slip_speed()));
  }
  k.slip_velocity_C = Eigen::Vector2d::Zero();
  CHECK(k.slip_speed() == 0);
}

}  // namespace
}  // namespace hydrocontact
