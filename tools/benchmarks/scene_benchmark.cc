// Scene benchmark: what one step of a physics plant costs around the pairs
// (posing, broad phase, threads, results) as well as in them.
//
// Scenes (every body on its own frame, its pose advanced each step by a
// deterministic periodic motion, period 16 steps):
//   - free N: free-flying bodies on a 3D grid, 0.2 m apart, never touching:
//     compliant spheres, boxes and capsules, and every 10th a rigid OBJ mesh
//     (data/sphere_r0.05m.obj). Broad phase and bookkeeping only.
//   - resting N: the same mix resting on a compliant half-space floor in a
//     square grid, each body pressed 5 mm into the floor and 5 mm into its
//     neighbours (rigid–rigid neighbours fall back to point pairs).
//   - pile N: the mix stacked in layers of up to 5×5, each layer resting
//     5 mm deep in the one below.
//   - scan 1: a scanned-object-sized rigid mesh (an icosphere of 81,920
//     triangles, radius 0.1 m, written once to a temporary OBJ) sunk 6 cm
//     into a compliant box: one huge pair.
// Queries (each iteration sets the poses of a new step, then runs it):
//   Surfaces = ComputeContactSurfacesWithFallback (polygons), Penetration =
//   ComputePointPairPenetration, Distance = ComputeSignedDistancePairwise-
//   ClosestPoints(1 cm), Candidates = FindCollisionCandidates, Step = all
//   four. Each with 1 and 2 threads (set_max_threads).
// Counters: pairs (candidate pairs), faces (contact-surface faces), allocs
// (heap allocations per step, counted by this program's operator new).
//
// With -DHYDROCONTACT_BASELINE the same file builds against the code before
// reused results existed (value-returning queries), for side-by-side runs.
//
// Run: build/scene_benchmark --benchmark_min_time=0.2

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "geometry/query_object.h"
#include "geometry/scene_graph.h"
#include "mesh/obj_io.h"
#include "tests/mesh/test_meshes.h"
#include "tests/allocation_counter.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

enum SceneKind { kFree, kResting, kPile, kScan };
const char* const kSceneNames[] = {"free", "resting", "pile", "scan"};
enum QueryKind { kSurfaces, kPenetration, kDistance, kCandidates, kStep };

// The repository's sample sphere: found from this file's path when that is
// absolute, else next to the build folder holding this program.
std::string SampleObj() {
  const std::filesystem::path from_source =
      std::filesystem::path(__FILE__).parent_path() / "../../data/sphere_r0.05m.obj";
  if (from_source.is_absolute() && std::filesystem::exists(from_source)) return from_source.string();
  return (std::filesystem::canonical("/proc/self/exe").parent_path() / "../data/sphere_r0.05m.obj").string();
}

// An icosphere of 81,920 triangles, radius 0.1 m, with a gentle bumpiness
// (a scanned object is not a perfect sphere), written once.
std::string ScanObj() {
  static const std::string path = [] {
    const TriangleSurfaceMesh sphere = test::MakeIcosphere(6, 0.1);
    std::vector<Vector3d> vertices = sphere.vertices();
    for (Vector3d& v : vertices) v *= 1 + 0.03 * std::sin(7 * v.x() / 0.1) * std::sin(5 * v.y() / 0.1);
    const std::string file = (std::filesystem::temp_directory_path() / "hydrocontact_scan_81920.obj").string();
    WriteObjFile(file, TriangleSurfaceMesh(sphere.triangles(), std::move(vertices)));
    return file;
  }();
  return path;
}

struct Scene {
  SceneGraph scene_graph;
  std::vector<std::pair<FrameId, RigidTransform>> base;
  int step{0};

  void Add(int k, const Vector3d& p) {
    // The mix: compliant spheres, boxes, capsules (radius/half-size 0.05 m),
    // every 10th body a rigid OBJ mesh.
    const FrameId frame = scene_graph.RegisterFrame(fmt::format("f{}", k));
    base.emplace_back(frame, RigidTransform(p));
    const std::string name = fmt::format("g{}", k);
    const ProximityProperties compliant = ProximityProperties::Compliant(1e6, 0.03);
    if (k % 10 == 9) {
      scene_graph.RegisterGeometry(frame, RigidTransform(), Mesh(SampleObj()), name, ProximityProperties::Rigid());
    } else if (k % 3 == 0) {
      scene_graph.RegisterGeometry(frame, RigidTransform(), Sphere(0.05), name, compliant);
    } else if (k % 3 == 1) {
      scene_graph.RegisterGeometry(frame, RigidTransform(), Box(0.1, 0.1, 0.1), name, compliant);
    } else {
      // A capsule of overall height 0.1 m (radius 0.05, no cylinder part
      // would be a sphere): radius 0.05, length 0.001.
      scene_graph.RegisterGeometry(frame, RigidTransform(), Capsule(0.05, 0.001), name, compliant);
    }
  }

  void AddFloor() {
    ProximityProperties floor = ProximityProperties::Compliant(1e7);
    floor.set_slab_thickness(0.5);
    scene_graph.RegisterGeometry(scene_graph.world_frame_id(), RigidTransform(), HalfSpace(), "floor", floor);
  }

  // The poses of the 16 steps of the periodic motion, computed once so the
  // benchmark times the plant's work, not the motion's: every body moves
  // along its own small path (free bodies circle by 2 cm, resting ones sway
  // by 0.2 mm and stay in contact) and turns a little.
  std::vector<std::vector<std::pair<FrameId, RigidTransform>>> motion;

  void MakeMotion(double amplitude) {
    motion.assign(16, base);
    for (int s = 0; s < 16; ++s) {
      for (size_t k = 0; k < base.size(); ++k) {
        const double phase = 2 * M_PI * s / 16 + 0.7 * k;
        const Vector3d p = base[k].second.translation() +
                           amplitude * Vector3d(std::cos(phase), std::sin(phase), 0.5 * std::sin(2 * phase));
        motion[s][k].second = RigidTransform::FromRollPitchYaw({0, 0, 0.05 * std::sin(phase)}, p);
      }
    }
  }

  void Advance() {
    ++step;
    scene_graph.SetFramePoses(motion[step % 16]);
  }
};

std::unique_ptr<Scene> MakeScene(SceneKind kind, int n) {
  auto scene = std::make_unique<Scene>();
  if (kind == kFree) {
    const int side = static_cast<int>(std::ceil(std::cbrt(double(n))));
    for (int k = 0; k < n; ++k) {
      scene->Add(k, 0.2 * Vector3d(k % side, (k / side) % side, k / (side * side)));
    }
  } else if (kind == kResting) {
    scene->AddFloor();
    const int side = static_cast<int>(std::ceil(std::sqrt(double(n))));
    for (int k = 0; k < n; ++k) scene->Add(k, Vector3d(0.095 * (k % side), 0.095 * (k / side), 0.045));
  } else if (kind == kPile) {
    scene->AddFloor();
    for (int k = 0; k < n; ++k) {
      const int layer = k / 25, in_layer = k % 25;
      // Each layer is offset by half a body so it rests on the one below.
      const double shift = 0.0475 * (layer % 2);
      scene->Add(k, Vector3d(0.095 * (in_layer % 5) + shift, 0.095 * (in_layer / 5) + shift, 0.045 + 0.095 * layer));
    }
  } else {
    const FrameId box_frame = scene->scene_graph.RegisterFrame("box");
    scene->base.emplace_back(box_frame, RigidTransform(Vector3d(0, 0, -0.2)));
    scene->scene_graph.RegisterGeometry(box_frame, RigidTransform(), Box(0.4, 0.4, 0.4), "box",
                                        ProximityProperties::Compliant(1e6, 0.02));
    const FrameId scan_frame = scene->scene_graph.RegisterFrame("scan");
    scene->base.emplace_back(scan_frame, RigidTransform(Vector3d(0, 0, 0.04)));
    scene->scene_graph.RegisterGeometry(scan_frame, RigidTransform(), Mesh(ScanObj()), "scan",
                                        ProximityProperties::Rigid());
  }
  scene->MakeMotion(kind == kFree ? 0.02 : 2e-4);
  return scene;
}

Scene& GetScene(SceneKind kind, int n) {
  static std::map<std::pair<int, int>, std::unique_ptr<Scene>> scenes;
  auto& scene = scenes[{kind, n}];
  if (!scene) scene = MakeScene(kind, n);
  return *scene;
}

// Results kept from step to step, as a plant keeps them.
struct Results {
  std::vector<ContactSurface> surfaces;
  std::vector<PenetrationAsPointPair> point_pairs, penetrations;
  std::vector<SignedDistancePair> distances;
  std::vector<std::pair<GeometryId, GeometryId>> candidates;
};

void RunQuery(const QueryObject& query, QueryKind kind, Results* r) {
  const auto rep = HydroelasticContactRepresentation::kPolygon;
  if (kind == kSurfaces || kind == kStep) query.ComputeContactSurfacesWithFallback(rep, &r->surfaces, &r->point_pairs);
#ifdef HYDROCONTACT_BASELINE
  if (kind == kPenetration || kind == kStep) r->penetrations = query.ComputePointPairPenetration();
  if (kind == kDistance || kind == kStep) r->distances = query.ComputeSignedDistancePairwiseClosestPoints(0.01);
  if (kind == kCandidates || kind == kStep) r->candidates = query.FindCollisionCandidates();
#else
  if (kind == kPenetration || kind == kStep) query.ComputePointPairPenetration(&r->penetrations);
  if (kind == kDistance || kind == kStep) query.ComputeSignedDistancePairwiseClosestPoints(0.01, &r->distances);
  if (kind == kCandidates || kind == kStep) query.FindCollisionCandidates(&r->candidates);
#endif
}

void BM_Scene(benchmark::State& state, QueryKind kind) {
  const auto scene_kind = static_cast<SceneKind>(state.range(0));
  const int n = static_cast<int>(state.range(1));
  const int threads = static_cast<int>(state.range(2));
  Scene& scene = GetScene(scene_kind, n);
  QueryObject query = scene.scene_graph.query_object();
  query.set_max_threads(threads);
  Results results;
  // Warm-up: one period of the motion.
  for (int i = 0; i < 16; ++i) {
    scene.Advance();
    RunQuery(query, kind, &results);
  }
  const long allocations_before = g_allocations.load();
  long steps = 0;
  for (auto _ : state) {
    scene.Advance();
    RunQuery(query, kind, &results);
    ++steps;
  }
  const long allocations = g_allocations.load() - allocations_before;
  int faces = 0;
  for (const ContactSurface& s : results.surfaces) faces += s.num_faces();
  state.counters["pairs"] = static_cast<double>(query.FindCollisionCandidates().size());
  state.counters["faces"] = faces;
  state.counters["allocs"] = steps > 0 ? double(allocations) / steps : 0.0;
  state.SetLabel(fmt::format("{} {} geometries, {} thread{}", kSceneNames[scene_kind],
                             scene.scene_graph.num_geometries(), threads, threads > 1 ? "s" : ""));
}

void SceneArgs(benchmark::internal::Benchmark* b) {
  for (int threads : {1, 2}) {
    for (int n : {10, 100, 1000, 10000}) b->Args({kFree, n, threads});
    for (int n : {10, 100, 1000}) b->Args({kResting, n, threads});
    for (int n : {10, 100}) b->Args({kPile, n, threads});
    b->Args({kScan, 1, threads});
  }
  b->ArgNames({"scene", "n", "threads"})->Unit(benchmark::kMicrosecond);
}

BENCHMARK_CAPTURE(BM_Scene, Step, kStep)->Apply(SceneArgs);
BENCHMARK_CAPTURE(BM_Scene, Surfaces, kSurfaces)->Apply(SceneArgs);
BENCHMARK_CAPTURE(BM_Scene, Penetration, kPenetration)->Apply(SceneArgs);
BENCHMARK_CAPTURE(BM_Scene, Distance, kDistance)->Apply(SceneArgs);
BENCHMARK_CAPTURE(BM_Scene, Candidates, kCandidates)->Apply(SceneArgs);

}  // namespace
}  // namespace hydrocontact

BENCHMARK_MAIN();
