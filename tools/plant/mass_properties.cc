#include "tools/plant/mass_properties.h"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <variant>

#include <fmt/format.h>

#include "mesh/mesh_file.h"
#include "proximity/representation/make_convex_mesh.h"

namespace hydrocontact::plant {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr double kPi = std::numbers::pi;

// Densities far beyond any material's (osmium's is 2.3e4 kg/m³, a gas's at
// 1 Pa about 1e-5) are refused: at 1e-300 or 1e300 the inertia's inverse
// or the first step's forces left the finite numbers, reported as a
// diverged simulation.
constexpr double kMinDensity = 1e-6;
constexpr double kMaxDensity = 1e6;

void RequireDensity(double density) {
  if (!(density >= kMinDensity) || !(density <= kMaxDensity)) {
    throw std::invalid_argument(fmt::format(
        "mass properties: 'density' must be in [{:g}, {:g}] kg/m^3, got {}", kMinDensity, kMaxDensity,
        density));
  }
}

// A centred solid with principal moments (Ixx, Iyy, Izz) along G's axes.
MassProperties Principal(double mass, double Ixx, double Iyy, double Izz) {
  MassProperties m;
  m.mass = mass;
  m.I_SScm_G = Vector3d(Ixx, Iyy, Izz).asDiagonal();
  return m;
}

}  // namespace

MassProperties CalcMassProperties(const TriangleSurfaceMesh& surface_G, double density) {
  RequireDensity(density);
  // Each outward triangle (a, b, c) and G's origin span a tetrahedron of
  // signed volume V = a·(b × c)/6; their signed sum is the solid (divergence
  // theorem). For a tetrahedron with vertices 0, a, b, c:
  //   ∫ x dV = V·(a + b + c)/4,
  //   ∫ x xᵀ dV = V/20·(a aᵀ + b bᵀ + c cᵀ + s sᵀ), s = a + b + c
  // (the second moments of a simplex: V/20·(Σ vᵢvᵢᵀ + (Σ vᵢ)(Σ vᵢ)ᵀ)).
  double volume = 0;
  Vector3d first = Vector3d::Zero();
  Matrix3d second = Matrix3d::Zero();
  for (int f = 0; f < surface_G.num_elements(); ++f) {
    const auto& e = surface_G.element(f);
    const Vector3d& a = surface_G.vertex(e[0]);
    const Vector3d& b = surface_G.vertex(e[1]);
    const Vector3d& c = surface_G.vertex(e[2]);
    const double V = a.dot(b.cross(c)) / 6;
    const Vector3d s = a + b + c;
    volume += V;
    first += V / 4 * s;
    second += V / 20 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  if (!(volume > 0) || !std::isfinite(volume)) {
    throw std::invalid_argument(fmt::format(
        "mass properties: the surface encloses volume {} (it must be closed and outward-oriented)", volume));
  }
  MassProperties m;
  m.mass = density * volume;
  m.p_GScm = first / volume;
  // The inertia of a second-moment matrix C is tr(C)·1 − C; about Scm by the
  // parallel-axis theorem, C_cm = C − V·c cᵀ.
  const Matrix3d C_cm = density * (second - volume * m.p_GScm * m.p_GScm.transpose());
  m.I_SScm_G = C_cm.trace() * Matrix3d::Identity() - C_cm;
  return m;
}

MassProperties CalcMassProperties(const Shape& shape, double density) {
  RequireDensity(density);
  return std::visit(
      [&](const auto& s) -> MassProperties {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Sphere>) {
          const double r = s.radius(), m = density * 4.0 / 3.0 * kPi * r * r * r;
          const double I = 0.4 * m * r * r;
          return Principal(m, I, I, I);
        } else if constexpr (std::is_same_v<T, Box>) {
          const double x = s.width(), y = s.depth(), z = s.height(), m = density * x * y * z;
          return Principal(m, m * (y * y + z * z) / 12, m * (x * x + z * z) / 12, m * (x * x + y * y) / 12);
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          const double r = s.radius(), L = s.length(), m = density * kPi * r * r * L;
          const double Ixx = m * (3 * r * r + L * L) / 12;
          return Principal(m, Ixx, Ixx, m * r * r / 2);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          // A cylinder (mass mc) and two hemispheres (mass mh each). A
          // hemisphere's inertia about the centre of its flat face is
          // (2/5)·mh·r² about every axis; its centre of mass lies 3r/8 from
          // that face, so about its own centre of mass the transverse moment
          // is (2/5)·mh·r² − mh·(3r/8)², and about the capsule's centre,
          // d = L/2 + 3r/8 away, add mh·d².
          const double r = s.radius(), L = s.length();
          const double mc = density * kPi * r * r * L, mh = density * 2.0 / 3.0 * kPi * r * r * r;
          const double d = L / 2 + 3 * r / 8;
          const double hemi_cm = 0.4 * mh * r * r - mh * (3 * r / 8) * (3 * r / 8);
          const double Ixx = mc * (3 * r * r + L * L) / 12 + 2 * (hemi_cm + mh * d * d);
          const double Izz = mc * r * r / 2 + 2 * 0.4 * mh * r * r;
          return Principal(mc + 2 * mh, Ixx, Ixx, Izz);
        } else if constexpr (std::is_same_v<T, Ellipsoid>) {
          const double a = s.a(), b = s.b(), c = s.c(), m = density * 4.0 / 3.0 * kPi * a * b * c;
          return Principal(m, m * (b * b + c * c) / 5, m * (a * a + c * c) / 5, m * (a * a + b * b) / 5);
        } else if constexpr (std::is_same_v<T, Torus>) {
          // Pappus: V = 2π²·R·r²; about the axis m·(R² + 3r²/4), about a
          // diameter m·(R²/2 + 5r²/8).
          const double R = s.major_radius(), r = s.minor_radius(), m = density * 2 * kPi * kPi * R * r * r;
          const double Ixx = m * (R * R / 2 + 5 * r * r / 8);
          return Principal(m, Ixx, Ixx, m * (R * R + 0.75 * r * r));
        } else if constexpr (std::is_same_v<T, Mesh>) {
          return CalcMassProperties(ReadMeshFileSurface(s.file(), s.scale()), density);
        } else if constexpr (std::is_same_v<T, Convex>) {
          return CalcMassProperties(MakeConvexSurfaceMesh(s), density);
        } else {
          throw std::invalid_argument("mass properties: a HalfSpace has no finite mass (make it fixed)");
        }
      },
      shape);
}

}  // namespace hydrocontact::plant
