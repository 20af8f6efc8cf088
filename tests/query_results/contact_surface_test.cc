#include "query_results/contact_surface.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// The unit square [0,1]² in the plane z = 0 of W as two triangles whose
// right-hand normal is +z.
TriangleSurfaceMesh UnitSquareTriangles() {
  return TriangleSurfaceMesh({{0, 1, 2}, {0, 2, 3}},
                             {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(1, 1, 0),
                              Vector3d(0, 1, 0)});
}

// Two polygons in z = 0 with normal +z: the unit square and the triangle
// (1,0), (2,0), (1,1) next to it.
PolygonSurfaceMesh SquareAndTriangle() {
  return PolygonSurfaceMesh({4, 0, 1, 2, 3, 3, 1, 4, 2},
                            {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(1, 1, 0),
                             Vector3d(0, 1, 0), Vector3d(2, 0, 0)});
}

struct Ids {
  GeometryId low = GeometryId::get_new_id();
  GeometryId high = GeometryId::get_new_id();
};

TEST_CASE("Triangle representation: accessors and per-face quantities", "[contact_surface]") {
  const Ids ids;
  const TriangleSurfaceMesh mesh = UnitSquareTriangles();
  // Pressure p = 10 + 2x + 3y at the vertices: linear, so each face's field
  // gradient is exactly (2, 3, 0).
  TriangleSurfaceMeshFieldLinear field({10, 12, 15, 13}, mesh);
  const std::vector<Vector3d> grad_M{Vector3d(0, 0, 5), Vector3d(0, 0, 6)};
  const ContactSurface s(ids.low, ids.high, mesh, field, grad_M);

  CHECK(s.id_M() == ids.low);
  CHECK(s.id_N() == ids.high);
  CHECK(s.is_triangle());
  CHECK(s.representation() == HydroelasticContactRepresentation::kTriangle);
  CHECK(s.num_faces() == 2);
  CHECK(s.num_vertices() == 4);
  // Each half of the unit square has area 1/2; the whole has area 1 and
  // centroid (1/2, 1/2, 0).
  CHECK(s.area(0) == Approx(0.5));
  CHECK(s.area(1) == Approx(0.5));
  CHECK(s.total_area() == Approx(1.0));
  CHECK(s.centroid().isApprox(Vector3d(0.5, 0.5, 0)));
  // Triangle centroids are vertex means.
  CHECK(s.centroid(0).isApprox(Vector3d(2.0 / 3, 1.0 / 3, 0)));
  CHECK(s.centroid(1).isApprox(Vector3d(1.0 / 3, 2.0 / 3, 0)));
  CHECK(s.face_normal(0).isApprox(Vector3d::UnitZ()));
  CHECK(s.tri_e_MN().EvaluateGradient(0).isApprox(Vector3d(2, 3, 0)));
  CHECK(s.tri_mesh_W().num_triangles() == 2);

  CHECK(s.HasGradE_M());
  CHECK_FALSE(s.HasGradE_N());
  CHECK(s.EvaluateGradE_M_W(1) == Vector3d(0, 0, 6));
  CHECK_THROWS_AS(s.EvaluateGradE_N_W(0), std::logic_error);
  CHECK_THROWS_AS(s.poly_mesh_W(), std::logic_error);
  CHECK_THROWS_AS(s.poly_e_MN(), std::logic_error);
  CHECK_THROWS_AS(s.area(2), std::out_of_range);
  CHECK_THROWS_AS(s.face_normal(-1), std::out_of_range);
  CHECK_THROWS_AS(s.EvaluateGradE_M_W(2), std::out_of_range);
}

TEST_CASE("Polygon representation: accessors and per-face quantities", "[contact_surface]") {
  const Ids ids;
  const PolygonSurfaceMesh mesh = SquareAndTriangle();
  PolygonSurfaceMeshFieldLinear field({0, 1, 1, 0, 2}, mesh);  // p = x
  const ContactSurface s(ids.low, ids.high, mesh, field, std::nullopt,
                         std::vector<Vector3d>{Vector3d(1, 2, 3), Vector3d(4, 5, 6)});
  CHECK_FALSE(s.is_triangle());
  CHECK(s.representation() == HydroelasticContactRepresentation::kPolygon);
  CHECK(s.num_faces() == 2);
  CHECK(s.num_vertices() == 5);
  // Square: area 1, centroid (1/2, 1/2); triangle: area 1/2, centroid
  // (4/3, 1/3). Total 3/2, centroid (1·(1/2) + ½·(4/3), 1·(1/2) + ½·(1/3))/(3/2).
  CHECK(s.area(0) == Approx(1.0));
  CHECK(s.area(1) == Approx(0.5));
  CHECK(s.total_area() == Approx(1.5));
  CHECK(s.centroid(1).isApprox(Vector3d(4.0 / 3, 1.0 / 3, 0)));
  CHECK(s.centroid().isApprox(Vector3d((0.5 + 2.0 / 3) / 1.5, (0.5 + 1.0 / 6) / 1.5, 0)));
  CHECK(s.face_normal(1).isApprox(Vector3d::UnitZ()));
  CHECK(s.poly_e_MN().EvaluateGradient(0).isApprox(Vector3d(1, 0, 0)));
  CHECK_FALSE(s.HasGradE_M());
  CHECK(s.HasGradE_N());
  CHECK(s.EvaluateGradE_N_W(1) == Vector3d(4, 5, 6));
  CHECK_THROWS_AS(s.EvaluateGradE_M_W(0), std::logic_error);
  CHECK_THROWS_AS(s.tri_mesh_W(), std::logic_error);
  CHECK_THROWS_AS(s.tri_e_MN(), std::logic_error);
  CHECK_THROWS_AS(s.centroid(2), std::out_of_range);
}

TEST_CASE("Ids given in decreasing order are swapped, normals and gradients flipped",
          "[contact_surface]") {
  const Ids ids;
  SECTION("triangles") {
    const TriangleSurfaceMesh mesh = UnitSquareTriangles();
    TriangleSurfaceMeshFieldLinear field({10, 12, 15, 13}, mesh);
    const std::vector<Vector3d> grad_first{Vector3d(0, 0, 5), Vector3d(0, 0, 6)};
    const ContactSurface s(ids.high, ids.low, mesh, field, grad_first);
    CHECK(s.id_M() == ids.low);
    CHECK(s.id_N() == ids.high);
    // The geometry given first (now N) had the gradients and the normals
    // pointed into it: now they point out of N, i.e. −z.
    CHECK_FALSE(s.HasGradE_M());
    REQUIRE(s.HasGradE_N());
    CHECK(s.EvaluateGradE_N_W(1) == Vector3d(0, 0, 6));
    for (int f = 0; f < s.num_faces(); ++f) {
      CHECK(s.face_normal(f).isApprox(-Vector3d::UnitZ()));
      CHECK(s.area(f) == Approx(0.5));
    }
    // Values and their gradients do not depend on the winding.
    CHECK(s.tri_e_MN().values() == field.values());
    CHECK(s.tri_e_MN().EvaluateGradient(0).isApprox(Vector3d(2, 3, 0)));
    CHECK(s.tri_mesh_W().vertices() == mesh.vertices());
  }
  SECTION("polygons") {
    const PolygonSurfaceMesh mesh = SquareAndTriangle();
    PolygonSurfaceMeshFieldLinear field({0, 1, 1, 0, 2}, mesh);
    const ContactSurface s(ids.high, ids.low, mesh, field, std::nullopt,
                           std::vector<Vector3d>{Vector3d(1, 2, 3), Vector3d(4, 5, 6)});
    CHECK(s.id_M() == ids.low);
    REQUIRE(s.HasGradE_M());
    CHECK_FALSE(s.HasGradE_N());
    CHECK(s.EvaluateGradE_M_W(0) == Vector3d(1, 2, 3));
    CHECK(s.face_normal(0).isApprox(-Vector3d::UnitZ()));
    CHECK(s.face_normal(1).isApprox(-Vector3d::UnitZ()));
    CHECK(s.total_area() == Approx(1.5));
    CHECK(s.centroid(0).isApprox(Vector3d(0.5, 0.5, 0)));
  }
}

TEST_CASE("Equal is a deep exact comparison, copies and moves preserve it", "[contact_surface]") {
  const Ids ids;
  const TriangleSurfaceMesh mesh = UnitSquareTriangles();
  TriangleSurfaceMeshFieldLinear field({10, 12, 15, 13}, mesh);
  const std::vector<Vector3d> grad{Vector3d(0, 0, 5), Vector3d(0, 0, 6)};
  const ContactSurface s(ids.low, ids.high, mesh, field, grad, grad);

  ContactSurface copy = s;
  CHECK(copy.Equal(s));
  ContactSurface moved = std::move(copy);
  CHECK(moved.Equal(s));
  ContactSurface assigned(ids.low, ids.high, PolygonSurfaceMesh(SquareAndTriangle()),
                          PolygonSurfaceMeshFieldLinear({0, 1, 1, 0, 2}, SquareAndTriangle()));
  CHECK_FALSE(assigned.Equal(s));  // different representation
  assigned = s;
  CHECK(assigned.Equal(s));

  // One changed pressure value.
  TriangleSurfaceMeshFieldLinear other_field({10, 12, 15, 13.5}, mesh);
  CHECK_FALSE(ContactSurface(ids.low, ids.high, mesh, other_field, grad, grad).Equal(s));
  // One changed gradient.
  std::vector<Vector3d> other_grad = grad;
  other_grad[1].x() = 1e-300;
  CHECK_FALSE(ContactSurface(ids.low, ids.high, mesh, field, grad, other_grad).Equal(s));
  // A missing gradient array.
  CHECK_FALSE(ContactSurface(ids.low, ids.high, mesh, field, grad).Equal(s));
  // Other ids.
  const Ids other_ids;
  CHECK_FALSE(ContactSurface(other_ids.low, other_ids.high, mesh, field, grad, grad).Equal(s));
  // A moved vertex.
  std::vector<Vector3d> vertices = mesh.vertices();
  vertices[2].z() = 1e-9;
  TriangleSurfaceMesh moved_mesh(mesh.triangles(), vertices);
  CHECK_FALSE(ContactSurface(ids.low, ids.high, moved_mesh,
                             TriangleSurfaceMeshFieldLinear(field.values(), moved_mesh), grad, grad)
                  .Equal(s));

  // NaN is unequal to itself, so a surface holding one is unequal to its copy.
  std::vector<Vector3d> nan_grad = grad;
  nan_grad[0].y() = std::numeric_limits<double>::quiet_NaN();
  const ContactSurface with_nan(ids.low, ids.high, mesh, field, nan_grad);
  const ContactSurface nan_copy = with_nan;
  CHECK_FALSE(nan_copy.Equal(with_nan));
}

TEST_CASE("Bad construction arguments throw, naming the problem", "[contact_surface]") {
  const Ids ids;
  const TriangleSurfaceMesh mesh = UnitSquareTriangles();
  TriangleSurfaceMeshFieldLinear field({10, 12, 15, 13}, mesh);
  const std::vector<Vector3d> one_gradient{Vector3d(0, 0, 1)};
  CHECK_THROWS_WITH(ContactSurface(ids.low, ids.high, mesh, field, one_gradient),
                    Catch::Contains("grad_eM_W has 1 entries for a mesh of 2 faces"));
  CHECK_THROWS_WITH(ContactSurface(ids.low, ids.high, mesh, field, std::nullopt, one_gradient),
                    Catch::Contains("grad_eN_W has 1 entries"));
  CHECK_THROWS_WITH(ContactSurface(ids.low, ids.low, mesh, field),
                    Catch::Contains("id_M and id_N are both"));
  // A field built for a different mesh.
  const TriangleSurfaceMesh triangle({{0, 1, 2}},
                                     {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0)});
  TriangleSurfaceMeshFieldLinear small_field({1, 2, 3}, triangle);
  CHECK_THROWS_WITH(ContactSurface(ids.low, ids.high, mesh, small_field),
                    Catch::Contains("3 values for a mesh of 4 vertices"));
  // ... or for a mesh with as many vertices but fewer faces: its one
  // gradient would be read for face 1 too. Refused in either id order.
  const TriangleSurfaceMesh one_face({{0, 1, 2}}, mesh.vertices());
  const TriangleSurfaceMeshFieldLinear one_face_field({10, 12, 15, 13}, one_face);
  for (const auto& [m, n] : {std::pair(ids.low, ids.high), std::pair(ids.high, ids.low)}) {
    CHECK_THROWS_WITH(ContactSurface(m, n, mesh, one_face_field),
                      Catch::Contains("1 face gradients for a mesh of 2 faces"));
  }
}

TEST_CASE("Representation names", "[contact_surface]") {
  CHECK(std::string(to_string(HydroelasticContactRepresentation::kTriangle)) == "triangle");
  CHECK(std::string(to_string(HydroelasticContactRepresentation::kPolygon)) == "polygon");
}

TEST_CASE("AssignTriangles/AssignPolygons equal the constructors and reuse storage", "[contact_surface]") {
  const Ids ids;
  const TriangleSurfaceMesh tri = UnitSquareTriangles();
  const std::vector<double> tri_p{10, 12, 15, 13};
  const std::vector<Vector3d> tri_grad{Vector3d(1, 2, 3), Vector3d(4, 5, 6)};
  const PolygonSurfaceMesh poly = SquareAndTriangle();
  const std::vector<double> poly_p{1, 2, 3, 4, 5};
  const std::vector<Vector3d> poly_grad{Vector3d(1, 0, 0), Vector3d(0, 1, 0)};
  ContactSurface reused;  // The empty placeholder.
  CHECK(reused.num_faces() == 0);
  // Ids in decreasing order: the same swap and flip as the constructor's.
  for (const auto& [m, n] : {std::pair(ids.low, ids.high), std::pair(ids.high, ids.low)}) {
    const ContactSurface expected(m, n, tri, TriangleSurfaceMeshFieldLinear(tri_p, tri), tri_grad, std::nullopt);
    reused.AssignTriangles(m, n, tri.triangles(), tri.vertices(), tri_p, tri_grad, std::nullopt);
    CHECK(reused.Equal(expected));
    CHECK(reused.HasGradE_M() == expected.HasGradE_M());
    CHECK(reused.area(1) == expected.area(1));
    const ContactSurface expected_poly(m, n, poly, PolygonSurfaceMeshFieldLinear(poly_p, poly), std::nullopt,
                                       poly_grad);
    reused.AssignPolygons(m, n, poly.face_data(), poly.vertices(), poly_p, std::nullopt, poly_grad);
    CHECK(reused.Equal(expected_poly));
    CHECK(reused.centroid() == expected_poly.centroid());
  }
  // Refilling with data of the same size keeps the storage: the vertex array
  // is the same allocation.
  reused.AssignTriangles(ids.low, ids.high, tri.triangles(), tri.vertices(), tri_p, std::nullopt, std::nullopt);
  const Vector3d* storage = reused.tri_mesh_W().vertices().data();
  std::vector<Vector3d> moved = tri.vertices();
  for (Vector3d& v : moved) v.z() += 1;
  reused.AssignTriangles(ids.low, ids.high, tri.triangles(), moved, tri_p, std::nullopt, std::nullopt);
  CHECK(reused.tri_mesh_W().vertices().data() == storage);
  CHECK(reused.centroid().z() == 1.0);
  // Bad input throws as the constructor does and leaves the surface empty.
  const std::vector<double> two_values{1.0, 2.0};
  CHECK_THROWS_WITH(reused.AssignTriangles(ids.low, ids.high, tri.triangles(), tri.vertices(), two_values,
                                           std::nullopt, std::nullopt),
                    Catch::Contains("2 values for a mesh of 4 vertices"));
  CHECK(reused.num_faces() == 0);
  CHECK_THROWS_WITH(reused.AssignTriangles(ids.low, ids.high, tri.triangles(), tri.vertices(), tri_p,
                                           std::vector<Vector3d>{Vector3d::Zero()}, std::nullopt),
                    Catch::Contains("grad_eM_W has 1 entries for a mesh of 2 faces"));
  CHECK(reused.num_faces() == 0);
  CHECK_THROWS_WITH(reused.AssignPolygons(ids.low, ids.low, poly.face_data(), poly.vertices(), poly_p,
                                          std::nullopt, std::nullopt),
                    Catch::Contains("a contact surface needs two geometries"));
}

TEST_CASE("ReleaseArrays/AdoptArrays: a producer's arrays make the surface the constructors make",
          "[contact_surface]") {
  const Ids ids;
  // The unit square's triangles: areas ½, normals +z, centroids
  // (2/3, 1/3, 0) and (1/3, 2/3, 0). The pressure 10 + 2x + 3y is linear,
  // so its in-face gradient on both is (2, 3, 0).
  const TriangleSurfaceMesh tri = UnitSquareTriangles();
  const std::vector<double> tri_p{10, 12, 15, 13};
  const std::vector<Vector3d> grad_M{Vector3d(0, 0, 7), Vector3d(0, 0, 8)};
  for (const auto& [m, n] : {std::pair(ids.low, ids.high), std::pair(ids.high, ids.low)}) {
    const ContactSurface expected(m, n, tri, TriangleSurfaceMeshFieldLinear(tri_p, tri), grad_M,
                                  std::nullopt);
    ContactSurface s;
    ContactSurfaceArrays arrays = s.ReleaseArrays();
    arrays.tri_mesh_W.triangles = tri.triangles();
    arrays.tri_mesh_W.vertices = tri.vertices();
    arrays.tri_mesh_W.face_normals = {Vector3d(0, 0, 1), Vector3d(0, 0, 1)};
    arrays.tri_mesh_W.areas = {0.5, 0.5};
    arrays.tri_mesh_W.centroids = {Vector3d(2.0 / 3, 1.0 / 3, 0), Vector3d(1.0 / 3, 2.0 / 3, 0)};
    arrays.tri_e_MN.values = tri_p;
    arrays.tri_e_MN.gradients = {Vector3d(2, 3, 0), Vector3d(2, 3, 0)};
    // The offsets: the pressure 10 + 2x + 3y at the origin, on both faces;
    // the totals: area 1, centroid (½, ½, 0).
    arrays.tri_e_MN.offsets = {10, 10};
    arrays.tri_mesh_W.total_area = 1;
    arrays.tri_mesh_W.centroid = Vector3d(0.5, 0.5, 0);
    arrays.grad_eM_W = grad_M;
    s.AdoptArrays(m, n, HydroelasticContactRepresentation::kTriangle, true, false, std::move(arrays));
    // Given in the other order, the ids swap, the faces reverse and the
    // gradient trades places, as in the constructor.
    CHECK(s.Equal(expected));
    for (int f = 0; f < 2; ++f) {
      CHECK(s.face_normal(f) == expected.face_normal(f));
      CHECK(s.area(f) == expected.area(f));
      CHECK(s.centroid(f).isApprox(expected.centroid(f), 1e-15));
      // Linear data: the field evaluates exactly at any point.
      const Vector3d p(0.3, 0.4, 0);
      CHECK(s.tri_e_MN().EvaluateCartesian(f, p) == Approx(10 + 2 * 0.3 + 3 * 0.4).epsilon(1e-15));
    }
    CHECK(s.total_area() == 1);
  }
  // The square and the triangle (1,0), (2,0), (1,1) next to it (areas 1 and
  // ½, centroids (½, ½, 0) and (4/3, 1/3, 0)) with the pressure 1 + x + y,
  // gradient (1, 1, 0). Data of the wrong length throws and leaves the
  // surface empty.
  const PolygonSurfaceMesh poly = SquareAndTriangle();
  const std::vector<double> poly_p{1, 2, 3, 2, 3};
  auto polygon_arrays = [&](ContactSurface* s) {
    ContactSurfaceArrays arrays = s->ReleaseArrays();
    arrays.poly_mesh_W.face_data = poly.face_data();
    arrays.poly_mesh_W.vertices = poly.vertices();
    arrays.poly_mesh_W.face_normals = {Vector3d(0, 0, 1), Vector3d(0, 0, 1)};
    arrays.poly_mesh_W.areas = {1, 0.5};
    arrays.poly_mesh_W.centroids = {Vector3d(0.5, 0.5, 0), Vector3d(4.0 / 3, 1.0 / 3, 0)};
    arrays.poly_e_MN.values = poly_p;
    arrays.poly_e_MN.gradients = {Vector3d(1, 1, 0), Vector3d(1, 1, 0)};
    // Pressure 1 + x + y: offset 1 on both. The square's data starts at 0,
    // the triangle's at 5. Totals: area 1.5, centroid (1·(½, ½) + ½·(4/3,
    // 1/3)) / 1.5 = (7/9, 4/9, 0).
    arrays.poly_e_MN.offsets = {1, 1};
    arrays.poly_mesh_W.face_offsets = {0, 5};
    arrays.poly_mesh_W.total_area = 1.5;
    arrays.poly_mesh_W.centroid = Vector3d(7.0 / 9, 4.0 / 9, 0);
    return arrays;
  };
  const auto kPolygon = HydroelasticContactRepresentation::kPolygon;
  ContactSurface s;
  s.AdoptArrays(ids.low, ids.high, kPolygon, false, false, polygon_arrays(&s));
  const ContactSurface expected(ids.low, ids.high, poly, PolygonSurfaceMeshFieldLinear(poly_p, poly));
  CHECK(s.Equal(expected));
  CHECK(s.centroid().isApprox(expected.centroid(), 1e-15));
  // The storage goes round: released and adopted again, it is the same.
  const Vector3d* storage = s.poly_mesh_W().vertices().data();
  ContactSurfaceArrays again = polygon_arrays(&s);
  CHECK(again.poly_mesh_W.vertices.data() != nullptr);
  s.AdoptArrays(ids.low, ids.high, kPolygon, false, false, std::move(again));
  CHECK(s.poly_mesh_W().vertices().data() == storage);
  CHECK(s.Equal(expected));
  // Released, a surface with ids and a gradient is what a default one is:
  // invalid ids, the triangle representation, no faces, vertices, values or
  // gradients, zero area.
  {
    ContactSurface with_gradient;
    ContactSurfaceArrays arrays = polygon_arrays(&with_gradient);
    arrays.grad_eM_W = {Vector3d(1, 0, 0), Vector3d(0, 1, 0)};
    with_gradient.AdoptArrays(ids.high, ids.low, kPolygon, true, false, std::move(arrays));
    REQUIRE(with_gradient.HasGradE_N());
    const ContactSurfaceArrays out = with_gradient.ReleaseArrays();
    CHECK(out.grad_eN_W.size() == 2);
    CHECK_FALSE(with_gradient.id_M().is_valid());
    CHECK_FALSE(with_gradient.id_N().is_valid());
    CHECK(with_gradient.is_triangle());
    CHECK_FALSE(with_gradient.HasGradE_M());
    CHECK_FALSE(with_gradient.HasGradE_N());
    CHECK(with_gradient.num_faces() == 0);
    CHECK(with_gradient.total_area() == 0);
    CHECK(with_gradient.tri_mesh_W().num_vertices() == 0);
    CHECK(with_gradient.tri_e_MN().values().empty());
    // Nothing is left behind in the polygon mesh and field either: released
    // again, every array comes out empty and the totals zero.
    const ContactSurfaceArrays none = with_gradient.ReleaseArrays();
    const PolygonSurfaceMesh::Arrays& p = none.poly_mesh_W;
    CHECK((p.face_data.empty() && p.face_offsets.empty() && p.vertices.empty() &&
           p.face_normals.empty() && p.areas.empty() && p.centroids.empty()));
    CHECK(p.total_area == 0);
    CHECK(p.centroid == Vector3d::Zero());
    CHECK((none.poly_e_MN.values.empty() && none.poly_e_MN.gradients.empty() &&
           none.poly_e_MN.offsets.empty()));
    CHECK((none.grad_eM_W.empty() && none.grad_eN_W.empty()));
  }

  ContactSurfaceArrays short_gradients = polygon_arrays(&s);
  short_gradients.poly_e_MN.gradients.resize(1);
  CHECK_THROWS_WITH(s.AdoptArrays(ids.low, ids.high, kPolygon, false, false, std::move(short_gradients)),
                    Catch::Contains("1 gradients and 2 offsets given for 5 vertices and 2 elements"));
  CHECK(s.num_faces() == 0);
  ContactSurfaceArrays short_areas = polygon_arrays(&s);
  short_areas.poly_mesh_W.areas.resize(1);
  CHECK_THROWS_WITH(s.AdoptArrays(ids.low, ids.high, kPolygon, false, false, std::move(short_areas)),
                    Catch::Contains("1 areas"));
  CHECK(s.num_faces() == 0);
  ContactSurfaceArrays short_grad_M = polygon_arrays(&s);
  short_grad_M.grad_eM_W = {Vector3d(1, 0, 0)};
  CHECK_THROWS_WITH(s.AdoptArrays(ids.low, ids.high, kPolygon, true, false, std::move(short_grad_M)),
                    Catch::Contains("grad_eM_W has 1 entries for a mesh of 2 faces"));
  CHECK(s.num_faces() == 0);
}

}  // namespace
}  // namespace hydrocontact
