#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include <catch2/catch.hpp>

#include "tests/tools/tool_runner.h"
#include "tools/cli/json_reader.h"

namespace hydrocontact::test {
namespace HYDROCONTACT_TEST_FILE {

namespace fs = std::filesystem;
using cli::JsonValue;
using cli::ParseJson;

std::string WriteScene(const std::string& name, const std::string& text) {
  const fs::path file = ToolScratch().path() / name;
  std::ofstream(file) << text;
  return file.string();
}

std::vector<double> NumbersOf(const JsonValue& array) {
  std::vector<double> out;
  for (const JsonValue& v : array.as_array()) out.push_back(v.as_number());
  return out;
}

TEST_CASE("simulate: free fall through the tool matches the discrete solution, files written") {
  // 200 steps of h = 0.002 from z0 = 1 with v0 = (0.5, 0, 2): semi-implicit
  // Euler gives v_N = v0 + N·h·g, z_N = z0 + N·h·v0 + h²·g·N(N+1)/2.
  const std::string scene = WriteScene("fall.json", R"({
    "gravity": [0, 0, -9.81], "dt": 0.002, "steps": 200, "output_every": 50,
    "bodies": [{"name": "ball", "shape": "sphere:0.1", "pose": [0, 0, 1, 0, 0, 0],
                "velocity": [0, 0, 0, 0.5, 0, 2], "density": 500}],
    "fixed": [{"name": "floor", "shape": "halfspace", "pose": [0, 0, -100, 0, 0, 0]}]
  })");
  const fs::path out_dir = ToolScratch().path() / "fall_out";
  const ToolResult r = RunTool("simulate", {scene, "--out-dir", out_dir.string()});
  CheckSuccess(r);
  const JsonValue summary = ParseJson(r.out, "stdout");
  CHECK(summary.Find("steps")->as_number() == 200);
  CHECK(summary.Find("dt")->as_number() == 0.002);
  CHECK(summary.Find("max_contacts")->as_number() == 0);
  const double N = 200, h = 0.002, g = -9.81;
  const std::vector<double> pose = NumbersOf(*summary.Find("final")->Find("ball")->Find("pose"));
  const std::vector<double> velocity = NumbersOf(*summary.Find("final")->Find("ball")->Find("velocity"));
  REQUIRE(pose.size() == 6);
  REQUIRE(velocity.size() == 6);
  CHECK(pose[2] == Approx(1 + N * h * 2 + h * h * g * N * (N + 1) / 2).epsilon(1e-12));
  CHECK(pose[0] == Approx(N * h * 0.5).epsilon(1e-12));
  CHECK(velocity[5] == Approx(2 + N * h * g).epsilon(1e-12));
  // Energy: m = 500·(4/3)π·0.001; E = ½m|v|² − m·g·z with the discrete
  // v_N and z_N above (semi-implicit Euler does not conserve it exactly
  // under gravity: it gains m·g²·h²·N/2 over N steps).
  const double m = 500 * 4.0 / 3 * M_PI * 1e-3;
  const double E0 = 0.5 * m * (0.25 + 4) + m * 9.81 * 1;
  const double vz = 2 + N * h * g, z = 1 + N * h * 2 + h * h * g * N * (N + 1) / 2;
  CHECK(summary.Find("energy")->Find("initial")->as_number() == Approx(E0).epsilon(1e-12));
  CHECK(summary.Find("energy")->Find("final")->as_number() ==
        Approx(0.5 * m * (0.25 + vz * vz) - m * g * z).epsilon(1e-10));
  const double share = summary.Find("query_share")->as_number();
  CHECK((share >= 0 && share <= 1));
  CHECK(summary.Find("time_per_step_us")->as_number() > 0);
  // The trajectory: steps 0, 50, 100, 150, 200, one JSON object per line.
  std::ifstream trajectory(out_dir / "trajectory.jsonl");
  std::string line;
  int lines = 0;
  while (std::getline(trajectory, line)) {
    const JsonValue v = ParseJson(line, "trajectory");
    CHECK(v.Find("step")->as_number() == 50 * lines);
    CHECK(v.Find("bodies")->as_array().size() == 1);
    ++lines;
  }
  CHECK(lines == 5);
  // The VTK series and its collection.
  for (int k = 0; k <= 200; k += 50) CHECK(fs::exists(out_dir / fmt::format("contact_{:06d}.vtk", k)));
  std::ifstream pvd(out_dir / "contact.pvd");
  const std::string text((std::istreambuf_iterator<char>(pvd)), std::istreambuf_iterator<char>());
  CHECK(text.find("<VTKFile type=\"Collection\"") != std::string::npos);
  CHECK(text.find("file=\"contact_000200.vtk\"") != std::string::npos);
}

TEST_CASE("simulate: the example scenes run, --steps and --dt override") {
  for (const std::string name : {"box_drop", "sphere_ramp", "pile"}) {
    INFO(name);
    const ToolResult r = RunTool("simulate", {DataPath("scenes/" + name + ".json"), "--steps", "100", "--dt", "0.0005",
                                              "--trajectory", (ToolScratch().path() / "t.jsonl").string()});
    CheckSuccess(r);
    const JsonValue summary = ParseJson(r.out, "stdout");
    CHECK(summary.Find("steps")->as_number() == 100);
    CHECK(summary.Find("dt")->as_number() == 0.0005);
  }
}

TEST_CASE("simulate: a box dropped on the floor comes to rest on it") {
  // data/scenes/box_drop.json: a 0.1 m compliant box (E = 1e6 Pa, 1 kg)
  // dropped tilted from 0.15 m on a rigid floor. At rest its centre is at
  // a/2 − δ with ∫p dA = E/H·(a²δ − 2aδ² + 4δ³/3) = m·g (H = a/2):
  // δ ≈ m·g·H/(E·a²) = 9.81·0.05/1e4 = 49 µm, and it is upright.
  const ToolResult r = RunTool("simulate", {DataPath("scenes/box_drop.json"), "--trajectory",
                                            (ToolScratch().path() / "t.jsonl").string()});
  CheckSuccess(r);
  const JsonValue summary = ParseJson(r.out, "stdout");
  const std::vector<double> pose = NumbersOf(*summary.Find("final")->Find("box")->Find("pose"));
  CHECK(pose[2] == Approx(0.05 - 9.81 * 0.05 / 1e4).margin(2e-6));
  CHECK(std::abs(pose[3]) < 1e-6);
  CHECK(std::abs(pose[4]) < 1e-6);
  CHECK(summary.Find("max_contacts")->as_number() == 1);
  // Dropped from above the floor, the box starts without contact: the
  // divergence watch took its reference at t = 0.
  CHECK(summary.Find("watched_from")->as_number() == 0);
}

TEST_CASE("simulate: a scene never free of contact says it was not watched") {
  // sphere_ramp.json: the ball starts on the ramp and rolls down it onto
  // the floor, touching something at every step, so the divergence watch
  // never had a state without elastic energy to start from.
  const ToolResult r = RunTool("simulate", {DataPath("scenes/sphere_ramp.json"), "--steps", "200", "--trajectory",
                                            (ToolScratch().path() / "t.jsonl").string()});
  CheckSuccess(r);
  const JsonValue summary = ParseJson(r.out, "stdout");
  CHECK(summary.Find("max_contacts")->as_number() >= 1);
  CHECK(summary.Find("watched_from")->is_null());
}

TEST_CASE("simulate: a diverging run exits 2 naming dt, its trajectory so far kept") {
  // box_drop.json at dt = 5 ms: the box's bounces gain energy (see the
  // plant's test); the tool stops with the plant's one line and keeps the
  // trajectory it wrote (the first line is step 0, before any contact).
  const fs::path trajectory = ToolScratch().path() / "diverged.jsonl";
  const ToolResult r =
      RunTool("simulate", {DataPath("scenes/box_drop.json"), "--dt", "0.005", "--trajectory", trajectory.string()});
  CHECK(FailsCleanly(r, "the simulation diverged (is dt = 0.005 s too large for the contacts' stiffness?)"));
  std::ifstream in(trajectory);
  std::string first;
  REQUIRE(std::getline(in, first));
  CHECK(ParseJson(first, "trajectory").Find("step")->as_number() == 0);
}

TEST_CASE("simulate: bad scenes exit 2 naming the key") {
  auto fails = [](const std::string& text, const std::string& needle) {
    const std::string scene = WriteScene("bad.json", text);
    const fs::path trajectory = ToolScratch().path() / "bad.jsonl";
    fs::remove(trajectory);
    const bool clean = FailsCleanly(RunTool("simulate", {scene, "--trajectory", trajectory.string()}), needle);
    CHECK_FALSE(fs::exists(trajectory));  // a refused scene leaves no file
    return clean;
  };
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "sphere:0.1", "density": -3}]})", "bodies[0].density"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "sphere:0.1", "colour": 1}]})", "bodies[0].colour: unknown key"));
  CHECK(fails(R"({"bodies": [{"name": "b"}]})", "bodies[0].shape: is required"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "cube:1"}]})", "bodies[0].shape"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "halfspace"}]})", "bodies[0].shape"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "sphere:0.1", "friction": [0.2, 0.5]}]})",
              "bodies[0].friction"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "sphere:0.1", "pose": [0, 0, 1]}]})", "bodies[0].pose"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "sphere:0.1", "compliant": true, "modulus": 1e30}]})",
              "bodies[0].modulus"));
  CHECK(fails(R"({"dt": 0, "bodies": [{"name": "b", "shape": "sphere:0.1"}]})", "dt: must be positive"));
  CHECK(fails(R"({"steps": 1.5, "bodies": [{"name": "b", "shape": "sphere:0.1"}]})", "steps"));
  CHECK(fails(R"({"bodies": []})", "bodies: at least one body"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "sphere:0.1"}], "fixed": [{"name": "b", "shape": "halfspace"}]})",
              "bad.json: Plant: duplicate name 'b'"));
  CHECK(fails(R"({"gravity": [0, 0, -1e300], "bodies": [{"name": "b", "shape": "sphere:0.1"}]})",
              "'gravity' of magnitude 1e+300"));
  // A scene the plant refuses creates no --out-dir either.
  const fs::path out_dir = ToolScratch().path() / "refused_out";
  const std::string refused =
      WriteScene("refused.json", R"({"bodies": [{"name": "b", "shape": "sphere:0.1"}, {"name": "b", "shape": "sphere:0.1"}]})");
  CHECK(FailsCleanly(RunTool("simulate", {refused, "--out-dir", out_dir.string()}), "refused.json"));
  CHECK_FALSE(fs::exists(out_dir));
  CHECK(fails("{\n\"bodies\": [\n}", "bad.json:3"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "no_such_mesh.obj"}]})", "bodies[0].shape: no such file"));
  CHECK(FailsCleanly(RunTool("simulate", {(ToolScratch().path() / "missing.json").string()}), "missing.json"));
  const std::string ok = WriteScene("ok.json", R"({"bodies": [{"name": "b", "shape": "sphere:0.1"}]})");
  CHECK(FailsCleanly(RunTool("simulate", {ok, "--steps", "-1"}), "--steps"));
  CHECK(FailsCleanly(RunTool("simulate", {ok, "--dt", "0"}), "--dt"));
  CHECK(FailsCleanly(RunTool("simulate", {ok, "--dt", "1e300"}), "'dt' must be in (0, 1] s"));
  CHECK(fails(R"({"bodies": [{"name": "b", "shape": "sphere:0.1", "density": 1e300}]})",
              "body 'b': mass properties: 'density' must be in [1e-06, 1e+06] kg/m^3"));
  // A folder given as the scene is named as one (it read as an empty file).
  CHECK(FailsCleanly(RunTool("simulate", {ToolScratch().path().string()}), "is a folder, not a scene file"));
  // Output that cannot be written is refused before the run, leaving
  // nothing behind: a trajectory or picture in a missing folder, and no
  // --out-dir created for them.
  const fs::path unused_dir = ToolScratch().path() / "unused_out";
  CHECK(FailsCleanly(RunTool("simulate", {ok, "--out-dir", unused_dir.string(), "--trajectory", "/nonexistent/t.jsonl"}),
                     "--trajectory: cannot write '/nonexistent/t.jsonl': the folder '/nonexistent' does not exist"));
  CHECK_FALSE(fs::exists(unused_dir));
  const fs::path trajectory = ToolScratch().path() / "png_refused.jsonl";
  CHECK(FailsCleanly(RunTool("simulate", {ok, "--png", "/nonexistent/p.png", "--trajectory", trajectory.string()}),
                     "--png: cannot write '/nonexistent/p.png'"));
  CHECK_FALSE(fs::exists(trajectory));
}

TEST_CASE("simulate: outputs that would overwrite one another are refused before the run") {
  const std::string ok = WriteScene("distinct.json", R"({"steps": 3, "output_every": 1, "bodies": [{"name": "b", "shape": "sphere:0.1"}]})");
  const fs::path dir = ToolScratch().path() / "distinct";
  fs::create_directories(dir);
  // The trajectory and the picture under one name.
  const std::string same = (dir / "t.png").string();
  CHECK(FailsCleanly(RunTool("simulate", {ok, "--trajectory", same, "--png", same}),
                     "--trajectory and --png name the same file"));
  CHECK_FALSE(fs::exists(same));
  // The trajectory where --out-dir puts its series file or a frame (step
  // 0's frame is always written; 100 is past this run's 3 steps, and still
  // a frame's name).
  const fs::path out = dir / "frames";
  for (const char* name : {"contact.pvd", "contact_000000.vtk", "contact_000100.vtk"}) {
    CAPTURE(name);
    CHECK(FailsCleanly(RunTool("simulate", {ok, "--out-dir", out.string(), "--trajectory", (out / name).string()}),
                       "is where --out-dir writes its"));
  }
  CHECK_FALSE(fs::exists(out));
  // A trajectory inside the --out-dir the run creates is fine.
  const fs::path fresh = dir / "fresh";
  const ToolResult r = RunTool("simulate", {ok, "--out-dir", fresh.string(), "--trajectory", (fresh / "t.jsonl").string()});
  CheckSuccess(r);
  std::ifstream trajectory(fresh / "t.jsonl");
  int lines = 0;
  for (std::string line; std::getline(trajectory, line);) ++lines;
  CHECK(lines == 4);  // Steps 0 to 3, output_every 1.
  CHECK(fs::exists(fresh / "contact.pvd"));
  CHECK(fs::exists(fresh / "contact_000003.vtk"));
}

TEST_CASE("simulate: each trajectory line's contacts are those of its poses") {
  // A compliant ball (r 0.05 m) starting at z = 0.04 overlaps the floor
  // z ≤ 0 by 1 cm at step 0, and is thrown up at 5 m/s: at dt = 1 ms it
  // clears the floor (z > 0.05) after about 2 ms and rises for 0.5 s, so
  // the line of step 0 has one contact and every line from step 10 on has
  // none (z ≥ 0.04 + 5·0.01 − g·0.01²/2 − … > 0.05 there).
  const std::string scene = WriteScene("thrown.json", R"({"steps": 100, "dt": 0.001,
    "bodies": [{"name": "b", "shape": "sphere:0.05", "compliant": true, "modulus": 1e6, "resolution": 0.01,
                "pose": [0, 0, 0.04, 0, 0, 0], "velocity": [0, 0, 0, 0, 0, 5]}],
    "fixed": [{"name": "floor", "shape": "halfspace"}]})");
  const fs::path trajectory = ToolScratch().path() / "thrown.jsonl";
  const ToolResult r = RunTool("simulate", {scene, "--trajectory", trajectory.string()});
  REQUIRE(r.exit_code == 0);
  std::ifstream in(trajectory);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    const JsonValue j = ParseJson(line, "trajectory");
    const double z = j.Find("bodies")->as_array()[0].Find("pose")->as_array()[2].as_number();
    const double contacts = j.Find("contacts")->as_number();
    CAPTURE(lines, z);
    CHECK(contacts == (z < 0.05 ? 1 : 0));
    ++lines;
  }
  CHECK(lines == 11);
}

}  // namespace
}  // namespace hydrocontact::test
