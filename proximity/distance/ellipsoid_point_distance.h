#pragma once

/// @file
/// Signed distance from a point to an ellipsoid, by Eberly's robust method
/// ("Distance from a point to an ellipse, an ellipsoid, or a
/// hyperellipsoid", 2013): the nearest point is the root of a monotone
/// function of one variable, found by bisection to full double precision,
/// with the points on symmetry planes (where the root degenerates) treated
/// by their lower-dimensional cases.

#include <Eigen/Core>

#include "geometry/shape.h"
#include "proximity/distance/point_distance.h"

namespace hydrocontact {

/// The signed distance from Q (p_GQ, in the ellipsoid's frame G) to the
/// surface of `ellipsoid` (semi-axes along G's axes, centred at G's
/// origin), with the nearest point and the outward normal there. Exact to
/// round-off for points inside and outside.
///
/// Uniqueness: a point inside on a symmetry plane whose nearest point lies
/// off that plane has a mirror-image nearest point, so its gradient is
/// flagged not unique (e.g. the centre, or any point of the segment
/// between the foci of a spheroid's cross-section). Ties go to the
/// positive side of each axis.
/// @throws std::invalid_argument if p_GQ is not finite.
PointShapeDistance CalcPointDistance(const Ellipsoid& ellipsoid, const Eigen::Vector3d& p_GQ);

}  // namespace hydrocontact
