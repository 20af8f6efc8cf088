#include "tools/cli/output_options.h"

#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "mesh/mesh_file.h"
#include "mesh/text_file.h"
#include "tools/cli/command.h"

namespace hydrocontact::cli {

bool HasExtension(const std::string& file, const std::string& extension) {
  return LowercaseExtension(file) == extension;
}

void RequireWritableLocation(const std::string& option, const std::filesystem::path& file) {
  try {
    internal::RequireWritableFile(file, "");
  } catch (const std::runtime_error& e) {
    throw UsageError(fmt::format("{}: {}", option, e.what()));
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
  if (png != parsed.options.end() && internal::IsSameFile(out->second, png->second)) {
    throw UsageError(fmt::format("--out and --png name the same file '{}'", out->second));
  }
  RequireWritableLocation("--out", out->second);
  return VtkOutput{out->second, binary ? VtkEncoding::kBinary : VtkEncoding::kAscii};
}

}  // namespace hydrocontact::cli
