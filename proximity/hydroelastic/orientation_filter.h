#pragma once

/// @file
/// The orientation filter of the hydroelastic contact surface (DESIGN.md
/// section 4), as in Drake: a contact piece is kept only where its normal
/// agrees with the pressure gradients.
///
/// Conventions, worked out from the geometry and matching Drake's
/// IsFaceNormalInNormalDirection / IsPlaneNormalAlongPressureGradient:
///  - ∇p of a compliant body points *into* it (pressure is 0 on its boundary
///    and rises inward).
///  - Where a rigid face R lies inside a compliant body C, R's outward normal
///    points away from R, i.e. deeper into C: for a genuine contact it is
///    roughly *parallel* to ∇p_C, not opposite. So a rigid–compliant piece is
///    kept when angle(n̂_R, ∇p_C) < kMaxNormalGradientAngle. The far side of
///    a thin rigid object (whose outward normal points back out of C) fails.
///  - A compliant–compliant piece has n̂ = (∇p_M − ∇p_N)/‖∇p_M − ∇p_N‖ (out of
///    N, into M); it is kept when angle(n̂, ∇p_M) and angle(−n̂, ∇p_N) are
///    both below kMaxNormalGradientAngle.
///  - A zero gradient (an element whose vertex pressures are all equal) has
///    no direction and imposes no condition, as in Drake (where the
///    normalised zero vector makes the cosine 0 > cos 5π/8).

#include <cmath>
#include <numbers>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace hydrocontact {

/// The largest angle (radians) allowed between a contact piece's normal and
/// a pressure gradient it must agree with: 5π/8 (112.5°), Drake's empirical
/// choice, kept so results are comparable with it.
inline constexpr double kMaxNormalGradientAngle = 5 * std::numbers::pi / 8;

/// cos(kMaxNormalGradientAngle) = −sin(π/8).
inline const double kCosMaxNormalGradientAngle = std::cos(kMaxNormalGradientAngle);

/// True when the angle between the unit vector `nhat` and `grad_p` (same
/// frame) is below kMaxNormalGradientAngle, or when `grad_p` is zero.
/// @pre nhat is unit length.
inline bool IsAlongPressureGradient(const Eigen::Vector3d& nhat, const Eigen::Vector3d& grad_p) {
  const double norm = grad_p.norm();
  return norm == 0 || nhat.dot(grad_p) > kCosMaxNormalGradientAngle * norm;
}

/// The same test for a normal n = m/‖m‖ given by a non-zero, unnormalised
/// m, without square roots (it runs once per candidate element pair): since
/// cos α < 0, m·g > cos α ‖m‖‖g‖ holds when m·g ≥ 0 and otherwise exactly
/// when (m·g)² < cos²α ‖m‖² ‖g‖². A zero g passes (see above).
/// @param m_norm_sq  ‖m‖², precomputed by the caller.
inline bool IsAlongPressureGradientUnnormalized(const Eigen::Vector3d& m, double m_norm_sq,
                                                const Eigen::Vector3d& grad_p) {
  const double dot = m.dot(grad_p);
  if (dot >= 0) return true;
  return dot * dot < kCosMaxNormalGradientAngle * kCosMaxNormalGradientAngle * m_norm_sq *
                         grad_p.squaredNorm();
}

}  // namespace hydrocontact
