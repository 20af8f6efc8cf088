#include "proximity/representation/hydroelastic_representation.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "proximity/representation/make_hydroelastic_representation.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST_CASE("Representations from MakeHydroelasticRepresentation are valid", "[representation]") {
  const auto compliant = MakeHydroelasticRepresentation(
      Sphere(0.1), ProximityProperties::Compliant(1e6, 0.05));
  const auto rigid =
      MakeHydroelasticRepresentation(Box(0.1, 0.2, 0.3), ProximityProperties::Rigid());
  const auto half_space =
      MakeHydroelasticRepresentation(HalfSpace(), ProximityProperties::Compliant(1e6));
  CHECK(FindRepresentationError(std::get<CompliantMesh>(compliant)).empty());
  CHECK(FindRepresentationError(std::get<RigidMesh>(rigid)).empty());
  CHECK(FindRepresentationError(std::get<CompliantHalfSpace>(half_space)).empty());
  CHECK_NOTHROW(RequireValidRepresentation(std::get<CompliantMesh>(compliant), "f", "mesh"));
}

TEST_CASE("Representations assembled inconsistently say why", "[representation]") {
  const CompliantMesh sphere = std::get<CompliantMesh>(MakeHydroelasticRepresentation(
      Sphere(0.1), ProximityProperties::Compliant(1e6, 0.05)));
  const CompliantMesh finer = std::get<CompliantMesh>(MakeHydroelasticRepresentation(
      Sphere(0.1), ProximityProperties::Compliant(1e6, 0.02)));
  REQUIRE(finer.mesh.num_elements() != sphere.mesh.num_elements());

  // A field or a BVH of another mesh: its arrays would be indexed by this
  // mesh's vertices and tetrahedra.
  CompliantMesh other_field = sphere;
  other_field.pressure = finer.pressure;
  CHECK_THAT(FindRepresentationError(other_field),
             Catch::Contains(std::to_string(finer.mesh.num_vertices()) + " values") &&
                 Catch::Contains(std::to_string(sphere.mesh.num_vertices()) + " vertices"));
  CompliantMesh other_bvh = sphere;
  other_bvh.bvh = finer.bvh;
  const int n = sphere.mesh.num_elements();
  CHECK_THAT(FindRepresentationError(other_bvh),
             Catch::Contains("not the " + std::to_string(2 * n - 1) + " of its " +
                             std::to_string(n) + " tetrahedra"));
  RigidMesh rigid = std::get<RigidMesh>(
      MakeHydroelasticRepresentation(Box(0.1, 0.2, 0.3), ProximityProperties::Rigid()));
  rigid.bvh = Bvh();
  CHECK_THAT(FindRepresentationError(rigid),
             Catch::Contains("its BVH has 0 nodes, not the 23 of its 12 triangles"));

  // A compliant half-space whose pressure E (δ − z)/slab would be 0, ∞ or
  // NaN, or whose boundary is not where it says.
  for (const double bad : {0.0, -1.0, kInf, std::nan("")}) {
    CAPTURE(bad);
    CompliantHalfSpace h{1e6, 0.5, 0.0};
    h.hydroelastic_modulus = bad;
    CHECK_THAT(FindRepresentationError(h), Catch::Contains("hydroelastic_modulus must be"));
    h = {1e6, bad, 0.0};
    CHECK_THAT(FindRepresentationError(h), Catch::Contains("slab_thickness must be"));
  }
  for (const double bad : {-1e-9, kInf, std::nan("")}) {
    CAPTURE(bad);
    const CompliantHalfSpace h{1e6, 0.5, bad};
    CHECK_THAT(FindRepresentationError(h), Catch::Contains("margin must be"));
  }
  CHECK(FindRepresentationError(CompliantHalfSpace{1e6, 0.5, 0.0}).empty());

  // RequireValidRepresentation names the caller and the role.
  CHECK_THROWS_WITH(RequireValidRepresentation(rigid, "SomeKernel", "rigid mesh"),
                    Catch::StartsWith("SomeKernel: the rigid mesh is invalid: its BVH has 0"));
}

}  // namespace HYDROCONTACT_TEST_FILE
}  // namespace hydrocontact
