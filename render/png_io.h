#pragma once

/// @file
/// PNG files of Images (8-bit RGB, via libpng).

#include <filesystem>

#include "render/image.h"

namespace hydrocontact::render {

/// Writes `image` to `file` as an 8-bit RGB PNG.
/// @throws std::runtime_error naming the file if it cannot be written.
void WritePng(const std::filesystem::path& file, const Image& image);

/// Reads an 8-bit RGB or RGBA PNG (alpha dropped) written by WritePng or
/// another tool.
/// @throws std::runtime_error naming the file if it is missing, not a PNG,
///         or of another pixel format.
Image ReadPng(const std::filesystem::path& file);

}  // namespace hydrocontact::render
