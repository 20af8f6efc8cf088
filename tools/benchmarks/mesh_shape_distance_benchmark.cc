// Mesh against primitive: what the point-pair penetration and signed
// distance of one large rigid mesh and a primitive cost (the queries a
// plant runs for that pair besides its contact surface), on 1 and 2
// threads.
//
// The mesh: an icosphere of 81,920 triangles, radius 0.1 m with small bumps
// (a scanned object's size and shape), its lowest point about 4 cm deep in
// the primitive, so that
// thousands of its triangles lie in the primitive's box. Primitives: a box
// (0.4 m cube, the mesh pressed into its top face), a cylinder on its flat
// end and on its side, an ellipsoid; and, convex (no bumps), against the
// box and the cylinder on its side, by GJK/EPA. With 2 threads
// the mesh's overlap search splits over a pool's executor; the answer is the
// same (mesh_distance_shapes_test).
//
// Run: build/mesh_shape_distance_benchmark --benchmark_min_time=0.2

#include <cmath>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "geometry/thread_pool.h"
#include "proximity/distance/mesh_distance_shapes.h"
#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

// The scene benchmark's scanned object: the icosphere with bumps of 3% of
// the radius (so not convex, as scans are).
const MeshDistanceData& ScanSized() {
  static const MeshDistanceData data = [] {
    const TriangleSurfaceMesh sphere = test::MakeIcosphere(6, 0.1);
    std::vector<Vector3d> vertices = sphere.vertices();
    for (Vector3d& v : vertices) v *= 1 + 0.03 * std::sin(7 * v.x() / 0.1) * std::sin(5 * v.y() / 0.1);
    return MakeMeshDistanceData(TriangleSurfaceMesh(sphere.triangles(), std::move(vertices)));
  }();
  return data;
}

// The same icosphere without bumps: convex, so answered by GJK/EPA on its
// vertices, whose support mapping searches the mesh's BVH.
const MeshDistanceData& ConvexScanSized() {
  static const MeshDistanceData data = MakeMeshDistanceData(test::MakeIcosphere(6, 0.1));
  return data;
}

// The primitive B's pose in the mesh's frame A: B's top (the face, end or
// rim that faces +z, at height `top` above B's origin) at 0.1 − 0.04 below
// the mesh's centre, so the mesh's lowest point is 4 cm inside.
RigidTransform PressedOnto(double top, const Eigen::Matrix3d& R_AB = Eigen::Matrix3d::Identity()) {
  return RigidTransform(R_AB, Vector3d(0, 0, -0.06 - top));
}

template <class Shape>
void BM_MeshShape(benchmark::State& state, const MeshDistanceData& (*mesh)(), const Shape& shape,
                  RigidTransform X_AB) {
  const int threads = static_cast<int>(state.range(0));
  ThreadPool pool;
  pool.Reserve(threads - 1);
  const ThreadPoolExecutor executor(pool, threads);
  const ParallelExecutor* lent = threads > 1 ? &executor : nullptr;
  const MeshDistanceData& A = mesh();
  double depth = 0;
  for (auto _ : state) {
    const MeshSignedDistance r = CalcMeshShapeSignedDistance(A, shape, X_AB, lent);
    depth = -r.distance;
    benchmark::DoNotOptimize(depth);
  }
  state.counters["depth_mm"] = 1e3 * depth;
  state.SetLabel(std::string(A.is_convex ? "convex, " : "") + std::to_string(A.mesh.num_elements()) + " triangles, " + std::to_string(threads) + " thread(s)");
}

const Eigen::Matrix3d kOnItsSide = Eigen::AngleAxisd(M_PI / 2, Vector3d::UnitX()).toRotationMatrix();

BENCHMARK_CAPTURE(BM_MeshShape, box, ScanSized, Box(0.4, 0.4, 0.4), PressedOnto(0.2))->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_MeshShape, cylinder_end, ScanSized, Cylinder(0.2, 0.4), PressedOnto(0.2))
    ->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_MeshShape, cylinder_side, ScanSized, Cylinder(0.2, 0.4), PressedOnto(0.2, kOnItsSide))
    ->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_MeshShape, ellipsoid, ScanSized, Ellipsoid(0.3, 0.25, 0.2), PressedOnto(0.2))
    ->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_MeshShape, box_convex_mesh, ConvexScanSized, Box(0.4, 0.4, 0.4), PressedOnto(0.2))
    ->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_MeshShape, cylinder_side_convex_mesh, ConvexScanSized, Cylinder(0.2, 0.4),
                  PressedOnto(0.2, kOnItsSide))
    ->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hydrocontact

BENCHMARK_MAIN();
