#include "proximity/surface_validation.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "mesh/obj_io.h"
#include "mesh/volume_mesh.h"
#include "mesh/vtk_reader.h"
#include "proximity/mesh_distance.h"
#include "proximity/representation/make_mesh_shape.h"
#include "tests/proximity/representation/closed_surfaces.h"

namespace hydrocontact {
namespace {

using Catch::Contains;
using Eigen::Vector3d;

// The refusal of every path that needs an inside: signed-distance data, a
// rigid Mesh and a compliant Mesh (from the same surface written to OBJ).
void CheckRefusedEverywhere(const TriangleSurfaceMesh& surface, const std::string& needle) {
  INFO("expecting '" << needle << "'");
  CHECK_THROWS_WITH(MakeMeshDistanceData(surface), Contains("MakeMeshDistanceData") && Contains(needle));
  const auto file = std::filesystem::temp_directory_path() / "hydrocontact_validation.obj";
  WriteObjFile(file, surface);
  CHECK_THROWS_WITH(MakeMeshSurfaceMesh(Mesh(file)),
                    Contains("hydrocontact_validation.obj") && Contains(needle));
  CHECK_THROWS_WITH(MakeMeshVolumeMesh(Mesh(file), 0, 0.1),
                    Contains("hydrocontact_validation.obj") && Contains(needle));
  std::filesystem::remove(file);
}

TEST_CASE("Valid closed surfaces have no defects") {
  for (const TriangleSurfaceMesh& s :
       {test::MakeClosedBox(1, 2, 3), test::MakeIcosphere(1, 3), test::MakeTorusSurface(1, 0.3, 32, 16),
        test::MakeVoxelSurface(3, 1.0, [](int i, int j, int) { return i < 1 || j < 1; })}) {
    const SurfaceDefects d = FindSurfaceDefects(s);
    CHECK(d.ok());
    CHECK(d.crossing_triangles.empty());
    CHECK(d.signed_volume == Approx(s.CalcSignedVolume()));
    CHECK_NOTHROW(ValidateClosedSurface(s, "test"));
  }
}

TEST_CASE("Open, misoriented and non-manifold edges are named") {
  const TriangleSurfaceMesh box = test::MakeClosedBox(1, 1, 1);
  // Removing one triangle leaves each of its three edges used once.
  auto open = box.triangles();
  const auto removed = open.back();
  open.pop_back();
  const SurfaceDefects d_open = FindSurfaceDefects(TriangleSurfaceMesh(open, box.vertices()));
  REQUIRE(d_open.open_edges.size() == 3);
  for (const auto& e : d_open.open_edges) {
    int hits = 0;
    for (int v : removed) hits += (v == e[0]) + (v == e[1]);
    CHECK(hits == 2);
  }
  CHECK(d_open.misoriented_edges.empty());
  CHECK(d_open.non_manifold_edges.empty());
  CheckRefusedEverywhere(TriangleSurfaceMesh(open, box.vertices()), "3 open edge(s)");
  CheckRefusedEverywhere(TriangleSurfaceMesh(open, box.vertices()), "not closed");

  // Flipping one triangle: its three edges are each traversed twice in one
  // direction (by it and by its neighbour).
  auto flipped = box.triangles();
  std::swap(flipped[0][1], flipped[0][2]);
  const SurfaceDefects d_flip = FindSurfaceDefects(TriangleSurfaceMesh(flipped, box.vertices()));
  CHECK(d_flip.misoriented_edges.size() == 3);
  CheckRefusedEverywhere(TriangleSurfaceMesh(flipped, box.vertices()), "same direction");

  // Two unit voxels touching along one edge: that edge is used by four
  // triangles (one per voxel face meeting it), every other edge by two.
  const TriangleSurfaceMesh bowtie = test::MakeVoxelSurface(
      2, 1.0, [](int i, int j, int k) { return k == 0 && i == j; });
  const SurfaceDefects d_bowtie = FindSurfaceDefects(bowtie);
  REQUIRE(d_bowtie.non_manifold_edges.size() == 1);
  const auto& e = d_bowtie.non_manifold_edges[0];
  CHECK(bowtie.vertex(e[0]).head<2>() == Eigen::Vector2d(1, 1));
  CHECK(bowtie.vertex(e[1]).head<2>() == Eigen::Vector2d(1, 1));
  CheckRefusedEverywhere(bowtie, "1 non-manifold edge(s)");
}

// Issue 10, defect 8: two overlapping tetrahedra were accepted, their
// "enclosed volume" the sum of both (1/3 instead of the union's volume).
TEST_CASE("Self-intersecting surfaces are refused, naming where they cross") {
  const std::vector<Vector3d> corner = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const std::vector<std::array<int, 3>> faces = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  std::vector<Vector3d> v = corner;
  for (const Vector3d& p : corner) v.push_back(p + Vector3d(0.25, 0.25, 0.25));
  std::vector<std::array<int, 3>> f = faces;
  for (auto t : faces) f.push_back({t[0] + 4, t[1] + 4, t[2] + 4});
  const TriangleSurfaceMesh two(f, v);
  // Each tetrahedron alone is closed and outward (volume 1/6), so only the
  // crossing test can tell.
  CHECK(two.IsClosed());
  CHECK(two.CalcSignedVolume() == Approx(1.0 / 3));
  const SurfaceDefects d = FindSurfaceDefects(two);
  REQUIRE(!d.crossing_triangles.empty());
  CHECK(d.open_edges.empty());
  for (size_t i = 0; i < d.crossing_triangles.size(); ++i) {
    // Every pair is one face of each tetrahedron, and the reported point
    // lies on both triangles.
    const auto [a, b] = d.crossing_triangles[i];
    CHECK(a < 4);
    CHECK(b >= 4);
    for (int face : {a, b}) {
      const auto& t = two.element(face);
      const auto c = CalcClosestPointOnTriangle(d.crossing_points[i], two.vertex(t[0]),
                                                two.vertex(t[1]), two.vertex(t[2]));
      CHECK(c.squared_distance < 1e-24);
    }
  }
  CheckRefusedEverywhere(two, "crosses itself");
  // Two tetrahedra that only touch at a point (mirror images through the
  // origin, separate vertices) do not cross.
  std::vector<Vector3d> w = corner;
  for (const Vector3d& p : corner) w.push_back(-p);
  std::vector<std::array<int, 3>> g = faces;
  for (auto t : faces) g.push_back({t[0] + 4, t[2] + 4, t[1] + 4});  // mirrored: re-wind
  const SurfaceDefects touching = FindSurfaceDefects(TriangleSurfaceMesh(g, w));
  CHECK(touching.ok());
  // Inward normals are named with the volume.
  auto inward = faces;
  for (auto& t : inward) std::swap(t[1], t[2]);
  CHECK_THROWS_WITH(ValidateClosedSurface(TriangleSurfaceMesh(inward, corner), "X"),
                    Contains("X: ") && Contains("inward") && Contains("-0.166667"));
  CHECK_THROWS_WITH(ValidateClosedSurface(TriangleSurfaceMesh(), "X"), Contains("no triangles"));
}

// Issue 10, defect 8: a VTK volume whose boundary is not manifold (two
// tetrahedra sharing only an edge) was accepted as rigid geometry although
// the distance data refused it. Both refuse it now, with the same reason.
TEST_CASE("A VTK volume with a non-manifold boundary is refused as rigid geometry") {
  const auto file = std::filesystem::temp_directory_path() / "hydrocontact_bowtie.vtk";
  {
    std::ofstream out(file);
    out << "# vtk DataFile Version 3.0\nbowtie\nASCII\nDATASET UNSTRUCTURED_GRID\n"
        << "POINTS 6 double\n0 0 0\n0 0 1\n1 0 0\n0 1 0\n-1 0 0\n0 -1 0\n"
        << "CELLS 2 10\n4 0 2 3 1\n4 0 4 5 1\nCELL_TYPES 2\n10\n10\n";
  }
  // Each tetrahedron (0, 1, x, y) shares edge 0–1 with the other; on the
  // boundary that edge is used by four triangles.
  CHECK_THROWS_WITH(MakeMeshSurfaceMesh(Mesh(file)),
                    Contains("hydrocontact_bowtie.vtk") && Contains("1 non-manifold edge(s)") &&
                        Contains("(0, 0, 0)") && Contains("(0, 0, 1)"));
  CHECK_THROWS_WITH(MakeMeshDistanceData(ExtractBoundary(ReadVtkVolumeFile(file).mesh).surface),
                    Contains("1 non-manifold edge(s)") && Contains("(0, 0, 0)") &&
                        Contains("(0, 0, 1)"));
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace hydrocontact
