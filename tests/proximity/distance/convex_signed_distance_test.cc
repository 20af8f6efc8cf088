#include "proximity/distance/convex_signed_distance.h"

#include <random>

#include <catch2/catch.hpp>

#include "proximity/distance/ellipsoid_point_distance.h"
#include "proximity/distance/point_distance.h"
#include "proximity/distance/segment_distance.h"
#include "tests/test_poses.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// GJK/EPA (on support mappings) against the closed forms (on the shapes),
// over random poses, separated and overlapping alike. The two share
// nothing but the shapes' sizes.

using test::RandomPose;

void CheckWitnesses(const ConvexSignedDistance& r) {
  CHECK((r.p_ACa - r.p_ACb_A - r.distance * r.nhat_BA_A).norm() < 1e-10);
  CHECK(std::abs(r.nhat_BA_A.norm() - 1) < 1e-12);
}

TEST_CASE("GJK/EPA sphere (point + margin) vs box agrees with the point closed form",
          "[convex_signed_distance]") {
  // φ(sphere, box) = φ_box(centre) − r.
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> size(0.1, 1.0);
  double max_error = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const double r = size(rng) / 2;
    const Box box(size(rng), size(rng), size(rng));
    const RigidTransform X_AB = RandomPose(rng, 0.8);  // A = sphere, B = box
    const ConvexSignedDistance g = ComputeConvexSignedDistance(
        PointSupport{Vector3d::Zero(), r}, BoxSupport{box.half_size()}, X_AB);
    const PointShapeDistance closed = CalcPointDistance(box, X_AB.inverse().translation());
    max_error = std::max(max_error, std::abs(g.distance - (closed.distance - r)));
    if (closed.is_grad_unique && std::abs(closed.distance) > 1e-6) {
      CHECK((g.nhat_BA_A - X_AB.rotation() * closed.grad_G).norm() < 1e-8);
    }
    CheckWitnesses(g);
  }
  CHECK(max_error < 1e-9);
}

TEST_CASE("GJK/EPA capsule (segment + margin) pairs agree with segment distance",
          "[convex_signed_distance]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> size(0.1, 1.0);
  double max_error = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const Capsule a(size(rng) / 3, size(rng)), b(size(rng) / 3, size(rng));
    const RigidTransform X_AB = RandomPose(rng, 0.7);
    const SegmentSupport sa{Vector3d(0, 0, -a.length() / 2), Vector3d(0, 0, a.length() / 2),
                            a.radius()};
    const SegmentSupport sb{Vector3d(0, 0, -b.length() / 2), Vector3d(0, 0, b.length() / 2),
                            b.radius()};
    const ConvexSignedDistance g = ComputeConvexSignedDistance(sa, sb, X_AB);
    const ConvexSignedDistance closed = CalcCapsuleCapsuleDistance(a, b, X_AB);
    max_error = std::max(max_error, std::abs(g.distance - closed.distance));
    CheckWitnesses(g);
  }
  CHECK(max_error < 1e-9);
}

TEST_CASE("GJK/EPA sphere vs cylinder and vs ellipsoid agree with the point closed forms",
          "[convex_signed_distance]") {
  // Curved supports (the cylinder's rim, the ellipsoid's whole surface):
  // GJK converges linearly and EPA hands over to the Newton polish.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> size(0.2, 1.0);
  double max_error_cylinder = 0, max_error_ellipsoid = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const double r = size(rng) / 3;
    const Cylinder cylinder(size(rng) / 2, size(rng));
    const Ellipsoid ellipsoid(size(rng) / 2, size(rng) / 2, size(rng) / 2);
    const RigidTransform X_AB = RandomPose(rng, 0.8);
    const PointSupport sphere{Vector3d::Zero(), r};
    const Vector3d p_BAo = X_AB.inverse().translation();
    const ConvexSignedDistance gc = ComputeConvexSignedDistance(
        sphere, CylinderSupport{cylinder.radius(), cylinder.length() / 2}, X_AB);
    max_error_cylinder = std::max(
        max_error_cylinder, std::abs(gc.distance - (CalcPointDistance(cylinder, p_BAo).distance - r)));
    const ConvexSignedDistance ge =
        ComputeConvexSignedDistance(sphere, EllipsoidSupport{ellipsoid.semi_axes()}, X_AB);
    max_error_ellipsoid =
        std::max(max_error_ellipsoid,
                 std::abs(ge.distance - (CalcPointDistance(ellipsoid, p_BAo).distance - r)));
    CheckWitnesses(gc);
    CheckWitnesses(ge);
  }
  CHECK(max_error_cylinder < 1e-9);
  CHECK(max_error_ellipsoid < 1e-9);
}

TEST_CASE("GJK/EPA on a box's corner list equals the box support", "[convex_signed_distance]") {
  // PolytopeSupport over the 8 corners is the same set as BoxSupport: the
  // same distance, whichever way the corners are listed.
  std::mt19937 rng(11);
  const Vector3d h(0.3, 0.2, 0.5);
  std::vector<Vector3d> corners;
  for (int i = 0; i < 8; ++i) {
    corners.emplace_back((i & 4) ? h.x() : -h.x(), (i & 1) ? h.y() : -h.y(),
                         (i & 2) ? h.z() : -h.z());
  }
  const PolytopeSupport polytope{corners};
  const CylinderSupport cylinder{0.2, 0.3};
  for (int trial = 0; trial < 1000; ++trial) {
    const RigidTransform X_AB = RandomPose(rng, 0.8);
    const ConvexSignedDistance a = ComputeConvexSignedDistance(polytope, cylinder, X_AB);
    const ConvexSignedDistance b = ComputeConvexSignedDistance(BoxSupport{h}, cylinder, X_AB);
    CHECK(a.distance == Approx(b.distance).margin(1e-10));
  }
}

TEST_CASE("Margins add in closed form", "[convex_signed_distance]") {
  // Two points 1 apart with margins 0.2 and 0.3: distance 0.5, witnesses on
  // the spheres' surfaces.
  const ConvexSignedDistance r = ComputeConvexSignedDistance(
      PointSupport{Vector3d::Zero(), 0.2}, PointSupport{Vector3d::Zero(), 0.3},
      RigidTransform(Vector3d(0, 1, 0)));
  CHECK(r.distance == Approx(0.5));
  CHECK((r.nhat_BA_A - Vector3d(0, -1, 0)).norm() < 1e-15);
  CHECK((r.p_ACa - Vector3d(0, 0.2, 0)).norm() < 1e-15);
  CHECK((r.p_ACb_A - Vector3d(0, 0.7, 0)).norm() < 1e-15);
  // Coincident centres: depth 0.5, direction not unique.
  const ConvexSignedDistance c = ComputeConvexSignedDistance(
      PointSupport{Vector3d::Zero(), 0.2}, PointSupport{Vector3d::Zero(), 0.3}, RigidTransform());
  CHECK(c.distance == Approx(-0.5));
  CHECK(!c.is_nhat_unique);
  CHECK(c.nhat_BA_A.norm() == Approx(1));
}

TEST_CASE("The normal's tie rule: identical shapes at one pose and corner contacts",
          "[convex_signed_distance]") {
  // Identical shapes at one pose: D = A − A = 2A is centrally symmetric, so
  // g(−n̂) = g(n̂) and the normal is never unique (swapping A and B gives the
  // same input, which cannot give the opposite normal).
  // Cylinder r = 0.5, half length 1.5: h_D(n) = 2r |n_xy| + 2L |n_z| is
  // least (1.0) at every radial n: depth 1, a radial normal.
  const ConvexSignedDistance cyl =
      ComputeConvexSignedDistance(CylinderSupport{0.5, 1.5}, CylinderSupport{0.5, 1.5},
                                  RigidTransform());
  CHECK(std::abs(cyl.distance + 1) < 1e-9);
  CHECK(std::abs(cyl.nhat_BA_A.z()) < 1e-6);
  CHECK(!cyl.is_nhat_unique);
  // Ellipsoid (1, 0.5, 0.3): h_D(n) = 2 ‖E n‖ is least (0.6) along ±z.
  const ConvexSignedDistance ell = ComputeConvexSignedDistance(
      EllipsoidSupport{Vector3d(1, 0.5, 0.3)}, EllipsoidSupport{Vector3d(1, 0.5, 0.3)},
      RigidTransform());
  CHECK(std::abs(ell.distance + 0.6) < 1e-9);
  CHECK(std::abs(std::abs(ell.nhat_BA_A.z()) - 1) < 1e-9);
  CHECK(!ell.is_nhat_unique);

  // Two unit cubes corner to corner, B's corner (−½,−½,−½) + t at A's corner
  // (½,½,½) + e(1,1,1): distance e√3 along the diagonal. There D has a
  // vertex, so g falls only by e√3 θ²/2 under a tilt θ of the normal:
  // 1e-13 apart that is below the tie tolerance (not unique: a round-off of
  // the poses turns the direction by ~1e-3 rad); 0.1 apart it is not.
  for (const double e : {1e-13, 0.1}) {
    const ConvexSignedDistance r = ComputeConvexSignedDistance(
        BoxSupport{Vector3d(0.5, 0.5, 0.5)}, BoxSupport{Vector3d(0.5, 0.5, 0.5)},
        RigidTransform(Vector3d::Constant(1 + e)));
    CHECK(std::abs(r.distance - e * std::sqrt(3.0)) < 1e-12);
    CHECK(r.is_nhat_unique == (e > 1e-3));
    if (e > 1e-3) CHECK((r.nhat_BA_A + Vector3d::Constant(1 / std::sqrt(3.0))).norm() < 1e-9);
  }
  // A face contact stays unique: a cylinder (r 0.5) standing 1e-12 above a
  // cube's top face (half size 0.5), g falls by ~θ × 0.5 under a tilt.
  const ConvexSignedDistance face = ComputeConvexSignedDistance(
      BoxSupport{Vector3d(0.5, 0.5, 0.5)}, CylinderSupport{0.5, 1.0},
      RigidTransform(Vector3d(0.1, 0, 1.5 + 1e-12)));
  CHECK(std::abs(face.distance - 1e-12) < 1e-13);
  CHECK((face.nhat_BA_A - Vector3d(0, 0, -1)).norm() < 1e-9);
  CHECK(face.is_nhat_unique);
}

TEST_CASE("A point exactly at a vertex of a hull is at distance 0 (sweep reproducer)",
          "[convex_signed_distance]") {
  // The sweep's irregular polytope (tools/sweep/sweep.cc): an icosahedron
  // scaled by (0.5, 0.35, 0.3) with one vertex pulled out by 1.3. A point
  // placed exactly on any vertex is on the surface: distance 0, nearest
  // point itself. (The origin then lies on a vertex of D = {Q} − hull.)
  const double t = (1 + std::sqrt(5.0)) / 2;
  std::vector<Vector3d> v{{-1, t, 0}, {1, t, 0},  {-1, -t, 0}, {1, -t, 0},
                          {0, -1, t}, {0, 1, t},  {0, -1, -t}, {0, 1, -t},
                          {t, 0, -1}, {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  for (auto& p : v) p = Vector3d(0.5 * p.x(), 0.35 * p.y(), 0.3 * p.z());
  v[0] *= 1.3;
  for (const double scale : {1.0, 1e-6}) {
    std::vector<Vector3d> hull = v;
    for (auto& p : hull) p *= scale;
    for (const Vector3d& q : hull) {
      const ConvexSignedDistance r = ComputeConvexSignedDistance(
          PointSupport{q}, PolytopeSupport{hull}, RigidTransform());
      CHECK(std::abs(r.distance) < 1e-12 * scale);
      CHECK((r.p_ACb_A - q).norm() < 1e-12 * scale);
    }
  }
}

}  // namespace
}  // namespace hydrocontact
