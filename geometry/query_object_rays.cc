// QueryObject's ray casts and per-geometry point queries (issue 13), apart
// from query_object.cc so the pair queries' file stays about pairs.

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "geometry/query_object.h"
#include "geometry/scene_graph.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/ray_intersection.h"
#include "proximity/distance/shape_pair_distance.h"

namespace hydrocontact {

namespace {

struct PosedForRays {
  const GeometryState* state;
  RigidTransform X_GW;  // the inverse pose: rays are moved into G
  RigidTransform X_WG;
};

std::vector<PosedForRays> PoseForRays(const SceneGraph& scene_graph,
                                      const std::vector<GeometryId>& excluded) {
  for (const GeometryId id : excluded) scene_graph.geometry(id);  // Unknown ids throw.
  std::vector<PosedForRays> posed;
  posed.reserve(scene_graph.geometries().size());
  for (const auto& [id, state] : scene_graph.geometries()) {
    if (std::find(excluded.begin(), excluded.end(), id) != excluded.end()) continue;
    const RigidTransform X_WG = scene_graph.GetFramePose(state.frame) * state.X_FG;
    posed.push_back({&state, X_WG.inverse(), X_WG});
  }
  return posed;
}

void RequireRay(const Eigen::Vector3d& p_WO, const Eigen::Vector3d& dir_W, double max_distance,
                const std::string& which) {
  if (!p_WO.allFinite()) {
    throw std::invalid_argument(fmt::format("CastRay{}: origin ({}, {}, {}) is not finite", which,
                                            p_WO.x(), p_WO.y(), p_WO.z()));
  }
  if (!dir_W.allFinite() || !(dir_W.norm() > 0)) {
    throw std::invalid_argument(fmt::format("CastRay{}: direction ({}, {}, {}) must be nonzero and "
                                            "finite",
                                            which, dir_W.x(), dir_W.y(), dir_W.z()));
  }
  if (!(max_distance >= 0)) {
    throw std::invalid_argument(
        fmt::format("CastRay{}: max_distance must be >= 0, got {}", which, max_distance));
  }
}

std::optional<RayCastHit> CastOne(const std::vector<PosedForRays>& posed,
                                  const Eigen::Vector3d& p_WO, const Eigen::Vector3d& dir_W,
                                  double max_distance) {
  const Eigen::Vector3d d_W = dir_W.normalized();
  std::optional<RayCastHit> best;
  double best_distance = max_distance;
  for (const PosedForRays& g : posed) {
    const Eigen::Vector3d p_GO = g.X_GW * p_WO;
    const Eigen::Vector3d d_G = g.X_GW.rotation() * d_W;
    // The box in G bounds the shape: a ray missing it misses the shape.
    if (!RayIntersectsBox(g.state->box_G, p_GO, d_G.cwiseInverse(), best_distance)) continue;
    const auto hit = IntersectRay(*g.state->distance_geometry, p_GO, d_G, best_distance);
    // Strictly nearer only: geometries come in increasing id order, so a
    // tie stays with the smaller id.
    if (!hit || (best && !(hit->distance < best_distance))) continue;
    best_distance = hit->distance;
    best = RayCastHit{g.state->id, hit->distance, g.X_WG * hit->p_GH,
                      g.X_WG.rotation() * hit->nhat_G, hit->entering};
  }
  return best;
}

}  // namespace

std::optional<RayCastHit> QueryObject::CastRay(const Eigen::Vector3d& p_WO,
                                               const Eigen::Vector3d& dir_W, double max_distance,
                                               const std::vector<GeometryId>& excluded) const {
  RequireRay(p_WO, dir_W, max_distance, "");
  return CastOne(PoseForRays(*scene_graph_, excluded), p_WO, dir_W, max_distance);
}

std::vector<std::optional<RayCastHit>> QueryObject::CastRays(
    const std::vector<Eigen::Vector3d>& p_WO, const std::vector<Eigen::Vector3d>& dir_W,
    double max_distance, const std::vector<GeometryId>& excluded) const {
  if (p_WO.size() != dir_W.size()) {
    throw std::invalid_argument(fmt::format("CastRays: {} origins but {} directions",
                                            p_WO.size(), dir_W.size()));
  }
  for (size_t i = 0; i < p_WO.size(); ++i) {
    RequireRay(p_WO[i], dir_W[i], max_distance, fmt::format("s (ray {})", i));
  }
  const std::vector<PosedForRays> posed = PoseForRays(*scene_graph_, excluded);
  std::vector<std::optional<RayCastHit>> hits;
  hits.reserve(p_WO.size());
  for (size_t i = 0; i < p_WO.size(); ++i) {
    hits.push_back(CastOne(posed, p_WO[i], dir_W[i], max_distance));
  }
  return hits;
}

std::vector<SignedDistanceToPoint> QueryObject::ComputeSignedDistanceGeometryToPoint(
    const Eigen::Vector3d& p_WQ, const std::vector<GeometryId>& ids) const {
  std::vector<SignedDistanceToPoint> results;
  results.reserve(ids.size());
  for (const GeometryId id : ids) {
    const GeometryState& state = scene_graph_->geometry(id);
    const RigidTransform X_WG = scene_graph_->GetFramePose(state.frame) * state.X_FG;
    results.push_back(
        hydrocontact::ComputeSignedDistanceToPoint(id, *state.distance_geometry, X_WG, p_WQ));
  }
  return results;
}

}  // namespace hydrocontact
