#pragma once

/// @file
/// ParallelExecutor: how a caller that owns threads (the query layer's pool)
/// lends them to a kernel that can split its own work (one geometry pair
/// with a large candidate set), without the kernel depending on the pool.

#include <utility>

namespace hydrocontact {

/// Runs independent work items on up to num_threads() threads. The kernels
/// split their work into items whose outputs they merge in item order, so
/// what they compute never depends on which thread ran which item.
class ParallelExecutor {
 public:
  using Call = void (*)(const void* context, int i);

  virtual ~ParallelExecutor() = default;

  /// How many threads (the caller's included) For may use; ≥ 1.
  virtual int num_threads() const = 0;

  /// Calls call(context, i) for every i in [0, n), each exactly once,
  /// possibly concurrently, and returns when all have returned. `call` must
  /// not throw. Allocation-free.
  virtual void Run(int n, Call call, const void* context) const = 0;

  /// Run with a callable: body(i) for every i in [0, n). body must not throw.
  template <class Body>
  void For(int n, const Body& body) const {
    Run(n, [](const void* context, int i) { (*static_cast<const Body*>(context))(i); }, &body);
  }
};

}  // namespace hydrocontact
