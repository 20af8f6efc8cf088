#pragma once

/// @file
/// The shapes a geometry can have, as plain value types, and `Shape`, the
/// variant of all of them. Every size is in metres and in the geometry's own
/// frame G; constructors validate and throw std::invalid_argument naming the
/// parameter and its value.

#include <cmath>
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <Eigen/Core>
#include <fmt/format.h>

#include "geometry/supported_range.h"

namespace hydrocontact {

namespace internal {
/// @throws std::invalid_argument unless `value` is a length in the supported
/// range [kMinLength, kMaxLength] (geometry/supported_range.h).
inline double RequireSize(const char* shape, const char* parameter, double value) {
  return RequireLength(shape, parameter, value);
}

/// @throws std::invalid_argument unless `value` is finite and > 0.
inline double RequirePositive(const char* shape, const char* parameter, double value) {
  if (!(value > 0) || !std::isfinite(value)) {
    throw std::invalid_argument(fmt::format(
        "{}: parameter '{}' must be positive and finite, got {}", shape, parameter, value));
  }
  return value;
}
}  // namespace internal

/// A sphere of the given radius centred at G's origin.
class Sphere {
 public:
  explicit Sphere(double radius) : radius_(internal::RequireSize("Sphere", "radius", radius)) {}
  double radius() const { return radius_; }

 private:
  double radius_;
};

/// A box centred at G's origin with full edge lengths along G's axes.
class Box {
 public:
  Box(double width, double depth, double height)
      : size_(internal::RequireSize("Box", "width (x)", width),
              internal::RequireSize("Box", "depth (y)", depth),
              internal::RequireSize("Box", "height (z)", height)) {}
  explicit Box(const Eigen::Vector3d& size) : Box(size.x(), size.y(), size.z()) {}
  /// A cube of edge `edge`.
  static Box MakeCube(double edge) { return Box(edge, edge, edge); }
  double width() const { return size_.x(); }
  double depth() const { return size_.y(); }
  double height() const { return size_.z(); }
  /// Full edge lengths (x, y, z).
  const Eigen::Vector3d& size() const { return size_; }
  /// Half edge lengths (x, y, z).
  Eigen::Vector3d half_size() const { return size_ / 2; }

 private:
  Eigen::Vector3d size_;
};

/// A cylinder of the given radius and length, its axis along G's z axis,
/// centred at G's origin.
class Cylinder {
 public:
  Cylinder(double radius, double length)
      : radius_(internal::RequireSize("Cylinder", "radius", radius)),
        length_(internal::RequireSize("Cylinder", "length", length)) {}
  double radius() const { return radius_; }
  double length() const { return length_; }

 private:
  double radius_;
  double length_;
};

/// A capsule: a cylinder of the given radius and length along G's z axis,
/// centred at G's origin, capped by hemispheres of the same radius (total
/// extent along z is length + 2·radius).
class Capsule {
 public:
  Capsule(double radius, double length)
      : radius_(internal::RequireSize("Capsule", "radius", radius)),
        length_(internal::RequireSize("Capsule", "length", length)) {}
  double radius() const { return radius_; }
  double length() const { return length_; }

 private:
  double radius_;
  double length_;
};

/// An ellipsoid with semi-axes a, b, c along G's x, y, z axes.
class Ellipsoid {
 public:
  Ellipsoid(double a, double b, double c)
      : semi_axes_(internal::RequireSize("Ellipsoid", "a", a),
                   internal::RequireSize("Ellipsoid", "b", b),
                   internal::RequireSize("Ellipsoid", "c", c)) {}
  double a() const { return semi_axes_.x(); }
  double b() const { return semi_axes_.y(); }
  double c() const { return semi_axes_.z(); }
  const Eigen::Vector3d& semi_axes() const { return semi_axes_; }

 private:
  Eigen::Vector3d semi_axes_;
};

/// A torus about G's z axis, centred at G's origin: the points within
/// `minor_radius` r of the circle of `major_radius` R in G's xy plane.
/// Requires R > r (a ring torus, with a hole), so the surface is smooth.
/// @throws std::invalid_argument naming the parameter unless both radii are
///         supported lengths ([kMinLength, kMaxLength]) and r < R.
class Torus {
 public:
  Torus(double major_radius, double minor_radius)
      : major_radius_(internal::RequireSize("Torus", "major_radius", major_radius)),
        minor_radius_(internal::RequireSize("Torus", "minor_radius", minor_radius)) {
    if (!(minor_radius_ < major_radius_)) {
      throw std::invalid_argument(fmt::format(
          "Torus: parameter 'minor_radius' ({}) must be less than 'major_radius' ({}) so the torus "
          "has a hole and a smooth surface",
          minor_radius_, major_radius_));
    }
  }
  double major_radius() const { return major_radius_; }
  double minor_radius() const { return minor_radius_; }

 private:
  double major_radius_;
  double minor_radius_;
};

/// A height field: a solid whose top is a smooth surface z = h(x, y) through
/// a grid of sampled heights, over a rectangle centred on G's z axis.
///
/// Samples: `nx` × `ny` heights (z in G, metres), sample (i, j) at
/// x_i = −Lx/2 + i·dx, y_j = −Ly/2 + j·dy with Lx = (nx − 1)·dx and
/// Ly = (ny − 1)·dy; `heights` is row-major along x: heights[j·nx + i].
///
/// The surface: on each grid cell a bicubic patch, the tensor product of
/// cubic Hermite interpolation in x and in y (Catmull–Rom): the slopes at
/// the samples are central differences of the heights, (h_{i+1} − h_{i−1})
/// / (2·dx), second-order one-sided differences at the first and last sample
/// ((−3h₀ + 4h₁ − h₂)/(2dx); with only two samples, (h₁ − h₀)/dx), and the
/// cross slope is the x difference of the y differences. The surface passes
/// through every sample, is C¹ (its normal is continuous; its curvature may
/// jump across grid lines), and reproduces exactly any h that is a
/// polynomial of degree ≤ 2 in x times one of degree ≤ 2 in y (e.g. a
/// quadratic bump) when nx, ny ≥ 3. Where we differ from the seed's
/// SmoothHeightMap: the seed fits C² patches over a surface in its own
/// frame; ours is the C¹ interpolant above, and a solid, not a sheet.
///
/// The solid: every point (x, y, z) with |x| ≤ Lx/2, |y| ≤ Ly/2 and
/// z_b ≤ z ≤ h(x, y), where the bottom plane is z_b = min_height −
/// thickness (min_height the lowest SAMPLE). Its boundary: the top surface,
/// the flat bottom z = z_b and four vertical sides. (Between samples a
/// bicubic can dip slightly below the lowest sample; the geometry's data
/// refuse a field whose surface could reach the bottom plane.)
///
/// Copies are cheap: the heights are shared and immutable.
class HeightField {
 public:
  /// @throws std::invalid_argument naming the parameter and its value unless
  ///         nx ≥ 2 and ny ≥ 2 (and nx·ny ≤ kMaxSamples), heights.size() ==
  ///         nx·ny, every height is finite with magnitude ≤ kMaxCoordinate
  ///         (naming the sample (i, j)), dx, dy and thickness are lengths in
  ///         the supported range [kMinLength, kMaxLength].
  HeightField(int nx, int ny, double dx, double dy, std::vector<double> heights, double thickness)
      : nx_(RequireCount("nx", nx)),
        ny_(RequireCount("ny", ny)),
        dx_(internal::RequireSize("HeightField", "dx", dx)),
        dy_(internal::RequireSize("HeightField", "dy", dy)),
        thickness_(internal::RequireSize("HeightField", "thickness", thickness)) {
    if (int64_t(nx) * int64_t(ny) > kMaxSamples) {
      throw std::invalid_argument(fmt::format(
          "HeightField: parameters 'nx' ({}) times 'ny' ({}) exceed the supported {} samples", nx,
          ny, kMaxSamples));
    }
    if (heights.size() != size_t(nx) * size_t(ny)) {
      throw std::invalid_argument(fmt::format(
          "HeightField: parameter 'heights' has {} values; nx·ny = {}·{} = {} are needed",
          heights.size(), nx, ny, size_t(nx) * size_t(ny)));
    }
    min_height_ = heights.front();
    max_height_ = heights.front();
    for (size_t k = 0; k < heights.size(); ++k) {
      const double h = heights[k];
      if (!std::isfinite(h) || !(std::abs(h) <= kMaxCoordinate)) {
        throw std::invalid_argument(fmt::format(
            "HeightField: parameter 'heights' at sample (i={}, j={}) must be finite with "
            "magnitude at most {} m, got {}",
            k % size_t(nx), k / size_t(nx), kMaxCoordinate, h));
      }
      min_height_ = std::min(min_height_, h);
      max_height_ = std::max(max_height_, h);
    }
    heights_ = std::make_shared<const std::vector<double>>(std::move(heights));
  }

  /// The most samples a height field may have.
  static constexpr int64_t kMaxSamples = int64_t(1) << 24;

  int nx() const { return nx_; }
  int ny() const { return ny_; }
  double dx() const { return dx_; }
  double dy() const { return dy_; }
  double thickness() const { return thickness_; }
  /// All samples, heights()[j·nx + i].
  const std::vector<double>& heights() const { return *heights_; }
  /// The sample (i, j). Precondition: 0 ≤ i < nx, 0 ≤ j < ny.
  double height(int i, int j) const { return (*heights_)[size_t(j) * size_t(nx_) + size_t(i)]; }
  double min_height() const { return min_height_; }
  double max_height() const { return max_height_; }
  /// z_b = min_height − thickness: the bottom plane.
  double bottom() const { return min_height_ - thickness_; }
  /// Lx/2 and Ly/2: the rectangle is |x| ≤ half_x, |y| ≤ half_y.
  double half_x() const { return 0.5 * (nx_ - 1) * dx_; }
  double half_y() const { return 0.5 * (ny_ - 1) * dy_; }

 private:
  static int RequireCount(const char* parameter, int n) {
    if (n < 2) {
      throw std::invalid_argument(fmt::format(
          "HeightField: parameter '{}' must be at least 2 (samples along an axis), got {}",
          parameter, n));
    }
    return n;
  }

  int nx_;
  int ny_;
  double dx_;
  double dy_;
  double thickness_;
  double min_height_{0};
  double max_height_{0};
  std::shared_ptr<const std::vector<double>> heights_;
};

/// The half-space z ≤ 0 of G; its boundary plane has outward normal +z.
class HalfSpace {};

namespace internal {
/// @throws std::invalid_argument if `file` is empty.
inline std::filesystem::path RequireFile(const char* shape, const std::filesystem::path& file) {
  if (file.empty()) {
    throw std::invalid_argument(fmt::format("{}: parameter 'file' must not be empty", shape));
  }
  return file;
}
}  // namespace internal

/// A mesh read from a file, scaled uniformly: a `.obj` triangle surface
/// (taken as it is, possibly non-convex) or a `.vtk` tetrahedral volume.
/// The file is not read here; reading happens when a representation is built.
class Mesh {
 public:
  explicit Mesh(std::filesystem::path file, double scale = 1.0)
      : file_(internal::RequireFile("Mesh", file)),
        scale_(internal::RequirePositive("Mesh", "scale", scale)) {}
  const std::filesystem::path& file() const { return file_; }
  double scale() const { return scale_; }

 private:
  std::filesystem::path file_;
  double scale_;
};

/// The convex hull of the vertices of a mesh file (`.obj` or `.vtk`),
/// scaled uniformly.
class Convex {
 public:
  explicit Convex(std::filesystem::path file, double scale = 1.0)
      : file_(internal::RequireFile("Convex", file)),
        scale_(internal::RequirePositive("Convex", "scale", scale)) {}
  const std::filesystem::path& file() const { return file_; }
  double scale() const { return scale_; }

 private:
  std::filesystem::path file_;
  double scale_;
};

/// Any shape. Dispatch with std::visit.
using Shape =
    std::variant<Sphere, Box, Cylinder, Capsule, Ellipsoid, HalfSpace, Mesh, Convex, Torus,
                 HeightField>;

/// The shape's type name ("Sphere", "Box", ...), for messages.
inline std::string ShapeName(const Shape& shape) {
  static constexpr const char* kNames[] = {"Sphere",    "Box",       "Cylinder", "Capsule",
                                           "Ellipsoid", "HalfSpace", "Mesh",     "Convex",
                                           "Torus",     "HeightField"};
  return kNames[shape.index()];
}

}  // namespace hydrocontact
