#include "proximity/representation/make_mesh_shape.h"

#include <filesystem>

#include <catch2/catch.hpp>

#include "mesh/mesh_file.h"
#include "mesh/obj_io.h"
#include "mesh/vtk_reader.h"
#include "proximity/surface_validation.h"
#include "tests/proximity/representation/closed_surfaces.h"
#include "tests/proximity/representation/mesh_generator_checks.h"
#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Matchers::Contains;


TEST_CASE("Mesh shape, rigid: a closed OBJ as it is, or a VTK volume's boundary") {
  const TriangleSurfaceMesh sphere = MakeMeshSurfaceMesh(Mesh(test::DataPath("sphere_r0.05m.obj")));
  CHECK(sphere.Equal(ReadObjFile(test::DataPath("sphere_r0.05m.obj"))));
  test::CheckClosedOutward(sphere);
  // The VTK cube's boundary: area 6·0.1², volume 0.1³.
  const TriangleSurfaceMesh cube = MakeMeshSurfaceMesh(Mesh(test::DataPath("box_0.1m.vtk")));
  test::CheckClosedOutward(cube);
  CHECK(cube.total_area() == Approx(0.06).epsilon(1e-12));
  CHECK(cube.CalcSignedVolume() == Approx(1e-3).epsilon(1e-12));
  // Margin: the cube boundary inflates to the sharp offset; scale applies first.
  const TriangleSurfaceMesh inflated = MakeMeshSurfaceMesh(Mesh(test::DataPath("box_0.1m.vtk"), 2.0), 0.01);
  CHECK(inflated.CalcSignedVolume() == Approx(std::pow(0.22, 3)).epsilon(1e-12));
  // The icosphere's vertices move out by about δ.
  const TriangleSurfaceMesh fat = MakeMeshSurfaceMesh(Mesh(test::DataPath("sphere_r0.05m.obj")), 0.005);
  for (const auto& p : fat.vertices()) CHECK(p.norm() == Approx(0.055).epsilon(0.01));
}

TEST_CASE("Mesh shape, compliant: a VTK volume with the distance-to-boundary extent") {
  const VolumeMeshWithExtent m = MakeMeshVolumeMesh(Mesh(test::DataPath("box_0.1m.vtk")));
  test::CheckCompliantMesh(m);
  // Same values as the file's own 'extent' array (1 at the centre, 0 on
  // the boundary), computed independently by its generator.
  const VtkVolumeData data = ReadVtkVolumeFile(test::DataPath("box_0.1m.vtk"));
  for (int v = 0; v < m.mesh.num_vertices(); ++v) {
    CHECK(m.extent[v] == Approx(data.point_scalars.at("extent")[v]).margin(1e-15));
  }
  // Margin inflates the boundary; the field is 0 on the new boundary.
  const VolumeMeshWithExtent fat = MakeMeshVolumeMesh(Mesh(test::DataPath("box_0.1m.vtk")), 0.01);
  test::CheckCompliantMesh(fat);
  CHECK(fat.mesh.total_volume() == Approx(std::pow(0.12, 3)).epsilon(1e-12));
}

TEST_CASE("Mesh shape: contents the caller has read are used instead of the file") {
  // Each file is read here and handed to the builders with a Mesh whose
  // path does not exist: they give what they give for the real file, so
  // they did not read it (without the contents the missing file is
  // reported).
  const std::filesystem::path nowhere = std::filesystem::path(test::DataPath("")) / "no-such-folder";
  for (const char* name : {"sphere_r0.05m.obj", "box_0.1m.vtk"}) {
    const Mesh real(test::DataPath(name), 1.5);
    const Mesh absent(nowhere / name, 1.5);
    const MeshFileData contents = ReadMeshFile(real.file(), real.scale());
    CAPTURE(name);
    CHECK_THROWS_WITH(MakeMeshSurfaceMesh(absent), Contains("no-such-folder"));
    for (const double margin : {0.0, 0.002}) {
      CHECK(MakeMeshSurfaceMesh(absent, margin, &contents).Equal(MakeMeshSurfaceMesh(real, margin)));
      CHECK(MeshResolutionHintUsed(absent, margin, std::nullopt, &contents) ==
            MeshResolutionHintUsed(real, margin, std::nullopt));
    }
    const std::optional<double> hint = contents.volume ? std::nullopt : std::optional<double>(0.03);
    const VolumeMeshWithExtent from_contents = MakeMeshVolumeMesh(absent, 0, hint, &contents);
    const VolumeMeshWithExtent from_file = MakeMeshVolumeMesh(real, 0, hint);
    CHECK(from_contents.mesh.Equal(from_file.mesh));
    CHECK(from_contents.extent == from_file.extent);
  }
}

TEST_CASE("Mesh shape: impossible requests throw saying why and what to do") {
  // A compliant OBJ is tetrahedralized now (issue 15); an open one is
  // refused as for a rigid one.
  CHECK_THROWS_WITH(MakeMeshVolumeMesh(Mesh(test::DataPath("square_patch_0.1m.obj"))),
                    Contains("square_patch_0.1m.obj") && Contains("not closed"));
  CHECK_THROWS_WITH(MakeMeshSurfaceMesh(Mesh(test::DataPath("square_patch_0.1m.obj"))),
                    Contains("not closed") && Contains("close the mesh"));
  CHECK_THROWS_WITH(MakeMeshSurfaceMesh(Mesh(test::DataPath("README.md"))), Contains("unsupported file type"));
  CHECK_THROWS_WITH(MakeMeshVolumeMesh(Mesh(test::DataPath("nothing_here.vtk"))), Contains("nothing_here.vtk"));
  CHECK_THROWS_WITH(MakeMeshVolumeMesh(Mesh(test::DataPath("box_0.1m.vtk")), -1), Contains("margin"));
  // Inward normals: the icosphere with every triangle reversed.
  const TriangleSurfaceMesh sphere = ReadObjFile(test::DataPath("sphere_r0.05m.obj"));
  std::vector<TriangleSurfaceMesh::Element> reversed = sphere.triangles();
  for (auto& t : reversed) std::swap(t[1], t[2]);
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_inward_sphere.obj";
  WriteObjFile(file, TriangleSurfaceMesh(reversed, sphere.vertices()));
  CHECK_THROWS_WITH(MakeMeshSurfaceMesh(Mesh(file)), Contains("inward") && Contains("reverse"));
  std::filesystem::remove(file);
  // The sphere of radius 0.05 scaled by 1e-10: 1e-11 m across, so its
  // default hint would be 2e-12 m, below the smallest supported length;
  // the refusal says so (it named a "resolution hint" nobody gave).
  const Mesh tiny(test::DataPath("sphere_r0.05m.obj"), 1e-10);
  CHECK_THROWS_WITH(MakeMeshVolumeMesh(tiny),
                    Contains("sphere_r0.05m.obj") && Contains("smallest extent is 1e-11 m") &&
                        Contains("default resolution hint, a fifth of that, is 2e-12 m"));
  CHECK_THROWS_WITH(MeshResolutionHintUsed(tiny, 0, std::nullopt),
                    Contains("sphere_r0.05m.obj") && Contains("smallest extent is 1e-11 m"));
  // Given a hint, the hint is what is judged.
  CHECK_THROWS_WITH(MakeMeshVolumeMesh(tiny, 0, 1e-12), Contains("resolution"));
}

TEST_CASE("Mesh shape: a margin that grows the walls of a slit into each other is refused alike") {
  // A square ring of 0.1 m voxels, 5 × 5 around and 3 high, with the voxel
  // (2, 0) left out: a slit 0.1 wide between the walls x = 0.2 and x = 0.3
  // (every other gap is the 0.3 wide hole). The walls are flat, so a margin
  // δ moves each exactly δ into the slit: they cross for δ > 0.05. At
  // δ = 0.07 the refusal tries 0.035, which leaves 0.1 − 0.07 = 0.03 open
  // (and the hole 0.3 − 0.07). The rigid path accepted 0.07 silently with
  // its walls crossed; the compliant one refused it without naming the
  // margin. Both refuse it now, the same way.
  const TriangleSurfaceMesh ring = test::MakeVoxelSurface(5, 0.1, [](int i, int j, int k) {
    const bool border = i == 0 || j == 0 || i == 4 || j == 4;
    return k < 3 && border && !(i == 2 && j == 0);
  });
  REQUIRE(!DescribeSurfaceDefects(ring));
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_slit_ring.obj";
  WriteObjFile(file, ring);
  for (const bool rigid : {true, false}) {
    CAPTURE(rigid);
    CHECK_THROWS_WITH(rigid ? (void)MakeMeshSurfaceMesh(Mesh(file), 0.07)
                            : (void)MakeMeshVolumeMesh(Mesh(file), 0.07, 0.05),
                      Contains("hydrocontact_slit_ring.obj") && Contains("margin 0.07 m") &&
                          Contains("crosses itself") && Contains("at most 0.035 m"));
  }
  // The margin it names bounds a solid, larger than the ring's 45 voxels of
  // 0.1³ (5·5 − 3·3 − 1 = 15 a layer, three layers).
  const TriangleSurfaceMesh grown = MakeMeshSurfaceMesh(Mesh(file), 0.035);
  CHECK(!DescribeSurfaceDefects(grown));
  CHECK(grown.CalcSignedVolume() > ring.CalcSignedVolume());
  CHECK(ring.CalcSignedVolume() == Approx(45e-3).epsilon(1e-12));
}

}  // namespace
}  // namespace hydrocontact
