#include "geometry/query_object.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "geometry/scene_graph.h"
#include "proximity/broad_phase.h"
#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/distance/contact_kinematics.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/shape_pair_distance.h"

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

// One geometry at the current poses: X_WG = X_WF·X_FG, computed once per
// query rather than once per pair it takes part in.
struct PosedGeometry {
  const GeometryState* state;
  RigidTransform X_WG;
};

// A candidate pair, the smaller id first.
struct CandidatePair {
  const PosedGeometry* a;
  const PosedGeometry* b;
};

// Every geometry of the scene, posed, in increasing id order.
std::vector<PosedGeometry> PoseAll(const SceneGraph& scene_graph) {
  std::vector<PosedGeometry> posed;
  posed.reserve(scene_graph.geometries().size());
  for (const auto& [id, state] : scene_graph.geometries()) {
    posed.push_back({&state, scene_graph.GetFramePose(state.frame) * state.X_FG});
  }
  return posed;
}

// The broad phase: unfiltered pairs whose boxes in W, each grown by
// `inflation`, overlap; sorted by (id_A, id_B).
std::vector<CandidatePair> FindCandidatePairs(const SceneGraph& scene_graph,
                                              const std::vector<PosedGeometry>& posed, double inflation) {
  std::vector<Aabb> boxes_W;
  boxes_W.reserve(posed.size());
  for (const PosedGeometry& g : posed) {
    Aabb box_W = TransformBoundingBox(g.state->box_G, g.X_WG);
    box_W.Inflate(inflation);
    boxes_W.push_back(box_W);
  }
  std::vector<CandidatePair> candidates;
  for (const auto& [i, j] : FindOverlappingPairs(boxes_W)) {
    // `posed` is in id order, so i < j gives id_A < id_B.
    if (!scene_graph.IsCollisionFiltered(posed[i].state->id, posed[j].state->id)) {
      candidates.push_back({&posed[i], &posed[j]});
    }
  }
  return candidates;
}

// The values present in `maybe`, in order.
template <class T>
std::vector<T> Present(std::vector<std::optional<T>>& maybe) {
  std::vector<T> values;
  for (std::optional<T>& value : maybe) {
    if (value) values.push_back(std::move(*value));
  }
  return values;
}

bool BothHalfSpaces(const GeometryState& a, const GeometryState& b) {
  return a.is_half_space && b.is_half_space;
}

std::string Describe(const GeometryState& g) {
  return fmt::format("'{}' ({}, {}, {})", g.name, g.id.to_string(), ShapeName(g.shape),
                     to_string(g.properties.compliance()));
}

bool HydroelasticallyCompatible(const GeometryState& a, const GeometryState& b) {
  const HydroelasticRepresentation& ra = *a.representation;
  const HydroelasticRepresentation& rb = *b.representation;
  if (!HasRepresentation(ra) || !HasRepresentation(rb)) return false;
  if (!IsCompliant(ra) && !IsCompliant(rb)) return false;
  return !BothHalfSpaces(a, b);
}

std::optional<ContactSurface> ContactSurfaceOf(const CandidatePair& pair,
                                               HydroelasticContactRepresentation representation) {
  const GeometryState& a = *pair.a->state;
  const GeometryState& b = *pair.b->state;
  return ComputeContactSurface(a.id, *a.representation, pair.a->X_WG, b.id, *b.representation,
                               pair.b->X_WG, representation);
}

SignedDistancePair SignedDistanceOf(const PosedGeometry& a, const PosedGeometry& b) {
  return ComputeSignedDistancePair(a.state->id, *a.state->distance_geometry, a.X_WG, b.state->id,
                                   *b.state->distance_geometry, b.X_WG);
}

std::optional<PenetrationAsPointPair> PenetrationOf(const CandidatePair& pair) {
  return ComputePenetration(pair.a->state->id, *pair.a->state->distance_geometry, pair.a->X_WG,
                            pair.b->state->id, *pair.b->state->distance_geometry, pair.b->X_WG);
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

std::vector<std::pair<GeometryId, GeometryId>> QueryObject::FindCollisionCandidates() const {
  const std::vector<PosedGeometry> posed = PoseAll(*scene_graph_);
  std::vector<std::pair<GeometryId, GeometryId>> ids;
  for (const CandidatePair& pair : FindCandidatePairs(*scene_graph_, posed, 0.0)) {
    ids.emplace_back(pair.a->state->id, pair.b->state->id);
  }
  return ids;
}

bool QueryObject::HasCollisions() const {
  const std::vector<PosedGeometry> posed = PoseAll(*scene_graph_);
  for (const CandidatePair& pair : FindCandidatePairs(*scene_graph_, posed, 0.0)) {
    if (BothHalfSpaces(*pair.a->state, *pair.b->state)) {
      // Two half-spaces are disjoint only when their outward normals are
      // opposite and B's plane lies beyond A's along A's normal.
      const Eigen::Vector3d n_a = pair.a->X_WG.rotation().col(2);
      const Eigen::Vector3d n_b = pair.b->X_WG.rotation().col(2);
      const bool opposite = n_a.dot(n_b) <= -1 + 1e-12;
      const bool apart = (pair.b->X_WG.translation() - pair.a->X_WG.translation()).dot(n_a) > 0;
      if (!(opposite && apart)) return true;
      continue;
    }
    if (SignedDistanceOf(*pair.a, *pair.b).distance <= 0) return true;
  }
  return false;
}

std::vector<ContactSurface> QueryObject::ComputeContactSurfaces(
    HydroelasticContactRepresentation representation) const {
  const std::vector<PosedGeometry> posed = PoseAll(*scene_graph_);
  const std::vector<CandidatePair> candidates = FindCandidatePairs(*scene_graph_, posed, 0.0);
  auto per_pair = MapPairs<std::optional<ContactSurface>>(
      static_cast<int>(candidates.size()), max_threads_, [&](int i) {
        try {
          return ContactSurfaceOf(candidates[i], representation);
        } catch (const std::invalid_argument& e) {
          throw std::invalid_argument(fmt::format(
              "ComputeContactSurfaces: geometries {} and {} overlap but cannot produce a contact surface: {}",
              Describe(*candidates[i].a->state), Describe(*candidates[i].b->state), e.what()));
        }
      });
  return Present(per_pair);
}

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
  const std::vector<PosedGeometry> posed = PoseAll(*scene_graph_);
  const std::vector<CandidatePair> candidates = FindCandidatePairs(*scene_graph_, posed, 0.0);
  auto per_pair = MapPairs<PairResult>(static_cast<int>(candidates.size()), max_threads_, [&](int i) {
    const CandidatePair& pair = candidates[i];
    const GeometryState& a = *pair.a->state;
    const GeometryState& b = *pair.b->state;
    PairResult result;
    if (HydroelasticallyCompatible(a, b)) {
      result.surface = ContactSurfaceOf(pair, representation);
    } else if (BothHalfSpaces(a, b)) {
      throw std::invalid_argument(fmt::format(
          "ComputeContactSurfacesWithFallback: geometries {} and {} are both half-spaces; their "
          "penetration is unbounded (filter the pair)",
          Describe(a), Describe(b)));
    } else {
      result.point_pair = PenetrationOf(pair);
    }
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
  const std::vector<PosedGeometry> posed = PoseAll(*scene_graph_);
  const std::vector<CandidatePair> candidates = FindCandidatePairs(*scene_graph_, posed, 0.0);
  auto per_pair = MapPairs<std::optional<PenetrationAsPointPair>>(
      static_cast<int>(candidates.size()), max_threads_, [&](int i) -> std::optional<PenetrationAsPointPair> {
        if (BothHalfSpaces(*candidates[i].a->state, *candidates[i].b->state)) return std::nullopt;
        return PenetrationOf(candidates[i]);
      });
  return Present(per_pair);
}

std::vector<SignedDistancePair> QueryObject::ComputeSignedDistancePairwiseClosestPoints(
    double max_distance) const {
  if (std::isnan(max_distance)) {
    throw std::invalid_argument("ComputeSignedDistancePairwiseClosestPoints: max_distance is NaN");
  }
  // Boxes grown by max_distance/2 each overlap whenever the shapes are within
  // max_distance; an infinite max_distance considers every unfiltered pair.
  const std::vector<PosedGeometry> posed = PoseAll(*scene_graph_);
  const std::vector<CandidatePair> candidates =
      FindCandidatePairs(*scene_graph_, posed, std::max(0.0, max_distance / 2));
  auto per_pair = MapPairs<std::optional<SignedDistancePair>>(
      static_cast<int>(candidates.size()), max_threads_, [&](int i) -> std::optional<SignedDistancePair> {
        if (BothHalfSpaces(*candidates[i].a->state, *candidates[i].b->state)) return std::nullopt;
        SignedDistancePair d = SignedDistanceOf(*candidates[i].a, *candidates[i].b);
        if (!(d.distance <= max_distance)) return std::nullopt;
        return d;
      });
  return Present(per_pair);
}

SignedDistancePair QueryObject::ComputeSignedDistancePairClosestPoints(GeometryId id_A, GeometryId id_B) const {
  const GeometryState& a = scene_graph_->geometry(id_A);  // Validates both ids first.
  const GeometryState& b = scene_graph_->geometry(id_B);
  if (id_A == id_B) {
    throw std::invalid_argument(fmt::format(
        "ComputeSignedDistancePairClosestPoints: {} paired with itself", id_A.to_string()));
  }
  // The narrow phase orders the pair (id_A < id_B) whatever the argument order.
  return SignedDistanceOf({&a, scene_graph_->GetPoseInWorld(id_A)}, {&b, scene_graph_->GetPoseInWorld(id_B)});
}

std::vector<SignedDistanceToPoint> QueryObject::ComputeSignedDistanceToPoint(const Eigen::Vector3d& p_WQ,
                                                                             double threshold) const {
  if (!p_WQ.allFinite()) throw std::invalid_argument("ComputeSignedDistanceToPoint: the point is not finite");
  if (std::isnan(threshold)) throw std::invalid_argument("ComputeSignedDistanceToPoint: threshold is NaN");
  std::vector<SignedDistanceToPoint> results;
  for (const PosedGeometry& g : PoseAll(*scene_graph_)) {
    // The box bounds the shape, so its distance is a lower bound of the
    // shape's: skip geometries certainly beyond the threshold.
    if (threshold >= 0 && std::isfinite(threshold)) {
      const Aabb box_W = TransformBoundingBox(g.state->box_G, g.X_WG);
      if (box_W.SquaredDistanceTo(p_WQ) > threshold * threshold) continue;
    }
    SignedDistanceToPoint d =
        hydrocontact::ComputeSignedDistanceToPoint(g.state->id, *g.state->distance_geometry, g.X_WG, p_WQ);
    if (d.distance <= threshold) results.push_back(std::move(d));
  }
  return results;
}

// Issue 12: contact patches and kinematics. Each delegates the per-pair work
// to the free functions of proximity/distance/.

std::vector<ContactPatch> QueryObject::ComputeContactPatches(const ContactPatchSettings& settings) const {
  const std::vector<PosedGeometry> posed = PoseAll(*scene_graph_);
  const std::vector<CandidatePair> candidates = FindCandidatePairs(*scene_graph_, posed, 0.0);
  auto per_pair = MapPairs<std::optional<ContactPatch>>(
      static_cast<int>(candidates.size()), max_threads_, [&](int i) -> std::optional<ContactPatch> {
        const CandidatePair& pair = candidates[i];
        if (BothHalfSpaces(*pair.a->state, *pair.b->state)) return std::nullopt;
        const SignedDistancePair d = SignedDistanceOf(*pair.a, *pair.b);
        if (!(d.distance <= 0)) return std::nullopt;
        return ComputeContactPatch(d, *pair.a->state->distance_geometry, pair.a->X_WG,
                                   *pair.b->state->distance_geometry, pair.b->X_WG, settings);
      });
  return Present(per_pair);
}

void QueryObject::ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation representation,
                                                     std::vector<ContactSurface>* surfaces,
                                                     std::vector<ContactPatch>* patches,
                                                     const ContactPatchSettings& settings) const {
  if (surfaces == nullptr || patches == nullptr) {
    throw std::invalid_argument("ComputeContactSurfacesWithFallback: null output pointer");
  }
  struct PairResult {
    std::optional<ContactSurface> surface;
    std::optional<ContactPatch> patch;
  };
  const std::vector<PosedGeometry> posed = PoseAll(*scene_graph_);
  const std::vector<CandidatePair> candidates = FindCandidatePairs(*scene_graph_, posed, 0.0);
  auto per_pair = MapPairs<PairResult>(static_cast<int>(candidates.size()), max_threads_, [&](int i) {
    const CandidatePair& pair = candidates[i];
    const GeometryState& a = *pair.a->state;
    const GeometryState& b = *pair.b->state;
    PairResult result;
    if (HydroelasticallyCompatible(a, b)) {
      result.surface = ContactSurfaceOf(pair, representation);
    } else if (BothHalfSpaces(a, b)) {
      throw std::invalid_argument(fmt::format(
          "ComputeContactSurfacesWithFallback: geometries {} and {} are both half-spaces; their "
          "penetration is unbounded (filter the pair)",
          Describe(a), Describe(b)));
    } else {
      const SignedDistancePair d = SignedDistanceOf(*pair.a, *pair.b);
      if (d.distance <= 0) {
        result.patch = ComputeContactPatch(d, *a.distance_geometry, pair.a->X_WG, *b.distance_geometry,
                                           pair.b->X_WG, settings);
      }
    }
    return result;
  });
  surfaces->clear();
  patches->clear();
  for (PairResult& result : per_pair) {
    if (result.surface) surfaces->push_back(std::move(*result.surface));
    if (result.patch) patches->push_back(std::move(*result.patch));
  }
}

ContactKinematics QueryObject::CalcContactKinematics(const SignedDistancePair& pair, const SpatialVelocity& V_WA,
                                                     const SpatialVelocity& V_WB, const SpatialAcceleration& A_WA,
                                                     const SpatialAcceleration& A_WB, int sign) const {
  const GeometryState& a = scene_graph_->geometry(pair.id_A);
  const GeometryState& b = scene_graph_->geometry(pair.id_B);
  return hydrocontact::CalcContactKinematics(pair, *a.distance_geometry,
                                             {scene_graph_->GetPoseInWorld(pair.id_A), V_WA, A_WA},
                                             *b.distance_geometry,
                                             {scene_graph_->GetPoseInWorld(pair.id_B), V_WB, A_WB}, sign);
}

ContactKinematics QueryObject::CalcContactKinematics(const PenetrationAsPointPair& pair,
                                                     const SpatialVelocity& V_WA, const SpatialVelocity& V_WB,
                                                     const SpatialAcceleration& A_WA,
                                                     const SpatialAcceleration& A_WB, int sign) const {
  const GeometryState& a = scene_graph_->geometry(pair.id_A);
  const GeometryState& b = scene_graph_->geometry(pair.id_B);
  return hydrocontact::CalcContactKinematics(pair, *a.distance_geometry,
                                             {scene_graph_->GetPoseInWorld(pair.id_A), V_WA, A_WA},
                                             *b.distance_geometry,
                                             {scene_graph_->GetPoseInWorld(pair.id_B), V_WB, A_WB}, sign);
}

std::vector<ContactKinematics> QueryObject::ComputeContactKinematics(
    const std::map<GeometryId, SpatialVelocity>& velocities,
    const std::map<GeometryId, SpatialAcceleration>& accelerations, double max_distance, int sign) const {
  for (const auto& [id, V] : velocities) scene_graph_->geometry(id);  // Validates the ids.
  for (const auto& [id, A] : accelerations) scene_graph_->geometry(id);
  auto velocity = [&](GeometryId id) {
    const auto it = velocities.find(id);
    return it == velocities.end() ? SpatialVelocity{} : it->second;
  };
  auto acceleration = [&](GeometryId id) {
    const auto it = accelerations.find(id);
    return it == accelerations.end() ? SpatialAcceleration{} : it->second;
  };
  std::vector<ContactKinematics> results;
  for (const SignedDistancePair& pair : ComputeSignedDistancePairwiseClosestPoints(max_distance)) {
    results.push_back(CalcContactKinematics(pair, velocity(pair.id_A), velocity(pair.id_B),
                                            acceleration(pair.id_A), acceleration(pair.id_B), sign));
  }
  return results;
}

}  // namespace hydrocontact
