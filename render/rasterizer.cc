#include "render/rasterizer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

namespace hydrocontact::render {
namespace {

uint8_t Channel(double v) { return uint8_t(std::clamp(std::lround(v), 0L, 255L)); }

// Vertices are snapped to a grid of 1/kSubpixels px and the edge functions
// evaluated in integers of that unit. Coordinates are first clipped to the
// guard band [-kGuard, kGuard] px (far wider than any image), so that a
// snapped coordinate is at most 2^29 units: a difference of two is at most
// 2^30, a product of two differences at most 2^60, and an edge function (a
// difference of two products) fits an int64_t exactly.
constexpr double kSubpixels = 256;
constexpr double kGuard = 2097152;  // 2^21 px.

// A vertex being clipped: its position and its barycentric coordinates in
// the triangle given to Fill (so that colour and depth are interpolated
// from the given vertices whatever the clipping and snapping).
struct ClipVertex {
  double x, y;
  std::array<double, 3> w;
};

// (1 - t)·p + t·q for t in [0, 1]: no overflow for any finite p and q.
double Lerp(double p, double q, double t) { return (1 - t) * p + t * q; }

// The point of segment pq on the line where coordinate `axis` (0: x,
// 1: y) is `bound`. Computed from the endpoints in a fixed order, so that a
// shared edge is cut at the same point in both triangles that have it.
ClipVertex Intersect(ClipVertex p, ClipVertex q, int axis, double bound) {
  if (std::tie(q.x, q.y) < std::tie(p.x, p.y)) std::swap(p, q);
  const double pc = axis == 0 ? p.x : p.y, qc = axis == 0 ? q.x : q.y;
  // Halved so that neither difference overflows.
  const double t = std::clamp((bound / 2 - pc / 2) / (qc / 2 - pc / 2), 0.0, 1.0);
  ClipVertex r{Lerp(p.x, q.x, t), Lerp(p.y, q.y, t), {}};
  for (size_t k = 0; k < 3; ++k) r.w[k] = Lerp(p.w[k], q.w[k], t);
  (axis == 0 ? r.x : r.y) = bound;
  return r;
}

// Sutherland–Hodgman clipping of a convex polygon to the guard band.
std::vector<ClipVertex> ClipToGuardBand(std::vector<ClipVertex> polygon) {
  for (int axis = 0; axis < 2; ++axis) {
    for (double sign : {1.0, -1.0}) {
      const double bound = sign * kGuard;
      auto inside = [&](const ClipVertex& v) { return sign * (axis == 0 ? v.x : v.y) <= kGuard; };
      std::vector<ClipVertex> out;
      for (size_t k = 0; k < polygon.size(); ++k) {
        const ClipVertex& s = polygon[k];
        const ClipVertex& e = polygon[(k + 1) % polygon.size()];
        if (inside(e)) {
          if (!inside(s)) out.push_back(Intersect(s, e, axis, bound));
          out.push_back(e);
        } else if (inside(s)) {
          out.push_back(Intersect(s, e, axis, bound));
        }
      }
      polygon = std::move(out);
    }
  }
  return polygon;
}

// A snapped vertex: integer coordinates in units of 1/kSubpixels px.
struct Snapped {
  int64_t x, y;
};

Snapped Snap(const ClipVertex& v) {
  auto snap = [](double c) { return int64_t(std::llround(std::clamp(c, -kGuard, kGuard) * kSubpixels)); };
  return {snap(v.x), snap(v.y)};
}

// Twice the signed area of (a, b, p), in (1/kSubpixels px)², exactly: an
// edge function, positive with p to the left of a→b (x right, y down).
int64_t Edge(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t px, int64_t py) {
  return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

// Floor of n / d for d > 0.
int64_t FloorDiv(int64_t n, int64_t d) { return n >= 0 ? n / d : -((-n + d - 1) / d); }

}  // namespace

Rasterizer::Rasterizer(Image* image)
    : image_(image),
      depth_(size_t(image->width()) * size_t(image->height()), std::numeric_limits<double>::infinity()) {}

template <class ColorAt>
void Rasterizer::Fill(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c, double opacity,
                      ColorAt color) {
  for (const ScreenPoint* p : {&a, &b, &c}) {
    if (!std::isfinite(p->x) || !std::isfinite(p->y) || !std::isfinite(p->depth)) return;
  }
  // Nothing to draw if the triangle's box misses the image (this also
  // spares the clipping of the many triangles far off a zoomed picture).
  if (std::max({a.x, b.x, c.x}) < 0 || std::min({a.x, b.x, c.x}) > image_->width() ||
      std::max({a.y, b.y, c.y}) < 0 || std::min({a.y, b.y, c.y}) > image_->height()) {
    return;
  }
  std::vector<ClipVertex> polygon{{a.x, a.y, {1, 0, 0}}, {b.x, b.y, {0, 1, 0}}, {c.x, c.y, {0, 0, 1}}};
  const bool within = std::all_of(polygon.begin(), polygon.end(), [](const ClipVertex& v) {
    return std::abs(v.x) <= kGuard && std::abs(v.y) <= kGuard;
  });
  if (!within) polygon = ClipToGuardBand(std::move(polygon));
  const bool opaque = opacity >= 1.0;
  const ScreenPoint* given[3] = {&a, &b, &c};
  // Fills the snapped triangle (p0, p1, p2) over the pixels whose centre it
  // covers under the tie rule (see FillTriangle): a centre at (x + ½,
  // y + ½) is taken as nudged by (ε, ε²), which lies on no edge. An edge
  // u→v of a counter-clockwise (on screen, y down: positive Edge) triangle
  // then has such a centre inside iff its edge function E > 0, or E = 0 and
  // d(E)/dε = -(v.y - u.y) > 0, or both 0 and d(E)/dε² = v.x - u.x > 0.
  auto fill = [&](ClipVertex q0, ClipVertex q1, ClipVertex q2) {
    Snapped p0 = Snap(q0), p1 = Snap(q1), p2 = Snap(q2);
    int64_t area = Edge(p0.x, p0.y, p1.x, p1.y, p2.x, p2.y);
    if (area == 0) return;
    if (area < 0) {
      std::swap(p1, p2);
      std::swap(q1, q2);
      area = -area;
    }
    auto owns = [](const Snapped& u, const Snapped& v) { return v.y < u.y || (v.y == u.y && v.x > u.x); };
    const int64_t min0 = owns(p1, p2) ? 0 : 1, min1 = owns(p2, p0) ? 0 : 1, min2 = owns(p0, p1) ? 0 : 1;
    // Colour and depth are interpolated over the triangle as given (before
    // snapping), so that coplanar triangles have the same depths up to
    // rounding however they are cut; a triangle under a pixel thin (whose
    // snapped covering may reach beyond it by more than it is wide) is
    // interpolated as snapped.
    auto cross = [](const ClipVertex& u, const ClipVertex& v, double px, double py) {
      return (v.x - u.x) * (py - u.y) - (v.y - u.y) * (px - u.x);
    };
    const double given_area = cross(q0, q1, q2.x, q2.y);
    const double longest = std::max({std::hypot(q1.x - q0.x, q1.y - q0.y), std::hypot(q2.x - q1.x, q2.y - q1.y),
                                      std::hypot(q0.x - q2.x, q0.y - q2.y)});
    const bool as_given = given_area >= longest;
    // Pixels whose centre (S·i + S/2 in snapped units) is in the box.
    const int64_t S = int64_t(kSubpixels), half = S / 2;
    const int64_t x0 = std::max<int64_t>(0, -FloorDiv(half - std::min({p0.x, p1.x, p2.x}), S));
    const int64_t x1 = std::min<int64_t>(image_->width() - 1, FloorDiv(std::max({p0.x, p1.x, p2.x}) - half, S));
    const int64_t y0 = std::max<int64_t>(0, -FloorDiv(half - std::min({p0.y, p1.y, p2.y}), S));
    const int64_t y1 = std::min<int64_t>(image_->height() - 1, FloorDiv(std::max({p0.y, p1.y, p2.y}) - half, S));
    for (int64_t y = y0; y <= y1; ++y) {
      const int64_t py = S * y + half;
      for (int64_t x = x0; x <= x1; ++x) {
        const int64_t px = S * x + half;
        const int64_t e0 = Edge(p1.x, p1.y, p2.x, p2.y, px, py);
        const int64_t e1 = Edge(p2.x, p2.y, p0.x, p0.y, px, py);
        const int64_t e2 = Edge(p0.x, p0.y, p1.x, p1.y, px, py);
        if (e0 < min0 || e1 < min1 || e2 < min2) continue;
        // The centre's barycentric coordinates in this triangle (each from
        // its own edge), then in the one given to Fill.
        double l0, l1, l2;
        if (as_given) {
          const double cx = double(x) + 0.5, cy = double(y) + 0.5;
          l0 = cross(q1, q2, cx, cy) / given_area;
          l1 = cross(q2, q0, cx, cy) / given_area;
          l2 = cross(q0, q1, cx, cy) / given_area;
        } else {
          l0 = double(e0) / double(area);
          l1 = double(e1) / double(area);
          l2 = double(e2) / double(area);
        }
        std::array<double, 3> w{};
        double z = 0;
        for (size_t k = 0; k < 3; ++k) {
          w[k] = l0 * q0.w[k] + l1 * q1.w[k] + l2 * q2.w[k];
          z += w[k] * given[k]->depth;
        }
        double& stored = depth_[size_t(y) * size_t(image_->width()) + size_t(x)];
        if (!(z < (opaque ? stored : stored - film_margin_))) continue;
        const std::array<double, 3> rgb = color(w[0], w[1], w[2]);
        Rgb& pixel = image_->at(int(x), int(y));
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
  };
  // A fan over the (convex) clipped polygon: its inner edges are shared
  // exactly by the fan's triangles.
  for (size_t k = 1; k + 1 < polygon.size(); ++k) fill(polygon[0], polygon[k], polygon[k + 1]);
}

void Rasterizer::FillTriangle(const ScreenPoint& a, const ScreenPoint& b, const ScreenPoint& c, Rgb color_a,
                              Rgb color_b, Rgb color_c, double opacity) {
  // One colour is used as it is, not as a sum of weights that may round
  // below 1.
  const bool flat = color_a == color_b && color_b == color_c;
  Fill(a, b, c, opacity, [&](double wa, double wb, double wc) {
    if (flat) return std::array<double, 3>{double(color_a.r), double(color_a.g), double(color_a.b)};
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
  for (const ScreenPoint* p : {&a, &b}) {
    if (!std::isfinite(p->x) || !std::isfinite(p->y) || !std::isfinite(p->depth)) return;
  }
  // Liang–Barsky: the parameters [t0, t1] of a + t·(b - a) within the
  // image grown by a pixel, so that the pixels below are those of the
  // image whatever the segment's length. Halved differences cannot
  // overflow; their ratios are the same.
  double t0 = 0, t1 = 1;
  int side0 = -1, side1 = -1;  // The sides that cut the segment at t0 and t1.
  const double hx = b.x / 2 - a.x / 2, hy = b.y / 2 - a.y / 2;
  const double W = image_->width(), H = image_->height();
  const std::array<std::array<double, 2>, 4> sides{
      {{-hx, a.x / 2 + 0.5}, {hx, (W + 1) / 2 - a.x / 2}, {-hy, a.y / 2 + 0.5}, {hy, (H + 1) / 2 - a.y / 2}}};
  for (int k = 0; k < 4; ++k) {
    const auto [p, q] = sides[size_t(k)];
    // The segment is inside this side where p·t <= q.
    if (p == 0) {
      if (q < 0) return;
    } else if (p < 0 && q / p > t0) {
      t0 = q / p;
      side0 = k;
    } else if (p > 0 && q / p < t1) {
      t1 = q / p;
      side1 = k;
    }
  }
  if (!(t0 <= t1)) return;
  // The cut ends, each on its side exactly (its other coordinate is
  // interpolated).
  auto cut = [&](double t, int side) {
    std::array<double, 2> p{Lerp(a.x, b.x, t), Lerp(a.y, b.y, t)};
    if (side >= 0) p[size_t(side / 2)] = std::array<double, 4>{-1, W + 1, -1, H + 1}[size_t(side)];
    return p;
  };
  const auto [ax, ay] = cut(t0, side0);
  const auto [bx, by] = cut(t1, side1);
  // `s` in [0, 1] along the clipped part.
  auto plot = [&](double x, double y, double s) {
    // (Rounding in the clipping of a line of huge coordinates may leave a
    // point off the image: tested before the conversions.)
    if (!(x >= 0 && x < W && y >= 0 && y < H)) return;
    const int i = int(x), j = int(y);
    const double z = Lerp(a.depth, b.depth, Lerp(t0, t1, s));
    if (z <= depth(i, j) + depth_tolerance) image_->at(i, j) = color;
  };
  // One pixel per column (or row, for a steep line) whose centre the line
  // spans, at its point there; and the pixels of the ends.
  const bool steep = std::abs(by - ay) > std::abs(bx - ax);
  const double u0 = steep ? ay : ax, u1 = steep ? by : bx;
  const double v0 = steep ? ax : ay, v1 = steep ? bx : by;
  if (u0 != u1) {
    const double extent = steep ? H : W;
    const double lo = std::max(std::min(u0, u1), -1.0), hi = std::min(std::max(u0, u1), extent + 1);
    for (int k = int(std::ceil(lo - 0.5)); k <= int(std::floor(hi - 0.5)); ++k) {
      const double s = std::clamp((k + 0.5 - u0) / (u1 - u0), 0.0, 1.0);
      const double v = Lerp(v0, v1, s);
      if (steep) {
        plot(v, k + 0.5, s);
      } else {
        plot(k + 0.5, v, s);
      }
    }
  }
  if (t0 == 0) plot(ax, ay, 0);
  if (t1 == 1) plot(bx, by, 1);
}

}  // namespace hydrocontact::render
