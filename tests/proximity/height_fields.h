#pragma once

/// @file
/// Height fields for the tests: a function sampled on a centred grid.

#include <functional>
#include <vector>

#include "geometry/shape.h"

namespace hydrocontact::test {

/// The field sampling f(x, y) on an nx × ny grid of spacing dx, dy centred on
/// G's origin, with the given thickness below its lowest sample.
inline HeightField SampleHeightField(int nx, int ny, double dx, double dy, double thickness,
                                     const std::function<double(double, double)>& f) {
  std::vector<double> h;
  for (int j = 0; j < ny; ++j) {
    for (int i = 0; i < nx; ++i) {
      h.push_back(f(-0.5 * (nx - 1) * dx + i * dx, -0.5 * (ny - 1) * dy + j * dy));
    }
  }
  return HeightField(nx, ny, dx, dy, h, thickness);
}

}  // namespace hydrocontact::test
