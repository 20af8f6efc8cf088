#include "render/picture.h"

#include <cmath>
#include <set>
#include <tuple>

#include <catch2/catch.hpp>

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
  options.view = ParseViewDirection("top");
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
  options.view = ParseViewDirection("top");
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

TEST_CASE("ParseViewDirection and ParseImageSize") {
  const ViewDirection top = ParseViewDirection("top");
  CHECK(top.elevation == Approx(M_PI / 2));
  const ViewDirection custom = ParseViewDirection("30,-45");
  CHECK(custom.azimuth == Approx(M_PI / 6));
  CHECK(custom.elevation == Approx(-M_PI / 4));
  CHECK_NOTHROW(ParseViewDirection("iso"));
  CHECK_NOTHROW(ParseViewDirection("front"));
  CHECK_NOTHROW(ParseViewDirection("side"));
  CHECK_THROWS_WITH(ParseViewDirection("diagonal"), Contains("'diagonal'"));
  CHECK_THROWS_WITH(ParseViewDirection("0,95"), Contains("elevation 95"));
  CHECK_THROWS_WITH(ParseViewDirection("1,2x"), Contains("'1,2x'"));
  CHECK(ParseImageSize("1024x768") == std::array<int, 2>{1024, 768});
  CHECK_THROWS_WITH(ParseImageSize("20x20"), Contains("'20x20'"));
  CHECK_THROWS_WITH(ParseImageSize("800"), Contains("'800'"));
  CHECK_THROWS_WITH(ParseImageSize("800x600x3"), Contains("'800x600x3'"));
}

}  // namespace
}  // namespace hydrocontact::render
