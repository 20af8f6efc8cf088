#pragma once

/// @file
/// ProximityProperties: how a geometry takes part in contact queries.

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "geometry/supported_range.h"

namespace hydrocontact {

/// Whether and how a geometry has a hydroelastic representation.
enum class Compliance {
  kNone,       ///< No hydroelastic representation (point contact only).
  kRigid,      ///< A triangle surface mesh (or analytic plane).
  kCompliant,  ///< A tetrahedral mesh with a pressure field (or analytic slab).
};

/// "none", "rigid" or "compliant".
inline const char* to_string(Compliance c) {
  switch (c) {
    case Compliance::kNone: return "none";
    case Compliance::kRigid: return "rigid";
    case Compliance::kCompliant: return "compliant";
  }
  return "unknown";
}

/// Coulomb friction coefficients (dimensionless): static μs ≥ dynamic μd ≥ 0,
/// plus the viscous term μv ≥ 0 (per m/s) of seed 004's friction model.
class CoulombFriction {
 public:
  /// @throws std::invalid_argument unless all are finite, μd ≥ 0, μs ≥ μd and
  ///         μv ≥ 0, naming the coefficient and value.
  CoulombFriction(double static_friction, double dynamic_friction, double viscous_friction = 0)
      : static_(static_friction), dynamic_(dynamic_friction), viscous_(viscous_friction) {
    auto fail = [&](const char* what) {
      throw std::invalid_argument(fmt::format(
          "CoulombFriction: {} (static {}, dynamic {}, viscous {})", what, static_friction, dynamic_friction,
          viscous_friction));
    };
    if (!std::isfinite(static_) || !std::isfinite(dynamic_) || !std::isfinite(viscous_)) fail("non-finite coefficient");
    if (!(dynamic_ >= 0)) fail("the dynamic coefficient must be >= 0");
    if (!(static_ >= dynamic_)) fail("the static coefficient must be >= the dynamic one");
    if (!(viscous_ >= 0)) fail("the viscous coefficient must be >= 0");
  }
  double static_friction() const { return static_; }
  double dynamic_friction() const { return dynamic_; }
  double viscous_friction() const { return viscous_; }

 private:
  double static_;
  double dynamic_;
  double viscous_;
};

/// Seed 004's effective coefficient of restitution (Simbody's
/// ConditionalConstraint::calcEffectiveCOR): 0 at or below the capture speed
/// vc, e_min at or above the minimum-COR speed vm, and between them the line
/// through (0, 1) and (vm, e_min): e(v) = 1 − (1 − e_min)·v/vm. (So it jumps
/// from 0 to 1 − (1 − e_min)·vc/vm at vc: slow impacts are captured, faster
/// ones bounce more the slower they are.) Speeds in m/s.
/// @throws std::invalid_argument unless e_min ∈ [0, 1], 0 ≤ vc ≤ vm, vm > 0
///         and impact_speed ≥ 0, all finite, naming the value.
inline double CalcEffectiveCOR(double min_cor, double capture_speed, double min_cor_speed, double impact_speed) {
  if (!(min_cor >= 0 && min_cor <= 1)) {
    throw std::invalid_argument(fmt::format("CalcEffectiveCOR: min COR must be in [0, 1], got {}", min_cor));
  }
  if (!(capture_speed >= 0) || !(min_cor_speed >= capture_speed) || !(min_cor_speed > 0) ||
      !std::isfinite(min_cor_speed)) {
    throw std::invalid_argument(fmt::format(
        "CalcEffectiveCOR: need 0 <= capture speed <= min-COR speed (> 0), got {} and {}", capture_speed,
        min_cor_speed));
  }
  if (!(impact_speed >= 0) || !std::isfinite(impact_speed)) {
    throw std::invalid_argument(fmt::format("CalcEffectiveCOR: impact speed must be finite and >= 0, got {}", impact_speed));
  }
  if (impact_speed <= capture_speed) return 0;
  if (impact_speed >= min_cor_speed) return min_cor;
  return 1 - (1 - min_cor) * impact_speed / min_cor_speed;
}

/// Seed 004's effective coefficient of friction (Simbody's
/// ConditionalConstraint::calcEffectiveCOF): μs at or below the
/// slip-to-roll transition speed vt, μd above it, plus μv·slip_speed.
/// @throws std::invalid_argument unless vt and slip_speed are finite and
///         ≥ 0, naming the value.
inline double CalcEffectiveCOF(const CoulombFriction& friction, double transition_speed, double slip_speed) {
  if (!(transition_speed >= 0) || !std::isfinite(transition_speed)) {
    throw std::invalid_argument(
        fmt::format("CalcEffectiveCOF: transition speed must be finite and >= 0, got {}", transition_speed));
  }
  if (!(slip_speed >= 0) || !std::isfinite(slip_speed)) {
    throw std::invalid_argument(fmt::format("CalcEffectiveCOF: slip speed must be finite and >= 0, got {}", slip_speed));
  }
  const double mu = slip_speed <= transition_speed ? friction.static_friction() : friction.dynamic_friction();
  return mu + friction.viscous_friction() * slip_speed;
}

/// What a plant needs to turn a point contact into forces, per geometry.
/// Every field is optional (absent: the plant's default), and each setter
/// validates (std::invalid_argument naming the field and value). The
/// restitution and friction models override the plant's defaults the way
/// seed 004's contacts override the default capture, minimum-COR and
/// transition speeds.
class ContactMaterial {
 public:
  const std::optional<CoulombFriction>& friction() const { return friction_; }
  void set_friction(const CoulombFriction& friction) { friction_ = friction; }

  /// Hunt–Crossley dissipation d (s/m), ≥ 0.
  const std::optional<double>& hunt_crossley_dissipation() const { return dissipation_; }
  void set_hunt_crossley_dissipation(double d) { dissipation_ = RequireNonNegative("hunt_crossley_dissipation", d); }

  /// Point-contact stiffness k (N/m), > 0.
  const std::optional<double>& point_contact_stiffness() const { return stiffness_; }
  void set_point_contact_stiffness(double k) {
    if (!(k > 0) || !std::isfinite(k)) {
      throw std::invalid_argument(fmt::format("ContactMaterial: 'point_contact_stiffness' must be positive and finite, got {}", k));
    }
    stiffness_ = k;
  }

  /// The restitution model: minimum COR e_min ∈ [0, 1], and optionally its
  /// own capture and minimum-COR speeds (m/s).
  const std::optional<double>& min_cor() const { return min_cor_; }
  void set_min_cor(double e) {
    if (!(e >= 0 && e <= 1)) {
      throw std::invalid_argument(fmt::format("ContactMaterial: 'min_cor' must be in [0, 1], got {}", e));
    }
    min_cor_ = e;
  }
  const std::optional<double>& capture_speed() const { return capture_speed_; }
  void set_capture_speed(double v) { capture_speed_ = RequireNonNegative("capture_speed", v); }
  const std::optional<double>& min_cor_speed() const { return min_cor_speed_; }
  void set_min_cor_speed(double v) { min_cor_speed_ = RequireNonNegative("min_cor_speed", v); }

  /// The friction model's slip-to-roll transition speed (m/s), ≥ 0.
  const std::optional<double>& transition_speed() const { return transition_speed_; }
  void set_transition_speed(double v) { transition_speed_ = RequireNonNegative("transition_speed", v); }

  /// Seed 004's calcEffectiveCOR: this material's speeds where set, else the
  /// defaults given. A material without min_cor is perfectly plastic (0).
  /// @throws as CalcEffectiveCOR.
  double CalcEffectiveCOR(double default_capture_speed, double default_min_cor_speed, double impact_speed) const {
    if (!min_cor_) return 0;
    return hydrocontact::CalcEffectiveCOR(*min_cor_, capture_speed_.value_or(default_capture_speed),
                                          min_cor_speed_.value_or(default_min_cor_speed), impact_speed);
  }
  /// Seed 004's calcEffectiveCOF: this material's transition speed if set,
  /// else the default. Without friction: 0 (seed 004's hasFriction false).
  /// @throws as CalcEffectiveCOF.
  double CalcEffectiveCOF(double default_transition_speed, double slip_speed) const {
    if (!friction_) return 0;
    return hydrocontact::CalcEffectiveCOF(*friction_, transition_speed_.value_or(default_transition_speed),
                                          slip_speed);
  }

 private:
  static double RequireNonNegative(const char* name, double value) {
    if (!(value >= 0) || !std::isfinite(value)) {
      throw std::invalid_argument(fmt::format("ContactMaterial: '{}' must be finite and >= 0, got {}", name, value));
    }
    return value;
  }

  std::optional<CoulombFriction> friction_;
  std::optional<double> dissipation_;
  std::optional<double> stiffness_;
  std::optional<double> min_cor_;
  std::optional<double> capture_speed_;
  std::optional<double> min_cor_speed_;
  std::optional<double> transition_speed_;
};

/// The material of a contact between two geometries with materials m1, m2
/// (symmetric in its arguments). A field set on only one side is taken from
/// it; absent on both stays absent. When both are set:
/// - friction: each coefficient c = 2·c1·c2/(c1 + c2) (0 if both 0): the
///   rule of Drake's CalcContactFrictionFromSurfaceProperties; it is
///   increasing in both, so μs ≥ μd still holds, and a frictionless side
///   makes the contact frictionless;
/// - stiffness: springs in series, k = k1·k2/(k1 + k2);
/// - dissipation: d = (k2·d1 + k1·d2)/(k1 + k2) when both stiffnesses are
///   known (the softer side dominates, as in Drake), else the mean;
/// - min COR: the same weighting as dissipation;
/// - capture, minimum-COR and transition speeds: the larger (the more
///   conservative capture, the longer stiction).
inline ContactMaterial CombineContactMaterials(const ContactMaterial& m1, const ContactMaterial& m2) {
  auto harmonic = [](double a, double b) { return a + b > 0 ? 2 * a * b / (a + b) : 0.0; };
  auto weighted = [&](double a, double b) {
    if (m1.point_contact_stiffness() && m2.point_contact_stiffness()) {
      const double k1 = *m1.point_contact_stiffness(), k2 = *m2.point_contact_stiffness();
      return (k2 * a + k1 * b) / (k1 + k2);
    }
    return 0.5 * (a + b);
  };
  ContactMaterial m;
  if (m1.friction() && m2.friction()) {
    const CoulombFriction& f1 = *m1.friction();
    const CoulombFriction& f2 = *m2.friction();
    m.set_friction(CoulombFriction(harmonic(f1.static_friction(), f2.static_friction()),
                                   harmonic(f1.dynamic_friction(), f2.dynamic_friction()),
                                   harmonic(f1.viscous_friction(), f2.viscous_friction())));
  } else if (m1.friction() || m2.friction()) {
    m.set_friction(m1.friction() ? *m1.friction() : *m2.friction());
  }
  if (m1.point_contact_stiffness() && m2.point_contact_stiffness()) {
    const double k1 = *m1.point_contact_stiffness(), k2 = *m2.point_contact_stiffness();
    m.set_point_contact_stiffness(k1 * k2 / (k1 + k2));
  } else if (m1.point_contact_stiffness() || m2.point_contact_stiffness()) {
    m.set_point_contact_stiffness(m1.point_contact_stiffness() ? *m1.point_contact_stiffness()
                                                               : *m2.point_contact_stiffness());
  }
  auto combine = [](const std::optional<double>& a, const std::optional<double>& b, auto both) -> std::optional<double> {
    if (a && b) return both(*a, *b);
    if (a) return a;
    return b;
  };
  auto larger = [](double a, double b) { return std::max(a, b); };
  if (auto d = combine(m1.hunt_crossley_dissipation(), m2.hunt_crossley_dissipation(), weighted)) {
    m.set_hunt_crossley_dissipation(*d);
  }
  if (auto e = combine(m1.min_cor(), m2.min_cor(), weighted)) m.set_min_cor(*e);
  if (auto v = combine(m1.capture_speed(), m2.capture_speed(), larger)) m.set_capture_speed(*v);
  if (auto v = combine(m1.min_cor_speed(), m2.min_cor_speed(), larger)) m.set_min_cor_speed(*v);
  if (auto v = combine(m1.transition_speed(), m2.transition_speed(), larger)) m.set_transition_speed(*v);
  return m;
}

/// The proximity properties of one geometry. Every setter validates its
/// argument and throws std::invalid_argument naming the property and value;
/// a default-constructed object is valid (no hydroelastic representation).
class ProximityProperties {
 public:
  ProximityProperties() = default;

  /// Rigid hydroelastic properties with an optional resolution hint (m).
  static ProximityProperties Rigid(std::optional<double> resolution_hint = std::nullopt) {
    ProximityProperties p;
    p.set_compliance(Compliance::kRigid);
    if (resolution_hint) p.set_resolution_hint(*resolution_hint);
    return p;
  }

  /// Compliant hydroelastic properties with modulus E (Pa) and an optional
  /// resolution hint (m).
  static ProximityProperties Compliant(double hydroelastic_modulus,
                                       std::optional<double> resolution_hint = std::nullopt) {
    ProximityProperties p;
    p.set_compliance(Compliance::kCompliant);
    p.set_hydroelastic_modulus(hydroelastic_modulus);
    if (resolution_hint) p.set_resolution_hint(*resolution_hint);
    return p;
  }

  Compliance compliance() const { return compliance_; }
  /// @throws std::invalid_argument naming the value unless `c` is one of
  ///         Compliance's enumerators (a value cast from an integer, e.g.
  ///         through a binding, could be none of them).
  void set_compliance(Compliance c) {
    if (c != Compliance::kNone && c != Compliance::kRigid && c != Compliance::kCompliant) {
      throw std::invalid_argument(fmt::format(
          "ProximityProperties: compliance {} is none of kNone (0), kRigid (1) and kCompliant (2)",
          static_cast<int>(c)));
    }
    compliance_ = c;
  }

  /// E in pascals: pressure at the deepest points of a compliant geometry.
  double hydroelastic_modulus() const { return hydroelastic_modulus_; }
  /// @throws std::invalid_argument unless E is finite and in the supported
  /// range [kMinModulus, kMaxModulus] (geometry/supported_range.h).
  void set_hydroelastic_modulus(double E) {
    RequirePositive("hydroelastic_modulus", E);
    internal::RequireInRange("ProximityProperties", "hydroelastic_modulus", E, kMinModulus,
                             kMaxModulus, "Pa");
    hydroelastic_modulus_ = E;
  }

  /// Target edge length (m) on curved surfaces; nullopt lets the builder pick
  /// a fifth of the shape's smallest dimension.
  std::optional<double> resolution_hint() const { return resolution_hint_; }
  /// @throws std::invalid_argument unless h is a supported length
  /// [kMinLength, kMaxLength].
  void set_resolution_hint(double h) {
    internal::RequireLength("ProximityProperties", "resolution_hint", h);
    resolution_hint_ = h;
  }

  /// δ ≥ 0 (m): a compliant volume is inflated outward by δ.
  double margin() const { return margin_; }
  /// @throws std::invalid_argument unless δ is finite and in [0, kMaxLength].
  void set_margin(double margin) {
    if (!(margin >= 0) || !std::isfinite(margin)) {
      throw std::invalid_argument(
          fmt::format("ProximityProperties: 'margin' must be finite and >= 0, got {}", margin));
    }
    // 0 (no margin) or a supported length: a margin of 1e-12 m is below
    // every length the library resolves.
    if (margin != 0) {
      internal::RequireInRange("ProximityProperties", "margin", margin, kMinLength, kMaxLength, "m");
    }
    margin_ = margin;
  }

  /// Thickness (m) over which a compliant half-space's pressure rises to E.
  double slab_thickness() const { return slab_thickness_; }
  /// @throws std::invalid_argument unless t is a supported length
  /// [kMinLength, kMaxLength].
  void set_slab_thickness(double t) {
    internal::RequireLength("ProximityProperties", "slab_thickness", t);
    slab_thickness_ = t;
  }

  /// The typed, validated contact material a plant combines (friction,
  /// dissipation, stiffness, restitution); empty by default.
  const ContactMaterial& material() const { return material_; }
  void set_material(const ContactMaterial& material) { material_ = material; }

  /// Named values a plant attaches (friction, dissipation, ...). The engine
  /// stores them untouched.
  const std::map<std::string, double>& extras() const { return extras_; }
  void set_extra(const std::string& name, double value) { extras_[name] = value; }
  /// @throws std::out_of_range naming `name` if absent.
  double extra(const std::string& name) const {
    auto it = extras_.find(name);
    if (it == extras_.end()) {
      throw std::out_of_range(fmt::format("ProximityProperties: no extra value named '{}'", name));
    }
    return it->second;
  }
  bool has_extra(const std::string& name) const { return extras_.count(name) > 0; }

 private:
  static void RequirePositive(const char* name, double value) {
    if (!(value > 0) || !std::isfinite(value)) {
      throw std::invalid_argument(fmt::format(
          "ProximityProperties: '{}' must be positive and finite, got {}", name, value));
    }
  }

  Compliance compliance_{Compliance::kNone};
  double hydroelastic_modulus_{1e7};
  std::optional<double> resolution_hint_;
  double margin_{0.0};
  double slab_thickness_{1.0};
  ContactMaterial material_;
  std::map<std::string, double> extras_;
};

}  // namespace hydrocontact
