// Isosurface stuffing (TetrahedralizeSurface) on the sample surfaces and on
// a scanned-object-sized surface, three resolution hints each.
//
// Inputs (all closed OBJ-like surfaces, meshed as a compliant Mesh would be):
//   - data/sphere_r0.05m.obj, the 320-triangle icosphere of radius 0.05 m;
//   - the boundary of data/box_0.1m.vtk, a 0.1 m cube;
//   - "scan": a lumpy sphere of radius 0.05 m with 81 920 triangles (an
//     icosphere subdivided six times, radius modulated by
//     1 + 0.15·sin(5x/r)·sin(4y/r)·sin(3z/r) so it is non-convex
//     everywhere), the size of a typical scanned object (the Stanford bunny
//     has 69 451 triangles).
// Hints: a fifth, a tenth and a twentieth of the object's smallest size
// (0.02, 0.01, 0.005 m for the 0.1 m objects).
//
// Each case times TetrahedralizeSurface (the distance data, built once per
// surface, is not timed, as when a geometry is registered and validated
// first) and reports counters: `tets`, `min_dihedral_deg` and
// `max_dihedral_deg` (the worst angles), `volume_error` (|V_mesh / V − 1|
// with V the surface's enclosed volume), `boundary_dev` (the largest
// distance of a boundary triangle's centroid from the surface, in units of
// the hint).
//
// Run: build/tetrahedralize_benchmark --benchmark_repetitions=5

#include <cmath>
#include <map>
#include <string>
#include <utility>

#include <benchmark/benchmark.h>

#include "mesh/obj_io.h"
#include "mesh/volume_mesh.h"
#include "mesh/vtk_reader.h"
#include "proximity/representation/tetrahedralize_surface.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

const std::string kData = std::string(HYDROCONTACT_SOURCE_DIR) + "/data/";

TriangleSurfaceMesh MakeLumpySphere(double r, int levels) {
  const double g = (1 + std::sqrt(5.0)) / 2;
  std::vector<Vector3d> v = {{-1, g, 0}, {1, g, 0}, {-1, -g, 0}, {1, -g, 0}, {0, -1, g}, {0, 1, g},
                             {0, -1, -g}, {0, 1, -g}, {g, 0, -1}, {g, 0, 1}, {-g, 0, -1}, {-g, 0, 1}};
  std::vector<std::array<int, 3>> t = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                                       {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                                       {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                                       {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  for (auto& p : v) p.normalize();
  for (int l = 0; l < levels; ++l) {
    std::map<std::pair<int, int>, int> mid;
    auto midpoint = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      auto it = mid.find(key);
      if (it != mid.end()) return it->second;
      v.push_back((v[a] + v[b]).normalized());
      return mid[key] = int(v.size()) - 1;
    };
    std::vector<std::array<int, 3>> next;
    for (const auto& f : t) {
      const int ab = midpoint(f[0], f[1]), bc = midpoint(f[1], f[2]), ca = midpoint(f[2], f[0]);
      next.push_back({f[0], ab, ca});
      next.push_back({f[1], bc, ab});
      next.push_back({f[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    t = std::move(next);
  }
  for (auto& p : v) {
    p *= r * (1 + 0.15 * std::sin(5 * p.x()) * std::sin(4 * p.y()) * std::sin(3 * p.z()));
  }
  return TriangleSurfaceMesh(t, v);
}

const MeshDistanceData& Surface(int which) {
  static const MeshDistanceData sphere =
      MakeMeshDistanceData(ReadObjFile(kData + "sphere_r0.05m.obj"));
  static const MeshDistanceData box =
      MakeMeshDistanceData(ExtractBoundary(ReadVtkVolumeFile(kData + "box_0.1m.vtk").mesh).surface);
  static const MeshDistanceData scan = MakeMeshDistanceData(MakeLumpySphere(0.05, 6));
  return which == 0 ? sphere : which == 1 ? box : scan;
}

void Tetrahedralize(benchmark::State& state) {
  const MeshDistanceData& data = Surface(int(state.range(0)));
  const double h = 0.1 / double(state.range(1));
  SurfaceTetrahedralization t;
  for (auto _ : state) {
    t = TetrahedralizeSurface(data, h);
    benchmark::DoNotOptimize(t.mesh.mesh.num_elements());
  }
  const double volume = data.mesh.CalcSignedVolume();
  state.counters["tets"] = t.mesh.mesh.num_elements();
  state.counters["min_dihedral_deg"] = t.min_dihedral_angle * 180 / M_PI;
  state.counters["max_dihedral_deg"] = t.max_dihedral_angle * 180 / M_PI;
  state.counters["volume_error"] = std::abs(t.mesh.mesh.total_volume() / volume - 1);
  state.counters["boundary_dev"] = t.max_boundary_deviation / h;
  static const char* kNames[] = {"sphere_r0.05m.obj", "box_0.1m.vtk", "scan_81920"};
  state.SetLabel(kNames[state.range(0)]);
}
// Arguments: surface (0 sphere, 1 box, 2 scan), 0.1/hint (5, 10, 20).
BENCHMARK(Tetrahedralize)
    ->ArgsProduct({{0, 1, 2}, {5, 10, 20}})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hydrocontact

BENCHMARK_MAIN();
