#include "mesh/msh_reader.h"

#include <cstdlib>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;
using test::ScratchDirectory;

// Has gmsh (the format's owner) tetrahedralize the model `geo` (a .geo
// file's text) in all four forms, 2.2 and 4.1, ASCII and binary, and
// checks that each reads as a closed mesh of the given volume (m³) and
// boundary area (m²), the same mesh (element count) in every form. Returns
// the four reads for further checks.
std::vector<VtkVolumeData> CheckGmshForms(const std::string& geo, double volume, double area) {
  ScratchDirectory dir;
  const auto geo_file = dir.Write("model.geo", geo);
  std::vector<VtkVolumeData> reads;
  for (const char* version : {"2.2", "4.1"}) {
    for (const int binary : {0, 1}) {
      const auto msh = dir.path() / fmt::format("model_{}_{}.msh", version, binary);
      const std::string command = fmt::format(
          "gmsh -3 '{}' -format msh -setnumber Mesh.MshFileVersion {} -setnumber Mesh.Binary {} "
          "-o '{}' > /dev/null 2>&1",
          geo_file.string(), version, binary, msh.string());
      REQUIRE(std::system(command.c_str()) == 0);
      INFO(msh.string());
      reads.push_back(ReadMshFile(msh));
      const VtkVolumeData& d = reads.back();
      CHECK(d.mesh.total_volume() == Approx(volume).epsilon(1e-12));
      const VolumeMeshBoundary boundary = ExtractBoundary(d.mesh);
      CHECK(boundary.surface.IsClosed());
      CHECK(boundary.surface.total_area() == Approx(area).epsilon(1e-12));
      CHECK(d.mesh.num_elements() == reads.front().mesh.num_elements());
    }
  }
  return reads;
}

TEST_CASE("gmsh .msh 2.2 and 4.1, ASCII and binary, written by gmsh", "[msh][gmsh]") {
  // The box [0,1] × [0,2] × [0,3]: 6 m³, boundary area 2(2 + 3 + 6) = 22 m².
  const std::vector<VtkVolumeData> reads = CheckGmshForms(
      "SetFactory(\"OpenCASCADE\");\nBox(1) = {0,0,0, 1,2,3};\n"
      "Mesh.CharacteristicLengthMax = 0.6;\n",
      6, 22);
  for (const VtkVolumeData& d : reads) {
    // gmsh also writes the boundary triangles, lines and points: skipped.
    CHECK(d.num_skipped_cells > 0);
    CHECK_FALSE(d.orientation_flipped);
  }
}

TEST_CASE("gmsh .msh with a volume in two physical groups: each tetrahedron read once",
          "[msh][gmsh]") {
  // Two boxes, [0,1] × [0,2] × [0,3] and the same shifted by 1 along x,
  // sharing a face; volume 1 is in both physical groups "a" and "all",
  // volume 2 in "all" only. Version 2.2 lists volume 1's tetrahedra twice
  // (once per group); 4.1 once. Either way the mesh is the two boxes: 12 m³,
  // with the boundary of the 2 × 2 × 3 box they make, 2(4 + 6 + 6) = 32 m².
  const std::vector<VtkVolumeData> reads = CheckGmshForms(
      "SetFactory(\"OpenCASCADE\");\nBox(1) = {0,0,0, 1,2,3};\nBox(2) = {1,0,0, 1,2,3};\n"
      "BooleanFragments{ Volume{1}; Delete; }{ Volume{2}; Delete; }\n"
      "Physical Volume(\"a\") = {1};\nPhysical Volume(\"all\") = {1, 2};\n"
      "Mesh.CharacteristicLengthMax = 0.6;\n",
      12, 32);
  // With physical groups gmsh saves only their elements, so 4.1 (reads 2
  // and 3) skips nothing, while 2.2 (reads 0 and 1) skips the repeats of
  // volume 1's tetrahedra: more than none, fewer than the tetrahedra kept
  // (volume 2's are never repeated), the same in ASCII and binary.
  REQUIRE(reads.size() == 4);
  CHECK(reads[2].num_skipped_cells == 0);
  CHECK(reads[3].num_skipped_cells == 0);
  CHECK(reads[0].num_skipped_cells > 0);
  CHECK(reads[0].num_skipped_cells < reads[0].mesh.num_elements());
  CHECK(reads[1].num_skipped_cells == reads[0].num_skipped_cells);
}

// One tetrahedron (positively oriented), with sparse node tags, plus a
// boundary triangle, in version 2.2 ASCII.
const char* kTet22 = R"($MeshFormat
2.2 0 8
$EndMeshFormat
$PhysicalNames
1
3 1 "solid"
$EndPhysicalNames
$Nodes
4
10 0 0 0
20 1 0 0
30 0 1 0
40 0 0 1
$EndNodes
$Elements
2
1 2 2 0 1 10 20 30
2 4 2 1 1 10 20 30 40
$EndElements
)";

TEST_CASE(".msh 2.2 $ParametricNodes (gmsh -save_parametric) read as $Nodes", "[msh]") {
  // Each node: tag, x y z, its entity's dimension and tag, then one
  // parametric coordinate on a curve (dimension 1), two on a surface (2),
  // none on a point (0) or in a volume (3). The same tetrahedron as kTet22.
  const std::string parametric = R"($MeshFormat
2.2 0 8
$EndMeshFormat
$ParametricNodes
4
10 0 0 0 0 1
20 1 0 0 1 3 0.25
30 0 1 0 2 5 0.5 0.75
40 0 0 1 3 1
$EndParametricNodes
$Elements
1
2 4 2 1 1 10 20 30 40
$EndElements
)";
  const VtkVolumeData d = ReadMshString(parametric, "p.msh");
  const VtkVolumeData plain = ReadMshString(kTet22, "t.msh");
  CHECK(d.mesh.vertices() == plain.mesh.vertices());
  CHECK(d.mesh.tetrahedra() == plain.mesh.tetrahedra());
  // A parametric coordinate missing from the surface node: the node line
  // ends early, so the next node's tag is read as it and the section runs
  // out of data.
  std::string short_node = parametric;
  short_node.replace(short_node.find("0.5 0.75"), 8, "0.5");
  CHECK_THROWS_WITH(ReadMshString(short_node, "s.msh"), Contains("s.msh"));
  // Nodes given twice, once in each form.
  std::string both = parametric;
  both.replace(both.find("$Elements"), 0, "$Nodes\n0\n$EndNodes\n");
  CHECK_THROWS_WITH(ReadMshString(both, "b.msh"),
                    Contains("a second $Nodes section (nodes were already read)"));
}

TEST_CASE(".msh 2.2 ASCII by hand: sparse tags, skipped triangle, scale", "[msh]") {
  const VtkVolumeData d = ReadMshString(kTet22, "t.msh", 2.0);
  REQUIRE(d.mesh.num_elements() == 1);
  CHECK(d.mesh.total_volume() == Approx(8.0 / 6).epsilon(1e-15));  // (2³)/6.
  CHECK(d.num_skipped_cells == 1);
  CHECK(d.mesh.vertex(3) == Eigen::Vector3d(0, 0, 2));
}

TEST_CASE(".msh 2.2 by hand: a tetrahedron in two physical groups is read once", "[msh]") {
  // kTet22's tetrahedron listed again under physical group 2 (same nodes,
  // same order), as gmsh writes it: one tetrahedron of volume 1/6, the copy
  // counted as skipped with the triangle. The same nodes in another order
  // are not a group's copy: both are kept, as written (the registration of
  // such a mesh refuses the overlap: volume_mesh_field_test).
  std::string twice = kTet22;
  twice.replace(twice.find("$Elements\n2\n"), 12, "$Elements\n3\n");
  twice.replace(twice.find("$EndElements"), 0, "3 4 2 2 1 10 20 30 40\n");
  const VtkVolumeData d = ReadMshString(twice, "twice.msh");
  REQUIRE(d.mesh.num_elements() == 1);
  CHECK(d.mesh.total_volume() == Approx(1.0 / 6).epsilon(1e-15));
  CHECK(d.num_skipped_cells == 2);
  std::string permuted = kTet22;
  permuted.replace(permuted.find("$Elements\n2\n"), 12, "$Elements\n3\n");
  permuted.replace(permuted.find("$EndElements"), 0, "3 4 2 2 1 20 30 10 40\n");
  const VtkVolumeData kept = ReadMshString(permuted, "permuted.msh");
  CHECK(kept.mesh.num_elements() == 2);
  CHECK(kept.num_skipped_cells == 1);
}

TEST_CASE(".msh errors name the file and the line or offset", "[msh][errors]") {
  const std::string t = kTet22;
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string s = t;
    const size_t at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  const struct {
    std::string text;
    std::string expected;
  } cases[] = {
      {"$Mesh\n", "t.msh, line 1: not a gmsh .msh file"},
      {replace("2.2 0 8", "3.0 0 8"), "t.msh, line 2: unsupported .msh version 3.0"},
      {replace("2.2 0 8", "2.2 0 4"), "line 2: data size 4 is not supported"},
      {replace("40 0 0 1", "40 0 0 x"), "t.msh, line 13: a node coordinate: 'x' is not a number"},
      {replace("30 0 1 0", "20 0 1 0"), "t.msh, line 12: node tag 20 appears twice"},
      {replace("10 20 30 40", "10 20 30 50"), "t.msh, line 18: element 2 refers to node tag 50"},
      {replace("2 4 2 1 1 10 20 30 40", "2 5 2 1 1 10 20 30 40 10 20 30 40"),
       "t.msh, line 18: element 2 has gmsh type 5, a 3-D element other than"},
      {replace("2 4 2 1 1", "2 99 2 1 1"), "t.msh, line 18: element 2 has unknown gmsh element type 99"},
      {replace("$Nodes\n4\n", "$Nodes\n2147483000\n"), "t.msh, line 9: node count 2147483000 does not fit"},
      {replace("$EndNodes", "$EndNodez"), "expected '$EndNodes'"},
      {t.substr(0, t.find("$Elements")), "t.msh: no $Elements section"},
      {replace("$PhysicalNames", "$Comments").substr(0, 70), "section $Comments has no $EndComments"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK_THROWS_WITH(ReadMshString(c.text, "t.msh"), Contains(c.expected));
  }
  // A wholly inverted file follows the opposite convention: flipped (the
  // shared volume policy).
  CHECK(ReadMshString(replace("1 10 20 30 40", "1 10 30 20 40"), "t.msh").orientation_flipped);
  CHECK_THROWS_WITH(ReadMshString(replace("2 4 2 1 1 10 20 30 40", "2 1 2 1 1 10 20"), "t.msh"),
                    Contains("t.msh: no tetrahedra (gmsh element type 4)") &&
                        Contains("put the volume in one") && Contains("-save_all"));
  // A degenerate tetrahedron is named by element tag and line (shared policy).
  CHECK_THROWS_WITH(ReadMshString(replace("40 0 0 1", "40 1 1 0"), "t.msh"),
                    Contains("t.msh, line 18: element 2 is a degenerate tetrahedron"));
  CHECK_THROWS_WITH(ReadMshFile("/nonexistent/x.msh"), Contains("x.msh"));
}

TEST_CASE(".msh binary errors name the byte offset", "[msh][errors]") {
  // The 2.2 binary layout by hand: one node block truncated.
  std::string s = "$MeshFormat\n2.2 1 8\n";
  s.append("\x01\x00\x00\x00", 4);
  s += "\n$EndMeshFormat\n$Nodes\n";
  const std::string tag = std::string("\x0a\x00\x00\x00", 4);  // Tag 10, no coordinates.
  CHECK_THROWS_WITH(ReadMshString(s + "1\n" + tag, "b.msh"),
                    Contains("b.msh, byte offset 53: truncated data: the file ends before a node "
                             "coordinate"));
  // Four nodes cannot fit in 4 bytes: refused before anything is allocated.
  CHECK_THROWS_WITH(ReadMshString(s + "4\n" + tag, "b.msh"),
                    Contains("b.msh, line 6: node count 4 does not fit in the rest of the file"));
}

}  // namespace
}  // namespace hydrocontact
