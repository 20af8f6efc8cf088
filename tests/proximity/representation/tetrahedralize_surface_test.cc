#include "proximity/representation/tetrahedralize_surface.h"

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "mesh/msh_reader.h"
#include "mesh/obj_io.h"
#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "proximity/representation/make_mesh_shape.h"
#include "tests/mesh/test_files.h"
#include "tests/proximity/hydroelastic/contact_test_meshes.h"
#include "tests/proximity/representation/closed_surfaces.h"
#include "tests/proximity/representation/mesh_generator_checks.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// Labelle & Shewchuk's proven dihedral bounds for isosurface stuffing with
// their α values: every angle in [10.7°, 164.8°]. Our quad diagonals follow
// an index rule rather than their parity rule, so the bounds are asserted
// here as the quality every mesh must meet.
const double kMinDihedral = 10.7 * M_PI / 180;
const double kMaxDihedral = 164.8 * M_PI / 180;

// Checks every invariant a stuffed mesh must meet and returns it: the
// compliant-mesh invariants (positive tetrahedra, none with four boundary
// vertices, e = 0 exactly on the boundary and in (0, 1] inside, a closed
// boundary enclosing the mesh volume); the quality bounds; boundary vertices
// on the input surface (measured with the point–mesh distance); the
// boundary's deviation under one lattice spacing; nothing lost; and the
// reported dihedral range equal to one computed here from the tetrahedra.
SurfaceTetrahedralization StuffAndCheck(const MeshDistanceData& data, double h) {
  SurfaceTetrahedralization t = TetrahedralizeSurface(data, h);
  test::CheckCompliantMesh(t.mesh);
  const VolumeMesh& mesh = t.mesh.mesh;
  double lo = M_PI, hi = 0;
  for (const auto& e : mesh.tetrahedra()) {
    const auto [a, b] = CalcDihedralAngleRange(mesh.vertex(e[0]), mesh.vertex(e[1]),
                                               mesh.vertex(e[2]), mesh.vertex(e[3]));
    lo = std::min(lo, a);
    hi = std::max(hi, b);
  }
  CHECK(t.min_dihedral_angle == lo);
  CHECK(t.max_dihedral_angle == hi);
  CHECK(t.min_dihedral_angle >= kMinDihedral);
  CHECK(t.max_dihedral_angle <= kMaxDihedral);
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  const double scale = data.length_scale;
  for (const Vector3d& p : boundary.surface.vertices()) {
    CHECK(std::abs(CalcMeshPointDistance(data, p).distance) <= 1e-12 * scale);
  }
  CHECK(t.max_boundary_deviation < h);
  CHECK(t.max_surface_deviation < h);
  return t;
}

TEST_CASE("Dihedral angles of known tetrahedra") {
  // The regular tetrahedron: every dihedral angle is acos(1/3).
  const Vector3d a(1, 1, 1), b(1, -1, -1), c(-1, 1, -1), d(-1, -1, 1);
  const auto [lo, hi] = CalcDihedralAngleRange(a, b, c, d);
  CHECK(lo == Approx(std::acos(1.0 / 3)).epsilon(1e-12));
  CHECK(hi == Approx(std::acos(1.0 / 3)).epsilon(1e-12));
  // The corner tetrahedron (0, x, y, z): right angles at the three edges
  // through the origin, and acos(1/√3) between the slanted face and each
  // coordinate face.
  const auto [lo2, hi2] = CalcDihedralAngleRange(Vector3d::Zero(), Vector3d::UnitX(),
                                                 Vector3d::UnitY(), Vector3d::UnitZ());
  CHECK(lo2 == Approx(std::acos(1 / std::sqrt(3.0))).epsilon(1e-12));
  CHECK(hi2 == Approx(M_PI / 2).epsilon(1e-12));
}

TEST_CASE("A closed box: volume and field against the analytic ones") {
  // Half sizes that no lattice spacing below divides, so the boundary is cut.
  const double a = 1.03, b = 0.51, c = 0.493;
  const MeshDistanceData data = MakeMeshDistanceData(test::MakeClosedBox(a, b, c));
  const double volume = 8 * a * b * c;
  const double area = 8 * (a * b + b * c + c * a);
  double previous_error = volume;
  for (double h : {0.2, 0.1, 0.07}) {
    INFO("h = " << h);
    const SurfaceTetrahedralization t = StuffAndCheck(data, h);
    const VolumeMesh& mesh = t.mesh.mesh;
    // The stuffed boundary lies within about h of the true one, so the
    // volume error is below (area × h) times a small fraction, and shrinks.
    const double error = std::abs(mesh.total_volume() - volume);
    CHECK(error < 0.1 * area * h);
    CHECK(error < previous_error);
    previous_error = error;
    // The field: e = d / max d with d the distance to the nearest face,
    // d(x) = min(a − |x|, b − |y|, c − |z|) inside. The deepest vertex has
    // d ≤ c (the smallest half size) and, since the lattice has a point
    // within h of the box's medial plane z = 0, d ≥ c − h.
    double deepest = 0;
    for (int v = 0; v < mesh.num_vertices(); ++v) {
      const Vector3d& p = mesh.vertex(v);
      deepest = std::max(deepest, std::min({a - std::abs(p.x()), b - std::abs(p.y()),
                                            c - std::abs(p.z())}));
    }
    CHECK(deepest <= c);
    CHECK(deepest >= c - h);
    for (int v = 0; v < mesh.num_vertices(); ++v) {
      const Vector3d& p = mesh.vertex(v);
      const double d = std::max(
          0.0, std::min({a - std::abs(p.x()), b - std::abs(p.y()), c - std::abs(p.z())}));
      // Exact distances everywhere (a propagated one is exact for a box:
      // each point's nearest face is its neighbours' nearest face), up to
      // round-off and the boundary vertices set to exactly 0.
      CHECK(t.mesh.extent[v] * deepest == Approx(d).margin(1e-9));
    }
  }
}

TEST_CASE("A closed sphere: volume and field against the analytic ones") {
  // An icosphere of 20480 triangles; its own enclosed volume is within
  // 0.1% of 4/3 π r³, and its surface within 1.2e-3 r of the sphere.
  const double r = 1;
  const TriangleSurfaceMesh surface = test::MakeIcosphere(r, 5);
  const double polyhedron_volume = surface.CalcSignedVolume();
  CHECK(polyhedron_volume == Approx(4 * M_PI / 3).epsilon(1e-3));
  const MeshDistanceData data = MakeMeshDistanceData(surface);
  double previous_error = 1;
  for (double h : {0.2, 0.1, 0.09}) {
    INFO("h = " << h);
    const SurfaceTetrahedralization t = StuffAndCheck(data, h);
    const double error = std::abs(t.mesh.mesh.total_volume() / polyhedron_volume - 1);
    CHECK(error < previous_error);
    previous_error = error;
    // The inscribed polyhedron of a sphere with chords of length ≲ h loses
    // about (area · h²/(8r)) relative to the sphere: below 3 h²/(2r).
    CHECK(error < 1.5 * h * h);
    // The field: e ≈ 1 − |x|/r. The true distance to the icosphere is within
    // 1.2e-3 of r − |x|, and the deepest vertex is within √3/2·h of the
    // centre.
    for (int v = 0; v < t.mesh.mesh.num_vertices(); ++v) {
      const double expected = 1 - t.mesh.mesh.vertex(v).norm() / r;
      CHECK(t.mesh.extent[v] == Approx(expected).margin(h + 2e-3));
    }
  }
  CHECK(previous_error < 3e-3);
}

// The deepest vertex of `m` and the extent values on the boundary.
int Deepest(const VolumeMeshWithExtent& m) {
  return int(std::max_element(m.extent.begin(), m.extent.end()) - m.extent.begin());
}

TEST_CASE("An L-shaped prism: volume converges, field 0 on the boundary, maximum on the medial axis") {
  // Voxels (i, j, k) of a 4×4×4 block with i < 1 or j < 1: legs of unit
  // thickness, volume (4 + 3)·4 = 28, scaled by 1.01 so no spacing below
  // divides its edges.
  const double s = 1.01;
  const TriangleSurfaceMesh surface =
      test::MakeVoxelSurface(4, s, [](int i, int j, int) { return i < 1 || j < 1; });
  const double volume = 28 * s * s * s;
  CHECK(surface.CalcSignedVolume() == Approx(volume).epsilon(1e-12));
  const MeshDistanceData data = MakeMeshDistanceData(surface);
  double previous_error = volume;
  for (double h : {0.3, 0.15, 0.075}) {
    INFO("h = " << h);
    const SurfaceTetrahedralization t = StuffAndCheck(data, h);
    const double error = std::abs(t.mesh.mesh.total_volume() - volume);
    CHECK(error < previous_error);
    previous_error = error;
    // In each leg the medial surface is the mid-plane (depth s/2). In the
    // corner column (0 ≤ x, y ≤ s) the nearest boundary is the face x = 0,
    // the face y = 0 or the re-entrant edge x = y = s, so the depth
    // min(x, y, √((s−x)² + (s−y)²)) peaks on the diagonal x = y = q where
    // q = √2 (s − q): q = s √2/(1 + √2) ≈ 0.586 s, deeper than s/2. That
    // medial point (over the whole height, away from the end caps) holds
    // the maximum; the deepest vertex is within a lattice spacing of it.
    const double q = s * std::sqrt(2.0) / (1 + std::sqrt(2.0));
    const Vector3d p = t.mesh.mesh.vertex(Deepest(t.mesh));
    CHECK(std::abs(p.x() - q) <= h);
    CHECK(std::abs(p.y() - q) <= h);
    CHECK(p.z() >= q - h);
    CHECK(p.z() <= 4 * s - q + h);
    CHECK(-CalcMeshPointDistance(data, p).distance >= q - h);
  }
  CHECK(previous_error / volume < 0.01);
}

TEST_CASE("A torus: volume converges, field 0 on the boundary, maximum on the core circle") {
  // Major radius R, minor r: volume 2π²Rr² for the smooth torus; the
  // 64 × 32 polyhedron is inscribed, its own volume is the reference.
  const double R = 1, r = 0.3;
  const TriangleSurfaceMesh surface = test::MakeTorusSurface(R, r, 64, 32);
  const double volume = surface.CalcSignedVolume();
  CHECK(volume == Approx(2 * M_PI * M_PI * R * r * r).epsilon(0.01));
  const MeshDistanceData data = MakeMeshDistanceData(surface);
  double previous_error = 1;
  for (double h : {0.2, 0.1, 0.07}) {
    INFO("h = " << h);
    const SurfaceTetrahedralization t = StuffAndCheck(data, h);
    const double error = std::abs(t.mesh.mesh.total_volume() / volume - 1);
    CHECK(error < previous_error);
    previous_error = error;
    // The medial axis is the core circle ρ = R, z = 0.
    const Vector3d p = t.mesh.mesh.vertex(Deepest(t.mesh));
    CHECK(std::abs(std::hypot(p.x(), p.y()) - R) <= h);
    CHECK(std::abs(p.z()) <= h);
    // The hole stays open: no vertex is nearer the axis than the inner
    // equator's chords, at (R − r)·cos(π/64) from it.
    for (const Vector3d& v : t.mesh.mesh.vertices()) {
      CHECK(std::hypot(v.x(), v.y()) >= (R - r) * std::cos(M_PI / 64) - 1e-12);
    }
  }
  CHECK(previous_error < 0.01);
}

TEST_CASE("Parts thinner than the lattice are reported") {
  // A slab 0.02 thick meshed with h = 0.1: no lattice point lies inside.
  const MeshDistanceData slab = MakeMeshDistanceData(test::MakeClosedBox(0.5, 0.5, 0.01));
  CHECK_THROWS_WITH(TetrahedralizeSurface(slab, 0.1),
                    Catch::Contains("thinner than the lattice") &&
                        Catch::Contains("smaller resolution hint"));
  // A big cube with a small cube beside it (two closed components): the
  // small one is lost at h = 0.1 and reported where it is.
  TriangleSurfaceMesh big = test::MakeClosedBox(0.5, 0.5, 0.5);
  TriangleSurfaceMesh small = test::MakeClosedBox(0.01, 0.01, 0.01);
  std::vector<Vector3d> v = big.vertices();
  std::vector<std::array<int, 3>> f = big.triangles();
  for (const Vector3d& p : small.vertices()) v.push_back(p + Vector3d(0.8, 0, 0));
  for (auto t : small.triangles()) f.push_back({t[0] + 8, t[1] + 8, t[2] + 8});
  const MeshDistanceData two = MakeMeshDistanceData(TriangleSurfaceMesh(f, v));
  const SurfaceTetrahedralization t = TetrahedralizeSurface(two, 0.1);
  CHECK(t.max_surface_deviation > 0.1);
  CHECK(std::abs(t.p_GMissed.x() - 0.8) <= 0.01 + 1e-12);
  // Through the Mesh shape, a lost part is an error naming where.
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_two_cubes.obj";
  WriteObjFile(file, TriangleSurfaceMesh(f, v));
  CHECK_THROWS_WITH(MakeMeshVolumeMesh(Mesh(file), 0, 0.1),
                    Catch::Contains("hydrocontact_two_cubes.obj") && Catch::Contains("lost") &&
                        Catch::Contains("(0.81"));
  std::filesystem::remove(file);
  CHECK_THROWS_WITH(TetrahedralizeSurface(slab, -1), Catch::Contains("resolution hint"));
  CHECK_THROWS_WITH(TetrahedralizeSurface(slab, 1e-5), Catch::Contains("resolution hint"));
}

TEST_CASE("A thin tilted plate whose lost middle lies far from its vertices is reported") {
  // A plate 1 × 1 × 0.04 m (volume 0.04 m³) tilted 0.3 rad about (1, 2,
  // 0.3), meshed at h = 0.05: thinner than the lattice, it keeps its
  // tetrahedra only where lattice points happen to fall inside, and loses
  // patches of its middle. Its only vertices are its eight corners, which
  // the mesh keeps within h: measured there alone the loss went unseen, and
  // a compliant Mesh came out with about 69% of the plate, holes about 2h
  // across, without an error. Measured over the whole surface the loss is
  // seen and refused.
  const double h = 0.05, thickness = 0.04;
  const Eigen::Matrix3d R =
      Eigen::AngleAxisd(0.3, Vector3d(1, 2, 0.3).normalized()).toRotationMatrix();
  const TriangleSurfaceMesh box = test::MakeClosedBox(0.5, 0.5, thickness / 2);
  std::vector<Vector3d> v;
  for (const Vector3d& p : box.vertices()) v.push_back(R * p);
  const TriangleSurfaceMesh plate(box.triangles(), v);
  const MeshDistanceData data = MakeMeshDistanceData(plate);
  const SurfaceTetrahedralization t = TetrahedralizeSurface(data, h);
  // The loss, measured independently of the report: the volume.
  const double kept = t.mesh.mesh.total_volume() / thickness;
  CAPTURE(kept);
  REQUIRE(kept < 0.8);
  // The report: a point of the input surface (on it up to round-off)
  // farther than h from the mesh's boundary, at the distance reported.
  CHECK(t.max_surface_deviation > h);
  CHECK(std::abs(CalcMeshPointDistance(data, t.p_GMissed).distance) <= 1e-12);
  const TriangleSurfaceMesh skin = ExtractBoundary(t.mesh.mesh).surface;
  CHECK(CalcUnsignedDistanceToTriangles(skin, Bvh(skin), t.p_GMissed) ==
        Approx(t.max_surface_deviation).epsilon(1e-12));
  // None of the corners is that far: the point lies inside a face.
  for (const Vector3d& corner : plate.vertices()) {
    CHECK((corner - t.p_GMissed).norm() > h);
  }
  // Through the Mesh shape the loss is the documented refusal.
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_tilted_plate.obj";
  WriteObjFile(file, plate);
  CHECK_THROWS_WITH(MakeMeshVolumeMesh(Mesh(file), 0, h),
                    Catch::Contains("hydrocontact_tilted_plate.obj") && Catch::Contains("lost") &&
                        Catch::Contains("smaller resolution hint"));
  // At a third of the thickness the lattice resolves the plate: accepted,
  // kept whole up to the cuts along its edges (a strip at most about h/2
  // deep around the 4 m rim: 4·(h/2)·t/(1·t) = 2.7% of the volume).
  const VolumeMeshWithExtent fine = MakeMeshVolumeMesh(Mesh(file), 0, thickness / 3);
  CHECK(fine.mesh.total_volume() == Approx(thickness).epsilon(0.05));
}

TEST_CASE("A compliant OBJ Mesh is inflated by its margin before meshing") {
  // A cube of half size 0.45 inflated by δ = 0.05 is the cube of edge 1
  // (InflateSurfaceMesh moves each corner to the offset corner). With
  // h = 0.1 the lattice, centred on the inflated box, has planes of points
  // on its faces, so the stuffed mesh is that cube exactly: volume 1, and
  // every boundary vertex on a face |x|, |y| or |z| = 0.5.
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_margin_cube.obj";
  WriteObjFile(file, test::MakeClosedBox(0.45, 0.45, 0.45));
  const VolumeMeshWithExtent m = MakeMeshVolumeMesh(Mesh(file), 0.05, 0.1);
  test::CheckCompliantMesh(m);
  CHECK(m.mesh.total_volume() == Approx(1.0).epsilon(1e-12));
  const VolumeMeshBoundary boundary = ExtractBoundary(m.mesh);
  for (const Vector3d& p : boundary.surface.vertices()) {
    CHECK(p.cwiseAbs().maxCoeff() == Approx(0.5).epsilon(1e-12));
  }
  // Without a margin: the cube of edge 0.9 (volume 0.729), also aligned.
  CHECK(MakeMeshVolumeMesh(Mesh(file), 0, 0.1).mesh.total_volume() ==
        Approx(0.729).epsilon(1e-12));
  std::filesystem::remove(file);
}

TEST_CASE("A compliant sphere from an OBJ pressed into a rigid half-space: closed-form force") {
  // Sphere of radius r whose centre is at height c = r − d above the plane
  // z = 0: the contact surface is the disk of radius a, a² = r² − c², and
  // with p = E(1 − |x|/r) the force is
  //   F = ∫₀^a E (1 − √(ρ² + c²)/r) 2πρ dρ = E (π a² − 2π (r³ − c³)/(3r)).
  const double E = 1e6, r = 1, d = 0.2, c = r - d, a2 = r * r - c * c;
  const double force = E * (M_PI * a2 - 2 * M_PI * (r * r * r - c * c * c) / (3 * r));
  const test::ScratchDirectory scratch;  // unique per process: test programs run in parallel
  const auto file = scratch.path() / "hydrocontact_stuffed_sphere.obj";
  WriteObjFile(file, test::MakeIcosphere(r, 5));
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  const RigidTransform X_WS = RigidTransform::FromRollPitchYaw(Vector3d(0.3, 0.2, 0.1),
                                                               Vector3d(0, 0, c));
  double previous_error = 1;
  for (double h : {0.2, 0.1, 0.05}) {
    INFO("h = " << h);
    const HydroelasticRepresentation sphere = MakeHydroelasticRepresentation(
        Mesh(file), ProximityProperties::Compliant(E, h));
    const auto s = ComputeContactSurface(id_S, sphere, X_WS, id_H, RigidHalfSpace{},
                                         RigidTransform(), HydroelasticContactRepresentation::kPolygon);
    REQUIRE(s.has_value());
    const Vector3d f = test::IntegrateForce(*s);
    const double error = std::abs(f.z() / force - 1);
    CHECK(error < previous_error);
    previous_error = error;
  }
  CHECK(previous_error < 0.03);
  std::filesystem::remove(file);
}

// The largest distance from a vertex of `mesh` to the surface of `data`:
// the denominator of a compliant mesh's extent when its boundary is that
// surface.
double DeepestDistance(const MeshDistanceData& data, const VolumeMesh& mesh) {
  double deepest = 0;
  for (const Vector3d& p : mesh.vertices()) {
    deepest = std::max(deepest, std::abs(CalcMeshPointDistance(data, p).distance));
  }
  return deepest;
}

TEST_CASE("Against gmsh: one torus surface, tetrahedralized by gmsh and by stuffing", "[gmsh]") {
  // gmsh tetrahedralizes a torus (major radius R = 1, minor r = 0.3: non-
  // convex, genus 1) with edges of about ℓ = 0.05; its boundary S is the
  // surface given to our mesher, so both meshes describe the same solid.
  const double R = 1, r = 0.3, ell = 0.05, E = 1e6;
  test::ScratchDirectory dir;
  dir.Write("torus.geo", fmt::format("SetFactory(\"OpenCASCADE\");\nTorus(1) = {{0, 0, 0, {}, {}}};\n"
                                     "Mesh.CharacteristicLengthMax = {};\n",
                                     R, r, ell));
  const auto msh = dir.path() / "torus.msh";
  const auto obj = dir.path() / "torus.obj";
  const std::string command =
      fmt::format("gmsh -3 '{}' -format msh -o '{}' > /dev/null 2>&1",
                  (dir.path() / "torus.geo").string(), msh.string());
  REQUIRE(std::system(command.c_str()) == 0);
  const VolumeMesh gmsh = ReadMshFile(msh).mesh;
  const TriangleSurfaceMesh S = ExtractBoundary(gmsh).surface;
  WriteObjFile(obj, S);
  const MeshDistanceData data = MakeMeshDistanceData(S);
  const double V = gmsh.total_volume();
  CHECK(V == Approx(S.CalcSignedVolume()).epsilon(1e-12));
  CHECK(V == Approx(2 * M_PI * M_PI * R * r * r).epsilon(0.02));

  // The same field definition for both: p = E·(distance to S)/D, D the
  // largest distance at a vertex (the compliant Mesh of a volume file and
  // of a surface file alike).
  const HydroelasticRepresentation from_gmsh =
      MakeHydroelasticRepresentation(Mesh(msh), ProximityProperties::Compliant(E));
  const double D_gmsh = DeepestDistance(data, std::get<CompliantMesh>(from_gmsh).mesh);
  // The torus on a rigid half-space, its axis tilted by 0.05 rad, its lowest
  // point d = 0.05 below the plane: a crescent of contact.
  const double d = 0.05;
  const RigidTransform X_WT = RigidTransform::FromRollPitchYaw(
      Vector3d(0.05, 0, 0), Vector3d(0, 0, r + R * std::sin(0.05) - d));
  const GeometryId id_T = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  auto contact = [&](const HydroelasticRepresentation& torus) {
    const auto s = ComputeContactSurface(id_T, torus, X_WT, id_H, RigidHalfSpace{}, RigidTransform(),
                                         HydroelasticContactRepresentation::kPolygon);
    REQUIRE(s.has_value());
    return std::make_pair(s->total_area(), test::IntegrateForce(*s).z());
  };
  const auto [area_gmsh, force_gmsh] = contact(from_gmsh);
  CHECK(force_gmsh > 0);
  double previous_volume_error = 1;
  for (const double h : {0.1, 0.05}) {
    INFO("h = " << h);
    const SurfaceTetrahedralization t = TetrahedralizeSurface(data, h);
    const HydroelasticRepresentation ours =
        MakeHydroelasticRepresentation(Mesh(obj), ProximityProperties::Compliant(E, h));
    const VolumeMesh& mesh = std::get<CompliantMesh>(ours).mesh;
    // The representation is this tetrahedralization, renumbered in its
    // hierarchy's leaf order (OrderForLocality): the same tetrahedra, their
    // volumes summed in another order, so equal to round-off.
    CHECK(mesh.num_elements() == t.mesh.mesh.num_elements());
    CHECK(mesh.total_volume() == Approx(t.mesh.mesh.total_volume()).epsilon(1e-13));
    // (a) Volume. Our boundary and S are within H = max(boundary, surface
    // deviation) of each other, so the solids differ by at most a shell of
    // S's area and thickness H; and the error falls with the hint.
    const double H = std::max(t.max_boundary_deviation, t.max_surface_deviation);
    const double volume_error = std::abs(mesh.total_volume() - V);
    CHECK(volume_error <= S.total_area() * H);
    CHECK(volume_error < previous_volume_error);
    previous_volume_error = volume_error;
    // (b) Contact. Both meshes interpolate the same distance linearly and
    // approximate S by flat pieces: errors of second order in element size
    // over the tube's radius of curvature r, for ours (h) and for gmsh's
    // (ℓ), so the two agree within (h² + ℓ²)/r² (the chordal and
    // interpolation constants, 1/8 and 1/2, leave a margin): 14% at
    // h = 0.1, 6% at h = 0.05.
    const double tolerance = (h * h + ell * ell) / (r * r);
    const double D_ours = DeepestDistance(data, mesh);
    const auto [area, force] = contact(ours);
    CHECK(std::abs(area / area_gmsh - 1) <= tolerance);
    // The force per unit E/D (∫ distance dA) compares the interpolated
    // fields; the force itself also carries each mesh's D (its deepest
    // vertex, both near the core circle of radius R where the distance is r).
    CHECK(std::abs((force * D_ours) / (force_gmsh * D_gmsh) - 1) <= tolerance);
    CHECK(std::abs(force / force_gmsh - 1) <= tolerance + std::abs(D_ours / D_gmsh - 1));
    CHECK(std::abs(D_ours - D_gmsh) <= std::max(h, ell));
  }
}

}  // namespace
}  // namespace hydrocontact
