#include "geometry/scene_graph.h"

#include <catch2/catch.hpp>

#include "geometry/query_object.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("SceneGraph: X_WG = X_WF · X_FG at the current frame poses") {
  SceneGraph scene;
  const FrameId body = scene.RegisterFrame("body");
  const RigidTransform X_FG = RigidTransform::FromRollPitchYaw({0.1, 0.2, 0.3}, {1, 0, 0});
  const GeometryId g = scene.RegisterGeometry(body, X_FG, Sphere(0.5), "ball");
  const RigidTransform X_WF = RigidTransform::FromAxisAngle({0, 0, 1}, M_PI / 2, {0, 2, 0});
  scene.SetFramePoses({{body, X_WF}});
  CHECK(scene.GetPoseInWorld(g).IsNearlyEqualTo(X_WF * X_FG, 1e-15));
  // The sphere's centre, (1, 0, 0) in F, is rotated a quarter turn about z and lifted to y = 2.
  CHECK((scene.query_object().X_WG(g).translation() - Vector3d(0, 3, 0)).norm() < 1e-15);
  // A geometry on the world frame never moves.
  const GeometryId fixed = scene.RegisterGeometry(scene.world_frame_id(), RigidTransform(Vector3d(0, 0, -1)),
                                                  Box(1, 1, 1), "floor");
  CHECK(scene.GetPoseInWorld(fixed).translation() == Vector3d(0, 0, -1));
  CHECK_THROWS_WITH(scene.SetFramePoses({{scene.world_frame_id(), X_WF}}), Catch::Contains("world frame"));
}

TEST_CASE("SceneGraph: ids are unique, names look geometries up, removal forgets them") {
  SceneGraph scene;
  const GeometryId a = scene.RegisterGeometry(scene.world_frame_id(), {}, Sphere(1), "a");
  const GeometryId b = scene.RegisterGeometry(scene.world_frame_id(), {}, Sphere(1), "b");
  CHECK(a != b);
  CHECK(a < b);
  CHECK(scene.FindGeometryByName("b") == b);
  CHECK(scene.num_geometries() == 2);
  scene.RemoveGeometry(a);
  CHECK(scene.num_geometries() == 1);
  CHECK(scene.GetAllGeometryIds() == std::vector<GeometryId>{b});
  CHECK_THROWS_WITH(scene.FindGeometryByName("a"), Catch::Contains("'a'"));
  CHECK_THROWS_WITH(scene.geometry(a), Catch::Contains(a.to_string()));
  // The name is free again and the new geometry gets a new id.
  const GeometryId a2 = scene.RegisterGeometry(scene.world_frame_id(), {}, Sphere(1), "a");
  CHECK(a2 != a);
}

// Issue 10, defect 4: a pose beyond the supported coordinates is refused
// when it enters (a capsule 1e155 m away was reported as penetrating).
TEST_CASE("SceneGraph: poses beyond the supported range are refused by name") {
  SceneGraph scene;
  const FrameId body = scene.RegisterFrame("body");
  const RigidTransform far(Eigen::Vector3d(1e155, 0, 0));
  CHECK_THROWS_WITH(scene.SetFramePoses({{body, far}}),
                    Catch::Contains("translation") && Catch::Contains("supported range"));
  CHECK_THROWS_WITH(scene.RegisterGeometry(body, far, Capsule(1, 1), "capsule"),
                    Catch::Contains("X_FG") && Catch::Contains("supported range"));
  CHECK_NOTHROW(scene.SetFramePoses({{body, RigidTransform(Eigen::Vector3d(1e6, 0, 0))}}));
}

TEST_CASE("SceneGraph: error paths name the culprit") {
  SceneGraph scene;
  const GeometryId g = scene.RegisterGeometry(scene.world_frame_id(), {}, Sphere(1), "ball");
  CHECK_THROWS_WITH(scene.RegisterGeometry(scene.world_frame_id(), {}, Sphere(1), "ball"),
                    Catch::Contains("'ball'") && Catch::Contains("already"));
  CHECK_THROWS_WITH(scene.RegisterGeometry(FrameId(), {}, Sphere(1), "x"), Catch::Contains("invalid"));
  const FrameId stranger = FrameId::get_new_id();
  CHECK_THROWS_WITH(scene.RegisterGeometry(stranger, {}, Sphere(1), "x"), Catch::Contains(stranger.to_string()));
  CHECK_THROWS_WITH(scene.RegisterGeometry(scene.world_frame_id(), {}, Sphere(1), ""), Catch::Contains("empty"));
  CHECK_THROWS_WITH(scene.SetFramePoses({{stranger, RigidTransform()}}), Catch::Contains(stranger.to_string()));
  CHECK_THROWS_WITH(scene.RemoveGeometry(GeometryId()), Catch::Contains("invalid"));
  const GeometryId unknown = GeometryId::get_new_id();
  CHECK_THROWS_WITH(scene.RemoveGeometry(unknown), Catch::Contains(unknown.to_string()));
  CHECK_THROWS_WITH(scene.ExcludeCollisionsBetween(g, g), Catch::Contains("itself"));
  CHECK_THROWS_WITH(scene.ExcludeCollisionsBetween(g, unknown), Catch::Contains(unknown.to_string()));
  CHECK_THROWS_WITH(scene.RegisterFrame("world"), Catch::Contains("'world'"));
  // A representation that cannot be built registers nothing.
  CHECK_THROWS_WITH(scene.RegisterGeometry(scene.world_frame_id(), {}, Mesh("/no/such/file.obj"), "ghost",
                                           ProximityProperties::Rigid()),
                    Catch::Contains("ghost"));
  CHECK_THROWS(scene.FindGeometryByName("ghost"));
  CHECK(scene.num_geometries() == 1);
}

TEST_CASE("SceneGraph: filters exclude pairs and frames from the candidates") {
  SceneGraph scene;
  const FrameId body = scene.RegisterFrame("body");
  const GeometryId a = scene.RegisterGeometry(body, {}, Sphere(1), "a");
  const GeometryId b = scene.RegisterGeometry(body, RigidTransform(Vector3d(1, 0, 0)), Sphere(1), "b");
  const GeometryId c = scene.RegisterGeometry(scene.world_frame_id(), RigidTransform(Vector3d(0.5, 0, 0)),
                                              Sphere(1), "c");
  const GeometryId far = scene.RegisterGeometry(scene.world_frame_id(), RigidTransform(Vector3d(10, 0, 0)),
                                                Sphere(1), "far");
  using Pairs = std::vector<std::pair<GeometryId, GeometryId>>;
  CHECK(scene.query_object().FindCollisionCandidates() == Pairs{{a, b}, {a, c}, {b, c}});
  scene.ExcludeCollisionsWithin(body);
  CHECK(scene.IsCollisionFiltered(a, b));
  CHECK(scene.query_object().FindCollisionCandidates() == Pairs{{a, c}, {b, c}});
  scene.ExcludeCollisionsBetween(c, b);
  CHECK(scene.query_object().FindCollisionCandidates() == Pairs{{a, c}});
  CHECK(scene.query_object().HasCollisions());
  scene.RemoveGeometry(c);
  CHECK(scene.query_object().FindCollisionCandidates().empty());
  CHECK_FALSE(scene.query_object().HasCollisions());
  (void)far;
}

TEST_CASE("SceneGraph: changing properties rebuilds only that geometry's representation") {
  SceneGraph scene;
  const GeometryId a = scene.RegisterGeometry(scene.world_frame_id(), {}, Sphere(1), "a",
                                              ProximityProperties::Compliant(1e5, 0.5));
  const GeometryId b = scene.RegisterGeometry(scene.world_frame_id(), {}, Box(1, 1, 1), "b",
                                              ProximityProperties::Rigid());
  const auto* before_b = &scene.query_object().representation(b);
  CHECK(std::holds_alternative<CompliantMesh>(scene.query_object().representation(a)));
  scene.AssignProximityProperties(a, ProximityProperties::Rigid(0.5));
  CHECK(std::holds_alternative<RigidMesh>(scene.query_object().representation(a)));
  CHECK(&scene.query_object().representation(b) == before_b);
  // A failed rebuild keeps the old properties.
  ProximityProperties impossible = ProximityProperties::Compliant(1e5, 1e-6);
  CHECK_THROWS(scene.AssignProximityProperties(a, impossible));
  CHECK(scene.query_object().properties(a).compliance() == Compliance::kRigid);
  scene.AssignProximityProperties(a, ProximityProperties());
  CHECK(std::holds_alternative<std::monostate>(scene.query_object().representation(a)));
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("SceneGraph: new properties keep the shape's distance data and re-bound the margin") {
  SceneGraph scene;
  const GeometryId g = scene.RegisterGeometry(scene.world_frame_id(), {}, Box(1, 1, 1), "box",
                                              ProximityProperties::Compliant(1e5));
  const auto distance_before = scene.geometry(g).distance_geometry;
  CHECK(scene.geometry(g).box_G.max.x() == Approx(0.5));
  ProximityProperties inflated = ProximityProperties::Compliant(1e5);
  inflated.set_margin(0.1);
  scene.AssignProximityProperties(g, inflated);
  CHECK(scene.geometry(g).distance_geometry == distance_before);
  // The box now bounds the inflated volume: half size 0.5 + 0.1, plus the
  // margin once more for the contact-begins-early slack of the broad phase.
  CHECK(scene.geometry(g).box_G.max.x() >= 0.6);
}

}  // namespace
}  // namespace hydrocontact
