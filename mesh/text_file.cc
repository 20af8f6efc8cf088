#include "mesh/text_file.h"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <fmt/format.h>

namespace hydrocontact::internal {

std::string ReadFileToString(const std::filesystem::path& file, std::string_view what) {
  std::error_code ec;
  // Checked up front because an ifstream happily "opens" a directory on
  // Linux and then fails obscurely on the first read.
  const auto status = std::filesystem::status(file, ec);
  if (ec || !std::filesystem::exists(status)) {
    throw std::runtime_error(fmt::format("cannot read {} '{}': no such file", what, file.string()));
  }
  if (!std::filesystem::is_regular_file(status)) {
    throw std::runtime_error(
        fmt::format("cannot read {} '{}': not a regular file", what, file.string()));
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    throw std::runtime_error(
        fmt::format("cannot read {} '{}': the file cannot be opened", what, file.string()));
  }
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) {
    throw std::runtime_error(
        fmt::format("cannot read {} '{}': a read error occurred", what, file.string()));
  }
  return std::move(contents).str();
}

namespace {

namespace fs = std::filesystem;

// Where `file` really is: through a symbolic link to its target, so that
// the rename replaces the target and keeps the link.
fs::path RenameTarget(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_symlink(file, ec)) return file;
  const fs::path target = fs::weakly_canonical(fs::absolute(file), ec);
  return ec ? file : target;
}

[[noreturn]] void RefuseWrite(std::string_view what, const fs::path& file, std::string_view why) {
  throw std::runtime_error(fmt::format("cannot write {}{}'{}': {}", what, what.empty() ? "" : " ",
                                       file.string(), why));
}

// Writes `contents` to `temporary` in full, or throws naming f.file.
void WriteWhole(const FileContents& f, const fs::path& temporary) {
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  if (!out) RefuseWrite(f.what, f.file, "the file cannot be opened for writing");
  out.write(f.contents.data(), std::streamsize(f.contents.size()));
  out.close();
  if (!out) RefuseWrite(f.what, f.file, "a write error occurred");
}

}  // namespace

bool IsSameFile(const std::filesystem::path& a, const std::filesystem::path& b) {
  // Absolute first: a relative name none of whose parts exists would
  // otherwise stay relative.
  std::error_code error_a, error_b;
  const fs::path resolved_a = fs::weakly_canonical(fs::absolute(a), error_a);
  const fs::path resolved_b = fs::weakly_canonical(fs::absolute(b), error_b);
  if (error_a || error_b) return a.lexically_normal() == b.lexically_normal();
  return resolved_a == resolved_b;
}

void RequireWritableFile(const std::filesystem::path& file, std::string_view what) {
  const fs::path target = RenameTarget(file);
  std::error_code ec;
  const fs::file_status status = fs::status(target, ec);
  if (fs::exists(status)) {
    if (fs::is_directory(status)) RefuseWrite(what, file, "it is a folder");
    if (!fs::is_regular_file(status)) RefuseWrite(what, file, "it is not a regular file");
    if (::access(target.c_str(), W_OK) != 0) RefuseWrite(what, file, "the file is read-only");
  }
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  if (!fs::is_directory(folder, ec)) {
    RefuseWrite(what, file, fmt::format("the folder '{}' does not exist", folder.string()));
  }
  if (::access(folder.c_str(), W_OK) != 0) {
    RefuseWrite(what, file, fmt::format("the folder '{}' is not writable", folder.string()));
  }
}

void WriteFilesAtomically(std::span<const FileContents> files) {
  std::vector<fs::path> targets;
  for (const FileContents& f : files) {
    for (size_t k = 0; k < targets.size(); ++k) {
      if (IsSameFile(targets[k], f.file)) {
        throw std::invalid_argument(fmt::format("cannot write {} '{}': it is also where the {} '{}' goes",
                                                f.what, f.file.string(), files[k].what,
                                                files[k].file.string()));
      }
    }
    RequireWritableFile(f.file, f.what);
    targets.push_back(RenameTarget(f.file));
  }
  // The temporary files, removed unless renamed (on any throw).
  std::vector<fs::path> temporaries;
  struct Cleanup {
    std::vector<fs::path>* paths;
    ~Cleanup() {
      std::error_code ec;
      for (const fs::path& p : *paths) {
        if (!p.empty()) fs::remove(p, ec);
      }
    }
  } cleanup{&temporaries};
  for (size_t k = 0; k < files.size(); ++k) {
    fs::path temporary = targets[k];
    temporary += fmt::format(".partial-{}-{}", ::getpid(), k);
    temporaries.push_back(temporary);
    WriteWhole(files[k], temporary);
  }
  for (size_t k = 0; k < files.size(); ++k) {
    std::error_code ec;
    fs::rename(temporaries[k], targets[k], ec);
    if (ec) RefuseWrite(files[k].what, files[k].file, ec.message());
    temporaries[k].clear();  // Renamed: nothing to remove.
  }
}

void WriteStringToFile(const std::filesystem::path& file, std::string_view contents,
                       std::string_view what) {
  const FileContents f{file, contents, what};
  WriteFilesAtomically(std::span<const FileContents>(&f, 1));
}

}  // namespace hydrocontact::internal
