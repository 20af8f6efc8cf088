#pragma once

/// @file
/// The range of values the library supports, and the checks that refuse
/// what lies outside it (issue 10, defect 4).
///
/// Within these ranges every query answers with finite values whose error
/// is round-off relative to the magnitudes involved; outside them products
/// the algorithms form (areas ~ length², volumes and tolerances ~ length³
/// and length⁴, forces ~ modulus · length²) would overflow, underflow to
/// zero or lose all precision, so inputs beyond them are refused with a
/// message naming the parameter rather than answered wrongly.
///
/// | quantity | supported |
/// | --- | --- |
/// | sizes of shapes, mesh scales times coordinates, resolution hints, slab thickness | [kMinLength, kMaxLength] m |
/// | coordinates of mesh vertices, pose translations, query points | abs ≤ kMaxCoordinate m |
/// | margin | 0 or [kMinLength, kMaxLength] m |
/// | hydroelastic modulus | [kMinModulus, kMaxModulus] Pa |
/// | pose angles (roll, pitch, yaw as given to the tool) | abs ≤ kMaxAngle rad |
///
/// Accuracy is relative: a 1e-9 m feature placed 1e6 m from the origin is
/// resolved only to the ~1e-10 m spacing of doubles there.

#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>

#include <Eigen/Core>
#include <fmt/format.h>

namespace hydrocontact {

/// Smallest supported size (shape dimension, resolution hint, slab, margin
/// other than 0), metres.
inline constexpr double kMinLength = 1e-9;
/// Largest supported size, metres.
inline constexpr double kMaxLength = 1e6;
/// Largest supported magnitude of any coordinate (mesh vertex, pose
/// translation, query point), metres.
inline constexpr double kMaxCoordinate = 1e6;
/// Supported hydroelastic moduli, pascals (soft gels to beyond diamond).
inline constexpr double kMinModulus = 1e-3;
inline constexpr double kMaxModulus = 1e15;
/// Largest supported magnitude of an angle, radians: beyond it sin and cos
/// of the angle keep no meaningful digits.
inline constexpr double kMaxAngle = 1e6;

/// The farthest a query point (or ray origin) can be from a geometry's
/// frame when both lie within the supported coordinates: each is at most
/// √3·kMaxCoordinate from W's origin.
inline constexpr double kMaxDistanceFromGeometry = 2 * 1.7320508075688772 * kMaxCoordinate;

/// Whether every coordinate of `p` is finite with magnitude at most
/// kMaxCoordinate. (NaN is tested apart: Eigen's maxCoeff may skip a NaN
/// that is not the first coefficient, which let (0, NaN, 0) through.)
inline bool IsWithinCoordinateRange(const Eigen::Vector3d& p) {
  return p.allFinite() && p.cwiseAbs().maxCoeff() <= kMaxCoordinate;
}

namespace internal {

/// Throws std::invalid_argument unless lo ≤ value ≤ hi, naming `who` (the
/// owner: "Sphere", "ProximityProperties", ...), `parameter`, the value and
/// the supported range with its `unit`.
inline double RequireInRange(std::string_view who, std::string_view parameter, double value,
                             double lo, double hi, std::string_view unit) {
  if (!(value >= lo && value <= hi)) {
    throw std::invalid_argument(fmt::format(
        "{}: parameter '{}' is {}, outside the supported range [{}, {}] {}", who, parameter,
        value, lo, hi, unit));
  }
  return value;
}

/// A length (size, hint, thickness) in [kMinLength, kMaxLength].
inline double RequireLength(std::string_view who, std::string_view parameter, double value) {
  if (!(value > 0) || !std::isfinite(value)) {
    throw std::invalid_argument(fmt::format(
        "{}: parameter '{}' must be positive and finite, got {}", who, parameter, value));
  }
  return RequireInRange(who, parameter, value, kMinLength, kMaxLength, "m");
}

/// The refusal of a position `p` outside the supported coordinates.
/// @throws std::invalid_argument naming `who`, `parameter` and the value.
[[noreturn]] inline void ThrowOutsideCoordinates(std::string_view who, std::string_view parameter,
                                                 const Eigen::Vector3d& p) {
  throw std::invalid_argument(fmt::format(
      "{}: {} ({}, {}, {}) lies outside the supported range of coordinates (|x| <= {} m)", who,
      parameter, p.x(), p.y(), p.z(), kMaxCoordinate));
}

/// A position (pose translation, query point) with every coordinate's
/// magnitude at most kMaxCoordinate.
/// @throws std::invalid_argument naming `who`, `parameter` and the value.
inline const Eigen::Vector3d& RequireCoordinates(std::string_view who, std::string_view parameter,
                                                 const Eigen::Vector3d& p) {
  if (!IsWithinCoordinateRange(p)) ThrowOutsideCoordinates(who, parameter, p);
  return p;
}

/// RequirePoseInRange's refusal of a translation out of range, out of line:
/// the formatting stays out of the hot callers' code.
[[noreturn, gnu::cold, gnu::noinline]] inline void RefusePose(std::string_view who,
                                                              const std::string& id,
                                                              const Eigen::Vector3d& p_WGo) {
  ThrowOutsideCoordinates(who, fmt::format("the translation of {}'s pose", id), p_WGo);
}

/// A geometry's pose in W given straight to a query (SceneGraph checks the
/// poses it is given when they are set): its translation p_WGo within the
/// supported coordinates. Beyond them the kernels lose the geometry to
/// round-off (a sphere and a half-space moved together to 1e14 m gave an
/// 11% larger force), and a translation that overflowed to ∞ (a product of
/// transforms) made a pair in contact report none. Checked before any
/// message is formatted: a pose in range allocates nothing.
/// @throws std::invalid_argument naming `who`, the geometry `id` (anything
///         with to_string(), e.g. a GeometryId) and the translation.
template <class Id>
void RequirePoseInRange(std::string_view who, const Id& id, const Eigen::Vector3d& p_WGo) {
  if (IsWithinCoordinateRange(p_WGo)) [[likely]] return;
  RefusePose(who, id.to_string(), p_WGo);
}

/// A point in a geometry's frame G (a query point, a ray's origin) at most
/// kMaxDistanceFromGeometry from G's origin. Beyond it the queries lose the
/// geometry to the point's round-off (a ray from 1e17 m away hit a unit
/// cube's far face as if from inside).
/// @throws std::invalid_argument naming `who`, `parameter`, the point and
///         its distance.
inline const Eigen::Vector3d& RequireNearGeometry(std::string_view who, std::string_view parameter,
                                                  const Eigen::Vector3d& p_G) {
  if (!(p_G.norm() <= kMaxDistanceFromGeometry)) {
    throw std::invalid_argument(fmt::format(
        "{}: {} ({}, {}, {}) is {:g} m from the geometry's frame, beyond the {:g} m that points "
        "and poses within the supported coordinates (|x| <= {:g} m) can be apart",
        who, parameter, p_G.x(), p_G.y(), p_G.z(), p_G.stableNorm(), kMaxDistanceFromGeometry,
        kMaxCoordinate));
  }
  return p_G;
}

}  // namespace internal
}  // namespace hydrocontact
