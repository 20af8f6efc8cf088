#pragma once

/// @file
/// An 8-bit RGB raster image, row-major from the top-left pixel: what the
/// rasteriser draws into and the PNG writer writes.

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace hydrocontact::render {

/// An sRGB colour, 8 bits per channel.
struct Rgb {
  uint8_t r{0}, g{0}, b{0};
  bool operator==(const Rgb&) const = default;
};

/// A width × height image; pixel (x, y) has x to the right and y downward.
class Image {
 public:
  /// @throws std::invalid_argument unless 1 <= width, height <= 16384.
  Image(int width, int height, Rgb fill = {255, 255, 255}) : width_(width), height_(height) {
    if (width < 1 || height < 1 || width > 16384 || height > 16384) {
      throw std::invalid_argument("Image: width and height must be in [1, 16384]");
    }
    pixels_.assign(size_t(width) * size_t(height), fill);
  }
  int width() const { return width_; }
  int height() const { return height_; }
  /// Precondition: (x, y) inside the image.
  Rgb& at(int x, int y) { return pixels_[size_t(y) * size_t(width_) + size_t(x)]; }
  const Rgb& at(int x, int y) const { return pixels_[size_t(y) * size_t(width_) + size_t(x)]; }
  bool Contains(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  /// Sets (x, y) when it is inside the image; ignores it otherwise.
  void Set(int x, int y, Rgb c) {
    if (Contains(x, y)) at(x, y) = c;
  }

 private:
  int width_;
  int height_;
  std::vector<Rgb> pixels_;
};

}  // namespace hydrocontact::render
