#include "proximity/distance/shape_bounds.h"

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("CalcPrimitiveBoundingBox: analytic extents") {
  CHECK(CalcPrimitiveBoundingBox(Sphere(2))->max == Vector3d(2, 2, 2));
  CHECK(CalcPrimitiveBoundingBox(Box(1, 2, 4))->min == Vector3d(-0.5, -1, -2));
  CHECK(CalcPrimitiveBoundingBox(Cylinder(1, 4))->max == Vector3d(1, 1, 2));
  // A capsule reaches length/2 + radius along z.
  CHECK(CalcPrimitiveBoundingBox(Capsule(1, 4))->max == Vector3d(1, 1, 3));
  CHECK(CalcPrimitiveBoundingBox(Ellipsoid(1, 2, 3))->max == Vector3d(1, 2, 3));
  const Aabb half = *CalcPrimitiveBoundingBox(HalfSpace());
  CHECK(half.max.z() == 0);
  CHECK(half.Contains(Vector3d(1e200, -1e200, -1e200)));
  CHECK_FALSE(half.Contains(Vector3d(0, 0, 1e-300)));
  CHECK_FALSE(CalcPrimitiveBoundingBox(Mesh("x.obj")).has_value());
}

}  // namespace
}  // namespace hydrocontact
