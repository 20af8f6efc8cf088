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
  /// inside it, interpolating the vertex colours and the depth linearly.
  /// The vertices are first snapped to a grid of 1/256 px (the edge tests
  /// are then exact), and a centre exactly on an edge or a vertex is taken
  /// as nudged right by an infinitesimal ε and down by ε²: it belongs to
  /// the triangle holding the nudged point. So triangles that share edges
  /// (or have vertices at the same coordinates) cover each pixel centre
  /// inside their union exactly once: no cracks, and a translucent layer is
  /// blended once everywhere. A pixel is drawn only where the triangle is
  /// nearer than what the pixel holds. With opacity 1 the colour replaces
  /// the pixel's and the depth is recorded; with opacity in (0, 1) the
  /// colour is blended over the pixel's, only where the triangle is nearer
  /// by more than the film margin (see set_film_margin), and the depth is
  /// left unchanged (translucent layers are drawn after the opaque ones).
  /// Degenerate triangles (after snapping), parts off the image and
  /// non-finite vertices draw nothing. A triangle reaching beyond ±2²¹ px
  /// is first clipped there in double precision (its edges then stray by
  /// about 1e-16 of its coordinates: under 1e-4 px up to 1e12 px).
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
  /// drawn surface show on it: one pixel per column (per row for a line
  /// steeper than 45°) whose centre it spans, and the pixels of its ends.
  /// Does not record depth. Only the part on the image is stepped through,
  /// whatever the line's length.
  void DrawLine(const ScreenPoint& a, const ScreenPoint& b, Rgb color, double depth_tolerance);

  /// How much nearer than the opaque surface at a pixel a translucent
  /// triangle must be to tint it (default 0): with a margin above the
  /// rounding of the depths, a film that coincides with an opaque surface
  /// leaves all of it untinted instead of a speckle of rounding ties.
  void set_film_margin(double margin) { film_margin_ = margin; }

  /// The depth at pixel (x, y) (+∞ where nothing opaque was drawn).
  double depth(int x, int y) const { return depth_[size_t(y) * size_t(image_->width()) + size_t(x)]; }

 private:
  // Fills the triangle with the colour `color(wa, wb, wc)` of each covered
  // pixel's barycentric coordinates.
  template <class ColorAt>
  void Fill(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c, double opacity, ColorAt color);

  Image* image_;
  std::vector<double> depth_;
  double film_margin_{0};
};

}  // namespace hydrocontact::render
