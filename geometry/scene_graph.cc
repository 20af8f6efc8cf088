#include "geometry/scene_graph.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "geometry/query_object.h"
#include "geometry/query_workspace.h"
#include "geometry/supported_range.h"
#include "mesh/mesh_file.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "proximity/distance/shape_bounds.h"

namespace hydrocontact {

SceneGraph::SceneGraph()
    : world_frame_(FrameId::get_new_id()), workspace_(std::make_unique<internal::QueryWorkspace>()) {
  frames_[world_frame_] = Frame{"world", 0, false};
  frame_names_["world"] = world_frame_;
  frame_poses_.emplace_back();
}

SceneGraph::~SceneGraph() = default;

FrameId SceneGraph::RegisterFrame(const std::string& name) {
  if (name.empty()) throw std::invalid_argument("SceneGraph::RegisterFrame: the frame name is empty");
  if (const auto it = frame_names_.find(name); it != frame_names_.end()) {
    throw std::invalid_argument(fmt::format("SceneGraph::RegisterFrame: a frame named '{}' already exists ({})",
                                            name, it->second.to_string()));
  }
  const FrameId id = FrameId::get_new_id();
  frame_names_[name] = id;
  frames_[id] = Frame{name, static_cast<int>(frame_poses_.size()), false};
  frame_poses_.emplace_back();
  return id;
}

const SceneGraph::Frame& SceneGraph::GetFrame(FrameId id, const char* caller) const {
  if (!id.is_valid()) {
    throw std::invalid_argument(fmt::format("SceneGraph::{}: invalid (default-constructed) FrameId", caller));
  }
  const auto it = frames_.find(id);
  if (it == frames_.end()) {
    throw std::invalid_argument(fmt::format("SceneGraph::{}: unknown {}", caller, id.to_string()));
  }
  return it->second;
}

void SceneGraph::SetFramePoses(const std::vector<std::pair<FrameId, RigidTransform>>& X_WF) {
  // A plant passes the same frames in the same order every step: then the
  // pose indices found last time serve again (frames are never removed, so
  // ids validated then are still valid), and no frame is looked up.
  bool same_frames = X_WF.size() == last_set_frames_.size();
  for (size_t k = 0; same_frames && k < X_WF.size(); ++k) same_frames = X_WF[k].first == last_set_frames_[k];
  if (!same_frames) {
    // Validate everything first so a bad id changes nothing.
    for (const auto& [id, pose] : X_WF) {
      GetFrame(id, "SetFramePoses");
      if (id == world_frame_) {
        throw std::invalid_argument("SceneGraph::SetFramePoses: the world frame's pose cannot be set");
      }
    }
    last_set_frames_.clear();
    last_set_pose_indices_.clear();
    for (const auto& [id, pose] : X_WF) {
      last_set_frames_.push_back(id);
      last_set_pose_indices_.push_back(frames_.at(id).pose_index);
    }
  }
  // Every pose is checked before any is set, so a bad one changes nothing;
  // the message is formatted only for the culprit (a step allocates nothing).
  for (const auto& [id, pose] : X_WF) {
    if (!IsWithinCoordinateRange(pose.translation())) {
      internal::RequireCoordinates("SceneGraph::SetFramePoses",
                                   fmt::format("the translation of {}", id.to_string()), pose.translation());
    }
  }
  for (size_t k = 0; k < X_WF.size(); ++k) frame_poses_[last_set_pose_indices_[k]] = X_WF[k].second;
  ++pose_version_;
}

const RigidTransform& SceneGraph::GetFramePose(FrameId frame) const {
  return frame_poses_[GetFrame(frame, "GetFramePose").pose_index];
}

int SceneGraph::GetFramePoseIndex(FrameId frame) const {
  return GetFrame(frame, "GetFramePoseIndex").pose_index;
}

void SceneGraph::BuildDerivedData(GeometryState& state) {
  state.is_half_space = std::holds_alternative<HalfSpace>(state.shape);
  // The distance data depends on the shape only: a change of properties
  // keeps it (the shape of a registered geometry never changes).
  const bool needs_distance_geometry = state.distance_geometry == nullptr;
  const bool needs_representation = state.properties.compliance() != Compliance::kNone;
  // A Mesh file that both need is read once. (An unsupported extension is
  // left to the builders, whose message names the shape.)
  std::optional<MeshFileData> mesh_file_data;
  if (const Mesh* mesh = std::get_if<Mesh>(&state.shape);
      mesh && needs_distance_geometry && needs_representation && IsSupportedMeshFile(mesh->file())) {
    mesh_file_data = ReadMeshFile(mesh->file(), mesh->scale());
  }
  const MeshFileData* file_data = mesh_file_data ? &*mesh_file_data : nullptr;
  auto representation = std::make_shared<const HydroelasticRepresentation>(
      MakeHydroelasticRepresentation(state.shape, state.properties, file_data));
  std::shared_ptr<const DistanceGeometry> distance_geometry = state.distance_geometry;
  if (needs_distance_geometry) {
    distance_geometry =
        std::make_shared<const DistanceGeometry>(MakeDistanceGeometry(state.shape, file_data));
  }
  Aabb box_G;
  if (std::optional<Aabb> primitive = CalcPrimitiveBoundingBox(state.shape)) {
    box_G = *primitive;
  } else if (distance_geometry->hull) {
    box_G = distance_geometry->hull->CalcBoundingBox();
  } else if (distance_geometry->mesh) {
    box_G = distance_geometry->mesh->mesh.CalcBoundingBox();
  }
  // A compliant margin inflates the representation; bound it too.
  if (const auto* compliant = std::get_if<CompliantMesh>(representation.get())) {
    box_G.Include(compliant->bvh.bounding_box());
  } else if (const auto* rigid = std::get_if<RigidMesh>(representation.get())) {
    box_G.Include(rigid->bvh.bounding_box());
  }
  box_G.Inflate(state.properties.margin());
  state.representation = std::move(representation);
  state.distance_geometry = std::move(distance_geometry);
  state.box_G = box_G;
}

GeometryId SceneGraph::RegisterGeometry(FrameId frame, const RigidTransform& X_FG, Shape shape,
                                        const std::string& name, ProximityProperties properties) {
  GetFrame(frame, "RegisterGeometry");
  internal::RequireCoordinates("SceneGraph::RegisterGeometry", "the translation of X_FG",
                               X_FG.translation());
  if (name.empty()) throw std::invalid_argument("SceneGraph::RegisterGeometry: the geometry name is empty");
  if (const auto it = names_.find(name); it != names_.end()) {
    throw std::invalid_argument(fmt::format(
        "SceneGraph::RegisterGeometry: a geometry named '{}' already exists ({})", name, it->second.to_string()));
  }
  GeometryState state;
  state.frame = frame;
  state.name = name;
  state.X_FG = X_FG;
  state.shape = std::move(shape);
  state.properties = std::move(properties);
  try {
    BuildDerivedData(state);
  } catch (const std::exception& e) {
    // Re-throw with the geometry's name so a plant registering many knows which.
    throw std::invalid_argument(fmt::format("SceneGraph::RegisterGeometry: geometry '{}' ({}): {}", name,
                                            ShapeName(state.shape), e.what()));
  }
  state.id = GeometryId::get_new_id();
  names_[name] = state.id;
  const GeometryId id = state.id;
  geometries_.emplace(id, std::move(state));
  ++geometry_version_;
  return id;
}

GeometryState& SceneGraph::GetMutableGeometry(GeometryId id, const char* caller) {
  if (!id.is_valid()) {
    throw std::invalid_argument(fmt::format("SceneGraph::{}: invalid (default-constructed) GeometryId", caller));
  }
  const auto it = geometries_.find(id);
  if (it == geometries_.end()) {
    throw std::invalid_argument(fmt::format("SceneGraph::{}: unknown {}", caller, id.to_string()));
  }
  return it->second;
}

const GeometryState& SceneGraph::geometry(GeometryId id) const {
  if (!id.is_valid()) throw std::invalid_argument("SceneGraph: invalid (default-constructed) GeometryId");
  const auto it = geometries_.find(id);
  if (it == geometries_.end()) throw std::invalid_argument(fmt::format("SceneGraph: unknown {}", id.to_string()));
  return it->second;
}

void SceneGraph::RemoveGeometry(GeometryId id) {
  const GeometryState& state = GetMutableGeometry(id, "RemoveGeometry");
  names_.erase(state.name);
  std::erase_if(excluded_pairs_, [id](const auto& pair) { return pair.first == id || pair.second == id; });
  geometries_.erase(id);
  ++geometry_version_;
}

void SceneGraph::AssignProximityProperties(GeometryId id, ProximityProperties properties) {
  GeometryState& state = GetMutableGeometry(id, "AssignProximityProperties");
  GeometryState rebuilt = state;
  rebuilt.properties = std::move(properties);
  try {
    BuildDerivedData(rebuilt);
  } catch (const std::exception& e) {
    throw std::invalid_argument(fmt::format("SceneGraph::AssignProximityProperties: geometry '{}' ({}): {}",
                                            state.name, id.to_string(), e.what()));
  }
  state = std::move(rebuilt);
  ++geometry_version_;
}

void SceneGraph::ExcludeCollisionsBetween(GeometryId a, GeometryId b) {
  GetMutableGeometry(a, "ExcludeCollisionsBetween");
  GetMutableGeometry(b, "ExcludeCollisionsBetween");
  if (a == b) {
    throw std::invalid_argument(
        fmt::format("SceneGraph::ExcludeCollisionsBetween: {} paired with itself", a.to_string()));
  }
  excluded_pairs_.insert(std::minmax(a, b));
  ++geometry_version_;
}

void SceneGraph::ExcludeCollisionsWithin(FrameId frame) {
  GetFrame(frame, "ExcludeCollisionsWithin");
  frames_.at(frame).collisions_excluded_within = true;
  ++geometry_version_;
}

bool SceneGraph::AreCollisionsExcludedWithin(FrameId frame) const {
  return GetFrame(frame, "AreCollisionsExcludedWithin").collisions_excluded_within;
}

bool SceneGraph::IsCollisionFiltered(GeometryId a, GeometryId b) const {
  const GeometryState& ga = geometry(a);
  const GeometryState& gb = geometry(b);
  if (a == b) return true;
  if (ga.frame == gb.frame && frames_.at(ga.frame).collisions_excluded_within) return true;
  return excluded_pairs_.count(std::minmax(a, b)) > 0;
}

GeometryId SceneGraph::FindGeometryByName(const std::string& name) const {
  const auto it = names_.find(name);
  if (it == names_.end()) {
    throw std::invalid_argument(fmt::format("SceneGraph::FindGeometryByName: no geometry named '{}'", name));
  }
  return it->second;
}

std::vector<GeometryId> SceneGraph::GetAllGeometryIds() const {
  std::vector<GeometryId> ids;
  ids.reserve(geometries_.size());
  for (const auto& [id, state] : geometries_) ids.push_back(id);
  return ids;
}

RigidTransform SceneGraph::GetPoseInWorld(GeometryId id) const {
  const GeometryState& state = geometry(id);
  return frame_poses_[frames_.at(state.frame).pose_index] * state.X_FG;
}

QueryObject SceneGraph::query_object() const { return QueryObject(*this); }

}  // namespace hydrocontact
