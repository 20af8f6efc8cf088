#pragma once

/// @file
/// What the tests of split pairs share: executors that run a kernel's pieces
/// in unusual orders or on real threads, and byte-for-byte comparison of
/// contact polygons.

#include <cstring>
#include <thread>
#include <vector>

#include "proximity/hydroelastic/contact_surface_builder.h"
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

template <class T>
bool SameBytes(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

/// Whether two sets of polygons are equal bit for bit, in the same order.
inline bool SamePolygons(const ContactPolygons& a, const ContactPolygons& b) {
  return SameBytes(a.vertices, b.vertices) && SameBytes(a.ends, b.ends) && SameBytes(a.normals, b.normals) &&
         SameBytes(a.grad_first, b.grad_first) && SameBytes(a.grad_second, b.grad_second);
}

}  // namespace hydrocontact::test
