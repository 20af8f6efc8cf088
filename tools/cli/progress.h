#pragma once

/// @file
/// Progress on stderr for the tool's long jobs (meshing, surfaces): a line
/// "hydrocontact: WHAT... N s" appears once the job has run for a second
/// and is updated twice a second, then erased when the job ends. Only when
/// stderr is a terminal, so pipes, files and the JSON on stdout never see it.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

namespace hydrocontact::cli {

/// True if the process's stderr is a terminal (isatty).
bool StderrIsTerminal();

/// Reports on `out` while it exists (see the file comment).
class Progress {
 public:
  /// Starts reporting `what` (e.g. "meshing A (sphere:0.1)") after `delay`,
  /// if `enabled` (by default: if stderr is a terminal).
  explicit Progress(std::string what, std::chrono::milliseconds delay = std::chrono::seconds(1),
                    bool enabled = StderrIsTerminal(), std::ostream* out = nullptr);
  /// Stops, erasing the line if one was written.
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  /// How many times the line has been written (for tests).
  int updates() const { return updates_.load(); }

 private:
  void Run();

  std::string what_;
  std::chrono::milliseconds delay_;
  std::ostream* out_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable stop_signal_;
  bool stop_{false};
  std::atomic<int> updates_{0};
  size_t width_{0};
  std::thread thread_;
};

}  // namespace hydrocontact::cli
