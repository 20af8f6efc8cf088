#include "proximity/surface_validation.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>

#include <catch2/catch.hpp>

#include "mesh/obj_io.h"
#include "mesh/volume_mesh.h"
#include "mesh/vtk_reader.h"
#include "proximity/mesh_distance.h"
#include "proximity/representation/make_mesh_shape.h"
#include "tests/proximity/representation/closed_surfaces.h"
#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;
using Eigen::Vector3d;

// The refusal of every path that needs an inside: signed-distance data, a
// rigid Mesh and a compliant Mesh (from the same surface written to OBJ).
void CheckRefusedEverywhere(const TriangleSurfaceMesh& surface, const std::string& needle) {
  INFO("expecting '" << needle << "'");
  CHECK_THROWS_WITH(MakeMeshDistanceData(surface), Contains("MakeMeshDistanceData") && Contains(needle));
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_validation.obj";
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

// Rotates and moves a mesh by a generic rigid motion, so coplanar triangles
// are no longer axis-aligned and their vertices carry round-off.
Vector3d Moved(const Vector3d& p) {
  const Eigen::Matrix3d R =
      Eigen::AngleAxisd(0.7, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  return R * p + Vector3d(3.1, -2.7, 11.3);
}
TriangleSurfaceMesh Moved(const TriangleSurfaceMesh& mesh) {
  std::vector<Vector3d> v;
  for (const Vector3d& p : mesh.vertices()) v.push_back(Moved(p));
  return TriangleSurfaceMesh(mesh.triangles(), v);
}

// Both meshes in one, b's vertices after a's, b moved by `offset`.
TriangleSurfaceMesh Union(const TriangleSurfaceMesh& a, const TriangleSurfaceMesh& b,
                          const Vector3d& offset) {
  std::vector<Vector3d> v = a.vertices();
  std::vector<std::array<int, 3>> t = a.triangles();
  const int n = a.num_vertices();
  for (const Vector3d& p : b.vertices()) v.push_back(p + offset);
  for (const auto& f : b.triangles()) t.push_back({f[0] + n, f[1] + n, f[2] + n});
  return TriangleSurfaceMesh(t, v);
}

TEST_CASE("Coplanar neighbours in flat faces are not overlaps, even rotated") {
  // Every face of these is split into triangles sharing edges and vertices
  // in one plane; after a generic rotation the coplanarity holds only up to
  // round-off.
  for (const TriangleSurfaceMesh& s :
       {Moved(test::MakeClosedBox(1, 2, 3)),
        Moved(test::MakeVoxelSurface(3, 0.1, [](int i, int j, int) { return i < 1 || j < 1; }))}) {
    const SurfaceDefects d = FindSurfaceDefects(s);
    CHECK(d.overlapping_triangles.empty());
    CHECK(d.crossing_triangles.empty());
    CHECK(d.ok());
  }
}

TEST_CASE("Two overlapping triangles in one plane are found, with a point of the overlap") {
  // a = (0,0), (1,0), (0,1) and b = a + (0.2, 0.2) in the plane z = 0. b's
  // corner (0.2, 0.2) is inside a and its other two corners are beyond a's
  // hypotenuse x + y = 1, which cuts b's legs at (0.8, 0.2) and (0.2, 0.8):
  // the common region is the triangle (0.2,0.2), (0.8,0.2), (0.2,0.8) with
  // centroid (0.4, 0.4). No edge of one passes through the other's plane,
  // so only the in-plane test can see it.
  const std::vector<Vector3d> v = {{0, 0, 0},     {1, 0, 0},     {0, 1, 0},
                                   {0.2, 0.2, 0}, {1.2, 0.2, 0}, {0.2, 1.2, 0}};
  for (bool moved : {false, true}) {
    INFO("moved " << moved);
    TriangleSurfaceMesh two({{0, 1, 2}, {3, 4, 5}}, v);
    if (moved) two = Moved(two);
    const Vector3d expected = moved ? Moved(Vector3d(0.4, 0.4, 0)) : Vector3d(0.4, 0.4, 0);
    const SurfaceDefects d = FindSurfaceDefects(two);
    REQUIRE(d.overlapping_triangles.size() == 1);
    CHECK(d.overlapping_triangles[0] == std::array<int, 2>{0, 1});
    CHECK((d.overlap_points[0] - expected).norm() < 1e-12);
    CHECK(d.crossing_triangles.empty());
    // The same pair with opposite windings (back to back) overlaps too.
    TriangleSurfaceMesh flipped({{0, 1, 2}, {3, 5, 4}}, v);
    CHECK(FindSurfaceDefects(moved ? Moved(flipped) : flipped).overlapping_triangles.size() == 1);
    // Moved apart by 1e-6 of their size along the normal they no longer lie
    // in one plane, and they do not cross.
    std::vector<Vector3d> apart = v;
    for (int i = 3; i < 6; ++i) apart[i].z() = 1e-6;
    const SurfaceDefects d_apart = FindSurfaceDefects(TriangleSurfaceMesh({{0, 1, 2}, {3, 4, 5}}, apart));
    CHECK(d_apart.overlapping_triangles.empty());
    CHECK(d_apart.crossing_triangles.empty());
  }
  // A sheet folded back onto itself about a shared edge: triangles (0, 1, 2)
  // and (1, 0, 3) with vertex 3 = (0.5, 0.5, 0) on the same side of edge
  // 0–1 as vertex 2. Vertex 3 lies on the hypotenuse x + y = 1, so (1, 0, 3)
  // lies inside (0, 1, 2) and is the common region: centroid
  // ((1 + 0 + 0.5)/3, (0 + 0 + 0.5)/3) = (0.5, 1/6).
  const TriangleSurfaceMesh fold({{0, 1, 2}, {1, 0, 3}},
                                 {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.5, 0.5, 0}});
  const SurfaceDefects d_fold = FindSurfaceDefects(fold);
  REQUIRE(d_fold.overlapping_triangles.size() == 1);
  CHECK((d_fold.overlap_points[0] - Vector3d(0.5, 1.0 / 6, 0)).norm() < 1e-12);
  // Unfolded (vertex 3 below the edge) the two tile a flat sheet.
  const TriangleSurfaceMesh flat({{0, 1, 2}, {1, 0, 3}},
                                 {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.5, -0.5, 0}});
  CHECK(FindSurfaceDefects(flat).overlapping_triangles.empty());
}

TEST_CASE("Closed surfaces lying on themselves are refused, naming the triangles") {
  // Two closed boxes touching face to face: the cube [-1, 1]³ and the cube
  // of half size 0.5 about (1.5, 0, 0), whose face x = 1 lies on the big
  // cube's. Each is closed and outward and the signed volume is positive
  // (8 + 1); the double sheet itself is seen only by the coplanar test. Both faces at x = 1 are split along the diagonal from (y, z) =
  // (−s, −s) to (s, s) (MakeClosedBox), so each small triangle overlaps
  // exactly the big triangle on the same side of that diagonal: 2 pairs,
  // each with a point at x = 1 inside the small face.
  const TriangleSurfaceMesh big = test::MakeClosedBox(1, 1, 1);
  const TriangleSurfaceMesh touching = Union(big, test::MakeClosedBox(0.5, 0.5, 0.5), {1.5, 0, 0});
  const SurfaceDefects d = FindSurfaceDefects(touching);
  // (The big face's diagonal also meets the small box's side faces on their
  // rims, which the closed crossing test may report as well.)
  CHECK(d.open_edges.empty());
  CHECK(d.signed_volume == Approx(9));
  REQUIRE(d.overlapping_triangles.size() == 2);
  for (size_t i = 0; i < 2; ++i) {
    const auto [a, b] = d.overlapping_triangles[i];
    CHECK(a < 12);
    CHECK(b >= 12);
    const Vector3d& p = d.overlap_points[i];
    CHECK(p.x() == Approx(1));
    CHECK(std::abs(p.y()) < 0.5);
    CHECK(std::abs(p.z()) < 0.5);
  }
  CheckRefusedEverywhere(touching, "the surface lies on itself (2 pair(s) of coplanar triangles");
  CheckRefusedEverywhere(touching, "around (1, ");

  // A duplicated sheet: the box twice, with separate vertices at the same
  // places. Every edge is used twice in opposite directions and the volume
  // is positive (twice the box's), so only the coplanar test sees it: each
  // triangle i overlaps its copy i + 12, and no other (the other triangle of
  // the same face shares only the diagonal).
  const TriangleSurfaceMesh twice = Union(Moved(big), Moved(big), Vector3d::Zero());
  const SurfaceDefects d_twice = FindSurfaceDefects(twice);
  CHECK(d_twice.open_edges.empty());
  CHECK(d_twice.misoriented_edges.empty());
  CHECK(d_twice.non_manifold_edges.empty());
  CHECK(d_twice.signed_volume == Approx(16));
  REQUIRE(d_twice.overlapping_triangles.size() == 12);
  for (int i = 0; i < 12; ++i) {
    CHECK(d_twice.overlapping_triangles[i] == std::array<int, 2>{i, i + 12});
    const auto& t = twice.element(i);
    const auto c = CalcClosestPointOnTriangle(d_twice.overlap_points[i], twice.vertex(t[0]),
                                              twice.vertex(t[1]), twice.vertex(t[2]));
    CHECK(c.squared_distance < 1e-20);
  }
  CheckRefusedEverywhere(twice, "12 pair(s) of coplanar triangles overlap");
}

// The shells (each a closed, outward surface), with their windings kept or
// reversed and their vertices shifted by `offset`, as one surface.
struct Shell {
  TriangleSurfaceMesh surface;
  bool reversed{false};
  Vector3d offset{Vector3d::Zero()};
};
TriangleSurfaceMesh Join(const std::vector<Shell>& shells) {
  std::vector<TriangleSurfaceMesh::Element> triangles;
  std::vector<Vector3d> vertices;
  for (const Shell& shell : shells) {
    const int base = static_cast<int>(vertices.size());
    for (const Vector3d& v : shell.surface.vertices()) vertices.push_back(v + shell.offset);
    for (const auto& t : shell.surface.triangles()) {
      triangles.push_back(shell.reversed ? TriangleSurfaceMesh::Element{base + t[0], base + t[2], base + t[1]}
                                         : TriangleSurfaceMesh::Element{base + t[0], base + t[1], base + t[2]});
    }
  }
  return TriangleSurfaceMesh(triangles, vertices);
}

// The surface bounds a solid exactly when its winding number is 0 or 1 off
// it. Boxes [-a, a]³ (12 triangles each, volume 8a³) nested about the
// origin: an outward shell adds 1 to the winding number inside it, an
// inward one −1, so
//   outward 1 ⊃ inward 0.5            windings 0 | 1 | 0: a hollow box;
//   outward 1 ⊃ inward 0.5 ⊃ outward 0.25   0 | 1 | 0 | 1: an island;
//   outward 1 ⊃ outward 0.5           0 | 1 | 2: the inner shell sees 1
//                                     and faces outward;
//   outward 1 ⊃ outward 0.5 ⊃ outward 0.25  the inner two see 1 and 2;
//   outward box beside inward box     the inward one sees 0 (its inside
//                                     would be −1).
TEST_CASE("Sheets nearer than the coplanar tolerance lie on each other, even with apart boxes") {
  // Two unit cubes side by side along x, the second's face x = 1 moved out
  // by `gap`. The coplanar tolerance is 1e-10 of the pair's longest edge
  // (the face diagonal, √2) plus coordinate round-off, about 1.4e-10 here:
  // at a gap of 0 (shared plane), 1 ulp, 1e-13 or 1e-11 the two faces are
  // one folded sheet, although for a gap > 0 their flat boxes do not touch;
  // at 1e-6 they are two separate solids.
  const TriangleSurfaceMesh cube = test::MakeClosedBox(0.5, 0.5, 0.5);
  for (const double gap : {0.0, std::nextafter(1.0, 2.0) - 1.0, 1e-13, 1e-11, 1e-6}) {
    CAPTURE(gap);
    const SurfaceDefects d = FindSurfaceDefects(Union(cube, cube, {1 + gap, 0, 0}));
    CHECK(d.overlapping_triangles.size() == (gap < 1e-10 ? 2u : 0u));
    CHECK(d.crossing_triangles.empty());
  }
}

TEST_CASE("Shells are nested as cavities and islands or refused, naming the shell") {
  const TriangleSurfaceMesh big = test::MakeClosedBox(1, 1, 1);
  const TriangleSurfaceMesh mid = test::MakeClosedBox(0.5, 0.5, 0.5);
  const TriangleSurfaceMesh small = test::MakeClosedBox(0.25, 0.25, 0.25);

  SECTION("a cavity, an island in a cavity and side-by-side solids bound solids") {
    const TriangleSurfaceMesh hollow = Join({{big}, {mid, true}});
    CHECK(FindSurfaceDefects(hollow).ok());
    CHECK(FindSurfaceDefects(hollow).signed_volume == Approx(8 - 1));
    const TriangleSurfaceMesh island = Join({{big}, {mid, true}, {small}});
    CHECK(FindSurfaceDefects(island).ok());
    CHECK(FindSurfaceDefects(island).signed_volume == Approx(8 - 1 + 0.125));
    CHECK(FindSurfaceDefects(Join({{big}, {big, false, Vector3d(3, 0, 0)}})).ok());
    // Side by side on one floor: the point the check takes on the small box
    // (its first triangle, on its bottom face z = −1) lies in the plane of
    // the big box's bottom, beside its triangles; the rays still count.
    const TriangleSurfaceMesh floor = Join({{big}, {mid, false, Vector3d(3, 0, -0.5)}});
    CHECK(FindSurfaceDefects(floor).ok());
    std::vector<int> shells(24, 0);
    std::fill(shells.begin() + 12, shells.end(), 1);
    const auto& t = floor.element(12);
    const Vector3d p = (floor.vertex(t[0]) + floor.vertex(t[1]) + floor.vertex(t[2])) / 3;
    CHECK(p.z() == -1);
    CHECK(internal::WindingNumberByRays(floor, Bvh(floor), shells, 1, p) == 0);
    CHECK_NOTHROW(ValidateClosedSurface(island, "X"));
  }
  SECTION("an outward shell inside a solid is refused") {
    const SurfaceDefects d = FindSurfaceDefects(Join({{big}, {mid}}));
    CHECK_FALSE(d.ok());
    REQUIRE(d.misnested_shells.size() == 1);
    CHECK(d.misnested_shells[0].first_triangle == 12);
    CHECK(d.misnested_shells[0].num_triangles == 12);
    CHECK(d.misnested_shells[0].signed_volume == Approx(1));
    CHECK(d.misnested_shells[0].enclosing_winding == 1);
    // The total volume 8 + 1 is positive: only the nesting shows the fault.
    CHECK(d.signed_volume == Approx(9));
    CheckRefusedEverywhere(Join({{big}, {mid}}), "1 shell(s) wound against their nesting");
    CHECK_THROWS_WITH(ValidateClosedSurface(Join({{big}, {mid}}), "X"),
                      Contains("the shell of triangle 12 (12 triangles") &&
                          Contains("faces outward where the rest of the surface has winding number 1"));
  }
  SECTION("an outward shell touching the solid around it at a vertex is still refused") {
    // The cube [0, 2]³ and, inside it, the tetrahedron of its corner
    // A = (0, 0, 0) (the same vertex) and B = (1, ½, ½), C = (½, 1, ½),
    // D = (½, ½, 1): (B − A)·((C − A) × (D − A)) = ½ > 0, so the faces
    // ACB, ABD, ADC and BCD face outward, and its volume is 1/12. Joined at
    // a vertex, not an edge, the two are two shells.
    TriangleSurfaceMesh cube = Join({{big, false, Vector3d(1, 1, 1)}});
    std::vector<Vector3d> vertices = cube.vertices();
    REQUIRE(vertices[0] == Vector3d::Zero());
    vertices.push_back(Vector3d(1, 0.5, 0.5));
    vertices.push_back(Vector3d(0.5, 1, 0.5));
    vertices.push_back(Vector3d(0.5, 0.5, 1));
    std::vector<TriangleSurfaceMesh::Element> triangles = cube.triangles();
    for (const TriangleSurfaceMesh::Element& t : std::vector<TriangleSurfaceMesh::Element>{
             {0, 9, 8}, {0, 8, 10}, {0, 10, 9}, {8, 9, 10}}) {
      triangles.push_back(t);
    }
    const SurfaceDefects d = FindSurfaceDefects(TriangleSurfaceMesh(triangles, vertices));
    REQUIRE(d.misnested_shells.size() == 1);
    CHECK(d.misnested_shells[0].first_triangle == 12);
    CHECK(d.misnested_shells[0].num_triangles == 4);
    CHECK(d.misnested_shells[0].signed_volume == Approx(1.0 / 12));
    CHECK(d.misnested_shells[0].enclosing_winding == 1);
  }
  SECTION("three nested outward shells: the inner two are refused") {
    const SurfaceDefects d = FindSurfaceDefects(Join({{small}, {big}, {mid}}));
    REQUIRE(d.misnested_shells.size() == 2);
    CHECK(d.misnested_shells[0].first_triangle == 0);  // small, inside big and mid
    CHECK(d.misnested_shells[0].enclosing_winding == 2);
    CHECK(d.misnested_shells[1].first_triangle == 24);  // mid, inside big
    CHECK(d.misnested_shells[1].enclosing_winding == 1);
  }
  SECTION("an inward shell outside every solid is refused, though the total volume is positive") {
    const TriangleSurfaceMesh s = Join({{big}, {mid, true, Vector3d(3, 0, 0)}});
    const SurfaceDefects d = FindSurfaceDefects(s);
    CHECK(d.signed_volume == Approx(8 - 1));
    REQUIRE(d.misnested_shells.size() == 1);
    CHECK(d.misnested_shells[0].signed_volume == Approx(-1));
    CHECK(d.misnested_shells[0].enclosing_winding == 0);
    CHECK_THROWS_WITH(ValidateClosedSurface(s, "X"), Contains("faces inward where the rest of the surface has winding number 0"));
  }
  SECTION("curved shells: a ball in a torus's hole lies outside it, a ball in its tube inside") {
    // Torus R = 1, r = 0.3 about z: the origin lies in its box but not in
    // it (winding 0); the point (1, 0, 0) on the core circle lies in it
    // (winding 1). Balls of radius 0.1 there are an island and a cavity,
    // and wound the other way they are refused.
    const TriangleSurfaceMesh torus = test::MakeTorusSurface(1, 0.3, 32, 16);
    const TriangleSurfaceMesh ball = test::MakeIcosphere(0.1, 2);
    CHECK(FindSurfaceDefects(Join({{torus}, {ball}})).ok());
    CHECK(FindSurfaceDefects(Join({{torus}, {ball, true, Vector3d(1, 0, 0)}})).ok());
    const SurfaceDefects outside = FindSurfaceDefects(Join({{torus}, {ball, true}}));
    REQUIRE(outside.misnested_shells.size() == 1);
    CHECK(outside.misnested_shells[0].enclosing_winding == 0);
    const SurfaceDefects inside = FindSurfaceDefects(Join({{torus}, {ball, false, Vector3d(1, 0, 0)}}));
    REQUIRE(inside.misnested_shells.size() == 1);
    CHECK(inside.misnested_shells[0].enclosing_winding == 1);
    CHECK(inside.misnested_shells[0].first_triangle == torus.num_triangles());
  }
}

// Three independent answers at points off the surface: ray crossings,
// solid angles, and the torus's own inside test. The faceted torus (32 × 16
// quads of the torus R = 1, r = 0.3) lies within 0.013 of the smooth one
// (sagittas r·(1 − cos(π/16)) + (R + r)·(1 − cos(π/32))), so points more
// than 0.05 from the smooth surface are inside both or outside both:
// winding 1 inside ((ρ − R)² + z² < r², ρ = √(x² + y²)) and 0 outside, and
// −1 inside for the torus wound inward.
TEST_CASE("Winding numbers by rays and by solid angles agree with the inside test") {
  const TriangleSurfaceMesh torus = test::MakeTorusSurface(1, 0.3, 32, 16);
  const Bvh bvh(torus);
  const std::vector<int> one_shell(torus.num_triangles(), 0);
  const TriangleSurfaceMesh inward = Join({{torus, true}});
  const Bvh bvh_inward(inward);
  std::mt19937 random(7);
  std::uniform_real_distribution<double> x(-1.5, 1.5), z(-0.5, 0.5);
  int inside = 0, outside = 0;
  while (inside + outside < 300) {
    const Vector3d p(x(random), x(random), z(random));
    const double tube = std::hypot(std::hypot(p.x(), p.y()) - 1, p.z());
    if (std::abs(tube - 0.3) < 0.05) continue;
    const int expected = tube < 0.3 ? 1 : 0;
    (expected == 1 ? inside : outside) += 1;
    INFO("p = " << p.transpose());
    const std::optional<int> by_rays = internal::WindingNumberByRays(torus, bvh, one_shell, -1, p);
    REQUIRE(by_rays.has_value());
    CHECK(*by_rays == expected);
    CHECK(internal::WindingNumberBySolidAngles(torus, one_shell, -1, p) == expected);
    CHECK(internal::WindingNumberByRays(inward, bvh_inward, one_shell, -1, p) == -expected);
    CHECK(internal::WindingNumberBySolidAngles(inward, one_shell, -1, p) == -expected);
  }
  CHECK(inside > 20);  // the tube holds about 9% of the box (2π²Rr² / 9)
  // A shell's own triangles are left out: at a point on the inner box of
  // two nested outward boxes, the rest (the outer box) winds once.
  const TriangleSurfaceMesh nested = Join({{test::MakeClosedBox(1, 1, 1)}, {test::MakeClosedBox(0.5, 0.5, 0.5)}});
  std::vector<int> shells(24, 0);
  std::fill(shells.begin() + 12, shells.end(), 1);
  const Vector3d on_inner(-0.5, 0.1, 0.2);
  CHECK(internal::WindingNumberByRays(nested, Bvh(nested), shells, 1, on_inner) == 1);
  CHECK(internal::WindingNumberBySolidAngles(nested, shells, 1, on_inner) == 1);
}

// Found by surface_validation_fuzz: a cube [−0.1, 0.1]³ whose corner
// (0.1, 0.1, −0.1) is pulled out to T = (105555.1, 0.1, −0.1), a spike
// 1e5 m long. Its four faces through T bound it; at the x of the sliver
// face (1, T, 5)'s centroid, 35185.0333 (a third of the way), its
// cross-section has corners where the edges from T to the cube's corners
// 5 (0.1, −0.1, −0.1), 1 (−0.1, −0.1, −0.1), 3 (−0.1, 0.1, −0.1) and
// 8 (0.1, 0.1, 0.1) cross that x: (y, z) = (−0.0333334583, −0.1),
// (−0.0333329545, −0.1), (0.1, −0.1) and (0.1, 1/30) (y = −0.1 + 0.2·t,
// t = (x − x_corner)/(105555.1 − x_corner)). So the solid there lies above
// the bottom z = −0.1 (the faces (1, T, 5) and (1, 3, T)) and below the
// slant face (5, T, 8), which rises at 45° from the first corner. The
// centroid (y = −1/30) is 1.25e-7 to the +y side of that corner:
//   - 2e-4 below or above it is outside (below the bottom; above the slant,
//     which is only 1.25e-7 higher there): winding 0;
//   - 1e-8 above it is inside (1), and 1e-8 below outside (0);
//   - the cross-section's centroid, about (0.055, −0.055), is inside.
// From these points the ends of each long edge lie within 1e-8 rad (and
// less) of opposite directions: in plain doubles the solid angle of the
// sliver face came out as ±2π (truth ±0.0025 sr at 2e-4) and the winding
// numbers 2e-4 off as −1 and +1.
TEST_CASE("Solid angles stay right beside a long edge (a spike 1e5 m long)") {
  const std::vector<Vector3d> vertices{{-0.1, -0.1, -0.1}, {-0.1, -0.1, 0.1}, {-0.1, 0.1, -0.1},
                                       {-0.1, 0.1, 0.1},   {0.1, -0.1, -0.1}, {0.1, -0.1, 0.1},
                                       {105555.1, 0.1, -0.1}, {0.1, 0.1, 0.1}};
  // The cube's outward triangles (the fuzzer's OBJ faces, indices from 0).
  const std::vector<TriangleSurfaceMesh::Element> triangles{
      {0, 1, 3}, {0, 3, 2}, {4, 6, 7}, {4, 7, 5}, {0, 4, 5}, {0, 5, 1},
      {2, 3, 7}, {2, 7, 6}, {0, 2, 6}, {0, 6, 4}, {1, 5, 7}, {1, 7, 3}};
  const TriangleSurfaceMesh spike(triangles, vertices);
  REQUIRE(FindSurfaceDefects(spike).ok());
  const Bvh bvh(spike);
  const std::vector<int> one_shell(spike.num_triangles(), 0);
  // The sliver face (1, T, 5) is (0, 6, 4) here.
  const Vector3d centroid = (vertices[0] + vertices[6] + vertices[4]) / 3;
  for (const auto& [dz, expected] : {std::pair{-2e-4, 0}, {2e-4, 0}, {-1e-8, 0}, {1e-8, 1}}) {
    const Vector3d p = centroid + Vector3d(0, 0, dz);
    INFO("p = " << p.transpose());
    CHECK(internal::WindingNumberBySolidAngles(spike, one_shell, -1, p) == expected);
    // The rays may give up only 1e-8 above (they do: every direction
    // grazes the bottom).
    const std::optional<int> by_rays = internal::WindingNumberByRays(spike, bvh, one_shell, -1, p);
    if (by_rays) {
      CHECK(*by_rays == expected);
    } else {
      CHECK(dz == 1e-8);
    }
  }
  const Vector3d inside(centroid.x(), 0.055, -0.055);
  CHECK(internal::WindingNumberBySolidAngles(spike, one_shell, -1, inside) == 1);
  CHECK(internal::WindingNumberByRays(spike, bvh, one_shell, -1, inside) == 1);
}

// Issue 10, defect 8: a VTK volume whose boundary is not manifold (two
// tetrahedra sharing only an edge) was accepted as rigid geometry although
// the distance data refused it. Both refuse it now, with the same reason.
TEST_CASE("A VTK volume with a non-manifold boundary is refused as rigid geometry") {
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_bowtie.vtk";
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
