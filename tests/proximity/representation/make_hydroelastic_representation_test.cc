#include "proximity/representation/make_hydroelastic_representation.h"

#include <cmath>
#include <filesystem>
#include <numbers>

#include <catch2/catch.hpp>

#include "mesh/mesh_file.h"
#include "mesh/obj_io.h"
#include "proximity/representation/make_mesh_shape.h"
#include "tests/proximity/representation/closed_surfaces.h"
#include "tests/proximity/representation/mesh_generator_checks.h"
#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Matchers::Contains;
using std::numbers::pi;


ProximityProperties Compliant(double E, std::optional<double> h = std::nullopt, double margin = 0) {
  ProximityProperties p = ProximityProperties::Compliant(E, h);
  p.set_margin(margin);
  return p;
}

// Asserts a compliant mesh's pressure: 0 on the boundary, E at the deepest
// vertex, in [0, E], and the BVH covering the mesh.
void CheckCompliant(const CompliantMesh& c, double E) {
  CHECK(c.hydroelastic_modulus == E);
  const VolumeMeshBoundary boundary = ExtractBoundary(c.mesh);
  const auto& values = c.pressure.values();
  double max_value = 0;
  for (int v = 0; v < c.mesh.num_vertices(); ++v) {
    if (boundary.is_boundary_vertex[v]) REQUIRE(values[v] == 0.0);
    REQUIRE(values[v] >= 0.0);
    REQUIRE(values[v] <= E);
    max_value = std::max(max_value, values[v]);
  }
  CHECK(max_value == E);
  const Aabb box = c.mesh.CalcBoundingBox();
  CHECK(c.bvh.bounding_box().min == box.min);
  CHECK(c.bvh.bounding_box().max == box.max);
}

TEST_CASE("Representation: compliance none gives no representation") {
  CHECK(std::holds_alternative<std::monostate>(
      MakeHydroelasticRepresentation(Sphere(1), ProximityProperties())));
}

TEST_CASE("Representation: every compliant primitive") {
  const double E = 3e6;
  const std::vector<std::pair<Shape, double>> shapes = {
      {Sphere(0.1), 4.0 / 3 * pi * 1e-3},
      {Box(0.1, 0.2, 0.3), 0.006},
      {Cylinder(0.1, 0.3), pi * 0.01 * 0.3},
      {Capsule(0.05, 0.2), pi * 0.0025 * 0.2 + 4.0 / 3 * pi * 0.05 * 0.05 * 0.05},
      {Ellipsoid(0.1, 0.2, 0.15), 4.0 / 3 * pi * 0.1 * 0.2 * 0.15},
      {Torus(0.2, 0.05), 2 * pi * pi * 0.2 * 0.05 * 0.05},
  };
  for (const auto& [shape, volume] : shapes) {
    CAPTURE(ShapeName(shape));
    const HydroelasticRepresentation r = MakeHydroelasticRepresentation(shape, Compliant(E, 0.01));
    REQUIRE(std::holds_alternative<CompliantMesh>(r));
    const auto& c = std::get<CompliantMesh>(r);
    CheckCompliant(c, E);
    // Within 2% of the exact volume at h = 0.01 (boxes exactly).
    CHECK(c.mesh.total_volume() == Approx(volume).epsilon(0.02));
    CHECK(c.mesh.total_volume() <= volume * (1 + 1e-12));
  }
}

TEST_CASE("Representation: every rigid primitive is closed and outward") {
  const std::vector<std::pair<Shape, double>> shapes = {
      {Sphere(0.1), 4 * pi * 0.01},
      {Box(0.1, 0.2, 0.3), 2 * (0.02 + 0.06 + 0.03)},
      {Cylinder(0.1, 0.3), 2 * pi * 0.1 * 0.3 + 2 * pi * 0.01},
      {Capsule(0.05, 0.2), 2 * pi * 0.05 * 0.2 + 4 * pi * 0.0025},
  };
  for (const auto& [shape, area] : shapes) {
    CAPTURE(ShapeName(shape));
    const HydroelasticRepresentation r =
        MakeHydroelasticRepresentation(shape, ProximityProperties::Rigid(0.01));
    REQUIRE(std::holds_alternative<RigidMesh>(r));
    const auto& rigid = std::get<RigidMesh>(r);
    test::CheckClosedOutward(rigid.mesh);
    CHECK(rigid.mesh.total_area() == Approx(area).epsilon(0.02));
    CHECK(rigid.bvh.nodes().size() == size_t(2 * rigid.mesh.num_triangles() - 1));
  }
}

TEST_CASE("Representation: the default hint is a fifth of the smallest dimension") {
  CHECK(DefaultResolutionHint(Sphere(0.5)) == Approx(0.2));
  CHECK(DefaultResolutionHint(Box(1, 0.5, 2)) == Approx(0.1));
  CHECK(DefaultResolutionHint(Cylinder(0.5, 0.4)) == Approx(0.08));
  CHECK(DefaultResolutionHint(Cylinder(0.1, 4)) == Approx(0.04));
  CHECK(DefaultResolutionHint(Capsule(0.1, 4)) == Approx(0.04));
  CHECK(DefaultResolutionHint(Ellipsoid(1, 0.5, 2)) == Approx(0.2));
  // Never below the smallest supported length: 2r/5 of a 1e-9 m sphere
  // (4e-10 m) is raised to 1e-9 m, so its default builds.
  CHECK(DefaultResolutionHint(Sphere(1e-9)) == kMinLength);
  CHECK(DefaultResolutionHint(Sphere(2.5e-9)) == Approx(1e-9));
  CHECK(DefaultResolutionHint(Sphere(5e-9)) == Approx(2e-9));
  CHECK_NOTHROW(MakeHydroelasticRepresentation(Sphere(1e-9), ProximityProperties::Compliant(1e6)));
  CHECK_THROWS_WITH(DefaultResolutionHint(HalfSpace()), Contains("HalfSpace"));
  CHECK_THROWS_WITH(DefaultResolutionHint(Mesh("x.obj")), Contains("Mesh"));
  // Without a hint the sphere gets the geodesic frequency
  // n = ⌈1.45·r/(2r/5)⌉ = ⌈3.625⌉ = 4: 20n² = 320 tetrahedra; with its own
  // hint the properties win.
  const auto r = MakeHydroelasticRepresentation(Sphere(0.5), Compliant(1e6));
  CHECK(std::get<CompliantMesh>(r).mesh.num_elements() == 20 * 4 * 4);
  CHECK(ResolutionHintUsed(Sphere(0.5), Compliant(1e6)) == Approx(0.2));
  CHECK(ResolutionHintUsed(Sphere(0.5), Compliant(1e6, 0.03)) == Approx(0.03));
  CHECK_FALSE(ResolutionHintUsed(Box(1, 1, 1), Compliant(1e6, 0.03)).has_value());
  CHECK_FALSE(ResolutionHintUsed(HalfSpace(), Compliant(1e6)).has_value());
}

TEST_CASE("The hint of a compliant surface Mesh is the one its tetrahedra are built with") {
  // A box of edges 1, 2, 3 written as OBJ: the default hint is a fifth of
  // the smallest edge, 0.2; with a margin of 0.1 the box grows by 0.1 on
  // every side: (1 + 0.2)/5 = 0.24.
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_hint_box.obj";
  WriteObjFile(file, test::MakeClosedBox(0.5, 1, 1.5));
  const Mesh mesh(file);
  CHECK(ResolutionHintUsed(mesh, Compliant(1e6)) == Approx(0.2).epsilon(1e-12));
  CHECK(ResolutionHintUsed(mesh, Compliant(1e6, std::nullopt, 0.1)) == Approx(0.24).epsilon(1e-12));
  CHECK(ResolutionHintUsed(mesh, Compliant(1e6, 0.07)) == 0.07);
  CHECK_FALSE(ResolutionHintUsed(mesh, ProximityProperties::Rigid(0.07)).has_value());
  // The reported default is the spacing actually used: given explicitly it
  // builds the same mesh.
  const double h = *ResolutionHintUsed(mesh, Compliant(1e6));
  const VolumeMesh by_default = MakeMeshVolumeMesh(mesh).mesh;
  const VolumeMesh given = MakeMeshVolumeMesh(mesh, 0, h).mesh;
  CHECK(by_default.Equal(given));
  std::filesystem::remove(file);
}

TEST_CASE("Representation of a Mesh from contents the caller has read") {
  // As MakeMeshVolumeMesh's test: a Mesh whose path does not exist, with
  // the real file's contents, gives the real file's representation.
  const MeshFileData contents = ReadMeshFile(test::DataPath("box_0.1m.vtk"));
  const Mesh absent("/nonexistent/box_0.1m.vtk");
  const Mesh real(test::DataPath("box_0.1m.vtk"));
  const HydroelasticRepresentation compliant =
      MakeHydroelasticRepresentation(absent, Compliant(1e6), &contents);
  const HydroelasticRepresentation compliant_file =
      MakeHydroelasticRepresentation(real, Compliant(1e6));
  const CompliantMesh& c = std::get<CompliantMesh>(compliant);
  const CompliantMesh& c_file = std::get<CompliantMesh>(compliant_file);
  CHECK(c.mesh.Equal(c_file.mesh));
  CHECK(c.pressure.values() == c_file.pressure.values());
  const HydroelasticRepresentation rigid =
      MakeHydroelasticRepresentation(absent, ProximityProperties::Rigid(), &contents);
  const HydroelasticRepresentation rigid_file =
      MakeHydroelasticRepresentation(real, ProximityProperties::Rigid());
  CHECK(std::get<RigidMesh>(rigid).mesh.Equal(std::get<RigidMesh>(rigid_file).mesh));
  CHECK_THROWS_AS(MakeHydroelasticRepresentation(absent, ProximityProperties::Rigid()),
                  std::runtime_error);
}

TEST_CASE("Representation: half-spaces") {
  CHECK(std::holds_alternative<RigidHalfSpace>(
      MakeHydroelasticRepresentation(HalfSpace(), ProximityProperties::Rigid())));
  ProximityProperties p = Compliant(2e5, std::nullopt, 0.01);
  p.set_slab_thickness(0.5);
  const auto r = MakeHydroelasticRepresentation(HalfSpace(), p);
  REQUIRE(std::holds_alternative<CompliantHalfSpace>(r));
  const auto& h = std::get<CompliantHalfSpace>(r);
  // p = E·(δ − z)/t: zero at z = δ, E at depth t below it.
  CHECK(h.Pressure(0.01) == 0.0);
  CHECK(h.Pressure(0.01 - 0.5) == Approx(2e5));
  // The slope and the gradient: E/t = 2e5/0.5 = 4e5 Pa/m, ∇p = −4e5 ẑ (the
  // pressure falls going up).
  CHECK(h.PressureSlope() == Approx(4e5));
  CHECK(h.PressureGradient().isApprox(Eigen::Vector3d(0, 0, -4e5)));
  // The field of heights the kernels hold: slope 4e5 Pa/m, zero at the
  // margin 0.01 m; 0.1 m below it, 4e5·0.1 = 4e4 Pa; 0.02 m above, −8e3 Pa.
  // It is the expression Pressure evaluates, so its values are Pressure's
  // bit for bit, one height at a time or two.
  const SlabPressureField field = h.PressureField();
  CHECK(field.slope == Approx(4e5));
  CHECK(field.margin == 0.01);
  CHECK(field(0.01 - 0.1) == Approx(4e4));
  CHECK(field(0.03) == Approx(-8e3));
  for (const double z : {-0.37, 0.0, 0.01, 0.2}) CHECK(field(z) == h.Pressure(z));
  const Eigen::Array2d pair = field(Eigen::Array2d(-0.37, 0.2));
  CHECK(pair(0) == h.Pressure(-0.37));
  CHECK(pair(1) == h.Pressure(0.2));
}

TEST_CASE("Representation: margins inflate every compliant primitive") {
  const double delta = 0.005;
  const auto sphere = std::get<CompliantMesh>(
      MakeHydroelasticRepresentation(Sphere(0.1), Compliant(1e6, 0.02, delta)));
  CheckCompliant(sphere, 1e6);
  for (int v : ExtractBoundary(sphere.mesh).volume_vertex) {
    REQUIRE(sphere.mesh.vertex(v).norm() - 0.1 == Approx(delta).margin(1e-14));
  }
  const auto box = std::get<CompliantMesh>(
      MakeHydroelasticRepresentation(Box(0.1, 0.1, 0.2), Compliant(1e6, std::nullopt, delta)));
  CheckCompliant(box, 1e6);
  CHECK(box.mesh.total_volume() == Approx(0.11 * 0.11 * 0.21).epsilon(1e-12));
  const auto rigid = std::get<RigidMesh>(MakeHydroelasticRepresentation(Box(0.1, 0.1, 0.2), [&] {
    ProximityProperties p = ProximityProperties::Rigid();
    p.set_margin(delta);
    return p;
  }()));
  CHECK(rigid.mesh.CalcSignedVolume() == Approx(0.11 * 0.11 * 0.21).epsilon(1e-12));
}

TEST_CASE("Representation: files") {
  // A VTK volume as compliant Mesh: e from distances to its boundary; the
  // sample cube's one interior vertex is its centre.
  const auto cube = std::get<CompliantMesh>(
      MakeHydroelasticRepresentation(Mesh(test::DataPath("box_0.1m.vtk")), Compliant(1e5)));
  CheckCompliant(cube, 1e5);
  CHECK(cube.mesh.total_volume() == Approx(1e-3).epsilon(1e-12));
  // A closed OBJ as rigid Mesh.
  const auto sphere = std::get<RigidMesh>(
      MakeHydroelasticRepresentation(Mesh(test::DataPath("sphere_r0.05m.obj")), ProximityProperties::Rigid()));
  test::CheckClosedOutward(sphere.mesh);
  CHECK(sphere.mesh.num_triangles() == 320);
  // Convex either way.
  const auto hull = std::get<CompliantMesh>(
      MakeHydroelasticRepresentation(Convex(test::DataPath("sphere_r0.05m.obj")), Compliant(1e6)));
  CheckCompliant(hull, 1e6);
  CHECK(hull.mesh.num_elements() == 320);
  CHECK(std::holds_alternative<RigidMesh>(
      MakeHydroelasticRepresentation(Convex(test::DataPath("box_0.1m.vtk")), ProximityProperties::Rigid())));
}

TEST_CASE("Representation: impossible requests throw saying why and what to do") {
  // A compliant OBJ is tetrahedralized now (issue 15) unless it is open.
  CHECK_THROWS_WITH(
      MakeHydroelasticRepresentation(Mesh(test::DataPath("square_patch_0.1m.obj")), Compliant(1e6)),
      Contains("square_patch_0.1m.obj") && Contains("not closed"));
  CHECK_THROWS_WITH(MakeHydroelasticRepresentation(Mesh(test::DataPath("square_patch_0.1m.obj")),
                                                   ProximityProperties::Rigid()),
                    Contains("square_patch_0.1m.obj") && Contains("not closed") &&
                        Contains("use Convex"));
  CHECK_THROWS_WITH(MakeHydroelasticRepresentation(Sphere(1), Compliant(1e6, 1e-4)),
                    Contains("Sphere") && Contains("resolution hint"));
  CHECK_THROWS_WITH(MakeHydroelasticRepresentation(Mesh(test::DataPath("missing.vtk")), Compliant(1e6)),
                    Contains("missing.vtk"));
  CHECK_THROWS_WITH(MakeHydroelasticRepresentation(Mesh(test::DataPath("README.md")), Compliant(1e6)),
                    Contains("README.md") && Contains("unsupported"));
}

}  // namespace
}  // namespace hydrocontact
