#include "tools/cli/output_options.h"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "mesh/mesh_file.h"
#include "tools/cli/command.h"

namespace hydrocontact::cli {
namespace {

// The same file for two names: compared after resolving them as far as
// they exist (./a.vtk and a.vtk, through symbolic links); lexically when
// that fails.
bool SameFile(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code error_a, error_b;
  // Absolute first: a relative name none of whose parts exists would
  // otherwise stay relative.
  const fs::path resolved_a = fs::weakly_canonical(fs::absolute(a), error_a);
  const fs::path resolved_b = fs::weakly_canonical(fs::absolute(b), error_b);
  if (error_a || error_b) return fs::path(a).lexically_normal() == fs::path(b).lexically_normal();
  return resolved_a == resolved_b;
}

}  // namespace

bool HasExtension(const std::string& file, const std::string& extension) {
  return LowercaseExtension(file) == extension;
}

void RequireWritableLocation(const std::string& option, const std::filesystem::path& file) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    throw UsageError(fmt::format("{}: cannot write '{}': it is a folder", option, file.string()));
  }
  const std::filesystem::path folder = file.parent_path().empty() ? "." : file.parent_path();
  if (!std::filesystem::is_directory(folder, ec)) {
    throw UsageError(fmt::format("{}: cannot write '{}': the folder '{}' does not exist", option,
                                 file.string(), folder.string()));
  }
  if (::access(folder.c_str(), W_OK) != 0) {
    throw UsageError(fmt::format("{}: cannot write '{}': the folder '{}' is not writable", option,
                                 file.string(), folder.string()));
  }
}

std::optional<VtkOutput> ParseVtkOutput(const ParsedArgs& parsed) {
  const auto out = parsed.options.find("--out");
  const bool binary = parsed.flags.count("--binary") > 0;
  if (out == parsed.options.end()) {
    if (binary) throw UsageError("--binary applies to the --out file; give --out too");
    return std::nullopt;
  }
  if (!HasExtension(out->second, ".vtk")) {
    throw UsageError(fmt::format("--out: '{}' would hold legacy VTK; give it a .vtk name",
                                 out->second));
  }
  const auto png = parsed.options.find("--png");
  if (png != parsed.options.end() && SameFile(out->second, png->second)) {
    throw UsageError(fmt::format("--out and --png name the same file '{}'", out->second));
  }
  RequireWritableLocation("--out", out->second);
  return VtkOutput{out->second, binary ? VtkEncoding::kBinary : VtkEncoding::kAscii};
}

}  // namespace hydrocontact::cli
