#include "proximity/hydroelastic/contact_surface_builder.h"

#include <array>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/proximity/hydroelastic/contact_test_meshes.h"
#include "tests/proximity/hydroelastic/split_test_support.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using Eigen::Vector4d;
using test::IntegrateForce;

// The square [0,2] × [0,1] in the plane z = 0 of F, counter-clockwise about
// +z, with pressure p = 3 + x + 2y (Pa).
ClipPolygon Rectangle() {
  ClipPolygon polygon;
  for (const Vector3d& p : {Vector3d(0, 0, 0), Vector3d(2, 0, 0), Vector3d(2, 1, 0),
                            Vector3d(0, 1, 0)}) {
    Vector4d v;
    v << p, 3 + p.x() + 2 * p.y();
    polygon.push_back(v);
  }
  return polygon;
}

const RigidTransform kX_WF = RigidTransform::FromRollPitchYaw(Vector3d(0.3, -0.2, 1.1),
                                                              Vector3d(1, -2, 0.5));

TEST_CASE("One polygon in both representations, transformed to W", "[builder]") {
  const GeometryId first = GeometryId::get_new_id();
  const GeometryId second = GeometryId::get_new_id();
  ContactPolygons polygons;
  polygons.Add(Rectangle(), Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d(0, 0, -9));
  const Vector3d nhat_W = kX_WF.RotateVector(Vector3d::UnitZ());
  // ∫ p dA over the rectangle = area · p(centroid) = 2 · (3 + 1 + 1) = 10.
  const Vector3d expected_force = 10 * nhat_W;

  const auto poly = BuildContactSurface(polygons, kX_WF, first, true, second, false,
                                        HydroelasticContactRepresentation::kPolygon);
  REQUIRE(poly.has_value());
  CHECK(poly->id_M() == first);
  CHECK(poly->num_faces() == 1);
  CHECK(poly->num_vertices() == 4);
  CHECK(poly->total_area() == Approx(2.0));
  CHECK(poly->face_normal(0).isApprox(nhat_W));
  CHECK(poly->centroid().isApprox(kX_WF * Vector3d(1, 0.5, 0)));
  CHECK(poly->poly_mesh_W().vertex(2).isApprox(kX_WF * Vector3d(2, 1, 0)));
  CHECK(IntegrateForce(*poly).isApprox(expected_force, 1e-12));
  REQUIRE(poly->HasGradE_M());
  CHECK_FALSE(poly->HasGradE_N());
  CHECK(poly->EvaluateGradE_M_W(0).isApprox(kX_WF.RotateVector(Vector3d(0, 0, 7))));

  const auto tri = BuildContactSurface(polygons, kX_WF, first, true, second, false,
                                       HydroelasticContactRepresentation::kTriangle);
  REQUIRE(tri.has_value());
  // A fan of 4 triangles around the centroid, which is a fifth vertex with
  // the mean pressure 5.
  CHECK(tri->num_faces() == 4);
  CHECK(tri->num_vertices() == 5);
  CHECK(tri->tri_mesh_W().vertex(4).isApprox(kX_WF * Vector3d(1, 0.5, 0)));
  CHECK(tri->tri_e_MN().EvaluateAtVertex(4) == Approx(5.0));
  CHECK(tri->total_area() == Approx(2.0));
  CHECK(IntegrateForce(*tri).isApprox(expected_force, 1e-12));
  for (int f = 0; f < 4; ++f) {
    CHECK(tri->face_normal(f).isApprox(nhat_W));
    CHECK(tri->EvaluateGradE_M_W(f).isApprox(kX_WF.RotateVector(Vector3d(0, 0, 7))));
  }
}

TEST_CASE("When the first id is larger, the roles swap and the faces flip", "[builder]") {
  const GeometryId low = GeometryId::get_new_id();
  const GeometryId high = GeometryId::get_new_id();
  ContactPolygons polygons;
  polygons.Add(Rectangle(), Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d(0, 0, -9));
  for (const auto representation :
       {HydroelasticContactRepresentation::kPolygon, HydroelasticContactRepresentation::kTriangle}) {
    const auto s = BuildContactSurface(polygons, kX_WF, high, true, low, true, representation);
    REQUIRE(s.has_value());
    CHECK(s->id_M() == low);
    CHECK(s->id_N() == high);
    for (int f = 0; f < s->num_faces(); ++f) {
      CHECK(s->face_normal(f).isApprox(-kX_WF.RotateVector(Vector3d::UnitZ())));
      // The old first geometry (gradient 7 ẑ) is now N.
      CHECK(s->EvaluateGradE_N_W(f).isApprox(kX_WF.RotateVector(Vector3d(0, 0, 7))));
      CHECK(s->EvaluateGradE_M_W(f).isApprox(kX_WF.RotateVector(Vector3d(0, 0, -9))));
    }
    CHECK(s->total_area() == Approx(2.0));
    CHECK(IntegrateForce(*s).isApprox(-10 * kX_WF.RotateVector(Vector3d::UnitZ()), 1e-12));
  }
}

TEST_CASE("Degenerate and mis-oriented polygons are dropped, none left gives nullopt",
          "[builder]") {
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  ContactPolygons polygons;
  // Collinear points: zero area.
  ClipPolygon collinear;
  for (double x : {0.0, 1.0, 2.0}) collinear.push_back(Vector4d(x, 0, 0, 1));
  polygons.Add(collinear, Vector3d::UnitZ(), Vector3d::Zero(), Vector3d::Zero());
  // A sliver whose area is 1e-14 of its longest edge squared.
  ClipPolygon sliver;
  sliver.push_back(Vector4d(0, 0, 0, 1));
  sliver.push_back(Vector4d(1, 0, 0, 1));
  sliver.push_back(Vector4d(0.5, 1e-14, 0, 1));
  polygons.Add(sliver, Vector3d::UnitZ(), Vector3d::Zero(), Vector3d::Zero());
  // A proper square wound against its intended normal.
  polygons.Add(Rectangle(), -Vector3d::UnitZ(), Vector3d::Zero(), Vector3d::Zero());
  for (const auto representation :
       {HydroelasticContactRepresentation::kPolygon, HydroelasticContactRepresentation::kTriangle}) {
    CHECK_FALSE(BuildContactSurface(polygons, kX_WF, a, true, b, true, representation).has_value());
  }
  polygons.Clear();
  CHECK(polygons.num_polygons() == 0);
  CHECK_FALSE(BuildContactSurface(polygons, kX_WF, a, true, b, true,
                                  HydroelasticContactRepresentation::kPolygon)
                  .has_value());
}

TEST_CASE("A fan triangle dropped mid-surface: the faces before stay, those after close the gap",
          "[builder]") {
  // Three unit squares in F's plane z = 0 (pressure 3 + x + 2y): A at
  // x ∈ [0, 1], B at [2, 3] with its corner (3, 0) listed twice, C at
  // [4, 5]. Each square is fanned around its centre into four triangles of
  // area 1/4; B's zero-length edge (3, 0)→(3, 0) makes a fan triangle of
  // area 0, dropped. So A keeps vertex slots 0–4 (centre 4) and faces 0–3
  // in place; B has 5 vertices + centre (slots 5–10) and keeps 4 faces
  // (edges 0→1, 2→3, 3→4, 4→0 of its list); C's 4 + 1 vertices move down
  // to 11–15 and its faces to 8–11.
  auto square = [](double x0, bool repeat_corner) {
    ClipPolygon polygon;
    auto add = [&](double x, double y) { polygon.push_back(Vector4d(x, y, 0, 3 + x + 2 * y)); };
    add(x0, 0);
    add(x0 + 1, 0);
    if (repeat_corner) add(x0 + 1, 0);
    add(x0 + 1, 1);
    add(x0, 1);
    return polygon;
  };
  ContactPolygons polygons;
  for (const auto& [x0, repeat] : {std::pair(0.0, false), std::pair(2.0, true), std::pair(4.0, false)}) {
    polygons.Add(square(x0, repeat), Vector3d::UnitZ(), Vector3d(1, 2, 0), Vector3d::Zero());
  }
  const GeometryId first = GeometryId::get_new_id();
  const GeometryId second = GeometryId::get_new_id();
  ContactSurface surface;
  REQUIRE(BuildContactSurface(polygons, kX_WF, first, true, second, false,
                              HydroelasticContactRepresentation::kTriangle, &surface));
  REQUIRE(surface.num_faces() == 12);
  CHECK(surface.num_vertices() == 16);
  CHECK(surface.total_area() == Approx(3).epsilon(1e-14));
  const TriangleSurfaceMesh& mesh = surface.tri_mesh_W();
  const std::array<std::array<int, 3>, 12> expected_triangles{{{0, 1, 4},
                                                               {1, 2, 4},
                                                               {2, 3, 4},
                                                               {3, 0, 4},
                                                               {5, 6, 10},
                                                               {7, 8, 10},
                                                               {8, 9, 10},
                                                               {9, 5, 10},
                                                               {11, 12, 15},
                                                               {12, 13, 15},
                                                               {13, 14, 15},
                                                               {14, 11, 15}}};
  // The square's corners of each triangle's first two vertices, in F, and
  // the square's centre as the third.
  const std::array<std::array<Vector3d, 2>, 12> expected_corners{{
      {Vector3d(0, 0, 0), Vector3d(1, 0, 0)}, {Vector3d(1, 0, 0), Vector3d(1, 1, 0)},
      {Vector3d(1, 1, 0), Vector3d(0, 1, 0)}, {Vector3d(0, 1, 0), Vector3d(0, 0, 0)},
      {Vector3d(2, 0, 0), Vector3d(3, 0, 0)}, {Vector3d(3, 0, 0), Vector3d(3, 1, 0)},
      {Vector3d(3, 1, 0), Vector3d(2, 1, 0)}, {Vector3d(2, 1, 0), Vector3d(2, 0, 0)},
      {Vector3d(4, 0, 0), Vector3d(5, 0, 0)}, {Vector3d(5, 0, 0), Vector3d(5, 1, 0)},
      {Vector3d(5, 1, 0), Vector3d(4, 1, 0)}, {Vector3d(4, 1, 0), Vector3d(4, 0, 0)},
  }};
  for (int f = 0; f < 12; ++f) {
    const auto& t = mesh.element(f);
    for (int k = 0; k < 3; ++k) CHECK(t[k] == expected_triangles[f][k]);
    const Vector3d centre_F(0.5 + 2 * (f / 4), 0.5, 0);
    const Vector3d a_F = expected_corners[f][0], b_F = expected_corners[f][1];
    CHECK((kX_WF.inverse() * mesh.vertex(t[0]) - a_F).norm() < 1e-14);
    CHECK((kX_WF.inverse() * mesh.vertex(t[1]) - b_F).norm() < 1e-14);
    CHECK((kX_WF.inverse() * mesh.vertex(t[2]) - centre_F).norm() < 1e-14);
    // Each face's own data moved with it: area 1/4, centroid the mean of
    // its corners, pressure 3 + x + 2y at its vertices (at the centre too,
    // the polygon's mean pressure).
    CHECK(surface.area(f) == Approx(0.25).epsilon(1e-14));
    CHECK((kX_WF.inverse() * surface.centroid(f) - (a_F + b_F + centre_F) / 3).norm() < 1e-14);
    for (int k = 0; k < 3; ++k) {
      const Vector3d p_F = kX_WF.inverse() * mesh.vertex(t[k]);
      CHECK(surface.tri_e_MN().EvaluateAtVertex(t[k]) == Approx(3 + p_F.x() + 2 * p_F.y()).epsilon(1e-14));
    }
  }
}

TEST_CASE("A polygon dropped mid-surface: the faces before stay, those after close the gap",
          "[builder]") {
  // Polygon representation: the unit square at x ∈ [0, 1], a collinear
  // piece (area 0, dropped whole) and the unit square at x ∈ [4, 5], in
  // F's plane z = 0. The first square keeps vertices 0–3 and face 0; the
  // second moves to vertices 4–7 and face 1.
  ContactPolygons polygons;
  auto square = [](double x0) {
    ClipPolygon polygon;
    for (const auto& [u, v] : {std::pair(0, 0), std::pair(1, 0), std::pair(1, 1), std::pair(0, 1)}) {
      polygon.push_back(Vector4d(x0 + u, v, 0, 1));
    }
    return polygon;
  };
  ClipPolygon collinear;
  for (double x : {2.0, 2.5, 3.0}) collinear.push_back(Vector4d(x, 0, 0, 1));
  polygons.Add(square(0), Vector3d::UnitZ(), Vector3d(1, 2, 0), Vector3d::Zero());
  polygons.Add(collinear, Vector3d::UnitZ(), Vector3d(1, 2, 0), Vector3d::Zero());
  polygons.Add(square(4), Vector3d::UnitZ(), Vector3d(1, 2, 0), Vector3d::Zero());
  // First id < second id: no reordering of the vertices.
  const GeometryId first = GeometryId::get_new_id();
  const GeometryId second = GeometryId::get_new_id();
  ContactSurface surface;
  REQUIRE(BuildContactSurface(polygons, kX_WF, first, true, second, false,
                              HydroelasticContactRepresentation::kPolygon, &surface));
  REQUIRE(surface.num_faces() == 2);
  CHECK(surface.num_vertices() == 8);
  CHECK(surface.total_area() == Approx(2).epsilon(1e-14));
  const PolygonSurfaceMesh& mesh = surface.poly_mesh_W();
  for (int f = 0; f < 2; ++f) {
    const auto polygon = mesh.polygon(f);
    REQUIRE(polygon.size() == 4);
    for (int i = 0; i < 4; ++i) CHECK(polygon[i] == 4 * f + i);
    CHECK(surface.area(f) == Approx(1).epsilon(1e-14));
    // The face's own centroid moved with it: the square's centre.
    CHECK((kX_WF.inverse() * surface.centroid(f) - Vector3d(0.5 + 4 * f, 0.5, 0)).norm() < 1e-14);
  }
  CHECK((kX_WF.inverse() * mesh.vertex(4) - Vector3d(4, 0, 0)).norm() < 1e-14);
}

// The polygon with corners `corners` in the plane z = 0 of F (in this
// order), with the pressure p = 3 + x + 2y (Pa) of Rectangle(). The unused
// storage is zeroed, so that the polygon can be copied.
ClipPolygon PlanarPolygon(std::initializer_list<Eigen::Vector2d> corners) {
  ClipPolygon polygon;
  for (Vector4d& v : polygon.vertices) v.setZero();
  for (const Eigen::Vector2d& c : corners) {
    polygon.push_back(Vector4d(c.x(), c.y(), 0, 3 + c.x() + 2 * c.y()));
  }
  return polygon;
}

TEST_CASE("Pieces kept after dropped ones are packed in order, for every polygon size",
          "[builder]") {
  // Below the size from which a build splits: the calling thread builds the
  // pieces one after the other, packed. A triangle, a quadrilateral and a
  // pentagon (each size the builder has its own code for), with collinear
  // (dropped) polygons before the first and between the first two.
  using Eigen::Vector2d;
  const ClipPolygon collinear = PlanarPolygon({{0, 0}, {1, 0}, {2, 0}});
  // Areas and area centroids by hand: the triangle (0,0), (1,0), (0,1) has
  // area 1/2 and centroid (1/3, 1/3); the rectangle [0,2] × [0,1] has area
  // 2 and centroid (1, 1/2); the pentagon is the square [0,2]² (area 4, centroid (1, 1))
  // with the triangle (2,2), (1,3), (0,2) on top (area 1, centroid
  // (1, 7/3)): area 5, centroid (1, (4·1 + 1·7/3)/5) = (1, 19/15).
  const std::vector<ClipPolygon> kept = {
      PlanarPolygon({{0, 0}, {1, 0}, {0, 1}}), PlanarPolygon({{0, 0}, {2, 0}, {2, 1}, {0, 1}}),
      PlanarPolygon({{0, 0}, {2, 0}, {2, 2}, {1, 3}, {0, 2}})};
  const std::vector<double> areas = {0.5, 2, 5};
  const std::vector<Vector3d> centroids_F = {Vector3d(1.0 / 3, 1.0 / 3, 0), Vector3d(1, 0.5, 0),
                                             Vector3d(1, 19.0 / 15, 0)};
  ContactPolygons polygons;
  const Vector3d grad = Vector3d(1, 2, 0);
  polygons.Add(collinear, Vector3d::UnitZ(), grad, Vector3d::Zero());
  polygons.Add(kept[0], Vector3d::UnitZ(), grad, Vector3d::Zero());
  polygons.Add(collinear, Vector3d::UnitZ(), grad, Vector3d::Zero());
  polygons.Add(kept[1], Vector3d::UnitZ(), grad, Vector3d::Zero());
  polygons.Add(kept[2], Vector3d::UnitZ(), grad, Vector3d::Zero());
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();

  const auto poly = BuildContactSurface(polygons, kX_WF, a, true, b, false,
                                        HydroelasticContactRepresentation::kPolygon);
  REQUIRE(poly.has_value());
  REQUIRE(poly->num_faces() == 3);
  CHECK(poly->num_vertices() == 3 + 4 + 5);
  CHECK(poly->total_area() == Approx(7.5));
  int first_vertex = 0;
  for (int f = 0; f < 3; ++f) {
    const ClipPolygon& polygon = kept[f];
    const auto face = poly->poly_mesh_W().polygon(f);
    REQUIRE(static_cast<int>(face.size()) == polygon.size);
    for (int i = 0; i < polygon.size; ++i) {
      CHECK(face[i] == first_vertex + i);
      CHECK(poly->poly_mesh_W().vertex(face[i]).isApprox(kX_WF * polygon.position(i)));
      CHECK(poly->poly_e_MN().EvaluateAtVertex(face[i]) == Approx(polygon[i][3]));
    }
    CHECK(poly->area(f) == Approx(areas[f]));
    CHECK(poly->centroid(f).isApprox(kX_WF * centroids_F[f]));
    first_vertex += polygon.size;
  }

  const auto tri = BuildContactSurface(polygons, kX_WF, a, true, b, false,
                                       HydroelasticContactRepresentation::kTriangle);
  REQUIRE(tri.has_value());
  // Each polygon of n vertices leaves them and its centroid (n + 1
  // vertices, the centroid last) and the n fan triangles (i, i + 1, centroid).
  REQUIRE(tri->num_faces() == 3 + 4 + 5);
  CHECK(tri->num_vertices() == 4 + 5 + 6);
  CHECK(tri->total_area() == Approx(7.5));
  first_vertex = 0;
  int face = 0;
  for (int k = 0; k < 3; ++k) {
    const ClipPolygon& polygon = kept[k];
    const int n = polygon.size;
    const int centroid = first_vertex + n;
    CHECK(tri->tri_mesh_W().vertex(centroid).isApprox(kX_WF * centroids_F[k]));
    // The centroid's pressure is the linear field's value there.
    CHECK(tri->tri_e_MN().EvaluateAtVertex(centroid) ==
          Approx(3 + centroids_F[k].x() + 2 * centroids_F[k].y()));
    double area = 0;
    for (int i = 0; i < n; ++i, ++face) {
      const TriangleSurfaceMesh::Element& t = tri->tri_mesh_W().element(face);
      CHECK(t[0] == first_vertex + i);
      CHECK(t[1] == first_vertex + (i + 1) % n);
      CHECK(t[2] == centroid);
      CHECK(tri->tri_mesh_W().vertex(t[0]).isApprox(kX_WF * polygon.position(i)));
      area += tri->area(face);
    }
    CHECK(area == Approx(areas[k]));
    first_vertex += n + 1;
  }
}

TEST_CASE("Each face's normal, area, centroid and field agree with its own vertices",
          "[builder]") {
  // The builder gives every face (every fan triangle too) the normal n̂ of
  // the plane its polygon lies in, as the kernel states it, and the area
  // cross·n̂/2, and every face the field's offset at its polygon's first
  // vertex. The reference is independent: the mesh types' own constructors
  // derive each face's normal, area and centroid from its vertices; and the
  // field e(v) = ∇e·v + offset must give back every vertex's pressure.
  // Convex polygons of 3 to 9 vertices on ellipses in random planes,
  // pressures linear in position.
  std::mt19937 random(17);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 3 + trial % 7;
    const Vector3d axis = Vector3d(u(random), u(random), u(random)).normalized();
    const RigidTransform X_FP = RigidTransform::FromAxisAngle(axis, 3 * u(random),
                                                              Vector3d(u(random), u(random), u(random)));
    const Vector3d grad_p_F = 100 * Vector3d(u(random), u(random), u(random));
    // Sorted angles on an ellipse with semi-axes a, b: convex,
    // counter-clockwise about P's z.
    const double a = 1 + u(random) / 2, b = 0.6 + u(random) / 4;
    std::vector<double> angles(n);
    for (int i = 0; i < n; ++i) angles[i] = 2 * M_PI * (i + 0.4 * (u(random) + 1) / 2) / n;
    ClipPolygon polygon;
    for (int i = 0; i < n; ++i) {
      const Vector3d p_F = X_FP * Vector3d(a * std::cos(angles[i]), b * std::sin(angles[i]), 0);
      Vector4d v;
      v << p_F, 500 + grad_p_F.dot(p_F);
      polygon.push_back(v);
    }
    ContactPolygons polygons;
    polygons.Add(polygon, X_FP.rotation().col(2), grad_p_F, Vector3d::Zero());
    for (const auto representation : {HydroelasticContactRepresentation::kTriangle,
                                      HydroelasticContactRepresentation::kPolygon}) {
      // Ids made in order: the first (compliant) one is M.
      const GeometryId first = GeometryId::get_new_id();
      const GeometryId second = GeometryId::get_new_id();
      const auto s = BuildContactSurface(polygons, kX_WF, first, true, second, false, representation);
      REQUIRE(s.has_value());
      REQUIRE(s->num_faces() == (s->is_triangle() ? n : 1));
      const Vector3d nhat_W = kX_WF.RotateVector(X_FP.rotation().col(2));
      const Vector3d grad_p_W = kX_WF.RotateVector(grad_p_F);
      const Vector3d grad_e_W = grad_p_W - grad_p_W.dot(nhat_W) * nhat_W;
      // The same faces, built by the mesh's constructor from the vertices.
      std::optional<TriangleSurfaceMesh> tri_reference;
      std::optional<PolygonSurfaceMesh> poly_reference;
      if (s->is_triangle()) {
        tri_reference.emplace(s->tri_mesh_W().triangles(), s->tri_mesh_W().vertices());
      } else {
        poly_reference.emplace(s->poly_mesh_W().face_data(), s->poly_mesh_W().vertices());
      }
      for (int f = 0; f < s->num_faces(); ++f) {
        std::vector<int> face;
        if (s->is_triangle()) {
          const auto& t = s->tri_mesh_W().element(f);
          face.assign(t.begin(), t.end());
        } else {
          const auto poly = s->poly_mesh_W().polygon(f);
          face.assign(poly.begin(), poly.end());
        }
        auto vertex = [&](int i) {
          return s->is_triangle() ? s->tri_mesh_W().vertex(face[i]) : s->poly_mesh_W().vertex(face[i]);
        };
        const double area = tri_reference ? tri_reference->area(f) : poly_reference->area(f);
        const Vector3d& normal =
            tri_reference ? tri_reference->face_normal(f) : poly_reference->face_normal(f);
        const Vector3d& centroid =
            tri_reference ? tri_reference->element_centroid(f) : poly_reference->element_centroid(f);
        CHECK(s->area(f) == Approx(area).epsilon(1e-13));
        CHECK((s->face_normal(f) - normal).norm() < 1e-13);
        CHECK((s->face_normal(f) - nhat_W).norm() < 1e-13);
        CHECK((s->centroid(f) - centroid).norm() < 1e-13);
        // M's own gradient, and the surface field's: its projection on the
        // face's plane.
        CHECK((s->EvaluateGradE_M_W(f) - grad_p_W).norm() < 1e-12);
        const Vector3d& grad_field_W = s->is_triangle() ? s->tri_e_MN().gradients()[f]
                                                        : s->poly_e_MN().gradients()[f];
        CHECK((grad_field_W - grad_e_W).norm() < 1e-10);
        for (size_t i = 0; i < face.size(); ++i) {
          // ∇e·v + offset at each vertex is its pressure (≈ 500 ± 300 Pa).
          const double e = s->is_triangle() ? s->tri_e_MN().EvaluateCartesian(f, vertex(i))
                                            : s->poly_e_MN().EvaluateCartesian(f, vertex(i));
          const double p = s->is_triangle() ? s->tri_e_MN().EvaluateAtVertex(face[i])
                                            : s->poly_e_MN().EvaluateAtVertex(face[i]);
          CHECK(e == Approx(p).epsilon(1e-12));
        }
      }
    }
  }
}

TEST_CASE("Round-off negative pressures are clamped to zero", "[builder]") {
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  ClipPolygon polygon = Rectangle();
  polygon[0][3] = -1e-12;
  ContactPolygons polygons;
  polygons.Add(polygon, Vector3d::UnitZ(), Vector3d::Zero(), Vector3d::Zero());
  const auto s = BuildContactSurface(polygons, kX_WF, a, true, b, false,
                                     HydroelasticContactRepresentation::kPolygon);
  REQUIRE(s.has_value());
  CHECK(s->poly_e_MN().EvaluateAtVertex(0) == 0.0);
  CHECK(s->poly_e_MN().EvaluateAtVertex(1) == Approx(5.0));
}

TEST_CASE("The same id twice is rejected", "[builder]") {
  const GeometryId a = GeometryId::get_new_id();
  ContactPolygons polygons;
  CHECK_THROWS_WITH(BuildContactSurface(polygons, kX_WF, a, true, a, true,
                                        HydroelasticContactRepresentation::kPolygon),
                    Catch::Contains(a.to_string()));
}

TEST_CASE("Two rigid geometries are rejected, naming both", "[builder]") {
  // The surface's pressure is a compliant geometry's field; with none there
  // is no pressure (and no gradient to pass through).
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  ContactPolygons polygons;
  polygons.Add(Rectangle(), Vector3d::UnitZ(), Vector3d::Zero(), Vector3d::Zero());
  for (const auto representation :
       {HydroelasticContactRepresentation::kTriangle, HydroelasticContactRepresentation::kPolygon}) {
    CHECK_THROWS_WITH(BuildContactSurface(polygons, kX_WF, a, false, b, false, representation),
                      Catch::Contains(a.to_string()) && Catch::Contains(b.to_string()) &&
                          Catch::Contains("neither"));
  }
}

// A regular polygon of n vertices on the circle of radius r about F's
// origin in the plane z = 0, counter-clockwise about +z, pressure 1 Pa.
ContactPolygons RegularPolygon(int n, double r) {
  ContactPolygons polygons;
  for (int i = 0; i < n; ++i) {
    const double angle = 2 * M_PI * i / n;
    polygons.vertices.emplace_back(r * std::cos(angle), r * std::sin(angle), 0, 1);
  }
  polygons.ends.push_back(n);
  polygons.normals.push_back(Vector3d::UnitZ());
  polygons.grad_first.push_back(Vector3d::Zero());
  polygons.grad_second.push_back(Vector3d::Zero());
  return polygons;
}

TEST_CASE("A polygon of ClipPolygon::kCapacity vertices is built whole", "[builder]") {
  // The largest polygon the layout allows. A regular n-gon of circumradius
  // r is n isosceles triangles of apex angle 2π/n: area n/2 · r² sin(2π/n);
  // with p = 1 Pa the force is that area along n̂.
  const int n = ClipPolygon::kCapacity;
  const double r = 0.3;
  const double area = n / 2.0 * r * r * std::sin(2 * M_PI / n);
  const ContactPolygons polygons = RegularPolygon(n, r);
  // Named first: the order in which a call's arguments are evaluated is
  // unspecified, and the first id must be the smaller (no flip).
  const GeometryId first = GeometryId::get_new_id();
  const GeometryId second = GeometryId::get_new_id();
  for (const auto representation : test::kBoth) {
    const auto s = BuildContactSurface(polygons, kX_WF, first, true, second, false, representation);
    REQUIRE(s.has_value());
    CHECK(s->num_faces() == (representation == HydroelasticContactRepresentation::kPolygon ? 1 : n));
    CHECK(s->total_area() == Approx(area).epsilon(1e-14));
    CHECK(IntegrateForce(*s).isApprox(area * kX_WF.RotateVector(Vector3d::UnitZ()), 1e-13));
  }
}

TEST_CASE("Polygons that break their layout are rejected, naming the culprit, surface kept",
          "[builder]") {
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  // Two rectangles, the second shifted by 5 along x.
  ContactPolygons valid;
  valid.Add(Rectangle(), Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d::Zero());
  ClipPolygon shifted = Rectangle();
  for (int i = 0; i < shifted.size; ++i) shifted[i].x() += 5;
  valid.Add(shifted, Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d::Zero());

  struct Case {
    const char* what;
    ContactPolygons polygons;
    const char* message;
  };
  std::vector<Case> cases;
  cases.push_back({"a normal missing", valid, "2 polygons (ends), but 1 normals"});
  cases.back().polygons.normals.pop_back();
  cases.push_back({"a gradient missing", valid, "1 second gradients"});
  cases.back().polygons.grad_second.pop_back();
  cases.push_back({"ends that decrease", valid, "polygon 1 ends at vertex 2, before it begins"});
  cases.back().polygons.ends[1] = 2;
  cases.push_back({"a vertex after the last end", valid, "end at vertex 8, but there are 9"});
  cases.back().polygons.vertices.push_back(Vector4d(9, 9, 0, 1));
  cases.push_back({"the last end past the vertices", valid, "end at vertex 9, but there are 8"});
  cases.back().polygons.ends[1] = 9;
  cases.push_back({"one vertex too many", RegularPolygon(ClipPolygon::kCapacity + 1, 0.3),
                   "polygon 0 has 17 vertices; at most 16"});
  static_assert(ClipPolygon::kCapacity == 16, "the message above names 16");

  for (const auto representation : test::kBoth) {
    // A surface from an earlier, valid build: a rejected build must leave it
    // as it was.
    ContactSurface surface;
    REQUIRE(BuildContactSurface(valid, kX_WF, a, true, b, false, representation, &surface));
    const int num_faces = surface.num_faces();
    const double total_area = surface.total_area();
    REQUIRE(total_area == Approx(4.0));  // two 2 × 1 rectangles
    for (const Case& c : cases) {
      INFO(c.what);
      CHECK_THROWS_WITH(BuildContactSurface(c.polygons, kX_WF, a, true, b, false, representation),
                        Catch::Contains(c.message));
      CHECK_THROWS_AS(
          BuildContactSurface(c.polygons, kX_WF, a, true, b, false, representation, &surface),
          std::invalid_argument);
      CHECK(surface.num_faces() == num_faces);
      CHECK(surface.total_area() == total_area);
    }
  }
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("A polygon pinched to a point (edges 1e-17 of the patch) is dropped", "[builder]") {
  // Such remnants pass the scale-free area/edge² test (their shape can be
  // anything) but their vertex normal is round-off; the patch-relative edge
  // test must remove them while keeping the real polygon.
  ContactPolygons polygons;
  polygons.Add(Rectangle(), Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d(0, 0, -9));
  ClipPolygon speck;
  for (const Vector3d& p : {Vector3d(1, 1, 0), Vector3d(1 + 1e-17, 1, 0), Vector3d(1, 1 + 1e-17, 1e-17)}) {
    Vector4d v;
    v << p, 6;
    speck.push_back(v);
  }
  polygons.Add(speck, Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d(0, 0, -9));
  for (auto representation : {HydroelasticContactRepresentation::kPolygon, HydroelasticContactRepresentation::kTriangle}) {
    const GeometryId first = GeometryId::get_new_id();
    const GeometryId second = GeometryId::get_new_id();
    const auto surface = BuildContactSurface(polygons, kX_WF, first, true, second, true, representation);
    REQUIRE(surface.has_value());
    CHECK(surface->total_area() == Approx(2.0).epsilon(1e-14));
    const Vector3d nhat_W = kX_WF.RotateVector(Vector3d::UnitZ());
    for (int f = 0; f < surface->num_faces(); ++f) CHECK((surface->face_normal(f) - nhat_W).norm() < 1e-12);
    CHECK(surface->num_faces() == (representation == HydroelasticContactRepresentation::kPolygon ? 1 : 4));
  }
}

TEST_CASE("Pieces of negligible area against the patch are dropped, whatever the id order",
          "[builder][issue10]") {
  // Issue 10, defect 6: a well-shaped triangle with edges 1e-8 m (area
  // 5e-17 m²) beside the 2 m² rectangle passes the edge test (1e-8 > 1e-10
  // of the patch diagonal √5) and the shape test, but its area is 1e-17 of
  // the patch's diagonal squared, below kNegligibleAreaRatio = 1e-14: it is
  // dropped. A triangle with edges 1e-4 m (area 5e-9 m², 1e-9 of the
  // diagonal squared) is a real piece and stays. Its normal is tilted on
  // purpose (the speck's vertex-derived normal could be anything): the
  // surface's normals must all be the rectangle's or the kept triangle's.
  ContactPolygons polygons;
  polygons.Add(Rectangle(), Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d(0, 0, -9));
  auto triangle = [](double size, double z_slope) {
    ClipPolygon t;
    for (const Vector3d& p : {Vector3d(1, 0.5, 0), Vector3d(1 + size, 0.5, 0),
                              Vector3d(1, 0.5 + size, z_slope * size)}) {
      Vector4d v;
      v << p, 6;
      t.push_back(v);
    }
    return t;
  };
  polygons.Add(triangle(1e-8, 0.5), Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d(0, 0, -9));
  polygons.Add(triangle(1e-4, 0.0), Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d(0, 0, -9));
  const GeometryId low = GeometryId::get_new_id();
  const GeometryId high = GeometryId::get_new_id();
  for (auto representation :
       {HydroelasticContactRepresentation::kPolygon, HydroelasticContactRepresentation::kTriangle}) {
    for (const bool swapped : {false, true}) {
      const auto surface = BuildContactSurface(polygons, kX_WF, swapped ? high : low, true,
                                               swapped ? low : high, true, representation);
      REQUIRE(surface.has_value());
      // 2 + 1e-8/2: the rectangle and the kept triangle only.
      CHECK(surface->total_area() == Approx(2 + 0.5e-8).epsilon(1e-14));
      const Vector3d nhat_W = (swapped ? -1.0 : 1.0) * kX_WF.RotateVector(Vector3d::UnitZ());
      for (int f = 0; f < surface->num_faces(); ++f) {
        // Vertex round-off 1e-16 m on faces 1e-4 m wide: normals to ~1e-11.
        CHECK((surface->face_normal(f) - nhat_W).norm() < 1e-9);
        CHECK(surface->area(f) > 1e-12);
      }
      CHECK(surface->num_faces() ==
            (representation == HydroelasticContactRepresentation::kPolygon ? 2 : 7));
    }
  }
}

TEST_CASE("A needle spanning the patch is judged by its shape, whatever its area", "[builder]") {
  // The builder accepts a polygon on its area alone when twice the area
  // exceeds 2·kDegeneratePolygonRatio·D², D the patch's diagonal: no edge
  // is longer than D, so such a polygon passes the shape test. A needle
  // whose base is the whole patch is the case that bound must not cut
  // short. The triangle (0,0,0), (1,0,0), (0.5,r,0) has twice the area r,
  // longest edge 1 (the base; the others are √(0.25 + r²)) and is the
  // whole patch, D = √(1 + r²) ≈ 1: at r = 0.9e-12 its ratio r/1 is below
  // kDegeneratePolygonRatio = 1e-12 and it must be dropped; at r = 1.1e-12
  // it is kept, all three of its fan triangles too (twice their areas are
  // r/3 ≈ 3.7e-13, above 1e-13 times their longest edge squared, at most
  // 1). Rotated into W the vertices carry 1e-16 of round-off, which moves
  // r by 1e-4 of itself, far inside the 10% margins.
  static_assert(kDegeneratePolygonRatio == 1e-12 && kDegenerateFanTriangleRatio == 1e-13);
  for (const double r : {0.9e-12, 1.1e-12}) {
    ContactPolygons polygons;
    ClipPolygon needle;
    for (const Vector3d& p : {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0.5, r, 0)}) {
      Vector4d v;
      v << p, 5;
      needle.push_back(v);
    }
    polygons.Add(needle, Vector3d::UnitZ(), Vector3d(0, 0, 7), Vector3d(0, 0, -9));
    for (auto representation :
         {HydroelasticContactRepresentation::kPolygon, HydroelasticContactRepresentation::kTriangle}) {
      const auto surface = BuildContactSurface(polygons, kX_WF, GeometryId::get_new_id(), true,
                                               GeometryId::get_new_id(), true, representation);
      if (r < 1e-12) {
        CHECK_FALSE(surface.has_value());
        continue;
      }
      REQUIRE(surface.has_value());
      CHECK(surface->num_faces() ==
            (representation == HydroelasticContactRepresentation::kPolygon ? 1 : 3));
      CHECK(surface->total_area() == Approx(r / 2).epsilon(1e-3));
    }
  }
}

// A grid of `count` cells of side a = 0.01 m in F's plane z = 0, with the
// pressure p = 3 + x + 2y (Pa). Cell k is a square, or (k % 7 == 3) the
// triangle of its lower-left half, or (k % 97 == 5) a collinear piece that
// the builder drops, or (k % 89 == 11) a square wound against its intended
// normal, dropped too. Returns the area the kept cells cover, a²·(squares +
// triangles/2), and their count, and how many fan triangles they make (4
// per square, 3 per triangle).
struct GridTotals {
  double area{0};
  int polygons{0};
  int fan_triangles{0};
};
GridTotals AddGrid(int count, ContactPolygons* polygons) {
  constexpr double a = 0.01;
  auto vertex = [](double x, double y) { return Vector4d(x, y, 0, 3 + x + 2 * y); };
  GridTotals totals;
  for (int k = 0; k < count; ++k) {
    const double x = a * (k % 64);
    const double y = a * (k / 64);
    ClipPolygon cell;
    Vector3d nhat = Vector3d::UnitZ();
    if (k % 97 == 5) {
      for (int i = 0; i < 3; ++i) cell.push_back(vertex(x + a * i / 2, y));
    } else if (k % 7 == 3) {
      for (const auto& [u, v] : {std::pair(0, 0), std::pair(1, 0), std::pair(0, 1)}) {
        cell.push_back(vertex(x + a * u, y + a * v));
      }
      totals.area += a * a / 2;
      totals.polygons += 1;
      totals.fan_triangles += 3;
    } else {
      for (const auto& [u, v] : {std::pair(0, 0), std::pair(1, 0), std::pair(1, 1), std::pair(0, 1)}) {
        cell.push_back(vertex(x + a * u, y + a * v));
      }
      if (k % 89 == 11) {
        nhat = -nhat;
      } else {
        totals.area += a * a;
        totals.polygons += 1;
        totals.fan_triangles += 4;
      }
    }
    polygons->Add(cell, nhat, Vector3d(1, 2, 0), Vector3d(0, 0, -5));
  }
  return totals;
}

// Whether two surfaces are the same bit for bit, per-face data included.
bool SameSurface(const ContactSurface& a, const ContactSurface& b) {
  if (!a.Equal(b) || a.num_faces() != b.num_faces()) return false;
  for (int f = 0; f < a.num_faces(); ++f) {
    if (a.area(f) != b.area(f) || a.face_normal(f) != b.face_normal(f) ||
        a.centroid(f) != b.centroid(f)) {
      return false;
    }
  }
  return a.total_area() == b.total_area() && a.centroid() == b.centroid();
}

TEST_CASE("A build split over threads equals the serial build bit for bit, dropped pieces included",
          "[builder][split]") {
  // 3,000 cells: above the size from which a build splits, with dropped
  // cells scattered through every chunk.
  ContactPolygons polygons;
  const GridTotals totals = AddGrid(3000, &polygons);
  const GeometryId low = GeometryId::get_new_id();
  const GeometryId high = GeometryId::get_new_id();
  const test::ThreadsExecutor two_threads(2);
  const test::ReverseExecutor reverse;
  for (auto representation :
       {HydroelasticContactRepresentation::kPolygon, HydroelasticContactRepresentation::kTriangle}) {
    const bool triangles = representation == HydroelasticContactRepresentation::kTriangle;
    for (const bool swapped : {false, true}) {
      const GeometryId first = swapped ? high : low;
      const GeometryId second = swapped ? low : high;
      ContactSurface serial;
      REQUIRE(BuildContactSurface(polygons, kX_WF, first, true, second, true, representation,
                                  &serial));
      CHECK(serial.num_faces() == (triangles ? totals.fan_triangles : totals.polygons));
      CHECK(serial.total_area() == Approx(totals.area).epsilon(1e-12));
      // The pressure at every vertex is the linear field's value there.
      const int num_vertices = serial.num_vertices();
      for (int v = 0; v < num_vertices; v += 97) {
        const Vector3d p_F = kX_WF.inverse() *
            (triangles ? serial.tri_mesh_W().vertex(v) : serial.poly_mesh_W().vertex(v));
        const double e = triangles ? serial.tri_e_MN().EvaluateAtVertex(v)
                                   : serial.poly_e_MN().EvaluateAtVertex(v);
        CHECK(e == Approx(3 + p_F.x() + 2 * p_F.y()).epsilon(1e-12));
      }
      for (const ParallelExecutor* executor :
           {static_cast<const ParallelExecutor*>(&two_threads),
            static_cast<const ParallelExecutor*>(&reverse)}) {
        ContactSurface split;
        REQUIRE(BuildContactSurface(polygons, kX_WF, first, true, second, true, representation,
                                    &split, executor));
        CHECK(SameSurface(split, serial));
      }
      CHECK(reverse.runs > 0);
      // Refilling a surface that held a larger one leaves nothing of it.
      ContactPolygons fewer;
      AddGrid(2500, &fewer);
      ContactSurface fresh;
      REQUIRE(BuildContactSurface(fewer, kX_WF, first, true, second, true, representation, &fresh));
      REQUIRE(BuildContactSurface(fewer, kX_WF, first, true, second, true, representation, &serial,
                                  &two_threads));
      CHECK(SameSurface(serial, fresh));
    }
  }
}

}  // namespace
}  // namespace hydrocontact
