#include "proximity/mesh_pseudo_normals.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "tests/proximity/distance/mesh_distance_test_shapes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using test::MakeBoxMesh;
using test::MakeLMesh;

// Finds the edge with vertices {a, b}; -1 if none.
int FindEdge(const MeshPseudoNormals& n, int a, int b) {
  for (int e = 0; e < n.num_edges(); ++e) {
    if (n.edge_vertices[e] == std::array<int, 2>{std::min(a, b), std::max(a, b)}) return e;
  }
  return -1;
}

TEST_CASE("Box: edges, normals, flatness and convexity") {
  const TriangleSurfaceMesh mesh = MakeBoxMesh({1, 2, 3});
  const MeshPseudoNormals n = CalcMeshPseudoNormals(mesh);
  // Euler: V − E + F = 2 with V = 8, F = 12 gives E = 18 (12 box edges and
  // 6 face diagonals).
  REQUIRE(n.num_edges() == 18);
  int flat_edges = 0;
  for (int e = 0; e < n.num_edges(); ++e) {
    const Vector3d mid = (mesh.vertex(n.edge_vertices[e][0]) + mesh.vertex(n.edge_vertices[e][1])) / 2;
    // The vertices of a box edge differ in one coordinate; a face diagonal
    // in two.
    const Vector3d d = mesh.vertex(n.edge_vertices[e][0]) - mesh.vertex(n.edge_vertices[e][1]);
    const int differing = (d.array() != 0).count();
    if (differing == 2) {
      // A diagonal lies in one face: flat, normal = that face's normal,
      // i.e. the axis where |mid| reaches the half size.
      ++flat_edges;
      CHECK(n.edge_is_flat[e]);
      const Vector3d expected = (mid.array().abs() == Eigen::Array3d(1, 2, 3))
                                    .cast<double>()
                                    .matrix()
                                    .cwiseProduct(mid.cwiseSign());
      CHECK((n.edge_normals[e] - expected).norm() < 1e-15);
    } else {
      // A box edge: (n₁ + n₂)/√2 along the two axes where the edge sits at
      // the half size.
      CHECK_FALSE(n.edge_is_flat[e]);
      Vector3d expected = Vector3d::Zero();
      for (int i = 0; i < 3; ++i) {
        if (std::abs(std::abs(mid[i]) - Vector3d(1, 2, 3)[i]) < 1e-15) expected[i] = mid[i] > 0 ? 1 : -1;
      }
      CHECK((n.edge_normals[e] - expected / std::sqrt(2.0)).norm() < 1e-15);
    }
    CHECK(n.edge_is_convex[e]);
    // The two faces are the ones whose local edges map here.
    for (int side = 0; side < 2; ++side) {
      const int f = n.edge_faces[e][side];
      int hits = 0;
      for (int i = 0; i < 3; ++i) hits += n.face_edges[f][i] == e;
      CHECK(hits == 1);
    }
  }
  CHECK(flat_edges == 6);
  // Each vertex's recorded face is the lowest-indexed one using it.
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    int lowest = -1;
    for (int f = 0; f < mesh.num_triangles() && lowest < 0; ++f) {
      for (int w : mesh.element(f)) lowest = (w == v && lowest < 0) ? f : lowest;
    }
    CHECK(n.vertex_face[v] == lowest);
  }
  // Vertex normals: each corner sees three faces, each with total angle π/2,
  // however the faces are split into triangles: (±1, ±1, ±1)/√3.
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    CHECK((n.vertex_normals[v] - mesh.vertex(v).cwiseSign() / std::sqrt(3.0)).norm() < 1e-15);
    CHECK_FALSE(n.vertex_is_flat[v]);
  }
  // FeatureNormal picks the right array.
  const int f = 0;
  CHECK(n.FeatureNormal(mesh, f, {TriangleFeature::kFace, 0}) == mesh.face_normal(f));
  CHECK(n.FeatureNormal(mesh, f, {TriangleFeature::kVertex, 2}) ==
        n.vertex_normals[mesh.element(f)[2]]);
  CHECK(n.FeatureNormal(mesh, f, {TriangleFeature::kEdge, 1}) ==
        n.edge_normals[n.face_edges[f][1]]);
  CHECK(n.IsFeatureFlat(mesh, f, {TriangleFeature::kFace, 0}));
  CHECK_FALSE(n.IsFeatureFlat(mesh, f, {TriangleFeature::kVertex, 0}));
}

TEST_CASE("L-shaped prism: the reflex edge is concave, its vertex normal is angle-weighted") {
  const TriangleSurfaceMesh mesh = MakeLMesh();
  const MeshPseudoNormals n = CalcMeshPseudoNormals(mesh);
  // Polygon vertex 3 is the reflex corner (1, 1); mesh vertices 3 (z = 0)
  // and 9 (z = 1). The vertical edge between them is the only concave one.
  int concave = 0;
  for (int e = 0; e < n.num_edges(); ++e) concave += !n.edge_is_convex[e];
  CHECK(concave == 1);
  const int reflex = FindEdge(n, 3, 9);
  REQUIRE(reflex >= 0);
  CHECK_FALSE(n.edge_is_convex[reflex]);
  // Its faces have normals +y (wall from (2,1) to (1,1)) and +x (wall from
  // (1,1) to (1,2)): pseudo-normal (1, 1, 0)/√2.
  CHECK((n.edge_normals[reflex] - Vector3d(1, 1, 0) / std::sqrt(2.0)).norm() < 1e-15);
  // At the bottom reflex vertex the cap has interior angle 3π/2 (normal −z)
  // and each wall π/2 (normals +x, +y): (π/2)(1, 1, −3), normalised
  // (1, 1, −3)/√11.
  CHECK((n.vertex_normals[3] - Vector3d(1, 1, -3) / std::sqrt(11.0)).norm() < 1e-14);
  // A convex corner: vertex 1 at (2, 0, 0): faces −y, +x, −z each π/2.
  CHECK((n.vertex_normals[1] - Vector3d(1, -1, -1) / std::sqrt(3.0)).norm() < 1e-14);
}

TEST_CASE("A vertex inside a flat face is flat and on no sharp edge") {
  // The unit cube with its top face split into a fan around a centre vertex
  // (index 8): the fan's edges are flat, the box's edges sharp.
  const TriangleSurfaceMesh box = MakeBoxMesh({1, 1, 1});
  auto vertices = box.vertices();
  vertices.emplace_back(0, 0, 1);
  std::vector<std::array<int, 3>> triangles;
  for (const auto& t : box.triangles()) {
    const bool top = box.vertex(t[0]).z() > 0 && box.vertex(t[1]).z() > 0 &&
                     box.vertex(t[2]).z() > 0;
    if (!top) triangles.push_back(t);
  }
  // The top ring of MakePrismMesh is vertices 4..7, counter-clockwise from +z.
  for (int i = 0; i < 4; ++i) triangles.push_back({8, 4 + i, 4 + (i + 1) % 4});
  const TriangleSurfaceMesh mesh(triangles, vertices);
  const MeshPseudoNormals n = CalcMeshPseudoNormals(mesh);
  CHECK(n.vertex_is_flat[8]);
  CHECK_FALSE(n.vertex_on_sharp_edge[8]);
  CHECK((n.vertex_normals[8] - Vector3d(0, 0, 1)).norm() < 1e-15);
  for (int v = 0; v < 8; ++v) {
    CHECK(n.vertex_on_sharp_edge[v]);
    CHECK_FALSE(n.vertex_is_flat[v]);
  }
  // Flat edges: the 4 fan spokes, the 4 side-face diagonals and the bottom
  // diagonal.
  int flat = 0;
  for (int e = 0; e < n.num_edges(); ++e) flat += n.edge_is_flat[e];
  CHECK(flat == 9);
}

TEST_CASE("Open, non-manifold, mis-oriented and folded meshes are rejected by name") {
  const TriangleSurfaceMesh box = MakeBoxMesh({1, 1, 1});
  auto triangles = box.triangles();
  auto vertices = box.vertices();

  // A hole: drop the last triangle.
  auto open = triangles;
  open.pop_back();
  CHECK_THROWS_WITH(CalcMeshPseudoNormals(TriangleSurfaceMesh(open, vertices)), Catch::Contains("hole"));

  // One triangle flipped: its edges now run the same way as a neighbour's.
  auto flipped = triangles;
  std::swap(flipped[5][1], flipped[5][2]);
  CHECK_THROWS_WITH(CalcMeshPseudoNormals(TriangleSurfaceMesh(flipped, vertices)), Catch::Contains("same direction"));

  // A third triangle on an existing edge (0, 1), with a new vertex.
  auto fin = triangles;
  auto fin_vertices = vertices;
  fin_vertices.emplace_back(0, -5, 0);
  fin.push_back({0, 1, 8});
  CHECK_THROWS_WITH(CalcMeshPseudoNormals(TriangleSurfaceMesh(fin, fin_vertices)), Catch::Contains("more than two"));

  // No triangles at all.
  CHECK_THROWS_WITH(CalcMeshPseudoNormals(TriangleSurfaceMesh()), Catch::Contains("no triangles"));

  // Two triangles glued back to back: closed, but the faces fold onto each
  // other, so every edge normal vanishes.
  const TriangleSurfaceMesh folded({{0, 1, 2}, {0, 2, 1}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  CHECK_THROWS_WITH(CalcMeshPseudoNormals(folded), Catch::Contains("fold"));
}

}  // namespace
}  // namespace hydrocontact
