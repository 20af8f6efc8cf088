#include "geometry/proximity_properties.h"

#include <cmath>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace {

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
}

}  // namespace
}  // namespace hydrocontact
