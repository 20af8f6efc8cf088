#include "tools/cli/scene_file.h"

#include <cmath>
#include <variant>

#include <catch2/catch.hpp>

#include "tools/cli/command.h"

namespace hydrocontact::cli {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("scene file: roll-pitch-yaw inverts FromRollPitchYaw") {
  for (const Eigen::Vector3d& rpy : {Eigen::Vector3d(0.1, -0.4, 2.5), Eigen::Vector3d(-3.0, 1.2, -0.3),
                                    Eigen::Vector3d(0, 0, 0)}) {
    const Eigen::Matrix3d R = RigidTransform::FromRollPitchYaw(rpy).rotation();
    CHECK((RollPitchYaw(R) - rpy).norm() < 1e-12);
  }
  // Gimbal lock (pitch π/2): the rotation, not the angles, must round-trip.
  const Eigen::Matrix3d R = RigidTransform::FromRollPitchYaw({0.3, M_PI / 2, 0.7}).rotation();
  CHECK((RigidTransform::FromRollPitchYaw(RollPitchYaw(R)).rotation() - R).norm() < 1e-9);
}

TEST_CASE("scene file: keys, defaults and materials") {
  const JsonValue root = ParseJson(R"({
    "gravity": [0, -1, 0], "dt": 0.0005, "steps": 7, "rigid_contact": "point", "stiction_speed": 0.02,
    "bodies": [{"name": "b", "shape": "box:0.1,0.2,0.3", "pose": [1, 2, 3, 0, 0, 0.5],
                "velocity": [0, 0, 1, 2, 0, 0], "density": 700, "compliant": true, "modulus": 2e5,
                "resolution": 0.05, "dissipation": 3, "friction": [0.7, 0.4]}],
    "fixed": [{"name": "f", "shape": "halfspace"}]})",
                                   "s.json");
  const Scene scene = ParseScene(root, "s.json", ".");
  CHECK(scene.steps == 7);
  CHECK(scene.output_every == 10);
  CHECK(scene.settings.dt == 0.0005);
  CHECK(scene.settings.gravity_W == Eigen::Vector3d(0, -1, 0));
  CHECK(scene.settings.rigid_contact == plant::RigidContact::kPointPair);
  CHECK(scene.settings.defaults.stiction_speed == 0.02);
  REQUIRE(scene.bodies.size() == 1);
  const plant::BodySpec& b = scene.bodies[0];
  CHECK(std::holds_alternative<Box>(b.shape));
  CHECK(b.X_WG.translation() == Eigen::Vector3d(1, 2, 3));
  CHECK(b.V_WG.w_W == Eigen::Vector3d(0, 0, 1));
  CHECK(b.V_WG.v_W == Eigen::Vector3d(2, 0, 0));
  CHECK(b.density == 700);
  CHECK(b.properties.compliance() == Compliance::kCompliant);
  CHECK(b.properties.hydroelastic_modulus() == 2e5);
  CHECK(*b.properties.resolution_hint() == 0.05);
  CHECK(*b.properties.material().hunt_crossley_dissipation() == 3);
  CHECK(b.properties.material().friction()->static_friction() == 0.7);
  REQUIRE(scene.fixed.size() == 1);
  CHECK(scene.fixed[0].properties.compliance() == Compliance::kRigid);
  // A relative mesh file is found beside the scene.
  const JsonValue mesh = ParseJson(R"({"bodies": [{"name": "m", "shape": "sphere_r0.05m.obj"}]})", "m.json");
  const Scene with_mesh = ParseScene(mesh, "m.json", std::filesystem::path(HYDROCONTACT_SOURCE_DIR) / "data");
  REQUIRE(std::holds_alternative<Mesh>(with_mesh.bodies[0].shape));
  CHECK(std::get<Mesh>(with_mesh.bodies[0].shape).file().filename() == "sphere_r0.05m.obj");
  CHECK_THROWS_AS(ParseScene(mesh, "m.json", "/nonexistent"), UsageError);
  // So is a height field's file.
  const JsonValue field = ParseJson(R"({"bodies": [{"name": "b", "shape": "sphere:0.05"}],
                                        "fixed": [{"name": "h", "shape": "heightfield:cap.heightfield.txt"}]})",
                                    "h.json");
  const Scene with_field = ParseScene(field, "h.json", std::filesystem::path(HYDROCONTACT_SOURCE_DIR) / "data");
  REQUIRE(with_field.fixed.size() == 1);
  CHECK(std::holds_alternative<HeightField>(with_field.fixed[0].shape));
  CHECK_THROWS_WITH(ParseScene(field, "h.json", "/nonexistent"), Catch::Matchers::Contains("fixed[0].shape"));
}

TEST_CASE("scene file: friction and dissipation given on one side only are that pair's") {
  // The floor gives neither: its material has no value, so the pair takes
  // the body's (CombineContactMaterials' one-sided rule). Had the reader
  // stored 0 for the missing keys, the harmonic mean 2·0.5·0/(0.5 + 0)
  // would make the contact frictionless.
  const JsonValue root = ParseJson(R"({
    "bodies": [{"name": "b", "shape": "box:0.1,0.1,0.1", "friction": [0.5, 0.4], "dissipation": 2}],
    "fixed": [{"name": "floor", "shape": "halfspace"}]})",
                                   "s.json");
  const Scene scene = ParseScene(root, "s.json", ".");
  const ContactMaterial& floor = scene.fixed[0].properties.material();
  CHECK_FALSE(floor.friction());
  CHECK_FALSE(floor.hunt_crossley_dissipation());
  const ContactMaterial pair = CombineContactMaterials(scene.bodies[0].properties.material(), floor);
  REQUIRE(pair.friction());
  CHECK(pair.friction()->static_friction() == 0.5);
  CHECK(pair.friction()->dynamic_friction() == 0.4);
  CHECK(*pair.hunt_crossley_dissipation() == 2);
}

TEST_CASE("scene file: 'scale' on a primitive is refused, not ignored") {
  // The command line refuses --scale on a primitive; a scene did too little:
  // a sphere given "scale": 10 stayed 0.05 m. It names the key and the shape.
  const JsonValue root = ParseJson(
      R"({"bodies": [{"name": "b", "shape": "sphere:0.05", "scale": 10, "compliant": true}]})", "s.json");
  CHECK_THROWS_WITH(ParseScene(root, "s.json", "."),
                    Catch::Matchers::Contains("bodies[0].scale") && Catch::Matchers::Contains("sphere:0.05"));
  // On a mesh file it scales.
  const JsonValue mesh = ParseJson(R"({"bodies": [{"name": "m", "shape": "sphere_r0.05m.obj", "scale": 2}]})", "m.json");
  const Scene scaled = ParseScene(mesh, "m.json", std::filesystem::path(HYDROCONTACT_SOURCE_DIR) / "data");
  CHECK(std::get<Mesh>(scaled.bodies[0].shape).scale() == 2);
}

TEST_CASE("scene file: the thread count is bounded by the pool's kMaxThreads") {
  auto with_threads = [](const std::string& n) {
    return ParseJson(R"({"threads": )" + n + R"(, "bodies": [{"name": "b", "shape": "sphere:0.1"}]})",
                     "t.json");
  };
  CHECK(ParseScene(with_threads("256"), "t.json", ".").settings.threads == 256);
  // 100000 used to start threads until the system refused one, ending in
  // a bare "Resource temporarily unavailable".
  for (const std::string n : {"257", "100000", "0"}) {
    CAPTURE(n);
    CHECK_THROWS_WITH(ParseScene(with_threads(n), "t.json", "."),
                      Catch::Contains("threads") && Catch::Contains("must be an integer in [1, 256]"));
  }
}

}  // namespace
}  // namespace hydrocontact::cli
