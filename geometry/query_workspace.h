#pragma once

/// @file
/// QueryWorkspace: what the queries of a SceneGraph keep from step to step
/// (posed geometries, broad-phase state, per-pair result slots, the thread
/// pool), so that a step in steady state allocates nothing. Internal to
/// SceneGraph and QueryObject.

#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "geometry/identifier.h"
#include "geometry/rigid_transform.h"
#include "geometry/thread_pool.h"
#include "mesh/aabb.h"
#include "proximity/broad_phase.h"
#include "proximity/parallel_executor.h"
#include "query_results/contact_patch.h"
#include "query_results/contact_surface.h"
#include "query_results/penetration_as_point_pair.h"
#include "query_results/signed_distance_pair.h"

namespace hydrocontact {

struct GeometryState;
class SceneGraph;

namespace internal {

/// One geometry at the current poses: X_WG = X_WF·X_FG, computed once per
/// step rather than once per pair it takes part in.
struct PosedGeometry {
  const GeometryState* state;
  RigidTransform X_WG;
};

/// A candidate pair, by index into QueryWorkspace::posed; a < b, so the
/// first has the smaller id.
struct CandidatePair {
  int a;
  int b;
};

/// The queries whose cost the workspace remembers, to decide whether waking
/// the pool pays.
enum class PairQuery {
  kContactSurfaces,
  kFallback,
  kFallbackWithPatches,
  kPenetration,
  kSignedDistance,
  kContactPatches,
  kCount
};

struct QueryWorkspace {
  /// Held by the query using the workspace; a query that finds it taken
  /// (another thread querying the same SceneGraph) uses a workspace of its
  /// own for that call.
  std::mutex mutex;

  /// The scene's geometry and pose versions the cached data below is for.
  uint64_t geometry_version{std::numeric_limits<uint64_t>::max()};
  uint64_t pose_version{std::numeric_limits<uint64_t>::max()};

  /// Per geometry, in increasing id order: its state, where its frame's pose
  /// is in SceneGraph::frame_poses(), and whether its frame excludes
  /// collisions within.
  std::vector<const GeometryState*> states;
  std::vector<int> frame_pose_index;
  /// Copies of each geometry's X_FG and box in G, so that posing reads
  /// contiguous memory rather than chasing each geometry's state; whether
  /// X_FG is the identity (a geometry at its frame's origin: X_WG = X_WF,
  /// no product), and, for a bounded box, its centre and half sizes in G
  /// (its box in W is then |R_WG|·half around X_WG·centre).
  std::vector<RigidTransform> X_FG;
  std::vector<char> X_FG_is_identity;
  std::vector<Aabb> box_G;
  std::vector<char> box_G_is_bounded;
  std::vector<Eigen::Vector3d> box_center_G;
  std::vector<Eigen::Vector3d> box_half_G;
  std::vector<char> excluded_within;
  /// Per geometry: posed, and its box in W.
  std::vector<PosedGeometry> posed;
  std::vector<Aabb> boxes_W;
  /// Counts the recomputations of `posed` (after any change of the
  /// geometries, filters or poses): the one key of every cache derived
  /// from it below. (The scene's pose version alone is not: after a
  /// geometry is removed and another added, it is unchanged while the
  /// posed list is not.)
  uint64_t posed_revision{0};

  /// Per geometry: the inverse pose X_GW (ray casts move each ray into G),
  /// valid for the posed revision recorded with it.
  std::vector<RigidTransform> X_GW;
  uint64_t X_GW_posed_revision{std::numeric_limits<uint64_t>::max()};

  /// The broad phase and its last answer, valid for the posed revision and
  /// the inflation recorded with it.
  BroadPhase broad_phase;
  std::vector<std::pair<int, int>> overlapping;
  std::vector<CandidatePair> candidates;
  uint64_t candidates_posed_revision{std::numeric_limits<uint64_t>::max()};
  double candidates_inflation{std::numeric_limits<double>::quiet_NaN()};

  /// Per-candidate result slots, reused step after step (their storage is
  /// what keeps a step allocation-free).
  std::vector<ContactSurface> surfaces;
  std::vector<PenetrationAsPointPair> point_pairs;
  std::vector<SignedDistancePair> distances;
  std::vector<ContactPatch> patches;
  /// Per candidate: which slot holds a result (bit 0: surface, bit 1: point
  /// pair, bit 2: distance, bit 3: contact patch).
  std::vector<unsigned char> present;
  std::vector<std::exception_ptr> errors;
  /// Results that own storage, dropped from a caller's output vector when
  /// it shrank (contacts that ended): kept here, storage and all, and
  /// handed back when an output grows again, so contacts that break and
  /// return allocate nothing once their sizes have been seen.
  std::vector<ContactSurface> spare_surfaces;
  std::vector<ContactPatch> spare_patches;

  /// The number of contact-surface faces each query produced on its last
  /// call: with the number of candidates, it estimates the coming work,
  /// which decides whether waking the pool pays. The estimate depends only
  /// on the scene's history, not on timings, so which thread does what (and
  /// so which thread's scratch memory grows) repeats when the motion does.
  int last_faces[static_cast<int>(PairQuery::kCount)]{};
  /// Per query, per candidate slot: the faces that slot's surface had on the
  /// query's last call (0 without a surface), the estimate of each pair's
  /// work by which the pairs are dealt to the threads (see RunPairs).
  std::vector<int> slot_faces[static_cast<int>(PairQuery::kCount)];
  /// The deal of the current query's pairs: candidate indices grouped by
  /// participant (participant p runs deal_order[deal_bounds[p] ..
  /// deal_bounds[p + 1])), and scratch for making it.
  std::vector<int> deal_order;
  std::vector<int> deal_bounds;
  std::vector<int> deal_owner;
  std::vector<double> deal_load;
  /// How many threads the current query's pairs were dealt to (0 when they
  /// ran on the calling thread): its results are gathered by the same deal.
  int deal_threads{0};
  /// Per candidate slot: where its result goes in the query's output.
  std::vector<int> out_index;

  ThreadPool pool;
  /// While a pair query runs its pairs on one thread with more allowed, the
  /// pool lent to each pair (a pair with a large candidate set splits
  /// itself across it); else null.
  const ParallelExecutor* pair_executor{nullptr};
};

/// The SceneGraph's workspace for the duration of one query, or, when another
/// thread is using it, a private one (correct, but allocating and
/// single-threaded).
class WorkspaceLease {
 public:
  explicit WorkspaceLease(QueryWorkspace& shared) : lock_(shared.mutex, std::try_to_lock) {
    if (lock_.owns_lock()) {
      workspace_ = &shared;
    } else {
      own_ = std::make_unique<QueryWorkspace>();
      workspace_ = own_.get();
    }
  }
  QueryWorkspace& operator*() const { return *workspace_; }

 private:
  std::unique_lock<std::mutex> lock_;
  std::unique_ptr<QueryWorkspace> own_;
  QueryWorkspace* workspace_;
};

/// Brings the workspace's per-geometry data and poses up to date with the
/// scene: the geometry list only when geometries or filters changed, the
/// poses (posed and boxes_W) only when frame poses were set since the last
/// query. Allocates only when the geometry list changed.
void UpdatePoses(const SceneGraph& scene_graph, QueryWorkspace& ws);

}  // namespace internal
}  // namespace hydrocontact
