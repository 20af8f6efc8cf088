#pragma once

/// @file
/// Edge–edge contact exactly as Simbody's Constraint::LineOnLineContact
/// (seed 002) defines it, in our notation: the normal with the seed's sign
/// rule, the separation r, the closest points Qf and Qb, the contact point
/// Co, the contact frame C, the parallel case, and the position, velocity
/// and acceleration errors with optional rolling, and the force on B from
/// the three multipliers.
///
/// Roles: edge Ef is fixed on body F, edge Eb on body B. The normal points
/// toward the outside of F and the inside of B, so translating B along +n
/// increases the separation. Everything here is measured and expressed in W.

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "query_results/contact_kinematics.h"

namespace hydrocontact {

/// One edge E of a polyhedral solid, as the seed's edge frame X_FE: centre
/// point P, unit direction d along the edge, half-length h, and unit outward
/// ("space") direction s pointing away from the solid, midway between the
/// two faces meeting at E. Measured and expressed in the body's frame.
struct Edge {
  Eigen::Vector3d p_FP{Eigen::Vector3d::Zero()};
  Eigen::Vector3d d_F{Eigen::Vector3d::UnitX()};
  double half_length{0};
  Eigen::Vector3d s_F{Eigen::Vector3d::UnitZ()};
};

/// The position-level quantities of an edge–edge contact, in W.
struct EdgeEdgeGeometry {
  /// The unit contact normal n (= Cz).
  Eigen::Vector3d n_W{Eigen::Vector3d::UnitZ()};
  /// The seed's "sense": n = sense · w/‖w‖ with w = df × db (±1).
  int sense{1};
  /// The separation r = (Pb − Pf)·n (eq. 3): > 0 apart, < 0 penetrating.
  double separation{0};
  /// The line parameters of the closest points (eqs. 5 and 7).
  double tf{0};
  double tb{0};
  /// The closest points Qf = Pf + tf·df and Qb = Pb + tb·db.
  Eigen::Vector3d p_WQf{Eigen::Vector3d::Zero()};
  Eigen::Vector3d p_WQb{Eigen::Vector3d::Zero()};
  /// X_WC: origin Co = (Qf + Qb)/2, Cx = df, Cy = n × df, Cz = n.
  RigidTransform X_WC;
  /// True when ‖df × db‖ < kEdgeEdgeParallelTolerance (see
  /// CalcEdgeEdgeGeometry for the answer given then).
  bool lines_are_parallel{false};
};

/// Below this ‖df × db‖ (the sine of the angle between the edges) the lines
/// are treated as parallel. (Simbody uses its SignificantReal, ~1e-14 in
/// double; we take a larger value because eqs. 5 and 7 lose
/// 1/sin θ digits of accuracy.)
inline constexpr double kEdgeEdgeParallelTolerance = 1e-10;

/// The position-level edge–edge quantities of edge Ef on body F (pose X_WF)
/// and edge Eb on body B (pose X_WB).
///
/// Normal (the seed's rule): w = df × db; whichever of |w·sf|, |w·sb| is
/// larger decides: n = +w/‖w‖ if w·sf ≥ 0 (resp. w·sb < 0), else −w/‖w‖, so
/// n points out of F and into B. Then r, tf, tb by eqs. (3), (5), (7),
/// Qf, Qb, Co = (Qf + Qb)/2 and C = (Co; df, n × df, n).
///
/// Parallel lines (the seed leaves n undefined; we define it): the closest
/// points are the seed's — each line's point midway between its origin and
/// the projection of the other line's origin onto it — and n is the unit
/// component of Pb − Pf perpendicular to df (or, when the lines coincide, of
/// sf − sb), with the same sign rule applied to it in place of w; r =
/// (Pb − Pf)·n.
/// @throws std::invalid_argument if a direction d or s is not unit length
///         (to 1e-9), d is not perpendicular to s (to 1e-9), or a half-length
///         is negative, naming the edge (F or B) and the value.
EdgeEdgeGeometry CalcEdgeEdgeGeometry(const Edge& edge_F, const RigidTransform& X_WF,
                                      const Edge& edge_B, const RigidTransform& X_WB);

/// The seed's velocity and acceleration errors, in C.
struct EdgeEdgeErrors {
  /// The position error r (the signed distance between the lines).
  double position_error{0};
  /// (x, y): the rolling (no-slip) errors — the velocity of B's material
  /// point at Co measured in F, along Cx and Cy — when rolling is enforced,
  /// else 0; z: dr/dt.
  Eigen::Vector3d velocity_errors_C{Eigen::Vector3d::Zero()};
  /// The time derivatives of velocity_errors_C's components (x, y zero
  /// without rolling).
  Eigen::Vector3d acceleration_errors_C{Eigen::Vector3d::Zero()};
  /// The slip velocity v_B(Co) − v_F(Co) along Cx, Cy whether or not
  /// rolling is enforced (what velocity_errors_C holds when it is).
  Eigen::Vector2d slip_velocity_C{Eigen::Vector2d::Zero()};
};

/// The errors of the edge–edge contact of CalcEdgeEdgeGeometry given the
/// bodies' spatial velocities V_WF, V_WB and accelerations A_WF, A_WB (of
/// their frames' origins, in W). All values are exact time derivatives (no
/// frozen quantities): dr/dt is also n·(v_B(Co) − v_F(Co)).
///
/// Parallel lines: Simbody computes no derivatives then; we give those of
/// the point-on-plane rule (Qb fixed on B against the plane through Qf
/// normal to n, n fixed on F), exact only while the lines stay parallel.
/// @throws as CalcEdgeEdgeGeometry.
EdgeEdgeErrors CalcEdgeEdgeErrors(const Edge& edge_F, const RigidTransform& X_WF,
                                  const SpatialVelocity& V_WF, const SpatialAcceleration& A_WF,
                                  const Edge& edge_B, const RigidTransform& X_WB,
                                  const SpatialVelocity& V_WB, const SpatialAcceleration& A_WB,
                                  bool enforce_rolling);

/// The force on B's material point coincident with Co, in W, from the seed's
/// three multipliers λ = (λx, λy, λz) (expressed in C; tangential along Cx,
/// Cy, normal along Cz). Multipliers have the opposite sign of applied
/// forces, so f_B_W = −R_WC·λ; F receives −f_B_W at the same point.
inline Eigen::Vector3d CalcEdgeEdgeForceOnB(const EdgeEdgeGeometry& geometry,
                                            const Eigen::Vector3d& lambda_C) {
  return -(geometry.X_WC.rotation() * lambda_C);
}

}  // namespace hydrocontact
