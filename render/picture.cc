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
  if (options.width < 64 || options.width > 8192 || options.height < 64 || options.height > 8192) {
    throw std::invalid_argument(fmt::format("RenderPicture: image size {}x{} is outside [64, 8192]",
                                            options.width, options.height));
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

// "1.23e+06" style, short enough for the bar.
std::string Label(double v) { return fmt::format("{:.3g}", v); }

}  // namespace

ViewDirection ParseViewDirection(const std::string& text) {
  if (text == "iso") return {-60 * kDeg, 30 * kDeg};
  if (text == "top") return {-90 * kDeg, 90 * kDeg};
  if (text == "front") return {-90 * kDeg, 0};
  if (text == "side") return {0, 0};
  const size_t comma = text.find(',');
  double az = 0, el = 0;
  size_t used_az = 0, used_el = 0;
  bool ok = comma != std::string::npos;
  if (ok) {
    try {
      const std::string a = text.substr(0, comma), e = text.substr(comma + 1);
      az = std::stod(a, &used_az);
      el = std::stod(e, &used_el);
      ok = used_az == a.size() && used_el == e.size() && std::isfinite(az) && std::isfinite(el);
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (!ok) {
    throw std::invalid_argument(fmt::format(
        "view '{}' is none of iso, top, front, side or AZ,EL (degrees, e.g. 30,20)", text));
  }
  if (el < -90 || el > 90) {
    throw std::invalid_argument(fmt::format("view '{}': elevation {} is outside [-90, 90] degrees", text, el));
  }
  return {az * kDeg, el * kDeg};
}

std::array<int, 2> ParseImageSize(const std::string& text) {
  const size_t x = text.find('x');
  int w = 0, h = 0;
  try {
    size_t used_w = 0, used_h = 0;
    if (x != std::string::npos) {
      w = std::stoi(text.substr(0, x), &used_w);
      h = std::stoi(text.substr(x + 1), &used_h);
      if (used_w != x || used_h != text.size() - x - 1) w = 0;
    }
  } catch (const std::exception&) {
    w = 0;
  }
  if (w < 64 || w > 8192 || h < 64 || h > 8192) {
    throw std::invalid_argument(fmt::format("size '{}' is not WIDTHxHEIGHT with each in [64, 8192] pixels", text));
  }
  return {w, h};
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
  if (has_values && !(hi - lo > 1e-12 * std::max(1.0, std::abs(hi)))) {
    const double pad = std::max(1e-12, 0.01 * std::abs(hi));
    lo -= pad;
    hi += pad;
  }

  // Layout: the colour bar and its labels on the right.
  const int text_scale = H >= 400 ? 2 : 1;
  const int margin = 8 * text_scale + 4;
  int plot_right = W - margin;
  const std::array<double, 3> ticks{hi, (lo + hi) / 2, lo};
  int bar_x0 = 0, bar_x1 = 0;
  if (has_values) {
    int label_width = TextWidth(options.scalar_label, text_scale) - 14 * text_scale;
    for (double t : ticks) label_width = std::max(label_width, TextWidth(Label(t), text_scale));
    bar_x1 = W - margin - label_width - 4 * text_scale;
    bar_x0 = bar_x1 - 10 * text_scale;
    plot_right = bar_x0 - 2 * margin;
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
        auto unit = [&](int i) { return (l.values[size_t(t[size_t(i)])] - lo) / (hi - lo); };
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

  if (has_values) {
    const Rgb ink{30, 30, 30};
    const int top = margin + 7 * text_scale + 10 * text_scale;
    const int bottom = H - margin - 4 * text_scale;
    // The bar's panel is kept clear of the scene (a large body may reach it).
    for (int y = 0; y < H; ++y)
      for (int x = bar_x0 - margin; x < W; ++x) image.Set(x, y, Rgb{250, 250, 250});
    DrawText(&image, bar_x0, margin, options.scalar_label, ink, text_scale);
    for (int y = top; y <= bottom; ++y) {
      const Rgb c = Viridis(double(bottom - y) / std::max(1, bottom - top));
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
    for (int k = 0; k < 3; ++k) {
      const int y = top + (bottom - top) * k / 2;
      for (int x = bar_x1 + 1; x <= bar_x1 + 3 * text_scale; ++x) image.Set(x, y, ink);
      DrawText(&image, bar_x1 + 5 * text_scale, y - 7 * text_scale / 2, Label(ticks[size_t(k)]), ink, text_scale);
    }
  }
  return image;
}

}  // namespace hydrocontact::render
