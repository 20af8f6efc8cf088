#pragma once

/// @file
/// The signed distance between two convex sets given by support mappings
/// (core ⊕ ball of radius margin, proximity/support_mapping.h): GJK when the
/// cores are apart, EPA when they overlap or touch, margins added in closed
/// form. This is the generic path of the narrow phase; it is also what the
/// mesh queries use for one triangle against a convex shape
/// (TriangleSupport).

#include <algorithm>
#include <limits>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "proximity/distance/epa.h"
#include "proximity/distance/gjk.h"
#include "proximity/distance/support_mapping.h"
#include "proximity/distance/support_witness.h"

namespace hydrocontact {

/// Options of ComputeConvexSignedDistance.
struct ConvexSignedDistanceOptions {
  GjkOptions gjk;
  EpaOptions epa;
  /// A GJK answer that stopped early (stalled or capped) is kept when its
  /// upper bound ‖v‖ and the support-function lower bound along its normal
  /// differ by at most this fraction of the problem's size; otherwise the
  /// EPA-and-Newton path decides (see ComputeConvexSignedDistance).
  double certified_tolerance{1e-12};
  /// GJK's direction is kept when its bounds prove it within this angle
  /// (radians) of the true normal; otherwise it is polished on the support
  /// function (see ComputeConvexSignedDistance). The accuracy of the
  /// normals of the convex pairs (each argument order within it, so the
  /// two orders agree to twice it).
  double direction_tolerance{4e-6};
  /// The tie rule of the normal (see ComputeConvexSignedDistance): the
  /// normal is reported as not unique when the opposite direction, or a
  /// direction tilted from it by tie_angle (radians), gives a lower bound
  /// g(u) within certified_tolerance of the size of the distance.
  double tie_angle{0.1};
};

/// The signed distance between two convex sets and its witnesses, all in
/// A's frame. Invariant: p_ACa − p_ACb_A = distance · nhat_BA_A.
struct ConvexSignedDistance {
  /// Positive when apart, negative (minus the penetration depth) when
  /// overlapping.
  double distance{0};
  /// Witness point on A's surface, in A (when overlapping: A's point
  /// deepest in B).
  Eigen::Vector3d p_ACa{Eigen::Vector3d::Zero()};
  /// Witness point on B's surface, expressed in A.
  Eigen::Vector3d p_ACb_A{Eigen::Vector3d::Zero()};
  /// Unit gradient of the distance with respect to A's position: from B
  /// toward A, in A.
  Eigen::Vector3d nhat_BA_A{Eigen::Vector3d::UnitX()};
  /// False when the direction is not unique (see EpaResult).
  bool is_nhat_unique{true};
  /// False when an iteration cap was reached (the best answer is returned).
  bool converged{true};
};

/// Signed distance between A (support mapping in frame A) and B (in frame
/// B, posed in A by X_AB), margins included. Never throws, never loops
/// forever; allocation-free once the thread's EPA buffers are warm.
template <SupportMapping SA, SupportMapping SB>
ConvexSignedDistance ComputeConvexSignedDistance(const SA& A, const SB& B,
                                                 const RigidTransform& X_AB,
                                                 const ConvexSignedDistanceOptions& options = {}) {
  const GjkResult gjk = GjkDistance(A, B, X_AB, options.gjk);
  ConvexSignedDistance result;
  Eigen::Vector3d p_ACa, p_ACb_A;
  double core_distance;
  auto support = [&](const Eigen::Vector3d& d, Eigen::Vector3d* a, Eigen::Vector3d* b) {
    *a = A.Support(d);
    *b = internal::SupportInA(B, X_AB, -d);
  };
  const double scale = std::max(gjk.scale, 1e-300);
  // GJK's ‖v‖ bounds the distance from above and g(n̂) = −h_D(−n̂) from
  // below (see below); where they meet, GJK's answer is certified even if
  // round-off stopped its descent early. They also bound the error of its
  // direction: v lies in D, whose points all have x · n* ≥ φ (n* the true
  // normal, φ the distance), so cos∠(v, n*) ≥ φ/‖v‖ ≥ lower/‖v‖, and
  // ∠(v, n*) ≤ √(2 (‖v‖ − lower)/‖v‖) to first order. On curved shapes near
  // contact that is far coarser than the distance itself (a distance error
  // of 1e-12 of the size at a distance of 1e-3 of it leaves 4e-5 rad).
  bool certified = false;
  bool direction_certified = false;
  if (!gjk.overlapping) {
    Eigen::Vector3d a, b;
    support(-gjk.nhat_BA_A, &a, &b);
    const double lower = gjk.nhat_BA_A.dot(a - b);
    const double spread = gjk.distance - lower;
    certified = (gjk.converged && !gjk.stalled) || spread <= options.certified_tolerance * scale;
    direction_certified = spread <= 0.5 * options.direction_tolerance *
                                        options.direction_tolerance * gjk.distance;
  }
  // The best direction found by polishing (see below): m = −n̂ minimises
  // h_D, and −h_D(m) = g(n̂) is the distance it certifies.
  double best_h = std::numeric_limits<double>::infinity();
  Eigen::Vector3d best_m = -gjk.nhat_BA_A;
  auto consider = [&](const Eigen::Vector3d& nhat_BA_A) {
    Eigen::Vector3d m = -nhat_BA_A;
    double h;
    Eigen::Vector3d a, b;
    internal::PolishPenetrationDirection(A, B, X_AB, scale, &m, &h, &a, &b);
    if (h < best_h) {
      best_h = h;
      best_m = m;
    }
  };
  if (certified && direction_certified) {
    // GJK met its stopping rule (or its bounds met): its distance is exact
    // to the tolerance, with closest points from its simplex.
    core_distance = gjk.distance;
    result.nhat_BA_A = gjk.nhat_BA_A;
    p_ACa = gjk.p_ACa;
    p_ACb_A = gjk.p_ACb_A;
  } else if (certified) {
    // The distance is right but the direction may not be: polish GJK's
    // (a few support calls; EPA has nothing to add apart), and answer with
    // the polished direction, its lower bound (no less than GJK's, so
    // within the tolerance of the distance) and its features' witnesses.
    consider(gjk.nhat_BA_A);
    core_distance = -best_h;
    result.nhat_BA_A = -best_m;
    internal::SupportFeatureWitnesses(A, B, X_AB, best_m, best_h, &p_ACa, &p_ACb_A);
  } else {
    // Near touching, or on curved shapes where GJK's descent stalls, GJK's
    // ‖v‖ is only an upper bound and may even have the wrong sign. The
    // signed distance is the maximum over unit directions u of
    // g(u) = −h_D(−u) (h_D the support function of D = A − B), and every
    // g(u) is a lower bound of it whatever the sign. So each candidate
    // direction (EPA's, and GJK's when it saw the cores apart) is polished
    // (Newton's method on h_D, then its kinks: PolishPenetrationDirection)
    // and the largest g wins: one rule for
    // separated, touching and overlapping cores, with no threshold between
    // them, and a distance consistent with its own direction.
    const EpaResult epa = EpaPenetration(A, B, X_AB, gjk, options.epa);
    consider(epa.nhat_BA_A);
    if (!gjk.overlapping) consider(gjk.nhat_BA_A);
    // The polished lower bound is the answer, with its own direction and
    // the witnesses of its support features: exact at a kink of h_D
    // (PolishAtKinks) as on smooth parts. The upper bounds at hand when
    // apart (GJK's ‖v‖, EPA's distance to its polytope) are not used: their
    // directions are not the maximiser of g (the answer would not satisfy
    // distance = g(n̂), nor be the same with A and B swapped), and GJK's
    // witnesses, convex combinations of support points, lie inside a
    // curved surface.
    result.is_nhat_unique = epa.is_nhat_unique;
    result.converged = epa.converged || gjk.converged;
    core_distance = -best_h;
    result.nhat_BA_A = -best_m;
    internal::SupportFeatureWitnesses(A, B, X_AB, best_m, best_h, &p_ACa, &p_ACb_A);
  }
  // The tie rule. The distance is max over unit u of g(u) (g(u) = the
  // least u · (a − b) over a ∈ A, b ∈ B); its normal is the maximiser. Where
  // another direction reaches the same value, the normal is not unique and
  // the choice between them is arbitrary: swapping A and B may pick another
  // one. Probed: −n̂ (ties exactly for identical shapes at one pose, whose
  // difference is centrally symmetric), and n̂ tilted by tie_angle four ways.
  // g falls under a tilt θ by about θ × (the contact's extent) for faces
  // and by (curvature radius) θ²/2 on smooth surfaces, but only by
  // |distance| θ²/2 where the difference has a vertex or an edge: the
  // probes flag exactly those corner contacts within
  // 2 certified_tolerance / tie_angle² (2e-10) of the size of touching,
  // whose direction a round-off of the poses (1e-16 of the size) turns by
  // more than 1e-6 rad.
  if (result.is_nhat_unique) {
    const Eigen::Vector3d& n = result.nhat_BA_A;
    const double g_n = core_distance;
    const double tie = options.certified_tolerance * scale;
    int k_min;
    n.cwiseAbs().minCoeff(&k_min);
    const Eigen::Vector3d t1 = n.cross(Eigen::Vector3d::Unit(k_min)).normalized();
    const Eigen::Vector3d t2 = n.cross(t1);
    const double c = std::cos(options.tie_angle), s = std::sin(options.tie_angle);
    const Eigen::Vector3d probes[5] = {-n, c * n + s * t1, c * n - s * t1, c * n + s * t2,
                                       c * n - s * t2};
    for (const Eigen::Vector3d& u : probes) {
      Eigen::Vector3d a, b;
      support(-u, &a, &b);
      if (u.dot(a - b) >= g_n - tie) {
        result.is_nhat_unique = false;
        break;
      }
    }
  }
  const double margin_A = A.margin();
  const double margin_B = B.margin();
  result.distance = core_distance - margin_A - margin_B;
  result.p_ACa = p_ACa - margin_A * result.nhat_BA_A;
  result.p_ACb_A = p_ACb_A + margin_B * result.nhat_BA_A;
  return result;
}

}  // namespace hydrocontact
