#pragma once

/// @file
/// Support mappings of convex sets, the only thing GJK and EPA
/// (proximity/gjk.h, proximity/epa.h) know about a shape.
///
/// A convex set C is described by a *core* K (a convex set given by its
/// support mapping) swept by a ball of radius `margin` ≥ 0: C = K ⊕ B(margin).
/// Spheres (point core) and capsules (segment core) are handled this way so
/// the iterative methods work on polytopal cores and converge in finitely
/// many steps; the margins are added back in closed form.
///
/// Every support mapping works in the set's own frame G: Support(d_G)
/// returns a point p_GS of the core K that maximises d_G · p over K. The
/// direction need not be unit length and may be zero (any point of K is
/// then a valid answer). Ties are broken deterministically.

#include <array>
#include <cmath>
#include <concepts>
#include <span>

#include <Eigen/Core>

namespace hydrocontact {

/// A convex core given by its support mapping plus a margin (see the file
/// comment). `s.Support(d_G)` returns a point of the core, in G, extreme in
/// direction d_G; `s.margin()` is the radius of the sweeping ball (≥ 0).
/// Both must be cheap and must not allocate: GJK calls Support once per
/// iteration.
template <class S>
concept SupportMapping = requires(const S& s, const Eigen::Vector3d& d) {
  { s.Support(d) } -> std::convertible_to<Eigen::Vector3d>;
  { s.margin() } -> std::convertible_to<double>;
};

/// A point p_GP, swept by `radius`: a sphere of that radius centred at P
/// (radius 0: the point itself).
struct PointSupport {
  Eigen::Vector3d p_GP{Eigen::Vector3d::Zero()};
  double radius{0};
  Eigen::Vector3d Support(const Eigen::Vector3d&) const { return p_GP; }
  double margin() const { return radius; }
};

/// The segment [p_GP0, p_GP1], swept by `radius`: a capsule (radius 0: the
/// segment). Ties (d ⊥ segment) return P0.
struct SegmentSupport {
  Eigen::Vector3d p_GP0{Eigen::Vector3d::Zero()};
  Eigen::Vector3d p_GP1{Eigen::Vector3d::Zero()};
  double radius{0};
  Eigen::Vector3d Support(const Eigen::Vector3d& d_G) const {
    return d_G.dot(p_GP1 - p_GP0) > 0 ? p_GP1 : p_GP0;
  }
  double margin() const { return radius; }
};

/// The triangle with vertices v[0], v[1], v[2] (in G), swept by `radius`.
/// Ties return the lowest vertex index.
struct TriangleSupport {
  std::array<Eigen::Vector3d, 3> v{Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(),
                                   Eigen::Vector3d::Zero()};
  double radius{0};
  Eigen::Vector3d Support(const Eigen::Vector3d& d_G) const {
    const double h0 = d_G.dot(v[0]);
    const double h1 = d_G.dot(v[1]);
    const double h2 = d_G.dot(v[2]);
    if (h0 >= h1 && h0 >= h2) return v[0];
    return h1 >= h2 ? v[1] : v[2];
  }
  double margin() const { return radius; }
};

/// A box centred at G's origin with half edge lengths `half_size` along G's
/// axes. The support is always a vertex; a zero component of d picks the
/// positive side.
struct BoxSupport {
  Eigen::Vector3d half_size{Eigen::Vector3d::Zero()};
  Eigen::Vector3d Support(const Eigen::Vector3d& d_G) const {
    return {d_G.x() >= 0 ? half_size.x() : -half_size.x(),
            d_G.y() >= 0 ? half_size.y() : -half_size.y(),
            d_G.z() >= 0 ? half_size.z() : -half_size.z()};
  }
  double margin() const { return 0; }
};

/// A cylinder of `radius` whose axis is G's z axis, from z = −half_length to
/// +half_length. When d is parallel to the axis the support is the centre of
/// the extreme cap; a zero z component picks the top rim.
struct CylinderSupport {
  double radius{0};
  double half_length{0};
  Eigen::Vector3d Support(const Eigen::Vector3d& d_G) const {
    const double rho = std::hypot(d_G.x(), d_G.y());
    const double z = d_G.z() >= 0 ? half_length : -half_length;
    if (!(rho > 0)) return {0, 0, z};
    return {radius * d_G.x() / rho, radius * d_G.y() / rho, z};
  }
  double margin() const { return 0; }
};

/// An ellipsoid centred at G's origin with semi-axes (a, b, c) along G's
/// axes. The support in direction d is E²d/‖Ed‖ with E = diag(a, b, c)
/// (the point whose outward normal is parallel to d). A zero direction
/// returns (a, 0, 0).
struct EllipsoidSupport {
  Eigen::Vector3d semi_axes{Eigen::Vector3d::Zero()};
  Eigen::Vector3d Support(const Eigen::Vector3d& d_G) const {
    const Eigen::Vector3d Ed = semi_axes.cwiseProduct(d_G);
    const double norm = Ed.norm();
    if (!(norm > 0)) return {semi_axes.x(), 0, 0};
    return semi_axes.cwiseProduct(Ed) / norm;
  }
  double margin() const { return 0; }
};

/// The convex hull of a set of points (in G), by brute-force scan: O(n) per
/// call. The points are not owned: the span must outlive the mapping.
/// Precondition: at least one point. Ties return the lowest index.
struct PolytopeSupport {
  std::span<const Eigen::Vector3d> vertices;
  double radius{0};
  Eigen::Vector3d Support(const Eigen::Vector3d& d_G) const {
    int best = 0;
    double best_h = d_G.dot(vertices[0]);
    for (int i = 1; i < static_cast<int>(vertices.size()); ++i) {
      const double h = d_G.dot(vertices[i]);
      if (h > best_h) {
        best_h = h;
        best = i;
      }
    }
    return vertices[best];
  }
  double margin() const { return radius; }
};

}  // namespace hydrocontact
