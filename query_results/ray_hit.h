#pragma once

/// @file
/// RayCastHit: where a ray cast through a scene first meets a geometry.

#include <Eigen/Core>

#include "geometry/identifier.h"

namespace hydrocontact {

/// The first geometry a ray from O along a unit direction meets, in W
/// (QueryObject::CastRay).
struct RayCastHit {
  /// The geometry hit.
  GeometryId id;
  /// Distance from O to the hit point H along the ray (m, ≥ 0).
  double distance{0};
  /// H, in W.
  Eigen::Vector3d p_WH{Eigen::Vector3d::Zero()};
  /// The outward unit normal of the geometry's surface at H, in W (also
  /// when the ray leaves the geometry there, O being inside it).
  Eigen::Vector3d nhat_W{Eigen::Vector3d::UnitZ()};
  /// True when the ray enters the geometry at H; false when O is inside it
  /// and the ray leaves there.
  bool entering{true};
};

}  // namespace hydrocontact
