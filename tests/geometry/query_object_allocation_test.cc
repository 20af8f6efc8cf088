// Proves that a plant's step allocates nothing in steady state: this test
// program replaces the global operator new and counts every heap allocation
// while a scene with every query kind and every pair kind is stepped.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <new>

#include <catch2/catch.hpp>

#include "geometry/query_object.h"
#include "geometry/scene_graph.h"
#include "tests/allocation_counter.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// A scene with every kind of pair: compliant mesh–compliant mesh (sphere and
// box), rigid mesh–compliant mesh (a rigid box and an OBJ mesh on them),
// compliant mesh–compliant half-space and rigid mesh–compliant half-space
// (the floor), compliant mesh–rigid half-space (a wall), and, when
// `rigid_rigid`, a rigid–rigid pair that only the fallback answers. Each
// geometry has its own frame, moved every step.
struct Scene {
  SceneGraph scene_graph;
  std::vector<std::pair<FrameId, RigidTransform>> base;
  std::vector<std::pair<FrameId, RigidTransform>> poses;
  GeometryId sphere, box;

  explicit Scene(bool rigid_rigid) {
    ProximityProperties floor_props = ProximityProperties::Compliant(1e6);
    const GeometryId floor = scene_graph.RegisterGeometry(scene_graph.world_frame_id(), RigidTransform(),
                                                          HalfSpace(), "floor", floor_props);
    // The wall x ≥ 1 is G's z ≤ 0 with G's z along −x: pitch −π/2 maps z to −x.
    const GeometryId wall = scene_graph.RegisterGeometry(
        scene_graph.world_frame_id(), RigidTransform::FromRollPitchYaw({0, -M_PI / 2, 0}, {1, 0, 0}),
        HalfSpace(), "wall", ProximityProperties::Rigid());
    scene_graph.ExcludeCollisionsBetween(floor, wall);  // Two half-spaces have no answer.
    sphere = Add(Sphere(0.1), {0, 0, 0.09}, ProximityProperties::Compliant(1e6, 0.04), "sphere");
    box = Add(Box(0.2, 0.2, 0.2), {0.19, 0, 0.09}, ProximityProperties::Compliant(2e6, 0.05), "box");
    const GeometryId obj = Add(Mesh(std::string(HYDROCONTACT_SOURCE_DIR) + "/data/sphere_r0.05m.obj"),
                               {0.33, 0, 0.045}, ProximityProperties::Rigid(), "obj");
    Add(Capsule(0.06, 0.1), {0.95, 0, 0.3}, ProximityProperties::Compliant(1e6, 0.03), "capsule");
    const GeometryId lid = Add(Box(0.1, 0.1, 0.1), {0, 0, 0.23}, ProximityProperties::Rigid(), "lid");
    // The wall's box is all space: keep it from pairing with the rigid
    // bodies (rigid–rigid has no contact surface).
    scene_graph.ExcludeCollisionsBetween(wall, obj);
    scene_graph.ExcludeCollisionsBetween(wall, lid);
    if (rigid_rigid) {
      const GeometryId lid2 = Add(Box(0.1, 0.1, 0.1), {0, 0, 0.325}, ProximityProperties::Rigid(), "lid2");
      scene_graph.ExcludeCollisionsBetween(wall, lid2);
    }
    poses = base;
  }

  GeometryId Add(Shape shape, const Vector3d& p, const ProximityProperties& props, const std::string& name) {
    const FrameId frame = scene_graph.RegisterFrame(name);
    base.emplace_back(frame, RigidTransform(p));
    return scene_graph.RegisterGeometry(frame, RigidTransform(), std::move(shape), name, props);
  }

  // A periodic motion (period 8 steps): every body sways by a millimetre
  // and tilts a little, so contacts change but never outgrow what the
  // first period saw.
  void Step(int step) {
    for (size_t k = 0; k < base.size(); ++k) {
      const double phase = 2 * M_PI * (step % 8) / 8 + k;
      const Vector3d p = base[k].second.translation() + 1e-3 * Vector3d(std::sin(phase), std::cos(phase), std::sin(2 * phase));
      poses[k].second = RigidTransform::FromRollPitchYaw({0.02 * std::sin(phase), 0.01 * std::cos(phase), 0}, p);
    }
    scene_graph.SetFramePoses(poses);
  }
};

// Every query, into results kept from step to step; returns a checksum of
// what they found so the work cannot be skipped.
struct Results {
  std::vector<ContactSurface> triangles, polygons, fallback_surfaces;
  std::vector<PenetrationAsPointPair> fallback_points, penetrations;
  std::vector<SignedDistancePair> distances;
  std::vector<SignedDistanceToPoint> point_distances;
  std::vector<std::pair<GeometryId, GeometryId>> candidates;
  std::vector<ContactPatch> patches, fallback_patches;
  std::vector<ContactSurface> patch_fallback_surfaces;
  std::vector<std::optional<RayCastHit>> hits;
  std::vector<SignedDistanceToPoint> geometry_distances;
  std::vector<ContactKinematics> kinematics;
  // Query inputs, made once (a plant keeps its own).
  std::vector<Vector3d> ray_origins, ray_directions;
  std::vector<GeometryId> excluded, ids;
  std::map<GeometryId, SpatialVelocity> velocities;
  double checksum{0};
};

void Query(const Scene& compatible, const Scene& full, int max_threads, Results* r) {
  QueryObject q1 = compatible.scene_graph.query_object();
  QueryObject q2 = full.scene_graph.query_object();
  q1.set_max_threads(max_threads);
  q2.set_max_threads(max_threads);
  q1.ComputeContactSurfaces(HydroelasticContactRepresentation::kTriangle, &r->triangles);
  q1.ComputeContactSurfaces(HydroelasticContactRepresentation::kPolygon, &r->polygons);
  q2.ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation::kPolygon, &r->fallback_surfaces,
                                        &r->fallback_points);
  q2.ComputePointPairPenetration(&r->penetrations);
  q2.ComputeSignedDistancePairwiseClosestPoints(0.05, &r->distances);
  q2.ComputeSignedDistanceToPoint(Vector3d(0.1, 0.05, 0.2), 0.3, &r->point_distances);
  q2.FindCollisionCandidates(&r->candidates);
  q2.ComputeContactPatches({}, &r->patches);
  q2.ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation::kTriangle, &r->patch_fallback_surfaces,
                                        &r->fallback_patches);
  q2.CastRays(r->ray_origins, r->ray_directions, 10.0, r->excluded, &r->hits);
  if (const std::optional<RayCastHit> hit = q2.CastRay(Vector3d(0, 0, 1), Vector3d(0, 0, -1), 10.0, r->excluded)) {
    r->checksum += hit->distance;
  }
  q2.ComputeSignedDistanceGeometryToPoint(Vector3d(0.1, 0.05, 0.2), r->ids, &r->geometry_distances);
  q2.ComputeContactKinematics(r->velocities, {}, 0.0, 1, &r->kinematics);
  for (const auto& patch : r->patches) r->checksum += patch.size();
  for (const auto& patch : r->fallback_patches) r->checksum += patch.size();
  for (const auto& hit : r->hits) r->checksum += hit ? hit->distance : 0.0;
  for (const auto& d : r->geometry_distances) r->checksum += d.distance;
  for (const auto& k : r->kinematics) r->checksum += k.perr;
  r->checksum += q2.ComputeSignedDistancePairClosestPoints(full.sphere, full.box).distance;
  r->checksum += q2.HasCollisions() ? 1 : 0;
  for (const auto& s : r->triangles) r->checksum += s.total_area();
  for (const auto& s : r->polygons) r->checksum += s.total_area();
  r->checksum += r->fallback_points.size() + r->penetrations.size() + r->distances.size() +
                 r->point_distances.size() + r->candidates.size();
}

TEST_CASE("QueryObject: 100 steps of a scene with every query and pair kind allocate nothing") {
  for (int max_threads : {1, 2}) {
    Scene compatible(false), full(true);
    Results results;
    // A range sensor's fan of 32 rays from above, skipping the lid.
    for (int k = 0; k < 32; ++k) {
      results.ray_origins.emplace_back(-0.2 + 0.02 * k, 0.01, 1.0);
      results.ray_directions.emplace_back(0.01 * std::sin(k), 0, -1);
    }
    results.excluded = {full.scene_graph.FindGeometryByName("lid")};
    results.ids = full.scene_graph.GetAllGeometryIds();
    results.velocities[full.sphere] = SpatialVelocity{Vector3d(0, 0, 1), Vector3d(0.1, 0, 0)};
    // Warm-up: two periods of the motion, so every result and scratch buffer
    // has grown to the largest size it will need.
    for (int step = 0; step < 16; ++step) {
      compatible.Step(step);
      full.Step(step);
      Query(compatible, full, max_threads, &results);
    }
    // The scene really exercises every kind: 5 hydroelastic surfaces at least
    // (sphere–box, sphere–floor, box–floor, box–obj, obj–floor, sphere–lid,
    // capsule–wall) and the rigid–rigid pair through the fallback.
    CHECK(results.triangles.size() >= 5);
    CHECK(results.fallback_points.size() >= 1);
    CHECK(results.distances.size() >= 5);
    CHECK(results.patches.size() >= 5);
    CHECK(results.fallback_patches.size() >= 1);
    CHECK(results.kinematics.size() >= 5);
    int ray_hits = 0;
    for (const auto& hit : results.hits) ray_hits += hit ? 1 : 0;
    CHECK(ray_hits >= 16);
    g_allocations = 0;
    g_counting = true;
    for (int step = 16; step < 116; ++step) {
      compatible.Step(step);
      full.Step(step);
      Query(compatible, full, max_threads, &results);
    }
    g_counting = false;
    INFO("max_threads = " << max_threads);
    CHECK(g_allocations.load() == 0);
    CHECK(std::isfinite(results.checksum));
  }
}

TEST_CASE("QueryObject: contacts that end and return, and non-convex and ellipsoid pairs, allocate nothing") {
  // Three pairs that the scene above lacks:
  //  - a compliant torus (R 0.05, r 0.015) against a rigid OBJ sphere and a
  //    compliant VTK volume mesh against another: their penetration and
  //    distance search the meshes' skeletons (non-convex meshes);
  //  - an ellipsoid against a sphere (the ellipsoid's point query);
  //  - a compliant ball over a compliant floor, moving up and down by 2 cm
  //    about z = r over a period of 8 steps: in contact for half of them,
  //    so its surface (and the fallback's patch with a rigid box that
  //    touches it only while it is low) leaves the output and comes back.
  for (int max_threads : {1, 2}) {
    SceneGraph scene;
    const std::string data = std::string(HYDROCONTACT_SOURCE_DIR) + "/data/";
    std::vector<std::pair<FrameId, RigidTransform>> base;
    auto add = [&](Shape shape, const Vector3d& p, const ProximityProperties& props, const std::string& name) {
      const FrameId frame = scene.RegisterFrame(name);
      base.emplace_back(frame, RigidTransform(p));
      return scene.RegisterGeometry(frame, RigidTransform(), std::move(shape), name, props);
    };
    add(Torus(0.05, 0.015), {10, 0, 0}, ProximityProperties::Compliant(1e6, 0.01), "torus");
    add(Mesh(data + "sphere_r0.05m.obj"), {10.06, 0, 0.03}, ProximityProperties::Rigid(), "obj");
    add(Mesh(data + "gmsh-sphere-r0.05.vtk"), {20, 0, 0}, ProximityProperties::Compliant(1e6), "vtk");
    add(Mesh(data + "sphere_r0.05m.obj"), {20.09, 0, 0}, ProximityProperties::Rigid(), "obj2");
    add(Ellipsoid(0.05, 0.03, 0.04), {30, 0, 0}, ProximityProperties::Compliant(1e6), "ellipsoid");
    add(Sphere(0.05), {30.09, 0, 0}, ProximityProperties::Compliant(1e6), "sphere");
    const int ball = static_cast<int>(base.size());
    add(Sphere(0.05), {40, 0, 0.05}, ProximityProperties::Compliant(1e6, 0.02), "ball");
    add(Box(0.05, 0.05, 0.05), {40, 0, 0.125}, ProximityProperties::Rigid(), "lid");
    const GeometryId floor = scene.RegisterGeometry(scene.world_frame_id(), RigidTransform(), HalfSpace(), "floor",
                                                    ProximityProperties::Compliant(1e6));
    for (const char* name : {"torus", "obj", "vtk", "obj2", "ellipsoid", "sphere", "lid"}) {
      scene.ExcludeCollisionsBetween(floor, scene.FindGeometryByName(name));
    }
    std::vector<std::pair<FrameId, RigidTransform>> poses = base;
    std::vector<ContactSurface> surfaces, fallback_surfaces;
    std::vector<PenetrationAsPointPair> penetrations;
    std::vector<SignedDistancePair> distances;
    std::vector<ContactPatch> fallback_patches;
    int most_surfaces = 0, fewest_surfaces = 1 << 30;
    auto step = [&](int k) {
      const double phase = 2 * M_PI * (k % 8) / 8;
      for (size_t i = 0; i < base.size(); ++i) {
        // The ball sways 2 cm up and down; the rest tilt a little.
        const Vector3d p = base[i].second.translation() +
                           (static_cast<int>(i) == ball ? Vector3d(0, 0, 0.02 * std::sin(phase)) : Vector3d::Zero());
        poses[i].second = RigidTransform::FromRollPitchYaw({0.02 * std::sin(phase + i), 0, 0}, p);
      }
      scene.SetFramePoses(poses);
      QueryObject q = scene.query_object();
      q.set_max_threads(max_threads);
      q.ComputeContactSurfaces(HydroelasticContactRepresentation::kPolygon, &surfaces);
      q.ComputeContactSurfacesWithFallback(HydroelasticContactRepresentation::kTriangle, &fallback_surfaces,
                                           &fallback_patches);
      q.ComputePointPairPenetration(&penetrations);
      q.ComputeSignedDistancePairwiseClosestPoints(0.01, &distances);
      most_surfaces = std::max(most_surfaces, static_cast<int>(surfaces.size()));
      fewest_surfaces = std::min(fewest_surfaces, static_cast<int>(surfaces.size()));
    };
    for (int k = 0; k < 16; ++k) step(k);
    // The pairs are there: the three static pairs penetrate (torus–obj,
    // vtk–obj2, ellipsoid–sphere), and the ball's surface comes and goes.
    CHECK(penetrations.size() >= 3);
    CHECK(most_surfaces > fewest_surfaces);
    g_allocations = 0;
    g_counting = true;
    for (int k = 16; k < 116; ++k) step(k);
    g_counting = false;
    INFO("max_threads = " << max_threads);
    CHECK(g_allocations.load() == 0);
  }
}

TEST_CASE("QueryObject: the allocation counter of this test sees allocations") {
  // Guards the test above against a counter that never counts.
  g_allocations = 0;
  g_counting = true;
  auto* v = new std::vector<int>(100);
  g_counting = false;
  delete v;
  CHECK(g_allocations.load() == 2);
}

}  // namespace
}  // namespace hydrocontact
