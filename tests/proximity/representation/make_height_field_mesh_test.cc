#include "proximity/representation/make_height_field_mesh.h"

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "proximity/height_field_surface.h"
#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/mesh_distance.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "tests/proximity/hydroelastic/contact_test_meshes.h"
#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// Flat at z = 0.3 over [−1, 1] × [−0.6, 0.6], thickness 0.5: the box
// 2 × 1.2 × 0.5 centred at (0, 0, 0.05).
HeightField Flat() { return HeightField(5, 4, 0.5, 0.4, std::vector<double>(20, 0.3), 0.5); }

// The paraboloid cap h = 1 − ½(x² + y²) over [−1, 1]², bottom −0.5.
HeightField Cap() {
  std::vector<double> h;
  for (int j = 0; j < 11; ++j) {
    for (int i = 0; i < 11; ++i) {
      const double x = -1 + 0.2 * i, y = -1 + 0.2 * j;
      h.push_back(1 - 0.5 * (x * x + y * y));
    }
  }
  return HeightField(11, 11, 0.2, 0.2, h, 0.5);
}

TEST_CASE("Height field surface: closed, outward, through the samples, its volume",
          "[make_height_field_mesh]") {
  const TriangleSurfaceMesh flat = MakeHeightFieldSurfaceMeshWithSubdivisions(Flat(), 2);
  CHECK(flat.IsClosed());
  // The box's volume 2·1.2·0.5.
  CHECK(flat.CalcSignedVolume() == Approx(1.2).epsilon(1e-12));
  // Distance data accept it (closed, outward, no folded faces).
  CHECK_NOTHROW(MakeMeshDistanceData(flat));
  // Top lattice (4·2 + 1) × (3·2 + 1), rim 2·(8 + 6), one centre vertex.
  CHECK(flat.num_vertices() == 9 * 7 + 28 + 1);
  CHECK(flat.num_triangles() == 2 * 8 * 6 + 3 * 28);

  // The cap: volume ∫∫(h − z_b) = ∫∫(1.5 − ½(x² + y²)) over [−1, 1]² =
  // 6 − ½·(8/3) = 14/3, approached from below (the chords lie under the
  // concave surface) within the tessellation bound times the area 4.
  const HeightField cap = Cap();
  const double M = CalcHeightFieldBounds(cap).hessian_norm;
  for (const int k : {1, 2, 4}) {
    const TriangleSurfaceMesh s = MakeHeightFieldSurfaceMeshWithSubdivisions(cap, k);
    CHECK(s.IsClosed());
    const double volume = s.CalcSignedVolume();
    CHECK(volume <= 14.0 / 3 + 1e-12);
    CHECK(volume >= 14.0 / 3 - 4 * CalcTessellationError(cap, M, k));
    // Every vertex is on the true boundary: on the surface or the bottom.
    for (const Vector3d& v : s.vertices()) {
      const bool on_top = std::abs(v.z() - (1 - 0.5 * (v.x() * v.x() + v.y() * v.y()))) < 1e-12;
      CHECK((on_top || v.z() == -0.5));
    }
  }
  // A margin inflates every face by at least δ: the flat box grows to
  // (2 + 2δ)(1.2 + 2δ)(0.5 + 2δ).
  const double delta = 0.01;
  CHECK(MakeHeightFieldSurfaceMeshWithSubdivisions(Flat(), 2, delta).CalcSignedVolume() ==
        Approx(2.02 * 1.22 * 0.52).epsilon(1e-9));
  CHECK_THROWS_WITH(MakeHeightFieldSurfaceMeshWithSubdivisions(Flat(), 0),
                    Catch::Contains("at least 1"));
  CHECK_THROWS_WITH(MakeHeightFieldSurfaceMesh(Flat(), -1), Catch::Contains("HeightField"));
  CHECK_THROWS_WITH(MakeHeightFieldSurfaceMesh(Flat(), 1e-7), Catch::Contains("HeightField"));
}

TEST_CASE("Height field volume mesh: conforming, positive, distance extent", "[make_height_field_mesh]") {
  // Flat: a hint 0.2 gives k = ⌈0.5/0.2⌉ = 3 and L = 4 layers (⌈0.5/0.2⌉ = 3
  // rounded up to even), so the middle layer z = 0.05 is a vertex layer.
  const VolumeMeshWithExtent m = MakeHeightFieldVolumeMesh(Flat(), 0.2);
  // Positive tetrahedra, each with an interior vertex, e = 0 exactly on the
  // boundary, a closed boundary enclosing the mesh's volume.
  const test::CompliantMeshReport report = test::CheckCompliantMesh(m);
  CHECK(report.num_boundary_vertices > 0);
  CHECK(m.mesh.num_elements() == 6 * 12 * 9 * 4);
  CHECK(m.mesh.total_volume() == Approx(1.2).epsilon(1e-12));
  const VolumeMeshBoundary boundary = ExtractBoundary(m.mesh);
  CHECK(boundary.surface.IsClosed());
  CHECK(boundary.surface.CalcSignedVolume() == Approx(m.mesh.total_volume()).epsilon(1e-12));
  for (int e = 0; e < m.mesh.num_elements(); ++e) {
    const auto& t = m.mesh.element(e);
    CHECK(SignedTetrahedronVolume(m.mesh.vertex(t[0]), m.mesh.vertex(t[1]), m.mesh.vertex(t[2]),
                                  m.mesh.vertex(t[3])) > 0);
  }
  // e = (distance to the box's boundary)/0.25 at every vertex (the deepest
  // vertices are the middle layer's at least 0.25 from the sides).
  for (int v = 0; v < m.mesh.num_vertices(); ++v) {
    const Vector3d p = m.mesh.vertex(v);
    const double d = std::min({1 - std::abs(p.x()), 0.6 - std::abs(p.y()), 0.3 - p.z(), p.z() + 0.2});
    CHECK(m.extent[v] == Approx(d / 0.25).margin(1e-12));
  }
  // The cap: volume within the tessellation bound of 14/3, extent in [0, 1].
  const HeightField cap = Cap();
  const VolumeMeshWithExtent c = MakeHeightFieldVolumeMesh(cap, 0.1);
  test::CheckCompliantMesh(c);
  // Two samples per axis and a coarse hint still give interior vertices.
  test::CheckCompliantMesh(
      MakeHeightFieldVolumeMesh(HeightField(2, 2, 1, 1, {0, 0.1, 0.2, 0.3}, 0.5), 10));
  CHECK(c.mesh.total_volume() <= 14.0 / 3 + 1e-12);
  CHECK(c.mesh.total_volume() >=
        14.0 / 3 - 4 * CalcTessellationError(cap, CalcHeightFieldBounds(cap).hessian_norm, 2));
  CHECK(*std::max_element(c.extent.begin(), c.extent.end()) == 1.0);
  CHECK(*std::min_element(c.extent.begin(), c.extent.end()) == 0.0);
}

constexpr double kE = 1e6;
constexpr auto kPolygon = HydroelasticContactRepresentation::kPolygon;

TEST_CASE("A compliant sphere on a flat rigid height field: the box's and the half-space's surface",
          "[make_height_field_mesh]") {
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_F = GeometryId::get_new_id();
  const HydroelasticRepresentation sphere =
      MakeHydroelasticRepresentation(Sphere(0.2), ProximityProperties::Compliant(kE, 0.05));
  const HydroelasticRepresentation field =
      MakeHydroelasticRepresentation(Flat(), ProximityProperties::Rigid());
  const HydroelasticRepresentation box =
      MakeHydroelasticRepresentation(Box(2, 1.2, 0.5), ProximityProperties::Rigid());
  // The sphere 0.05 into the top z = 0.3, off-centre but inside the top.
  const RigidTransform X_WS(Vector3d(0.2, -0.1, 0.45));
  const auto by_field = ComputeContactSurface(id_S, sphere, X_WS, id_F, field, RigidTransform(), kPolygon);
  const auto by_box = ComputeContactSurface(id_S, sphere, X_WS, id_F, box,
                                            RigidTransform(Vector3d(0, 0, 0.05)), kPolygon);
  const auto by_plane = ComputeContactSurface(id_S, sphere, X_WS, id_F, RigidHalfSpace{},
                                              RigidTransform(Vector3d(0, 0, 0.3)), kPolygon);
  REQUIRE(by_field.has_value());
  REQUIRE(by_box.has_value());
  REQUIRE(by_plane.has_value());
  CHECK(by_field->total_area() == Approx(by_box->total_area()).epsilon(1e-12));
  CHECK(by_field->total_area() == Approx(by_plane->total_area()).epsilon(1e-12));
  const Vector3d force = test::IntegrateForce(*by_field);
  CHECK(force.isApprox(test::IntegrateForce(*by_box), 1e-12));
  CHECK(force.isApprox(test::IntegrateForce(*by_plane), 1e-12));
  CHECK(std::abs(force.z()) > 0);
}

TEST_CASE("A rigid sphere on a flat compliant height field: the compliant box's force",
          "[make_height_field_mesh]") {
  // The box's extent (distance to the nearest face over 0.25) and the height
  // field's (distance to the boundary over the deepest, 0.25) are the same
  // function; both meshes represent it exactly where the sphere presses (the
  // middle of the top), so the forces agree to round-off.
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_F = GeometryId::get_new_id();
  const HydroelasticRepresentation sphere =
      MakeHydroelasticRepresentation(Sphere(0.2), ProximityProperties::Rigid(0.04));
  const HydroelasticRepresentation field =
      MakeHydroelasticRepresentation(Flat(), ProximityProperties::Compliant(kE));
  const HydroelasticRepresentation box =
      MakeHydroelasticRepresentation(Box(2, 1.2, 0.5), ProximityProperties::Compliant(kE));
  const RigidTransform X_WS(Vector3d(0.05, 0.02, 0.47));
  const auto by_field = ComputeContactSurface(id_S, sphere, X_WS, id_F, field, RigidTransform(), kPolygon);
  const auto by_box = ComputeContactSurface(id_S, sphere, X_WS, id_F, box,
                                            RigidTransform(Vector3d(0, 0, 0.05)), kPolygon);
  REQUIRE(by_field.has_value());
  REQUIRE(by_box.has_value());
  CHECK(by_field->total_area() == Approx(by_box->total_area()).epsilon(1e-10));
  CHECK(test::IntegrateForce(*by_field).isApprox(test::IntegrateForce(*by_box), 1e-10));
}

}  // namespace
}  // namespace hydrocontact
