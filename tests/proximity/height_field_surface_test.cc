#include "proximity/height_field_surface.h"
#include "tests/proximity/height_fields.h"

#include <cmath>
#include <utility>
#include <functional>
#include <random>
#include <vector>

#include <Eigen/Eigenvalues>
#include <catch2/catch.hpp>
#include <fmt/format.h>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector2d;
using Eigen::Vector3d;

HeightField Sample(int nx, int ny, double dx, double dy, double thickness,
                   const std::function<double(double, double)>& f) {
  return test::SampleHeightField(nx, ny, dx, dy, thickness, f);
}

// A biquadratic: the interpolant reproduces it exactly (central and
// second-order one-sided differences are exact for quadratics, and cubic
// Hermite interpolation with exact slopes reproduces cubics; the tensor
// product of two such operators reproduces products of quadratics).
double Biquadratic(double x, double y) {
  return 0.3 + 0.2 * x - 0.1 * y - 0.5 * x * x + 0.25 * x * y - 0.4 * y * y + 0.3 * x * x * y * y;
}

TEST_CASE("The bicubic reproduces a biquadratic exactly, with its derivatives",
          "[height_field_surface]") {
  const HeightField field = Sample(6, 5, 0.3, 0.25, 1.0, Biquadratic);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> ux(-field.half_x(), field.half_x());
  std::uniform_real_distribution<double> uy(-field.half_y(), field.half_y());
  for (int k = 0; k < 200; ++k) {
    const double x = ux(rng), y = uy(rng);
    const HeightSample s = EvalHeight(field, x, y);
    CAPTURE(x, y);
    CHECK(s.h == Approx(Biquadratic(x, y)).margin(1e-13));
    // Analytic derivatives of the biquadratic.
    CHECK(s.h_x == Approx(0.2 - x + 0.25 * y + 0.6 * x * y * y).margin(1e-12));
    CHECK(s.h_y == Approx(-0.1 + 0.25 * x - 0.8 * y + 0.6 * x * x * y).margin(1e-12));
    CHECK(s.h_xx == Approx(-1 + 0.6 * y * y).margin(1e-11));
    CHECK(s.h_xy == Approx(0.25 + 1.2 * x * y).margin(1e-11));
    CHECK(s.h_yy == Approx(-0.8 + 0.6 * x * x).margin(1e-11));
  }
}

TEST_CASE("The surface passes through every sample and is C1 across grid lines",
          "[height_field_surface]") {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<double> h(7 * 4);
  for (double& v : h) v = u(rng);
  const HeightField field(7, 4, 0.5, 0.7, std::vector<double>(h), 3.0);
  for (int j = 0; j < 4; ++j) {
    for (int i = 0; i < 7; ++i) {
      CHECK(EvalHeight(field, -field.half_x() + i * 0.5, -field.half_y() + j * 0.7).h ==
            Approx(h[j * 7 + i]).margin(1e-14));
    }
  }
  // On a grid line x = x_2 the two cells' patches agree in value and slope
  // (evaluated a hair to each side).
  const double x2 = -field.half_x() + 2 * 0.5, e = 1e-9;
  for (const double y : {-0.9, -0.1, 0.4, 1.0}) {
    const HeightSample a = EvalHeight(field, x2 - e, y), b = EvalHeight(field, x2 + e, y);
    CHECK(a.h == Approx(b.h).margin(1e-8));
    CHECK(a.h_x == Approx(b.h_x).margin(1e-7));
    CHECK(a.h_y == Approx(b.h_y).margin(1e-7));
  }
}

TEST_CASE("Two samples per axis give the bilinear-slope cubic", "[height_field_surface]") {
  // nx = ny = 2: the slopes are the plain differences; for a plane they are
  // exact, so the plane is reproduced.
  const HeightField field(2, 2, 2.0, 1.0, {0.0, 2.0, 1.0, 3.0}, 0.5);
  // h = 1.5 + x + y over [−1, 1] × [−0.5, 0.5] (0 at (−1, −0.5)).
  for (const Vector2d& p : {Vector2d(0.3, -0.2), Vector2d(-1, 0.5), Vector2d(0.9, 0.1)}) {
    CHECK(EvalHeight(field, p.x(), p.y()).h == Approx(1.5 + p.x() + p.y()).margin(1e-14));
  }
}

TEST_CASE("Cell bounds contain the patch, the tessellation error bound holds",
          "[height_field_surface]") {
  // A Gaussian bump: the interpolant overshoots nothing wildly, but the
  // bounds must hold wherever we evaluate.
  auto gauss = [](double x, double y) { return 0.4 * std::exp(-(x * x + y * y) / (2 * 0.3 * 0.3)); };
  const HeightField field = Sample(9, 9, 0.15, 0.15, 0.2, gauss);
  const HeightCellBounds all = CalcHeightFieldBounds(field);
  double max_hessian = 0;
  for (int j = 0; j < 8; ++j) {
    for (int i = 0; i < 8; ++i) {
      const HeightCellBounds b = CalcHeightCellBounds(field, i, j);
      // Inside the cell (its far edges belong to the next cells' patches,
      // whose second derivatives differ: the surface is only C¹).
      for (int a = 0; a <= 10; ++a) {
        for (int c = 0; c <= 10; ++c) {
          const double x = -field.half_x() + (i + 0.999 * a / 10.0) * 0.15;
          const double y = -field.half_y() + (j + 0.999 * c / 10.0) * 0.15;
          const HeightSample s = EvalHeight(field, x, y);
          CHECK(s.h >= b.h_min - 1e-14);
          CHECK(s.h <= b.h_max + 1e-14);
          // Spectral norm of the Hessian.
          Eigen::Matrix2d H;
          H << s.h_xx, s.h_xy, s.h_xy, s.h_yy;
          const double norm = H.eigenvalues().cwiseAbs().maxCoeff();
          CHECK(norm <= b.hessian_norm * (1 + 1e-12));
          max_hessian = std::max(max_hessian, norm);
        }
      }
    }
  }
  CHECK(all.hessian_norm >= max_hessian);
  // The piecewise-linear interpolant on k = 3 sub-cells per cell (diagonal
  // from (x0, y0) to (x1, y1)) stays within the stated bound.
  const int k = 3;
  const double bound = CalcTessellationError(field, all.hessian_norm, k);
  const double sx = 0.15 / k;
  double worst = 0;
  for (int b = 0; b < 8 * k; ++b) {
    for (int a = 0; a < 8 * k; ++a) {
      const double x0 = -field.half_x() + a * sx, y0 = -field.half_y() + b * sx;
      const double h00 = EvalHeight(field, x0, y0).h, h10 = EvalHeight(field, x0 + sx, y0).h;
      const double h01 = EvalHeight(field, x0, y0 + sx).h,
                   h11 = EvalHeight(field, x0 + sx, y0 + sx).h;
      for (int q = 0; q <= 8; ++q) {
        for (int r = 0; r <= 8; ++r) {
          const double u = q / 8.0, v = r / 8.0;
          // Lower triangle (u ≥ v): h00 + u(h10 − h00) + v(h11 − h10).
          const double linear =
              u >= v ? h00 + u * (h10 - h00) + v * (h11 - h10) : h00 + v * (h01 - h00) + u * (h11 - h01);
          worst = std::max(worst, std::abs(EvalHeight(field, x0 + u * sx, y0 + v * sx).h - linear));
        }
      }
    }
  }
  CAPTURE(worst, bound);
  CHECK(worst <= bound);
  CHECK(worst > bound / 20);  // The bound is not absurdly loose.
}

TEST_CASE("The interpolation error of a Gaussian bump falls as the third power of the spacing",
          "[height_field_surface]") {
  // Catmull–Rom: the slopes' finite-difference error is O(h²) and enters
  // through a basis of size O(1)·h, so the error is O(h³) (1D:
  // |f − If| ≤ h³·max|f'''|/12 + h⁴·max|f''''|/384 with the one-sided end
  // slopes). Gaussian A·exp(−r²/2σ²): max|f'''| = 1.38·A/σ³ along an axis,
  // max|f''''| = 3·A/σ⁴.
  const double A = 0.4, sigma = 0.3;
  auto gauss = [&](double x, double y) { return A * std::exp(-(x * x + y * y) / (2 * sigma * sigma)); };
  double previous = 0;
  for (const int n : {13, 25, 49}) {
    const double h = 1.2 / (n - 1);
    const HeightField field = Sample(n, n, h, h, 0.1, gauss);
    double worst = 0;
    for (int a = 0; a <= 240; ++a) {
      for (int b = 0; b <= 240; b += 3) {
        const double x = -0.6 + 1.2 * a / 240, y = -0.6 + 1.2 * b / 240;
        worst = std::max(worst, std::abs(EvalHeight(field, x, y).h - gauss(x, y)));
      }
    }
    // The 1D bound per axis, summed over both axes, times 1.25 (the largest
    // sum of |weights| of the Catmull–Rom stencil, its Lebesgue constant).
    const double bound_1d = std::pow(h, 3) * 1.38 * A / std::pow(sigma, 3) / 12 +
                            std::pow(h, 4) * 3 * A / std::pow(sigma, 4) / 384;
    CAPTURE(n, worst, bound_1d);
    CHECK(worst <= 1.25 * 2 * bound_1d);
    if (previous > 0) CHECK(worst < previous / 6);  // ≈ 8 per halving
    previous = worst;
  }
}

TEST_CASE("Inside test, descent, ascent and ray refinement on a paraboloid cap",
          "[height_field_surface]") {
  // h = 1 − a(x² + y²), reproduced exactly.
  const double a = 0.5;
  const HeightField field = Sample(11, 11, 0.2, 0.2, 0.5, [&](double x, double y) {
    return 1 - a * (x * x + y * y);
  });
  CHECK(IsInHeightField(field, Vector3d(0, 0, 0.99)));
  CHECK_FALSE(IsInHeightField(field, Vector3d(0, 0, 1.01)));
  CHECK(IsInHeightField(field, Vector3d(0.5, 0.5, 1 - 0.25 - 1e-9)));
  CHECK_FALSE(IsInHeightField(field, Vector3d(0.5, 0.5, 1 - 0.25 + 1e-9)));
  CHECK_FALSE(IsInHeightField(field, Vector3d(1.01, 0, 0)));
  // The bottom is min sample − thickness = (1 − a·2) − 0.5 = −0.5.
  CHECK(field.bottom() == Approx(-0.5));
  CHECK_FALSE(IsInHeightField(field, Vector3d(0, 0, -0.51)));

  // Nearest point from Q = (0, 0, 1.3) on the axis is the apex (the
  // radius of curvature 1/(2a) = 1 exceeds 0.3): from any start nearby.
  const Vector2d apex = DescendToNearestTopPoint(field, Vector3d(0, 0, 1.3), 0.3, -0.2);
  CHECK(apex.norm() < 1e-10);
  // Support along d = (1, 0, 1)/√2: maximise x + 1 − a x²: x = 1/(2a) = 1,
  // at the rectangle's edge x = 1; along d = (0.4, 0, 1): x = 0.4.
  const Vector2d s1 = AscendToSupportTopPoint(field, Vector3d(0.4, 0, 1), 0, 0);
  CHECK(s1.x() == Approx(0.4).margin(1e-10));
  CHECK(s1.y() == Approx(0).margin(1e-10));
  const Vector2d s2 = AscendToSupportTopPoint(field, Vector3d(1, 0.2, 1).normalized(), -0.5, 0);
  CHECK(s2.x() == Approx(1).margin(1e-12));
  CHECK(s2.y() == Approx(0.2).margin(1e-10));
  // A vertical ray down at (0.3, 0.4) crosses at z = 1 − a·0.25 = 0.875.
  const double t = RefineRayTopCrossing(field, Vector3d(0.3, 0.4, 2), Vector3d(0, 0, -1), 1.1, 0,
                                        2);
  CHECK(t == Approx(2 - 0.875).margin(1e-12));
}

TEST_CASE("A thickness too small for the interpolant's undershoot is refused",
          "[height_field_surface]") {
  // A spike: the Catmull–Rom patches next to it dip below the zero samples.
  std::vector<double> h(5 * 5, 0.0);
  h[2 * 5 + 2] = 1;
  const HeightField thin(5, 5, 1, 1, h, 0.01);
  CHECK_THROWS_WITH(RequireSurfaceAboveBottom(thin, CalcHeightFieldBounds(thin)),
                    Catch::Contains("thickness") && Catch::Contains("0.01"));
  const HeightField thick(5, 5, 1, 1, h, 0.5);
  CHECK_NOTHROW(RequireSurfaceAboveBottom(thick, CalcHeightFieldBounds(thick)));
  // The undershoot is real. Along y = 0 (the spike's row, y weight 1) in
  // the cell x ∈ [1, 2] (samples 3, 4, both 0): the slopes are
  // (h₄ − h₂)/2 = −½ (central) and (3h₄ − 4h₃ + h₂)/2 = ½ (one-sided), so
  // h(u) = −½·G0(u) + ½·G1(u) = −½u(1 − u)²  − ½u²(1 − u) = −½u(1 − u),
  // lowest −1/8 at u = ½ (x = 1.5).
  CHECK(EvalHeight(thin, 1.5, 0).h == Approx(-0.125).margin(1e-14));
  CHECK(EvalHeight(thin, -1.5, 0).h == Approx(-0.125).margin(1e-14));
}

TEST_CASE("A cell off the grid and a subdivision below 1 are refused, naming them",
          "[height_field_surface]") {
  // 6 × 5 samples: cells (0..4, 0..3). The corner cell is fine; one step
  // past it on either axis, or below 0, is refused before anything is read.
  const HeightField field = Sample(6, 5, 0.3, 0.25, 1.0, Biquadratic);
  CHECK(CalcHeightCellBounds(field, 4, 3).h_max >= CalcHeightCellBounds(field, 4, 3).h_min);
  for (const auto& [i, j] : {std::pair{5, 0}, std::pair{0, 4}, std::pair{-1, 0}, std::pair{0, -1}}) {
    CHECK_THROWS_AS(CalcHeightCellBounds(field, i, j), std::out_of_range);
    CHECK_THROWS_WITH(CalcHeightCellBounds(field, i, j),
                      Catch::Contains(fmt::format("cell ({}, {})", i, j)) &&
                          Catch::Contains("5 x 4 cells"));
  }
  // k = 1 is the grid itself: M (dx² + dy²) / 8 = 2 (0.09 + 0.0625) / 8.
  CHECK(CalcTessellationError(field, 2.0, 1) == Approx(2 * (0.09 + 0.0625) / 8));
  CHECK_THROWS_WITH(CalcTessellationError(field, 2.0, 0), Catch::Contains("got 0"));
  CHECK_THROWS_WITH(CalcTessellationError(field, -1.0, 2), Catch::Contains("hessian_norm"));
  CHECK_THROWS_WITH(CalcTessellationError(field, std::nan(""), 2), Catch::Contains("hessian_norm"));
}

}  // namespace
}  // namespace hydrocontact
