#include "tools/cli/progress.h"

#include <iostream>

#include <fmt/format.h>
#include <unistd.h>

namespace hydrocontact::cli {

bool StderrIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

Progress::Progress(std::string what, std::chrono::milliseconds delay, bool enabled, std::ostream* out)
    : what_(std::move(what)), delay_(delay), out_(out != nullptr ? out : &std::cerr),
      start_(std::chrono::steady_clock::now()) {
  if (enabled) thread_ = std::thread([this] { Run(); });
}

Progress::~Progress() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  stop_signal_.notify_all();
  thread_.join();
  if (width_ > 0) *out_ << '\r' << std::string(width_, ' ') << '\r' << std::flush;
}

void Progress::Run() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (stop_signal_.wait_for(lock, delay_, [this] { return stop_; })) return;
  while (true) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::string line = fmt::format("hydrocontact: {}... {:.0f} s", what_, seconds);
    *out_ << '\r' << line << std::flush;
    width_ = std::max(width_, line.size());
    ++updates_;
    if (stop_signal_.wait_for(lock, std::chrono::milliseconds(500), [this] { return stop_; })) return;
  }
}

}  // namespace hydrocontact::cli
