// QueryObject's ray casts and per-geometry point queries (issue 13), apart
// from query_object.cc so the pair queries' file stays about pairs.

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "geometry/query_object.h"
#include "geometry/unit_direction.h"
#include "geometry/query_workspace.h"
#include "geometry/scene_graph.h"
#include "geometry/supported_range.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/ray_intersection.h"
#include "proximity/distance/shape_pair_distance.h"

namespace hydrocontact {

namespace {

using internal::PosedGeometry;
using internal::QueryWorkspace;

// Validates the excluded ids, then brings the workspace's poses and inverse
// poses up to date (allocating only when the geometry list changed).
void PoseForRays(const SceneGraph& scene_graph, const std::vector<GeometryId>& excluded, QueryWorkspace& ws) {
  for (const GeometryId id : excluded) scene_graph.geometry(id);  // Unknown ids throw.
  internal::UpdatePoses(scene_graph, ws);
  if (ws.X_GW_posed_revision != ws.posed_revision) {
    ws.X_GW.resize(ws.posed.size());
    for (size_t k = 0; k < ws.posed.size(); ++k) ws.X_GW[k] = ws.posed[k].X_WG.inverse();
    ws.X_GW_posed_revision = ws.posed_revision;
  }
}

// `ray` is the ray's index in CastRays, or −1 for CastRay; the message is
// formatted only for a bad ray, so checking many allocates nothing.
void RequireRay(const Eigen::Vector3d& p_WO, const Eigen::Vector3d& dir_W, double max_distance, int ray) {
  auto which = [ray] { return ray < 0 ? std::string() : fmt::format("s (ray {})", ray); };
  // An origin is a query point: within the supported coordinates (beyond
  // them, moving it up to a geometry loses the geometry to round-off).
  if (!IsWithinCoordinateRange(p_WO)) {
    internal::RequireCoordinates(fmt::format("CastRay{}", which()), "origin", p_WO);
  }
  if (!UnitDirection(dir_W)) {
    throw std::invalid_argument(fmt::format("CastRay{}: direction ({}, {}, {}) must be nonzero and "
                                            "finite",
                                            which(), dir_W.x(), dir_W.y(), dir_W.z()));
  }
  if (!(max_distance >= 0)) {
    throw std::invalid_argument(
        fmt::format("CastRay{}: max_distance must be >= 0, got {}", which(), max_distance));
  }
}

std::optional<RayCastHit> CastOne(const QueryWorkspace& ws, const std::vector<GeometryId>& excluded,
                                  const Eigen::Vector3d& p_WO, const Eigen::Vector3d& dir_W,
                                  double max_distance) {
  const Eigen::Vector3d d_W = *UnitDirection(dir_W);  // RequireRay has checked it
  std::optional<RayCastHit> best;
  double best_distance = max_distance;
  for (size_t k = 0; k < ws.posed.size(); ++k) {
    const PosedGeometry& g = ws.posed[k];
    if (!excluded.empty() && std::find(excluded.begin(), excluded.end(), g.state->id) != excluded.end()) {
      continue;
    }
    const RigidTransform& X_GW = ws.X_GW[k];
    const Eigen::Vector3d p_GO = X_GW * p_WO;
    const Eigen::Vector3d d_G = X_GW.rotation() * d_W;
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
  RequireRay(p_WO, dir_W, max_distance, -1);
  internal::WorkspaceLease lease(scene_graph_->query_workspace());
  QueryWorkspace& ws = *lease;
  PoseForRays(*scene_graph_, excluded, ws);
  return CastOne(ws, excluded, p_WO, dir_W, max_distance);
}

std::vector<std::optional<RayCastHit>> QueryObject::CastRays(
    const std::vector<Eigen::Vector3d>& p_WO, const std::vector<Eigen::Vector3d>& dir_W,
    double max_distance, const std::vector<GeometryId>& excluded) const {
  std::vector<std::optional<RayCastHit>> hits;
  CastRays(p_WO, dir_W, max_distance, excluded, &hits);
  return hits;
}

void QueryObject::CastRays(const std::vector<Eigen::Vector3d>& p_WO, const std::vector<Eigen::Vector3d>& dir_W,
                           double max_distance, const std::vector<GeometryId>& excluded,
                           std::vector<std::optional<RayCastHit>>* hits) const {
  if (hits == nullptr) throw std::invalid_argument("QueryObject::CastRays: null output pointer");
  if (p_WO.size() != dir_W.size()) {
    throw std::invalid_argument(fmt::format("CastRays: {} origins but {} directions",
                                            p_WO.size(), dir_W.size()));
  }
  for (size_t i = 0; i < p_WO.size(); ++i) RequireRay(p_WO[i], dir_W[i], max_distance, static_cast<int>(i));
  internal::WorkspaceLease lease(scene_graph_->query_workspace());
  QueryWorkspace& ws = *lease;
  PoseForRays(*scene_graph_, excluded, ws);
  hits->resize(p_WO.size());
  for (size_t i = 0; i < p_WO.size(); ++i) (*hits)[i] = CastOne(ws, excluded, p_WO[i], dir_W[i], max_distance);
}

std::vector<SignedDistanceToPoint> QueryObject::ComputeSignedDistanceGeometryToPoint(
    const Eigen::Vector3d& p_WQ, const std::vector<GeometryId>& ids) const {
  std::vector<SignedDistanceToPoint> results;
  ComputeSignedDistanceGeometryToPoint(p_WQ, ids, &results);
  return results;
}

void QueryObject::ComputeSignedDistanceGeometryToPoint(const Eigen::Vector3d& p_WQ,
                                                       const std::vector<GeometryId>& ids,
                                                       std::vector<SignedDistanceToPoint>* distances) const {
  if (distances == nullptr) {
    throw std::invalid_argument("QueryObject::ComputeSignedDistanceGeometryToPoint: null output pointer");
  }
  if (!p_WQ.allFinite()) {
    throw std::invalid_argument("ComputeSignedDistanceGeometryToPoint: the point is not finite");
  }
  for (const GeometryId id : ids) scene_graph_->geometry(id);  // Unknown ids throw before any change.
  distances->clear();
  for (const GeometryId id : ids) {
    const GeometryState& state = scene_graph_->geometry(id);
    const RigidTransform X_WG = scene_graph_->GetFramePose(state.frame) * state.X_FG;
    distances->push_back(hydrocontact::ComputeSignedDistanceToPoint(id, *state.distance_geometry, X_WG, p_WQ));
  }
}

}  // namespace hydrocontact
