// The cost of the HeightField queries a plant or a range sensor calls every
// step, on a 65 × 65 terrain of Gaussian hills (cell 0.05 m, 3.2 m square):
//   - PointDistance: CalcPointDistance at points scattered over and under
//     the surface (the tessellation's BVH query, then Newton polishing on
//     the bicubic);
//   - SpherePair: ComputeSignedDistancePair of a 0.1 m sphere resting on
//     the terrain (the point query at its centre);
//   - Ray: IntersectRay straight down and slanted (BVH walk, then Newton
//     along the ray);
//   - Build: MakeDistanceGeometry (bounds, tessellation, its BVH) once.
//
// Run: build/height_field_benchmark --benchmark_repetitions=5
//      --benchmark_report_aggregates_only=true

#include <cmath>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "proximity/distance/ray_intersection.h"
#include "proximity/distance/shape_pair_distance.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

HeightField Terrain() {
  const int n = 65;
  const double dx = 0.05;
  std::vector<double> h;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      const double x = -1.6 + i * dx, y = -1.6 + j * dx;
      h.push_back(0.2 * std::exp(-((x - 0.5) * (x - 0.5) + y * y) / 0.18) +
                  0.1 * std::exp(-((x + 0.6) * (x + 0.6) + (y - 0.4) * (y - 0.4)) / 0.08) +
                  0.02 * std::sin(3 * x) * std::cos(2 * y));
    }
  }
  return HeightField(n, n, dx, dx, h, 0.2);
}

const DistanceGeometry& TerrainGeometry() {
  static const DistanceGeometry g = MakeDistanceGeometry(Terrain());
  return g;
}

std::vector<Vector3d> Points(int count, double z_lo, double z_hi) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-1.5, 1.5), z(z_lo, z_hi);
  std::vector<Vector3d> p;
  for (int k = 0; k < count; ++k) p.emplace_back(u(rng), u(rng), z(rng));
  return p;
}

void BM_PointDistance(benchmark::State& state) {
  const DistanceGeometry& g = TerrainGeometry();
  const std::vector<Vector3d> points = Points(1024, -0.1, 0.4);
  size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(CalcPointDistance(g, points[k++ % points.size()]));
  }
}
BENCHMARK(BM_PointDistance);

void BM_SpherePair(benchmark::State& state) {
  const DistanceGeometry& g = TerrainGeometry();
  const DistanceGeometry sphere = MakeDistanceGeometry(Sphere(0.1));
  const std::vector<Vector3d> points = Points(1024, 0.3, 0.35);
  const GeometryId a = GeometryId::get_new_id(), b = GeometryId::get_new_id();
  size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ComputeSignedDistancePair(
        a, g, RigidTransform(), b, sphere, RigidTransform(points[k++ % points.size()])));
  }
}
BENCHMARK(BM_SpherePair);

void BM_Ray(benchmark::State& state) {
  const DistanceGeometry& g = TerrainGeometry();
  const std::vector<Vector3d> points = Points(1024, 1, 1);
  const Vector3d dir = state.range(0) == 0 ? Vector3d(0, 0, -1) : Vector3d(0.5, 0.3, -1);
  size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(IntersectRay(g, points[k++ % points.size()], dir));
  }
}
BENCHMARK(BM_Ray)->Arg(0)->Arg(1);

void BM_Build(benchmark::State& state) {
  const HeightField field = Terrain();
  for (auto _ : state) benchmark::DoNotOptimize(MakeDistanceGeometry(field));
  state.counters["triangles"] = double(MakeDistanceGeometry(field).mesh->mesh.num_triangles());
}
BENCHMARK(BM_Build)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hydrocontact

BENCHMARK_MAIN();
