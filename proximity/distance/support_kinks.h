#pragma once

/// @file
/// The polish of a penetration (or separation) direction at the kinks of
/// the support function.
///
/// The signed distance of two convex cores is −min over unit n of h_D(n),
/// h_D(n) = n · (S_A(n) − S_B(−n)) the support function of D = A − B. Where
/// both supports are unique, h_D is smooth and Newton's method
/// (RefinePenetrationDirection in epa.h) converges quadratically. But the
/// optimal n very often lies where h_D is not differentiable: wherever the
/// contact involves a flat feature (a box face against a cylinder's side,
/// a cap on a face, two crossed edges, a hull face against an ellipsoid).
/// There h_D grows *linearly* away from the optimum, at a rate of the
/// feature's extent, so a direction off by δ costs δ × (extent) in the
/// distance, and finite-difference Newton steps, which see a kink as a
/// huge curvature, stall at δ ~ 1e-9…1e-5: distances short of the
/// documented 1e-9 of the size, witness points split across a tangential
/// gap off their surfaces, normals that depend on the argument order.
///
/// The kinks are known exactly from the flat features of the two sets
/// (support_mapping.h, VisitFlatFeatures): a face of A with outward
/// normal ν is a kink point n = ν (of B: n = −ν); an edge of A or B along e
/// is a kink arc on the great circle n ⊥ e. So, near a direction already
/// polished, the optimum is searched exactly on each of them: the face
/// normals themselves, the crossings e_A × e_B of an edge of each set, and
/// a one-dimensional minimisation along each edge's great circle (by
/// bisection on the sign of the exact derivative n'(θ) · (S_A − S_B), which
/// is monotone through further kinks). Every h_D(n) is an upper bound of
/// −distance, so the least value found is kept: the result can only
/// improve, and where the optimum is a kink it becomes exact to round-off.

#include <array>
#include <cmath>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "proximity/distance/gjk.h"
#include "proximity/distance/support_mapping.h"

namespace hydrocontact {
namespace internal {

/// The flat features of a support mapping near the direction d (see
/// support_mapping.h); none for a mapping that reports none.
template <SupportMapping S, class Visit>
void VisitFlatFeatures(const S& s, const Eigen::Vector3d& d, double sin_angle, Visit&& visit) {
  if constexpr (requires { s.VisitFlatFeatures(d, sin_angle, visit); }) {
    s.VisitFlatFeatures(d, sin_angle, visit);
  }
}

/// How far (radians) from the polished direction kinks are searched: well
/// beyond where a finite-difference Newton step stalls near one (≤ 1e-4),
/// small enough that only the features of the contact itself are seen.
inline constexpr double kKinkSearchAngle = 1e-2;

/// Improves the unit direction *n (in A), minimising h_D over the kinks of
/// h_D near it (see the file comment). On return *h = h_D(*n) and *a, *b
/// are the supports at *n (a of A's core along n, b of B's along −n, both
/// in A); *h never increases. Returns true when it decreased. Allocation-free.
template <SupportMapping SA, SupportMapping SB>
bool PolishAtKinks(const SA& A, const SB& B, const RigidTransform& X_AB, Eigen::Vector3d* n,
                   double* h, Eigen::Vector3d* a, Eigen::Vector3d* b) {
  using Eigen::Vector3d;
  const double sin_angle = std::sin(kKinkSearchAngle);
  bool improved = false;
  Vector3d sa, sb;
  // Evaluates h_D at the unit direction m, keeping it if it is the best;
  // returns the support point of D there (the gradient of h_D).
  auto evaluate = [&](const Vector3d& m) -> Vector3d {
    sa = A.Support(m);
    sb = SupportInA(B, X_AB, -m);
    const Vector3d s = sa - sb;
    const double hm = m.dot(s);
    if (hm < *h) {
      *h = hm;
      *n = m;
      *a = sa;
      *b = sb;
      improved = true;
    }
    return s;
  };
  // Rounds: a kink reached may reveal further ones (e.g. an edge's great
  // circle leads to a face normal).
  for (int round = 0; round < 3; ++round) {
    const Vector3d m0 = *n;
    const double h0 = *h;
    constexpr int kMax = 16;
    std::array<Vector3d, kMax> edges_A, edges_B;
    int num_A = 0, num_B = 0;
    VisitFlatFeatures(A, m0, sin_angle, [&](FlatFeature kind, const Vector3d& v) {
      if (kind == FlatFeature::kFace) {
        evaluate(v);
      } else if (num_A < kMax) {
        edges_A[num_A++] = v;
      }
    });
    const Eigen::Matrix3d& R_AB = X_AB.rotation();
    VisitFlatFeatures(B, Vector3d(R_AB.transpose() * -m0), sin_angle,
                      [&](FlatFeature kind, const Vector3d& v_B) {
                        const Vector3d v = R_AB * v_B;
                        if (kind == FlatFeature::kFace) {
                          evaluate(Vector3d(-v));
                        } else if (num_B < kMax) {
                          edges_B[num_B++] = v;
                        }
                      });
    // An edge of each, crossed: the kink arcs meet at ±e_A × e_B.
    for (int i = 0; i < num_A; ++i) {
      for (int j = 0; j < num_B; ++j) {
        Vector3d c = edges_A[i].cross(edges_B[j]);
        const double norm = c.norm();
        if (!(norm > 1e-6)) continue;  // Parallel edges: their arc is searched below.
        c /= norm;
        evaluate(c.dot(m0) >= 0 ? c : Vector3d(-c));
      }
    }
    // Along each edge's great circle n(θ) = cos θ c1 + sin θ c2 from the
    // projection of m0: dh/dθ = n'(θ) · s(θ) exactly, s the support point
    // of D; h restricted to the arc is convex near its minimum, so the
    // minimum is bracketed by stepping downhill until the slope turns,
    // then bisected on the slope's sign.
    auto search_arc = [&](const Vector3d& e) {
      Vector3d c1 = *n - n->dot(e) * e;
      const double length = c1.norm();
      if (!(length > 0.5)) return;
      c1 /= length;
      const Vector3d c2 = e.cross(c1);
      auto slope = [&](double t) {
        const Vector3d m = std::cos(t) * c1 + std::sin(t) * c2;
        const Vector3d dm = -std::sin(t) * c1 + std::cos(t) * c2;
        return dm.dot(evaluate(m));
      };
      // The slopes just either side of the start: where they straddle
      // zero, the start is the arc's minimum (typically a face normal
      // already reached, where the arc crosses another kink).
      constexpr double kProbe = 1e-12;
      const double slope_minus = slope(-kProbe);
      const double slope_plus = slope(kProbe);
      if (slope_minus <= 0 && slope_plus >= 0) return;
      const double downhill = slope_plus < 0 ? 1 : -1;
      double lo = downhill * kProbe, hi = 0;
      double slope_lo = downhill * (downhill > 0 ? slope_plus : slope_minus), slope_hi = 0;
      for (double step = 1e-9; step <= 2 * kKinkSearchAngle; step *= 8) {
        const double s = downhill * slope(downhill * step);
        if (s >= 0) {
          hi = downhill * step;
          slope_hi = s;
          break;
        }
        lo = downhill * step;
        slope_lo = s;
      }
      if (hi == 0) return;
      // The zero of the slope, bracketed in [lo, hi] (slope_lo < 0 ≤
      // slope_hi, both along `downhill`): regula falsi with the Illinois
      // halving, superlinear where the slope is smooth, still bracketing
      // (and halving) across a further kink.
      int side = 0;
      for (int k = 0; k < 64; ++k) {
        double t = (lo * slope_hi - hi * slope_lo) / (slope_hi - slope_lo);
        if (!(std::min(lo, hi) < t && t < std::max(lo, hi))) t = (lo + hi) / 2;
        if (t == lo || t == hi) break;
        const double s = downhill * slope(t);
        if (s >= 0) {
          hi = t;
          slope_hi = s;
          if (side == 1) slope_lo /= 2;
          side = 1;
        } else {
          lo = t;
          slope_lo = s;
          if (side == -1) slope_hi /= 2;
          side = -1;
        }
        if (std::abs(hi - lo) <= 1e-15) break;
      }
    };
    for (int i = 0; i < num_A; ++i) search_arc(edges_A[i]);
    for (int j = 0; j < num_B; ++j) search_arc(edges_B[j]);
    if (!(*h < h0)) break;
  }
  return improved;
}

}  // namespace internal
}  // namespace hydrocontact
