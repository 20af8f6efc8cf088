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

/// The line {p_FA + t·d_F : t ∈ ℝ} prepared for a watertight test against
/// many triangles (the construction of Woop, Benthin and Wald, "Watertight
/// ray/triangle intersection", JCGT 2013). Each vertex V is taken into a
/// frame sheared along the line, where the line is the third axis through
/// the origin: (x, y) = the components of V − A across the line's dominant
/// axis k, minus (d/d_k)·(V − A)_k, and z = (V − A)_k / d_k, the parameter of
/// the line's point level with V along axis k. The line meets a triangle iff the 2D origin
/// lies in the closed triangle of the (x, y), i.e. the three 2D edge
/// functions E(P, Q) = P_x·Q_y − P_y·Q_x of its edges have one sign.
///
/// Why it is watertight: a vertex's sheared coordinates depend only on the
/// vertex and the line, so triangles sharing a vertex see the same point,
/// and the two triangles sharing an edge evaluate E for it from the same
/// two products, in opposite order: exactly opposite values. And each
/// computed E has the exact sign of E at the sheared (rounded) vertices, or
/// is 0: rounding is monotone, so fl(P_x·Q_y) and fl(P_y·Q_x) compare as
/// the exact products do unless they become equal. Ties (E = 0) count as
/// inside. So the test accepts every triangle that the exact test accepts
/// on the sheared vertices, and a line through a closed surface meets at
/// least one triangle: through an edge, the one of the two incident
/// triangles on whose side the shared E's sign falls (both if it is 0),
/// through a vertex at least one of its fan. Never none; possibly also a
/// neighbour that misses by a round-off margin.
///
/// Lines parallel to a triangle's plane (all E equal 0 at once, or the
/// origin off the projected segment) do not meet it. Allocation-free.
class LineTriangleTest {
 public:
  /// @pre d_F is finite and nonzero (not checked).
  LineTriangleTest(const Eigen::Vector3d& p_FA, const Eigen::Vector3d& d_F);

  /// True when the line meets the closed triangle (p_FV0, p_FV1, p_FV2) as
  /// described above; then `t` (if given) receives the parameter of the
  /// crossing (p_FA + t·d_F), interpolated from the vertices' z with the
  /// normalised edge functions as barycentric weights (so it lies between
  /// the vertices' own parameters).
  bool Crosses(const Eigen::Vector3d& p_FV0, const Eigen::Vector3d& p_FV1,
               const Eigen::Vector3d& p_FV2, double* t = nullptr) const;

 private:
  // The sheared (x, y, z) of p_FV (see the class comment).
  Eigen::Vector3d Shear(const Eigen::Vector3d& p_FV) const;

  Eigen::Vector3d p_FA_;
  int kx_{0}, ky_{1}, kz_{2};
  double sx_{0}, sy_{0}, sz_{1};
};

/// True when segment [p_FA0, p_FA1] crosses the plane of the triangle
/// (p_FV0, p_FV1, p_FV2) strictly (its ends lie strictly on opposite sides)
/// at a point inside the closed triangle (LineTriangleTest's watertight
/// test of the segment's line). Then `p_FX` (if given) receives
/// that point and `t` (if given) its parameter along the segment.
/// Touching and in-plane contacts return false: callers that need them get
/// them as zero distances of the boundary features.
bool SegmentCrossesTriangle(const Eigen::Vector3d& p_FA0, const Eigen::Vector3d& p_FA1,
                            const Eigen::Vector3d& p_FV0, const Eigen::Vector3d& p_FV1,
                            const Eigen::Vector3d& p_FV2, Eigen::Vector3d* p_FX = nullptr,
                            double* t = nullptr);

}  // namespace hydrocontact
