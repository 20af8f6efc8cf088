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

TEST_CASE("RigidTransform::FromApproximateRotation takes the nearest rotation") {
  const Eigen::Matrix3d Q =
      Eigen::AngleAxisd(0.7, Vector3d(1, -2, 3).normalized()).toRotationMatrix();
  const Vector3d p(0.1, -0.2, 0.3);
  // M = Q·S with S symmetric positive definite is M's polar decomposition,
  // and the orthonormal polar factor is the orthogonal matrix nearest M in
  // the Frobenius norm: the answer is Q itself.
  Eigen::Matrix3d S;
  S << 1 + 2e-4, 1e-4, -3e-4,  //
      1e-4, 1 - 1e-4, 2e-4,    //
      -3e-4, 2e-4, 1 + 4e-4;
  const RigidTransform X = RigidTransform::FromApproximateRotation(Q * S, p);
  CHECK((X.rotation() - Q).cwiseAbs().maxCoeff() < 1e-12);
  CHECK(X.translation() == p);
  // An exact rotation comes back unchanged (to round-off).
  CHECK((RigidTransform::FromApproximateRotation(Q).rotation() - Q).cwiseAbs().maxCoeff() < 1e-15);

  // Q rounded to single precision is about 1e-7 from orthonormal: the
  // constructor refuses it and names FromApproximateRotation; that gives a
  // rotation orthonormal to round-off whose distance from Q is at most
  // 2·|M − Q| (|R − Q| ≤ |R − M| + |M − Q|, and R is at least as near M as
  // Q is).
  const Eigen::Matrix3d M = Q.cast<float>().cast<double>();
  CHECK_THROWS_WITH(RigidTransform(M, p), Catch::Contains("FromApproximateRotation"));
  const Eigen::Matrix3d R = RigidTransform::FromApproximateRotation(M, p).rotation();
  CHECK((R * R.transpose() - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() < 1e-15);
  CHECK(std::abs(R.determinant() - 1) < 1e-15);
  CHECK((R - Q).norm() <= 2 * (M - Q).norm());
  CHECK((M - Q).norm() > 1e-9);  // (the rounding did move it)

  // Refused: a scale (not round-off; and the constructor's message does not
  // suggest this function for it), a reflection, a singular matrix, NaN.
  CHECK_THROWS_WITH(RigidTransform::FromApproximateRotation(2 * Q),
                    Catch::Contains("no rotation up to round-off") && Catch::Contains("|M·Mᵀ − I| = 3 "));
  CHECK_THROWS_WITH(RigidTransform(2 * Q, p), !Catch::Contains("FromApproximateRotation"));
  CHECK_THROWS_WITH(RigidTransform::FromApproximateRotation(Q * Eigen::Vector3d(1, 1, -1).asDiagonal()),
                    Catch::Contains("det(M) = -1 is not positive"));
  CHECK_THROWS_WITH(RigidTransform::FromApproximateRotation(Eigen::Matrix3d::Zero()),
                    Catch::Contains("det(M) = 0 is not positive"));
  Eigen::Matrix3d nan = Q;
  nan(1, 2) = NAN;
  CHECK_THROWS_WITH(RigidTransform::FromApproximateRotation(nan), Catch::Contains("non-finite"));
  CHECK_THROWS_WITH(RigidTransform::FromApproximateRotation(Q, Vector3d(0, INFINITY, 0)),
                    Catch::Contains("non-finite"));
}

}  // namespace
}  // namespace hydrocontact
