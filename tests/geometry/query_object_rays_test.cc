#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "geometry/query_object.h"
#include "geometry/scene_graph.h"
#include "geometry/supported_range.h"
#include "tests/mesh/test_files.h"
#include "tests/test_poses.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

using test::At;

TEST_CASE("CastRay: first geometry along the ray, exclusions, inside, misses",
          "[query_object_rays]") {
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  const auto props = ProximityProperties::Rigid();
  const GeometryId near = scene.RegisterGeometry(world, At(2), Sphere(0.5), "near", props);
  const GeometryId far = scene.RegisterGeometry(world, At(5), Box(1, 1, 1), "far", props);
  const GeometryId torus = scene.RegisterGeometry(world, At(0, 6), Torus(1, 0.2), "torus", props);
  const QueryObject query = scene.query_object();
  // Along +x from the origin: the sphere's near side at x = 1.5, normal −x.
  const auto hit = query.CastRay(Vector3d::Zero(), Vector3d(3, 0, 0));
  REQUIRE(hit.has_value());
  CHECK(hit->id == near);
  CHECK(hit->distance == Approx(1.5));
  CHECK((hit->p_WH - Vector3d(1.5, 0, 0)).norm() < 1e-14);
  CHECK((hit->nhat_W + Vector3d::UnitX()).norm() < 1e-14);
  CHECK(hit->entering);
  // Excluding the sphere: the box's face x = 4.5.
  const auto past = query.CastRay(Vector3d::Zero(), Vector3d::UnitX(), 100, {near});
  REQUIRE(past.has_value());
  CHECK(past->id == far);
  CHECK(past->distance == Approx(4.5));
  // max_distance stops short of everything.
  CHECK(!query.CastRay(Vector3d::Zero(), Vector3d::UnitX(), 1.4));
  // From inside the sphere: leaves at x = 2.5, outward normal +x.
  const auto inside = query.CastRay(Vector3d(2, 0, 0), Vector3d::UnitX());
  REQUIRE(inside.has_value());
  CHECK(inside->id == near);
  CHECK(inside->distance == Approx(0.5));
  CHECK(!inside->entering);
  // Through the torus's hole (its axis is W's z at (0, 6)): along +y from
  // (0, 6, 0) it meets the inner equator at y = 6 + 0.8.
  const auto hole = query.CastRay(Vector3d(0, 6, 0), Vector3d::UnitY());
  REQUIRE(hole.has_value());
  CHECK(hole->id == torus);
  CHECK(hole->distance == Approx(0.8));
  CHECK(!query.CastRay(Vector3d(0, 6, 3), -Vector3d::UnitZ()));  // down the axis
  CHECK_THROWS_WITH(query.CastRay(Vector3d::Zero(), Vector3d::Zero()),
                    Catch::Contains("direction"));
  CHECK_THROWS_WITH(query.CastRay(Vector3d::Zero(), Vector3d::UnitX(), -1),
                    Catch::Contains("max_distance"));
  // An origin is a query point: beyond the supported coordinates (1e6 m)
  // it is refused, not moved up to the geometry with its round-off.
  CHECK_THROWS_WITH(query.CastRay(Vector3d(1e20, 0, 0), -Vector3d::UnitX()),
                    Catch::Contains("CastRay: origin (1e+20, 0, 0) lies outside the supported range"));
  CHECK_THROWS_WITH(query.CastRays({Vector3d::Zero(), Vector3d(0, -2e6, 0)},
                                   {Vector3d::UnitX(), Vector3d::UnitY()}),
                    Catch::Contains("CastRays (ray 1): origin (0, -2000000, 0)"));
  // A NaN in any coordinate is refused too, naming the ray, also when every
  // geometry is excluded (a NaN after the first coordinate slipped past
  // Eigen's maxCoeff, and such a ray answered "no hit").
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const Vector3d& bad : {Vector3d(nan, 0, 0), Vector3d(0, nan, 0), Vector3d(0, 0, nan)}) {
    CAPTURE(bad.transpose());
    CHECK_THROWS_WITH(query.CastRay(bad, Vector3d::UnitX()), Catch::Contains("CastRay: origin"));
    CHECK_THROWS_WITH(query.CastRay(bad, Vector3d::UnitX(), 10, {near, far, torus}),
                      Catch::Contains("CastRay: origin"));
    CHECK_THROWS_WITH(query.CastRays({Vector3d::Zero(), bad}, {Vector3d::UnitX(), Vector3d::UnitX()}),
                      Catch::Contains("CastRays (ray 1): origin"));
    CHECK_FALSE(IsWithinCoordinateRange(bad));
  }
  CHECK(IsWithinCoordinateRange(Vector3d(-1e6, 1e6, 0)));
  CHECK_FALSE(IsWithinCoordinateRange(Vector3d(0, 0, std::numeric_limits<double>::infinity())));
  // At the limit, from −1e6 m along +x: the sphere's near side at 1.5.
  const auto far_origin = query.CastRay(Vector3d(-1e6, 0, 0), Vector3d::UnitX());
  REQUIRE(far_origin.has_value());
  CHECK(far_origin->id == near);
  CHECK(far_origin->distance == Approx(1e6 + 1.5).epsilon(1e-15));
}

TEST_CASE("CastRay after geometries are removed and added, with no pose set in between",
          "[query_object_rays]") {
  // The scene's pose version does not change when a geometry is removed and
  // another added; the rays must still see the new geometry where it is.
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  const GeometryId a = scene.RegisterGeometry(world, At(0), Sphere(1), "a", ProximityProperties::Rigid());
  const QueryObject query = scene.query_object();
  // From (−10, 0, 0) along +x: a's surface at x = −1, 9 away.
  const auto first = query.CastRay(Vector3d(-10, 0, 0), Vector3d::UnitX());
  REQUIRE(first.has_value());
  CHECK(first->id == a);
  CHECK(first->distance == Approx(9));
  scene.RemoveGeometry(a);
  const GeometryId b = scene.RegisterGeometry(world, At(5), Sphere(1), "b", ProximityProperties::Rigid());
  // b's surface at x = 4: 14 away, hit at (4, 0, 0).
  const auto second = query.CastRay(Vector3d(-10, 0, 0), Vector3d::UnitX());
  REQUIRE(second.has_value());
  CHECK(second->id == b);
  CHECK(second->distance == Approx(14));
  CHECK((second->p_WH - Vector3d(4, 0, 0)).norm() < 1e-12);
  // The pair queries' broad phase follows too: a sphere registered at b's
  // place overlaps it.
  const GeometryId c = scene.RegisterGeometry(world, At(5.5), Sphere(1), "c", ProximityProperties::Rigid());
  const std::vector<PenetrationAsPointPair> pairs = query.ComputePointPairPenetration();
  REQUIRE(pairs.size() == 1);
  CHECK(pairs[0].id_A == b);
  CHECK(pairs[0].id_B == c);
  // Centres 0.5 apart, radii 1: depth 1.5.
  CHECK(pairs[0].depth == Approx(1.5));
}

TEST_CASE("CastRays: a batch agrees with single rays", "[query_object_rays]") {
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  const auto props = ProximityProperties::Rigid();
  scene.RegisterGeometry(world, At(1, 0.2), Capsule(0.2, 0.5), "capsule", props);
  scene.RegisterGeometry(world, At(-1, 0.1, 0.3), Ellipsoid(0.3, 0.4, 0.5), "ellipsoid", props);
  scene.RegisterGeometry(world, At(0, 0, -1), HalfSpace(), "ground", props);
  scene.RegisterGeometry(world, At(0, 1.5), Cylinder(0.3, 1), "cylinder", props);
  const QueryObject query = scene.query_object();
  std::mt19937 random(3);
  std::normal_distribution<double> normal;
  std::vector<Vector3d> origins, directions;
  for (int i = 0; i < 200; ++i) {
    origins.emplace_back(0.3 * normal(random), 0.3 * normal(random), 0.3 * normal(random));
    directions.emplace_back(normal(random), normal(random), normal(random));
  }
  const auto batch = query.CastRays(origins, directions, 10);
  REQUIRE(batch.size() == origins.size());
  int hits = 0;
  for (size_t i = 0; i < origins.size(); ++i) {
    const auto single = query.CastRay(origins[i], directions[i], 10);
    REQUIRE(batch[i].has_value() == single.has_value());
    if (!single) continue;
    ++hits;
    CHECK(batch[i]->id == single->id);
    CHECK(batch[i]->distance == single->distance);
    CHECK(batch[i]->p_WH == single->p_WH);
    // The hit lies on the hit geometry's surface: its signed distance is 0.
    const auto d = query.ComputeSignedDistanceGeometryToPoint(single->p_WH, {single->id});
    CHECK(std::abs(d[0].distance) < 1e-9);
  }
  CHECK(hits > 50);  // the ground alone catches every downward ray
  CHECK_THROWS_WITH(query.CastRays(origins, {Vector3d::UnitX()}), Catch::Contains("directions"));
}

TEST_CASE("CastRay and CastRays: a ray missing a mesh through its triangles' boxes misses",
          "[query_object_rays]") {
  // The octahedron |x| + |y| + |z| ≤ 1 posed at (0, 0, 2). The ray from
  // (0.9, 0.9, 10) along −z keeps |x| + |y| = 1.8 > 1 and misses it, though
  // it crosses the box [0, 1]² × [2, 3] of the face x + y + (z − 2) = 1. It
  // used to come back from the mesh as a hit at infinity (NaN point), and
  // the cast passed it on for the default max_distance = ∞.
  const test::ScratchDirectory dir;
  const auto path = dir.Write("octahedron.obj",
                              "v 1 0 0\nv -1 0 0\nv 0 1 0\nv 0 -1 0\nv 0 0 1\nv 0 0 -1\n"
                              "f 1 3 5\nf 1 6 3\nf 1 5 4\nf 1 4 6\n"
                              "f 2 5 3\nf 2 3 6\nf 2 4 5\nf 2 6 4\n");
  SceneGraph scene;
  const GeometryId octahedron = scene.RegisterGeometry(scene.world_frame_id(), At(0, 0, 2), Mesh(path),
                                                       "octahedron", ProximityProperties::Rigid());
  const QueryObject query = scene.query_object();
  const Vector3d miss(0.9, 0.9, 10), hit(0.2, 0.3, 10), down(0, 0, -1);
  CHECK_FALSE(query.CastRay(miss, down).has_value());
  CHECK_FALSE(query.CastRay(miss, down, 100).has_value());
  // Beside it in the same batch, a ray that does hit: it enters the face
  // x + y + (z − 2) = 1 at z = 2.5, 7.5 below its origin.
  const auto batch = query.CastRays({miss, hit}, {down, down});
  REQUIRE(batch.size() == 2);
  CHECK_FALSE(batch[0].has_value());
  REQUIRE(batch[1].has_value());
  CHECK(batch[1]->id == octahedron);
  CHECK(batch[1]->distance == Approx(7.5).epsilon(1e-14));
  CHECK((batch[1]->p_WH - Vector3d(0.2, 0.3, 2.5)).norm() < 1e-14);
  CHECK(batch[1]->entering);
}

TEST_CASE("ComputeSignedDistanceGeometryToPoint: the listed geometries, in order",
          "[query_object_rays]") {
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  const auto props = ProximityProperties::Rigid();
  const GeometryId a = scene.RegisterGeometry(world, At(2), Sphere(0.5), "a", props);
  const GeometryId b = scene.RegisterGeometry(world, At(0, 0, -1), HalfSpace(), "b", props);
  const QueryObject query = scene.query_object();
  // From the origin: the half-space's plane is 1 below, the sphere 1.5 away.
  const auto d = query.ComputeSignedDistanceGeometryToPoint(Vector3d::Zero(), {b, a});
  REQUIRE(d.size() == 2);
  CHECK(d[0].id_G == b);
  CHECK(d[0].distance == Approx(1));
  CHECK(d[1].id_G == a);
  CHECK(d[1].distance == Approx(1.5));
  CHECK_THROWS(query.ComputeSignedDistanceGeometryToPoint(Vector3d::Zero(), {GeometryId()}));
}

TEST_CASE("A height field in a scene: rays, point distance and contact", "[query_object_rays]") {
  // The paraboloid cap z = 1 − (x² + y²)/2 over [−1, 1]² (bottom −0.5),
  // registered 2 m up, and a compliant sphere resting 0.05 into its apex.
  std::vector<double> heights;
  for (int j = 0; j < 11; ++j) {
    for (int i = 0; i < 11; ++i) {
      const double x = -1 + 0.2 * i, y = -1 + 0.2 * j;
      heights.push_back(1 - 0.5 * (x * x + y * y));
    }
  }
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  const GeometryId cap = scene.RegisterGeometry(world, At(0, 0, 2),
                                                HeightField(11, 11, 0.2, 0.2, heights, 0.5),
                                                "cap", ProximityProperties::Rigid());
  const GeometryId ball = scene.RegisterGeometry(world, At(0, 0, 3.15), Sphere(0.2), "ball",
                                                 ProximityProperties::Compliant(1e6, 0.05));
  const QueryObject query = scene.query_object();
  // Straight down at (0.3, 0.4): the top at 2 + 0.875, below the ball.
  const auto hit = query.CastRay(Vector3d(0.3, 0.4, 5), -Vector3d::UnitZ());
  REQUIRE(hit.has_value());
  CHECK(hit->id == cap);
  CHECK(hit->distance == Approx(5 - 2.875).epsilon(1e-12));
  // A point 0.3 above the apex, the ball excluded.
  const auto d = query.ComputeSignedDistanceGeometryToPoint(Vector3d(0, 0, 3.3), {cap});
  REQUIRE(d.size() == 1);
  CHECK(d[0].distance == Approx(0.3).epsilon(1e-12));
  // The ball is in contact with the cap's top.
  CHECK(query.HasCollisions());
  const auto surfaces = query.ComputeContactSurfaces(HydroelasticContactRepresentation::kPolygon);
  REQUIRE(surfaces.size() == 1);
  CHECK(surfaces[0].total_area() > 0);
  (void)ball;
}

}  // namespace
}  // namespace hydrocontact
