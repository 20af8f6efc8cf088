// Runs the built `hydrocontact point-distance` and checks its JSON against
// closed forms and its errors.

#include <cmath>

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using namespace hydrocontact::test;

ToolResult PointDistance(const std::vector<std::string>& args) {
  return RunTool("point-distance", args);
}

TEST_CASE("point-distance: box edge region, posed") {
  // Box 2 × 4 × 6 at (1, 0, 0); Q = (2.3, −2.4, 0.7) is (1.3, −2.4, 0.7) in
  // the box frame: (0.3, −0.4, 0) from the edge, distance 0.5.
  const ToolResult r = PointDistance({"box:2,4,6", "2.3,-2.4,0.7", "--pose", "1,0,0,0,0,0"});
  CheckSuccess(r);
  CHECK(Number(r.out, "distance") == Approx(0.5));
  CHECK((JsonVector(r.out, "p_WN") - Vector3d(2, -2, 0.7)).norm() < 1e-14);
  CHECK((JsonVector(r.out, "normal") - Vector3d(0.6, -0.8, 0)).norm() < 1e-14);
  CHECK(Member(r.out, "normal_defined") == "true");
  CHECK((JsonVector(r.out, "p_WQ") - Vector3d(2.3, -2.4, 0.7)).norm() < 1e-15);
}

TEST_CASE("point-distance: inside an ellipsoid, and its centre") {
  // Semi-axes (2, 1, 0.5), Q = (0.3, 0, 0): φ = −√0.244 (Lagrange; see the
  // ellipsoid tests), two mirror nearest points.
  const ToolResult r = PointDistance({"ellipsoid:2,1,0.5", "0.3,0,0"});
  CheckSuccess(r);
  CHECK(Number(r.out, "distance") == Approx(-std::sqrt(0.244)));
  CHECK(Member(r.out, "normal_defined") == "false");
  // A sphere's centre: −r, undefined gradient, still unit.
  const ToolResult c = PointDistance({"sphere:0.25", "0,0,1", "--pose-a", "0,0,1,0,0,0"});
  CheckSuccess(c);
  CHECK(Number(c.out, "distance") == Approx(-0.25));
  CHECK(Member(c.out, "normal_defined") == "false");
  CHECK(JsonVector(c.out, "normal").norm() == Approx(1));
}

TEST_CASE("point-distance: invariant p_WQ = p_WN + distance · normal on a mesh") {
  const ToolResult r = PointDistance({DataPath("box_0.1m.vtk"), "0.02,-0.01,0.2", "--pose",
                                      "0,0,0.1,0.2,0.1,0.3"});
  CheckSuccess(r);
  const double d = Number(r.out, "distance");
  CHECK(d > 0);
  CHECK((JsonVector(r.out, "p_WN") + d * JsonVector(r.out, "normal") - Vector3d(0.02, -0.01, 0.2))
            .norm() < 1e-12);
  // Below a half-space's plane.
  const ToolResult h = PointDistance({"halfspace", "5,6,-0.5"});
  CheckSuccess(h);
  CHECK(Number(h.out, "distance") == -0.5);
}

TEST_CASE("point-distance: bad input exits 2") {
  CHECK(FailsCleanly(PointDistance({"sphere:1", "1,2"}), "x,y,z"));
  CHECK(FailsCleanly(PointDistance({"sphere:1", "1,2,nan"}), "x,y,z"));
  CHECK(FailsCleanly(PointDistance({"sphere:1"}), ""));
  CHECK(FailsCleanly(PointDistance({"cone:1", "0,0,0"}), "cone:1"));
}

}  // namespace
}  // namespace hydrocontact
