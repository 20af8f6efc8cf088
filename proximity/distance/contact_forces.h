#pragma once

/// @file
/// Contact forces from query results (issue 16): the spatial force each of
/// the two bodies of a contact feels, from a hydroelastic ContactSurface, a
/// point-pair penetration or a ContactPatch, the bodies' motions and the
/// combined contact material. The force law is the one of Drake's
/// compliant contact (hydroelastic with Hunt–Crossley dissipation and
/// regularized Coulomb friction), written out below; the code is ours.
///
/// Normal force. At a contact point Q with unit normal n̂ (pointing out of
/// the second body into the first, the direction the first body is pushed),
/// the penetration rate is v_n = −n̂·(v_Q1 − v_Q2) (v_Qi the velocity of
/// body i's material point at Q) and the normal traction is
///   hydroelastic:   p_n = max(0, p·(1 + d·v_n))    (p the surface pressure)
///   point contact:  f_n = max(0, k·x·(1 + d·v_n))  (x the penetration depth)
/// so dissipation never pulls the bodies together.
///
/// Friction. The slip velocity v_t = (v_Q1 − v_Q2) − n̂·(n̂·(v_Q1 − v_Q2))
/// meets a force −μ(‖v_t‖)·f_n·v_t/‖v_t‖ on the first body, with the
/// regularized coefficient (s = ‖v_t‖/v_s, v_s the stiction speed):
///   s ≤ 1:      μ = μs·s           (stiction: a stiff viscous ramp to μs)
///   1 < s < 2:  μ = μs − (μs − μd)·(s − 1)
///   s ≥ 2:      μ = μd             (Coulomb sliding)
/// A body resting on a slope with tan θ < μs therefore creeps at most at
/// v_s·tan θ/μs; one with tan θ > μs slides with the dynamic coefficient
/// once its slip exceeds 2·v_s.
///
/// Quadrature. A surface's force is the integral of the traction over its
/// faces. The pressure is linear on a face, so the face's area-centroid rule
/// (the centroid is the mean position over the face) would already be exact
/// for the elastic force ∫p n̂ dA; but not for its moment ∫r × p n̂ dA, nor
/// for the dissipation p·d·v_n, both products of two linear fields: with
/// the few large faces of a box's contact (two triangles across a whole
/// face), the centroid rule loses two thirds of the restoring torque against
/// tilting and couples the axes, which makes a resting box topple. So each
/// face is fanned from its first vertex into triangles and each triangle is
/// integrated with the edge-midpoint rule (weights A/3 at the three edge
/// midpoints), exact for quadratic integrands: the elastic force, its
/// moment and the dissipation term are exact; only the clamp at 0 and the
/// friction (nonlinear in the slip) are approximated, by their values at
/// the quadrature points.
///
/// Patches (ContactPatch, rigid pairs). A patch of n points is n point
/// contacts sharing the stiffness: point i, at the depth
/// x_i = −point_penetration_depths[i] (its own overlap along the normal,
/// query_results/contact_patch.h), carries the elastic force (k/n)·x_i
/// (nothing where x_i ≤ 0), with its own v_n and slip. A face resting flat
/// has every x_i = x, so the total k·x is the point-contact law of one
/// point pair at that depth, centred on the points' mean. A face tilted
/// against the other is deeper on one side: its points carry more there,
/// which is the restoring torque (for a square face of side a tilted by a
/// small α, (k/4)·4·(a/2)²·α = k·a²·α/4 about the face's centre) and moves
/// the centre of force under the body's weight. The tolerance of the patch
/// only decides which points are candidates: one above the other surface
/// carries nothing, so a face rocking by less than tolerance/size keeps the
/// same n points and a continuous force.
///
/// Material combination (Drake's rules):
/// - hydroelastic: the pressure of the surface already is the series
///   combination of the two moduli (p_M = p_N on the surface). The
///   dissipation is the modulus-weighted mean
///     d = (E_N·d_M + E_M·d_N)/(E_M + E_N)
///   (a rigid side has E = ∞: its partner's d is taken), so the softer body,
///   which deforms more, dissipates more;
/// - point contact: the stiffnesses act in series, k = k1·k2/(k1 + k2), and
///   the dissipation is d = (k2·d1 + k1·d2)/(k1 + k2);
/// - friction: each coefficient μ = 2·μ1·μ2/(μ1 + μ2)
///   (CombineContactMaterials in geometry/proximity_properties.h).
/// A material without a value uses the parameters' defaults below.

#include <Eigen/Core>

#include "geometry/proximity_properties.h"
#include "proximity/distance/rigid_motion.h"
#include "query_results/contact_patch.h"
#include "query_results/contact_surface.h"
#include "query_results/penetration_as_point_pair.h"

namespace hydrocontact {

/// A spatial force on a body, about a point named by the caller (here the
/// body's origin Bo): torque tau_W and force f_W, expressed in W.
struct SpatialForce {
  Eigen::Vector3d tau_W{Eigen::Vector3d::Zero()};
  Eigen::Vector3d f_W{Eigen::Vector3d::Zero()};

  SpatialForce& operator+=(const SpatialForce& other) {
    tau_W += other.tau_W;
    f_W += other.f_W;
    return *this;
  }
  /// The force f applied at p_WQ, about the point p_WBo: (r × f, f),
  /// r = p_WQ − p_WBo.
  static SpatialForce AppliedAt(const Eigen::Vector3d& f_W, const Eigen::Vector3d& p_WQ,
                                const Eigen::Vector3d& p_WBo) {
    return {(p_WQ - p_WBo).cross(f_W), f_W};
  }
};

/// The combined parameters of one contact (after CombineContactParameters or
/// set by hand). All finite and ≥ 0, μs ≥ μd, stiction_speed > 0.
struct ContactForceParameters {
  /// Hunt–Crossley dissipation d (s/m).
  double dissipation{0};
  /// Coulomb coefficients μs ≥ μd ≥ 0.
  double static_friction{0};
  double dynamic_friction{0};
  /// Point-contact stiffness k (N/m), for point pairs and patches.
  double stiffness{1e5};
  /// The regularization speed v_s (m/s) of friction (see the file doc).
  double stiction_speed{1e-2};
};

/// The defaults taken for a material value absent on both sides.
struct ContactForceDefaults {
  double dissipation{0};
  double static_friction{0};
  double dynamic_friction{0};
  double stiffness{1e5};
  double stiction_speed{1e-2};
};

/// The parameters of a contact between geometries with properties `p1` and
/// `p2` by the rules of the file doc: the hydroelastic dissipation weighted
/// by the moduli when both are hydroelastic (a rigid side counting as
/// infinitely stiff), else by the point stiffnesses; friction and stiffness
/// by CombineContactMaterials; absent values from `defaults`.
/// @throws std::invalid_argument if `defaults` is out of range (naming the
///         field and value).
ContactForceParameters CombineContactParameters(const ProximityProperties& p1, const ProximityProperties& p2,
                                                const ContactForceDefaults& defaults = {});

/// The spatial forces on the two bodies of one contact, each about its own
/// origin, in W; equal and opposite as a pair (F_B = −F_A about a common
/// point). `normal_force` is the total normal force magnitude (N).
struct ContactPairForces {
  SpatialForce F_Ao_W;
  SpatialForce F_Bo_W;
  double normal_force{0};
};

/// The traction integral of a hydroelastic surface (see the file doc): M is
/// the body of surface.id_M() (the normals point into it), N of id_N().
/// `motion_M`, `motion_N` give each body's pose (its origin is the point the
/// torques are about) and spatial velocity in W; accelerations are unused.
/// The result's A is M, B is N. Allocates nothing.
/// @throws std::invalid_argument for invalid parameters (naming them).
ContactPairForces CalcContactSurfaceForces(const ContactSurface& surface, const BodyMotion& motion_M,
                                           const BodyMotion& motion_N, const ContactForceParameters& params);

/// The force of a point pair: k·depth·(1 + d·v_n) along nhat_BA_W on A,
/// with friction, applied at the midpoint of p_WCa and p_WCb.
/// @throws std::invalid_argument for invalid parameters (naming them), or a
///         pair with a non-finite value or a normal that is not unit
///         (naming the field).
ContactPairForces CalcPointPairForces(const PenetrationAsPointPair& pair, const BodyMotion& motion_A,
                                      const BodyMotion& motion_B, const ContactForceParameters& params);

/// The force of a contact patch (A = patch.id_A, whose normal points from A
/// to B): each point i with x_i = −point_penetration_depths[i] > 0 carries
/// (k/n)·x_i (n = patch.size()), with its own dissipation and friction
/// (file doc), applied at point_W(i). Points with x_i ≤ 0 (touching or
/// apart there) and a patch without points give nothing.
/// @throws std::invalid_argument for invalid parameters (naming them), or a
///         patch whose point_penetration_depths and points differ in number
///         (naming both counts) or whose depth, points or point depths are
///         not finite (naming the point).
ContactPairForces CalcContactPatchForces(const ContactPatch& patch, const BodyMotion& motion_A,
                                         const BodyMotion& motion_B, const ContactForceParameters& params);

/// The regularized friction coefficient at slip speed `slip_speed` (file
/// doc). Precondition: valid parameters, slip_speed ≥ 0.
double RegularizedFrictionCoefficient(const ContactForceParameters& params, double slip_speed);

}  // namespace hydrocontact
