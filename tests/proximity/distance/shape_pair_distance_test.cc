#include "proximity/distance/shape_pair_distance.h"

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tests/proximity/distance/distance_test_files.h"
#include "tests/test_poses.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// Two ids with id_A < id_B, so results come back in the caller's order.
struct Ids {
  GeometryId a = GeometryId::get_new_id();
  GeometryId b = GeometryId::get_new_id();
};

// X_WA·p_ACa − X_WB·p_BCb = distance · n̂, ‖n̂‖ = 1.
void CheckInvariant(const SignedDistancePair& r, const RigidTransform& X_WA,
                    const RigidTransform& X_WB, double tolerance = 1e-12) {
  CHECK(std::abs(r.nhat_BA_W.norm() - 1) < 1e-12);
  CHECK((X_WA * r.p_ACa - X_WB * r.p_BCb - r.distance * r.nhat_BA_W).norm() < tolerance);
}

SignedDistancePair Distance(const Ids& ids, const DistanceGeometry& A, const RigidTransform& X_WA,
                            const DistanceGeometry& B, const RigidTransform& X_WB) {
  return ComputeSignedDistancePair(ids.a, A, X_WA, ids.b, B, X_WB);
}

TEST_CASE("Sphere–box: face, edge and vertex regions", "[shape_pair_distance]") {
  // Box 2 × 4 × 6 at a general pose; sphere centres given in the box's
  // frame, φ = φ_box(centre) − r with φ_box by hand.
  const Ids ids;
  const DistanceGeometry box = MakeDistanceGeometry(Box(2, 4, 6));
  const RigidTransform X_WB =
      RigidTransform::FromRollPitchYaw(Vector3d(0.3, -0.2, 1.1), Vector3d(1, 2, 3));
  struct Case {
    Vector3d p_BS;
    double radius;
    double expected;
    Vector3d n_B;
  };
  const std::vector<Case> cases = {
      // Face +x, 0.5 away: separated, touching, overlapping.
      {{1.5, 0.3, -1}, 0.2, 0.3, {1, 0, 0}},
      {{1.5, 0.3, -1}, 0.5, 0.0, {1, 0, 0}},
      {{1.5, 0.3, -1}, 0.8, -0.3, {1, 0, 0}},
      // Edge region: (0.3, −0.4, 0) from the edge, distance 0.5.
      {{1.3, -2.4, 0.7}, 0.2, 0.3, {0.6, -0.8, 0}},
      {{1.3, -2.4, 0.7}, 0.6, -0.1, {0.6, -0.8, 0}},
      // Vertex region: (1, 2, 2) from the corner, distance 3.
      {{2, 4, 5}, 1, 2, {1.0 / 3, 2.0 / 3, 2.0 / 3}},
      // Centre inside, 0.1 under the +y face.
      {{0.5, 1.9, 0}, 0.25, -0.35, {0, 1, 0}},
  };
  for (const Case& c : cases) {
    const DistanceGeometry sphere = MakeDistanceGeometry(Sphere(c.radius));
    const RigidTransform X_WS(X_WB * c.p_BS);
    const SignedDistancePair r = Distance(ids, sphere, X_WS, box, X_WB);
    CHECK(r.distance == Approx(c.expected).margin(1e-14));
    CHECK((r.nhat_BA_W - X_WB.rotation() * c.n_B).norm() < 1e-14);
    CHECK(r.is_nhat_BA_W_unique);
    CheckInvariant(r, X_WS, X_WB);
  }
}

TEST_CASE("Sphere–sphere: apart, touching, overlapping, concentric", "[shape_pair_distance]") {
  const Ids ids;
  const DistanceGeometry a = MakeDistanceGeometry(Sphere(0.5));
  const DistanceGeometry b = MakeDistanceGeometry(Sphere(0.25));
  for (double gap : {0.3, 0.0, -0.2}) {
    // Centres 0.75 + gap apart along (2, 3, 6)/7.
    const Vector3d u = Vector3d(2, 3, 6) / 7;
    const RigidTransform X_WA(Vector3d(1, 1, 1));
    const RigidTransform X_WB(Vector3d(1, 1, 1) - (0.75 + gap) * u);
    const SignedDistancePair r = Distance(ids, a, X_WA, b, X_WB);
    CHECK(r.distance == Approx(gap).margin(1e-15));
    CHECK((r.nhat_BA_W - u).norm() < 1e-15);
    CheckInvariant(r, X_WA, X_WB);
  }
  // Concentric: depth 0.75, any direction: a unit one, flagged.
  const SignedDistancePair c = Distance(ids, a, RigidTransform(), b, RigidTransform());
  CHECK(c.distance == Approx(-0.75));
  CHECK(c.nhat_BA_W.norm() == Approx(1));
  CHECK(!c.is_nhat_BA_W_unique);
  CheckInvariant(c, RigidTransform(), RigidTransform());
}

TEST_CASE("Capsule–capsule through the dispatch: parallel and skew", "[shape_pair_distance]") {
  const Ids ids;
  const DistanceGeometry a = MakeDistanceGeometry(Capsule(0.1, 1));
  const DistanceGeometry b = MakeDistanceGeometry(Capsule(0.15, 2));
  const RigidTransform X_WC = RigidTransform::FromRollPitchYaw(Vector3d(0.5, 0.2, -0.7),
                                                               Vector3d(-1, 0.5, 2));
  // Parallel axes 0.3 apart: 0.3 − 0.25 = 0.05.
  const RigidTransform X_WA = X_WC;
  const RigidTransform X_WB = X_WC * RigidTransform(Vector3d(0.3, 0, 0.4));
  SignedDistancePair r = Distance(ids, a, X_WA, b, X_WB);
  CHECK(r.distance == Approx(0.05));
  CHECK((r.nhat_BA_W - X_WC.rotation() * Vector3d(-1, 0, 0)).norm() < 1e-14);
  CheckInvariant(r, X_WA, X_WB);
  // Skew (B along x) passing 0.2 beside A's axis midpoint, along y:
  // 0.2 − 0.25.
  const RigidTransform X_WB2 =
      X_WC * RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 2, 0), Vector3d(0, 0.2, 0));
  r = Distance(ids, a, X_WA, b, X_WB2);
  CHECK(r.distance == Approx(-0.05));
  CHECK((r.nhat_BA_W - X_WC.rotation() * Vector3d(0, -1, 0)).norm() < 1e-14);
  CheckInvariant(r, X_WA, X_WB2);
}

TEST_CASE("Box–box: apart (GJK) and overlapping (separating axes)", "[shape_pair_distance]") {
  const Ids ids;
  const DistanceGeometry a = MakeDistanceGeometry(Box::MakeCube(1));
  const DistanceGeometry b = MakeDistanceGeometry(Box::MakeCube(1));
  const RigidTransform X_WC =
      RigidTransform::FromRollPitchYaw(Vector3d(0.1, 0.9, 0.4), Vector3d(3, -2, 1));
  const double s = std::sqrt(2.0) / 2;
  // Edge–edge: A turned 45° about y, B 45° about x, stacked so their edges
  // cross at height gap: φ = gap (apart through GJK, overlapping through
  // the separating axes).
  for (double gap : {0.1, 1e-3, -0.02}) {
    const RigidTransform X_WA = X_WC * RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 4, 0));
    const RigidTransform X_WB =
        X_WC * RigidTransform::FromRollPitchYaw(Vector3d(M_PI / 4, 0, 0),
                                                Vector3d(0, 0, 2 * s + gap));
    const SignedDistancePair r = Distance(ids, a, X_WA, b, X_WB);
    CHECK(r.distance == Approx(gap).epsilon(1e-12).margin(1e-14));
    CHECK((r.nhat_BA_W - X_WC.rotation() * Vector3d(0, 0, -1)).norm() < 1e-10);
    CheckInvariant(r, X_WA, X_WB);
    // The witnesses are where the edges cross, above the origin of C.
    CHECK((X_WA * r.p_ACa - X_WC * Vector3d(0, 0, s)).norm() < 1e-10);
  }
  // Face–face apart by 0.25: GJK.
  const RigidTransform X_WB = X_WC * RigidTransform(Vector3d(1.25, 0.3, -0.2));
  const SignedDistancePair r = Distance(ids, a, X_WC, b, X_WB);
  CHECK(r.distance == Approx(0.25).epsilon(1e-13));
  CHECK((r.nhat_BA_W - X_WC.rotation() * Vector3d(-1, 0, 0)).norm() < 1e-13);
  // Identical and concentric: depth 1, no unique direction.
  const SignedDistancePair c = Distance(ids, a, X_WC, b, X_WC);
  CHECK(c.distance == Approx(-1));
  CHECK(!c.is_nhat_BA_W_unique);
}

TEST_CASE("Everything against a half-space, by its deepest point", "[shape_pair_distance]") {
  // H is tilted; each shape's centre is at height z above H's plane with
  // its own orientation R relative to H. The lowest point's height is
  // z − h(−n) with h the support function (closed forms per shape).
  const Ids ids;
  const DistanceGeometry half_space = MakeDistanceGeometry(HalfSpace());
  const RigidTransform X_WH = RigidTransform::FromRollPitchYaw(Vector3d(0.4, -0.3, 0.2),
                                                               Vector3d(0.5, -1, 2));
  const RigidTransform X_HG =
      RigidTransform::FromRollPitchYaw(Vector3d(0.7, 0.5, -1.2), Vector3d(0.3, -0.2, 0.6));
  const Vector3d n_G = X_HG.rotation().transpose() * Vector3d::UnitZ();  // H's normal in G
  const double z = 0.6;
  struct Case {
    Shape shape;
    double support;  // h_G(−n_G)
  };
  const std::vector<Case> cases = {
      {Sphere(0.3), 0.3},
      {Box(0.4, 0.6, 1.0), 0.2 * std::abs(n_G.x()) + 0.3 * std::abs(n_G.y()) + 0.5 * std::abs(n_G.z())},
      // Cylinder: rim reaches R·ρ + (L/2)·|n_z|, ρ = ‖n_xy‖.
      {Cylinder(0.2, 0.8), 0.2 * std::hypot(n_G.x(), n_G.y()) + 0.4 * std::abs(n_G.z())},
      {Capsule(0.1, 0.8), 0.1 + 0.4 * std::abs(n_G.z())},
      // Ellipsoid: ‖E n‖.
      {Ellipsoid(0.3, 0.2, 0.5), Vector3d(0.3 * n_G.x(), 0.2 * n_G.y(), 0.5 * n_G.z()).norm()},
      // The sample cube (half 0.05) as a hull and as a mesh.
      {Convex(test::DataPath("box_0.1m.vtk")), 0.05 * n_G.cwiseAbs().sum()},
      {Mesh(test::DataPath("box_0.1m.vtk")), 0.05 * n_G.cwiseAbs().sum()},
  };
  for (const Case& c : cases) {
    INFO(ShapeName(c.shape));
    const DistanceGeometry g = MakeDistanceGeometry(c.shape);
    const RigidTransform X_WG = X_WH * X_HG;
    const SignedDistancePair r = Distance(ids, g, X_WG, half_space, X_WH);
    CHECK(r.distance == Approx(z - c.support).margin(1e-14));
    CHECK((r.nhat_BA_W - X_WH.rotation().col(2)).norm() < 1e-15);
    CHECK(r.is_nhat_BA_W_unique);
    CheckInvariant(r, X_WG, X_WH);
    // B's witness is on the plane.
    CHECK(std::abs(r.p_BCb.z()) < 1e-14);
    // Swapped roles: the half-space as A.
    const SignedDistancePair s = Distance(ids, half_space, X_WH, g, X_WG);
    CHECK(s.distance == r.distance);
    CHECK(s.nhat_BA_W == -r.nhat_BA_W);
  }
}

TEST_CASE("A box resting on a half-space reports the middle of its face", "[shape_pair_distance]") {
  const Ids ids;
  const DistanceGeometry box = MakeDistanceGeometry(Box(1, 2, 0.5));
  const DistanceGeometry ground = MakeDistanceGeometry(HalfSpace());
  // Sunk 0.01 into z ≤ 0, turned about z: depth 0.01 at (x, y, −0.01).
  const RigidTransform X_WB =
      RigidTransform::FromRollPitchYaw(Vector3d(0, 0, 0.3), Vector3d(2, 3, 0.24));
  const auto p = ComputePenetration(ids.a, box, X_WB, ids.b, ground, RigidTransform());
  REQUIRE(p.has_value());
  CHECK(p->depth == Approx(0.01));
  CHECK((p->p_WCa - Vector3d(2, 3, -0.01)).norm() < 1e-14);
  CHECK((p->p_WCb - Vector3d(2, 3, 0)).norm() < 1e-14);
  CHECK(p->nhat_BA_W == Vector3d::UnitZ());
}

TEST_CASE("Two half-spaces throw naming both ids", "[shape_pair_distance]") {
  const Ids ids;
  const DistanceGeometry h = MakeDistanceGeometry(HalfSpace());
  CHECK_THROWS_AS(Distance(ids, h, RigidTransform(), h, RigidTransform(Vector3d(0, 0, -1))),
                  std::invalid_argument);
  CHECK_THROWS_WITH(Distance(ids, h, RigidTransform(), h, RigidTransform()),
                    Catch::Contains(ids.a.to_string()) && Catch::Contains(ids.b.to_string()) &&
                        Catch::Contains("half-space"));
  CHECK_THROWS_WITH(Distance(ids, h, RigidTransform(), h, RigidTransform()),
                    Catch::StartsWith("signed distance between"));
  // The penetration query names itself, though it is built on the pair.
  CHECK_THROWS_WITH(ComputePenetration(ids.a, h, RigidTransform(), ids.b, h, RigidTransform()),
                    Catch::StartsWith("penetration of " + ids.a.to_string()) &&
                        Catch::Contains(ids.b.to_string()) && Catch::Contains("half-spaces"));
}

TEST_CASE("Poses beyond the supported coordinates are refused, naming the geometry",
          "[shape_pair_distance]") {
  // Two spheres (r 0.5 and 0.25) 1 apart along x: distance 0.25, also with
  // both moved to the corner of the supported range (|x| = 1e6, where
  // doubles are 1.2e-10 apart). Beyond it, or not finite (a product of
  // transforms overflowing to ∞), every pair and point query throws naming
  // the geometry whose pose is out of range.
  const Ids ids;
  const DistanceGeometry a = MakeDistanceGeometry(Sphere(0.5));
  const DistanceGeometry b = MakeDistanceGeometry(Sphere(0.25));
  const Vector3d far(1e6 - 1, -1e6, 1e6);
  CHECK(Distance(ids, a, RigidTransform(far), b, RigidTransform(far + Vector3d(1, 0, 0))).distance ==
        Approx(0.25).margin(1e-9));
  const RigidTransform huge(Vector3d(1e308, 0, 0));
  const RigidTransform infinite = huge * huge;
  REQUIRE(std::isinf(infinite.translation().x()));
  for (const RigidTransform& bad : {RigidTransform(Vector3d(0, 0, 2e6)), infinite}) {
    CAPTURE(bad.translation());
    CHECK_THROWS_WITH(Distance(ids, a, bad, b, RigidTransform()),
                      Catch::Contains(ids.a.to_string()) && Catch::Contains("supported range"));
    CHECK_THROWS_WITH(Distance(ids, a, RigidTransform(), b, bad),
                      Catch::Contains(ids.b.to_string()) && Catch::Contains("supported range"));
    CHECK_THROWS_WITH(ComputePenetration(ids.a, a, RigidTransform(), ids.b, b, bad),
                      Catch::Contains(ids.b.to_string()) && Catch::Contains("supported range"));
    CHECK_THROWS_WITH(ComputeSignedDistanceToPoint(ids.a, a, bad, Vector3d::Zero()),
                      Catch::Contains(ids.a.to_string()) && Catch::Contains("supported range"));
  }
}

// One geometry of every kind that pairs with every other.
std::vector<DistanceGeometry> AllGeometries() {
  return {MakeDistanceGeometry(Sphere(0.3)),
          MakeDistanceGeometry(Box(0.5, 0.7, 0.4)),
          MakeDistanceGeometry(Cylinder(0.25, 0.6)),
          MakeDistanceGeometry(Capsule(0.15, 0.5)),
          MakeDistanceGeometry(Ellipsoid(0.35, 0.2, 0.3)),
          MakeDistanceGeometry(HalfSpace()),
          MakeDistanceGeometry(Convex(test::WriteBoxObj("spd_box.obj", Vector3d(0.2, 0.3, 0.25)))),
          // The icosphere surface, scaled to radius 0.3, as a Mesh.
          MakeDistanceGeometry(Mesh(test::DataPath("sphere_r0.05m.obj"), 6))};
}

using test::RandomPose;

TEST_CASE("Every pair: swapping A and B exchanges the points and flips the normal",
          "[shape_pair_distance]") {
  const Ids ids;
  const std::vector<DistanceGeometry> all = AllGeometries();
  std::mt19937 rng(42);
  for (size_t i = 0; i < all.size(); ++i) {
    for (size_t j = 0; j < all.size(); ++j) {
      if (std::holds_alternative<HalfSpace>(all[i].shape) &&
          std::holds_alternative<HalfSpace>(all[j].shape)) {
        continue;
      }
      INFO(ShapeName(all[i].shape) << " – " << ShapeName(all[j].shape));
      for (int trial = 0; trial < 20; ++trial) {
        const RigidTransform X_WA = RandomPose(rng, 0.4);
        const RigidTransform X_WB = RandomPose(rng, 0.4);
        const SignedDistancePair ab = Distance(ids, all[i], X_WA, all[j], X_WB);
        const SignedDistancePair ba = Distance(ids, all[j], X_WB, all[i], X_WA);
        CHECK(ab.distance == Approx(ba.distance).margin(1e-9));
        CheckInvariant(ab, X_WA, X_WB, 1e-9);
        CheckInvariant(ba, X_WB, X_WA, 1e-9);
        if (ab.is_nhat_BA_W_unique && std::abs(ab.distance) > 1e-6) {
          CHECK((ab.nhat_BA_W + ba.nhat_BA_W).norm() < 1e-5);
          // A unique normal does not make the witnesses unique: where flat
          // features meet (a box face on a cylinder's cap or side) any
          // point of their overlap is a witness, and each order may pick
          // another. What both orders must give is witnesses on the
          // surfaces (checked by the point query, another code path), to the
          // ~1e-5 accuracy of directions on curved surfaces.
          for (const SignedDistancePair* r : {&ab, &ba}) {
            const bool first_is_i = r == &ab;
            const RigidTransform& X_W1 = first_is_i ? X_WA : X_WB;
            const RigidTransform& X_W2 = first_is_i ? X_WB : X_WA;
            const DistanceGeometry& g1 = first_is_i ? all[i] : all[j];
            const DistanceGeometry& g2 = first_is_i ? all[j] : all[i];
            CHECK(std::abs(ComputeSignedDistanceToPoint(ids.a, g1, X_W1, X_W1 * r->p_ACa).distance) < 1e-5);
            CHECK(std::abs(ComputeSignedDistanceToPoint(ids.b, g2, X_W2, X_W2 * r->p_BCb).distance) < 1e-5);
          }
        }
      }
    }
  }
}

TEST_CASE("Every pair: invariant under one rigid motion of both", "[shape_pair_distance]") {
  const Ids ids;
  const std::vector<DistanceGeometry> all = AllGeometries();
  std::mt19937 rng(5);
  for (size_t i = 0; i < all.size(); ++i) {
    for (size_t j = 0; j < all.size(); ++j) {
      if (std::holds_alternative<HalfSpace>(all[i].shape) &&
          std::holds_alternative<HalfSpace>(all[j].shape)) {
        continue;
      }
      INFO(ShapeName(all[i].shape) << " – " << ShapeName(all[j].shape));
      for (int trial = 0; trial < 20; ++trial) {
        const RigidTransform X_WA = RandomPose(rng, 0.4);
        const RigidTransform X_WB = RandomPose(rng, 0.4);
        const RigidTransform X_VW = RandomPose(rng, 5.0);
        const SignedDistancePair r = Distance(ids, all[i], X_WA, all[j], X_WB);
        const SignedDistancePair m = Distance(ids, all[i], X_VW * X_WA, all[j], X_VW * X_WB);
        CHECK(m.distance == Approx(r.distance).margin(1e-9));
        if (r.is_nhat_BA_W_unique && std::abs(r.distance) > 1e-6) {
          CHECK((m.nhat_BA_W - X_VW.rotation() * r.nhat_BA_W).norm() < 1e-5);
          CHECK((m.p_ACa - r.p_ACa).norm() < 1e-5);
        }
      }
    }
  }
}

TEST_CASE("A Convex box and a Mesh box agree with the primitive Box", "[shape_pair_distance]") {
  // Three paths to the same geometry: closed forms (or SAT, GJK/EPA on
  // support maps) on the Box, GJK/EPA on the hull's corners, the mesh
  // queries on the surface.
  const Ids ids;
  const DistanceGeometry box = MakeDistanceGeometry(Box(0.1, 0.1, 0.1));
  const DistanceGeometry hull = MakeDistanceGeometry(Convex(test::DataPath("box_0.1m.vtk")));
  const DistanceGeometry mesh = MakeDistanceGeometry(Mesh(test::DataPath("box_0.1m.vtk")));
  const std::vector<DistanceGeometry> others = {
      MakeDistanceGeometry(Sphere(0.03)), MakeDistanceGeometry(Capsule(0.02, 0.05)),
      MakeDistanceGeometry(Cylinder(0.03, 0.04)), MakeDistanceGeometry(Ellipsoid(0.04, 0.02, 0.03)),
      MakeDistanceGeometry(Box(0.05, 0.06, 0.07)), MakeDistanceGeometry(HalfSpace())};
  std::mt19937 rng(9);
  for (const DistanceGeometry& other : others) {
    INFO(ShapeName(other.shape));
    for (int trial = 0; trial < 100; ++trial) {
      const RigidTransform X_WA = RandomPose(rng, 0.05);
      const RigidTransform X_WB = RandomPose(rng, 0.05);
      const double expected = Distance(ids, box, X_WA, other, X_WB).distance;
      CHECK(Distance(ids, hull, X_WA, other, X_WB).distance == Approx(expected).margin(1e-11));
      // The sample box is a convex mesh, for which the mesh queries use the
      // minimum translation distance too: all three agree.
      CHECK(Distance(ids, mesh, X_WA, other, X_WB).distance == Approx(expected).margin(1e-11));
    }
  }
}

TEST_CASE("Near-touching sweeps are continuous through zero", "[shape_pair_distance]") {
  // Pairs on the GJK/EPA path, placed touching at a known offset along a
  // direction, then moved through contact in steps of 1e-11 m: the signed
  // distance must follow the offset (no jump bigger than the step, no
  // throw), the whole configuration tilted by one rigid motion.
  const Ids ids;
  const RigidTransform X_WC =
      RigidTransform::FromRollPitchYaw(Vector3d(0.3, 1.1, -0.4), Vector3d(0.2, 0.1, -0.3));
  struct Case {
    std::string name;
    DistanceGeometry a, b;
    double touching_z;  // B above A along C's z, offset sideways by `lateral`
    Vector3d lateral{0.01, -0.02, 0};
  };
  const std::vector<Case> cases = {
      {"box–cylinder", MakeDistanceGeometry(Box(0.4, 0.4, 0.2)),
       MakeDistanceGeometry(Cylinder(0.1, 0.3)), 0.1 + 0.15},
      {"ellipsoid–box", MakeDistanceGeometry(Ellipsoid(0.2, 0.3, 0.1)),
       MakeDistanceGeometry(Box(0.2, 0.2, 0.2)), 0.1 + 0.1},
      {"ellipsoid–ellipsoid", MakeDistanceGeometry(Ellipsoid(0.2, 0.3, 0.1)),
       MakeDistanceGeometry(Ellipsoid(0.1, 0.1, 0.25)), 0.1 + 0.25, Vector3d::Zero()},
      {"cylinder–capsule", MakeDistanceGeometry(Cylinder(0.2, 0.2)),
       MakeDistanceGeometry(Capsule(0.05, 0.2)), 0.1 + 0.15},
      {"convex–cylinder", MakeDistanceGeometry(Convex(test::DataPath("box_0.1m.vtk"))),
       MakeDistanceGeometry(Cylinder(0.02, 0.06)), 0.05 + 0.03},
      {"box–box (face on face)", MakeDistanceGeometry(Box(0.4, 0.4, 0.2)),
       MakeDistanceGeometry(Box(0.2, 0.2, 0.2)), 0.1 + 0.1},
  };
  const double step = 1e-11;
  for (const Case& c : cases) {
    INFO(c.name);
    double previous = 0;
    for (int i = -40; i <= 40; ++i) {
      const double offset = i * step;
      const RigidTransform X_WB =
          X_WC * RigidTransform(c.lateral + Vector3d(0, 0, c.touching_z + offset));
      SignedDistancePair r;
      REQUIRE_NOTHROW(r = Distance(ids, c.a, X_WC, c.b, X_WB));
      CHECK(std::isfinite(r.distance));
      CHECK(r.distance == Approx(offset).margin(2e-12));
      if (i > -40) CHECK(std::abs(r.distance - previous) <= step + 2e-12);
      previous = r.distance;
      CHECK(std::abs(r.nhat_BA_W.norm() - 1) < 1e-12);
    }
  }
}

TEST_CASE("Near-touching sweeps in general orientations", "[shape_pair_distance]") {
  // Random orientations; B is moved along a fixed direction u (the normal
  // found while still well apart) until touching, then swept through
  // contact along u in steps of 1e-10 m. φ must go from positive to
  // negative, never increase, and never change by more than the step
  // (φ is 1-Lipschitz in a translation), up to the iterative methods'
  // accuracy (2e-11 m here).
  const Ids ids;
  const std::vector<DistanceGeometry> all = AllGeometries();
  std::mt19937 rng(23);
  const double step = 1e-10;
  const double tolerance = 2e-11;
  for (size_t i = 0; i < all.size(); ++i) {
    for (size_t j = i; j < all.size(); ++j) {
      if (std::holds_alternative<HalfSpace>(all[i].shape) ||
          std::holds_alternative<HalfSpace>(all[j].shape)) {
        continue;  // flat: covered by the half-space tests
      }
      INFO(ShapeName(all[i].shape) << " – " << ShapeName(all[j].shape));
      for (int trial = 0; trial < 4; ++trial) {
        const RigidTransform X_WA = RandomPose(rng, 0.1);
        RigidTransform X_WB = RandomPose(rng, 0.8);
        SignedDistancePair r = Distance(ids, all[i], X_WA, all[j], X_WB);
        // Back off to well apart, where the normal is accurate.
        X_WB = RigidTransform(X_WB.rotation(),
                              X_WB.translation() - (0.1 - r.distance) * r.nhat_BA_W);
        r = Distance(ids, all[i], X_WA, all[j], X_WB);
        const Vector3d u = r.nhat_BA_W;  // toward A
        for (int k = 0; k < 40 && std::abs(r.distance) > 1e-12; ++k) {
          X_WB = RigidTransform(X_WB.rotation(), X_WB.translation() + r.distance * u);
          r = Distance(ids, all[i], X_WA, all[j], X_WB);
        }
        INFO("touching residual " << r.distance);
        REQUIRE(std::abs(r.distance) < tolerance);
        double previous = 0;
        for (int s = -20; s <= 20; ++s) {
          const RigidTransform X_WBs(X_WB.rotation(), X_WB.translation() + s * step * u);
          SignedDistancePair rs;
          REQUIRE_NOTHROW(rs = Distance(ids, all[i], X_WA, all[j], X_WBs));
          CHECK(std::isfinite(rs.distance));
          CHECK(std::abs(rs.nhat_BA_W.norm() - 1) < 1e-12);
          if (s == -20) CHECK(rs.distance > 0);
          if (s == 20) CHECK(rs.distance < 0);
          if (s > -20) {
            CHECK(rs.distance <= previous + tolerance);
            CHECK(rs.distance >= previous - step - tolerance);
          }
          previous = rs.distance;
        }
      }
    }
  }
}

TEST_CASE("Concentric and coincident pairs give unit normals, flagged", "[shape_pair_distance]") {
  const Ids ids;
  const RigidTransform X = RigidTransform::FromRollPitchYaw(Vector3d(0.2, 0.3, 0.4),
                                                            Vector3d(1, 2, 3));
  struct Case {
    std::string name;
    DistanceGeometry a, b;
    double expected;
  };
  const std::vector<Case> cases = {
      // Depth r_A + r_B.
      {"sphere in sphere", MakeDistanceGeometry(Sphere(0.3)), MakeDistanceGeometry(Sphere(0.1)),
       -0.4},
      // Sphere at a cube's centre: r + half size.
      {"sphere in cube", MakeDistanceGeometry(Sphere(0.1)), MakeDistanceGeometry(Box::MakeCube(1)),
       -0.6},
      {"cube in cube", MakeDistanceGeometry(Box::MakeCube(1)),
       MakeDistanceGeometry(Box::MakeCube(0.5)), -0.75},
      // Coincident capsules: collinear axes, r_A + r_B.
      {"capsule on capsule", MakeDistanceGeometry(Capsule(0.1, 1)),
       MakeDistanceGeometry(Capsule(0.1, 1)), -0.2},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const SignedDistancePair r = Distance(ids, c.a, X, c.b, X);
    CHECK(r.distance == Approx(c.expected));
    CHECK(std::abs(r.nhat_BA_W.norm() - 1) < 1e-14);
    CHECK(!r.is_nhat_BA_W_unique);
    CheckInvariant(r, X, X);
  }
}

TEST_CASE("Penetration is the signed distance's negative part", "[shape_pair_distance]") {
  const Ids ids;
  const std::vector<DistanceGeometry> all = AllGeometries();
  std::mt19937 rng(17);
  int penetrating = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const DistanceGeometry& a = all[trial % all.size()];
    const DistanceGeometry& b = all[(trial / all.size()) % all.size()];
    if (std::holds_alternative<HalfSpace>(a.shape) && std::holds_alternative<HalfSpace>(b.shape)) {
      continue;
    }
    const RigidTransform X_WA = RandomPose(rng, 0.3);
    const RigidTransform X_WB = RandomPose(rng, 0.3);
    const SignedDistancePair sd = Distance(ids, a, X_WA, b, X_WB);
    const auto p = ComputePenetration(ids.a, a, X_WA, ids.b, b, X_WB);
    CHECK(p.has_value() == (sd.distance < 0));
    if (!p) continue;
    ++penetrating;
    CHECK(p->depth == -sd.distance);
    CHECK(p->depth > 0);
    CHECK(p->p_WCa == X_WA * sd.p_ACa);
    CHECK(p->p_WCb == X_WB * sd.p_BCb);
    CHECK((p->p_WCb - p->p_WCa - p->depth * p->nhat_BA_W).norm() < 1e-9);
  }
  CHECK(penetrating > 50);
}

TEST_CASE("Results come back ordered by id", "[shape_pair_distance]") {
  const GeometryId first = GeometryId::get_new_id();
  const GeometryId second = GeometryId::get_new_id();
  const DistanceGeometry sphere = MakeDistanceGeometry(Sphere(0.5));
  const DistanceGeometry box = MakeDistanceGeometry(Box::MakeCube(1));
  // The box (id `first`) is A once reordered; the sphere sits 0.5 above
  // its top face: distance 0.5 − 0.5 = 0... use 0.75 above: 0.25.
  const RigidTransform X_WS(Vector3d(0, 0, 1.25));
  const SignedDistancePair r =
      ComputeSignedDistancePair(second, sphere, X_WS, first, box, RigidTransform());
  CHECK(r.id_A == first);
  CHECK(r.id_B == second);
  CHECK(r.distance == Approx(0.25));
  // n̂ from B (sphere) to A (box): down.
  CHECK((r.nhat_BA_W - Vector3d(0, 0, -1)).norm() < 1e-15);
  CHECK((r.p_ACa - Vector3d(0, 0, 0.5)).norm() < 1e-15);
  CHECK((r.p_BCb - Vector3d(0, 0, -0.5)).norm() < 1e-15);
  const auto p = ComputePenetration(second, sphere, RigidTransform(Vector3d(0, 0, 0.9)), first,
                                    box, RigidTransform());
  REQUIRE(p.has_value());
  CHECK(p->id_A == first);
  CHECK(p->depth == Approx(0.1));
  CHECK((p->p_WCa - Vector3d(0, 0, 0.5)).norm() < 1e-15);
  CHECK((p->p_WCb - Vector3d(0, 0, 0.4)).norm() < 1e-15);
}

TEST_CASE("Point queries in W", "[shape_pair_distance]") {
  const GeometryId id = GeometryId::get_new_id();
  const RigidTransform X_WG =
      RigidTransform::FromRollPitchYaw(Vector3d(0.3, 0.2, 0.1), Vector3d(1, -1, 2));
  // A box: 0.5 outside its +x face.
  const DistanceGeometry box = MakeDistanceGeometry(Box(2, 4, 6));
  SignedDistanceToPoint r = ComputeSignedDistanceToPoint(id, box, X_WG, X_WG * Vector3d(1.5, 0, 0));
  CHECK(r.id_G == id);
  CHECK(r.distance == Approx(0.5));
  CHECK((r.grad_W - X_WG.rotation().col(0)).norm() < 1e-15);
  CHECK((r.p_GN - Vector3d(1, 0, 0)).norm() < 1e-15);
  // A Convex cube: centre → depth 0.05, tie between faces.
  const DistanceGeometry hull = MakeDistanceGeometry(Convex(test::DataPath("box_0.1m.vtk")));
  r = ComputeSignedDistanceToPoint(id, hull, X_WG, X_WG.translation());
  CHECK(r.distance == Approx(-0.05));
  CHECK(!r.is_grad_W_unique);
  // Off-centre inside: 0.01 below the +z face.
  r = ComputeSignedDistanceToPoint(id, hull, X_WG, X_WG * Vector3d(0.01, 0.02, 0.04));
  CHECK(r.distance == Approx(-0.01));
  CHECK((r.grad_W - X_WG.rotation().col(2)).norm() < 1e-12);
  CHECK((r.p_GN - Vector3d(0.01, 0.02, 0.05)).norm() < 1e-12);
  CHECK(r.is_grad_W_unique);
  // Outside near a corner: (0.08, 0.09, 0.05) − (0.05, 0.05, 0.05) = (0.03, 0.04, 0).
  r = ComputeSignedDistanceToPoint(id, hull, X_WG, X_WG * Vector3d(0.08, 0.09, 0.05));
  CHECK(r.distance == Approx(0.05));
  // A mesh sphere (inscribed icosphere) seen from afar: nearly ‖Q‖ − r.
  const DistanceGeometry mesh = MakeDistanceGeometry(Mesh(test::DataPath("sphere_r0.05m.obj")));
  r = ComputeSignedDistanceToPoint(id, mesh, X_WG, X_WG * Vector3d(0, 0, 1));
  CHECK(r.distance == Approx(0.95).margin(0.005));
  // Every query invariant: p_WQ = X_WG·p_GN + φ·∇φ.
  const Vector3d p_WQ(0.3, 0.4, 1.0);
  for (const DistanceGeometry& g : AllGeometries()) {
    r = ComputeSignedDistanceToPoint(id, g, X_WG, p_WQ);
    CHECK((X_WG * r.p_GN + r.distance * r.grad_W - p_WQ).norm() < 1e-10);
  }
  CHECK_THROWS_WITH(ComputeSignedDistanceToPoint(id, box, X_WG, Vector3d(0, NAN, 0)),
                    Catch::Contains("not finite") && Catch::Contains(id.to_string()));
}

TEST_CASE("Torus against every shape: closed forms and the tessellation bound",
          "[shape_pair_distance]") {
  // Torus R = 2, r = 0.5 about W's z. The tessellated pairs are within the
  // sag r(1 − cos(π/48)) ≈ 1.1e-3 of the truth, from the outside (the
  // tessellation is inscribed: distances over-, depths underestimated).
  const double R = 2, r = 0.5;
  const double sag = r * (1 - std::cos(M_PI / 48));
  const Ids ids;
  const DistanceGeometry torus = MakeDistanceGeometry(Torus(R, r));
  const RigidTransform X_WT = RigidTransform::FromRollPitchYaw(Vector3d(0.2, 0, 0), Vector3d::Zero());
  // Sphere (exact): centre C at distance 0.8 from the tube's centre circle
  // (in the torus frame): φ = 0.8 − r − ρ.
  const double rho = 0.1;
  const Vector3d p_TC(0, R + 0.8 * std::cos(0.7), 0.8 * std::sin(0.7));
  const SignedDistancePair s =
      Distance(ids, torus, X_WT, MakeDistanceGeometry(Sphere(rho)), X_WT * RigidTransform(p_TC));
  CHECK(s.distance == Approx(0.8 - r - rho).epsilon(1e-12));
  CheckInvariant(s, X_WT, X_WT * RigidTransform(p_TC));
  // Half-space (exact): the plane z = −r − d under the torus; d < 0 overlaps.
  for (const double d : {0.1, -0.05}) {
    const SignedDistancePair h = Distance(ids, torus, RigidTransform(),
                                          MakeDistanceGeometry(HalfSpace()),
                                          RigidTransform(Vector3d(0, 0, -r - d)));
    CHECK(h.distance == Approx(d).epsilon(1e-12));
    CHECK((h.nhat_BA_W - Vector3d::UnitZ()).norm() < 1e-12);
  }
  // Box over the top of the tube (bottom face at z = r + 0.05): 0.05; the
  // tessellation holds the top circle's vertices, so only the ring's chords
  // (sag (R+r)(1−cos(π/m)), tiny) separate it from the truth.
  const DistanceGeometry box = MakeDistanceGeometry(Box(0.2, 0.2, 0.2));
  const SignedDistancePair b =
      Distance(ids, torus, RigidTransform(), box, RigidTransform(Vector3d(R, 0, r + 0.15)));
  CHECK(b.distance == Approx(0.05).margin(sag));
  CHECK(b.distance >= 0.05 - 1e-12);
  // A capsule down the hole, radius ρc > R − r, overlaps by ρc − (R − r).
  const DistanceGeometry capsule = MakeDistanceGeometry(Capsule(1.6, 4));
  const SignedDistancePair c = Distance(ids, torus, RigidTransform(), capsule, RigidTransform());
  CHECK(c.distance == Approx(-(1.6 - (R - r))).margin(sag));
  // Two tori linked like chain links: the second turned about x and moved
  // by R along x passes through the first's hole; they are apart by the
  // gap between the tubes, R − 2r at the closest (R = 2, r = 0.5: 1).
  const RigidTransform X_WU = RigidTransform::FromRollPitchYaw(Vector3d(M_PI / 2, 0, 0),
                                                              Vector3d(R, 0, 0));
  const SignedDistancePair t = Distance(ids, torus, RigidTransform(), torus, X_WU);
  CHECK(t.distance == Approx(R - 2 * r).margin(2 * sag));
  // Penetration agrees with the distance's sign.
  CHECK(ComputePenetration(ids.a, torus, RigidTransform(), ids.b, capsule, RigidTransform()));
  CHECK(!ComputePenetration(ids.a, torus, RigidTransform(), ids.b, box,
                            RigidTransform(Vector3d(R, 0, r + 0.15))));
}

// Issue 10, defect 1: convex distance near contact with curved shapes.
// Checks, per pair and in both argument orders: the signed distance φ
// (by hand), the witnesses on their surfaces (the point query on each, a
// different code path), and φ = g(n̂) with g(u) = −h_A(−u) − h_B(u) the
// support-function bound evaluated along the reported normal: moving A by
// −φ · n̂ makes the shapes just touch.
void CheckNearContact(const Shape& shape_A, const RigidTransform& X_WA, const Shape& shape_B,
                      const RigidTransform& X_WB, double expected, double tolerance) {
  const Ids ids;
  const DistanceGeometry A = MakeDistanceGeometry(shape_A);
  const DistanceGeometry B = MakeDistanceGeometry(shape_B);
  for (int order = 0; order < 2; ++order) {
    const bool swap = order == 1;
    const DistanceGeometry& first = swap ? B : A;
    const DistanceGeometry& second = swap ? A : B;
    const RigidTransform& X_W1 = swap ? X_WB : X_WA;
    const RigidTransform& X_W2 = swap ? X_WA : X_WB;
    const SignedDistancePair r = ComputeSignedDistancePair(ids.a, first, X_W1, ids.b, second, X_W2);
    INFO("order " << order);

    CHECK(r.distance == Approx(expected).margin(tolerance));
    CheckInvariant(r, X_W1, X_W2, 1e-12);
    const Vector3d p_WCa = X_W1 * r.p_ACa;
    const Vector3d p_WCb = X_W2 * r.p_BCb;
    CHECK(std::abs(ComputeSignedDistanceToPoint(ids.a, first, X_W1, p_WCa).distance) < tolerance);
    CHECK(std::abs(ComputeSignedDistanceToPoint(ids.b, second, X_W2, p_WCb).distance) < tolerance);
    // Translating the first geometry by −φ n̂ brings the pair to touching.
    const RigidTransform X_W1_moved(X_W1.rotation(), X_W1.translation() - r.distance * r.nhat_BA_W);
    const SignedDistancePair moved =
        ComputeSignedDistancePair(ids.a, first, X_W1_moved, ids.b, second, X_W2);
    CHECK(std::abs(moved.distance) < tolerance);
  }
}

TEST_CASE("Box–cylinder overlapping by 1e-9: the same sign in both orders", "[shape_pair_distance]") {
  // Cylinder r = 0.5, L = 1 lying on its side (axis along the rotated x)
  // on the unit box's top face z = 0.5: its lowest line is at
  // z_c − 0.5 = 0.5 − 1e-9, so φ = −1e-9 (a flat line contact).
  const RigidTransform X_WA;
  const RigidTransform X_WB =
      RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 2, 0.3), Vector3d(0.1, 0.2, 1 - 1e-9));
  CheckNearContact(Box(1, 1, 1), X_WA, Cylinder(0.5, 1), X_WB, -1e-9, 1e-11);
  {
    // A line lying flat on a face: the normal is the face's, −z from the
    // cylinder (B) to the box (A).
    const Ids ids;
    const SignedDistancePair r = ComputeSignedDistancePair(ids.a, MakeDistanceGeometry(Box(1, 1, 1)), X_WA, ids.b,
                                                           MakeDistanceGeometry(Cylinder(0.5, 1)), X_WB);
    CHECK((r.nhat_BA_W - Vector3d(0, 0, -1)).norm() < 1e-8);
  }
  // Tilted so its rim touches: the box rotated generally, the cylinder's
  // lowest point along the face normal n (a rim point, by hand:
  // (r·d_xy/‖d_xy‖, sign(d_z)·L/2) in the cylinder's frame for d = −n)
  // placed at `gap` above the face point (0.05, −0.02, 0.5) of the box.
  const RigidTransform X_WBox =
      RigidTransform::FromRollPitchYaw(Vector3d(0.2, -0.4, 0.7), Vector3d(0.3, -0.1, 0.2));
  const Vector3d n_W = X_WBox.rotation().col(2);
  const Eigen::Matrix3d R_WC =
      RigidTransform::FromRollPitchYaw(Vector3d(0.5, 0.3, -0.2), Vector3d::Zero()).rotation();
  const Vector3d d_C = R_WC.transpose() * -n_W;
  const double rho = std::hypot(d_C.x(), d_C.y());
  const Vector3d p_CLow(0.5 * d_C.x() / rho, 0.5 * d_C.y() / rho, d_C.z() > 0 ? 0.5 : -0.5);
  for (const double gap : {-7e-7, -1e-9, 1e-9, 7e-7}) {
    const Vector3d p_WC = X_WBox * Vector3d(0.05, -0.02, 0.5) + gap * n_W - R_WC * p_CLow;
    CheckNearContact(Box(1.5, 1, 1), X_WBox, Cylinder(0.5, 1), RigidTransform(R_WC, p_WC), gap,
                     1e-10);
  }
}

TEST_CASE("Identical cylinders at the same pose: depth 1, and moving by it separates",
          "[shape_pair_distance]") {
  // D = C − C is the cylinder of radius 2r = 1 and half length L = 1 about
  // the origin, so the depth is min(2r, L) = 1 (radial and axial tie).
  const RigidTransform X_W = RigidTransform::FromRollPitchYaw(Vector3d(0.1, 0.2, 0.3), Vector3d(1, 2, 3));
  CheckNearContact(Cylinder(0.5, 1), X_W, Cylinder(0.5, 1), X_W, -1.0, 1e-9);
  {
    // Every radial direction (and the axis) separates by 1: no unique normal.
    const Ids ids;
    const DistanceGeometry C = MakeDistanceGeometry(Cylinder(0.5, 1));
    CHECK_FALSE(ComputeSignedDistancePair(ids.a, C, X_W, ids.b, C, X_W).is_nhat_BA_W_unique);
  }
  // Radius 0.3, length 1: radial 0.6 beats axial 1.
  CheckNearContact(Cylinder(0.3, 1), X_W, Cylinder(0.3, 1), X_W, -0.6, 1e-9);
}

TEST_CASE("A cylinder nested in a capsule: witnesses on the surfaces", "[shape_pair_distance]") {
  // Cylinder r = 0.2, L = 0.4 on the axis of a capsule r = 0.5, L = 1: to
  // separate radially takes 0.5 + 0.2 = 0.7; axially the cylinder's bottom
  // rim (radius 0.2) must clear the cap, whose height there is
  // 0.5 + √(0.25 − 0.04) = 0.958, plus 0.2: 1.158. So φ = −0.7.
  const RigidTransform X_W = RigidTransform::FromRollPitchYaw(Vector3d(0.4, -0.3, 0.2), Vector3d(-1, 0, 2));
  CheckNearContact(Cylinder(0.2, 0.4), X_W, Capsule(0.5, 1), X_W, -0.7, 1e-9);
  // Off-centre by 0.05 across the axis: radial separation 0.7 − 0.05.
  const RigidTransform X_WC(X_W.rotation(), X_W * Vector3d(0.05, 0, 0.1));
  CheckNearContact(Cylinder(0.2, 0.4), X_WC, Capsule(0.5, 1), X_W, -0.65, 1e-9);
  {
    // Off-centre along the frame's x, the way out is along that x.
    const Ids ids;
    const SignedDistancePair r =
        ComputeSignedDistancePair(ids.a, MakeDistanceGeometry(Cylinder(0.2, 0.4)), X_WC, ids.b,
                                  MakeDistanceGeometry(Capsule(0.5, 1)), X_W);
    CHECK(std::abs(std::abs(r.nhat_BA_W.dot(X_W.rotation().col(0))) - 1) < 1e-9);
  }
}

// Issue 10: concrete cases of the adversarial sweep (tools/sweep, seed 1)
// that violated its invariants before the support function's kinks were
// polished exactly (support_kinks.h) and GJK's direction was certified:
// the sizes and poses as the sweep printed them (rotations column-major,
// carrying the 1e-16 round-off of its quarter turns).
enum SweepKind { kBox, kCylinder, kCapsule, kEllipsoid, kConvex };

struct SweepSolid {
  SweepKind kind;
  Vector3d size;  // Box, ellipsoid: half sizes; cylinder, capsule: (r, r, half length).
  double scale;   // Convex: the scale of the file.
  std::array<double, 9> R;
  Vector3d p;
  RigidTransform pose() const {
    return RigidTransform(Eigen::Map<const Eigen::Matrix3d>(R.data()), p);
  }
};

// The sweep's hull: an icosahedron stretched by (0.5, 0.35, 0.3), its
// first vertex pulled out by 1.3.
std::vector<Vector3d> SweepHullPoints() {
  const double t = (1 + std::sqrt(5.0)) / 2;
  std::vector<Vector3d> v{{-1, t, 0}, {1, t, 0},  {-1, -t, 0}, {1, -t, 0},
                          {0, -1, t}, {0, 1, t},  {0, -1, -t}, {0, 1, -t},
                          {t, 0, -1}, {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  for (auto& q : v) q = Vector3d(0.5 * q.x(), 0.35 * q.y(), 0.3 * q.z());
  v[0] *= 1.3;
  return v;
}

// Named after the process: another build's suite may run meanwhile.
std::filesystem::path SweepHullPath() {
  return std::filesystem::temp_directory_path() /
         fmt::format("shape_pair_distance_sweep_hull_{}.obj", static_cast<long>(::getpid()));
}

Shape SweepShape(const SweepSolid& s) {
  switch (s.kind) {
    case kBox: return Box(2 * s.size.x(), 2 * s.size.y(), 2 * s.size.z());
    case kCylinder: return Cylinder(s.size.x(), 2 * s.size.z());
    case kCapsule: return Capsule(s.size.x(), 2 * s.size.z());
    case kEllipsoid: return Ellipsoid(s.size.x(), s.size.y(), s.size.z());
    default: {
      // The icosahedron's faces (the library takes the hull of the points).
      const int f[20][3] = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                            {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                            {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                            {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
      const std::filesystem::path path = SweepHullPath();
      std::ofstream out(path);
      for (const Vector3d& q : SweepHullPoints()) {
        out << fmt::format("v {:.17g} {:.17g} {:.17g}\n", q.x(), q.y(), q.z());
      }
      for (const auto& t : f) out << fmt::format("f {} {} {}\n", t[0] + 1, t[1] + 1, t[2] + 1);
      out.close();
      return Convex(path, s.scale);
    }
  }
}

// h_G(u) = max over the solid of u · p_W, by hand (independent of the
// library's support mappings).
double SweepSupportValue(const SweepSolid& s, const Vector3d& u_W) {
  const RigidTransform X = s.pose();
  const Vector3d d = X.rotation().transpose() * u_W;
  const Vector3d& h = s.size;
  double value = 0;
  switch (s.kind) {
    case kBox: value = h.cwiseProduct(d).cwiseAbs().sum(); break;
    case kCylinder: value = h.x() * std::hypot(d.x(), d.y()) + h.z() * std::abs(d.z()); break;
    case kCapsule: value = h.x() * d.norm() + h.z() * std::abs(d.z()); break;
    case kEllipsoid: value = h.cwiseProduct(d).norm(); break;
    default:
      value = -INFINITY;
      for (const Vector3d& q : SweepHullPoints()) value = std::max(value, s.scale * d.dot(q));
  }
  return value + u_W.dot(X.translation());
}

struct SweepCase {
  SweepSolid a, b;
  // The gap the sweep built, as a fraction of the size (NaN: none).
  double gap;
};

constexpr double kNoClosedForm = std::numeric_limits<double>::quiet_NaN();

TEST_CASE("Sweep regressions: support bound, witnesses, swap symmetry, closed forms",
          "[shape_pair_distance]") {
  const std::vector<SweepCase> cases = {
    // box-ellipsoid, mode 1: was "phi below the support bound g =".
    {{kBox, {7.4286532287536178e-05, 6.2972624957879616e-05, 3.7148682623244799e-05}, 9.9973567675342958e-05, {-1, 0, -1.2246467991473532e-16, 0, 1, 0, 1.2246467991473532e-16, 0, -1}, {2.3086848723829337e-05, 4.9803577714975756e-05, 1.0173105279498116e-05}},
     {kEllipsoid, {6.449850872277806e-05, 3.0759355503751831e-05, 3.3426446772349566e-05}, 9.9973567675342958e-05, {2.2204460492503131e-16, 1, 0, -2.2204460492503131e-16, 0, 1, 1, -2.2204460492503131e-16, 2.2204460492503131e-16}, {-9.4623487103590717e-05, 4.9803577714975756e-05, 1.0173105279498101e-05}},
     0.1},
    // box-cylinder, mode 1: was "phi below the support bound g =".
    {{kBox, {7.0091260142249637e-05, 6.2098028162247884e-05, 8.8078306231411275e-05}, 0.00011088788861092059, {1, -1.2246467991473532e-16, -1.2246467991473532e-16, -1.2246467991473532e-16, -1, 0, -1.2246467991473532e-16, 1.4997597826618576e-32, -1}, {-3.3729778665491164e-05, 5.2654228333461318e-05, -3.4047410597985477e-05}},
     {kCylinder, {8.4409546833599775e-05, 8.4409546833599775e-05, 9.6930971920066247e-05}, 0.00011088788861092059, {1, -1.2246467991473532e-16, -1.2246467991473532e-16, 1.2246467991473532e-16, 1, -1.2246467991473532e-16, 1.2246467991473532e-16, 1.2246467991473532e-16, 1}, {0.00013185981717145031, 5.2654228333461297e-05, -3.4047410597985497e-05}},
     0.1},
    // cylinder-capsule, mode 1: was "asymmetric phi".
    {{kCylinder, {3.0672723878405188, 3.0672723878405188, 6.1134475727414941}, 6.3508018933186685, {-2.2204460492503131e-16, 5.5511151231257827e-17, -1, 1, 1.1102230246251565e-16, -2.2204460492503131e-16, 5.5511151231257827e-17, -1, 0}, {1.5465103191348375, 1.4799878837739653, 0.31365244618402516}},
     {kCapsule, {3.4029081602740754, 3.4029081602740754, 5.1339351221911675}, 6.3508018933186685, {-2.2204460492503131e-16, -1, 0, 1, -2.2204460492503131e-16, 0, 0, 0, 1}, {8.0166908672494337, 1.479987883773966, 0.31365244618402371}},
     0},
    // cylinder-capsule, mode 1: was "asymmetric phi".
    {{kCylinder, {0.80511409216247665, 0.80511409216247665, 0.43065027639861092}, 0.97285718834010826, {2.2204460492503131e-16, 1.5700924586837749e-16, 0.99999999999999978, 3.1401849173675498e-16, 1, -1.5700924586837749e-16, -0.99999999999999978, 3.1401849173675498e-16, 2.2204460492503131e-16}, {-0.18853375010306084, 0.44854914615650882, -0.42035618626215487}},
     {kCapsule, {0.62104899370407729, 0.62104899370407729, 0.60047915220923476}, 0.97285718834010826, {3.3306690738754696e-16, 0, 0.99999999999999989, -0.99999999999999989, 4.4408920985006262e-16, 1.6653345369377348e-16, -3.3306690738754696e-16, -0.99999999999999978, 1.1102230246251565e-16}, {-0.18853375010306114, 0.44854914615650859, -1.8465192721296804}},
     1e-12},
    // cylinder-cylinder, mode 1: was "asymmetric normal".
    {{kCylinder, {443.01138470734224, 443.01138470734224, 335.03605848591536}, 752.69338977443545, {2.2204460492503131e-16, 1, 0, 2.2204460492503131e-16, 0, -1, -1, 2.2204460492503131e-16, -2.2204460492503131e-16}, {-47.906655835159967, 303.02183236659533, -84.892193351472557}},
     {kCylinder, {455.16422330266101, 455.16422330266101, 483.74019731351137}, 752.69338977443545, {2.2204460492503131e-16, 1, 0, -2.2204460492503131e-16, 0, 1, 1, -2.2204460492503131e-16, 2.2204460492503131e-16}, {-47.906655835160166, 303.02183236659533, 813.28341390583728}},
     -1e-9},
    // convex-cylinder, mode 1: was "witness off its surface by".
    {{kConvex, {1, 1, 1}, 2240.9688156451989, {-2.2204460492503131e-16, 0, 1, -1.2246467991473532e-16, -1, -2.4651903288156619e-32, 1, -1.2246467991473532e-16, 2.2204460492503131e-16}, {-478.99832898544162, 563.1888281038855, 1010.5901309262383}},
     {kCylinder, {2116.030773295312, 2116.030773295312, 720.85571790900053}, 2240.9688156451989, {2.2204460492503131e-16, -1.5700924586837749e-16, 0.99999999999999978, -3.1401849173675498e-16, -0.99999999999999956, -1.5700924586837749e-16, 0.99999999999999978, -3.1401849173675498e-16, 2.2204460492503131e-16}, {-478.99832898544247, 563.1888281038855, 4939.6027599405734}},
     -1e-12},
    // convex-cylinder, mode 1: was "witness off its surface by".
    {{kConvex, {1, 1, 1}, 45.470148384142966, {-2.2204460492503131e-16, 0, 1, -1, 2.2204460492503131e-16, -2.2204460492503131e-16, -2.2204460492503131e-16, -1, 0}, {20.141207455378158, -16.570129523145983, 14.018766477522608}},
     {kCylinder, {21.725564871115544, 21.725564871115544, 29.940077253972021}, 45.470148384142966, {2.2204460492503131e-16, 1, -1.2246467991473532e-16, -1, 2.2204460492503131e-16, -1.224646799147353e-16, -1.2246467991473527e-16, 1.2246467991473535e-16, 1}, {-35.05972914505714, -16.570129523145972, 14.018766477522595}},
     -1e-12},
    // convex-ellipsoid, mode 1: was "witness off its surface by".
    {{kConvex, {1, 1, 1}, 30.421558938490527, {-2.2204460492503131e-16, -1, -1.2246467991473532e-16, -1, 2.2204460492503131e-16, 0, 2.4651903288156619e-32, 1.2246467991473532e-16, -1}, {-5.1099980152851971, 14.000999916124449, 0.97132434882416707}},
     {kEllipsoid, {22.292500975988478, 25.959181928410686, 16.130506632856708}, 30.421558938490527, {3.3306690738754696e-16, 0, 0.99999999999999989, -0.99999999999999989, 4.4408920985006262e-16, 1.6653345369377348e-16, -3.3306690738754696e-16, -0.99999999999999978, 1.1102230246251565e-16}, {-5.109998015285206, -26.741064893380603, 0.97132434882416208}},
     1e-12},
    // cylinder-capsule, mode 1: was "asymmetric phi".
    {{kCylinder, {8.6065259893094889e-05, 8.6065259893094889e-05, 0.00020377000481634343}, 0.00021605637314808058, {2.2204460492503131e-16, 1.5700924586837749e-16, -0.99999999999999978, 0, -0.99999999999999956, -1.5700924586837749e-16, -0.99999999999999978, 0, 2.2204460492503131e-16}, {-6.7598432865909001e-06, 3.9787715235540909e-05, -2.0651513440763676e-05}},
     {kCapsule, {0.00019319149759925718, 0.00019319149759925718, 0.00021578917815499597}, 0.00021605637314808058, {0, 2.2204460492503131e-16, 1, 1, -2.2204460492503131e-16, 0, 2.2204460492503131e-16, 1, -2.2204460492503131e-16}, {-6.7598432865909619e-06, 3.9787715235540868e-05, 0.00025860524405137229}},
     -1e-12},
    // cylinder-capsule, mode 1: was "phi below the support bound g = -".
    {{kCylinder, {7.9542968589677907e-06, 7.9542968589677907e-06, 9.4478240646112957e-06}, 1.9452747080509289e-05, {-2.2204460492503131e-16, 0, 1, 1, -2.2204460492503131e-16, 2.2204460492503131e-16, 2.2204460492503131e-16, 1, 0}, {5.6702886765925933e-06, 6.9717785816279555e-06, 7.7452877599475194e-06}},
     {kCapsule, {1.9177505247464854e-05, 1.9177505247464854e-05, 1.0966238610791802e-05}, 1.9452747080509289e-05, {-2.2204460492503131e-16, -1, 0, 1, -2.2204460492503131e-16, 0, 0, 0, 1}, {3.2802090763572495e-05, 6.9717785816279496e-06, 7.7452877599475262e-06}},
     -1e-9},
    // convex-ellipsoid, mode 1: was "asymmetric normal".
    {{kConvex, {1, 1, 1}, 0.078843176960044101, {1, -1.224646799147353e-16, -1.2246467991473532e-16, 1.2246467991473535e-16, 2.2204460492503131e-16, 1, -1.2246467991473527e-16, -1, 2.2204460492503131e-16}, {-0.023035106769433853, 0.033502942722456505, 0.038447022779020276}},
     {kEllipsoid, {0.052386987522383889, 0.028177521065731851, 0.070361918904954343}, 0.078843176960044101, {1, 0, 0, 0, -1, 1.2246467991473532e-16, 0, -1.2246467991473532e-16, -1}, {-0.023035106769433867, 0.033502942722456477, -0.076564725240608131}},
     1e-9},
    // ellipsoid-box, mode 0: was "witness off its surface by".
    {{kEllipsoid, {723.37901727856604, 626.9583164932161, 677.2885573871954}, 805.61914497543933, {0.18561265332053922, 0.98178382777781947, 0.040601212312469513, -0.97305892564191332, 0.17789818095886623, 0.14665798457681048, 0.13676355565688833, -0.066728949680475325, 0.98835367005876285}, {381.27757156927839, 343.08954448615594, -112.87062590814141}},
     {kBox, {749.68882554128061, 515.05893162909524, 563.23094437719169}, 805.61914497543933, {-0.085109731804680955, -0.45890285224541083, 0.88440064775709115, 0.54611891784563538, -0.76389881878916133, -0.34382077049479826, 0.83337294239928861, 0.45372543112939051, 0.31563075265759699}, {766.63919061182128, -985.19670499761833, 610.88740748194368}},
     kNoClosedForm},
    // convex-ellipsoid, mode 4: was "witness off its surface by".
    {{kConvex, {1, 1, 1}, 401.72364588521117, {0.90057132814351371, 0.36042368681104209, 0.24303507753277814, 0.39733031353574422, -0.45567088620362828, -0.79655047888504005, -0.17635165117291873, 0.81391572625913511, -0.55357139167107383}, {-198.7466878917152, -198.81124445953213, 58.796212412276866}},
     {kEllipsoid, {280.76194354981419, 389.63370729694276, 0.21915754766261547}, 401.72364588521117, {-0.095145099465967276, 0.19748972525714076, -0.9756768002086913, -0.90244826294439395, -0.43079749840687542, 0.00080503107046142608, -0.42016013941859992, 0.88057442830475008, 0.21921253034328425}, {-620.51487768483162, -545.03576584750635, -324.98901771956844}},
     kNoClosedForm},
    // cylinder-convex, mode 5: was "asymmetric normal".
    {{kCylinder, {6333.712088393142, 6333.712088393142, 2357.6661538597423}, 6629.9260115470061, {0.64708615055269492, 0.62623108108600944, -0.43487256391354789, -0.1132035413181452, 0.64298156321148814, 0.75746925191927228, 0.75396582946173762, -0.44091874812935639, 0.48695604067730303}, {-1696.5579336280691, -2076.6729616358061, -2873.0329820757806}},
     {kConvex, {1, 1, 1}, 6629.9260115470061, {-0.33151988769762375, 0.93381677757917969, -0.13446482801309628, -0.21629388710543268, -0.21395675262651337, -0.95259616963660909, -0.91831994340849277, -0.28672065484919929, 0.27290977926976012}, {-9139.5236792190753, -863.42113225886533, 4511.3007267094226}},
     kNoClosedForm},

  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const SweepCase& c = cases[i];
    INFO("case " << i);
    const double size = c.a.scale;
    const double tolerance = 1e-9 * size;  // The documented accuracy.
    const DistanceGeometry A = MakeDistanceGeometry(SweepShape(c.a));
    const DistanceGeometry B = MakeDistanceGeometry(SweepShape(c.b));
    const RigidTransform X_WA = c.a.pose(), X_WB = c.b.pose();
    const Ids ids;
    const SignedDistancePair r = Distance(ids, A, X_WA, B, X_WB);
    const SignedDistancePair s = Distance(ids, B, X_WB, A, X_WA);
    CheckInvariant(r, X_WA, X_WB, tolerance);
    CheckInvariant(s, X_WB, X_WA, tolerance);
    // Swapping A and B: the same distance, opposite normals (each within
    // the documented 4e-6 rad of the truth).
    CHECK(std::abs(r.distance - s.distance) <= tolerance);
    CHECK((r.nhat_BA_W + s.nhat_BA_W).norm() <= 8e-6);
    // φ = max over unit u of g(u) = −h_A(−u) − h_B(u): every g(u) is at
    // most φ, and the reported normal attains it.
    auto g = [&](const Vector3d& u) {
      return -SweepSupportValue(c.a, -u) - SweepSupportValue(c.b, u);
    };
    CHECK(std::abs(g(r.nhat_BA_W) - r.distance) <= tolerance);
    std::mt19937 rng(static_cast<unsigned>(i));
    std::normal_distribution<double> normal;
    for (int k = 0; k < 200; ++k) {
      // Directions near the normal (where a short φ would show) and
      // anywhere.
      const Vector3d random(normal(rng), normal(rng), normal(rng));
      const double spread = k < 100 ? 1e-6 * (k + 1) : 10.0;
      const Vector3d u = (r.nhat_BA_W + spread * random).normalized();
      CHECK(g(u) <= r.distance + tolerance);
    }
    // The witnesses on their surfaces (the point query, another path).
    const Vector3d p_WCa = X_WA * r.p_ACa, p_WCb = X_WB * r.p_BCb;
    CHECK(std::abs(ComputeSignedDistanceToPoint(ids.a, A, X_WA, p_WCa).distance) <= 1e-6 * size);
    CHECK(std::abs(ComputeSignedDistanceToPoint(ids.b, B, X_WB, p_WCb).distance) <= 1e-6 * size);
    if (!std::isnan(c.gap)) {
      // Quarter turns, B moved from A's centre straight along an axis u
      // until its lowest point along u is `gap` above A's highest: the
      // extreme features along ±u (faces, caps, sides, a hull edge) both
      // contain the points on the line of the centres, so φ = gap · size
      // and the normal from B toward A is along that line.
      CHECK(r.distance == Approx(c.gap * size).margin(tolerance));
      const Vector3d n_expected = (X_WA.translation() - X_WB.translation()).normalized();
      CHECK((r.nhat_BA_W - n_expected).norm() < 1e-9);
    }
  }
  std::error_code ignored;
  std::filesystem::remove(SweepHullPath(), ignored);
}

}  // namespace
}  // namespace hydrocontact
