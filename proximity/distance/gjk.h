#pragma once

/// @file
/// GJK (Gilbert–Johnson–Keerthi): the distance and closest points between
/// the *cores* of two convex sets given by support mappings
/// (proximity/support_mapping.h). Margins are ignored here; see
/// proximity/convex_signed_distance.h for the full signed distance.
///
/// Everything is computed in A's frame: B is posed in A by X_AB. The
/// iteration works on the Minkowski difference D = A − B, whose point
/// closest to the origin is v = p_ACa − p_ACb.

#include <algorithm>
#include <array>
#include <cmath>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "proximity/distance/support_mapping.h"

namespace hydrocontact {

/// A simplex of up to four points w = a − b of the Minkowski difference,
/// remembering the points a (of A) and b (of B, expressed in A) they came
/// from, so closest points can be recovered from barycentric weights.
struct GjkSimplex {
  int size{0};
  std::array<Eigen::Vector3d, 4> w;
  std::array<Eigen::Vector3d, 4> a;
  std::array<Eigen::Vector3d, 4> b;
  /// Appends a point. Precondition: size < 4.
  void Push(const Eigen::Vector3d& a_A, const Eigen::Vector3d& b_A) {
    a[size] = a_A;
    b[size] = b_A;
    w[size] = a_A - b_A;
    ++size;
  }
};

/// Tuning of GjkDistance. Tolerances are relative to the size of the
/// problem, measured as the largest ‖w‖ of the Minkowski points seen, so
/// results do not depend on units or on how far the shapes are from A's
/// origin.
struct GjkOptions {
  /// Stop when the upper and lower bounds on the distance differ by less
  /// than relative_tolerance · max(distance, size).
  double relative_tolerance{1e-12};
  /// Report the cores as overlapping when the distance falls below
  /// touching_tolerance · size: such configurations are answered by EPA,
  /// which gives an accurate normal where GJK's direction v/‖v‖ would be
  /// dominated by round-off.
  double touching_tolerance{1e-10};
  /// Hard cap; when reached, the best answer found is returned with
  /// converged = false.
  int max_iterations{256};
};

/// The outcome of GjkDistance, in A's frame.
struct GjkResult {
  /// True when the cores intersect or are within the touching tolerance;
  /// then `distance`, the points and the normal are not meaningful and
  /// `simplex` is the starting point for EPA.
  bool overlapping{false};
  /// Distance between the cores (≥ 0).
  double distance{0};
  /// Closest point of A's core, in A.
  Eigen::Vector3d p_ACa{Eigen::Vector3d::Zero()};
  /// Closest point of B's core, expressed in A.
  Eigen::Vector3d p_ACb_A{Eigen::Vector3d::Zero()};
  /// Unit direction from B's closest point toward A's, in A. When the
  /// final simplex is a triangle this is its normal (accurate even when the
  /// distance is tiny), otherwise (p_ACa − p_ACb_A)/distance.
  Eigen::Vector3d nhat_BA_A{Eigen::Vector3d::UnitX()};
  /// The final simplex.
  GjkSimplex simplex;
  /// The largest ‖w‖ seen: the length scale of the tolerances.
  double scale{0};
  int iterations{0};
  /// True when the stopping rule was met (or the cores overlap).
  bool converged{false};
  /// True when round-off stopped the descent before the stopping rule was
  /// met (no progress, or a repeated support point): the distance is then
  /// an upper bound whose error can reach ~1e-16 · scale² / distance. It
  /// happens when the distance is tiny compared with the shapes, where the
  /// direction v/‖v‖ is dominated by round-off and a support mapping with
  /// flat features returns the wrong end of a tie; EPA, which works with
  /// face normals instead, answers those configurations.
  bool stalled{false};
};

namespace internal {

/// Replaces `simplex` (1–4 points) by the smallest sub-simplex whose convex
/// hull contains the point of conv(simplex) closest to the origin, writes
/// that point's barycentric weights (summing to 1, in the order of the
/// reduced simplex) to `weights`, and returns the point. A full
/// tetrahedron is kept (size 4) when it contains the origin. Degenerate
/// (flat or collinear) simplices are handled by falling back to their
/// lower-dimensional faces.
Eigen::Vector3d ReduceSimplex(GjkSimplex& simplex, std::array<double, 4>& weights);

/// p = Σ weights[i] · points[i] over the simplex's size.
inline Eigen::Vector3d Combine(const std::array<Eigen::Vector3d, 4>& points,
                               const std::array<double, 4>& weights, int size) {
  Eigen::Vector3d p = weights[0] * points[0];
  for (int i = 1; i < size; ++i) p += weights[i] * points[i];
  return p;
}

/// The support point of B's core in direction d_A (expressed in A),
/// returned in A.
template <SupportMapping SB>
Eigen::Vector3d SupportInA(const SB& B, const RigidTransform& X_AB, const Eigen::Vector3d& d_A) {
  return X_AB * Eigen::Vector3d(B.Support(X_AB.rotation().transpose() * d_A));
}

}  // namespace internal

/// The distance and closest points between the cores of A and B (margins
/// ignored), by GJK with the relative stopping rule of GjkOptions.
///
/// @param A  support mapping of A in its frame A.
/// @param B  support mapping of B in its frame B.
/// @param X_AB  pose of B in A.
/// Never throws, never loops forever: after options.max_iterations the best
/// answer is returned with converged = false. Allocation-free.
template <SupportMapping SA, SupportMapping SB>
GjkResult GjkDistance(const SA& A, const SB& B, const RigidTransform& X_AB,
                      const GjkOptions& options = {}) {
  GjkResult result;
  GjkSimplex& simplex = result.simplex;
  std::array<double, 4> weights{1, 0, 0, 0};

  // Start from the support point toward B's origin: for shapes centred on
  // their frames the closest points lie roughly that way.
  Eigen::Vector3d d = X_AB.translation();
  if (!(d.squaredNorm() > 0)) d = Eigen::Vector3d::UnitX();
  {
    const Eigen::Vector3d a = A.Support(d);
    const Eigen::Vector3d b = internal::SupportInA(B, X_AB, -d);
    simplex.Push(a, b);
  }
  Eigen::Vector3d v = simplex.w[0];
  {
    // The size of the problem needs a second point of D: the first alone
    // can be the origin itself (a point exactly on a vertex of the other
    // set), and a scale of 0 would make every relative tolerance, here and
    // in EPA, zero. The point extreme the other way bounds D's width along
    // d, which is positive unless D is a single point.
    const Eigen::Vector3d a = A.Support(-d);
    const Eigen::Vector3d b = internal::SupportInA(B, X_AB, d);
    result.scale = std::max({v.norm(), (a - b).norm(), 1e-300});
  }

  for (result.iterations = 0; result.iterations < options.max_iterations; ++result.iterations) {
    const double vv = v.squaredNorm();
    const double touch = options.touching_tolerance * result.scale;
    if (vv <= touch * touch) {
      result.overlapping = true;
      result.converged = true;
      break;
    }
    const Eigen::Vector3d a = A.Support(-v);
    const Eigen::Vector3d b = internal::SupportInA(B, X_AB, v);
    const Eigen::Vector3d w = a - b;
    result.scale = std::max(result.scale, w.norm());
    // ‖v‖ bounds the distance from above and v·w/‖v‖ from below.
    const double v_norm = std::sqrt(vv);
    const double gap = vv - v.dot(w);
    if (gap <= v_norm * options.relative_tolerance * std::max(v_norm, result.scale)) {
      result.converged = true;
      break;
    }
    // A repeated support point means no further progress is possible.
    bool repeated = false;
    for (int i = 0; i < simplex.size; ++i) {
      if (simplex.w[i] == w) repeated = true;
    }
    if (repeated) {
      result.stalled = true;
      break;
    }
    const GjkSimplex previous = simplex;
    const std::array<double, 4> previous_weights = weights;
    simplex.Push(a, b);
    const Eigen::Vector3d v_new = internal::ReduceSimplex(simplex, weights);
    if (simplex.size == 4) {
      // The origin is inside the tetrahedron.
      v = v_new;
      result.overlapping = true;
      result.converged = true;
      break;
    }
    if (!(v_new.squaredNorm() < vv)) {
      // Round-off stalled the descent: keep the best simplex found.
      simplex = previous;
      weights = previous_weights;
      result.stalled = true;
      break;
    }
    v = v_new;
  }

  result.p_ACa = internal::Combine(simplex.a, weights, simplex.size);
  result.p_ACb_A = internal::Combine(simplex.b, weights, simplex.size);
  result.distance = result.overlapping ? 0.0 : v.norm();
  if (!result.overlapping) {
    Eigen::Vector3d n = v / result.distance;
    if (simplex.size == 3) {
      // A triangle's normal is computed from edges of size ~scale, so its
      // direction stays accurate when v itself is tiny.
      Eigen::Vector3d m = (simplex.w[1] - simplex.w[0]).cross(simplex.w[2] - simplex.w[0]);
      const double m_norm = m.norm();
      if (m_norm > 1e-12 * result.scale * result.scale) {
        m /= m_norm;
        if (m.dot(n) < 0) m = -m;
        n = m;
      }
    }
    result.nhat_BA_A = n;
  }
  return result;
}

}  // namespace hydrocontact
