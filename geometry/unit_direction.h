#pragma once

/// @file
/// UnitDirection: a caller's direction vector made unit length, accurately
/// for every finite size.

#include <optional>

#include <Eigen/Core>

namespace hydrocontact {

/// The unit vector along v, or nullopt when v is zero or not finite.
///
/// Accurate to round-off for any finite nonzero v, however small or large
/// (1e-300 or 1e300): v is first divided by its largest component, so the
/// squared norm that follows lies in [1, 3]. Dividing by v.norm() directly
/// loses every digit once the squared norm underflows (|v| below about
/// 1e-154: a direction of 1e-161 came out 0.6% long) and fails once it
/// overflows (|v| above about 1e154), which would refuse a valid
/// direction.
inline std::optional<Eigen::Vector3d> UnitDirection(const Eigen::Vector3d& v) {
  if (!v.allFinite()) return std::nullopt;
  const double largest = v.cwiseAbs().maxCoeff();
  if (!(largest > 0)) return std::nullopt;
  const Eigen::Vector3d scaled = v / largest;
  return Eigen::Vector3d(scaled / scaled.norm());
}

}  // namespace hydrocontact
