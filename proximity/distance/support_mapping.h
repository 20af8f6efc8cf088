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
///
/// A mapping whose set has flat features (edges, faces) may also report
/// them: `s.VisitFlatFeatures(d_G, sin_angle, visit)` calls
/// `visit(FlatFeature::kFace, n_G)` for every face whose outward unit
/// normal n_G lies within the angle of d_G, and `visit(FlatFeature::kEdge,
/// e_G)` for every edge (unit direction e_G) whose normal cone passes
/// within the angle of d_G (|d_G · e_G| ≤ sin_angle for unit d_G). These
/// are where the support function h(d) = max over the set of d · p has its
/// kinks (a face: an isolated point of the unit sphere; an edge: an arc of
/// the great circle ⊥ e), which the polish of a penetration direction must
/// treat exactly (proximity/distance/support_kinks.h). Smooth and
/// strictly convex sets (points, ellipsoids) have none. Reporting extra
/// features is harmless (they only add candidates); missing one loses
/// accuracy at it.

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"
#include "proximity/bvh.h"

namespace hydrocontact {

/// The kind of a flat feature (see the file comment).
enum class FlatFeature { kEdge, kFace };

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
  template <class Visit>
  void VisitFlatFeatures(const Eigen::Vector3d& d_G, double sin_angle, Visit&& visit) const {
    const Eigen::Vector3d e = p_GP1 - p_GP0;
    const double length = e.norm();
    if (length > 0 && std::abs(d_G.dot(e)) <= sin_angle * length * d_G.norm()) {
      visit(FlatFeature::kEdge, Eigen::Vector3d(e / length));
    }
  }
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
  template <class Visit>
  void VisitFlatFeatures(const Eigen::Vector3d& d_G, double sin_angle, Visit&& visit) const {
    const double d_norm = d_G.norm();
    Eigen::Vector3d n = (v[1] - v[0]).cross(v[2] - v[0]);
    const double n_norm = n.norm();
    if (n_norm > 0 && d_norm > 0) {
      n /= n_norm;
      if (n.dot(d_G) < 0) n = -n;
      if (n.cross(d_G).norm() <= sin_angle * d_norm) visit(FlatFeature::kFace, n);
    }
    for (int i = 0; i < 3; ++i) {
      const Eigen::Vector3d e = v[(i + 1) % 3] - v[i];
      const double length = e.norm();
      if (length > 0 && std::abs(d_G.dot(e)) <= sin_angle * length * d_norm) {
        visit(FlatFeature::kEdge, Eigen::Vector3d(e / length));
      }
    }
  }
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
  /// Edges along axis i where |d_i| is small; the face of axis i where the
  /// other two components are.
  template <class Visit>
  void VisitFlatFeatures(const Eigen::Vector3d& d_G, double sin_angle, Visit&& visit) const {
    const double limit = sin_angle * d_G.norm();
    for (int i = 0; i < 3; ++i) {
      if (std::abs(d_G[i]) <= limit) visit(FlatFeature::kEdge, Eigen::Vector3d::Unit(i));
    }
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3, k = (i + 2) % 3;
      if (std::hypot(d_G[j], d_G[k]) <= limit && d_G[i] != 0) {
        visit(FlatFeature::kFace, Eigen::Vector3d((d_G[i] > 0 ? 1.0 : -1.0) * Eigen::Vector3d::Unit(i)));
      }
    }
  }
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
  /// A cap where d is near the axis; the side (an edge along z) where d is
  /// near perpendicular to it.
  template <class Visit>
  void VisitFlatFeatures(const Eigen::Vector3d& d_G, double sin_angle, Visit&& visit) const {
    const double limit = sin_angle * d_G.norm();
    if (std::hypot(d_G.x(), d_G.y()) <= limit && d_G.z() != 0) {
      visit(FlatFeature::kFace, Eigen::Vector3d(0, 0, d_G.z() > 0 ? 1 : -1));
    }
    if (std::abs(d_G.z()) <= limit) visit(FlatFeature::kEdge, Eigen::Vector3d::UnitZ());
  }
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
///
/// Given also `mesh`, triangles whose corners are exactly `vertices`, each
/// used by one at least, and `bvh`, a hierarchy over those triangles (a
/// MeshDistanceData's), Support searches the hierarchy instead, by branch
/// and bound on its boxes: the same point (the lowest index of the highest
/// vertices), for a large mesh in a small fraction of the scan's time.
struct PolytopeSupport {
  std::span<const Eigen::Vector3d> vertices;
  double radius{0};
  const TriangleSurfaceMesh* mesh{nullptr};
  const Bvh* bvh{nullptr};

  Eigen::Vector3d Support(const Eigen::Vector3d& d_G) const {
    if (bvh != nullptr && static_cast<int>(vertices.size()) >= kMinVerticesForBvh) return SupportByBvh(d_G);
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

  /// From this many vertices, Support searches the BVH when it has one.
  static constexpr int kMinVerticesForBvh = 64;

  /// Support by the BVH (see the struct's comment). A box's vertices are no
  /// higher along d than d·centre + |d|·half_size; boxes are visited highest
  /// bound first and dropped when their bound is below the best height so
  /// far by more than the bound's round-off, so that no vertex as high as
  /// the best is ever dropped and ties resolve to the lowest index, as the
  /// scan's do.
  Eigen::Vector3d SupportByBvh(const Eigen::Vector3d& d_G) const {
    const std::vector<Bvh::Node>& nodes = bvh->nodes();
    const Eigen::Vector3d abs_d = d_G.cwiseAbs();
    // The round-off allowance: every box lies in the root's, so |d|·(|c| +
    // half_size) of any box, which bounds the size of its terms, is at most
    // the root's.
    const Aabb& root = nodes[0].box;
    const double allowance = 1e-12 * abs_d.dot(root.center().cwiseAbs() + root.half_size());
    auto bound = [&](int n) {
      const Aabb& box = nodes[n].box;
      return d_G.dot(box.center()) + abs_d.dot(box.half_size()) + allowance;
    };
    int best = -1;
    double best_h = -std::numeric_limits<double>::infinity();
    bvh->BranchAndBound(
        0, bound, std::greater<>(), [&](double b) { return b < best_h; },
        [&](int element) {
          for (int v : mesh->element(element)) {
            const double h = d_G.dot(vertices[v]);
            if (h > best_h || (h == best_h && v < best)) {
              best_h = h;
              best = v;
            }
          }
        });
    // A NaN direction bounds nothing: the scan's answer for it is vertex 0.
    return vertices[best < 0 ? 0 : best];
  }

  /// Without the hull's topology, the features are read off the vertices
  /// that a tilt of d by the angle could make extreme (at most
  /// kMaxFeatureVertices of them, the highest): the lines through two of
  /// them are candidate edges, the planes through three candidate faces.
  /// Lines and planes that are not true edges and faces (a face's
  /// diagonal) are harmless extras.
  static constexpr int kMaxFeatureVertices = 6;
  template <class Visit>
  void VisitFlatFeatures(const Eigen::Vector3d& d_G, double sin_angle, Visit&& visit) const {
    const double d_norm = d_G.norm();
    if (!(d_norm > 0)) return;
    const Eigen::Vector3d top = Support(d_G);
    double diameter = 0;
    for (const Eigen::Vector3d& p : vertices) diameter = std::max(diameter, (p - top).norm());
    // A tilt by the angle raises a vertex by at most sin_angle times its
    // distance from the top one, relative to it.
    const double top_h = d_G.dot(top) / d_norm;
    const double reach = 2 * sin_angle * diameter;
    std::array<int, kMaxFeatureVertices> near{};
    std::array<double, kMaxFeatureVertices> near_h{};
    int count = 0;
    for (int i = 0; i < static_cast<int>(vertices.size()); ++i) {
      const double h = d_G.dot(vertices[i]) / d_norm;
      if (h < top_h - reach) continue;
      // Insertion into the list kept sorted by decreasing height.
      int k;
      if (count < kMaxFeatureVertices) {
        k = count++;
      } else if (h > near_h[kMaxFeatureVertices - 1]) {
        k = kMaxFeatureVertices - 1;
      } else {
        continue;
      }
      while (k > 0 && near_h[k - 1] < h) {
        near[k] = near[k - 1];
        near_h[k] = near_h[k - 1];
        --k;
      }
      near[k] = i;
      near_h[k] = h;
    }
    for (int i = 0; i < count; ++i) {
      for (int j = i + 1; j < count; ++j) {
        const Eigen::Vector3d e = vertices[near[j]] - vertices[near[i]];
        const double length = e.norm();
        if (length > 0 && std::abs(d_G.dot(e)) <= sin_angle * length * d_norm) {
          visit(FlatFeature::kEdge, Eigen::Vector3d(e / length));
        }
        for (int k = j + 1; k < count; ++k) {
          Eigen::Vector3d n = e.cross(vertices[near[k]] - vertices[near[i]]);
          const double n_norm = n.norm();
          if (!(n_norm > 0)) continue;
          n /= n_norm;
          if (n.dot(d_G) < 0) n = -n;
          if (n.cross(d_G).norm() <= sin_angle * d_norm) visit(FlatFeature::kFace, n);
        }
      }
    }
  }
};

}  // namespace hydrocontact
