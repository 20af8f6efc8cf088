#pragma once

/// @file
/// Closed-form signed distance from a point to a primitive shape (sphere,
/// box, capsule, cylinder, torus, half-space), all in the shape's frame G. The
/// ellipsoid is in proximity/ellipsoid_point_distance.h; meshes and convex
/// hulls use the mesh queries.

#include <Eigen/Core>

#include "geometry/shape.h"

namespace hydrocontact {

/// The signed distance φ from a point Q to a shape's surface, in the
/// shape's frame G. Invariant: p_GQ = p_GN + distance · grad_G.
struct PointShapeDistance {
  /// N, the surface point nearest to Q, in G.
  Eigen::Vector3d p_GN{Eigen::Vector3d::Zero()};
  /// φ(Q): positive outside, negative inside, zero on the surface.
  double distance{0};
  /// ∇φ(Q), unit, in G: the outward surface normal at N.
  Eigen::Vector3d grad_G{Eigen::Vector3d::UnitZ()};
  /// False when Q is (within round-off, see kPointDistanceTieTolerance)
  /// equidistant from several surface points, or sits on a sharp edge of
  /// the surface; grad_G is then one valid choice, made deterministically:
  /// ties between faces go to the lowest axis index and to the positive
  /// side; a direction undefined around an axis is G's +x.
  bool is_grad_unique{true};
};

/// Relative tolerance (times the shape's largest dimension) under which two
/// candidate distances count as equal when deciding uniqueness.
inline constexpr double kPointDistanceTieTolerance = 1e-12;

/// Sphere centred at G's origin. At the centre: grad +x, not unique.
PointShapeDistance CalcPointDistance(const Sphere& sphere, const Eigen::Vector3d& p_GQ);

/// Box centred at G's origin. Outside: to the clamped point. Inside: to the
/// nearest face (ties: not unique).
PointShapeDistance CalcPointDistance(const Box& box, const Eigen::Vector3d& p_GQ);

/// Capsule along G's z axis. On the axis segment: grad +x, not unique.
PointShapeDistance CalcPointDistance(const Capsule& capsule, const Eigen::Vector3d& p_GQ);

/// Cylinder along G's z axis. Inside: to the nearer of the side and the
/// caps (ties: not unique; on the axis the side direction is +x, not
/// unique).
PointShapeDistance CalcPointDistance(const Cylinder& cylinder, const Eigen::Vector3d& p_GQ);

/// Torus about G's z axis: φ = ‖Q − C‖ − r with C the point of the centre
/// circle (radius R) nearest Q, N = C + r(Q − C)/‖Q − C‖. On the z axis
/// (the whole circle is nearest) C is taken on +x, not unique; at C itself
/// (the tube's centre circle) grad is radially outward, not unique.
PointShapeDistance CalcPointDistance(const Torus& torus, const Eigen::Vector3d& p_GQ);

/// Half-space z ≤ 0 of G: φ = z, grad +z, always unique.
PointShapeDistance CalcPointDistance(const HalfSpace& half_space, const Eigen::Vector3d& p_GQ);

}  // namespace hydrocontact
