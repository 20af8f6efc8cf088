#include "proximity/representation/continuum_extent.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

// A radius about G's origin that contains the shape.
double BoundingRadius(const Shape& shape) {
  return std::visit(
      [](const auto& s) -> double {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Sphere>) {
          return s.radius();
        } else if constexpr (std::is_same_v<T, Ellipsoid>) {
          return s.semi_axes().maxCoeff();
        } else if constexpr (std::is_same_v<T, Box>) {
          return s.size().norm() / 2;
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          return std::hypot(s.radius(), s.length() / 2);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          return s.radius() + s.length() / 2;
        } else {
          return 0.0;
        }
      },
      shape);
}

// The argument of the maximum of a concave function on [a, b] (golden
// section; concavity makes it exact up to the bracket width).
template <class F>
double ArgMaxConcave(F&& f, double a, double b) {
  constexpr double kInvPhi = 0.6180339887498949;
  double x1 = b - kInvPhi * (b - a), x2 = a + kInvPhi * (b - a);
  double f1 = f(x1), f2 = f(x2);
  for (int i = 0; i < 80 && b - a > 1e-15 * (std::abs(a) + std::abs(b) + 1e-300); ++i) {
    if (f1 < f2) {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + kInvPhi * (b - a);
      f2 = f(x2);
    } else {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - kInvPhi * (b - a);
      f1 = f(x1);
    }
  }
  return (a + b) / 2;
}

// The zero of f between `inside` (f > 0) and `outside` (f ≤ 0), by bisection.
template <class F>
double Bisect(F&& f, double inside, double outside) {
  for (int i = 0; i < 200; ++i) {
    const double mid = (inside + outside) / 2;
    if (mid == inside || mid == outside) break;
    (f(mid) > 0 ? inside : outside) = mid;
  }
  return (inside + outside) / 2;
}

// The chord {t : f(t) > 0} ⊂ [−L, L] of a concave f, empty when f ≤ 0.
struct Chord {
  bool empty{true};
  double t0{0}, t1{0};
};
template <class F>
Chord FindChord(F&& f, double L) {
  const double t_max = ArgMaxConcave(f, -L, L);
  if (!(f(t_max) > 0)) return {};
  return {false, Bisect(f, t_max, -L), Bisect(f, t_max, L)};
}

// One estimate of ∫ f over [a, b] from the 4-point Gauss–Lobatto rule and
// its 7-point Kronrod extension (Gander and Gautschi, 2000): the Kronrod
// value, |Kronrod − Lobatto| as its error, and ∫ |f| by the same rule (the
// scale of the round-off in the sum).
//
// Why a rule that samples the ends: the integrands here are concave and
// vanish at the ends of their chords, with kinks (a box's or cylinder's
// extent is a minimum of distances). A rule without the ends, such as
// Gauss–Kronrod (7, 15), whose outermost node lies 0.0085 of the interval
// from each end, sees a ramp up from 0 narrower than that as a plateau:
// both its rules then agree, its error estimate is 0, and the ramp's
// deficit is lost (3e-3 of a box's ∫e on a plane 1 mm below a face). Here
// the ends are sampled, so the two rules disagree and the piece is split.
struct Piece {
  double a, b;
  double integral, error, magnitude;
};

Piece EstimatePiece(const std::function<double(double)>& f, double a, double b) {
  // Nodes of the Kronrod rule: ±1, ±√(2/3), ±1/√5 (the Lobatto rule's
  // inner nodes) and 0; weights 11/210, 72/245, 125/294, 16/35. The
  // Lobatto rule: ±1 and ±1/√5 with weights 1/6 and 5/6.
  constexpr double kAlpha = 0.816496580927726033;  // √(2/3)
  constexpr double kBeta = 0.447213595499957939;   // 1/√5
  const double c = (a + b) / 2, h = (b - a) / 2;
  const double f_ends[2] = {f(a), f(b)};
  const double f_alpha[2] = {f(c - kAlpha * h), f(c + kAlpha * h)};
  const double f_beta[2] = {f(c - kBeta * h), f(c + kBeta * h)};
  const double f_centre = f(c);
  const double ends = f_ends[0] + f_ends[1], alpha = f_alpha[0] + f_alpha[1],
               beta = f_beta[0] + f_beta[1];
  const double kronrod = h * ((11.0 / 210) * ends + (72.0 / 245) * alpha + (125.0 / 294) * beta +
                              (16.0 / 35) * f_centre);
  const double lobatto = h * (ends / 6 + 5 * beta / 6);
  const double magnitude =
      h * ((11.0 / 210) * (std::abs(f_ends[0]) + std::abs(f_ends[1])) +
           (72.0 / 245) * (std::abs(f_alpha[0]) + std::abs(f_alpha[1])) +
           (125.0 / 294) * (std::abs(f_beta[0]) + std::abs(f_beta[1])) +
           (16.0 / 35) * std::abs(f_centre));
  if (!std::isfinite(kronrod) || !std::isfinite(lobatto)) {
    throw std::invalid_argument(fmt::format(
        "IntegrateAdaptive: the integrand is not finite on [{}, {}] (estimate {})", a, b, kronrod));
  }
  return {a, b, kronrod, std::abs(kronrod - lobatto), magnitude};
}

}  // namespace

double IntegrateAdaptive(const std::function<double(double)>& f, double a, double b,
                         double tolerance) {
  // A tolerance of 0 (or NaN) is never met: every piece would be split
  // until the budget ran out.
  if (!(tolerance > 0) || !std::isfinite(tolerance)) {
    throw std::invalid_argument(fmt::format(
        "IntegrateAdaptive: tolerance must be positive and finite, got {}", tolerance));
  }
  if (!std::isfinite(a) || !std::isfinite(b)) {
    throw std::invalid_argument(
        fmt::format("IntegrateAdaptive: the interval [{}, {}] is not finite", a, b));
  }
  if (!(b > a)) return 0.0;
  // Globally adaptive: the piece with the largest error estimate is split
  // in two until the errors sum to the tolerance. (Splitting every piece
  // whose error exceeds a share of the tolerance halved at each level, as
  // a recursion does, never ends where f carries noise, e.g. an inner
  // quadrature's, above that share: the pieces double level after level.)
  // The sum also stops at the round-off of the integral itself, and after
  // kMaxSplits splits, so the work is bounded whatever f is.
  constexpr int kMaxSplits = 2000;
  const double kRoundOff = 50 * std::numeric_limits<double>::epsilon();
  auto less_error = [](const Piece& x, const Piece& y) { return x.error < y.error; };
  std::vector<Piece> heap{EstimatePiece(f, a, b)};
  // Running sums, updated as pieces are split (the integral is summed
  // afresh at the end).
  double error = heap[0].error, magnitude = heap[0].magnitude;
  // Pieces too narrow to split (their midpoint rounds to an end) leave the
  // heap, their integral set aside and their error counted as it is.
  double set_aside = 0;
  int splits = 0;
  while (!heap.empty() && splits < kMaxSplits &&
         error > std::max(tolerance, kRoundOff * magnitude)) {
    std::pop_heap(heap.begin(), heap.end(), less_error);
    const Piece worst = heap.back();
    heap.pop_back();
    const double c = (worst.a + worst.b) / 2;
    if (!(worst.a < c && c < worst.b)) {
      set_aside += worst.integral;
      continue;
    }
    const Piece left = EstimatePiece(f, worst.a, c), right = EstimatePiece(f, c, worst.b);
    ++splits;
    error += left.error + right.error - worst.error;
    magnitude += left.magnitude + right.magnitude - worst.magnitude;
    for (const Piece& piece : {left, right}) {
      heap.push_back(piece);
      std::push_heap(heap.begin(), heap.end(), less_error);
    }
  }
  double integral = set_aside;
  for (const Piece& piece : heap) integral += piece.integral;
  return integral;
}

double CalcContinuumExtent(const Shape& shape, const Vector3d& p_GQ) {
  return std::visit(
      [&](const auto& s) -> double {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Sphere>) {
          return 1 - p_GQ.norm() / s.radius();
        } else if constexpr (std::is_same_v<T, Ellipsoid>) {
          return 1 - p_GQ.cwiseQuotient(s.semi_axes()).norm();
        } else if constexpr (std::is_same_v<T, Box>) {
          const Vector3d half = s.size() / 2;
          return (half - p_GQ.cwiseAbs()).minCoeff() / half.minCoeff();
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          const double R = s.radius(), half_length = s.length() / 2;
          const double rho = std::hypot(p_GQ.x(), p_GQ.y());
          return std::min(R - rho, half_length - std::abs(p_GQ.z())) / std::min(R, half_length);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          const double half_length = s.length() / 2;
          const Vector3d p_SQ(p_GQ.x(), p_GQ.y(),
                              p_GQ.z() - std::clamp(p_GQ.z(), -half_length, half_length));
          return 1 - p_SQ.norm() / s.radius();
        } else {
          throw std::invalid_argument(fmt::format(
              "CalcContinuumExtent: a {} has no analytic extent", ShapeName(shape)));
        }
      },
      shape);
}

PlaneSectionIntegrals IntegrateExtentOverPlaneSection(const Shape& shape,
                                                      const RigidTransform& X_GP) {
  CalcContinuumExtent(shape, Vector3d::Zero());  // Throws for unsupported shapes.
  const double L = 1.01 * BoundingRadius(shape);
  const Vector3d u_G = X_GP.rotation().col(0), v_G = X_GP.rotation().col(1);
  const Vector3d nhat_G = X_GP.rotation().col(2);
  // The chords are searched within L of Q, the plane's point nearest G's
  // origin, not of P's origin, which may lie anywhere on the plane: every
  // point x of the shape is within BoundingRadius of G's origin, so every
  // point of the section is within it of Q (|x − Q|² = |x|² − d², d the
  // origin's distance to the plane). Searched about a distant P origin,
  // the window cut the section short and the answer was silently too small.
  const Vector3d p_GQ = nhat_G.dot(X_GP.translation()) * nhat_G;
  auto extent = [&](double u, double v) {
    return CalcContinuumExtent(shape, p_GQ + u * u_G + v * v_G);
  };
  // The chord of line u = const, and the best e along it (concave in u:
  // the supremum over v of a jointly concave function).
  auto chord_at = [&](double u) {
    return FindChord([&](double v) { return extent(u, v); }, L);
  };
  auto max_along = [&](double u) {
    auto f = [&](double v) { return extent(u, v); };
    return f(ArgMaxConcave(f, -L, L));
  };
  const Chord across = FindChord(max_along, L);
  PlaneSectionIntegrals result;
  if (across.empty) return result;
  // Tolerances relative to the section's scale: area ~ L², ∫e ~ L².
  const double tolerance = 1e-12 * L * L;
  // Across the section, u = centre − half·cos θ for θ in [0, π]: at the
  // section's two extreme lines a chord's length (and ∫e along it) grows
  // like the square root of the distance to them, where the adaptive rule
  // would halve its interval some forty times; the factor
  // du/dθ = half·sin θ cancels that root and leaves a smooth integrand.
  const double centre = (across.t0 + across.t1) / 2, half = (across.t1 - across.t0) / 2;
  auto across_section = [&](auto&& along_chord) {
    return IntegrateAdaptive(
        [&](double theta) {
          const double u = centre - half * std::cos(theta);
          const Chord c = chord_at(u);
          return c.empty ? 0.0 : along_chord(u, c) * half * std::sin(theta);
        },
        0, std::numbers::pi, tolerance);
  };
  result.area = across_section([](double, const Chord& c) { return c.t1 - c.t0; });
  result.extent_integral = across_section([&](double u, const Chord& c) {
    return IntegrateAdaptive([&](double v) { return extent(u, v); }, c.t0, c.t1, 1e-13 * L);
  });
  return result;
}

}  // namespace hydrocontact
