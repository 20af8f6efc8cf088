#pragma once

/// @file
/// What one shape answers about itself (Simbody's ContactGeometry, seed
/// 000), in the shape's frame G: nearest point, bounding sphere, support
/// point. The implicit-function, curvature, downhill and line-tracking
/// queries are in implicit_surface.h, rays in ray_intersection.h, the
/// curvature helpers in surface_curvature.h.
///
/// These take a DistanceGeometry (MakeDistanceGeometry(shape), cheap for
/// primitives) because a Mesh or Convex needs its file read once; the
/// queries themselves never read files.

#include <Eigen/Core>

#include "geometry/shape.h"
#include "proximity/distance/distance_geometry.h"

namespace hydrocontact {

/// The seed's findNearestPoint, in G.
struct NearestPoint {
  /// The surface point N nearest Q.
  Eigen::Vector3d p_GN{Eigen::Vector3d::Zero()};
  /// True when Q is strictly inside the solid.
  bool inside{false};
  /// The outward unit normal at N (where N is on an edge: the direction
  /// from N to Q, or its opposite inside; see PointShapeDistance).
  Eigen::Vector3d nhat_G{Eigen::Vector3d::UnitZ()};
  /// ‖Q − N‖ signed: negative inside.
  double distance{0};
};

/// The surface point nearest p_GQ: closed forms for primitives, Eberly's
/// method for the ellipsoid and the torus's closed form (point_distance.h),
/// the polished tessellation query for a HeightField (height_field_distance.h),
/// the BVH query for Mesh and Convex (exact, not
/// local: compare ProjectDownhillToNearestPoint). Ties are broken
/// deterministically (see PointShapeDistance).
/// @throws std::invalid_argument if p_GQ is not finite.
NearestPoint FindNearestPoint(const DistanceGeometry& G, const Eigen::Vector3d& p_GQ);

/// A sphere containing the whole solid, in G.
struct BoundingSphere {
  Eigen::Vector3d p_GC{Eigen::Vector3d::Zero()};
  double radius{0};
};

/// A bounding sphere: the SMALLEST one for Sphere, Box (half diagonal),
/// Cylinder (√(r² + (L/2)²)), Capsule (r + L/2), Ellipsoid (largest
/// semi-axis) and Torus (R + r), all centred at G's origin. For Mesh and
/// Convex: centred at the centre of the vertices' bounding box, radius the
/// farthest vertex from it; within a factor √3 of the smallest (each box
/// extent is at most the smallest sphere's diameter, so the half diagonal is
/// at most √3 times its radius). A HeightField: the same over its
/// tessellation's vertices, plus the tessellation's error bound
/// (DistanceGeometry::mesh_error), so within √3 of the smallest plus that.
/// A HalfSpace has none: radius +∞.
BoundingSphere CalcBoundingSphere(const DistanceGeometry& G);

/// The seed's calcSupportPoint: a surface point P maximising d_G·P (d_G
/// need not be unit). Ties go to a deterministic choice (a box vertex, the
/// centre of a cylinder's cap for d along the axis, a capsule's cap
/// pole, the mesh vertex of lowest index; for a torus and d along z, the
/// extreme circle's point on +x; for a height field, the lowest-index
/// tessellation vertex, refined on the top surface when d points up: see
/// CalcHeightFieldSupport).
/// @throws std::invalid_argument if d_G is zero or not finite, or for a
///         HalfSpace unless HasHalfSpaceSupport(d_G) (otherwise the support
///         is at infinity).
Eigen::Vector3d CalcSupportPoint(const DistanceGeometry& G, const Eigen::Vector3d& d_G);

/// Whether the half-space z ≤ 0 has a support point in direction d_G: d_G
/// along +z up to the round-off of a rotation (its tilt at most 1e-12 rad;
/// the pose "roll 360°" tilts it by 2e-16). Its support point is then G's
/// origin, taken for the whole boundary plane.
bool HasHalfSpaceSupport(const Eigen::Vector3d& d_G);

}  // namespace hydrocontact
