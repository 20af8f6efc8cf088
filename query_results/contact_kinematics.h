#pragma once

/// @file
/// ContactKinematics: one contact as a plant's constraint solver sees it, in
/// the manner of Simbody's UnilateralContact (seed 004): a contact frame, the
/// position error perr (a signed distance), its time derivatives verr and
/// aerr, and the slip velocity.

#include <cmath>

#include <Eigen/Core>

#include "geometry/identifier.h"
#include "geometry/rigid_transform.h"

namespace hydrocontact {

/// The spatial velocity of a geometry frame G in W: its angular velocity
/// w_WG_W and the translational velocity v_WGo_W of G's origin, both
/// expressed in W. (Drake's V_WG; Simbody's SpatialVec, angular first.)
struct SpatialVelocity {
  Eigen::Vector3d w_W{Eigen::Vector3d::Zero()};
  Eigen::Vector3d v_W{Eigen::Vector3d::Zero()};
};

/// The spatial acceleration of a geometry frame G in W: angular acceleration
/// alpha_WG_W and the acceleration a_WGo_W of G's origin, expressed in W.
struct SpatialAcceleration {
  Eigen::Vector3d alpha_W{Eigen::Vector3d::Zero()};
  Eigen::Vector3d a_W{Eigen::Vector3d::Zero()};
};

/// How the derivatives of a ContactKinematics were obtained.
enum class ContactKinematicsMethod {
  kSphereSphere,   ///< Exact: two sphere centres.
  kSpherePlane,    ///< Exact: a sphere centre against a half-space's plane.
  kPointPlane,     ///< Exact: a vertex against a half-space's plane.
  kEdgeEdge,       ///< Exact: two box edges (seed 002, LineOnLineContact).
  kWitnessPoints,  ///< First order: witness points and normal frozen on the
                   ///< bodies (see CalcContactKinematics for the error).
};

/// "sphere-sphere", "sphere-plane", "point-plane", "edge-edge" or
/// "witness-points".
inline const char* to_string(ContactKinematicsMethod m) {
  switch (m) {
    case ContactKinematicsMethod::kSphereSphere: return "sphere-sphere";
    case ContactKinematicsMethod::kSpherePlane: return "sphere-plane";
    case ContactKinematicsMethod::kPointPlane: return "point-plane";
    case ContactKinematicsMethod::kEdgeEdge: return "edge-edge";
    case ContactKinematicsMethod::kWitnessPoints: return "witness-points";
  }
  return "unknown";
}

/// The kinematics of the contact between geometries A and B (id_A < id_B).
///
/// Frames and roles. The contact frame C has its origin Co midway between
/// the two witness points, Cz the unit contact normal pointing *out of A and
/// into B* (nhat_AB_W = −SignedDistancePair::nhat_BA_W), and Cx, Cy the
/// deterministic tangent basis of ContactTangentBasis(). So A plays the role
/// of Simbody's "fixed" body F (seed 002: the normal points toward the
/// outside of F and the inside of B) and of Coal's shape 1 (seed 003: the
/// normal points from shape 1 to shape 2); translating B along +Cz increases
/// the signed distance.
///
/// Sign convention (seed 004). With sign = +1 (the default) perr is the
/// signed distance (≥ 0 valid, < 0 penetration), verr ≥ 0 separating, verr < 0
/// approaching, aerr ≥ 0 separating acceleration. With sign = −1 perr, verr
/// and aerr are all negated (valid when ≤ 0). The slip velocity does not
/// depend on the sign.
struct ContactKinematics {
  GeometryId id_A;
  GeometryId id_B;
  /// X_WC: origin Co, columns Cx, Cy, Cz (= nhat_AB_W) in W.
  RigidTransform X_WC;
  /// The sign convention, +1 or −1, already applied to perr, verr, aerr.
  int sign{1};
  /// sign · (signed distance) (m).
  double perr{0};
  /// d(perr)/dt (m/s).
  double verr{0};
  /// d(verr)/dt (m/s²); 0 unless accelerations were given.
  double aerr{0};
  /// The velocity of B's material point at Co relative to A's material point
  /// at Co, v_B(Co) − v_A(Co), measured along Cx and Cy (m/s): Simbody's
  /// getSlipVelocity(), i.e. the x, y components of LineOnLineContact's
  /// velocity error ("B's station at Co, in F, expressed in C").
  Eigen::Vector2d slip_velocity_C{Eigen::Vector2d::Zero()};
  /// How verr and aerr were obtained.
  ContactKinematicsMethod method{ContactKinematicsMethod::kWitnessPoints};

  /// Seed 004's isProximal: close enough to be treated as in contact,
  /// sign·perr ≤ ptol. (sign·perr is the signed distance whatever the
  /// convention.)
  bool IsProximal(double ptol) const { return sign * perr <= ptol; }
  /// The slip speed ‖slip_velocity_C‖ (m/s), the argument of the effective
  /// coefficient of friction. By hypot, so it is finite whenever the
  /// velocity is (the norm's sum of squares overflows from 1.3e154 m/s).
  double slip_speed() const { return std::hypot(slip_velocity_C.x(), slip_velocity_C.y()); }
};

}  // namespace hydrocontact
