#include "geometry/thread_pool.h"

#include <atomic>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace {

TEST_CASE("ThreadPool: every index runs exactly once, whatever the helper count") {
  ThreadPool pool;
  pool.Reserve(3);
  CHECK(pool.num_workers() == 3);
  pool.Reserve(2);  // Never shrinks.
  CHECK(pool.num_workers() == 3);
  for (int helpers : {0, 1, 3, 7}) {
    for (int n : {0, 1, 2, 5, 1000}) {
      std::vector<std::atomic<int>> runs(n);
      pool.ParallelFor(n, helpers, [&](int i) { runs[i].fetch_add(1); });
      int wrong = 0;
      for (const auto& r : runs) wrong += r.load() != 1;
      INFO("helpers " << helpers << ", n " << n);
      CHECK(wrong == 0);
    }
  }
}

TEST_CASE("ThreadPool: index i runs on participant i mod (helpers + 1), the caller being 0") {
  ThreadPool pool;
  pool.Reserve(2);
  const int n = 60;
  std::vector<std::thread::id> who(n);
  // Work long enough that every worker wakes and takes its share.
  pool.ParallelFor(n, 2, [&](int i) {
    who[i] = std::this_thread::get_id();
    volatile double x = 0;
    for (int k = 0; k < 20000; ++k) x = x + k;
  });
  for (int i = 0; i < n; ++i) {
    CHECK(who[i] == who[i % 3]);
    if (i % 3 == 0) CHECK(who[i] == std::this_thread::get_id());
  }
  CHECK(who[0] != who[1]);
  CHECK(who[1] != who[2]);
  // With no workers the caller does everything.
  ThreadPool empty;
  std::vector<std::thread::id> alone(5);
  empty.ParallelFor(5, 3, [&](int i) { alone[i] = std::this_thread::get_id(); });
  for (const auto& id : alone) CHECK(id == std::this_thread::get_id());
}

}  // namespace
}  // namespace hydrocontact
