#include "render/picture.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "render/bitmap_font.h"
#include "render/colormap.h"
#include "render/rasterizer.h"

namespace hydrocontact::render {
namespace {

constexpr double kDeg = M_PI / 180;

// An orthographic camera: W point → screen point.
struct Camera {
  Eigen::Vector3d target, right, up, forward;
  double scale{1};  // Pixels per metre.
  double cx{0}, cy{0};

  ScreenPoint Project(const Eigen::Vector3d& p_W) const {
    const Eigen::Vector3d d = p_W - target;
    return {cx + scale * d.dot(right), cy - scale * d.dot(up), d.dot(forward)};
  }
};

Rgb Shade(Rgb c, double s) {
  auto ch = [s](uint8_t v) { return uint8_t(std::clamp(std::lround(v * s), 0L, 255L)); };
  return {ch(c.r), ch(c.g), ch(c.b)};
}

void Validate(const std::vector<PictureLayer>& layers, const PictureOptions& options) {
  if (options.width < kMinPictureSide || options.width > kMaxPictureSide || options.height < kMinPictureSide ||
      options.height > kMaxPictureSide) {
    throw std::invalid_argument(fmt::format("RenderPicture: image size {}x{} is outside [{}, {}]", options.width,
                                            options.height, kMinPictureSide, kMaxPictureSide));
  }
  for (size_t k = 0; k < layers.size(); ++k) {
    const PictureLayer& l = layers[k];
    if (!(l.opacity > 0 && l.opacity <= 1)) {
      throw std::invalid_argument(fmt::format("RenderPicture: layer {} has opacity {} outside (0, 1]", k, l.opacity));
    }
    if (!l.values.empty() && l.values.size() != l.vertices.size()) {
      throw std::invalid_argument(fmt::format("RenderPicture: layer {} has {} values for {} vertices", k,
                                              l.values.size(), l.vertices.size()));
    }
    for (const auto& v : l.vertices) {
      if (!v.allFinite()) throw std::invalid_argument(fmt::format("RenderPicture: layer {} has a non-finite vertex", k));
    }
    for (double v : l.values) {
      if (!std::isfinite(v)) throw std::invalid_argument(fmt::format("RenderPicture: layer {} has a non-finite value", k));
    }
    for (const auto& t : l.triangles) {
      for (int i : t) {
        if (i < 0 || i >= int(l.vertices.size())) {
          throw std::invalid_argument(fmt::format("RenderPicture: layer {} has vertex index {} out of range [0, {})",
                                                  k, i, l.vertices.size()));
        }
      }
    }
  }
}

}  // namespace

std::vector<std::pair<double, std::string>> ColourBarTicks(double lo, double hi) {
  std::vector<std::pair<double, std::string>> ticks{{hi, ""}};
  if (hi > lo) {
    const double mid = lo / 2 + hi / 2;
    if (mid > lo && mid < hi) ticks.emplace_back(mid, "");
    ticks.emplace_back(lo, "");
  }
  // The values are distinct, and 17 significant digits tell any two
  // doubles apart.
  for (int digits = 3; digits <= 17; ++digits) {
    // + 0.0 turns -0 into 0: a zero pressure is not labelled "-0".
    for (auto& [value, label] : ticks) label = fmt::format("{:.{}g}", value + 0.0, digits);
    bool distinct = true;
    for (size_t i = 0; i < ticks.size(); ++i)
      for (size_t j = i + 1; j < ticks.size(); ++j) distinct = distinct && ticks[i].second != ticks[j].second;
    if (distinct) break;
  }
  return ticks;
}

std::optional<ViewDirection> NamedView(const std::string& name) {
  if (name == "iso") return ViewFromDegrees(-60, 30);
  if (name == "top") return ViewFromDegrees(-90, 90);
  if (name == "front") return ViewFromDegrees(-90, 0);
  if (name == "side") return ViewFromDegrees(0, 0);
  return std::nullopt;
}

ViewDirection ViewFromDegrees(double azimuth, double elevation) {
  if (!std::isfinite(azimuth) || !std::isfinite(elevation)) {
    throw std::invalid_argument(fmt::format("view angles {}, {} are not finite", azimuth, elevation));
  }
  if (elevation < -90 || elevation > 90) {
    throw std::invalid_argument(fmt::format("elevation {} is outside [-90, 90] degrees", elevation));
  }
  return {azimuth * kDeg, elevation * kDeg};
}

Image RenderPicture(const std::vector<PictureLayer>& layers, const PictureOptions& options) {
  Validate(layers, options);
  const int W = options.width, H = options.height;
  Image image(W, H, Rgb{250, 250, 250});

  // The value range of the colour map.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const PictureLayer& l : layers) {
    for (double v : l.values) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  const bool has_values = lo <= hi;
  // A constant field takes the middle colour of the map.
  const std::vector<std::pair<double, std::string>> ticks =
      has_values ? ColourBarTicks(lo, hi) : std::vector<std::pair<double, std::string>>{};

  // Layout: the colour bar, its title and labels on the right, at text
  // scale 2 on tall pictures, else 1; the bar is left out when it would
  // leave the scene less than half the width or does not fit the height
  // (its labels never overlap), so that every accepted size shows the
  // whole scene and no text runs off the picture.
  int text_scale = H >= 400 ? 2 : 1;
  int margin = 8 * text_scale + 4;
  int plot_right = W - margin;
  bool draw_bar = false;
  int bar_x0 = 0, bar_x1 = 0, top = 0, bottom = 0;
  for (int s = text_scale; has_values && s >= 1 && !draw_bar; --s) {
    const int m = 8 * s + 4;
    // From the bar's left: the title, or the bar (10s), the tick and gap
    // (5s) and the widest label.
    int legend_width = TextWidth(options.scalar_label, s);
    for (const auto& [value, label] : ticks) legend_width = std::max(legend_width, 15 * s + TextWidth(label, s));
    const int x0 = W - m - legend_width;
    const int right = x0 - 2 * m;
    // The title's 7s rows and a gap of 10s above the bar, half a label
    // (and a gap) below it; ticks 8s apart at least.
    const int t = m + 17 * s, bo = H - m - 4 * s;
    if (right - m >= W / 2 && bo - t >= 16 * s) {
      draw_bar = true;
      text_scale = s;
      margin = m;
      plot_right = right;
      bar_x0 = x0;
      bar_x1 = x0 + 10 * s;
      top = t;
      bottom = bo;
    }
  }

  // The camera: frame the box's corners in the plot area.
  Aabb box = options.frame;
  if (box.IsEmpty()) {
    for (const PictureLayer& l : layers) {
      for (const auto& v : l.vertices) box.Include(v);
    }
  }
  if (box.IsEmpty()) throw std::invalid_argument("RenderPicture: nothing to draw (no vertices and no frame)");
  const double az = options.view.azimuth, el = options.view.elevation;
  const Eigen::Vector3d toward_camera(std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el));
  Camera camera;
  camera.target = (box.min + box.max) / 2;
  camera.forward = -toward_camera;
  camera.right = Eigen::Vector3d(-std::sin(az), std::cos(az), 0);
  camera.up = camera.right.cross(camera.forward);
  double ext_x = 0, ext_y = 0;
  for (int k = 0; k < 8; ++k) {
    const Eigen::Vector3d corner((k & 1) ? box.max.x() : box.min.x(), (k & 2) ? box.max.y() : box.min.y(),
                                 (k & 4) ? box.max.z() : box.min.z());
    const Eigen::Vector3d d = corner - camera.target;
    ext_x = std::max(ext_x, std::abs(d.dot(camera.right)));
    ext_y = std::max(ext_y, std::abs(d.dot(camera.up)));
  }
  const double plot_w = std::max(16, plot_right - margin), plot_h = std::max(16, H - 2 * margin);
  const double sx = ext_x > 0 ? plot_w / (2 * ext_x) : std::numeric_limits<double>::infinity();
  const double sy = ext_y > 0 ? plot_h / (2 * ext_y) : std::numeric_limits<double>::infinity();
  camera.scale = std::isfinite(std::min(sx, sy)) ? 0.92 * std::min(sx, sy) : 1.0;
  camera.cx = margin + plot_w / 2;
  camera.cy = margin + plot_h / 2;
  const double diagonal = (box.max - box.min).norm();

  // A light from over the viewer's left shoulder; two-sided Lambert.
  const Eigen::Vector3d light = (toward_camera + 0.5 * camera.up - 0.4 * camera.right).normalized();
  Rasterizer raster(&image);
  // An opaque surface wins ties with a translucent film: a film on it (a
  // contact surface on a rigid body's face, or on a half-space's plane)
  // differs from it in depth by rounding (and, in a triangle under a pixel
  // thin, interpolated as snapped, by the depth of a 1/512 px shift), far
  // less than this margin at any view short of edge-on, while a thousandth
  // of the scene is under a pixel's worth of depth.
  raster.set_film_margin(1e-3 * diagonal);
  auto draw = [&](const PictureLayer& l) {
    std::vector<ScreenPoint> screen(l.vertices.size());
    for (size_t v = 0; v < l.vertices.size(); ++v) screen[v] = camera.Project(l.vertices[v]);
    for (const auto& t : l.triangles) {
      const Eigen::Vector3d& a = l.vertices[size_t(t[0])];
      const Eigen::Vector3d n = (l.vertices[size_t(t[1])] - a).cross(l.vertices[size_t(t[2])] - a);
      const double length = n.norm();
      if (!(length > 0)) continue;
      const double facing = n.dot(toward_camera) / length;
      // A translucent layer shows only its near side: one film over what
      // it encloses rather than two.
      if (l.opacity < 1 && facing <= 0) continue;
      const double lambert = std::abs(n.dot(light)) / length;
      const double shade = l.values.empty() ? 0.45 + 0.55 * lambert : 0.7 + 0.3 * lambert;
      const ScreenPoint& sa = screen[size_t(t[0])];
      const ScreenPoint& sb = screen[size_t(t[1])];
      const ScreenPoint& sc = screen[size_t(t[2])];
      if (l.values.empty()) {
        const Rgb c = Shade(l.color, shade);
        raster.FillTriangle(sa, sb, sc, c, c, c, l.opacity);
      } else {
        auto unit = [&](int i) { return hi > lo ? (l.values[size_t(t[size_t(i)])] - lo) / (hi - lo) : 0.5; };
        raster.FillScalarTriangle(sa, sb, sc, unit(0), unit(1), unit(2), Viridis, shade, l.opacity);
      }
    }
    if (l.draw_edges) {
      const Rgb edge = Shade(l.values.empty() ? l.color : Rgb{90, 90, 90}, 0.45);
      for (const auto& t : l.triangles) {
        for (int i = 0; i < 3; ++i) {
          raster.DrawLine(screen[size_t(t[size_t(i)])], screen[size_t(t[size_t((i + 1) % 3)])], edge,
                          2e-3 * diagonal);
        }
      }
    }
  };
  for (const PictureLayer& l : layers) {
    if (l.opacity >= 1) draw(l);
  }
  for (const PictureLayer& l : layers) {
    if (l.opacity < 1) draw(l);
  }

  if (draw_bar) {
    const Rgb ink{30, 30, 30};
    // The bar's panel is kept clear of the scene (a large body may reach it).
    for (int y = 0; y < H; ++y)
      for (int x = bar_x0 - margin; x < W; ++x) image.Set(x, y, Rgb{250, 250, 250});
    DrawText(&image, bar_x0, margin, options.scalar_label, ink, text_scale);
    for (int y = top; y <= bottom; ++y) {
      const Rgb c = Viridis(hi > lo ? double(bottom - y) / std::max(1, bottom - top) : 0.5);
      for (int x = bar_x0; x <= bar_x1; ++x) image.Set(x, y, c);
    }
    for (int x = bar_x0 - 1; x <= bar_x1 + 1; ++x) {
      image.Set(x, top - 1, ink);
      image.Set(x, bottom + 1, ink);
    }
    for (int y = top - 1; y <= bottom + 1; ++y) {
      image.Set(bar_x0 - 1, y, ink);
      image.Set(bar_x1 + 1, y, ink);
    }
    for (size_t k = 0; k < ticks.size(); ++k) {
      // At the value's place on the bar (a constant field's at the middle).
      const double at = hi > lo ? (hi - ticks[k].first) / (hi - lo) : 0.5;
      const int y = top + int(std::lround((bottom - top) * at));
      for (int x = bar_x1 + 1; x <= bar_x1 + 3 * text_scale; ++x) image.Set(x, y, ink);
      DrawText(&image, bar_x1 + 5 * text_scale, y - 7 * text_scale / 2, ticks[k].second, ink, text_scale);
    }
  }
  return image;
}

}  // namespace hydrocontact::render
