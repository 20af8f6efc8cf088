#pragma once

/// @file
/// Segment queries against a closed triangle mesh (frame G): the point of a
/// segment nearest the surface, the deepest point of a set of segments
/// inside the solid, and the minimum signed distance along a segment (what
/// a capsule needs, and what the mesh–mesh penetration is built on).

#include <limits>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "proximity/distance/triangle_distance.h"
#include "proximity/mesh_distance.h"

namespace hydrocontact {

/// A segment [p_GA0, p_GA1] in the mesh's frame G.
struct MeshSegment {
  Eigen::Vector3d p_GA0{Eigen::Vector3d::Zero()};
  Eigen::Vector3d p_GA1{Eigen::Vector3d::Zero()};
};

/// The unsigned closest points of a segment and a mesh surface, in G.
struct MeshSegmentClosest {
  /// min ‖P − N‖ over P on the segment and N on the surface (≥ 0; 0 when
  /// the segment touches or crosses the surface).
  double distance{0};
  /// The parameter s ∈ [0, 1] of P = A0 + s·(A1 − A0).
  double s{0};
  /// P, on the segment, in G.
  Eigen::Vector3d p_GP{Eigen::Vector3d::Zero()};
  /// N, on the surface, in G.
  Eigen::Vector3d p_GN{Eigen::Vector3d::Zero()};
  /// The triangle holding N.
  int face{-1};
};

/// The closest points of the segment [p_GA0, p_GA1] and the surface: a
/// depth-first BVH traversal (nearer child first, boxes pruned by a lower
/// bound of their distance to the segment) with exact segment–triangle
/// kernels; stops at the first zero distance. Allocation-free.
/// @throws std::invalid_argument if an end point is not finite or `data`
///         is empty.
MeshSegmentClosest CalcMeshSegmentClosest(const MeshDistanceData& data,
                                          const Eigen::Vector3d& p_GA0,
                                          const Eigen::Vector3d& p_GA1);

/// The point of a set of segments that lies deepest inside the solid.
struct MeshDeepestPoint {
  /// False when no point of any segment is deeper than the requested
  /// minimum depth; the other fields are then meaningless.
  bool found{false};
  /// Which segment holds the point, and its parameter s ∈ [0, 1] there.
  int segment{-1};
  double s{0};
  /// The point Q, in G.
  Eigen::Vector3d p_GQ{Eigen::Vector3d::Zero()};
  /// The signed distance at Q (distance = −depth < 0), its nearest surface
  /// point and gradient.
  MeshPointDistance at;
};

/// Finds max over the points Q of the segments of depth(Q) = −φ(Q), among
/// points deeper than `min_depth` (≥ 0), by branch and bound on the
/// segments' parameter intervals:
/// - depth is evaluated exactly (CalcMeshPointDistance) at interval ends
///   and midpoints;
/// - an interval's depth is bounded above by min over triangles T of
///   max(dist(Q0, T), dist(Q1, T)) (distance to a triangle is convex along
///   a segment, so its maximum is at an end), and by the 1-Lipschitz bound
///   (length − φ(Q0) − φ(Q1))/2; the first stays tight on a plateau
///   (a segment parallel to a face), where the second alone would need
///   endless refinement;
/// - an interval with both ends outside and |φ(Q0)| + |φ(Q1)| > length
///   lies wholly outside and is dropped.
/// The interval of largest bound is refined first (a segment's ends are
/// evaluated only when its bound comes up); the search stops when no bound
/// exceeds the best depth found by more than kMeshDistanceEpsilon ·
/// length_scale, or after a cap of 2048 refinements per segment (never
/// reached in practice), returning the deepest point evaluated: always a
/// real point with its exact depth. Deterministic: ties keep the point
/// evaluated first. Allocates its queue once per call.
/// @throws std::invalid_argument if a segment end is not finite or `data`
///         is empty.
MeshDeepestPoint FindDeepestPointOnSegments(const MeshDistanceData& data,
                                            std::span<const MeshSegment> segments_G,
                                            double min_depth = 0);

/// min over the points P of the segment [p_GA0, p_GA1] of φ(P), and where.
struct MeshSegmentSignedDistance {
  /// min φ along the segment: the unsigned segment–surface distance when
  /// the segment is outside, minus the depth of its deepest point when any
  /// part is inside, 0 when it only touches.
  double distance{0};
  /// The parameter s ∈ [0, 1] of the minimising point P.
  double s{0};
  /// P, in G.
  Eigen::Vector3d p_GP{Eigen::Vector3d::Zero()};
  /// The point query at P: nearest surface point N and ∇φ(P).
  MeshPointDistance at;
};

/// The minimum signed distance along a segment (a capsule's core). Outside
/// the solid it is exact to round-off (CalcMeshSegmentClosest); when the
/// segment touches, crosses or lies inside the surface it is the deepest
/// point (FindDeepestPointOnSegments) to kMeshDistanceEpsilon ·
/// length_scale. A zero-length segment is a point.
/// @throws std::invalid_argument if an end point is not finite or `data`
///         is empty.
MeshSegmentSignedDistance CalcMeshSegmentSignedDistance(const MeshDistanceData& data,
                                                        const Eigen::Vector3d& p_GA0,
                                                        const Eigen::Vector3d& p_GA1);

namespace internal {

/// A lower bound on the squared distance between the closed box `box_G`
/// and the segment [p_GA0, p_GA1] (both in G): the larger of the squared
/// distance between the box and the segment's bounding box, and the
/// squared (distance from the box to the segment's midpoint less half the
/// segment's length).
double SegmentBoxLowerBoundSquared(const Aabb& box_G, const Eigen::Vector3d& p_GA0,
                                   const Eigen::Vector3d& p_GA1);

/// min over triangles T of max(dist(p_GQ0, T), dist(p_GQ1, T)): an upper
/// bound on the distance to the surface of every point of the segment
/// [Q0, Q1]. Returns `cap` if no triangle does better than `cap`.
double SegmentDistanceUpperBound(const MeshDistanceData& data, const Eigen::Vector3d& p_GQ0,
                                 const Eigen::Vector3d& p_GQ1, double cap);

/// The branch and bound behind FindDeepestPointOnSegments, open to
/// searches that discover their segments as they go (the skeleton search
/// of proximity/mesh_distance_skeleton.h expands BVH nodes into edges).
/// It maximises depth = −φ (φ of the mesh `other`, in its frame O) over
/// the segments added, best bound first. Items are segment intervals and
/// opaque "nodes" the caller expands. Not thread-safe; one search per
/// object.
class DeepestPointSearch {
  struct Item;

 public:
  /// The search's growing arrays, which a caller keeps from search to
  /// search (e.g. thread_local) so that a search allocates nothing once
  /// they have grown. One search at a time per Storage.
  struct Storage {
    std::vector<MeshSegment> segments;
    std::vector<Item> heap;
  };

  /// @param min_depth  only points deeper than this count (≥ 0).
  /// @param storage    the arrays to work in (emptied first, capacity kept).
  DeepestPointSearch(const MeshDistanceData& other, double min_depth, Storage* storage);

  /// Adds the segment [p_OA0, p_OA1] (in O) whose points are known to be
  /// no deeper than `upper`; returns its index. Its ends are evaluated
  /// only if its bound survives until it is taken from the queue. A
  /// zero-length segment is a single point.
  int AddSegment(const Eigen::Vector3d& p_OA0, const Eigen::Vector3d& p_OA1,
                 double upper = std::numeric_limits<double>::infinity());

  /// Queues a caller-defined item `payload` whose points are no deeper than
  /// `upper`; Run hands it back to `expand` when its turn comes (if its
  /// bound can still beat the best depth).
  void AddNode(int payload, double upper);

  /// Takes items in decreasing order of bound until none can beat the best
  /// depth by more than the tolerance (kMeshDistanceEpsilon ·
  /// other.length_scale) or the refinement cap (2048 per segment) is hit.
  /// Nodes go to expand(payload, upper), which may add segments and nodes.
  template <class Expand>
  void Run(Expand&& expand) {
    while (!heap_.empty()) {
      const Item item = Pop();
      if (item.upper <= best_depth_ + tolerance_) break;
      if (item.segment < 0) {
        expand(item.payload, item.upper);
      } else if (++refinements_ > 2048 * (long(segments_.size()) + 1)) {
        break;
      } else {
        Refine(item);
      }
    }
    heap_.clear();
  }

  /// Whether a node or segment whose points are no deeper than `upper` can
  /// still matter.
  bool Matters(double upper) const { return upper > best_depth_ + tolerance_; }

  /// The deepest point found (found = false if none beats min_depth);
  /// `segment` indexes the segments in the order added.
  const MeshDeepestPoint& best() const { return best_; }
  const MeshSegment& segment(int i) const { return segments_[i]; }

 private:
  struct Item {
    double upper;
    int segment;  // -1 for a node
    int payload;  // the node's payload
    double t0, t1;
    double phi0, phi1;  // NaN until the ends are evaluated
    int level;
    bool operator<(const Item& other) const { return upper < other.upper; }
  };
  Item Pop();
  void Push(const Item& item);
  void Refine(const Item& item);
  void Consider(int segment, double t, const Eigen::Vector3d& p_OQ, const MeshPointDistance& at);
  void PushEvaluated(int segment, double t0, double t1, double phi0, double phi1, int level,
                     double cap);
  Eigen::Vector3d Point(int segment, double t) const;

  const MeshDistanceData& other_;
  double tolerance_;
  double best_depth_;
  MeshDeepestPoint best_;
  std::vector<MeshSegment>& segments_;
  std::vector<Item>& heap_;
  long refinements_{0};
};

}  // namespace internal

}  // namespace hydrocontact
