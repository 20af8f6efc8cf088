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

TEST_CASE("Height fields that cannot be meshed are refused naming the field",
          "[make_height_field_mesh]") {
  using Catch::Contains;
  // Flat at z = 0, 3 × 3 samples 1e6 m apart, 1e-9 m thick. The default
  // hint dx/2 = 5e5 gives k = 2 sub-cells per cell, so a side quad is 5e5 m
  // wide and 1e-9 m high: its triangles have twice their area 5e-4 m², below
  // TriangleSurfaceMesh's 1e-14·ℓ² = 2.5e-3 m² (ℓ = 5e5 m). The volume mesh
  // has L = 2 layers of 5e-10 m under 5e5 m columns: 6V ~ (5e5)²·5e-10 =
  // 125 m³, far below 1e-12·ℓ³ ≥ 1.25e5 m³. Both used to refuse with a bare
  // "triangle 32" or "tetrahedron 0".
  const HeightField wide(3, 3, 1e6, 1e6, std::vector<double>(9, 0.0), 1e-9);
  // (Catch's combined matchers hold their parts by reference: each is
  // written out where it is used.)
  CHECK_THROWS_WITH(MakeHeightFieldSurfaceMesh(wide, 5e5),
                    Contains("HeightField of 3 × 3 samples 1e+06 × 1e+06 m apart") &&
                        Contains("thickness 1e-09 m") && Contains("too thin for its extent"));
  CHECK_THROWS_WITH(MakeHeightFieldVolumeMesh(wide, 5e5),
                    Contains("HeightField of 3 × 3 samples 1e+06 × 1e+06 m apart") &&
                        Contains("thickness 1e-09 m") && Contains("non-degenerate tetrahedra"));
  // A ramp rising 1e4 m per 1 m cell over a 1e-9 m bottom layer: where it
  // is thinnest the side triangle under the low edge is 1e-9 m by 0.5 m
  // across with the far corner 5e3 m up (twice its area 5e-10 m², against
  // 1e-14·(5e3)² = 2.5e-7 m²).
  std::vector<double> ramp;
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 3; ++i) ramp.push_back(1e4 * i);
  }
  const HeightField steep(3, 3, 1, 1, ramp, 1e-9);
  CHECK_THROWS_WITH(MakeHeightFieldSurfaceMesh(steep, 0.5),
                    Contains("HeightField of 3 × 3 samples 1 × 1 m apart, heights 0 to 20000 m") &&
                        Contains("too thin"));
  // Heights 1e6 m, thickness 1e-9 m: the doubles near 1e6 are 2^-33 ≈
  // 1.16e-10 m apart, so z_b = 1e6 − 1e-9 is stored up to 5.8e-11 m off
  // (the rigid mesh came out 4.8% thin, the compliant one was refused
  // blaming a volume file). The bound: each of the two coordinates whose
  // difference is the thinnest column is rounded by up to u·M (u = 2^-53,
  // M = 1e6), so its relative error 2u·M/t stays within 1e-6 for t ≥
  // 2u·M·1e6 = 2.22e-4 m; the refusal names that, rounded up: 0.00023 m.
  const HeightField high(2, 2, 1, 1, std::vector<double>(4, 1e6), 1e-9);
  for (const bool rigid : {true, false}) {
    CAPTURE(rigid);
    CHECK_THROWS_WITH(rigid ? (void)MakeHeightFieldSurfaceMesh(high, 0.5)
                            : (void)MakeHeightFieldVolumeMesh(high, 0.5),
                      Contains("HeightField of 2 × 2 samples") &&
                          Contains("thickness is lost to round-off at heights of 1e+06 m") &&
                          Contains("at least 0.00023 m"));
  }
  // The thickness it names is kept to the promised part per million: every
  // bottom vertex lies 2.3e-4 m below the top ones (all at 1e6, exact).
  const HeightField kept(2, 2, 1, 1, std::vector<double>(4, 1e6), 2.3e-4);
  const TriangleSurfaceMesh surface = MakeHeightFieldSurfaceMesh(kept, 0.5);
  for (const Vector3d& v : surface.vertices()) {
    if (v.z() != 1e6) CHECK(1e6 - v.z() == Approx(2.3e-4).epsilon(1e-6));
  }
  CHECK_NOTHROW(MakeHeightFieldVolumeMesh(kept, 0.5));
  // Heights near 0 set no bound beyond the smallest length: 1e-9 m passes
  // (M = 1e-9 m asks for 2.2e-19 m).
  const HeightField low(2, 2, 1, 1, std::vector<double>(4, 0.0), 1e-9);
  CHECK_NOTHROW(MakeHeightFieldSurfaceMesh(low, 0.5));
}

}  // namespace
}  // namespace hydrocontact
