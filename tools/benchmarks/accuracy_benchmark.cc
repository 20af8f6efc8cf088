// Accuracy per element: the force and area of hydroelastic contact surfaces
// against the continuum answer, swept over the resolution hint.
//
// Every case has an answer independent of any mesh:
//   - a rigid plane cutting a compliant primitive: the surface is the exact
//     planar section and the force E·∫e dA along the plane's normal, e the
//     shape's extent (DESIGN section 4), integrated by adaptive quadrature
//     (IntegrateExtentOverPlaneSection); for the sphere also in closed form,
//     which the program checks the quadrature against before running;
//   - two equal compliant spheres: by symmetry the surface where e_A = e_B is
//     the mid-plane disc, so the answer is that of a plane at half the
//     centre distance (also with the second sphere turned about its centre,
//     so that the meshes' axes disagree);
//   - a rigid sphere pressed into a compliant box through its top face: the
//     box's field is exact (linear in the top face's region), so the force is
//     a closed-form integral over the spherical cap (see RigidSphereInBox);
//   - a rigid sphere pressed into a compliant sphere: the same integral with
//     the sphere's extent (RigidSphereInSphereClosedForm, checked against
//     Simpson's rule before running).
//
// Per (case, hint, representation) the benchmark times one
// ComputeContactSurface call (representations prebuilt) and reports the
// counters: tetrahedra of the compliant mesh, faces of the surface, force
// error |F − F*|/|F*| and area error |A − A*|/A* (percent). `Build/*`
// times registering each primitive (compliant and rigid) at each hint and
// reports its element count and the worst dihedral angle (degrees).
//
// Before the benchmarks run, it prints the reference implementation's rows
// from issue 9 beside ours at the same hints, and the registration time of
// every primitive at every hint (minimum of three) beside the reference's
// 0.35 s.
//
// Run: build/accuracy_benchmark --benchmark_min_time=0.05

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/representation/continuum_extent.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;
using std::numbers::pi;

constexpr double kModulus = 1e6;

// What geometry B is: a rigid half-space, a rigid mesh of a shape, or a
// compliant mesh of a shape.
enum class Other { kRigidHalfSpace, kRigidShape, kCompliantShape };

struct Case {
  std::string name;
  Shape compliant;          // Geometry A (compliant, the smaller id: M).
  RigidTransform X_WA;
  Other other{Other::kRigidHalfSpace};
  Shape other_shape{HalfSpace()};
  RigidTransform X_WB;
  std::vector<double> hints;  // Empty: the shape takes no hint (box).
  Vector3d force_W;           // The continuum force on A (N), in W.
  double area{0};             // The continuum area (m²).
};

// A half-space whose boundary plane passes through p_WHo with outward unit
// normal nhat_W (the normal points into the compliant body above it).
RigidTransform HalfSpacePose(const Vector3d& nhat_W, const Vector3d& p_WHo) {
  const Eigen::Quaterniond q = Eigen::Quaterniond::FromTwoVectors(Vector3d::UnitZ(), nhat_W);
  return RigidTransform(q.toRotationMatrix(), p_WHo);
}

// The continuum answer for the half-space plane of X_WH cutting A: the
// surface's normals point out of the rigid half-space (N) into A (M), so the
// force on A is +E·∫e dA·n̂_H.
void SetPlaneAnswer(Case* c, const RigidTransform& X_WH) {
  const PlaneSectionIntegrals s =
      IntegrateExtentOverPlaneSection(c->compliant, c->X_WA.inverse() * X_WH);
  c->force_W = kModulus * s.extent_integral * X_WH.rotation().col(2);
  c->area = s.area;
}

// Closed form for a plane at distance d from the centre of a sphere of radius
// r: section radius a = √(r² − d²), e = 1 − √(d² + ρ²)/r, so
// ∫e dA = 2π ∫₀ᵃ (1 − √(d²+ρ²)/r) ρ dρ = 2π[a²/2 − ((d²+a²)^{3/2} − d³)/(3r)].
double SphereSectionExtentIntegral(double r, double d) {
  const double a2 = r * r - d * d;
  return 2 * pi * (a2 / 2 - (std::pow(d * d + a2, 1.5) - d * d * d) / (3 * r));
}

Case SphereOnHalfSpace(double depth_fraction) {
  const double r = 0.1;
  Case c{fmt::format("sphere_pressed_{:g}pct", 100 * depth_fraction), Sphere(r), RigidTransform(),
         Other::kRigidHalfSpace, HalfSpace(), {}, {0.01, 0.007, 0.005, 0.0035}, {}, 0};
  c.X_WB = HalfSpacePose(Vector3d::UnitZ(), Vector3d(0, 0, -r + depth_fraction * r));
  SetPlaneAnswer(&c, c.X_WB);
  return c;
}

// With `turned`, B is turned by 0.4 rad about (1, 2, 3) about its own
// centre: the meshes' axes no longer agree (as for two bodies in general),
// and the continuum answer, a sphere's, is the same.
Case TwoSpheres(bool turned) {
  // Centres 0.16 apart along z: the equilibrium surface is the disc z = 0.08.
  // Normals point out of B (above) into A: −z; the force on A is along −z.
  const double r = 0.1, distance = 0.16;
  const RigidTransform X_WB =
      turned ? RigidTransform::FromAxisAngle(Vector3d(1, 2, 3), 0.4, Vector3d(0, 0, distance))
             : RigidTransform(Vector3d(0, 0, distance));
  Case c{turned ? "two_spheres_0.16_turned" : "two_spheres_0.16", Sphere(r), RigidTransform(),
         Other::kCompliantShape, Sphere(r), X_WB, {0.01, 0.007, 0.005}, {}, 0};
  SetPlaneAnswer(&c, HalfSpacePose(-Vector3d::UnitZ(), Vector3d(0, 0, distance / 2)));
  return c;
}

Case BoxTilted() {
  // Box 0.2 × 0.3 × 0.1 pressed 0.01 m into a half-space tilted 0.05 rad
  // about x: the plane stays within the bottom face's region (it rises
  // 0.15·tan 0.05 ≈ 0.0075 m across the box).
  const Vector3d nhat = Eigen::AngleAxisd(0.05, Vector3d::UnitX()) * Vector3d::UnitZ();
  Case c{"box_tilted", Box(0.2, 0.3, 0.1), RigidTransform(), Other::kRigidHalfSpace, HalfSpace(),
         HalfSpacePose(nhat, Vector3d(0, 0, -0.05 + 0.01)), {}, {}, 0};
  SetPlaneAnswer(&c, c.X_WB);
  return c;
}

Case EllipsoidAlong(int axis) {
  // Semi-axes (0.06, 0.08, 0.1), pressed 10% of the semi-axis along `axis`.
  const Vector3d semi(0.06, 0.08, 0.1);
  const Vector3d nhat = Vector3d::Unit(axis);
  Case c{fmt::format("ellipsoid_along_{}", "xyz"[axis]), Ellipsoid(semi.x(), semi.y(), semi.z()),
         RigidTransform(), Other::kRigidHalfSpace, HalfSpace(),
         HalfSpacePose(nhat, -0.9 * semi[axis] * nhat), {0.02, 0.01, 0.005}, {}, 0};
  SetPlaneAnswer(&c, c.X_WB);
  return c;
}

Case CylinderOn(bool end) {
  // Radius 0.05, length 0.2, pressed 0.01 m on its flat end (−z) or side (−x).
  const Vector3d nhat = end ? Vector3d::UnitZ() : Vector3d::UnitX();
  const double extent = end ? 0.1 : 0.05;
  Case c{end ? "cylinder_end" : "cylinder_side", Cylinder(0.05, 0.2), RigidTransform(),
         Other::kRigidHalfSpace, HalfSpace(), HalfSpacePose(nhat, -(extent - 0.01) * nhat),
         {0.02, 0.01, 0.005}, {}, 0};
  SetPlaneAnswer(&c, c.X_WB);
  return c;
}

Case CylinderTipped() {
  // Radius 0.05, length 0.2, on a plane tilted 1.2 rad from its axis
  // through (0, 0, −0.06): the section crosses the side and the end (−z)
  // across the rim, where the extent's two regions meet. (The plane's frame
  // has its origin 0.056 m from the plane's point nearest the centre; the
  // quadrature answers for the plane wherever its frame's origin lies.)
  const Vector3d nhat(std::sin(1.2), 0, std::cos(1.2));
  Case c{"cylinder_tipped", Cylinder(0.05, 0.2), RigidTransform(), Other::kRigidHalfSpace,
         HalfSpace(), HalfSpacePose(nhat, Vector3d(0, 0, -0.06)), {0.02, 0.01, 0.005}, {}, 0};
  SetPlaneAnswer(&c, c.X_WB);
  return c;
}

Case CapsuleSide() {
  // Radius 0.05, length 0.1, pressed 0.01 m on its side (−x).
  Case c{"capsule_side", Capsule(0.05, 0.1), RigidTransform(), Other::kRigidHalfSpace,
         HalfSpace(), HalfSpacePose(Vector3d::UnitX(), Vector3d(-0.04, 0, 0)),
         {0.02, 0.01, 0.005}, {}, 0};
  SetPlaneAnswer(&c, c.X_WB);
  return c;
}

Case RigidSphereInBox() {
  // Compliant box 0.4 × 0.4 × 0.2 (half sizes 0.2, 0.2, 0.1; H = 0.1), rigid
  // sphere of radius s = 0.05 pressed δ = 0.01 into its top face z = t = 0.1.
  // The cap (polar angle θ ≤ θ₀ from −z, cos θ₀ = x₀ = 1 − δ/s) lies in the
  // top face's region, where e = (t − z)/H exactly. On the cap
  // z = c − s·cos θ, so t − z = s(cos θ − x₀), dA = s² sin θ dθ dφ, and the
  // sphere's outward normal (out of N into M) has n_z = −cos θ:
  //   F_z = (E/H)·∫ s(x − x₀)(−x) s² dx dφ = −(E/H)·2π s³[(1 − x₀³)/3 − x₀(1 − x₀²)/2],
  // horizontal components cancel. The cap's area is 2π s δ.
  const double t = 0.1, H = 0.1, s = 0.05, delta = 0.01;
  const double x0 = 1 - delta / s;
  Case c{"rigid_sphere_in_box", Box(0.4, 0.4, 0.2), RigidTransform(), Other::kRigidShape,
         Sphere(s), RigidTransform(Vector3d(0, 0, t + s - delta)), {0.01, 0.007, 0.005, 0.0035},
         {}, 0};
  c.force_W = Vector3d(0, 0,
                       -(kModulus / H) * 2 * pi * s * s * s *
                           ((1 - x0 * x0 * x0) / 3 - x0 * (1 - x0 * x0) / 2));
  c.area = 2 * pi * s * delta;
  return c;
}

// Rigid sphere of radius s, centre at distance D from the centre of a
// compliant sphere of radius R, pressed δ = R + s − D into it. Its surface
// point at polar angle θ from the direction to R's centre is at distance
// √(a − b·x) from that centre (x = cos θ, a = D² + s², b = 2Ds), so the part
// inside, where the surface lies, is x ≥ x₀ = (a − R²)/b. There
// e = 1 − √(a − bx)/R (the sphere's extent) and, as in RigidSphereInBox,
// dA = s² dx dφ and the normal out of N into M has the component −x along
// the line of centres (away from R's centre, towards s's):
//   F = −2π E s² ∫_{x₀}^1 (1 − √(a − bx)/R) x dx  along that line, where
//   ∫ x √(a − bx) dx = [G(u)]_{u₁}^{u₀}/b², u = a − bx (u₀ = R², u₁ = (D − s)²),
//   G(u) = (2a/3) u^{3/2} − (2/5) u^{5/2}.
// The surface's area is 2π s² (1 − x₀).
struct RigidSphereInSphereAnswer {
  double force;  // Along the line from the compliant centre to the rigid one (N).
  double area;   // m².
};
RigidSphereInSphereAnswer RigidSphereInSphereClosedForm(double R, double s, double D) {
  const double a = D * D + s * s, b = 2 * D * s;
  const double x0 = (a - R * R) / b;
  auto G = [&](double u) { return 2 * a / 3 * std::pow(u, 1.5) - 0.4 * std::pow(u, 2.5); };
  const double x_root_integral = (G(R * R) - G((D - s) * (D - s))) / (b * b);
  const double x_integral = (1 - x0 * x0) / 2;
  return {-2 * pi * kModulus * s * s * (x_integral - x_root_integral / R),
          2 * pi * s * s * (1 - x0)};
}

// The same by composite Simpson's rule over x (a check on the closed form).
double RigidSphereInSphereForceBySimpson(double R, double s, double D) {
  const double a = D * D + s * s, b = 2 * D * s;
  const double x0 = (a - R * R) / b;
  const int n = 20000;  // Even.
  const double h = (1 - x0) / n;
  double sum = 0;
  for (int i = 0; i <= n; ++i) {
    const double x = x0 + i * h;
    const double f = (1 - std::sqrt(a - b * x) / R) * x;
    sum += (i == 0 || i == n ? 1 : i % 2 == 1 ? 4 : 2) * f;
  }
  return -2 * pi * kModulus * s * s * sum * h / 3;
}

Case RigidSphereInSphere() {
  // A rigid sphere of radius 0.05 pressed 0.02 into a compliant sphere of
  // radius 0.1 from above (+z): the force on A is along −z.
  const double R = 0.1, s = 0.05, D = 0.13;
  const RigidSphereInSphereAnswer answer = RigidSphereInSphereClosedForm(R, s, D);
  Case c{"rigid_sphere_in_sphere", Sphere(R), RigidTransform(), Other::kRigidShape, Sphere(s),
         RigidTransform(Vector3d(0, 0, D)), {0.01, 0.007, 0.005}, {}, 0};
  c.force_W = Vector3d(0, 0, answer.force);
  c.area = answer.area;
  return c;
}

std::vector<Case> AllCases() {
  return {SphereOnHalfSpace(0.01), SphereOnHalfSpace(0.1), SphereOnHalfSpace(0.2),
          TwoSpheres(false),       TwoSpheres(true),       BoxTilted(),
          EllipsoidAlong(0),       EllipsoidAlong(1),      EllipsoidAlong(2),
          CylinderOn(true),        CylinderOn(false),      CylinderTipped(),
          CapsuleSide(),           RigidSphereInBox(),     RigidSphereInSphere()};
}

HydroelasticRepresentation Represent(const Shape& shape, bool compliant, double hint) {
  const std::optional<double> h = hint > 0 ? std::optional<double>(hint) : std::nullopt;
  return MakeHydroelasticRepresentation(
      shape, compliant ? ProximityProperties::Compliant(kModulus, h) : ProximityProperties::Rigid(h));
}

// The force on M (∫ p n̂ dA): per face, area × the field at the area centroid
// (the mean of a linear field) × normal, for either representation.
Vector3d IntegrateForce(const ContactSurface& s) {
  Vector3d force = Vector3d::Zero();
  for (int f = 0; f < s.num_faces(); ++f) {
    const double p = s.is_triangle() ? s.tri_e_MN().EvaluateCartesian(f, s.centroid(f))
                                     : s.poly_e_MN().EvaluateCartesian(f, s.centroid(f));
    force += s.area(f) * p * s.face_normal(f);
  }
  return force;
}

struct Measurement {
  int tetrahedra{0};
  int faces{0};
  double force_error{0};  // Relative.
  double area_error{0};   // Relative.
};

// The representations of a case at a hint, built once and shared.
struct Scene {
  HydroelasticRepresentation A, B;
};
const Scene& CachedScene(const Case& c, double hint) {
  static std::map<std::pair<std::string, double>, Scene> cache;
  auto it = cache.find({c.name, hint});
  if (it == cache.end()) {
    Scene scene{Represent(c.compliant, true, hint),
                c.other == Other::kRigidHalfSpace
                    ? HydroelasticRepresentation(RigidHalfSpace{})
                    : Represent(c.other_shape, c.other == Other::kCompliantShape, hint)};
    it = cache.emplace(std::make_pair(c.name, hint), std::move(scene)).first;
  }
  return it->second;
}

const GeometryId kIdA = GeometryId::get_new_id();
const GeometryId kIdB = GeometryId::get_new_id();

std::optional<ContactSurface> Surface(const Case& c, const Scene& scene,
                                      HydroelasticContactRepresentation representation) {
  return ComputeContactSurface(kIdA, scene.A, c.X_WA, kIdB, scene.B, c.X_WB, representation);
}

Measurement Measure(const Case& c, double hint, HydroelasticContactRepresentation representation) {
  const Scene& scene = CachedScene(c, hint);
  const std::optional<ContactSurface> s = Surface(c, scene, representation);
  Measurement m;
  m.tetrahedra = std::get<CompliantMesh>(scene.A).mesh.num_elements();
  if (!s) return {m.tetrahedra, 0, 1.0, 1.0};
  m.faces = s->num_faces();
  m.force_error = (IntegrateForce(*s) - c.force_W).norm() / c.force_W.norm();
  m.area_error = std::abs(s->total_area() - c.area) / c.area;
  return m;
}

void RunCase(benchmark::State& state, const Case& c, double hint,
             HydroelasticContactRepresentation representation) {
  const Scene& scene = CachedScene(c, hint);
  for (auto _ : state) {
    auto s = Surface(c, scene, representation);
    benchmark::DoNotOptimize(s);
  }
  const Measurement m = Measure(c, hint, representation);
  state.counters["tets"] = m.tetrahedra;
  state.counters["faces"] = m.faces;
  state.counters["force_err_pct"] = 100 * m.force_error;
  state.counters["area_err_pct"] = 100 * m.area_error;
}

void RunBuild(benchmark::State& state, const Shape& shape, bool compliant, double hint) {
  int elements = 0;
  for (auto _ : state) {
    const HydroelasticRepresentation r = Represent(shape, compliant, hint);
    elements = compliant ? std::get<CompliantMesh>(r).mesh.num_elements()
                         : std::get<RigidMesh>(r).mesh.num_triangles();
    benchmark::DoNotOptimize(elements);
  }
  state.counters["elements"] = elements;
  if (compliant) {
    const HydroelasticRepresentation r = Represent(shape, true, hint);
    state.counters["min_dihedral_deg"] =
        CalcMinDihedralAngle(std::get<CompliantMesh>(r).mesh) * 180 / pi;
  }
}

// Issue 9's reference rows (Drake, polygon representation, same inputs).
struct ReferenceRow {
  const char* case_name;
  double hint;
  int faces;
  double force_error_pct;
};
constexpr ReferenceRow kReference[] = {{"sphere_pressed_20pct", 0.007, 1020, 0.40},
                                       {"sphere_pressed_20pct", 0.0035, 3876, 0.10},
                                       {"two_spheres_0.16", 0.01, 1301, 1.65},
                                       {"two_spheres_0.16", 0.007, 5125, 0.42}};

void PrintComparison(const std::vector<Case>& cases) {
  // The quadrature against the sphere's closed form (a check on the
  // independent answer itself).
  const double r = 0.1, d = 0.08;
  const double closed = SphereSectionExtentIntegral(r, d);
  const double quadrature =
      IntegrateExtentOverPlaneSection(Sphere(r), RigidTransform(Vector3d(0, 0, -d))).extent_integral;
  std::printf("continuum check, sphere r 0.1 cut at 0.08: closed form %.12g, quadrature %.12g\n",
              closed, quadrature);
  if (std::abs(closed - quadrature) > 1e-9 * closed) {
    std::fprintf(stderr, "quadrature disagrees with the closed form\n");
    std::exit(1);
  }
  const double in_sphere_closed = RigidSphereInSphereClosedForm(0.1, 0.05, 0.13).force;
  const double in_sphere_simpson = RigidSphereInSphereForceBySimpson(0.1, 0.05, 0.13);
  std::printf("continuum check, rigid sphere r 0.05 pressed 0.02 into sphere r 0.1: force closed "
              "form %.12g N, Simpson %.12g N\n",
              in_sphere_closed, in_sphere_simpson);
  if (std::abs(in_sphere_closed - in_sphere_simpson) > 1e-9 * std::abs(in_sphere_closed)) {
    std::fprintf(stderr, "Simpson's rule disagrees with the closed form\n");
    std::exit(1);
  }
  std::printf("\n%-22s %7s | %9s %9s | %9s %9s %9s %9s\n", "case (polygon)", "hint", "ref faces",
              "ref err%", "our tets", "our faces", "our err%", "verdict");
  for (const ReferenceRow& row : kReference) {
    for (const Case& c : cases) {
      if (c.name != row.case_name) continue;
      const Measurement m = Measure(c, row.hint, HydroelasticContactRepresentation::kPolygon);
      const bool ok = m.faces <= row.faces && 100 * m.force_error <= row.force_error_pct;
      std::printf("%-22s %7g | %9d %9.2f | %9d %9d %9.3f %9s\n", row.case_name, row.hint,
                  row.faces, row.force_error_pct, m.tetrahedra, m.faces, 100 * m.force_error,
                  ok ? "ok" : "WORSE");
    }
  }
  std::printf("\n");
}

// The primitives whose registration the benchmark times, and the hints: every
// hint a case uses.
std::vector<std::pair<std::string, Shape>> BuildPrimitives() {
  return {{"sphere_r0.1", Sphere(0.1)},
          {"ellipsoid_0.06_0.08_0.1", Ellipsoid(0.06, 0.08, 0.1)},
          {"cylinder_0.05_0.2", Cylinder(0.05, 0.2)},
          {"capsule_0.05_0.1", Capsule(0.05, 0.1)}};
}
constexpr double kBuildHints[] = {0.02, 0.01, 0.007, 0.005, 0.0035};

// The reference implementation registers its compliant sphere at hint
// 0.0035 in 0.35 s (issue 9); ours must stay well under that everywhere.
constexpr double kReferenceRegistrationSeconds = 0.35;

// Registration time of every primitive at every hint, compliant and rigid:
// the minimum wall time of `runs` registrations (the machine is shared; the
// minimum is the least disturbed), beside the reference's 0.35 s.
void PrintRegistrationTimes(int runs) {
  std::printf("%-26s %7s | %10s %9s %9s | %10s %9s | %s\n", "registration (min of runs)", "hint",
              "tets", "ms", "worst dih", "triangles", "ms", "vs 0.35 s");
  double slowest = 0;
  for (const auto& [name, shape] : BuildPrimitives()) {
    for (double hint : kBuildHints) {
      double best[2] = {1e300, 1e300};
      int elements[2] = {0, 0};
      double worst_dihedral = 0;
      for (int compliant = 0; compliant < 2; ++compliant) {
        for (int run = 0; run < runs; ++run) {
          const auto start = std::chrono::steady_clock::now();
          const HydroelasticRepresentation r = Represent(shape, compliant == 1, hint);
          const double seconds =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          best[compliant] = std::min(best[compliant], seconds);
          if (run == 0) {
            if (compliant == 1) {
              const VolumeMesh& mesh = std::get<CompliantMesh>(r).mesh;
              elements[1] = mesh.num_elements();
              worst_dihedral = CalcMinDihedralAngle(mesh) * 180 / pi;
            } else {
              elements[0] = std::get<RigidMesh>(r).mesh.num_triangles();
            }
          }
        }
      }
      const double worst = std::max(best[0], best[1]);
      slowest = std::max(slowest, worst);
      std::printf("%-26s %7g | %10d %9.2f %8.2f° | %10d %9.2f | %5.1f%%\n", name.c_str(), hint,
                  elements[1], 1e3 * best[1], worst_dihedral, elements[0], 1e3 * best[0],
                  100 * worst / kReferenceRegistrationSeconds);
    }
  }
  std::printf("slowest registration %.1f ms: %s the reference's %.2f s\n\n", 1e3 * slowest,
              slowest < kReferenceRegistrationSeconds / 3 ? "well under" : "NOT well under",
              kReferenceRegistrationSeconds);
}

void RegisterAll(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    const std::vector<double> hints = c.hints.empty() ? std::vector<double>{0.0} : c.hints;
    for (double hint : hints) {
      for (auto rep : {HydroelasticContactRepresentation::kPolygon,
                       HydroelasticContactRepresentation::kTriangle}) {
        benchmark::RegisterBenchmark(
            fmt::format("Surface/{}/hint:{:g}/{}", c.name, hint, to_string(rep)).c_str(),
            [c, hint, rep](benchmark::State& state) { RunCase(state, c, hint, rep); })
            ->Unit(benchmark::kMicrosecond);
      }
    }
  }
  for (const auto& [name, shape] : BuildPrimitives()) {
    for (double hint : kBuildHints) {
      for (bool compliant : {true, false}) {
        benchmark::RegisterBenchmark(
            fmt::format("Build/{}/hint:{:g}/{}", name, hint, compliant ? "compliant" : "rigid")
                .c_str(),
            [shape, compliant, hint](benchmark::State& state) {
              RunBuild(state, shape, compliant, hint);
            })
            ->Unit(benchmark::kMillisecond);
      }
    }
  }
}

}  // namespace
}  // namespace hydrocontact

// Google Benchmark's own value of --benchmark_list_tests (or of the
// BENCHMARK_LIST_TESTS variable), as Initialize parsed it. The library
// exports it, though its public header (1.7.1) declares no accessor; a
// version without it fails to link rather than misreading the flag.
namespace benchmark {
extern bool FLAGS_benchmark_list_tests;
}  // namespace benchmark

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const std::vector<hydrocontact::Case> cases = hydrocontact::AllCases();
  // Listing the benchmarks (as compare.sh does to check a filter) prints
  // their names alone: the tables take seconds and are no benchmarks.
  if (!benchmark::FLAGS_benchmark_list_tests) {
    hydrocontact::PrintComparison(cases);
    hydrocontact::PrintRegistrationTimes(3);
  }
  hydrocontact::RegisterAll(cases);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
