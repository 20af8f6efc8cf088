// Runs the built `hydrocontact mesh` on primitives and sample files and
// checks its JSON against closed forms, its VTK output and its errors.

#include <cmath>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "mesh/vtk_reader.h"
#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Matchers::Contains;
using std::numbers::pi;
using namespace hydrocontact::test;

ToolResult Mesh(const std::vector<std::string>& args) { return RunTool("mesh", args); }

TEST_CASE("mesh sphere: compliant geodesic cone mesh with the analytic numbers") {
  // r = 0.1, h = 0.01: geodesic frequency n = ⌈1.45·0.1/0.01⌉ = 15: 20n²
  // boundary triangles, each a cone to the centre; 10n² + 2 boundary
  // vertices (Euler) plus the centre.
  const ToolResult r = Mesh({"sphere:0.1", "--resolution", "0.01"});
  CheckSuccess(r);
  CHECK(Member(r.out, "shape") == "\"Sphere\"");
  CHECK(Member(r.out, "compliance") == "\"compliant\"");
  CHECK(Member(r.out, "kind") == "\"volume_mesh\"");
  CHECK(Number(r.out, "resolution_hint") == 0.01);
  CHECK(Number(r.out, "num_elements") == 20 * 15 * 15);
  CHECK(Number(r.out, "num_vertices") == 10 * 15 * 15 + 2 + 1);
  // Inscribed: below 4/3πr³ by less than 2.4/n².
  const double exact = 4.0 / 3.0 * pi * 1e-3;
  const double volume = Number(r.out, "volume");
  CHECK(volume < exact);
  CHECK(volume > exact * (1 - 2.4 / 225));
  // Vertices lie on the sphere, and within an edge ℓ ≤ 0.92·h of each
  // axis point there is one, whose coordinate is at least r − ℓ²/(2r).
  const double reach = 0.1 - std::pow(0.92 * 0.01, 2) / 0.2;
  for (double c : Numbers(r.out, "min", "bounding_box")) {
    CHECK(c >= -0.1 - 1e-15);
    CHECK(c <= -reach);
  }
  for (double c : Numbers(r.out, "max", "bounding_box")) {
    CHECK(c <= 0.1 + 1e-15);
    CHECK(c >= reach);
  }
  // Default modulus 1e7: 0 on the boundary, E at the centre.
  CHECK(Number(r.out, "min", "\"pressure\"") == 0);
  CHECK(Number(r.out, "max", "\"pressure\"") == 1e7);
  CHECK(Number(r.out, "build_time_ms") >= 0);
  CHECK(Number(r.out, "build_time_ms") < 5000);
}

TEST_CASE("mesh box: rigid surface and compliant medial mesh with margin") {
  const ToolResult rigid = Mesh({"box:0.1,0.2,0.3", "--rigid"});
  CheckSuccess(rigid);
  CHECK(Member(rigid.out, "kind") == "\"surface_mesh\"");
  CHECK(Member(rigid.out, "resolution_hint") == "null");
  CHECK(Number(rigid.out, "num_elements") == 12);
  // 2(XY + YZ + ZX).
  CHECK(Number(rigid.out, "surface_area") == Approx(2 * (0.02 + 0.06 + 0.03)).epsilon(1e-14));
  const ToolResult soft = Mesh({"box:0.1,0.2,0.3", "--modulus", "5e5", "--margin", "0.01"});
  CheckSuccess(soft);
  // Half sizes grow by δ: (0.12)(0.22)(0.32).
  CHECK(Number(soft.out, "volume") == Approx(0.12 * 0.22 * 0.32).epsilon(1e-12));
  CHECK(Number(soft.out, "margin") == 0.01);
  CHECK(Number(soft.out, "max", "\"pressure\"") == 5e5);
  CHECK(Numbers(soft.out, "max", "bounding_box")[2] == Approx(0.16).epsilon(1e-14));
}

TEST_CASE("mesh halfspace: analytic parameters, no mesh") {
  const ToolResult r = Mesh({"halfspace", "--slab", "0.5", "--modulus", "2e6", "--margin", "0.001"});
  CheckSuccess(r);
  CHECK(Member(r.out, "kind") == "\"half_space\"");
  CHECK(Numbers(r.out, "normal") == std::vector<double>{0, 0, 1});
  // ∇p = −E/t along z.
  CHECK(Numbers(r.out, "pressure_gradient") == std::vector<double>{0, 0, -4e6});
  CHECK(Number(r.out, "slab_thickness") == 0.5);
  CHECK(Number(r.out, "margin") == 0.001);
  CheckSuccess(Mesh({"halfspace", "--rigid"}));
}

TEST_CASE("mesh files: VTK compliant, OBJ rigid") {
  const ToolResult vtk = Mesh({DataPath("box_0.1m.vtk"), "--modulus", "1e5"});
  CheckSuccess(vtk);
  CHECK(Member(vtk.out, "shape") == "\"Mesh\"");
  CHECK(Number(vtk.out, "num_elements") == 192);
  CHECK(Number(vtk.out, "volume") == Approx(1e-3).epsilon(1e-12));
  CHECK(Number(vtk.out, "max", "\"pressure\"") == 1e5);
  const ToolResult obj = Mesh({DataPath("sphere_r0.05m.obj")});
  CheckSuccess(obj);
  CHECK(Member(obj.out, "compliance") == "\"rigid\"");
  CHECK(Number(obj.out, "num_elements") == 320);
  // Inscribed in the 0.05 m sphere: below 4πr² (within 3% for 320 faces).
  CHECK(Number(obj.out, "surface_area") < 4 * pi * 0.0025);
  CHECK(Number(obj.out, "surface_area") > 0.97 * 4 * pi * 0.0025);
}

TEST_CASE("mesh OBJ --compliant: a tetrahedral mesh of the surface, written as VTK") {
  const std::string file = (ToolScratch().path() / "sphere_stuffed.vtk").string();
  const ToolResult r = Mesh({DataPath("sphere_r0.05m.obj"), "--compliant", "--resolution", "0.005",
                             "--modulus", "1e5", "--out", file});
  CheckSuccess(r);
  CHECK(Member(r.out, "compliance") == "\"compliant\"");
  CHECK(Member(r.out, "kind") == "\"volume_mesh\"");
  CHECK(Number(r.out, "max", "\"pressure\"") == 1e5);
  CHECK(Number(r.out, "min", "\"pressure\"") == 0);
  // The 320-face icosphere inscribed in r = 0.05 encloses less than
  // 4/3 π r³ (about 0.95 of it); the stuffed mesh lies within h of its
  // surface, so its volume is within area·h/10 of the polyhedron's.
  const double sphere = 4 * pi / 3 * 0.05 * 0.05 * 0.05;
  CHECK(Number(r.out, "volume") < sphere);
  CHECK(Number(r.out, "volume") > 0.9 * sphere);
  const VtkVolumeData data = ReadVtkVolumeFile(file);
  CHECK(data.mesh.num_elements() == Number(r.out, "num_elements"));
  CHECK(data.mesh.total_volume() == Approx(Number(r.out, "volume")).epsilon(1e-12));
  // The hint used is reported, given or default.
  CHECK(Number(r.out, "resolution_hint") == 0.005);
}

TEST_CASE("mesh OBJ --compliant reports the default hint it used") {
  // The default hint is a fifth of the smallest edge of the surface's
  // bounding box; the rigid representation is the file's surface itself, so
  // its report gives that box.
  const ToolResult rigid = Mesh({DataPath("sphere_r0.05m.obj")});
  CheckSuccess(rigid);
  CHECK(Member(rigid.out, "resolution_hint") == "null");
  const std::vector<double> lo = Numbers(rigid.out, "min", "bounding_box");
  const std::vector<double> hi = Numbers(rigid.out, "max", "bounding_box");
  double smallest = hi[0] - lo[0];
  for (int i = 1; i < 3; ++i) smallest = std::min(smallest, hi[i] - lo[i]);
  const ToolResult soft = Mesh({DataPath("sphere_r0.05m.obj"), "--compliant"});
  CheckSuccess(soft);
  CHECK(Number(soft.out, "resolution_hint") == Approx(smallest / 5).epsilon(1e-12));
  // With a margin δ the box grows by δ on every side.
  const ToolResult inflated = Mesh({DataPath("sphere_r0.05m.obj"), "--compliant", "--margin", "0.01"});
  CheckSuccess(inflated);
  CHECK(Number(inflated.out, "resolution_hint") == Approx((smallest + 0.02) / 5).epsilon(1e-12));
  // A volume file is used as given: no hint, even when one is passed.
  const ToolResult vtk = Mesh({DataPath("box_0.1m.vtk"), "--resolution", "0.01"});
  CheckSuccess(vtk);
  CHECK(Member(vtk.out, "resolution_hint") == "null");
}

TEST_CASE("mesh: a self-intersecting OBJ is refused, rigid or compliant") {
  // Two overlapping tetrahedra (issue 10, defect 8).
  const std::string file = (ToolScratch().path() / "two_tetrahedra.obj").string();
  {
    std::ofstream out(file);
    out << "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n"
        << "v 0.25 0.25 0.25\nv 1.25 0.25 0.25\nv 0.25 1.25 0.25\nv 0.25 0.25 1.25\n"
        << "f 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\nf 5 7 6\nf 5 6 8\nf 5 8 7\nf 6 7 8\n";
  }
  CHECK(FailsCleanly(Mesh({file}), "crosses itself"));
  CHECK(FailsCleanly(Mesh({file, "--compliant"}), "crosses itself"));
}

TEST_CASE("mesh --out writes the representation as VTK") {
  const std::string file = (ToolScratch().path() / "capsule.vtk").string();
  const ToolResult r = Mesh({"capsule:0.05,0.1", "--resolution", "0.02", "--out", file});
  CheckSuccess(r);
  CHECK(Member(r.out, "out") == "\"" + file + "\"");
  const VtkVolumeData data = ReadVtkVolumeFile(file);
  CHECK(data.mesh.num_elements() == Number(r.out, "num_elements"));
  CHECK(data.mesh.total_volume() == Approx(Number(r.out, "volume")).epsilon(1e-12));
  const auto& pressure = data.point_scalars.at("pressure");
  CHECK(*std::max_element(pressure.begin(), pressure.end()) == 1e7);
  CHECK(*std::min_element(pressure.begin(), pressure.end()) == 0);
  const std::string surface = (ToolScratch().path() / "cylinder.vtk").string();
  CheckSuccess(Mesh({"cylinder:0.05,0.1", "--rigid", "--out", surface}));
  const std::string text = test::ReadWholeFile(surface);
  CHECK_THAT(text, Contains("DATASET POLYDATA"));
}

TEST_CASE("mesh: bad input exits 2 with one line naming the culprit") {
  CHECK(FailsCleanly(Mesh({DataPath("square_patch_0.1m.obj")}), "use Convex"));
  CHECK(FailsCleanly(Mesh({DataPath("square_patch_0.1m.obj"), "--compliant"}), "not closed"));
  CHECK(FailsCleanly(Mesh({"sphere:1", "--resolution", "1e-5"}), "resolution hint"));
  CHECK(FailsCleanly(Mesh({"halfspace", "--out", (ToolScratch().path() / "h.vtk").string()}), "no mesh"));
  CHECK(FailsCleanly(Mesh({"sphere:-1"}), "sphere:-1"));
  CHECK(FailsCleanly(Mesh({"sphere:1", "--bogus"}), "--bogus"));
  CHECK(FailsCleanly(Mesh({}), "expected 1"));
}

TEST_CASE("mesh --help explains the command") {
  const ToolResult r = Mesh({"--help"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("usage: hydrocontact mesh") && Contains("--out") && Contains("--resolution"));
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("mesh --max-elements: the limit is settable and its error names the option") {
  // sphere:0.1 at h = 0.01 makes 20·15² = 4500 tetrahedra (see above).
  CHECK(FailsCleanly(RunTool("mesh", {"sphere:0.1", "--resolution", "0.01", "--max-elements", "4499"}),
                     "raise the limit with --max-elements"));
  const ToolResult r = RunTool("mesh", {"sphere:0.1", "--resolution", "0.01", "--max-elements", "4500"});
  CheckSuccess(r);
  CHECK(test::Member(r.out, "num_elements") == "4500");
  CHECK(FailsCleanly(RunTool("mesh", {"sphere:0.1", "--max-elements", "0"}), "'0'"));
  CHECK(FailsCleanly(RunTool("surface", {"sphere:0.1", "sphere:0.1", "--resolution-a", "0.0001"}),
                     "--max-elements"));
  // The help states the default.
  const ToolResult help = RunTool("mesh", {"--help"});
  CHECK_THAT(help.out, Contains("--max-elements N") && Contains("default 2e+06"));
}

TEST_CASE("mesh: a primitive too thin to mesh fails in one line naming it, not an element") {
  // A thread (capsule 1e-9 m thick at hint 0.05 m), a 1 µm foil (box) and a
  // needle ellipsoid (1e-5 across per metre): each line names the shape
  // and its sizes; where a finer hint helps it names one (1e-9/1e-5 m).
  CHECK(FailsCleanly(RunTool("mesh", {"capsule:1e-9,1", "--resolution", "0.05"}),
                     "Capsule: radius 1e-09 m and length 1 m (margin 0 m) are too thin to mesh at "
                     "resolution hint 0.05 m"));
  CHECK(FailsCleanly(RunTool("mesh", {"capsule:1e-9,1", "--resolution", "0.05"}),
                     "use a resolution hint below 0.0001 m"));
  CHECK(FailsCleanly(RunTool("mesh", {"box:1e-6,1,1"}), "Box 1e-06 × 1 × 1 m (margin 0 m) is too thin"));
  CHECK(FailsCleanly(RunTool("mesh", {"ellipsoid:1e-5,1e-5,1", "--resolution", "0.05"}),
                     "Ellipsoid of semi-axes 1e-05, 1e-05, 1 m"));
  // The same thread as a rigid surface is fine.
  CheckSuccess(RunTool("mesh", {"capsule:1e-9,1", "--resolution", "0.05", "--rigid"}));
}

}  // namespace
}  // namespace hydrocontact
