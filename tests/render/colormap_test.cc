#include "render/colormap.h"

#include <cmath>

#include <catch2/catch.hpp>

namespace hydrocontact::render {
namespace HYDROCONTACT_TEST_FILE {

double Luma(Rgb c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

TEST_CASE("Viridis: dark violet to yellow, lightness rising, clamped") {
  CHECK(Viridis(0) == Rgb{68, 1, 84});
  CHECK(Viridis(1) == Rgb{253, 231, 37});
  CHECK(Viridis(-3) == Viridis(0));
  CHECK(Viridis(7) == Viridis(1));
  CHECK(Viridis(std::nan("")) == Viridis(0));
  // A perceptual map's lightness rises monotonically: checked on a fine
  // sampling (luma as a proxy).
  double previous = -1;
  for (int k = 0; k <= 200; ++k) {
    const double l = Luma(Viridis(k / 200.0));
    CHECK(l >= previous);
    previous = l;
  }
}

}  // namespace
}  // namespace hydrocontact::render
