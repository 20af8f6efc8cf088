#pragma once

/// @file
/// The top surface z = h(x, y) of a HeightField (geometry/shape.h): its
/// bicubic patches evaluated with derivatives, bounds on each patch (from
/// its Bernstein control net), the exact inside test of the solid and the
/// local Newton refinements the distance and ray queries polish their
/// tessellation answers with. Everything in the height field's frame G.
///
/// A patch is evaluated straight from the (up to) 4 × 4 samples around its
/// cell, so nothing is precomputed and every function here is
/// allocation-free.

#include <Eigen/Core>

#include "geometry/shape.h"

namespace hydrocontact {

/// h and its first and second partial derivatives at one (x, y), in G.
struct HeightSample {
  double h{0};
  double h_x{0};
  double h_y{0};
  double h_xx{0};
  double h_xy{0};
  double h_yy{0};
  /// The surface point (x, y, h).
  Eigen::Vector3d p_GS{Eigen::Vector3d::Zero()};
  /// The outward (upward) unit normal (−h_x, −h_y, 1)/‖·‖.
  Eigen::Vector3d UnitNormal() const { return Eigen::Vector3d(-h_x, -h_y, 1).normalized(); }
};

/// The bicubic surface at (x, y). Inside the rectangle this is the height
/// field's surface; outside it the patch of the nearest boundary cell is
/// continued (a polynomial extrapolation, what the implicit function uses).
/// Precondition: x, y finite.
HeightSample EvalHeight(const HeightField& field, double x, double y);

/// Bounds of one cell's patch over the cell, from its Bernstein control net
/// (a bicubic lies in the convex hull of its 16 control values, and so do
/// its derivatives of their difference nets).
struct HeightCellBounds {
  /// min and max of h over the cell (bounds: the control values' range).
  double h_min{0};
  double h_max{0};
  /// An upper bound of the Hessian's spectral norm over the cell, 1/m
  /// (the Frobenius norm of the entries' bounds).
  double hessian_norm{0};
};

/// The bounds of cell (i, j), 0 ≤ i ≤ nx − 2, 0 ≤ j ≤ ny − 2.
/// @throws std::out_of_range naming the cell if it is off the grid.
HeightCellBounds CalcHeightCellBounds(const HeightField& field, int i, int j);

/// The bounds over the whole field: h_min, h_max and hessian_norm are the
/// extremes over all cells. O(nx·ny).
HeightCellBounds CalcHeightFieldBounds(const HeightField& field);

/// The vertical (and so Hausdorff) distance bound between the surface and
/// its piecewise-linear interpolant on the grid that splits every cell into
/// k × k sub-rectangles, each cut into two right triangles: for linear
/// interpolation on a triangle of circumradius ρ the error is at most
/// ½·M·ρ² (Taylor at each vertex, weighted by the barycentric coordinates:
/// |h − Ih| ≤ ½·M·Σλᵢ‖vᵢ − p‖² ≤ ½·M·ρ²), and a right triangle with legs
/// dx/k, dy/k has ρ² = (dx² + dy²)/(4k²). M is the Hessian bound of
/// CalcHeightFieldBounds.
/// @throws std::invalid_argument if k < 1 or hessian_norm is negative or
///         not finite.
double CalcTessellationError(const HeightField& field, double hessian_norm, int k);

/// Throws std::invalid_argument naming the thickness when the surface's
/// lower bound (CalcHeightFieldBounds) does not stay above the bottom plane
/// z_b, so that the solid might not be one: the message gives both heights
/// and a thickness large enough.
void RequireSurfaceAboveBottom(const HeightField& field, const HeightCellBounds& bounds);

/// True when Q lies in the closed solid (on or inside its boundary).
bool IsInHeightField(const HeightField& field, const Eigen::Vector3d& p_GQ);

/// The top-surface point nearest Q among those reached by projected Newton
/// descent of ½‖Q − S(x, y)‖² over the rectangle, started at (x0, y0)
/// (with a backtracking line search: the distance never increases from the
/// start). A local answer: the caller provides a start in the right basin.
/// Returns the parameters (x, y) of the point.
Eigen::Vector2d DescendToNearestTopPoint(const HeightField& field, const Eigen::Vector3d& p_GQ,
                                         double x0, double y0);

/// The top-surface point maximising d·S(x, y) over the rectangle reached by
/// projected Newton ascent from (x0, y0) (never lower than the start).
/// Returns (x, y).
Eigen::Vector2d AscendToSupportTopPoint(const HeightField& field, const Eigen::Vector3d& d_G,
                                        double x0, double y0);

/// Refines a ray's crossing of the top surface: Newton's method on
/// g(t) = z(t) − h(x(t), y(t)) along p_GO + t·dhat_G from t0, kept within
/// [t_lo, t_hi] (a bracket where the caller knows the crossing lies).
/// Returns the refined t, or t0 when Newton does not converge in the bracket.
double RefineRayTopCrossing(const HeightField& field, const Eigen::Vector3d& p_GO,
                            const Eigen::Vector3d& dhat_G, double t0, double t_lo, double t_hi);

}  // namespace hydrocontact
