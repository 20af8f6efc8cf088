#include "proximity/height_field_surface.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace hydrocontact {

using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

// The samples one cell's cubic (along one axis) depends on: indices
// [lo, lo + count), count = min(4, n); weights are relative to lo.
struct Window {
  int lo{0};
  int count{0};
};

Window CellWindow(int cell, int n) {
  if (n < 4) return {0, n};
  return {std::clamp(cell - 1, 0, n - 4), 4};
}

// coef · (the finite-difference slope at sample i, per sample spacing) added
// to the weights `w` of window `win`: central inside, second-order one-sided
// at the ends, the plain difference when there are only two samples.
void AddSlope(int i, int n, const Window& win, double coef, std::array<double, 4>* w) {
  auto add = [&](int index, double c) { (*w)[index - win.lo] += coef * c; };
  if (n == 2) {
    add(1, 1);
    add(0, -1);
  } else if (i == 0) {
    add(0, -1.5);
    add(1, 2);
    add(2, -0.5);
  } else if (i == n - 1) {
    add(n - 1, 1.5);
    add(n - 2, -2);
    add(n - 3, 0.5);
  } else {
    add(i + 1, 0.5);
    add(i - 1, -0.5);
  }
}

// One axis of a patch: the weights of the window's samples for the value
// and its first and second derivatives (per unit of the cell parameter u)
// at u, for cell `cell` of an axis with n samples.
struct Stencil {
  Window win;
  std::array<double, 4> w{};
  std::array<double, 4> dw{};
  std::array<double, 4> d2w{};
};

Stencil MakeStencil(int cell, int n, double u) {
  Stencil s;
  s.win = CellWindow(cell, n);
  const double u2 = u * u, u3 = u2 * u;
  // Cubic Hermite basis: H0, H1 (values at 0, 1), G0, G1 (slopes at 0, 1).
  const std::array<double, 4> basis{2 * u3 - 3 * u2 + 1, -2 * u3 + 3 * u2, u3 - 2 * u2 + u,
                                    u3 - u2};
  const std::array<double, 4> d_basis{6 * u2 - 6 * u, -6 * u2 + 6 * u, 3 * u2 - 4 * u + 1,
                                      3 * u2 - 2 * u};
  const std::array<double, 4> d2_basis{12 * u - 6, -12 * u + 6, 6 * u - 4, 6 * u - 2};
  auto fill = [&](const std::array<double, 4>& b, std::array<double, 4>* w) {
    (*w)[cell - s.win.lo] += b[0];
    (*w)[cell + 1 - s.win.lo] += b[1];
    AddSlope(cell, n, s.win, b[2], w);
    AddSlope(cell + 1, n, s.win, b[3], w);
  };
  fill(basis, &s.w);
  fill(d_basis, &s.dw);
  fill(d2_basis, &s.d2w);
  return s;
}

// The cell holding coordinate c (clamped to the first or last cell) and the
// parameter u = (c − c_cell)/spacing (outside [0, 1] beyond the rectangle).
std::pair<int, double> Locate(double c, double half, double spacing, int n) {
  const double t = (c + half) / spacing;
  const double floor_t = std::floor(t);
  // Written so that a NaN lands in cell 0 rather than in an undefined cast.
  const int cell = floor_t >= n - 2 ? n - 2 : (floor_t >= 0 ? static_cast<int>(floor_t) : 0);
  return {cell, t - cell};
}

// The Bernstein control weights of one axis of cell `cell`: control value
// k is Σ b[k][a]·f[lo + a].
std::array<std::array<double, 4>, 4> BernsteinWeights(int cell, int n, const Window& win) {
  std::array<std::array<double, 4>, 4> b{};
  b[0][cell - win.lo] = 1;
  b[1][cell - win.lo] = 1;
  AddSlope(cell, n, win, 1.0 / 3, &b[1]);
  b[2][cell + 1 - win.lo] = 1;
  AddSlope(cell + 1, n, win, -1.0 / 3, &b[2]);
  b[3][cell + 1 - win.lo] = 1;
  return b;
}

}  // namespace

HeightSample EvalHeight(const HeightField& field, double x, double y) {
  const auto [ci, u] = Locate(x, field.half_x(), field.dx(), field.nx());
  const auto [cj, v] = Locate(y, field.half_y(), field.dy(), field.ny());
  const Stencil sx = MakeStencil(ci, field.nx(), u);
  const Stencil sy = MakeStencil(cj, field.ny(), v);
  HeightSample s;
  double h_u = 0, h_v = 0, h_uu = 0, h_uv = 0, h_vv = 0;
  for (int b = 0; b < sy.win.count; ++b) {
    // Row sums along x first: the value and x derivatives of row b.
    double f0 = 0, f1 = 0, f2 = 0;
    for (int a = 0; a < sx.win.count; ++a) {
      const double f = field.height(sx.win.lo + a, sy.win.lo + b);
      f0 += sx.w[a] * f;
      f1 += sx.dw[a] * f;
      f2 += sx.d2w[a] * f;
    }
    s.h += sy.w[b] * f0;
    h_u += sy.w[b] * f1;
    h_uu += sy.w[b] * f2;
    h_v += sy.dw[b] * f0;
    h_uv += sy.dw[b] * f1;
    h_vv += sy.d2w[b] * f0;
  }
  const double dx = field.dx(), dy = field.dy();
  s.h_x = h_u / dx;
  s.h_y = h_v / dy;
  s.h_xx = h_uu / (dx * dx);
  s.h_xy = h_uv / (dx * dy);
  s.h_yy = h_vv / (dy * dy);
  s.p_GS = Vector3d(x, y, s.h);
  return s;
}

HeightCellBounds CalcHeightCellBounds(const HeightField& field, int i, int j) {
  // The cell's Bernstein weights are written at offsets from its window:
  // an index off the grid would write past them.
  if (i < 0 || i > field.nx() - 2 || j < 0 || j > field.ny() - 2) {
    throw std::out_of_range(fmt::format(
        "CalcHeightCellBounds: cell ({}, {}) is off the grid of {} x {} cells", i, j,
        field.nx() - 1, field.ny() - 1));
  }
  const Window wx = CellWindow(i, field.nx());
  const Window wy = CellWindow(j, field.ny());
  const auto bx = BernsteinWeights(i, field.nx(), wx);
  const auto by = BernsteinWeights(j, field.ny(), wy);
  double B[4][4] = {};
  for (int b = 0; b < wy.count; ++b) {
    for (int a = 0; a < wx.count; ++a) {
      const double f = field.height(wx.lo + a, wy.lo + b);
      for (int k = 0; k < 4; ++k) {
        for (int l = 0; l < 4; ++l) B[k][l] += bx[k][a] * by[l][b] * f;
      }
    }
  }
  HeightCellBounds bounds;
  bounds.h_min = bounds.h_max = B[0][0];
  for (int k = 0; k < 4; ++k) {
    for (int l = 0; l < 4; ++l) {
      bounds.h_min = std::min(bounds.h_min, B[k][l]);
      bounds.h_max = std::max(bounds.h_max, B[k][l]);
    }
  }
  // The second derivatives of a Bernstein polynomial are Bernstein
  // polynomials of the scaled second differences of its net (degree 3:
  // ∂²/∂u² → 6Δ²ᵤ, ∂²/∂u∂v → 9ΔᵤΔᵥ).
  double m_uu = 0, m_uv = 0, m_vv = 0;
  for (int k = 0; k < 4; ++k) {
    for (int l = 0; l < 4; ++l) {
      if (k < 2) m_uu = std::max(m_uu, std::abs(6 * (B[k + 2][l] - 2 * B[k + 1][l] + B[k][l])));
      if (l < 2) m_vv = std::max(m_vv, std::abs(6 * (B[k][l + 2] - 2 * B[k][l + 1] + B[k][l])));
      if (k < 3 && l < 3) {
        m_uv = std::max(m_uv,
                        std::abs(9 * (B[k + 1][l + 1] - B[k + 1][l] - B[k][l + 1] + B[k][l])));
      }
    }
  }
  const double dx = field.dx(), dy = field.dy();
  const double h_xx = m_uu / (dx * dx), h_xy = m_uv / (dx * dy), h_yy = m_vv / (dy * dy);
  bounds.hessian_norm = std::sqrt(h_xx * h_xx + 2 * h_xy * h_xy + h_yy * h_yy);
  return bounds;
}

HeightCellBounds CalcHeightFieldBounds(const HeightField& field) {
  HeightCellBounds all = CalcHeightCellBounds(field, 0, 0);
  for (int j = 0; j + 1 < field.ny(); ++j) {
    for (int i = 0; i + 1 < field.nx(); ++i) {
      const HeightCellBounds c = CalcHeightCellBounds(field, i, j);
      all.h_min = std::min(all.h_min, c.h_min);
      all.h_max = std::max(all.h_max, c.h_max);
      all.hessian_norm = std::max(all.hessian_norm, c.hessian_norm);
    }
  }
  return all;
}

double CalcTessellationError(const HeightField& field, double hessian_norm, int k) {
  if (k < 1) {
    throw std::invalid_argument(
        fmt::format("CalcTessellationError: the subdivision k must be at least 1, got {}", k));
  }
  if (!(hessian_norm >= 0) || !std::isfinite(hessian_norm)) {
    throw std::invalid_argument(fmt::format(
        "CalcTessellationError: hessian_norm must be finite and >= 0, got {}", hessian_norm));
  }
  const double dx = field.dx(), dy = field.dy();
  return hessian_norm * (dx * dx + dy * dy) / (8.0 * k * k);
}

void RequireSurfaceAboveBottom(const HeightField& field, const HeightCellBounds& bounds) {
  if (!(bounds.h_min > field.bottom())) {
    throw std::invalid_argument(fmt::format(
        "HeightField: parameter 'thickness' ({}) is too small: between samples the bicubic "
        "surface may dip to z = {} (its control net's lowest value), not above the bottom plane "
        "z = {}; use a thickness above {}",
        field.thickness(), bounds.h_min, field.bottom(),
        field.min_height() - bounds.h_min + field.thickness()));
  }
}

bool IsInHeightField(const HeightField& field, const Vector3d& p_GQ) {
  if (!(std::abs(p_GQ.x()) <= field.half_x() && std::abs(p_GQ.y()) <= field.half_y())) return false;
  if (!(p_GQ.z() >= field.bottom())) return false;
  return p_GQ.z() <= EvalHeight(field, p_GQ.x(), p_GQ.y()).h;
}

namespace {

// Projected Newton descent of an objective over the rectangle: `eval`
// returns the objective, its gradient and Hessian at (x, y). A variable at
// a bound whose gradient pushes outward is held; the Newton step is used
// when the (free part of the) Hessian is positive definite, a scaled
// gradient step otherwise; a backtracking line search keeps every accepted
// step a decrease.
template <class Eval>
Vector2d ProjectedDescent(const HeightField& field, Vector2d p, double gradient_step,
                          const Eval& eval) {
  const Vector2d half(field.half_x(), field.half_y());
  auto clamp = [&](Vector2d q) {
    return Vector2d(std::clamp(q.x(), -half.x(), half.x()), std::clamp(q.y(), -half.y(), half.y()));
  };
  p = clamp(p);
  const double tol = 1e-14 * std::max({field.dx(), field.dy(), half.x(), half.y()});
  double value;
  Vector2d grad;
  Eigen::Matrix2d H;
  eval(p, &value, &grad, &H);
  for (int iteration = 0; iteration < 60; ++iteration) {
    bool free[2];
    for (int k = 0; k < 2; ++k) {
      free[k] = !((p[k] <= -half[k] && grad[k] > 0) || (p[k] >= half[k] && grad[k] < 0));
    }
    Vector2d step = Vector2d::Zero();
    if (free[0] && free[1]) {
      const double det = H(0, 0) * H(1, 1) - H(0, 1) * H(1, 0);
      if (H(0, 0) > 0 && det > 0) {
        // −H⁻¹·grad, with the 2 × 2 inverse written out.
        step = -Vector2d(H(1, 1) * grad.x() - H(0, 1) * grad.y(),
                         -H(1, 0) * grad.x() + H(0, 0) * grad.y()) /
               det;
      } else {
        step = -gradient_step * grad;
      }
    } else {
      for (int k = 0; k < 2; ++k) {
        if (!free[k]) continue;
        step[k] = H(k, k) > 0 ? -grad[k] / H(k, k) : -gradient_step * grad[k];
      }
    }
    if (!(step.norm() > tol)) break;
    bool accepted = false;
    double alpha = 1;
    for (int halving = 0; halving < 40; ++halving, alpha /= 2) {
      const Vector2d q = clamp(p + alpha * step);
      double q_value;
      Vector2d q_grad;
      Eigen::Matrix2d q_H;
      eval(q, &q_value, &q_grad, &q_H);
      if (q_value <= value) {
        const double moved = (q - p).norm();
        p = q;
        value = q_value;
        grad = q_grad;
        H = q_H;
        accepted = moved > tol;
        break;
      }
    }
    if (!accepted) break;
  }
  return p;
}

}  // namespace

Vector2d DescendToNearestTopPoint(const HeightField& field, const Vector3d& p_GQ, double x0,
                                  double y0) {
  // g = ½‖Q − S‖², S = (x, y, h): ∇g = (x − qx + r·h_x, y − qy + r·h_y) with
  // r = h − qz; ∇²g = I + ∇h∇hᵀ + r·∇²h.
  auto eval = [&](const Vector2d& p, double* value, Vector2d* grad, Eigen::Matrix2d* H) {
    const HeightSample s = EvalHeight(field, p.x(), p.y());
    const double r = s.h - p_GQ.z();
    *value = 0.5 * ((s.p_GS - p_GQ).squaredNorm());
    *grad = Vector2d(p.x() - p_GQ.x() + r * s.h_x, p.y() - p_GQ.y() + r * s.h_y);
    *H << 1 + s.h_x * s.h_x + r * s.h_xx, s.h_x * s.h_y + r * s.h_xy,
        s.h_x * s.h_y + r * s.h_xy, 1 + s.h_y * s.h_y + r * s.h_yy;
  };
  return ProjectedDescent(field, Vector2d(x0, y0), 1.0, eval);
}

Vector2d AscendToSupportTopPoint(const HeightField& field, const Vector3d& d_G, double x0,
                                 double y0) {
  // Minimise −d·S: gradient −(d_x + d_z·h_x, d_y + d_z·h_y), Hessian
  // −d_z·∇²h; a gradient step of a cell size where that is not definite.
  auto eval = [&](const Vector2d& p, double* value, Vector2d* grad, Eigen::Matrix2d* H) {
    const HeightSample s = EvalHeight(field, p.x(), p.y());
    *value = -d_G.dot(s.p_GS);
    *grad = -Vector2d(d_G.x() + d_G.z() * s.h_x, d_G.y() + d_G.z() * s.h_y);
    *H << -d_G.z() * s.h_xx, -d_G.z() * s.h_xy, -d_G.z() * s.h_xy, -d_G.z() * s.h_yy;
  };
  return ProjectedDescent(field, Vector2d(x0, y0), std::min(field.dx(), field.dy()), eval);
}

double RefineRayTopCrossing(const HeightField& field, const Vector3d& p_GO, const Vector3d& dhat_G,
                            double t0, double t_lo, double t_hi) {
  const double tol = 1e-14 * std::max({field.dx(), field.dy(), field.half_x(), field.half_y()});
  double t = t0;
  for (int iteration = 0; iteration < 30; ++iteration) {
    const Vector3d p = p_GO + t * dhat_G;
    if (!(std::abs(p.x()) <= field.half_x() && std::abs(p.y()) <= field.half_y())) return t0;
    const HeightSample s = EvalHeight(field, p.x(), p.y());
    const double g = p.z() - s.h;
    const double slope = dhat_G.z() - s.h_x * dhat_G.x() - s.h_y * dhat_G.y();
    if (slope == 0) return t0;
    const double step = g / slope;
    t -= step;
    if (!(t >= t_lo && t <= t_hi)) return t0;
    if (std::abs(step) <= tol) return t;
  }
  return t0;
}

}  // namespace hydrocontact
