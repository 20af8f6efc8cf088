#include "proximity/hydroelastic/compliant_compliant_intersection.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "geometry/shape.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "proximity/hydroelastic/polygon_clipping.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "tests/proximity/hydroelastic/contact_test_meshes.h"
#include "tests/proximity/hydroelastic/split_test_support.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using test::IntegrateForce;

using test::kE;
using test::kBoth;

// Runs the kernel in M's frame and builds the surface with M first
// (id_M < id_N).
std::optional<ContactSurface> CompliantCompliantSurface(const CompliantMesh& M, const RigidTransform& X_WM,
                                      const CompliantMesh& N, const RigidTransform& X_WN,
                                      HydroelasticContactRepresentation representation,
                                      bool filter = true) {
  static const GeometryId id_M = GeometryId::get_new_id();
  static const GeometryId id_N = GeometryId::get_new_id();
  ContactPolygons polygons;
  IntersectCompliantCompliant(M, N, X_WM.inverse() * X_WN, filter, &polygons);
  return BuildContactSurface(polygons, X_WM, id_M, true, id_N, true, representation);
}

TEST_CASE("Two slab boxes face to face: a flat surface at the equilibrium depth",
          "[compliant_compliant]") {
  // A: half sizes (1, 2, 1.5), p_A = E_A (1 − |x|/1). B: half sizes
  // (0.8, 1.2, 1), p_B = E_B (1 − |x − c_x|/0.8), centred at
  // c = (1 + 0.8 − d, 1.5, −0.3): B's −x face is a depth d inside A's +x face.
  // In the overlap both fields depend on x only; at depth u below A's face,
  // E_A u / 1 = E_B (d − u) / 0.8, so u = (E_B/0.8) d / (E_A/1 + E_B/0.8)
  // and the surface is the plane x = 1 − u with uniform pressure p = E_A u.
  // Its extent is the overlap of the two faces: y ∈ [0.3, 2], z ∈ [−1.3,
  // 0.7], area 1.7 · 2 = 3.4. The force on A (normal out of B into A, −x)
  // is −p · 3.4 x̂.
  const double E_A = kE, E_B = 2.5 * kE, d = 0.2;
  const double u = (E_B / 0.8) * d / (E_A + E_B / 0.8);
  const double p = E_A * u;
  const CompliantMesh A = test::MakeSlabBox(Vector3d(1, 2, 1.5), Eigen::Vector3i(2, 3, 3), 0, E_A);
  const CompliantMesh B = test::MakeSlabBox(Vector3d(0.8, 1.2, 1), Eigen::Vector3i(4, 2, 3), 0, E_B);
  const Vector3d p_AB(1 + 0.8 - d, 1.5, -0.3);
  const RigidTransform X_WA = GENERATE(
      RigidTransform(), RigidTransform::FromRollPitchYaw(Vector3d(0.4, -1.1, 2.0), Vector3d(3, -4, 5)));
  const RigidTransform X_WB = X_WA * RigidTransform(p_AB);
  const Vector3d minus_x_W = -X_WA.RotateVector(Vector3d::UnitX());
  Vector3d forces[2];
  double areas[2];
  int i = 0;
  for (const auto representation : kBoth) {
    const auto s = CompliantCompliantSurface(A, X_WA, B, X_WB, representation);
    REQUIRE(s.has_value());
    CHECK(s->total_area() == Approx(3.4).epsilon(1e-12));
    forces[i] = IntegrateForce(*s);
    areas[i++] = s->total_area();
    CHECK(forces[i - 1].isApprox(-p * 3.4 * X_WA.RotateVector(Vector3d::UnitX()), 1e-12));
    for (double value : test::Pressures(*s)) CHECK(value == Approx(p).epsilon(1e-12));
    for (int f = 0; f < s->num_faces(); ++f) {
      CHECK(s->face_normal(f).isApprox(minus_x_W, 1e-12));
      CHECK(s->EvaluateGradE_M_W(f).isApprox(minus_x_W * E_A, 1e-9));
      CHECK(s->EvaluateGradE_N_W(f).isApprox(-minus_x_W * E_B / 0.8, 1e-9));
      CHECK((X_WA.inverse() * s->centroid(f)).x() == Approx(1 - u));
    }
  }
  CHECK(areas[0] == Approx(areas[1]).epsilon(1e-12));
  CHECK(forces[0].isApprox(forces[1], 1e-12));
}

TEST_CASE("Equal gradients have no equilibrium plane", "[compliant_compliant]") {
  const std::array<Vector3d, 4> unit{Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0),
                                     Vector3d(0, 0, 1)};
  const CompliantMesh M = test::MakeTetrahedron(unit, [](const Vector3d& p) { return kE * p.x(); }, kE);
  // The same field, and the same field shifted by a constant: both give
  // ∇p_M − ∇p_N = 0 (to round-off) and no piece, filter or not.
  const CompliantMesh same = M;
  const CompliantMesh shifted =
      test::MakeTetrahedron(unit, [](const Vector3d& p) { return kE * (p.x() + 0.25); }, kE);
  for (const bool filter : {true, false}) {
    CHECK_FALSE(CompliantCompliantSurface(M, RigidTransform(), same, RigidTransform(),
                        HydroelasticContactRepresentation::kPolygon, filter));
    CHECK_FALSE(CompliantCompliantSurface(M, RigidTransform(), shifted, RigidTransform(),
                        HydroelasticContactRepresentation::kPolygon, filter));
  }
}

TEST_CASE("The filter drops a plane whose normal opposes ∇p_M", "[compliant_compliant]") {
  // On the unit tetrahedron, p_M = E x and p_N = E (3x − 1/2): equal on
  // x = 1/4 (section area (3/4)²/2, pressure E/4). n̂ ∝ ∇p_M − ∇p_N = −2E x̂
  // is at 180° to ∇p_M: filtered. Without the filter the piece is there.
  const std::array<Vector3d, 4> unit{Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0),
                                     Vector3d(0, 0, 1)};
  const CompliantMesh M = test::MakeTetrahedron(unit, [](const Vector3d& p) { return kE * p.x(); }, kE);
  const CompliantMesh N =
      test::MakeTetrahedron(unit, [](const Vector3d& p) { return kE * (3 * p.x() - 0.5); }, kE);
  CHECK_FALSE(CompliantCompliantSurface(M, RigidTransform(), N, RigidTransform(),
                      HydroelasticContactRepresentation::kPolygon, true));
  const auto s = CompliantCompliantSurface(M, RigidTransform(), N, RigidTransform(),
                         HydroelasticContactRepresentation::kPolygon, false);
  REQUIRE(s.has_value());
  CHECK(s->total_area() == Approx(0.75 * 0.75 / 2));
  CHECK(s->face_normal(0).isApprox(-Vector3d::UnitX()));
  for (double value : test::Pressures(*s)) CHECK(value == Approx(kE / 4));
}

TEST_CASE("A compliant cube buried in a pressure plateau keeps its whole closed surface",
          "[compliant_compliant]") {
  // B: box [−3,3]² × [−2,2], p_B = E_B min(1, 2 − |z|): a plateau p_B = E_B
  // (∇p_B = 0) for |z| ≤ 1. S: a cube of half size a = 0.3 inside the
  // plateau, p_S = E_S (1 − ‖x − c‖∞/a) with E_S = 2 E_B. The equilibrium
  // surface is the cube shell ‖x − c‖∞ = a (1 − E_B/E_S) = 0.15: area
  // 6 · 0.3², uniform pressure E_B, normals into S. A zero gradient imposes
  // no orientation condition, so the filter keeps all of it; a constant
  // pressure on a closed surface exerts no net force.
  const double E_B = kE, E_S = 2 * kE;
  const CompliantMesh B = test::MakeCompliant(
      test::MakeGridBoxMesh(Vector3d(3, 3, 2), Eigen::Vector3i(3, 3, 4)),
      [&](const Vector3d& p) { return E_B * std::min(1.0, 2 - std::abs(p.z())); }, E_B);
  const Vector3d c(0.1, 0.2, 0.05);
  const CompliantMesh S = test::MakeConeBox(Vector3d(0.3, 0.3, 0.3), E_S, c);
  for (const bool filter : {true, false}) {
    for (const auto representation : kBoth) {
      const auto s = CompliantCompliantSurface(S, RigidTransform(), B, RigidTransform(), representation, filter);
      REQUIRE(s.has_value());
      CHECK(s->total_area() == Approx(6 * 0.09).epsilon(1e-12));
      CHECK(IntegrateForce(*s).norm() <= 1e-9 * E_B);
      for (double value : test::Pressures(*s)) CHECK(value == Approx(E_B).epsilon(1e-12));
      for (int f = 0; f < s->num_faces(); ++f) {
        // Into S: towards its centre.
        CHECK(s->face_normal(f).dot(c - s->centroid(f)) > 0);
      }
    }
  }
}

TEST_CASE("A compliant cube buried where ∇p ≠ 0 loses the face whose −n̂ opposes ∇p_B",
          "[compliant_compliant]") {
  // As above but S (a = 0.3, E_S = 4 E_B) sits at c_z = −1.5 in the layer
  // where p_B = E_B (z + 2), ∇p_B = E_B ẑ. On the shell's bottom face
  // n̂ = +ẑ (into S), so −n̂ is at 180° to ∇p_B: the filter removes it and
  // keeps the rest. The bottom face is the square of half side s, where
  // s = c_z − z_b solves E_S (1 − s/a) = E_B (c_z − s + 2):
  // s = (E_S − E_B (c_z + 2)) / (E_S/a − E_B); its area is 4 s².
  const double E_B = kE, E_S = 4 * kE, a = 0.3, c_z = -1.5;
  const CompliantMesh B = test::MakeCompliant(
      test::MakeGridBoxMesh(Vector3d(3, 3, 2), Eigen::Vector3i(3, 3, 4)),
      [&](const Vector3d& p) { return E_B * std::min(1.0, 2 - std::abs(p.z())); }, E_B);
  const CompliantMesh S = test::MakeConeBox(Vector3d(a, a, a), E_S, Vector3d(0.1, 0.2, c_z));
  const double s_half = (E_S - E_B * (c_z + 2)) / (E_S / a - E_B);
  for (const auto representation : kBoth) {
    const auto all = CompliantCompliantSurface(S, RigidTransform(), B, RigidTransform(), representation, false);
    const auto kept = CompliantCompliantSurface(S, RigidTransform(), B, RigidTransform(), representation, true);
    REQUIRE(all.has_value());
    REQUIRE(kept.has_value());
    double bottom_area = 0;
    for (int f = 0; f < all->num_faces(); ++f) {
      if (all->face_normal(f).z() > 0.999) bottom_area += all->area(f);
    }
    CHECK(bottom_area == Approx(4 * s_half * s_half).epsilon(1e-9));
    CHECK(all->total_area() - kept->total_area() == Approx(bottom_area).epsilon(1e-9));
    for (int f = 0; f < kept->num_faces(); ++f) {
      CHECK(kept->face_normal(f).z() < 0.5);
      // Every kept face agrees with both gradients (M = S, N = B).
      CHECK(kept->EvaluateGradE_M_W(f).dot(kept->face_normal(f)) > 0);
      CHECK(kept->EvaluateGradE_N_W(f).dot(kept->face_normal(f)) < 0);
    }
  }
}

TEST_CASE("No contact between compliant meshes apart, or with overlapping boxes only",
          "[compliant_compliant]") {
  const CompliantMesh A = test::MakeConeSphere(1.0, 2, kE);
  const CompliantMesh B = test::MakeConeSphere(1.0, 2, kE);
  for (const auto representation : kBoth) {
    CHECK_FALSE(CompliantCompliantSurface(A, RigidTransform(), B, RigidTransform(Vector3d(0, 0, 2.5)), representation));
    CHECK_FALSE(CompliantCompliantSurface(A, RigidTransform(), B, RigidTransform(Vector3d(1.2, 1.2, 1.2)), representation));
  }
}

// Issue 10, defect 2. Two unit cubes A and B (the medial-plane box meshes,
// whose fields are exact: p = E·d/(1/2), d the distance to the nearest face)
// with B at (0, 0, c) over A, side faces flush. With d_s = min(1/2 − |x|,
// 1/2 − |y|) the side distance (the same for both), in the overlap
// z ∈ [c − 1/2, 1/2]:
//   p_A = 2E min(d_s, 1/2 − z),   p_B = 2E min(d_s, z − (c − 1/2)).
// Where d_s is the smaller for both, p_A = p_B on a whole region V: no sign
// change, no piece, and none on V's boundary. Elsewhere p_A − p_B changes
// sign only on the plane z = c/2, over the square where A's top pyramid
// (|x|, |y| < z) and B's bottom pyramid (|x|, |y| < c − z) meet: side c,
// area c², pressure p = 2E(1/2 − c/2) = E(1 − c). The force on A (normal out
// of B into A) is −E(1 − c)c² ẑ, with no sideways component; the same
// surface, force reversed, with B as M.
CompliantMesh UnitCube() {
  return std::get<CompliantMesh>(
      MakeHydroelasticRepresentation(Box(1, 1, 1), ProximityProperties::Compliant(kE)));
}

TEST_CASE("Compliant cubes with flush faces: the symmetric surface, whichever is M",
          "[compliant_compliant]") {
  const CompliantMesh A = UnitCube();
  const CompliantMesh B = UnitCube();
  // The same configuration seen from a generic world frame, so the
  // coincident faces hold only up to round-off.
  const RigidTransform X_WA = GENERATE(
      RigidTransform(), RigidTransform::FromRollPitchYaw(Vector3d(0.4, -1.1, 2.0), Vector3d(3, -4, 5)));
  const Vector3d z_W = X_WA.RotateVector(Vector3d::UnitZ());
  // c = 1/2 and c moved by ±1e-9 m along z (which keeps the side faces
  // flush): the area c² and force change continuously (by about 1e-9).
  for (const double c : {0.5, 0.5 + 1e-9, 0.5 - 1e-9}) {
    const RigidTransform X_WB = X_WA * RigidTransform(Vector3d(0, 0, c));
    for (const auto representation : kBoth) {
      INFO("c = " << c << ", representation " << int(representation));
      const auto AB = CompliantCompliantSurface(A, X_WA, B, X_WB, representation);
      const auto BA = CompliantCompliantSurface(B, X_WB, A, X_WA, representation);
      REQUIRE(AB.has_value());
      REQUIRE(BA.has_value());
      const Vector3d expected = -kE * (1 - c) * c * c * z_W;
      for (const auto* s : {&*AB, &*BA}) {
        CHECK(s->total_area() == Approx(c * c).epsilon(1e-12));
        for (double value : test::Pressures(*s)) CHECK(value == Approx(kE * (1 - c)).epsilon(1e-9));
      }
      const Vector3d f_AB = IntegrateForce(*AB);
      const Vector3d f_BA = IntegrateForce(*BA);
      // Lateral force: below 1e-12 of the normal force (it was 36%).
      CHECK((f_AB - expected).norm() < 1e-12 * expected.norm());
      CHECK((f_BA + expected).norm() < 1e-12 * expected.norm());
    }
  }
}

TEST_CASE("Compliant cubes with flush faces moved sideways: the one-sided limits",
          "[compliant_compliant]") {
  // Moving B by ε along x breaks the equality on V near the x faces: on
  // A's +x side B reaches ε further, so p_B − p_A = 2Eε > 0 there, and the
  // boundary of V toward B's bottom pyramid (the plane z = d_s = 1/2 − x
  // for c = 1/2) becomes a genuine piece where p_A − p_B changes sign; by
  // the mirror symmetry so does, on the −x side, the boundary toward A's top
  // pyramid. Each such wall has width 1 − 2z at height z ∈ [0, 1/4] and
  // slant √2: area ∫(1 − 2z)√2 dz = 3√2/16, pressure 2Ez, normal
  // (∓1, 0, −1)/√2 on A, so its force has components ∫2Ez(1 − 2z) dz = E/24
  // along −x and −z. In total, as ε → 0⁺: area 1/4 + 3√2/8, force
  // −(E/12) x̂ − (E/8 + E/12) ẑ; ε → 0⁻ mirrors x. The limits differ from the
  // answer at ε = 0 (area 1/4): where two fields agree on a region the
  // contact surface is not continuous in sideways motions, whatever the
  // rule at ε = 0; the rule keeps ε = 0 symmetric (both walls or none).
  const CompliantMesh A = UnitCube();
  const CompliantMesh B = UnitCube();
  for (const double epsilon : {1e-9, -1e-9}) {
    const RigidTransform X_WB(Vector3d(epsilon, 0, 0.5));
    for (const auto representation : kBoth) {
      const auto AB = CompliantCompliantSurface(A, RigidTransform(), B, X_WB, representation);
      const auto BA = CompliantCompliantSurface(B, X_WB, A, RigidTransform(), representation);
      REQUIRE(AB.has_value());
      REQUIRE(BA.has_value());
      const double area = 0.25 + 3 * std::sqrt(2.0) / 8;
      const Vector3d expected(-(epsilon > 0 ? 1 : -1) * kE / 12, 0, -(kE / 8 + kE / 12));
      CHECK(AB->total_area() == Approx(area).epsilon(1e-8));
      CHECK(BA->total_area() == Approx(area).epsilon(1e-8));
      CHECK((IntegrateForce(*AB) - expected).norm() < 1e-8 * expected.norm());
      CHECK((IntegrateForce(*BA) + expected).norm() < 1e-8 * expected.norm());
    }
  }
}

TEST_CASE("Identical compliant geometries at the same pose have no contact surface",
          "[compliant_compliant]") {
  // p_M − p_N ≡ 0: no sign change anywhere, so no piece, whichever is M,
  // at any common pose (the fields agree everywhere; the rule of
  // IntersectCompliantCompliant).
  const RigidTransform X_W = GENERATE(
      RigidTransform(), RigidTransform::FromRollPitchYaw(Vector3d(0.4, -1.1, 2.0), Vector3d(3, -4, 5)));
  for (const CompliantMesh& M : {UnitCube(), test::MakeConeSphere(1.0, 2, kE),
                                 std::get<CompliantMesh>(MakeHydroelasticRepresentation(
                                     Sphere(0.5), ProximityProperties::Compliant(kE, 0.1)))}) {
    for (const auto representation : kBoth) {
      for (const bool filter : {true, false}) {
        CHECK_FALSE(CompliantCompliantSurface(M, X_W, M, X_W, representation, filter));
      }
    }
  }
}

TEST_CASE("A huge compliant pair split across threads gives the unsplit polygons, byte for byte, in order",
          "[compliant_compliant]") {
  // Two slab boxes of 12·12·6 cells (6 tetrahedra each, 5,184 tetrahedra),
  // B turned and sunk into A: thousands of B's tetrahedra lie near A, enough
  // for the kernel to cut them into pieces. Whatever order and threads run
  // the pieces, the polygons (vertex coordinates, pressures, normals,
  // gradients) and their order must be exactly those of one loop.
  const CompliantMesh A = test::MakeSlabBox(Vector3d(1, 1, 0.5), Eigen::Vector3i(12, 12, 6), 2, kE);
  const CompliantMesh B = test::MakeSlabBox(Vector3d(0.8, 0.8, 0.5), Eigen::Vector3i(12, 12, 6), 2, 3 * kE);
  const RigidTransform X_AB = RigidTransform::FromRollPitchYaw({0.1, 0.2, 0.3}, Vector3d(0.1, -0.05, 0.7));
  for (const bool filter : {true, false}) {
    ContactPolygons unsplit, reversed, two, three;
    IntersectCompliantCompliant(A, B, X_AB, filter, &unsplit);
    test::ReverseExecutor reverse;
    IntersectCompliantCompliant(A, B, X_AB, filter, &reversed, &reverse);
    const test::ThreadsExecutor two_threads(2), three_threads(3);
    IntersectCompliantCompliant(A, B, X_AB, filter, &two, &two_threads);
    IntersectCompliantCompliant(A, B, X_AB, filter, &three, &three_threads);
    CHECK(reverse.runs == 2);  // The pair really was split: the pieces, then their merge.
    CHECK(unsplit.num_polygons() > 1000);
    CHECK(test::SamePolygons(unsplit, reversed));
    CHECK(test::SamePolygons(unsplit, two));
    CHECK(test::SamePolygons(unsplit, three));
  }
  // A small pair is not split (the executor is not used).
  const CompliantMesh small = test::MakeSlabBox(Vector3d(0.2, 0.2, 0.2), Eigen::Vector3i(2, 2, 2), 2, kE);
  test::ReverseExecutor reverse;
  ContactPolygons polygons;
  IntersectCompliantCompliant(A, small, RigidTransform(Vector3d(0, 0, 0.6)), true, &polygons, &reverse);
  CHECK(reverse.runs == 0);
  CHECK(polygons.num_polygons() > 0);
}

// The polygons of every tetrahedron pair (e_M, e_N) of the two meshes, with
// no broad phase and none of the kernel's early rejections: only what makes
// a piece at all (gradients that differ, the normal filter when on, the
// plane h = p_M − p_N = 0 crossing both tetrahedra), then e_M sliced by
// that plane and the slice clipped by e_N's four faces. Every value is
// computed as the kernel computes it, so the two must agree bit for bit, in
// some order. For poses in general position only: the kernel snaps values
// of h within its round-off band of 0 to 0 and then applies the rules for a
// plane holding a face, which this does not; *near_zero counts the vertex
// values of h that come within a far wider band (1e-9 of the meshes' size
// times the gradients), which the caller requires to be none.
ContactPolygons BruteForcePolygons(const CompliantMesh& M, const CompliantMesh& N, const RigidTransform& X_MN,
                                   bool filter, int* near_zero) {
  constexpr double kEqualSq = kEqualGradientsRatio * kEqualGradientsRatio;
  const Eigen::Matrix3d& R_MN = X_MN.rotation();
  const Vector3d p_NMo = X_MN.inverse().translation();
  const double L = 2 * std::max(M.bvh.bounding_box().half_size().norm(), N.bvh.bounding_box().half_size().norm());
  std::vector<Vector3d> w_all;
  for (int k = 0; k < N.mesh.num_vertices(); ++k) w_all.push_back(Vector3d(X_MN * N.mesh.vertex(k)));
  ContactPolygons result;
  ClipPolygon buffers[2];
  for (int e_N = 0; e_N < N.mesh.num_elements(); ++e_N) {
    const auto& tN = N.mesh.element(e_N);
    const std::array<const Vector3d*, 4> w{&w_all[tN[0]], &w_all[tN[1]], &w_all[tN[2]], &w_all[tN[3]]};
    const std::array<ClipHalfSpace, 4> faces_N = TetrahedronFaceHalfSpaces(tN, w);
    const Vector3d grad_N = R_MN * N.pressure.EvaluateGradient(e_N);
    const double p_N_at_Mo = N.pressure.EvaluateCartesian(e_N, p_NMo);
    for (int e_M = 0; e_M < M.mesh.num_elements(); ++e_M) {
      const auto& tM = M.mesh.element(e_M);
      const Vector3d& grad_M = M.pressure.EvaluateGradient(e_M);
      const Vector3d grad_h = grad_M - grad_N;
      const double grad_h_sq = grad_h.squaredNorm();
      const double grad_M_sq = grad_M.squaredNorm(), grad_N_sq = grad_N.squaredNorm();
      if (!(grad_h_sq > kEqualSq * (grad_M_sq + grad_N_sq))) continue;
      if (filter && (!IsAlongPressureGradientUnnormalized(grad_h, grad_h_sq, grad_M) ||
                     !IsAlongPressureGradientUnnormalized(-grad_h, grad_h_sq, grad_N))) {
        continue;
      }
      const double p_M_at_Mo = M.pressure.EvaluateCartesian(e_M, Vector3d::Zero());
      const double band = 1e-9 * L * (std::sqrt(grad_M_sq) + std::sqrt(grad_N_sq));
      std::array<Eigen::Vector4d, 4> vertices;
      std::array<double, 4> h;
      int positive = 0, positive_w = 0;
      for (int i = 0; i < 4; ++i) {
        const Vector3d& p = M.mesh.vertex(tM[i]);
        const double value = M.pressure.EvaluateAtVertex(tM[i]);
        vertices[i] << p, value;
        h[i] = value - (grad_N.dot(p) + p_N_at_Mo);
        const double h_w = grad_M.dot(*w[i]) + p_M_at_Mo - N.pressure.EvaluateAtVertex(tN[i]);
        *near_zero += std::abs(h[i]) <= band;
        *near_zero += std::abs(h_w) <= band;
        positive += h[i] > 0;
        positive_w += h_w > 0;
      }
      if (positive == 0 || positive == 4 || positive_w == 0 || positive_w == 4) continue;
      ClipPolygon* in = &buffers[0];
      SliceTetrahedron(vertices, h, grad_h, in);
      if (in->size < 3) continue;
      in = ClipByTetrahedron(faces_N, in, &buffers[1]);
      if (in == nullptr) continue;
      if (kFlatterFieldRatio * kFlatterFieldRatio * grad_N_sq < grad_M_sq) {
        for (int k = 0; k < in->size; ++k) (*in)[k][3] = grad_N.dot((*in)[k].head<3>()) + p_N_at_Mo;
      }
      result.Add(*in, grad_h / std::sqrt(grad_h_sq), grad_M, grad_N);
    }
  }
  return result;
}

TEST_CASE("The compliant-compliant kernel's early rejections drop no polygon: brute force agrees, bit for bit",
          "[compliant_compliant]") {
  // The kernel boxes every element only where it reaches into a region
  // around both meshes' common part (the box of N's part in M's box, from
  // N's hierarchy's top levels, and of M's part in that: a wrong region,
  // such as N's nodes re-boxed by the inverse pose, fails here) and rejects most
  // pairs of tetrahedra whose boxes overlap before
  // slicing (pressure ranges that do not meet, a face plane of e_N with e_M
  // wholly outside it, the equilibrium plane missing either one, e_M's
  // slice lying outside a face of e_N): a rejection of a pair that yields a
  // polygon would show here as a polygon missing from the kernel's output
  // (the test fails so when the range test compares with the top of p_N's
  // range instead of its bottom, or when SliceOutsideAFace reads the
  // values of an edge's ends the wrong way round). Random
  // poses of a cone sphere (long elements, whose boxes overlap many
  // elements they never meet), a slab grid box and a graded sphere
  // primitive, with different moduli so that the equilibrium planes are not
  // mid-planes.
  const CompliantMesh cone_sphere = test::MakeConeSphere(1.0, 2, kE);
  const CompliantMesh slab = test::MakeSlabBox(Vector3d(0.9, 0.8, 0.6), Eigen::Vector3i(4, 3, 3), /*axis=*/2, 3 * kE);
  // (Its peak pressure, 1.7 kE, is neither the cone sphere's, kE, nor the
  // slab's middle layer's, 2 kE: a vertex value equal to a constant field
  // makes h exactly 0 there.)
  ProximityProperties properties = ProximityProperties::Compliant(1.7 * kE);
  properties.set_resolution_hint(0.5);
  const CompliantMesh graded =
      std::get<CompliantMesh>(MakeHydroelasticRepresentation(Sphere(0.8), properties));
  std::mt19937 random(20261127);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int poses = 0, polygons = 0, near_zero = 0;
  const std::array<std::pair<const CompliantMesh*, const CompliantMesh*>, 4> pairs{
      {{&cone_sphere, &slab}, {&slab, &graded}, {&graded, &cone_sphere}, {&graded, &graded}}};
  for (const auto& [M, N] : pairs) {
    for (int i = 0; i < 4; ++i) {
      const Vector3d axis(unit(random), unit(random), unit(random) + 1e-3);
      const RigidTransform X_MN = RigidTransform::FromAxisAngle(
          axis.normalized(), 3.0 * unit(random), Vector3d(unit(random), unit(random), unit(random)));
      for (const bool filter : {true, false}) {
        ContactPolygons kernel;
        IntersectCompliantCompliant(*M, *N, X_MN, filter, &kernel);
        const ContactPolygons brute = BruteForcePolygons(*M, *N, X_MN, filter, &near_zero);
        CHECK(test::SortedRecords(kernel) == test::SortedRecords(brute));
        ++poses;
        polygons += brute.num_polygons();
      }
    }
  }
  CHECK(near_zero == 0);  // General position, as BruteForcePolygons requires.
  CHECK(poses == 32);
  // The poses really made contact (overlaps up to the meshes' size).
  CHECK(polygons > 32 * 10);
}

TEST_CASE("The compliant-compliant kernel refuses invalid representations and a null output",
          "[compliant_compliant]") {
  const CompliantMesh sphere = test::MakeConeSphere(1, 1, kE);
  const CompliantMesh other_field = test::MakeConeSphereWithAnotherField(1, 1, kE);
  const RigidTransform X_MN(Vector3d(1.5, 0, 0));
  ContactPolygons polygons;
  using Catch::Contains;
  CHECK_THROWS_WITH(IntersectCompliantCompliant(other_field, sphere, X_MN, true, &polygons),
                    Contains("IntersectCompliantCompliant: the compliant mesh M is invalid"));
  CHECK_THROWS_WITH(IntersectCompliantCompliant(sphere, other_field, X_MN, true, &polygons),
                    Contains("IntersectCompliantCompliant: the compliant mesh N is invalid"));
  CHECK_THROWS_WITH(IntersectCompliantCompliant(sphere, sphere, X_MN, true, nullptr),
                    Contains("IntersectCompliantCompliant: null output"));
  CHECK(polygons.num_polygons() == 0);
  // Two unit spheres 1.5 apart overlap: the kernel finds the lens.
  IntersectCompliantCompliant(sphere, sphere, X_MN, true, &polygons);
  CHECK(polygons.num_polygons() > 0);
}

}  // namespace
}  // namespace hydrocontact
