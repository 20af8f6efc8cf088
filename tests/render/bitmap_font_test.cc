#include "render/bitmap_font.h"

#include <catch2/catch.hpp>

namespace hydrocontact::render {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("Bitmap font: widths, glyph pixels and magnification") {
  CHECK(TextWidth("", 2) == 0);
  CHECK(TextWidth("1", 1) == 5);
  CHECK(TextWidth("1.5e+06", 2) == 7 * 12 - 2);
  for (char c : std::string("0123456789.-+() :Paeimnprsux")) CHECK(HasGlyph(c));
  CHECK_FALSE(HasGlyph('#'));
  // "-" is one row of five pixels (its 4th row); at scale 3 a 15 × 3 bar.
  Image image(40, 40, Rgb{0, 0, 0});
  const Rgb w{255, 255, 255};
  DrawText(&image, 10, 10, "-", w, 3);
  int count = 0;
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < 40; ++x) count += image.at(x, y) == w;
  CHECK(count == 15 * 3);
  CHECK(image.at(10, 19) == w);   // Row 3 × 3 = 9 below the top.
  CHECK(image.at(24, 21) == w);
  CHECK_FALSE(image.at(10, 18) == w);
  // Text running off the image is clipped, not a crash.
  DrawText(&image, 35, 35, "8888", w, 2);
}

}  // namespace
}  // namespace hydrocontact::render
