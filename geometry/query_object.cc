#include "geometry/query_object.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "geometry/scene_graph.h"
#include "proximity/broad_phase.h"
#include "proximity/compute_contact_surface.h"
#include "proximity/distance_geometry.h"
#include "proximity/shape_pair_distance.h"

namespace hydrocontact {

namespace {

// Runs work(i) for every i in [0, n) on up to `max_threads` threads and
// returns the results by index, so the output never depends on the thread
// count. Indices are dealt round-robin (neighbouring candidate pairs tend to
// cost alike). If any call throws, the exception of the lowest index is
// rethrown: the same one a sequential run would have thrown first.
template <class Result, class Work>
std::vector<Result> MapPairs(int n, int max_threads, const Work& work) {
  std::vector<Result> results(n);
  std::vector<std::exception_ptr> errors(n);
  const int threads = std::max(1, std::min(max_threads, n));
  auto run = [&](int first) {
    for (int i = first; i < n; i += threads) {
      try {
        results[i] = work(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  if (threads == 1) {
    run(0);
  } else {
    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    for (int t = 1; t < threads; ++t) pool.emplace_back(run, t);
    run(0);
    for (std::thread& thread : pool) thread.join();
  }
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
  return results;
}

}  // namespace

void QueryObject::set_max_threads(int max_threads) {
  if (max_threads < 1) {
    throw std::invalid_argument(
        fmt::format("QueryObject::set_max_threads: needs at least 1 thread, got {}", max_threads));
  }
  max_threads_ = max_threads;
}

RigidTransform QueryObject::X_WG(GeometryId id) const { return scene_graph_->GetPoseInWorld(id); }

const Shape& QueryObject::shape(GeometryId id) const { return scene_graph_->geometry(id).shape; }

const ProximityProperties& QueryObject::properties(GeometryId id) const {
  return scene_graph_->geometry(id).properties;
}

const HydroelasticRepresentation& QueryObject::representation(GeometryId id) const {
  return *scene_graph_->geometry(id).representation;
}

const std::string& QueryObject::name(GeometryId id) const { return scene_graph_->geometry(id).name; }

std::vector<std::pair<GeometryId, GeometryId>> QueryObject::FindCandidates(double inflation) const {
  const std::vector<GeometryId> ids = scene_graph_->GetAllGeometryIds();
  std::vector<Aabb> boxes_W;
  boxes_W.reserve(ids.size());
  for (GeometryId id : ids) {
    const GeometryState& g = scene_graph_->geometry(id);
    Aabb box_W = TransformBoundingBox(g.box_G, scene_graph_->GetPoseInWorld(id));
    box_W.Inflate(inflation);
    boxes_W.push_back(box_W);
  }
  std::vector<std::pair<GeometryId, GeometryId>> candidates;
  for (const auto& [i, j] : FindOverlappingPairs(boxes_W)) {
    // ids are sorted, so i < j gives id_A < id_B.
    if (!scene_graph_->IsCollisionFiltered(ids[i], ids[j])) candidates.emplace_back(ids[i], ids[j]);
  }
  return candidates;
}

std::vector<std::pair<GeometryId, GeometryId>> QueryObject::FindCollisionCandidates() const {
  return FindCandidates(0.0);
}

namespace {

bool BothHalfSpaces(const GeometryState& a, const GeometryState& b) {
  return a.is_half_space && b.is_half_space;
}

std::string Describe(const GeometryState& g) {
  return fmt::format("'{}' ({}, {}, {})", g.name, g.id.to_string(), ShapeName(g.shape),
                     to_string(g.properties.compliance()));
}

}  // namespace

bool QueryObject::HasCollisions() const {
  for (const auto& [a, b] : FindCollisionCandidates()) {
    const GeometryState& ga = scene_graph_->geometry(a);
    const GeometryState& gb = scene_graph_->geometry(b);
    // Two half-spaces intersect unless their planes are parallel and facing
    // away; the boxes already said they might, and that is enough to call
    // it a collision only when they are not parallel-disjoint.
    if (BothHalfSpaces(ga, gb)) {
      const Eigen::Vector3d n_a = scene_graph_->GetPoseInWorld(a).rotation().col(2);
      const Eigen::Vector3d n_b = scene_graph_->GetPoseInWorld(b).rotation().col(2);
      const Eigen::Vector3d p_a = scene_graph_->GetPoseInWorld(a).translation();
      const Eigen::Vector3d p_b = scene_graph_->GetPoseInWorld(b).translation();
      // Disjoint only when the normals are opposite and the planes apart.
      const bool opposite = n_a.dot(n_b) <= -1 + 1e-12;
      if (!(opposite && (p_b - p_a).dot(n_a) > 0)) return true;
      continue;
    }
    const SignedDistancePair d = hydrocontact::ComputeSignedDistancePair(
        a, *ga.distance_geometry, scene_graph_->GetPoseInWorld(a), b, *gb.distance_geometry,
        scene_graph_->GetPoseInWorld(b));
    if (d.distance <= 0) return true;
  }
  return false;
}

std::vector<ContactSurface> QueryObject::ComputeContactSurfaces(
    HydroelasticContactRepresentation representation) const {
  const auto candidates = FindCollisionCandidates();
  auto per_pair = MapPairs<std::optional<ContactSurface>>(
      static_cast<int>(candidates.size()), max_threads_, [&](int i) {
        const auto [a, b] = candidates[i];
        const GeometryState& ga = scene_graph_->geometry(a);
        const GeometryState& gb = scene_graph_->geometry(b);
        try {
          return hydrocontact::ComputeContactSurface(a, *ga.representation, scene_graph_->GetPoseInWorld(a), b,
                                                     *gb.representation, scene_graph_->GetPoseInWorld(b),
                                                     representation);
        } catch (const std::invalid_argument& e) {
          throw std::invalid_argument(fmt::format(
              "ComputeContactSurfaces: geometries {} and {} overlap but cannot produce a contact surface: {}",
              Describe(ga), Describe(gb), e.what()));
        }
      });
  std::vector<ContactSurface> surfaces;
  for (auto& surface : per_pair) {
    if (surface) surfaces.push_back(std::move(*surface));
  }
  return surfaces;
}

namespace {

bool HydroelasticallyCompatible(const GeometryState& a, const GeometryState& b) {
  const HydroelasticRepresentation& ra = *a.representation;
  const HydroelasticRepresentation& rb = *b.representation;
  if (!HasRepresentation(ra) || !HasRepresentation(rb)) return false;
  if (!IsCompliant(ra) && !IsCompliant(rb)) return false;
  return !(a.is_half_space && b.is_half_space);
}

}  // namespace

void QueryObject::ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation representation,
                                                     std::vector<ContactSurface>* surfaces,
                                                     std::vector<PenetrationAsPointPair>* point_pairs) const {
  if (surfaces == nullptr || point_pairs == nullptr) {
    throw std::invalid_argument("ComputeContactSurfacesWithFallback: null output pointer");
  }
  struct PairResult {
    std::optional<ContactSurface> surface;
    std::optional<PenetrationAsPointPair> point_pair;
  };
  const auto candidates = FindCollisionCandidates();
  auto per_pair = MapPairs<PairResult>(static_cast<int>(candidates.size()), max_threads_, [&](int i) {
    const auto [a, b] = candidates[i];
    const GeometryState& ga = scene_graph_->geometry(a);
    const GeometryState& gb = scene_graph_->geometry(b);
    const RigidTransform X_WA = scene_graph_->GetPoseInWorld(a);
    const RigidTransform X_WB = scene_graph_->GetPoseInWorld(b);
    PairResult result;
    if (HydroelasticallyCompatible(ga, gb)) {
      result.surface = hydrocontact::ComputeContactSurface(a, *ga.representation, X_WA, b, *gb.representation,
                                                           X_WB, representation);
      return result;
    }
    if (BothHalfSpaces(ga, gb)) {
      throw std::invalid_argument(fmt::format(
          "ComputeContactSurfacesWithFallback: geometries {} and {} are both half-spaces; their "
          "penetration is unbounded (filter the pair)",
          Describe(ga), Describe(gb)));
    }
    result.point_pair =
        hydrocontact::ComputePenetration(a, *ga.distance_geometry, X_WA, b, *gb.distance_geometry, X_WB);
    return result;
  });
  surfaces->clear();
  point_pairs->clear();
  for (PairResult& result : per_pair) {
    if (result.surface) surfaces->push_back(std::move(*result.surface));
    if (result.point_pair) point_pairs->push_back(*result.point_pair);
  }
}

std::vector<PenetrationAsPointPair> QueryObject::ComputePointPairPenetration() const {
  const auto candidates = FindCollisionCandidates();
  auto per_pair = MapPairs<std::optional<PenetrationAsPointPair>>(
      static_cast<int>(candidates.size()), max_threads_, [&](int i) -> std::optional<PenetrationAsPointPair> {
        const auto [a, b] = candidates[i];
        const GeometryState& ga = scene_graph_->geometry(a);
        const GeometryState& gb = scene_graph_->geometry(b);
        if (BothHalfSpaces(ga, gb)) return std::nullopt;
        return hydrocontact::ComputePenetration(a, *ga.distance_geometry, scene_graph_->GetPoseInWorld(a), b,
                                                *gb.distance_geometry, scene_graph_->GetPoseInWorld(b));
      });
  std::vector<PenetrationAsPointPair> pairs;
  for (const auto& pair : per_pair) {
    if (pair) pairs.push_back(*pair);
  }
  return pairs;
}

std::vector<SignedDistancePair> QueryObject::ComputeSignedDistancePairwiseClosestPoints(
    double max_distance) const {
  if (std::isnan(max_distance)) {
    throw std::invalid_argument("ComputeSignedDistancePairwiseClosestPoints: max_distance is NaN");
  }
  // Boxes grown by max_distance/2 each overlap whenever the shapes are within
  // max_distance; an infinite max_distance considers every unfiltered pair.
  const auto candidates = FindCandidates(std::max(0.0, max_distance / 2));
  auto per_pair = MapPairs<std::optional<SignedDistancePair>>(
      static_cast<int>(candidates.size()), max_threads_, [&](int i) -> std::optional<SignedDistancePair> {
        const auto [a, b] = candidates[i];
        const GeometryState& ga = scene_graph_->geometry(a);
        const GeometryState& gb = scene_graph_->geometry(b);
        if (BothHalfSpaces(ga, gb)) return std::nullopt;
        SignedDistancePair d = hydrocontact::ComputeSignedDistancePair(
            a, *ga.distance_geometry, scene_graph_->GetPoseInWorld(a), b, *gb.distance_geometry,
            scene_graph_->GetPoseInWorld(b));
        if (!(d.distance <= max_distance)) return std::nullopt;
        return d;
      });
  std::vector<SignedDistancePair> results;
  for (auto& d : per_pair) {
    if (d) results.push_back(std::move(*d));
  }
  return results;
}

SignedDistancePair QueryObject::ComputeSignedDistancePairClosestPoints(GeometryId id_A, GeometryId id_B) const {
  scene_graph_->geometry(id_A);  // Validates both ids first.
  scene_graph_->geometry(id_B);
  if (id_A == id_B) {
    throw std::invalid_argument(fmt::format(
        "ComputeSignedDistancePairClosestPoints: {} paired with itself", id_A.to_string()));
  }
  // Computed with the smaller id as A, so the result has id_A < id_B
  // whatever the argument order.
  const bool swap = id_B < id_A;
  const GeometryId first = swap ? id_B : id_A;
  const GeometryId second = swap ? id_A : id_B;
  return hydrocontact::ComputeSignedDistancePair(first, *scene_graph_->geometry(first).distance_geometry,
                                                 scene_graph_->GetPoseInWorld(first), second,
                                                 *scene_graph_->geometry(second).distance_geometry,
                                                 scene_graph_->GetPoseInWorld(second));
}

std::vector<SignedDistanceToPoint> QueryObject::ComputeSignedDistanceToPoint(const Eigen::Vector3d& p_WQ,
                                                                             double threshold) const {
  if (!p_WQ.allFinite()) throw std::invalid_argument("ComputeSignedDistanceToPoint: the point is not finite");
  if (std::isnan(threshold)) throw std::invalid_argument("ComputeSignedDistanceToPoint: threshold is NaN");
  std::vector<SignedDistanceToPoint> results;
  for (GeometryId id : scene_graph_->GetAllGeometryIds()) {
    const GeometryState& g = scene_graph_->geometry(id);
    const RigidTransform X_WG = scene_graph_->GetPoseInWorld(id);
    // The box bounds the shape, so its distance is a lower bound of the
    // shape's: skip geometries certainly beyond the threshold.
    if (threshold >= 0 && std::isfinite(threshold)) {
      const Aabb box_W = TransformBoundingBox(g.box_G, X_WG);
      if (box_W.SquaredDistanceTo(p_WQ) > threshold * threshold) continue;
    }
    SignedDistanceToPoint d = hydrocontact::ComputeSignedDistanceToPoint(id, *g.distance_geometry, X_WG, p_WQ);
    if (d.distance <= threshold) results.push_back(std::move(d));
  }
  return results;
}

}  // namespace hydrocontact
