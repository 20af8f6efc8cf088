#pragma once

/// @file
/// The signed distance from a point to a HeightField's solid and its
/// support point, in the height field's frame G: the tessellation's answer
/// (proximity/mesh_distance.h) polished on the true bicubic surface
/// (proximity/height_field_surface.h), and the flat bottom and sides
/// answered exactly.

#include <Eigen/Core>

#include "geometry/shape.h"
#include "proximity/distance/point_distance.h"
#include "proximity/mesh_distance.h"

namespace hydrocontact {

/// The signed distance from Q to the solid of `field` (negative inside),
/// with its nearest boundary point N and gradient, given the distance data
/// of its closed tessellation (MakeHeightFieldSurfaceMeshWithSubdivisions,
/// within ε of the true surface).
///
/// N is the nearest of these candidates, each a point of the TRUE boundary:
/// on the top, the points reached by projected Newton descent of
/// ½‖Q − S(x, y)‖² from the tessellation's nearest point and from Q's
/// vertical projection; on the bottom, the clamped projection; on each
/// side, the orthogonal projection when it falls on the side; on each
/// vertical corner edge, the nearest point. Inside/outside is the exact test
/// (IsInHeightField). Accuracy: N is a point of the surface, so the
/// reported |distance| is never below the true one; it is exact (to
/// ~1e-14 of the field's size) whenever the descent from the tessellation's
/// nearest point lands in the basin of the true nearest point, and at most
/// 2ε above the true distance otherwise (the start lies within ε of the
/// tessellation's answer, which is within ε of the truth). The gradient is
/// (Q − N)/‖Q − N‖ outside, (N − Q)/‖N − Q‖ inside, the surface's outward
/// normal at N for Q on the surface. Not unique when two candidates on
/// different parts of the boundary are equally near (to
/// kPointDistanceTieTolerance of the field's size) or Q is on an edge.
PointShapeDistance CalcHeightFieldPointDistance(const HeightField& field,
                                                const MeshDistanceData& tessellation,
                                                const Eigen::Vector3d& p_GQ);

/// A point of the solid extreme along the unit direction dhat_G: the
/// tessellation vertex maximising dhat_G·v (its vertices lie on the true
/// boundary), refined on the top surface by projected Newton ascent when
/// dhat_G points up. With `middle_of_ties`, when several vertices tie (to
/// 1e-12 of the field's size) their centroid is returned instead, unrefined,
/// if it is a point of the field (within that tie): the middle of a flat
/// extreme feature (a flat top, the bottom, an edge), as the distance
/// queries report for resting contact. If it is not (the tied vertices are
/// apart, e.g. two equal peaks, or form a non-convex plateau), the tied
/// vertex nearest the centroid is taken (the lowest index among equals) and
/// refined as above, so the result is always on the field. Otherwise
/// (without `middle_of_ties`) ties go to the lowest vertex index.
Eigen::Vector3d CalcHeightFieldSupport(const HeightField& field,
                                       const MeshDistanceData& tessellation,
                                       const Eigen::Vector3d& dhat_G, bool middle_of_ties);

/// The length scale of a height field: the largest of its half sizes and
/// the height of its solid (max_height − bottom).
double HeightFieldScale(const HeightField& field);

}  // namespace hydrocontact
