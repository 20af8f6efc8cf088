// Runs the built `hydrocontact ray` and checks its JSON against closed forms
// and its errors.

#include <cmath>

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using namespace hydrocontact::test;

TEST_CASE("ray: a posed box face and a cylinder's side") {
  // Box 2 × 4 × 6 at (1, 0, 0): from (5, 0.5, 0.5) along −x it enters the
  // face x = 2 after 3, outward normal +x.
  const ToolResult r = RunTool("ray", {"box:2,4,6", "5,0.5,0.5", "-2,0,0", "--pose",
                                       "1,0,0,0,0,0"});
  CheckSuccess(r);
  CHECK(Member(r.out, "hit") == "true");
  CHECK(Number(r.out, "distance") == Approx(3));
  CHECK((JsonVector(r.out, "p_WH") - Vector3d(2, 0.5, 0.5)).norm() < 1e-14);
  CHECK((JsonVector(r.out, "normal") - Vector3d::UnitX()).norm() < 1e-14);
  CHECK(Member(r.out, "entering") == "true");
  // A cylinder of radius 0.5 along W's x (pitch π/2 turns G's z onto W's
  // x... the axis direction Rz·Ry·Rx ẑ = (sin π/2, 0, cos π/2) = +x): from
  // (0.2, 0, 3) down, the side at z = 0.5.
  const ToolResult c = RunTool("ray", {"cylinder:0.5,2", "0.2,0,3", "0,0,-1", "--pose",
                                       "0,0,0,0,1.5707963267948966,0"});
  CheckSuccess(c);
  CHECK(Number(c.out, "distance") == Approx(2.5));
  CHECK((JsonVector(c.out, "normal") - Vector3d::UnitZ()).norm() < 1e-12);
}

TEST_CASE("ray: a direction of any finite length gives the same hit and unit direction") {
  // From (0, 0, 1) down onto a sphere of radius 0.1: hit (0, 0, 0.1) at
  // 0.9, printed direction (0, 0, −1), for 1e-161 (whose squared norm
  // underflows) and 1e200 (whose squared norm overflows) alike.
  for (const char* direction : {"0,0,-1e-161", "0,0,-1e200"}) {
    CAPTURE(direction);
    const ToolResult r = RunTool("ray", {"sphere:0.1", "0,0,1", direction});
    CheckSuccess(r);
    CHECK(Number(r.out, "distance") == Approx(0.9).epsilon(1e-14));
    CHECK((JsonVector(r.out, "direction") - Vector3d(0, 0, -1)).norm() < 1e-15);
    CHECK((JsonVector(r.out, "p_WH") - Vector3d(0, 0, 0.1)).norm() < 1e-14);
  }
}

TEST_CASE("ray: misses, max distance, from inside a torus's tube") {
  const ToolResult miss = RunTool("ray", {"sphere:1", "0,2,0", "1,0,0"});
  CheckSuccess(miss);
  CHECK(Member(miss.out, "hit") == "false");
  CHECK(Member(miss.out, "distance").empty());
  const ToolResult short_ray =
      RunTool("ray", {"sphere:1", "5,0,0", "-1,0,0", "--max-distance", "3.9"});
  CheckSuccess(short_ray);
  CHECK(Member(short_ray.out, "hit") == "false");
  // Torus R = 2, r = 0.5: from the tube's centre (2, 0, 0) up, it leaves
  // after r through the top, outward normal +z.
  const ToolResult t = RunTool("ray", {"torus:2,0.5", "2,0,0", "0,0,1"});
  CheckSuccess(t);
  CHECK(Number(t.out, "distance") == Approx(0.5));
  CHECK(Member(t.out, "entering") == "false");
  CHECK((JsonVector(t.out, "normal") - Vector3d::UnitZ()).norm() < 1e-12);
}

TEST_CASE("ray: bad input exits 2 with one line") {
  CHECK(FailsCleanly(RunTool("ray", {"sphere:1", "0,0,0", "0,0,0"}), "direction"));
  CHECK(FailsCleanly(RunTool("ray", {"sphere:1", "0,0,0"}), ""));
  CHECK(FailsCleanly(RunTool("ray", {"sphere:1", "0,0,0", "1,0,0", "--max-distance", "-1"}),
                     "--max-distance"));
  CHECK(FailsCleanly(RunTool("ray", {"torus:1,2", "0,0,0", "1,0,0"}), "minor_radius"));
  // An origin beyond the supported coordinates, as point-distance refuses.
  CHECK(FailsCleanly(RunTool("ray", {"sphere:1", "-1e17,0,0", "1,0,0"}),
                     "ray: the origin x,y,z (-1e+17, 0, 0) lies outside the supported range"));
}

TEST_CASE("ray: onto a height field's bicubic top and into its side") {
  // data/cap.heightfield.txt: z = 1 − (x² + y²)/2. Down at (0.3, 0.4) from
  // z = 3 it meets z = 1 − 0.125 = 0.875 after 2.125, outward normal
  // ∝ (x, y, 1) = (0.3, 0.4, 1).
  const std::string spec = "heightfield:" + DataPath("cap.heightfield.txt");
  const ToolResult r = RunTool("ray", {spec, "0.3,0.4,3", "0,0,-1"});
  CheckSuccess(r);
  CHECK(Number(r.out, "distance") == Approx(2.125).epsilon(1e-12));
  CHECK((JsonVector(r.out, "normal") - Vector3d(0.3, 0.4, 1).normalized()).norm() < 1e-9);
  CHECK(Member(r.out, "entering") == "true");
  // Posed 1 m up: into the side x = 1 at height 0.2 + 1 from x = 4.
  const ToolResult s = RunTool("ray", {spec, "4,0,1.2", "-1,0,0", "--pose", "0,0,1,0,0,0"});
  CheckSuccess(s);
  CHECK(Number(s.out, "distance") == Approx(3));
  CHECK((JsonVector(s.out, "normal") - Vector3d::UnitX()).norm() < 1e-12);
}

}  // namespace
}  // namespace hydrocontact
