#include "proximity/distance/pair_values.h"

#include <cmath>
#include <stdexcept>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;
using Eigen::Vector3d;

TEST_CASE("Unit normals: within 1e-6 of length 1 and finite", "[pair_values]") {
  CHECK(internal::IsUnitNormal(Vector3d(0, 0, 1)));
  // (0.6, 0.8, 0) has length 1; scaled by 1 ± 5e-7 it is still accepted,
  // by 1 + 2e-6 not.
  CHECK(internal::IsUnitNormal(Vector3d(0.6, 0.8, 0) * (1 + 5e-7)));
  CHECK(internal::IsUnitNormal(Vector3d(0.6, 0.8, 0) * (1 - 5e-7)));
  CHECK_FALSE(internal::IsUnitNormal(Vector3d(0.6, 0.8, 0) * (1 + 2e-6)));
  CHECK_FALSE(internal::IsUnitNormal(Vector3d::Zero()));
  CHECK_FALSE(internal::IsUnitNormal(Vector3d(NAN, 0, 1)));
  CHECK_THROWS_WITH(internal::RequireUnitPairNormal("F", "pair", "n", Vector3d(0, 3, 4)),
                    "F: the pair's n (0, 3, 4) is not a unit vector (norm 5)");
}

TEST_CASE("Pair values: non-finite ones are named", "[pair_values]") {
  CHECK_NOTHROW(internal::RequireFinitePairValue("F", "pair", "depth", 0.1));
  CHECK_THROWS_WITH(internal::RequireFinitePairValue("F", "pair", "depth", INFINITY),
                    "F: the pair's depth is inf, not finite");
  CHECK_THROWS_WITH(internal::RequireFinitePairValue("F", "pair", "p", Vector3d(1, NAN, 2)),
                    "F: the pair's p (1, nan, 2) is not finite");
  PenetrationAsPointPair pair;
  pair.p_WCa = Vector3d(0, 0, 0);
  pair.p_WCb = Vector3d(0, 0, 0.1);
  pair.nhat_BA_W = Vector3d(0, 0, 1);
  pair.depth = 0.1;
  CHECK_NOTHROW(internal::RequirePenetrationPairValues("F", pair));
  pair.p_WCb.x() = -INFINITY;
  CHECK_THROWS_WITH(internal::RequirePenetrationPairValues("F", pair),
                    Contains("F: the penetration pair's p_WCb (-inf, 0, 0.1) is not finite"));
  pair.p_WCb.x() = 0;
  pair.nhat_BA_W = Vector3d(0, 0, 2);
  CHECK_THROWS_WITH(internal::RequirePenetrationPairValues("F", pair),
                    Contains("F: the penetration pair's nhat_BA_W (0, 0, 2) is not a unit vector"));
  SignedDistancePair distance;
  distance.p_ACa = Vector3d(0, 0, 1);
  distance.p_BCb = Vector3d(0, 0, -1);
  distance.nhat_BA_W = Vector3d(0, 0, -1);
  distance.distance = 0.5;
  CHECK_NOTHROW(internal::RequireSignedDistancePairValues("F", distance));
  distance.distance = NAN;
  CHECK_THROWS_WITH(internal::RequireSignedDistancePairValues("F", distance),
                    "F: the signed distance pair's distance is nan, not finite");
}

TEST_CASE("Contact patch values: the point at fault is named", "[pair_values]") {
  ContactPatch patch;
  patch.penetration_depth = -0.01;
  patch.AddPoint(Vector3d(1, 2, 0));
  patch.AddPoint(Vector3d(3, 4, 0), -0.02);
  CHECK_NOTHROW(internal::RequireContactPatchValues("F", patch));
  patch.AddPoint(Vector3d(5, 6, 0), NAN);
  CHECK_THROWS_WITH(internal::RequireContactPatchValues("F", patch),
                    "F: the contact patch's point 2 (5, 6) or its depth nan is not finite");
  patch.point_penetration_depths[2] = -0.01;
  patch.points[1].y() = INFINITY;
  CHECK_THROWS_WITH(internal::RequireContactPatchValues("F", patch),
                    "F: the contact patch's point 1 (3, inf) or its depth -0.02 is not finite");
  patch.points[1].y() = 4;
  patch.penetration_depth = NAN;
  CHECK_THROWS_WITH(internal::RequireContactPatchValues("F", patch),
                    "F: the contact patch's penetration_depth is nan, not finite");
}

}  // namespace HYDROCONTACT_TEST_FILE
}  // namespace hydrocontact
