#include "tools/plant/mass_properties.h"

#include <cmath>
#include <numbers>

#include <catch2/catch.hpp>

#include "geometry/rigid_transform.h"

#include "proximity/representation/make_box_mesh.h"
#include "proximity/representation/make_capsule_mesh.h"
#include "proximity/representation/make_ellipsoid_mesh.h"

namespace hydrocontact::plant {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Matrix3d;
using Eigen::Vector3d;
constexpr double kPi = std::numbers::pi;

TEST_CASE("mass properties: closed forms") {
  // A 0.1 × 0.2 × 0.3 box of water: m = 6 kg, Ixx = m(0.04 + 0.09)/12.
  const MassProperties box = CalcMassProperties(Box(0.1, 0.2, 0.3), 1000);
  CHECK(box.mass == Approx(6));
  CHECK(box.I_SScm_G(0, 0) == Approx(6 * 0.13 / 12));
  CHECK(box.I_SScm_G(2, 2) == Approx(6 * 0.05 / 12));
  const MassProperties sphere = CalcMassProperties(Sphere(0.1), 2000);
  CHECK(sphere.mass == Approx(2000 * 4.0 / 3 * kPi * 1e-3));
  CHECK(sphere.I_SScm_G(1, 1) == Approx(0.4 * sphere.mass * 0.01));
  // A capsule of zero-ish length is nearly a sphere; a long one nearly a
  // cylinder plus a sphere's mass at the ends. Here checked against the
  // surface integral of its fine mesh below.
  CHECK_THROWS_WITH(CalcMassProperties(HalfSpace(), 1000), Catch::Contains("HalfSpace"));
  CHECK_THROWS_WITH(CalcMassProperties(Sphere(1), -1), Catch::Contains("density"));
}

TEST_CASE("mass properties: the surface integrals are exact for a box, anywhere in G") {
  // The box's 12-triangle surface, moved by X: the mass is the box's, the
  // centre of mass the translation and the inertia R·I·Rᵀ.
  const Box b(0.1, 0.2, 0.3);
  const TriangleSurfaceMesh surface = MakeBoxSurfaceMesh(b);
  const RigidTransform X = RigidTransform::FromRollPitchYaw({0.3, -0.2, 1.1}, {0.5, -0.7, 0.2});
  std::vector<TriangleSurfaceMesh::Element> tris;
  std::vector<Vector3d> verts;
  for (int f = 0; f < surface.num_elements(); ++f) tris.push_back(surface.element(f));
  for (int v = 0; v < surface.num_vertices(); ++v) verts.push_back(X * surface.vertex(v));
  const MassProperties mesh = CalcMassProperties(TriangleSurfaceMesh(tris, verts), 1000);
  const MassProperties exact = CalcMassProperties(b, 1000);
  CHECK(mesh.mass == Approx(exact.mass).epsilon(1e-12));
  CHECK((mesh.p_GScm - X.translation()).norm() < 1e-12);
  const Matrix3d I = X.rotation() * exact.I_SScm_G * X.rotation().transpose();
  CHECK((mesh.I_SScm_G - I).norm() < 1e-12 * I.norm());
}

TEST_CASE("mass properties: curved closed forms agree with fine meshes") {
  // Polyhedral meshes inscribed in the surface converge to the closed form
  // at second order in the edge length; at a hint of r/40 the volume error is
  // well under 0.5%.
  const Capsule capsule(0.05, 0.2);
  const MassProperties c_exact = CalcMassProperties(capsule, 1000);
  const MassProperties c_mesh = CalcMassProperties(MakeCapsuleSurfaceMesh(capsule, 0.05 / 40), 1000);
  CHECK(c_mesh.mass == Approx(c_exact.mass).epsilon(5e-3));
  CHECK(c_mesh.I_SScm_G(0, 0) == Approx(c_exact.I_SScm_G(0, 0)).epsilon(1e-2));
  CHECK(c_mesh.I_SScm_G(2, 2) == Approx(c_exact.I_SScm_G(2, 2)).epsilon(1e-2));
  const Ellipsoid e(0.1, 0.2, 0.3);
  const MassProperties e_exact = CalcMassProperties(e, 1000);
  const MassProperties e_mesh = CalcMassProperties(MakeEllipsoidSurfaceMesh(e, 0.005), 1000);
  CHECK(e_mesh.mass == Approx(e_exact.mass).epsilon(5e-3));
  for (int i = 0; i < 3; ++i) CHECK(e_mesh.I_SScm_G(i, i) == Approx(e_exact.I_SScm_G(i, i)).epsilon(1e-2));
}

TEST_CASE("mass properties: an inward surface is refused") {
  const TriangleSurfaceMesh surface = MakeBoxSurfaceMesh(Box(1, 1, 1));
  std::vector<TriangleSurfaceMesh::Element> tris;
  std::vector<Vector3d> verts;
  for (int f = 0; f < surface.num_elements(); ++f) {
    auto t = surface.element(f);
    std::swap(t[1], t[2]);
    tris.push_back(t);
  }
  for (int v = 0; v < surface.num_vertices(); ++v) verts.push_back(surface.vertex(v));
  CHECK_THROWS_WITH(CalcMassProperties(TriangleSurfaceMesh(tris, verts), 1000), Catch::Contains("volume"));
}

}  // namespace
}  // namespace hydrocontact::plant
