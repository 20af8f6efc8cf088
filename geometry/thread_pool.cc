#include "geometry/thread_pool.h"

#include <algorithm>

namespace hydrocontact {

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::Reserve(int num_workers) {
  while (static_cast<int>(workers_.size()) < num_workers) {
    const int worker = static_cast<int>(workers_.size());
    workers_.emplace_back([this, worker] { WorkerLoop(worker); });
  }
}

void ThreadPool::RunShare(int participant) {
  const int participants = helpers_ + 1;
  for (int i = participant; i < n_; i += participants) call_(context_, i);
}

void ThreadPool::Run(int n, int helpers, Call call, const void* context) {
  helpers = std::clamp(std::min(helpers, n - 1), 0, num_workers());
  if (helpers == 0) {
    for (int i = 0; i < n; ++i) call(context, i);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    call_ = call;
    context_ = context;
    n_ = n;
    helpers_ = helpers;
    busy_ = helpers;
    ++generation_;
  }
  wake_.notify_all();
  RunShare(0);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return busy_ == 0; });
}

void ThreadPool::WorkerLoop(int worker) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
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
