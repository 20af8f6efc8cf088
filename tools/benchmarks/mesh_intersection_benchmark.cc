// Contact-surface benchmarks mirroring Drake's published mesh-intersection
// benchmarks (geometry/benchmarking/mesh_intersection_benchmark.cc and
// compliant_mesh_intersection_benchmark.cc), with the same inputs:
//
//   - a compliant ellipsoid, semi-axes (3.01, 3.5, 4.0) m, modulus 1e5 Pa, at
//     the world origin, unrotated;
//   - a sphere of radius 3.0 m, rigid (RigidCompliant) or compliant with
//     modulus 1e5 Pa (CompliantCompliant);
//   - resolution index r ∈ {0,1,2,3} → resolution hint {4, 3, 2, 1} m for
//     both meshes;
//   - overlap index o → the sphere's centre at (7,7,7), (4,4,4), (3.5,3.5,3.5),
//     (1.2,1.2,1.2) or (0,0,0) m: no contact, overlapping boxes only, minimal,
//     intermediate and maximal contact (o = 4 for RigidCompliant only);
//   - rotation index k ∈ {0..3} → the sphere rotated by k/3·π/4 about
//     (1,1,1)/√3.
//
// Each case reports the time per ComputeContactSurface call (representations
// and hierarchies prebuilt, as a plant's step would find them) and counters
// `faces` and `area` (m²) of the surface. RigidCompliant runs with the
// orientation filter (our default) and without it: Drake's published
// RigidSoftMesh figures keep the whole buried sphere (o = 4), which only the
// unfiltered run reproduces. `Build*` measure the one-off cost of each
// representation.
//
// `HalfSpaceKernel` times the half-space kernels alone (no surface is built),
// writing into one reused ContactPolygons, on the inputs of
// identical_mesh_benchmark: the gmsh sphere (data/gmsh-sphere-r0.05*.vtk,
// E 1e6 Pa) at height 0.04 m against a half-space whose boundary passes
// through the origin tilted by 0.1 rad about x (rigid, or compliant with a
// 0.1 m slab), and a compliant 0.1 m box at height 0.045 m against a rigid
// half-space tilted by 0.05 rad. Counters: polygons and vertices written.
//
// `HalfSpaceThreads` times the whole ComputeContactSurface of a large mesh
// against a half-space with 1 or 2 threads lent (ContactSurfaceOptions::
// executor, a ThreadPool's): a compliant primitive sphere of radius 0.1 m
// (E 1e6 Pa) at resolution hint 0.0035 or 0.002 m, pressed 0.02 m into a
// half-space tilted by 0.1 rad (rigid, or compliant with a 0.1 m slab),
// polygons. Thousands of tetrahedra cross the plane, so the kernel splits
// them among the threads, and the builder splits the polygons. Counters:
// faces and area (m²), the same for any thread count.
//
// Run: build/mesh_intersection_benchmark --benchmark_min_time=0.1

#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include <benchmark/benchmark.h>

#include "geometry/thread_pool.h"
#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/hydroelastic/half_space_intersection.h"
#include "proximity/representation/make_hydroelastic_representation.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

constexpr double kModulus = 1e5;
constexpr double kSphereRadius = 3.0;
constexpr std::array<double, 4> kResolutionHint{4, 3, 2, 1};
const std::array<Vector3d, 5> kOverlapTranslation{Vector3d(7, 7, 7), Vector3d(4, 4, 4),
                                                  Vector3d(3.5, 3.5, 3.5),
                                                  Vector3d(1.2, 1.2, 1.2), Vector3d(0, 0, 0)};

Ellipsoid TheEllipsoid() { return Ellipsoid(3.01, 3.5, 4.0); }

HydroelasticRepresentation MakeEllipsoid(int r) {
  return MakeHydroelasticRepresentation(
      TheEllipsoid(), ProximityProperties::Compliant(kModulus, kResolutionHint[r]));
}
HydroelasticRepresentation MakeSphere(int r, bool compliant) {
  return MakeHydroelasticRepresentation(
      Sphere(kSphereRadius), compliant
                                 ? ProximityProperties::Compliant(kModulus, kResolutionHint[r])
                                 : ProximityProperties::Rigid(kResolutionHint[r]));
}

// Representations are built once per (resolution, kind) and shared by the
// cases, like a scene's geometries.
const HydroelasticRepresentation& Cached(int r, int kind) {
  static std::map<std::pair<int, int>, HydroelasticRepresentation> cache;
  auto it = cache.find({r, kind});
  if (it == cache.end()) {
    it = cache.emplace(std::make_pair(r, kind), kind == 0 ? MakeEllipsoid(r)
                                                          : MakeSphere(r, kind == 2))
             .first;
  }
  return it->second;
}

RigidTransform SpherePose(int overlap, int rotation) {
  return RigidTransform::FromAxisAngle(Vector3d(1, 1, 1), rotation / 3.0 * M_PI / 4,
                                       kOverlapTranslation[overlap]);
}

HydroelasticContactRepresentation Representation(int polygon) {
  return polygon ? HydroelasticContactRepresentation::kPolygon
                 : HydroelasticContactRepresentation::kTriangle;
}

void Report(benchmark::State& state, const std::optional<ContactSurface>& surface) {
  state.counters["faces"] = surface ? surface->num_faces() : 0;
  state.counters["area"] = surface ? surface->total_area() : 0.0;
}

// Args: resolution, overlap, rotation, filter (0/1), polygon (0/1).
void RigidCompliant(benchmark::State& state) {
  const int r = int(state.range(0));
  const HydroelasticRepresentation& ellipsoid = Cached(r, 0);
  const HydroelasticRepresentation& sphere = Cached(r, 1);
  const GeometryId id_E = GeometryId::get_new_id();
  const GeometryId id_S = GeometryId::get_new_id();
  const RigidTransform X_WS = SpherePose(int(state.range(1)), int(state.range(2)));
  ContactSurfaceOptions options;
  options.normal_filter = state.range(3) != 0;
  const auto representation = Representation(int(state.range(4)));
  std::optional<ContactSurface> surface;
  for (auto _ : state) {
    surface = ComputeContactSurface(id_E, ellipsoid, RigidTransform(), id_S, sphere, X_WS,
                                    representation, options);
    benchmark::DoNotOptimize(surface);
  }
  Report(state, surface);
}

// Args: resolution, overlap, polygon (0/1).
void CompliantCompliant(benchmark::State& state) {
  const int r = int(state.range(0));
  const HydroelasticRepresentation& ellipsoid = Cached(r, 0);
  const HydroelasticRepresentation& sphere = Cached(r, 2);
  const GeometryId id_E = GeometryId::get_new_id();
  const GeometryId id_S = GeometryId::get_new_id();
  const RigidTransform X_WS = SpherePose(int(state.range(1)), 0);
  const auto representation = Representation(int(state.range(2)));
  std::optional<ContactSurface> surface;
  for (auto _ : state) {
    surface = ComputeContactSurface(id_E, ellipsoid, RigidTransform(), id_S, sphere, X_WS,
                                    representation);
    benchmark::DoNotOptimize(surface);
  }
  Report(state, surface);
}

// Args: resolution. Counters: elements of the mesh built.
void BuildCompliantEllipsoid(benchmark::State& state) {
  int tetrahedra = 0;
  for (auto _ : state) {
    const HydroelasticRepresentation e = MakeEllipsoid(int(state.range(0)));
    tetrahedra = std::get<CompliantMesh>(e).mesh.num_elements();
    benchmark::DoNotOptimize(tetrahedra);
  }
  state.counters["tetrahedra"] = tetrahedra;
}

void BuildRigidSphere(benchmark::State& state) {
  int triangles = 0;
  for (auto _ : state) {
    const HydroelasticRepresentation s = MakeSphere(int(state.range(0)), false);
    triangles = std::get<RigidMesh>(s).mesh.num_triangles();
    benchmark::DoNotOptimize(triangles);
  }
  state.counters["triangles"] = triangles;
}

void BuildCompliantSphere(benchmark::State& state) {
  int tetrahedra = 0;
  for (auto _ : state) {
    const HydroelasticRepresentation s = MakeSphere(int(state.range(0)), true);
    tetrahedra = std::get<CompliantMesh>(s).mesh.num_elements();
    benchmark::DoNotOptimize(tetrahedra);
  }
  state.counters["tetrahedra"] = tetrahedra;
}

#ifndef HYDROCONTACT_SOURCE_DIR
#define HYDROCONTACT_SOURCE_DIR "."
#endif

// The compliant meshes of identical_mesh_benchmark: 0, 1 = the gmsh spheres
// (208 and 1,671 vertices), 2 = the 0.1 m box.
const CompliantMesh& KernelMesh(int m) {
  static std::array<std::optional<HydroelasticRepresentation>, 3> cache;
  std::optional<HydroelasticRepresentation>& r = cache[m];
  if (!r) {
    const ProximityProperties compliant = ProximityProperties::Compliant(1e6);
    if (m == 2) {
      r = MakeHydroelasticRepresentation(Box(0.1, 0.1, 0.1), compliant);
    } else {
      const std::string file = std::string(HYDROCONTACT_SOURCE_DIR) + "/data/" +
                               (m == 0 ? "gmsh-sphere-r0.05.vtk" : "gmsh-sphere-r0.05-h0.007.vtk");
      r = MakeHydroelasticRepresentation(Mesh(file), compliant);
    }
  }
  return std::get<CompliantMesh>(*r);
}

// Args: mesh (see KernelMesh), half-space (0 rigid, 1 compliant, with the
// normal filter).
void HalfSpaceKernel(benchmark::State& state) {
  const int m = int(state.range(0));
  const bool compliant = state.range(1) != 0;
  const CompliantMesh& mesh_C = KernelMesh(m);
  const RigidTransform X_WC(Vector3d(0, 0, m == 2 ? 0.045 : 0.04));
  const RigidTransform X_WH =
      RigidTransform::FromAxisAngle(Vector3d(1, 0, 0), m == 2 ? 0.05 : 0.1, Vector3d::Zero());
  const RigidTransform X_CH = X_WC.inverse() * X_WH;
  CompliantHalfSpace half_space_H;
  half_space_H.hydroelastic_modulus = 1e6;
  half_space_H.slab_thickness = 0.1;
  ContactPolygons polygons;
  for (auto _ : state) {
    polygons.Clear();
    if (compliant) {
      IntersectCompliantCompliantHalfSpace(mesh_C, half_space_H, X_CH, true, &polygons);
    } else {
      IntersectCompliantRigidHalfSpace(mesh_C, X_CH, &polygons);
    }
    benchmark::DoNotOptimize(polygons.vertices.data());
  }
  state.counters["polygons"] = polygons.num_polygons();
  state.counters["vertices"] = double(polygons.vertices.size());
}

// Args: hint index (0: 0.0035 m, 1: 0.002 m), half-space (0 rigid, 1
// compliant), threads (1 or 2).
void HalfSpaceThreads(benchmark::State& state) {
  const double hint = state.range(0) == 0 ? 0.0035 : 0.002;
  const bool compliant = state.range(1) != 0;
  const int threads = static_cast<int>(state.range(2));
  static std::map<double, HydroelasticRepresentation> spheres;
  if (!spheres.count(hint)) {
    ProximityProperties p = ProximityProperties::Compliant(1e6);
    p.set_resolution_hint(hint);
    spheres.emplace(hint, MakeHydroelasticRepresentation(Sphere(0.1), p));
  }
  const HydroelasticRepresentation& sphere = spheres.at(hint);
  ProximityProperties half_space_properties = ProximityProperties::Rigid();
  if (compliant) {
    half_space_properties = ProximityProperties::Compliant(1e6);
    half_space_properties.set_slab_thickness(0.1);
  }
  const HydroelasticRepresentation half_space =
      MakeHydroelasticRepresentation(HalfSpace(), half_space_properties);
  ThreadPool pool;
  pool.Reserve(threads - 1);
  const ThreadPoolExecutor executor(pool, threads);
  ContactSurfaceOptions options;
  options.executor = threads > 1 ? &executor : nullptr;
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const RigidTransform X_WA(Vector3d(0, 0, 0.08));
  const RigidTransform X_WB = RigidTransform::FromAxisAngle(Vector3d(1, 0, 0), 0.1, Vector3d::Zero());
  ContactSurface surface;
  for (auto _ : state) {
    const bool touching = ComputeContactSurface(id_A, sphere, X_WA, id_B, half_space, X_WB,
                                                HydroelasticContactRepresentation::kPolygon,
                                                &surface, options);
    benchmark::DoNotOptimize(touching);
    benchmark::ClobberMemory();
  }
  state.counters["faces"] = surface.num_faces();
  state.counters["area"] = surface.total_area();
}

// Drake's RigidSoftMesh cases: (r, 4, 0) for every r; (2, o, 0) for o < 4;
// (2, 4, k) for k > 0; (2, 3, 1); (2, 2, 2).
void RigidCompliantCases(benchmark::internal::Benchmark* b) {
  const std::array<std::array<int, 3>, 13> cases{{{0, 4, 0},
                                                  {1, 4, 0},
                                                  {2, 4, 0},
                                                  {3, 4, 0},
                                                  {2, 0, 0},
                                                  {2, 1, 0},
                                                  {2, 2, 0},
                                                  {2, 3, 0},
                                                  {2, 4, 1},
                                                  {2, 4, 2},
                                                  {2, 4, 3},
                                                  {2, 3, 1},
                                                  {2, 2, 2}}};
  b->ArgNames({"res", "overlap", "rot", "filter", "polygon"});
  for (int polygon : {0, 1}) {
    for (int filter : {1, 0}) {
      for (const auto& c : cases) b->Args({c[0], c[1], c[2], filter, polygon});
    }
  }
}

// Drake's CompliantCompliantMesh cases: every r with every o < 4.
void CompliantCompliantCases(benchmark::internal::Benchmark* b) {
  b->ArgNames({"res", "overlap", "polygon"});
  for (int polygon : {0, 1}) {
    for (int r = 0; r < 4; ++r) {
      for (int o = 0; o < 4; ++o) b->Args({r, o, polygon});
    }
  }
}

BENCHMARK(RigidCompliant)->Apply(RigidCompliantCases)->Unit(benchmark::kMicrosecond);
BENCHMARK(CompliantCompliant)->Apply(CompliantCompliantCases)->Unit(benchmark::kMicrosecond);
BENCHMARK(HalfSpaceKernel)
    ->ArgNames({"mesh", "compliant"})
    ->ArgsProduct({{0, 1, 2}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(HalfSpaceThreads)
    ->ArgNames({"hint", "compliant", "threads"})
    ->ArgsProduct({{0, 1}, {0, 1}, {1, 2}})
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(BuildCompliantEllipsoid)->ArgName("res")->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);
BENCHMARK(BuildRigidSphere)->ArgName("res")->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);
BENCHMARK(BuildCompliantSphere)->ArgName("res")->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hydrocontact

BENCHMARK_MAIN();
