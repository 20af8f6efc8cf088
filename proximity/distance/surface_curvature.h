#pragma once

/// @file
/// Curvature of smooth surfaces, from an implicit function or from a local
/// parameterisation, and the relative curvature of two touching surfaces
/// (what Hertz contact needs). These are the static helpers of Simbody's
/// ContactGeometry (seed 000), in our notation.
///
/// Sign convention (differs from the seed's implicit function, which is
/// positive inside): our implicit functions f are negative inside, zero on
/// the surface and positive outside, so ∇f points outward. A curvature is
/// positive where the surface bends away from its outward normal (a convex
/// surface: a sphere of radius r has both curvatures +1/r), negative where
/// it is saddle-like or concave (the inner equator of a torus).

#include <Eigen/Core>

namespace hydrocontact {

/// Principal curvatures at a surface point and their directions.
struct PrincipalCurvatures {
  /// κ_max ≥ κ_min (1/m), signed as in the file comment.
  double k_max{0};
  double k_min{0};
  /// R_GP: columns x = direction of κ_max, y = direction of κ_min,
  /// z = outward unit normal; a right-handed frame (x × y = z), in the
  /// frame G the inputs are expressed in.
  Eigen::Matrix3d R_GP{Eigen::Matrix3d::Identity()};
};

/// The curvature of the level surface of f through a point, in the unit
/// tangent direction t_G: κ = tᵀ H t / ‖∇f‖ (the normal curvature).
/// Precondition: t_G ⊥ grad_G and unit (the component of t_G along the
/// normal is removed and t_G renormalised here).
/// @throws std::invalid_argument if grad_G is zero (a singular point of f)
///         or t_G is parallel to it.
double CalcCurvatureInDirection(const Eigen::Vector3d& grad_G, const Eigen::Matrix3d& H_G,
                                const Eigen::Vector3d& t_G);

/// Gaussian curvature κ_max·κ_min of the level surface of f at a point where
/// f's gradient is grad_G and Hessian H_G (Goldman 2005):
/// K = ∇fᵀ adj(H) ∇f / ‖∇f‖⁴. Unchanged by f → −f, so it agrees with the
/// seed's even though the seed's f has the opposite sign.
/// @throws std::invalid_argument if grad_G is zero.
double CalcGaussianCurvature(const Eigen::Vector3d& grad_G, const Eigen::Matrix3d& H_G);

/// Principal curvatures and directions of the level surface of f at a point
/// with gradient grad_G and Hessian H_G: the eigenpairs of the shape
/// operator P H P / ‖∇f‖ restricted to the tangent plane (P = I − n̂n̂ᵀ).
/// At an umbilic (κ_max = κ_min) the directions are an arbitrary
/// orthonormal tangent pair, chosen deterministically.
/// @throws std::invalid_argument if grad_G is zero.
PrincipalCurvatures CalcPrincipalCurvatures(const Eigen::Vector3d& grad_G,
                                            const Eigen::Matrix3d& H_G);

/// The seed's evalParametricCurvature: principal curvatures of a surface
/// given locally as P(u, v), from the first and second fundamental forms
/// (Struik 1961): E = Pu·Pu, F = Pu·Pv, G = Pv·Pv, e = −Puu·n̂, f = −Puv·n̂,
/// g = −Pvv·n̂ (minus because n̂ is the outward normal, so a convex surface
/// has positive curvatures). Pu, Pv must be independent tangents (not
/// necessarily orthogonal or unit); n̂ is the unit outward normal.
/// `p_GP` is the point; the returned frame's origin would be it, so only the
/// rotation is returned (X_EP of the seed is {R_GP, p_GP}).
/// @throws std::invalid_argument if Pu and Pv are (nearly) parallel or
///         nhat_G is not unit length.
PrincipalCurvatures EvalParametricCurvature(const Eigen::Vector3d& nhat_G,
                                            const Eigen::Vector3d& dPdu, const Eigen::Vector3d& dPdv,
                                            const Eigen::Vector3d& d2Pdu2,
                                            const Eigen::Vector3d& d2Pdv2,
                                            const Eigen::Vector3d& d2Pdudv);

/// The seed's combineParaboloids: two surfaces touch at Q with opposite
/// normals. Surface 1's paraboloid has principal frame R_SP1 (x: κ_max
/// direction, y: κ_min, z: the contact normal pointing away from surface 1)
/// and curvatures k1 = (κ_max1, κ_min1); surface 2's has its κ_max direction
/// x2_S (in the x1–y1 plane) and curvatures k2. Both are signed with each
/// surface's own outward normal (convex positive). The gap between them near
/// Q is h(x) = ½ xᵀ (K1 + K2) x, so the relative (difference) paraboloid has
/// the curvature tensor K1 + K2; the result is its principal curvatures
/// (k_max ≥ k_min) and frame (z unchanged: R_SP1's z). Both positive means
/// the contact is non-conforming (a point contact, Hertz applies).
/// @throws std::invalid_argument if x2_S is not (within 1e-6 rad) in the
///         x1–y1 plane or is zero.
PrincipalCurvatures CombineParaboloids(const Eigen::Matrix3d& R_SP1, const Eigen::Vector2d& k1,
                                       const Eigen::Vector3d& x2_S, const Eigen::Vector2d& k2);

}  // namespace hydrocontact
