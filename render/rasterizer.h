#pragma once

/// @file
/// A small z-buffered triangle and line rasteriser over an Image, in screen
/// coordinates: x to the right and y downward in pixels (pixel (i, j)
/// covers [i, i+1) × [j, j+1), its centre at (i + ½, j + ½)), and a depth
/// that grows away from the viewer. Projection is the caller's (the picture
/// code uses an orthographic camera, for which depth is linear on screen).

#include <vector>

#include "render/image.h"

namespace hydrocontact::render {

/// A vertex on screen: pixel coordinates and depth.
struct ScreenPoint {
  double x{0};
  double y{0};
  double depth{0};
};

/// Draws into an Image, keeping one depth per pixel (initially +∞: empty).
class Rasterizer {
 public:
  /// Draws into `image`, which must outlive the rasteriser.
  explicit Rasterizer(Image* image);

  /// Fills the triangle (either winding) over every pixel whose centre lies
  /// inside it or on its edges, interpolating the vertex colours and the
  /// depth linearly. A pixel is drawn only where the triangle is nearer
  /// than what the pixel holds. With opacity 1 the colour replaces the
  /// pixel's and the depth is recorded; with opacity in (0, 1) the colour is
  /// blended over the pixel's and the depth is left unchanged (translucent
  /// layers are drawn after the opaque ones). Degenerate triangles and
  /// parts off the image draw nothing.
  void FillTriangle(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c, Rgb color_a,
                    Rgb color_b, Rgb color_c, double opacity = 1.0);

  /// As FillTriangle, but the pixel's colour is `color_map` of the scalar
  /// interpolated from the vertex values (so a colour map is followed
  /// across large triangles, not cut short by blending its end colours),
  /// times `shade` (0 to 1).
  void FillScalarTriangle(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c, double value_a,
                          double value_b, double value_c, Rgb (*color_map)(double), double shade,
                          double opacity = 1.0);

  /// Draws a one-pixel line from a to b (depth interpolated) where it is no
  /// farther than `depth_tolerance` behind the pixel's depth, so edges of a
  /// drawn surface show on it. Does not record depth.
  void DrawLine(const ScreenPoint& a, const ScreenPoint& b, Rgb color, double depth_tolerance);

  /// The depth at pixel (x, y) (+∞ where nothing opaque was drawn).
  double depth(int x, int y) const { return depth_[size_t(y) * size_t(image_->width()) + size_t(x)]; }

 private:
  // Fills the triangle with the colour `color(wa, wb, wc)` of each covered
  // pixel's barycentric coordinates.
  template <class ColorAt>
  void Fill(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c, double opacity, ColorAt color);

  Image* image_;
  std::vector<double> depth_;
};

}  // namespace hydrocontact::render
