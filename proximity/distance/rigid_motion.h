#pragma once

/// @file
/// Velocities and accelerations of points and vectors fixed on a rigid body,
/// and the exact point-on-plane errors built from them: the kernels of the
/// contact kinematics (contact_kinematics.h, edge_edge_contact.h).

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "geometry/rigid_transform.h"
#include "query_results/contact_kinematics.h"

namespace hydrocontact {

/// The motion of a rigid body G: its pose, spatial velocity and spatial
/// acceleration in W (of G's origin).
struct BodyMotion {
  RigidTransform X_WG;
  SpatialVelocity V_WG;
  SpatialAcceleration A_WG;

  /// v_WQ of the material point of G at p_WQ: v_Go + w × (p_WQ − p_WGo).
  Eigen::Vector3d PointVelocity(const Eigen::Vector3d& p_WQ) const {
    return V_WG.v_W + V_WG.w_W.cross(p_WQ - X_WG.translation());
  }
  /// a_WQ of the material point of G at p_WQ:
  /// a_Go + α × r + w × (w × r), r = p_WQ − p_WGo.
  Eigen::Vector3d PointAcceleration(const Eigen::Vector3d& p_WQ) const {
    const Eigen::Vector3d r = p_WQ - X_WG.translation();
    return A_WG.a_W + A_WG.alpha_W.cross(r) + V_WG.w_W.cross(V_WG.w_W.cross(r));
  }
  /// d/dt of a vector u_W fixed in G: w × u.
  Eigen::Vector3d VectorRate(const Eigen::Vector3d& u_W) const { return V_WG.w_W.cross(u_W); }
  /// d²/dt² of a vector u_W fixed in G: α × u + w × (w × u).
  Eigen::Vector3d VectorSecondRate(const Eigen::Vector3d& u_W) const {
    return A_WG.alpha_W.cross(u_W) + V_WG.w_W.cross(V_WG.w_W.cross(u_W));
  }
};

/// A scalar error and its first two time derivatives.
struct ScalarErrors {
  double position{0};
  double velocity{0};
  double acceleration{0};
};

/// The point-on-plane errors (Simbody's PointPlaneContact): the plane passes
/// through the point O of body P (p_WO) with unit normal n_W fixed in P;
/// the point Q (p_WQ) is fixed on body Q; perr = n·(p_WQ − p_WO) − offset
/// (offset: a sphere's radius swept around Q, else 0). Exact:
///   s = Q − O, verr = ṅ·s + n·ṡ, aerr = n̈·s + 2ṅ·ṡ + n·s̈,
/// with ṅ = w_P × n, n̈ = α_P × n + w_P × ṅ, ṡ and s̈ the differences of the
/// material points' velocities and accelerations.
inline ScalarErrors CalcPointPlaneErrors(const BodyMotion& P, const Eigen::Vector3d& p_WO,
                                         const Eigen::Vector3d& n_W, const BodyMotion& Q,
                                         const Eigen::Vector3d& p_WQ, double offset) {
  const Eigen::Vector3d s = p_WQ - p_WO;
  const Eigen::Vector3d sdot = Q.PointVelocity(p_WQ) - P.PointVelocity(p_WO);
  const Eigen::Vector3d sddot = Q.PointAcceleration(p_WQ) - P.PointAcceleration(p_WO);
  const Eigen::Vector3d ndot = P.VectorRate(n_W);
  const Eigen::Vector3d nddot = P.VectorSecondRate(n_W);
  return {n_W.dot(s) - offset, ndot.dot(s) + n_W.dot(sdot),
          nddot.dot(s) + 2 * ndot.dot(sdot) + n_W.dot(sddot)};
}

}  // namespace hydrocontact
