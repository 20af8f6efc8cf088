#include "tools/plant/plant.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "geometry/supported_range.h"

namespace hydrocontact::plant {
namespace {

// Newton steps of AngularVelocityStep at most: from the explicit guess the
// iteration converges quadratically, in 2–4 steps for h·|ω| up to 1.
constexpr int kMaxGyroscopicIterations = 8;

using Eigen::Matrix3d;
using Eigen::Vector3d;

// The largest gravity and speeds a plant accepts: far beyond any physical
// scene (1e5 g, 1e6 m/s, 1e6 rad/s), yet low enough that energies and one
// step's changes of them stay finite (at 1e300 m/s² the first step's energy
// overflowed and the divergence watch blamed dt).
constexpr double kMaxGravity = 1e6;
constexpr double kMaxSpeed = 1e6;
constexpr double kMaxAngularSpeed = 1e6;
// The longest step: a contact plant's step resolves contacts lasting
// milliseconds, and at 1e300 s the first step's velocity overflowed (a
// "diverged" message blaming the stiffness).
constexpr double kMaxTimeStep = 1;

// Throws naming the body unless its velocity is finite and within the
// supported speeds.
void RequireSupportedVelocity(const std::string& name, const SpatialVelocity& V_WG) {
  if (!V_WG.w_W.allFinite() || !V_WG.v_W.allFinite()) {
    throw std::invalid_argument(fmt::format("Plant: body '{}': non-finite velocity", name));
  }
  // stableNorm: the plain norm's sum of squares overflows from 1.3e154.
  if (!(V_WG.v_W.stableNorm() <= kMaxSpeed) || !(V_WG.w_W.stableNorm() <= kMaxAngularSpeed)) {
    throw std::invalid_argument(fmt::format(
        "Plant: body '{}': velocity {:g} m/s, {:g} rad/s is beyond the supported {:g} m/s and {:g} "
        "rad/s",
        name, V_WG.v_W.stableNorm(), V_WG.w_W.stableNorm(), kMaxSpeed, kMaxAngularSpeed));
  }
}

void ValidateSettings(const PlantSettings& s) {
  if (!s.gravity_W.allFinite()) throw std::invalid_argument("Plant: 'gravity' must be finite");
  if (!(s.gravity_W.stableNorm() <= kMaxGravity)) {
    throw std::invalid_argument(fmt::format(
        "Plant: 'gravity' of magnitude {:g} m/s^2 is beyond the supported {:g} m/s^2",
        s.gravity_W.stableNorm(), kMaxGravity));
  }
  if (!(s.dt > 0) || !(s.dt <= kMaxTimeStep)) {
    throw std::invalid_argument(
        fmt::format("Plant: 'dt' must be in (0, {}] s, got {}", kMaxTimeStep, s.dt));
  }
  if (s.threads < 1) throw std::invalid_argument(fmt::format("Plant: 'threads' must be >= 1, got {}", s.threads));
  // Validates the defaults (naming the field) once, here.
  CombineContactParameters({}, {}, s.defaults);
}

double Seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// Euler's equations I·ω̇ + ω × I·ω = τ over one step h, in the body frame
// G (I = I_SScm_G is constant there): the torque's impulse first,
// ω* = ω + h·I⁻¹·τ, then the gyroscopic term by the implicit midpoint rule
//   I·(ω' − ω*) + h·ω_m × I·ω_m = 0,  ω_m = (ω* + ω')/2,
// solved by Newton's method (Jacobian I + (h/2)·([ω_m]×·I − [I·ω_m]×)).
// Why: the torque-free equations keep the kinetic energy ½ω·I·ω and |I·ω|,
// both quadratic, and the midpoint rule keeps every quadratic invariant, so
// a free spin keeps its energy and its momentum's size to the solver's
// tolerance, at any step. The explicit term ω ← ω − h·I⁻¹(ω × I·ω) gained
// energy on every step of a spin about a general axis (20% in 10 s at
// h = 1 ms and 20 rad/s), and backward Euler loses it (the spin drifts to
// the axis of largest inertia).
// I_inverse_G = I_G⁻¹.
Vector3d AngularVelocityStep(const Matrix3d& I_G, const Matrix3d& I_inverse_G, const Vector3d& w_G,
                             const Vector3d& tau_G, double h) {
  const Vector3d w_star = w_G + h * (I_inverse_G * tau_G);
  auto skew = [](const Vector3d& v) {
    Matrix3d S;
    S << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
    return S;
  };
  // Newton from ω' = ω*; the residual's size is h·|ω|²·|I|, so the
  // iteration stops once a correction is round-off against |ω|.
  Vector3d w_next = w_star;
  for (int iteration = 0; iteration < kMaxGyroscopicIterations; ++iteration) {
    const Vector3d w_mid = 0.5 * (w_star + w_next);
    const Vector3d L_mid = I_G * w_mid;
    const Vector3d residual = I_G * (w_next - w_star) + h * w_mid.cross(L_mid);
    const Matrix3d jacobian = I_G + (0.5 * h) * (skew(w_mid) * I_G - skew(L_mid));
    const Vector3d correction = jacobian.partialPivLu().solve(residual);
    w_next -= correction;
    if (!(correction.norm() > 1e-15 * w_next.norm())) break;
  }
  return w_next;
}

}  // namespace

Plant::Plant(const std::vector<BodySpec>& bodies, const std::vector<FixedSpec>& fixed, const PlantSettings& settings)
    : settings_(settings) {
  ValidateSettings(settings);
  std::set<std::string> names;
  auto claim = [&](const std::string& name) {
    if (!names.insert(name).second) throw std::invalid_argument(fmt::format("Plant: duplicate name '{}'", name));
  };
  for (const FixedSpec& f : fixed) {
    claim(f.name);
    const GeometryId id = scene_graph_.RegisterGeometry(scene_graph_.world_frame_id(), f.X_WG, f.shape, f.name,
                                                        f.properties);
    body_of_[id] = -1;
  }
  for (const BodySpec& b : bodies) {
    claim(b.name);
    Body body;
    body.name = b.name;
    try {
      body.mass = CalcMassProperties(b.shape, b.density);
    } catch (const std::exception& e) {
      throw std::invalid_argument(fmt::format("Plant: body '{}': {}", b.name, e.what()));
    }
    RequireSupportedVelocity(b.name, b.V_WG);
    body.I_inverse_G = body.mass.I_SScm_G.inverse();
    body.frame = scene_graph_.RegisterFrame(b.name);
    body.geometry = scene_graph_.RegisterGeometry(body.frame, RigidTransform(), b.shape, b.name, b.properties);
    body.R_WG = b.X_WG.rotation();
    body.p_WScm = b.X_WG * body.mass.p_GScm;
    body.w_W = b.V_WG.w_W;
    body.v_WScm = b.V_WG.v_W + b.V_WG.w_W.cross(body.p_WScm - b.X_WG.translation());
    body_of_[body.geometry] = static_cast<int>(bodies_.size());
    bodies_.push_back(std::move(body));
  }
  // Frames never collide with themselves: each body is one geometry.
  poses_.reserve(bodies_.size());
  for (const Body& body : bodies_) poses_.emplace_back(body.frame, X_WG(body));
  QueryContacts();
}

RigidTransform Plant::X_WG(const Body& body) const {
  return RigidTransform(body.R_WG, body.p_WScm - body.R_WG * body.mass.p_GScm);
}

BodyState Plant::body_state(int i) const {
  const Body& body = bodies_.at(i);
  BodyState s;
  s.X_WG = X_WG(body);
  s.V_WG.w_W = body.w_W;
  s.V_WG.v_W = body.v_WScm + body.w_W.cross(s.X_WG.translation() - body.p_WScm);
  return s;
}

void Plant::SetBodyState(int i, const BodyState& state) {
  if (i < 0 || i >= num_bodies()) throw std::invalid_argument(fmt::format("Plant: no body {}", i));
  RequireSupportedVelocity(bodies_[i].name, state.V_WG);
  Body& body = bodies_[i];
  energy_watch_.armed = false;
  body.R_WG = state.X_WG.rotation();
  body.p_WScm = state.X_WG * body.mass.p_GScm;
  body.w_W = state.V_WG.w_W;
  body.v_WScm = state.V_WG.v_W + state.V_WG.w_W.cross(body.p_WScm - state.X_WG.translation());
  QueryContacts();
}

BodyMotion Plant::Motion(GeometryId id) const {
  BodyMotion m;
  const int i = body_of_.at(id);
  if (i < 0) {
    m.X_WG = scene_graph_.GetPoseInWorld(id);
    return m;
  }
  const Body& body = bodies_[i];
  m.X_WG = poses_[i].second;
  m.V_WG.w_W = body.w_W;
  m.V_WG.v_W = body.v_WScm + body.w_W.cross(m.X_WG.translation() - body.p_WScm);
  return m;
}

void Plant::Accumulate(GeometryId id, const SpatialForce& F_Go_W) {
  const int i = body_of_.at(id);
  if (i < 0) return;
  Body& body = bodies_[i];
  // About Scm: τ_Scm = τ_Go + (p_Go − p_Scm) × f.
  body.F_Scm_W.f_W += F_Go_W.f_W;
  body.F_Scm_W.tau_W += F_Go_W.tau_W + (poses_[i].second.translation() - body.p_WScm).cross(F_Go_W.f_W);
}

const ContactForceParameters& Plant::Parameters(GeometryId a, GeometryId b) {
  auto& list = parameters_[a];
  for (const auto& [other, params] : list) {
    if (other == b) return params;
  }
  list.emplace_back(b, CombineContactParameters(scene_graph_.geometry(a).properties,
                                                scene_graph_.geometry(b).properties, settings_.defaults));
  return list.back().second;
}

double Plant::QueryContacts() {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < num_bodies(); ++i) {
    poses_[i].second = X_WG(bodies_[i]);
    // Checked here, by name, rather than left to SceneGraph::SetFramePoses,
    // which would name only a FrameId.
    const Vector3d& p_WGo = poses_[i].second.translation();
    if (!IsWithinCoordinateRange(p_WGo)) {
      throw std::runtime_error(fmt::format(
          "Plant: body '{}' left the supported range (coordinates within {} m) by t = {} s, at ({}, {}, {}) "
          "moving at {} m/s: nothing stopped it (a fall or a throw with nothing in the way), or the "
          "simulation diverged (dt = {} s too large for the stiffness)",
          bodies_[i].name, kMaxCoordinate, time_, p_WGo.x(), p_WGo.y(), p_WGo.z(), bodies_[i].v_WScm.norm(),
          settings_.dt));
    }
  }
  scene_graph_.SetFramePoses(poses_);
  QueryObject query = scene_graph_.query_object();
  query.set_max_threads(settings_.threads);
  if (settings_.rigid_contact == RigidContact::kPatch) {
    point_pairs_.clear();
    query.ComputeContactSurfacesWithFallback(settings_.representation, &surfaces_, &patches_,
                                             settings_.patch_settings);
  } else {
    patches_.clear();
    query.ComputeContactSurfacesWithFallback(settings_.representation, &surfaces_, &point_pairs_);
  }
  const double seconds = Seconds(start, std::chrono::steady_clock::now());
  // The state the queries saw: with no contact it stores no elastic energy.
  if (!energy_watch_.armed && num_contacts() == 0) ArmEnergyWatch();
  return seconds;
}

void Plant::Step() {
  const auto start = std::chrono::steady_clock::now();
  const double h = settings_.dt;
  // The forces of the contacts of the current state (queried at the end of
  // the last step, at construction or by SetBodyState).
  for (Body& body : bodies_) body.F_Scm_W = SpatialForce();
  for (const ContactSurface& s : surfaces_) {
    const ContactPairForces F =
        CalcContactSurfaceForces(s, Motion(s.id_M()), Motion(s.id_N()), Parameters(s.id_M(), s.id_N()));
    Accumulate(s.id_M(), F.F_Ao_W);
    Accumulate(s.id_N(), F.F_Bo_W);
  }
  for (const ContactPatch& p : patches_) {
    const ContactPairForces F =
        CalcContactPatchForces(p, Motion(p.id_A), Motion(p.id_B), Parameters(p.id_A, p.id_B));
    Accumulate(p.id_A, F.F_Ao_W);
    Accumulate(p.id_B, F.F_Bo_W);
  }
  for (const PenetrationAsPointPair& p : point_pairs_) {
    const ContactPairForces F =
        CalcPointPairForces(p, Motion(p.id_A), Motion(p.id_B), Parameters(p.id_A, p.id_B));
    Accumulate(p.id_A, F.F_Ao_W);
    Accumulate(p.id_B, F.F_Bo_W);
  }

  for (Body& body : bodies_) {
    // Velocities first, with the forces at the current poses.
    body.v_WScm += h * (body.F_Scm_W.f_W / body.mass.mass + settings_.gravity_W);
    body.w_W = body.R_WG * AngularVelocityStep(body.mass.I_SScm_G, body.I_inverse_G,
                                               body.R_WG.transpose() * body.w_W,
                                               body.R_WG.transpose() * body.F_Scm_W.tau_W, h);
    // Then poses with the new velocities.
    body.p_WScm += h * body.v_WScm;
    const double angle = h * body.w_W.norm();
    if (angle > 0) {
      const Eigen::Quaterniond q_step(Eigen::AngleAxisd(angle, body.w_W.normalized()));
      const Eigen::Quaterniond q = (q_step * Eigen::Quaterniond(body.R_WG)).normalized();
      body.R_WG = q.toRotationMatrix();
    }
    if (!body.p_WScm.allFinite() || !body.v_WScm.allFinite() || !body.w_W.allFinite()) {
      throw std::runtime_error(fmt::format(
          "Plant: body '{}' left the finite numbers at t = {} s (a step too large for the stiffness?)", body.name,
          time_ + h));
    }
  }
  time_ += h;
  // The contacts of the new state, for the next step's forces and for what
  // the caller reads now (surfaces(), num_contacts()).
  query_seconds_ += QueryContacts();
  if (energy_watch_.armed) WatchEnergy();
  step_seconds_ += Seconds(start, std::chrono::steady_clock::now());
}

void Plant::ArmEnergyWatch() {
  double scale = 0;
  for (const Body& body : bodies_) {
    const double m = body.mass.mass;
    const double radius_of_gyration = std::sqrt(body.mass.I_SScm_G.trace() / (2 * m));
    scale += KineticEnergy(body) + m * settings_.gravity_W.norm() * radius_of_gyration;
  }
  const double energy = CalcEnergy();
  energy_watch_ = {true, energy, time_, scale, energy};
}

void Plant::WatchEnergy() {
  EnergyWatch& watch = energy_watch_;
  const double energy = CalcEnergy();
  watch.lowest = std::min(watch.lowest, energy);
  const double allowed = watch.reference + watch.scale + 0.5 * (watch.reference - watch.lowest);
  if (energy <= allowed || bodies_.empty()) return;
  // Name the body with the most kinetic energy: where the energy went.
  const Body* liveliest = &bodies_.front();
  for (const Body& body : bodies_) {
    if (KineticEnergy(body) > KineticEnergy(*liveliest)) liveliest = &body;
  }
  throw std::runtime_error(fmt::format(
      "Plant: the bodies' kinetic and gravitational energy grew from {:g} J (t = {:g} s, no contact) to "
      "{:g} J by t = {:g} s, more than the contacts can give back (at most {:g} J): the simulation "
      "diverged (is dt = {} s too large for the contacts' stiffness?); the most energetic body, '{}', "
      "moves at {:g} m/s and turns at {:g} rad/s",
      watch.reference, watch.reference_time, energy, time_, allowed, settings_.dt, liveliest->name,
      liveliest->v_WScm.norm(), liveliest->w_W.norm()));
}

double Plant::KineticEnergy(const Body& body) {
  // ½ω·I_W·ω with I_W = R·I_G·Rᵀ, evaluated in G.
  const Vector3d w_G = body.R_WG.transpose() * body.w_W;
  return 0.5 * body.mass.mass * body.v_WScm.squaredNorm() + 0.5 * w_G.dot(body.mass.I_SScm_G * w_G);
}

double Plant::CalcEnergy() const {
  double energy = 0;
  for (const Body& body : bodies_) {
    energy += KineticEnergy(body) - body.mass.mass * settings_.gravity_W.dot(body.p_WScm);
  }
  return energy;
}

Vector3d Plant::CalcLinearMomentum() const {
  Vector3d L = Vector3d::Zero();
  for (const Body& body : bodies_) L += body.mass.mass * body.v_WScm;
  return L;
}

Vector3d Plant::CalcAngularMomentum() const {
  Vector3d H = Vector3d::Zero();
  for (const Body& body : bodies_) {
    const Matrix3d I_W = body.R_WG * body.mass.I_SScm_G * body.R_WG.transpose();
    H += body.p_WScm.cross(body.mass.mass * body.v_WScm) + I_W * body.w_W;
  }
  return H;
}

}  // namespace hydrocontact::plant
