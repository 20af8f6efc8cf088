// Runs the built `hydrocontact patch` and checks its JSON against polygons
// derived by hand.

#include <cmath>
#include <regex>

#include <fmt/format.h>

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using namespace hydrocontact::test;

ToolResult Patch(const std::vector<std::string>& args) { return RunTool("patch", args); }

// The numbers of array member `key`, read up to the member `next` ("}": to
// the end of the object).
std::vector<double> Numbers(const std::string& json, const std::string& key, const std::string& next) {
  const size_t begin = json.find("\"" + key + "\"");
  const size_t end = json.find(next == "}" ? next : "\"" + next + "\"", begin);
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  const std::string text = json.substr(begin + key.size() + 2, end - begin - key.size() - 2);
  static const std::regex number(R"([-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)");
  std::vector<double> values;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
    values.push_back(std::stod(it->str()));
  }
  return values;
}

// The 3D points of array member `key` (an array of [x, y, z]), read up to
// the member `next` as Numbers.
std::vector<Vector3d> Points(const std::string& json, const std::string& key, const std::string& next) {
  const std::vector<double> values = Numbers(json, key, next);
  REQUIRE(values.size() % 3 == 0);
  std::vector<Vector3d> points;
  for (size_t i = 0; i < values.size(); i += 3) points.emplace_back(values[i], values[i + 1], values[i + 2]);
  return points;
}

void CheckSamePoints(const std::vector<Vector3d>& actual, const std::vector<Vector3d>& expected) {
  REQUIRE(actual.size() == expected.size());
  for (const Vector3d& e : expected) {
    bool found = false;
    for (const Vector3d& a : actual) found = found || (a - e).norm() < 1e-12;
    INFO("expected " << e.transpose());
    CHECK(found);
  }
}

TEST_CASE("patch: an offset box on a larger box gives the clipped square") {
  // A: unit cube at (0.8, 0.3, 0.49); B: 2 × 2 × 1 box with its top at z = 0.
  // Overlap 0.01 in z; patch plane z = −0.005; x ∈ [0.3, 1], y ∈ [−0.2, 0.8].
  const ToolResult r =
      Patch({"box:1,1,1", "box:2,2,1", "--pose-a", "0.8,0.3,0.49,0,0,0", "--pose-b", "0,0,-0.5,0,0,0"});
  CheckSuccess(r);
  CHECK(Member(r.out, "in_contact") == "true");
  CHECK(Number(r.out, "penetration_depth") == Approx(-0.01).epsilon(1e-12));
  CHECK((JsonVector(r.out, "normal") - Vector3d(0, 0, -1)).norm() < 1e-14);
  CheckSamePoints(Points(r.out, "points", "points_on_a"),
                  {Vector3d(0.3, -0.2, -0.005), Vector3d(1, -0.2, -0.005), Vector3d(1, 0.8, -0.005),
                   Vector3d(0.3, 0.8, -0.005)});
  // Flat: each point's own depth is the patch's.
  for (const double d : Numbers(r.out, "point_penetration_depths", "points_2d")) {
    CHECK(d == Approx(-0.01).epsilon(1e-12));
  }
  // Moved onto A's bottom face and B's top face.
  for (const Vector3d& p : Points(r.out, "points_on_a", "points_on_b")) CHECK(p.z() == Approx(-0.01).epsilon(1e-12));
  for (const Vector3d& p : Points(r.out, "points_on_b", "}")) CHECK(std::abs(p.z()) < 1e-15);
}

TEST_CASE("patch: a box tilted on the ground gives each corner its own depth") {
  // Unit cube rolled by a = 4e-4 (its high edge 0.4 mm up, within the 1 mm
  // tolerance), centre at z_c = (cos a + sin a)/2 − 0.01: the low edge
  // (local y = −1/2) 0.01 deep. Each bottom corner at local y = ±1/2 is at
  // z_c ± sin(a)/2 − cos(a)/2, and that height is its point's own depth
  // (the normal, from the box A to the ground B, is vertical).
  const double a = 4e-4, z_c = 0.5 * (std::cos(a) + std::sin(a)) - 0.01;
  const ToolResult r = Patch({"box:1,1,1", "halfspace", "--pose-a", fmt::format("0,0,{:.17g},{:.17g},0,0", z_c, a)});
  CheckSuccess(r);
  const std::vector<double> depths = Numbers(r.out, "point_penetration_depths", "points_2d");
  const std::vector<Vector3d> points = Points(r.out, "points", "points_on_a");
  REQUIRE(depths.size() == 4);
  REQUIRE(points.size() == 4);
  for (int i = 0; i < 4; ++i) {
    const double y_local = points[i].y() > 0 ? 0.5 : -0.5;
    CHECK(depths[i] == Approx(z_c + y_local * std::sin(a) - 0.5 * std::cos(a)).margin(1e-14));
  }
}

TEST_CASE("patch: a cylinder standing on the ground gives its polygonised end") {
  const ToolResult r = Patch({"cylinder:0.2,0.6", "halfspace", "--pose-a", "0,0,0.29,0,0,0", "--cap-sides", "8"});
  CheckSuccess(r);
  const std::vector<Vector3d> points = Points(r.out, "points", "points_on_a");
  REQUIRE(points.size() == 8);
  for (const Vector3d& p : points) CHECK(p.head<2>().norm() == Approx(0.2).epsilon(1e-12));
}

TEST_CASE("patch: apart prints in_contact false") {
  const ToolResult r = Patch({"sphere:1", "sphere:1", "--pose-b", "3,0,0,0,0,0"});
  CheckSuccess(r);
  CHECK(Member(r.out, "in_contact") == "false");
  CHECK(Number(r.out, "distance") == Approx(1));
}

TEST_CASE("patch: a mesh file is taken as the hull of its vertices, as the help says") {
  // Two unit-0.1 cubes at x = ±0.2 in one OBJ: the mesh itself is 0.13 m
  // from a 0.02 m sphere at the origin, but its hull is the box x ∈ [−0.25,
  // 0.25], y, z ∈ [−0.05, 0.05], which holds the sphere: the shallowest way
  // out is along y or z, 0.05 + 0.02 deep, so the distance is −0.07.
  std::string obj;
  for (const double cx : {-0.2, 0.2}) {
    for (int i = 0; i < 8; ++i) {
      obj += fmt::format("v {} {} {}\n", cx + ((i & 1) ? 0.05 : -0.05), (i & 2) ? 0.05 : -0.05,
                         (i & 4) ? 0.05 : -0.05);
    }
  }
  // The six faces of a cube whose corner i has bits (x, y, z), outward.
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const int base : {1, 9}) {
    for (const auto& f : faces) {
      obj += fmt::format("f {} {} {}\nf {} {} {}\n", base + f[0], base + f[1], base + f[2], base + f[0],
                         base + f[2], base + f[3]);
    }
  }
  const std::string path = ToolScratch().Write("two_cubes.obj", obj).string();
  const ToolResult r = Patch({path, "sphere:0.02"});
  CheckSuccess(r);
  CHECK(Member(r.out, "in_contact") == "true");
  CHECK(Number(r.out, "distance") == Approx(-0.07).epsilon(1e-9));
}

TEST_CASE("patch: bad input exits 2") {
  CHECK(FailsCleanly(Patch({"halfspace", "halfspace"}), "half-spaces"));
  CHECK(FailsCleanly(Patch({"box:1,1,1", "halfspace", "--cap-sides", "2"}), "--cap-sides"));
  CHECK(FailsCleanly(Patch({"box:1,1,1", "halfspace", "--cap-sides", "1000000"}), "[3, 100000]"));
  CHECK(FailsCleanly(Patch({"box:1,1,1", "halfspace", "--tolerance", "-1"}), "--tolerance"));
  CHECK(FailsCleanly(Patch({"box:1,1", "halfspace"}), "box:1,1"));
  const ToolResult help = Patch({"--help"});
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.out, Catch::Matchers::Contains("counter-clockwise"));
}

}  // namespace
}  // namespace hydrocontact
