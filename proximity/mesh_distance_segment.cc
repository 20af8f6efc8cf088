#include "proximity/mesh_distance_segment.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace hydrocontact {

using Eigen::Vector3d;

namespace internal {

double SegmentBoxLowerBoundSquared(const Aabb& box_G, const Vector3d& p_GA0,
                                   const Vector3d& p_GA1) {
  const Vector3d seg_min = p_GA0.cwiseMin(p_GA1);
  const Vector3d seg_max = p_GA0.cwiseMax(p_GA1);
  const Vector3d gap = (box_G.min - seg_max).cwiseMax(seg_min - box_G.max).cwiseMax(0.0);
  double bound = gap.squaredNorm();
  const double from_mid =
      std::sqrt(box_G.SquaredDistanceTo((p_GA0 + p_GA1) / 2)) - (p_GA1 - p_GA0).norm() / 2;
  if (from_mid > 0) bound = std::max(bound, from_mid * from_mid);
  return bound;
}

double SegmentDistanceUpperBound(const MeshDistanceData& data, const Vector3d& p_GQ0,
                                 const Vector3d& p_GQ1, double cap) {
  const std::vector<Bvh::Node>& nodes = data.bvh.nodes();
  const TriangleSurfaceMesh& mesh = data.mesh;
  // A box's distance to each end bounds every triangle inside it from
  // below, so max of the two is a lower bound of the quantity minimised.
  auto node_bound = [&](int n) {
    return std::max(nodes[n].box.SquaredDistanceTo(p_GQ0), nodes[n].box.SquaredDistanceTo(p_GQ1));
  };
  struct Entry {
    int node;
    double bound;
  };
  Entry stack[2 * Bvh::kMaxDepth + 2];
  int top = 0;
  stack[top++] = {0, node_bound(0)};
  double best = cap * cap;
  while (top > 0) {
    const Entry entry = stack[--top];
    if (entry.bound >= best) continue;
    const Bvh::Node& node = nodes[entry.node];
    if (node.is_leaf()) {
      const auto& t = mesh.element(node.element);
      const Vector3d& a = mesh.vertex(t[0]);
      const Vector3d& b = mesh.vertex(t[1]);
      const Vector3d& c = mesh.vertex(t[2]);
      const double d0 = CalcClosestPointOnTriangle(p_GQ0, a, b, c).squared_distance;
      if (d0 >= best) continue;
      const double d1 = CalcClosestPointOnTriangle(p_GQ1, a, b, c).squared_distance;
      best = std::min(best, std::max(d0, d1));
      continue;
    }
    const int left = entry.node + 1;
    const int right = node.right;
    const double b_left = node_bound(left);
    const double b_right = node_bound(right);
    if (b_left <= b_right) {
      stack[top++] = {right, b_right};
      stack[top++] = {left, b_left};
    } else {
      stack[top++] = {left, b_left};
      stack[top++] = {right, b_right};
    }
  }
  return std::sqrt(best);
}

}  // namespace internal

namespace {

void RequireFinite(const Vector3d& p, const char* caller, const char* what, int index = -1) {
  if (p.allFinite()) return;
  throw std::invalid_argument(
      index >= 0 ? fmt::format("{}: {} of segment {} is not finite ({}, {}, {})", caller, what,
                               index, p.x(), p.y(), p.z())
                 : fmt::format("{}: {} ({}, {}, {}) is not finite", caller, what, p.x(), p.y(),
                               p.z()));
}

// One parameter interval [t0, t1] of one segment in the branch and bound,
// with the signed distances at its ends and an upper bound of the depth
// anywhere in it.
struct Interval {
  double upper;
  int segment;
  double t0, t1;
  double phi0, phi1;
  int level;
  bool operator<(const Interval& other) const { return upper < other.upper; }
};

// Halving beyond this many levels resolves a unit segment to ~1e-18: the
// tolerance stops the search long before; the cap only guards round-off.
constexpr int kMaxLevel = 64;
// Refinements allowed per segment before the search gives up and returns
// the deepest point evaluated.
constexpr int kMaxRefinementsPerSegment = 2048;

}  // namespace

MeshSegmentClosest CalcMeshSegmentClosest(const MeshDistanceData& data, const Vector3d& p_GA0,
                                          const Vector3d& p_GA1) {
  internal::RequireMeshDistanceData(data, "CalcMeshSegmentClosest");
  RequireFinite(p_GA0, "CalcMeshSegmentClosest", "segment end A0");
  RequireFinite(p_GA1, "CalcMeshSegmentClosest", "segment end A1");
  const std::vector<Bvh::Node>& nodes = data.bvh.nodes();
  const TriangleSurfaceMesh& mesh = data.mesh;
  struct Entry {
    int node;
    double bound;
  };
  Entry stack[2 * Bvh::kMaxDepth + 2];
  int top = 0;
  stack[top++] = {0, internal::SegmentBoxLowerBoundSquared(nodes[0].box, p_GA0, p_GA1)};
  MeshSegmentClosest out;
  double best = std::numeric_limits<double>::infinity();
  while (top > 0 && best > 0) {
    const Entry entry = stack[--top];
    if (entry.bound >= best) continue;
    const Bvh::Node& node = nodes[entry.node];
    if (node.is_leaf()) {
      const auto& t = mesh.element(node.element);
      double s = 0;
      const ClosestPair c = CalcClosestPointsSegmentTriangle(
          p_GA0, p_GA1, mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]), &s);
      if (c.squared_distance < best) {
        best = c.squared_distance;
        out.s = s;
        out.p_GP = c.p_FP;
        out.p_GN = c.p_FQ;
        out.face = node.element;
      }
      continue;
    }
    const int left = entry.node + 1;
    const int right = node.right;
    const double b_left = internal::SegmentBoxLowerBoundSquared(nodes[left].box, p_GA0, p_GA1);
    const double b_right = internal::SegmentBoxLowerBoundSquared(nodes[right].box, p_GA0, p_GA1);
    if (b_left <= b_right) {
      stack[top++] = {right, b_right};
      stack[top++] = {left, b_left};
    } else {
      stack[top++] = {left, b_left};
      stack[top++] = {right, b_right};
    }
  }
  out.distance = std::sqrt(best);
  return out;
}

MeshDeepestPoint FindDeepestPointOnSegments(const MeshDistanceData& data,
                                            std::span<const MeshSegment> segments_G,
                                            double min_depth) {
  static constexpr const char* kCaller = "FindDeepestPointOnSegments";
  internal::RequireMeshDistanceData(data, kCaller);
  if (!(min_depth >= 0) || !std::isfinite(min_depth)) {
    throw std::invalid_argument(fmt::format(
        "{}: min_depth must be finite and non-negative, got {}", kCaller, min_depth));
  }
  const int num_segments = static_cast<int>(segments_G.size());
  for (int i = 0; i < num_segments; ++i) {
    RequireFinite(segments_G[i].p_GA0, kCaller, "end A0", i);
    RequireFinite(segments_G[i].p_GA1, kCaller, "end A1", i);
  }
  const double tolerance = internal::kMeshDistanceEpsilon * data.length_scale;

  MeshDeepestPoint best;
  double best_depth = min_depth;
  auto point = [&](int i, double t) {
    return Vector3d(segments_G[i].p_GA0 + t * (segments_G[i].p_GA1 - segments_G[i].p_GA0));
  };
  auto consider = [&](int i, double t, const Vector3d& p, const MeshPointDistance& r) {
    if (-r.distance > best_depth) {
      best_depth = -r.distance;
      best.found = true;
      best.segment = i;
      best.s = t;
      best.p_GQ = p;
      best.at = r;
    }
  };

  // The heap is per thread and keeps its capacity, so warm queries do not
  // allocate.
  thread_local std::vector<Interval> heap;
  heap.clear();
  auto push_if_relevant = [&](int i, double t0, double t1, double phi0, double phi1, int level) {
    const double length = (t1 - t0) * (segments_G[i].p_GA1 - segments_G[i].p_GA0).norm();
    // Both ends outside and farther from the surface, together, than the
    // interval is long: by the 1-Lipschitz property no point of it reaches
    // the surface, so all of it is outside.
    if (phi0 > 0 && phi1 > 0 && phi0 + phi1 > length) return;
    if (level >= kMaxLevel) return;
    const double lipschitz = (std::abs(phi0) + std::abs(phi1) + length) / 2;
    if (lipschitz <= best_depth + tolerance) return;
    const double upper =
        internal::SegmentDistanceUpperBound(data, point(i, t0), point(i, t1), lipschitz);
    if (upper <= best_depth + tolerance) return;
    heap.push_back({upper, i, t0, t1, phi0, phi1, level});
    std::push_heap(heap.begin(), heap.end());
  };

  for (int i = 0; i < num_segments; ++i) {
    const MeshPointDistance r0 = CalcMeshPointDistance(data, segments_G[i].p_GA0);
    const MeshPointDistance r1 = CalcMeshPointDistance(data, segments_G[i].p_GA1);
    consider(i, 0, segments_G[i].p_GA0, r0);
    consider(i, 1, segments_G[i].p_GA1, r1);
    push_if_relevant(i, 0, 1, r0.distance, r1.distance, 0);
  }
  const long max_refinements = long(kMaxRefinementsPerSegment) * std::max(1, num_segments);
  for (long refinements = 0; !heap.empty() && refinements < max_refinements; ++refinements) {
    std::pop_heap(heap.begin(), heap.end());
    const Interval interval = heap.back();
    heap.pop_back();
    // The heap's top has the largest bound: once it cannot beat the best
    // depth, nothing can.
    if (interval.upper <= best_depth + tolerance) break;
    const double tm = (interval.t0 + interval.t1) / 2;
    const Vector3d pm = point(interval.segment, tm);
    const MeshPointDistance rm = CalcMeshPointDistance(data, pm);
    consider(interval.segment, tm, pm, rm);
    push_if_relevant(interval.segment, interval.t0, tm, interval.phi0, rm.distance,
                     interval.level + 1);
    push_if_relevant(interval.segment, tm, interval.t1, rm.distance, interval.phi1,
                     interval.level + 1);
  }
  heap.clear();
  return best;
}

MeshSegmentSignedDistance CalcMeshSegmentSignedDistance(const MeshDistanceData& data,
                                                        const Vector3d& p_GA0,
                                                        const Vector3d& p_GA1) {
  const MeshSegmentClosest closest = CalcMeshSegmentClosest(data, p_GA0, p_GA1);
  const double eps = internal::kMeshDistanceEpsilon * data.length_scale;
  if (closest.distance > eps) {
    // The segment stays clear of the surface, so it is wholly on one side.
    const MeshPointDistance at = CalcMeshPointDistance(data, closest.p_GP);
    if (at.distance > 0) return {at.distance, closest.s, closest.p_GP, at};
  }
  // Inside, crossing or touching: the minimum of φ is minus the depth of the
  // deepest point.
  const MeshSegment segment{p_GA0, p_GA1};
  const MeshDeepestPoint deepest =
      FindDeepestPointOnSegments(data, std::span<const MeshSegment>(&segment, 1));
  if (deepest.found) return {deepest.at.distance, deepest.s, deepest.p_GQ, deepest.at};
  // Touching only (no point strictly inside): the touching point.
  const MeshPointDistance at = CalcMeshPointDistance(data, closest.p_GP);
  return {at.distance, closest.s, closest.p_GP, at};
}

}  // namespace hydrocontact
