#pragma once

/// @file
/// Test helpers: poses that several test files build the same way.

#include <cmath>
#include <random>

#include <Eigen/Geometry>

#include "geometry/rigid_transform.h"
#include "query_results/contact_kinematics.h"

namespace hydrocontact::test {

/// The pose translated to (x, y, z), unrotated.
inline RigidTransform At(double x, double y = 0, double z = 0) {
  return RigidTransform(Eigen::Vector3d(x, y, z));
}

/// A pose with roll, pitch and yaw uniform in [−π, π) and each coordinate
/// of its translation uniform in [−spread, spread).
inline RigidTransform RandomPose(std::mt19937& rng, double spread) {
  std::uniform_real_distribution<double> u(-1, 1);
  return RigidTransform::FromRollPitchYaw(Eigen::Vector3d(u(rng), u(rng), u(rng)) * M_PI,
                                          Eigen::Vector3d(u(rng), u(rng), u(rng)) * spread);
}

/// The pose at time t of a body that at t = 0 has pose X0, spatial velocity V
/// and spatial acceleration A (constant): p(t) = p0 + v t + a t²/2 and
/// R(t) = exp([w t + α t²/2]×)·R0, whose first and second derivatives at 0 are
/// the rigid-body ones (Ṙ = [w]R, R̈ = ([α] + [w]²)R).
inline RigidTransform Advance(const RigidTransform& X0, const SpatialVelocity& V,
                              const SpatialAcceleration& A, double t) {
  const Eigen::Vector3d theta = V.w_W * t + 0.5 * A.alpha_W * t * t;
  Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
  if (theta.norm() > 0) R = Eigen::AngleAxisd(theta.norm(), theta.normalized()).toRotationMatrix();
  return RigidTransform(R * X0.rotation(), X0.translation() + V.v_W * t + 0.5 * A.a_W * t * t);
}

}  // namespace hydrocontact::test
