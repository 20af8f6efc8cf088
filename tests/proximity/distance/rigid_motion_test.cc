#include "proximity/distance/rigid_motion.h"

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("BodyMotion: velocities and accelerations of material points", "[rigid_motion]") {
  // A body whose origin is at (1, 0, 0), spinning about z at 1 rad/s and
  // speeding up at 2 rad/s²; the point Q at (2, 0, 0) (r = (1, 0, 0)):
  // v = w × r = (0, 1, 0); a = α × r + w × (w × r) = (0, 2, 0) + (−1, 0, 0).
  const BodyMotion body{RigidTransform(Vector3d(1, 0, 0)), {Vector3d(0, 0, 1), Vector3d::Zero()},
                        {Vector3d(0, 0, 2), Vector3d::Zero()}};
  CHECK(body.PointVelocity(Vector3d(2, 0, 0)) == Vector3d(0, 1, 0));
  CHECK(body.PointAcceleration(Vector3d(2, 0, 0)) == Vector3d(-1, 2, 0));
  // A vector fixed in the body turns the same way.
  CHECK(body.VectorRate(Vector3d(1, 0, 0)) == Vector3d(0, 1, 0));
  CHECK(body.VectorSecondRate(Vector3d(1, 0, 0)) == Vector3d(-1, 2, 0));
}

TEST_CASE("CalcPointPlaneErrors: a ball centre falling on a tilting floor", "[rigid_motion]") {
  // Floor at rest, normal z: centre at height 0.3 falling at 1 m/s with
  // radius 0.1: perr = 0.2, verr = −1, aerr = 0.
  const BodyMotion floor{RigidTransform(), {}, {}};
  const BodyMotion ball{RigidTransform(Vector3d(0, 0, 0.3)), {Vector3d::Zero(), Vector3d(0, 0, -1)}, {}};
  const ScalarErrors e = CalcPointPlaneErrors(floor, Vector3d::Zero(), Vector3d::UnitZ(), ball, Vector3d(0, 0, 0.3), 0.1);
  CHECK(e.position == Approx(0.2));
  CHECK(e.velocity == -1);
  CHECK(e.acceleration == 0);
  // The floor now turns about x at 1 rad/s with the ball at rest at
  // (0, 0.5, 0.3), O the floor's (fixed) origin: n(t) = (0, −sin t, cos t),
  // perr(t) = −0.5 sin t + 0.3 cos t, so verr = −0.5 and aerr = −0.3.
  const BodyMotion turning{RigidTransform(), {Vector3d(1, 0, 0), Vector3d::Zero()}, {}};
  const BodyMotion still{RigidTransform(Vector3d(0, 0.5, 0.3)), {}, {}};
  const ScalarErrors t = CalcPointPlaneErrors(turning, Vector3d::Zero(), Vector3d::UnitZ(), still,
                                              Vector3d(0, 0.5, 0.3), 0);
  CHECK(t.velocity == Approx(-0.5));
  CHECK(t.acceleration == Approx(-0.3));
}

}  // namespace
}  // namespace hydrocontact
