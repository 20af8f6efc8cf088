#pragma once

/// @file
/// The two point/segment – triangle primitives that the whole library shares:
/// the closest point of a triangle to a point (with the feature holding it)
/// and a strict segment–triangle crossing test. They sit at the proximity/
/// level because both the signed distance to a mesh (proximity/mesh_distance.h,
/// used by the tetrahedral mesher of proximity/representation/) and the
/// surface validation (proximity/surface_validation.h) build on them; the
/// other closest-point kernels are in proximity/distance/triangle_distance.h.
///
/// All inputs and outputs are points measured and expressed in one common
/// frame F; the functions never allocate and never throw. Triangles must not
/// be degenerate (TriangleSurfaceMesh guarantees it).

#include <Eigen/Core>

namespace hydrocontact {

/// The feature of a triangle (v0, v1, v2) that holds a point: a vertex
/// (index i = vertex vᵢ), an edge (index i = the edge from vᵢ to
/// v₍ᵢ₊₁₎ mod 3) or the open face (index 0).
struct TriangleFeature {
  enum Kind { kVertex, kEdge, kFace };
  Kind kind{kFace};
  int index{0};
  bool operator==(const TriangleFeature&) const = default;
};

/// The closest point Q of a triangle to a query point P.
struct PointTriangleClosest {
  /// Q, in F.
  Eigen::Vector3d p_FQ{Eigen::Vector3d::Zero()};
  /// Barycentric coordinates of Q: Q = b0·v0 + b1·v1 + b2·v2 (all ≥ 0).
  Eigen::Vector3d barycentric{Eigen::Vector3d::Zero()};
  /// ‖P − Q‖².
  double squared_distance{0};
  /// The feature whose relative interior holds Q.
  TriangleFeature feature;
};

/// The point of the triangle (p_FV0, p_FV1, p_FV2) closest to p_FP, found by
/// the Voronoi regions of its vertices, edges and face. On a region
/// boundary the lower-dimensional feature wins (a point exactly above an
/// edge reports the edge), so the feature is deterministic.
PointTriangleClosest CalcClosestPointOnTriangle(const Eigen::Vector3d& p_FP,
                                                const Eigen::Vector3d& p_FV0,
                                                const Eigen::Vector3d& p_FV1,
                                                const Eigen::Vector3d& p_FV2);

/// True when segment [p_FA0, p_FA1] crosses the plane of the triangle
/// (p_FV0, p_FV1, p_FV2) strictly (its ends lie strictly on opposite sides)
/// at a point inside the closed triangle. Then `p_FX` (if given) receives
/// that point and `t` (if given) its parameter along the segment.
/// Touching and in-plane contacts return false: callers that need them get
/// them as zero distances of the boundary features.
bool SegmentCrossesTriangle(const Eigen::Vector3d& p_FA0, const Eigen::Vector3d& p_FA1,
                            const Eigen::Vector3d& p_FV0, const Eigen::Vector3d& p_FV1,
                            const Eigen::Vector3d& p_FV2, Eigen::Vector3d* p_FX = nullptr,
                            double* t = nullptr);

}  // namespace hydrocontact
