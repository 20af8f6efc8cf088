#pragma once

/// @file
/// The example plant (issue 16): free rigid bodies stepping on the
/// QueryObject with contact forces from proximity/distance/contact_forces.h.
/// The smallest honest plant, meant to be read and copied: each step sets
/// the frame poses, asks for contact surfaces (pairs with a compliant side)
/// and patches or point pairs (rigid pairs) through the reused-result forms,
/// turns them into spatial forces, and advances with semi-implicit Euler.

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "geometry/proximity_properties.h"
#include "geometry/query_object.h"
#include "geometry/rigid_transform.h"
#include "geometry/scene_graph.h"
#include "geometry/shape.h"
#include "proximity/distance/contact_forces.h"
#include "tools/plant/mass_properties.h"

namespace hydrocontact::plant {

/// A free rigid body B: one geometry whose frame G is the body frame.
struct BodySpec {
  std::string name;
  Shape shape{Sphere(1.0)};
  /// The initial pose X_WG.
  RigidTransform X_WG;
  /// The initial spatial velocity of G's origin, in W.
  SpatialVelocity V_WG;
  /// Density (kg/m³), in [1e-6, 1e6]: the mass properties come from the
  /// shape.
  double density{1000};
  ProximityProperties properties;
};

/// A geometry fixed in W (a floor, a ramp).
struct FixedSpec {
  std::string name;
  Shape shape{HalfSpace()};
  RigidTransform X_WG;
  ProximityProperties properties;
};

/// How rigid–rigid pairs are answered.
enum class RigidContact {
  kPatch,      ///< ComputeContactSurfacesWithFallback with patches.
  kPointPair,  ///< ComputeContactSurfacesWithFallback with point pairs.
};

struct PlantSettings {
  /// Gravity g in W (m/s²).
  Eigen::Vector3d gravity_W{0, 0, -9.81};
  /// The fixed time step h (s), > 0.
  double dt{1e-3};
  /// Threads of the queries (QueryObject::set_max_threads), ≥ 1.
  int threads{1};
  HydroelasticContactRepresentation representation{HydroelasticContactRepresentation::kPolygon};
  RigidContact rigid_contact{RigidContact::kPatch};
  /// The patches of rigid pairs. Each patch point carries k/n times its own
  /// depth (contact_forces.h), so a tilted face is pushed back whatever the
  /// tolerance; the tolerance only picks the candidate points, and Coal's
  /// 1 mm keeps a face rocking by less than tolerance/size on the same n
  /// points, its force continuous (a point lifted off carries nothing).
  ContactPatchSettings patch_settings;
  /// Material values absent on both sides of a contact.
  ContactForceDefaults defaults;
};

/// The state of one body: pose and spatial velocity of G's origin, in W.
struct BodyState {
  RigidTransform X_WG;
  SpatialVelocity V_WG;
};

/// Free rigid bodies and fixed geometries on a SceneGraph of their own.
///
/// Dynamics, per body, with its mass m, centre of mass Scm (fixed in G) and
/// inertia I about Scm: the contact forces (about G's origin) are moved to
/// Scm, then the semi-implicit (symplectic) Euler step of fixed size h:
///   v ← v + h·(f/m + g),  ω ← ω + h·I_W⁻¹·τ, then the gyroscopic term
///   I·ω̇ = −ω × I·ω by the implicit midpoint rule in the body frame
/// (velocities first, with the forces of the current poses; the midpoint
/// rule keeps a free spin's kinetic energy and |I·ω| at any step, where the
/// explicit term gained energy on every step), then
///   p_WScm ← p_WScm + h·v,  R_WG ← exp(h·[ω]×)·R_WG
/// (poses with the new velocities; the rotation by the exponential map,
/// re-orthonormalized through a unit quaternion). The result is the same for
/// a given scene, settings and thread count, run to run.
///
/// The step is explicit in the contact forces: it is stable while
/// h·d·k_eff·x/m_eff < 2 (Hunt–Crossley damping: k_eff the contact's
/// stiffness, x its penetration, m_eff the effective mass at the contact,
/// about m/4 at a box's corner) and h·μ·N/(v_s·m_eff) < 2 (the friction's
/// stiction ramp), besides h·√(k_eff/m_eff) < 2 for the spring itself.
///
/// A step allocates nothing once the contacts stop growing (the query
/// results, pose list and force accumulators are reused).
///
/// Divergence. A step too large for the contacts makes the bodies gain
/// energy step after step, exponentially, while they stay finite and in
/// range for a long time. Step() watches for it: the contact forces store
/// elastic energy (≥ 0) and dissipate the rest, so from any state without
/// contact (no elastic energy stored) the kinetic plus gravitational energy
/// E (CalcEnergy) can never exceed its value E_ref there. The first state
/// found without contact (at construction or at the end of a step) takes
/// E_ref; from then on a step ending with
///   E > E_ref + S + (E_ref − E_low)/2
/// is refused, where S = Σ_bodies (½m·v² + ½ω·I·ω at the reference +
/// m·|g|·ρ, ρ the body's radius of gyration √(tr I/(2m))) is the scene's
/// energy scale (what it takes to lift every body by its own size, plus
/// the motion it had), and E_low the lowest E since the reference: the
/// explicit step's bounded error is a fraction of the energy that went
/// through the contacts (an elastic bounce at h·ω ≈ 0.3 comes back about
/// 10% high), so the allowance grows with it, while a diverging step grows
/// without bound. (Without contact nothing gains energy: free flight loses
/// m·h²·|g|²/2 a step, and the rotation step keeps the kinetic energy.) A
/// scene that never is free of contact is not watched (its initial elastic
/// energy is not computed); SetBodyState starts the watch afresh.
class Plant {
 public:
  /// Registers the bodies (each on its own frame) and fixed geometries,
  /// and queries the contacts of that initial state. Names must be unique
  /// among all of them.
  /// @throws std::invalid_argument for invalid settings (naming the field
  ///         and value; gravity above 1e6 m/s^2 and dt above 1 s included), a
  ///         body whose mass
  ///         properties cannot be computed or whose velocity is not finite
  ///         or beyond 1e6 m/s or 1e6 rad/s (naming the body), a duplicate
  ///         name, or what registering a geometry throws (naming it); what
  ///         the query throws.
  Plant(const std::vector<BodySpec>& bodies, const std::vector<FixedSpec>& fixed, const PlantSettings& settings);

  Plant(const Plant&) = delete;
  Plant& operator=(const Plant&) = delete;

  /// Advances one step of size dt: the forces of the contacts of the
  /// current state move the bodies, then the contacts of the new state are
  /// queried (so surfaces() and num_contacts() always belong to the current
  /// state, as the construction's query and SetBodyState's do).
  /// @throws std::runtime_error naming the body if its state stops being
  ///         finite or its frame leaves the supported range (kMaxCoordinate),
  ///         or naming the energies, times, dt and the most energetic body
  ///         when the energy grows beyond what the contacts can give back
  ///         (see Divergence above); what the queries throw.
  void Step();

  double time() const { return time_; }
  int num_bodies() const { return static_cast<int>(bodies_.size()); }
  const std::string& body_name(int i) const { return bodies_[i].name; }
  const MassProperties& mass_properties(int i) const { return bodies_[i].mass; }
  /// Body i's current pose and velocity (of G's origin).
  BodyState body_state(int i) const;
  /// Sets body i's state (for tests and resets) and queries the contacts
  /// of the new state (one full query per call: a reset of many bodies pays
  /// one per body); the divergence watch starts afresh.
  /// @throws std::invalid_argument for a bad index, non-finite values or a
  ///         velocity beyond the supported speeds (see the constructor),
  ///         leaving the state unchanged; after the state is set, what
  ///         Step()'s query throws (a pose beyond the supported range).
  void SetBodyState(int i, const BodyState& state);
  /// The velocity of body i's centre of mass in W.
  const Eigen::Vector3d& com_velocity(int i) const { return bodies_[i].v_WScm; }
  const Eigen::Vector3d& com_position(int i) const { return bodies_[i].p_WScm; }

  /// When the divergence watch took its reference (the first state without
  /// contact, see Divergence: the initial one, one a step ended in, or one
  /// SetBodyState set), or nullopt while it has none (every state so far
  /// had contact since construction or the last SetBodyState).
  std::optional<double> energy_watch_since() const {
    return energy_watch_.armed ? std::optional<double>(energy_watch_.reference_time) : std::nullopt;
  }

  /// Kinetic plus gravitational potential energy (J), taking the potential
  /// as −m·g·p_WScm (zero at W's origin). Elastic energy stored in contact is
  /// not included.
  double CalcEnergy() const;
  /// Σ m·v of the bodies (kg·m/s), and Σ (p_WScm × m·v + I_W·ω) about W's
  /// origin.
  Eigen::Vector3d CalcLinearMomentum() const;
  Eigen::Vector3d CalcAngularMomentum() const;

  /// The contacts of the current state (queried at the end of the last
  /// step, or at construction or SetBodyState).
  const std::vector<ContactSurface>& surfaces() const { return surfaces_; }
  const std::vector<ContactPatch>& patches() const { return patches_; }
  const std::vector<PenetrationAsPointPair>& point_pairs() const { return point_pairs_; }
  int num_contacts() const {
    return static_cast<int>(surfaces_.size() + patches_.size() + point_pairs_.size());
  }
  /// The spatial force on body i about its centre of mass in the last step
  /// (contact only, gravity excluded), in W: from the contacts of the state
  /// before that step.
  const SpatialForce& contact_force(int i) const { return bodies_[i].F_Scm_W; }

  /// Seconds spent in Step()'s queries and in the whole of Step(), since
  /// construction (steady clock; the construction's and SetBodyState's
  /// queries are not counted).
  double query_seconds() const { return query_seconds_; }
  double step_seconds() const { return step_seconds_; }

  const SceneGraph& scene_graph() const { return scene_graph_; }

 private:
  struct Body {
    std::string name;
    FrameId frame;
    GeometryId geometry;
    MassProperties mass;
    // mass.I_SScm_G⁻¹, constant (the step needs it every time).
    Eigen::Matrix3d I_inverse_G;
    Eigen::Vector3d p_WScm;
    Eigen::Matrix3d R_WG;
    Eigen::Vector3d v_WScm;
    Eigen::Vector3d w_W;
    SpatialForce F_Scm_W;
  };

  // The divergence watch (see the class comment).
  struct EnergyWatch {
    bool armed{false};
    double reference{0};       // E_ref (J)
    double reference_time{0};  // when it was taken (s)
    double scale{0};           // S (J)
    double lowest{0};          // E_low (J)
  };

  RigidTransform X_WG(const Body& body) const;
  // ½m·v² + ½ω·I_W·ω (J).
  static double KineticEnergy(const Body& body);
  // Takes the current state (which must hold no contact) as the watch's
  // reference, with the scene's energy scale S.
  void ArmEnergyWatch();
  // Sets the frames' poses from the bodies' states (refusing a frame beyond
  // kMaxCoordinate, naming its body) and queries the contacts of that
  // state into surfaces_, patches_ and point_pairs_; arms the divergence
  // watch if there are none. Returns the query's seconds.
  double QueryContacts();
  // Checks the current state against the armed watch, lowering E_low.
  // @throws std::runtime_error as Step() says.
  void WatchEnergy();
  BodyMotion Motion(GeometryId id) const;
  void Accumulate(GeometryId id, const SpatialForce& F_Go_W);
  const ContactForceParameters& Parameters(GeometryId a, GeometryId b);

  SceneGraph scene_graph_;
  PlantSettings settings_;
  std::vector<Body> bodies_;
  // Geometry id → body index, −1 for fixed geometries.
  std::unordered_map<GeometryId, int> body_of_;
  // The combined contact parameters of each pair seen, by (smaller, larger)
  // id: materials never change, so combining once is enough.
  std::unordered_map<GeometryId, std::vector<std::pair<GeometryId, ContactForceParameters>>> parameters_;
  std::vector<std::pair<FrameId, RigidTransform>> poses_;
  std::vector<ContactSurface> surfaces_;
  std::vector<ContactPatch> patches_;
  std::vector<PenetrationAsPointPair> point_pairs_;
  EnergyWatch energy_watch_;
  double time_{0};
  double query_seconds_{0};
  double step_seconds_{0};
};

}  // namespace hydrocontact::plant
