#include "tools/plant/plant.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact::plant {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("plant: free fall follows the discrete semi-implicit Euler solution") {
  // With v_{k+1} = v_k + h·g and z_{k+1} = z_k + h·v_{k+1}:
  // v_N = v0 + N·h·g, z_N = z0 + N·h·v0 + h²·g·N(N+1)/2.
  BodySpec ball;
  ball.name = "ball";
  ball.shape = Sphere(0.1);
  ball.X_WG = RigidTransform(Vector3d(0, 0, 5));
  ball.V_WG.v_W = Vector3d(0.5, 0, 1);
  PlantSettings settings;
  settings.dt = 1e-3;
  Plant plant({ball}, {}, settings);
  const int N = 500;
  for (int k = 0; k < N; ++k) plant.Step();
  const double h = 1e-3, g = -9.81;
  const BodyState s = plant.body_state(0);
  CHECK(s.V_WG.v_W.z() == Approx(1 + N * h * g).epsilon(1e-12));
  CHECK(s.X_WG.translation().z() == Approx(5 + N * h * 1 + h * h * g * N * (N + 1) / 2).epsilon(1e-12));
  CHECK(s.X_WG.translation().x() == Approx(0.5 * N * h).epsilon(1e-12));
  CHECK(plant.time() == Approx(N * h));
  CHECK(plant.num_contacts() == 0);
}

TEST_CASE("plant: a body that leaves the supported range is named, with the time and dt") {
  // At 1e6 m/s with dt = 1 s, free fall takes the ball from z = 0 to
  // 1e6 − 9.81 in one step (inside ±1e6) and beyond in the second, whose
  // query of the new state refuses to hand that pose on, naming the ball
  // (where SceneGraph would name only its FrameId) and both causes: nothing
  // in its way, or divergence.
  BodySpec ball;
  ball.name = "runaway";
  ball.shape = Sphere(0.1);
  ball.V_WG.v_W = Vector3d(0, 0, 1e6);
  PlantSettings settings;
  settings.dt = 1;
  Plant plant({ball}, {}, settings);
  plant.Step();
  CHECK(plant.body_state(0).X_WG.translation().z() == Approx(1e6 - 9.81));
  CHECK_THROWS_WITH(plant.Step(), Catch::Contains("body 'runaway' left the supported range") &&
                                      Catch::Contains("t = 2 s") && Catch::Contains("nothing stopped it") &&
                                      Catch::Contains("dt = 1 s"));
  CHECK(plant.body_state(0).X_WG.translation().z() > 1e6);
}

// A free box 0.1 × 0.2 × 0.3 m (no gravity, nothing else) spinning at w_W,
// stepped at dt.
Plant MakeSpinningBox(const Vector3d& w_W, double dt) {
  BodySpec box;
  box.name = "box";
  box.shape = Box(0.1, 0.2, 0.3);
  box.V_WG.w_W = w_W;
  PlantSettings settings;
  settings.gravity_W.setZero();
  settings.dt = dt;
  return Plant({box}, {}, settings);
}

TEST_CASE("plant: the contacts it reports are those of its current state") {
  // A compliant ball (r 0.1 m) at z = 0.09 overlaps the rigid floor z ≤ 0
  // by 1 cm: the construction's query finds the surface before any step.
  // Thrown up at 10 m/s with dt = 0.01 s, one step takes it to about
  // z = 0.09 + 0.01·(10 + 0.01·a) ≥ 0.19 − 0.001·9.81 (contact only pushes
  // up), clear of the floor: right after that step there is no contact,
  // while the step's force came from the overlap before it (up, > 0).
  BodySpec ball{"ball", Sphere(0.1), RigidTransform(Vector3d(0, 0, 0.09)), {}, 1000,
                ProximityProperties::Compliant(1e6, 0.02)};
  ball.V_WG.v_W = Vector3d(0, 0, 10);
  PlantSettings settings;
  settings.dt = 0.01;
  Plant plant({ball}, {{"floor", HalfSpace(), RigidTransform(), ProximityProperties::Rigid()}}, settings);
  CHECK(plant.num_contacts() == 1);
  REQUIRE(plant.surfaces().size() == 1);
  plant.Step();
  CHECK(plant.body_state(0).X_WG.translation().z() > 0.19 - 0.01 * 0.01 * 9.81);
  CHECK(plant.num_contacts() == 0);
  CHECK(plant.contact_force(0).f_W.z() > 0);
  // Set back into the overlap, the contact is there at once.
  BodyState state = plant.body_state(0);
  state.X_WG = RigidTransform(Vector3d(0, 0, 0.09));
  plant.SetBodyState(0, state);
  CHECK(plant.num_contacts() == 1);
}

TEST_CASE("plant: a torque-free spinning body keeps its energy and angular momentum") {
  // A box spinning about its axis of largest inertia is stable; about a
  // general axis ω precesses, but with no torque H = I_W·ω is constant in W:
  // its size to round-off (see the tumbling test below), its direction up
  // to the rotation step's first-order error.
  Plant plant = MakeSpinningBox(Vector3d(0.3, 0.2, 2.0), 1e-4);
  const Vector3d H0 = plant.CalcAngularMomentum();
  const double E0 = plant.CalcEnergy();
  for (int k = 0; k < 2000; ++k) plant.Step();
  CHECK((plant.CalcAngularMomentum() - H0).norm() < 1e-3 * H0.norm());
  CHECK(plant.CalcEnergy() == Approx(E0).epsilon(1e-3));
  // The rotation stays orthonormal.
  const Eigen::Matrix3d R = plant.body_state(0).X_WG.rotation();
  CHECK((R.transpose() * R - Eigen::Matrix3d::Identity()).norm() < 1e-12);
}

TEST_CASE("plant: bad settings and bodies are refused, naming them") {
  BodySpec ball;
  ball.name = "ball";
  PlantSettings settings;
  settings.dt = 0;
  CHECK_THROWS_WITH(Plant({ball}, {}, settings), Catch::Contains("dt"));
  // A step beyond 1 s: at 1e300 the first step's velocity overflowed and
  // was reported as a diverged simulation.
  settings.dt = 1e300;
  CHECK_THROWS_WITH(Plant({ball}, {}, settings), Catch::Contains("'dt' must be in (0, 1] s, got 1e+300"));
  settings.dt = 1;
  CHECK_NOTHROW(Plant({ball}, {}, settings));
  settings = {};
  ball.density = -3;
  CHECK_THROWS_WITH(Plant({ball}, {}, settings), Catch::Contains("ball") && Catch::Contains("density"));
  // Densities far beyond any material's, where the inertia's inverse or
  // the forces leave the finite numbers; the bounds themselves pass.
  for (const double density : {1e-300, 1e300}) {
    ball.density = density;
    CHECK_THROWS_WITH(Plant({ball}, {}, settings),
                      Catch::Contains("body 'ball'") && Catch::Contains("'density' must be in [1e-06, 1e+06]"));
  }
  for (const double density : {1e-6, 1e6}) {
    ball.density = density;
    CHECK_NOTHROW(Plant({ball}, {}, settings));
  }
  ball.density = 1000;
  CHECK_THROWS_WITH(Plant({ball, ball}, {}, settings), Catch::Contains("duplicate name 'ball'"));
  // Gravity and speeds beyond the supported 1e6 (m/s², m/s, rad/s): the
  // energies would overflow within a step. 1e300 is reported as itself
  // (its squared norm would be inf).
  settings.gravity_W = Eigen::Vector3d(0, 0, -1e300);
  CHECK_THROWS_WITH(Plant({ball}, {}, settings), Catch::Contains("'gravity' of magnitude 1e+300"));
  settings.gravity_W = Eigen::Vector3d(0, 0, -1e6);
  CHECK_NOTHROW(Plant({ball}, {}, settings));
  settings = {};
  ball.V_WG.v_W = Eigen::Vector3d(1e7, 0, 0);
  CHECK_THROWS_WITH(Plant({ball}, {}, settings), Catch::Contains("ball") && Catch::Contains("1e+07 m/s"));
  ball.V_WG.v_W = Eigen::Vector3d::Zero();
  ball.V_WG.w_W = Eigen::Vector3d(0, 1e300, 1e300);
  CHECK_THROWS_WITH(Plant({ball}, {}, settings), Catch::Contains("1.41421e+300 rad/s"));
  ball.V_WG.w_W = Eigen::Vector3d::Zero();
  Plant plant({ball}, {}, settings);
  BodyState state = plant.body_state(0);
  state.V_WG.v_W = Eigen::Vector3d(0, 2e6, 0);
  CHECK_THROWS_WITH(plant.SetBodyState(0, state), Catch::Contains("2e+06 m/s"));
}

// Compliant (E = 1e6 Pa, hint 0.02 m) and rigid properties, both with
// Hunt–Crossley dissipation 5 s/m and the given friction.
struct Materials {
  ProximityProperties soft;
  ProximityProperties hard;
};
Materials SoftAndHard(const CoulombFriction& friction) {
  ContactMaterial material;
  material.set_hunt_crossley_dissipation(5);
  material.set_friction(friction);
  Materials m{ProximityProperties::Compliant(1e6, 0.02), ProximityProperties::Rigid()};
  m.soft.set_material(material);
  m.hard.set_material(material);
  return m;
}

// The box of data/scenes/box_drop.json (0.1 m, 1 kg, E = 1e6 Pa, Hunt–
// Crossley 5 s/m) dropped tilted from 0.15 m on a rigid floor, stepped at
// dt.
Plant MakeBoxDrop(double dt) {
  const auto [soft, hard] = SoftAndHard(CoulombFriction(0.6, 0.5));
  PlantSettings settings;
  settings.dt = dt;
  return Plant({{"box", Box(0.1, 0.1, 0.1), RigidTransform::FromRollPitchYaw({0.1, 0.05, 0.3}, {0, 0, 0.15}), {}, 1000,
                 soft}},
               {{"floor", HalfSpace(), RigidTransform(), hard}}, settings);
}

TEST_CASE("plant: a step too large for the contact stiffness is refused once the energy grows") {
  // The drop starts without contact, so no elastic energy is stored and,
  // contact storing energy and damping and friction dissipating it, the
  // kinetic plus gravitational energy E can never exceed E(0) = m·g·0.15
  // = 1.4715 J (potential zero at z = 0). At dt = 1 ms the step is stable:
  // E stays at or below E(0) (to the explicit step's round-off) through the
  // fall, the impact and the rest, and nothing is refused.
  {
    Plant plant = MakeBoxDrop(1e-3);
    const double E0 = plant.CalcEnergy();
    CHECK(E0 == Approx(9.81 * 0.15));
    double highest = E0;
    for (int k = 0; k < 1500; ++k) {
      REQUIRE_NOTHROW(plant.Step());
      highest = std::max(highest, plant.CalcEnergy());
    }
    CHECK(highest <= E0 * (1 + 1e-9));
    CHECK(plant.num_contacts() == 1);
  }
  // At dt = 5 ms the damping term h·d·k·x/m exceeds 2 at the impact: every
  // bounce comes back higher (918,721 J by 1.5 s before this watch). The
  // watch allows S = m·g·ρ (ρ = √(tr I/(2m)) = 0.05 m for the cube: about
  // 0.49 J) plus half the energy that went through the contacts, and
  // refuses the step that exceeds it, long before the range check (1e6 m).
  {
    Plant plant = MakeBoxDrop(5e-3);
    int steps = 0;
    std::string message;
    try {
      for (; steps < 300; ++steps) plant.Step();
    } catch (const std::runtime_error& e) {
      message = e.what();
    }
    INFO(message);
    CHECK(steps < 300);
    CHECK(message.find("energy grew from 1.4715 J (t = 0 s, no contact)") != std::string::npos);
    CHECK(message.find("dt = 0.005 s") != std::string::npos);
    CHECK(message.find("too large for the contacts' stiffness") != std::string::npos);
    CHECK(message.find("the most energetic body, 'box'") != std::string::npos);
    // The refused step's energy exceeds E(0) by more than S.
    CHECK(plant.CalcEnergy() > 1.4715 + 0.49);
  }
}

TEST_CASE("plant: a free spin keeps its energy and momentum's size at any step, and tumbles") {
  // Torque-free, Euler's equations keep ½ω·I·ω and |I·ω| (both quadratic in
  // ω); the midpoint rule keeps every quadratic invariant, so to the Newton
  // solver's tolerance they hold at any step, here h·|ω| = 0.5 (the
  // explicit gyroscopic term gained energy on each step, backward Euler
  // loses it). The box 0.1 × 0.2 × 0.3 has moments ∝ (0.13, 0.10, 0.05):
  // y is its intermediate axis, about which a spin is unstable, so a spin
  // about y perturbed by 0.1% turns over (ω_y changes sign) and back,
  // again and again; a scheme that loses energy settles on the x axis
  // instead, one that gains it spins up.
  Plant plant = MakeSpinningBox(Vector3d(0.01, 10, 0.01), 0.05);
  const double E0 = plant.CalcEnergy();
  const double H0 = plant.CalcAngularMomentum().norm();
  int sign_changes = 0;
  double previous_w_y = 10;
  for (int k = 0; k < 2000; ++k) {
    plant.Step();
    CHECK(plant.CalcEnergy() == Approx(E0).epsilon(1e-10));
    CHECK(plant.CalcAngularMomentum().norm() == Approx(H0).epsilon(1e-10));
    const BodyState s = plant.body_state(0);
    const double w_y = (s.X_WG.rotation().transpose() * s.V_WG.w_W).y();
    if ((w_y > 0) != (previous_w_y > 0)) ++sign_changes;
    previous_w_y = w_y;
  }
  CHECK(sign_changes >= 4);
}

TEST_CASE("plant: setting a body's state starts the energy watch afresh") {
  // After 0.8 s the box rests on the floor (E ≈ m·g·0.05 = 0.49 J), so the
  // watch taken at the drop (E(0) = 1.4715 J, S ≈ 0.49 J) allows at most
  // E(0) + S + (E(0) − 0.49)/2 ≈ 2.45 J. Lifting the box by hand to 0.3 m
  // (E = m·g·0.3 = 2.943 J) would exceed it at the next step; set by hand,
  // not gained by a step, it restarts the watch from the new state (no
  // contact there), and the box falls back and settles without a refusal.
  Plant plant = MakeBoxDrop(1e-3);
  for (int k = 0; k < 800; ++k) plant.Step();
  CHECK(plant.CalcEnergy() == Approx(9.81 * 0.05).epsilon(1e-2));
  BodyState lifted;
  lifted.X_WG = RigidTransform(Vector3d(0, 0, 0.3));
  plant.SetBodyState(0, lifted);
  const double E_lifted = plant.CalcEnergy();
  CHECK(E_lifted == Approx(9.81 * 0.3));
  for (int k = 0; k < 1500; ++k) REQUIRE_NOTHROW(plant.Step());
  CHECK(plant.CalcEnergy() == Approx(9.81 * 0.05).epsilon(1e-2));
}

TEST_CASE("plant: runs are identical run to run and for any thread count") {
  // A small pile (compliant boxes and balls, a rigid box, a rigid floor):
  // the queries return the same results in the same order for any thread
  // count, and the plant sums forces in that order, so the states must be
  // bitwise equal.
  auto run = [](int threads) {
    const auto [soft, hard] = SoftAndHard(CoulombFriction(0.5, 0.4));
    std::vector<BodySpec> bodies = {
        {"b1", Box(0.1, 0.1, 0.1), RigidTransform(Vector3d(0, 0, 0.06)), {}, 1000, soft},
        {"b2", Box(0.1, 0.1, 0.1), RigidTransform::FromRollPitchYaw({0, 0, 0.4}, {0.02, 0.01, 0.17}), {}, 1000, soft},
        {"s1", Sphere(0.05), RigidTransform(Vector3d(0.08, 0, 0.3)), {}, 1000, soft},
        {"r1", Box(0.1, 0.1, 0.1), RigidTransform(Vector3d(-0.12, 0, 0.06)), {}, 1000, hard}};
    PlantSettings settings;
    settings.threads = threads;
    Plant plant(bodies, {{"floor", HalfSpace(), RigidTransform(), hard}}, settings);
    std::vector<double> state;
    for (int k = 0; k < 400; ++k) plant.Step();
    for (int i = 0; i < plant.num_bodies(); ++i) {
      const BodyState s = plant.body_state(i);
      for (int j = 0; j < 3; ++j) {
        state.push_back(s.X_WG.translation()[j]);
        state.push_back(s.V_WG.w_W[j]);
        state.push_back(s.V_WG.v_W[j]);
        for (int c = 0; c < 3; ++c) state.push_back(s.X_WG.rotation()(j, c));
      }
    }
    return state;
  };
  const std::vector<double> first = run(1);
  CHECK(run(1) == first);
  CHECK(run(2) == first);
}

}  // namespace
}  // namespace hydrocontact::plant
