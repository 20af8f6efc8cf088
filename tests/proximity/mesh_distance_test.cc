#include "proximity/mesh_distance.h"

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "tests/proximity/distance/mesh_distance_test_shapes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using test::AnalyticBoxSignedDistance;
using test::BruteForceDistance;
using test::MakeBoxMesh;
using test::MakeLMesh;
using test::MakeTorusMesh;
using test::WindingNumber;

// The analytic gradient of the box's signed distance where it is unique:
// outside, the unit vector of the clamped excess q⁺ = max(|p| − h, 0) with
// p's signs; inside, ±(the axis of the largest q).
Vector3d AnalyticBoxGradient(const Vector3d& h, const Vector3d& p) {
  const Vector3d q = p.cwiseAbs() - h;
  if (q.maxCoeff() > 0) {
    return q.cwiseMax(0.0).cwiseProduct(p.cwiseSign()).normalized();
  }
  int axis;
  q.maxCoeff(&axis);
  return Vector3d::Unit(axis) * (p[axis] > 0 ? 1 : -1);
}

TEST_CASE("Box mesh vs the analytic box distance at thousands of random points") {
  const Vector3d h(0.5, 0.75, 1.0);
  const MeshDistanceData data = MakeMeshDistanceData(MakeBoxMesh(h));
  CHECK(data.is_convex);
  CHECK(data.length_scale == Approx(2 * h.norm()));
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-2, 2);
  int inside = 0, outside = 0;
  for (int i = 0; i < 5000; ++i) {
    const Vector3d p(u(rng), u(rng), u(rng));
    const MeshPointDistance r = CalcMeshPointDistance(data, p);
    const double expected = AnalyticBoxSignedDistance(h, p);
    REQUIRE(r.distance == Approx(expected).margin(1e-12));
    (expected < 0 ? inside : outside)++;
    CHECK(IsPointInsideMesh(data, p) == (expected <= 0));
    // N is on the surface, at distance |φ| from p.
    CHECK(std::abs(AnalyticBoxSignedDistance(h, r.p_GN)) < 1e-12);
    CHECK((p - r.p_GN).norm() == Approx(std::abs(expected)).margin(1e-12));
    // Random points are almost surely off the medial axis: unique gradient,
    // equal to the analytic one.
    CHECK(r.is_grad_unique);
    CHECK((r.grad_G - AnalyticBoxGradient(h, p)).norm() < 1e-9);
    // The face and feature name a triangle that really holds N.
    const auto& t = data.mesh.element(r.face);
    const auto c = CalcClosestPointOnTriangle(p, data.mesh.vertex(t[0]), data.mesh.vertex(t[1]),
                                              data.mesh.vertex(t[2]));
    CHECK(std::sqrt(c.squared_distance) == Approx(std::abs(expected)).margin(1e-12));
  }
  // Both signs are well sampled (the box fills 3/64 of the cube: ~234).
  CHECK(inside > 150);
  CHECK(outside > 3000);
}

TEST_CASE("Box mesh: query points exactly on faces, edges and vertices") {
  const Vector3d h(1, 1, 1);
  const MeshDistanceData data = MakeMeshDistanceData(MakeBoxMesh(h));
  // Face interior: φ = 0, gradient the face normal, unique.
  auto r = CalcMeshPointDistance(data, {0.3, -0.2, 1});
  CHECK(r.distance == 0.0);
  CHECK((r.grad_G - Vector3d(0, 0, 1)).norm() < 1e-15);
  CHECK(r.is_grad_unique);
  // On a face diagonal (an edge between coplanar triangles): smooth there,
  // so still the face normal and unique. The top diagonal runs from
  // (−1,−1,1) to (1,1,1).
  r = CalcMeshPointDistance(data, {0.25, 0.25, 1});
  CHECK(r.distance == Approx(0.0).margin(1e-15));
  CHECK((r.grad_G - Vector3d(0, 0, 1)).norm() < 1e-15);
  CHECK(r.is_grad_unique);
  // On a box edge: the edge pseudo-normal (n₁ + n₂)/√2, not unique.
  r = CalcMeshPointDistance(data, {1, 0.3, 1});
  CHECK(r.distance == Approx(0.0).margin(1e-15));
  CHECK((r.grad_G - Vector3d(1, 0, 1) / std::sqrt(2.0)).norm() < 1e-15);
  CHECK_FALSE(r.is_grad_unique);
  // On a vertex: (1, 1, 1)/√3 (the angle-weighted normal), not unique.
  r = CalcMeshPointDistance(data, {-1, 1, -1});
  CHECK(r.distance == 0.0);
  CHECK((r.grad_G - Vector3d(-1, 1, -1) / std::sqrt(3.0)).norm() < 1e-15);
  CHECK_FALSE(r.is_grad_unique);
  CHECK(IsPointInsideMesh(data, {-1, 1, -1}));
  // Just off the surface either way: the sign follows the side.
  CHECK(CalcMeshPointDistance(data, {1 + 1e-9, 0.3, 0.2}).distance == Approx(1e-9).margin(1e-15));
  CHECK(CalcMeshPointDistance(data, {1 - 1e-9, 0.3, 0.2}).distance ==
        Approx(-1e-9).margin(1e-15));
  // Outside along a corner's diagonal: unique, N the corner, φ = √3·0.5.
  r = CalcMeshPointDistance(data, {1.5, 1.5, 1.5});
  CHECK(r.distance == Approx(std::sqrt(0.75)));
  CHECK((r.p_GN - Vector3d(1, 1, 1)).norm() < 1e-15);
  CHECK(r.is_grad_unique);
}

TEST_CASE("Box mesh: equidistant points report a non-unique gradient") {
  // Cube centre: six faces at distance 1, φ = −1, gradient not unique.
  const MeshDistanceData cube = MakeMeshDistanceData(MakeBoxMesh({1, 1, 1}));
  auto r = CalcMeshPointDistance(cube, Vector3d::Zero());
  CHECK(r.distance == Approx(-1.0));
  CHECK(r.grad_G.norm() == Approx(1.0));
  CHECK(std::abs(r.grad_G.maxCoeff()) + std::abs(r.grad_G.minCoeff()) == Approx(1.0));
  CHECK_FALSE(r.is_grad_unique);
  // On the medial plane x = y inside a box long in z: two faces at 0.5.
  r = CalcMeshPointDistance(cube, {0.5, 0.5, 0.1});
  CHECK(r.distance == Approx(-0.5));
  CHECK_FALSE(r.is_grad_unique);
  // Off the medial plane: unique.
  r = CalcMeshPointDistance(cube, {0.5, 0.4, 0.1});
  CHECK(r.distance == Approx(-0.5));
  CHECK(r.is_grad_unique);
  CHECK((r.grad_G - Vector3d(1, 0, 0)).norm() < 1e-15);
}

TEST_CASE("Mean gradient at equidistant points") {
  const MeshDistanceData cube = MakeMeshDistanceData(MakeBoxMesh({1, 1, 1}));
  // On the medial plane x = y: the faces x = 1 and y = 1 tie; their
  // gradients +x and +y average to the bisector.
  Vector3d p(0.5, 0.5, 0.1);
  auto at = CalcMeshPointDistance(cube, p);
  REQUIRE_FALSE(at.is_grad_unique);
  CHECK((CalcMeshMeanGradient(cube, p, at) - Vector3d(1, 1, 0) / std::sqrt(2.0)).norm() < 1e-12);
  // Outside the (convex) cube the nearest point is unique: the mean is the
  // gradient itself.
  p = Vector3d(1.5, 1.5, 0.2);
  at = CalcMeshPointDistance(cube, p);
  CHECK(CalcMeshMeanGradient(cube, p, at) == at.grad_G);
  // The centre: six directions cancel; the (deterministic) gradient stays.
  p = Vector3d::Zero();
  at = CalcMeshPointDistance(cube, p);
  CHECK(CalcMeshMeanGradient(cube, p, at) == at.grad_G);
  // Three faces at a corner's medial axis: (1, 1, 1)/√3.
  p = Vector3d(0.6, 0.6, 0.6);
  at = CalcMeshPointDistance(cube, p);
  CHECK((CalcMeshMeanGradient(cube, p, at) - Vector3d(1, 1, 1) / std::sqrt(3.0)).norm() < 1e-12);
}

TEST_CASE("L-shaped prism: the notch is outside, at the true (not the hull's) distance") {
  const TriangleSurfaceMesh mesh = MakeLMesh();
  const MeshDistanceData data = MakeMeshDistanceData(mesh);
  CHECK_FALSE(data.is_convex);
  // In the notch, (1.2, 1.4, 0.5): the nearest wall is x = 1 (y ∈ [1, 2]),
  // 0.2 away; the wall y = 1 is 0.4 away. The convex hull (x + y ≤ 3)
  // would call the point inside.
  auto r = CalcMeshPointDistance(data, {1.2, 1.4, 0.5});
  CHECK(r.distance == Approx(0.2).epsilon(1e-14));
  CHECK((r.p_GN - Vector3d(1, 1.4, 0.5)).norm() < 1e-14);
  CHECK((r.grad_G - Vector3d(1, 0, 0)).norm() < 1e-14);
  CHECK(r.is_grad_unique);
  // On the notch's bisector x = y both walls are equally near: not unique.
  r = CalcMeshPointDistance(data, {1.3, 1.3, 0.5});
  CHECK(r.distance == Approx(0.3).epsilon(1e-14));
  CHECK_FALSE(r.is_grad_unique);
  // Inside the solid just short of the reflex corner, (0.9, 0.95, 0.5): the
  // walls x = 1 and y = 1 only start at the corner, so the nearest point is
  // the reflex edge (1, 1, 0.5), at √(0.1² + 0.05²); the gradient points
  // from Q to it.
  r = CalcMeshPointDistance(data, {0.9, 0.95, 0.5});
  CHECK(r.distance == Approx(-std::sqrt(0.0125)).epsilon(1e-12));
  CHECK((r.p_GN - Vector3d(1, 1, 0.5)).norm() < 1e-14);
  CHECK((r.grad_G - Vector3d(0.1, 0.05, 0) / std::sqrt(0.0125)).norm() < 1e-12);
  // Random points: magnitude against brute force, sign against the winding
  // number (an independent inside test), skipping points within 1e-6 of
  // the surface where the winding number is ill-conditioned.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-0.5, 2.5);
  int inside = 0;
  for (int i = 0; i < 3000; ++i) {
    const Vector3d p(u(rng), u(rng), u(rng) * 0.6);
    r = CalcMeshPointDistance(data, p);
    REQUIRE(std::abs(r.distance) == Approx(BruteForceDistance(mesh, p)).margin(1e-12));
    if (std::abs(r.distance) < 1e-6) continue;
    const double w = WindingNumber(mesh, p);
    REQUIRE(std::abs(w - std::round(w)) < 1e-6);
    CHECK((r.distance < 0) == (std::round(w) == 1));
    inside += r.distance < 0;
  }
  CHECK(inside > 200);
}

TEST_CASE("Torus: the centre is outside at distance R − r (to the chord), never negative") {
  const double R = 1.0, r_minor = 0.25;
  const int nu = 48, nv = 16;
  const TriangleSurfaceMesh mesh = MakeTorusMesh(R, r_minor, nu, nv);
  const MeshDistanceData data = MakeMeshDistanceData(mesh);
  CHECK_FALSE(data.is_convex);
  // The innermost ring (v = π) is a regular 48-gon of circumradius R − r;
  // the nearest points to the centre are the midpoints of its sides, at the
  // apothem (R − r)·cos(π/48).
  auto res = CalcMeshPointDistance(data, Vector3d::Zero());
  CHECK(res.distance == Approx((R - r_minor) * std::cos(M_PI / nu)).epsilon(1e-14));
  // Every side of the ring is equally near: not unique.
  CHECK_FALSE(res.is_grad_unique);
  // On the tube's centre circle at a ring (u = 0), the point is inside; the
  // ring is a regular 16-gon of circumradius r in the plane y = 0, so the
  // surface is at most its apothem r·cos(π/16) away.
  res = CalcMeshPointDistance(data, {R, 0, 0});
  CHECK(res.distance < 0);
  CHECK(res.distance >= -r_minor * std::cos(M_PI / nv) - 1e-12);
  CHECK(-res.distance == Approx(BruteForceDistance(mesh, {R, 0, 0})).margin(1e-12));
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.4, 1.4);
  int inside = 0;
  for (int i = 0; i < 2000; ++i) {
    const Vector3d p(u(rng), u(rng), u(rng) * 0.3);
    res = CalcMeshPointDistance(data, p);
    REQUIRE(std::abs(res.distance) == Approx(BruteForceDistance(mesh, p)).margin(1e-12));
    if (std::abs(res.distance) < 1e-6) continue;
    const double w = WindingNumber(mesh, p);
    REQUIRE(std::abs(w - std::round(w)) < 1e-6);
    CHECK((res.distance < 0) == (std::round(w) == 1));
    inside += res.distance < 0;
  }
  CHECK(inside > 100);
}

TEST_CASE("Invariance: moving mesh and point together leaves φ unchanged") {
  const TriangleSurfaceMesh mesh = MakeLMesh();
  const MeshDistanceData data = MakeMeshDistanceData(mesh);
  const Eigen::Matrix3d R =
      Eigen::AngleAxisd(0.7, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  const Vector3d t(3, -1, 2);
  const MeshDistanceData moved = MakeMeshDistanceData(test::Transformed(mesh, R, t));
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-0.5, 2.5);
  for (int i = 0; i < 500; ++i) {
    const Vector3d p(u(rng), u(rng), u(rng));
    const auto a = CalcMeshPointDistance(data, p);
    const auto b = CalcMeshPointDistance(moved, R * p + t);
    CHECK(b.distance == Approx(a.distance).margin(1e-12));
    if (a.is_grad_unique && std::abs(a.distance) > 1e-9) {
      CHECK((b.grad_G - R * a.grad_G).norm() < 1e-9);
    }
  }
}

void CheckMakeThrows(const TriangleSurfaceMesh& mesh, const std::string& needle) {
  try {
    MakeMeshDistanceData(mesh);
    FAIL("expected an exception mentioning '" << needle << "'");
  } catch (const std::invalid_argument& e) {
    INFO(e.what());
    CHECK(std::string(e.what()).find("MakeMeshDistanceData") != std::string::npos);
    CHECK(std::string(e.what()).find(needle) != std::string::npos);
  }
}

TEST_CASE("Bad input is rejected with a message naming the culprit") {
  const TriangleSurfaceMesh box = MakeBoxMesh({1, 1, 1});
  auto open = box.triangles();
  open.pop_back();
  CheckMakeThrows(TriangleSurfaceMesh(open, box.vertices()), "closed");
  // Inside out: every triangle reversed; closed but with negative volume.
  auto reversed = box.triangles();
  for (auto& t : reversed) std::swap(t[1], t[2]);
  CheckMakeThrows(TriangleSurfaceMesh(reversed, box.vertices()), "volume is -8");
  CheckMakeThrows(TriangleSurfaceMesh(), "no triangles");

  const MeshDistanceData data = MakeMeshDistanceData(box);
  CHECK_THROWS_WITH(CalcMeshPointDistance(data, Vector3d(NAN, 0, 0)),
                    Catch::Contains("not finite"));
  CHECK_THROWS_WITH(CalcMeshPointDistance(data, Vector3d(1e200, 0, 0)),
                    Catch::Contains("too large"));
  CHECK_THROWS_WITH(CalcMeshPointDistance(MeshDistanceData{}, Vector3d::Zero()),
                    Catch::Contains("empty"));
  // Assembled by hand from a mesh and its BVH, without pseudo-normals (the
  // query would index the empty normal arrays), or with the parts of two
  // different meshes: refused, naming the caller.
  MeshDistanceData no_normals{box, Bvh(box), {}, false, data.length_scale};
  CHECK_THROWS_WITH(CalcMeshPointDistance(no_normals, Vector3d::Zero()),
                    Catch::Contains("CalcMeshPointDistance") &&
                        Catch::Contains("does not fit together") &&
                        Catch::Contains("0 vertex normals"));
  const MeshDistanceData other = MakeMeshDistanceData(MakeBoxMesh({0.5, 0.5, 0.5}));
  MeshDistanceData mixed = data;
  mixed.mesh = TriangleSurfaceMesh(std::vector<TriangleSurfaceMesh::Element>(
                                       box.triangles().begin(), box.triangles().end() - 2),
                                   box.vertices());
  CHECK_THROWS_WITH(CalcMeshPointDistance(mixed, Vector3d::Zero()),
                    Catch::Contains("does not fit together"));
  MeshDistanceData no_scale = other;
  no_scale.length_scale = 0;
  CHECK_THROWS_WITH(CalcMeshPointDistance(no_scale, Vector3d::Zero()),
                    Catch::Contains("length scale 0"));
  // Data from MakeMeshDistanceData passes: the box's centre is 1 deep.
  CHECK(CalcMeshPointDistance(other, Vector3d::Zero()).distance == Approx(-0.5));
}

TEST_CASE("Two disjoint boxes in one mesh are not convex, and distances see both") {
  const TriangleSurfaceMesh a = MakeBoxMesh({0.5, 0.5, 0.5});
  std::vector<Eigen::Vector3d> vertices = a.vertices();
  auto triangles = a.triangles();
  for (const auto& v : a.vertices()) vertices.push_back(v + Vector3d(3, 0, 0));
  for (auto t : a.triangles()) triangles.push_back({t[0] + 8, t[1] + 8, t[2] + 8});
  const MeshDistanceData data = MakeMeshDistanceData(TriangleSurfaceMesh(triangles, vertices));
  CHECK_FALSE(data.is_convex);
  // Midway between them: 1 from each box, two nearest points.
  const auto r = CalcMeshPointDistance(data, {1.5, 0, 0});
  CHECK(r.distance == Approx(1.0));
  CHECK_FALSE(r.is_grad_unique);
  CHECK(CalcMeshPointDistance(data, {3.1, 0.2, 0}).distance == Approx(-0.3));
}

TEST_CASE("Unsigned distance to triangles: exact, or stopped at the first triangle nearer than asked") {
  // The torus (R 1, r 0.3, 48 × 16 segments) and random points: the full
  // search equals the brute-force minimum over all triangles. With
  // stop_below = s, an answer ≥ s must be that exact minimum, and an answer
  // < s must be the distance to some triangle (≥ the minimum) and below s,
  // so that "within s?" is answered right either way.
  const TriangleSurfaceMesh torus = MakeTorusMesh(1.0, 0.3, 48, 16);
  const MeshDistanceData data = MakeMeshDistanceData(torus);
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(-1.6, 1.6);
  int stopped = 0, exact = 0;
  for (int i = 0; i < 300; ++i) {
    const Vector3d p(u(rng), u(rng), 0.5 * u(rng));
    const double truth = BruteForceDistance(torus, p);
    CHECK(CalcUnsignedDistanceToTriangles(data.mesh, data.bvh, p) == Approx(truth).margin(1e-14));
    for (double s : {0.05, 0.2, 0.6}) {
      const double d = CalcUnsignedDistanceToTriangles(data.mesh, data.bvh, p, s);
      CHECK(d >= truth - 1e-14);
      CHECK((d < s) == (truth < s));
      if (d >= s) {
        CHECK(d == Approx(truth).margin(1e-14));
        ++exact;
      } else {
        ++stopped;
      }
    }
  }
  CHECK(stopped > 50);
  CHECK(exact > 50);
}

}  // namespace
}  // namespace hydrocontact
