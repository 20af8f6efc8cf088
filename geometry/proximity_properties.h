#pragma once

/// @file
/// ProximityProperties: how a geometry takes part in contact queries.

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
  void set_compliance(Compliance c) { compliance_ = c; }

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
    internal::RequireInRange("ProximityProperties", "margin", margin, 0, kMaxLength, "m");
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
  std::map<std::string, double> extras_;
};

}  // namespace hydrocontact
