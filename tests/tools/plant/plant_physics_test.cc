// Physics of the example plant against closed forms (issue 16).

#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "tools/plant/plant.h"

namespace hydrocontact::plant {
namespace {

using Eigen::Vector3d;

ProximityProperties WithMaterial(ProximityProperties p, double dissipation, double mu_s, double mu_d) {
  ContactMaterial m;
  m.set_hunt_crossley_dissipation(dissipation);
  m.set_friction(CoulombFriction(mu_s, mu_d));
  p.set_material(m);
  return p;
}

FixedSpec Floor(const ProximityProperties& properties, const RigidTransform& X_WG = RigidTransform()) {
  FixedSpec floor;
  floor.name = "floor";
  floor.shape = HalfSpace();
  floor.X_WG = X_WG;
  floor.properties = properties;
  return floor;
}

TEST_CASE("plant physics: a compliant box settles where ∫p dA = m·g and stays there") {
  // The box's pressure is p = E·e with e the distance to the nearest face
  // over the smallest half size H (make_box_mesh.h, exact on its mesh). On
  // a rigid floor at depth δ under the bottom face, the contact surface is
  // the box's cross-section (a × b) at height δ above the bottom, where the
  // distance to the boundary is min(δ, distance to the section's edges).
  // The part of the section at distance ≥ t from its edges is the rectangle
  // (a − 2t)(b − 2t), so
  //   ∫p dA = E/H·∫₀^δ (a − 2t)(b − 2t) dt = E/H·(abδ − (a + b)δ² + 4δ³/3).
  // The depth at rest solves ∫p dA = m·g (Newton below).
  const double a = 0.1, E = 1e5, H = a / 2, rho = 1000, g = 9.81;
  const double m = rho * a * a * a;
  auto force = [&](double d) { return E / H * (a * a * d - 2 * a * d * d + 4 * d * d * d / 3); };
  auto stiffness = [&](double d) { return E / H * (a * a - 4 * a * d + 4 * d * d); };
  double depth = m * g / stiffness(0);
  for (int i = 0; i < 20; ++i) depth -= (force(depth) - m * g) / stiffness(depth);
  REQUIRE(std::abs(force(depth) - m * g) < 1e-9);

  BodySpec box;
  box.name = "box";
  box.shape = Box(a, a, a);
  box.density = rho;
  box.X_WG = RigidTransform(Vector3d(0, 0, a / 2 + 0.002));  // dropped from 2 mm
  box.properties = WithMaterial(ProximityProperties::Compliant(E), 20, 0.5, 0.5);
  PlantSettings settings;
  settings.dt = 1e-3;
  Plant plant({box}, {Floor(WithMaterial(ProximityProperties::Rigid(), 0, 0.5, 0.5))}, settings);
  // 1 s to settle, then 10 s observed.
  for (int k = 0; k < 1000; ++k) plant.Step();
  double z_min = 1e9, z_max = -1e9, tilt_max = 0, drift_max = 0;
  for (int k = 0; k < 10000; ++k) {
    plant.Step();
    const BodyState s = plant.body_state(0);
    z_min = std::min(z_min, s.X_WG.translation().z());
    z_max = std::max(z_max, s.X_WG.translation().z());
    tilt_max = std::max(tilt_max, (s.X_WG.rotation().col(2) - Vector3d::UnitZ()).norm());
    drift_max = std::max(drift_max, s.X_WG.translation().head<2>().norm());
  }
  const double z_expected = a / 2 - depth;
  INFO("depth " << depth << " z range [" << z_min << ", " << z_max << "] expected " << z_expected);
  // Within 1% of the depth (a few µm), no jitter beyond that, no tilt or
  // sideways creep.
  CHECK(std::abs(z_min - z_expected) < 0.01 * depth);
  CHECK(std::abs(z_max - z_expected) < 0.01 * depth);
  CHECK(tilt_max < 1e-6);
  CHECK(drift_max < 1e-6);
}

}  // namespace
}  // namespace hydrocontact::plant
