#include "proximity/distance/mesh_distance_segment.h"

#include <algorithm>
#include <cmath>
#include <functional>
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
  double best = cap * cap;
  data.bvh.BranchAndBound(
      0, node_bound, std::less<>(), [&](double bound) { return bound >= best; },
      [&](int f) {
        const auto& t = mesh.element(f);
        const Vector3d& a = mesh.vertex(t[0]);
        const Vector3d& b = mesh.vertex(t[1]);
        const Vector3d& c = mesh.vertex(t[2]);
        const double d0 = CalcClosestPointOnTriangle(p_GQ0, a, b, c).squared_distance;
        if (d0 >= best) return;
        const double d1 = CalcClosestPointOnTriangle(p_GQ1, a, b, c).squared_distance;
        best = std::min(best, std::max(d0, d1));
      });
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

// Halving beyond this many levels resolves a unit segment to ~1e-18: the
// tolerance stops the search long before; the cap only guards round-off.
constexpr int kMaxLevel = 64;
}  // namespace

MeshSegmentClosest CalcMeshSegmentClosest(const MeshDistanceData& data, const Vector3d& p_GA0,
                                          const Vector3d& p_GA1) {
  internal::RequireMeshDistanceData(data, "CalcMeshSegmentClosest");
  RequireFinite(p_GA0, "CalcMeshSegmentClosest", "segment end A0");
  RequireFinite(p_GA1, "CalcMeshSegmentClosest", "segment end A1");
  const std::vector<Bvh::Node>& nodes = data.bvh.nodes();
  const TriangleSurfaceMesh& mesh = data.mesh;
  MeshSegmentClosest out;
  double best = std::numeric_limits<double>::infinity();
  data.bvh.BranchAndBound(
      0, [&](int n) { return internal::SegmentBoxLowerBoundSquared(nodes[n].box, p_GA0, p_GA1); },
      std::less<>(), [&](double bound) { return bound >= best; },
      [&](int f) {
        const auto& t = mesh.element(f);
        double s = 0;
        const ClosestPair c = CalcClosestPointsSegmentTriangle(
            p_GA0, p_GA1, mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]), &s);
        if (c.squared_distance < best) {
          best = c.squared_distance;
          out.s = s;
          out.p_GP = c.p_FP;
          out.p_GN = c.p_FQ;
          out.face = f;
        }
        // A contact (distance 0) ends the search.
        return best > 0;
      });
  out.distance = std::sqrt(best);
  return out;
}

namespace internal {

DeepestPointSearch::DeepestPointSearch(const MeshDistanceData& other, double min_depth,
                                       Storage* storage)
    : other_(other),
      tolerance_(kMeshDistanceEpsilon * other.length_scale),
      best_depth_(min_depth),
      segments_(storage->segments),
      heap_(storage->heap) {
  segments_.clear();
  heap_.clear();
}

void DeepestPointSearch::Push(const Item& item) {
  heap_.push_back(item);
  std::push_heap(heap_.begin(), heap_.end());
}

DeepestPointSearch::Item DeepestPointSearch::Pop() {
  std::pop_heap(heap_.begin(), heap_.end());
  const Item item = heap_.back();
  heap_.pop_back();
  return item;
}

Vector3d DeepestPointSearch::Point(int i, double t) const {
  return segments_[i].p_GA0 + t * (segments_[i].p_GA1 - segments_[i].p_GA0);
}

int DeepestPointSearch::AddSegment(const Vector3d& p_OA0, const Vector3d& p_OA1, double upper) {
  const int i = static_cast<int>(segments_.size());
  segments_.push_back({p_OA0, p_OA1});
  if (!Matters(upper)) return i;
  // Every point of the segment is within this distance of the surface.
  upper = SegmentDistanceUpperBound(other_, p_OA0, p_OA1, upper);
  if (!Matters(upper)) return i;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Push({upper, i, -1, 0.0, 1.0, nan, nan, 0});
  return i;
}

void DeepestPointSearch::AddNode(int payload, double upper) {
  if (!Matters(upper)) return;
  Push({upper, -1, payload, 0, 0, 0, 0, 0});
}

void DeepestPointSearch::Consider(int i, double t, const Vector3d& p_OQ,
                                  const MeshPointDistance& at) {
  if (-at.distance > best_depth_) {
    best_depth_ = -at.distance;
    best_.found = true;
    best_.segment = i;
    best_.s = t;
    best_.p_GQ = p_OQ;
    best_.at = at;
  }
}

void DeepestPointSearch::PushEvaluated(int i, double t0, double t1, double phi0, double phi1,
                                       int level, double cap) {
  const double length = (t1 - t0) * (segments_[i].p_GA1 - segments_[i].p_GA0).norm();
  // Both ends outside and farther from the surface, together, than the
  // interval is long: by the 1-Lipschitz property no point of it reaches
  // the surface, so all of it is outside.
  if (phi0 > 0 && phi1 > 0 && phi0 + phi1 > length) return;
  if (level >= kMaxLevel) return;
  // depth = −φ is 1-Lipschitz too, so depth(t) ≤ −φ(tᵢ) + |t − tᵢ|·length
  // from either end: at most (−φ0 − φ1 + length)/2 in between. An end
  // outside the solid (φ > 0) pulls the bound down, which is what lets
  // intervals straddling the surface be dropped quickly.
  double upper = std::min(cap, (length - phi0 - phi1) / 2);
  if (!Matters(upper)) return;
  upper = SegmentDistanceUpperBound(other_, Point(i, t0), Point(i, t1), upper);
  if (!Matters(upper)) return;
  Push({upper, i, -1, t0, t1, phi0, phi1, level});
}

void DeepestPointSearch::Refine(const Item& item) {
  const int i = item.segment;
  if (std::isnan(item.phi0)) {
    // A new segment: evaluate its ends first.
    const MeshPointDistance r0 = CalcMeshPointDistance(other_, segments_[i].p_GA0);
    Consider(i, 0, segments_[i].p_GA0, r0);
    if (segments_[i].p_GA0 == segments_[i].p_GA1) return;  // a single point
    const MeshPointDistance r1 = CalcMeshPointDistance(other_, segments_[i].p_GA1);
    Consider(i, 1, segments_[i].p_GA1, r1);
    PushEvaluated(i, 0, 1, r0.distance, r1.distance, 0, item.upper);
    return;
  }
  const double tm = (item.t0 + item.t1) / 2;
  const Vector3d pm = Point(i, tm);
  const MeshPointDistance rm = CalcMeshPointDistance(other_, pm);
  Consider(i, tm, pm, rm);
  PushEvaluated(i, item.t0, tm, item.phi0, rm.distance, item.level + 1, item.upper);
  PushEvaluated(i, tm, item.t1, rm.distance, item.phi1, item.level + 1, item.upper);
}

}  // namespace internal

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
  thread_local internal::DeepestPointSearch::Storage storage;
  internal::DeepestPointSearch search(data, min_depth, &storage);
  for (const MeshSegment& segment : segments_G) search.AddSegment(segment.p_GA0, segment.p_GA1);
  search.Run([](int, double) {});
  return search.best();
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
