#include "query_results/signed_distance_to_point.h"

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("SignedDistanceToPoint: defaults are a valid unit gradient", "[signed_distance_to_point]") {
  const SignedDistanceToPoint result;
  CHECK(!result.id_G.is_valid());
  CHECK(result.distance == 0);
  CHECK(result.grad_W.norm() == 1);
  CHECK(result.is_grad_W_unique);
}

TEST_CASE("SignedDistanceToPoint: is a plain aggregate", "[signed_distance_to_point]") {
  // Aggregate initialisation in declaration order; the invariant
  // p_WQ = X_WG·p_GN + φ·∇φ with X_WG = I for a point 0.2 above z = 0.
  const GeometryId id = GeometryId::get_new_id();
  const SignedDistanceToPoint result{id, Eigen::Vector3d(1, 2, 0), 0.2, Eigen::Vector3d::UnitZ(),
                                     true};
  CHECK(result.id_G == id);
  CHECK((result.p_GN + result.distance * result.grad_W - Eigen::Vector3d(1, 2, 0.2)).norm() <
        1e-15);
}

}  // namespace
}  // namespace hydrocontact
