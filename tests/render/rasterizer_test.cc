#include "render/rasterizer.h"

#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact::render {
namespace HYDROCONTACT_TEST_FILE {

int CountColour(const Image& image, Rgb c) {
  int n = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) n += image.at(x, y) == c;
  return n;
}

TEST_CASE("Rasterizer: a right triangle covers the pixels whose centres it contains") {
  // Legs of 10.2 px along x and y from the origin: pixel (i, j) has its
  // centre (i + ½, j + ½) inside iff i + j + 1 <= 10.2, i.e. i + j <= 9:
  // 1 + 2 + ... + 10 = 55 pixels, none of them on an edge.
  Image image(32, 32, Rgb{0, 0, 0});
  Rasterizer r(&image);
  const Rgb red{255, 0, 0};
  r.FillTriangle({0, 0, 1}, {10.2, 0, 1}, {0, 10.2, 1}, red, red, red);
  CHECK(CountColour(image, red) == 55);
  CHECK(image.at(0, 0) == red);
  CHECK(image.at(9, 0) == red);
  CHECK(image.at(0, 9) == red);
  CHECK(image.at(4, 5) == red);
  CHECK_FALSE(image.at(5, 5) == red);
  CHECK_FALSE(image.at(10, 0) == red);
  CHECK(r.depth(3, 3) == Approx(1.0).epsilon(1e-12));
  CHECK(r.depth(20, 20) == std::numeric_limits<double>::infinity());
  // The other winding covers the same pixels.
  Image image2(32, 32, Rgb{0, 0, 0});
  Rasterizer r2(&image2);
  r2.FillTriangle({0, 0, 1}, {0, 10.2, 1}, {10.2, 0, 1}, red, red, red);
  CHECK(CountColour(image2, red) == 55);
}

TEST_CASE("Rasterizer: the nearer triangle wins, colours and translucency blend linearly") {
  Image image(16, 16, Rgb{0, 0, 0});
  Rasterizer r(&image);
  const Rgb red{255, 0, 0}, blue{0, 0, 255};
  // A far red square, then a near blue one, then the far red again: blue
  // stays wherever they overlap.
  auto square = [&](double depth, Rgb c) {
    r.FillTriangle({0, 0, depth}, {16, 0, depth}, {16, 16, depth}, c, c, c);
    r.FillTriangle({0, 0, depth}, {16, 16, depth}, {0, 16, depth}, c, c, c);
  };
  square(5, red);
  square(2, blue);
  square(5, red);
  CHECK(CountColour(image, blue) == 256);
  // A translucent white film (opacity ¼) over blue, nearer: each channel
  // becomes ¼·255 + ¾·old: (64, 64, 255); depth unchanged.
  const Rgb white{255, 255, 255};
  r.FillTriangle({0, 0, 1}, {16, 0, 1}, {16, 16, 1}, white, white, white, 0.25);
  CHECK(image.at(12, 2) == Rgb{64, 64, 255});
  CHECK(r.depth(12, 2) == Approx(2.0).epsilon(1e-12));
  // Behind the blue square a film draws nothing.
  r.FillTriangle({0, 0, 3}, {0, 16, 3}, {16, 16, 3}, white, white, white, 0.25);
  CHECK(image.at(2, 12) == blue);
}

TEST_CASE("Rasterizer: vertex colours are interpolated barycentrically") {
  // Colour red at (0,0), green at (64,0), blue at (0,64): at the pixel
  // centre (16.5, 16.5) the barycentric weights are (1 - 33/64, 16.5/64,
  // 16.5/64), so red ≈ 123.5 → 123 or 124, green and blue ≈ 65.7 → 66.
  Image image(64, 64, Rgb{0, 0, 0});
  Rasterizer r(&image);
  r.FillTriangle({0, 0, 0}, {64, 0, 0}, {0, 64, 0}, Rgb{255, 0, 0}, Rgb{0, 255, 0}, Rgb{0, 0, 255});
  const Rgb c = image.at(16, 16);
  CHECK(std::abs(int(c.r) - 124) <= 1);
  CHECK(int(c.g) == 66);
  CHECK(int(c.b) == 66);
}

// A two-colour map: the scalar fill must apply it per pixel to the
// interpolated value (an RGB blend of the vertex colours would give purple).
Rgb RedBelowHalf(double t) { return t < 0.5 ? Rgb{200, 0, 0} : Rgb{0, 0, 200}; }

TEST_CASE("Rasterizer: scalar triangles map the interpolated value per pixel, then shade") {
  // Values 0 at (0,0) and (0,64), 1 at (64,0): the value at a pixel centre
  // is x/64, so columns 0..31 (centres < 32) are red, 32..63 blue; shade ½
  // halves each channel.
  Image image(64, 64, Rgb{0, 0, 0});
  Rasterizer r(&image);
  r.FillScalarTriangle({0, 0, 0}, {64, 0, 0}, {0, 64, 0}, 0, 1, 0, RedBelowHalf, 0.5);
  CHECK(image.at(31, 2) == Rgb{100, 0, 0});
  CHECK(image.at(32, 2) == Rgb{0, 0, 100});
  CHECK(image.at(10, 40) == Rgb{100, 0, 0});
}

TEST_CASE("Rasterizer: lines and degenerate triangles") {
  Image image(8, 8, Rgb{0, 0, 0});
  Rasterizer r(&image);
  const Rgb w{255, 255, 255};
  r.FillTriangle({1, 1, 0}, {5, 5, 0}, {3, 3, 0}, w, w, w);  // Collinear: nothing.
  CHECK(CountColour(image, w) == 0);
  r.DrawLine({0.5, 2.5, 0}, {7.5, 2.5, 0}, w, 0);  // Row 2, columns 0..7.
  CHECK(CountColour(image, w) == 8);
  for (int x = 0; x < 8; ++x) CHECK(image.at(x, 2) == w);
}


// Twice the signed area of (a, b, p) in doubled coordinates (all the points
// below are on the half-pixel grid, so these are exact integers).
long long Orient(const ScreenPoint& a, const ScreenPoint& b, double px, double py) {
  auto d = [](double v) { return std::llround(2 * v); };
  return (d(b.x) - d(a.x)) * (d(py) - d(a.y)) - (d(b.y) - d(a.y)) * (d(px) - d(a.x));
}

TEST_CASE("Rasterizer: triangles sharing edges and vertices cover each pixel centre once") {
  // A fan of 8 triangles about the pixel centre (16.5, 16.5), its ring on
  // pixel centres too, so that many pixel centres lie on shared edges (the
  // spoke (12, 4) = 4·(3, 1) passes through 3 of them, (8, -12) = 4·(2, -3)
  // through 3, (-10, -10) through 9, ...) and one on the vertex all eight
  // share. Each triangle blends white at opacity ½ over black: a centre
  // covered once becomes ½·255 = 127.5 → 128, twice ½·255 + ½·128 = 191.5
  // → 192; one left out stays 0.
  const ScreenPoint c{16.5, 16.5, 0};
  const std::vector<std::array<double, 2>> ring{{12, 4},  {4, 12},    {-8, 10}, {-12, 2},
                                                {-10, -10}, {-2, -14}, {8, -12}, {14, -6}};
  Image image(32, 32, Rgb{0, 0, 0});
  Rasterizer r(&image);
  const Rgb white{255, 255, 255};
  std::vector<std::array<ScreenPoint, 3>> fan;
  for (size_t k = 0; k < ring.size(); ++k) {
    const auto& p = ring[k];
    const auto& q = ring[(k + 1) % ring.size()];
    // The shared vertices given as separately computed copies, as a mesh
    // with duplicated vertices would.
    fan.push_back({c, ScreenPoint{c.x + p[0], c.y + p[1], 0}, ScreenPoint{c.x + q[0], c.y + q[1], 0}});
    // Alternate windings: the rule must not depend on it.
    if (k % 2) std::swap(fan.back()[1], fan.back()[2]);
    r.FillTriangle(fan.back()[0], fan.back()[1], fan.back()[2], white, white, white, 0.5);
  }
  int inside = 0;
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 32; ++x) {
      const double px = x + 0.5, py = y + 0.5;
      // In a closed triangle of the fan, and on the fan's outline (a ring
      // edge: the side of the triangle opposite c)?
      bool in_closed = false, on_outline = false;
      for (const auto& t : fan) {
        const long long o0 = Orient(t[1], t[2], px, py), o1 = Orient(t[2], t[0], px, py),
                        o2 = Orient(t[0], t[1], px, py);
        const bool in = (o0 >= 0 && o1 >= 0 && o2 >= 0) || (o0 <= 0 && o1 <= 0 && o2 <= 0);
        in_closed = in_closed || in;
        on_outline = on_outline || (in && o0 == 0);
      }
      const int v = image.at(x, y).r;
      INFO("pixel " << x << ", " << y << " value " << v);
      if (!in_closed) {
        CHECK(v == 0);
      } else if (on_outline) {
        CHECK((v == 0 || v == 128));  // Either side's tie; never twice.
      } else {
        CHECK(v == 128);
        ++inside;
      }
    }
  }
  CHECK(inside > 400);
}

TEST_CASE("Rasterizer: triangles far larger than the image are drawn, clipped exactly") {
  // The square [-R, R]² split by its diagonal y = x: the triangle
  // (-R,-R), (R,R), (-R,R) holds the centres with y > x (pixels j > i:
  // 100·99/2 = 4950 of 100 × 100), the other (-R,-R), (R,-R), (R,R) those
  // with y < x and, by the tie rule, the 100 on the diagonal: a centre on
  // it nudged by (ε, ε²) has y < x. Depth is x on both (it is -R at
  // x = -R and R at x = R), so i + ½ at pixel i (interpolated over the
  // triangle as given: up to rounding, about 1e-16·R). R beyond 2³¹ px
  // overflowed the old integer conversion.
  for (double R : {1e3, 1e9, 3e9, 1e12}) {
    INFO("R = " << R);
    Image image(100, 100, Rgb{0, 0, 0});
    Rasterizer r(&image);
    const Rgb red{255, 0, 0}, blue{0, 0, 255};
    r.FillTriangle({-R, -R, -R}, {R, R, R}, {-R, R, -R}, red, red, red);
    r.FillTriangle({-R, -R, -R}, {R, -R, R}, {R, R, R}, blue, blue, blue);
    CHECK(CountColour(image, red) == 4950);
    CHECK(CountColour(image, blue) == 5050);
    CHECK(image.at(3, 70) == red);
    CHECK(image.at(70, 3) == blue);
    CHECK(image.at(42, 42) == blue);
    for (int i : {0, 17, 99}) CHECK(r.depth(i, 99 - i) == Approx(i + 0.5).margin(1e-3));
  }
}

TEST_CASE("Rasterizer: lines far longer than the image draw their part on it") {
  // A horizontal line through row 2 from x = -L to L: columns 0..7 of row
  // 2. With L = 1e10 px the old step count int(ceil(2L)) overflowed.
  for (double L : {1e3, 1e10, 1e300}) {
    INFO("L = " << L);
    Image image(8, 8, Rgb{0, 0, 0});
    Rasterizer r(&image);
    const Rgb w{255, 255, 255};
    r.DrawLine({-L, 2.5, 0}, {L, 2.5, 0}, w, 0);
    CHECK(CountColour(image, w) == 8);
    for (int x = 0; x < 8; ++x) CHECK(image.at(x, 2) == w);
  }
  // A steep line from far above to far below through column 5.
  Image image(8, 8, Rgb{0, 0, 0});
  Rasterizer r(&image);
  const Rgb w{255, 255, 255};
  r.DrawLine({5.5, -1e12, 0}, {5.5, 1e12, 0}, w, 0);
  CHECK(CountColour(image, w) == 8);
  for (int y = 0; y < 8; ++y) CHECK(image.at(5, y) == w);
}

TEST_CASE("Rasterizer: a film within the margin of an opaque surface leaves it untinted") {
  // An opaque square on the plane depth = 5 + 0.37x + 0.11y as two
  // triangles, then a translucent film on the same plane as four triangles
  // about an inner point (depths differ only by rounding): with a margin
  // of 1e-6 the square keeps its colour at every pixel; a film 0.01 nearer
  // tints every pixel of the square: ½·255 + ½·0 → 128 red over blue.
  auto at = [](double x, double y) { return ScreenPoint{x, y, 5 + 0.37 * x + 0.11 * y}; };
  for (double lift : {0.0, 0.01}) {
    Image image(16, 16, Rgb{0, 0, 0});
    Rasterizer r(&image);
    r.set_film_margin(1e-6);
    const Rgb blue{0, 0, 255}, red{255, 0, 0};
    r.FillTriangle(at(0, 0), at(16, 0), at(16, 16), blue, blue, blue);
    r.FillTriangle(at(0, 0), at(16, 16), at(0, 16), blue, blue, blue);
    const ScreenPoint m = at(7.3, 9.1);
    const std::array<ScreenPoint, 4> corners{at(0, 0), at(16, 0), at(16, 16), at(0, 16)};
    for (size_t k = 0; k < 4; ++k) {
      ScreenPoint p = corners[k], q = corners[(k + 1) % 4], n = m;
      p.depth -= lift;
      q.depth -= lift;
      n.depth -= lift;
      r.FillTriangle(n, p, q, red, red, red, 0.5);
    }
    CHECK(CountColour(image, blue) == (lift == 0 ? 256 : 0));
    CHECK(CountColour(image, Rgb{128, 0, 128}) == (lift == 0 ? 0 : 256));
  }
}

}  // namespace
}  // namespace hydrocontact::render
