#include "proximity/hydroelastic/compute_contact_surface.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <Eigen/LU>
#include <catch2/catch.hpp>

#include "proximity/representation/make_hydroelastic_representation.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "tests/proximity/hydroelastic/contact_test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using test::IntegrateForce;

using test::kE;
constexpr auto kTriangle = HydroelasticContactRepresentation::kTriangle;
constexpr auto kPolygon = HydroelasticContactRepresentation::kPolygon;

// One geometry of a test pair.
struct Posed {
  GeometryId id;
  HydroelasticRepresentation representation;
  RigidTransform X_WG;
};

struct Pair {
  std::string name;
  Posed a;
  Posed b;
};

CompliantHalfSpace MakeCompliantHalfSpace(double E, double slab, double margin) {
  CompliantHalfSpace h;
  h.hydroelastic_modulus = E;
  h.slab_thickness = slab;
  h.margin = margin;
  return h;
}

// One overlapping configuration of every supported kind. In each, `a` has
// the smaller id.
std::vector<Pair> MakePairs() {
  const RigidTransform X_W0 =
      RigidTransform::FromRollPitchYaw(Vector3d(0.3, -0.4, 0.5), Vector3d(0.1, 0.2, 0.3));
  auto next = [] { return GeometryId::get_new_id(); };
  std::vector<Pair> pairs;
  pairs.push_back({"compliant sphere on a rigid box",
                   {next(), test::MakeConeSphere(1, 3, kE), X_W0},
                   {next(), test::MakeRigid(test::MakeBoxSurface(Vector3d(1, 1, 1))),
                    X_W0 * RigidTransform::FromAxisAngle(Vector3d(1, 2, 0), 0.2,
                                                         Vector3d(0.1, 0, -1.8))}});
  pairs.push_back({"two compliant spheres",
                   {next(), test::MakeConeSphere(1, 3, kE), X_W0},
                   {next(), test::MakeConeSphere(0.8, 3, 2 * kE),
                    X_W0 * RigidTransform::FromRollPitchYaw(Vector3d(1, 2, 3),
                                                            Vector3d(0.9, 0.8, 0.6))}});
  pairs.push_back({"compliant sphere on a rigid half-space",
                   {next(), test::MakeConeSphere(1, 3, kE), X_W0 * RigidTransform(Vector3d(0, 0, 0.75))},
                   {next(), RigidHalfSpace{}, X_W0}});
  pairs.push_back({"rigid sphere on a compliant half-space",
                   {next(), MakeCompliantHalfSpace(kE, 0.5, 0.01), X_W0},
                   {next(), test::MakeRigid(test::MakeSphereSurface(1, 3)),
                    X_W0 * RigidTransform::FromRollPitchYaw(Vector3d(0.5, 0.1, 0), Vector3d(0.2, 0, 0.8))}});
  pairs.push_back({"compliant sphere on a compliant half-space",
                   {next(), MakeCompliantHalfSpace(3 * kE, 0.5, 0.0), X_W0},
                   {next(), test::MakeConeSphere(1, 3, kE), X_W0 * RigidTransform(Vector3d(0, 0, 0.7))}});
  pairs.push_back({"compliant cube against a compliant slab box",
                   {next(), test::MakeConeBox(Vector3d(0.5, 0.6, 0.7), 2 * kE),
                    X_W0 * RigidTransform::FromAxisAngle(Vector3d(1, 1, 1), 0.3, Vector3d(0, 0, 1.3))},
                   {next(), test::MakeSlabBox(Vector3d(2, 2, 1), Eigen::Vector3i(4, 4, 2), 2, kE), X_W0}});
  return pairs;
}

std::optional<ContactSurface> Compute(const Posed& a, const Posed& b,
                                      HydroelasticContactRepresentation representation,
                                      bool filter = true) {
  ContactSurfaceOptions options;
  options.normal_filter = filter;
  return ComputeContactSurface(a.id, a.representation, a.X_WG, b.id, b.representation, b.X_WG,
                               representation, options);
}

TEST_CASE("Every supported pair: ids ordered, argument order irrelevant, representations agree",
          "[compute_contact_surface]") {
  for (const Pair& pair : MakePairs()) {
    INFO(pair.name);
    for (const bool filter : {true, false}) {
      const auto tri = Compute(pair.a, pair.b, kTriangle, filter);
      const auto poly = Compute(pair.a, pair.b, kPolygon, filter);
      REQUIRE(tri.has_value());
      REQUIRE(poly.has_value());
      CHECK(tri->id_M() == pair.a.id);
      CHECK(tri->id_N() == pair.b.id);
      CHECK(tri->HasGradE_M() == IsCompliant(pair.a.representation));
      CHECK(tri->HasGradE_N() == IsCompliant(pair.b.representation));
      CHECK(poly->HasGradE_M() == IsCompliant(pair.a.representation));
      // Same total area and force in both representations.
      CHECK(tri->total_area() == Approx(poly->total_area()).epsilon(1e-12));
      const Vector3d f_tri = IntegrateForce(*tri);
      const Vector3d f_poly = IntegrateForce(*poly);
      CHECK((f_tri - f_poly).norm() <= 1e-12 * f_poly.norm());
      CHECK(tri->centroid().isApprox(poly->centroid(), 1e-12));
      // Swapping the arguments gives the very same surface.
      CHECK(Compute(pair.b, pair.a, kTriangle, filter)->Equal(*tri));
      CHECK(Compute(pair.b, pair.a, kPolygon, filter)->Equal(*poly));
    }
  }
}

TEST_CASE("Every supported pair: normals, gradients and pressures", "[compute_contact_surface]") {
  for (const Pair& pair : MakePairs()) {
    INFO(pair.name);
    for (const auto representation : {kTriangle, kPolygon}) {
      const auto s = Compute(pair.a, pair.b, representation);
      REQUIRE(s.has_value());
      for (int f = 0; f < s->num_faces(); ++f) {
        const Vector3d& n = s->face_normal(f);
        CHECK(n.norm() == Approx(1.0));
        // The orientation filter's guarantee: n̂ within 5π/8 of ∇p_M and −n̂
        // within 5π/8 of ∇p_N.
        if (s->HasGradE_M()) CHECK(IsAlongPressureGradient(n, s->EvaluateGradE_M_W(f)));
        if (s->HasGradE_N()) CHECK(IsAlongPressureGradient(-n, s->EvaluateGradE_N_W(f)));
        // Between two compliant bodies n̂ ∝ ∇p_M − ∇p_N, so
        // n̂·∇p_M − n̂·∇p_N = ‖∇p_M − ∇p_N‖ > 0.
        if (s->HasGradE_M() && s->HasGradE_N()) {
          CHECK(n.dot(s->EvaluateGradE_M_W(f) - s->EvaluateGradE_N_W(f)) > 0);
        }
      }
      for (double p : test::Pressures(*s)) {
        CHECK(p >= 0);
        CHECK(p <= 3 * kE);
      }
    }
  }
}

TEST_CASE("Moving both geometries by one rigid transform moves the surface with them",
          "[compute_contact_surface]") {
  const RigidTransform X =
      RigidTransform::FromRollPitchYaw(Vector3d(-1.2, 0.7, 2.9), Vector3d(10, -20, 5));
  for (const Pair& pair : MakePairs()) {
    INFO(pair.name);
    Pair moved = pair;
    moved.a.X_WG = X * pair.a.X_WG;
    moved.b.X_WG = X * pair.b.X_WG;
    for (const auto representation : {kTriangle, kPolygon}) {
      const auto s = Compute(pair.a, pair.b, representation);
      const auto t = Compute(moved.a, moved.b, representation);
      REQUIRE(s.has_value());
      REQUIRE(t.has_value());
      // (Face counts may differ by a few zero-area slivers that round-off
      // creates or removes where a cut passes through a vertex.)
      CHECK(t->total_area() == Approx(s->total_area()).epsilon(1e-10));
      CHECK(t->centroid().isApprox(X * s->centroid(), 1e-10));
      const Vector3d f = IntegrateForce(*s);
      CHECK((IntegrateForce(*t) - X.RotateVector(f)).norm() <= 1e-9 * f.norm());
      // Every polygon the kernels make is planar and convex, as the checked
      // constructor (for meshes assembled by hand) verifies, near the origin
      // and 20 m from it.
      if (representation == kPolygon) {
        for (const ContactSurface* surface : {&*s, &*t}) {
          const PolygonSurfaceMesh& mesh = surface->poly_mesh_W();
          const PolygonSurfaceMesh checked(mesh.face_data(), mesh.vertices());
          CHECK(checked.total_area() == Approx(mesh.total_area()).epsilon(1e-12));
        }
      }
    }
  }
}

TEST_CASE("A compliant sphere pressed into a rigid half-space converges to the closed form",
          "[compute_contact_surface]") {
  // Sphere of radius r, p = E (1 − |x|/r), pressed a depth d into z ≤ 0:
  // the surface is the disc of radius a = √(r² − c²), c = r − d, area π a²,
  // and the force is
  //   F = ∫₀^a E (1 − √(ρ² + c²)/r) 2πρ dρ = E (π a² − 2π (r³ − c³)/(3r)),
  // using a² + c² = r². The cone mesh's field is piecewise linear and its
  // boundary polyhedral, so the error shrinks by about 4 per level.
  const double r = 1, d = 0.2, c = r - d, a2 = r * r - c * c;
  const double area = M_PI * a2;
  const double force = kE * (M_PI * a2 - 2 * M_PI * (r * r * r - c * c * c) / (3 * r));
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  const RigidTransform X_WS = RigidTransform::FromRollPitchYaw(Vector3d(0.3, 0.2, 0.1),
                                                               Vector3d(0, 0, r - d));
  const double tolerance[] = {0, 0, 0, 0.1, 0.03, 0.008};
  double previous_error = 1;
  for (int level = 3; level <= 5; ++level) {
    const HydroelasticRepresentation sphere = test::MakeConeSphere(r, level, kE);
    const auto s = ComputeContactSurface(id_S, sphere, X_WS, id_H, RigidHalfSpace{},
                                         RigidTransform(), kPolygon);
    REQUIRE(s.has_value());
    const Vector3d f = IntegrateForce(*s);
    const double area_error = std::abs(s->total_area() / area - 1);
    const double force_error = std::abs(f.z() / force - 1);
    CHECK(area_error < tolerance[level]);
    CHECK(force_error < tolerance[level]);
    CHECK(force_error < previous_error);
    previous_error = force_error;
    // The half-space pushes the sphere (M) up.
    CHECK(f.normalized().isApprox(Vector3d::UnitZ(), 1e-12));
  }
}

TEST_CASE("A compliant torus lying on a rigid half-space converges to the closed form",
          "[compute_contact_surface]") {
  // Torus (R, r) about z, p = E (1 − s/r) with s the distance to the tube's
  // centre circle, pressed a depth d into z ≤ 0: the surface is the annulus
  // of the plane z0 = d − r (in the torus frame) where s ≤ r, i.e.
  // |ρ − R| ≤ w = √(r² − z0²). With u = ρ − R (the odd part of ρ cancels):
  //   F = E ∫_{−w}^{w} 2π(R + u)(1 − √(u² + z0²)/r) du
  //     = 2πR E (2w − (w r + z0² ln((w + r)/|z0|))/r),
  // using ∫√(u² + z0²) du = ½(u√(u²+z0²) + z0² ln(u + √(u²+z0²))).
  const double R = 1, r = 0.3, d = 0.1, z0 = d - r, w = std::sqrt(r * r - z0 * z0);
  const double force =
      2 * M_PI * R * kE * (2 * w - (w * r + z0 * z0 * std::log((w + r) / std::abs(z0))) / r);
  const GeometryId id_T = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  const RigidTransform X_WT(Vector3d(0, 0, r - d));
  double previous_error = 3;
  for (const double h : {0.1, 0.05, 0.025}) {
    const HydroelasticRepresentation torus =
        MakeHydroelasticRepresentation(Torus(R, r), ProximityProperties::Compliant(kE, h));
    const auto s = ComputeContactSurface(id_T, torus, X_WT, id_H, RigidHalfSpace{},
                                         RigidTransform(), kPolygon);
    REQUIRE(s.has_value());
    const double force_error = std::abs(IntegrateForce(*s).z() / force - 1);
    CAPTURE(h, force_error);
    // Second order (piecewise-linear field, polygonal tube): the error
    // falls by about 4 per halving of h.
    CHECK(force_error < previous_error / 3);
    previous_error = force_error;
  }
  CHECK(previous_error < 0.01);
}

TEST_CASE("A large rigid box gives the same surface as a rigid half-space",
          "[compute_contact_surface]") {
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_R = GeometryId::get_new_id();
  const HydroelasticRepresentation sphere = test::MakeConeSphere(1, 4, kE);
  const HydroelasticRepresentation box =
      test::MakeRigid(test::MakeBoxSurface(Vector3d(5, 5, 5), Vector3d(0, 0, -5)));
  const RigidTransform X_WS(Vector3d(0.1, -0.2, 0.75));
  const RigidTransform X_WR = RigidTransform::FromRollPitchYaw(Vector3d(0.1, -0.05, 0.4));
  const auto by_box = ComputeContactSurface(id_S, sphere, X_WS, id_R, box, X_WR, kPolygon);
  const auto by_plane =
      ComputeContactSurface(id_S, sphere, X_WS, id_R, RigidHalfSpace{}, X_WR, kPolygon);
  REQUIRE(by_box.has_value());
  REQUIRE(by_plane.has_value());
  CHECK(by_box->total_area() == Approx(by_plane->total_area()).epsilon(1e-12));
  CHECK(IntegrateForce(*by_box).isApprox(IntegrateForce(*by_plane), 1e-12));
}

TEST_CASE("A rigid box resting exactly on a compliant box's face: the whole shared face, as a plane",
          "[compute_contact_surface]") {
  // Unit cubes, the rigid one's bottom exactly on the compliant one's top
  // (z = 0.5), offset by (sx, sy): the surface is the overlap of the faces,
  // (1 − sx)(1 − sy) with centroid (sx/2, sy/2, 0.5), all at pressure 0 (the
  // compliant boundary), as a rigid half-space through that face gives the
  // whole face. Each rigid triangle lies in a boundary face of a
  // tetrahedron; the rule that gives a piece in a shared face to one of its
  // two tetrahedra used to drop about half of these, whichever sorted that
  // way (area 0.5 off-centre for the aligned cubes).
  const HydroelasticRepresentation compliant =
      MakeHydroelasticRepresentation(Box(1, 1, 1), ProximityProperties::Compliant(kE));
  const HydroelasticRepresentation rigid =
      MakeHydroelasticRepresentation(Box(1, 1, 1), ProximityProperties::Rigid());
  const RigidTransform X_WC = RigidTransform::FromRollPitchYaw(Vector3d(0.3, 0.1, -0.2), Vector3d(1, 2, 3));
  for (const auto& [sx, sy] : {std::pair(0.0, 0.0), std::pair(0.3, 0.2)}) {
    const RigidTransform X_WR = X_WC * RigidTransform(Vector3d(sx, sy, 1));
    for (const bool compliant_first : {true, false}) {
      const GeometryId id_1 = GeometryId::get_new_id();
      const GeometryId id_2 = GeometryId::get_new_id();
      for (const auto representation : {kTriangle, kPolygon}) {
        CAPTURE(sx, compliant_first, representation == kTriangle);
        const auto s = compliant_first
                           ? ComputeContactSurface(id_1, compliant, X_WC, id_2, rigid, X_WR, representation)
                           : ComputeContactSurface(id_1, rigid, X_WR, id_2, compliant, X_WC, representation);
        REQUIRE(s.has_value());
        CHECK(s->total_area() == Approx((1 - sx) * (1 - sy)).epsilon(1e-12));
        CHECK((s->centroid() - X_WC * Vector3d(sx / 2, sy / 2, 0.5)).norm() < 1e-12);
        CHECK(IntegrateForce(*s).norm() == 0);
      }
    }
  }
}

TEST_CASE("The pressure vanishes on the rim, where the surface meets the compliant boundary",
          "[compute_contact_surface]") {
  const CompliantMesh sphere = test::MakeConeSphere(1, 3, kE);
  const VolumeMeshBoundary boundary = ExtractBoundary(sphere.mesh);
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  // Sphere frame = W, the half-space's plane at z = −0.6.
  const auto s = ComputeContactSurface(id_S, sphere, RigidTransform(), id_H, RigidHalfSpace{},
                                       RigidTransform(Vector3d(0, 0, -0.6)), kPolygon);
  REQUIRE(s.has_value());
  const TriangleSurfaceMesh& surface = boundary.surface;
  int rim_vertices = 0;
  for (int v = 0; v < s->num_vertices(); ++v) {
    const Vector3d& p = s->poly_mesh_W().vertex(v);
    bool on_boundary = false;
    for (int t = 0; t < surface.num_triangles() && !on_boundary; ++t) {
      const auto& tri = surface.element(t);
      const Vector3d& a = surface.vertex(tri[0]);
      const Vector3d& b = surface.vertex(tri[1]);
      const Vector3d& c = surface.vertex(tri[2]);
      const Vector3d n = (b - a).cross(c - a);
      if (std::abs(n.normalized().dot(p - a)) > 1e-12) continue;
      on_boundary = (b - a).cross(p - a).dot(n) >= -1e-12 && (c - b).cross(p - b).dot(n) >= -1e-12 &&
                    (a - c).cross(p - c).dot(n) >= -1e-12;
    }
    if (on_boundary) {
      ++rim_vertices;
      CHECK(s->poly_e_MN().EvaluateAtVertex(v) <= 1e-9 * kE);
    } else {
      CHECK(s->poly_e_MN().EvaluateAtVertex(v) > 0);
    }
  }
  CHECK(rim_vertices > 10);
}

TEST_CASE("No contact gives nullopt", "[compute_contact_surface]") {
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  const HydroelasticRepresentation sphere = test::MakeConeSphere(1, 2, kE);
  const HydroelasticRepresentation ball = test::MakeRigid(test::MakeSphereSurface(1, 2));
  const HydroelasticRepresentation other_sphere = test::MakeConeSphere(1, 2, kE);
  for (const auto representation : {kTriangle, kPolygon}) {
    // Far apart.
    CHECK_FALSE(ComputeContactSurface(a, sphere, RigidTransform(), b, ball,
                                      RigidTransform(Vector3d(0, 3, 0)), representation));
    // Boxes overlap, shapes do not: centres 1.2 (1, 1, 1) apart, 2.08 > 2.
    CHECK_FALSE(ComputeContactSurface(a, sphere, RigidTransform(), b, other_sphere,
                                      RigidTransform(Vector3d(1.2, 1.2, 1.2)), representation));
    CHECK_FALSE(ComputeContactSurface(a, sphere, RigidTransform(), b, ball,
                                      RigidTransform(Vector3d(1.2, 1.2, 1.2)), representation));
    // Above a half-space.
    CHECK_FALSE(ComputeContactSurface(a, sphere, RigidTransform(Vector3d(0, 0, 1.01)), b,
                                      RigidHalfSpace{}, RigidTransform(), representation));
    CHECK_FALSE(ComputeContactSurface(a, ball, RigidTransform(Vector3d(0, 0, 1.01)), b,
                                      MakeCompliantHalfSpace(kE, 1, 0), RigidTransform(),
                                      representation));
  }
}

TEST_CASE("Incompatible pairs throw, naming both ids", "[compute_contact_surface]") {
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  const HydroelasticRepresentation rigid = test::MakeRigid(test::MakeBoxSurface(Vector3d(1, 1, 1)));
  const HydroelasticRepresentation compliant = test::MakeConeSphere(1, 1, kE);
  const HydroelasticRepresentation none;
  const HydroelasticRepresentation rigid_half_space = RigidHalfSpace{};
  const HydroelasticRepresentation compliant_half_space = MakeCompliantHalfSpace(kE, 1, 0);
  auto check = [&](const HydroelasticRepresentation& A, const HydroelasticRepresentation& B,
                   const std::string& why) {
    for (const bool swap : {false, true}) {
      try {
        if (swap) {
          ComputeContactSurface(b, B, RigidTransform(), a, A, RigidTransform(), kPolygon);
        } else {
          ComputeContactSurface(a, A, RigidTransform(), b, B, RigidTransform(), kPolygon);
        }
        FAIL("no exception for " << why);
      } catch (const std::invalid_argument& e) {
        const std::string message = e.what();
        INFO(message);
        CHECK(message.find(a.to_string()) != std::string::npos);
        CHECK(message.find(b.to_string()) != std::string::npos);
        CHECK(message.find(why) != std::string::npos);
      }
    }
  };
  check(rigid, rigid, "both are rigid");
  check(rigid, rigid_half_space, "both are rigid");
  check(none, compliant, "has no hydroelastic representation");
  check(compliant, none, "has no hydroelastic representation");
  check(compliant_half_space, rigid_half_space, "both are half-spaces");
  check(compliant_half_space, compliant_half_space, "both are half-spaces");
  CHECK_THROWS_WITH(
      ComputeContactSurface(a, compliant, RigidTransform(), a, rigid, RigidTransform(), kPolygon),
      Catch::Contains("cannot be in contact with itself"));
}

TEST_CASE("Poses beyond the supported coordinates are refused, naming the geometry",
          "[compute_contact_surface]") {
  // A cone sphere (r 1) pressed 0.2 into a rigid half-space; both moved
  // by the same translation T. Within the supported coordinates the surface
  // moves with them (its area and centroid change only by round-off of |T|,
  // 1e6·ε/1 here); beyond them, or not finite, the call throws naming the
  // geometry whose pose is out of range, whichever it is.
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  const HydroelasticRepresentation sphere = test::MakeConeSphere(1, 2, kE);
  const HydroelasticRepresentation half_space = RigidHalfSpace{};
  // X_WA = T_A and X_WB = T_B·(the plane 0.8 below the sphere's centre).
  auto surface = [&](const RigidTransform& T_A, const RigidTransform& T_B) {
    return ComputeContactSurface(a, sphere, T_A, b, half_space,
                                 T_B * RigidTransform(Vector3d(0, 0, -0.8)), kPolygon);
  };
  const RigidTransform identity;
  const auto at_origin = surface(identity, identity);
  REQUIRE(at_origin.has_value());
  // The corner of the supported range (the half-space's origin, 0.8 lower,
  // is inside it too).
  const Vector3d far(-1e6, 1e6, 1e6 - 1);
  const auto moved = surface(RigidTransform(far), RigidTransform(far));
  REQUIRE(moved.has_value());
  CHECK(moved->total_area() == Approx(at_origin->total_area()).epsilon(1e-8));
  CHECK((moved->centroid() - far - at_origin->centroid()).norm() < 1e-8);
  // A product of transforms can overflow to ∞ without any check on the way.
  const RigidTransform huge(Vector3d(1e308, 0, 0));
  const RigidTransform infinite = huge * huge;
  REQUIRE(std::isinf(infinite.translation().x()));
  for (const RigidTransform& bad :
       {RigidTransform(Vector3d(1e12, 0, 0)), RigidTransform(Vector3d(0, -1.000001e6, 0)), infinite}) {
    CAPTURE(bad.translation());
    CHECK_THROWS_WITH(surface(bad, identity),
                      Catch::Contains("ComputeContactSurface") && Catch::Contains(a.to_string()) &&
                          Catch::Contains("supported range"));
    CHECK_THROWS_WITH(surface(identity, bad),
                      Catch::Contains(b.to_string()) && Catch::Contains("supported range"));
  }
}

TEST_CASE("Inconsistent representations throw, naming the geometry", "[compute_contact_surface]") {
  const GeometryId a = GeometryId::get_new_id();
  const GeometryId b = GeometryId::get_new_id();
  const HydroelasticRepresentation rigid = test::MakeRigid(test::MakeBoxSurface(Vector3d(1, 1, 1)));
  auto check = [&](const HydroelasticRepresentation& bad, const std::string& why) {
    const HydroelasticRepresentation& other =
        IsRigid(bad) ? HydroelasticRepresentation(test::MakeConeSphere(1, 1, kE)) : rigid;
    CHECK_THROWS_WITH(
        ComputeContactSurface(a, other, RigidTransform(), b, bad, RigidTransform(), kPolygon),
        Catch::Contains(b.to_string()) && Catch::Contains(why));
  };
  CompliantMesh no_bvh = test::MakeConeSphere(1, 1, kE);
  no_bvh.bvh = Bvh();
  check(no_bvh, "its BVH has 0 nodes");
  RigidMesh rigid_no_bvh = test::MakeRigid(test::MakeBoxSurface(Vector3d(1, 1, 1)));
  rigid_no_bvh.bvh = Bvh();
  check(rigid_no_bvh, "its BVH has 0 nodes, not the 23 of its 12 triangles");
  const CompliantMesh wrong_field = test::MakeConeSphereWithAnotherField(1, 1, kE);
  check(wrong_field, "its pressure field has");
  check(MakeCompliantHalfSpace(0, 1, 0), "hydroelastic_modulus must be positive");
  check(MakeCompliantHalfSpace(kE, -1, 0), "slab_thickness must be positive");
  check(MakeCompliantHalfSpace(kE, 1, -0.1), "margin must be finite and >= 0");
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

HydroelasticRepresentation Represent(const Shape& shape, double E, std::optional<double> hint = {}) {
  return MakeHydroelasticRepresentation(shape, ProximityProperties::Compliant(E, hint));
}

TEST_CASE("Two compliant boxes face to face (medial-plane meshes): closed form",
          "[compute_contact_surface]") {
  // A: half sizes (h, 2, 2); B: (h, L, L) with L = 1, both of modulus E, so
  // e = (distance to the nearest face)/h in each. B's −x face is a depth d
  // inside A's +x face, B's face well inside A's (2 − L ≥ d). In the overlap
  // e_A = (h − x)/h, and e_B = min(x − (h − d), L − ‖(y, z)‖∞)/h, so e_A = e_B
  // on
  //   - the plane x = h − d/2 (halfway) where ‖(y, z)‖∞ ≤ a = L − d/2, with
  //     p = E d/(2h): area (2a)²;
  //   - a 45° roof h − x = L − ‖(y, z)‖∞ over the ring a ≤ ‖(y, z)‖∞ ≤ L,
  //     where p falls linearly to 0 at B's edges: area √2 ((2L)² − (2a)²).
  // Seen along x the surface covers exactly the overlap of the faces, (2L)².
  // With ‖(y, z)‖∞ = s (perimeter 8s) the force on A (M, normal out of B,
  // x-component −1 on the projection) is
  //   F = −(E/h) [∫₀^a (d/2) 8s ds + ∫_a^L (L − s) 8s ds] x̂
  //     = −(E/h) [2 d a² + 8 (L³/6 − L a²/2 + a³/3)] x̂,
  // and its y, z components cancel by symmetry.
  const double E = 1e6, h = 0.5, L = 1, d = 0.1, a = L - d / 2;
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const HydroelasticRepresentation A = Represent(Box(2 * h, 4, 4), E);
  const HydroelasticRepresentation B = Represent(Box(2 * h, 2 * L, 2 * L), E);
  const RigidTransform X_WA = RigidTransform::FromRollPitchYaw(Vector3d(0.2, 0.3, -0.4), Vector3d(1, 2, 3));
  const RigidTransform X_WB = X_WA * RigidTransform(Vector3d(2 * h - d, 0, 0));
  const Vector3d x_W = X_WA.RotateVector(Vector3d::UnitX());
  const double expected_area = 4 * a * a + std::sqrt(2.0) * (4 * L * L - 4 * a * a);
  const double expected_force =
      E / h * (2 * d * a * a + 8 * (L * L * L / 6 - L * a * a / 2 + a * a * a / 3));
  for (const auto representation : {kTriangle, kPolygon}) {
    const auto s = ComputeContactSurface(id_A, A, X_WA, id_B, B, X_WB, representation);
    REQUIRE(s.has_value());
    CHECK(s->total_area() == Approx(expected_area).epsilon(1e-10));
    CHECK(IntegrateForce(*s).isApprox(-expected_force * x_W, 1e-10));
    double projected = 0, flat = 0;
    for (int f = 0; f < s->num_faces(); ++f) {
      projected += s->area(f) * std::abs(s->face_normal(f).dot(x_W));
      if (s->face_normal(f).dot(x_W) < -1 + 1e-12) {
        flat += s->area(f);
        CHECK((X_WA.inverse() * s->centroid(f)).x() == Approx(h - d / 2));
      }
    }
    CHECK(projected == Approx(4 * L * L).epsilon(1e-10));
    CHECK(flat == Approx(4 * a * a).epsilon(1e-10));
    for (double p : test::Pressures(*s)) {
      CHECK(p >= 0);
      CHECK(p <= E * d / (2 * h) * (1 + 1e-12));
    }
  }
}

TEST_CASE("Moduli many orders apart: the surface is the stiffer geometry's made rigid, either order",
          "[compute_contact_surface]") {
  // Two unit cubes, B's bottom face 0.1 m inside A's top. Made rigid, the
  // stiffer cube's face cuts the softer one (modulus E), whose extent is
  // e = (distance to its nearest face)/0.5; on the cut, 0.1 m from the
  // softer cube's face, ∫e dA over the unit square is (0.8²·0.1 + ∫₀^0.1
  // s·4(1 − 2s) ds)/0.5 = (0.064 + 0.0173333)/0.5 = 0.1626667, so the force
  // is 0.1626667·E and the area 1. Both compliant, the stiffer deforms by
  // about 1/ratio of the softer: the surface must be the rigid-limit one to
  // that, whichever cube is the stiffer and whichever comes first. (Until
  // the band and pressures followed the flatter field, 1e11 lost two thirds
  // of the area and 1e15 all of it.)
  const double E = 1e3;
  const double force_E = (0.8 * 0.8 * 0.1 + 4 * (0.1 * 0.1 / 2 - 2 * 0.1 * 0.1 * 0.1 / 3)) / 0.5;
  const RigidTransform X_WA = RigidTransform::FromRollPitchYaw(Vector3d(0.3, -0.2, 0.5), Vector3d(1, 2, 3));
  const RigidTransform X_WB = X_WA * RigidTransform(Vector3d(0, 0, 0.9));
  const Vector3d z_W = X_WA.RotateVector(Vector3d::UnitZ());
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const HydroelasticRepresentation rigid =
      MakeHydroelasticRepresentation(Box(1, 1, 1), ProximityProperties::Rigid());
  for (const double ratio : {1e9, kMaxCompliantModulusRatio}) {
    for (const bool a_stiff : {true, false}) {
      CAPTURE(ratio, a_stiff);
      const HydroelasticRepresentation A = Represent(Box(1, 1, 1), a_stiff ? ratio * E : E);
      const HydroelasticRepresentation B = Represent(Box(1, 1, 1), a_stiff ? E : ratio * E);
      for (const auto representation : {kTriangle, kPolygon}) {
        const auto s = ComputeContactSurface(id_A, A, X_WA, id_B, B, X_WB, representation);
        const auto limit = ComputeContactSurface(id_A, a_stiff ? rigid : A, X_WA, id_B,
                                                 a_stiff ? B : rigid, X_WB, representation);
        REQUIRE(s.has_value());
        REQUIRE(limit.has_value());
        CHECK(limit->total_area() == Approx(1).epsilon(1e-12));
        CHECK(IntegrateForce(*limit).isApprox(-force_E * E * z_W, 1e-12));
        // The deformation of the stiffer cube, 1/ratio, and round-off.
        CHECK(s->total_area() == Approx(1).epsilon(1e-9));
        CHECK(IntegrateForce(*s).isApprox(IntegrateForce(*limit), 2 / ratio + 1e-12));
      }
    }
  }
}

TEST_CASE("Compliant meshes whose moduli differ by more than the ratio resolved are refused",
          "[compute_contact_surface]") {
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const HydroelasticRepresentation soft = Represent(Box(1, 1, 1), 1e-3);
  const HydroelasticRepresentation stiff = Represent(Box(1, 1, 1), 1e-3 * kMaxCompliantModulusRatio * 1.01);
  const RigidTransform X_WB(Vector3d(0, 0, 0.9));
  for (const bool soft_first : {true, false}) {
    CHECK_THROWS_WITH(ComputeContactSurface(id_A, soft_first ? soft : stiff, RigidTransform(), id_B,
                                            soft_first ? stiff : soft, X_WB, kPolygon),
                      Catch::Matchers::Contains(id_A.to_string()) &&
                          Catch::Matchers::Contains(id_B.to_string()) &&
                          Catch::Matchers::Contains("make the stiffer one rigid"));
  }
}

TEST_CASE("A compliant mesh and a compliant half-space many orders apart: the rigid limits",
          "[compute_contact_surface]") {
  // With moduli 1e15 apart the equilibrium surface is the stiffer side's
  // boundary (to 1e-15 of the softer side's depth) and its pressure the
  // softer side's: the same surface as the stiffer made rigid, computed by
  // another kernel (rigid mesh against compliant half-space, or compliant
  // mesh against rigid half-space), to round-off. No ratio limit applies
  // to this pair.
  ProximityProperties soft_half_space = ProximityProperties::Compliant(1.0);
  soft_half_space.set_slab_thickness(1);
  ProximityProperties stiff_half_space = ProximityProperties::Compliant(1e15);
  stiff_half_space.set_slab_thickness(1);
  const HydroelasticRepresentation soft_H = MakeHydroelasticRepresentation(HalfSpace(), soft_half_space);
  const HydroelasticRepresentation stiff_H = MakeHydroelasticRepresentation(HalfSpace(), stiff_half_space);
  const HydroelasticRepresentation rigid_H =
      MakeHydroelasticRepresentation(HalfSpace(), ProximityProperties::Rigid());
  const double hint = 0.02;
  const HydroelasticRepresentation soft_S = Represent(Sphere(0.1), 1.0, hint);
  const HydroelasticRepresentation stiff_S = Represent(Sphere(0.1), 1e15, hint);
  const HydroelasticRepresentation rigid_S =
      MakeHydroelasticRepresentation(Sphere(0.1), ProximityProperties::Rigid(hint));
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  const RigidTransform X_WS = RigidTransform::FromRollPitchYaw(Vector3d(0.1, 0, 0), Vector3d(0, 0, 0.09));
  for (const bool sphere_stiff : {true, false}) {
    CAPTURE(sphere_stiff);
    const auto s = ComputeContactSurface(id_S, sphere_stiff ? stiff_S : soft_S, X_WS, id_H,
                                         sphere_stiff ? soft_H : stiff_H, RigidTransform(), kPolygon);
    const auto limit = ComputeContactSurface(id_S, sphere_stiff ? rigid_S : soft_S, X_WS, id_H,
                                             sphere_stiff ? soft_H : rigid_H, RigidTransform(),
                                             kPolygon);
    REQUIRE(s.has_value());
    REQUIRE(limit.has_value());
    CHECK(s->total_area() == Approx(limit->total_area()).epsilon(1e-12));
    CHECK(IntegrateForce(*s).isApprox(IntegrateForce(*limit), 1e-12));
  }
}

TEST_CASE("A generated compliant sphere on a rigid half-space converges to the closed form",
          "[compute_contact_surface]") {
  // As for the cone-mesh sphere above: area π a², force
  // E (π a² − 2π (r³ − c³)/(3r)), c = r − d, a² = r² − c². The generated mesh
  // has e = 1 − k/n exactly on its shells, so the error shrinks with h.
  const double r = 0.1, d = 0.02, c = r - d, a2 = r * r - c * c, E = 1e6;
  const double area = M_PI * a2;
  const double force = E * (M_PI * a2 - 2 * M_PI * (r * r * r - c * c * c) / (3 * r));
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  const RigidTransform X_WS = RigidTransform::FromRollPitchYaw(Vector3d(0.3, 0.2, 0.1),
                                                               Vector3d(0, 0, r - d));
  const std::vector<std::pair<double, double>> hint_and_tolerance{
      {0.04, 0.5}, {0.02, 0.12}, {0.01, 0.03}};
  double previous_error = 1;
  for (const auto& [hint, tolerance] : hint_and_tolerance) {
    const HydroelasticRepresentation sphere = Represent(Sphere(r), E, hint);
    const auto s = ComputeContactSurface(id_S, sphere, X_WS, id_H, RigidHalfSpace{},
                                         RigidTransform(), kPolygon);
    REQUIRE(s.has_value());
    const double area_error = std::abs(s->total_area() / area - 1);
    const double force_error = std::abs(IntegrateForce(*s).z() / force - 1);
    INFO("hint " << hint << ": area error " << area_error << ", force error " << force_error);
    CHECK(area_error < tolerance);
    CHECK(force_error < tolerance);
    CHECK(force_error < previous_error);
    previous_error = force_error;
  }
}

TEST_CASE("Two equal generated spheres: the mid-plane surface, converging to the closed form",
          "[compute_contact_surface]") {
  // Spheres r = 0.1, E = 1e6, centres 0.16 apart along z. The generated
  // mesh is symmetric under z → −z (the icosahedron is, and so is its
  // subdivision), so B's mesh is A's mirrored in the plane z = 0.08 and so
  // are the two piecewise-linear fields; along every vertical line p_A falls
  // and p_B rises, so p_A = p_B exactly on that plane and nowhere else. The
  // surface must then be A's section by the plane: the same area and force
  // (its faces are split further where B's elements meet) as A on a rigid
  // half-space whose boundary is z = 0.08 (a separate
  // kernel). The continuum answer (section radius a² = r² − c², c = 0.08):
  // area π a², force E·2π[a²/2 − ((c² + a²)^{3/2} − c³)/(3r)] along −z on A.
  // Pressed 20% of r the cone mesh's error is second order in h: it must
  // fall at least 3× as the hint halves.
  const double r = 0.1, c = 0.08, E = 1e6, a2 = r * r - c * c;
  const double area = M_PI * a2;
  const double force = E * 2 * M_PI * (a2 / 2 - (std::pow(c * c + a2, 1.5) - c * c * c) / (3 * r));
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const RigidTransform X_WA =
      RigidTransform::FromRollPitchYaw(Vector3d(0.3, -0.2, 0.5), Vector3d(1, 2, 3));
  const RigidTransform X_WB = X_WA * RigidTransform(Vector3d(0, 0, 2 * c));
  // The rigid half-space z ≥ c (its outward normal −z points into A).
  const RigidTransform X_WH =
      X_WA * RigidTransform::FromAxisAngle(Vector3d::UnitX(), M_PI, Vector3d(0, 0, c));
  double previous_error = 1;
  for (double hint : {0.02, 0.01, 0.005}) {
    const HydroelasticRepresentation sphere = Represent(Sphere(r), E, hint);
    for (const auto representation : {kPolygon, kTriangle}) {
      const auto two =
          ComputeContactSurface(id_A, sphere, X_WA, id_B, sphere, X_WB, representation);
      const auto plane =
          ComputeContactSurface(id_A, sphere, X_WA, id_B, RigidHalfSpace{}, X_WH, representation);
      REQUIRE(two.has_value());
      REQUIRE(plane.has_value());
      CHECK(two->total_area() == Approx(plane->total_area()).epsilon(1e-9));
      CHECK(IntegrateForce(*two).isApprox(IntegrateForce(*plane), 1e-9));
      const double force_along_minus_z = -IntegrateForce(*two).dot(X_WA.rotation().col(2));
      const double force_error = std::abs(force_along_minus_z / force - 1);
      const double area_error = std::abs(two->total_area() / area - 1);
      INFO("hint " << hint << ": area error " << area_error << ", force error " << force_error);
      CHECK(area_error < 0.02);
      if (representation == kPolygon) {
        CHECK(force_error < previous_error / 3);
        previous_error = force_error;
      }
    }
  }
}

TEST_CASE("A generated compliant sphere in a large rigid box agrees with the half-space",
          "[compute_contact_surface]") {
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_R = GeometryId::get_new_id();
  const HydroelasticRepresentation sphere = Represent(Sphere(0.1), 1e6, 0.02);
  const HydroelasticRepresentation box =
      MakeHydroelasticRepresentation(Box(2, 2, 2), ProximityProperties::Rigid());
  const RigidTransform X_WS(Vector3d(0.01, -0.02, 0.08));
  const RigidTransform X_WH = RigidTransform::FromRollPitchYaw(Vector3d(0.1, -0.05, 0.4));
  // The box's top face is the half-space's plane.
  const RigidTransform X_WR = X_WH * RigidTransform(Vector3d(0, 0, -1));
  const auto by_box = ComputeContactSurface(id_S, sphere, X_WS, id_R, box, X_WR, kTriangle);
  const auto by_plane =
      ComputeContactSurface(id_S, sphere, X_WS, id_R, RigidHalfSpace{}, X_WH, kTriangle);
  REQUIRE(by_box.has_value());
  REQUIRE(by_plane.has_value());
  CHECK(by_box->total_area() == Approx(by_plane->total_area()).epsilon(1e-10));
  CHECK(IntegrateForce(*by_box).isApprox(IntegrateForce(*by_plane), 1e-10));
}

TEST_CASE("A rigid sphere buried at the centre of a compliant one has no surface with the filter",
          "[compute_contact_surface]") {
  // Concentric spheres, rigid radius 0.05 inside compliant radius 0.1: every
  // rigid face's outward normal points away from the centre and ∇p towards
  // it (angle ≈ π > 5π/8), so the filter removes the whole buried surface —
  // Drake's behaviour, and that of the benchmark's (r, 4, 0) cases. Without
  // the filter the whole rigid surface is there (area of the rigid mesh),
  // and the net force ∮ p n̂ dA = ∫ ∇p dV vanishes: the field and the rigid
  // mesh are both centrally symmetric about the common centre (p even, ∇p
  // odd), whatever the rigid mesh's rotation.
  const GeometryId id_C = GeometryId::get_new_id();
  const GeometryId id_R = GeometryId::get_new_id();
  const HydroelasticRepresentation compliant = Represent(Sphere(0.1), 1e6, 0.02);
  const HydroelasticRepresentation rigid =
      MakeHydroelasticRepresentation(Sphere(0.05), ProximityProperties::Rigid(0.02));
  const RigidTransform X_WC = RigidTransform::FromRollPitchYaw(Vector3d(0.1, 0.2, 0.3), Vector3d(1, 2, 3));
  const RigidTransform X_WR = X_WC * RigidTransform::FromRollPitchYaw(Vector3d(0.5, 0.4, 0.2));
  for (const auto representation : {kTriangle, kPolygon}) {
    CHECK_FALSE(ComputeContactSurface(id_C, compliant, X_WC, id_R, rigid, X_WR, representation));
    ContactSurfaceOptions no_filter;
    no_filter.normal_filter = false;
    const auto all =
        ComputeContactSurface(id_C, compliant, X_WC, id_R, rigid, X_WR, representation, no_filter);
    REQUIRE(all.has_value());
    CHECK(all->total_area() ==
          Approx(std::get<RigidMesh>(rigid).mesh.total_area()).epsilon(1e-12));
    const Vector3d f = IntegrateForce(*all);
    CHECK(f.norm() <= 1e-9 * 1e6 * all->total_area());
  }
}

// The per-face data a surface holds (normal, area, centroid, the pressure's
// in-face gradient, and the totals), recomputed here from the surface's
// vertices and vertex pressures alone, by formulas written for this test:
// the area vector by Newell's method, the area centroid as the area-weighted
// mean of the centroids of a fan's triangles, the in-face gradient g of the
// linear pressure by solving g·(pᵢ − p₀) = eᵢ − e₀ on the best-shaped fan
// triangle together with g·n̂ = 0. The builder computes these while it forms
// the faces (issue 9) and passes them through, so this checks that what it
// passes through is what the vertices say.
void CheckFaceDataAgainstVertices(const ContactSurface& s) {
  const bool tri = s.is_triangle();
  const std::vector<Vector3d>& vertices = tri ? s.tri_mesh_W().vertices() : s.poly_mesh_W().vertices();
  const std::vector<double>& e = test::Pressures(s);
  double total_area = 0;
  Vector3d moment = Vector3d::Zero();
  for (int f = 0; f < s.num_faces(); ++f) {
    INFO("face " << f);
    std::vector<int> face;
    if (tri) {
      for (const int v : s.tri_mesh_W().element(f)) face.push_back(v);
    } else {
      for (const int v : s.poly_mesh_W().polygon(f)) face.push_back(v);
    }
    const int n = static_cast<int>(face.size());
    Vector3d newell = Vector3d::Zero();
    double longest_sq = 0;
    for (int i = 0; i < n; ++i) {
      const Vector3d& a = vertices[face[i]];
      const Vector3d& b = vertices[face[(i + 1) % n]];
      newell += Vector3d((a.y() - b.y()) * (a.z() + b.z()), (a.z() - b.z()) * (a.x() + b.x()),
                         (a.x() - b.x()) * (a.y() + b.y()));
      longest_sq = std::max(longest_sq, (b - a).squaredNorm());
    }
    const double twice_area = newell.norm();
    const Vector3d nhat = newell / twice_area;
    Vector3d face_moment = Vector3d::Zero();
    double weight = 0;
    int best = 1;
    double best_twice_area = -1;
    const Vector3d& p0 = vertices[face[0]];
    for (int i = 1; i + 1 < n; ++i) {
      const Vector3d& a = vertices[face[i]];
      const Vector3d& b = vertices[face[i + 1]];
      const double t = (a - p0).cross(b - p0).dot(nhat);
      face_moment += t * (p0 + a + b) / 3;
      weight += t;
      if (t > best_twice_area) {
        best_twice_area = t;
        best = i;
      }
    }
    const Vector3d centroid = face_moment / weight;
    Eigen::Matrix3d A;
    A.row(0) = (vertices[face[best]] - p0).transpose();
    A.row(1) = (vertices[face[best + 1]] - p0).transpose();
    A.row(2) = nhat.transpose();
    const Vector3d rhs(e[face[best]] - e[face[0]], e[face[best + 1]] - e[face[0]], 0);
    const Vector3d grad = A.fullPivLu().solve(rhs);
    const Vector3d& grad_given =
        tri ? s.tri_e_MN().EvaluateGradient(f) : s.poly_e_MN().EvaluateGradient(f);

    // Round-off bounds. The vertices carry absolute errors of about ε R
    // (ε ~ 1e-16, R the size of their coordinates, up to 40 m here), so a
    // face's normal is determined to about ε (R + ℓ) ℓ / (2A) (ℓ its
    // longest edge), its area to ε (R + ℓ) ℓ, its centroid to ε (R + ℓ);
    // the gradient solved from vertex pressures (which are clamped at 0 on
    // the rim, a change of ε·E) to about ε (|g| (R + ℓ) + E) ℓ / (2A). The
    // bounds allow a factor of 1,000.
    double R = 0;
    for (const int v : face) R = std::max(R, vertices[v].cwiseAbs().maxCoeff());
    const double longest = std::sqrt(longest_sq);
    const double scale = R + longest;
    const double pressure_scale = *std::max_element(e.begin(), e.end());
    const double tol_normal = 1e-13 * scale * longest / twice_area;
    const double tol_grad = 1e-13 * (grad.norm() * scale + pressure_scale) * longest / twice_area;
    CHECK((s.face_normal(f) - nhat).norm() <= tol_normal);
    CHECK(std::abs(s.area(f) - twice_area / 2) <= 1e-13 * scale * longest);
    CHECK((s.centroid(f) - centroid).norm() <= 1e-13 * scale);
    CHECK((grad_given - grad).norm() <= tol_grad);
    // The gradient lies in the face's plane.
    CHECK(std::abs(grad_given.dot(nhat)) <= tol_grad);
    total_area += twice_area / 2;
    moment += twice_area / 2 * centroid;
  }
  CHECK(s.total_area() == Approx(total_area).epsilon(1e-12));
  double R_all = 0;
  for (const Vector3d& v : vertices) R_all = std::max(R_all, v.cwiseAbs().maxCoeff());
  CHECK((s.centroid() - moment / total_area).norm() <= 1e-13 * (R_all + std::sqrt(total_area)));
}

TEST_CASE("Per-face data passed through by the builder equals that derived from the vertices",
          "[compute_contact_surface]") {
  // Every supported pair, in several poses of the whole scene, and (below)
  // the third-party gmsh sphere against the rigid scanned object.
  const std::vector<RigidTransform> poses{
      RigidTransform(),
      RigidTransform::FromAxisAngle(Vector3d(1, 2, 3), 0.7, Vector3d(0.3, -2, 5)),
      RigidTransform::FromRollPitchYaw(Vector3d(-1.2, 0.4, 2.5), Vector3d(-40, 7, 0.01))};
  for (const Pair& pair : MakePairs()) {
    for (const RigidTransform& X : poses) {
      for (const auto representation : {kTriangle, kPolygon}) {
        INFO(pair.name << ", " << to_string(representation));
        Posed a = pair.a;
        Posed b = pair.b;
        a.X_WG = X * a.X_WG;
        b.X_WG = X * b.X_WG;
        const auto s = Compute(a, b, representation);
        REQUIRE(s.has_value());
        CheckFaceDataAgainstVertices(*s);
      }
    }
  }
  const std::string data = std::string(HYDROCONTACT_SOURCE_DIR) + "/data/";
  const HydroelasticRepresentation sphere = MakeHydroelasticRepresentation(
      Mesh(data + "gmsh-sphere-r0.05-h0.007.vtk"), ProximityProperties::Compliant(1e6));
  const HydroelasticRepresentation object = MakeHydroelasticRepresentation(
      Mesh(data + "gmsh-ellipsoid-0.12m.obj"), ProximityProperties::Rigid());
  const GeometryId id_S = GeometryId::get_new_id();
  const GeometryId id_O = GeometryId::get_new_id();
  for (const RigidTransform& X : poses) {
    for (const auto representation : {kTriangle, kPolygon}) {
      INFO("gmsh sphere and scanned object, " << to_string(representation));
      const auto s = ComputeContactSurface(
          id_S, sphere, X, id_O, object,
          X * RigidTransform::FromAxisAngle(Vector3d(1, 2, 3), 0.3, Vector3d(0, 0, 0.07)),
          representation);
      REQUIRE(s.has_value());
      CheckFaceDataAgainstVertices(*s);
    }
  }
}

}  // namespace
}  // namespace hydrocontact
