#pragma once

/// @file
/// Aabb: an axis-aligned bounding box in some frame.

#include <algorithm>
#include <limits>

#include <Eigen/Core>

namespace hydrocontact {

/// An axis-aligned box [min, max] in the frame of the points it bounds. An
/// empty box has min > max (it contains nothing and overlaps nothing).
struct Aabb {
  Eigen::Vector3d min{Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity())};
  Eigen::Vector3d max{Eigen::Vector3d::Constant(-std::numeric_limits<double>::infinity())};

  Aabb() = default;
  Aabb(const Eigen::Vector3d& lower, const Eigen::Vector3d& upper) : min(lower), max(upper) {}

  bool IsEmpty() const { return (min.array() > max.array()).any(); }

  void Include(const Eigen::Vector3d& p) {
    min = min.cwiseMin(p);
    max = max.cwiseMax(p);
  }
  void Include(const Aabb& other) {
    min = min.cwiseMin(other.min);
    max = max.cwiseMax(other.max);
  }
  /// Grows the box by `d` on every side.
  void Inflate(double d) {
    min.array() -= d;
    max.array() += d;
  }

  Eigen::Vector3d center() const { return (min + max) / 2; }
  /// The largest |coordinate| of the box's points (of its corners), the
  /// scale of the round-off of coordinates in it. @pre not empty.
  double MaxAbsCoordinate() const {
    return std::max(min.cwiseAbs().maxCoeff(), max.cwiseAbs().maxCoeff());
  }
  Eigen::Vector3d half_size() const { return (max - min) / 2; }

  /// True when the closed boxes share at least one point.
  bool Overlaps(const Aabb& other) const {
    return (min.array() <= other.max.array()).all() && (other.min.array() <= max.array()).all();
  }
  bool Contains(const Eigen::Vector3d& p) const {
    return (min.array() <= p.array()).all() && (p.array() <= max.array()).all();
  }
  /// True when every point of `box` lies in this closed box (so an empty
  /// `box`, which has none, lies in any).
  bool Contains(const Aabb& box) const {
    return (min.array() <= box.min.array()).all() && (box.max.array() <= max.array()).all();
  }
  /// Squared distance from `p` to the box (0 inside).
  double SquaredDistanceTo(const Eigen::Vector3d& p) const {
    const Eigen::Vector3d d = (min - p).cwiseMax(p - max).cwiseMax(0.0);
    return d.squaredNorm();
  }
};

}  // namespace hydrocontact
