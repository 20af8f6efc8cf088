#pragma once

/// @file
/// Whole-file reading and writing for the mesh readers and writers, with
/// errors that name the file.

#include <filesystem>
#include <string>
#include <string_view>

namespace hydrocontact::internal {

/// The whole contents of `file`, byte for byte. `what` describes the file in
/// error messages (e.g. "OBJ file").
/// @throws std::runtime_error naming the file if it does not exist, is not a
///         regular file (a directory, say) or cannot be read.
std::string ReadFileToString(const std::filesystem::path& file, std::string_view what);

/// Replaces the contents of `file` with `contents`.
/// @throws std::runtime_error naming the file if it cannot be written
///         completely.
void WriteStringToFile(const std::filesystem::path& file, std::string_view contents,
                       std::string_view what);

}  // namespace hydrocontact::internal
