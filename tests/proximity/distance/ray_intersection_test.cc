#include "proximity/distance/ray_intersection.h"

#include <cmath>
#include <random>
#include <set>
#include <utility>

#include <catch2/catch.hpp>

#include "distance_test_files.h"
#include "proximity/distance/shape_pair_distance.h"
#include "tests/mesh/test_files.h"
#include "tests/proximity/height_fields.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

void CheckHit(const std::optional<RayHit>& hit, double distance, const Vector3d& nhat,
              bool entering, const Vector3d& p_GO, const Vector3d& dir) {
  REQUIRE(hit.has_value());
  CHECK(hit->distance == Approx(distance).epsilon(1e-12));
  CHECK((hit->nhat_G - nhat).norm() < 1e-12);
  CHECK(hit->entering == entering);
  CHECK((hit->p_GH - (p_GO + hit->distance * dir.normalized())).norm() < 1e-14);
}

TEST_CASE("Ray against a box: every face, from outside and inside", "[ray_intersection]") {
  const Vector3d h(0.1, 0.2, 0.3);
  const DistanceGeometry box = MakeDistanceGeometry(Box(2 * h));
  const Vector3d offset(0.05, -0.07, 0.04);  // inside every face's extent
  for (int axis = 0; axis < 3; ++axis) {
    for (const double s : {-1.0, 1.0}) {
      CAPTURE(axis, s);
      const Vector3d e = s * Vector3d::Unit(axis);
      // From outside, 2 m beyond face (axis, s), toward it: it enters after
      // 2 m through that face, outward normal e.
      Vector3d o = offset;
      o[axis] = s * (h[axis] + 2);
      CheckHit(IntersectRay(box, o, -3 * e), 2, e, true, o, -e);
      // From inside (at the offset), toward the same face: it leaves through
      // it after h − s·offset along the axis.
      CheckHit(IntersectRay(box, offset, e), h[axis] - s * offset[axis], e, false, offset, e);
    }
  }
  // A miss, and a hit beyond max_distance.
  CHECK(!IntersectRay(box, Vector3d(0, 1, 0), Vector3d(1, 0, 0)));
  CHECK(!IntersectRay(box, Vector3d(3, 0, 0), Vector3d(-1, 0, 0), 2.8));
  CHECK(IntersectRay(box, Vector3d(3, 0, 0), Vector3d(-1, 0, 0), 2.95));
  CHECK_THROWS_WITH(IntersectRay(box, Vector3d::Zero(), Vector3d::Zero()),
                    Catch::Contains("direction"));
  CHECK_THROWS_WITH(IntersectRay(box, Vector3d(NAN, 0, 0), Vector3d::UnitX()),
                    Catch::Contains("origin"));
}

TEST_CASE("Ray against a sphere and an ellipsoid", "[ray_intersection]") {
  const DistanceGeometry sphere = MakeDistanceGeometry(Sphere(0.5));
  // Off-centre by 0.3 across: hits at x = −√(0.25 − 0.09) = −0.4.
  const Vector3d o(-2, 0.3, 0);
  const std::optional<RayHit> sphere_hit = IntersectRay(sphere, o, Vector3d::UnitX());
  CheckHit(sphere_hit, 1.6, Vector3d(-0.4, 0.3, 0) / 0.5, true, o, Vector3d::UnitX());
  // Independently of the expected point: the hit lies on the sphere.
  CHECK(std::abs(sphere_hit->p_GH.norm() - 0.5) < 1e-14);
  // Ellipsoid (a, b, c) from the centre along (1, 1, 1)/√3: t²/3·Σ1/aᵢ² = 1;
  // normal ∝ (x/a², y/b², z/c²).
  const double a = 0.5, b = 0.8, c = 1.1;
  const DistanceGeometry ellipsoid = MakeDistanceGeometry(Ellipsoid(a, b, c));
  const double t = std::sqrt(3 / (1 / (a * a) + 1 / (b * b) + 1 / (c * c)));
  const Vector3d d = Vector3d(1, 1, 1).normalized();
  const Vector3d p = t * d;
  const std::optional<RayHit> ellipsoid_hit = IntersectRay(ellipsoid, Vector3d::Zero(), Vector3d(1, 1, 1));
  CheckHit(ellipsoid_hit, t, Vector3d(p.x() / (a * a), p.y() / (b * b), p.z() / (c * c)).normalized(),
           false, Vector3d::Zero(), d);
  // Independently of t: the hit satisfies the implicit equation Σ(xᵢ/aᵢ)² = 1.
  const Vector3d& q = ellipsoid_hit->p_GH;
  CHECK(std::abs(q.x() * q.x() / (a * a) + q.y() * q.y() / (b * b) + q.z() * q.z() / (c * c) - 1) <
        1e-13);
  // From outside along −y: hits (0, b, 0).
  CheckHit(IntersectRay(ellipsoid, Vector3d(0, 3, 0), -Vector3d::UnitY()), 3 - b,
           Vector3d::UnitY(), true, Vector3d(0, 3, 0), -Vector3d::UnitY());
}

TEST_CASE("Ray against a cylinder and a capsule: curved parts and caps", "[ray_intersection]") {
  const double r = 0.4, L = 1.0;
  const DistanceGeometry cylinder = MakeDistanceGeometry(Cylinder(r, L));
  // Along −x at y = 0.1, z = 0.3: hits the side at x = √(r² − 0.01).
  const double x = std::sqrt(r * r - 0.01);
  const Vector3d o(2, 0.1, 0.3);
  CheckHit(IntersectRay(cylinder, o, -Vector3d::UnitX()), 2 - x, Vector3d(x, 0.1, 0) / r, true, o,
           -Vector3d::UnitX());
  // From inside along +y: leaves through the side at y = √(r² − x₀²).
  CheckHit(IntersectRay(cylinder, Vector3d(0.2, 0, 0), Vector3d::UnitY()),
           std::sqrt(r * r - 0.04), Vector3d(0.2, std::sqrt(r * r - 0.04), 0) / r, false,
           Vector3d(0.2, 0, 0), Vector3d::UnitY());
  // Down onto the top cap.
  CheckHit(IntersectRay(cylinder, Vector3d(0.1, 0.1, 2), -Vector3d::UnitZ()), 2 - L / 2,
           Vector3d::UnitZ(), true, Vector3d(0.1, 0.1, 2), -Vector3d::UnitZ());
  // A ray over the top (z > L/2) misses.
  CHECK(!IntersectRay(cylinder, Vector3d(2, 0, 0.6), -Vector3d::UnitX()));

  const DistanceGeometry capsule = MakeDistanceGeometry(Capsule(r, L));
  // Down onto the top hemisphere at (0.1, 0): z = L/2 + √(r² − 0.01).
  const double zc = L / 2 + std::sqrt(r * r - 0.01);
  CheckHit(IntersectRay(capsule, Vector3d(0.1, 0, 3), -Vector3d::UnitZ()), 3 - zc,
           Vector3d(0.1, 0, zc - L / 2) / r, true, Vector3d(0.1, 0, 3), -Vector3d::UnitZ());
  // The side, from outside.
  CheckHit(IntersectRay(capsule, o, -Vector3d::UnitX()), 2 - x, Vector3d(x, 0.1, 0) / r, true, o,
           -Vector3d::UnitX());
  // The bottom hemisphere from inside, along −z.
  CheckHit(IntersectRay(capsule, Vector3d::Zero(), -Vector3d::UnitZ()), L / 2 + r,
           -Vector3d::UnitZ(), false, Vector3d::Zero(), -Vector3d::UnitZ());
  // Beside the side piece's slab but through a cap region: from (0.35, 0,
  // 3) down: misses the side's z-range? It hits the top ball first at
  // z = L/2 + √(r² − 0.35²).
  const double z2 = L / 2 + std::sqrt(r * r - 0.35 * 0.35);
  CheckHit(IntersectRay(capsule, Vector3d(0.35, 0, 3), -Vector3d::UnitZ()), 3 - z2,
           Vector3d(0.35, 0, z2 - L / 2) / r, true, Vector3d(0.35, 0, 3), -Vector3d::UnitZ());
}

TEST_CASE("A ray's direction may have any finite length, however small or large",
          "[ray_intersection]") {
  // From (0, 0, 1) straight down onto a sphere of radius 0.1: the hit is
  // (0, 0, 0.1) at distance 0.9 whatever the direction's length. Lengths
  // below ~1e-154 or above ~1e154 used to be normalised through an
  // underflowing or overflowing squared norm (1e-161 hit at z = 0.137,
  // 1e200 was refused).
  const DistanceGeometry sphere = MakeDistanceGeometry(Sphere(0.1));
  for (const double length : {1.0, 1e-161, 1e-300, 1e200}) {
    CAPTURE(length);
    const std::optional<RayHit> hit =
        IntersectRay(sphere, Vector3d(0, 0, 1), Vector3d(0, 0, -length));
    REQUIRE(hit.has_value());
    CHECK(hit->distance == Approx(0.9).epsilon(1e-14));
    CHECK(hit->p_GH.isApprox(Vector3d(0, 0, 0.1), 1e-14));
  }
  CHECK_THROWS_WITH(IntersectRay(sphere, Vector3d(0, 0, 1), Vector3d::Zero()),
                    Catch::Contains("must be nonzero and finite"));
}

TEST_CASE("A ray's origin must be within the supported distance of the geometry", "[ray_intersection]") {
  // Origins and poses within |x| <= 1e6 m are at most 2·√3·1e6 m apart. At
  // 1e17 m from a unit cube the restart near the cube rounded by metres and
  // the ray hit the far face from "inside"; now it is refused, and the
  // point query likewise. At 3e6 m a ray still hits the near face exactly.
  const DistanceGeometry box = MakeDistanceGeometry(Box(2, 2, 2));
  CHECK_THROWS_WITH(IntersectRay(box, Vector3d(-1e17, 0, 0), Vector3d::UnitX()),
                    Catch::Contains("IntersectRay: origin (-1e+17, 0, 0) is 1e+17 m from the geometry's frame"));
  CHECK_THROWS_WITH(CalcPointDistance(box, Vector3d(0, 1e300, 0)),
                    Catch::Contains("CalcPointDistance: the point (0, 1e+300, 0) is 1e+300 m"));
  const std::optional<RayHit> hit = IntersectRay(box, Vector3d(-3e6, 0, 0), Vector3d::UnitX());
  REQUIRE(hit.has_value());
  CHECK(hit->distance == 3e6 - 1);
  CHECK(hit->entering);
  CHECK(hit->nhat_G == -Vector3d::UnitX());
}

TEST_CASE("Ray against a half-space", "[ray_intersection]") {
  const DistanceGeometry hs = MakeDistanceGeometry(HalfSpace());
  const Vector3d d = Vector3d(1, 0, -1).normalized();
  CheckHit(IntersectRay(hs, Vector3d(0, 0, 2), d), 2 * std::sqrt(2.0), Vector3d::UnitZ(), true,
           Vector3d(0, 0, 2), d);
  CheckHit(IntersectRay(hs, Vector3d(0, 0, -1), Vector3d::UnitZ()), 1, Vector3d::UnitZ(), false,
           Vector3d(0, 0, -1), Vector3d::UnitZ());
  CHECK(!IntersectRay(hs, Vector3d(0, 0, 1), Vector3d::UnitX()));
  CHECK(!IntersectRay(hs, Vector3d(0, 0, -1), -Vector3d::UnitZ()));
}

TEST_CASE("Ray against a torus: through the hole, the tube, grazing", "[ray_intersection]") {
  const double R = 2, r = 0.5;
  const Torus torus(R, r);
  // From the centre of the hole along +x: enters the inner equator after
  // R − r, outward normal −x (toward the axis).
  CheckHit(IntersectRay(torus, Vector3d::Zero(), Vector3d::UnitX()), R - r, -Vector3d::UnitX(),
           true, Vector3d::Zero(), Vector3d::UnitX());
  // From far away along +x: the outer equator on the −x side.
  CheckHit(IntersectRay(torus, Vector3d(-5, 0, 0), Vector3d::UnitX()), 5 - R - r,
           -Vector3d::UnitX(), true, Vector3d(-5, 0, 0), Vector3d::UnitX());
  // From inside the tube, up: leaves at the tube's top after r.
  CheckHit(IntersectRay(torus, Vector3d(0, R, 0), Vector3d::UnitZ()), r, Vector3d::UnitZ(), false,
           Vector3d(0, R, 0), Vector3d::UnitZ());
  // Down the axis, through the hole: no hit.
  CHECK(!IntersectRay(torus, Vector3d(0, 0, 5), -Vector3d::UnitZ()));
  // Slanted through the tube: from (R + 0.3, 0, 3) down: z = √(r² − 0.09).
  const double z = std::sqrt(r * r - 0.09);
  CheckHit(IntersectRay(torus, Vector3d(R + 0.3, 0, 3), -Vector3d::UnitZ()), 3 - z,
           Vector3d(0.3, 0, z) / r, true, Vector3d(R + 0.3, 0, 3), -Vector3d::UnitZ());
  // Grazing the top of the tube (a double root): touches at x = −R.
  const auto graze = IntersectRay(torus, Vector3d(-5, 0, r), Vector3d::UnitX());
  REQUIRE(graze.has_value());
  CHECK(graze->distance == Approx(5 - R).epsilon(1e-6));
}

TEST_CASE("Ray against Mesh and Convex (a box's OBJ) agrees with the Box", "[ray_intersection]") {
  const Vector3d h(0.1, 0.2, 0.3);
  const auto path = test::WriteBoxObj("ray_intersection_box.obj", h);
  const DistanceGeometry box = MakeDistanceGeometry(Box(2 * h));
  for (const Shape& shape : {Shape(Mesh(path)), Shape(Convex(path))}) {
    const DistanceGeometry mesh = MakeDistanceGeometry(shape);
    for (const auto& [o, d] : {std::pair{Vector3d(1, 0.05, 0.02), Vector3d(-1, 0.1, 0.05)},
                              std::pair{Vector3d(0.01, 0.02, 0.03), Vector3d(0.3, -1, 0.2)},
                              std::pair{Vector3d(0.02, -0.03, 2), Vector3d(0, 0, -1)}}) {
      const auto expected = IntersectRay(box, o, d);
      const auto got = IntersectRay(mesh, o, d);
      REQUIRE(expected.has_value());
      REQUIRE(got.has_value());
      CHECK(got->distance == Approx(expected->distance).epsilon(1e-12));
      CHECK((got->nhat_G - expected->nhat_G).norm() < 1e-12);
      CHECK(got->entering == expected->entering);
    }
    CHECK(!IntersectRay(mesh, Vector3d(1, 0, 0), Vector3d(1, 0, 0)));
  }
}

// The octahedron |x| + |y| + |z| ≤ 1 as an OBJ of 6 vertices and 8 outward
// triangles, one per octant.
std::filesystem::path WriteOctahedronObj(const test::ScratchDirectory& dir) {
  std::string obj = "v 1 0 0\nv -1 0 0\nv 0 1 0\nv 0 -1 0\nv 0 0 1\nv 0 0 -1\n";
  // Octant (sx, sy, sz): vertices x = 1 or 2, y = 3 or 4, z = 5 or 6,
  // counter-clockwise seen from outside when sx·sy·sz > 0.
  for (int sx : {1, -1}) {
    for (int sy : {1, -1}) {
      for (int sz : {1, -1}) {
        const int x = sx > 0 ? 1 : 2, y = sy > 0 ? 3 : 4, z = sz > 0 ? 5 : 6;
        obj += sx * sy * sz > 0 ? fmt::format("f {} {} {}\n", x, y, z) : fmt::format("f {} {} {}\n", x, z, y);
      }
    }
  }
  return dir.Write("octahedron.obj", obj);
}

TEST_CASE("A ray missing a mesh through its triangles' boxes is a miss, whatever max_distance",
          "[ray_intersection]") {
  // The ray from (0.9, 0.9, 10) along −z keeps |x| + |y| = 1.8 > 1, so it
  // misses the octahedron |x| + |y| + |z| ≤ 1; yet for 0 ≤ z ≤ 1 it is
  // inside the box [0, 1]³ of the face x + y + z = 1. A missed triangle used
  // to come back as t = ∞, which max_distance = ∞ accepted (∞ ≤ ∞): a hit at
  // infinity with point (NaN, NaN, −∞).
  const test::ScratchDirectory dir;
  const auto path = WriteOctahedronObj(dir);
  for (const Shape& shape : {Shape(Mesh(path)), Shape(Convex(path))}) {
    CAPTURE(shape.index());
    const DistanceGeometry G = MakeDistanceGeometry(shape);
    const Vector3d o(0.9, 0.9, 10), down(0, 0, -1);
    CHECK_FALSE(IntersectRay(G, o, down).has_value());
    CHECK_FALSE(IntersectRay(G, o, down, 100).has_value());
    // A hit by the same path is unchanged: from (0.2, 0.3, 10) the ray enters
    // the face x + y + z = 1 at z = 0.5 (distance 9.5, normal (1, 1, 1)/√3);
    // from (0.2, 0.3, 0), inside, it leaves through x + y − z = 1 at
    // z = −0.5 (distance 0.5, normal (1, 1, −1)/√3).
    const Vector3d o_out(0.2, 0.3, 10), o_in(0.2, 0.3, 0);
    CheckHit(IntersectRay(G, o_out, down), 9.5, Vector3d(1, 1, 1).normalized(), true, o_out, down);
    CheckHit(IntersectRay(G, o_in, down), 0.5, Vector3d(1, 1, -1).normalized(), false, o_in, down);
  }
}

TEST_CASE("A ray missing a height field through its triangles' boxes is a miss",
          "[ray_intersection]") {
  // The cap h = 1 − (x² + y²)/2 over [−1, 1]² (samples 0.2 apart, bottom
  // −0.5). Along y = 0.5 its top is at most 1 − 0.125 = 0.875 (at x = 0),
  // its tessellation (chords of a concave function) lower still, and its
  // sides x = ±1 reach 1 − 0.625 = 0.375 there: the ray along +x at
  // z = 0.88 misses the solid. It passes through the boxes of the
  // tessellation's triangles just short of y = 0.5 near x = 0, whose
  // vertices reach above 0.88 (h > 0.88 where x² + y² < 0.24: at
  // (0, 0.48), say).
  const DistanceGeometry cap = MakeDistanceGeometry(test::SampleHeightField(
      11, 11, 0.2, 0.2, 0.5, [](double x, double y) { return 1 - 0.5 * (x * x + y * y); }));
  const Vector3d o(-3, 0.5, 0.88);
  CHECK_FALSE(IntersectRay(cap, o, Vector3d::UnitX()).has_value());
  CHECK_FALSE(IntersectRay(cap, o, Vector3d::UnitX(), 100).has_value());
  // At z = 0.83 the ray does meet the top, where 1 − (x² + 0.25)/2 = 0.83,
  // x = −0.3: distance 2.7.
  const auto hit = IntersectRay(cap, Vector3d(-3, 0.5, 0.83), Vector3d::UnitX());
  REQUIRE(hit.has_value());
  CHECK(hit->distance == Approx(2.7).epsilon(1e-12));
  CHECK(hit->entering);
}

TEST_CASE("Mesh rays are watertight: through a shared edge or vertex they hit, at the right distance",
          "[ray_intersection]") {
  // The cube [−1, 1]³ as an OBJ whose faces are quads, each split by a
  // diagonal into two triangles. Möller–Trumbore decided each triangle's
  // edges from different expressions, so a ray through a diagonal (or an
  // edge of the cube) could miss both triangles and report the far side of
  // the cube, leaving (about 2% of rays aimed at diagonals). The expected
  // answers come from the Box primitive's slab test, an independent method:
  // the ray enters where the last of the three slabs is entered.
  const auto path = test::WriteBoxObj("ray_watertight_cube.obj", Vector3d(1, 1, 1));
  const DistanceGeometry box = MakeDistanceGeometry(Box(2, 2, 2));
  for (const Shape& shape : {Shape(Mesh(path)), Shape(Convex(path))}) {
    CAPTURE(shape.index());
    const DistanceGeometry G = MakeDistanceGeometry(shape);
    // The audit's ray: it crosses the face x = −1 at (−1, −0.545, −0.545),
    // on its diagonal y = z, entering at d = (−1 − o_x)/d_x.
    const Vector3d o(-1.9234218038510686, -0.95931181686476386, -0.38860898251303599);
    const Vector3d d(0.90174537646010677, 0.40427195556856432, -0.15303418563703056);
    const auto hit = IntersectRay(G, o, d);
    REQUIRE(hit.has_value());
    CHECK(hit->distance == Approx((-1 - o.x()) / d.normalized().x()).epsilon(1e-14));
    CHECK(hit->entering);
    CHECK((hit->nhat_G + Vector3d::UnitX()).norm() < 1e-14);

    // Rays aimed at points of every edge of the triangulation (the cube's
    // edges and the face diagonals) and at every vertex, from outside,
    // entering through every face that holds the point (d·n < −0.05 for
    // each such face's normal n): each must enter at the target, t ahead of
    // the origin, as the slab test says.
    const TriangleSurfaceMesh& mesh = G.mesh->mesh;
    std::set<std::pair<int, int>> edges;
    for (int f = 0; f < mesh.num_triangles(); ++f) {
      const auto& tri = mesh.element(f);
      for (int i = 0; i < 3; ++i) {
        edges.insert(std::minmax(tri[i], tri[(i + 1) % 3]));
      }
    }
    REQUIRE(edges.size() == 18);  // 12 cube edges, 6 diagonals
    std::mt19937 random(7);
    std::uniform_real_distribution<double> u(0, 1);
    std::normal_distribution<double> normal;
    int rays = 0, wrong = 0;
    auto aim = [&](const Vector3d& target) {
      for (int k = 0; k < 200; ++k) {
        const Vector3d dir =
            (-target.normalized() + 0.6 * Vector3d(normal(random), normal(random), normal(random)))
                .normalized();
        bool enters_all = true;
        for (int i = 0; i < 3; ++i) {
          if (std::abs(target[i]) == 1 && dir[i] * target[i] > -0.05) enters_all = false;
        }
        if (!enters_all) continue;
        const double t = 0.1 + 3 * u(random);
        const Vector3d origin = target - t * dir;
        const auto expected = IntersectRay(box, origin, dir);
        const auto got = IntersectRay(G, origin, dir);
        ++rays;
        REQUIRE(expected.has_value());
        REQUIRE(expected->distance == Approx(t).epsilon(1e-12));
        if (!got || !got->entering || std::abs(got->distance - expected->distance) > 1e-13 * t) {
          ++wrong;
          UNSCOPED_INFO(fmt::format("origin ({}, {}, {}) direction ({}, {}, {}): expected {}, got {}",
                                    origin.x(), origin.y(), origin.z(), dir.x(), dir.y(), dir.z(), t,
                                    got ? got->distance : -1.0));
        }
      }
    };
    for (const auto& [a, b] : edges) {
      for (int k = 0; k < 50; ++k) aim(mesh.vertex(a) + u(random) * (mesh.vertex(b) - mesh.vertex(a)));
    }
    for (int v = 0; v < mesh.num_vertices(); ++v) aim(mesh.vertex(v));
    CHECK(rays > 20000);
    CHECK(wrong == 0);
  }
}

TEST_CASE("Height-field rays are watertight on the tessellation's diagonals", "[ray_intersection]") {
  // A flat field h = 0 over [−0.5, 0.5]², 5 × 5 samples 0.25 apart: its top
  // is the plane z = 0, tessellated with a diagonal per cell. A ray aimed
  // at a point P of a diagonal from o = P − 1.7·d (d pointing down) enters
  // the top at distance 1.7. Through the diagonal it used to slip between
  // the two triangles and come back from the bottom z = −0.5, leaving.
  const DistanceGeometry G = MakeDistanceGeometry(HeightField(5, 5, 0.25, 0.25, std::vector<double>(25, 0.0), 0.5));
  std::mt19937 random(2);
  std::uniform_real_distribution<double> u(0, 1);
  int wrong = 0;
  for (int k = 0; k < 20000; ++k) {
    const int i = static_cast<int>(random() % 4), j = static_cast<int>(random() % 4);
    const double s = u(random), x0 = -0.5 + 0.25 * i, y0 = -0.5 + 0.25 * j;
    // Either diagonal of the cell: the tessellation uses one of them.
    const Vector3d p = (k % 2) ? Vector3d(x0 + 0.25 * s, y0 + 0.25 * s, 0)
                               : Vector3d(x0 + 0.25 * s, y0 + 0.25 * (1 - s), 0);
    const Vector3d d = Vector3d(0.5 * (u(random) - 0.5), 0.5 * (u(random) - 0.5), -1).normalized();
    const Vector3d o = p - 1.7 * d;
    const auto hit = IntersectRay(G, o, d);
    if (!hit || !hit->entering || std::abs(hit->distance - 1.7) > 1e-12) ++wrong;
  }
  CHECK(wrong == 0);
}

TEST_CASE("A ray from far away finds a small shape as from near", "[ray_intersection]") {
  // A 1 mm shape seen from 1 km: solved from the far origin, |o|² − r²
  // rounds to |o|² and the hit degenerated to a graze at the centre with a
  // zero normal (or a miss). Started again near the shape, the hit is
  // exact up to the origin's own rounding (ε·1e6 m ≈ 1e-10 m): along −x
  // into the face or point at x = −r, normal −x̂; off-centre by 0.5r into a
  // sphere at x = −r·√0.75 with normal (−√0.75, 0.5, 0).
  const double r = 1e-3, far = 1e6;
  const auto path = test::WriteBoxObj("ray_far_box.obj", Vector3d(r, r, r));
  for (const Shape& shape : {Shape(Sphere(r)), Shape(Box(2 * r, 2 * r, 2 * r)),
                             Shape(Cylinder(r, 2 * r)), Shape(Capsule(r, 2 * r)),
                             Shape(Ellipsoid(r, 2 * r, 3 * r)), Shape(Mesh(path)),
                             Shape(Convex(path))}) {
    CAPTURE(shape.index());
    const DistanceGeometry G = MakeDistanceGeometry(shape);
    const Vector3d p_GO(-far, 0, 0);
    const auto hit = IntersectRay(G, p_GO, Vector3d::UnitX());
    REQUIRE(hit.has_value());
    CHECK(std::abs(hit->distance - (far - r)) < 1e-9);
    CHECK((hit->p_GH - Vector3d(-r, 0, 0)).norm() < 1e-9);
    CHECK((hit->nhat_G - Vector3d(-1, 0, 0)).norm() < 1e-6);
    CHECK(hit->entering);
    // Beyond max_distance, and pointing away: no hit.
    CHECK(!IntersectRay(G, p_GO, Vector3d::UnitX(), far - 2 * r));
    CHECK(!IntersectRay(G, p_GO, -Vector3d::UnitX()));
  }
  const DistanceGeometry sphere = MakeDistanceGeometry(Sphere(r));
  const auto hit = IntersectRay(sphere, Vector3d(-far, 0.5 * r, 0), Vector3d::UnitX());
  REQUIRE(hit.has_value());
  CHECK((hit->p_GH - Vector3d(-std::sqrt(0.75) * r, 0.5 * r, 0)).norm() < 1e-9);
  CHECK((hit->nhat_G - Vector3d(-std::sqrt(0.75), 0.5, 0)).norm() < 1e-6);
  // A miss by 1.01 r stays a miss.
  CHECK(!IntersectRay(sphere, Vector3d(-far, 1.01 * r, 0), Vector3d::UnitX()));
}

}  // namespace
}  // namespace hydrocontact
