#include "render/picture.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>
#include <set>
#include <tuple>

#include <catch2/catch.hpp>

#include "render/bitmap_font.h"
#include "render/colormap.h"

namespace hydrocontact::render {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

// The unit square z = 0 as two triangles (normal +z), p = x at its vertices.
PictureLayer Square() {
  PictureLayer l;
  l.vertices = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  l.triangles = {{0, 1, 2}, {0, 2, 3}};
  l.values = {0, 1e6, 1e6, 0};
  return l;
}

std::set<std::tuple<int, int, int>> Colours(const Image& image) {
  std::set<std::tuple<int, int, int>> colours;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) colours.emplace(image.at(x, y).r, image.at(x, y).g, image.at(x, y).b);
  return colours;
}

TEST_CASE("RenderPicture: a pressure square seen from the top fills the plot, with a colour bar") {
  PictureOptions options;
  options.width = 640;
  options.height = 480;
  options.view = *NamedView("top");
  const Image image = RenderPicture({Square()}, options);
  REQUIRE(image.width() == 640);
  REQUIRE(image.height() == 480);
  CHECK(Colours(image).size() > 50);
  // Seen from the top (x to the right, y up), the square is centred in the
  // plot area (left of the bar), shaded from dark (x = 0) to yellow (x = 1)
  // with the light's constant Lambert factor: red and green grow with x.
  int y = 240;
  int left = -1, right = -1;
  for (int x = 0; x < 640; ++x) {
    if (image.at(x, y) == Rgb{250, 250, 250}) continue;
    if (left < 0) left = x;
    right = x;
    if (x > 450) break;
  }
  REQUIRE(left >= 0);
  REQUIRE(right - left > 100);
  CHECK(image.at(left + 5, y).g < image.at(right - 5, y).g);
  CHECK(image.at(left + 5, y).r < image.at(right - 5, y).r);
  // The bar: its top is the top colour of the map, its bottom the bottom
  // colour, found as runs of exactly those colours at the right.
  const Rgb top = Viridis(1), bottom = Viridis(0);
  int top_hits = 0, bottom_hits = 0;
  for (int yy = 0; yy < 480; ++yy)
    for (int x = 480; x < 640; ++x) {
      top_hits += image.at(x, yy) == top;
      bottom_hits += image.at(x, yy) == bottom;
    }
  CHECK(top_hits >= 10);
  CHECK(bottom_hits >= 10);
}

TEST_CASE("RenderPicture: a translucent layer tints what is behind it, nothing to draw is an error") {
  PictureLayer film;
  film.vertices = {{-1, -1, 1}, {2, -1, 1}, {2, 2, 1}, {-1, 2, 1}};
  film.triangles = {{0, 1, 2}, {0, 2, 3}};
  film.color = Rgb{255, 0, 0};
  film.opacity = 0.5;
  PictureOptions options;
  options.view = *NamedView("top");
  options.frame = Aabb(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 1));
  const Image with = RenderPicture({Square(), film}, options);
  const Image without = RenderPicture({Square()}, options);
  // At the centre of the plot the film reddens the square: more red, less
  // green than without it.
  const Rgb a = with.at(300, 300), b = without.at(300, 300);
  CHECK(a.r > b.r);
  CHECK(a.g < b.g);
  CHECK_THROWS_WITH(RenderPicture({}, PictureOptions{}), Contains("nothing to draw"));
  PictureLayer bad = Square();
  bad.triangles.push_back({0, 1, 7});
  CHECK_THROWS_WITH(RenderPicture({bad}, PictureOptions{}), Contains("index 7 out of range"));
  PictureOptions tiny;
  tiny.width = 10;
  CHECK_THROWS_WITH(RenderPicture({Square()}, tiny), Contains("10x600"));
}

TEST_CASE("NamedView and ViewFromDegrees") {
  const ViewDirection top = *NamedView("top");
  CHECK(top.elevation == Approx(M_PI / 2));
  const ViewDirection custom = ViewFromDegrees(30, -45);
  CHECK(custom.azimuth == Approx(M_PI / 6));
  CHECK(custom.elevation == Approx(-M_PI / 4));
  CHECK(NamedView("iso").has_value());
  CHECK(NamedView("front").has_value());
  CHECK(NamedView("side").has_value());
  CHECK_FALSE(NamedView("diagonal").has_value());
  CHECK_THROWS_WITH(ViewFromDegrees(0, 95), Contains("elevation 95"));
  CHECK_THROWS_WITH(ViewFromDegrees(0, -90.5), Contains("elevation -90.5"));
  CHECK_THROWS_WITH(ViewFromDegrees(std::nan(""), 0), Contains("not finite"));
}

TEST_CASE("ColourBarTicks: labels tell the ticks apart and stay within the values") {
  using Ticks = std::vector<std::pair<double, std::string>>;
  // Hand-derived: a plain range at 3 digits.
  CHECK(ColourBarTicks(0, 1e6) == Ticks{{1e6, "1e+06"}, {5e5, "5e+05"}, {0, "0"}});
  // 9.99947e8 to 1.0001e9 (middle 1.0000235e9): at 3 and 4 significant
  // digits all three read "1e+09"; at 5: 1.0001e+09, 1.0000e+09 and
  // 9.9995e+08, which %g writes without the trailing zeros.
  CHECK(ColourBarTicks(9.99947e8, 1.0001e9) ==
        Ticks{{1.0001e9, "1.0001e+09"}, {1.0000235e9, "1e+09"}, {9.99947e8, "9.9995e+08"}});
  // A constant field: its value, once; zero is "0" (no invented negative
  // pressure below it, no "-0").
  CHECK(ColourBarTicks(0, 0) == Ticks{{0, "0"}});
  CHECK(ColourBarTicks(-0.0, -0.0) == Ticks{{0, "0"}});
  CHECK(ColourBarTicks(2.5e6, 2.5e6) == Ticks{{2.5e6, "2.5e+06"}});
  // Adjacent doubles: no middle between them; told apart at 17 digits
  // (1 + 2⁻⁵² = 1.0000000000000002220...).
  const double next = std::nextafter(1.0, 2.0);
  CHECK(ColourBarTicks(1, next) == Ticks{{next, "1.0000000000000002"}, {1, "1"}});
}

// True if `text` at magnification `scale` shows somewhere in the right
// half of `image` (where the colour bar is) in the bar's ink: its glyph
// pixels ink and the other pixels of its cells not.
bool ShowsText(const Image& image, const std::string& text, int scale) {
  const Rgb ink{30, 30, 30};
  Image pattern(TextWidth(text, scale), kGlyphHeight * scale, Rgb{255, 255, 255});
  DrawText(&pattern, 0, 0, text, Rgb{0, 0, 0}, scale);
  for (int y0 = 0; y0 + pattern.height() <= image.height(); ++y0)
    for (int x0 = image.width() / 2; x0 + pattern.width() <= image.width(); ++x0) {
      bool match = true;
      for (int y = 0; y < pattern.height() && match; ++y)
        for (int x = 0; x < pattern.width() && match; ++x)
          match = (pattern.at(x, y) == Rgb{0, 0, 0}) == (image.at(x0 + x, y0 + y) == ink);
      if (match) return true;
    }
  return false;
}

TEST_CASE("RenderPicture: the colour bar's labels read the values apart, a constant field its value") {
  // 800 × 600: labels at scale 2. Pressures from 9.99947e8 to 1.0001e9
  // need 5 digits to be told apart (see ColourBarTicks): the old 3-digit
  // labels all read 1e+09.
  PictureLayer layer = Square();
  layer.values = {9.99947e8, 1.0001e9, 1.0001e9, 9.99947e8};
  const Image narrow = RenderPicture({layer}, PictureOptions{});
  CHECK(ShowsText(narrow, "1.0001e+09", 2));
  CHECK(ShowsText(narrow, "9.9995e+08", 2));
  // An all-zero field: labelled 0, with no invented range around it (the
  // old bar read 1e-12, 0 and -1e-12, a negative pressure).
  layer.values = {0, 0, 0, 0};
  const Image zero = RenderPicture({layer}, PictureOptions{});
  CHECK(ShowsText(zero, "0", 2));
  CHECK_FALSE(ShowsText(zero, "1e-12", 2));
  CHECK_FALSE(ShowsText(zero, "-1e-12", 2));
  // A constant 2.5e6: its value (the old bar read 2.52e+06 and 2.48e+06 at
  // its ends), in the middle colour of the map, as the field is drawn.
  layer.values = {2.5e6, 2.5e6, 2.5e6, 2.5e6};
  const Image constant = RenderPicture({layer}, PictureOptions{});
  CHECK(ShowsText(constant, "2.5e+06", 2));
  CHECK_FALSE(ShowsText(constant, "2.52e+06", 2));
  int middle = 0, ends = 0;
  for (int y = 0; y < constant.height(); ++y)
    for (int x = 0; x < constant.width(); ++x) {
      middle += constant.at(x, y) == Viridis(0.5);
      ends += constant.at(x, y) == Viridis(0) || constant.at(x, y) == Viridis(1);
    }
  CHECK(middle > 100);
  CHECK(ends == 0);
}

TEST_CASE("RenderPicture: a film lying on an opaque surface leaves all of it untinted") {
  // A grey square z = 0 and a translucent red film on the same plane, cut
  // differently (a fan about an inner point, so its depths differ from the
  // square's by rounding only), seen from azimuth 0°, elevation 60°. The
  // opaque surface wins the tie: wherever the square shows, the picture is
  // as without the film (the old picture was a speckle of tinted and
  // untinted pixels). A film 0.05 above it (nearer by 0.05·sin 60° ≈ 0.04,
  // beyond any rounding) tints all of it.
  PictureLayer square = Square();
  square.values.clear();
  PictureOptions options;
  options.view = ViewFromDegrees(0, 60);
  options.frame = Aabb(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 0));
  const Image without = RenderPicture({square}, options);
  const Rgb background{250, 250, 250};
  for (double h : {0.0, 0.05}) {
    PictureLayer film;
    film.vertices = {{-0.5, -0.5, h}, {1.5, -0.5, h}, {1.5, 1.5, h}, {-0.5, 1.5, h}, {0.37, 0.61, h}};
    film.triangles = {{4, 0, 1}, {4, 1, 2}, {4, 2, 3}, {4, 3, 0}};  // Counter-clockwise from +z.
    film.color = Rgb{255, 0, 0};
    film.opacity = 0.5;
    const Image with = RenderPicture({square, film}, options);
    int scene = 0, tinted = 0;
    for (int y = 0; y < with.height(); ++y)
      for (int x = 0; x < with.width(); ++x) {
        if (without.at(x, y) == background) continue;
        ++scene;
        tinted += !(with.at(x, y) == without.at(x, y));
      }
    INFO("h = " << h);
    REQUIRE(scene > 10000);
    CHECK(tinted == (h == 0 ? 0 : scene));
  }
}

TEST_CASE("RenderPicture: at every accepted size the whole scene shows and no text runs off") {
  // A red unit square (no values) and beside it a small triangle with
  // pressure (for the colour bar), seen from the top: the square is an
  // axis-aligned square of red pixels, (r, 0, 0), a colour nothing else has
  // (every colour of the map has blue > 0, the ink is grey). At every size
  // it must be whole (its bounding box all red, as wide as tall) and inside
  // the picture, and the bar's text (ink (30, 30, 30)) must touch no edge of
  // the picture (text cut off by an edge touches it) and keep to the right
  // half.
  PictureLayer red;
  red.vertices = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  red.triangles = {{0, 1, 2}, {0, 2, 3}};
  red.color = Rgb{255, 0, 0};
  PictureLayer pressure;
  pressure.vertices = {{1.1, 0, 0}, {1.3, 0, 0}, {1.1, 0.3, 0}};
  pressure.triangles = {{0, 1, 2}};
  pressure.values = {0, 1.23456e5, 2.5e5};
  std::vector<std::array<int, 2>> sizes{{8192, 64}, {8192, 100}, {64, 8192}, {100, 8192}};
  for (int w : {64, 65, 90, 125, 160, 218, 300, 399, 400, 801})
    for (int h : {64, 100, 399, 400, 601}) sizes.push_back({w, h});
  for (const auto& [w, h] : sizes) {
    INFO("size " << w << "x" << h);
    PictureOptions options;
    options.width = w;
    options.height = h;
    options.view = *NamedView("top");
    const Image image = RenderPicture({red, pressure}, options);
    int x0 = w, x1 = -1, y0 = h, y1 = -1, count = 0, ink_on_edge = 0, ink_left = 0, bar_top = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const Rgb c = image.at(x, y);
        if (c.r > 0 && c.g == 0 && c.b == 0) {
          x0 = std::min(x0, x);
          x1 = std::max(x1, x);
          y0 = std::min(y0, y);
          y1 = std::max(y1, y);
          ++count;
        }
        if (c == Rgb{30, 30, 30}) {
          ink_on_edge += x == 0 || y == 0 || x == w - 1 || y == h - 1;
          ink_left += x < w / 2;
        }
        bar_top += c == Viridis(1);
      }
    CHECK(count > 0);
    if (count == 0) continue;
    CHECK(x0 >= 1);
    CHECK(y0 >= 1);
    CHECK(x1 <= w - 2);
    CHECK(y1 <= h - 2);
    CHECK(count == (x1 - x0 + 1) * (y1 - y0 + 1));
    CHECK(std::abs((x1 - x0) - (y1 - y0)) <= 1);
    CHECK(x1 - x0 >= 10);
    CHECK(ink_on_edge == 0);
    CHECK(ink_left == 0);
    // The bar is kept where there is room for it.
    if (w >= 300) CHECK(bar_top > 0);
  }
}

}  // namespace
}  // namespace hydrocontact::render
