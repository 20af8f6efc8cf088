// Proves that the example plant's step allocates nothing once its contacts
// settle: this test program replaces the global operator new and counts the
// heap allocations of Plant::Step on resting scenes.

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>

#include <catch2/catch.hpp>

#include "tools/plant/plant.h"
#include "tests/allocation_counter.h"

namespace hydrocontact::plant {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// A compliant box and a compliant ball on a rigid floor, and a rigid box on
// the floor beside them (a rigid pair: patches or point pairs), all at rest.
Plant MakeRestingScene(RigidContact rigid_contact, int threads) {
  ContactMaterial material;
  material.set_hunt_crossley_dissipation(5);
  material.set_friction(CoulombFriction(0.5, 0.4));
  material.set_point_contact_stiffness(1e5);
  auto with = [&](ProximityProperties p) {
    p.set_material(material);
    return p;
  };
  std::vector<BodySpec> bodies = {
      {"soft_box", Box(0.1, 0.1, 0.1), RigidTransform(Vector3d(0, 0, 0.0499)), {}, 1000,
       with(ProximityProperties::Compliant(1e6))},
      {"soft_ball", Sphere(0.05), RigidTransform(Vector3d(0.3, 0, 0.0499)), {}, 1000,
       with(ProximityProperties::Compliant(1e6, 0.02))},
      {"hard_box", Box(0.1, 0.1, 0.1), RigidTransform(Vector3d(-0.3, 0, 0.0499)), {}, 1000,
       with(ProximityProperties::Rigid())}};
  std::vector<FixedSpec> fixed = {{"floor", HalfSpace(), RigidTransform(), with(ProximityProperties::Rigid())}};
  PlantSettings settings;
  settings.rigid_contact = rigid_contact;
  settings.threads = threads;
  return Plant(bodies, fixed, settings);
}

TEST_CASE("plant allocation: a settled step allocates nothing") {
  // Both ways of answering the rigid pair: point pairs and contact patches
  // (whose reused-result form keeps each patch's polygon storage).
  for (const RigidContact rigid : {RigidContact::kPointPair, RigidContact::kPatch}) {
    for (const int threads : {1, 2}) {
      INFO("patches " << (rigid == RigidContact::kPatch) << ", threads " << threads);
      Plant plant = MakeRestingScene(rigid, threads);
      for (int k = 0; k < 300; ++k) plant.Step();
      REQUIRE(plant.num_contacts() == 3);
      g_allocations = 0;
      g_counting = true;
      for (int k = 0; k < 100; ++k) plant.Step();
      g_counting = false;
      CHECK(g_allocations.load() == 0);
      CHECK(plant.num_contacts() == 3);
    }
  }
}

}  // namespace
}  // namespace hydrocontact::plant
