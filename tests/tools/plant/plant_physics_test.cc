// Physics of the example plant against closed forms (issue 16).

#include <algorithm>
#include <cmath>
#include <vector>

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


TEST_CASE("plant physics: a rigid box resting on a rigid floor through patches does not rock or creep") {
  // Point-contact stiffness k shared by the patch's points. Dropped tilted,
  // the box lands on a corner, then an edge (one- and two-point patches,
  // whose torque rights it) and settles on its face at δ = m·g/k. A patch
  // counts a face tilted by less than tolerance/a = 1e-4 rad as flat (equal
  // shares, no restoring torque), so the box keeps a residual tilt of that
  // order and, as the patch switches between 2, 3 and 4 points, wanders
  // within it, bouncing a little each time: bounded, not zero (per-point
  // depths would remove it). The bounds: tilt ≤ 2·tolerance/a; the centre's
  // height within 20 µm (a fifth of δ) of a/2 − δ; creep below 20 µm over
  // 10 s.
  // (Stability of the explicit step: h·d·k·x/m_eff < 2 at the landing
  // depth x, m_eff ≈ m/4 at a corner: d = 5 s/m here.)
  const double a = 0.1, k = 1e5, m = 1.0, g = 9.81;
  BodySpec box;
  box.name = "box";
  box.shape = Box(a, a, a);
  box.density = m / (a * a * a);
  box.X_WG = RigidTransform::FromRollPitchYaw({0.02, -0.01, 0.3}, {0.01, -0.02, a / 2 + 0.003});
  ContactMaterial material;
  material.set_point_contact_stiffness(k);
  material.set_hunt_crossley_dissipation(5);
  material.set_friction(CoulombFriction(0.5, 0.5));
  box.properties = ProximityProperties::Rigid();
  box.properties.set_material(material);
  // The floor is infinitely stiff for point contact: its stiffness is huge,
  // so the series combination is k.
  ContactMaterial floor_material;
  floor_material.set_point_contact_stiffness(1e15);
  floor_material.set_hunt_crossley_dissipation(5);
  floor_material.set_friction(CoulombFriction(0.5, 0.5));
  ProximityProperties floor_properties = ProximityProperties::Rigid();
  floor_properties.set_material(floor_material);
  PlantSettings settings;
  settings.dt = 1e-3;
  Plant plant({box}, {Floor(floor_properties)}, settings);
  for (int k_step = 0; k_step < 1000; ++k_step) plant.Step();
  const Vector3d p0 = plant.body_state(0).X_WG.translation();
  const double tilt0 = (plant.body_state(0).X_WG.rotation().col(2) - Vector3d::UnitZ()).norm();
  CHECK(tilt0 < 2e-4);
  const double depth = m * g / (1 / (1 / k + 1 / 1e15));
  double z_err = 0, rocking = 0, creep = 0;
  for (int k_step = 0; k_step < 10000; ++k_step) {
    plant.Step();
    const BodyState s = plant.body_state(0);
    z_err = std::max(z_err, std::abs(s.X_WG.translation().z() - (a / 2 - depth)));
    rocking = std::max(rocking, std::abs((s.X_WG.rotation().col(2) - Vector3d::UnitZ()).norm() - tilt0));
    creep = std::max(creep, (s.X_WG.translation() - p0).head<2>().norm());
  }
  INFO("z error " << z_err << " rocking " << rocking << " creep " << creep << " patches " << plant.patches().size());
  REQUIRE(plant.patches().size() == 1);
  CHECK(plant.patches()[0].size() >= 2);
  CHECK(z_err < 2e-5);
  CHECK(rocking < 2e-4);
  CHECK(creep < 2e-5);
}

// The static normal force F(δ) of a compliant ball (radius R) pressed δ
// into the rigid floor, from the plant's own contact surfaces (the law the
// 1-D reference integrates), at zero velocity.
double BallForce(Plant& plant, double R, double depth) {
  BodyState s;
  s.X_WG = RigidTransform(Vector3d(0, 0, R - depth));
  plant.SetBodyState(0, s);
  plant.Step();
  return plant.contact_force(0).f_W.z();
}

TEST_CASE("plant physics: a ball's rebound matches a fine 1-D integration of the same force law") {
  // A compliant ball (R = 0.05 m, E = 2e5 Pa, 500 kg/m³) dropped from 0.1 m
  // above the floor at 1 m/s, with Hunt–Crossley dissipation d. Its motion
  // is vertical, so it obeys m·z̈ = −m·g + F(δ)·max(0, 1 + d·δ̇), δ = R − z,
  // with F(δ) the static force of the same contact surfaces (tabulated from
  // the plant at 2000 depths, interpolated linearly). That ODE is
  // integrated with RK4 at h = 1e-6 s; the plant runs at h = 1e-4 s. The
  // ratio of exit to impact speed must agree within 1%.
  const double R = 0.05, E = 2e5, rho = 500, g = 9.81;
  for (const double d : {0.0, 0.5, 2.0}) {
    INFO("dissipation " << d);
    BodySpec ball;
    ball.name = "ball";
    ball.shape = Sphere(R);
    ball.density = rho;
    ball.properties = WithMaterial(ProximityProperties::Compliant(E, 0.01), d, 0, 0);
    PlantSettings settings;
    settings.dt = 1e-4;
    const FixedSpec floor = Floor(WithMaterial(ProximityProperties::Rigid(), d, 0, 0));
    const double m = CalcMassProperties(Sphere(R), rho).mass;

    // The table of F(δ) on [0, δ_max].
    PlantSettings still = settings;
    still.gravity_W.setZero();
    Plant probe({ball}, {floor}, still);
    const int n = 2000;
    const double delta_max = 0.02;
    std::vector<double> table(n + 1);
    for (int i = 0; i <= n; ++i) table[i] = i == 0 ? 0 : BallForce(probe, R, delta_max * i / n);
    auto F = [&](double delta) {
      if (delta <= 0) return 0.0;
      const double x = std::min(delta / delta_max * n, double(n) - 1e-9);
      const int i = static_cast<int>(x);
      return table[i] + (x - i) * (table[i + 1] - table[i]);
    };
    // 1-D reference from first touch (δ = 0, δ̇ = v_in) to release.
    const double h0 = 0.1, v0 = 1.0;
    const double v_in = std::sqrt(v0 * v0 + 2 * g * h0);
    auto accel = [&](double delta, double rate) {  // δ̈ = g − F·max(0, 1 + d·δ̇)/m
      return g - F(delta) * std::max(0.0, 1 + d * rate) / m;
    };
    double delta = 0, rate = v_in;
    const double h = 1e-6;
    do {
      const double k1x = rate, k1v = accel(delta, rate);
      const double k2x = rate + h / 2 * k1v, k2v = accel(delta + h / 2 * k1x, rate + h / 2 * k1v);
      const double k3x = rate + h / 2 * k2v, k3v = accel(delta + h / 2 * k2x, rate + h / 2 * k2v);
      const double k4x = rate + h * k3v, k4v = accel(delta + h * k3x, rate + h * k3v);
      delta += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
      rate += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    } while (delta > 0 && delta < delta_max);
    REQUIRE(delta <= 0);  // released, never beyond the table
    const double e_reference = -rate / v_in;

    ball.X_WG = RigidTransform(Vector3d(0, 0, R + h0));
    ball.V_WG.v_W = Vector3d(0, 0, -v0);
    Plant plant({ball}, {floor}, settings);
    double v_before = 0, v_after = 0;
    bool touched = false;
    for (int k = 0; k < 20000; ++k) {
      const double v = plant.com_velocity(0).z();
      plant.Step();
      if (!touched && plant.num_contacts() > 0) {
        touched = true;
        v_before = v;
      }
      if (touched && plant.num_contacts() == 0) {
        v_after = plant.com_velocity(0).z();
        break;
      }
    }
    REQUIRE(touched);
    REQUIRE(v_after > 0);
    // The speeds at the step boundaries differ from those at first touch and
    // release by g·h at most (1e-3 m/s, 0.1% of v_in).
    const double e_plant = v_after / -v_before;
    CHECK(e_plant == Approx(e_reference).epsilon(0.01));
    if (d == 0) CHECK(e_reference == Approx(1).epsilon(1e-3));  // no dissipation: elastic
    if (d > 0) CHECK(e_reference < 1 - 0.1 * d);                 // and it does dissipate
  }
}

TEST_CASE("plant physics: without dissipation or friction the energy is kept over a bounce") {
  // The same ball, dropped from 0.2 m, d = 0, μ = 0: the mechanical energy
  // (kinetic + potential; the elastic energy is zero out of contact) after
  // the bounce, at its next apex, equals the initial one within 0.5%.
  const double R = 0.05;
  BodySpec ball;
  ball.name = "ball";
  ball.shape = Sphere(R);
  ball.density = 500;
  ball.X_WG = RigidTransform(Vector3d(0, 0, R + 0.2));
  ball.properties = ProximityProperties::Compliant(2e5, 0.01);
  PlantSettings settings;
  settings.dt = 1e-3;
  Plant plant({ball}, {Floor(ProximityProperties::Rigid())}, settings);
  const double E0 = plant.CalcEnergy();
  bool touched = false, left = false;
  for (int k = 0; k < 3000 && !(left && plant.com_velocity(0).z() < 0); ++k) {
    plant.Step();
    touched = touched || plant.num_contacts() > 0;
    left = left || (touched && plant.num_contacts() == 0);
  }
  REQUIRE(left);
  CHECK(plant.CalcEnergy() == Approx(E0).epsilon(5e-3));
  CHECK(plant.body_state(0).X_WG.translation().z() == Approx(R + 0.2).epsilon(0.02));
}

TEST_CASE("plant physics: a box on a ramp sticks below the friction angle and slides with g(sinθ − μd·cosθ) above") {
  // A compliant box on a rigid half-space tilted by θ about y (downhill is
  // R·x̂ = (cos θ, 0, −sin θ)). With μs = 0.6: at θ = 20° (tan θ = 0.36)
  // friction holds it (its slip stays within the regularization's stiction
  // ramp, below v_s); with μs = 0.3, μd = 0.2 at θ = 30° (tan θ = 0.58) it
  // slides with a = g·(sin θ − μd·cos θ) = 3.206 m/s² once its slip
  // exceeds 2·v_s.
  struct Case {
    double theta, mu_s, mu_d;
  };
  const double a = 0.1, g = 9.81;
  for (const Case c : {Case{20 * M_PI / 180, 0.6, 0.5}, Case{30 * M_PI / 180, 0.3, 0.2}}) {
    INFO("theta " << c.theta);
    const RigidTransform X_WR = RigidTransform::FromRollPitchYaw({0, c.theta, 0});
    BodySpec box;
    box.name = "box";
    box.shape = Box(a, a, a);
    box.X_WG = RigidTransform(X_WR.rotation(), X_WR * Vector3d(0, 0, a / 2 - 0.0004));
    box.properties = WithMaterial(ProximityProperties::Compliant(1e6), 20, c.mu_s, c.mu_d);
    PlantSettings settings;
    settings.dt = 5e-4;
    Plant plant({box}, {Floor(WithMaterial(ProximityProperties::Rigid(), 20, c.mu_s, c.mu_d), X_WR)}, settings);
    const Vector3d downhill = X_WR.rotation().col(0);
    const double v_s = settings.defaults.stiction_speed;
    for (int k = 0; k < 400; ++k) plant.Step();  // 0.2 s: settle or get going
    const double v1 = plant.com_velocity(0).dot(downhill);
    double max_speed = 0;
    for (int k = 0; k < 1000; ++k) {  // 0.5 s
      plant.Step();
      max_speed = std::max(max_speed, plant.com_velocity(0).norm());
    }
    const double v2 = plant.com_velocity(0).dot(downhill);
    if (std::tan(c.theta) < c.mu_s) {
      CHECK(max_speed < v_s);
    } else {
      REQUIRE(v1 > 2 * v_s);
      CHECK((v2 - v1) / 0.5 == Approx(g * (std::sin(c.theta) - c.mu_d * std::cos(c.theta))).epsilon(0.01));
    }
  }
}

TEST_CASE("plant physics: momentum is conserved in a two-body collision in free space") {
  // Two compliant balls, no gravity, colliding off-centre with friction and
  // dissipation: the contact forces are equal and opposite, so Σ m·v is
  // unchanged to round-off; the angular momentum about W's origin to the
  // integrator's O(h) (the explicit gyroscopic term).
  const ProximityProperties properties =
      WithMaterial(ProximityProperties::Compliant(1e6, 0.01), 1, 0.5, 0.4);
  BodySpec a{"ball", Sphere(0.05), RigidTransform(Vector3d(-0.2, 0.03, 0)), {}, 1000, properties};
  a.V_WG.v_W = Vector3d(1.5, 0, 0);
  a.V_WG.w_W = Vector3d(0, 0, 5);
  BodySpec b{"box", Box(0.08, 0.06, 0.1), RigidTransform(Vector3d(0.2, -0.03, 0.01)), {}, 700, properties};
  b.V_WG.v_W = Vector3d(-1, 0.2, 0);
  b.V_WG.w_W = Vector3d(1, 0, 0);
  PlantSettings settings;
  settings.gravity_W.setZero();
  settings.dt = 2e-4;
  Plant plant({a, b}, {}, settings);
  const Vector3d L0 = plant.CalcLinearMomentum();
  const Vector3d H0 = plant.CalcAngularMomentum();
  int contact_steps = 0;
  for (int k = 0; k < 2500; ++k) {
    plant.Step();
    contact_steps += plant.num_contacts() > 0;
  }
  REQUIRE(contact_steps > 10);
  // The collision did exchange momentum.
  CHECK((plant.com_velocity(0) - Vector3d(1.5, 0, 0)).norm() > 0.5);
  CHECK((plant.CalcLinearMomentum() - L0).norm() < 1e-12 * L0.norm() + 1e-14);
  CHECK((plant.CalcAngularMomentum() - H0).norm() < 1e-3 * H0.norm());
}

}  // namespace
}  // namespace hydrocontact::plant
