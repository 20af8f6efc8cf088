// Runs the built `hydrocontact surface` and checks its JSON against closed
// forms, against an independent integration of the VTK file it writes, and
// its error behaviour.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "mesh/obj_io.h"
#include "mesh/ply_io.h"
#include "mesh/stl_io.h"
#include "mesh/vtk_reader.h"
#include "mesh/vtk_writer.h"
#include "tests/tools/tool_runner.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using namespace hydrocontact::test;

ToolResult RunSurface(const std::vector<std::string>& args) { return RunTool("surface", args); }

// The surface of a VTK polydata file as the tool writes it (ASCII): points,
// polygons, point scalar "pressure", cell vectors by name.
struct VtkSurface {
  std::vector<Vector3d> points;
  std::vector<std::vector<int>> polygons;
  std::vector<double> pressure;
  std::map<std::string, std::vector<Vector3d>> cell_vectors;
};

VtkSurface ReadVtkSurface(const std::filesystem::path& file) {
  std::ifstream in(file);
  VtkSurface s;
  std::string word;
  while (in >> word) {
    if (word == "POINTS") {
      int n;
      std::string type;
      in >> n >> type;
      s.points.resize(n);
      for (auto& p : s.points) in >> p.x() >> p.y() >> p.z();
    } else if (word == "POLYGONS") {
      int n, size;
      in >> n >> size;
      s.polygons.resize(n);
      for (auto& poly : s.polygons) {
        int k;
        in >> k;
        poly.resize(k);
        for (int& v : poly) in >> v;
      }
    } else if (word == "SCALARS") {
      std::string name, type, lookup, table;
      int components;
      in >> name >> type >> components >> lookup >> table;
      REQUIRE(name == "pressure");
      s.pressure.resize(s.points.size());
      for (double& p : s.pressure) in >> p;
    } else if (word == "VECTORS") {
      std::string name, type;
      in >> name >> type;
      auto& values = s.cell_vectors[name];
      values.resize(s.polygons.size());
      for (auto& v : values) in >> v.x() >> v.y() >> v.z();
    }
  }
  return s;
}

// Integrates ∫ p n̂ dA and ∫ (x − c) × p n̂ dA over the file's triangles with
// the edge-midpoint rule (exact for the quadratic integrand p·x on a
// triangle), a different quadrature from the tool's.
void Integrate(const VtkSurface& s, Vector3d* force, Vector3d* moment, Vector3d* centroid,
               double* area) {
  *force = *moment = Vector3d::Zero();
  *area = 0;
  Vector3d first_moment = Vector3d::Zero();
  for (const auto& poly : s.polygons) {
    REQUIRE(poly.size() == 3);
    const Vector3d& a = s.points[poly[0]];
    const Vector3d& b = s.points[poly[1]];
    const Vector3d& c = s.points[poly[2]];
    const double A = (b - a).cross(c - a).norm() / 2;
    *area += A;
    first_moment += A * (a + b + c) / 3;
  }
  *centroid = first_moment / *area;
  for (size_t f = 0; f < s.polygons.size(); ++f) {
    const auto& poly = s.polygons[f];
    const Vector3d x[3] = {s.points[poly[0]], s.points[poly[1]], s.points[poly[2]]};
    const double p[3] = {s.pressure[poly[0]], s.pressure[poly[1]], s.pressure[poly[2]]};
    const double A = (x[1] - x[0]).cross(x[2] - x[0]).norm() / 2;
    const Vector3d& n = s.cell_vectors.at("normal")[f];
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3;
      const Vector3d mid = (x[i] + x[j]) / 2;
      const double p_mid = (p[i] + p[j]) / 2;
      *force += A / 3 * p_mid * n;
      *moment += A / 3 * (mid - *centroid).cross(p_mid * n);
    }
  }
}

TEST_CASE("surface: two compliant boxes face to face match the closed form", "[surface]") {
  // As in compute_contact_surface_test: A = box 1 × 4 × 4, B = box 1 × 2 × 2
  // (h = 0.5, L = 1), E = 1e6 each, B's −x face d = 0.1 inside A's +x face:
  // area (2a)² + √2 ((2L)² − (2a)²) with a = L − d/2, force on A (M)
  // −(E/h) [2 d a² + 8 (L³/6 − L a²/2 + a³/3)] x̂; by symmetry the surface
  // centroid lies on the x axis and the moment about it vanishes.
  const double E = 1e6, h = 0.5, L = 1, d = 0.1, a = L - d / 2;
  const double area = 4 * a * a + std::sqrt(2.0) * (4 * L * L - 4 * a * a);
  const double force = E / h * (2 * d * a * a + 8 * (L * L * L / 6 - L * a * a / 2 + a * a * a / 3));
  for (const std::string representation : {"triangle", "polygon"}) {
    const ToolResult r = RunSurface({"box:1,4,4", "box:1,2,2", "--modulus-a", "1e6", "--modulus-b",
                                  "1e6", "--pose-b", "0.9,0,0,0,0,0", "--representation",
                                  representation});
    CheckSuccess(r);
    CHECK(Number(r.out, "total_area") == Approx(area).epsilon(1e-10));
    CHECK(JsonVector(r.out, "force").isApprox(Vector3d(-force, 0, 0), 1e-10));
    CHECK(JsonVector(r.out, "moment").norm() <= 1e-9 * force);
    CHECK(JsonVector(r.out, "centroid").tail<2>().norm() <= 1e-12);
    CHECK(Number(r.out, "min") == Approx(0).margin(1e-6));
    CHECK(Number(r.out, "max") == Approx(E * d / (2 * h)).epsilon(1e-12));
    CHECK(Member(r.out, "m_is") == "\"A\"");
    CHECK(Member(r.out, "representation") == "\"" + representation + "\"");
    CHECK(Member(r.out, "normal_filter") == "true");
    CHECK(Number(r.out, "time_us") > 0);
    CHECK(Number(r.out, "num_faces") > 0);
    CHECK(Number(r.out, "num_vertices") > Number(r.out, "num_faces"));
  }
}

TEST_CASE("surface: compliant unit boxes with flush side faces (issue 10, defect 2)", "[surface]") {
  // The reproducer: B = A moved up by c = 1/2. The fields agree where the
  // side faces are the nearest for both, so the contact surface is only the
  // square |x|, |y| < c/2 on the plane z = c/2 (derivation in
  // compliant_compliant_intersection_test.cc): area c², pressure E(1 − c)
  // with E = 1e7 (the default), force on A −E(1 − c)c² ẑ. It gave a
  // sideways force of 36% of the normal force, 0.78 m² here and 1.49 m²
  // after a 1e-9 m shift, and another answer with A and B swapped. Now the
  // sideways force is below 1e-12 of the normal force, a shift of 1e-9 m
  // along z changes the area by about 1e-9, and swapping the inputs swaps
  // the force only.
  const double E = 1e7;
  for (const double c : {0.5, 0.5 + 1e-9, 0.5 - 1e-9}) {
    for (const bool swapped : {false, true}) {
      const std::string pose = fmt::format("0,0,{:.17g},0,0,0", c);
      const ToolResult r = RunSurface({"box:1,1,1", "box:1,1,1", swapped ? "--pose-a" : "--pose-b", pose,
                                    "--representation", "polygon"});
      CheckSuccess(r);
      CHECK(Number(r.out, "total_area") == Approx(c * c).epsilon(1e-12));
      const Vector3d force = JsonVector(r.out, "force");
      const double normal = E * (1 - c) * c * c;
      CHECK(force.z() == Approx(swapped ? normal : -normal).epsilon(1e-12));
      CHECK(force.head<2>().norm() < 1e-12 * normal);
    }
  }
}

TEST_CASE("surface: the JSON agrees with an independent integration of the VTK output",
          "[surface]") {
  // A rigid cube tilted into a compliant half-space: pressure varies over
  // the faces, so force and moment are both non-trivial.
  const auto file = ToolScratch().path() / "tilted.vtk";
  const ToolResult r = RunSurface({"box:0.2,0.2,0.2", "halfspace", "--rigid-a", "--pose-a",
                                "0,0,0.05,0.1,0.2,0", "--modulus-b", "2e6", "--slab-b", "0.5",
                                "--out", file.string()});
  CheckSuccess(r);
  // (Built piecewise: GCC 12 warns falsely (-Wrestrict) on "\"" + s + "\"".)
  std::string quoted_file(1, '"');
  quoted_file.append(file.string()).push_back('"');
  CHECK(Member(r.out, "out") == quoted_file);
  const VtkSurface s = ReadVtkSurface(file);
  REQUIRE(s.polygons.size() == size_t(Number(r.out, "num_faces")));
  REQUIRE(s.points.size() == size_t(Number(r.out, "num_vertices")));
  // M = A is rigid: only N (the half-space) has a gradient, −(E/t) ẑ.
  CHECK(s.cell_vectors.count("grad_eM") == 0);
  REQUIRE(s.cell_vectors.count("grad_eN") == 1);
  for (const Vector3d& g : s.cell_vectors.at("grad_eN")) {
    CHECK(g.isApprox(Vector3d(0, 0, -2e6 / 0.5)));
  }
  Vector3d force, moment, centroid;
  double area;
  Integrate(s, &force, &moment, &centroid, &area);
  CHECK(Number(r.out, "total_area") == Approx(area).epsilon(1e-12));
  CHECK(JsonVector(r.out, "centroid").isApprox(centroid, 1e-12));
  CHECK(JsonVector(r.out, "force").isApprox(force, 1e-10));
  CHECK(JsonVector(r.out, "moment").isApprox(moment, 1e-9));
  // Non-trivial: a lever arm of more than 0.1 mm.
  CHECK(moment.norm() > 1e-4 * force.norm());
  // The half-space pushes the cube (M) up.
  CHECK(force.z() > 0);
  CHECK(std::abs(force.x()) < 1e-9 * force.z());
}

TEST_CASE("surface: no contact prints zeros and exits 0", "[surface]") {
  const auto file = ToolScratch().path() / "empty.vtk";
  const ToolResult r =
      RunSurface({"sphere:0.1", "sphere:0.1", "--pose-b", "0.3,0,0,0,0,0", "--out", file.string()});
  CheckSuccess(r);
  CHECK(Number(r.out, "num_faces") == 0);
  CHECK(Number(r.out, "num_vertices") == 0);
  CHECK(Number(r.out, "total_area") == 0);
  CHECK(Member(r.out, "centroid") == "null");
  CHECK(Member(r.out, "pressure") == "null");
  CHECK(JsonVector(r.out, "force") == Vector3d::Zero());
  CHECK(std::filesystem::exists(file));
  CHECK(ReadVtkSurface(file).polygons.empty());
}

TEST_CASE("surface --no-normal-filter keeps the buried face", "[surface]") {
  // A rigid cube of edge 0.2 buried in a compliant half-space (top 0.5 below
  // the surface): with the filter the top face (outward normal against ∇p)
  // is dropped, 5 faces of 0.04 m² remain; without it all 6.
  const std::vector<std::string> args{"box:0.2,0.2,0.2", "halfspace", "--rigid-a", "--pose-a",
                                      "0,0,-0.6,0,0,0"};
  const ToolResult filtered = RunSurface(args);
  CheckSuccess(filtered);
  CHECK(Number(filtered.out, "total_area") == Approx(0.2));
  std::vector<std::string> unfiltered_args = args;
  unfiltered_args.push_back("--no-normal-filter");
  const ToolResult unfiltered = RunSurface(unfiltered_args);
  CheckSuccess(unfiltered);
  CHECK(Number(unfiltered.out, "total_area") == Approx(0.24));
  CHECK(Member(unfiltered.out, "normal_filter") == "false");
}

TEST_CASE("surface: bad input exits 2 with one line naming the culprit", "[surface]") {
  CHECK(FailsCleanly(RunSurface({"box:1,1,1", "box:1,1,1", "--rigid-a", "--rigid-b"}), "both are rigid"));
  CHECK(FailsCleanly(RunSurface({"box:1,1,1", "box:1,1,1", "--rigid-a", "--rigid-b"}), "A ('box:1,1,1'"));
  CHECK(FailsCleanly(RunSurface({"halfspace", "halfspace"}), "both are half-spaces"));
  CHECK(FailsCleanly(RunSurface({"sphere:1", "sphere:1", "--representation", "quad"}), "'quad'"));
  CHECK(FailsCleanly(RunSurface({"sphere:1"}), ""));
  CHECK(FailsCleanly(RunSurface({"sphere:1", "sphere:-1"}), "sphere:-1"));
  CHECK(FailsCleanly(RunSurface({"sphere:1", "sphere:1", "--bogus"}), "--bogus"));
}

TEST_CASE("surface: a picture that cannot be written leaves the --out file as it was", "[surface]") {
  // The VTK file and the picture are written together, all or nothing. The
  // picture goes to /proc, which takes no new files (as root the folder
  // passes the up-front check and the write itself fails; otherwise the
  // check refuses it): either way the run exits 2 naming the picture and
  // the existing --out file keeps its contents, with no temporary file
  // left beside it.
  const std::filesystem::path folder = ToolScratch().path() / "all_or_nothing";
  std::filesystem::create_directories(folder);
  const std::filesystem::path kept = folder / "kept.vtk";
  std::ofstream(kept) << "old contents";
  const ToolResult r = RunSurface({"sphere:0.05", "halfspace", "--pose-a", "0,0,0.045,0,0,0", "--out",
                                   kept.string(), "--png", "/proc/hydrocontact_surface_test.png"});
  CHECK(FailsCleanly(r, "/proc/hydrocontact_surface_test.png"));
  std::ifstream in(kept);
  CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == "old contents");
  CHECK(std::distance(std::filesystem::directory_iterator(folder), std::filesystem::directory_iterator()) == 1);
  CHECK_FALSE(std::filesystem::exists("/proc/hydrocontact_surface_test.png"));
  // Without the picture the same run replaces the file with the surface.
  CheckSuccess(RunSurface({"sphere:0.05", "halfspace", "--pose-a", "0,0,0.045,0,0,0", "--out", kept.string()}));
  CHECK_FALSE(ReadVtkSurface(kept).polygons.empty());
}

TEST_CASE("surface --help explains every option", "[surface]") {
  const ToolResult r = RunSurface({"--help"});
  CHECK(r.exit_code == 0);
  for (const char* word : {"--representation", "--out", "--no-normal-filter", "force", "moment",
                           "m_is", "time_us", "--pose-a", "-b (second)"}) {
    CHECK(r.out.find(word) != std::string::npos);
  }
}

TEST_CASE("surface: one rigid sphere given as OBJ, STL, PLY and VTK POLYDATA gives one force",
          "[surface][formats]") {
  // The sample sphere surface written in every surface format we read; each
  // file pressed 2 cm into a compliant half-space must give the same
  // force (the readers weld STL's repeated corners back).
  const TriangleSurfaceMesh box = ReadObjFile(DataPath("sphere_r0.05m.obj"));
  const auto& dir = ToolScratch().path();
  const std::vector<std::string> files{
      DataPath("sphere_r0.05m.obj"),
      (dir / "box.stl").string(), (dir / "box_binary.stl").string(),
      (dir / "box.ply").string(), (dir / "box_polydata.vtk").string()};
  WriteStlFile(files[1], box, false);
  WriteStlFile(files[2], box, true);  // Float coordinates: compare loosely.
  WritePlyFile(files[3], box, PlyEncoding::kBinaryLittleEndian);
  WriteVtkSurface(files[4], box, {}, {}, VtkEncoding::kBinary);
  Vector3d force_obj = Vector3d::Zero();
  for (const std::string& file : files) {
    INFO(file);
    const ToolResult r =
        RunSurface({file, "halfspace", "--pose-a", "0,0,0.03,0,0,0", "--modulus-b", "1e6"});
    CheckSuccess(r);
    const Vector3d force = JsonVector(r.out, "force");
    if (file == files[0]) force_obj = force;
    // The half-space pushes the sphere (M) up.
    CHECK(force.z() > 0);
    CHECK(force.isApprox(force_obj, file == files[2] ? 1e-6 : 1e-12));
  }
}

TEST_CASE("surface --binary writes BINARY VTK that reads back the same surface",
          "[surface][formats]") {
  const auto file = ToolScratch().path() / "binary_surface.vtk";
  const ToolResult r = RunSurface({"sphere:0.1", "box:0.3,0.3,0.3", "--pose-a", "0,0,0.2,0,0,0",
                                   "--out", file.string(), "--binary"});
  CheckSuccess(r);
  CHECK(test::ReadWholeFile(file).find("\nBINARY\n") != std::string::npos);
  const SurfaceReadResult s = ReadVtkSurfaceFile(file);
  CHECK(s.mesh.total_area() == Approx(Number(r.out, "total_area")).epsilon(1e-9));
  CHECK(FailsCleanly(RunSurface({"sphere:0.1", "sphere:0.1", "--binary"}), "--binary applies"));
}

TEST_CASE("surface computes once unless --repeat N asks for timed repetitions", "[surface]") {
  const ToolResult once = RunSurface({"sphere:0.1", "box:0.3,0.3,0.3", "--pose-a", "0,0,0.2,0,0,0"});
  CheckSuccess(once);
  CHECK(Number(once.out, "repeat") == 0);
  CHECK(Number(once.out, "time_us") > 0);
  const ToolResult repeated = RunSurface(
      {"sphere:0.1", "box:0.3,0.3,0.3", "--pose-a", "0,0,0.2,0,0,0", "--repeat", "3"});
  CheckSuccess(repeated);
  CHECK(Number(repeated.out, "repeat") == 3);
  // Repeating changes the timing, not the answer.
  CHECK(JsonVector(repeated.out, "force") == JsonVector(once.out, "force"));
  CHECK(FailsCleanly(RunSurface({"sphere:1", "sphere:1", "--repeat", "0"}), "--repeat: '0'"));
  CHECK(FailsCleanly(RunSurface({"sphere:1", "sphere:1", "--repeat", "2.5"}), "--repeat: '2.5'"));
}

TEST_CASE("surface --threads N splits a large pair and changes nothing in the surface", "[surface]") {
  // The rigid ellipsoid scan (6,346 triangles, semi-axes 0.06, 0.04, 0.03)
  // with a compliant sphere of radius 0.1 resting on it: the sphere's
  // centre at z = 0.1 puts its bottom at z = 0, 0.03 deep into the scan's
  // top. The sphere's box (z from 0 to 0.2) holds the scan's upper half,
  // about 3,170 triangles, above the split threshold (2,048), so with 2 or 3
  // threads the pair is cut into pieces run on the pool. The pieces are
  // merged in a fixed order, so the written surface must be the same file,
  // byte for byte, as with one thread.
  //
  // The same for a half-space: a compliant sphere of radius 0.1 at
  // resolution 0.0035 (35,280 tetrahedra) pressed 0.02 into a rigid
  // half-space, tilted. Its plane crosses about 3,700 tetrahedra, above
  // the half-space kernels' threshold (2,048).
  const std::string scan = DataPath("gmsh-ellipsoid-0.12m.obj");
  const std::vector<std::vector<std::string>> pairs{
      {"sphere:0.1", scan, "--pose-a", "0,0,0.1,0,0,0"},
      {"sphere:0.1", "halfspace", "--rigid-b", "--resolution-a", "0.0035", "--pose-a", "0,0,0.08,0.1,0.2,0"}};
  for (size_t pair = 0; pair < pairs.size(); ++pair) {
    INFO("pair " << pair);
    std::vector<std::string> files;
    for (const std::string threads : {"1", "2", "3"}) {
      const std::string out =
          ToolScratch().path().string() + "/threads_" + std::to_string(pair) + "_" + threads + ".vtk";
      std::vector<std::string> args = pairs[pair];
      args.insert(args.end(), {"--representation", "polygon", "--out", out, "--threads", threads});
      const ToolResult r = RunSurface(args);
      CheckSuccess(r);
      CHECK(Number(r.out, "num_faces") > 100);
      std::ifstream in(out, std::ios::binary);
      files.push_back(std::string(std::istreambuf_iterator<char>(in), {}));
    }
    REQUIRE(!files[0].empty());
    CHECK(files[1] == files[0]);
    CHECK(files[2] == files[0]);
  }
  CHECK(FailsCleanly(RunSurface({"sphere:1", "sphere:1", "--threads", "0"}), "--threads: '0'"));
  CHECK(FailsCleanly(RunSurface({"sphere:1", "sphere:1", "--threads", "1.5"}), "--threads: '1.5'"));
}

TEST_CASE("surface: a compliant sphere on a flat height field is the sphere on a half-space") {
  // A flat field at z = 0.3 over [−1, 1] × [−0.6, 0.6] (rigid by default):
  // a compliant sphere pressed 0.05 into its top meets only the top, so the
  // surface is the one against the plane z = 0.3.
  const std::string flat = ToolScratch()
                               .Write("flat.txt",
                                      "5 4 0.5 0.4 0.5\n0.3 0.3 0.3 0.3 0.3\n0.3 0.3 0.3 0.3 0.3\n"
                                      "0.3 0.3 0.3 0.3 0.3\n0.3 0.3 0.3 0.3 0.3\n")
                               .string();
  const ToolResult by_field = RunTool(
      "surface", {"sphere:0.2", "heightfield:" + flat, "--pose-a", "0.2,-0.1,0.45,0,0,0"});
  const ToolResult by_plane = RunTool("surface", {"sphere:0.2", "halfspace", "--rigid-b", "--pose-a",
                                                  "0.2,-0.1,0.45,0,0,0", "--pose-b", "0,0,0.3,0,0,0"});
  CheckSuccess(by_field);
  CheckSuccess(by_plane);
  CHECK(Number(by_field.out, "total_area") == Approx(Number(by_plane.out, "total_area")).epsilon(1e-12));
  CHECK(JsonVector(by_field.out, "force").isApprox(JsonVector(by_plane.out, "force"), 1e-12));
  CHECK(JsonVector(by_field.out, "force").norm() > 0);
}

}  // namespace
}  // namespace hydrocontact
