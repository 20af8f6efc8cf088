#include "query_results/penetration_as_point_pair.h"

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("PenetrationAsPointPair: SwapRoles exchanges ids and points, flips the normal",
          "[penetration_as_point_pair]") {
  PenetrationAsPointPair pair;
  pair.id_A = GeometryId::get_new_id();
  pair.id_B = GeometryId::get_new_id();
  // A (above) overlaps B (below) by 0.1 along z: Cb − Ca = depth · n.
  pair.p_WCa = Vector3d(1, 2, 2.9);
  pair.p_WCb = Vector3d(1, 2, 3.0);
  pair.nhat_BA_W = Vector3d::UnitZ();
  pair.depth = 0.1;
  CHECK((pair.p_WCb - pair.p_WCa - pair.depth * pair.nhat_BA_W).norm() < 1e-15);

  const PenetrationAsPointPair swapped = SwapRoles(pair);
  CHECK(swapped.id_A == pair.id_B);
  CHECK(swapped.id_B == pair.id_A);
  CHECK(swapped.p_WCa == pair.p_WCb);
  CHECK(swapped.p_WCb == pair.p_WCa);
  CHECK(swapped.nhat_BA_W == -Vector3d::UnitZ());
  CHECK(swapped.depth == 0.1);
  // The invariant holds in the swapped roles too.
  CHECK((swapped.p_WCb - swapped.p_WCa - swapped.depth * swapped.nhat_BA_W).norm() < 1e-15);
  // Swapping twice is the identity.
  const PenetrationAsPointPair back = SwapRoles(swapped);
  CHECK(back.id_A == pair.id_A);
  CHECK(back.p_WCa == pair.p_WCa);
  CHECK(back.nhat_BA_W == pair.nhat_BA_W);
}

TEST_CASE("PenetrationAsPointPair: defaults name no geometry", "[penetration_as_point_pair]") {
  const PenetrationAsPointPair pair;
  CHECK(!pair.id_A.is_valid());
  CHECK(!pair.id_B.is_valid());
  CHECK(pair.depth == 0);
  CHECK(pair.nhat_BA_W.norm() == 1);
}

}  // namespace
}  // namespace hydrocontact
