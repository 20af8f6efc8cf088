// Runs the built `hydrocontact shape` and checks its JSON against closed
// forms and its errors.

#include <cmath>

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using namespace hydrocontact::test;

// Keys go into a regex (tool_runner.h): "+x" is passed as "\\+x".
Vector3d Nested(const std::string& json, const std::string& key, const std::string& after) {
  const std::vector<double> v = Numbers(json, key, after);
  REQUIRE(v.size() == 3);
  return {v[0], v[1], v[2]};
}

TEST_CASE("shape: a posed box's bounding sphere and support points") {
  // Box 2 × 4 × 6 at (1, 2, 3): smallest bounding sphere radius √14, centre
  // the box centre; the support along +x is a vertex with x = 2.
  const ToolResult r = RunTool("shape", {"box:2,4,6", "--pose", "1,2,3,0,0,0"});
  CheckSuccess(r);
  CHECK(Member(r.out, "smooth") == "false");
  CHECK(Member(r.out, "convex") == "true");
  CHECK(Number(r.out, "radius", "\"bounding_sphere\"") == Approx(std::sqrt(14.0)));
  CHECK((Nested(r.out, "center", "\"bounding_sphere\"") - Vector3d(1, 2, 3)).norm() < 1e-14);
  CHECK(Nested(r.out, "\\+x", "\"support_points\"").x() == Approx(2));
  CHECK(Nested(r.out, "-z", "\"support_points\"").z() == Approx(0));
  CHECK(Member(r.out, "point").empty());
}

TEST_CASE("shape: torus curvatures at the inner equator, via the nearest point") {
  // Torus R = 2, r = 0.5; Q = (1.2, 0, 0) in the hole is 0.3 from the
  // inner equator point (1.5, 0, 0), outward normal −x there;
  // curvatures 1/r = 2 and −1/(R − r) = −2/3; Gaussian −4/3.
  const ToolResult r = RunTool("shape", {"torus:2,0.5", "--point", "1.2,0,0"});
  CheckSuccess(r);
  CHECK(Member(r.out, "smooth") == "true");
  CHECK(Member(r.out, "convex") == "false");
  CHECK((Nested(r.out, "p_WN", "\"point\"") - Vector3d(1.5, 0, 0)).norm() < 1e-14);
  CHECK(Member(r.out, "inside", "\"point\"") == "false");
  CHECK(Number(r.out, "distance", "\"point\"") == Approx(0.3));
  CHECK((Nested(r.out, "normal", "\"point\"") + Vector3d::UnitX()).norm() < 1e-14);
  CHECK(Number(r.out, "k_max", "\"curvature\"") == Approx(2));
  CHECK(Number(r.out, "k_min", "\"curvature\"") == Approx(-2.0 / 3));
  CHECK(Number(r.out, "gaussian", "\"curvature\"") == Approx(-4.0 / 3));
  CHECK(std::abs(Nested(r.out, "d_max", "\"curvature\"").z()) == Approx(1));
}

TEST_CASE("shape: sphere and cylinder curvatures, box has none, half-space support") {
  const ToolResult s = RunTool("shape", {"sphere:0.25", "--point", "0,0,1"});
  CheckSuccess(s);
  CHECK(Number(s.out, "k_max", "\"curvature\"") == Approx(4));
  CHECK(Number(s.out, "k_min", "\"curvature\"") == Approx(4));
  CHECK(Member(s.out, "inside", "\"point\"") == "false");
  const ToolResult c = RunTool("shape", {"cylinder:0.5,2", "--point", "0.1,0,0.2"});
  CheckSuccess(c);
  CHECK(Number(c.out, "k_max", "\"curvature\"") == Approx(2));
  CHECK(Number(c.out, "k_min", "\"curvature\"") == Approx(0).margin(1e-12));
  CHECK(Member(c.out, "inside", "\"point\"") == "true");
  // Nearest points on the flat end (off and on the axis, where the side's
  // function has no gradient) and on the rim: no curvature, not the side's
  // function's (1/0.1 at ρ = 0.1, an error on the axis).
  for (const char* point : {"0.1,0,5", "0,0,5", "0.5,0,5"}) {
    CAPTURE(point);
    const ToolResult end = RunTool("shape", {"cylinder:0.5,2", "--point", point});
    CheckSuccess(end);
    CHECK(Member(end.out, "curvature") == "null");
    CHECK(Nested(end.out, "p_WN", "\"point\"").z() == Approx(1));
  }
  const ToolResult b = RunTool("shape", {"box:1,1,1", "--point", "2,0,0"});
  CheckSuccess(b);
  CHECK(Member(b.out, "curvature") == "null");
  const ToolResult h = RunTool("shape", {"halfspace"});
  CheckSuccess(h);
  CHECK(Member(h.out, "radius", "\"bounding_sphere\"") == "null");
  CHECK(Nested(h.out, "\\+z", "\"support_points\"").norm() == 0);
  CHECK(Member(h.out, "-z", "\"support_points\"").empty());
  // A full turn about x leaves +z tilted by round-off only: still its support.
  const ToolResult turned = RunTool("shape", {"halfspace", "--pose", "0,0,0,360deg,0,0"});
  CheckSuccess(turned);
  CHECK(Nested(turned.out, "\\+z", "\"support_points\"").norm() == 0);
  CHECK(FailsCleanly(RunTool("shape", {"sphere:1", "--point", "1,2"}), "--point"));
}

TEST_CASE("shape: a height field's nearest point, curvature and support points") {
  // data/cap.heightfield.txt: z = 1 − (x² + y²)/2 over [−1, 1]², bottom
  // z = −0.5; the bicubic reproduces the paraboloid exactly. Q = (0, 0, 1.3)
  // is 0.3 above the apex, whose curvatures are both h'' = 1 (convex).
  const std::string spec = "heightfield:" + DataPath("cap.heightfield.txt");
  const ToolResult r = RunTool("shape", {spec, "--point", "0,0,1.3"});
  CheckSuccess(r);
  CHECK(Member(r.out, "smooth") == "false");
  CHECK(Member(r.out, "convex") == "false");
  CHECK((Nested(r.out, "p_WN", "\"point\"") - Vector3d(0, 0, 1)).norm() < 1e-12);
  CHECK(Member(r.out, "inside", "\"point\"") == "false");
  CHECK(Number(r.out, "distance", "\"point\"") == Approx(0.3));
  CHECK((Nested(r.out, "normal", "\"point\"") - Vector3d::UnitZ()).norm() < 1e-12);
  CHECK(Number(r.out, "k_max", "\"curvature\"") == Approx(1).epsilon(1e-12));
  CHECK(Number(r.out, "k_min", "\"curvature\"") == Approx(1).epsilon(1e-12));
  CHECK(Number(r.out, "gaussian", "\"curvature\"") == Approx(1).epsilon(1e-12));
  CHECK((Nested(r.out, "\\+z", "\"support_points\"") - Vector3d(0, 0, 1)).norm() < 1e-12);
  CHECK(Nested(r.out, "-z", "\"support_points\"").z() == Approx(-0.5));
  CHECK(Nested(r.out, "\\+x", "\"support_points\"").x() == Approx(1));
  // Below the bottom's middle: nearest on the flat bottom, no curvature.
  const ToolResult b = RunTool("shape", {spec, "--point", "0.1,0.2,-0.9"});
  CheckSuccess(b);
  CHECK(Number(b.out, "distance", "\"point\"") == Approx(0.4));
  CHECK(Member(b.out, "curvature") == "null");
}

TEST_CASE("shape: a --point beyond the supported coordinates exits 2 naming it") {
  CHECK(FailsCleanly(RunTool("shape", {"sphere:1", "--point", "1e300,0,0"}),
                     "shape: --point (1e+300, 0, 0) lies outside the supported range"));
  CHECK(FailsCleanly(RunTool("shape", {"box:1,1,1", "--point", "1e16,0,0"}), "--point"));
}

TEST_CASE("shape: bad height field files exit 2 naming the file and line") {
  CHECK(FailsCleanly(RunTool("shape", {"heightfield:/nonexistent/field.txt"}),
                     "/nonexistent/field.txt"));
  CHECK(FailsCleanly(RunTool("shape", {"heightfield:"}), "heightfield"));
  const std::string bad =
      ToolScratch().Write("short_row.txt", "3 2 1 1 0.5\n0 0 0\n0 0\n").string();
  CHECK(FailsCleanly(RunTool("shape", {"heightfield:" + bad}), "line 3"));
  const std::string thin =
      ToolScratch().Write("thin.txt", "3 2 1 1 -0.5\n0 0 0\n0 0 0\n").string();
  CHECK(FailsCleanly(RunTool("shape", {"heightfield:" + thin}), "thickness"));
}

}  // namespace
}  // namespace hydrocontact
