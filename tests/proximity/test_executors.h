#pragma once

/// @file
/// Executors for tests of kernels that split their work (ParallelExecutor):
/// one that runs the pieces in an order no real pool uses, and one that runs
/// them on real threads.

#include <thread>
#include <vector>

#include "proximity/parallel_executor.h"

namespace hydrocontact::test {

/// Runs the work items in reverse order on this thread (an order no real
/// pool uses), counting the calls of Run.
class ReverseExecutor final : public ParallelExecutor {
 public:
  int num_threads() const override { return 2; }
  void Run(int n, Call call, const void* context) const override {
    ++runs;
    for (int i = n - 1; i >= 0; --i) call(context, i);
  }
  mutable int runs{0};
};

/// Runs the items on `threads` real threads: item i on thread i mod threads
/// (thread 0 the caller).
class ThreadsExecutor final : public ParallelExecutor {
 public:
  explicit ThreadsExecutor(int threads) : threads_(threads) {}
  int num_threads() const override { return threads_; }
  void Run(int n, Call call, const void* context) const override {
    std::vector<std::thread> others;
    const int threads = threads_;
    for (int t = 1; t < threads; ++t) {
      others.emplace_back([=] {
        for (int i = t; i < n; i += threads) call(context, i);
      });
    }
    for (int i = 0; i < n; i += threads_) call(context, i);
    for (std::thread& other : others) other.join();
  }

 private:
  int threads_;
};

}  // namespace hydrocontact::test
