// Runs the built `hydrocontact distance` and checks its JSON against closed
// forms, its --max-distance filter and its errors.

#include <cmath>

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using namespace hydrocontact::test;

ToolResult Distance(const std::vector<std::string>& args) { return RunTool("distance", args); }

TEST_CASE("distance: sphere above a box face") {
  // Sphere r = 0.5 centred 1.25 above a unit cube's centre: 1.25 − 0.5 − 0.5.
  const ToolResult r = Distance({"sphere:0.5", "box:1,1,1", "--pose-a", "0,0,1.25,0,0,0"});
  CheckSuccess(r);
  CHECK(Member(r.out, "geometry_a") == "\"sphere:0.5\"");
  CHECK(Number(r.out, "distance") == Approx(0.25));
  CHECK((JsonVector(r.out, "p_WCa") - Vector3d(0, 0, 0.75)).norm() < 1e-15);
  CHECK((JsonVector(r.out, "p_WCb") - Vector3d(0, 0, 0.5)).norm() < 1e-15);
  // From B (the box) toward A (the sphere).
  CHECK((JsonVector(r.out, "normal") - Vector3d(0, 0, 1)).norm() < 1e-15);
  CHECK(Member(r.out, "normal_defined") == "true");
  CHECK(Member(r.out, "within_max_distance").empty());
}

TEST_CASE("distance: poses, overlap and the witness invariant") {
  // Two capsules (r 0.1, L 1) side by side, axes 0.15 apart along x, both
  // turned 90° about y (axes along x... then along x both: parallel), and
  // lifted to z = 2: overlap 0.2 − 0.15 = 0.05.
  const ToolResult r = Distance({"capsule:0.1,1", "capsule:0.1,1", "--pose-a",
                                 "0,0.15,2,0,1.5707963267948966,0", "--pose-b",
                                 "0.2,0,2,0,1.5707963267948966,0"});
  CheckSuccess(r);
  const double d = Number(r.out, "distance");
  CHECK(d == Approx(-0.05));
  const Vector3d n = JsonVector(r.out, "normal");
  CHECK((n - Vector3d(0, 1, 0)).norm() < 1e-12);
  CHECK((JsonVector(r.out, "p_WCa") - JsonVector(r.out, "p_WCb") - d * n).norm() < 1e-12);
}

TEST_CASE("distance: concentric spheres have an undefined normal") {
  const ToolResult r = Distance({"sphere:0.3", "sphere:0.2"});
  CheckSuccess(r);
  CHECK(Number(r.out, "distance") == Approx(-0.5));
  CHECK(Member(r.out, "normal_defined") == "false");
  CHECK(JsonVector(r.out, "normal").norm() == Approx(1));
}

TEST_CASE("distance: mesh files, as surfaces and as hulls") {
  // The sample icosphere (inscribed in r = 0.05; a vertex at each pole)
  // 0.09 above the sample 0.1 m cube: its lowest vertex is at 0.04, 0.01
  // inside the cube's top face at 0.05.
  const ToolResult r = Distance({DataPath("sphere_r0.05m.obj"), DataPath("box_0.1m.vtk"),
                                 "--pose-a", "0,0,0.09,0,0,0"});
  CheckSuccess(r);
  CHECK(Number(r.out, "distance") == Approx(-0.01).margin(1e-12));
  const ToolResult hull = Distance({DataPath("sphere_r0.05m.obj"), DataPath("box_0.1m.vtk"),
                                    "--convex-a", "--convex-b", "--pose-a", "0,0,0.2,0,0,0"});
  CheckSuccess(hull);
  // Apart: 0.2 − 0.05 − 0.05.
  CHECK(Number(hull.out, "distance") == Approx(0.1).margin(1e-12));
}

TEST_CASE("distance --max-distance filters the pair") {
  const std::vector<std::string> base = {"ellipsoid:0.1,0.2,0.3", "halfspace", "--pose-a",
                                         "0,0,0.5,0,0,0"};
  // The ellipsoid's lowest point is 0.5 − 0.3 = 0.2 above the plane.
  std::vector<std::string> far = base;
  far.insert(far.end(), {"--max-distance", "0.1"});
  const ToolResult beyond = Distance(far);
  CheckSuccess(beyond);
  CHECK(Member(beyond.out, "within_max_distance") == "false");
  CHECK(Number(beyond.out, "max_distance") == 0.1);
  CHECK(Member(beyond.out, "distance").empty());
  std::vector<std::string> near = base;
  near.insert(near.end(), {"--max-distance", "0.25"});
  const ToolResult within = Distance(near);
  CheckSuccess(within);
  CHECK(Member(within.out, "within_max_distance") == "true");
  CHECK(Number(within.out, "distance") == Approx(0.2));
}

TEST_CASE("distance: bad input exits 2 with one line naming the culprit") {
  CHECK(FailsCleanly(Distance({"halfspace", "halfspace"}), "half-spaces"));
  CHECK(FailsCleanly(Distance({"sphere:0.1", "box:1,1,1", "--max-distance", "nan"}), "--max-distance"));
  CHECK(FailsCleanly(Distance({"sphere:0.1"}), ""));
  CHECK(FailsCleanly(Distance({"sphere:0.1", "/nonexistent/x.obj"}), "/nonexistent/x.obj"));
  CHECK(FailsCleanly(Distance({"sphere:-1", "box:1,1,1"}), "sphere:-1"));
}

TEST_CASE("distance --help explains the output") {
  const ToolResult r = Distance({"--help"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Matchers::Contains("--max-distance") &&
                        Catch::Matchers::Contains("normal_defined") &&
                        Catch::Matchers::Contains("--pose-a"));
}

}  // namespace
}  // namespace hydrocontact
