// Runs the built `hydrocontact penetration` and checks its JSON against
// closed forms and its errors.

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using namespace hydrocontact::test;

ToolResult Penetration(const std::vector<std::string>& args) {
  return RunTool("penetration", args);
}

TEST_CASE("penetration: apart or touching prints only penetrating false") {
  const ToolResult r = Penetration({"box:1,1,1", "box:1,1,1", "--pose-b", "1.5,0,0,0,0,0"});
  CheckSuccess(r);
  CHECK(r.out == "{\n  \"penetrating\": false\n}\n");
  // Exactly touching faces: not penetrating.
  const ToolResult touching =
      Penetration({"box:1,1,1", "box:1,1,1", "--pose-b", "1,0,0,0,0,0"});
  CheckSuccess(touching);
  CHECK(Member(touching.out, "penetrating") == "false");
}

TEST_CASE("penetration: a box sunk into the ground") {
  // A 1 × 2 × 0.5 box turned about z, its centre at 0.24: 0.01 below z = 0,
  // the deepest point the middle of its bottom face.
  const ToolResult r = Penetration({"box:1,2,0.5", "halfspace", "--pose-a", "2,3,0.24,0,0,0.3"});
  CheckSuccess(r);
  CHECK(Member(r.out, "penetrating") == "true");
  CHECK(Number(r.out, "depth") == Approx(0.01));
  CHECK((JsonVector(r.out, "p_WCa") - Vector3d(2, 3, -0.01)).norm() < 1e-14);
  CHECK((JsonVector(r.out, "p_WCb") - Vector3d(2, 3, 0)).norm() < 1e-14);
  CHECK((JsonVector(r.out, "normal") - Vector3d(0, 0, 1)).norm() < 1e-15);
  CHECK(Member(r.out, "normal_defined") == "true");
}

TEST_CASE("penetration: p_WCb = p_WCa + depth · normal") {
  // Cylinder and ellipsoid (GJK/EPA): B's deepest point is depth along the
  // normal from A's.
  const ToolResult r = Penetration({"cylinder:0.1,0.3", "ellipsoid:0.1,0.15,0.2", "--pose-a",
                                    "0.05,0.02,0.25,0.3,0.2,0.1", "--pose-b", "0,0,0,0.1,-0.2,0.4"});
  CheckSuccess(r);
  REQUIRE(Member(r.out, "penetrating") == "true");
  const double depth = Number(r.out, "depth");
  CHECK(depth > 0);
  const Vector3d n = JsonVector(r.out, "normal");
  CHECK(n.norm() == Approx(1));
  CHECK((JsonVector(r.out, "p_WCb") - JsonVector(r.out, "p_WCa") - depth * n).norm() < 1e-10);
}

TEST_CASE("penetration: concentric boxes flag the normal") {
  const ToolResult r = Penetration({"box:1,1,1", "box:0.5,0.5,0.5"});
  CheckSuccess(r);
  CHECK(Number(r.out, "depth") == Approx(0.75));
  CHECK(Member(r.out, "normal_defined") == "false");
}

TEST_CASE("penetration: bad input exits 2") {
  CHECK(FailsCleanly(Penetration({"halfspace", "halfspace"}), "half-spaces"));
  CHECK(FailsCleanly(Penetration({"sphere:1", "box:1,1"}), "box:1,1"));
  CHECK(FailsCleanly(Penetration({"sphere:1", "sphere:1", "--pose-b", "1,2,3"}), "--pose-b"));
  const ToolResult help = Penetration({"--help"});
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.out, Catch::Matchers::Contains("\"penetrating\": false"));
}

}  // namespace
}  // namespace hydrocontact
