#include "mesh/triangle_surface_mesh.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

// Hands copies of the arrays to mesh->AdoptArrays with the derived data a
// producer fills in (polygon offsets, totals), as the builder would.
void AdoptTriangles(TriangleSurfaceMesh* mesh, const std::vector<TriangleSurfaceMesh::Element>& faces,
           const std::vector<Eigen::Vector3d>& vertices, const std::vector<Eigen::Vector3d>& normals,
           const std::vector<double>& areas, const std::vector<Eigen::Vector3d>& centroids) {
  TriangleSurfaceMesh::Arrays arrays;
  arrays.triangles = faces;
  arrays.vertices = vertices;
  arrays.face_normals = normals;
  arrays.areas = areas;
  arrays.centroids = centroids;
  // The totals a producer sums: Σ A_f and Σ A_f c_f / Σ A_f (over the
  // faces both arrays have: tests give arrays of the wrong length too).
  for (size_t f = 0; f < std::min(areas.size(), centroids.size()); ++f) {
    arrays.total_area += areas[f];
    arrays.centroid += areas[f] * centroids[f];
  }
  if (arrays.total_area > 0) arrays.centroid /= arrays.total_area;
  mesh->AdoptArrays(std::move(arrays));
}

TEST_CASE("Triangle mesh: per-face area, normal and centroid by hand", "[triangle_mesh]") {
  // A right triangle with legs 2 (x) and 3 (y): area 3, normal +z, centroid
  // (2/3, 1, 0); and a unit right triangle in the plane x = 1 facing +x:
  // area 1/2, centroid (1, 1/3, 1/3).
  const TriangleSurfaceMesh mesh({{0, 1, 2}, {3, 4, 5}},
                                 {{0, 0, 0}, {2, 0, 0}, {0, 3, 0}, {1, 0, 0}, {1, 1, 0}, {1, 0, 1}});
  CHECK(mesh.num_triangles() == 2);
  CHECK(mesh.num_elements() == 2);
  CHECK(mesh.area(0) == 3);
  CHECK(mesh.face_normal(0) == Eigen::Vector3d(0, 0, 1));
  CHECK(mesh.element_centroid(0).isApprox(Eigen::Vector3d(2.0 / 3, 1, 0), 1e-15));
  CHECK(mesh.area(1) == 0.5);
  CHECK(mesh.face_normal(1) == Eigen::Vector3d(1, 0, 0));
  CHECK(mesh.total_area() == 3.5);
  // Area-weighted centroid: (3·(2/3, 1, 0) + ½·(1, ⅓, ⅓)) / 3.5.
  const Eigen::Vector3d expected = (3 * Eigen::Vector3d(2.0 / 3, 1, 0) + 0.5 * Eigen::Vector3d(1, 1.0 / 3, 1.0 / 3)) / 3.5;
  CHECK(mesh.centroid().isApprox(expected, 1e-15));
  const Aabb box = mesh.CalcBoundingBox();
  CHECK(box.min == Eigen::Vector3d(0, 0, 0));
  CHECK(box.max == Eigen::Vector3d(2, 3, 1));
  CHECK_FALSE(mesh.IsClosed());
  CHECK_FALSE(mesh.EnclosedVolume().has_value());
}

TEST_CASE("Triangle mesh: icosphere area and volume converge to the sphere's", "[triangle_mesh]") {
  // Inscribed polyhedra: area and volume approach 4πr² and 4/3πr³ from
  // below, the error shrinking about fourfold per level (second order in
  // the edge length, which halves each level).
  const double r = 0.05;
  const double area = 4 * M_PI * r * r, volume = 4 * M_PI * r * r * r / 3;
  double previous_area_error = INFINITY, previous_volume_error = INFINITY;
  for (int level = 0; level <= 4; ++level) {
    const TriangleSurfaceMesh sphere = test::MakeIcosphere(level, r);
    CHECK(sphere.num_triangles() == 20 * (1 << (2 * level)));
    REQUIRE(sphere.IsClosed());
    const double area_error = area - sphere.total_area();
    const double volume_error = volume - *sphere.EnclosedVolume();
    CHECK(area_error > 0);
    CHECK(volume_error > 0);
    CHECK(area_error < previous_area_error / 3);
    CHECK(volume_error < previous_volume_error / 3);
    CHECK(sphere.centroid().norm() < 1e-15);
    previous_area_error = area_error;
    previous_volume_error = volume_error;
  }
  CHECK(previous_area_error < 2e-3 * area);
}

TEST_CASE("Triangle mesh: closedness needs every edge twice, in opposite directions", "[triangle_mesh]") {
  // The unit right tetrahedron's surface, outward: volume 1/6.
  std::vector<Eigen::Vector3d> v{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  std::vector<TriangleSurfaceMesh::Element> faces{{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  const TriangleSurfaceMesh tet(faces, v);
  REQUIRE(tet.IsClosed());
  CHECK(*tet.EnclosedVolume() == Approx(1.0 / 6).epsilon(1e-15));

  // All faces reversed: still closed, volume −1/6.
  std::vector<TriangleSurfaceMesh::Element> reversed;
  for (auto f : faces) reversed.push_back({f[0], f[2], f[1]});
  const TriangleSurfaceMesh inside_out(reversed, v);
  CHECK(inside_out.IsClosed());
  CHECK(inside_out.CalcSignedVolume() == Approx(-1.0 / 6).epsilon(1e-15));

  // One face reversed: every edge is still shared twice but not oppositely.
  auto one_flipped = faces;
  one_flipped[3] = {1, 3, 2};
  CHECK_FALSE(TriangleSurfaceMesh(one_flipped, v).IsClosed());
  // One face missing: open.
  CHECK_FALSE(TriangleSurfaceMesh({faces[0], faces[1], faces[2]}, v).IsClosed());
  CHECK_FALSE(TriangleSurfaceMesh({faces[0], faces[1], faces[2]}, v).EnclosedVolume().has_value());
  // A face doubled: an edge used three times.
  auto doubled = faces;
  doubled.push_back(faces[0]);
  CHECK_FALSE(TriangleSurfaceMesh(doubled, v).IsClosed());
  CHECK_FALSE(TriangleSurfaceMesh().IsClosed());
}

TEST_CASE("Triangle mesh: enclosed volume far from the origin keeps its precision", "[triangle_mesh]") {
  // The same tetrahedron moved 1e6 m away: still 1/6 to ~1e-9 relative.
  std::vector<Eigen::Vector3d> v{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (auto& p : v) p += Eigen::Vector3d(1e6, -2e6, 3e6);
  const TriangleSurfaceMesh tet({{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}}, v);
  CHECK(*tet.EnclosedVolume() == Approx(1.0 / 6).epsilon(1e-9));
}

TEST_CASE("Triangle mesh: Equal compares vertices and triangles exactly", "[triangle_mesh]") {
  const TriangleSurfaceMesh a({{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  CHECK(a.Equal(TriangleSurfaceMesh({{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})));
  CHECK_FALSE(a.Equal(TriangleSurfaceMesh({{1, 2, 0}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})));
  CHECK_FALSE(a.Equal(TriangleSurfaceMesh({{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 1e-300}})));
  const TriangleSurfaceMesh empty;
  CHECK(empty.num_vertices() == 0);
  CHECK(empty.total_area() == 0);
  CHECK(empty.CalcBoundingBox().IsEmpty());
}

TEST_CASE("Triangle mesh: bad input names the culprit", "[triangle_mesh][errors]") {
  const std::vector<Eigen::Vector3d> v{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}};
  auto make = [](std::vector<TriangleSurfaceMesh::Element> t, std::vector<Eigen::Vector3d> p) {
    return TriangleSurfaceMesh(std::move(t), std::move(p));
  };
  CHECK_THROWS_AS(make({{0, 1, 4}}, v), std::invalid_argument);
  CHECK_THROWS_WITH(make({{0, 1, 2}, {0, 1, 4}}, v), Contains("triangle 1 refers to vertex 4, out of range [0, 4)"));
  CHECK_THROWS_WITH(make({{0, -1, 2}}, v), Contains("triangle 0 refers to vertex -1"));
  CHECK_THROWS_WITH(make({{0, 1, 2}, {2, 1, 2}}, v), Contains("triangle 1 uses vertex 2 twice"));
  CHECK_THROWS_WITH(make({{0, 1, 2}, {0, 1, 3}}, v), Contains("triangle 1 (vertices 0, 1, 3) is degenerate"));
  CHECK_THROWS_WITH(make({{0, 1, 2}}, {{0, 0, 0}, {1, NAN, 0}, {0, 1, 0}}),
                    Contains("vertex 1 has a non-finite coordinate"));
  CHECK_THROWS_WITH(make({{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, INFINITY}}),
                    Contains("vertex 2 has a non-finite coordinate"));
}

TEST_CASE("Triangle mesh: AdoptArrays keeps the given data and totals",
          "[triangle_mesh]") {
  // The two triangles of the first test case, with their hand-derived data:
  // areas 3 and ½, normals +z and +x, centroids (2/3, 1, 0) and (1, 1/3, 1/3).
  const std::vector<TriangleSurfaceMesh::Element> t{{0, 1, 2}, {3, 4, 5}};
  const std::vector<Eigen::Vector3d> v{{0, 0, 0}, {2, 0, 0}, {0, 3, 0},
                                       {1, 0, 0}, {1, 1, 0}, {1, 0, 1}};
  const std::vector<Eigen::Vector3d> normals{{0, 0, 1}, {1, 0, 0}};
  const std::vector<double> areas{3, 0.5};
  const std::vector<Eigen::Vector3d> centroids{{2.0 / 3, 1, 0}, {1, 1.0 / 3, 1.0 / 3}};
  TriangleSurfaceMesh mesh;
  AdoptTriangles(&mesh, t, v, normals, areas, centroids);
  // The same mesh as the constructor derives from the vertices.
  const TriangleSurfaceMesh derived(t, v);
  CHECK(mesh.Equal(derived));
  for (int f = 0; f < 2; ++f) {
    CHECK(mesh.face_normal(f) == normals[f]);
    CHECK(mesh.area(f) == areas[f]);
    CHECK(mesh.element_centroid(f) == centroids[f]);
    CHECK(mesh.face_normal(f).isApprox(derived.face_normal(f), 1e-15));
    CHECK(mesh.area(f) == Approx(derived.area(f)).epsilon(1e-15));
    CHECK(mesh.element_centroid(f).isApprox(derived.element_centroid(f), 1e-15));
  }
  CHECK(mesh.total_area() == 3.5);
  CHECK(mesh.centroid().isApprox(derived.centroid(), 1e-15));
}

TEST_CASE("Triangle mesh: AdoptArrays rejects per-face data of the wrong length, leaving it empty",
          "[triangle_mesh][errors]") {
  // AdoptArrays trusts the producer for everything else (see its @pre).
  const std::vector<TriangleSurfaceMesh::Element> t{{0, 1, 2}};
  const std::vector<Eigen::Vector3d> v{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const std::vector<Eigen::Vector3d> n{{0, 0, 1}};
  const std::vector<double> a{0.5};
  const std::vector<Eigen::Vector3d> c{{1.0 / 3, 1.0 / 3, 0}};
  TriangleSurfaceMesh mesh;
  auto assign = [&](const std::vector<Eigen::Vector3d>& nn, const std::vector<double>& aa,
                    const std::vector<Eigen::Vector3d>& cc) {
    AdoptTriangles(&mesh, t, v, n, a, c);
    REQUIRE(mesh.num_triangles() == 1);
    AdoptTriangles(&mesh, t, v, nn, aa, cc);
  };
  CHECK_THROWS_WITH(assign({}, a, c),
                    Contains("per-face data of the wrong length for 1 faces: 0 normals, 1 areas"));
  CHECK(mesh.num_triangles() == 0);
  CHECK(mesh.num_vertices() == 0);
  CHECK(mesh.total_area() == 0);
  CHECK_THROWS_WITH(assign(n, {0.5, 1}, c), Contains("2 areas"));
  CHECK_THROWS_WITH(assign(n, a, {}), Contains("0 centroids"));
}

TEST_CASE("Triangle mesh: ReleaseArrays hands the storage out and AdoptArrays takes it back",
          "[triangle_mesh]") {
  // The right triangle (0,0,0), (2,0,0), (0,3,0): area 3, normal +z.
  TriangleSurfaceMesh mesh({{0, 1, 2}}, {{0, 0, 0}, {2, 0, 0}, {0, 3, 0}});
  const Eigen::Vector3d* vertex_storage = mesh.vertices().data();
  TriangleSurfaceMesh::Arrays arrays = mesh.ReleaseArrays();
  CHECK(mesh.num_triangles() == 0);
  CHECK(mesh.num_vertices() == 0);
  CHECK(mesh.total_area() == 0);
  // The very storage, not a copy, with the per-face data computed on
  // construction.
  CHECK(arrays.vertices.data() == vertex_storage);
  REQUIRE(arrays.areas.size() == 1);
  CHECK(arrays.areas[0] == 3);
  CHECK(arrays.face_normals[0] == Eigen::Vector3d(0, 0, 1));
  // The totals come out too: area 3, centroid (2/3, 1, 0).
  CHECK(arrays.total_area == 3);
  CHECK(arrays.centroid.isApprox(Eigen::Vector3d(2.0 / 3, 1, 0), 1e-15));
  // Scaled by 2 in place by a producer that updates the face data and the
  // totals: area 12, centroid (4/3, 2, 0).
  for (Eigen::Vector3d& v : arrays.vertices) v *= 2;
  arrays.areas[0] = 12;
  arrays.centroids[0] *= 2;
  arrays.total_area = 12;
  arrays.centroid *= 2;
  mesh.AdoptArrays(std::move(arrays));
  CHECK(mesh.vertices().data() == vertex_storage);
  CHECK(mesh.total_area() == 12);
  CHECK(mesh.centroid().isApprox(Eigen::Vector3d(4.0 / 3, 2, 0), 1e-15));
}

}  // namespace
}  // namespace hydrocontact
