#pragma once

/// @file
/// The shapes a geometry can have, as plain value types, and `Shape`, the
/// variant of all of them. Every size is in metres and in the geometry's own
/// frame G; constructors validate and throw std::invalid_argument naming the
/// parameter and its value.

#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <variant>

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
class Torus {
 public:
  Torus(double major_radius, double minor_radius)
      : major_radius_(internal::RequirePositive("Torus", "major_radius", major_radius)),
        minor_radius_(internal::RequirePositive("Torus", "minor_radius", minor_radius)) {
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
    std::variant<Sphere, Box, Cylinder, Capsule, Ellipsoid, HalfSpace, Mesh, Convex, Torus>;

/// The shape's type name ("Sphere", "Box", ...), for messages.
inline std::string ShapeName(const Shape& shape) {
  static constexpr const char* kNames[] = {"Sphere",    "Box",       "Cylinder", "Capsule",
                                           "Ellipsoid", "HalfSpace", "Mesh",     "Convex",
                                           "Torus"};
  return kNames[shape.index()];
}

}  // namespace hydrocontact
