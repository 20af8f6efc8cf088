#include "geometry/query_object.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <unistd.h>
#include <filesystem>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include <catch2/catch.hpp>

#include "geometry/scene_graph.h"
#include "geometry/supported_range.h"
#include "geometry/thread_pool.h"
#include "mesh/obj_io.h"
#include "tests/mesh/test_meshes.h"
#include "tests/test_poses.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

// Three queries of one scene, on 1, 2 and 3 threads. Compute checks that the
// 2- and 3-thread surfaces equal the 1-thread ones (==, every coordinate, in
// the same order) and returns the 1-thread ones.
struct QueriesOnOneTwoThreeThreads {
  explicit QueriesOnOneTwoThreeThreads(const SceneGraph& scene)
      : one(scene.query_object()), two(scene.query_object()), three(scene.query_object()) {
    two.set_max_threads(2);
    three.set_max_threads(3);
  }
  const std::vector<ContactSurface>& Compute(HydroelasticContactRepresentation rep) {
    one.ComputeContactSurfaces(rep, &s1);
    two.ComputeContactSurfaces(rep, &s2);
    three.ComputeContactSurfaces(rep, &s3);
    REQUIRE(s2.size() == s1.size());
    REQUIRE(s3.size() == s1.size());
    for (size_t i = 0; i < s1.size(); ++i) {
      CHECK(s1[i].Equal(s2[i]));
      CHECK(s1[i].Equal(s3[i]));
    }
    return s1;
  }
  QueryObject one, two, three;
  std::vector<ContactSurface> s1, s2, s3;
};

using Eigen::Vector3d;

using test::At;

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

TEST_CASE("QueryObject: an incompatible touching pair throws naming both, the fallback answers it") {
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
  // A point beyond the supported coordinates is refused whatever the
  // threshold: with a finite one every geometry's box lies farther than it
  // (the point is 1e7 m away), so nothing would reach the per-geometry check
  // and the refusal would turn into an empty list.
  for (const double threshold : {std::numeric_limits<double>::infinity(), 0.0, 1.0}) {
    CAPTURE(threshold);
    CHECK_THROWS_WITH(query.ComputeSignedDistanceToPoint(Vector3d(0, 1e7, 0), threshold),
                      Catch::Contains("ComputeSignedDistanceToPoint") &&
                          Catch::Contains("p_WQ") && Catch::Contains("supported range"));
  }
  // The edge of the range is accepted: the point 1e6 m up the z axis lies
  // 1e6 − 1 m from the unit sphere a at the origin (its distance from the
  // centre less the radius), and all four geometries are listed.
  const auto far = query.ComputeSignedDistanceToPoint(Vector3d(0, 0, kMaxCoordinate));
  REQUIRE(far.size() == 4);
  CHECK(far[0].id_G == a);
  CHECK(far[0].distance == Approx(kMaxCoordinate - 1).epsilon(1e-12));
}

TEST_CASE("QueryObject: signed distance to a point lists a geometry exactly at the threshold") {
  // The contract is distance ≤ threshold. A pre-prune on the bounding box
  // compared the box's computed distance with the threshold with no slack;
  // the box's distance can round above the shape's (the height field below
  // was dropped for 209 of these 3000 points, e.g. the first one checked).
  // The invariant: for every threshold t among the geometries' own
  // distances, the list is exactly {geometry : distance ≤ t}, whatever the
  // prune, and t just below a distance leaves that geometry out.
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  std::vector<double> h(25, 0.0);
  h[12] = 0.3;
  scene.RegisterGeometry(world, test::At(3), HeightField(5, 5, 0.3, 0.3, h, 0.2), "field");
  scene.RegisterGeometry(world, RigidTransform::FromRollPitchYaw({0.3, -0.2, 0.7}, Vector3d(-1, 0.5, 0.2)),
                         Box(0.4, 0.7, 0.3), "box");
  scene.RegisterGeometry(world, test::At(0.5, -1, 1), Sphere(0.35), "sphere");
  scene.RegisterGeometry(world, RigidTransform::FromRollPitchYaw({1.1, 0.4, -0.3}, Vector3d(1.5, 1, -0.5)),
                         Ellipsoid(0.2, 0.5, 0.3), "ellipsoid");
  const QueryObject query = scene.query_object();
  std::vector<Vector3d> points = {
      Vector3d(-1.4982619681125038, 0.80415740877998076, -0.89814000990971532)};
  std::mt19937 random(1);
  std::uniform_real_distribution<double> u(-2, 4);
  for (int k = 0; k < 3000; ++k) points.emplace_back(u(random), 0.7 * u(random), 0.7 * u(random));
  std::vector<SignedDistanceToPoint> listed;
  int misses = 0;
  for (const Vector3d& p : points) {
    const auto all = query.ComputeSignedDistanceToPoint(p);
    REQUIRE(all.size() == 4);
    for (const SignedDistanceToPoint& own : all) {
      if (own.distance < 0) continue;  // no box prune for negative thresholds
      for (const double threshold : {own.distance, std::nextafter(own.distance, -1.0)}) {
        query.ComputeSignedDistanceToPoint(p, threshold, &listed);
        std::vector<GeometryId> expected, got;
        for (const auto& d : all) {
          if (d.distance <= threshold) expected.push_back(d.id_G);
        }
        for (const auto& d : listed) got.push_back(d.id_G);
        if (got != expected) {
          ++misses;
          UNSCOPED_INFO(fmt::format("p = ({}, {}, {}), threshold {}", p.x(), p.y(), p.z(), threshold));
        }
      }
    }
  }
  CHECK(misses == 0);
}

TEST_CASE("QueryObject: pairs of two half-spaces are skipped by the pairwise queries, refused alone") {
  // A floor (z ≤ 0), a ceiling (z ≥ 5, its normal −z) and a unit sphere at
  // height 2: the sphere is 1 above the floor and 2 below the ceiling.
  SceneGraph scene;
  const FrameId world = scene.world_frame_id();
  const GeometryId floor = scene.RegisterGeometry(world, RigidTransform(), HalfSpace(), "floor");
  const GeometryId ceiling = scene.RegisterGeometry(
      world, RigidTransform::FromAxisAngle(Vector3d::UnitX(), M_PI, Vector3d(0, 0, 5)), HalfSpace(),
      "ceiling");
  const GeometryId ball = scene.RegisterGeometry(world, At(0, 0, 2), Sphere(1), "ball");
  const QueryObject query = scene.query_object();
  const auto pairs = query.ComputeSignedDistancePairwiseClosestPoints();
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0].id_A == floor);
  CHECK(pairs[0].id_B == ball);
  CHECK(pairs[0].distance == Approx(1).epsilon(1e-12));
  CHECK(pairs[1].id_A == ceiling);
  CHECK(pairs[1].id_B == ball);
  CHECK(pairs[1].distance == Approx(2).epsilon(1e-12));
  CHECK_THROWS_AS(query.ComputeSignedDistancePairClosestPoints(floor, ceiling), std::invalid_argument);
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
namespace HYDROCONTACT_TEST_FILE {

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
  CHECK_THROWS_WITH(parallel.set_max_threads(kMaxThreads + 1),
                    Catch::Contains("at most 256 threads, got 257"));
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

TEST_CASE("QueryObject: reused results equal the returned ones, byte for byte on 1, 2 and 3 threads, step after step") {
  // 36 compliant and rigid bodies pressed into each other and into a
  // compliant floor: about a hundred candidate pairs, enough that the pool
  // is woken on 2 and 3 threads, the pairs dealt by their faces of the
  // step before and the surfaces gathered by the threads that made them.
  SceneGraph scene;
  ProximityProperties floor = ProximityProperties::Compliant(1e7);
  scene.RegisterGeometry(scene.world_frame_id(), RigidTransform(), HalfSpace(), "floor", floor);
  std::vector<std::pair<FrameId, RigidTransform>> poses;
  for (int i = 0; i < 36; ++i) {
    const FrameId frame = scene.RegisterFrame(fmt::format("f{}", i));
    poses.emplace_back(frame, RigidTransform(Eigen::Vector3d(0.095 * (i % 6), 0.095 * (i / 6), 0.045)));
    const ProximityProperties props =
        i % 7 == 3 ? ProximityProperties::Rigid(0.03) : ProximityProperties::Compliant(1e6 * (1 + i % 3), 0.03);
    if (i % 2 == 0) {
      scene.RegisterGeometry(frame, RigidTransform(), Sphere(0.05), fmt::format("g{}", i), props);
    } else {
      scene.RegisterGeometry(frame, RigidTransform(), Box(0.1, 0.1, 0.1), fmt::format("g{}", i), props);
    }
  }
  for (const int threads : {2, 3}) {
    INFO("threads: " << threads);
    QueryObject one = scene.query_object();
    QueryObject two = scene.query_object();
    two.set_max_threads(threads);
    std::vector<ContactSurface> s1, s2, f1, f2;
    std::vector<PenetrationAsPointPair> p1, p2, fp1, fp2;
    std::vector<SignedDistancePair> d1, d2;
    std::vector<SignedDistanceToPoint> q1, q2;
    // Bitwise equality of result structs, member by member (a struct's
    // padding bytes are indeterminate, so whole structs cannot be compared).
    auto bytes = [](const auto&... members) {
      std::string out;
      (out.append(reinterpret_cast<const char*>(&members), sizeof(members)), ...);
      return out;
    };
    auto key = [&](const auto& r) {
      using T = std::decay_t<decltype(r)>;
      if constexpr (std::is_same_v<T, PenetrationAsPointPair>) {
        return bytes(r.id_A, r.id_B, r.p_WCa, r.p_WCb, r.nhat_BA_W, r.depth);
      } else if constexpr (std::is_same_v<T, SignedDistancePair>) {
        return bytes(r.id_A, r.id_B, r.p_ACa, r.p_BCb, r.distance, r.nhat_BA_W, r.is_nhat_BA_W_unique);
      } else {
        return bytes(r.id_G, r.p_GN, r.distance, r.grad_W, r.is_grad_W_unique);
      }
    };
    auto same_bytes = [&](const auto& a, const auto& b) {
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i) {
        if (key(a[i]) != key(b[i])) return false;
      }
      return true;
    };
    for (int step = 0; step < 6; ++step) {
      for (size_t k = 0; k < poses.size(); ++k) {
        const Eigen::Vector3d p = poses[k].second.translation() + 1e-4 * Eigen::Vector3d(std::sin(step + k), 0, 0);
        poses[k].second = RigidTransform::FromRollPitchYaw({0, 0, 0.01 * std::cos(step * k)}, p);
      }
      scene.SetFramePoses(poses);
      const auto rep = step % 2 ? HydroelasticContactRepresentation::kPolygon : HydroelasticContactRepresentation::kTriangle;
      one.ComputeContactSurfacesWithFallback(rep, &f1, &fp1);
      two.ComputeContactSurfacesWithFallback(rep, &f2, &fp2);
      one.ComputePointPairPenetration(&p1);
      two.ComputePointPairPenetration(&p2);
      one.ComputeSignedDistancePairwiseClosestPoints(0.01, &d1);
      two.ComputeSignedDistancePairwiseClosestPoints(0.01, &d2);
      one.ComputeSignedDistanceToPoint(Eigen::Vector3d(0.2, 0.2, 0.05), 0.1, &q1);
      two.ComputeSignedDistanceToPoint(Eigen::Vector3d(0.2, 0.2, 0.05), 0.1, &q2);
      CHECK(f1.size() > 50);  // Really many contacts.
      REQUIRE(f1.size() == f2.size());
      for (size_t i = 0; i < f1.size(); ++i) CHECK(f1[i].Equal(f2[i]));
      CHECK(same_bytes(fp1, fp2));
      CHECK(same_bytes(p1, p2));
      CHECK(same_bytes(d1, d2));
      CHECK(same_bytes(q1, q2));
      // The value-returning forms give the same results as the reused ones.
      const std::vector<PenetrationAsPointPair> p_value = two.ComputePointPairPenetration();
      CHECK(same_bytes(p_value, p1));
      const std::vector<SignedDistancePair> d_value = one.ComputeSignedDistancePairwiseClosestPoints(0.01);
      CHECK(same_bytes(d_value, d1));
      std::vector<std::pair<GeometryId, GeometryId>> c;
      one.FindCollisionCandidates(&c);
      CHECK(c == two.FindCollisionCandidates());
    }
  }
}

TEST_CASE("QueryObject: one huge pair split across 2 or 3 threads gives the 1-thread surface exactly, step after step") {
  // A rigid mesh sphere of 20,480 triangles (radius 0.1 m) sunk 4 cm into a
  // compliant box, moving a little each step: one candidate pair whose
  // thousands of triangles near the box make the kernel split it across
  // the pool on 2 threads (tested directly in
  // rigid_compliant_intersection_test). The surfaces, in both
  // representations, must be equal (==, every coordinate) to the 1-thread
  // ones; a plain sphere on the side gives a second, small pair.
  const std::filesystem::path obj =
      std::filesystem::temp_directory_path() / fmt::format("hydrocontact_split_test_{}.obj", ::getpid());
  WriteObjFile(obj, test::MakeIcosphere(5, 0.1));
  SceneGraph scene;
  const FrameId box_frame = scene.RegisterFrame("box");
  const FrameId mesh_frame = scene.RegisterFrame("mesh");
  scene.RegisterGeometry(box_frame, RigidTransform(), Box(0.4, 0.4, 0.4), "box",
                         ProximityProperties::Compliant(1e6, 0.05));
  scene.RegisterGeometry(mesh_frame, RigidTransform(), Mesh(obj.string()), "mesh", ProximityProperties::Rigid());
  scene.RegisterGeometry(box_frame, RigidTransform(Eigen::Vector3d(0.25, 0, 0.2)), Sphere(0.06), "ball",
                         ProximityProperties::Compliant(1e6, 0.03));
  std::filesystem::remove(obj);
  QueriesOnOneTwoThreeThreads queries(scene);
  for (int step = 0; step < 4; ++step) {
    scene.SetFramePoses({{box_frame, RigidTransform(Eigen::Vector3d(0, 0, -0.2))},
                         {mesh_frame, RigidTransform::FromRollPitchYaw({0.01 * step, 0.02, 0},
                                                                      Eigen::Vector3d(0.001 * step, 0, 0.06))}});
    const auto rep = step % 2 ? HydroelasticContactRepresentation::kPolygon : HydroelasticContactRepresentation::kTriangle;
    const std::vector<ContactSurface>& s1 = queries.Compute(rep);
    REQUIRE(s1.size() == 2);
    CHECK(s1[0].num_faces() > 1000);  // The huge pair (box–mesh, registered first).
    // The pair's penetration and signed distance: the mesh's overlap search
    // against the box splits itself over the lent pool
    // (mesh_distance_shapes_test checks the split directly). Equal on 1, 2
    // and 3 threads, member by member, bit for bit.
    std::vector<PenetrationAsPointPair> p1, p2, p3;
    queries.one.ComputePointPairPenetration(&p1);
    queries.two.ComputePointPairPenetration(&p2);
    queries.three.ComputePointPairPenetration(&p3);
    std::vector<SignedDistancePair> d1, d2, d3;
    queries.one.ComputeSignedDistancePairwiseClosestPoints(0.0, &d1);
    queries.two.ComputeSignedDistancePairwiseClosestPoints(0.0, &d2);
    queries.three.ComputeSignedDistancePairwiseClosestPoints(0.0, &d3);
    // Box–mesh first (ids in registration order): the mesh sphere (radius
    // 0.1) centred 6 cm above the box's top face z = 0 reaches 4 cm into it,
    // up to the tessellation and the small tilt. The ball (r 0.06 at x =
    // 0.25) pokes 1 cm through the box's side x = 0.2: the second pair.
    REQUIRE(p1.size() == 2);
    CHECK(p1[0].depth == Approx(0.04).margin(0.003));
    REQUIRE(d1.size() == 2);
    CHECK(d1[0].distance == -p1[0].depth);
    for (const auto* p : {&p2, &p3}) {
      REQUIRE(p->size() == p1.size());
      for (size_t i = 0; i < p1.size(); ++i) {
        CHECK(((*p)[i].id_A == p1[i].id_A && (*p)[i].id_B == p1[i].id_B));
        CHECK((*p)[i].p_WCa == p1[i].p_WCa);
        CHECK((*p)[i].p_WCb == p1[i].p_WCb);
        CHECK((*p)[i].nhat_BA_W == p1[i].nhat_BA_W);
        CHECK(std::memcmp(&(*p)[i].depth, &p1[i].depth, sizeof(double)) == 0);
      }
    }
    for (const auto* d : {&d2, &d3}) {
      REQUIRE(d->size() == d1.size());
      for (size_t i = 0; i < d1.size(); ++i) {
        CHECK((*d)[i].p_ACa == d1[i].p_ACa);
        CHECK((*d)[i].p_BCb == d1[i].p_BCb);
        CHECK((*d)[i].nhat_BA_W == d1[i].nhat_BA_W);
        CHECK(std::memcmp(&(*d)[i].distance, &d1[i].distance, sizeof(double)) == 0);
        CHECK((*d)[i].is_nhat_BA_W_unique == d1[i].is_nhat_BA_W_unique);
      }
    }
  }
}

TEST_CASE("QueryObject: one huge compliant–compliant pair split across 2 or 3 threads gives the 1-thread surface exactly") {
  // Two finely meshed compliant spheres (radius 0.1 m, resolution hint
  // 8 mm) half a radius into each other: one candidate pair with thousands
  // of tetrahedra of each near the other, which the kernel splits across
  // the pool on 2 and 3 threads (tested directly in
  // compliant_compliant_intersection_test). The surfaces must be equal
  // (==, every coordinate) to the 1-thread ones.
  SceneGraph scene;
  const FrameId a = scene.RegisterFrame("a");
  const FrameId b = scene.RegisterFrame("b");
  scene.RegisterGeometry(a, RigidTransform(), Sphere(0.1), "A", ProximityProperties::Compliant(1e6, 0.008));
  scene.RegisterGeometry(b, RigidTransform(), Sphere(0.1), "B", ProximityProperties::Compliant(3e6, 0.008));
  QueriesOnOneTwoThreeThreads queries(scene);
  for (int step = 0; step < 2; ++step) {
    scene.SetFramePoses({{a, RigidTransform()},
                         {b, RigidTransform::FromRollPitchYaw({0.1 * step, 0.2, 0}, Eigen::Vector3d(0.15, 0.01 * step, 0))}});
    const auto rep = step % 2 ? HydroelasticContactRepresentation::kPolygon : HydroelasticContactRepresentation::kTriangle;
    const std::vector<ContactSurface>& s1 = queries.Compute(rep);
    REQUIRE(s1.size() == 1);
    CHECK(s1[0].num_faces() > 1000);
  }
}

}  // namespace
}  // namespace hydrocontact
