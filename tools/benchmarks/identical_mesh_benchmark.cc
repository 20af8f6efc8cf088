// Contact-surface benchmarks on identical, third-party meshes: tetrahedral
// spheres made by gmsh and a gmsh-triangulated closed surface the size of a
// scanned household object (data/README.md says how each was made). Any
// implementation that reads the same files meets exactly the same elements,
// so the times compare the kernels alone, not the meshers.
//
// Cases (each in the triangle and the polygon representation):
//   - RigidMeshCompliantMesh: a compliant gmsh sphere (r 0.05 m, E 1e6 Pa) at
//     the origin against the rigid ellipsoid surface (semi-axes 0.06, 0.04,
//     0.03 m, 6,346 triangles) whose centre is 0.07 m above it (1 cm
//     overlap), unrotated or turned by 0.3 rad about (1, 2, 3); or against a
//     second gmsh sphere taken as rigid (its boundary), 0.09 m away.
//   - CompliantMeshRigidHalfSpace / CompliantMeshCompliantHalfSpace: the gmsh
//     sphere pressed 0.01 m into a half-space (slab 0.1 m, E 1e6 Pa for the
//     compliant one), with its boundary tilted by 0.1 rad.
//   - CompliantBoxRigidHalfSpace: a compliant box 0.1 m across pressed 5 mm
//     into a rigid half-space, tilted by 0.05 rad.
//   - CompliantMeshCompliantMesh: two gmsh spheres with centres 0.08 m apart.
// Mesh index m: 0 = data/gmsh-sphere-r0.05.vtk (gmsh's default sizes, 208
// vertices), 1 = data/gmsh-sphere-r0.05-h0.007.vtk (edges about 7 mm, 1,671
// vertices).
//
// Each case reports the time per ComputeContactSurface call (representations
// prebuilt; a fresh surface per call, or with --reuse one refilled surface)
// and counters `faces`, `area` (m²) and `force` (N, ‖∫p n̂ dA‖), so that two
// builds can be checked to give the same surface.
//
// This file uses only APIs that predate the layout split, so it can be built
// against older sources for side-by-side timing by changing the two include
// paths below.
//
// Run: build/identical_mesh_benchmark --benchmark_repetitions=20
//      --benchmark_report_aggregates_only=true [--reuse]

#include <array>
#include <optional>
#include <string>

#include <benchmark/benchmark.h>

#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/representation/make_hydroelastic_representation.h"

#ifndef HYDROCONTACT_SOURCE_DIR
#define HYDROCONTACT_SOURCE_DIR "."
#endif

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

constexpr double kModulus = 1e6;

std::string DataFile(const char* name) { return std::string(HYDROCONTACT_SOURCE_DIR) + "/data/" + name; }

const std::array<const char*, 2> kSphereFiles{"gmsh-sphere-r0.05.vtk",
                                              "gmsh-sphere-r0.05-h0.007.vtk"};

const HydroelasticRepresentation& Sphere(int m, bool compliant) {
  static std::array<std::array<std::optional<HydroelasticRepresentation>, 2>, 2> cache;
  std::optional<HydroelasticRepresentation>& r = cache[m][compliant];
  if (!r) {
    r = MakeHydroelasticRepresentation(Mesh(DataFile(kSphereFiles[m])),
                                       compliant ? ProximityProperties::Compliant(kModulus)
                                                 : ProximityProperties::Rigid());
  }
  return *r;
}

const HydroelasticRepresentation& ScannedObject() {
  static const HydroelasticRepresentation r = MakeHydroelasticRepresentation(
      Mesh(DataFile("gmsh-ellipsoid-0.12m.obj")), ProximityProperties::Rigid());
  return r;
}

const HydroelasticRepresentation& HalfSpaceOf(bool compliant) {
  static const HydroelasticRepresentation rigid =
      MakeHydroelasticRepresentation(HalfSpace(), ProximityProperties::Rigid());
  static const HydroelasticRepresentation soft = [] {
    ProximityProperties p = ProximityProperties::Compliant(kModulus);
    p.set_slab_thickness(0.1);
    return MakeHydroelasticRepresentation(HalfSpace(), p);
  }();
  return compliant ? soft : rigid;
}

const HydroelasticRepresentation& CompliantBox() {
  static const HydroelasticRepresentation r =
      MakeHydroelasticRepresentation(Box(0.1, 0.1, 0.1), ProximityProperties::Compliant(kModulus));
  return r;
}

HydroelasticContactRepresentation Representation(int polygon) {
  return polygon ? HydroelasticContactRepresentation::kPolygon
                 : HydroelasticContactRepresentation::kTriangle;
}

// ∫ p n̂ dA: on each triangle (of a polygon's fan from vertex 0) p is linear,
// so its integral is the area times the mean of the vertex values.
Vector3d Force(const ContactSurface& s) {
  Vector3d f = Vector3d::Zero();
  auto add = [&](const Vector3d& a, const Vector3d& b, const Vector3d& c, double p_sum,
                 const Vector3d& n) { f += (b - a).cross(c - a).norm() / 2 * p_sum / 3 * n; };
  if (s.is_triangle()) {
    const TriangleSurfaceMesh& mesh = s.tri_mesh_W();
    const auto& e = s.tri_e_MN();
    for (int k = 0; k < mesh.num_triangles(); ++k) {
      const auto& t = mesh.element(k);
      add(mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]),
          e.EvaluateAtVertex(t[0]) + e.EvaluateAtVertex(t[1]) + e.EvaluateAtVertex(t[2]),
          mesh.face_normal(k));
    }
  } else {
    const PolygonSurfaceMesh& mesh = s.poly_mesh_W();
    const auto& e = s.poly_e_MN();
    for (int k = 0; k < mesh.num_faces(); ++k) {
      const auto poly = mesh.polygon(k);
      for (size_t i = 1; i + 1 < poly.size(); ++i) {
        add(mesh.vertex(poly[0]), mesh.vertex(poly[i]), mesh.vertex(poly[i + 1]),
            e.EvaluateAtVertex(poly[0]) + e.EvaluateAtVertex(poly[i]) +
                e.EvaluateAtVertex(poly[i + 1]),
            mesh.face_normal(k));
      }
    }
  }
  return f;
}

// The global flag --reuse (see main) switches every case from the
// value-returning ComputeContactSurface, which allocates a fresh surface per
// call, to the overload that refills one surface, reused from call to call
// as a plant stepping at 1 kHz does (QueryObject's reused results).
bool g_reuse = false;

void Run(benchmark::State& state, const HydroelasticRepresentation& A, const RigidTransform& X_WA,
         const HydroelasticRepresentation& B, const RigidTransform& X_WB, int polygon) {
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const auto representation = Representation(polygon);
  std::optional<ContactSurface> surface;
  if (g_reuse) {
    surface.emplace();
    for (auto _ : state) {
      const bool touching = ComputeContactSurface(id_A, A, X_WA, id_B, B, X_WB, representation,
                                                  &*surface);
      benchmark::DoNotOptimize(touching);
      benchmark::ClobberMemory();
    }
  } else {
    for (auto _ : state) {
      surface = ComputeContactSurface(id_A, A, X_WA, id_B, B, X_WB, representation);
      benchmark::DoNotOptimize(surface);
    }
  }
  state.counters["faces"] = surface ? surface->num_faces() : 0;
  state.counters["area"] = surface ? surface->total_area() : 0.0;
  state.counters["force"] = surface ? Force(*surface).norm() : 0.0;
}

// Args: mesh, object (0: scanned object, 1: scanned object turned, 2: a
// second gmsh sphere as rigid), polygon.
void RigidMeshCompliantMesh(benchmark::State& state) {
  const int m = int(state.range(0));
  const int object = int(state.range(1));
  const RigidTransform X_WR =
      object == 2 ? RigidTransform(Vector3d(0, 0, 0.09))
                  : RigidTransform::FromAxisAngle(Vector3d(1, 2, 3), object == 1 ? 0.3 : 0.0,
                                                  Vector3d(0, 0, 0.07));
  Run(state, Sphere(m, true), RigidTransform(), object == 2 ? Sphere(m, false) : ScannedObject(),
      X_WR, int(state.range(2)));
}

// The half-space's boundary through (0, 0, 0.04), tilted by 0.1 rad about x.
RigidTransform TiltedHalfSpace(double angle, double height) {
  return RigidTransform::FromAxisAngle(Vector3d(1, 0, 0), angle, Vector3d(0, 0, height));
}

// Args: mesh, polygon. The half-space lies below its plane, so the sphere
// above it at centre height 0.04 m is pressed 0.01 m in.
void CompliantMeshRigidHalfSpace(benchmark::State& state) {
  Run(state, Sphere(int(state.range(0)), true), RigidTransform(Vector3d(0, 0, 0.04)),
      HalfSpaceOf(false), TiltedHalfSpace(0.1, 0), int(state.range(1)));
}

void CompliantMeshCompliantHalfSpace(benchmark::State& state) {
  Run(state, Sphere(int(state.range(0)), true), RigidTransform(Vector3d(0, 0, 0.04)),
      HalfSpaceOf(true), TiltedHalfSpace(0.1, 0), int(state.range(1)));
}

// Args: polygon.
void CompliantBoxRigidHalfSpace(benchmark::State& state) {
  Run(state, CompliantBox(), RigidTransform(Vector3d(0, 0, 0.045)), HalfSpaceOf(false),
      TiltedHalfSpace(0.05, 0), int(state.range(0)));
}

// Args: mesh, polygon.
void CompliantMeshCompliantMesh(benchmark::State& state) {
  const int m = int(state.range(0));
  Run(state, Sphere(m, true), RigidTransform(), Sphere(m, true),
      RigidTransform(Vector3d(0.08, 0, 0)), int(state.range(1)));
}

BENCHMARK(RigidMeshCompliantMesh)
    ->ArgNames({"mesh", "object", "polygon"})
    ->ArgsProduct({{0, 1}, {0, 1, 2}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(CompliantMeshRigidHalfSpace)
    ->ArgNames({"mesh", "polygon"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(CompliantMeshCompliantHalfSpace)
    ->ArgNames({"mesh", "polygon"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(CompliantBoxRigidHalfSpace)->ArgName("polygon")->DenseRange(0, 1)->Unit(benchmark::kMicrosecond);
BENCHMARK(CompliantMeshCompliantMesh)
    ->ArgNames({"mesh", "polygon"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hydrocontact

int main(int argc, char** argv) {
  // --reuse is ours; every other flag goes to Google Benchmark.
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--reuse") {
      hydrocontact::g_reuse = true;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
