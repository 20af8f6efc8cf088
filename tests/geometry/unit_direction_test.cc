#include "geometry/unit_direction.h"

#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("UnitDirection is accurate for every finite size, and refuses zero and non-finite",
          "[unit_direction]") {
  // (1, 2, 2) has norm 3: its direction is (1, 2, 2)/3 at any scale, down
  // to the denormals and up to the largest doubles (direct division by the
  // norm fails at both ends: the squared norm underflows or overflows).
  const Vector3d expected = Vector3d(1, 2, 2) / 3;
  for (const double scale : {1.0, 1e-161, 1e-300, 1e154, 1e200, 1e300}) {
    CAPTURE(scale);
    const auto u = UnitDirection(scale * Vector3d(1, 2, 2));
    REQUIRE(u.has_value());
    CHECK((*u - expected).norm() < 4e-16);
    CHECK(std::abs(u->norm() - 1) < 4e-16);
  }
  // One nonzero component, negative: exactly the signed axis.
  CHECK(*UnitDirection(Vector3d(0, -1e-200, 0)) == Vector3d(0, -1, 0));
  const double inf = std::numeric_limits<double>::infinity();
  CHECK_FALSE(UnitDirection(Vector3d::Zero()).has_value());
  CHECK_FALSE(UnitDirection(Vector3d(0, 0, -0.0)).has_value());
  CHECK_FALSE(UnitDirection(Vector3d(1, std::nan(""), 0)).has_value());
  CHECK_FALSE(UnitDirection(Vector3d(inf, 0, 0)).has_value());
}

}  // namespace HYDROCONTACT_TEST_FILE
}  // namespace hydrocontact
