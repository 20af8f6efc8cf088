// Physics of the example plant against closed forms (issue 16).

#include <algorithm>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "tools/plant/plant.h"

namespace hydrocontact::plant {
namespace HYDROCONTACT_TEST_FILE {

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


// Rigid point-contact material: stiffness k, dissipation d, μs, μd.
ProximityProperties RigidWith(double k, double d, double mu_s, double mu_d) {
  ContactMaterial material;
  material.set_point_contact_stiffness(k);
  material.set_hunt_crossley_dissipation(d);
  material.set_friction(CoulombFriction(mu_s, mu_d));
  ProximityProperties p = ProximityProperties::Rigid();
  p.set_material(material);
  return p;
}

// The angle (rad) between the box's z axis and the unit vector `up`.
double Tilt(const RigidTransform& X_WG, const Vector3d& up) {
  return std::atan2(X_WG.rotation().col(2).cross(up).norm(), X_WG.rotation().col(2).dot(up));
}

// A rigid box (side a = 0.1 m, m = 1 kg, k = 1e5 N/m, d = 5 s/m, μ = 0.5)
// and a rigid floor whose point stiffness (1e15 N/m) makes the series
// stiffness k_eff = 1/(1/k + 1/1e15) ≈ k.
constexpr double kSide = 0.1, kMass = 1, kStiffness = 1e5, kFloorStiffness = 1e15;
BodySpec RigidBox(const RigidTransform& X_WG) {
  BodySpec box;
  box.name = "box";
  box.shape = Box(kSide, kSide, kSide);
  box.density = kMass / (kSide * kSide * kSide);
  box.X_WG = X_WG;
  box.properties = RigidWith(kStiffness, 5, 0.5, 0.5);
  return box;
}

TEST_CASE("plant physics: a rigid box resting on a rigid floor through patches does not rock or creep") {
  // The patch of the box's face on the floor has its four bottom corners,
  // each with its own depth x_i, carrying (k/4)·x_i. At rest flat, all
  // x_i = δ and the total k_eff·δ = m·g: δ = m·g/k_eff = 98.1 µm, the
  // centre at a/2 − δ. Tilted by α about a horizontal axis through the face
  // centre, the corners' depths change by ±(a/2)·α, so the patch pushes
  // back with (k/4)·4·(a/2)²·α = k·a²·α/4: the tilt is a damped oscillator
  // (I = m·a²/6 about the centre of mass, stiffness k·a²/4 − m·g·a/2 ≈ k·a²/4:
  // ω ≈ 387 rad/s; damping from Hunt–Crossley d·(k·a²/4)·δ: ζ ≈ 0.1), as is
  // the height (ω = √(k/m) = 316 rad/s, ζ = d·k·δ/(2·m·ω) ≈ 0.08). Both
  // decay as e^(−ζω·t), at least e^(−25·t): after the 1 s of settling the
  // drop's millimetre-sized transients are below 1e-13 of themselves, so
  // what is left is round-off. With no tangential load at rest, friction's
  // stiction ramp pulls nothing sideways: no creep.
  //
  // The bounds below (tilt < 1e-9 rad, height within 1 nm of a/2 − δ, a
  // 1 nm spread of the height over the last 5 s, creep < 1 nm over 10 s)
  // are far above that round-off and far below what a patch of one
  // uniform depth gives (it cannot tell a face tilted within the tolerance
  // from a flat one: the box keeps a ~1e-4 rad tilt, wanders within it and
  // creeps by µm).
  // (Stability of the explicit step: h·d·k·x/m_eff < 2 at the landing
  // depth x, m_eff ≈ m/4 at a corner; h·ω < 2.)
  Plant plant({RigidBox(RigidTransform::FromRollPitchYaw({0.02, -0.01, 0.3}, {0.01, -0.02, kSide / 2 + 0.003}))},
              {Floor(RigidWith(kFloorStiffness, 5, 0.5, 0.5))}, PlantSettings{});
  for (int step = 0; step < 1000; ++step) plant.Step();
  const Vector3d p0 = plant.body_state(0).X_WG.translation();
  const double depth = kMass * 9.81 / (1 / (1 / kStiffness + 1 / kFloorStiffness));
  const double z_rest = kSide / 2 - depth;
  double z_err = 0, tilt = 0, creep = 0, z_lo = 1e9, z_hi = -1e9;
  for (int step = 0; step < 10000; ++step) {
    plant.Step();
    const RigidTransform X_WG = plant.body_state(0).X_WG;
    z_err = std::max(z_err, std::abs(X_WG.translation().z() - z_rest));
    tilt = std::max(tilt, Tilt(X_WG, Vector3d::UnitZ()));
    creep = std::max(creep, (X_WG.translation() - p0).head<2>().norm());
    if (step >= 5000) {
      z_lo = std::min(z_lo, X_WG.translation().z());
      z_hi = std::max(z_hi, X_WG.translation().z());
    }
  }
  INFO("depth " << depth << " z error " << z_err << " tilt " << tilt << " creep " << creep << " jitter "
                << z_hi - z_lo);
  REQUIRE(plant.patches().size() == 1);
  CHECK(plant.patches()[0].size() == 4);
  CHECK(z_err < 1e-9);
  CHECK(tilt < 1e-9);
  CHECK(creep < 1e-9);
  CHECK(z_hi - z_lo < 1e-9);
  // The contact force balances the weight: k_eff·δ = m·g.
  CHECK(plant.contact_force(0).f_W.z() == Approx(kMass * 9.81).epsilon(1e-9));
}

TEST_CASE("plant physics: a rigid box set down tilted on a rigid floor rights itself") {
  // Set down at rest on its face tilted by α0 = 4e-3 rad about x (its far
  // corners 0.4 mm up, within the patch's 1 mm tolerance: the patch keeps
  // all four corners, the high ones carrying nothing until they touch), its
  // centre of mass at the height where the low edge is δ = m·g/k deep.
  // Only per-point depths give a torque here: k·a²·α/4 (previous case)
  // about the face centre, which rights it; the tilt is a damped
  // oscillation decaying at least as e^(−25·t) (previous case), so after
  // 2 s it is below 1e-9 rad (round-off).
  const double alpha0 = 4e-3;
  const double depth = kMass * 9.81 / kStiffness;
  // The lowest edge (local y = −a/2, z = −a/2) turned by α0 about x sits at
  // z_c − (a/2)·(cos α0 + sin α0); put it δ deep.
  const double z_c = kSide / 2 * (std::cos(alpha0) + std::sin(alpha0)) - depth;
  Plant plant({RigidBox(RigidTransform::FromRollPitchYaw({alpha0, 0, 0}, {0, 0, z_c}))},
              {Floor(RigidWith(kFloorStiffness, 5, 0.5, 0.5))}, PlantSettings{});
  plant.Step();
  REQUIRE(plant.patches().size() == 1);
  REQUIRE(plant.patches()[0].size() == 4);
  for (int step = 0; step < 2000; ++step) plant.Step();
  const RigidTransform X_WG = plant.body_state(0).X_WG;
  INFO("tilt " << Tilt(X_WG, Vector3d::UnitZ()) << " z " << X_WG.translation().z());
  CHECK(Tilt(X_WG, Vector3d::UnitZ()) < 1e-9);
  CHECK(std::abs(X_WG.translation().z() - (kSide / 2 - depth)) < 1e-9);
}

TEST_CASE("plant physics: a rigid box on a rigid ramp (patches) sticks below the friction angle, slides above") {
  // The rigid box on a rigid half-space tilted by θ about y (downhill
  // R·x̂ = (cos θ, 0, −sin θ)), through patches. Friction's stiction ramp
  // (contact_forces.h) makes "sticking" a creep whose speed s balances the
  // pull: μs·(s/v_s)·N = N·tan θ, s = v_s·tan θ/μs, the same at each corner
  // (each carries its share of N at the common slip): at θ = 20°, μs = 0.6,
  // s = 0.01·0.364/0.6 = 6.07 mm/s < v_s. With μs = 0.3, μd = 0.2 at
  // θ = 30° it slides with a = g·(sin θ − μd·cos θ) = 3.206 m/s² once its
  // slip exceeds 2·v_s.
  // Friction F acts in the face, the weight at the centre of mass a/2
  // above it: the face must supply the moment F·a/2 by pressing its
  // downhill corners deeper, so the box leans downhill by the angle α where
  // the patch's restoring torque (k·a²/4)·α, less the weight's own
  // m·g·cos θ·(a/2)·α, equals it:
  //   α = F·(a/2)/(k·a²/4 − m·g·cos θ·a/2),
  // F = m·g·sin θ when sticking, μd·m·g·cos θ when sliding (6.72e-4 and
  // 3.40e-4 rad). A patch of one uniform depth has no such torque.
  struct Case {
    double theta, mu_s, mu_d;
  };
  const double g = 9.81;
  for (const Case c : {Case{20 * M_PI / 180, 0.6, 0.5}, Case{30 * M_PI / 180, 0.3, 0.2}}) {
    INFO("theta " << c.theta);
    const RigidTransform X_WR = RigidTransform::FromRollPitchYaw({0, c.theta, 0});
    const double depth = kMass * g * std::cos(c.theta) / kStiffness;
    BodySpec box = RigidBox(RigidTransform(X_WR.rotation(), X_WR * Vector3d(0, 0, kSide / 2 - depth)));
    box.properties = RigidWith(kStiffness, 5, c.mu_s, c.mu_d);
    PlantSettings settings;
    settings.dt = 5e-4;
    Plant plant({box}, {Floor(RigidWith(kFloorStiffness, 5, c.mu_s, c.mu_d), X_WR)}, settings);
    const Vector3d downhill = X_WR.rotation().col(0);
    const Vector3d up = X_WR.rotation().col(2);
    const double v_s = settings.defaults.stiction_speed;
    for (int k = 0; k < 400; ++k) plant.Step();  // 0.2 s: settle or get going
    const double v1 = plant.com_velocity(0).dot(downhill);
    double max_speed = 0, max_tilt = 0;
    for (int k = 0; k < 1000; ++k) {  // 0.5 s
      plant.Step();
      max_speed = std::max(max_speed, plant.com_velocity(0).norm());
      max_tilt = std::max(max_tilt, Tilt(plant.body_state(0).X_WG, up));
    }
    REQUIRE(plant.patches().size() == 1);
    CHECK(plant.patches()[0].size() == 4);
    const double v2 = plant.com_velocity(0).dot(downhill);
    const bool sticks = std::tan(c.theta) < c.mu_s;
    const double F = kMass * g * (sticks ? std::sin(c.theta) : c.mu_d * std::cos(c.theta));
    const double lean = F * kSide / 2 / (kStiffness * kSide * kSide / 4 - kMass * g * std::cos(c.theta) * kSide / 2);
    const double tilt = Tilt(plant.body_state(0).X_WG, up);
    INFO("lean " << lean << " tilt " << tilt << " max " << max_tilt);
    CHECK(tilt == Approx(lean).epsilon(1e-3));
    CHECK(max_tilt < 1.01 * lean);  // no rocking about it
    // Leaning downhill: the box's z axis turned toward +downhill.
    CHECK(plant.body_state(0).X_WG.rotation().col(2).dot(downhill) > 0);
    if (sticks) {
      CHECK(max_speed < v_s);
      CHECK(v2 == Approx(v_s * std::tan(c.theta) / c.mu_s).epsilon(1e-3));
    } else {
      REQUIRE(v1 > 2 * v_s);
      CHECK((v2 - v1) / 0.5 == Approx(g * (std::sin(c.theta) - c.mu_d * std::cos(c.theta))).epsilon(1e-3));
    }
  }
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
