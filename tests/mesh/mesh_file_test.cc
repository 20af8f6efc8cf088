#include "mesh/mesh_file.h"

#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "mesh/obj_io.h"
#include "mesh/ply_io.h"
#include "mesh/stl_io.h"
#include "mesh/vtk_writer.h"
#include "tests/mesh/test_files.h"
#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;
using test::ScratchDirectory;

TEST_CASE("ReadMeshFile dispatches by extension, every surface format gives one mesh",
          "[mesh_file]") {
  ScratchDirectory dir;
  const TriangleSurfaceMesh ico = test::MakeIcosphere(1, 0.5);
  const double volume = *ico.EnclosedVolume();
  const auto files = {
      dir.Write("a.OBJ", WriteObjString(ico)),
      dir.Write("a.stl", WriteStlString(ico, false)),
      dir.Write("a.ply", WritePlyString(ico, PlyEncoding::kBinaryBigEndian)),
      dir.Write("a.vtk", WriteVtkSurfaceString(ico, {}, {}, VtkEncoding::kBinary)),
  };
  for (const auto& file : files) {
    INFO(file.string());
    CHECK_FALSE(MeshFileHoldsVolume(file));
    const MeshFileData data = ReadMeshFile(file, 2.0);
    REQUIRE(data.surface);
    CHECK_FALSE(data.volume);
    // Scale 2: volume × 8.
    CHECK(*data.surface->mesh.EnclosedVolume() == Approx(8 * volume).epsilon(1e-13));
    CHECK(ReadMeshFileSurface(file).num_triangles() == ico.num_triangles());
  }
  // A VTK volume: its boundary is the surface.
  const VolumeMesh cube = test::MakeKuhnCube(2);
  const auto vtk = dir.Write("cube.vtk", WriteVtkVolumeString(cube));
  CHECK(MeshFileHoldsVolume(vtk));
  const MeshFileData data = ReadMeshFile(vtk);
  REQUIRE(data.volume);
  CHECK(ReadMeshFileSurface(vtk).total_area() == Approx(6).epsilon(1e-14));
  CHECK(MeshFileHoldsVolume("x.msh"));
}

TEST_CASE("MeshFileSurface gives ReadMeshFileSurface's surface, copied from read contents or moved out, "
          "and reads the file only without contents",
          "[mesh_file]") {
  ScratchDirectory dir;
  const auto surface_file = dir.Write("a.obj", WriteObjString(test::MakeIcosphere(1, 0.5)));
  const auto volume_file = dir.Write("cube.vtk", WriteVtkVolumeString(test::MakeKuhnCube(2)));
  for (const auto& file : {surface_file, volume_file}) {
    INFO(file.string());
    const TriangleSurfaceMesh read = ReadMeshFileSurface(file, 1.5);
    REQUIRE(read.num_triangles() > 0);
    MeshFileData data = ReadMeshFile(file, 1.5);
    // From contents a caller keeps: the same triangles, the contents intact.
    CHECK(MeshFileSurface(data).Equal(read));
    if (data.surface) CHECK(data.surface->mesh.Equal(read));
    // By file name: read now without contents; with them, those, even
    // under a name no file has (so the file cannot have been opened).
    CHECK(MeshFileSurface(file, 1.5, nullptr).Equal(read));
    CHECK(MeshFileSurface(dir.path() / "absent.obj", 1.5, &data).Equal(read));
    if (data.surface) CHECK(data.surface->mesh.Equal(read));
    // From contents handed over: the same triangles; a surface file's own
    // surface is moved out, not copied (it is left empty), and a volume
    // is left as it was (its boundary is extracted).
    const bool holds_surface = data.surface.has_value();
    CHECK(MeshFileSurface(std::move(data)).Equal(read));
    if (holds_surface) {
      CHECK(data.surface->mesh.num_triangles() == 0);  // NOLINT(bugprone-use-after-move)
    } else {
      CHECK(data.volume->mesh.num_elements() > 0);  // NOLINT(bugprone-use-after-move)
    }
  }
  // Without contents a missing file is an error naming it.
  CHECK_THROWS_WITH(MeshFileSurface(dir.path() / "absent.obj", 1.0, nullptr),
                    Contains("absent.obj"));
}

TEST_CASE("Every text format reads the same after a UTF-8 byte order mark", "[mesh_file]") {
  // Editors on Windows start text files with EF BB BF; the readers skip it,
  // so each file reads to the same vertices and elements with it as without.
  ScratchDirectory dir;
  const std::string bom = "\xEF\xBB\xBF";
  const TriangleSurfaceMesh ico = test::MakeIcosphere(1, 0.5);
  for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"a.obj", WriteObjString(ico)},
           {"a.stl", WriteStlString(ico, false)},
           {"a.ply", WritePlyString(ico, PlyEncoding::kAscii)},
           {"a.vtk", WriteVtkSurfaceString(ico, {}, {}, VtkEncoding::kAscii)}}) {
    INFO(name);
    const TriangleSurfaceMesh plain = ReadMeshFileSurface(dir.Write(name, text));
    const TriangleSurfaceMesh marked = ReadMeshFileSurface(dir.Write("bom_" + name, bom + text));
    REQUIRE(marked.num_triangles() == ico.num_triangles());
    CHECK(marked.vertices() == plain.vertices());
    for (int t = 0; t < ico.num_triangles(); ++t) CHECK(marked.element(t) == plain.element(t));
  }
  // Volumes: a legacy VTK file and a gmsh 2.2 file of one tetrahedron.
  const std::string msh = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n4\n1 0 0 0\n2 1 0 0\n"
                          "3 0 1 0\n4 0 0 1\n$EndNodes\n$Elements\n1\n1 4 0 1 2 3 4\n$EndElements\n";
  for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"cube.vtk", WriteVtkVolumeString(test::MakeKuhnCube(2), {}, VtkEncoding::kAscii)},
           {"tet.msh", msh}}) {
    INFO(name);
    const MeshFileData plain = ReadMeshFile(dir.Write(name, text));
    const MeshFileData marked = ReadMeshFile(dir.Write("bom_" + name, bom + text));
    REQUIRE(plain.volume);
    REQUIRE(marked.volume);
    CHECK(marked.volume->mesh.vertices() == plain.volume->mesh.vertices());
    CHECK(marked.volume->mesh.tetrahedra() == plain.volume->mesh.tetrahedra());
  }
}

TEST_CASE("LowercaseExtension: the last extension, lower-cased, none for a dotfile", "[mesh_file]") {
  CHECK(LowercaseExtension("dir/Part.STL") == ".stl");
  CHECK(LowercaseExtension("a.b.VtU") == ".vtu");
  CHECK(LowercaseExtension("dir.vtk/file") == "");
  CHECK(LowercaseExtension(".vtk") == "");
  CHECK(LowercaseExtension("noextension") == "");
}

TEST_CASE("ReadMeshFile refuses unknown extensions naming the supported ones", "[mesh_file]") {
  CHECK_FALSE(IsSupportedMeshFile("a.step"));
  CHECK(IsSupportedMeshFile("a.PLY"));
  CHECK_THROWS_WITH(ReadMeshFile("a.step"),
                    Contains("'a.step': unsupported mesh file extension '.step'") &&
                        Contains(".obj, .stl, .ply, .vtk, .vtu, .msh"));
  CHECK_THROWS_AS(MeshFileHoldsVolume("a"), std::invalid_argument);
}

}  // namespace
}  // namespace hydrocontact
