// The example plant's speed (issue 16): steps per second of the example
// scenes of data/scenes (tools/plant, as `hydrocontact simulate` runs them),
// and the share of each step spent in the contact queries.
//
// Each iteration runs one scene for 500 steps from its initial state (the
// plant is built outside the timing: building compliant meshes is a one-off
// cost). Counters: steps/s (items_per_second), query_share (time in the
// queries over time in Step), contacts (at the last step) and allocs (heap
// allocations per step over the last 250 steps, counted by this program's
// operator new: 0 once the contacts stop growing).
//
// Run: build/plant_benchmark --benchmark_min_time=0.5

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <string>

#include <benchmark/benchmark.h>

#include "tools/cli/scene_file.h"
#include "tools/plant/plant.h"
#include "tests/allocation_counter.h"

namespace hydrocontact::plant {
namespace {

void BM_Scene(benchmark::State& state, const std::string& name) {
  const cli::Scene scene =
      cli::ReadScene(std::filesystem::path(HYDROCONTACT_SOURCE_DIR) / "data" / "scenes" / (name + ".json"));
  const int steps = 500;
  double query = 0, total = 0;
  long allocations = 0;
  int contacts = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto plant = std::make_unique<Plant>(scene.bodies, scene.fixed, scene.settings);
    state.ResumeTiming();
    for (int k = 0; k < steps; ++k) {
      if (k == steps / 2) allocations -= g_allocations.load();
      plant->Step();
    }
    state.PauseTiming();
    allocations += g_allocations.load();
    query += plant->query_seconds();
    total += plant->step_seconds();
    contacts = plant->num_contacts();
    plant.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * steps);
  state.counters["query_share"] = total > 0 ? query / total : 0;
  state.counters["contacts"] = contacts;
  state.counters["allocs"] = double(allocations) / (double(state.iterations()) * (steps - steps / 2));
}

BENCHMARK_CAPTURE(BM_Scene, box_drop, std::string("box_drop"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Scene, sphere_ramp, std::string("sphere_ramp"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Scene, pile, std::string("pile"))->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hydrocontact::plant

BENCHMARK_MAIN();
