#include "mesh/polygon_surface_mesh.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

// Hands copies of the arrays to mesh->AdoptArrays with the derived data a
// producer fills in (polygon offsets, totals), as the builder would.
void AdoptPolygons(PolygonSurfaceMesh* mesh, const std::vector<int>& faces,
           const std::vector<Eigen::Vector3d>& vertices, const std::vector<Eigen::Vector3d>& normals,
           const std::vector<double>& areas, const std::vector<Eigen::Vector3d>& centroids) {
  PolygonSurfaceMesh::Arrays arrays;
  arrays.face_data = faces;
  arrays.vertices = vertices;
  arrays.face_normals = normals;
  arrays.areas = areas;
  arrays.centroids = centroids;
  for (size_t i = 0; i < faces.size(); i += 1 + faces[i]) arrays.face_offsets.push_back(int(i));
  // The totals a producer sums: Σ A_f and Σ A_f c_f / Σ A_f (over the
  // faces both arrays have: tests give arrays of the wrong length too).
  for (size_t f = 0; f < std::min(areas.size(), centroids.size()); ++f) {
    arrays.total_area += areas[f];
    arrays.centroid += areas[f] * centroids[f];
  }
  if (arrays.total_area > 0) arrays.centroid /= arrays.total_area;
  mesh->AdoptArrays(std::move(arrays));
}

TEST_CASE("Polygon mesh: a convex quad's area and centroid match the shoelace formula", "[polygon_mesh]") {
  // The quad (0,0), (2,0), (2,1), (0,2): shoelace area ½Σ(xᵢyᵢ₊₁ − xᵢ₊₁yᵢ)
  // = ½(0 + 2 + 4 + 0) = 3; centroid (1/6A)Σ(xᵢ+xᵢ₊₁)(xᵢyᵢ₊₁ − xᵢ₊₁yᵢ)
  // = (16/18, 14/18) = (8/9, 7/9). Placed in a tilted plane by a rotation R
  // and a shift, the area is unchanged and the normal is R·ẑ.
  const Eigen::Matrix3d R = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, -1, 2).normalized()).toRotationMatrix();
  const Eigen::Vector3d shift(0.5, -3, 2);
  std::vector<Eigen::Vector3d> v;
  for (const auto& p2 : {Eigen::Vector2d(0, 0), Eigen::Vector2d(2, 0), Eigen::Vector2d(2, 1), Eigen::Vector2d(0, 2)}) {
    v.push_back(R * Eigen::Vector3d(p2.x(), p2.y(), 0) + shift);
  }
  const PolygonSurfaceMesh mesh({4, 0, 1, 2, 3}, v);
  CHECK(mesh.num_faces() == 1);
  CHECK(mesh.num_polygon_vertices(0) == 4);
  CHECK(mesh.area(0) == Approx(3).epsilon(1e-14));
  CHECK(mesh.face_normal(0).isApprox(R * Eigen::Vector3d::UnitZ(), 1e-14));
  CHECK(mesh.element_centroid(0).isApprox(R * Eigen::Vector3d(8.0 / 9, 7.0 / 9, 0) + shift, 1e-14));
  CHECK(mesh.centroid().isApprox(mesh.element_centroid(0), 1e-15));
}

TEST_CASE("Polygon mesh: regular hexagon, mixed faces and the flat face data", "[polygon_mesh]") {
  // Regular hexagon of side s: area (3√3/2)s², centroid at its centre.
  const double s = 0.3;
  std::vector<Eigen::Vector3d> v;
  for (int k = 0; k < 6; ++k) v.emplace_back(1 + s * std::cos(k * M_PI / 3), s * std::sin(k * M_PI / 3), 0);
  // Plus a unit square (area 1, centroid (−1.5, 0.5)) listed clockwise from
  // +z, so its normal is −z.
  v.insert(v.end(), {{-2, 0, 0}, {-2, 1, 0}, {-1, 1, 0}, {-1, 0, 0}});
  const std::vector<int> face_data{6, 0, 1, 2, 3, 4, 5, 4, 6, 7, 8, 9};
  const PolygonSurfaceMesh mesh(face_data, v);
  REQUIRE(mesh.num_faces() == 2);
  CHECK(mesh.face_data() == face_data);
  CHECK(mesh.polygon(1).size() == 4);
  CHECK(mesh.polygon(1)[2] == 8);
  CHECK(mesh.area(0) == Approx(1.5 * std::sqrt(3.0) * s * s).epsilon(1e-14));
  CHECK(mesh.element_centroid(0).isApprox(Eigen::Vector3d(1, 0, 0), 1e-14));
  CHECK(mesh.face_normal(0) == Eigen::Vector3d(0, 0, 1));
  CHECK(mesh.area(1) == 1);
  CHECK(mesh.face_normal(1) == Eigen::Vector3d(0, 0, -1));
  const double a0 = mesh.area(0);
  CHECK(mesh.total_area() == Approx(a0 + 1).epsilon(1e-15));
  CHECK(mesh.centroid().isApprox((a0 * Eigen::Vector3d(1, 0, 0) + Eigen::Vector3d(-1.5, 0.5, 0)) / (a0 + 1), 1e-14));
  const Aabb box = mesh.CalcBoundingBox();
  CHECK(box.min.isApprox(Eigen::Vector3d(-2, -s * std::sin(M_PI / 3), 0), 1e-15));
  CHECK(box.max == Eigen::Vector3d(1 + s, 1, 0));
  CHECK(mesh.Equal(PolygonSurfaceMesh(face_data, v)));
  CHECK_FALSE(mesh.Equal(PolygonSurfaceMesh({6, 0, 1, 2, 3, 4, 5}, v)));
}

TEST_CASE("Polygon mesh: bad input names the face", "[polygon_mesh][errors]") {
  std::vector<Eigen::Vector3d> v;
  for (int k = 0; k < 20; ++k) v.emplace_back(std::cos(k * 0.3), std::sin(k * 0.3), 0);
  // 20, 21, 22: collinear.
  v.emplace_back(2, 0, 0);
  v.emplace_back(3, 0, 0);
  v.emplace_back(4, 0, 0);
  auto make = [&](std::vector<int> data) { return PolygonSurfaceMesh(std::move(data), v); };
  CHECK_THROWS_AS(make({2, 0, 1}), std::invalid_argument);
  CHECK_THROWS_WITH(make({3, 0, 1, 2, 2, 0, 1}), Contains("face 1 has 2 vertices; polygons need 3 to 16"));
  std::vector<int> seventeen{17};
  for (int k = 0; k < 17; ++k) seventeen.push_back(k);
  CHECK_THROWS_WITH(make(seventeen), Contains("face 0 has 17 vertices"));
  CHECK_THROWS_WITH(make({3, 0, 1, 2, 4, 0, 1}), Contains("face 1 announces 4 vertices but the face data ends after 2"));
  CHECK_THROWS_WITH(make({3, 0, 1, 23}), Contains("face 0 refers to vertex 23, out of range [0, 23)"));
  CHECK_THROWS_WITH(make({3, 0, 1, 2, 4, 3, 4, 5, 3}), Contains("face 1 uses vertex 3 twice"));
  CHECK_THROWS_WITH(make({3, 20, 21, 22}), Contains("face 0 is degenerate (zero area)"));
  v[5].z() = NAN;
  CHECK_THROWS_WITH(make({3, 0, 1, 2}), Contains("vertex 5 has a non-finite coordinate"));
}

TEST_CASE("Polygon mesh: polygons that are not planar or not convex are refused",
          "[polygon_mesh][errors]") {
  auto make = [](std::vector<Eigen::Vector3d> vertices, std::vector<int> face_data) {
    return PolygonSurfaceMesh(std::move(face_data), std::move(vertices));
  };
  // A pentagon with a notch: (1, 0.2) lies inside the triangle of its
  // neighbours (2, 0) and (2, 2), so the walk turns clockwise there.
  CHECK_THROWS_WITH(make({{0, 0, 0}, {2, 0, 0}, {1, 0.2, 0}, {2, 2, 0}, {0, 2, 0}}, {5, 0, 1, 2, 3, 4}),
                    Contains("face 0 is not convex: at vertex 2 it turns clockwise about its normal"));
  // A quad with one corner lifted by 1: the fan from vertex 0 gives the
  // area vector (1, 0, 0) × (1, 1, 1) + (1, 1, 1) × (0, 1, 0) =
  // (0, −1, 1) + (−1, 0, 1) = (−1, −1, 2), so n̂ = (−1, −1, 2)/√6, and
  // vertex 1, (1, 0, 0), lies n̂·(1, 0, 0) = −1/√6 = −0.408248 m off the
  // plane through vertex 0 (the first vertex checked).
  CHECK_THROWS_WITH(make({{0, 0, 0}, {1, 0, 0}, {1, 1, 1}, {0, 1, 0}}, {4, 0, 1, 2, 3}),
                    Contains("face 0 is not planar: its vertex 1 lies -0.408248 m off the plane"));
  // A pentagram: the corners of a regular pentagon taken every second one
  // turn the same way at every corner but wind twice, so the fan from
  // vertex 0 has clockwise triangles.
  std::vector<Eigen::Vector3d> pentagon;
  for (int k = 0; k < 5; ++k) pentagon.emplace_back(std::cos(2 * M_PI * k / 5), std::sin(2 * M_PI * k / 5), 0);
  CHECK_THROWS_WITH(make(pentagon, {5, 0, 2, 4, 1, 3}), Contains("face 0 is not convex: past vertex"));
  // The same corners in order: convex, accepted; and so is a polygon far
  // from the origin, whose coordinates carry round-off of 1e6·1e-16, with a
  // vertex nudged off its plane by 1e-11 m and one nearly collinear.
  CHECK(make(pentagon, {5, 0, 1, 2, 3, 4}).num_faces() == 1);
  const Eigen::Vector3d far(1e6, -1e6, 1e6);
  const PolygonSurfaceMesh far_square = make(
      {far, far + Eigen::Vector3d(0.5, 0, 0), far + Eigen::Vector3d(1, 1e-11, 0),
       far + Eigen::Vector3d(1, 1, 1e-11), far + Eigen::Vector3d(0, 1, 0)},
      {5, 0, 1, 2, 3, 4});
  CHECK(far_square.area(0) == Approx(1).epsilon(1e-9));
}

TEST_CASE("Polygon mesh: AdoptArrays keeps the given data and totals",
          "[polygon_mesh]") {
  // The unit square (area 1, normal +z, centroid (½, ½, 0)) and the triangle
  // (2,0,0), (3,0,0), (2,0,1) (area ½, normal −y, centroid (7/3, 0, 1/3)).
  const std::vector<int> faces{4, 0, 1, 2, 3, 3, 4, 5, 6};
  const std::vector<Eigen::Vector3d> v{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                       {2, 0, 0}, {3, 0, 0}, {2, 0, 1}};
  const std::vector<Eigen::Vector3d> normals{{0, 0, 1}, {0, -1, 0}};
  const std::vector<double> areas{1, 0.5};
  const std::vector<Eigen::Vector3d> centroids{{0.5, 0.5, 0}, {7.0 / 3, 0, 1.0 / 3}};
  PolygonSurfaceMesh mesh;
  AdoptPolygons(&mesh, faces, v, normals, areas, centroids);
  const PolygonSurfaceMesh derived(faces, v);
  CHECK(mesh.Equal(derived));
  CHECK(mesh.num_faces() == 2);
  CHECK(mesh.num_polygon_vertices(1) == 3);
  for (int f = 0; f < 2; ++f) {
    CHECK(mesh.face_normal(f) == normals[f]);
    CHECK(mesh.area(f) == areas[f]);
    CHECK(mesh.element_centroid(f) == centroids[f]);
    CHECK(mesh.face_normal(f).isApprox(derived.face_normal(f), 1e-15));
    CHECK(mesh.area(f) == Approx(derived.area(f)).epsilon(1e-15));
    CHECK(mesh.element_centroid(f).isApprox(derived.element_centroid(f), 1e-15));
  }
  CHECK(mesh.total_area() == 1.5);
  // (1·(½, ½, 0) + ½·(7/3, 0, 1/3)) / 1.5 = (10/9, 1/3, 1/9).
  CHECK(mesh.centroid().isApprox(Eigen::Vector3d(10.0 / 9, 1.0 / 3, 1.0 / 9), 1e-15));
}

TEST_CASE("Polygon mesh: AdoptArrays rejects per-face data of the wrong length, leaving it empty",
          "[polygon_mesh][errors]") {
  // AdoptArrays trusts the producer for everything else (see its @pre).
  const std::vector<int> faces{3, 0, 1, 2};
  const std::vector<Eigen::Vector3d> v{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const std::vector<Eigen::Vector3d> n{{0, 0, 1}};
  const std::vector<double> a{0.5};
  const std::vector<Eigen::Vector3d> c{{1.0 / 3, 1.0 / 3, 0}};
  PolygonSurfaceMesh mesh;
  AdoptPolygons(&mesh, faces, v, n, a, c);
  REQUIRE(mesh.num_faces() == 1);
  CHECK(mesh.total_area() == 0.5);
  CHECK_THROWS_WITH(AdoptPolygons(&mesh, {3, 0, 1, 2, 3, 0, 1, 2}, v, n, a, c),
                    Contains("per-face data of the wrong length for 2 faces: 1 normals"));
  CHECK(mesh.num_faces() == 0);
  CHECK(mesh.num_vertices() == 0);
  CHECK(mesh.total_area() == 0);
}

TEST_CASE("Polygon mesh: ReleaseArrays hands the storage out and AdoptArrays takes it back",
          "[polygon_mesh]") {
  // The unit square: area 1, normal +z, centroid (½, ½, 0).
  PolygonSurfaceMesh mesh({4, 0, 1, 2, 3}, {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}});
  const int* face_storage = mesh.face_data().data();
  PolygonSurfaceMesh::Arrays arrays = mesh.ReleaseArrays();
  CHECK(mesh.num_faces() == 0);
  CHECK(mesh.num_vertices() == 0);
  CHECK(arrays.face_data.data() == face_storage);
  REQUIRE(arrays.areas.size() == 1);
  CHECK(arrays.areas[0] == 1);
  CHECK(arrays.total_area == 1);
  CHECK(arrays.face_offsets == std::vector<int>{0});
  // Moved by (0, 0, 5) in place by a producer that updates the face data
  // and the totals: same area, centroid (½, ½, 5).
  for (Eigen::Vector3d& v : arrays.vertices) v.z() += 5;
  arrays.centroids[0].z() += 5;
  arrays.centroid.z() += 5;
  mesh.AdoptArrays(std::move(arrays));
  CHECK(mesh.face_data().data() == face_storage);
  CHECK(mesh.num_faces() == 1);
  CHECK(mesh.polygon(0).size() == 4);
  CHECK(mesh.total_area() == 1);
  CHECK(mesh.centroid() == Eigen::Vector3d(0.5, 0.5, 5));
}

}  // namespace
}  // namespace hydrocontact
