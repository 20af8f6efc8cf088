// Runs the built `hydrocontact contact` and checks its JSON against
// kinematics derived by hand.

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using namespace hydrocontact::test;

ToolResult Contact(const std::vector<std::string>& args) { return RunTool("contact", args); }

TEST_CASE("contact: two spheres approaching") {
  // Spheres of radius 0.5 centred 1.5 apart on x: perr = 0.5; A moves at
  // +1 along x, B at −2: verr = n·(v_B − v_A) = −3 (n = +x, A to B); no
  // tangential motion, no acceleration: aerr = 0, slip 0. Co midway between
  // (0.5, 0, 0) and (1, 0, 0).
  const ToolResult r = Contact({"sphere:0.5", "sphere:0.5", "--pose-b", "1.5,0,0,0,0,0", "--velocity-a",
                                "0,0,0,1,0,0", "--velocity-b", "0,0,0,-2,0,0"});
  CheckSuccess(r);
  CHECK(Number(r.out, "perr") == Approx(0.5));
  CHECK(Number(r.out, "verr") == Approx(-3));
  CHECK(Number(r.out, "aerr") == 0);
  CHECK(Number(r.out, "slip_speed") == 0);
  CHECK((JsonVector(r.out, "z_axis") - Vector3d(1, 0, 0)).norm() < 1e-15);
  CHECK((JsonVector(r.out, "origin") - Vector3d(0.75, 0, 0)).norm() < 1e-15);
  CHECK(Member(r.out, "proximal") == "false");
  CHECK(Member(r.out, "method") == "\"sphere-sphere\"");
  // Sideways relative motion: B moving at +1 along y relative to A gives
  // slip speed 1 and aerr = ‖Δv_⊥‖²/ℓ = 1/1.5 (the centre line turns).
  const ToolResult side =
      Contact({"sphere:0.5", "sphere:0.5", "--pose-b", "1.5,0,0,0,0,0", "--velocity-b", "0,0,0,0,1,0"});
  CheckSuccess(side);
  CHECK(Number(side.out, "slip_speed") == Approx(1));
  CHECK(Number(side.out, "verr") == 0);
  CHECK(Number(side.out, "aerr") == Approx(1 / 1.5));
}

TEST_CASE("contact: sign -1 flips perr, verr, aerr, ptol decides proximal") {
  const std::vector<std::string> base{"sphere:0.5", "halfspace", "--pose-a", "0,0,0.6,0,0,0",
                                      "--velocity-a", "0,0,0,0,0,-1", "--acceleration-a", "0,0,0,0,0,2"};
  const ToolResult plus = Contact(base);
  std::vector<std::string> args = base;
  args.insert(args.end(), {"--sign", "-1", "--ptol", "0.2"});
  const ToolResult minus = Contact(args);
  CheckSuccess(plus);
  CheckSuccess(minus);
  // Sphere 0.1 above the ground falling at 1 m/s, accelerating upward at 2.
  CHECK(Number(plus.out, "perr") == Approx(0.1));
  CHECK(Number(plus.out, "verr") == Approx(-1));
  CHECK(Number(plus.out, "aerr") == Approx(2));
  CHECK(Number(minus.out, "perr") == Approx(-0.1));
  CHECK(Number(minus.out, "verr") == Approx(1));
  CHECK(Number(minus.out, "aerr") == Approx(-2));
  CHECK(Member(plus.out, "proximal") == "false");
  CHECK(Member(minus.out, "proximal") == "true");
}

TEST_CASE("contact: --max-distance can leave no contact") {
  const ToolResult r = Contact({"sphere:0.5", "sphere:0.5", "--pose-b", "3,0,0,0,0,0", "--max-distance", "1"});
  CheckSuccess(r);
  CHECK(r.out.find("\"contacts\": []") != std::string::npos);
}

TEST_CASE("contact: bad input exits 2") {
  CHECK(FailsCleanly(Contact({"sphere:1", "halfspace", "--velocity-a", "1,2,3"}), "--velocity-a"));
  CHECK(FailsCleanly(Contact({"sphere:1", "halfspace", "--acceleration-b", "1,2,3,4,5,x"}), "--acceleration-b"));
  CHECK(FailsCleanly(Contact({"sphere:1", "halfspace", "--sign", "2"}), "--sign"));
  CHECK(FailsCleanly(Contact({"halfspace", "halfspace"}), "half-spaces"));
  const ToolResult help = Contact({"--help"});
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.out, Catch::Matchers::Contains("--velocity-a"));
}

}  // namespace
}  // namespace hydrocontact
