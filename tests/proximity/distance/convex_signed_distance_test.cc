#include "proximity/distance/convex_signed_distance.h"

#include <random>

#include <catch2/catch.hpp>

#include "proximity/distance/ellipsoid_point_distance.h"
#include "proximity/distance/point_distance.h"
#include "proximity/distance/segment_distance.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

// GJK/EPA (on support mappings) against the closed forms (on the shapes),
// over random poses, separated and overlapping alike. The two share
// nothing but the shapes' sizes.

RigidTransform RandomPose(std::mt19937& rng, double spread) {
  std::uniform_real_distribution<double> u(-1, 1);
  return RigidTransform::FromRollPitchYaw(Vector3d(u(rng), u(rng), u(rng)) * M_PI,
                                          Vector3d(u(rng), u(rng), u(rng)) * spread);
}

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

}  // namespace
}  // namespace hydrocontact
