#pragma once

/// @file
/// Closest points between the elementary pieces of a triangle mesh: point –
/// triangle, segment – segment, segment – triangle and triangle – triangle.
/// These are the exact kernels under every mesh distance query
/// (proximity/mesh_distance.h).
///
/// All inputs are points measured and expressed in one common frame F, and
/// so are all outputs; the functions never allocate and never throw. They
/// are exact up to round-off: every branch is decided on the same dot
/// products that produce the answer, and degenerate inputs (parallel or
/// coplanar pieces, a query point exactly on an edge or vertex, segments of
/// zero length) always get a closest pair. Triangles must not be degenerate
/// (TriangleSurfaceMesh guarantees it).

#include <Eigen/Core>

#include "proximity/triangle_queries.h"

namespace hydrocontact {

/// The closest pair of points P (on the first input) and Q (on the second).
struct ClosestPair {
  /// P, on the first piece, in F.
  Eigen::Vector3d p_FP{Eigen::Vector3d::Zero()};
  /// Q, on the second piece, in F.
  Eigen::Vector3d p_FQ{Eigen::Vector3d::Zero()};
  /// ‖P − Q‖².
  double squared_distance{0};
};

/// The closest points of segment [p_FA0, p_FA1] (P = A0 + s·(A1 − A0)) and
/// segment [p_FB0, p_FB1] (Q = B0 + t·(B1 − B0)): an adapter of
/// CalcSegmentClosestPoints (proximity/segment_distance.h), which see for
/// parallel, overlapping and zero-length segments.
/// @param[out] s, t  optional: the parameters of P and Q in [0, 1].
ClosestPair CalcClosestPointsSegmentSegment(const Eigen::Vector3d& p_FA0,
                                            const Eigen::Vector3d& p_FA1,
                                            const Eigen::Vector3d& p_FB0,
                                            const Eigen::Vector3d& p_FB1, double* s = nullptr,
                                            double* t = nullptr);

/// The closest points of segment [p_FA0, p_FA1] (P) and the triangle
/// (p_FV0, p_FV1, p_FV2) (Q). A segment that pierces the triangle gives
/// P = Q = the crossing point; otherwise the minimum is over the segment
/// against the three edges and the segment's ends against the triangle,
/// which covers every configuration of a segment and a disjoint triangle
/// (including coplanar ones).
/// @param[out] s  optional: the parameter of P along the segment, in [0, 1].
ClosestPair CalcClosestPointsSegmentTriangle(const Eigen::Vector3d& p_FA0,
                                             const Eigen::Vector3d& p_FA1,
                                             const Eigen::Vector3d& p_FV0,
                                             const Eigen::Vector3d& p_FV1,
                                             const Eigen::Vector3d& p_FV2, double* s = nullptr);

/// The closest points of triangle (p_FA0, p_FA1, p_FA2) (P) and triangle
/// (p_FB0, p_FB1, p_FB2) (Q). Intersecting triangles (an edge of one
/// pierces the other) give distance 0 with P = Q = a crossing point;
/// disjoint ones the minimum over the nine edge pairs and six
/// vertex–triangle pairs, which is where the minimum of two disjoint
/// triangles is always attained. Coplanar, parallel and touching triangles
/// are covered by the same candidates.
ClosestPair CalcClosestPointsTriangleTriangle(const Eigen::Vector3d& p_FA0,
                                              const Eigen::Vector3d& p_FA1,
                                              const Eigen::Vector3d& p_FA2,
                                              const Eigen::Vector3d& p_FB0,
                                              const Eigen::Vector3d& p_FB1,
                                              const Eigen::Vector3d& p_FB2);

}  // namespace hydrocontact
