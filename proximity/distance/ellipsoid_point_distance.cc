#include "proximity/distance/ellipsoid_point_distance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

// Bisection stops when the midpoint equals an end point (full precision);
// this cap only guards against a broken invariant. Doubles need at most
// ~2100 halvings to collapse any finite interval.
constexpr int kMaxBisections = 2200;

// The root s̄ > −1 of F(s) = Σ (n_i/(s + r_i))² − 1 (r_last = 1) in 2D:
// n = (r0·z0, z1).
double GetRoot2(double r0, double z0, double z1, double g) {
  const double n0 = r0 * z0;
  double s0 = z1 - 1;
  double s1 = g < 0 ? 0 : std::hypot(n0, z1) - 1;
  double s = 0;
  for (int i = 0; i < kMaxBisections; ++i) {
    s = (s0 + s1) / 2;
    if (s == s0 || s == s1) break;
    const double ratio0 = n0 / (s + r0);
    const double ratio1 = z1 / (s + 1);
    const double f = ratio0 * ratio0 + ratio1 * ratio1 - 1;
    if (f > 0) {
      s0 = s;
    } else if (f < 0) {
      s1 = s;
    } else {
      break;
    }
  }
  return s;
}

double GetRoot3(double r0, double r1, double z0, double z1, double z2, double g) {
  const double n0 = r0 * z0;
  const double n1 = r1 * z1;
  double s0 = z2 - 1;
  double s1 = g < 0 ? 0 : std::hypot(n0, n1, z2) - 1;
  double s = 0;
  for (int i = 0; i < kMaxBisections; ++i) {
    s = (s0 + s1) / 2;
    if (s == s0 || s == s1) break;
    const double ratio0 = n0 / (s + r0);
    const double ratio1 = n1 / (s + r1);
    const double ratio2 = z2 / (s + 1);
    const double f = ratio0 * ratio0 + ratio1 * ratio1 + ratio2 * ratio2 - 1;
    if (f > 0) {
      s0 = s;
    } else if (f < 0) {
      s1 = s;
    } else {
      break;
    }
  }
  return s;
}

// Nearest point x on the ellipse with semi-axes e0 ≥ e1 > 0 to y (y ≥ 0).
void NearestOnEllipse(double e0, double e1, double y0, double y1, double* x0, double* x1) {
  if (y1 > 0) {
    if (y0 > 0) {
      const double z0 = y0 / e0;
      const double z1 = y1 / e1;
      const double g = z0 * z0 + z1 * z1 - 1;
      if (g != 0) {
        const double r0 = (e0 / e1) * (e0 / e1);
        const double s = GetRoot2(r0, z0, z1, g);
        *x0 = r0 * y0 / (s + r0);
        *x1 = y1 / (s + 1);
      } else {
        *x0 = y0;
        *x1 = y1;
      }
    } else {
      *x0 = 0;
      *x1 = e1;
    }
  } else {
    const double numer0 = e0 * y0;
    const double denom0 = e0 * e0 - e1 * e1;
    if (numer0 < denom0) {
      const double xde0 = numer0 / denom0;
      *x0 = e0 * xde0;
      *x1 = e1 * std::sqrt(std::max(0.0, 1 - xde0 * xde0));
    } else {
      *x0 = e0;
      *x1 = 0;
    }
  }
}

// Nearest point x on the ellipsoid with semi-axes e0 ≥ e1 ≥ e2 > 0 to y
// (y ≥ 0 componentwise).
Vector3d NearestOnEllipsoid(const Vector3d& e, const Vector3d& y) {
  Vector3d x;
  if (y[2] > 0) {
    if (y[1] > 0) {
      if (y[0] > 0) {
        const double z0 = y[0] / e[0];
        const double z1 = y[1] / e[1];
        const double z2 = y[2] / e[2];
        const double g = z0 * z0 + z1 * z1 + z2 * z2 - 1;
        if (g != 0) {
          const double r0 = (e[0] / e[2]) * (e[0] / e[2]);
          const double r1 = (e[1] / e[2]) * (e[1] / e[2]);
          const double s = GetRoot3(r0, r1, z0, z1, z2, g);
          x[0] = r0 * y[0] / (s + r0);
          x[1] = r1 * y[1] / (s + r1);
          x[2] = y[2] / (s + 1);
        } else {
          x = y;
        }
      } else {
        x[0] = 0;
        NearestOnEllipse(e[1], e[2], y[1], y[2], &x[1], &x[2]);
      }
    } else {
      x[1] = 0;
      if (y[0] > 0) {
        NearestOnEllipse(e[0], e[2], y[0], y[2], &x[0], &x[2]);
      } else {
        x[0] = 0;
        x[2] = e[2];
      }
    }
  } else {
    // y on the plane of the two largest axes: the nearest point may leave
    // it (interior points near the centre) when this discriminant allows.
    const double denom0 = e[0] * e[0] - e[2] * e[2];
    const double denom1 = e[1] * e[1] - e[2] * e[2];
    const double numer0 = e[0] * y[0];
    const double numer1 = e[1] * y[1];
    bool computed = false;
    if (numer0 < denom0 && numer1 < denom1) {
      const double xde0 = numer0 / denom0;
      const double xde1 = numer1 / denom1;
      const double discr = 1 - xde0 * xde0 - xde1 * xde1;
      if (discr > 0) {
        x[0] = e[0] * xde0;
        x[1] = e[1] * xde1;
        x[2] = e[2] * std::sqrt(discr);
        computed = true;
      }
    }
    if (!computed) {
      x[2] = 0;
      NearestOnEllipse(e[0], e[1], y[0], y[1], &x[0], &x[1]);
    }
  }
  return x;
}

}  // namespace

PointShapeDistance CalcPointDistance(const Ellipsoid& ellipsoid, const Vector3d& p_GQ) {
  if (!p_GQ.allFinite()) {
    throw std::invalid_argument(fmt::format(
        "CalcPointDistance(Ellipsoid): the query point ({}, {}, {}) is not finite", p_GQ.x(),
        p_GQ.y(), p_GQ.z()));
  }
  const Vector3d& semi = ellipsoid.semi_axes();
  // Sort the axes by decreasing length (Eberly's precondition); reflect
  // the query into the first octant.
  // (Equal axes keep their order, as a stable sort would; std::sort with
  // the index as tie-break does it without stable_sort's buffer.)
  std::array<int, 3> order{0, 1, 2};
  std::sort(order.begin(), order.end(), [&](int i, int j) {
    return semi[i] > semi[j] || (semi[i] == semi[j] && i < j);
  });
  Vector3d e, y;
  for (int i = 0; i < 3; ++i) {
    e[i] = semi[order[i]];
    y[i] = std::abs(p_GQ[order[i]]);
  }
  const Vector3d x = NearestOnEllipsoid(e, y);

  PointShapeDistance r;
  r.is_grad_unique = true;
  for (int i = 0; i < 3; ++i) {
    const int axis = order[i];
    const double sign = p_GQ[axis] >= 0 ? 1.0 : -1.0;
    r.p_GN[axis] = sign * x[i];
    // Q on a symmetry plane with N off it: N's mirror image is as near.
    if (y[i] == 0 && x[i] != 0) r.is_grad_unique = false;
  }
  const bool inside = (p_GQ.cwiseQuotient(semi)).squaredNorm() < 1;
  const double d = (p_GQ - r.p_GN).norm();
  r.distance = inside ? -d : d;
  // The outward normal at N is ∇(Σ x_i²/e_i²) ∝ N_i/e_i², parallel to Q − N.
  r.grad_G = r.p_GN.cwiseQuotient(semi.cwiseProduct(semi)).normalized();
  return r;
}

}  // namespace hydrocontact
