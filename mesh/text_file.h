#pragma once

/// @file
/// Whole-file reading and writing for the mesh readers and writers, with
/// errors that name the file.

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace hydrocontact::internal {

/// The whole contents of `file`, byte for byte. `what` describes the file in
/// error messages (e.g. "OBJ file").
/// @throws std::runtime_error naming the file if it does not exist, is not a
///         regular file (a directory, say) or cannot be read.
std::string ReadFileToString(const std::filesystem::path& file, std::string_view what);

/// One file for WriteFilesAtomically: where, what it holds in full, and
/// what it is for error messages (e.g. "VTK file").
struct FileContents {
  std::filesystem::path file;
  std::string_view contents;
  std::string_view what;
};

/// Writes every file, all or nothing. Each is first written in full to a
/// temporary file beside it; only when all of them have been written are
/// they renamed onto their names (one by one, each rename atomic). So a
/// write that fails (a folder that cannot be written, a full disk) leaves
/// every named file as it was, whole, and no temporary file behind. A name
/// that is a symbolic link has the file it points to replaced.
/// @throws std::runtime_error naming the first file that cannot be written
///         and why: its folder is missing or not writable, it is a folder
///         or another non-regular file, it exists read-only, or the write
///         failed. Two entries naming the same file are refused too
///         (std::invalid_argument): one would silently replace the other.
void WriteFilesAtomically(std::span<const FileContents> files);

/// Checks, before anything is written, that `file` can be written where it
/// is named: its folder exists and is writable, and it is not a folder,
/// another non-regular file or an existing read-only file (through a
/// symbolic link, the file it points to). WriteFilesAtomically checks this
/// for every file first; a long job can check its outputs up front.
/// @throws std::runtime_error "cannot write <what> '<file>': <why>" (with
///         an empty `what`, "cannot write '<file>': <why>").
void RequireWritableFile(const std::filesystem::path& file, std::string_view what);

/// Whether two names name the same file: compared after resolving them as
/// far as they exist (./a.vtk and a.vtk, through symbolic links), and
/// lexically when that fails.
bool IsSameFile(const std::filesystem::path& a, const std::filesystem::path& b);

/// Replaces the contents of `file` with `contents`: WriteFilesAtomically
/// with one file, so a failed write leaves the old file whole.
/// @throws std::runtime_error naming the file if it cannot be written
///         completely.
void WriteStringToFile(const std::filesystem::path& file, std::string_view contents,
                       std::string_view what);

}  // namespace hydrocontact::internal
