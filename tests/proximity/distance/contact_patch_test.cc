#include "proximity/distance/contact_patch.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <catch2/catch.hpp>

#include "proximity/distance/shape_pair_distance.h"
#include "tests/proximity/distance/distance_test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector2d;
using Eigen::Vector3d;

struct Posed {
  DistanceGeometry geometry;
  RigidTransform X_WG;
};

struct Result {
  SignedDistancePair pair;
  ContactPatch patch;
};

Result Patch(const Posed& a, const Posed& b, const ContactPatchSettings& settings = {}) {
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const SignedDistancePair pair = ComputeSignedDistancePair(id_A, a.geometry, a.X_WG, id_B, b.geometry, b.X_WG);
  return {pair, ComputeContactPatch(pair, a.geometry, a.X_WG, b.geometry, b.X_WG, settings)};
}

// Counter-clockwise about the normal: every turn of the polygon is to the
// left in the patch frame (for ≥ 3 points).
bool IsCounterClockwise(const ContactPatch& patch) {
  const int n = patch.size();
  if (n < 3) return true;
  for (int i = 0; i < n; ++i) {
    const Vector2d e1 = patch.points[(i + 1) % n] - patch.points[i];
    const Vector2d e2 = patch.points[(i + 2) % n] - patch.points[(i + 1) % n];
    if (!(e1.x() * e2.y() - e1.y() * e2.x() > 0)) return false;
  }
  return true;
}

// Each expected point (in W, on the patch plane) is a patch point and vice
// versa.
void CheckPointsW(const ContactPatch& patch, const std::vector<Vector3d>& expected, double tolerance = 1e-12) {
  REQUIRE(patch.size() == static_cast<int>(expected.size()));
  for (const Vector3d& e : expected) {
    bool found = false;
    for (int i = 0; i < patch.size(); ++i) found = found || (patch.point_W(i) - e).norm() <= tolerance;
    INFO("expected point " << e.transpose());
    CHECK(found);
  }
}

// The invariants of any patch: the frame's z is the pair's normal from A to
// B, the origin the witnesses' midpoint; counter-clockwise; each point's
// projections lie on A's and B's surfaces (within `on_surface`) and the
// point itself within the penetration depth of both surfaces.
void CheckPatchInvariants(const Posed& a, const Posed& b, const Result& r, double on_surface = 1e-12) {
  const ContactPatch& patch = r.patch;
  CHECK((patch.normal_W() + r.pair.nhat_BA_W).norm() < 1e-14);
  const Vector3d mid = 0.5 * (a.X_WG * r.pair.p_ACa + b.X_WG * r.pair.p_BCb);
  CHECK((patch.X_WP.translation() - mid).norm() < 1e-14);
  CHECK(patch.penetration_depth == r.pair.distance);
  CHECK(IsCounterClockwise(patch));
  const double depth = -r.pair.distance;
  for (int i = 0; i < patch.size(); ++i) {
    const double d_A = ComputeSignedDistanceToPoint(r.pair.id_A, a.geometry, a.X_WG, patch.point_on_shape_A_W(i)).distance;
    const double d_B = ComputeSignedDistanceToPoint(r.pair.id_B, b.geometry, b.X_WG, patch.point_on_shape_B_W(i)).distance;
    INFO("point " << i << ": " << patch.point_W(i).transpose());
    CHECK(std::abs(d_A) <= on_surface);
    CHECK(std::abs(d_B) <= on_surface);
    CHECK(std::abs(ComputeSignedDistanceToPoint(r.pair.id_A, a.geometry, a.X_WG, patch.point_W(i)).distance) <=
          depth + on_surface);
    CHECK(std::abs(ComputeSignedDistanceToPoint(r.pair.id_B, b.geometry, b.X_WG, patch.point_W(i)).distance) <=
          depth + on_surface);
  }
}

TEST_CASE("Patch: a box face-down on a half-space gives its four bottom corners", "[contact_patch]") {
  // Unit cube 0.01 deep: witnesses z = −0.01 (box) and 0 (ground), the
  // plane at z = −0.005; the patch is the bottom square, normal −z (from the
  // box A to the ground B).
  const Posed box{MakeDistanceGeometry(Box(1, 1, 1)), RigidTransform(Vector3d(2, 3, 0.49))};
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  const Result r = Patch(box, ground);
  CHECK(r.patch.normal_W() == Vector3d(0, 0, -1));
  CHECK(r.patch.penetration_depth == Approx(-0.01).epsilon(1e-12));
  CheckPointsW(r.patch, {Vector3d(1.5, 2.5, -0.005), Vector3d(2.5, 2.5, -0.005), Vector3d(2.5, 3.5, -0.005),
                         Vector3d(1.5, 3.5, -0.005)});
  CheckPatchInvariants(box, ground, r);
  // Shape points: on the box's bottom (z = −0.01) and the ground (z = 0).
  CHECK(r.patch.point_on_shape_A_W(0).z() == Approx(-0.01).epsilon(1e-12));
  CHECK(std::abs(r.patch.point_on_shape_B_W(0).z()) < 1e-15);
  // The same with the roles exchanged (ground first): normal +z, still CCW.
  const Result swapped = Patch(ground, box);
  CHECK(swapped.patch.normal_W() == Vector3d(0, 0, 1));
  CHECK(swapped.patch.size() == 4);
  CheckPatchInvariants(ground, box, swapped);
}

TEST_CASE("Patch: a tolerance as wide as a box keeps its near face, not its far side",
          "[contact_patch]") {
  // Unit cube A, unit cube B 0.1 m into its top and 0.3 m aside: the patch is
  // the overlap of the faces, x ∈ [−0.2, 0.5], y ∈ [−0.5, 0.5], every
  // point 0.1 m deep. A tolerance of 1 m or more used to take in the far
  // face's corners too; the surface fitted over all eight lay in the middle
  // of the box and the depths came out 0.9 (wrong in sign). Capped at half
  // the box's extent along the normal, the set is the near face at any
  // tolerance. A 0.1 mm cube 10 µm into the ground under the default 1 mm
  // tolerance is the same case in miniature.
  const Posed a{MakeDistanceGeometry(Box(1, 1, 1)), RigidTransform()};
  const Posed b{MakeDistanceGeometry(Box(1, 1, 1)), RigidTransform(Vector3d(0.3, 0, 0.9))};
  for (const double tolerance : {1e-3, 0.9, 1.0, 1.5, 1e6}) {
    CAPTURE(tolerance);
    ContactPatchSettings settings;
    settings.tolerance = tolerance;
    const Result r = Patch(a, b, settings);
    CheckPointsW(r.patch, {Vector3d(-0.2, -0.5, 0.45), Vector3d(0.5, -0.5, 0.45), Vector3d(0.5, 0.5, 0.45),
                           Vector3d(-0.2, 0.5, 0.45)});
    for (const double depth : r.patch.point_penetration_depths) CHECK(depth == Approx(-0.1).epsilon(1e-12));
    CheckPatchInvariants(a, b, r);
  }
  const Posed tiny{MakeDistanceGeometry(Box(1e-4, 1e-4, 1e-4)), RigidTransform(Vector3d(0, 0, 4e-5))};
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  const Result r = Patch(tiny, ground);
  REQUIRE(r.patch.size() == 4);
  for (const double depth : r.patch.point_penetration_depths) CHECK(depth == Approx(-1e-5).epsilon(1e-9));
  CheckPatchInvariants(tiny, ground, r, 1e-15);
}

TEST_CASE("Patch: an offset box on a larger box gives the clipped square", "[contact_patch]") {
  // A: unit cube centred at (0.8, 0.3, 0.49), x ∈ [0.3, 1.3], y ∈ [−0.2,
  // 0.8]; B: 2 × 2 × 1 with its top face at z = 0, x, y ∈ [−1, 1]. The overlap
  // in z is 0.01 (the smallest of the face axes), the plane z = −0.005 and the
  // patch the square x ∈ [0.3, 1], y ∈ [−0.2, 0.8].
  const Posed a{MakeDistanceGeometry(Box(1, 1, 1)), RigidTransform(Vector3d(0.8, 0.3, 0.49))};
  const Posed b{MakeDistanceGeometry(Box(2, 2, 1)), RigidTransform(Vector3d(0, 0, -0.5))};
  const Result r = Patch(a, b);
  CHECK((r.patch.normal_W() - Vector3d(0, 0, -1)).norm() < 1e-14);
  CheckPointsW(r.patch, {Vector3d(0.3, -0.2, -0.005), Vector3d(1, -0.2, -0.005), Vector3d(1, 0.8, -0.005),
                         Vector3d(0.3, 0.8, -0.005)});
  CheckPatchInvariants(a, b, r);
}

TEST_CASE("Patch: a tilted box touches along an edge segment", "[contact_patch]") {
  // Unit cube turned θ = 0.3 about x: its lowest edge (along x) is at local
  // (y, z) = (−0.5, −0.5), i.e. y = −0.5 cos θ + 0.5 sin θ and
  // 0.5 (cos θ + sin θ) below the centre. Centre raised so it is 0.01 deep.
  const double t = 0.3;
  const double y = -0.5 * std::cos(t) + 0.5 * std::sin(t);
  const Posed box{MakeDistanceGeometry(Box(1, 1, 1)),
                  RigidTransform::FromRollPitchYaw(Vector3d(t, 0, 0),
                                                   Vector3d(0, 0, 0.5 * (std::cos(t) + std::sin(t)) - 0.01))};
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  const Result r = Patch(box, ground);
  CheckPointsW(r.patch, {Vector3d(-0.5, y, -0.005), Vector3d(0.5, y, -0.005)}, 1e-12);
  CheckPatchInvariants(box, ground, r);
  // The edge is 0.01 deep by construction; the normal points from the box (A)
  // down into the ground (B).
  CHECK(r.patch.penetration_depth == Approx(-0.01).epsilon(1e-12));
  CHECK((r.patch.normal_W() - Vector3d(0, 0, -1)).norm() < 1e-14);
}

TEST_CASE("Patch: a sphere gives one point", "[contact_patch]") {
  const Posed sphere{MakeDistanceGeometry(Sphere(0.5)), RigidTransform(Vector3d(0.1, 0.2, 0.49))};
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  const Result r = Patch(sphere, ground);
  CheckPointsW(r.patch, {Vector3d(0.1, 0.2, -0.005)});
  CheckPatchInvariants(sphere, ground, r);
  // Centre 0.49 above the ground, radius 0.5: 0.01 deep, normal −z (A to B).
  CHECK(r.patch.penetration_depth == Approx(-0.01).epsilon(1e-12));
  CHECK((r.patch.normal_W() - Vector3d(0, 0, -1)).norm() < 1e-14);
  // On a box's face too.
  const Posed box{MakeDistanceGeometry(Box(2, 2, 1)), RigidTransform(Vector3d(0, 0, -0.5))};
  const Result on_box = Patch(sphere, box);
  CheckPointsW(on_box.patch, {Vector3d(0.1, 0.2, -0.005)});
}

TEST_CASE("Patch: a standing cylinder gives its polygonised end, a lying one a segment", "[contact_patch]") {
  // Cylinder R = 0.2, L = 0.6 standing 0.01 deep: the 16-gon inscribed in
  // its bottom rim, at z = −0.005, every vertex 0.2 from the axis.
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  const Posed standing{MakeDistanceGeometry(Cylinder(0.2, 0.6)), RigidTransform(Vector3d(1, 1, 0.29))};
  const Result r = Patch(standing, ground);
  REQUIRE(r.patch.size() == 16);
  for (int i = 0; i < r.patch.size(); ++i) {
    const Vector3d p = r.patch.point_W(i);
    CHECK(std::hypot(p.x() - 1, p.y() - 1) == Approx(0.2).epsilon(1e-12));
    CHECK(p.z() == Approx(-0.005).epsilon(1e-12));
  }
  CheckPatchInvariants(standing, ground, r);
  ContactPatchSettings coarse;
  coarse.cylinder_cap_sides = 6;
  CHECK(Patch(standing, ground, coarse).patch.size() == 6);
  // Lying along x (turned π/2 about y), 0.01 deep: the segment x ∈ [−0.3, 0.3]
  // under the axis.
  const Posed lying{MakeDistanceGeometry(Cylinder(0.2, 0.6)),
                    RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 2, 0), Vector3d(0, 0, 0.19))};
  const Result s = Patch(lying, ground);
  CheckPointsW(s.patch, {Vector3d(-0.3, 0, -0.005), Vector3d(0.3, 0, -0.005)}, 1e-12);
  CheckPatchInvariants(lying, ground, s);
}

TEST_CASE("Patch: a capsule lying down gives a segment", "[contact_patch]") {
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  const Posed capsule{MakeDistanceGeometry(Capsule(0.1, 0.4)),
                      RigidTransform::FromRollPitchYaw(Vector3d(M_PI / 2, 0, 0), Vector3d(0, 0, 0.09))};
  const Result r = Patch(ground, capsule);
  CheckPointsW(r.patch, {Vector3d(0, -0.2, -0.005), Vector3d(0, 0.2, -0.005)}, 1e-12);
  CheckPatchInvariants(ground, capsule, r);
  // Axis 0.09 above the ground, radius 0.1: 0.01 deep; the ground is A, so
  // the normal from A to B points up.
  CHECK(r.patch.penetration_depth == Approx(-0.01).epsilon(1e-12));
  CHECK((r.patch.normal_W() - Vector3d(0, 0, 1)).norm() < 1e-14);
}

TEST_CASE("Patch: two crossed box edges give one point", "[contact_patch]") {
  // The edge-on-edge configuration of contact_kinematics_test: the edges
  // cross above (0, 0.05·…): one point, on the normal through the crossing.
  const double s = std::sqrt(2.0);
  const Posed a{MakeDistanceGeometry(Box(1, 1, 1)), RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 4, 0))};
  const Posed b{MakeDistanceGeometry(Box(1, 1, 1)),
                RigidTransform::FromRollPitchYaw(Vector3d(M_PI / 4, 0, 0.2), Vector3d(0.1, 0.05, s - 0.01))};
  const Result r = Patch(a, b);
  REQUIRE(r.patch.size() == 1);
  // A's edge is x = 0, z = √2/2; the point is on it (x = 0).
  CHECK(std::abs(r.patch.point_W(0).x()) < 1e-12);
  CheckPatchInvariants(a, b, r);
}

TEST_CASE("Patch: a convex mesh resting face-down gives its bottom face", "[contact_patch]") {
  // The 1 × 0.6 × 0.4 box as a convex hull, turned 0.4 rad about z, 0.01 deep
  // in the ground: its bottom rectangle (corners R·(±0.5, ±0.3)) at
  // z = −0.005.
  const auto path = test::WriteBoxObj("contact_patch_test_box.obj", Vector3d(0.5, 0.3, 0.2));
  const RigidTransform X_WC = RigidTransform::FromRollPitchYaw(Vector3d(0, 0, 0.4), Vector3d(0.2, -0.1, 0.19));
  const Posed hull{MakeDistanceGeometry(Convex(path)), X_WC};
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  std::vector<Vector3d> corners;
  for (const Vector2d& c : {Vector2d(0.5, 0.3), Vector2d(-0.5, 0.3), Vector2d(-0.5, -0.3), Vector2d(0.5, -0.3)}) {
    Vector3d p = X_WC * Vector3d(c.x(), c.y(), -0.2);
    p.z() = -0.005;
    corners.push_back(p);
  }
  const Result r = Patch(hull, ground);
  CheckPointsW(r.patch, corners, 1e-12);
  CheckPatchInvariants(hull, ground, r, 1e-12);
  // Bottom face at 0.19 − 0.2 = −0.01: 0.01 deep, normal −z (hull A to ground B).
  CHECK(r.patch.penetration_depth == Approx(-0.01).epsilon(1e-12));
  CHECK((r.patch.normal_W() - Vector3d(0, 0, -1)).norm() < 1e-14);
  // On a larger box instead of the ground (EPA's normal on polytopes): the
  // same rectangle, within EPA's accuracy.
  const Posed table{MakeDistanceGeometry(Box(3, 3, 1)), RigidTransform(Vector3d(0, 0, -0.5))};
  const Result on_table = Patch(hull, table);
  CheckPointsW(on_table.patch, corners, 1e-9);
}

TEST_CASE("ContactPatch::IsSame ignores the starting point, not the order", "[contact_patch]") {
  ContactPatch p;
  p.id_A = GeometryId::get_new_id();
  p.id_B = GeometryId::get_new_id();
  p.points = {Vector2d(0, 0), Vector2d(1, 0), Vector2d(1, 1), Vector2d(0, 1)};
  p.point_penetration_depths = {-0.1, -0.2, -0.3, -0.4};
  ContactPatch q = p;
  // The same polygon from its third point: each depth travels with its point.
  q.points = {Vector2d(1, 1), Vector2d(0, 1), Vector2d(0, 0), Vector2d(1, 0)};
  q.point_penetration_depths = {-0.3, -0.4, -0.1, -0.2};
  CHECK(p.IsSame(q));
  q.points[0].x() += 1e-9;
  CHECK_FALSE(p.IsSame(q));
  CHECK(p.IsSame(q, 1e-8));
  ContactPatch reversed = p;
  reversed.points = {Vector2d(0, 0), Vector2d(0, 1), Vector2d(1, 1), Vector2d(1, 0)};
  reversed.point_penetration_depths = {-0.1, -0.4, -0.3, -0.2};
  CHECK_FALSE(p.IsSame(reversed));
  ContactPatch other_depth = p;
  other_depth.penetration_depth = -0.1;
  CHECK_FALSE(p.IsSame(other_depth));
  // Same points, one point's own depth different.
  ContactPatch other_point_depth = p;
  other_point_depth.point_penetration_depths[2] += 1e-9;
  CHECK_FALSE(p.IsSame(other_point_depth));
  CHECK(p.IsSame(other_point_depth, 1e-8));
  // Depths not matching the points in number: the same as nothing.
  ContactPatch malformed = p;
  malformed.point_penetration_depths.pop_back();
  CHECK_FALSE(p.IsSame(malformed));
  CHECK_FALSE(malformed.IsSame(malformed));
}

TEST_CASE("ContactPatch::AddPoint records the patch's depth or the given one", "[contact_patch]") {
  ContactPatch p;
  p.X_WP = RigidTransform(Vector3d(0, 0, 1));
  p.penetration_depth = -0.01;
  p.AddPoint(Vector3d(0.5, 0.25, 3));  // projected onto z = 1
  p.AddPoint(Vector3d(-0.5, 0.25, 1), -0.004);
  REQUIRE(p.size() == 2);
  CHECK(p.points[0] == Vector2d(0.5, 0.25));
  CHECK(p.point_penetration_depths == std::vector<double>{-0.01, -0.004});
}

// The per-point depth of every point of a patch whose A is a box with pose
// X_WA on the ground z = 0 (B) with a vertical normal: the line along n
// through the point meets the ground at z = 0 and, the point being a
// corner's projection, the box at that corner, so d_i = t_B − t_A along n =
// −z is the corner's height z (negative below the ground).
void CheckCornerDepths(const ContactPatch& patch, const RigidTransform& X_WA, const Vector3d& half) {
  REQUIRE(patch.point_penetration_depths.size() == patch.points.size());
  for (int i = 0; i < patch.size(); ++i) {
    const Vector3d p = patch.point_W(i);
    // The lowest corner over the point (a top corner may be above it too).
    double z = std::numeric_limits<double>::infinity();
    for (int c = 0; c < 8; ++c) {
      const Vector3d corner = X_WA * Vector3d((c & 1) ? half.x() : -half.x(), (c & 2) ? half.y() : -half.y(),
                                              (c & 4) ? half.z() : -half.z());
      if ((corner - p).head<2>().norm() <= 1e-12) z = std::min(z, corner.z());
    }
    INFO("point " << i << ": " << p.transpose());
    REQUIRE(std::isfinite(z));
    CHECK(patch.point_penetration_depths[i] == Approx(z).margin(1e-14));
  }
}

TEST_CASE("Patch: each point's own depth is the separation along the normal through it", "[contact_patch]") {
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  const Vector3d half(0.5, 0.5, 0.5);
  SECTION("flat: every point at the patch's depth") {
    const Posed box{MakeDistanceGeometry(Box(1, 1, 1)), RigidTransform(Vector3d(2, 3, 0.49))};
    const Result r = Patch(box, ground);
    REQUIRE(r.patch.size() == 4);
    for (const double d : r.patch.point_penetration_depths) CHECK(d == Approx(-0.01).margin(1e-14));
    CheckCornerDepths(r.patch, box.X_WG, half);
  }
  SECTION("a face tilted within the tolerance: the corners' own heights") {
    // Unit cube rolled by α = 4e-4 and pitched by β = 2e-4 (its far corners
    // up to (α + β)·1 = 0.6 mm above the lowest, within the 1 mm
    // tolerance): four points, the lowest corner 0.01 deep (the pair's
    // distance), the others at their own heights.
    const double alpha = 4e-4, beta = 2e-4;
    RigidTransform X_WA = RigidTransform::FromRollPitchYaw({alpha, beta, 0.3}, {0.2, 0.1, 0});
    double lowest = 1e9;
    for (int c = 0; c < 8; ++c) {
      lowest = std::min(lowest, (X_WA * Vector3d((c & 1) ? 0.5 : -0.5, (c & 2) ? 0.5 : -0.5,
                                                 (c & 4) ? 0.5 : -0.5)).z());
    }
    X_WA = RigidTransform(X_WA.rotation(), X_WA.translation() - Vector3d(0, 0, lowest + 0.01));
    const Posed box{MakeDistanceGeometry(Box(1, 1, 1)), X_WA};
    const Result r = Patch(box, ground);
    REQUIRE(r.patch.size() == 4);
    CheckPatchInvariants(box, ground, r, 1e-3);
    CheckCornerDepths(r.patch, X_WA, half);
    const auto& d = r.patch.point_penetration_depths;
    CHECK(*std::min_element(d.begin(), d.end()) == Approx(r.pair.distance).margin(1e-14));
    CHECK(*std::max_element(d.begin(), d.end()) > r.pair.distance + 5e-4);
    // Exchanging A and B flips the normal; the separations stay.
    const Result swapped = Patch(ground, box);
    REQUIRE(swapped.patch.size() == 4);
    CheckCornerDepths(swapped.patch, X_WA, half);
  }
  SECTION("a tilted lying cylinder: the ends of its side line") {
    // A cylinder (R = 0.2, L = 1) lying along x and pitched β = 5e-4 more:
    // its lowest side line, local (R·u, ±L/2) with u the local radial
    // direction pointing most down, is not level: its ends differ in height
    // by L·sin β = 0.5 mm, within the 1 mm tolerance, so the patch is that
    // segment and each end's depth is its own height.
    const double beta = 5e-4;
    const RigidTransform X_WA = RigidTransform::FromRollPitchYaw({0, M_PI / 2 + beta, 0}, {0, 0, 0.2 - 0.01});
    const Posed cylinder{MakeDistanceGeometry(Cylinder(0.2, 1)), X_WA};
    const Result r = Patch(cylinder, ground);
    REQUIRE(r.patch.size() == 2);
    const Vector3d down_G = X_WA.rotation().transpose() * Vector3d(0, 0, -1);
    const Vector3d u = Vector3d(down_G.x(), down_G.y(), 0).normalized();
    for (int i = 0; i < 2; ++i) {
      bool found = false;
      for (const double z : {-0.5, 0.5}) {
        const Vector3d end = X_WA * (0.2 * u + Vector3d(0, 0, z));
        if ((end - r.patch.point_W(i)).head<2>().norm() > 1e-12) continue;
        found = true;
        CHECK(r.patch.point_penetration_depths[i] == Approx(end.z()).margin(1e-14));
      }
      CHECK(found);
    }
    // The ends differ by L·sin β.
    CHECK(std::abs(r.patch.point_penetration_depths[0] - r.patch.point_penetration_depths[1]) ==
          Approx(std::sin(beta)).epsilon(1e-9));
  }
  SECTION("a sphere: its one point at the pair's distance") {
    const Posed sphere{MakeDistanceGeometry(Sphere(0.5)), RigidTransform(Vector3d(0.1, 0.2, 0.49))};
    const Result r = Patch(sphere, ground);
    REQUIRE(r.patch.size() == 1);
    CHECK(r.patch.point_penetration_depths[0] == Approx(r.pair.distance).margin(1e-14));
  }
  SECTION("a tilted box on a box: the plane of each face") {
    // A (1 × 1 × 1) rolled by α = 3e-4 over B (3 × 3 × 1, top at z = 0).
    // The pair's normal may be either face's (whichever overlaps less);
    // along it, the line through each point meets B's top plane z = 0 and
    // A's bottom plane m_A·(x − c_A) = −1/2 (m_A its z axis) where solved
    // below by hand: the depth is their difference t_B − t_A.
    const double alpha = 3e-4;
    const RigidTransform X_WA = RigidTransform::FromRollPitchYaw({alpha, 0, 0}, {0.1, 0, 0.5 - 0.005});
    const Posed a{MakeDistanceGeometry(Box(1, 1, 1)), X_WA};
    const Posed b{MakeDistanceGeometry(Box(3, 3, 1)), RigidTransform(Vector3d(0, 0, -0.5))};
    const Result r = Patch(a, b);
    REQUIRE(r.patch.size() == 4);
    const Vector3d n = r.patch.normal_W();
    const Vector3d m_A = X_WA.rotation().col(2);
    const Vector3d c_A = X_WA.translation();
    for (int i = 0; i < 4; ++i) {
      const Vector3d p = r.patch.point_W(i);
      // p + t·n on z = 0 and on A's bottom plane.
      const double t_B = -p.z() / n.z();
      const double t_A = (-0.5 - m_A.dot(p - c_A)) / m_A.dot(n);
      INFO("point " << i);
      CHECK(r.patch.point_penetration_depths[i] == Approx(t_B - t_A).margin(1e-9));
    }
  }
}

TEST_CASE("Patch: bad settings throw naming the value", "[contact_patch]") {
  const Posed sphere{MakeDistanceGeometry(Sphere(0.5)), RigidTransform(Vector3d(0, 0, 0.49))};
  const Posed ground{MakeDistanceGeometry(HalfSpace()), RigidTransform()};
  ContactPatchSettings bad;
  bad.tolerance = -1;
  CHECK_THROWS_WITH(Patch(sphere, ground, bad), Catch::Contains("tolerance") && Catch::Contains("-1"));
  ContactPatchSettings few;
  few.cylinder_cap_sides = 2;
  CHECK_THROWS_WITH(Patch(sphere, ground, few), Catch::Contains("cylinder_cap_sides") && Catch::Contains("2"));
  // 2^31 − 1 sides would be stored and clipped (gigabytes, minutes): the
  // count is bounded too.
  ContactPatchSettings many;
  many.cylinder_cap_sides = kMaxCylinderCapSides + 1;
  CHECK_THROWS_WITH(Patch(sphere, ground, many), Catch::Contains("must be in [3, 100000], got 100001"));
}

}  // namespace
}  // namespace hydrocontact
