// QueryObject's contact patches and contact kinematics (issue 12).

#include <cmath>
#include <map>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "geometry/query_object.h"
#include "geometry/scene_graph.h"
#include "tests/test_poses.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

using test::At;

// A rigid floor (box 4 × 4 × 1, top at z = 0), a rigid unit cube resting
// 0.01 deep on it at (1, 1), and a compliant sphere far away.
struct Scene {
  SceneGraph scene;
  GeometryId floor, cube, ball;
  Scene() {
    const FrameId world = scene.world_frame_id();
    floor = scene.RegisterGeometry(world, At(0, 0, -0.5), Box(4, 4, 1), "floor", ProximityProperties::Rigid());
    cube = scene.RegisterGeometry(world, At(1, 1, 0.49), Box(1, 1, 1), "cube", ProximityProperties::Rigid());
    ball = scene.RegisterGeometry(world, At(10, 0, 0.5), Sphere(0.5), "ball",
                                  ProximityProperties::Compliant(1e6, 0.1));
  }
};

TEST_CASE("QueryObject: a rigid box resting on a rigid floor gets a four-corner patch") {
  const Scene s;
  const QueryObject query = s.scene.query_object();
  const std::vector<ContactPatch> patches = query.ComputeContactPatches();
  REQUIRE(patches.size() == 1);
  const ContactPatch& patch = patches[0];
  CHECK(patch.id_A == s.floor);
  CHECK(patch.id_B == s.cube);
  CHECK(patch.size() == 4);
  // Corners (1 ± 0.5, 1 ± 0.5) on the plane z = −0.005.
  for (int i = 0; i < patch.size(); ++i) {
    const Vector3d p = patch.point_W(i);
    CHECK(std::abs(std::abs(p.x() - 1) - 0.5) < 1e-12);
    CHECK(std::abs(std::abs(p.y() - 1) - 0.5) < 1e-12);
    CHECK(p.z() == Approx(-0.005).epsilon(1e-12));
  }
  // Consistent with the point pair of the same configuration: the normal
  // from A to B is −nhat_BA_W, the depth −penetration_depth.
  const std::vector<PenetrationAsPointPair> pairs = query.ComputePointPairPenetration();
  REQUIRE(pairs.size() == 1);
  CHECK((patch.normal_W() + pairs[0].nhat_BA_W).norm() < 1e-14);
  CHECK(patch.penetration_depth == Approx(-pairs[0].depth).epsilon(1e-14));
  CHECK((patch.X_WP.translation() - 0.5 * (pairs[0].p_WCa + pairs[0].p_WCb)).norm() < 1e-14);
}

TEST_CASE("QueryObject: the fallback overload answers rigid-rigid pairs with patches") {
  Scene s;
  // A compliant sphere sinking 0.01 into the floor: a contact surface.
  s.scene.RegisterGeometry(s.scene.world_frame_id(), At(-1, -1, 0.49), Sphere(0.5), "sinking",
                           ProximityProperties::Compliant(1e6, 0.1));
  const QueryObject query = s.scene.query_object();
  std::vector<ContactSurface> surfaces{};
  std::vector<ContactPatch> patches{};
  query.ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation::kTriangle, &surfaces, &patches);
  CHECK(surfaces.size() == 1);
  REQUIRE(patches.size() == 1);
  CHECK(patches[0].id_B == s.cube);
  CHECK(patches[0].size() == 4);
  CHECK_THROWS_WITH(query.ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation::kTriangle,
                                                             &surfaces, static_cast<std::vector<ContactPatch>*>(nullptr)),
                    Catch::Contains("null"));
}

TEST_CASE("QueryObject: contact kinematics from the geometries' velocities") {
  const Scene s;
  const QueryObject query = s.scene.query_object();
  // The cube slides at (1, 0, 0) and sinks at 0.2 m/s; the floor is absent
  // from the map, hence at rest. The normal from the floor (A) to the cube
  // (B) is +z, perr = −0.01, verr = n·(v_B − v_A) = (0, 0, 1)·(1, 0, −0.2) =
  // −0.2 (the signed distance shrinks), slip speed 1.
  std::map<GeometryId, SpatialVelocity> velocities{{s.cube, {Vector3d::Zero(), Vector3d(1, 0, -0.2)}}};
  const std::vector<ContactKinematics> contacts = query.ComputeContactKinematics(velocities);
  REQUIRE(contacts.size() == 1);
  const ContactKinematics& k = contacts[0];
  CHECK(k.id_A == s.floor);
  CHECK(k.id_B == s.cube);
  CHECK(k.perr == Approx(-0.01).epsilon(1e-12));
  CHECK(k.verr == Approx(-0.2).epsilon(1e-12));
  CHECK(k.slip_speed() == Approx(1).epsilon(1e-12));
  CHECK((k.X_WC.rotation().col(2) - Vector3d(0, 0, 1)).norm() < 1e-14);
  // The point-pair overload gives the same.
  const std::vector<PenetrationAsPointPair> pairs = query.ComputePointPairPenetration();
  const ContactKinematics from_pair =
      query.CalcContactKinematics(pairs[0], SpatialVelocity{}, velocities.at(s.cube));
  CHECK(from_pair.perr == Approx(k.perr).epsilon(1e-12));
  CHECK(from_pair.verr == Approx(k.verr).epsilon(1e-12));
  // An unknown id in the map throws.
  std::map<GeometryId, SpatialVelocity> unknown{{GeometryId::get_new_id(), {}}};
  CHECK_THROWS_AS(query.ComputeContactKinematics(unknown), std::invalid_argument);
  // A pair edited to name one geometry twice is refused, naming it.
  PenetrationAsPointPair same = pairs[0];
  same.id_A = same.id_B;
  CHECK_THROWS_WITH(query.CalcContactKinematics(same, SpatialVelocity{}, SpatialVelocity{}),
                    Catch::Contains(fmt::format("the pair names geometry {} as both A and B",
                                                s.cube.to_string())));
}

TEST_CASE("QueryObject: a contact representation that is no enumerator is refused") {
  // A value cast from an integer (as a binding can pass) must not be taken
  // for the polygon representation.
  const Scene s;
  const QueryObject query = s.scene.query_object();
  const auto bogus = static_cast<HydroelasticContactRepresentation>(5);
  CHECK_THROWS_WITH(query.ComputeContactSurfaces(bogus),
                    Catch::Contains("ComputeContactSurfaces: the contact representation 5 is neither "
                                    "kTriangle (0) nor kPolygon (1)"));
  std::vector<ContactSurface> surfaces;
  std::vector<PenetrationAsPointPair> point_pairs;
  CHECK_THROWS_WITH(query.ComputeContactSurfacesWithFallback(bogus, &surfaces, &point_pairs),
                    Catch::Contains("ComputeContactSurfacesWithFallback: the contact representation 5"));
  CHECK_THROWS_WITH(RequireContactRepresentation(static_cast<HydroelasticContactRepresentation>(-1), "X"),
                    Catch::Contains("X: the contact representation -1"));
  CHECK_NOTHROW(RequireContactRepresentation(HydroelasticContactRepresentation::kTriangle, "X"));
  CHECK_NOTHROW(RequireContactRepresentation(HydroelasticContactRepresentation::kPolygon, "X"));
}

}  // namespace
}  // namespace hydrocontact
