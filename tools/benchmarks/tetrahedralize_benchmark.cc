// Isosurface stuffing (TetrahedralizeSurface) on the sample surfaces and on
// a scanned-object-sized surface, three resolution hints each.
//
// Inputs (all closed OBJ-like surfaces, meshed as a compliant Mesh would be):
//   - data/sphere_r0.05m.obj, the 320-triangle icosphere of radius 0.05 m;
//   - the boundary of data/box_0.1m.vtk, a 0.1 m cube;
//   - "scan": test::MakeLumpySphere(0.05, 6) (closed_surfaces.h, shared
//     with the tests), an icosphere subdivided six times (81 920 triangles)
//     with its radius modulated so it is non-convex everywhere, the size of
//     a typical scanned object (the Stanford bunny has 69 451 triangles).
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
#include <string>

#include <benchmark/benchmark.h>

#include "mesh/obj_io.h"
#include "mesh/volume_mesh.h"
#include "mesh/vtk_reader.h"
#include "proximity/representation/tetrahedralize_surface.h"
#include "tests/proximity/representation/closed_surfaces.h"

namespace hydrocontact {
namespace {


const std::string kData = std::string(HYDROCONTACT_SOURCE_DIR) + "/data/";

const MeshDistanceData& Surface(int which) {
  static const MeshDistanceData sphere =
      MakeMeshDistanceData(ReadObjFile(kData + "sphere_r0.05m.obj"));
  static const MeshDistanceData box =
      MakeMeshDistanceData(ExtractBoundary(ReadVtkVolumeFile(kData + "box_0.1m.vtk").mesh).surface);
  static const MeshDistanceData scan = MakeMeshDistanceData(test::MakeLumpySphere(0.05, 6));
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
