#include "proximity/representation/make_lattice_mesh.h"

#include <cmath>
#include <numbers>

namespace hydrocontact::internal {

Eigen::Vector3d OctantDirection(int x, int y, int z) {
  const int s = x + y;
  const double phi = (std::numbers::pi / 2) * double(s) / double(s + z);
  const double theta = s > 0 ? (std::numbers::pi / 2) * double(y) / double(s) : 0.0;
  // Exact zeros on the coordinate planes (cos(π/2) is 6e-17 in doubles), so
  // mirrored vertices coincide exactly with the originals there.
  const double sin_phi = z == 0 ? 1.0 : std::sin(phi);
  return {y == 0 ? sin_phi : (x == 0 ? 0.0 : sin_phi * std::cos(theta)),
          x == 0 ? sin_phi : (y == 0 ? 0.0 : sin_phi * std::sin(theta)),
          z == 0 ? 0.0 : std::cos(phi)};
}

Eigen::Vector2d QuadrantDirection(int x, int y) {
  if (y == 0) return {1.0, 0.0};
  if (x == 0) return {0.0, 1.0};
  const double theta = (std::numbers::pi / 2) * double(y) / double(x + y);
  return {std::cos(theta), std::sin(theta)};
}

}  // namespace hydrocontact::internal
