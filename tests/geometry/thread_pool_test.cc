#include "geometry/thread_pool.h"

#include <atomic>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

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

TEST_CASE("ThreadPool: ParallelForRanges runs participant p's range, from bounds(p) up to bounds(p+1), on one thread") {
  ThreadPool pool;
  pool.Reserve(2);
  // Uneven ranges, one of them empty: the caller takes [0, 5), the first
  // worker nothing, the second [5, 40).
  const int bounds[] = {0, 5, 5, 40};
  std::vector<std::thread::id> who(40);
  std::vector<std::atomic<int>> runs(40);
  pool.ParallelForRanges(bounds, 2, [&](int i) {
    who[i] = std::this_thread::get_id();
    runs[i].fetch_add(1);
    volatile double x = 0;
    for (int k = 0; k < 20000; ++k) x = x + k;
  });
  for (int i = 0; i < 40; ++i) {
    CHECK(runs[i].load() == 1);
    CHECK(who[i] == who[i < 5 ? 0 : 5]);
  }
  CHECK(who[0] == std::this_thread::get_id());
  CHECK(who[5] != who[0]);
  // Ranges made for more helpers than the pool has: all on the caller, in
  // order.
  ThreadPool small;
  small.Reserve(1);
  std::vector<int> order;
  small.ParallelForRanges(bounds, 2, [&](int i) { order.push_back(i); });
  REQUIRE(order.size() == 40);
  for (int i = 0; i < 40; ++i) CHECK(order[i] == i);
}

TEST_CASE("ThreadPool: the profile counts the jobs that woke workers and only while profiling") {
  ThreadPool pool;
  pool.Reserve(1);
  auto work = [](int) {
    volatile double x = 0;
    for (int k = 0; k < 1000; ++k) x = x + k;
  };
  ThreadPool::ResetProfile();
  pool.ParallelFor(10, 1, work);  // Not profiling: not counted.
  ThreadPool::SetProfiling(true);
  pool.ParallelFor(10, 1, work);
  pool.ParallelFor(10, 0, work);  // The caller alone: no job.
  const int bounds[] = {0, 3, 10};
  pool.ParallelForRanges(bounds, 1, work);
  ThreadPool::SetProfiling(false);
  const ThreadPoolProfile profile = ThreadPool::Profile();
  CHECK(profile.jobs == 2);
  CHECK(profile.worker_seconds >= 0);
  CHECK(profile.caller_seconds >= 0);
  CHECK(profile.critical_extra_seconds >= -profile.caller_seconds);
  ThreadPool::ResetProfile();
  CHECK(ThreadPool::Profile().jobs == 0);
}

TEST_CASE("ThreadPool: Reserve refuses a negative count and more than kMaxThreads - 1 workers") {
  ThreadPool pool;
  CHECK_THROWS_WITH(pool.Reserve(-1), Catch::Contains("-1 workers requested"));
  CHECK_THROWS_WITH(pool.Reserve(kMaxThreads), Catch::Contains("0 to 255"));
  CHECK(pool.num_workers() == 0);  // nothing was started on the way
  pool.Reserve(2);
  CHECK(pool.num_workers() == 2);
}

}  // namespace
}  // namespace hydrocontact
