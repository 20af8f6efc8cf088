#include "render/rasterizer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace hydrocontact::render {
namespace {

uint8_t Channel(double v) { return uint8_t(std::clamp(std::lround(v), 0L, 255L)); }

}  // namespace

Rasterizer::Rasterizer(Image* image)
    : image_(image),
      depth_(size_t(image->width()) * size_t(image->height()), std::numeric_limits<double>::infinity()) {}

template <class ColorAt>
void Rasterizer::Fill(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c, double opacity,
                      ColorAt color) {
  // Twice the signed area; the edge functions below are normalised by it
  // so that they are the barycentric coordinates of the pixel centre.
  const double area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  if (!(std::abs(area) > 1e-12) || !std::isfinite(area)) return;
  const int x0 = std::max(0, int(std::floor(std::min({a.x, b.x, c.x}) - 0.5)));
  const int x1 = std::min(image_->width() - 1, int(std::ceil(std::max({a.x, b.x, c.x}) - 0.5)));
  const int y0 = std::max(0, int(std::floor(std::min({a.y, b.y, c.y}) - 0.5)));
  const int y1 = std::min(image_->height() - 1, int(std::ceil(std::max({a.y, b.y, c.y}) - 0.5)));
  const bool opaque = opacity >= 1.0;
  for (int y = y0; y <= y1; ++y) {
    const double py = y + 0.5;
    for (int x = x0; x <= x1; ++x) {
      const double px = x + 0.5;
      const double wa = ((b.x - px) * (c.y - py) - (b.y - py) * (c.x - px)) / area;
      const double wb = ((c.x - px) * (a.y - py) - (c.y - py) * (a.x - px)) / area;
      const double wc = 1.0 - wa - wb;
      if (wa < 0 || wb < 0 || wc < 0) continue;
      const double z = wa * a.depth + wb * b.depth + wc * c.depth;
      double& stored = depth_[size_t(y) * size_t(image_->width()) + size_t(x)];
      if (!(z < stored)) continue;
      const std::array<double, 3> rgb = color(wa, wb, wc);
      Rgb& pixel = image_->at(x, y);
      if (opaque) {
        pixel = Rgb{Channel(rgb[0]), Channel(rgb[1]), Channel(rgb[2])};
        stored = z;
      } else {
        pixel = Rgb{Channel(opacity * rgb[0] + (1 - opacity) * pixel.r),
                    Channel(opacity * rgb[1] + (1 - opacity) * pixel.g),
                    Channel(opacity * rgb[2] + (1 - opacity) * pixel.b)};
      }
    }
  }
}

void Rasterizer::FillTriangle(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c, Rgb color_a,
                              Rgb color_b, Rgb color_c, double opacity) {
  Fill(a, b, c, opacity, [&](double wa, double wb, double wc) {
    return std::array<double, 3>{wa * color_a.r + wb * color_b.r + wc * color_c.r,
                                 wa * color_a.g + wb * color_b.g + wc * color_c.g,
                                 wa * color_a.b + wb * color_b.b + wc * color_c.b};
  });
}

void Rasterizer::FillScalarTriangle(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c,
                                    double value_a, double value_b, double value_c, Rgb (*color_map)(double),
                                    double shade, double opacity) {
  Fill(a, b, c, opacity, [&](double wa, double wb, double wc) {
    const Rgb m = color_map(wa * value_a + wb * value_b + wc * value_c);
    return std::array<double, 3>{shade * m.r, shade * m.g, shade * m.b};
  });
}

void Rasterizer::DrawLine(const ScreenPoint& a, const ScreenPoint& b, Rgb color, double depth_tolerance) {
  const double length = std::max(std::abs(b.x - a.x), std::abs(b.y - a.y));
  if (!std::isfinite(length)) return;
  const int steps = std::max(1, int(std::ceil(length)));
  for (int k = 0; k <= steps; ++k) {
    const double t = double(k) / steps;
    const int x = int(std::floor(a.x + t * (b.x - a.x)));
    const int y = int(std::floor(a.y + t * (b.y - a.y)));
    if (!image_->Contains(x, y)) continue;
    const double z = a.depth + t * (b.depth - a.depth);
    if (z <= depth(x, y) + depth_tolerance) image_->at(x, y) = color;
  }
}

}  // namespace hydrocontact::render
