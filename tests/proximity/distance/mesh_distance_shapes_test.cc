#include "proximity/distance/mesh_distance_shapes.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include <catch2/catch.hpp>

#include "tests/mesh/split_triangles.h"
#include "tests/proximity/distance/mesh_distance_test_shapes.h"
#include "tests/proximity/test_executors.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::AngleAxisd;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using test::AnalyticBoxSignedDistance;
using test::BruteForceDistance;
using test::MakeBoxMesh;
using test::MakeLMesh;
using test::MakeTorusMesh;
using test::ReverseExecutor;
using test::Subdivided;
using test::ThreadsExecutor;
using test::WindingNumber;

// ‖Ca − Cb‖ = |distance|, the invariant Ca − Cb = distance·n̂ when the
// normal is unique, Ca on A's surface, n̂ a unit vector.
void CheckMeshShapeWitnesses(const MeshSignedDistance& r, const MeshDistanceData& A, double tol = 1e-10) {
  CHECK(r.nhat_BA_A.norm() == Approx(1.0).epsilon(1e-12));
  CHECK((r.p_ACa - r.p_ACb_A).norm() == Approx(std::abs(r.distance)).margin(tol));
  if (r.is_nhat_unique) CHECK((r.p_ACa - r.p_ACb_A - r.distance * r.nhat_BA_A).norm() < tol);
  CHECK(std::abs(CalcMeshPointDistance(A, r.p_ACa).distance) < tol);
}

TEST_CASE("Sphere vs box mesh: φ_box(centre) − r at random centres") {
  const Vector3d h(1, 0.5, 0.75);
  const MeshDistanceData A = MakeMeshDistanceData(MakeBoxMesh(h));
  const Sphere sphere(0.3);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int i = 0; i < 1000; ++i) {
    const Vector3d c(u(rng), u(rng), u(rng));
    const RigidTransform X_AB = RigidTransform::FromRollPitchYaw({u(rng), u(rng), u(rng)}, c);
    const auto r = CalcMeshShapeSignedDistance(A, sphere, X_AB);
    CHECK(r.distance == Approx(AnalyticBoxSignedDistance(h, c) - 0.3).margin(1e-12));
    // Cb is on the sphere.
    CHECK((r.p_ACb_A - c).norm() == Approx(0.3).margin(1e-12));
    CheckMeshShapeWitnesses(r, A);
  }
}

TEST_CASE("Sphere vs the L: the true distance in the notch, sign by winding number") {
  const TriangleSurfaceMesh mesh = MakeLMesh();
  const MeshDistanceData A = MakeMeshDistanceData(mesh);
  // In the notch at (1.2, 1.4, 0.5): the wall x = 1 is 0.2 away.
  auto r = CalcMeshShapeSignedDistance(A, Sphere(0.05), RigidTransform(Vector3d(1.2, 1.4, 0.5)));
  CHECK(r.distance == Approx(0.15).epsilon(1e-13));
  CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-13);
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> u(-0.5, 2.5);
  for (int i = 0; i < 300; ++i) {
    const Vector3d c(u(rng), u(rng), u(rng) * 0.6);
    r = CalcMeshShapeSignedDistance(A, Sphere(0.1), RigidTransform(c));
    const double unsigned_phi = BruteForceDistance(mesh, c);
    if (unsigned_phi < 1e-6) continue;
    const double sign = std::round(WindingNumber(mesh, c)) == 1 ? -1 : 1;
    CHECK(r.distance == Approx(sign * unsigned_phi - 0.1).margin(1e-12));
  }
}

TEST_CASE("Capsule vs box mesh: apart, lying in a face, crossing an edge") {
  const Vector3d h(1, 1, 1);
  const MeshDistanceData A = MakeMeshDistanceData(MakeBoxMesh(h));
  const Capsule capsule(0.1, 0.8);
  // Standing on the top face with a gap g: the lower cap is at z = 1 + g.
  const double g = 0.05;
  auto r = CalcMeshShapeSignedDistance(A, capsule, RigidTransform(Vector3d(0.2, 0.3, 1.5 + g)));
  CHECK(r.distance == Approx(g).epsilon(1e-13));
  CHECK((r.nhat_BA_A - Vector3d(0, 0, -1)).norm() < 1e-13);
  CheckMeshShapeWitnesses(r, A);
  // Lying along x, pressed into the top face by d: EPA (the box is convex)
  // gives d, normal −z.
  const double d = 0.03;
  const RigidTransform lying = RigidTransform::FromRollPitchYaw({0, M_PI / 2, 0},
                                                                 Vector3d(0.1, 0.2, 1.1 - d));
  r = CalcMeshShapeSignedDistance(A, capsule, lying);
  CHECK(r.distance == Approx(-d).epsilon(1e-9));
  CHECK((r.nhat_BA_A - Vector3d(0, 0, -1)).norm() < 1e-9);
  CheckMeshShapeWitnesses(r, A, 1e-9);
  // Near-touching sweep through zero: the distance is the gap exactly.
  for (int i = -10; i <= 10; ++i) {
    const double gap = 1e-4 * i / 10;
    r = CalcMeshShapeSignedDistance(
        A, capsule, RigidTransform::FromRollPitchYaw({0, M_PI / 2, 0}, Vector3d(0, 0, 1.1 + gap)));
    CHECK(r.distance == Approx(gap).margin(1e-9));
  }
}

TEST_CASE("Capsule vs the L: crossing the notch wall uses the deepest axis point") {
  const MeshDistanceData A = MakeMeshDistanceData(MakeLMesh());
  REQUIRE_FALSE(A.is_convex);
  // Along x at y = 0.5, z = 0.5 from x = 1.5 to 2.5 (axis length 1 centred
  // at x = 2): the axis inside the bar has depth min(2 − x, 0.5) → at most
  // 0.5 at x = 1.5: φ = −0.5 − r.
  const Capsule capsule(0.1, 1.0);
  const RigidTransform X_AB =
      RigidTransform::FromRollPitchYaw({0, M_PI / 2, 0}, Vector3d(2.0, 0.5, 0.5));
  auto r = CalcMeshShapeSignedDistance(A, capsule, X_AB);
  CHECK(r.distance == Approx(-0.5 - 0.1).epsilon(1e-11));
  CheckMeshShapeWitnesses(r, A);
  // In the notch, parallel to z, 0.25 from the wall x = 1: apart by 0.15.
  r = CalcMeshShapeSignedDistance(A, capsule, RigidTransform(Vector3d(1.25, 1.6, 0.5)));
  CHECK(r.distance == Approx(0.15).epsilon(1e-13));
  CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-13);
}

TEST_CASE("Half-space vs meshes: the lowest vertex, closed form") {
  // A box rotated by R with centre at height zc above the plane z = 0 of B
  // (B = A's frame here, X_AB identity after moving the box): its lowest
  // vertex is zc − Σⱼ |R₂ⱼ| hⱼ.
  const Vector3d h(0.5, 0.25, 0.1);
  const Matrix3d R = AngleAxisd(0.4, Vector3d(1, 2, -1).normalized()).toRotationMatrix();
  for (double zc : {0.6, 0.2, 0.0, -0.3}) {
    const MeshDistanceData A = MakeMeshDistanceData(
        test::Transformed(MakeBoxMesh(h), R, Vector3d(0.3, -0.2, zc)));
    const auto r = CalcMeshShapeSignedDistance(A, HalfSpace(), RigidTransform());
    const double expected = zc - R.row(2).cwiseAbs().dot(h);
    CHECK(r.distance == Approx(expected).margin(1e-14));
    CHECK(r.nhat_BA_A == Vector3d(0, 0, 1));
    CHECK(r.p_ACb_A.z() == Approx(0.0).margin(1e-15));
    CHECK((r.p_ACa - r.p_ACb_A - r.distance * r.nhat_BA_A).norm() < 1e-14);
  }
  // The L under random poses of the plane vs brute force over its vertices.
  const TriangleSurfaceMesh lmesh = MakeLMesh();
  const MeshDistanceData L = MakeMeshDistanceData(lmesh);
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int i = 0; i < 200; ++i) {
    const RigidTransform X_AB =
        RigidTransform::FromRollPitchYaw({u(rng), u(rng), u(rng)}, Vector3d(u(rng), u(rng), u(rng)));
    const Vector3d n = X_AB.rotation().col(2);
    double lowest = std::numeric_limits<double>::infinity();
    for (const auto& v : lmesh.vertices()) lowest = std::min(lowest, n.dot(v - X_AB.translation()));
    const auto r = CalcMeshShapeSignedDistance(L, HalfSpace(), X_AB);
    CHECK(r.distance == Approx(lowest).margin(1e-13));
  }
}

TEST_CASE("Box, cylinder, ellipsoid vs a convex box mesh (GJK/EPA)") {
  const MeshDistanceData A = MakeMeshDistanceData(MakeBoxMesh({1, 1, 1}));
  REQUIRE(A.is_convex);
  const double g = 0.07;
  // Each shape above the top face z = 1 with its lowest point at 1 + g.
  auto r = CalcMeshShapeSignedDistance(A, Box(0.4, 0.2, 0.6), RigidTransform(Vector3d(0.1, 0, 1.3 + g)));
  CHECK(r.distance == Approx(g).epsilon(1e-9));
  CHECK((r.nhat_BA_A - Vector3d(0, 0, -1)).norm() < 1e-9);
  r = CalcMeshShapeSignedDistance(A, Cylinder(0.3, 0.5), RigidTransform(Vector3d(0.2, 0.1, 1.25 + g)));
  CHECK(r.distance == Approx(g).epsilon(1e-9));
  r = CalcMeshShapeSignedDistance(A, Ellipsoid(0.3, 0.2, 0.4), RigidTransform(Vector3d(0, 0.3, 1.4 + g)));
  CHECK(r.distance == Approx(g).epsilon(1e-9));
  // Pressed in by d: −d.
  const double d = 0.02;
  r = CalcMeshShapeSignedDistance(A, Ellipsoid(0.3, 0.2, 0.4), RigidTransform(Vector3d(0, 0.3, 1.4 - d)));
  CHECK(r.distance == Approx(-d).epsilon(1e-8));
  CHECK((r.nhat_BA_A - Vector3d(0, 0, -1)).norm() < 1e-6);
  CheckMeshShapeWitnesses(r, A, 1e-8);
}

TEST_CASE("Box, cylinder, ellipsoid vs the non-convex L") {
  const MeshDistanceData L = MakeMeshDistanceData(MakeLMesh());
  const MeshDistanceData box_mesh = MakeMeshDistanceData(MakeBoxMesh({0.2, 0.15, 0.1}));
  SECTION("apart: a rotated box agrees with the mesh-mesh answer on its 12-triangle mesh") {
    std::mt19937 rng(4);
    std::uniform_real_distribution<double> u(-1, 1);
    int checked = 0;
    for (int i = 0; i < 100; ++i) {
      const RigidTransform X_AB = RigidTransform::FromRollPitchYaw(
          {3 * u(rng), 3 * u(rng), 3 * u(rng)}, Vector3d(1, 1, 0.5) + 1.8 * Vector3d(u(rng), u(rng), u(rng)));
      const auto mesh_answer = CalcMeshMeshSignedDistance(L, box_mesh, X_AB);
      if (mesh_answer.distance <= 1e-6) continue;
      ++checked;
      const auto r = CalcMeshShapeSignedDistance(L, Box(0.4, 0.3, 0.2), X_AB);
      CHECK(r.distance == Approx(mesh_answer.distance).margin(1e-9));
      CheckMeshShapeWitnesses(r, L, 1e-9);
    }
    CHECK(checked > 30);
  }
  SECTION("in the notch: a vertical cylinder 0.5 from both inner walls") {
    // Axis at (1.5, 1.5): walls x = 1 and y = 1 are 0.5 from it.
    const auto r = CalcMeshShapeSignedDistance(L, Cylinder(0.3, 0.5), RigidTransform(Vector3d(1.5, 1.5, 0.5)));
    CHECK(r.distance == Approx(0.2).epsilon(1e-9));
  }
  SECTION("pressed into the top face: the shape's lowest point is d deep") {
    const double d = 0.04;
    auto r = CalcMeshShapeSignedDistance(L, Ellipsoid(0.3, 0.2, 0.25), RigidTransform(Vector3d(0.5, 0.5, 1.25 - d)));
    CHECK(r.distance == Approx(-d).epsilon(1e-12));
    CHECK((r.nhat_BA_A - Vector3d(0, 0, -1)).norm() < 1e-12);
    CheckMeshShapeWitnesses(r, L);
    // A cylinder on its side (axis along x): its lowest rim line.
    r = CalcMeshShapeSignedDistance(
        L, Cylinder(0.2, 0.6), RigidTransform::FromRollPitchYaw({0, M_PI / 2, 0}, Vector3d(0.5, 0.4, 1.2 - d)));
    CHECK(r.distance == Approx(-d).epsilon(1e-12));
    CheckMeshShapeWitnesses(r, L);
    // A box with a corner down: the corner is d deep.
    const Matrix3d R = Eigen::Quaterniond::FromTwoVectors(Vector3d(-1, -1, -1), Vector3d(0, 0, -1))
                           .toRotationMatrix();
    const Vector3d half(0.1, 0.1, 0.1);
    r = CalcMeshShapeSignedDistance(L, Box(0.2, 0.2, 0.2),
                                    RigidTransform(R, Vector3d(0.5, 0.5, 1 - d + half.norm())));
    CHECK(r.distance == Approx(-d).epsilon(1e-12));
    CheckMeshShapeWitnesses(r, L);
  }
  SECTION("the L's convex edge into a box's face: the L's skeleton is inside") {
    // The box (half 0.2, 0.15, 0.1) with its face x = −0.2 at x = 2 − d
    // swallowing the L's edge x = 2, z = 1 and nothing else: the edge
    // points are d from that face and farther from the others.
    const double d = 0.03;
    const auto r = CalcMeshShapeSignedDistance(L, Box(0.4, 0.3, 0.2),
                                               RigidTransform(Vector3d(2.2 - d, 0.5, 1.0)));
    CHECK(r.distance == Approx(-d).epsilon(1e-9));
    CheckMeshShapeWitnesses(r, L, 1e-9);
  }
  SECTION("buried: an ellipsoid wholly inside the L's bar") {
    // Semi-axes (0.1, 0.15, 0.2) at (1.5, 0.5, 0.5): 0.3 from the caps,
    // 0.35 from the walls y = 0 and y = 1, 0.4 from x = 2. The faces within
    // the gap (0.3) of its box are the caps'; its extreme points toward
    // them, (1.5, 0.5, 0.3) and (1.5, 0.5, 0.7), are 0.3 deep: −0.3, with
    // the normal along ±z.
    const auto r = CalcMeshShapeSignedDistance(L, Ellipsoid(0.1, 0.15, 0.2),
                                               RigidTransform(Vector3d(1.5, 0.5, 0.5)));
    CHECK(r.distance == Approx(-0.3).epsilon(1e-12));
    CHECK(std::abs(r.nhat_BA_A.z()) == Approx(1.0).epsilon(1e-12));
    CheckMeshShapeWitnesses(r, L);
    // Apart from the bar instead (above it): positive.
    CHECK(CalcMeshShapeSignedDistance(L, Ellipsoid(0.1, 0.15, 0.2),
                                      RigidTransform(Vector3d(1.5, 0.5, 1.5)))
              .distance == Approx(0.3).epsilon(1e-9));
  }
  SECTION("sweeping an ellipsoid down through the top face: continuous, equal to the gap") {
    for (int i = 10; i >= -10; --i) {
      const double gap = 1e-3 * i / 10;
      const auto r = CalcMeshShapeSignedDistance(L, Ellipsoid(0.3, 0.2, 0.25),
                                                 RigidTransform(Vector3d(0.5, 0.5, 1.25 + gap)));
      CHECK(r.distance == Approx(gap).margin(1e-9));
    }
  }
}

bool Identical(const MeshSignedDistance& a, const MeshSignedDistance& b) {
  return std::memcmp(&a.distance, &b.distance, sizeof(double)) == 0 && a.p_ACa == b.p_ACa &&
         a.p_ACb_A == b.p_ACb_A && a.nhat_BA_A == b.nhat_BA_A && a.is_nhat_unique == b.is_nhat_unique;
}

TEST_CASE("Box vs a flat face, every point of it equally deep: the smallest point, split or not") {
  // The L subdivided 4 times (20·4⁴ = 5,120 triangles, enough to split),
  // its coordinates multiples of 1/16 (exact). The box B, half sizes
  // (3, 3, 0.5) centred at (1, 1, 1.25), spans z ∈ [0.75, 1.75] and
  // x, y ∈ [−2, 4]: the L's whole top face z = 1 is inside B, 0.25 from B's
  // bottom face and ≥ 0.75 from the others, and nothing of the L is deeper
  // (a point at height z < 1 is z − 0.75 deep). Every top-face vertex and
  // edge point ties at depth 0.25 (exactly: z − 1.25 = −0.25). B's support
  // points are its corners, all outside the L's box [0,2]×[0,2]×[0,1]. Of
  // the tied points the lexicographically smallest is the L's corner
  // (0, 0, 1), whatever order the search meets them in; B's nearest point
  // to it is (0, 0, 0.75), and the normal from B toward A is −z.
  const MeshDistanceData A = MakeMeshDistanceData(Subdivided(MakeLMesh(), 4));
  REQUIRE(A.mesh.num_elements() == 5120);
  REQUIRE(A.mesh.num_elements() >= kMinSplitTriangles);
  REQUIRE_FALSE(A.is_convex);
  const Box box(6, 6, 1);
  const RigidTransform X_AB(Vector3d(1, 1, 1.25));
  const MeshSignedDistance whole = CalcMeshShapeSignedDistance(A, box, X_AB);
  CHECK(whole.distance == -0.25);
  CHECK(whole.p_ACa == Vector3d(0, 0, 1));
  CHECK(whole.p_ACb_A == Vector3d(0, 0, 0.75));
  CHECK(whole.nhat_BA_A == Vector3d(0, 0, -1));
  ReverseExecutor reverse;
  CHECK(Identical(CalcMeshShapeSignedDistance(A, box, X_AB, &reverse), whole));
  CHECK(reverse.runs == 2);  // the skeleton's pieces, then B's points'
  for (int threads : {2, 3}) {
    const ThreadsExecutor executor(threads);
    CHECK(Identical(CalcMeshShapeSignedDistance(A, box, X_AB, &executor), whole));
  }
}

TEST_CASE("Box, cylinder, ellipsoid vs a large torus: split over executors, identical answers") {
  // A torus (R 1, r 0.3) of 128 × 32 × 2 = 8,192 triangles, non-convex;
  // each shape placed at random within 0.6 (per axis) of the tube's centre circle, so that it
  // overlaps the tube, pokes through it or misses it. The search in pieces
  // (in reverse, on 2 or 3 threads) must give the whole search's answer bit
  // for bit, and each answer must be consistent.
  const MeshDistanceData A = MakeMeshDistanceData(MakeTorusMesh(1.0, 0.3, 128, 32));
  REQUIRE(A.mesh.num_elements() == 8192);
  REQUIRE_FALSE(A.is_convex);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  const ReverseExecutor reverse;
  const ThreadsExecutor two(2), three(3);
  int overlapping = 0, apart = 0;
  for (int i = 0; i < 30; ++i) {
    const double angle = M_PI * u(rng);
    const Vector3d p_AB = Vector3d(std::cos(angle), std::sin(angle), 0) + 0.6 * Vector3d(u(rng), u(rng), u(rng));
    const RigidTransform X_AB = RigidTransform::FromRollPitchYaw({3 * u(rng), 3 * u(rng), 3 * u(rng)}, p_AB);
    auto check = [&](const auto& shape) {
      const MeshSignedDistance whole = CalcMeshShapeSignedDistance(A, shape, X_AB);
      CheckMeshShapeWitnesses(whole, A, 1e-9);
      (whole.distance < 0 ? overlapping : apart) += 1;
      CHECK(Identical(CalcMeshShapeSignedDistance(A, shape, X_AB, &reverse), whole));
      CHECK(Identical(CalcMeshShapeSignedDistance(A, shape, X_AB, &two), whole));
      CHECK(Identical(CalcMeshShapeSignedDistance(A, shape, X_AB, &three), whole));
    };
    check(Box(0.3, 0.2, 0.25));
    check(Cylinder(0.12, 0.4));
    check(Ellipsoid(0.2, 0.1, 0.15));
  }
  CHECK(overlapping > 30);
  CHECK(apart > 3);
}

TEST_CASE("Mesh-shape queries reject empty mesh data by name") {
  const MeshDistanceData empty;
  CHECK_THROWS_WITH(CalcMeshShapeSignedDistance(empty, Sphere(1), RigidTransform()),
                    Catch::Contains("empty"));
  CHECK_THROWS_WITH(CalcMeshShapeSignedDistance(empty, Capsule(1, 1), RigidTransform()),
                    Catch::Contains("empty"));
  CHECK_THROWS_WITH(CalcMeshShapeSignedDistance(empty, HalfSpace(), RigidTransform()),
                    Catch::Contains("empty"));
  CHECK_THROWS_WITH(CalcMeshShapeSignedDistance(empty, Box(1, 1, 1), RigidTransform()),
                    Catch::Contains("empty"));
  CHECK_THROWS_WITH(CalcMeshShapeSignedDistance(empty, Ellipsoid(1, 2, 3), RigidTransform()),
                    Catch::Contains("empty"));
}

}  // namespace
}  // namespace hydrocontact
