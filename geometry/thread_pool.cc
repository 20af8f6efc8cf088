#include "geometry/thread_pool.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

namespace hydrocontact {
namespace {

// The process-wide profile (see ThreadPoolProfile), in nanoseconds.
std::atomic<bool> g_profiling{false};
std::atomic<int64_t> g_worker_ns{0};
std::atomic<int64_t> g_caller_ns{0};
std::atomic<int64_t> g_caller_wait_ns{0};
std::atomic<int64_t> g_critical_extra_ns{0};
std::atomic<long> g_jobs{0};

// How long a worker that finished a job spins for the next one, and a caller
// for its workers to finish, before sleeping on the condition variable.
constexpr auto kWorkerSpin = std::chrono::microseconds(1000);
constexpr auto kCallerSpin = std::chrono::microseconds(50);

// Spins until done() or `limit` has passed; returns done().
template <class Done>
bool SpinUntil(const Done& done, std::chrono::microseconds limit) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 1;; ++i) {
    if (done()) return true;
    // The clock is read every 64 rounds only: a read costs more than a pause.
    if (i % 64 == 0 && std::chrono::steady_clock::now() - start > limit) return done();
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
}

// This thread's CPU time: unlike wall time, it does not grow while the
// thread waits for a core on a loaded machine.
int64_t ThreadCpuNanoseconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

}  // namespace

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::SetProfiling(bool on) { g_profiling.store(on, std::memory_order_relaxed); }

ThreadPoolProfile ThreadPool::Profile() {
  const auto seconds = [](const std::atomic<int64_t>& ns) {
    return 1e-9 * static_cast<double>(ns.load());
  };
  return {seconds(g_worker_ns), seconds(g_caller_ns), seconds(g_caller_wait_ns),
          seconds(g_critical_extra_ns), g_jobs.load()};
}

void ThreadPool::ResetProfile() {
  g_worker_ns = 0;
  g_caller_ns = 0;
  g_caller_wait_ns = 0;
  g_critical_extra_ns = 0;
  g_jobs = 0;
}

void ThreadPool::Reserve(int num_workers) {
  if (num_workers < 0 || num_workers > kMaxThreads - 1) {
    throw std::invalid_argument(fmt::format(
        "ThreadPool::Reserve: {} workers requested; a pool has 0 to {} (kMaxThreads = {} with the "
        "caller's thread)",
        num_workers, kMaxThreads - 1, kMaxThreads));
  }
  std::lock_guard<std::mutex> lock(mutex_);  // No job runs: the caller owns the pool.
  share_ns_.resize(std::max<size_t>(share_ns_.size(), num_workers + 1));
  while (static_cast<int>(workers_.size()) < num_workers) {
    const int worker = static_cast<int>(workers_.size());
    try {
      workers_.emplace_back([this, worker] { WorkerLoop(worker); });
    } catch (const std::system_error& e) {
      throw std::runtime_error(fmt::format("ThreadPool::Reserve: could not start worker {} of {}: {}",
                                           worker + 1, num_workers, e.what()));
    }
  }
}

void ThreadPool::RunShare(int participant) {
  const int64_t start = profiling_ ? ThreadCpuNanoseconds() : 0;
  if (bounds_ != nullptr) {
    for (int i = bounds_[participant]; i < bounds_[participant + 1]; ++i) call_(context_, i);
  } else {
    const int participants = helpers_ + 1;
    for (int i = participant; i < n_; i += participants) call_(context_, i);
  }
  if (profiling_) share_ns_[participant] = ThreadCpuNanoseconds() - start;
}

void ThreadPool::Run(int n, int helpers, Call call, const void* context, const int* bounds) {
  const int wanted = helpers;
  helpers = std::clamp(std::min(helpers, n - 1), 0, num_workers());
  if (helpers == 0 || (bounds != nullptr && helpers != wanted)) {
    // No worker (or not the ones the ranges were made for): all here, in order.
    for (int i = 0; i < n; ++i) call(context, i);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    call_ = call;
    context_ = context;
    n_ = n;
    bounds_ = bounds;
    helpers_ = helpers;
    busy_ = helpers;
    profiling_ = g_profiling.load(std::memory_order_relaxed);
    ++generation_;
  }
  wake_.notify_all();
  RunShare(0);
  const int64_t wait_start = profiling_ ? ThreadCpuNanoseconds() : 0;
  SpinUntil([this] { return busy_.load(std::memory_order_acquire) == 0; }, kCallerSpin);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return busy_ == 0; });
  if (profiling_) {
    g_caller_wait_ns += ThreadCpuNanoseconds() - wait_start;
    int64_t workers = 0, longest = share_ns_[0];
    for (int p = 1; p <= helpers; ++p) {
      workers += share_ns_[p];
      longest = std::max(longest, share_ns_[p]);
    }
    g_worker_ns += workers;
    g_caller_ns += share_ns_[0];
    g_critical_extra_ns += longest - share_ns_[0];
    ++g_jobs;
  }
}

void ThreadPool::WorkerLoop(int worker) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (generation_ == seen && !stop_) {
      lock.unlock();
      SpinUntil([&] { return generation_.load(std::memory_order_acquire) != seen; }, kWorkerSpin);
      lock.lock();
    }
    wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    // Only the first `helpers_` workers take part; the others sleep on.
    if (worker >= helpers_) continue;
    lock.unlock();
    RunShare(worker + 1);
    lock.lock();
    if (--busy_ == 0) done_.notify_one();
  }
}

}  // namespace hydrocontact
