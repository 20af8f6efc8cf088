#pragma once

/// @file
/// SceneGraph: the registry of frames and geometries a physics plant owns.

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "geometry/identifier.h"
#include "geometry/proximity_properties.h"
#include "geometry/rigid_transform.h"
#include "geometry/shape.h"
#include "mesh/aabb.h"
#include "proximity/representation/hydroelastic_representation.h"

namespace hydrocontact {

class QueryObject;
struct DistanceGeometry;
namespace internal {
struct QueryWorkspace;
}  // namespace internal

/// Everything the engine keeps about one registered geometry. Plain data,
/// readable through QueryObject; only SceneGraph changes it.
struct GeometryState {
  GeometryId id;
  FrameId frame;
  std::string name;
  /// Pose of the geometry frame G in its frame F.
  RigidTransform X_FG;
  Shape shape{Sphere(1.0)};
  ProximityProperties properties;
  /// The hydroelastic representation in G (std::monostate for Compliance::kNone).
  std::shared_ptr<const HydroelasticRepresentation> representation;
  /// The data the distance and penetration queries use, in G.
  std::shared_ptr<const DistanceGeometry> distance_geometry;
  /// A box in G bounding the shape and its representation, margin included.
  /// Unbounded (infinite) for a half-space.
  Aabb box_G;
  bool is_half_space{false};
};

/// Owns frames and geometries. A plant registers frames (each with a pose in
/// the world W that it sets every step), registers geometries on frames with
/// a fixed pose X_FG, and asks a QueryObject for contact queries at the
/// current poses.
///
/// Everything that depends only on a geometry (its hydroelastic
/// representation, BVHs, distance data, bounding box in G) is built when the
/// geometry is registered or its properties change; a step only changes
/// frame poses.
///
/// Not thread-safe for mutation; queries through a QueryObject may run
/// concurrently with each other while the SceneGraph is not mutated.
class SceneGraph {
 public:
  SceneGraph();
  SceneGraph(const SceneGraph&) = delete;
  SceneGraph& operator=(const SceneGraph&) = delete;
  ~SceneGraph();

  /// The world frame: always present, pose identity, cannot be moved.
  FrameId world_frame_id() const { return world_frame_; }

  /// Registers a frame with pose identity until set.
  /// @throws std::invalid_argument if the name is empty or already a frame's.
  FrameId RegisterFrame(const std::string& name);

  /// Sets the poses X_WF of any number of frames at once (one call per step).
  /// @throws std::invalid_argument naming the frame if an id is invalid,
  ///         unknown or the world frame; no pose is changed then.
  void SetFramePoses(const std::vector<std::pair<FrameId, RigidTransform>>& X_WF);

  /// The current pose X_WF. @throws std::invalid_argument for an unknown id.
  const RigidTransform& GetFramePose(FrameId frame) const;

  /// Every frame's current pose X_WF, indexed by GetFramePoseIndex (frames
  /// are never removed, so an index stays valid; the array may move when a
  /// frame is registered). For the queries' posing loop.
  const std::vector<RigidTransform>& frame_poses() const { return frame_poses_; }
  /// Where `frame`'s pose is in frame_poses().
  /// @throws std::invalid_argument for an unknown id.
  int GetFramePoseIndex(FrameId frame) const;

  /// Registers a geometry on `frame` (use world_frame_id() for a fixed one)
  /// with pose X_FG, builds its representations and returns its id.
  /// @throws std::invalid_argument for an unknown frame or a duplicate or
  ///         empty name (naming it); whatever building the representation
  ///         throws (an unreadable file, an impossible request), in which
  ///         case nothing is registered.
  GeometryId RegisterGeometry(FrameId frame, const RigidTransform& X_FG, Shape shape,
                              const std::string& name, ProximityProperties properties = {});

  /// Removes a geometry and every collision filter that names it.
  /// @throws std::invalid_argument for an unknown id.
  void RemoveGeometry(GeometryId id);

  /// Replaces a geometry's proximity properties and rebuilds only its
  /// hydroelastic representation and bounding box (its distance data depends
  /// on the shape alone and is kept). On a throw the old properties stay.
  /// @throws std::invalid_argument for an unknown id; whatever building throws.
  void AssignProximityProperties(GeometryId id, ProximityProperties properties);

  /// Excludes the pair (a, b) from every query.
  /// @throws std::invalid_argument for unknown ids or a == b.
  void ExcludeCollisionsBetween(GeometryId a, GeometryId b);

  /// Excludes every pair of geometries attached to `frame` (now or later).
  /// @throws std::invalid_argument for an unknown frame.
  void ExcludeCollisionsWithin(FrameId frame);

  /// True when every pair of geometries on `frame` is excluded.
  /// @throws std::invalid_argument for an unknown frame.
  bool AreCollisionsExcludedWithin(FrameId frame) const;

  /// The pairs (smaller id first) excluded by ExcludeCollisionsBetween.
  const std::set<std::pair<GeometryId, GeometryId>>& excluded_pairs() const { return excluded_pairs_; }

  /// True when the pair is excluded by a filter.
  /// @throws std::invalid_argument for unknown ids.
  bool IsCollisionFiltered(GeometryId a, GeometryId b) const;

  /// @throws std::invalid_argument naming `name` if no geometry has it.
  GeometryId FindGeometryByName(const std::string& name) const;

  /// @throws std::invalid_argument naming the id if invalid or unknown.
  const GeometryState& geometry(GeometryId id) const;

  /// Every geometry, by id (increasing).
  const std::map<GeometryId, GeometryState>& geometries() const { return geometries_; }

  /// All geometry ids in increasing order.
  std::vector<GeometryId> GetAllGeometryIds() const;
  int num_geometries() const { return static_cast<int>(geometries_.size()); }

  /// X_WG = X_WF · X_FG at the current poses.
  /// @throws std::invalid_argument for an unknown id.
  RigidTransform GetPoseInWorld(GeometryId id) const;

  /// The read-only query view at the current poses. It refers to this
  /// SceneGraph, which must outlive it.
  QueryObject query_object() const;

  /// Changes whenever a geometry, its properties or a collision filter
  /// changes (what the queries cache per geometry is then rebuilt).
  uint64_t geometry_version() const { return geometry_version_; }
  /// Changes whenever SetFramePoses is called (the queries then re-pose the
  /// geometries; queries between two calls share one posing).
  uint64_t pose_version() const { return pose_version_; }

  /// What the queries of this SceneGraph keep from step to step (posed
  /// geometries, broad-phase state, result slots, the thread pool). Internal
  /// to QueryObject.
  internal::QueryWorkspace& query_workspace() const { return *workspace_; }

 private:
  struct Frame {
    std::string name;
    /// Where the frame's pose X_WF is kept in frame_poses_.
    int pose_index{0};
    bool collisions_excluded_within{false};
  };

  const Frame& GetFrame(FrameId id, const char* caller) const;
  GeometryState& GetMutableGeometry(GeometryId id, const char* caller);
  static void BuildDerivedData(GeometryState& state);

  FrameId world_frame_;
  // Hashed: SetFramePoses looks up every frame of a plant every step. Nodes
  // are stable, so the queries may keep the address of a frame's pose.
  std::unordered_map<FrameId, Frame> frames_;
  // Every frame's X_WF, by Frame::pose_index: contiguous, so posing thousands
  // of geometries reads one array instead of chasing a node per frame.
  std::vector<RigidTransform> frame_poses_;
  std::unordered_map<std::string, FrameId> frame_names_;
  // The frames of the last SetFramePoses call, in its order, and their pose
  // indices.
  std::vector<FrameId> last_set_frames_;
  std::vector<int> last_set_pose_indices_;
  std::map<GeometryId, GeometryState> geometries_;
  std::unordered_map<std::string, GeometryId> names_;
  std::set<std::pair<GeometryId, GeometryId>> excluded_pairs_;
  uint64_t geometry_version_{0};
  uint64_t pose_version_{0};
  // Made once with the SceneGraph, so queries (through QueryObject, whose
  // view is const) can keep their working memory and threads across steps.
  std::unique_ptr<internal::QueryWorkspace> workspace_;
};

}  // namespace hydrocontact
