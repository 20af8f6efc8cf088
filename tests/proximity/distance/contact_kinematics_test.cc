#include "proximity/distance/contact_kinematics.h"

#include <cmath>
#include <functional>
#include <limits>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

#include "proximity/distance/shape_pair_distance.h"
#include "tests/test_poses.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Matrix3d;
using Eigen::Vector3d;

// Poses advanced by constant spatial velocity and acceleration (see
// test::Advance for why they have the rigid-body derivatives).
using test::Advance;

// The velocity at time t of the motion of test::Advance: (w + α t, v + a t).
SpatialVelocity VelocityAt(const SpatialVelocity& V, const SpatialAcceleration& A, double t) {
  return {V.w_W + A.alpha_W * t, V.v_W + A.a_W * t};
}

struct Body {
  DistanceGeometry geometry;
  RigidTransform X_WG;
  SpatialVelocity V;
  SpatialAcceleration A;
};

// The kinematics of A and B after both have moved for time t.
ContactKinematics KinematicsAt(const Body& a, const Body& b, double t, int sign = 1) {
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const RigidTransform X_WA = Advance(a.X_WG, a.V, a.A, t);
  const RigidTransform X_WB = Advance(b.X_WG, b.V, b.A, t);
  const SignedDistancePair pair = ComputeSignedDistancePair(id_A, a.geometry, X_WA, id_B, b.geometry, X_WB);
  return CalcContactKinematics(pair, a.geometry, {X_WA, VelocityAt(a.V, a.A, t), a.A}, b.geometry,
                               {X_WB, VelocityAt(b.V, b.A, t), b.A}, sign);
}

// verr and aerr against central differences of perr and verr over ±h.
void CheckFiniteDifferences(const Body& a, const Body& b, ContactKinematicsMethod method, double h = 1e-6,
                            double tolerance = 1e-6) {
  const ContactKinematics k0 = KinematicsAt(a, b, 0);
  CHECK(k0.method == method);
  const ContactKinematics kp = KinematicsAt(a, b, h);
  const ContactKinematics km = KinematicsAt(a, b, -h);
  REQUIRE(kp.method == method);
  REQUIRE(km.method == method);
  const double verr_fd = (kp.perr - km.perr) / (2 * h);
  const double aerr_fd = (kp.verr - km.verr) / (2 * h);
  INFO("verr " << k0.verr << " fd " << verr_fd << "; aerr " << k0.aerr << " fd " << aerr_fd);
  CHECK(std::abs(k0.verr - verr_fd) <= tolerance * std::max(1.0, std::abs(verr_fd)));
  CHECK(std::abs(k0.aerr - aerr_fd) <= tolerance * std::max(1.0, std::abs(aerr_fd)));
  // The frame: orthonormal, right-handed, Cz the normal out of A.
  const Matrix3d& R = k0.X_WC.rotation();
  CHECK((R.transpose() * R - Matrix3d::Identity()).norm() < 1e-12);
  CHECK(R.determinant() > 0);
}

const SpatialVelocity kVa{Vector3d(0.3, -0.7, 0.5), Vector3d(0.2, 0.4, -0.6)};
const SpatialAcceleration kAa{Vector3d(-0.9, 0.4, 1.3), Vector3d(0.5, -1.1, 0.8)};
const SpatialVelocity kVb{Vector3d(-0.6, 0.2, 0.9), Vector3d(-0.3, 0.1, 0.7)};
const SpatialAcceleration kAb{Vector3d(0.7, 1.2, -0.4), Vector3d(-0.8, 0.6, 0.3)};

TEST_CASE("Sphere–sphere: verr, aerr are the derivatives of perr, verr", "[contact_kinematics]") {
  const Body a{MakeDistanceGeometry(Sphere(0.5)), RigidTransform(Vector3d(0.1, 0.2, 0.3)), kVa, kAa};
  const Body b{MakeDistanceGeometry(Sphere(0.3)),
               RigidTransform::FromRollPitchYaw(Vector3d(0.2, 0.1, -0.3), Vector3d(0.6, 0.5, 0.7)), kVb, kAb};
  CheckFiniteDifferences(a, b, ContactKinematicsMethod::kSphereSphere);
  // perr by hand: centres ‖(0.5, 0.3, 0.4)‖ = √0.5 apart.
  const ContactKinematics k = KinematicsAt(a, b, 0);
  CHECK(k.perr == Approx(std::sqrt(0.5) - 0.8).epsilon(1e-14));
  CHECK((k.X_WC.rotation().col(2) - Vector3d(0.5, 0.3, 0.4) / std::sqrt(0.5)).norm() < 1e-14);
}

TEST_CASE("Sphere–half-space and capsule–half-space are exact", "[contact_kinematics]") {
  const Body plane{MakeDistanceGeometry(HalfSpace()),
                   RigidTransform::FromRollPitchYaw(Vector3d(0.1, -0.2, 0.3), Vector3d(0, 0, 0.1)), kVa, kAa};
  const Body sphere{MakeDistanceGeometry(Sphere(0.4)), RigidTransform(Vector3d(0.2, 0.1, 0.45)), kVb, kAb};
  CheckFiniteDifferences(plane, sphere, ContactKinematicsMethod::kSpherePlane);
  CheckFiniteDifferences(sphere, plane, ContactKinematicsMethod::kSpherePlane);
  // perr itself in closed form: the centre's height above the plane (normal
  // R_WP·z through p_WP) less the radius.
  const Vector3d nhat_W = plane.X_WG.rotation().col(2);
  const double height = nhat_W.dot(sphere.X_WG.translation() - plane.X_WG.translation());
  CHECK(std::abs(KinematicsAt(plane, sphere, 0).perr - (height - 0.4)) < 1e-12);
  const Body capsule{MakeDistanceGeometry(Capsule(0.1, 0.6)),
                     RigidTransform::FromRollPitchYaw(Vector3d(0.7, 0.2, 0.1), Vector3d(0.2, 0.1, 0.3)), kVb, kAb};
  CheckFiniteDifferences(plane, capsule, ContactKinematicsMethod::kSpherePlane);
}

TEST_CASE("A box's vertex on a half-space is exact (point on plane)", "[contact_kinematics]") {
  const Body plane{MakeDistanceGeometry(HalfSpace()), RigidTransform(), kVa, kAa};
  const Body box{MakeDistanceGeometry(Box(0.4, 0.6, 0.8)),
                 RigidTransform::FromRollPitchYaw(Vector3d(0.3, 0.5, 0.2), Vector3d(0.1, 0.2, 0.4)), kVb, kAb};
  CheckFiniteDifferences(box, plane, ContactKinematicsMethod::kPointPlane);
  // perr in closed form: the plane is z = 0 of W, so it is the lowest z over
  // the box's eight vertices p_WV = p_WB + R_WB·(±0.2, ±0.3, ±0.4).
  double lowest_z = std::numeric_limits<double>::infinity();
  for (const double sx : {-1.0, 1.0}) {
    for (const double sy : {-1.0, 1.0}) {
      for (const double sz : {-1.0, 1.0}) {
        lowest_z = std::min(lowest_z, (box.X_WG * Vector3d(0.2 * sx, 0.3 * sy, 0.4 * sz)).z());
      }
    }
  }
  CHECK(std::abs(KinematicsAt(box, plane, 0).perr - lowest_z) < 1e-12);
}

TEST_CASE("Two boxes edge on edge use seed 002 and are exact", "[contact_kinematics]") {
  // A unit cube turned 45° about y has its top edge along y at z = √2/2; a
  // unit cube turned 45° about x (then 0.2 rad about z) has its bottom edge
  // horizontal at √2/2 below its centre. With B's centre at √2 − 0.01 the
  // edges cross 0.01 deep: perr = −0.01.
  const double s = std::sqrt(2.0);
  const Body a{MakeDistanceGeometry(Box(1, 1, 1)), RigidTransform::FromRollPitchYaw(Vector3d(0, M_PI / 4, 0)),
               kVa, kAa};
  const Body b{MakeDistanceGeometry(Box(1, 1, 1)),
               RigidTransform::FromRollPitchYaw(Vector3d(M_PI / 4, 0, 0.2), Vector3d(0.1, 0.05, s - 0.01)), kVb,
               kAb};
  const ContactKinematics k = KinematicsAt(a, b, 0);
  REQUIRE(k.method == ContactKinematicsMethod::kEdgeEdge);
  CHECK(k.perr == Approx(-0.01).epsilon(1e-12));
  CHECK((k.X_WC.rotation().col(2) - Vector3d::UnitZ()).norm() < 1e-12);
  // Cx is A's edge direction, ±y.
  CHECK(std::abs(k.X_WC.rotation().col(0).y()) == Approx(1).epsilon(1e-12));
  CheckFiniteDifferences(a, b, ContactKinematicsMethod::kEdgeEdge);
}

TEST_CASE("Other pairs: verr from the witness rule is the derivative", "[contact_kinematics]") {
  // Ellipsoid on ellipsoid (GJK/EPA, accurate to ~1e-10 in distance): the
  // witness rule's verr is exact; a larger step keeps round-off of the
  // iterative distance small against the difference.
  const Body a{MakeDistanceGeometry(Ellipsoid(0.3, 0.2, 0.25)), RigidTransform(Vector3d(0, 0, 0)), kVa, {}};
  const Body b{MakeDistanceGeometry(Ellipsoid(0.2, 0.3, 0.15)),
               RigidTransform::FromRollPitchYaw(Vector3d(0.3, 0.1, 0.2), Vector3d(0.35, 0.2, 0.1)), kVb, {}};
  const double h = 1e-4;
  const ContactKinematics k0 = KinematicsAt(a, b, 0);
  CHECK(k0.method == ContactKinematicsMethod::kWitnessPoints);
  const double verr_fd = (KinematicsAt(a, b, h).perr - KinematicsAt(a, b, -h).perr) / (2 * h);
  CHECK(k0.verr == Approx(verr_fd).epsilon(1e-4));
}

TEST_CASE("sign = -1 flips perr, verr and aerr, not the slip", "[contact_kinematics]") {
  const Body a{MakeDistanceGeometry(Sphere(0.5)), RigidTransform(Vector3d(0.1, 0.2, 0.3)), kVa, kAa};
  const Body b{MakeDistanceGeometry(Sphere(0.3)), RigidTransform(Vector3d(0.6, 0.5, 0.7)), kVb, kAb};
  const ContactKinematics plus = KinematicsAt(a, b, 0, 1);
  const ContactKinematics minus = KinematicsAt(a, b, 0, -1);
  CHECK(minus.sign == -1);
  CHECK(minus.perr == -plus.perr);
  CHECK(minus.verr == -plus.verr);
  CHECK(minus.aerr == -plus.aerr);
  CHECK(minus.slip_velocity_C == plus.slip_velocity_C);
  // perr = √0.5 − 0.8 ≈ −0.093: proximal at ptol 0 under both conventions.
  CHECK(plus.IsProximal(0));
  CHECK(minus.IsProximal(0));
  CHECK_FALSE(plus.IsProximal(-0.1));
  CHECK_FALSE(minus.IsProximal(-0.1));
  CHECK_THROWS_WITH(KinematicsAt(a, b, 0, 2), Catch::Contains("got 2"));
}

TEST_CASE("A pair assembled by hand with unusable values is refused, naming the field",
          "[contact_kinematics]") {
  const DistanceGeometry a = MakeDistanceGeometry(Sphere(0.5));
  const DistanceGeometry b = MakeDistanceGeometry(Sphere(0.3));
  const RigidTransform X_WA(Vector3d(0, 0, 0));
  const RigidTransform X_WB(Vector3d(1, 0, 0));
  const SignedDistancePair good = ComputeSignedDistancePair(GeometryId::get_new_id(), a, X_WA,
                                                            GeometryId::get_new_id(), b, X_WB);
  // Centres 1 apart, radii 0.5 and 0.3: distance 0.2.
  CHECK(CalcContactKinematics(good, a, {X_WA, {}, {}}, b, {X_WB, {}, {}}).perr == Approx(0.2));
  auto refused = [&](const SignedDistancePair& pair) {
    return CalcContactKinematics(pair, a, {X_WA, {}, {}}, b, {X_WB, {}, {}});
  };
  SignedDistancePair bad = good;
  bad.p_ACa.x() = NAN;
  CHECK_THROWS_WITH(refused(bad), Catch::Contains("the signed distance pair's p_ACa (nan, 0, 0) is not finite"));
  bad = good;
  bad.distance = INFINITY;
  CHECK_THROWS_WITH(refused(bad), Catch::Contains("the signed distance pair's distance is inf"));
  bad = good;
  bad.nhat_BA_W = Vector3d(0, 0, 5);
  CHECK_THROWS_WITH(refused(bad), Catch::Contains("the signed distance pair's nhat_BA_W (0, 0, 5) is not a "
                                                  "unit vector (norm 5)"));
  // The penetration pair's own fields are named.
  PenetrationAsPointPair pen;
  pen.id_A = good.id_A;
  pen.id_B = good.id_B;
  pen.p_WCa = Vector3d(0.5, 0, 0);
  pen.p_WCb = Vector3d(0.7, 0, 0);
  pen.nhat_BA_W = -Vector3d::UnitX();
  pen.depth = NAN;
  CHECK_THROWS_WITH(CalcContactKinematics(pen, a, {X_WA, {}, {}}, b, {X_WB, {}, {}}),
                    Catch::Contains("the penetration pair's depth is nan"));
  pen.depth = -0.2;
  pen.nhat_BA_W = Vector3d::Zero();
  CHECK_THROWS_WITH(CalcContactKinematics(pen, a, {X_WA, {}, {}}, b, {X_WB, {}, {}}),
                    Catch::Contains("the penetration pair's nhat_BA_W (0, 0, 0) is not a unit vector"));
}

TEST_CASE("Finite motions whose errors overflow are refused, not returned as NaN",
          "[contact_kinematics]") {
  // Two spheres: aerr holds |Δv|²/ℓ, which overflows for |Δv| ~ 1e155
  // (the tool printed aerr and slip_speed as null and exited 0).
  const Body a{MakeDistanceGeometry(Sphere(0.5)), RigidTransform(Vector3d(0.1, 0.2, 0.3)), {}, {}};
  const Body fast{MakeDistanceGeometry(Sphere(0.3)), RigidTransform(Vector3d(0.6, 0.5, 0.7)),
                  SpatialVelocity{Vector3d::Zero(), Vector3d(0, 1e155, 0)}, {}};
  CHECK_THROWS_WITH(KinematicsAt(a, fast, 0),
                    Catch::Contains("too large for double precision") && Catch::Contains("1e+155"));
  // 1e6 m/s is large but fine: aerr is finite.
  const Body quick{fast.geometry, fast.X_WG, SpatialVelocity{Vector3d::Zero(), Vector3d(0, 1e6, 0)},
                   {}};
  CHECK(std::isfinite(KinematicsAt(a, quick, 0).aerr));
}

TEST_CASE("Slip velocity: a sphere sliding on the ground", "[contact_kinematics]") {
  // Sphere (B) of radius 0.5 resting on the ground (A, at rest), its centre
  // moving at (1, 2, 0) and spinning about z: the contact point's material
  // velocity is (1, 2, 0) (spin about the normal adds nothing), so the slip
  // is (1, 2, 0) in W, read in Cx, Cy.
  const Body ground{MakeDistanceGeometry(HalfSpace()), RigidTransform(), {}, {}};
  const Body sphere{MakeDistanceGeometry(Sphere(0.5)), RigidTransform(Vector3d(0, 0, 0.5)),
                    {Vector3d(0, 0, 3), Vector3d(1, 2, 0)}, {}};
  const ContactKinematics k = KinematicsAt(ground, sphere, 0);
  const Matrix3d& R = k.X_WC.rotation();
  CHECK((R.col(2) - Vector3d::UnitZ()).norm() < 1e-15);
  const Vector3d slip_W = k.slip_velocity_C.x() * R.col(0) + k.slip_velocity_C.y() * R.col(1);
  CHECK((slip_W - Vector3d(1, 2, 0)).norm() < 1e-14);
  CHECK(k.verr == 0);
  // Rolling without slip needs w × (0, 0, −0.5) = −v = (−1, −2, 0):
  // (−0.5·wy, 0.5·wx, 0) = (−1, −2, 0), so w = (−4, 2, 0).
  const Body rolling{MakeDistanceGeometry(Sphere(0.5)), RigidTransform(Vector3d(0, 0, 0.5)),
                     {Vector3d(-4, 2, 0), Vector3d(1, 2, 0)}, {}};
  CHECK(KinematicsAt(ground, rolling, 0).slip_velocity_C.norm() < 1e-15);
}

TEST_CASE("ContactTangentBasis is deterministic and smooth", "[contact_kinematics]") {
  // Orthonormal and right-handed for many normals, including the axes.
  for (const Vector3d& n : std::vector<Vector3d>{Vector3d(0, 0, 1), Vector3d(0, 0, -1), Vector3d(1, 0, 0), Vector3d(0, -1, 0),
                            Vector3d(1, 1, 1).normalized(), Vector3d(Vector3d(-2, -3, -6) / 7.0)}) {
    const Matrix3d R = ContactTangentBasis(n);
    CHECK((R.transpose() * R - Matrix3d::Identity()).norm() < 1e-14);
    CHECK(R.determinant() == Approx(1));
    CHECK(R.col(2) == n);
  }
  // Smooth: a small change of the normal changes the basis proportionally
  // (Lipschitz, far from the one singular direction −k).
  const Vector3d n = Vector3d(0.3, -0.4, -0.8).normalized();
  const Vector3d n2 = (n + Vector3d(1e-7, 0, 0)).normalized();
  CHECK((ContactTangentBasis(n) - ContactTangentBasis(n2)).norm() < 1e-5);
  CHECK_THROWS_WITH(ContactTangentBasis(Vector3d(0, 0, 2)), Catch::Contains("not a unit vector"));
}

}  // namespace
}  // namespace hydrocontact
