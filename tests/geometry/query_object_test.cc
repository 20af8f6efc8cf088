#include "geometry/query_object.h"

#include <cmath>

#include <fmt/format.h>

#include <catch2/catch.hpp>

#include "geometry/scene_graph.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

RigidTransform At(double x, double y = 0, double z = 0) { return RigidTransform(Vector3d(x, y, z)); }

TEST_CASE("QueryObject: contact surfaces of compatible pairs, ordered, normals out of N into M") {
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  // Registered so that the later id sits on the left: the result must still
  // have id_M < id_N.
  const GeometryId right = scene.RegisterGeometry(world, At(0.15), Sphere(0.1), "right",
                                                  ProximityProperties::Compliant(1e6, 0.02));
  const GeometryId left = scene.RegisterGeometry(world, At(0), Sphere(0.1), "left",
                                                 ProximityProperties::Compliant(1e6, 0.02));
  const GeometryId floor = scene.RegisterGeometry(world, At(0, 0, -0.095), Box(1, 1, 0.01), "floor",
                                                  ProximityProperties::Rigid());
  const GeometryId far = scene.RegisterGeometry(world, At(5), Sphere(0.1), "far",
                                                ProximityProperties::Compliant(1e6, 0.05));
  const QueryObject query = scene.query_object();
  const auto surfaces = query.ComputeContactSurfaces(HydroelasticContactRepresentation::kPolygon);
  // right–left and both spheres with the floor (the floor's top is at z = −0.09,
  // 0.01 into each sphere); `far` touches nothing.
  REQUIRE(surfaces.size() == 3);
  for (size_t i = 0; i < surfaces.size(); ++i) {
    CHECK(surfaces[i].id_M() < surfaces[i].id_N());
    if (i > 0) {
      CHECK(std::make_pair(surfaces[i - 1].id_M(), surfaces[i - 1].id_N()) <
            std::make_pair(surfaces[i].id_M(), surfaces[i].id_N()));
    }
    CHECK(surfaces[i].id_M() != far);
    CHECK(surfaces[i].id_N() != far);
  }
  // The sphere–sphere surface: equal moduli put it on the plane x = 0.075,
  // with normal ±x pointing into M.
  const ContactSurface& spheres = surfaces[0];
  CHECK(spheres.id_M() == right);
  CHECK(spheres.id_N() == left);
  for (int f = 0; f < spheres.num_faces(); ++f) {
    // Out of N (left, at x = 0) into M (right, at x = 0.15): +x.
    CHECK(spheres.face_normal(f).x() == Approx(1.0).margin(1e-9));
  }
  CHECK(spheres.centroid().x() == Approx(0.075).margin(1e-9));
  // Identical run to run.
  const auto again = query.ComputeContactSurfaces(HydroelasticContactRepresentation::kPolygon);
  REQUIRE(again.size() == surfaces.size());
  for (size_t i = 0; i < again.size(); ++i) CHECK(again[i].Equal(surfaces[i]));
  (void)floor;
}

TEST_CASE("QueryObject: an incompatible touching pair throws naming both; the fallback answers it") {
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  const GeometryId a = scene.RegisterGeometry(world, At(0), Sphere(0.5), "rock", ProximityProperties::Rigid());
  const GeometryId b = scene.RegisterGeometry(world, At(0.9), Sphere(0.5), "stone", ProximityProperties::Rigid());
  const GeometryId c = scene.RegisterGeometry(world, At(0, 0.9), Sphere(0.5), "ghost");  // No representation.
  const GeometryId d = scene.RegisterGeometry(world, At(0, -0.9), Sphere(0.5), "jelly",
                                              ProximityProperties::Compliant(1e5, 0.1));
  const QueryObject query = scene.query_object();
  CHECK_THROWS_WITH(query.ComputeContactSurfaces(HydroelasticContactRepresentation::kTriangle),
                    Catch::Contains("'rock'") && Catch::Contains("'stone'"));
  std::vector<ContactSurface> surfaces;
  std::vector<PenetrationAsPointPair> pairs;
  query.ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation::kTriangle, &surfaces, &pairs);
  // rock–stone (rigid–rigid) and rock–ghost (no representation) fall back to
  // point pairs; rock–jelly is a contact surface.
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0].id_A == a);
  CHECK(pairs[0].id_B == b);
  // Two spheres of radius 0.5 with centres 0.9 apart: depth 0.1, normal from
  // B to A is −x, deepest points on the line of centres.
  CHECK(pairs[0].depth == Approx(0.1).epsilon(1e-12));
  CHECK((pairs[0].nhat_BA_W - Vector3d(-1, 0, 0)).norm() < 1e-12);
  CHECK((pairs[0].p_WCa - Vector3d(0.5, 0, 0)).norm() < 1e-12);
  CHECK((pairs[0].p_WCb - Vector3d(0.4, 0, 0)).norm() < 1e-12);
  CHECK(pairs[1].id_A == a);
  CHECK(pairs[1].id_B == c);
  REQUIRE(surfaces.size() == 1);
  CHECK(surfaces[0].id_M() == a);
  CHECK(surfaces[0].id_N() == d);
  CHECK_THROWS_WITH(query.ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation::kTriangle,
                                                             nullptr, &pairs),
                    Catch::Contains("null"));
}

TEST_CASE("QueryObject: point-pair penetration and signed distances match closed forms") {
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  const GeometryId a = scene.RegisterGeometry(world, At(0), Sphere(1), "a");
  const GeometryId b = scene.RegisterGeometry(world, At(1.5), Sphere(1), "b");        // depth 0.5 with a
  const GeometryId c = scene.RegisterGeometry(world, At(0, 2.3), Sphere(1), "c");     // 0.3 from a
  const GeometryId d = scene.RegisterGeometry(world, At(0, 0, -3), Box(2, 2, 2), "d");  // 1 below a
  const QueryObject query = scene.query_object();

  const auto penetrations = query.ComputePointPairPenetration();
  REQUIRE(penetrations.size() == 1);
  CHECK(penetrations[0].id_A == a);
  CHECK(penetrations[0].id_B == b);
  CHECK(penetrations[0].depth == Approx(0.5).epsilon(1e-12));

  // Pairwise within 0.35: a–b (−0.5), a–c (0.3); a–d is 1 apart and b–c is
  // √(1.5² + 2.3²) − 2 ≈ 0.746.
  const auto close = query.ComputeSignedDistancePairwiseClosestPoints(0.35);
  REQUIRE(close.size() == 2);
  CHECK(close[0].id_B == b);
  CHECK(close[0].distance == Approx(-0.5).epsilon(1e-12));
  CHECK(close[1].id_B == c);
  CHECK(close[1].distance == Approx(0.3).epsilon(1e-12));
  CHECK(query.ComputeSignedDistancePairwiseClosestPoints().size() == 6);

  // One pair, either order: id_A < id_B in the result.
  const SignedDistancePair ad = query.ComputeSignedDistancePairClosestPoints(d, a);
  CHECK(ad.id_A == a);
  CHECK(ad.id_B == d);
  CHECK(ad.distance == Approx(1.0).epsilon(1e-12));
  CHECK((ad.nhat_BA_W - Vector3d(0, 0, 1)).norm() < 1e-12);
  CHECK_THROWS_WITH(query.ComputeSignedDistancePairClosestPoints(a, a), Catch::Contains("itself"));

  // Point queries: the origin is inside a (depth 1) and 0.5 inside b.
  const auto to_point = query.ComputeSignedDistanceToPoint(Vector3d(0.5, 0, 0), 0.0);
  REQUIRE(to_point.size() == 2);
  CHECK(to_point[0].id_G == a);
  CHECK(to_point[0].distance == Approx(-0.5).epsilon(1e-12));
  CHECK(to_point[1].id_G == b);
  CHECK(to_point[1].distance == Approx(0.0).margin(1e-12));
  CHECK(query.ComputeSignedDistanceToPoint(Vector3d(0.5, 0, 0)).size() == 4);
  CHECK_THROWS_WITH(query.ComputeSignedDistanceToPoint(Vector3d(NAN, 0, 0)), Catch::Contains("not finite"));
  CHECK_THROWS_WITH(query.ComputeSignedDistancePairwiseClosestPoints(NAN), Catch::Contains("NaN"));
}

TEST_CASE("QueryObject: geometry data at the current poses") {
  SceneGraph scene;
  const FrameId body = scene.RegisterFrame("body");
  const GeometryId g = scene.RegisterGeometry(body, At(1), Capsule(0.1, 0.2), "pill",
                                              ProximityProperties::Compliant(1e5, 0.05));
  scene.SetFramePoses({{body, At(0, 2)}});
  const QueryObject query = scene.query_object();
  CHECK(query.X_WG(g).translation() == Vector3d(1, 2, 0));
  CHECK(std::holds_alternative<Capsule>(query.shape(g)));
  CHECK(query.properties(g).hydroelastic_modulus() == 1e5);
  CHECK(query.name(g) == "pill");
  CHECK(std::holds_alternative<CompliantMesh>(query.representation(g)));
  CHECK_THROWS_WITH(query.X_WG(GeometryId()), Catch::Contains("invalid"));
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace {

TEST_CASE("QueryObject: several threads give the same results in the same order as one") {
  SceneGraph scene;
  // A 4×4 grid of overlapping compliant and rigid spheres and capsules: 16
  // geometries, dozens of candidate pairs of varied cost.
  for (int i = 0; i < 16; ++i) {
    const Eigen::Vector3d p(0.15 * (i % 4), 0.15 * (i / 4), 0.01 * i);
    const ProximityProperties props =
        (i % 5 == 0 || i == 1) ? ProximityProperties::Rigid(0.03) : ProximityProperties::Compliant(1e5 * (1 + i), 0.03);
    if (i % 2 == 0) {
      scene.RegisterGeometry(scene.world_frame_id(), RigidTransform(p), Sphere(0.1), fmt::format("g{}", i), props);
    } else {
      scene.RegisterGeometry(scene.world_frame_id(), RigidTransform::FromRollPitchYaw({0.3 * i, 0.1, 0}, p),
                             Capsule(0.05, 0.1), fmt::format("g{}", i), props);
    }
  }
  QueryObject sequential = scene.query_object();
  QueryObject parallel = scene.query_object();
  parallel.set_max_threads(4);
  CHECK_THROWS_WITH(parallel.set_max_threads(0), Catch::Contains("at least 1"));
  for (auto representation : {HydroelasticContactRepresentation::kTriangle, HydroelasticContactRepresentation::kPolygon}) {
    std::vector<ContactSurface> s1, s4;
    std::vector<PenetrationAsPointPair> p1, p4;
    sequential.ComputeContactSurfacesWithFallback(representation, &s1, &p1);
    parallel.ComputeContactSurfacesWithFallback(representation, &s4, &p4);
    REQUIRE(s1.size() == s4.size());
    CHECK(s1.size() > 10);  // The scene really has many contacts.
    for (size_t i = 0; i < s1.size(); ++i) CHECK(s1[i].Equal(s4[i]));
    REQUIRE(p1.size() == p4.size());
    CHECK(!p1.empty());  // Rigid–rigid pairs fell back to point pairs.
    for (size_t i = 0; i < p1.size(); ++i) {
      CHECK(p1[i].id_A == p4[i].id_A);
      CHECK(p1[i].id_B == p4[i].id_B);
      CHECK(p1[i].depth == p4[i].depth);
    }
  }
  const auto d1 = sequential.ComputeSignedDistancePairwiseClosestPoints(0.05);
  const auto d4 = parallel.ComputeSignedDistancePairwiseClosestPoints(0.05);
  REQUIRE(d1.size() == d4.size());
  for (size_t i = 0; i < d1.size(); ++i) {
    CHECK(d1[i].id_B == d4[i].id_B);
    CHECK(d1[i].distance == d4[i].distance);
  }
  CHECK(sequential.ComputePointPairPenetration().size() == parallel.ComputePointPairPenetration().size());
  // An incompatible pair throws the same error with threads as without.
  std::string message_1, message_4;
  try { sequential.ComputeContactSurfaces(HydroelasticContactRepresentation::kTriangle); } catch (const std::exception& e) { message_1 = e.what(); }
  try { parallel.ComputeContactSurfaces(HydroelasticContactRepresentation::kTriangle); } catch (const std::exception& e) { message_4 = e.what(); }
  CHECK_THAT(message_1, Catch::Contains("both are rigid"));
  CHECK(message_1 == message_4);
}

}  // namespace
}  // namespace hydrocontact
