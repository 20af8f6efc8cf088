#include "geometry/query_object.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "geometry/query_workspace.h"
#include "geometry/scene_graph.h"
#include "geometry/supported_range.h"
#include "proximity/broad_phase.h"
#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/distance/contact_kinematics.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/shape_pair_distance.h"

namespace hydrocontact {

namespace internal {

// Brings the workspace's per-geometry data and poses up to date with the
// scene: the geometry list only when geometries or filters changed, the poses
// (and posed_revision) when frame poses were set since the last query or the
// list changed.
void UpdatePoses(const SceneGraph& scene_graph, QueryWorkspace& ws) {
  if (ws.geometry_version != scene_graph.geometry_version()) {
    const size_t n = scene_graph.geometries().size();
    ws.states.clear();
    ws.frame_pose_index.clear();
    ws.excluded_within.clear();
    ws.X_FG.clear();
    ws.X_FG_is_identity.clear();
    ws.box_G.clear();
    ws.box_G_is_bounded.clear();
    ws.box_center_G.clear();
    ws.box_half_G.clear();
    for (const auto& [id, state] : scene_graph.geometries()) {
      ws.states.push_back(&state);
      ws.X_FG.push_back(state.X_FG);
      ws.X_FG_is_identity.push_back(state.X_FG.rotation() == Eigen::Matrix3d::Identity() &&
                                    state.X_FG.translation() == Eigen::Vector3d::Zero());
      ws.box_G.push_back(state.box_G);
      ws.box_G_is_bounded.push_back(!state.box_G.IsEmpty() && state.box_G.min.allFinite() &&
                                    state.box_G.max.allFinite());
      ws.box_center_G.push_back(state.box_G.center());
      ws.box_half_G.push_back(state.box_G.half_size());
      ws.frame_pose_index.push_back(scene_graph.GetFramePoseIndex(state.frame));
      ws.excluded_within.push_back(scene_graph.AreCollisionsExcludedWithin(state.frame));
    }
    ws.posed.resize(n);
    ws.boxes_W.resize(n);
    ws.geometry_version = scene_graph.geometry_version();
    ws.pose_version = std::numeric_limits<uint64_t>::max();
  }
  if (ws.pose_version != scene_graph.pose_version()) {
    // The hot loop of a large scene: flat arrays, no call per geometry.
    const RigidTransform* const X_WF = scene_graph.frame_poses().data();
    const size_t n = ws.states.size();
    for (size_t k = 0; k < n; ++k) {
      PosedGeometry& posed = ws.posed[k];
      posed.state = ws.states[k];
      const RigidTransform& X_WFk = X_WF[ws.frame_pose_index[k]];
      posed.X_WG = ws.X_FG_is_identity[k] ? X_WFk : X_WFk * ws.X_FG[k];
      if (ws.box_G_is_bounded[k]) {
        const Eigen::Vector3d center_W = posed.X_WG * ws.box_center_G[k];
        const Eigen::Vector3d half_W = posed.X_WG.rotation().cwiseAbs() * ws.box_half_G[k];
        ws.boxes_W[k].min = center_W - half_W;
        ws.boxes_W[k].max = center_W + half_W;
      } else {
        // Empty, or a half-space's unbounded box.
        ws.boxes_W[k] = TransformBoundingBox(ws.box_G[k], posed.X_WG);
      }
    }
    ws.pose_version = scene_graph.pose_version();
    ++ws.posed_revision;
  }
}

}  // namespace internal

namespace {

using internal::CandidatePair;
using internal::PairQuery;
using internal::PosedGeometry;
using internal::QueryWorkspace;
using internal::UpdatePoses;
using internal::WorkspaceLease;

// Bits of QueryWorkspace::present.
constexpr unsigned char kHasSurface = 1;
constexpr unsigned char kHasPointPair = 2;
constexpr unsigned char kHasDistance = 4;
constexpr unsigned char kHasPatch = 8;

// The work of a pair query is estimated (deterministically, see
// QueryWorkspace::last_faces) from its candidate count and the faces it
// produced last time, at roughly what one candidate pair and one contact face
// cost on one thread. Below kMinParallelWork the pool is not woken: waking
// and joining costs a few microseconds per thread, more on a loaded machine.
constexpr double kPairWork = 1.5e-6;
constexpr double kFaceWork = 0.5e-6;
constexpr double kMinParallelWork = 50e-6;
// Roughly what copying one contact-surface face costs.
constexpr double kFaceCopyWork = 0.03e-6;


// True when a filter excludes the pair of geometries k < m of the workspace.
bool IsFiltered(const SceneGraph& scene_graph, const QueryWorkspace& ws, int k, int m) {
  const GeometryState& a = *ws.states[k];
  const GeometryState& b = *ws.states[m];
  if (ws.excluded_within[k] && a.frame == b.frame) return true;
  const auto& excluded = scene_graph.excluded_pairs();
  return !excluded.empty() && excluded.count({a.id, b.id}) > 0;
}

// The broad phase: ws.candidates becomes the unfiltered pairs whose boxes in
// W, each grown by `inflation`, overlap; sorted by (id_A, id_B). Reuses the
// previous answer when neither the scene, the poses nor the inflation changed.
void UpdateCandidates(const SceneGraph& scene_graph, QueryWorkspace& ws, double inflation) {
  UpdatePoses(scene_graph, ws);
  if (ws.candidates_posed_revision == ws.posed_revision && ws.candidates_inflation == inflation) {
    return;
  }
  ws.broad_phase.FindOverlappingPairs(ws.boxes_W, inflation, &ws.overlapping);
  ws.candidates.clear();
  for (const auto& [k, m] : ws.overlapping) {
    // Geometries are in id order, so k < m gives id_A < id_B.
    if (!IsFiltered(scene_graph, ws, k, m)) ws.candidates.push_back({k, m});
  }
  ws.candidates_posed_revision = ws.posed_revision;
  ws.candidates_inflation = inflation;
}

// Sizes the per-candidate slots for n candidates (growing only).
void PrepareSlots(QueryWorkspace& ws, int n) {
  if (static_cast<int>(ws.surfaces.size()) < n) ws.surfaces.resize(n);
  if (static_cast<int>(ws.point_pairs.size()) < n) ws.point_pairs.resize(n);
  if (static_cast<int>(ws.distances.size()) < n) ws.distances.resize(n);
  if (static_cast<int>(ws.patches.size()) < n) ws.patches.resize(n);
  ws.present.assign(n, 0);
}

// The work of candidate slot i of `query`, estimated (deterministically)
// from the faces it produced on the query's last call.
double SlotWork(const QueryWorkspace& ws, PairQuery query, int i) {
  const std::vector<int>& faces = ws.slot_faces[static_cast<int>(query)];
  return kPairWork + (i < static_cast<int>(faces.size()) ? faces[i] : 0) * kFaceWork;
}

// Deals the n candidates to `participants` threads (the caller first),
// balancing their estimated work: largest first, each to the least loaded
// thread (the lowest on a tie), so that the few big pairs of a scene spread
// out and the many small ones even the loads; each thread then runs its
// pairs in increasing index order. Fills ws.deal_order and ws.deal_bounds
// (see QueryWorkspace). The deal depends only on the scene's history, never
// on timings, so which thread meets which pair, and so which thread's
// scratch memory grows, repeats when the motion does.
void DealPairs(QueryWorkspace& ws, PairQuery query, int n, int participants) {
  ws.deal_order.resize(n);
  ws.deal_owner.resize(n);
  ws.deal_load.assign(participants, 0.0);
  ws.deal_bounds.assign(participants + 1, 0);
  for (int i = 0; i < n; ++i) ws.deal_order[i] = i;
  std::sort(ws.deal_order.begin(), ws.deal_order.end(), [&](int i, int j) {
    const double wi = SlotWork(ws, query, i), wj = SlotWork(ws, query, j);
    return wi != wj ? wi > wj : i < j;
  });
  for (const int i : ws.deal_order) {
    const int p = static_cast<int>(std::min_element(ws.deal_load.begin(), ws.deal_load.end()) - ws.deal_load.begin());
    ws.deal_owner[i] = p;
    ws.deal_load[p] += SlotWork(ws, query, i);
    ++ws.deal_bounds[p + 1];
  }
  for (int p = 0; p < participants; ++p) ws.deal_bounds[p + 1] += ws.deal_bounds[p];
  // Counting sort by owner, increasing index within each; deal_load becomes
  // each participant's next position.
  for (int p = 0; p < participants; ++p) ws.deal_load[p] = ws.deal_bounds[p];
  for (int i = 0; i < n; ++i) ws.deal_order[static_cast<int>(ws.deal_load[ws.deal_owner[i]]++)] = i;
}

// Runs work(i) for every candidate i in [0, n). When the estimated work is
// large enough to gain from threads and there are enough pairs for the deal
// to balance (at least two per thread), the pairs are dealt to the pool
// (DealPairs); otherwise they run on this thread and the pool is lent to
// each pair (ws.pair_executor), so that one huge pair can split itself. Each
// call writes only its own slots and a split pair merges its pieces in a
// fixed order, so the results never depend on the thread count. If any call
// throws, the exception of the lowest index is rethrown: the one a
// sequential run would have thrown first.
template <class Work>
void RunPairs(QueryWorkspace& ws, int max_threads, PairQuery query, int n, const Work& work) {
  ws.errors.assign(n, nullptr);
  const double estimate = n * kPairWork + ws.last_faces[static_cast<int>(query)] * kFaceWork;
  const int threads = std::min(max_threads, ws.pool.num_workers() + 1);
  const bool across_pairs = threads > 1 && n >= 2 * threads && estimate >= kMinParallelWork;
  const ThreadPoolExecutor executor(ws.pool, threads);
  ws.pair_executor = (threads > 1 && !across_pairs) ? &executor : nullptr;
  auto run = [&](int i) {
    try {
      work(i);
    } catch (...) {
      ws.errors[i] = std::current_exception();
    }
  };
  ws.deal_threads = across_pairs ? threads : 0;
  if (across_pairs) {
    DealPairs(ws, query, n, threads);
    ws.pool.ParallelForRanges(ws.deal_bounds.data(), threads - 1, [&](int k) { run(ws.deal_order[k]); });
  } else {
    for (int i = 0; i < n; ++i) run(i);
  }
  ws.pair_executor = nullptr;
  for (const std::exception_ptr& error : ws.errors) {
    if (error) std::rethrow_exception(error);
  }
}

// Copies the present results of `slots` (bit `bit` of ws.present) into *out,
// in candidate order. Copy-assignment into existing elements keeps the
// storage of results that own some (contact patches' polygons). With
// `parallel` (large results, see GatherSurfaces) and the pairs dealt to
// threads (ws.deal_threads > 1), each thread copies the results it computed
// (still in its cache).
template <class T>
void TransferResult(T& slot, T* out) {
  *out = slot;
}

// A contact surface of a few thousand faces and more is swapped with the
// output instead of copied: for one huge pair the copy would be a serial
// part of the step as large as the surface's own build on one thread. The
// slot keeps the output's old storage and refills it next step, so after
// a step or two both have grown to the surface's size and a steady state
// still allocates nothing.
constexpr int kSwapSurfaceFaces = 4096;
void TransferResult(ContactSurface& slot, ContactSurface* out) {
  if (slot.num_faces() >= kSwapSurfaceFaces) {
    std::swap(slot, *out);
  } else {
    *out = slot;
  }
}

// The workspace's spares of result type T (see QueryWorkspace), or null
// for results that own no storage.
template <class T>
std::vector<T>* SparesOf(QueryWorkspace&) {
  return nullptr;
}
template <>
std::vector<ContactSurface>* SparesOf(QueryWorkspace& ws) {
  return &ws.spare_surfaces;
}
template <>
std::vector<ContactPatch>* SparesOf(QueryWorkspace& ws) {
  return &ws.spare_patches;
}

// Resizes *out to `count`, parking the results it drops among the spares
// and taking the results it adds from them, so their storage survives a
// contact that ends and serves the next one.
template <class T>
void ResizeKeepingStorage(std::vector<T>* out, int count, std::vector<T>* spares) {
  if (spares != nullptr) {
    while (static_cast<int>(out->size()) > count) {
      spares->push_back(std::move(out->back()));
      out->pop_back();
    }
    while (static_cast<int>(out->size()) < count && !spares->empty()) {
      out->push_back(std::move(spares->back()));
      spares->pop_back();
    }
  }
  out->resize(count);
}

template <class T>
void Gather(QueryWorkspace& ws, std::vector<T>& slots, unsigned char bit, std::vector<T>* out,
            bool parallel = false) {
  const int n = static_cast<int>(ws.present.size());
  ws.out_index.resize(n);
  int count = 0;
  for (int i = 0; i < n; ++i) {
    ws.out_index[i] = count;
    count += (ws.present[i] & bit) ? 1 : 0;
  }
  ResizeKeepingStorage(out, count, SparesOf<T>(ws));
  auto copy = [&](int i) {
    if (ws.present[i] & bit) TransferResult(slots[i], &(*out)[ws.out_index[i]]);
  };
  if (parallel && ws.deal_threads > 1) {
    ws.pool.ParallelForRanges(ws.deal_bounds.data(), ws.deal_threads - 1, [&](int k) { copy(ws.deal_order[k]); });
  } else {
    for (int i = 0; i < n; ++i) copy(i);
  }
}

// Copies the present surfaces into *out. Copy-assignment reuses each output
// surface's storage, and keeps each slot's storage with its slot: swapping
// every surface would make storage circulate among slots and outputs (of
// several queries), so capacities would settle only after many steps. Only
// the few huge surfaces are swapped (TransferResult).
void GatherSurfaces(QueryWorkspace& ws, PairQuery query, std::vector<ContactSurface>* out) {
  std::vector<int>& slot_faces = ws.slot_faces[static_cast<int>(query)];
  slot_faces.resize(ws.present.size());
  int faces = 0;
  for (size_t i = 0; i < ws.present.size(); ++i) {
    slot_faces[i] = (ws.present[i] & kHasSurface) ? ws.surfaces[i].num_faces() : 0;
    faces += slot_faces[i];
  }
  ws.last_faces[static_cast<int>(query)] = faces;
  // Copying the surfaces of a large scene is otherwise a serial tenth of the
  // query; that of a few faces is quicker than waking a thread.
  Gather(ws, ws.surfaces, kHasSurface, out, faces * kFaceCopyWork >= kMinParallelWork);
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

// `executor`: threads lent to the pair (or null), see RunPairs.
bool ContactSurfaceOf(const PosedGeometry& a, const PosedGeometry& b,
                      HydroelasticContactRepresentation representation, ContactSurface* surface,
                      const ParallelExecutor* executor) {
  ContactSurfaceOptions options;
  options.executor = executor;
  return ComputeContactSurface(a.state->id, *a.state->representation, a.X_WG, b.state->id,
                               *b.state->representation, b.X_WG, representation, surface, options);
}

// `executor`, when given, is lent to the pair (ws.pair_executor).
SignedDistancePair SignedDistanceOf(const PosedGeometry& a, const PosedGeometry& b,
                                    const ParallelExecutor* executor = nullptr) {
  return ComputeSignedDistancePair(a.state->id, *a.state->distance_geometry, a.X_WG, b.state->id,
                                   *b.state->distance_geometry, b.X_WG, executor);
}

std::optional<PenetrationAsPointPair> PenetrationOf(const PosedGeometry& a, const PosedGeometry& b,
                                                    const ParallelExecutor* executor = nullptr) {
  return ComputePenetration(a.state->id, *a.state->distance_geometry, a.X_WG, b.state->id,
                            *b.state->distance_geometry, b.X_WG, executor);
}

template <class T>
void RequireOutput(T* out, const char* query) {
  if (out == nullptr) throw std::invalid_argument(fmt::format("QueryObject::{}: null output pointer", query));
}

// The contact patch of a and b into *patch (its storage reused) when they
// touch or penetrate; false, leaving *patch as it was, otherwise.
bool PatchOf(const PosedGeometry& a, const PosedGeometry& b, const ContactPatchSettings& settings,
             ContactPatch* patch, const ParallelExecutor* executor) {
  const SignedDistancePair d = SignedDistanceOf(a, b, executor);
  if (!(d.distance <= 0)) return false;
  ComputeContactPatch(d, *a.state->distance_geometry, a.X_WG, *b.state->distance_geometry, b.X_WG, settings,
                      patch);
  return true;
}

// The frame of every pair query: leases the workspace, finds the candidate
// pairs (boxes grown by `inflation`), sizes the result slots, runs
// work(ws, i, a, b) for every candidate i = (a, b) (on the pool when it
// pays, see RunPairs), then finish(ws) to gather the results.
template <class Work, class Finish>
void RunPairQuery(const SceneGraph& scene_graph, int max_threads, PairQuery query, double inflation,
                  const Work& work, const Finish& finish) {
  WorkspaceLease lease(scene_graph.query_workspace());
  QueryWorkspace& ws = *lease;
  UpdateCandidates(scene_graph, ws, inflation);
  const int n = static_cast<int>(ws.candidates.size());
  PrepareSlots(ws, n);
  RunPairs(ws, max_threads, query, n,
           [&](int i) { work(ws, i, ws.posed[ws.candidates[i].a], ws.posed[ws.candidates[i].b]); });
  finish(ws);
}

// Both ComputeContactSurfacesWithFallback forms: a hydroelastically
// compatible pair gets its contact surface; two half-spaces throw; any other
// pair is answered by fallback(ws, i, a, b), whose slots (and presence bit)
// fallback_slots(ws) names, gathered into *fallbacks.
template <class T, class Fallback, class FallbackSlots>
void RunSurfacesWithFallback(const SceneGraph& scene_graph, int max_threads, PairQuery query,
                             HydroelasticContactRepresentation representation,
                             std::vector<ContactSurface>* surfaces, std::vector<T>* fallbacks,
                             const Fallback& fallback, const FallbackSlots& fallback_slots) {
  if (surfaces == nullptr || fallbacks == nullptr) {
    throw std::invalid_argument("ComputeContactSurfacesWithFallback: null output pointer");
  }
  RequireContactRepresentation(representation, "ComputeContactSurfacesWithFallback");
  RunPairQuery(
      scene_graph, max_threads, query, 0.0,
      [&](QueryWorkspace& ws, int i, const PosedGeometry& a, const PosedGeometry& b) {
        if (HydroelasticallyCompatible(*a.state, *b.state)) {
          if (ContactSurfaceOf(a, b, representation, &ws.surfaces[i], ws.pair_executor)) ws.present[i] = kHasSurface;
        } else if (BothHalfSpaces(*a.state, *b.state)) {
          throw std::invalid_argument(fmt::format(
              "ComputeContactSurfacesWithFallback: geometries {} and {} are both half-spaces; their "
              "penetration is unbounded (filter the pair)",
              Describe(*a.state), Describe(*b.state)));
        } else {
          fallback(ws, i, a, b);
        }
      },
      [&](QueryWorkspace& ws) {
        GatherSurfaces(ws, query, surfaces);
        const auto [slots, bit] = fallback_slots(ws);
        Gather(ws, *slots, bit, fallbacks);
      });
}


}  // namespace

void QueryObject::set_max_threads(int max_threads) {
  if (max_threads < 1 || max_threads > kMaxThreads) {
    throw std::invalid_argument(fmt::format(
        "QueryObject::set_max_threads: needs at least 1 and at most {} threads, got {}",
        kMaxThreads, max_threads));
  }
  max_threads_ = max_threads;
  QueryWorkspace& ws = scene_graph_->query_workspace();
  std::lock_guard<std::mutex> lock(ws.mutex);
  ws.pool.Reserve(max_threads - 1);
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
  std::vector<std::pair<GeometryId, GeometryId>> candidates;
  FindCollisionCandidates(&candidates);
  return candidates;
}

void QueryObject::FindCollisionCandidates(std::vector<std::pair<GeometryId, GeometryId>>* candidates) const {
  RequireOutput(candidates, "FindCollisionCandidates");
  WorkspaceLease lease(scene_graph_->query_workspace());
  QueryWorkspace& ws = *lease;
  UpdateCandidates(*scene_graph_, ws, 0.0);
  candidates->clear();
  for (const CandidatePair& pair : ws.candidates) {
    candidates->emplace_back(ws.states[pair.a]->id, ws.states[pair.b]->id);
  }
}

bool QueryObject::HasCollisions() const {
  WorkspaceLease lease(scene_graph_->query_workspace());
  QueryWorkspace& ws = *lease;
  UpdateCandidates(*scene_graph_, ws, 0.0);
  for (const CandidatePair& pair : ws.candidates) {
    const PosedGeometry& a = ws.posed[pair.a];
    const PosedGeometry& b = ws.posed[pair.b];
    if (BothHalfSpaces(*a.state, *b.state)) {
      // Two half-spaces are disjoint only when their outward normals are
      // opposite and B's plane lies beyond A's along A's normal.
      const Eigen::Vector3d n_a = a.X_WG.rotation().col(2);
      const Eigen::Vector3d n_b = b.X_WG.rotation().col(2);
      const bool opposite = n_a.dot(n_b) <= -1 + 1e-12;
      const bool apart = (b.X_WG.translation() - a.X_WG.translation()).dot(n_a) > 0;
      if (!(opposite && apart)) return true;
      continue;
    }
    if (SignedDistanceOf(a, b).distance <= 0) return true;
  }
  return false;
}

std::vector<ContactSurface> QueryObject::ComputeContactSurfaces(
    HydroelasticContactRepresentation representation) const {
  std::vector<ContactSurface> surfaces;
  ComputeContactSurfaces(representation, &surfaces);
  return surfaces;
}

void QueryObject::ComputeContactSurfaces(HydroelasticContactRepresentation representation,
                                         std::vector<ContactSurface>* surfaces) const {
  RequireOutput(surfaces, "ComputeContactSurfaces");
  RequireContactRepresentation(representation, "ComputeContactSurfaces");
  RunPairQuery(
      *scene_graph_, max_threads_, PairQuery::kContactSurfaces, 0.0,
      [&](QueryWorkspace& ws, int i, const PosedGeometry& a, const PosedGeometry& b) {
        try {
          if (ContactSurfaceOf(a, b, representation, &ws.surfaces[i], ws.pair_executor)) ws.present[i] = kHasSurface;
        } catch (const std::invalid_argument& e) {
          throw std::invalid_argument(fmt::format(
              "ComputeContactSurfaces: geometries {} and {} overlap but cannot produce a contact surface: {}",
              Describe(*a.state), Describe(*b.state), e.what()));
        }
      },
      [&](QueryWorkspace& ws) { GatherSurfaces(ws, PairQuery::kContactSurfaces, surfaces); });
}

void QueryObject::ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation representation,
                                                     std::vector<ContactSurface>* surfaces,
                                                     std::vector<PenetrationAsPointPair>* point_pairs) const {
  RunSurfacesWithFallback(
      *scene_graph_, max_threads_, PairQuery::kFallback, representation, surfaces, point_pairs,
      [](QueryWorkspace& ws, int i, const PosedGeometry& a, const PosedGeometry& b) {
        if (std::optional<PenetrationAsPointPair> point_pair = PenetrationOf(a, b, ws.pair_executor)) {
          ws.point_pairs[i] = *point_pair;
          ws.present[i] = kHasPointPair;
        }
      },
      [](QueryWorkspace& ws) { return std::make_pair(&ws.point_pairs, kHasPointPair); });
}

void QueryObject::ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation representation,
                                                     std::vector<ContactSurface>* surfaces,
                                                     std::vector<ContactPatch>* patches,
                                                     const ContactPatchSettings& settings) const {
  RunSurfacesWithFallback(
      *scene_graph_, max_threads_, PairQuery::kFallbackWithPatches, representation, surfaces, patches,
      [&](QueryWorkspace& ws, int i, const PosedGeometry& a, const PosedGeometry& b) {
        if (PatchOf(a, b, settings, &ws.patches[i], ws.pair_executor)) ws.present[i] = kHasPatch;
      },
      [](QueryWorkspace& ws) { return std::make_pair(&ws.patches, kHasPatch); });
}

std::vector<PenetrationAsPointPair> QueryObject::ComputePointPairPenetration() const {
  std::vector<PenetrationAsPointPair> point_pairs;
  ComputePointPairPenetration(&point_pairs);
  return point_pairs;
}

void QueryObject::ComputePointPairPenetration(std::vector<PenetrationAsPointPair>* point_pairs) const {
  RequireOutput(point_pairs, "ComputePointPairPenetration");
  RunPairQuery(
      *scene_graph_, max_threads_, PairQuery::kPenetration, 0.0,
      [](QueryWorkspace& ws, int i, const PosedGeometry& a, const PosedGeometry& b) {
        if (BothHalfSpaces(*a.state, *b.state)) return;
        if (std::optional<PenetrationAsPointPair> point_pair = PenetrationOf(a, b, ws.pair_executor)) {
          ws.point_pairs[i] = *point_pair;
          ws.present[i] = kHasPointPair;
        }
      },
      [&](QueryWorkspace& ws) { Gather(ws, ws.point_pairs, kHasPointPair, point_pairs); });
}

std::vector<SignedDistancePair> QueryObject::ComputeSignedDistancePairwiseClosestPoints(
    double max_distance) const {
  std::vector<SignedDistancePair> pairs;
  ComputeSignedDistancePairwiseClosestPoints(max_distance, &pairs);
  return pairs;
}

void QueryObject::ComputeSignedDistancePairwiseClosestPoints(double max_distance,
                                                             std::vector<SignedDistancePair>* pairs) const {
  if (std::isnan(max_distance)) {
    throw std::invalid_argument("ComputeSignedDistancePairwiseClosestPoints: max_distance is NaN");
  }
  RequireOutput(pairs, "ComputeSignedDistancePairwiseClosestPoints");
  // Boxes grown by max_distance/2 each overlap whenever the shapes are within
  // max_distance; an infinite max_distance considers every unfiltered pair.
  RunPairQuery(
      *scene_graph_, max_threads_, PairQuery::kSignedDistance, std::max(0.0, max_distance / 2),
      [&](QueryWorkspace& ws, int i, const PosedGeometry& a, const PosedGeometry& b) {
        if (BothHalfSpaces(*a.state, *b.state)) return;
        const SignedDistancePair d = SignedDistanceOf(a, b, ws.pair_executor);
        if (!(d.distance <= max_distance)) return;
        ws.distances[i] = d;
        ws.present[i] = kHasDistance;
      },
      [&](QueryWorkspace& ws) { Gather(ws, ws.distances, kHasDistance, pairs); });
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
  std::vector<SignedDistanceToPoint> distances;
  ComputeSignedDistanceToPoint(p_WQ, threshold, &distances);
  return distances;
}

void QueryObject::ComputeSignedDistanceToPoint(const Eigen::Vector3d& p_WQ, double threshold,
                                               std::vector<SignedDistanceToPoint>* distances) const {
  if (!p_WQ.allFinite()) throw std::invalid_argument("ComputeSignedDistanceToPoint: the point is not finite");
  // Checked here, not left to the per-geometry query: with a finite
  // threshold every geometry's box may be skipped, and the same point would
  // then give an empty list instead of the refusal it gets without one.
  internal::RequireCoordinates("ComputeSignedDistanceToPoint", "the point p_WQ", p_WQ);
  if (std::isnan(threshold)) throw std::invalid_argument("ComputeSignedDistanceToPoint: threshold is NaN");
  RequireOutput(distances, "ComputeSignedDistanceToPoint");
  WorkspaceLease lease(scene_graph_->query_workspace());
  QueryWorkspace& ws = *lease;
  UpdatePoses(*scene_graph_, ws);
  distances->clear();
  const bool prune = threshold >= 0 && std::isfinite(threshold);
  const double p_scale = p_WQ.cwiseAbs().maxCoeff();
  for (size_t k = 0; k < ws.posed.size(); ++k) {
    const PosedGeometry& g = ws.posed[k];
    // The box bounds the shape, so its distance is a lower bound of the
    // shape's: skip geometries certainly beyond the threshold. "Certainly"
    // needs a slack: both distances are computed, and the box's may round
    // above the shape's (a geometry at exactly the threshold was dropped),
    // so only the final `d.distance <= threshold` below may decide near it.
    if (prune) {
      const Aabb& box = ws.boxes_W[k];
      const double box_distance2 = box.SquaredDistanceTo(p_WQ);
      if (box_distance2 > threshold * threshold) {
        // With u = ε/2 and S = |p_WQ|∞ + |p_WGo|∞ + B (B: the box's largest
        // finite |coordinate|; infinite sides of a half-space's box add no
        // term to its distance), the computed values differ from the exact
        // ones by at most:
        //  - the box in W (R·centre + p_WGo ∓ |R|·half, a few roundings of
        //    terms ≤ √3·S each): each side ≲ 10u·√3·S, so its distance
        //    ≲ 30u·S;
        //  - its distance to p_WQ (differences, squares, sum, the root
        //    implied by comparing squares): relative ≲ 4u of ≤ 2√3·S;
        //  - p_WQ taken into G (X_GW = X_WG⁻¹, then X_GW·p_WQ): ≲ 12u·√3·S;
        //  - the shape's distance in G: every method measures to a point
        //    it has placed on the surface (closed forms, the closest point
        //    of a triangle, GJK's witness on the hull, a height field's
        //    candidates on its top, bottom and sides), so it falls below the
        //    exact distance by round-off only, ≲ 8u of coordinates ≤ 2√3·S.
        // Their sum stays below 128u·S; the slack is twice that. Within it
        // the geometry is computed, and the comparison below decides.
        double box_scale = 0;
        for (int i = 0; i < 3; ++i) {
          for (const double c : {box.min[i], box.max[i]}) {
            if (std::isfinite(c)) box_scale = std::max(box_scale, std::abs(c));
          }
        }
        const double slack = 128 * std::numeric_limits<double>::epsilon() *
                             (p_scale + g.X_WG.translation().cwiseAbs().maxCoeff() + box_scale);
        const double reach = threshold + slack;
        if (box_distance2 > reach * reach) continue;
      }
    }
    SignedDistanceToPoint d =
        hydrocontact::ComputeSignedDistanceToPoint(g.state->id, *g.state->distance_geometry, g.X_WG, p_WQ);
    if (d.distance <= threshold) distances->push_back(d);
  }
}

// Issue 12: contact patches and kinematics. Each delegates the per-pair work
// to the free functions of proximity/distance/.

std::vector<ContactPatch> QueryObject::ComputeContactPatches(const ContactPatchSettings& settings) const {
  std::vector<ContactPatch> patches;
  ComputeContactPatches(settings, &patches);
  return patches;
}

void QueryObject::ComputeContactPatches(const ContactPatchSettings& settings,
                                        std::vector<ContactPatch>* patches) const {
  RequireOutput(patches, "ComputeContactPatches");
  RunPairQuery(
      *scene_graph_, max_threads_, PairQuery::kContactPatches, 0.0,
      [&](QueryWorkspace& ws, int i, const PosedGeometry& a, const PosedGeometry& b) {
        if (BothHalfSpaces(*a.state, *b.state)) return;
        if (PatchOf(a, b, settings, &ws.patches[i], ws.pair_executor)) ws.present[i] = kHasPatch;
      },
      [&](QueryWorkspace& ws) { Gather(ws, ws.patches, kHasPatch, patches); });
}

namespace {

// The kinematics of a pair result (signed distance or penetration) of two
// geometries of `scene_graph`, at their current poses: one body for both
// QueryObject::CalcContactKinematics overloads.
template <class PairResult>
ContactKinematics KinematicsOfPair(const SceneGraph& scene_graph, const PairResult& pair,
                                   const SpatialVelocity& V_WA, const SpatialVelocity& V_WB,
                                   const SpatialAcceleration& A_WA, const SpatialAcceleration& A_WB, int sign) {
  // A pair assembled (or edited) by hand could name one geometry twice.
  if (pair.id_A == pair.id_B) {
    throw std::invalid_argument(fmt::format("CalcContactKinematics: the pair names geometry {} as both A and B",
                                            pair.id_A.to_string()));
  }
  const GeometryState& a = scene_graph.geometry(pair.id_A);
  const GeometryState& b = scene_graph.geometry(pair.id_B);
  return CalcContactKinematics(pair, *a.distance_geometry, {scene_graph.GetPoseInWorld(pair.id_A), V_WA, A_WA},
                               *b.distance_geometry, {scene_graph.GetPoseInWorld(pair.id_B), V_WB, A_WB}, sign);
}

}  // namespace

ContactKinematics QueryObject::CalcContactKinematics(const SignedDistancePair& pair, const SpatialVelocity& V_WA,
                                                     const SpatialVelocity& V_WB, const SpatialAcceleration& A_WA,
                                                     const SpatialAcceleration& A_WB, int sign) const {
  return KinematicsOfPair(*scene_graph_, pair, V_WA, V_WB, A_WA, A_WB, sign);
}

ContactKinematics QueryObject::CalcContactKinematics(const PenetrationAsPointPair& pair,
                                                     const SpatialVelocity& V_WA, const SpatialVelocity& V_WB,
                                                     const SpatialAcceleration& A_WA,
                                                     const SpatialAcceleration& A_WB, int sign) const {
  return KinematicsOfPair(*scene_graph_, pair, V_WA, V_WB, A_WA, A_WB, sign);
}

std::vector<ContactKinematics> QueryObject::ComputeContactKinematics(
    const std::map<GeometryId, SpatialVelocity>& velocities,
    const std::map<GeometryId, SpatialAcceleration>& accelerations, double max_distance, int sign) const {
  std::vector<ContactKinematics> results;
  ComputeContactKinematics(velocities, accelerations, max_distance, sign, &results);
  return results;
}

void QueryObject::ComputeContactKinematics(const std::map<GeometryId, SpatialVelocity>& velocities,
                                           const std::map<GeometryId, SpatialAcceleration>& accelerations,
                                           double max_distance, int sign,
                                           std::vector<ContactKinematics>* kinematics) const {
  RequireOutput(kinematics, "ComputeContactKinematics");
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
  // Per thread (a query may run on several threads at once), reused.
  thread_local std::vector<SignedDistancePair> pairs;
  ComputeSignedDistancePairwiseClosestPoints(max_distance, &pairs);
  // Every result is computed before *kinematics changes, so a throw leaves it unchanged.
  const size_t n = pairs.size();
  thread_local std::vector<ContactKinematics> results;
  results.clear();
  for (const SignedDistancePair& pair : pairs) {
    results.push_back(CalcContactKinematics(pair, velocity(pair.id_A), velocity(pair.id_B),
                                            acceleration(pair.id_A), acceleration(pair.id_B), sign));
  }
  kinematics->assign(results.begin(), results.begin() + n);
}

}  // namespace hydrocontact
