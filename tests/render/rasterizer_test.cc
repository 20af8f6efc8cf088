#include "render/rasterizer.h"

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

}  // namespace
}  // namespace hydrocontact::render
