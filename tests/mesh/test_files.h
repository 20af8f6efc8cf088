#pragma once

/// @file
/// Test helper: a scratch directory for files a test writes, removed when
/// the helper goes out of scope.

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

namespace hydrocontact::test {

/// The path of the repository's sample file `name` (in data/).
inline std::string DataPath(const std::string& name) {
  return (std::filesystem::path(HYDROCONTACT_SOURCE_DIR) / "data" / name).string();
}

/// A fresh directory under the system's temporary directory, unique to this
/// process and object (tests of different programs may run in parallel).
class ScratchDirectory {
 public:
  ScratchDirectory() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("hydrocontact_test_" + std::to_string(::getpid()) + "_" +
             std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }

  /// Writes `contents` byte for byte to `name` inside the directory and
  /// returns its path.
  std::filesystem::path Write(const std::string& name, std::string_view contents) const {
    const std::filesystem::path file = path_ / name;
    std::ofstream out(file, std::ios::binary);
    out.write(contents.data(), std::streamsize(contents.size()));
    return file;
  }

 private:
  std::filesystem::path path_;
};

/// The whole contents of a file (empty if it cannot be read).
inline std::string ReadWholeFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace hydrocontact::test
