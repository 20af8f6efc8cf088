#include "mesh/volume_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

TEST_CASE("Volume mesh: the unit right tetrahedron has volume 1/6", "[volume_mesh]") {
  const VolumeMesh tet({{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  CHECK(tet.num_elements() == 1);
  CHECK(tet.num_vertices() == 4);
  CHECK(tet.element_volume(0) == Approx(1.0 / 6).epsilon(1e-15));
  CHECK(tet.total_volume() == Approx(1.0 / 6).epsilon(1e-15));
  for (int f = 0; f < 4; ++f) CHECK(tet.neighbor(0, f) == -1);
  CHECK(SignedTetrahedronVolume({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}) == Approx(1.0 / 6));
  CHECK(SignedTetrahedronVolume({0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}) == Approx(-1.0 / 6));
  // A general one: |det[b−a, c−a, d−a]|/6 with det = 2·3·4 (triangular).
  CHECK(SignedTetrahedronVolume({1, 1, 1}, {3, 1, 1}, {1 + 5, 4, 1}, {7, -2, 5}) == Approx(4.0));
  const Aabb box = tet.CalcBoundingBox();
  CHECK(box.min == Eigen::Vector3d::Zero());
  CHECK(box.max == Eigen::Vector3d::Ones());
}

TEST_CASE("Volume mesh: outward faces point away from the opposite vertex", "[volume_mesh]") {
  const VolumeMesh tet({{0, 1, 2, 3}}, {{0.1, 0, 0}, {1, 0.2, 0}, {0, 1, 0.3}, {0.2, 0.1, 1}});
  const auto& t = tet.element(0);
  for (int f = 0; f < 4; ++f) {
    const auto& face = VolumeMesh::kOutwardFaces[f];
    // Local face f is opposite local vertex f: it does not use it.
    CHECK(std::find(face.begin(), face.end(), f) == face.end());
    const Eigen::Vector3d& a = tet.vertex(t[face[0]]);
    const Eigen::Vector3d n = (tet.vertex(t[face[1]]) - a).cross(tet.vertex(t[face[2]]) - a);
    CHECK(n.dot(a - tet.vertex(t[f])) > 0);
  }
}

TEST_CASE("Volume mesh: Kuhn cubes have the cube's volume", "[volume_mesh]") {
  for (int n : {1, 2, 3}) {
    const double edge = 0.1;
    const VolumeMesh cube = test::MakeKuhnCube(n, edge);
    CHECK(cube.num_elements() == 6 * n * n * n);
    CHECK(cube.total_volume() == Approx(edge * edge * edge).epsilon(1e-13));
    // Each of the 6n³ tetrahedra has volume (edge/n)³/6.
    for (int e = 0; e < cube.num_elements(); ++e) {
      CHECK(cube.element_volume(e) == Approx(std::pow(edge / n, 3) / 6).epsilon(1e-12));
    }
  }
}

TEST_CASE("Volume mesh: adjacency is symmetric and shares the same face", "[volume_mesh]") {
  const VolumeMesh cube = test::MakeKuhnCube(3);
  int boundary_faces = 0, interior_sides = 0;
  auto face_of = [&](int e, int f) {
    std::array<int, 3> k;
    for (int i = 0; i < 3; ++i) k[i] = cube.element(e)[VolumeMesh::kOutwardFaces[f][i]];
    std::sort(k.begin(), k.end());
    return k;
  };
  for (int e = 0; e < cube.num_elements(); ++e) {
    for (int f = 0; f < 4; ++f) {
      const int n = cube.neighbor(e, f);
      CHECK(n == cube.neighbors(e)[f]);
      if (n < 0) {
        ++boundary_faces;
        continue;
      }
      ++interior_sides;
      CHECK(n != e);
      int back = -1;
      for (int g = 0; g < 4; ++g) {
        if (cube.neighbor(n, g) == e) back = g;
      }
      REQUIRE(back >= 0);
      CHECK(face_of(n, back) == face_of(e, f));
    }
  }
  // 6 faces × 3² squares × 2 triangles on the boundary; each interior face
  // is seen from both sides.
  CHECK(boundary_faces == 6 * 9 * 2);
  CHECK(interior_sides == 4 * cube.num_elements() - boundary_faces);
  CHECK(interior_sides % 2 == 0);
}

TEST_CASE("Volume mesh: adjacency around an edge shared by a thousand tetrahedra",
          "[volume_mesh]") {
  // A closed fan: tetrahedron i has the poles a = (0, 0, −1), b = (0, 0, 1)
  // and the ring points r_i, r_{i+1} (angles 2πi/n), every face of it
  // contains a pole, so one vertex is shared by every face of the mesh. By
  // construction tetrahedron i meets i − 1 and i + 1 (mod n) across the
  // faces (a, b, r_i) and (a, b, r_{i+1}); its faces (a, r_i, r_{i+1}) and
  // (b, r_i, r_{i+1}) are boundary. Orientation: with c = (1, 0, 0) and
  // d = (cos δ, sin δ, 0), (b − a)·((c − a) × (d − a)) = 2 sin δ > 0.
  const int n = 1000;
  std::vector<Eigen::Vector3d> vertices{{0, 0, -1}, {0, 0, 1}};
  for (int i = 0; i < n; ++i) {
    const double angle = 2 * M_PI * i / n;
    vertices.emplace_back(std::cos(angle), std::sin(angle), 0);
  }
  std::vector<VolumeMesh::Element> tetrahedra;
  for (int i = 0; i < n; ++i) tetrahedra.push_back({0, 1, 2 + i, 2 + (i + 1) % n});
  const VolumeMesh fan(tetrahedra, vertices);
  for (int e = 0; e < n; ++e) {
    std::vector<int> around;
    for (int f = 0; f < 4; ++f) {
      if (fan.neighbor(e, f) >= 0) around.push_back(fan.neighbor(e, f));
    }
    std::sort(around.begin(), around.end());
    std::vector<int> expected{(e + n - 1) % n, (e + 1) % n};
    std::sort(expected.begin(), expected.end());
    CHECK(around == expected);
  }
  // A third tetrahedron on one of those faces is refused, naming it.
  tetrahedra.push_back({0, 1, 2 + 250, 2 + 500});
  CHECK_THROWS_WITH(VolumeMesh(tetrahedra, vertices),
                    Contains("shared by more than two tetrahedra"));
}

TEST_CASE("Volume mesh: boundary of a tetrahedralized cube", "[volume_mesh]") {
  // Cube [0, 2]³ in 2×2×2 cells: boundary area 6·4 = 24, enclosed volume 8,
  // outward normals, one interior vertex (the centre, index 13).
  const VolumeMesh cube = test::MakeKuhnCube(2, 2.0);
  const VolumeMeshBoundary b = ExtractBoundary(cube);
  const TriangleSurfaceMesh& s = b.surface;
  CHECK(s.num_triangles() == 6 * 4 * 2);
  CHECK(s.num_vertices() == 26);
  CHECK(s.total_area() == Approx(24).epsilon(1e-14));
  REQUIRE(s.IsClosed());
  CHECK(*s.EnclosedVolume() == Approx(cube.total_volume()).epsilon(1e-14));
  CHECK(*s.EnclosedVolume() == Approx(8).epsilon(1e-14));
  const Eigen::Vector3d centre(1, 1, 1);
  for (int f = 0; f < s.num_triangles(); ++f) {
    CHECK(s.face_normal(f).dot(s.element_centroid(f) - centre) > 0);
    // Each surface triangle is the outward local face of its tetrahedron.
    const int e = b.tetrahedron[f], local = b.local_face[f];
    CHECK(cube.neighbor(e, local) == -1);
    for (int i = 0; i < 3; ++i) {
      CHECK(b.volume_vertex[s.element(f)[i]] == cube.element(e)[VolumeMesh::kOutwardFaces[local][i]]);
    }
  }
  for (int v = 0; v < s.num_vertices(); ++v) CHECK(s.vertex(v) == cube.vertex(b.volume_vertex[v]));
  for (int v = 0; v < cube.num_vertices(); ++v) CHECK(b.is_boundary_vertex[v] == (v != 13));
}

TEST_CASE("Volume mesh: Equal compares vertices and tetrahedra exactly", "[volume_mesh]") {
  const VolumeMesh a = test::MakeKuhnCube(1);
  CHECK(a.Equal(test::MakeKuhnCube(1)));
  CHECK_FALSE(a.Equal(test::MakeKuhnCube(1, 1.0 + 1e-15)));
  CHECK_FALSE(a.Equal(test::MakeKuhnCube(2)));
}

TEST_CASE("Volume mesh: bad input names the tetrahedron", "[volume_mesh][errors]") {
  const std::vector<Eigen::Vector3d> v{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {-1, -1, -1}};
  auto make = [](std::vector<VolumeMesh::Element> t, std::vector<Eigen::Vector3d> p) {
    return VolumeMesh(std::move(t), std::move(p));
  };
  CHECK_THROWS_AS(make({{0, 2, 1, 3}}, v), std::invalid_argument);
  CHECK_THROWS_WITH(make({{0, 1, 2, 3}, {0, 2, 1, 3}}, v), Contains("tetrahedron 1 (vertices 0, 2, 1, 3) is inverted"));
  CHECK_THROWS_WITH(make({{0, 1, 2, 4}}, v), Contains("tetrahedron 0 (vertices 0, 1, 2, 4) has zero volume"));
  CHECK_THROWS_WITH(make({{0, 1, 2, 6}}, v), Contains("tetrahedron 0 refers to vertex 6, out of range [0, 6)"));
  CHECK_THROWS_WITH(make({{0, 1, 1, 3}}, v), Contains("tetrahedron 0 uses vertex 1 twice"));
  CHECK_THROWS_WITH(make({{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, NAN, 0}, {0, 0, 1}}),
                    Contains("vertex 2 has a non-finite coordinate"));
  // Three tetrahedra on the face (1, 2, 3): two on one side would overlap,
  // but the mesh must refuse the third user of the face in any case.
  const std::vector<Eigen::Vector3d> w{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}, {-0.1, -0.1, -0.1}};
  CHECK_THROWS_WITH(make({{0, 1, 2, 3}, {1, 2, 3, 4}, {5, 1, 2, 3}}, w),
                    Contains("is shared by more than two tetrahedra"));
}

}  // namespace
}  // namespace hydrocontact
