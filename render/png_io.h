#pragma once

/// @file
/// PNG files of Images (8-bit RGB, via libpng).

#include <filesystem>
#include <string>

#include "render/image.h"

namespace hydrocontact::render {

/// `image` as the bytes of an 8-bit RGB PNG file.
/// @throws std::runtime_error if libpng fails (out of memory).
std::string EncodePng(const Image& image);

/// Writes `image` to `file` as an 8-bit RGB PNG (EncodePng), all or nothing
/// (see internal::WriteFilesAtomically): a failed write leaves an existing
/// file whole.
/// @throws std::runtime_error naming the file if it cannot be written.
void WritePng(const std::filesystem::path& file, const Image& image);

/// Reads an 8-bit RGB or RGBA PNG (alpha dropped) written by WritePng or
/// another tool.
/// @throws std::runtime_error naming the file if it is missing, not a PNG,
///         or of another pixel format.
Image ReadPng(const std::filesystem::path& file);

}  // namespace hydrocontact::render
