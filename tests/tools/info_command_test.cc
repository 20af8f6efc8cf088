// Runs the built `hydrocontact info` on the samples of data/ and on malformed
// files, and checks its JSON against closed forms and its error behaviour.

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;
using namespace hydrocontact::test;

TEST_CASE("info on the sample box: a closed 0.1 m cube with two fields", "[info]") {
  const ToolResult r = RunTool({"info", DataPath("box_0.1m.vtk")});
  CheckSuccess(r);
  CHECK(Member(r.out, "kind") == "\"tetrahedral_volume\"");
  CHECK(Number(r.out, "num_vertices") == 99);
  CHECK(Number(r.out, "num_elements") == 192);
  // Edge 0.1: volume 0.001, boundary area 0.06, box [-0.05, 0.05]³.
  CHECK(Number(r.out, "volume") == Approx(1e-3).epsilon(1e-12));
  CHECK(Number(r.out, "surface_area") == Approx(0.06).epsilon(1e-12));
  CHECK(Member(r.out, "closed") == "true");
  CHECK(Member(r.out, "bounds_solid") == "true");
  CHECK(Member(r.out, "solid_defects") == "null");
  CHECK(Numbers(r.out, "min") == std::vector<double>{-0.05, -0.05, -0.05});
  CHECK(Numbers(r.out, "max") == std::vector<double>{0.05, 0.05, 0.05});
  CHECK(Member(r.out, "point_fields") == "[\"extent\", \"pressure\"]");
  CHECK(Number(r.out, "skipped_cells") == 0);
  CHECK(Member(r.out, "orientation_flipped") == "false");

  // The binary file says exactly the same, apart from its name.
  const ToolResult b = RunTool({"info", DataPath("box_0.1m_binary.vtk")});
  CheckSuccess(b);
  CHECK(std::regex_replace(b.out, std::regex("\"file\": .*\n"), "") ==
        std::regex_replace(r.out, std::regex("\"file\": .*\n"), ""));

  // Scale 2: volume ×8, area ×4, box ×2.
  const ToolResult s = RunTool({"info", DataPath("box_0.1m.vtk"), "--scale", "2"});
  CheckSuccess(s);
  CHECK(Number(s.out, "volume") == Approx(8e-3).epsilon(1e-12));
  CHECK(Number(s.out, "surface_area") == Approx(0.24).epsilon(1e-12));
  CHECK(Numbers(s.out, "max") == std::vector<double>{0.1, 0.1, 0.1});
}

TEST_CASE("info on the sample sphere and patch", "[info]") {
  const double r = 0.05;
  const ToolResult sphere = RunTool({"info", DataPath("sphere_r0.05m.obj")});
  CheckSuccess(sphere);
  CHECK(Member(sphere.out, "kind") == "\"triangle_surface\"");
  CHECK(Number(sphere.out, "num_vertices") == 162);
  CHECK(Number(sphere.out, "num_elements") == 320);
  CHECK(Member(sphere.out, "closed") == "true");
  // Inscribed polyhedron: a little below 4/3πr³ and 4πr².
  const double volume = Number(sphere.out, "volume");
  CHECK(volume < 4 * M_PI * r * r * r / 3);
  CHECK(volume > 0.95 * 4 * M_PI * r * r * r / 3);
  CHECK(Number(sphere.out, "surface_area") < 4 * M_PI * r * r);
  CHECK(Number(sphere.out, "surface_area") > 0.97 * 4 * M_PI * r * r);
  CHECK(Member(sphere.out, "point_fields") == "[]");
  CHECK(Number(sphere.out, "dropped_faces") == 0);

  const ToolResult patch = RunTool({"info", DataPath("square_patch_0.1m.obj")});
  CheckSuccess(patch);
  CHECK(Number(patch.out, "num_elements") == 32);
  CHECK(Number(patch.out, "surface_area") == Approx(0.01).epsilon(1e-12));
  CHECK(Member(patch.out, "volume") == "null");
  CHECK(Member(patch.out, "closed") == "false");
  CHECK(Member(patch.out, "bounds_solid") == "false");
  CHECK_THAT(Member(patch.out, "solid_defects"), Contains("it is not closed: 16 open edge(s)"));
  CHECK(Numbers(patch.out, "min") == std::vector<double>{-0.05, -0.05, 0});
}

TEST_CASE("info reports the clean-up of messy files", "[info]") {
  test::ScratchDirectory dir;
  // A unit cube written face by face (24 'v' lines, 8 positions), plus an
  // unused vertex and a degenerate face; upper-case extension.
  std::string obj = "v 5 5 5\n";
  const int quads[6][4] = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4},
                           {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  for (const auto& q : quads) {
    // Corner c: x = 1 for c in {1, 2, 5, 6}, y = 1 for {2, 3, 6, 7}, z = 1 for c ≥ 4.
    for (int c : q) {
      obj += fmt::format("v {} {} {}\n", (c == 1 || c == 2 || c == 5 || c == 6) ? 1 : 0,
                         (c == 2 || c == 3 || c == 6 || c == 7) ? 1 : 0, c >= 4 ? 1 : 0);
    }
    obj += "f -4 -3 -2 -1\n";
  }
  obj += "f 2 2 3\n";
  const ToolResult r = RunTool({"info", dir.Write("cube.OBJ", obj).string()});
  CheckSuccess(r);
  CHECK(Number(r.out, "num_vertices") == 8);
  CHECK(Number(r.out, "welded_vertices") == 16);
  CHECK(Number(r.out, "unreferenced_vertices") == 1);
  CHECK(Number(r.out, "dropped_faces") == 1);
  CHECK(Member(r.out, "closed") == "true");
  CHECK(Number(r.out, "volume") == Approx(1.0).epsilon(1e-14));

  // gmsh-like VTK: an unused point, a triangle cell, tetrahedra written in
  // the opposite orientation (flipped on reading): volume 1/6 + 1/3.
  const std::string vtk =
      "# vtk DataFile Version 2.0\ngmsh-like\nASCII\nDATASET UNSTRUCTURED_GRID\n"
      "POINTS 6 double\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n9 9 9\n1 1 1\n"
      "CELLS 3 14\n3 0 1 2\n4 0 2 1 3\n4 1 3 2 5\nCELL_TYPES 3\n5\n10\n10\n";
  const ToolResult v = RunTool({"info", dir.Write("two_tets.Vtk", vtk).string()});
  CheckSuccess(v);
  CHECK(Number(v.out, "num_vertices") == 5);
  CHECK(Number(v.out, "num_elements") == 2);
  CHECK(Number(v.out, "skipped_cells") == 1);
  CHECK(Number(v.out, "unused_points") == 1);
  CHECK(Member(v.out, "orientation_flipped") == "true");
  CHECK(Number(v.out, "volume") == Approx(0.5).epsilon(1e-14));
  CHECK(Member(v.out, "closed") == "true");
}

TEST_CASE("info says whether a closed surface bounds a solid, and why not", "[info]") {
  // Two axis-aligned cubes about the origin, half-sizes 1 and 0.5, in one
  // file: with the inner one wound inward it is a hollow cube (volume
  // 8 − 1), wound outward like the outer one its inside would be counted
  // twice. Both are closed, so only the nesting tells them apart.
  test::ScratchDirectory dir;
  auto cubes = [&](bool inner_inward) {
    std::string obj;
    for (const double a : {1.0, 0.5}) {
      for (int k = 0; k < 8; ++k) obj += fmt::format("v {} {} {}\n", k & 1 ? a : -a, k & 2 ? a : -a, k & 4 ? a : -a);
    }
    const int faces[12][3] = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                              {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
    for (const int base : {0, 8}) {
      for (const auto& f : faces) {
        const bool reverse = base == 8 && inner_inward;
        obj += fmt::format("f {} {} {}\n", base + f[0] + 1, base + (reverse ? f[2] : f[1]) + 1,
                           base + (reverse ? f[1] : f[2]) + 1);
      }
    }
    return obj;
  };
  const ToolResult hollow = RunTool({"info", dir.Write("hollow.obj", cubes(true)).string()});
  CheckSuccess(hollow);
  CHECK(Member(hollow.out, "closed") == "true");
  CHECK(Number(hollow.out, "volume") == Approx(7).epsilon(1e-14));
  CHECK(Member(hollow.out, "bounds_solid") == "true");
  CHECK(Member(hollow.out, "solid_defects") == "null");
  const ToolResult nested = RunTool({"info", dir.Write("nested.obj", cubes(false)).string()});
  CheckSuccess(nested);
  CHECK(Member(nested.out, "closed") == "true");
  CHECK(Number(nested.out, "volume") == Approx(9).epsilon(1e-14));
  CHECK(Member(nested.out, "bounds_solid") == "false");
  CHECK_THAT(Member(nested.out, "solid_defects"),
             Contains("the shell of triangle 12 (12 triangles") &&
                 Contains("faces outward where the rest of the surface has winding number 1"));
}

TEST_CASE("info on overlapping tetrahedra: not a solid, with the registration's reason",
          "[info]") {
  test::ScratchDirectory dir;
  // The corner tetrahedron (0, e_x, e_y, e_z) split into four about
  // q = (1/4, 1/4, 1/4): its star, a valid mesh of volume 1/6 whose boundary
  // is the corner tetrahedron's four faces. Laid over its own star, the
  // corner tetrahedron pairs each of its faces with a star face, so no face
  // is used once: the boundary is empty (0 m^3 enclosed) while the
  // tetrahedra sum to 1/6 + 1/6 = 1/3 m^3.
  auto file = [&](const char* name, bool overlapping) {
    const int cells = overlapping ? 5 : 4;
    std::string vtk =
        "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\n"
        "POINTS 5 double\n0 0 0 1 0 0 0 1 0 0 0 1 0.25 0.25 0.25\n";
    vtk += fmt::format("CELLS {} {}\n4 4 1 2 3\n4 0 4 2 3\n4 0 1 4 3\n4 0 1 2 4\n", cells,
                       5 * cells);
    if (overlapping) vtk += "4 0 1 2 3\n";
    vtk += fmt::format("CELL_TYPES {}\n", cells);
    for (int c = 0; c < cells; ++c) vtk += "10\n";
    return dir.Write(name, vtk).string();
  };
  const ToolResult star = RunTool({"info", file("star.vtk", false)});
  CheckSuccess(star);
  CHECK(Number(star.out, "volume") == Approx(1.0 / 6).epsilon(1e-14));
  CHECK(Member(star.out, "bounds_solid") == "true");
  CHECK(Member(star.out, "solid_defects") == "null");
  const ToolResult over = RunTool({"info", file("over.vtk", true)});
  CheckSuccess(over);
  CHECK(Number(over.out, "num_elements") == 5);
  CHECK(Number(over.out, "volume") == Approx(1.0 / 3).epsilon(1e-14));
  CHECK(Member(over.out, "closed") == "false");
  CHECK(Member(over.out, "bounds_solid") == "false");
  CHECK_THAT(Member(over.out, "solid_defects"),
             Contains("the tetrahedra overlap: they sum to 0.333333 m^3, but their boundary "
                      "(0 triangles) encloses 0 m^3"));
}

TEST_CASE("info on bad input: exit 2, one line on stderr naming the culprit, no stdout",
          "[info][errors]") {
  test::ScratchDirectory dir;
  struct Case {
    std::vector<std::string> args;
    std::string expected;
  };
  const std::string bad_obj = dir.Write("bad.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n").string();
  const std::string bad_vtk =
      dir.Write("bad.vtk",
                "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\n"
                "POINTS 8 double\n0 0 0 1 0 0 1 1 0 0 1 0 0 0 1 1 0 1 1 1 1 0 1 1\n"
                "CELLS 1 9\n8 0 1 2 3 4 5 6 7\nCELL_TYPES 1\n12\n")
          .string();
  const std::string truncated =
      dir.Write("cut.vtk", test::ReadWholeFile(DataPath("box_0.1m_binary.vtk")).substr(0, 700)).string();
  const std::string nan_obj =
      dir.Write("nan.obj", "v 0 0 0\nv 1 0 0\nv 0 nan 0\nf 1 2 3\n").string();
  const Case cases[] = {
      {{"info", bad_obj}, "bad.obj, line 4: face vertex index 7 is out of range"},
      {{"info", nan_obj}, "nan.obj, line 3: vertex coordinate 'nan' is not finite"},
      {{"info", bad_vtk}, "bad.vtk, line 10: cell 0 is a hexahedron (VTK cell type 12)"},
      {{"info", truncated}, "cut.vtk, section POINTS: truncated data"},
      {{"info", (dir.path() / "absent.obj").string()}, "absent.obj': no such file"},
      {{"info", dir.Write("mesh.stl", "solid x\n").string()}, "mesh.stl: the STL data has no faces"},
      {{"info", dir.Write("mesh.step", "x").string()}, "mesh.step': unknown file type '.step'"},
      {{"info", dir.path().string()}, "unknown file type"},
      {{"info"}, "expected one FILE, got 0"},
      {{"info", bad_obj, bad_vtk}, "expected one FILE, got 2"},
      {{"info", DataPath("box_0.1m.vtk"), "--scale", "0"}, "--scale: 0 must be finite and positive"},
      {{"info", DataPath("box_0.1m.vtk"), "--scale", "big"}, "--scale: 'big' is not a number"},
      {{"info", DataPath("box_0.1m.vtk"), "--scale"}, "option --scale needs a value"},
      {{"info", DataPath("box_0.1m.vtk"), "--scale", "--frobnicate"},
       "option --scale needs a value, but is followed by the option '--frobnicate'"},
      {{"info", DataPath("box_0.1m.vtk"), "--frobnicate"}, "unknown option '--frobnicate'"},
  };
  for (const Case& c : cases) {
    const ToolResult r = RunTool(c.args);
    INFO(c.args.back());
    CHECK(FailsCleanly(r, c.expected));
    CHECK_THAT(r.err, Contains("hydrocontact info: "));
  }
}

TEST_CASE("info --help explains every output member", "[info]") {
  const ToolResult r = RunTool({"info", "--help"});
  CHECK(r.exit_code == 0);
  for (const char* member : {"kind", "num_vertices", "num_elements", "bounding_box", "surface_area",
                             "volume", "closed", "bounds_solid", "solid_defects", "point_fields",
                             "dropped_faces", "welded_vertices",
                             "skipped_cells", "orientation_flipped", "--scale"}) {
    CHECK_THAT(r.out, Contains(member));
  }
}

TEST_CASE("info on gmsh .msh files (2.2 and 4.1) and STL written by gmsh", "[info][gmsh]") {
  // gmsh meshes the box [0,1] × [0,2] × [0,3]: volume 6, area 22.
  const auto& dir = ToolScratch().path();
  {
    std::ofstream geo(dir / "info_box.geo");
    geo << "SetFactory(\"OpenCASCADE\");\nBox(1) = {0,0,0, 1,2,3};\n";
  }
  for (const std::string form : {"msh22", "msh41", "stl"}) {
    const auto file = dir / ("info_box." + std::string(form == "stl" ? "stl" : "msh"));
    const std::string command = fmt::format(
        "gmsh -{} '{}' -setnumber Mesh.MeshSizeMax 1 -format {} -o '{}' > /dev/null 2>&1",
        form == "stl" ? 2 : 3, (dir / "info_box.geo").string(), form, file.string());
    REQUIRE(std::system(command.c_str()) == 0);
    const ToolResult r = RunTool({"info", file.string()});
    CheckSuccess(r);
    INFO(r.out);
    CHECK(Member(r.out, "kind") ==
          (form == "stl" ? "\"triangle_surface\"" : "\"tetrahedral_volume\""));
    CHECK(std::abs(Number(r.out, "volume")) == Approx(6).epsilon(1e-9));
    CHECK(Number(r.out, "surface_area") == Approx(22).epsilon(1e-9));
    CHECK(Member(r.out, "closed") == "true");
  }
  CHECK(FailsCleanly(RunTool({"info", (dir / "nothing.ply").string()}), "nothing.ply"));
  CHECK(FailsCleanly(RunTool({"info", "x.step"}), ".obj, .stl, .ply, .vtk, .vtu, .msh"));
}

}  // namespace
}  // namespace hydrocontact
