#pragma once

/// @file
/// The first point where a ray meets a shape's surface (the seed's
/// intersectsRay), in the shape's frame G: closed forms for the primitives
/// (a quadratic for sphere, ellipsoid, cylinder side and capsule caps, slabs
/// for box and caps, a quartic for the torus, exact, not its tessellation),
/// a BVH walk over the triangles
/// for Mesh and Convex (the hull's surface), and for a HeightField over its
/// tessellation, a hit on the top then refined onto the bicubic surface by
/// Newton's method along the ray (exact unless the ray grazes the surface
/// within DistanceGeometry::mesh_error of the tessellation).
///
/// The triangle test is watertight (LineTriangleTest, triangle_queries.h):
/// a ray through an edge or a vertex of a closed triangle mesh meets at
/// least one of the incident triangles, never none, so it cannot slip
/// between them and report the far side of the solid.
/// The hit is the smallest parameter among the triangles it meets; where
/// several incident triangles tie to round-off, which one's normal is
/// reported follows that round-off (their points agree to it).
///
/// From outside the ray enters the solid at the first hit; from inside
/// (the origin strictly inside) the first hit is where it leaves. Either way
/// the normal reported is the OUTWARD normal of the surface there (the
/// seed's "surface normal"), and `entering` says which case it is.

#include <optional>

#include <Eigen/Core>

#include "geometry/shape.h"
#include "mesh/aabb.h"
#include "proximity/distance/distance_geometry.h"

namespace hydrocontact {

/// A ray's first hit, in G.
struct RayHit {
  /// Distance from the ray's origin along the unit direction (finite,
  /// 0 ≤ distance ≤ max_distance; a miss is nullopt, never a hit at ∞).
  double distance{0};
  /// The hit point H, in G.
  Eigen::Vector3d p_GH{Eigen::Vector3d::Zero()};
  /// The outward unit normal at H, in G (on an edge or vertex of a box or
  /// mesh: the normal of the face the ray crosses first; for a mesh, the
  /// triangle's normal).
  Eigen::Vector3d nhat_G{Eigen::Vector3d::UnitZ()};
  /// True when the ray crosses from outside to inside at H.
  bool entering{true};
};

/// The first hit of the ray from p_GO along dir_G (need not be unit; it is
/// normalised) on the surface of geometry `G`, or nullopt if there is none
/// (or it is farther than `max_distance`). A ray grazing a curved surface
/// (a double root) counts as a hit. Allocation-free.
/// @throws std::invalid_argument if p_GO or dir_G is not finite, dir_G is
///         zero, p_GO is farther from G's origin than
///         kMaxDistanceFromGeometry (supported_range.h), or max_distance is
///         negative or NaN, naming the culprit.
std::optional<RayHit> IntersectRay(const DistanceGeometry& G, const Eigen::Vector3d& p_GO,
                                   const Eigen::Vector3d& dir_G,
                                   double max_distance = std::numeric_limits<double>::infinity());

/// The same for a torus (what the DistanceGeometry overload calls): the
/// smallest non-negative real root of the ray's quartic, found as the
/// eigenvalues of its companion matrix and polished by Newton's method.
std::optional<RayHit> IntersectRay(const Torus& torus, const Eigen::Vector3d& p_GO,
                                   const Eigen::Vector3d& dir_G,
                                   double max_distance = std::numeric_limits<double>::infinity());

/// True when the segment {p_GO + t·d : 0 ≤ t ≤ t_max} meets `box_G` (slab
/// test), given inv_d = 1/d componentwise (±∞ for zero components). Used to
/// prune before the exact intersection, so it is conservative: it may also
/// accept a segment missing the box by round-off (the far bound is widened
/// by 4ε relatively), never reject one that meets it.
bool RayIntersectsBox(const Aabb& box_G, const Eigen::Vector3d& p_GO,
                      const Eigen::Vector3d& inv_d, double t_max);

}  // namespace hydrocontact
