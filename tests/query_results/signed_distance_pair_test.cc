#include "query_results/signed_distance_pair.h"

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("SignedDistancePair: SwapRoles exchanges ids and points, flips the normal",
          "[signed_distance_pair]") {
  SignedDistancePair pair;
  pair.id_A = GeometryId::get_new_id();
  pair.id_B = GeometryId::get_new_id();
  pair.p_ACa = Vector3d(0, 0, -0.5);
  pair.p_BCb = Vector3d(0.25, 0, 0);
  pair.distance = -0.01;
  pair.nhat_BA_W = Vector3d(0, 1, 0);
  pair.is_nhat_BA_W_unique = false;

  const SignedDistancePair swapped = SwapRoles(pair);
  CHECK(swapped.id_A == pair.id_B);
  CHECK(swapped.id_B == pair.id_A);
  CHECK(swapped.p_ACa == pair.p_BCb);
  CHECK(swapped.p_BCb == pair.p_ACa);
  CHECK(swapped.distance == -0.01);
  CHECK(swapped.nhat_BA_W == Vector3d(0, -1, 0));
  CHECK(!swapped.is_nhat_BA_W_unique);
  const SignedDistancePair back = SwapRoles(swapped);
  CHECK(back.id_A == pair.id_A);
  CHECK(back.p_ACa == pair.p_ACa);
  CHECK(back.nhat_BA_W == pair.nhat_BA_W);
}

TEST_CASE("SignedDistancePair: defaults", "[signed_distance_pair]") {
  const SignedDistancePair pair;
  CHECK(!pair.id_A.is_valid());
  CHECK(pair.is_nhat_BA_W_unique);
  CHECK(pair.nhat_BA_W.norm() == 1);
}

}  // namespace
}  // namespace hydrocontact
