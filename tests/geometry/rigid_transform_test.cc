#include "geometry/rigid_transform.h"

#include <cmath>
#include <random>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("RigidTransform: roll-pitch-yaw follows R = Rz(yaw)·Ry(pitch)·Rx(roll)") {
  // A yaw of π/2 maps x to y; a pitch of π/2 maps z to x; a roll of π/2 maps y to z.
  const RigidTransform yaw = RigidTransform::FromRollPitchYaw({0, 0, M_PI / 2});
  CHECK((yaw.RotateVector(Vector3d::UnitX()) - Vector3d::UnitY()).norm() < 1e-15);
  const RigidTransform pitch = RigidTransform::FromRollPitchYaw({0, M_PI / 2, 0});
  CHECK((pitch.RotateVector(Vector3d::UnitZ()) - Vector3d::UnitX()).norm() < 1e-15);
  const RigidTransform roll = RigidTransform::FromRollPitchYaw({M_PI / 2, 0, 0});
  CHECK((roll.RotateVector(Vector3d::UnitY()) - Vector3d::UnitZ()).norm() < 1e-15);
  // Composition order: roll first, then pitch, then yaw.
  const Vector3d rpy(0.3, -0.7, 1.1);
  const RigidTransform combined = RigidTransform::FromRollPitchYaw(rpy);
  const RigidTransform composed = RigidTransform::FromRollPitchYaw({0, 0, rpy.z()}) *
                                  RigidTransform::FromRollPitchYaw({0, rpy.y(), 0}) *
                                  RigidTransform::FromRollPitchYaw({rpy.x(), 0, 0});
  CHECK(combined.IsNearlyEqualTo(composed, 1e-15));
}

TEST_CASE("RigidTransform: composition, inverse and application to points") {
  const RigidTransform X_AB = RigidTransform::FromAxisAngle({1, 2, 3}, 0.4, {1, -2, 0.5});
  const RigidTransform X_BC = RigidTransform::FromQuaternion(Eigen::Quaterniond(0.9, 0.1, -0.3, 0.2), {0.3, 0.2, -1});
  const Vector3d p_CQ(0.7, -0.1, 2.0);
  const Vector3d p_AQ = X_AB * (X_BC * p_CQ);
  CHECK(((X_AB * X_BC) * p_CQ - p_AQ).norm() < 1e-14);
  CHECK((X_AB.inverse() * p_AQ - X_BC * p_CQ).norm() < 1e-14);
  CHECK((X_AB * X_AB.inverse()).IsNearlyEqualTo(RigidTransform::Identity(), 1e-15));
  // Vectors are rotated, not translated.
  CHECK((X_AB.RotateVector(Vector3d::Zero())).norm() == 0);
  // The axis of an axis-angle rotation is fixed by it.
  const Vector3d axis = Vector3d(1, 2, 3).normalized();
  CHECK((X_AB.RotateVector(axis) - axis).norm() < 1e-15);
}

TEST_CASE("RigidTransform: bad input throws") {
  Eigen::Matrix3d not_rotation = Eigen::Matrix3d::Identity();
  not_rotation(0, 0) = 2;
  CHECK_THROWS_WITH(RigidTransform(not_rotation, Vector3d::Zero()), Catch::Contains("not a proper rotation"));
  Eigen::Matrix3d reflection = Eigen::Matrix3d::Identity();
  reflection(2, 2) = -1;
  CHECK_THROWS_WITH(RigidTransform(reflection, Vector3d::Zero()), Catch::Contains("not a proper rotation"));
  CHECK_THROWS_WITH(RigidTransform(Vector3d(NAN, 0, 0)), Catch::Contains("non-finite"));
  CHECK_THROWS_WITH(RigidTransform::FromAxisAngle(Vector3d::Zero(), 1.0), Catch::Contains("axis"));
  CHECK_THROWS_WITH(RigidTransform::FromQuaternion(Eigen::Quaterniond(0, 0, 0, 0)), Catch::Contains("quaternion"));
}

}  // namespace
}  // namespace hydrocontact
