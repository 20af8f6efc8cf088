#pragma once

/// @file
/// ThreadPool: worker threads started once and reused by every query.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "proximity/parallel_executor.h"

namespace hydrocontact {

/// What the pools' jobs cost, summed over every ThreadPool of the process
/// since the last ThreadPool::ResetProfile (collected only while
/// ThreadPool::SetProfiling(true)): the measure of how well work splits that
/// a loaded machine cannot fake, because it counts each thread's CPU time
/// (CLOCK_THREAD_CPUTIME_ID), not wall time. With C the calling thread's own
/// CPU time over the same span (which includes its shares) less
/// caller_wait_seconds, the work is W = C + worker_seconds and the critical
/// path is C + critical_extra_seconds;
/// W / critical path is the speed-up the threads give when each has a core.
struct ThreadPoolProfile {
  /// CPU time the workers spent in their shares of jobs.
  double worker_seconds{0};
  /// CPU time the calling threads spent in their own shares of jobs (the
  /// rest of their CPU time is serial work).
  double caller_seconds{0};
  /// CPU time the calling threads spent spinning for workers to finish: not
  /// work (subtract it from their CPU time).
  double caller_wait_seconds{0};
  /// Per job, how much longer its longest share took than the caller's own
  /// (the time the caller would wait with every thread on its own core).
  double critical_extra_seconds{0};
  /// Jobs that woke workers.
  long jobs{0};
};

/// The most threads one pool serves (the caller's and kMaxThreads − 1
/// workers): far more cores than the machines this runs on have. Beyond
/// it a request is refused by name instead of starting threads until the
/// system refuses one with a bare "Resource temporarily unavailable".
inline constexpr int kMaxThreads = 256;

/// A fixed set of worker threads that sleep until given a loop to share.
/// Starting threads costs tens of microseconds, far more than a step's work
/// for small scenes, so they are started once (Reserve) and kept; a loop
/// (ParallelFor) then costs one wake-up and allocates nothing. A worker that
/// finished a job spins for up to a millisecond for the next one, and a
/// caller waiting for its workers for 50 µs, before they sleep: the jobs of
/// a plant's step (a query's pairs, its results, the next query, the next
/// step at 1 kHz) follow each other closely, and a sleeping thread takes
/// tens of microseconds to wake on an idle machine, milliseconds on a loaded
/// one, which made small scenes slower on 2 threads than on 1. The price: a
/// worker keeps its core busy for a millisecond after the last job.
///
/// ParallelFor is not reentrant and must be called from one thread at a
/// time (its owner serializes the queries that use it).
class ThreadPool {
 public:
  ThreadPool() = default;
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  /// Stops and joins the workers.
  ~ThreadPool();

  /// Starts workers until there are at least `num_workers` (never fewer
  /// than before). Allocates only when it starts threads.
  /// @throws std::invalid_argument if num_workers is negative or above
  ///         kMaxThreads − 1; std::runtime_error, naming the worker, if the
  ///         system cannot start a thread (the workers started stay).
  void Reserve(int num_workers);
  int num_workers() const { return static_cast<int>(workers_.size()); }

  /// Calls body(i) for every i in [0, n) on the calling thread and up to
  /// `helpers` workers (clamped to num_workers() and n − 1), each index
  /// exactly once. Participant p (0 the caller, then the workers) takes the
  /// indices i ≡ p modulo the number of participants: a fixed assignment, so
  /// each thread's reused scratch memory sees the same work step after step
  /// and stops growing (a dynamic one would let a thread meet a large item
  /// for the first time late and allocate). Neighbouring items tend to cost
  /// alike, which keeps the deal balanced. Returns when every call has
  /// returned. `body` must not throw (catch inside it).
  template <class Body>
  void ParallelFor(int n, int helpers, const Body& body) {
    Run(n, helpers, &CallBody<Body>, &body, nullptr);
  }

  /// Like ParallelFor, but participant p (0 the caller) takes the contiguous
  /// indices [bounds[p], bounds[p + 1]), for p in [0, helpers]: an assignment
  /// the caller chose, e.g. to balance estimated costs.
  /// @pre bounds holds helpers + 2 non-decreasing values, bounds[0] = 0;
  ///      helpers ≤ num_workers() (else the caller runs the extra ranges).
  template <class Body>
  void ParallelForRanges(const int* bounds, int helpers, const Body& body) {
    Run(bounds[helpers + 1], helpers, &CallBody<Body>, &body, bounds);
  }

  /// Turns the collection of ThreadPoolProfile on or off (off at start).
  static void SetProfiling(bool on);
  /// The profile collected since the last ResetProfile.
  static ThreadPoolProfile Profile();
  /// Sets every figure of the profile to zero. Call it while no pool runs a
  /// job (the counters are process-wide).
  static void ResetProfile();

 private:
  using Call = void (*)(const void* context, int i);
  template <class Body>
  static void CallBody(const void* context, int i) {
    (*static_cast<const Body*>(context))(i);
  }
  void Run(int n, int helpers, Call call, const void* context, const int* bounds);
  void WorkerLoop(int worker);
  // Runs participant p's share of the current job.
  void RunShare(int participant);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  // Written under mutex_: the job's generation (workers run each once), how
  // many workers take part, how many have not finished, and the stop flag.
  // The generation and the count of busy workers are also read without the
  // lock, by threads spinning briefly before they sleep (see WorkerLoop).
  std::atomic<uint64_t> generation_{0};
  int helpers_{0};
  std::atomic<int> busy_{0};
  bool stop_{false};
  // The current job; written before the generation is published.
  Call call_{nullptr};
  const void* context_{nullptr};
  int n_{0};
  // The current job's ranges (ParallelForRanges), or null for the modulo deal.
  const int* bounds_{nullptr};
  // Whether the current job is profiled, and each participant's CPU time in
  // it, in nanoseconds (sized when workers start).
  bool profiling_{false};
  std::vector<int64_t> share_ns_;
};

/// Lends `threads` threads (the caller and up to threads − 1 of `pool`'s
/// workers) to a kernel that splits its own work (ParallelExecutor), e.g.
/// one geometry pair with a large candidate set. The pool must outlive the
/// executor and have the workers reserved (ThreadPool::Reserve); as
/// ParallelFor, one caller at a time.
class ThreadPoolExecutor final : public ParallelExecutor {
 public:
  /// @pre threads ≥ 1.
  ThreadPoolExecutor(ThreadPool& pool, int threads) : pool_(&pool), threads_(threads) {}
  int num_threads() const override { return threads_; }
  void Run(int n, Call call, const void* context) const override {
    pool_->ParallelFor(n, threads_ - 1, [call, context](int i) { call(context, i); });
  }

 private:
  ThreadPool* pool_;
  int threads_;
};

}  // namespace hydrocontact
