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
//
// Speed-up mode, for a machine shared with other work:
//   build/scene_benchmark --speedup [--rounds=R] [--steps=S] [scene:n ...]
// (scenes default to resting:100 pile:100 scan:1 resting:10 free:100; queries,
// each --query=step|surfaces|penetration|distance, to surfaces and step) runs
// each query with 1 and with 2 threads alternately, R rounds of S steps each, and
// prints per scene: the minimum wall time of a step of each (the step least
// disturbed by other load), their ratio and the median over the rounds of
// the ratio of the rounds' quickest steps; the 1-thread CPU time per step
// W1 and the 2-thread critical path C2 (the caller's CPU time, less its
// spinning for workers, plus, per pool job, how much longer its longest share
// took, see ThreadPoolProfile), whose
// ratio W1/C2 is the speed-up the 2 threads give when each has a core, a
// figure that load cannot fake because it counts each thread's CPU time; and
// the 2-thread run's parallelism W2/C2 (total CPU time of all threads over the
// critical path); and serial2, the share of C2 spent outside pool jobs.

#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
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
#ifndef HYDROCONTACT_BASELINE
#include "geometry/thread_pool.h"
#endif
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

#ifndef HYDROCONTACT_BASELINE  // The baseline has no persistent pool to profile.

// This thread's CPU time, in seconds.
double ThreadCpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

// One round of the speed-up mode: `steps` steps of the scene on `threads`
// threads; the wall time of its quickest step, and per step the work W
// (every thread's CPU time), the critical path C and the serial part of C.
struct Round {
  double wall, work, critical, serial;
};

Round RunRound(Scene& scene, QueryObject& query, QueryKind kind, int threads, int steps, Results* results) {
  query.set_max_threads(threads);
  ThreadPool::ResetProfile();
  const double cpu_before = ThreadCpuSeconds();
  // The least disturbed step's wall time (posing included).
  double wall = std::numeric_limits<double>::infinity();
  for (int s = 0; s < steps; ++s) {
    const auto wall_before = std::chrono::steady_clock::now();
    scene.Advance();
    RunQuery(query, kind, results);
    wall = std::min(wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count());
  }
  const ThreadPoolProfile profile = ThreadPool::Profile();
  const double cpu = ThreadCpuSeconds() - cpu_before - profile.caller_wait_seconds;
  return {wall, (cpu + profile.worker_seconds) / steps, (cpu + profile.critical_extra_seconds) / steps,
          (cpu - profile.caller_seconds) / steps};
}

int RunSpeedup(int argc, char** argv) {
  int rounds = 30, steps = 20;
  std::vector<std::pair<SceneKind, int>> scenes;
  std::vector<QueryKind> queries;
  for (int a = 2; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg.rfind("--rounds=", 0) == 0) {
      rounds = std::max(1, std::atoi(arg.c_str() + 9));
    } else if (arg.rfind("--steps=", 0) == 0) {
      steps = std::max(1, std::atoi(arg.c_str() + 8));
    } else if (arg == "--query=step" || arg == "--query=surfaces" || arg == "--query=penetration" ||
               arg == "--query=distance") {
      const std::string q = arg.substr(8);
      queries.push_back(q == "step" ? kStep : q == "surfaces" ? kSurfaces : q == "penetration" ? kPenetration : kDistance);
    } else {
      const size_t colon = arg.find(':');
      const std::string name = arg.substr(0, colon);
      const auto* kind = std::find_if(std::begin(kSceneNames), std::end(kSceneNames),
                                      [&](const char* k) { return name == k; });
      if (kind == std::end(kSceneNames) || colon == std::string::npos) {
        std::fprintf(stderr, "scene_benchmark --speedup: bad argument '%s' (scene:n, --rounds=R, --steps=S or --query=step|surfaces|penetration|distance)\n",
                     arg.c_str());
        return 2;
      }
      scenes.emplace_back(static_cast<SceneKind>(kind - std::begin(kSceneNames)), std::atoi(arg.c_str() + colon + 1));
    }
  }
  if (scenes.empty()) scenes = {{kResting, 100}, {kPile, 100}, {kScan, 1}, {kResting, 10}, {kFree, 100}};
  if (queries.empty()) queries = {kSurfaces, kStep};
  ThreadPool::SetProfiling(true);
  std::printf("%d rounds of %d steps, 1 and 2 threads alternately; per step:\n", rounds, steps);
  std::printf("%-21s %11s %11s %8s %8s %11s %11s %8s %8s %8s\n", "scene", "min wall 1", "min wall 2", "ratio",
              "med.ratio", "W1 (cpu)", "C2 (crit.)", "W1/C2", "W2/C2", "serial2");
  for (const auto& [kind, n] : scenes) {
   for (const QueryKind query_kind : queries) {
    Scene& scene = GetScene(kind, n);
    QueryObject query = scene.scene_graph.query_object();
    Results results;
    for (int threads : {1, 2}) RunRound(scene, query, query_kind, threads, 16, &results);  // Warm-up.
    std::vector<double> wall[2], work[2], critical[2], serial, ratio;
    for (int r = 0; r < rounds; ++r) {
      Round round[2];
      // Alternate which goes first, so that neither always follows the other.
      for (int k = 0; k < 2; ++k) {
        const int t = (r % 2 == 0) ? k : 1 - k;
        round[t] = RunRound(scene, query, query_kind, t + 1, steps, &results);
      }
      for (int t = 0; t < 2; ++t) {
        wall[t].push_back(round[t].wall);
        work[t].push_back(round[t].work);
        critical[t].push_back(round[t].critical);
      }
      serial.push_back(round[1].serial);
      ratio.push_back(round[0].wall / round[1].wall);
    }
    const double min1 = *std::min_element(wall[0].begin(), wall[0].end());
    const double min2 = *std::min_element(wall[1].begin(), wall[1].end());
    const char* const query_names[] = {"Surfaces", "Penetration", "Distance", "Candidates", "Step"};
    const std::string label = fmt::format("{} {} {}", kSceneNames[kind], n, query_names[query_kind]);
    std::printf("%-21s %9.1fus %9.1fus %7.2fx %7.2fx %9.1fus %9.1fus %7.2fx %7.2fx %7.0f%%\n", label.c_str(),
                1e6 * min1, 1e6 * min2, min1 / min2, Median(ratio), 1e6 * Median(work[0]), 1e6 * Median(critical[1]),
                Median(work[0]) / Median(critical[1]), Median(work[1]) / Median(critical[1]),
                100 * Median(serial) / Median(critical[1]));
    std::fflush(stdout);
   }
  }
  return 0;
}

#endif  // HYDROCONTACT_BASELINE

}  // namespace
}  // namespace hydrocontact

int main(int argc, char** argv) {
#ifndef HYDROCONTACT_BASELINE
  if (argc > 1 && std::strcmp(argv[1], "--speedup") == 0) return hydrocontact::RunSpeedup(argc, argv);
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
