#include "proximity/distance/mesh_distance_pair.h"

#include <cmath>
#include <limits>
#include <random>

#include <catch2/catch.hpp>

#include "tests/proximity/distance/mesh_distance_test_shapes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::AngleAxisd;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using test::MakeBoxMesh;
using test::MakeLMesh;
using test::MakeTorusMesh;

// The minimum over every pair of triangles of the exact triangle–triangle
// distance, B's vertices posed in A: the BVH-free reference for separated
// meshes.
double BruteForceMeshMesh(const TriangleSurfaceMesh& a, const TriangleSurfaceMesh& b,
                          const RigidTransform& X_AB) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& ta : a.triangles()) {
    for (const auto& tb : b.triangles()) {
      best = std::min(best, CalcClosestPointsTriangleTriangle(
                                a.vertex(ta[0]), a.vertex(ta[1]), a.vertex(ta[2]),
                                X_AB * b.vertex(tb[0]), X_AB * b.vertex(tb[1]),
                                X_AB * b.vertex(tb[2]))
                                .squared_distance);
    }
  }
  return std::sqrt(best);
}

// Checks the witnesses: ‖Ca − Cb‖ = |distance|, the invariant
// p_ACa − p_ACb_A = distance · nhat when the normal is unique, and both
// points on their surfaces (φ = 0 to round-off).
void CheckMeshPairWitnesses(const MeshSignedDistance& r, const MeshDistanceData& A,
                     const MeshDistanceData& B, const RigidTransform& X_AB) {
  CHECK(r.nhat_BA_A.norm() == Approx(1.0).epsilon(1e-12));
  CHECK((r.p_ACa - r.p_ACb_A).norm() == Approx(std::abs(r.distance)).margin(1e-11));
  if (r.is_nhat_unique) {
    CHECK((r.p_ACa - r.p_ACb_A - r.distance * r.nhat_BA_A).norm() < 1e-11);
  }
  CHECK(std::abs(CalcMeshPointDistance(A, r.p_ACa).distance) < 1e-11);
  CHECK(std::abs(CalcMeshPointDistance(B, X_AB.inverse() * r.p_ACb_A).distance) < 1e-11);
}

const Vector3d kUnitHalf(1, 1, 1);

TEST_CASE("Box meshes apart: face-face, vertex-face and edge-edge by hand") {
  const MeshDistanceData A = MakeMeshDistanceData(MakeBoxMesh(kUnitHalf));
  const MeshDistanceData B = MakeMeshDistanceData(MakeBoxMesh({0.5, 0.5, 0.5}));
  const double g = 0.125;
  SECTION("face-face: B's face x = −0.5 parallel to A's x = 1, gap g") {
    const RigidTransform X_AB(Vector3d(1 + 0.5 + g, 0.2, -0.1));
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    CHECK(r.distance == Approx(g).epsilon(1e-14));
    CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-14);
    CHECK(r.is_nhat_unique);
    CheckMeshPairWitnesses(r, A, B, X_AB);
  }
  SECTION("vertex-face: B's body diagonal along −x, its vertex g from A's face") {
    // Rotate B's (−1,−1,−1) corner direction onto −x.
    const Matrix3d R =
        Eigen::Quaterniond::FromTwoVectors(Vector3d(-1, -1, -1), Vector3d(-1, 0, 0))
            .toRotationMatrix();
    const RigidTransform X_AB(R, Vector3d(1 + g + 0.5 * std::sqrt(3.0), 0.1, 0.2));
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    CHECK(r.distance == Approx(g).epsilon(1e-13));
    CHECK((r.p_ACb_A - Vector3d(1 + g, 0.1, 0.2)).norm() < 1e-13);
    CHECK((r.p_ACa - Vector3d(1, 0.1, 0.2)).norm() < 1e-13);
    CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-13);
    CheckMeshPairWitnesses(r, A, B, X_AB);
  }
  SECTION("edge-edge: skew edges along y and (1,0,−1)/√2, gap g along n") {
    // A's edge (1, y, 1) has outward normals +x and +z; n = (1,0,1)/√2 is
    // their bisector. B's local edge (−h, y, −h) has outward normals −x, −z
    // with bisector −n; a quarter turn about n keeps that bisector and
    // turns the edge to (1,0,−1)/√2, so the common perpendicular is n.
    const Vector3d n = Vector3d(1, 0, 1).normalized();
    const Matrix3d R = AngleAxisd(-M_PI / 2, n).toRotationMatrix();
    const double h = 0.5;
    const RigidTransform X_AB(R, Vector3d(1, 0, 1) + g * n + Vector3d(h, 0, h));
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    CHECK(r.distance == Approx(g).epsilon(1e-13));
    CHECK((r.p_ACa - Vector3d(1, 0, 1)).norm() < 1e-13);
    CHECK((r.p_ACb_A - (Vector3d(1, 0, 1) + g * n)).norm() < 1e-13);
    CHECK((r.nhat_BA_A + n).norm() < 1e-13);
    CheckMeshPairWitnesses(r, A, B, X_AB);
  }
}

TEST_CASE("Box meshes overlapping: face-face, vertex-face, edge-edge and nested") {
  const MeshDistanceData A = MakeMeshDistanceData(MakeBoxMesh(kUnitHalf));
  const MeshDistanceData B = MakeMeshDistanceData(MakeBoxMesh({0.5, 0.5, 0.5}));
  const double d = 0.125;
  SECTION("face-face pressed in by d: B's vertices are d deep") {
    const RigidTransform X_AB(Vector3d(1 + 0.5 - d, 0.2, -0.1));
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    CHECK(r.distance == Approx(-d).epsilon(1e-12));
    CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-12);
    CheckMeshPairWitnesses(r, A, B, X_AB);
  }
  SECTION("vertex-face: B's vertex d below A's face x = 1") {
    const Matrix3d R =
        Eigen::Quaterniond::FromTwoVectors(Vector3d(-1, -1, -1), Vector3d(-1, 0, 0))
            .toRotationMatrix();
    const RigidTransform X_AB(R, Vector3d(1 - d + 0.5 * std::sqrt(3.0), 0.1, 0.2));
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    CHECK(r.distance == Approx(-d).epsilon(1e-12));
    CHECK((r.p_ACb_A - Vector3d(1 - d, 0.1, 0.2)).norm() < 1e-12);
    CHECK((r.p_ACa - Vector3d(1, 0.1, 0.2)).norm() < 1e-12);
    CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-12);
    CheckMeshPairWitnesses(r, A, B, X_AB);
  }
  SECTION("edge-edge, crossed by d along n: convex meshes get EPA's exact depth d") {
    const Vector3d n = Vector3d(1, 0, 1).normalized();
    const Matrix3d R = AngleAxisd(-M_PI / 2, n).toRotationMatrix();
    const double h = 0.5;
    const RigidTransform X_AB(R, Vector3d(1, 0, 1) - d * n + Vector3d(h, 0, h));
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    CHECK(r.distance == Approx(-d).epsilon(1e-9));
    CHECK((r.nhat_BA_A + n).norm() < 1e-9);
    CHECK((r.p_ACa - r.p_ACb_A - r.distance * r.nhat_BA_A).norm() < 1e-9);
  }
  SECTION("nested: a small cube wholly inside A, surfaces apart") {
    // The cube (half size 0.1) at (0.5, 0, 0): its face x = 0.4 is 0.6 from
    // A's face x = 1 and farther from the others; its vertices and the
    // edges of that face are the deepest skeleton points, depth 0.6,
    // normal −∇φ_A = −x.
    const MeshDistanceData small = MakeMeshDistanceData(MakeBoxMesh({0.1, 0.1, 0.1}));
    const RigidTransform X_AB(Vector3d(0.5, 0, 0));
    const auto r = CalcMeshMeshSignedDistance(A, small, X_AB);
    CHECK(r.distance == Approx(-0.6).epsilon(1e-12));
    CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-12);
    CHECK(r.p_ACb_A.x() == Approx(0.4));
    CHECK(r.p_ACa.x() == Approx(1.0));
    CheckMeshPairWitnesses(r, A, small, X_AB);
    // The other way round: A inside B.
    const auto s = CalcMeshMeshSignedDistance(small, A, X_AB.inverse());
    CHECK(s.distance == Approx(-0.6).epsilon(1e-12));
    CHECK((s.nhat_BA_A - Vector3d(1, 0, 0)).norm() < 1e-12);
  }
  SECTION("identical boxes at the same place: EPA's full translation, 2") {
    const auto r = CalcMeshMeshSignedDistance(A, A, RigidTransform());
    CHECK(r.distance == Approx(-2.0).epsilon(1e-9));
    CHECK_FALSE(r.is_nhat_unique);
  }
}

TEST_CASE("A small cube buried in the L: the deepest skeleton point") {
  // The cube (half size 0.1) at (1.75, 0.5, 0.5) sits in the L's bar
  // [0,2]×[0,1]×[0,1]; its points have depth min(2 − x, ≥ 0.4), largest on
  // its face x = 1.65: depth 0.35 toward the L's face x = 2.
  const MeshDistanceData L = MakeMeshDistanceData(MakeLMesh());
  const MeshDistanceData small = MakeMeshDistanceData(MakeBoxMesh({0.1, 0.1, 0.1}));
  const RigidTransform X_AB(Vector3d(1.75, 0.5, 0.5));
  const auto r = CalcMeshMeshSignedDistance(L, small, X_AB);
  CHECK(r.distance == Approx(-0.35).epsilon(1e-12));
  CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-12);
  CHECK(r.is_nhat_unique);
  CHECK(r.p_ACb_A.x() == Approx(1.65));
  CHECK(r.p_ACa.x() == Approx(2.0));
  CheckMeshPairWitnesses(r, L, small, X_AB);
  const auto s = CalcMeshMeshSignedDistance(small, L, X_AB.inverse());
  CHECK(s.distance == Approx(-0.35).epsilon(1e-12));
  CHECK((s.nhat_BA_A - Vector3d(1, 0, 0)).norm() < 1e-12);
  CHECK((X_AB * s.p_ACa - r.p_ACb_A).norm() < 1e-12);
}

TEST_CASE("Non-convex meshes: the true distance, not the hulls'") {
  const MeshDistanceData L = MakeMeshDistanceData(MakeLMesh());
  const MeshDistanceData box = MakeMeshDistanceData(MakeBoxMesh({0.2, 0.2, 0.2}));
  // A small box in the L's notch, 0.3 from both inner walls (its hull would
  // overlap the L's hull).
  auto r = CalcMeshMeshSignedDistance(L, box, RigidTransform(Vector3d(1.5, 1.5, 0.5)));
  CHECK(r.distance == Approx(0.3).epsilon(1e-13));
  CHECK_FALSE(r.is_nhat_unique);  // both walls are equally near
  // Moved toward the wall x = 1 until it pokes in by 0.05 at (0.95, ·, ·):
  // its corner vertices are 0.05 deep.
  r = CalcMeshMeshSignedDistance(L, box, RigidTransform(Vector3d(1.15, 1.5, 0.5)));
  // The normal from B toward A is minus the wall's outward normal (+x).
  CHECK(r.distance == Approx(-0.05).epsilon(1e-12));
  CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-12);

  // A cube through the hole of a torus, against brute force.
  const TriangleSurfaceMesh torus_mesh = MakeTorusMesh(1.0, 0.25, 32, 12);
  const MeshDistanceData torus = MakeMeshDistanceData(torus_mesh);
  const TriangleSurfaceMesh cube_mesh = MakeBoxMesh({0.3, 0.3, 0.6});
  const RigidTransform X_TC(Vector3d(0.05, -0.02, 0.1));
  r = CalcMeshMeshSignedDistance(torus, MakeMeshDistanceData(cube_mesh), X_TC);
  CHECK(r.distance > 0);
  CHECK(r.distance == Approx(BruteForceMeshMesh(torus_mesh, cube_mesh, X_TC)).epsilon(1e-13));
}

TEST_CASE("Random separated poses: BVH result equals brute force, swap symmetry") {
  const TriangleSurfaceMesh lmesh = MakeLMesh();
  const TriangleSurfaceMesh tmesh = MakeTorusMesh(0.6, 0.2, 16, 8);
  const MeshDistanceData A = MakeMeshDistanceData(lmesh);
  const MeshDistanceData B = MakeMeshDistanceData(tmesh);
  std::mt19937 rng(77);
  std::uniform_real_distribution<double> u(-1, 1);
  int separated = 0;
  for (int i = 0; i < 150; ++i) {
    const RigidTransform X_AB = RigidTransform::FromRollPitchYaw(
        {3 * u(rng), 3 * u(rng), 3 * u(rng)}, Vector3d(1, 1, 0.5) + 2.5 * Vector3d(u(rng), u(rng), u(rng)));
    const double brute = BruteForceMeshMesh(lmesh, tmesh, X_AB);
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    const auto s = CalcMeshMeshSignedDistance(B, A, X_AB.inverse());
    // Swapping gives the same distance (overlapping or not).
    CHECK(s.distance == Approx(r.distance).margin(1e-12));
    if (brute < 1e-6) continue;
    // Surfaces apart: either separated (distance = brute force) or nested.
    if (r.distance > 0) {
      ++separated;
      CHECK(r.distance == Approx(brute).epsilon(1e-12));
      CheckMeshPairWitnesses(r, A, B, X_AB);
      // Normal flipped and witnesses exchanged (the closest pair is unique
      // for generic poses).
      if (r.is_nhat_unique) {
        CHECK((X_AB.RotateVector(s.nhat_BA_A) + r.nhat_BA_A).norm() < 1e-9);
        CHECK((X_AB * s.p_ACa - r.p_ACb_A).norm() < 1e-9);
        CHECK((X_AB * s.p_ACb_A - r.p_ACa).norm() < 1e-9);
      }
    }
  }
  CHECK(separated > 50);
}

TEST_CASE("Invariance: re-expressing A in another frame moves the answer rigidly") {
  const TriangleSurfaceMesh lmesh = MakeLMesh();
  const MeshDistanceData A = MakeMeshDistanceData(lmesh);
  const MeshDistanceData B = MakeMeshDistanceData(MakeTorusMesh(0.6, 0.2, 16, 8));
  // A' = T(A): vertices p_A'V = T·p_AV, and B posed in A' by T·X_AB.
  const RigidTransform T = RigidTransform::FromRollPitchYaw({0.3, -1.1, 2.0}, {5, -3, 1});
  const MeshDistanceData A2 =
      MakeMeshDistanceData(test::Transformed(lmesh, T.rotation(), T.translation()));
  // Apart, overlapping with a unique normal, overlapping with two equally
  // deep answers (the witnesses may then differ, the distance may not).
  int unique = 0;
  for (const Vector3d& p : {Vector3d(3, 0.5, 0.5), Vector3d(2.2, 0.5, 0.5), Vector3d(1.2, 1.1, 0.6),
                            Vector3d(2.4, 0.4, 1.1)}) {
    const RigidTransform X_AB = RigidTransform::FromRollPitchYaw({0.4, 0.1, -0.3}, p);
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    const auto r2 = CalcMeshMeshSignedDistance(A2, B, T * X_AB);
    CHECK(r2.distance == Approx(r.distance).margin(1e-11));
    CHECK(r2.is_nhat_unique == r.is_nhat_unique);
    if (r.is_nhat_unique) {
      ++unique;
      CHECK((r2.nhat_BA_A - T.RotateVector(r.nhat_BA_A)).norm() < 1e-9);
      CHECK((r2.p_ACa - T * r.p_ACa).norm() < 1e-9);
      CHECK((r2.p_ACb_A - T * r.p_ACb_A).norm() < 1e-9);
    }
  }
  CHECK(unique >= 2);
}

TEST_CASE("Near-touching sweeps cross zero continuously") {
  const MeshDistanceData A = MakeMeshDistanceData(MakeBoxMesh(kUnitHalf));
  const MeshDistanceData B = MakeMeshDistanceData(MakeBoxMesh({0.5, 0.5, 0.5}));
  // Face-face: B's face at x = 1 + g for g from +1e-3 to −1e-3; the answer is
  // g exactly on both sides.
  for (int i = -20; i <= 20; ++i) {
    const double g = 1e-3 * i / 20;
    const RigidTransform X_AB(Vector3d(1.5 + g, 0.2, -0.1));
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    CHECK(r.distance == Approx(g).margin(1e-12));
    CHECK((r.nhat_BA_A - Vector3d(-1, 0, 0)).norm() < 1e-9);
  }
  // Edge-edge of two convex boxes: g on both sides (EPA when overlapping).
  const Vector3d n = Vector3d(1, 0, 1).normalized();
  const Matrix3d R = AngleAxisd(-M_PI / 2, n).toRotationMatrix();
  for (int i = 20; i >= -20; --i) {
    const double g = 1e-4 * i / 20;
    const RigidTransform X_AB(R, Vector3d(1, 0, 1) + g * n + Vector3d(0.5, 0, 0.5));
    const auto r = CalcMeshMeshSignedDistance(A, B, X_AB);
    CHECK(r.distance == Approx(g).margin(1e-9));
    if (std::abs(g) > 1e-9) CHECK((r.nhat_BA_A + n).norm() < 1e-6);
  }
}

TEST_CASE("Edge across edge with a non-convex mesh: the deepest edge point") {
  // The L's edge (2, y, 1), y ∈ [0, 1], has outward normals +x and +z, like
  // the cube's edge above. A cube's edge crossing it by d along the
  // bisector n: each edge's midpoint is d beyond the other edge, the other
  // solid's faces there are at 45° to n, so the deepest skeleton point is
  // d·cos 45° deep. Apart, the distance is the gap g. Continuous through 0,
  // monotone as the cube moves in, normal the bisector −n throughout.
  const MeshDistanceData L = MakeMeshDistanceData(MakeLMesh());
  const MeshDistanceData B = MakeMeshDistanceData(MakeBoxMesh({0.5, 0.5, 0.5}));
  REQUIRE_FALSE(L.is_convex);
  const Vector3d n = Vector3d(1, 0, 1).normalized();
  const Matrix3d R = AngleAxisd(-M_PI / 2, n).toRotationMatrix();
  double previous = 1;
  for (int i = 20; i >= -20; --i) {
    const double g = 1e-2 * i / 20;
    const RigidTransform X_AB(R, Vector3d(2, 0.5, 1) + g * n + Vector3d(0.5, 0, 0.5));
    const auto r = CalcMeshMeshSignedDistance(L, B, X_AB);
    const double expected = g >= 0 ? g : g / std::sqrt(2.0);
    CHECK(r.distance == Approx(expected).margin(1e-12));
    CHECK(r.distance <= previous + 1e-12);
    previous = r.distance;
    if (std::abs(g) > 1e-9) CHECK((r.nhat_BA_A + n).norm() < 1e-9);
    if (g < 0) {
      CHECK_FALSE(r.is_nhat_unique);
      CheckMeshPairWitnesses(r, L, B, X_AB);
    }
  }
}

TEST_CASE("Box-box lower bound never exceeds the true distance, transformed boxes hold") {
  std::mt19937 rng(12);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int i = 0; i < 300; ++i) {
    const Vector3d ha(0.2 + std::abs(u(rng)), 0.2 + std::abs(u(rng)), 0.2 + std::abs(u(rng)));
    const Vector3d hb(0.2 + std::abs(u(rng)), 0.2 + std::abs(u(rng)), 0.2 + std::abs(u(rng)));
    const Vector3d ca(u(rng), u(rng), u(rng)), cb(u(rng), u(rng), u(rng));
    const RigidTransform X_AB = RigidTransform::FromRollPitchYaw(
        {3 * u(rng), 3 * u(rng), 3 * u(rng)}, 3 * Vector3d(u(rng), u(rng), u(rng)));
    const Aabb box_A(ca - ha, ca + ha), box_B(cb - hb, cb + hb);
    // The true distance between the two solid boxes, by their meshes
    // (exact when apart; 0 when they overlap).
    const TriangleSurfaceMesh mesh_A = test::Transformed(MakeBoxMesh(ha), Matrix3d::Identity(), ca);
    const TriangleSurfaceMesh mesh_B = test::Transformed(MakeBoxMesh(hb), Matrix3d::Identity(), cb);
    const double truth = std::max(
        0.0, CalcMeshMeshSignedDistance(MakeMeshDistanceData(mesh_A), MakeMeshDistanceData(mesh_B), X_AB)
                 .distance);
    const double bound = internal::BoxBoxDistanceLowerBound(box_A, box_B, X_AB,
                                                            X_AB.rotation().cwiseAbs());
    CHECK(bound >= 0);
    CHECK(bound <= truth + 1e-12);
    const Aabb moved = internal::TransformedBox(box_B, X_AB);
    for (const auto& v : mesh_B.vertices()) {
      const Vector3d p = X_AB * v;
      CHECK(((p - moved.min).array() >= -1e-12).all());
      CHECK(((moved.max - p).array() >= -1e-12).all());
    }
  }
}

TEST_CASE("Mesh-mesh rejects empty data by name") {
  const MeshDistanceData A = MakeMeshDistanceData(MakeBoxMesh(kUnitHalf));
  CHECK_THROWS_WITH(CalcMeshMeshSignedDistance(A, MeshDistanceData{}, RigidTransform()),
                    Catch::Contains("mesh B") && Catch::Contains("empty"));
  CHECK_THROWS_WITH(CalcMeshMeshSignedDistance(MeshDistanceData{}, A, RigidTransform()),
                    Catch::Contains("mesh A"));
}

}  // namespace
}  // namespace hydrocontact
