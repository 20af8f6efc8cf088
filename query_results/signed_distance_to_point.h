#pragma once

/// @file
/// SignedDistanceToPoint: the signed distance from a query point to one
/// geometry.

#include <Eigen/Core>

#include "geometry/identifier.h"

namespace hydrocontact {

/// The signed distance φ from a point Q to the surface of geometry G, in
/// the manner of Drake's SignedDistanceToPoint: positive outside, negative
/// inside, zero on the surface.
///
/// Invariant (up to round-off): p_WQ = X_WG·p_GN + distance · grad_W.
struct SignedDistanceToPoint {
  GeometryId id_G;
  /// N, the point of G's surface nearest to Q, measured and expressed in
  /// G's frame.
  Eigen::Vector3d p_GN{Eigen::Vector3d::Zero()};
  /// φ(Q) (m).
  double distance{0};
  /// ∇φ(Q), a unit vector in W: the outward surface normal at N.
  Eigen::Vector3d grad_W{Eigen::Vector3d::UnitZ()};
  /// False when φ has no unique gradient at Q (Q equidistant from several
  /// surface points, e.g. a sphere's centre): grad_W is then one valid
  /// choice, made deterministically.
  bool is_grad_W_unique{true};
};

}  // namespace hydrocontact
