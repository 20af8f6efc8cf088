// Python bindings of SceneGraph (and the GeometryState it reports).

#include <fmt/format.h>

#include "geometry/query_object.h"
#include "geometry/scene_graph.h"
#include "python/bindings.h"

namespace hydrocontact::python {
namespace {

// Frame poses given as a dict {FrameId: pose} or an iterable of pairs
// (FrameId, pose), each pose as ToRigidTransform takes it.
std::vector<std::pair<FrameId, RigidTransform>> ToFramePoses(const py::handle& poses) {
  std::vector<std::pair<FrameId, RigidTransform>> X_WF;
  const py::object items =
      py::isinstance<py::dict>(poses) ? py::reinterpret_borrow<py::dict>(poses).attr("items")()
                                      : py::reinterpret_borrow<py::object>(poses);
  size_t i = 0;
  for (const py::handle item : py::iter(items)) {
    const std::string what = fmt::format("SetFramePoses: entry {}", i++);
    if (!py::isinstance<py::sequence>(item) || py::len(item) != 2) {
      throw std::invalid_argument(what + ": expected a pair (FrameId, pose)");
    }
    const auto pair = py::reinterpret_borrow<py::sequence>(item);
    if (!py::isinstance<FrameId>(pair[0])) {
      throw std::invalid_argument(what + ": the key is not a FrameId");
    }
    X_WF.emplace_back(pair[0].cast<FrameId>(), ToRigidTransform(pair[1], what.c_str()));
  }
  return X_WF;
}

}  // namespace

void BindSceneGraph(py::module_& m) {
  py::class_<GeometryState>(m, "GeometryState", "What SceneGraph keeps about one geometry (a copy).")
      .def_readonly("id", &GeometryState::id, kByValue)
      .def_readonly("frame", &GeometryState::frame, kByValue)
      .def_readonly("name", &GeometryState::name, kByValue)
      .def_readonly("X_FG", &GeometryState::X_FG, kByValue)
      .def_property_readonly("shape", [](const GeometryState& g) { return FromShape(g.shape); })
      .def_readonly("properties", &GeometryState::properties, kByValue)
      .def_readonly("is_half_space", &GeometryState::is_half_space, kByValue)
      .def("__repr__", [](const GeometryState& g) {
        return fmt::format("<GeometryState {} {} on {}: {}, {}>", g.id.to_string(), QuotedRepr(g.name), g.frame.to_string(),
                           std::string(py::repr(FromShape(g.shape))), std::string(py::repr(py::cast(g.properties))));
      });

  py::class_<SceneGraph>(m, "SceneGraph",
                         "The registry of frames and geometries. Register frames and geometries once, set\n"
                         "the frame poses every step, and query through query_object(). Not thread-safe for\n"
                         "mutation: do not change it while another thread queries it.")
      .def(py::init<>())
      .def("world_frame_id", &SceneGraph::world_frame_id)
      .def("RegisterFrame", &SceneGraph::RegisterFrame, py::arg("name"))
      .def(
          "SetFramePoses", [](SceneGraph& scene, const py::object& poses) { scene.SetFramePoses(ToFramePoses(poses)); },
          py::arg("poses"),
          "Sets X_WF of any number of frames: {FrameId: pose} or [(FrameId, pose), ...], a pose\n"
          "being a RigidTransform, a 4×4 matrix or a pair (R, p). No pose changes if one is bad.")
      .def(
          "SetFramePose",
          [](SceneGraph& scene, FrameId frame, const py::object& pose) {
            scene.SetFramePoses({{frame, ToRigidTransform(pose, "SetFramePose")}});
          },
          py::arg("frame"), py::arg("pose"), "SetFramePoses for one frame.")
      .def("GetFramePose", &SceneGraph::GetFramePose, py::arg("frame"))
      .def(
          "RegisterGeometry",
          [](SceneGraph& scene, FrameId frame, const py::object& X_FG, const py::object& shape,
             const std::string& name, const ProximityProperties& properties) {
            return scene.RegisterGeometry(frame, ToRigidTransform(X_FG, "RegisterGeometry: X_FG"),
                                          ToShape(shape, "RegisterGeometry: shape"), name, properties);
          },
          py::arg("frame"), py::arg("X_FG"), py::arg("shape"), py::arg("name"),
          py::arg("properties") = ProximityProperties(),
          "Registers a shape on `frame` (world_frame_id() for a fixed one) at pose X_FG and builds\n"
          "its representations. Returns its GeometryId.")
      .def("RemoveGeometry", &SceneGraph::RemoveGeometry, py::arg("id"))
      .def("AssignProximityProperties", &SceneGraph::AssignProximityProperties, py::arg("id"), py::arg("properties"))
      .def("ExcludeCollisionsBetween", &SceneGraph::ExcludeCollisionsBetween, py::arg("a"), py::arg("b"))
      .def("ExcludeCollisionsWithin", &SceneGraph::ExcludeCollisionsWithin, py::arg("frame"))
      .def("AreCollisionsExcludedWithin", &SceneGraph::AreCollisionsExcludedWithin, py::arg("frame"))
      .def("excluded_pairs", &SceneGraph::excluded_pairs)
      .def("IsCollisionFiltered", &SceneGraph::IsCollisionFiltered, py::arg("a"), py::arg("b"))
      .def("FindGeometryByName", &SceneGraph::FindGeometryByName, py::arg("name"))
      .def(
          "geometry", [](const SceneGraph& scene, GeometryId id) { return GeometryState(scene.geometry(id)); },
          py::arg("id"))
      .def("GetAllGeometryIds", &SceneGraph::GetAllGeometryIds)
      .def("num_geometries", &SceneGraph::num_geometries)
      .def("GetPoseInWorld", &SceneGraph::GetPoseInWorld, py::arg("id"))
      .def("geometry_version", &SceneGraph::geometry_version)
      .def("pose_version", &SceneGraph::pose_version)
      // The QueryObject refers to the SceneGraph: keep the SceneGraph alive
      // as long as the QueryObject.
      .def("query_object", &SceneGraph::query_object, py::keep_alive<0, 1>(),
           "The query view at the current poses (it follows later pose changes).");
}

}  // namespace hydrocontact::python
