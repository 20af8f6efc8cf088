#include "geometry/proximity_properties.h"

#include <cmath>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("ProximityProperties: factories and extras") {
  const ProximityProperties none;
  CHECK(none.compliance() == Compliance::kNone);
  ProximityProperties soft = ProximityProperties::Compliant(2e5, 0.01);
  CHECK(soft.compliance() == Compliance::kCompliant);
  CHECK(soft.hydroelastic_modulus() == 2e5);
  CHECK(soft.resolution_hint().value() == 0.01);
  soft.set_extra("friction", 0.6);
  CHECK(soft.extra("friction") == 0.6);
  CHECK(soft.has_extra("friction"));
  CHECK_FALSE(soft.has_extra("dissipation"));
  CHECK_THROWS_WITH(soft.extra("dissipation"), Catch::Contains("dissipation"));
  CHECK(ProximityProperties::Rigid().compliance() == Compliance::kRigid);
  CHECK_FALSE(ProximityProperties::Rigid().resolution_hint().has_value());
}

TEST_CASE("ProximityProperties: impossible parameters throw naming them") {
  ProximityProperties p;
  CHECK_THROWS_WITH(p.set_hydroelastic_modulus(0), Catch::Contains("hydroelastic_modulus"));
  CHECK_THROWS_WITH(p.set_hydroelastic_modulus(NAN), Catch::Contains("hydroelastic_modulus"));
  CHECK_THROWS_WITH(p.set_resolution_hint(-1), Catch::Contains("resolution_hint"));
  CHECK_THROWS_WITH(p.set_margin(-0.1), Catch::Contains("margin"));
  CHECK_THROWS_WITH(p.set_slab_thickness(0), Catch::Contains("slab_thickness"));
  CHECK_NOTHROW(p.set_margin(0));
  // Otherwise a supported length, [1e-9, 1e6] m.
  CHECK_THROWS_WITH(p.set_margin(1e-12), Catch::Contains("margin") && Catch::Contains("1e-12"));
  CHECK_THROWS_WITH(p.set_margin(5e-324), Catch::Contains("margin"));
  CHECK_NOTHROW(p.set_margin(1e-9));
  CHECK(p.margin() == 1e-9);
  // A compliance cast from an integer that is no enumerator (as a binding
  // can pass) is refused, not taken for compliant.
  CHECK_THROWS_WITH(p.set_compliance(static_cast<Compliance>(7)),
                    Catch::Contains("compliance 7 is none of kNone (0), kRigid (1) and kCompliant (2)"));
  CHECK(p.compliance() == Compliance::kNone);
}

TEST_CASE("CoulombFriction: static >= dynamic >= 0, validated") {
  const CoulombFriction f(0.8, 0.5, 0.1);
  CHECK(f.static_friction() == 0.8);
  CHECK(f.dynamic_friction() == 0.5);
  CHECK(f.viscous_friction() == 0.1);
  CHECK_NOTHROW(CoulombFriction(0.5, 0.5));
  CHECK_NOTHROW(CoulombFriction(0, 0));
  CHECK_THROWS_WITH(CoulombFriction(0.4, 0.5), Catch::Contains("static") && Catch::Contains("0.4"));
  CHECK_THROWS_WITH(CoulombFriction(0.4, -0.1), Catch::Contains("dynamic coefficient must be >= 0"));
  CHECK_THROWS_WITH(CoulombFriction(0.4, 0.1, -1), Catch::Contains("viscous"));
  CHECK_THROWS_AS(CoulombFriction(std::nan(""), 0.1), std::invalid_argument);
}

TEST_CASE("Effective COR: the seed 004 model at its breakpoints") {
  // e_min = 0.4, capture speed 0.1, min-COR speed 1: 0 up to and at 0.1;
  // above it the line 1 − 0.6·v (0.94 just past 0.1, 0.7 at 0.5); 0.4 at and
  // beyond 1.
  CHECK(CalcEffectiveCOR(0.4, 0.1, 1, 0) == 0);
  CHECK(CalcEffectiveCOR(0.4, 0.1, 1, 0.1) == 0);
  CHECK(CalcEffectiveCOR(0.4, 0.1, 1, std::nextafter(0.1, 1)) == Approx(0.94));
  CHECK(CalcEffectiveCOR(0.4, 0.1, 1, 0.5) == Approx(0.7));
  CHECK(CalcEffectiveCOR(0.4, 0.1, 1, 1) == 0.4);
  CHECK(CalcEffectiveCOR(0.4, 0.1, 1, 7) == 0.4);
  // Continuous at the minimum-COR speed: 1 − 0.6·1 = 0.4.
  CHECK(CalcEffectiveCOR(0.4, 0.1, 1, std::nextafter(1.0, 0)) == Approx(0.4));
  CHECK_THROWS_WITH(CalcEffectiveCOR(1.5, 0.1, 1, 0.5), Catch::Contains("1.5"));
  CHECK_THROWS_WITH(CalcEffectiveCOR(0.4, 2, 1, 0.5), Catch::Contains("capture speed"));
  CHECK_THROWS_WITH(CalcEffectiveCOR(0.4, 0.1, 1, -1), Catch::Contains("impact speed"));
}

TEST_CASE("Effective COF: the seed 004 model at its breakpoints") {
  // μs = 0.8, μd = 0.5, μv = 0.1, transition 0.01: μs (+ μv·v) up to and at
  // 0.01, μd + μv·v beyond.
  const CoulombFriction f(0.8, 0.5, 0.1);
  CHECK(CalcEffectiveCOF(f, 0.01, 0) == 0.8);
  CHECK(CalcEffectiveCOF(f, 0.01, 0.01) == Approx(0.8 + 0.001));
  CHECK(CalcEffectiveCOF(f, 0.01, std::nextafter(0.01, 1)) == Approx(0.5 + 0.001));
  CHECK(CalcEffectiveCOF(f, 0.01, 2) == Approx(0.7));
  CHECK_THROWS_WITH(CalcEffectiveCOF(f, -1, 0), Catch::Contains("transition speed"));
  CHECK_THROWS_WITH(CalcEffectiveCOF(f, 0.01, std::nan("")), Catch::Contains("slip speed"));
}

TEST_CASE("ContactMaterial: validated fields, defaults overridden, combined") {
  ContactMaterial m;
  CHECK(m.CalcEffectiveCOF(0.01, 1) == 0);  // No friction.
  CHECK(m.CalcEffectiveCOR(0.1, 1, 0.5) == 0);  // Perfectly plastic.
  m.set_friction(CoulombFriction(0.6, 0.4));
  m.set_min_cor(0.5);
  // The plant's defaults (capture 0.1, min-COR 1) until the material sets its
  // own: 1 − 0.5·0.5 = 0.75, then with min-COR speed 2: 1 − 0.25·0.5 = 0.875.
  CHECK(m.CalcEffectiveCOR(0.1, 1, 0.5) == Approx(0.75));
  m.set_min_cor_speed(2);
  CHECK(m.CalcEffectiveCOR(0.1, 1, 0.5) == Approx(0.875));
  CHECK(m.CalcEffectiveCOF(0.01, 0.005) == 0.6);
  m.set_transition_speed(0.001);
  CHECK(m.CalcEffectiveCOF(0.01, 0.005) == 0.4);
  CHECK_THROWS_WITH(m.set_hunt_crossley_dissipation(-1), Catch::Contains("hunt_crossley_dissipation"));
  CHECK_THROWS_WITH(m.set_point_contact_stiffness(0), Catch::Contains("point_contact_stiffness"));
  CHECK_THROWS_WITH(m.set_min_cor(-0.1), Catch::Contains("min_cor"));
  CHECK_THROWS_WITH(m.set_capture_speed(std::nan("")), Catch::Contains("capture_speed"));

  // Combination: stiffness in series 1e6·3e6/4e6 = 7.5e5; dissipation
  // weighted by the other's stiffness (3e6·1 + 1e6·5)/4e6 = 2; friction
  // 2ab/(a + b): static 2·0.6·0.9/1.5 = 0.72, dynamic 2·0.4·0.6/1.0 = 0.48.
  ContactMaterial a, b;
  a.set_point_contact_stiffness(1e6);
  a.set_hunt_crossley_dissipation(1);
  a.set_friction(CoulombFriction(0.6, 0.4));
  b.set_point_contact_stiffness(3e6);
  b.set_hunt_crossley_dissipation(5);
  b.set_friction(CoulombFriction(0.9, 0.6));
  b.set_transition_speed(0.02);
  for (const ContactMaterial& c : {CombineContactMaterials(a, b), CombineContactMaterials(b, a)}) {
    CHECK(*c.point_contact_stiffness() == Approx(7.5e5));
    CHECK(*c.hunt_crossley_dissipation() == Approx(2));
    CHECK(c.friction()->static_friction() == Approx(0.72));
    CHECK(c.friction()->dynamic_friction() == Approx(0.48));
    CHECK(*c.transition_speed() == 0.02);  // Only b has one.
    CHECK_FALSE(c.min_cor().has_value());
  }
  // ProximityProperties carries it.
  ProximityProperties p = ProximityProperties::Rigid();
  p.set_material(a);
  CHECK(*p.material().point_contact_stiffness() == 1e6);
}

}  // namespace
}  // namespace hydrocontact
