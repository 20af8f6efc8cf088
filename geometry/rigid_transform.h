#pragma once

/// @file
/// RigidTransform: the pose X_AB of a frame B in a frame A.

#include <cmath>
#include <stdexcept>
#include <string>

#include <Eigen/Geometry>
#include <Eigen/SVD>
#include <fmt/format.h>

namespace hydrocontact {

/// The pose X_AB of frame B measured and expressed in frame A: a rotation
/// R_AB and the position p_AoBo_A of B's origin. In monogram notation
/// `X_AC = X_AB * X_BC`, `p_AQ = X_AB * p_BQ` and `X_BA = X_AB.inverse()`.
///
/// The rotation is kept as a 3x3 matrix, checked orthonormal (to 1e-9) on
/// construction from a matrix; factories from roll-pitch-yaw, axis-angle and
/// quaternion normalise their input, and FromApproximateRotation takes the
/// rotation nearest a matrix that is one up to round-off.
class RigidTransform {
 public:
  /// The identity.
  RigidTransform() = default;

  /// From a rotation matrix R_AB and a translation p_AoBo_A.
  /// @throws std::invalid_argument if R_AB is not a proper rotation (to 1e-9)
  ///         or either argument has a non-finite entry.
  RigidTransform(const Eigen::Matrix3d& R_AB, const Eigen::Vector3d& p_AB)
      : R_(R_AB), p_(p_AB) {
    if (!R_.allFinite() || !p_.allFinite()) {
      throw std::invalid_argument("RigidTransform: non-finite rotation or translation");
    }
    const double orthonormality_error = OrthonormalityError(R_);
    if (orthonormality_error > kRotationTolerance || R_.determinant() < 0) {
      throw std::invalid_argument(fmt::format(
          "RigidTransform: the matrix is not a proper rotation (|R·Rᵀ − I| = {:g}, det = {:g}){}",
          orthonormality_error, R_.determinant(),
          orthonormality_error <= kApproximateRotationTolerance && R_.determinant() > 0
              ? "; a rotation rounded to single precision or composed of many products is off "
                "by about that much: FromApproximateRotation takes the nearest rotation"
              : ""));
    }
  }

  /// How far from orthonormal (max |R·Rᵀ − I|) a rotation matrix may be.
  static constexpr double kRotationTolerance = 1e-9;
  /// How far from orthonormal a matrix given to FromApproximateRotation may
  /// be: round-off (single precision is 1e-7) passes; a scale or shear
  /// baked into the matrix does not.
  static constexpr double kApproximateRotationTolerance = 1e-3;

  /// From a matrix M that is a rotation up to round-off (single precision,
  /// a long chain of products) and a translation p_AoBo_A: R_AB is the
  /// proper rotation nearest M in the Frobenius norm, the orthonormal factor
  /// U·Vᵀ of M's singular value decomposition M = U·Σ·Vᵀ.
  /// @throws std::invalid_argument if M or p has a non-finite entry, if
  ///         det(M) ≤ 0 (a reflection or a singular matrix has no nearest
  ///         proper rotation), or if max |M·Mᵀ − I| exceeds
  ///         kApproximateRotationTolerance (a scale or a shear, not
  ///         round-off).
  static RigidTransform FromApproximateRotation(const Eigen::Matrix3d& M,
                                                const Eigen::Vector3d& p_AB = Eigen::Vector3d::Zero()) {
    if (!M.allFinite() || !p_AB.allFinite()) {
      throw std::invalid_argument(
          "RigidTransform::FromApproximateRotation: non-finite rotation or translation");
    }
    const double orthonormality_error = OrthonormalityError(M);
    const double det = M.determinant();
    if (!(det > 0)) {
      throw std::invalid_argument(fmt::format(
          "RigidTransform::FromApproximateRotation: det(M) = {:g} is not positive: a reflection or "
          "a singular matrix has no nearest proper rotation",
          det));
    }
    if (orthonormality_error > kApproximateRotationTolerance) {
      throw std::invalid_argument(fmt::format(
          "RigidTransform::FromApproximateRotation: the matrix is no rotation up to round-off: "
          "|M·Mᵀ − I| = {:g} exceeds {:g} (a scale or a shear, not round-off)",
          orthonormality_error, kApproximateRotationTolerance));
    }
    const Eigen::JacobiSVD<Eigen::Matrix3d> svd(M, Eigen::ComputeFullU | Eigen::ComputeFullV);
    // det(U·Vᵀ) = sign(det M) = +1: a proper rotation.
    return RigidTransform(Eigen::Matrix3d(svd.matrixU() * svd.matrixV().transpose()), p_AB);
  }

  /// A pure translation.
  explicit RigidTransform(const Eigen::Vector3d& p_AB) : p_(p_AB) {
    if (!p_.allFinite()) {
      throw std::invalid_argument("RigidTransform: non-finite translation");
    }
  }

  /// From roll-pitch-yaw angles (radians), R = Rz(yaw)·Ry(pitch)·Rx(roll).
  static RigidTransform FromRollPitchYaw(const Eigen::Vector3d& rpy,
                                         const Eigen::Vector3d& p_AB = Eigen::Vector3d::Zero()) {
    if (!rpy.allFinite()) throw std::invalid_argument("RigidTransform: non-finite roll-pitch-yaw");
    const Eigen::Matrix3d R = (Eigen::AngleAxisd(rpy.z(), Eigen::Vector3d::UnitZ()) *
                               Eigen::AngleAxisd(rpy.y(), Eigen::Vector3d::UnitY()) *
                               Eigen::AngleAxisd(rpy.x(), Eigen::Vector3d::UnitX()))
                                  .toRotationMatrix();
    return RigidTransform(R, p_AB);
  }

  /// From a rotation of `angle` radians about `axis` (normalised here).
  /// @throws std::invalid_argument for a zero or non-finite axis.
  static RigidTransform FromAxisAngle(const Eigen::Vector3d& axis, double angle,
                                      const Eigen::Vector3d& p_AB = Eigen::Vector3d::Zero()) {
    const double norm = axis.norm();
    if (!(norm > 0) || !std::isfinite(norm) || !std::isfinite(angle)) {
      throw std::invalid_argument("RigidTransform: axis-angle needs a finite non-zero axis");
    }
    return RigidTransform(Eigen::AngleAxisd(angle, axis / norm).toRotationMatrix(), p_AB);
  }

  /// From a quaternion (normalised here).
  /// @throws std::invalid_argument for a zero or non-finite quaternion.
  static RigidTransform FromQuaternion(const Eigen::Quaterniond& q,
                                       const Eigen::Vector3d& p_AB = Eigen::Vector3d::Zero()) {
    const double norm = q.norm();
    if (!(norm > 0) || !std::isfinite(norm)) {
      throw std::invalid_argument("RigidTransform: quaternion must be finite and non-zero");
    }
    return RigidTransform(q.normalized().toRotationMatrix(), p_AB);
  }

  static RigidTransform Identity() { return RigidTransform(); }

  /// R_AB.
  const Eigen::Matrix3d& rotation() const { return R_; }
  /// p_AoBo_A.
  const Eigen::Vector3d& translation() const { return p_; }

  /// X_AC = X_AB * X_BC.
  RigidTransform operator*(const RigidTransform& X_BC) const {
    RigidTransform X_AC;
    X_AC.R_ = R_ * X_BC.R_;
    X_AC.p_ = R_ * X_BC.p_ + p_;
    return X_AC;
  }

  /// p_AQ = X_AB * p_BQ (a point: rotated and translated).
  Eigen::Vector3d operator*(const Eigen::Vector3d& p_BQ) const { return R_ * p_BQ + p_; }

  /// v_A = R_AB * v_B (a vector: rotated only).
  Eigen::Vector3d RotateVector(const Eigen::Vector3d& v_B) const { return R_ * v_B; }

  /// X_BA.
  RigidTransform inverse() const {
    RigidTransform X_BA;
    X_BA.R_ = R_.transpose();
    X_BA.p_ = -(X_BA.R_ * p_);
    return X_BA;
  }

  /// True when rotation and translation agree entry by entry within
  /// `tolerance` (absolute).
  bool IsNearlyEqualTo(const RigidTransform& other, double tolerance) const {
    return (R_ - other.R_).cwiseAbs().maxCoeff<Eigen::PropagateNaN>() <= tolerance &&
           (p_ - other.p_).cwiseAbs().maxCoeff<Eigen::PropagateNaN>() <= tolerance;
  }

  bool IsExactlyEqualTo(const RigidTransform& other) const {
    return R_ == other.R_ && p_ == other.p_;
  }

 private:
  // max |M·Mᵀ − I|: how far M is from orthonormal, as both tolerances
  // above measure it.
  static double OrthonormalityError(const Eigen::Matrix3d& M) {
    return (M * M.transpose() - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
  }

  Eigen::Matrix3d R_{Eigen::Matrix3d::Identity()};
  Eigen::Vector3d p_{Eigen::Vector3d::Zero()};
};

}  // namespace hydrocontact
