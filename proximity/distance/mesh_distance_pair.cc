#include "proximity/distance/mesh_distance_pair.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "proximity/distance/mesh_distance_skeleton.h"

namespace hydrocontact {

using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace internal {

double BoxBoxDistanceLowerBound(const Aabb& box_A, const Aabb& box_B, const RigidTransform& X_AB,
                                const Matrix3d& abs_R_AB) {
  const Vector3d ha = box_A.half_size();
  const Vector3d hb = box_B.half_size();
  const Vector3d t_A = X_AB * box_B.center() - box_A.center();
  // Any unit axis u gives |t·u| − (extent of A along u) − (extent of B)
  // ≤ distance; the face axes are the cheap, usually tight, choices, and
  // the bounding spheres cover oblique separations.
  double bound = t_A.norm() - ha.norm() - hb.norm();
  bound = std::max(bound, (t_A.cwiseAbs() - ha - abs_R_AB * hb).maxCoeff());
  const Vector3d t_B = X_AB.rotation().transpose() * t_A;
  bound = std::max(bound, (t_B.cwiseAbs() - abs_R_AB.transpose() * ha - hb).maxCoeff());
  return std::max(bound, 0.0);
}

Aabb TransformedBox(const Aabb& box_B, const RigidTransform& X_AB) {
  const Vector3d center = X_AB * box_B.center();
  const Vector3d half = X_AB.rotation().cwiseAbs() * box_B.half_size();
  return Aabb(center - half, center + half);
}

MeshSignedDistance ToMeshSignedDistance(const ConvexSignedDistance& convex) {
  MeshSignedDistance out;
  out.distance = convex.distance;
  out.p_ACa = convex.p_ACa;
  out.p_ACb_A = convex.p_ACb_A;
  out.nhat_BA_A = convex.nhat_BA_A;
  out.is_nhat_unique = convex.is_nhat_unique;
  return out;
}

}  // namespace internal

namespace {

// The closest pair of triangles of two meshes, in A.
struct SurfaceClosest {
  double distance{std::numeric_limits<double>::infinity()};
  Vector3d p_ACa{Vector3d::Zero()};
  Vector3d p_ACb_A{Vector3d::Zero()};
  // Another pair within tolerance of the minimum gives a different
  // direction.
  bool tie{false};
};

// A lower bound on the distance from the triangle (q0, q1, q2) to the plane
// through p with unit normal n, when the triangle lies strictly on one side
// of it; 0 otherwise.
double PlaneSeparation(const Vector3d& n, const Vector3d& p, const Vector3d& q0,
                       const Vector3d& q1, const Vector3d& q2) {
  const double h0 = n.dot(q0 - p), h1 = n.dot(q1 - p), h2 = n.dot(q2 - p);
  if (h0 > 0 && h1 > 0 && h2 > 0) return std::min({h0, h1, h2});
  if (h0 < 0 && h1 < 0 && h2 < 0) return -std::max({h0, h1, h2});
  return 0;
}

// BVH-vs-BVH minimum distance between the surfaces, depth first, descending
// into the larger box, nearer pair first, pruning pairs whose box distance
// bound reaches the best distance (plus eps, so ties are seen). Stops at
// the first zero distance: the surfaces touch.
SurfaceClosest FindSurfaceClosest(const MeshDistanceData& A, const MeshDistanceData& B,
                                  const RigidTransform& X_AB, double eps) {
  const std::vector<Bvh::Node>& na = A.bvh.nodes();
  const std::vector<Bvh::Node>& nb = B.bvh.nodes();
  const Matrix3d abs_R_AB = X_AB.rotation().cwiseAbs();
  struct Entry {
    int a, b;
    double bound;
  };
  Entry stack[4 * Bvh::kMaxDepth + 4];
  int top = 0;
  auto bound_of = [&](int a, int b) {
    return internal::BoxBoxDistanceLowerBound(na[a].box, nb[b].box, X_AB, abs_R_AB);
  };
  stack[top++] = {0, 0, bound_of(0, 0)};
  SurfaceClosest best;
  Vector3d best_direction = Vector3d::Zero();
  while (top > 0 && best.distance > 0) {
    const Entry e = stack[--top];
    if (e.bound > best.distance + eps) continue;
    const Bvh::Node& a = na[e.a];
    const Bvh::Node& b = nb[e.b];
    if (a.is_leaf() && b.is_leaf()) {
      const auto& ta = A.mesh.element(a.element);
      const auto& tb = B.mesh.element(b.element);
      const Vector3d& a0 = A.mesh.vertex(ta[0]);
      const Vector3d& a1 = A.mesh.vertex(ta[1]);
      const Vector3d& a2 = A.mesh.vertex(ta[2]);
      const Vector3d b0 = X_AB * B.mesh.vertex(tb[0]);
      const Vector3d b1 = X_AB * B.mesh.vertex(tb[1]);
      const Vector3d b2 = X_AB * B.mesh.vertex(tb[2]);
      // Cheap exclusion before the exact kernel: when one triangle lies
      // wholly on one side of the other's plane, its least height above
      // that plane bounds the distance from below.
      const double bound = std::max(
          PlaneSeparation(A.mesh.face_normal(a.element), a0, b0, b1, b2),
          PlaneSeparation(X_AB.RotateVector(B.mesh.face_normal(b.element)), b0, a0, a1, a2));
      if (bound > best.distance + eps) continue;
      const ClosestPair c = CalcClosestPointsTriangleTriangle(a0, a1, a2, b0, b1, b2);
      const double d = std::sqrt(c.squared_distance);
      const Vector3d direction = d > 0 ? Vector3d((c.p_FP - c.p_FQ) / d) : Vector3d::Zero();
      // Two pairs tie when their distances agree to eps and their
      // directions do not (the same contact seen through neighbouring
      // triangles gives the same direction).
      const bool differs = (direction - best_direction).norm() > 1e-9;
      if (d < best.distance) {
        best.tie = best.distance - d <= eps && differs;
        best.distance = d;
        best.p_ACa = c.p_FP;
        best.p_ACb_A = c.p_FQ;
        best_direction = direction;
      } else if (d - best.distance <= eps && differs) {
        best.tie = true;
      }
      continue;
    }
    // Split the larger box (by diagonal); the nearer child pair goes on top.
    const bool split_a =
        !a.is_leaf() && (b.is_leaf() || a.box.half_size().squaredNorm() >=
                                             b.box.half_size().squaredNorm());
    Entry first, second;
    if (split_a) {
      first = {e.a + 1, e.b, bound_of(e.a + 1, e.b)};
      second = {a.right, e.b, bound_of(a.right, e.b)};
    } else {
      first = {e.a, e.b + 1, bound_of(e.a, e.b + 1)};
      second = {e.a, b.right, bound_of(e.a, b.right)};
    }
    if (first.bound > second.bound) std::swap(first, second);
    stack[top++] = second;
    stack[top++] = first;
  }
  return best;
}

}  // namespace

MeshSignedDistance CalcMeshMeshSignedDistance(const MeshDistanceData& A, const MeshDistanceData& B,
                                              const RigidTransform& X_AB) {
  internal::RequireMeshDistanceData(A, "CalcMeshMeshSignedDistance (mesh A)");
  internal::RequireMeshDistanceData(B, "CalcMeshMeshSignedDistance (mesh B)");
  const double eps = internal::kMeshDistanceEpsilon * std::max(A.length_scale, B.length_scale);
  const RigidTransform X_BA = X_AB.inverse();
  const SurfaceClosest closest = FindSurfaceClosest(A, B, X_AB, eps);

  MeshSignedDistance out;
  if (closest.distance > eps) {
    // The surfaces are apart, so each solid is wholly inside or wholly
    // outside the other: one vertex of each decides.
    const Vector3d p_AB0 = X_AB * B.mesh.vertex(B.mesh.element(0)[0]);
    const Vector3d p_BA0 = X_BA * A.mesh.vertex(A.mesh.element(0)[0]);
    if (!IsPointInsideMesh(A, p_AB0) && !IsPointInsideMesh(B, p_BA0)) {
      out.distance = closest.distance;
      out.p_ACa = closest.p_ACa;
      out.p_ACb_A = closest.p_ACb_A;
      out.nhat_BA_A = (closest.p_ACa - closest.p_ACb_A) / closest.distance;
      out.is_nhat_unique = !closest.tie;
      return out;
    }
  }

  // Overlapping, nested or touching convex meshes: EPA on their vertices
  // gives the exact minimum translation distance.
  if (A.is_convex && B.is_convex) {
    return internal::ToMeshSignedDistance(ComputeConvexSignedDistance(
        PolytopeSupport{A.mesh.vertices(), 0.0, &A.mesh, &A.bvh},
        PolytopeSupport{B.mesh.vertices(), 0.0, &B.mesh, &B.bvh}, X_AB));
  }

  // Overlapping, nested or touching: the deepest skeleton point of either
  // mesh inside the other. A's side is searched first and its depth is the
  // bar B's side must beat, so equal depths keep A's witness.
  const SkeletonDeepestPoint a_in_b = FindDeepestSkeletonPoint(A, B, X_BA);
  const double bar = a_in_b.found ? -a_in_b.at.distance : 0.0;
  const SkeletonDeepestPoint b_in_a = FindDeepestSkeletonPoint(B, A, X_AB, bar);

  // Where the deepest point is equidistant from several faces (always so
  // for an edge crossing an edge), the mean of their directions is the
  // contact normal: the bisector of the wedge.
  if (b_in_a.found) {
    // y on B's skeleton inside A: Cb = y, Ca its nearest point on A,
    // normal −∇φ_A(y).
    out.distance = b_in_a.at.distance;
    out.p_ACa = b_in_a.at.p_GN;
    out.p_ACb_A = b_in_a.p_OQ;
    out.nhat_BA_A = -CalcMeshMeanGradient(A, b_in_a.p_OQ, b_in_a.at);
    out.is_nhat_unique = b_in_a.at.is_grad_unique;
    return out;
  }
  if (a_in_b.found) {
    // x on A's skeleton inside B: Ca = x, Cb its nearest point on B, normal
    // ∇φ_B(x).
    out.distance = a_in_b.at.distance;
    out.p_ACa = a_in_b.p_SQ;
    out.p_ACb_A = X_AB * a_in_b.at.p_GN;
    out.nhat_BA_A = X_AB.RotateVector(CalcMeshMeanGradient(B, a_in_b.p_OQ, a_in_b.at));
    out.is_nhat_unique = a_in_b.at.is_grad_unique;
    return out;
  }
  // Touching without any point strictly inside: the closest pair. Its
  // direction (Ca − Cb)/distance is noise at this distance; the surfaces'
  // normals at the contact are not: B's outward normal at Ca (∇φ_B) or
  // minus A's at Cb, preferring one where that surface is smooth (at a
  // sharp edge the pseudo-normal is only an average).
  const MeshPointDistance on_b = CalcMeshPointDistance(B, X_BA * closest.p_ACa);
  const MeshPointDistance on_a = CalcMeshPointDistance(A, closest.p_ACb_A);
  out.distance = closest.distance;
  out.p_ACa = closest.p_ACa;
  out.p_ACb_A = closest.p_ACb_A;
  if (!on_b.is_grad_unique && on_a.is_grad_unique) {
    out.nhat_BA_A = -on_a.grad_G;
  } else {
    out.nhat_BA_A = X_AB.RotateVector(on_b.grad_G);
  }
  out.is_nhat_unique = (on_b.is_grad_unique || on_a.is_grad_unique) && !closest.tie;
  return out;
}

}  // namespace hydrocontact
