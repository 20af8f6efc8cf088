#pragma once

/// @file
/// Contact kinematics (seed 004, Simbody's UnilateralContact): from a
/// signed-distance result and the two geometries' motions, the contact frame,
/// perr, verr, aerr and the slip velocity (query_results/contact_kinematics.h
/// defines the quantities and conventions).

#include <Eigen/Core>

#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/rigid_motion.h"
#include "query_results/contact_kinematics.h"
#include "query_results/penetration_as_point_pair.h"
#include "query_results/signed_distance_pair.h"

namespace hydrocontact {

/// The rotation R_WC of a contact frame whose Cz is the unit normal nhat_W:
/// Cx is the image of a fixed unit vector t0 under the smallest rotation
/// taking a fixed unit vector k to nhat_W, Cy = Cz × Cx. With
/// k = (2, 3, 6)/7 and t0 = (3, −2, 0)/√13 (both fixed, skew to every
/// coordinate axis, face diagonal and cube diagonal, so that common normals
/// stay far from the singularity) the basis is deterministic and a smooth
/// (analytic) function of the normal everywhere except at nhat = −k, which no
/// smooth tangent field on the sphere can avoid (hairy-ball theorem). Within
/// 1e-4 rad of −k the basis is t0 made perpendicular to the normal.
/// @throws std::invalid_argument if nhat_W is not unit length (to 1e-6).
Eigen::Matrix3d ContactTangentBasis(const Eigen::Vector3d& nhat_W);

/// The kinematics of one contact between geometry A (distance data `A`,
/// motion `motion_A`: pose, spatial velocity and acceleration of its frame in
/// W) and geometry B, described by `pair` (which must be their signed
/// distance at these poses, pair.id_A being A's id).
///
/// Cz = −pair.nhat_BA_W (out of A, into B), Co midway between the witness
/// points, perr = sign·distance; verr, aerr, the slip velocity and the method
/// by pair kind:
/// - two spheres: exact (centres ℓ apart, Δv, Δa of B's centre relative to
///   A's): verr = n·Δv, aerr = n·Δa + (‖Δv‖² − (n·Δv)²)/ℓ;
/// - a sphere or capsule against a half-space: exact sphere-on-plane (the
///   deepest cap's centre against the plane, normal fixed on the half-space);
/// - a box or convex mesh against a half-space: point-on-plane with the
///   witness point fixed on the body; exact when that point is a vertex
///   (unique deepest point);
/// - two boxes touching edge on edge (the normal is perpendicular to exactly
///   one axis of each box and parallel to none): seed 002's edge–edge
///   contact, A's edge playing F, exact; the frame is then the seed's
///   (Cx = A's edge direction);
/// - every other pair: the first-order witness rule: the witness points are
///   taken as fixed on their bodies and the normal as fixed on the
///   half-space if there is one, else on A; then perr = n·(Cb − Ca) and its
///   derivatives are the point-on-plane formulas. verr is exact wherever the
///   signed distance is differentiable (the witness points slide over the
///   surfaces only tangentially, to first order); aerr omits the witness
///   points' sliding and the rotation of the other surface's normal, an
///   error of order κ·‖v_t‖² + ‖ω_rel‖·‖v_t‖ (κ the larger principal
///   curvature at the witnesses, v_t the tangential relative velocity, ω_rel
///   the relative angular velocity), which vanishes for a vertex on a face.
/// With ℓ = 0 (concentric spheres) the witness rule is used.
/// @throws std::invalid_argument if sign is not ±1, a velocity or
///         acceleration is not finite, or a value of the pair is not finite
///         or its normal not of unit length (within 1e-6), naming the
///         value, or if the motions are so
///         large that the errors overflow (giving both bodies' speeds).
ContactKinematics CalcContactKinematics(const SignedDistancePair& pair, const DistanceGeometry& A,
                                        const BodyMotion& motion_A, const DistanceGeometry& B,
                                        const BodyMotion& motion_B, int sign = 1);

/// The same for a point-pair penetration (its signed distance is −depth and
/// its witness points p_WCa, p_WCb are given in W).
/// @throws as above.
ContactKinematics CalcContactKinematics(const PenetrationAsPointPair& pair, const DistanceGeometry& A,
                                        const BodyMotion& motion_A, const DistanceGeometry& B,
                                        const BodyMotion& motion_B, int sign = 1);

}  // namespace hydrocontact
