#pragma once

/// @file
/// The continuum extent e of the compliant primitives (DESIGN section 4) as
/// analytic functions, and the continuum contact answer of a rigid plane
/// cutting a compliant primitive: ∫ e dA over the exact planar section. These
/// are the independent answers the meshes are judged against (accuracy
/// benchmark, convergence tests); no mesh is involved.

#include <functional>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "geometry/shape.h"

namespace hydrocontact {

/// The extent e at point Q of `shape` (measured and expressed in the shape's
/// frame G), extended beyond the boundary by the same formula (negative
/// outside), so that e is concave everywhere:
///   - Sphere: 1 − |p|/r;
///   - Ellipsoid: 1 − ‖(x/a, y/b, z/c)‖;
///   - Box: min_i(hᵢ − |pᵢ|)/H, hᵢ the half sizes, H = min hᵢ;
///   - Cylinder: min(R − ρ, L/2 − |z|)/H, ρ the distance to the z axis,
///     H = min(R, L/2);
///   - Capsule: 1 − d/R, d the distance to the axis segment |z| ≤ L/2.
/// Margins are not included (the answer for the uninflated shape).
/// @throws std::invalid_argument for HalfSpace, Mesh and Convex (no analytic
///         extent).
double CalcContinuumExtent(const Shape& shape, const Eigen::Vector3d& p_GQ);

/// The area of a planar section of a shape and the integral of its extent
/// over it.
struct PlaneSectionIntegrals {
  double area{0};           ///< m².
  double extent_integral{0};  ///< ∫ e dA, m² (times E: the normal force).
};

/// The section of `shape` (frame G) by the plane through the origin of frame
/// P normal to P's z axis, X_GP its pose in G, and ∫ e dA over it (e as in
/// CalcContinuumExtent), by nested adaptive quadrature (IntegrateAdaptive): the
/// section is convex (every e is concave), so each line of the plane meets
/// it in one chord, found by bisection on e; the inner integral runs along
/// chords, the outer across them. Relative accuracy about 1e-10 (measured
/// against closed forms: 2e-11 or better, kinks of the box's and cylinder's
/// extents included). Only the plane matters: where on it P's origin lies,
/// however far from the shape, and how P is turned about its z axis leave
/// the answer unchanged.
/// @throws std::invalid_argument as CalcContinuumExtent.
PlaneSectionIntegrals IntegrateExtentOverPlaneSection(const Shape& shape, const RigidTransform& X_GP);

/// ∫ f over [a, b] by globally adaptive quadrature (the piece with the
/// largest error estimate split first), each piece by the 4-point
/// Gauss–Lobatto rule and its 7-point Kronrod extension (exact to degree 9;
/// the ends of every piece are sampled, so a narrow ramp beside an end is
/// not mistaken for a plateau), to absolute tolerance `tolerance`, or to the
/// round-off of the sum (50ε·∫|f|) when that is larger. The work is
/// bounded: splitting stops after 2000 splits (at most 28,007 evaluations of
/// f), the estimate then being the best found.
/// An empty or reversed interval (b ≤ a) gives 0.
/// @throws std::invalid_argument if tolerance is not positive and finite,
///         a or b is not finite, or f is not finite where it is sampled.
double IntegrateAdaptive(const std::function<double(double)>& f, double a, double b,
                         double tolerance);

}  // namespace hydrocontact
