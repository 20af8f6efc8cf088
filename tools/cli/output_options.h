#pragma once

/// @file
/// The --out (legacy VTK) option shared by the commands that write a mesh
/// or surface, checked against the --png picture option.

#include <filesystem>
#include <optional>
#include <string>

#include "mesh/vtk_writer.h"
#include "tools/cli/geometry_spec.h"

namespace hydrocontact::cli {

/// Where and how a command writes its legacy VTK file.
struct VtkOutput {
  std::string file;
  VtkEncoding encoding{VtkEncoding::kAscii};
};

/// The --out file of `parsed` (with --binary, written in binary), if any.
/// @throws UsageError for --binary without --out, an --out name that does
///         not end in .vtk (any case: the content would not match the
///         name), or an --out naming the same file as --png (one would
///         overwrite the other).
std::optional<VtkOutput> ParseVtkOutput(const ParsedArgs& parsed);

/// Checks, before any work is done, that `file` can be written where it is
/// named (internal::RequireWritableFile: its folder exists and is writable,
/// and it is not a folder or an existing read-only file). Commands write
/// their outputs at the end, all or nothing (internal::WriteFilesAtomically),
/// and a long run should not be lost to a typo in a path.
/// @throws UsageError naming `option` (e.g. "--png"), the file and why.
void RequireWritableLocation(const std::string& option, const std::filesystem::path& file);

/// Whether `file`'s extension is `extension` (lower case, ".vtk"), in any
/// case (LowercaseExtension).
bool HasExtension(const std::string& file, const std::string& extension);

}  // namespace hydrocontact::cli
