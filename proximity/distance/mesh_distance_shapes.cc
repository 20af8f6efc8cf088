#include "proximity/distance/mesh_distance_shapes.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <functional>
#include <limits>
#include <vector>

#include "proximity/distance/convex_signed_distance.h"
#include "proximity/distance/ellipsoid_point_distance.h"
#include "proximity/distance/mesh_distance_segment.h"
#include "proximity/distance/point_distance.h"
#include "proximity/distance/support_mapping.h"

namespace hydrocontact {

using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

// A round shape's core point P (in A) and radius r: Ca is the nearest point
// of A's surface to P, the normal −∇φ_A(P) points from B toward A, and Cb
// = P + r·(−∇φ_A(P)) is where the sphere around P meets the line P–Ca, so
// ‖Ca − Cb‖ = |φ_A(P) − r|. Where ∇φ_A(P) is not unique the reported
// normal is the mean direction (CalcMeshMeanGradient).
MeshSignedDistance FromCorePoint(const MeshDistanceData& A, const Vector3d& p_AP,
                                 const MeshPointDistance& at, double radius) {
  MeshSignedDistance out;
  out.distance = at.distance - radius;
  out.p_ACa = at.p_GN;
  out.p_ACb_A = p_AP - radius * at.grad_G;
  out.nhat_BA_A = -CalcMeshMeanGradient(A, p_AP, at);
  out.is_nhat_unique = at.is_grad_unique;
  return out;
}

// The support mapping of a convex mesh: its vertices (all used, so their
// hull is the solid), searched through the mesh's BVH.
PolytopeSupport MeshSupport(const MeshDistanceData& A) { return {A.mesh.vertices(), 0.0, &A.mesh, &A.bvh}; }

// The axis-aligned box of a support mapping's set, in its own frame.
template <SupportMapping S>
Aabb SupportBox(const S& shape) {
  Aabb box;
  for (int i = 0; i < 3; ++i) {
    box.Include(Vector3d(shape.Support(Vector3d::Unit(i))));
    box.Include(Vector3d(shape.Support(-Vector3d::Unit(i))));
  }
  box.Inflate(shape.margin());
  return box;
}

// Maximises the concave function depth(t) over t ∈ [0, 1] by golden-section
// search to a parameter width `t_tolerance`, returning the best t
// evaluated (its depth in *best_depth). Concave functions are unimodal, so
// the search never loses the maximum; on a plateau any point of it is a
// maximiser.
template <class Depth>
double MaximiseConcave(const Depth& depth, double t_tolerance, double* best_depth) {
  constexpr double kInvPhi = 0.6180339887498949;  // (√5 − 1)/2
  double a = 0, b = 1;
  double best_t = 0;
  *best_depth = depth(0.0);
  auto consider = [&](double t, double value) {
    if (value > *best_depth) {
      *best_depth = value;
      best_t = t;
    }
  };
  consider(1.0, depth(1.0));
  double c = b - kInvPhi * (b - a), d = a + kInvPhi * (b - a);
  double fc = depth(c), fd = depth(d);
  consider(c, fc);
  consider(d, fd);
  // A hard cap (~100 halvings of the golden ratio) guards round-off.
  for (int i = 0; i < 150 && b - a > t_tolerance; ++i) {
    if (fc >= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - kInvPhi * (b - a);
      fc = depth(c);
      consider(c, fc);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + kInvPhi * (b - a);
      fd = depth(d);
      consider(d, fd);
    }
  }
  return best_t;
}

// The deepest candidate point met so far among those deeper than a
// threshold (the depth it starts with). Of equally deep candidates the
// lexicographically smallest point wins, so the winner does not depend on
// the order in which the candidates are offered: any traversal order and
// any split into pieces (each with its own Deepest, offered to one another
// afterwards) give the same one.
struct Deepest {
  double depth{0};
  bool found{false};
  Vector3d p_A{Vector3d::Zero()};

  void Offer(double candidate_depth, const Vector3d& p) {
    if (candidate_depth > depth ||
        (found && candidate_depth == depth &&
         std::lexicographical_compare(p.data(), p.data() + 3, p_A.data(), p_A.data() + 3))) {
      depth = candidate_depth;
      p_A = p;
      found = true;
    }
  }
};

// value = max(value, candidate), atomically.
void RaiseTo(std::atomic<double>& value, double candidate) {
  double current = value.load(std::memory_order_relaxed);
  while (candidate > current && !value.compare_exchange_weak(current, candidate, std::memory_order_relaxed)) {
  }
}

// The overlap search's pieces: the subtrees 5 levels below the root of A's
// BVH, 32 for any mesh large enough to split. The overlap is usually one
// region of A, held by a run of neighbouring subtrees; an executor deals
// items to its threads in turn, so 32 pieces spread such a run over the
// threads where 8 would leave it to one or two of them.
constexpr int kSplitDepth = 5;

// Mesh A against a convex primitive B with support mapping `support` and
// closed-form point distance CalcPointDistance(shape, ·). See the file
// comment of mesh_distance_shapes.h for the method.
template <class Shape, SupportMapping S>
MeshSignedDistance MeshConvexPrimitive(const MeshDistanceData& A, const Shape& shape,
                                       const S& support, const RigidTransform& X_AB,
                                       const ParallelExecutor* executor) {
  internal::RequireMeshDistanceData(A, "CalcMeshShapeSignedDistance");
  if (A.is_convex) {
    return internal::ToMeshSignedDistance(ComputeConvexSignedDistance(MeshSupport(A), support, X_AB));
  }
  const Aabb box_B = SupportBox(support);
  const double eps =
      internal::kMeshDistanceEpsilon * std::max(A.length_scale, (box_B.max - box_B.min).norm());
  const RigidTransform X_BA = X_AB.inverse();

  // 1. The nearest triangle by GJK, depth first over A's BVH, pruned by the
  //    box-distance bound against B's box; stop at the first contact.
  const std::vector<Bvh::Node>& nodes = A.bvh.nodes();
  const Matrix3d abs_R_AB = X_AB.rotation().cwiseAbs();
  // Two lower bounds of the distance from a node's triangles to B: the
  // box-box bound, and φ_B at the box centre less the box's radius (φ_B is
  // 1-Lipschitz); the second is much tighter against round shapes.
  auto bound_of = [&](int n) {
    const Aabb& box = nodes[n].box;
    return std::max(
        internal::BoxBoxDistanceLowerBound(box, box_B, X_AB, abs_R_AB),
        CalcPointDistance(shape, X_BA * box.center()).distance - box.half_size().norm());
  };
  ConvexSignedDistance nearest;
  nearest.distance = std::numeric_limits<double>::infinity();
  A.bvh.BranchAndBound(
      0, bound_of, std::less<>(),
      [&](double bound) { return bound >= nearest.distance; },
      [&](int f) {
        const auto& t = A.mesh.element(f);
        const TriangleSupport triangle{
            {A.mesh.vertex(t[0]), A.mesh.vertex(t[1]), A.mesh.vertex(t[2])}, 0.0};
        const ConvexSignedDistance r = ComputeConvexSignedDistance(triangle, support, X_AB);
        if (r.distance < nearest.distance) nearest = r;
        // A contact ends the search.
        return nearest.distance > eps;
      });

  // 2. Surfaces apart: separated unless one holds the other.
  if (nearest.distance > eps) {
    const Vector3d p_A_on_B = X_AB * Vector3d(support.Support(Vector3d::UnitX()));
    const Vector3d p_BA0 = X_BA * A.mesh.vertex(A.mesh.element(0)[0]);
    if (!IsPointInsideMesh(A, p_A_on_B) && CalcPointDistance(shape, p_BA0).distance > 0) {
      return internal::ToMeshSignedDistance(nearest);
    }
  }

  // 3. Overlapping: the deepest of A's skeleton in B and B's support points
  //    (below A's nearby faces) in A. A's side first; B's must beat it.
  //    Both searches run over A's BVH, whole or (with an executor, for a
  //    large mesh) in the pieces of kSplitDepth subtrees; candidates are
  //    kept by Deepest, whose winner does not depend on the order they are
  //    met in, so the answer is the same for any split and any thread count.
  int roots[1 << kSplitDepth] = {0};
  int num_roots = 1;
  if (executor != nullptr && executor->num_threads() >= 2 && A.mesh.num_elements() >= kMinSplitTriangles) {
    num_roots = A.bvh.SubtreeRoots(kSplitDepth, roots);
  }
  Deepest found_by[1 << kSplitDepth];
  std::exception_ptr errors[1 << kSplitDepth];
  auto run_pieces = [&](const auto& search, double threshold) {
    auto piece = [&](int k) {
      found_by[k] = Deepest{threshold};
      try {
        search(roots[k], &found_by[k]);
      } catch (...) {
        errors[k] = std::current_exception();
      }
    };
    if (num_roots > 1) {
      executor->For(num_roots, piece);
    } else {
      piece(0);
    }
    Deepest all{threshold};
    for (int k = 0; k < num_roots; ++k) {
      if (errors[k]) std::rethrow_exception(errors[k]);
      if (found_by[k].found) all.Offer(found_by[k].depth, found_by[k].p_A);
    }
    return all;
  };
  // A box of radius r about its centre c has no point deeper in B than
  // r − φ_B(c) (φ_B is 1-Lipschitz), which also drops boxes wholly outside
  // B. Pruning keeps a box unless that bound is below the depth to beat by
  // more than `margin`, a multiple of the bound's round-off: so a box holding
  // a candidate as deep as the winner is never dropped, and the winner is
  // the same whichever depths the pieces had found when they pruned.
  const double margin = 1e-9 * (A.length_scale + X_AB.translation().norm() + (box_B.max - box_B.min).norm());
  auto depth_bound = [&](int n) {
    return nodes[n].box.half_size().norm() - CalcPointDistance(shape, X_BA * nodes[n].box.center()).distance;
  };
  // The deepest depth any piece has found so far, shared by the pieces for
  // pruning only (see above), so each piece prunes with the others' finds.
  std::atomic<double> deepest_yet{0.0};

  //    A's skeleton, depth first, deeper bound first. Each sharp edge is
  //    taken by the first of its faces, each lone vertex by its recorded
  //    face, so each piece of the skeleton is met once.
  const MeshPseudoNormals& normals = A.normals;
  auto consider_piece = [&](int v0, int v1, Deepest* best) {
    const Vector3d p0_B = X_BA * A.mesh.vertex(v0);
    const Vector3d p1_B = X_BA * A.mesh.vertex(v1);
    const PointShapeDistance at0 = CalcPointDistance(shape, p0_B);
    double depth = -at0.distance;
    double t = 0;
    if (v0 != v1) {
      const PointShapeDistance at1 = CalcPointDistance(shape, p1_B);
      const Vector3d d_B = p1_B - p0_B;
      const double length = d_B.norm();
      // Wholly outside by the 1-Lipschitz bound: nothing to gain.
      if (depth < 0 && at1.distance > 0 && -depth + at1.distance > length) return;
      // φ_B is convex (B is), so −φ_B is concave along the edge: where its
      // slope −∇φ_B·d at an end (exact where the gradient is unique) points
      // back along the edge, that end is the maximum. Most edges end so (a
      // face of B is flat), which spares them the search.
      const bool max_at_v0 = at0.is_grad_unique && at0.grad_G.dot(d_B) >= 0;
      const bool max_at_v1 = !max_at_v0 && at1.is_grad_unique && at1.grad_G.dot(d_B) <= 0;
      if (max_at_v1 && -at1.distance > depth) {
        depth = -at1.distance;
        t = 1;
      } else if (!max_at_v0 && !max_at_v1) {
        t = MaximiseConcave(
            [&](double s) { return -CalcPointDistance(shape, Vector3d(p0_B + s * d_B)).distance; },
            length > 0 ? eps / length : 1.0, &depth);
      }
    }
    const Vector3d& a0 = A.mesh.vertex(v0);
    best->Offer(depth, Vector3d(a0 + t * (A.mesh.vertex(v1) - a0)));
  };
  auto skeleton_search = [&](int root, Deepest* best) {
    A.bvh.BranchAndBound(
        root, depth_bound, std::greater<>(),
        [&](double bound) {
          return bound + margin < std::max(best->depth, deepest_yet.load(std::memory_order_relaxed));
        },
        [&](int f) {
          for (int i = 0; i < 3; ++i) {
            const int edge = normals.face_edges[f][i];
            if (normals.edge_is_flat[edge] || normals.edge_faces[edge][0] != f) continue;
            consider_piece(normals.edge_vertices[edge][0], normals.edge_vertices[edge][1], best);
          }
          for (int v : A.mesh.element(f)) {
            if (normals.vertex_on_sharp_edge[v] || normals.vertex_face[v] != f) continue;
            consider_piece(v, v, best);
          }
          RaiseTo(deepest_yet, best->depth);
        });
  };
  const Deepest in_B = run_pieces(skeleton_search, 0.0);

  //    B's points: for each face of A near B, B's extreme point beyond the
  //    face's plane (its support point in −n̂), when it is beyond it. When
  //    B is buried in A with a gap, "near" must reach across the gap: the
  //    box grows by the distance found in step 1 (0 when they touch), which
  //    takes in at least the nearest face.
  Aabb box_B_in_A = internal::TransformedBox(box_B, X_AB);
  if (nearest.distance > 0) box_B_in_A.Inflate(nearest.distance);
  const Aabb box_A = A.bvh.bounding_box();
  auto support_search = [&](int root, Deepest* best) {
    // Neighbouring faces often give the same point (a box's corner, a
    // cylinder's rim point): the last few evaluated are not evaluated again.
    constexpr int kRecent = 4;
    Vector3d recent[kRecent];
    for (Vector3d& p : recent) p.setConstant(std::numeric_limits<double>::quiet_NaN());
    int next = 0;
    A.bvh.QuerySubtree(root, box_B_in_A, [&](int f) {
      const Vector3d& n_A = A.mesh.face_normal(f);
      const Vector3d p_B = support.Support(X_BA.RotateVector(-n_A));
      // A recent point was evaluated already (below, whatever face it came
      // from): the same point gives the same depth.
      for (const Vector3d& p : recent) {
        if (p == p_B) return;
      }
      const Vector3d p_A = X_AB * p_B;
      if (n_A.dot(p_A - A.mesh.vertex(A.mesh.element(f)[0])) >= 0) return;
      recent[next] = p_B;
      next = (next + 1) % kRecent;
      // Outside A's box is outside A: no depth to offer.
      if (!box_A.Contains(p_A)) return;
      // A point within `to_beat` of A's surface is no deeper than that: a
      // nearby triangle, found at a fraction of the signed query's cost,
      // rules it out (with the pruning's margin, see above).
      const double to_beat = std::max(best->depth, deepest_yet.load(std::memory_order_relaxed)) - margin;
      if (to_beat > 0 && CalcUnsignedDistanceToTriangles(A.mesh, A.bvh, p_A, to_beat) < to_beat) return;
      best->Offer(-CalcMeshPointDistance(A, p_A).distance, p_A);
      RaiseTo(deepest_yet, best->depth);
    });
  };
  const Deepest in_A = run_pieces(support_search, in_B.depth);

  if (in_A.found) {
    // y, a point of B's surface inside A: Cb = y, Ca its nearest point on
    // A, normal −∇φ_A(y) (its mean where it is not unique).
    return FromCorePoint(A, in_A.p_A, CalcMeshPointDistance(A, in_A.p_A), 0.0);
  }
  if (in_B.found) {
    // x on A's skeleton inside B: Ca = x, Cb its nearest point on B, normal
    // ∇φ_B(x).
    const PointShapeDistance at = CalcPointDistance(shape, X_BA * in_B.p_A);
    MeshSignedDistance out;
    out.distance = at.distance;
    out.p_ACa = in_B.p_A;
    out.p_ACb_A = X_AB * at.p_GN;
    out.nhat_BA_A = X_AB.RotateVector(at.grad_G);
    out.is_nhat_unique = at.is_grad_unique;
    return out;
  }
  // Touching, nothing strictly inside: the nearest triangle's answer.
  return internal::ToMeshSignedDistance(nearest);
}

}  // namespace

MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& A, const Sphere& sphere,
                                               const RigidTransform& X_AB) {
  internal::RequireMeshDistanceData(A, "CalcMeshShapeSignedDistance (sphere)");
  const Vector3d p_AC = X_AB.translation();
  return FromCorePoint(A, p_AC, CalcMeshPointDistance(A, p_AC), sphere.radius());
}

MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& A, const Capsule& capsule,
                                               const RigidTransform& X_AB) {
  internal::RequireMeshDistanceData(A, "CalcMeshShapeSignedDistance (capsule)");
  const Vector3d half_axis(0, 0, capsule.length() / 2);
  const Vector3d p_AP0 = X_AB * Vector3d(-half_axis);
  const Vector3d p_AP1 = X_AB * half_axis;
  const MeshSegmentSignedDistance core = CalcMeshSegmentSignedDistance(A, p_AP0, p_AP1);
  if (A.is_convex && core.distance < capsule.radius()) {
    // Overlapping a convex mesh: the exact minimum translation by EPA.
    const SegmentSupport segment{-half_axis, half_axis, capsule.radius()};
    return internal::ToMeshSignedDistance(ComputeConvexSignedDistance(MeshSupport(A), segment, X_AB));
  }
  return FromCorePoint(A, core.p_GP, core.at, capsule.radius());
}

MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& A, const HalfSpace&,
                                               const RigidTransform& X_AB) {
  internal::RequireMeshDistanceData(A, "CalcMeshShapeSignedDistance (half-space)");
  // Height above B's plane of a point p (in A): n·p − offset, n = B's +z in
  // A. A box's least height is n·centre − |n|·half_size.
  const Vector3d n_A = X_AB.rotation().col(2);
  const double offset = n_A.dot(X_AB.translation());
  const Vector3d abs_n = n_A.cwiseAbs();
  const std::vector<Bvh::Node>& nodes = A.bvh.nodes();
  auto box_low = [&](int i) {
    return n_A.dot(nodes[i].box.center()) - abs_n.dot(nodes[i].box.half_size()) - offset;
  };
  double lowest = std::numeric_limits<double>::infinity();
  int lowest_vertex = -1;
  A.bvh.BranchAndBound(
      0, box_low, std::less<>(), [&](double low) { return low >= lowest; },
      [&](int f) {
        for (int v : A.mesh.element(f)) {
          const double h = n_A.dot(A.mesh.vertex(v)) - offset;
          // Ties keep the smallest vertex index, whatever the visiting order.
          if (h < lowest || (h == lowest && v < lowest_vertex)) {
            lowest = h;
            lowest_vertex = v;
          }
        }
      });
  MeshSignedDistance out;
  out.distance = lowest;
  out.p_ACa = A.mesh.vertex(lowest_vertex);
  out.p_ACb_A = out.p_ACa - lowest * n_A;
  out.nhat_BA_A = n_A;
  out.is_nhat_unique = true;
  return out;
}

MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& A, const Box& box,
                                               const RigidTransform& X_AB, const ParallelExecutor* executor) {
  return MeshConvexPrimitive(A, box, BoxSupport{box.half_size()}, X_AB, executor);
}

MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& A,
                                               const Cylinder& cylinder,
                                               const RigidTransform& X_AB, const ParallelExecutor* executor) {
  return MeshConvexPrimitive(A, cylinder, CylinderSupport{cylinder.radius(), cylinder.length() / 2},
                             X_AB, executor);
}

MeshSignedDistance CalcMeshShapeSignedDistance(const MeshDistanceData& A,
                                               const Ellipsoid& ellipsoid,
                                               const RigidTransform& X_AB, const ParallelExecutor* executor) {
  return MeshConvexPrimitive(A, ellipsoid, EllipsoidSupport{ellipsoid.semi_axes()}, X_AB, executor);
}

}  // namespace hydrocontact
