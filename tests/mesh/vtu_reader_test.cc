#include "mesh/vtu_reader.h"

#include <cstdlib>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "mesh/mesh_file.h"
#include "mesh/vtk_reader.h"
#include "mesh/vtk_writer.h"
#include "tests/mesh/test_files.h"
#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;
using test::ScratchDirectory;

// VTK itself (python3-vtk9, the format's owner) reads a legacy file we
// wrote, adds a triangle cell (a boundary face, to be skipped), and writes
// .vtu files in every uncompressed layout we read, plus one compressed, and
// an ascii one that names the zlib compressor (as VTK's default writer does
// for ascii data, which it never compresses).
// Arguments: the legacy file, the output directory.
constexpr const char* kVtkScript = R"(import sys, vtk
r = vtk.vtkUnstructuredGridReader(); r.SetFileName(sys.argv[1]); r.Update()
g = r.GetOutput()
g.InsertNextCell(vtk.VTK_TRIANGLE, 3, [0, 1, 2])
def write(name, mode, header64=False, big=False, b64=True, float32=False, id32=False, compress=False):
    data = g
    if float32:
        data = vtk.vtkUnstructuredGrid(); data.DeepCopy(g)
        p = vtk.vtkPoints(); p.SetDataTypeToFloat(); p.DeepCopy(g.GetPoints())
        p32 = vtk.vtkPoints(); p32.SetDataTypeToFloat()
        for i in range(g.GetNumberOfPoints()): p32.InsertNextPoint(g.GetPoint(i))
        data.SetPoints(p32)
    w = vtk.vtkXMLUnstructuredGridWriter(); w.SetInputData(data); w.SetFileName(sys.argv[2] + '/' + name)
    w.SetDataMode(mode)
    if header64: w.SetHeaderTypeToUInt64()
    if big: w.SetByteOrderToBigEndian()
    if id32: w.SetIdTypeToInt32()
    if mode == 2: w.SetEncodeAppendedData(b64)
    if not compress: w.SetCompressorTypeToNone()
    assert w.Write() == 1
write('ascii.vtu', 0)
write('binary.vtu', 1)
write('binary64_big.vtu', 1, header64=True, big=True, id32=True)
write('appended_raw.vtu', 2, b64=False)
write('appended_raw_big64.vtu', 2, b64=False, header64=True, big=True)
write('appended_base64.vtu', 2, b64=True, id32=True)
write('appended_base64_64.vtu', 2, b64=True, header64=True)
write('float32.vtu', 2, b64=False, float32=True)
write('compressed.vtu', 1, compress=True)
write('ascii_zlib.vtu', 0, compress=True)
)";

TEST_CASE(".vtu written by VTK in every layout reads as the legacy file does", "[vtu][vtk]") {
  ScratchDirectory dir;
  // A cube of 2·2·2·6 = 48 tetrahedra with a point array p = x + 2y + 3z
  // (exact in binary at these vertices).
  const VolumeMesh cube = test::MakeKuhnCube(2, 0.5);
  std::vector<double> p;
  for (int v = 0; v < cube.num_vertices(); ++v) {
    const Eigen::Vector3d& x = cube.vertex(v);
    p.push_back(x.x() + 2 * x.y() + 3 * x.z());
  }
  const auto legacy = dir.path() / "cube.vtk";
  WriteVtkVolume(legacy, cube, {{"p", &p}}, VtkEncoding::kBinary);
  const auto script = dir.Write("write_vtu.py", kVtkScript);
  // Debian's python3-vtk9 belongs to the system interpreter.
  const std::string command = fmt::format("/usr/bin/python3 '{}' '{}' '{}' > /dev/null 2>&1",
                                          script.string(), legacy.string(), dir.path().string());
  REQUIRE(std::system(command.c_str()) == 0);

  const VtkVolumeData reference = ReadVtkVolumeFile(legacy);
  REQUIRE(reference.mesh.num_elements() == 48);
  for (const char* name : {"ascii.vtu", "ascii_zlib.vtu", "binary.vtu", "binary64_big.vtu", "appended_raw.vtu",
                           "appended_raw_big64.vtu", "appended_base64.vtu",
                           "appended_base64_64.vtu", "float32.vtu"}) {
    INFO(name);
    const auto file = dir.path() / name;
    REQUIRE(MeshFileHoldsVolume(file));
    const MeshFileData read = ReadMeshFile(file);
    REQUIRE(read.volume);
    const VtkVolumeData& d = *read.volume;
    // The same tetrahedra over the same vertices; the vertices are
    // multiples of 1/4, exact in Float32 too.
    REQUIRE(d.mesh.num_elements() == reference.mesh.num_elements());
    REQUIRE(d.mesh.num_vertices() == reference.mesh.num_vertices());
    for (int e = 0; e < d.mesh.num_elements(); ++e) CHECK(d.mesh.element(e) == reference.mesh.element(e));
    for (int v = 0; v < d.mesh.num_vertices(); ++v) CHECK(d.mesh.vertex(v) == reference.mesh.vertex(v));
    CHECK(d.mesh.total_volume() == Approx(0.125).epsilon(1e-14));
    // The triangle VTK added is skipped, as a legacy file's would be.
    CHECK(d.num_skipped_cells == 1);
    REQUIRE(d.point_scalars.count("p") == 1);
    CHECK(d.point_scalars.at("p") == reference.point_scalars.at("p"));
  }
  // The ascii file above really names a compressor (else it would test
  // nothing new).
  {
    std::ifstream in(dir.path() / "ascii_zlib.vtu");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK_THAT(text, Contains("compressor=\"vtkZLibDataCompressor\""));
  }
  // Scale applies to positions only: volume × 8.
  CHECK(ReadVtuFile(dir.path() / "binary.vtu", 2.0).mesh.total_volume() == Approx(1.0).epsilon(1e-14));

  // A compressed file is refused, naming the file and the fix.
  const auto compressed = (dir.path() / "compressed.vtu").string();
  CHECK_THROWS_WITH(ReadVtuFile(compressed),
                    Contains(compressed) && Contains("compressed") && Contains("re-save without compression"));
}

// One positively oriented tetrahedron (volume 1/6) and a vertex cell, in
// ASCII, as the format's documentation lays it out.
std::string OneTet(const std::string& points = "0 0 0  1 0 0  0 1 0  0 0 1",
                   const std::string& connectivity = "0 1 2 3 0", const std::string& offsets = "4 5",
                   const std::string& types = "10 1", const std::string& num_points = "4",
                   const std::string& header = R"(byte_order="LittleEndian")") {
  return fmt::format(R"(<?xml version="1.0"?>
<!-- written by hand -->
<VTKFile type="UnstructuredGrid" version="1.0" {}>
  <UnstructuredGrid>
    <Piece NumberOfPoints="{}" NumberOfCells="2">
      <PointData>
        <DataArray type="Float32" Name="q" format="ascii">1 2 3 4</DataArray>
        <DataArray type="Float32" Name="v" NumberOfComponents="3" format="ascii">0 0 0</DataArray>
      </PointData>
      <Points>
        <DataArray type="Float64" NumberOfComponents="3" format="ascii">{}</DataArray>
      </Points>
      <Cells>
        <DataArray type="Int32" Name="connectivity" format="ascii">{}</DataArray>
        <DataArray type="Int32" Name="offsets" format="ascii">{}</DataArray>
        <DataArray type="UInt8" Name="types" format="ascii">{}</DataArray>
      </Cells>
    </Piece>
  </UnstructuredGrid>
</VTKFile>
)",
                     header, num_points, points, connectivity, offsets, types);
}

TEST_CASE(".vtu by hand: one tetrahedron, a skipped vertex cell, point data, scale", "[vtu]") {
  const VtkVolumeData d = ReadVtuString(OneTet(), "t.vtu", 2.0);
  REQUIRE(d.mesh.num_elements() == 1);
  CHECK(d.mesh.total_volume() == Approx(8.0 / 6).epsilon(1e-15));  // 2³/6.
  CHECK(d.num_skipped_cells == 1);
  CHECK(d.mesh.vertex(3) == Eigen::Vector3d(0, 0, 2));
  // The one-component array is kept (unscaled); the 3-component one is not.
  CHECK(d.point_scalars.at("q") == std::vector<double>{1, 2, 3, 4});
  CHECK(d.point_scalars.count("v") == 0);
  // All tetrahedra inverted: the file's convention, flipped.
  const VtkVolumeData flipped = ReadVtuString(OneTet("0 0 0  0 1 0  1 0 0  0 0 1"), "t.vtu");
  CHECK(flipped.orientation_flipped);
  CHECK(flipped.mesh.total_volume() == Approx(1.0 / 6).epsilon(1e-15));
}

// A .vtu whose one array block is given as appended raw bytes: `block` is
// what follows '_'.
std::string AppendedRaw(const std::string& block, const std::string& offset_conn = "0") {
  return fmt::format(R"(<VTKFile type="UnstructuredGrid" byte_order="LittleEndian" header_type="UInt32">
<UnstructuredGrid><Piece NumberOfPoints="4" NumberOfCells="1">
<Points><DataArray type="Float64" NumberOfComponents="3" format="ascii">0 0 0 1 0 0 0 1 0 0 0 1</DataArray></Points>
<Cells>
<DataArray type="Int32" Name="connectivity" format="appended" offset="{}"/>
<DataArray type="Int32" Name="offsets" format="ascii">4</DataArray>
<DataArray type="UInt8" Name="types" format="ascii">10</DataArray>
</Cells></Piece></UnstructuredGrid>
<AppendedData encoding="raw">
_{}
</AppendedData></VTKFile>
)",
                     offset_conn, block);
}

std::string Le32(uint32_t v) {
  std::string s(4, '\0');
  for (int i = 0; i < 4; ++i) s[size_t(i)] = char((v >> (8 * i)) & 0xff);
  return s;
}

TEST_CASE(".vtu appended raw by hand, and its size checks", "[vtu][errors]") {
  const std::string conn = Le32(0) + Le32(1) + Le32(2) + Le32(3);
  CHECK(ReadVtuString(AppendedRaw(Le32(16) + conn), "a.vtu").mesh.num_elements() == 1);
  // A header announcing 4 GB in a tiny file: refused before any allocation.
  CHECK_THROWS_WITH(ReadVtuString(AppendedRaw(Le32(0xfffffff0u) + conn), "a.vtu"),
                    Contains("a.vtu, line 5") && Contains("'connectivity'") &&
                        Contains("more than the rest of the file holds"));
  // A header that disagrees with the count: 12 bytes are 3 Int32, not 4.
  CHECK_THROWS_WITH(ReadVtuString(AppendedRaw(Le32(12) + conn), "a.vtu"),
                    Contains("holds 12 bytes, not the 16 of 4 Int32 values"));
  // An offset past the end.
  CHECK_THROWS_WITH(ReadVtuString(AppendedRaw(Le32(16) + conn, "100000"), "a.vtu"),
                    Contains("offset 100000 lies beyond the end of the file"));
  // Truncated just after the '_'.
  std::string cut = AppendedRaw(Le32(16) + conn);
  cut.resize(cut.find("\n_") + 4);
  CHECK_THROWS_WITH(ReadVtuString(cut, "a.vtu"), Contains("beyond the end of the file"));
}

TEST_CASE(".vtu errors name the file, the line and what is wrong", "[vtu][errors]") {
  auto fails = [](const std::string& text, const std::string& what) {
    INFO(text);
    CHECK_THROWS_WITH(ReadVtuString(text, "e.vtu"), Contains("e.vtu") && Contains(what));
  };
  fails("", "no <VTKFile> element");
  fails("<VTKFile type=\"PolyData\"></VTKFile>", "VTKFile type 'PolyData' is not UnstructuredGrid");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3 0", "4 5", "10 1", "4", R"(byte_order="Middle")"),
        "byte_order 'Middle'");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3 0", "4 5", "10 1", "4", R"(header_type="UInt16")"),
        "header_type 'UInt16'");
  fails(OneTet("0 0 0  1 0 0  0 1 0"), "line 11: DataArray '': holds 9 values instead of 12");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 x"), "value 11 'x' is not a number");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 9 0"), "cell 0 refers to point 9, out of range [0, 4)");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3 0", "4 5", "12 1"),
        "cell 0 is a hexahedron (VTK cell type 12); only tetrahedra");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3 0", "4 5", "99 1"), "unknown VTK cell type 99");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3 0", "4 5", "5 1"),
        "cell 0 is a triangle (VTK cell type 5) but lists 4 vertices instead of 3");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3", "5 4"), "offset 5 of cell 0 is not in [0, 4]");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 0", "2 3", "3 1"),
        "no tetrahedra (VTK cell type 10) among its 2 cells");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3 0", "4 5", "10 1", "-1"), "NumberOfPoints='-1'");
  fails(OneTet("0 0 0  1 0 0  0 1 0  1 1 0"), "degenerate tetrahedron");
  fails(OneTet("0 0 0  1 0 0  0 1 0  0 0 inf"), "value 11 is not finite");
  std::string t = OneTet();
  fails(t.substr(0, t.find("</Points>")) + "</Cells>", "end tag </Cells> does not match the open element <Points>");
  fails(t.substr(0, t.find("<Points>") + 20), "not closed");
  std::string no_points = t;
  no_points.replace(no_points.find("<Points>"), no_points.find("</Points>") + 9 - no_points.find("<Points>"), "");
  fails(no_points, "the <Piece> has no <Points> DataArray");
  std::string float_ids = t;
  float_ids.replace(float_ids.find("type=\"Int32\" Name=\"connectivity\""), 12, "type=\"Float32\"");
  fails(float_ids, "type Float32 is not an integer type");
  std::string strings = t;
  strings.replace(strings.find("type=\"Int32\" Name=\"offsets\""), 12, "type=\"String\"");
  fails(strings, "type 'String' is not a numeric type");
  std::string binary = t;
  binary.replace(binary.find("format=\"ascii\">0 1 2 3 0"), 24, "format=\"binary\">AAA*");
  fails(binary, "its base64 block header is missing or invalid");
  std::string appended = t;
  appended.replace(appended.find("format=\"ascii\">0 1 2 3 0"), 24, "format=\"appended\" offset=\"0\">");
  fails(appended, "its format is appended but the file has no <AppendedData>");
  // A compressor names how binary and appended blocks are packed: with one,
  // a binary array is refused, while ascii arrays (never compressed; VTK
  // writes the attribute in ascii files too) read as without it.
  const std::string zlib = R"(byte_order="LittleEndian" compressor="vtkZLibDataCompressor")";
  std::string compressed_binary = OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3 0", "4 5", "10 1", "4", zlib);
  compressed_binary.replace(compressed_binary.find("format=\"ascii\">0 1 2 3 0"), 24,
                            "format=\"binary\">AAAA");
  fails(compressed_binary, "DataArray 'connectivity': its data is compressed (vtkZLibDataCompressor)");
  fails(compressed_binary, "re-save without compression");
  const VtkVolumeData ascii_zlib =
      ReadVtuString(OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3 0", "4 5", "10 1", "4", zlib), "z.vtu");
  CHECK(ascii_zlib.mesh.num_elements() == 1);
  CHECK(ascii_zlib.mesh.total_volume() == Approx(1.0 / 6).epsilon(1e-15));
  CHECK_THROWS_AS(ReadVtuString(OneTet(), "e.vtu", 0.0), std::invalid_argument);
  CHECK_THROWS_WITH(ReadVtuFile("/nonexistent/x.vtu"), Contains("/nonexistent/x.vtu"));
}

// `text` with the first `from` replaced by `to` (which must be there).
std::string Replaced(const std::string& text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return fmt::format("{}{}{}", text.substr(0, at), to, text.substr(at + from.size()));
}

TEST_CASE(".vtu inline binary: header and data encoded as one stream or as two", "[vtu]") {
  // base64 of the little-endian UInt32 16 then four Int32 0 1 2 3:
  // "EAAAAA==" (header alone) + "AAAAAAEAAAACAAAAAwAAAA==" (data alone), and
  // the same 20 bytes as one stream "EAAAAAAAAAABAAAAAgAAAAMAAAA=" (as
  // Python's base64 module encodes them).
  for (const std::string block : {"EAAAAA==AAAAAAEAAAACAAAAAwAAAA==", "EAAAAAAAAAABAAAAAgAAAAMAAAA="}) {
    INFO(block);
    std::string t = OneTet("0 0 0  1 0 0  0 1 0  0 0 1", "0 1 2 3", "4", "10");
    t = Replaced(t, "format=\"ascii\">0 1 2 3", "format=\"binary\">" + block);
    t = Replaced(t, "NumberOfCells=\"2\"", "NumberOfCells=\"1\"");
    const VtkVolumeData d = ReadVtuString(t, "b.vtu");
    CHECK(d.mesh.total_volume() == Approx(1.0 / 6).epsilon(1e-15));
  }
}

}  // namespace
}  // namespace hydrocontact
