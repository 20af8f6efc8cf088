// The picture layers of the tool (--png) and the pictures `surface` and
// `mesh` write: decoded with libpng, of the stated size, not blank.

#include "tools/cli/picture_layers.h"

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "render/colormap.h"
#include "render/png_io.h"
#include "tests/mesh/test_meshes.h"
#include "tests/tools/tool_runner.h"

namespace hydrocontact::cli {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Matchers::Contains;
using namespace hydrocontact::test;

double Area(const render::PictureLayer& l) {
  double area = 0;
  for (const auto& t : l.triangles) {
    area += (l.vertices[size_t(t[1])] - l.vertices[size_t(t[0])])
                .cross(l.vertices[size_t(t[2])] - l.vertices[size_t(t[0])])
                .norm() / 2;
  }
  return area;
}

// The volume the triangles enclose (divergence theorem: Σ p₀·(p₁×p₂)/6),
// positive only if they are all turned outward.
double EnclosedVolume(const render::PictureLayer& l) {
  double v = 0;
  for (const auto& t : l.triangles) {
    v += l.vertices[size_t(t[0])].dot(l.vertices[size_t(t[1])].cross(l.vertices[size_t(t[2])])) / 6;
  }
  return v;
}

TEST_CASE("CutAwayLayer: the half of a cube behind the cut, outward, with its pressure") {
  // Azimuth -45°: the cut faces +x (45° round), so the tetrahedra with
  // centroid x <= 1/2 are kept: the Kuhn cube's cells i = 0 exactly, the box
  // [0, ½] × [0, 1]², of area 2(½ + ½ + 1) = 4 and volume ½.
  const VolumeMesh cube = MakeKuhnCube(2);
  std::vector<double> p;
  for (int v = 0; v < cube.num_vertices(); ++v) p.push_back(cube.vertex(v).x());
  CompliantMesh compliant{cube, VolumeMeshFieldLinear(p, cube), Bvh(cube), 1.0};
  const render::PictureLayer layer = CutAwayLayer(compliant, {-M_PI / 4, 0.3});
  CHECK(Area(layer) == Approx(4).epsilon(1e-12));
  CHECK(EnclosedVolume(layer) == Approx(0.5).epsilon(1e-12));
  CHECK(layer.values == p);
  CHECK(layer.draw_edges);
}

TEST_CASE("HalfSpaceLayer and RepresentationLayer are posed in W") {
  // The half-space of G = W shifted up 2 and turned: its patch lies in its
  // plane z = 2, faces +z (counter-clockwise from above), centred below the
  // frame's centre, side 2·diagonal.
  const RigidTransform X_WG(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitZ()).toRotationMatrix(),
                            Eigen::Vector3d(0, 0, 2));
  const Aabb frame(Eigen::Vector3d(1, 1, 3), Eigen::Vector3d(2, 2, 4));
  const render::PictureLayer patch = HalfSpaceLayer(X_WG, frame);
  REQUIRE(patch.vertices.size() == 4);
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  for (const auto& v : patch.vertices) {
    CHECK(v.z() == Approx(2).epsilon(1e-14));
    mean += v / 4;
  }
  CHECK(mean.x() == Approx(1.5).epsilon(1e-12));
  CHECK(mean.y() == Approx(1.5).epsilon(1e-12));
  const double side = 2 * std::sqrt(3.0);  // Twice the diagonal √3.
  CHECK(Area(patch) == Approx(side * side).epsilon(1e-12));
  const auto& t = patch.triangles[0];
  CHECK((patch.vertices[size_t(t[1])] - patch.vertices[size_t(t[0])])
            .cross(patch.vertices[size_t(t[2])] - patch.vertices[size_t(t[0])])
            .z() > 0);
  // A rigid mesh: its triangles moved by X_WG.
  const TriangleSurfaceMesh ico = MakeIcosphere(1, 0.5);
  const HydroelasticRepresentation rigid = RigidMesh{ico, Bvh(ico)};
  const render::PictureLayer moved = RepresentationLayer(rigid, X_WG);
  REQUIRE(moved.vertices.size() == size_t(ico.num_vertices()));
  CHECK((moved.vertices[3] - X_WG * ico.vertex(3)).norm() < 1e-15);
  CHECK(RepresentationLayer(HydroelasticRepresentation(RigidHalfSpace{}), X_WG).triangles.empty());
}

std::set<std::tuple<int, int, int>> Colours(const render::Image& image) {
  std::set<std::tuple<int, int, int>> colours;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) colours.emplace(image.at(x, y).r, image.at(x, y).g, image.at(x, y).b);
  return colours;
}

int CountColour(const render::Image& image, render::Rgb c) {
  int n = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) n += image.at(x, y) == c;
  return n;
}

TEST_CASE("surface --png and mesh --png write pictures of the stated size, with a colour bar") {
  const auto dir = ToolScratch().path();
  const std::string a = (dir / "contact.png").string();
  const ToolResult r = RunTool("surface", {"sphere:0.1", "box:0.4,0.4,0.1", "--pose-a", "0,0,0.12,0,0,0",
                                           "--png", a, "--size", "320x240", "--view", "30,25"});
  CheckSuccess(r);
  const render::Image image = render::ReadPng(a);
  CHECK(image.width() == 320);
  CHECK(image.height() == 240);
  CHECK(Colours(image).size() > 100);
  // The colour bar shows both ends of the map unshaded.
  CHECK(CountColour(image, render::Viridis(1)) >= 5);
  CHECK(CountColour(image, render::Viridis(0)) >= 5);

  const std::string m = (dir / "mesh.png").string();
  CheckSuccess(RunTool("mesh", {"sphere:0.1", "--resolution", "0.03", "--png", m}));
  const render::Image mesh = render::ReadPng(m);
  CHECK(mesh.width() == 800);
  CHECK(mesh.height() == 600);
  CHECK(Colours(mesh).size() > 100);
  CHECK(CountColour(mesh, render::Viridis(1)) >= 5);
  // A rigid mesh: shaded grey, no colour bar.
  const std::string g = (dir / "rigid.png").string();
  CheckSuccess(RunTool("mesh", {"box:0.1,0.2,0.3", "--rigid", "--png", g, "--view", "top", "--size", "200x100"}));
  const render::Image rigid = render::ReadPng(g);
  CHECK(rigid.width() == 200);
  CHECK(rigid.height() == 100);
  CHECK(Colours(rigid).size() >= 2);
}

TEST_CASE("simulate --png draws the final state with its contact surface and colour bar") {
  // data/scenes/box_drop.json ends with the compliant box resting on the
  // rigid floor: one contact surface (its pressure makes the colour bar)
  // inside the translucent box over the floor's patch.
  const std::string p = (ToolScratch().path() / "simulate.png").string();
  const ToolResult r = RunTool("simulate", {DataPath("scenes/box_drop.json"), "--trajectory",
                                            (ToolScratch().path() / "t.jsonl").string(), "--png", p,
                                            "--size", "320x240"});
  CheckSuccess(r);
  CHECK(r.out.find("\"png\"") != std::string::npos);
  const render::Image image = render::ReadPng(p);
  CHECK(image.width() == 320);
  CHECK(image.height() == 240);
  CHECK(Colours(image).size() > 50);
  CHECK(CountColour(image, render::Viridis(1)) >= 5);
  CHECK(CountColour(image, render::Viridis(0)) >= 5);
  // --view without --png is refused, naming the missing option.
  const ToolResult bad = RunTool("simulate", {DataPath("scenes/box_drop.json"), "--view", "top"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--png") != std::string::npos);
}

TEST_CASE("picture options: errors name the option and the value") {
  const std::string png = (ToolScratch().path() / "x.png").string();
  CHECK(FailsCleanly(RunTool("surface", {"sphere:0.1", "sphere:0.1", "--view", "top"}), "give --png"));
  CHECK(FailsCleanly(RunTool("surface", {"sphere:0.1", "sphere:0.1", "--png", png, "--view", "sideways"}),
                     "'sideways'"));
  CHECK(FailsCleanly(RunTool("mesh", {"sphere:0.1", "--png", png, "--size", "10x10"}), "'10x10'"));
  CHECK(FailsCleanly(RunTool("mesh", {"halfspace", "--png", png}), "no mesh to draw"));
  CHECK(FailsCleanly(RunTool("mesh", {"sphere:0.1", "--png", "/nonexistent/dir/x.png"}), "/nonexistent/dir/x.png"));
}

TEST_CASE("ParseViewOption and ParseSizeOption read numbers as the rest of the tool does") {
  const render::ViewDirection v = ParseViewOption("30,-45");
  CHECK(v.azimuth == Approx(M_PI / 6));
  CHECK(v.elevation == Approx(-M_PI / 4));
  CHECK(ParseViewOption("top").elevation == Approx(M_PI / 2));
  // Hexadecimal is refused here as everywhere else (strtod read 0x1e as 30).
  CHECK_THROWS_WITH(ParseViewOption("0x1e,0x14"), Contains("--view") && Contains("'0x1e' is not a number"));
  CHECK_THROWS_WITH(ParseViewOption("30,0x14"), Contains("'0x14' is not a number"));
  CHECK_THROWS_WITH(ParseViewOption("1,2x"), Contains("--view") && Contains("'2x'"));
  CHECK_THROWS_WITH(ParseViewOption("30"), Contains("--view: '30' is none of"));
  CHECK_THROWS_WITH(ParseViewOption("0,95"), Contains("--view: '0,95'") && Contains("elevation 95"));
  CHECK_THROWS_AS(ParseViewOption("diagonal"), UsageError);

  CHECK(ParseSizeOption("1024x768") == std::array<int, 2>{1024, 768});
  CHECK(ParseSizeOption("64x8192") == std::array<int, 2>{64, 8192});
  for (const std::string bad : {"+800x 600", " 800x600", "800x600 ", "800 x600", "0x320x200", "800.5x600",
                                "63x600", "800x8193", "20x20", "800", "800x600x3", "x600", "800x", "1e400x600"}) {
    INFO(bad);
    CHECK_THROWS_WITH(ParseSizeOption(bad), Contains("--size: '" + bad + "'"));
  }
  CHECK(ParseSizeOption("8e2x6e2") == std::array<int, 2>{800, 600});  // Decimal, as ParseDouble reads.
}

TEST_CASE("picture options: a bad --view or --size is named alone, with exit code 2") {
  const std::string png = (ToolScratch().path() / "v.png").string();
  const ToolResult hex = RunTool("surface", {"sphere:0.1", "sphere:0.1", "--png", png, "--view", "0x1e,0x14"});
  CHECK(FailsCleanly(hex, "--view: '0x1e' is not a number"));
  CHECK(hex.err.find("--size") == std::string::npos);
  const ToolResult one = RunTool("surface", {"sphere:0.1", "sphere:0.1", "--png", png, "--view", "30"});
  CHECK(FailsCleanly(one, "--view: '30'"));
  CHECK(one.err.find("--size") == std::string::npos);
  CHECK(FailsCleanly(RunTool("mesh", {"sphere:0.1", "--png", png, "--size", "+800x 600"}), "--size: '+800x 600'"));
  CHECK(FailsCleanly(RunTool("mesh", {"sphere:0.1", "--png", png, "--size", " 800x600"}), "--size: ' 800x600'"));
}

}  // namespace
}  // namespace hydrocontact::cli
