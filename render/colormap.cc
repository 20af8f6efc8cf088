#include "render/colormap.h"

#include <algorithm>
#include <cmath>

namespace hydrocontact::render {

Rgb Viridis(double t) {
  // Anchors at t = 0, 0.1, ..., 1 (sRGB), sampled from the published map.
  static constexpr unsigned char kAnchors[11][3] = {
      {68, 1, 84},    {72, 36, 117},  {65, 68, 135},  {53, 95, 141},  {42, 120, 142}, {33, 145, 140},
      {34, 168, 132}, {68, 191, 112}, {122, 209, 81}, {189, 223, 38}, {253, 231, 37}};
  if (!(t > 0)) t = 0;
  t = std::min(t, 1.0);
  const double s = t * 10;
  const int i = std::min(int(s), 9);
  const double f = s - i;
  auto mix = [&](int c) {
    return static_cast<unsigned char>(std::lround(kAnchors[i][c] + f * (kAnchors[i + 1][c] - kAnchors[i][c])));
  };
  return Rgb{mix(0), mix(1), mix(2)};
}

}  // namespace hydrocontact::render
