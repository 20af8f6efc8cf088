#include "proximity/hydroelastic/rigid_compliant_intersection.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "proximity/hydroelastic/candidate_pairs.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "proximity/hydroelastic/polygon_clipping.h"
#include "tests/mesh/test_meshes.h"
#include "tests/proximity/hydroelastic/contact_test_meshes.h"
#include "tests/proximity/hydroelastic/split_test_support.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using test::IntegrateForce;

using test::kE;

// Runs the kernel and builds the surface with C as the first geometry
// (id_C < id_R, so C is M and normals point out of R into C).
std::optional<ContactSurface> RigidCompliantSurface(const CompliantMesh& C, const RigidMesh& R,
                                      const RigidTransform& X_WC, const RigidTransform& X_WR,
                                      HydroelasticContactRepresentation representation,
                                      bool filter = true) {
  static const GeometryId id_C = GeometryId::get_new_id();
  static const GeometryId id_R = GeometryId::get_new_id();
  ContactPolygons polygons;
  IntersectRigidCompliant(C, R, X_WC.inverse() * X_WR, filter, &polygons);
  return BuildContactSurface(polygons, X_WC, id_C, true, id_R, false, representation);
}

using test::kBoth;

TEST_CASE("A rigid plane section of one tetrahedron", "[rigid_compliant]") {
  // The unit right tetrahedron with p = E z (∇p = E ẑ) cut by a large rigid
  // triangle in the plane z = c whose outward normal is +z. The section is
  // x, y ≥ 0, x + y ≤ 1 − c: area (1 − c)²/2, uniform pressure E c, so the
  // force on the tetrahedron's geometry is E c (1 − c)²/2 ẑ.
  const double c = 0.3;
  const CompliantMesh tet = test::MakeTetrahedron(
      {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0), Vector3d(0, 0, 1)},
      [](const Vector3d& p) { return kE * p.z(); }, kE);
  const RigidMesh up = test::MakeRigid(TriangleSurfaceMesh(
      {{0, 1, 2}}, {Vector3d(-5, -5, c), Vector3d(10, -5, c), Vector3d(-5, 10, c)}));
  const RigidTransform X_WC = RigidTransform::FromRollPitchYaw(Vector3d(0.1, 0.2, 0.3),
                                                               Vector3d(0.5, 0.6, 0.7));
  for (const auto representation : kBoth) {
    const auto s = RigidCompliantSurface(tet, up, X_WC, X_WC, representation);
    REQUIRE(s.has_value());
    CHECK(s->total_area() == Approx((1 - c) * (1 - c) / 2));
    CHECK(IntegrateForce(*s).isApprox(X_WC.RotateVector(Vector3d::UnitZ()) * kE * c *
                                          (1 - c) * (1 - c) / 2,
                                      1e-12));
    for (double p : test::Pressures(*s)) CHECK(p == Approx(kE * c));
    for (int f = 0; f < s->num_faces(); ++f) {
      CHECK(s->face_normal(f).isApprox(X_WC.RotateVector(Vector3d::UnitZ())));
      CHECK(s->EvaluateGradE_M_W(f).isApprox(X_WC.RotateVector(Vector3d(0, 0, kE))));
    }
    CHECK_FALSE(s->HasGradE_N());
  }

  // The same triangle facing down opposes ∇p: filtered out, unless the
  // filter is off.
  const RigidMesh down = test::MakeRigid(TriangleSurfaceMesh(
      {{0, 2, 1}}, {Vector3d(-5, -5, c), Vector3d(10, -5, c), Vector3d(-5, 10, c)}));
  CHECK_FALSE(RigidCompliantSurface(tet, down, X_WC, X_WC, HydroelasticContactRepresentation::kPolygon));
  const auto unfiltered =
      RigidCompliantSurface(tet, down, X_WC, X_WC, HydroelasticContactRepresentation::kPolygon, false);
  REQUIRE(unfiltered.has_value());
  CHECK(unfiltered->total_area() == Approx((1 - c) * (1 - c) / 2));
  CHECK(unfiltered->face_normal(0).isApprox(-X_WC.RotateVector(Vector3d::UnitZ())));
}

TEST_CASE("A rigid box pressed into a compliant slab box", "[rigid_compliant]") {
  // Compliant box [−2,2]² × [−1,1] with p = E (1 − |z|), so ∇p = E ẑ below
  // the mid-plane. A rigid box of half sizes (ax, ay, 1) rises into it from
  // below to depth d. The surface is the rigid top face (area 4 ax ay,
  // pressure E d) plus the four side walls between z = −1 and −1 + d
  // (area 4 (ax + ay) d, pressure E (1 + z)); the walls' normals are at 90°
  // to ∇p and pass the filter, and their forces cancel in pairs. Force on
  // the compliant box: E d · 4 ax ay ẑ.
  const double d = 0.25, ax = 0.7, ay = 0.9;
  const CompliantMesh slab =
      test::MakeSlabBox(Vector3d(2, 2, 1), Eigen::Vector3i(4, 4, 2), /*axis=*/2, kE);
  const RigidMesh box = test::MakeRigid(
      test::MakeBoxSurface(Vector3d(ax, ay, 1), Vector3d(0.3, -0.2, -2 + d)));
  // With the identity pose the wall x = 1 lies exactly in faces shared by
  // tetrahedra of the grid: it must be counted once, not twice or never.
  const RigidTransform X_WC = GENERATE(
      RigidTransform(), RigidTransform::FromAxisAngle(Vector3d(1, 2, 3), 0.7, Vector3d(-1, 0.5, 2)));
  std::optional<ContactSurface> surfaces[2];
  int i = 0;
  for (const auto representation : kBoth) {
    auto& s = surfaces[i++];
    s = RigidCompliantSurface(slab, box, X_WC, X_WC, representation);
    REQUIRE(s.has_value());
    CHECK(s->total_area() == Approx(4 * ax * ay + 4 * (ax + ay) * d).epsilon(1e-12));
    CHECK(IntegrateForce(*s).isApprox(X_WC.RotateVector(Vector3d(0, 0, kE * d * 4 * ax * ay)),
                                      1e-12));
    for (double p : test::Pressures(*s)) {
      CHECK(p >= 0);
      CHECK(p <= kE * d * (1 + 1e-12));
    }
    // Every face normal agrees with ∇p_M (M is the compliant box).
    for (int f = 0; f < s->num_faces(); ++f) {
      CHECK(s->EvaluateGradE_M_W(f).dot(s->face_normal(f)) >= -1e-9 * kE);
    }
  }
  // The two representations agree to round-off.
  CHECK(surfaces[0]->total_area() == Approx(surfaces[1]->total_area()).epsilon(1e-12));
  CHECK(IntegrateForce(*surfaces[0]).isApprox(IntegrateForce(*surfaces[1]), 1e-12));
}

TEST_CASE("A rigid cube buried in a compliant body: the filter drops the face opposing ∇p",
          "[rigid_compliant]") {
  // Cube of half size 0.2 centred at z = −0.5 inside the slab box, where
  // p = E (1 + z) and ∇p = E ẑ. Filter on: the bottom face (outward −ẑ, at
  // 180° to ∇p) goes; the top (p = 0.7 E, area 0.16) and the sides remain:
  // area 5 · 0.16, force 0.7 E · 0.16 ẑ. Filter off: the closed surface, whose
  // force is ∮ p n̂ dA = ∫ ∇p dV = 0.4³ E ẑ (divergence theorem).
  const CompliantMesh slab =
      test::MakeSlabBox(Vector3d(2, 2, 1), Eigen::Vector3i(4, 4, 2), /*axis=*/2, kE);
  const RigidMesh cube =
      test::MakeRigid(test::MakeBoxSurface(Vector3d(0.2, 0.2, 0.2), Vector3d(0.1, 0, -0.5)));
  const RigidTransform X_WC;
  for (const auto representation : kBoth) {
    const auto filtered = RigidCompliantSurface(slab, cube, X_WC, X_WC, representation, true);
    REQUIRE(filtered.has_value());
    CHECK(filtered->total_area() == Approx(5 * 0.16));
    CHECK(IntegrateForce(*filtered).isApprox(Vector3d(0, 0, 0.7 * kE * 0.16), 1e-12));
    const auto all = RigidCompliantSurface(slab, cube, X_WC, X_WC, representation, false);
    REQUIRE(all.has_value());
    CHECK(all->total_area() == Approx(6 * 0.16));
    CHECK(IntegrateForce(*all).isApprox(Vector3d(0, 0, 0.064 * kE), 1e-12));
  }
}

TEST_CASE("No contact: far apart, or bounding boxes overlapping but shapes apart",
          "[rigid_compliant]") {
  const CompliantMesh sphere = test::MakeConeSphere(1.0, 2, kE);
  const RigidMesh ball = test::MakeRigid(test::MakeSphereSurface(1.0, 2));
  for (const auto representation : kBoth) {
    CHECK_FALSE(RigidCompliantSurface(sphere, ball, RigidTransform(), RigidTransform(Vector3d(5, 0, 0)),
                        representation));
    // Centres 1.2·(1,1,1) apart: 2.08 > 2 radii, but every axis gap (1.2)
    // is below 2, so the boxes overlap.
    CHECK_FALSE(RigidCompliantSurface(sphere, ball, RigidTransform(), RigidTransform(Vector3d(1.2, 1.2, 1.2)),
                        representation));
  }
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using test::ReverseExecutor;
using test::SamePolygons;
using test::SortedRecords;
using test::ThreadsExecutor;

TEST_CASE("A huge rigid mesh split across threads gives the unsplit polygons, byte for byte, in order",
          "[rigid_compliant]") {
  // A rigid sphere of 20,480 triangles (icosphere level 5, radius 0.6) sunk
  // halfway into a compliant slab box: thousands of its triangles lie near
  // the box, enough for the kernel to cut them into pieces. Whatever order
  // and threads run the pieces, the polygons (vertex coordinates, pressures,
  // normals, gradients) and their order must be exactly those of one loop.
  const CompliantMesh slab = test::MakeSlabBox(Vector3d(2, 2, 1), Eigen::Vector3i(8, 8, 4), /*axis=*/2, kE);
  const RigidMesh sphere = test::MakeRigid(test::MakeIcosphere(5, 0.6));
  REQUIRE(sphere.mesh.num_triangles() == 20480);
  // Its triangles are so much smaller than the slab's tetrahedra that the
  // slab is searched through boxes refitted to the sphere's part, boxes
  // the calling thread makes and every piece reads.
  REQUIRE(slab.bvh.mean_leaf_diagonal() >
          kRefitAboveLeafDiagonalRatio * sphere.bvh.mean_leaf_diagonal());
  const RigidTransform X_CR = RigidTransform::FromRollPitchYaw({0.1, 0.2, 0.3}, Vector3d(0.1, -0.05, -1.0));
  for (const bool filter : {true, false}) {
    ContactPolygons unsplit, reversed, two, three;
    IntersectRigidCompliant(slab, sphere, X_CR, filter, &unsplit);
    ReverseExecutor reverse;
    IntersectRigidCompliant(slab, sphere, X_CR, filter, &reversed, &reverse);
    const ThreadsExecutor two_threads(2), three_threads(3);
    IntersectRigidCompliant(slab, sphere, X_CR, filter, &two, &two_threads);
    IntersectRigidCompliant(slab, sphere, X_CR, filter, &three, &three_threads);
    CHECK(reverse.runs == 2);  // The pair really was split: the pieces, then their merge.
    CHECK(unsplit.num_polygons() > 1000);
    CHECK(SamePolygons(unsplit, reversed));
    CHECK(SamePolygons(unsplit, two));
    CHECK(SamePolygons(unsplit, three));
  }
  // A small pair is not split (the executor is not used).
  const RigidMesh small = test::MakeRigid(test::MakeBoxSurface(Vector3d(0.3, 0.3, 0.3), Vector3d(0, 0, -1)));
  ReverseExecutor reverse;
  ContactPolygons polygons;
  IntersectRigidCompliant(slab, small, RigidTransform(), true, &polygons, &reverse);
  CHECK(reverse.runs == 0);
  CHECK(polygons.num_polygons() > 0);
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

// The polygons of every (tetrahedron, triangle) pair of the two meshes, with
// no broad phase and no early rejection: each rigid triangle, posed in C by
// X_CR and given the tetrahedron's pressure at its vertices, clipped by the
// tetrahedron's four faces with ClipByTetrahedron, and kept when the normal
// filter allows. It computes every value as the kernel does, so the two must
// agree bit for bit, in some order.
ContactPolygons BruteForcePolygons(const CompliantMesh& C, const RigidMesh& R, const RigidTransform& X_CR,
                                   bool filter) {
  ContactPolygons result;
  ClipPolygon buffers[2];
  for (int tri = 0; tri < R.mesh.num_triangles(); ++tri) {
    const Vector3d nhat_C = X_CR.rotation() * R.mesh.face_normal(tri);
    const auto& f = R.mesh.element(tri);
    for (int tet = 0; tet < C.mesh.num_elements(); ++tet) {
      const Vector3d& grad_p_C = C.pressure.EvaluateGradient(tet);
      if (filter && !IsAlongPressureGradientUnnormalized(nhat_C, 1.0, grad_p_C)) continue;
      const auto& t = C.mesh.element(tet);
      auto faces = TetrahedronFaceHalfSpaces(
          t, {&C.mesh.vertex(t[0]), &C.mesh.vertex(t[1]), &C.mesh.vertex(t[2]), &C.mesh.vertex(t[3])});
      // A piece in a boundary face belongs to its only tetrahedron.
      for (int i = 0; i < 4; ++i) {
        if (C.mesh.neighbor(tet, i) < 0) faces[i].keeps_coplanar = true;
      }
      ClipPolygon* in = &buffers[0];
      in->clear();
      for (int k = 0; k < 3; ++k) {
        const Vector3d x_C = X_CR * R.mesh.vertex(f[k]);
        Eigen::Vector4d vertex;
        vertex << x_C, C.pressure.EvaluateCartesian(tet, x_C);
        in->push_back(vertex);
      }
      in = ClipByTetrahedron(faces, in, &buffers[1]);
      if (in != nullptr) result.Add(*in, nhat_C, grad_p_C, Vector3d::Zero());
    }
  }
  return result;
}

TEST_CASE("The kernel's early rejections drop no polygon: the brute-force pairs agree, bit for bit",
          "[rigid_compliant]") {
  // The kernel rejects most candidate pairs before clipping (bounding boxes,
  // then a face plane of the tetrahedron with the whole triangle outside,
  // then the triangle's plane with the whole tetrahedron on one side). Any
  // rejection of a pair that clips to a polygon would show here as a polygon
  // missing from the kernel's output; any error in the faces it then clips
  // by, as a polygon that differs. Random poses of a rigid sphere and box
  // against a compliant cone sphere (long elements) and a slab grid box (two
  // tetrahedra share every inner face), plus poses where rigid faces lie
  // exactly in the grid's planes (shared faces and coplanar pieces).
  // The finer ball's triangles are so much smaller than either compliant
  // mesh's tetrahedra that the kernel searches that mesh through its boxes
  // refitted to the ball's part (see kRefitAboveLeafDiagonalRatio); against
  // the box it searches through the hierarchy's own boxes. Both ways must
  // find every polygon.
  const CompliantMesh cone_sphere = test::MakeConeSphere(1.0, 2, kE);
  const CompliantMesh slab = test::MakeSlabBox(Vector3d(2, 2, 1), Eigen::Vector3i(4, 4, 2), /*axis=*/2, kE);
  const RigidMesh ball = test::MakeRigid(test::MakeSphereSurface(0.6, 2));
  const RigidMesh fine_ball = test::MakeRigid(test::MakeSphereSurface(0.4, 3));
  const RigidMesh box = test::MakeRigid(test::MakeBoxSurface(Vector3d(0.7, 0.9, 0.5)));
  auto refits = [](const CompliantMesh& C, const RigidMesh& R) {
    return C.bvh.mean_leaf_diagonal() > kRefitAboveLeafDiagonalRatio * R.bvh.mean_leaf_diagonal();
  };
  REQUIRE(refits(cone_sphere, fine_ball));
  REQUIRE(refits(slab, fine_ball));
  REQUIRE_FALSE(refits(cone_sphere, box));
  REQUIRE_FALSE(refits(slab, box));
  std::mt19937 random(20261122);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  auto random_pose = [&](double reach) {
    const Vector3d axis(unit(random), unit(random), unit(random) + 1e-3);
    return RigidTransform::FromAxisAngle(axis.normalized(), 3.0 * unit(random),
                                         reach * Vector3d(unit(random), unit(random), unit(random)));
  };
  int poses = 0, polygons = 0;
  for (const CompliantMesh* C : {&cone_sphere, &slab}) {
    for (const RigidMesh* R : {&ball, &box, &fine_ball}) {
      std::vector<RigidTransform> X_CRs;
      for (int i = 0; i < 6; ++i) X_CRs.push_back(random_pose(1.2));
      // Axis-aligned, faces in the grid's planes x = 1 and z = 0.
      X_CRs.push_back(RigidTransform(Vector3d(0.3, -0.1, -0.5)));
      for (const RigidTransform& X_CR : X_CRs) {
        for (const bool filter : {true, false}) {
          ContactPolygons kernel;
          IntersectRigidCompliant(*C, *R, X_CR, filter, &kernel);
          const ContactPolygons brute = BruteForcePolygons(*C, *R, X_CR, filter);
          CHECK(SortedRecords(kernel) == SortedRecords(brute));
          ++poses;
          polygons += brute.num_polygons();
        }
      }
    }
  }
  // The poses really made contact: about 40 polygons each on average.
  CHECK(poses == 84);
  CHECK(polygons > 84 * 10);
}

TEST_CASE("The rigid-compliant kernel refuses invalid representations and a null output",
          "[rigid_compliant]") {
  const CompliantMesh sphere = test::MakeConeSphere(1, 1, kE);
  CompliantMesh no_bvh = sphere;
  no_bvh.bvh = Bvh();
  const RigidMesh box = test::MakeRigid(test::MakeBoxSurface(Vector3d(0.3, 0.3, 0.3)));
  RigidMesh box_no_bvh = box;
  box_no_bvh.bvh = Bvh();
  ContactPolygons polygons;
  using Catch::Contains;
  CHECK_THROWS_WITH(IntersectRigidCompliant(no_bvh, box, RigidTransform(), true, &polygons),
                    Contains("IntersectRigidCompliant: the compliant mesh is invalid: its BVH"));
  CHECK_THROWS_WITH(IntersectRigidCompliant(sphere, box_no_bvh, RigidTransform(), true, &polygons),
                    Contains("IntersectRigidCompliant: the rigid mesh is invalid: its BVH"));
  CHECK_THROWS_WITH(IntersectRigidCompliant(sphere, box, RigidTransform(), true, nullptr),
                    Contains("IntersectRigidCompliant: null output"));
  CHECK(polygons.num_polygons() == 0);
  // The box lies inside the unit sphere: without the orientation filter
  // (which drops faces whose normals point against ∇p, as all of an
  // enclosed box's do: they point away from the centre, ∇p towards it)
  // every one of its 12 triangles is kept.
  IntersectRigidCompliant(sphere, box, RigidTransform(), false, &polygons);
  CHECK(polygons.num_polygons() >= 12);
}

}  // namespace
}  // namespace hydrocontact
