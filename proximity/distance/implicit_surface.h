#pragma once

/// @file
/// The implicit functions of the smooth shapes and what follows from them:
/// value, gradient, Hessian, unit normal, curvatures, the seed's
/// projectDownhillToNearestPoint and trackSeparationFromLine (Simbody's
/// ContactGeometry, seed 000), all in the shape's frame G.
///
/// Where we differ from the seed:
/// - sign: our f is NEGATIVE inside, zero on the surface, positive outside
///   (as our signed distance), so ∇f is the outward normal direction; the
///   seed's is positive inside. Curvatures are signed so that a convex
///   surface is positive (surface_curvature.h), as in the seed.
/// - Cylinder: the seed's is infinite along z; ours is finite. Its implicit
///   function here is that of the infinite side (the caps are flat, with
///   zero curvature, and are not described by f); IsSmooth is false for it
///   because of the rims.
/// - HalfSpace: the seed's is x > 0; ours is z ≤ 0 (f = z).
///
/// The functions, scaled so that ‖∇f‖ = 1 on the surface where this costs
/// nothing:
/// - Sphere (radius r):     f = (‖p‖² − r²) / (2r)
/// - Ellipsoid (a, b, c):   f = ½ (x²/a² + y²/b² + z²/c² − 1)
/// - Cylinder (radius r):   f = (x² + y² − r²) / (2r)   (the side)
/// - Capsule (r, axis segment S): f = dist(p, S) − r    (C¹; its Hessian
///   jumps across the two seam circles, where the side's value is returned)
/// - HalfSpace:             f = z
/// - Torus (R, r):          f = ((‖p‖² + R² − r²)² − 4R²(x² + y²)) / (8Rr)
///   (a quartic, smooth everywhere; negative inside because r < R)
/// - HeightField (top surface z = h(x, y), geometry/shape.h): f = z − h(x, y)
///   (not a distance; ‖∇f‖ = √(1 + ‖∇h‖²)); beyond the rectangle h is the
///   boundary patches' polynomial continued. Like the cylinder's, it
///   describes only the curved part (the top): the flat bottom and sides
///   are not described by f, and IsSmooth is false (edges). Its principal
///   curvatures come from the parametric form P(x, y) = (x, y, h(x, y))
///   (EvalParametricCurvature), equal to the implicit form's; they may jump
///   across grid lines (the surface is C¹).
/// Box, Mesh and Convex have edges: they have no implicit function here and
/// the curvature queries refuse them (std::invalid_argument).

#include <optional>

#include <Eigen/Core>

#include "geometry/shape.h"
#include "proximity/distance/surface_curvature.h"

namespace hydrocontact {

/// f, ∇f and ∇²f of a shape's implicit function at one point, in G.
struct ImplicitSample {
  double value{0};
  Eigen::Vector3d grad_G{Eigen::Vector3d::Zero()};
  Eigen::Matrix3d H_G{Eigen::Matrix3d::Zero()};
};

/// True for shapes whose surface has continuous normals and curvature
/// everywhere it is defined (the seed's isSmooth): Sphere, Ellipsoid,
/// Capsule (C¹; see the file comment), HalfSpace, Torus. False for Box,
/// Cylinder (rims), Mesh, Convex, HeightField (edges).
bool IsSmooth(const Shape& shape);

/// True when the solid is known to be convex: every shape but Mesh (which
/// may be non-convex; a convex mesh may say false), Torus and HeightField.
bool IsConvex(const Shape& shape);

/// True when the shape has an implicit function here (the file comment):
/// Sphere, Ellipsoid, Cylinder, Capsule, HalfSpace, Torus, HeightField.
bool HasImplicitFunction(const Shape& shape);

/// f, ∇f, ∇²f of the shape's implicit function at p_GQ (any point, not only
/// on the surface).
/// @throws std::invalid_argument for a shape without one (naming it) or a
///         non-finite point.
ImplicitSample CalcImplicitSample(const Shape& shape, const Eigen::Vector3d& p_GQ);
/// The torus's implicit function (what the Shape overload calls).
ImplicitSample CalcImplicitSample(const Torus& torus, const Eigen::Vector3d& p_GQ);

/// f(p_GQ) alone. @throws as CalcImplicitSample.
double CalcSurfaceValue(const Shape& shape, const Eigen::Vector3d& p_GQ);
/// ∇f(p_GQ), in G. @throws as CalcImplicitSample.
Eigen::Vector3d CalcSurfaceGradient(const Shape& shape, const Eigen::Vector3d& p_GQ);
/// ∇²f(p_GQ), in G. @throws as CalcImplicitSample.
Eigen::Matrix3d CalcSurfaceHessian(const Shape& shape, const Eigen::Vector3d& p_GQ);

/// The outward unit normal ∇f/‖∇f‖ at p_GQ. Where ∇f vanishes (a singular
/// point, e.g. on a capsule's axis) the seed returns some nearby normal; we
/// return G's +x and say so, deterministically.
/// @throws as CalcImplicitSample.
Eigen::Vector3d CalcSurfaceUnitNormal(const Shape& shape, const Eigen::Vector3d& p_GQ);

/// Principal curvatures and directions of the level surface of f through
/// p_GQ (the surface itself when p_GQ is on it); see surface_curvature.h.
/// For a HeightField: those of the top surface at (x, y) of p_GQ (every
/// level surface of f is a vertical translate of the top), by the
/// parametric formula.
/// @throws as CalcImplicitSample, or at a singular point of f.
PrincipalCurvatures CalcSurfacePrincipalCurvatures(const Shape& shape,
                                                   const Eigen::Vector3d& p_GQ);

/// Gaussian curvature κ_max·κ_min at p_GQ (1/m²). @throws as above.
double CalcSurfaceGaussianCurvature(const Shape& shape, const Eigen::Vector3d& p_GQ);

/// Normal curvature at p_GQ in the tangent direction t_G (its normal
/// component is removed). @throws as above, or if t_G is along the normal.
double CalcSurfaceCurvatureInDirection(const Shape& shape, const Eigen::Vector3d& p_GQ,
                                       const Eigen::Vector3d& t_G);

/// The seed's projectDownhillToNearestPoint: a surface point P whose normal
/// passes through Q, found by a local iteration from Q (Newton steps along
/// ∇f onto f = 0, then a step along the tangential part of Q − P,
/// repeated). Not necessarily the globally nearest point (FindNearestPoint
/// in shape_queries.h is); fast and exact for Q near the surface (within
/// about the smaller radius of curvature). Returns Q itself when Q is on the
/// surface to 1e-13 of the shape's size. Stops after 50 rounds with the best
/// point found.
/// @throws as CalcImplicitSample.
Eigen::Vector3d ProjectDownhillToNearestPoint(const Shape& shape, const Eigen::Vector3d& p_GQ);

/// Result of TrackSeparationFromLine, in G.
struct LineSeparation {
  /// True when the criteria below hold to 1e-10 of the shape's size; false
  /// when the search stalled (a poor starting guess), with the last points.
  bool converged{false};
  /// P: on the surface, the point nearest the line when they are apart, or
  /// the point farthest from it (deepest) when the line cuts the surface.
  Eigen::Vector3d p_GP{Eigen::Vector3d::Zero()};
  /// L: the point of the line nearest P (on P's normal line).
  Eigen::Vector3d p_GL{Eigen::Vector3d::Zero()};
  /// (L − P)·n̂(P): positive when L is outside along the outward normal,
  /// negative when the line penetrates. Smooth through contact.
  double height{0};
};

/// The seed's trackSeparationFromLine: from a starting guess on (or near)
/// the surface, Newton's method on the seed's three equations
/// n̂·l̂ = 0, (L₀ − P)·(n̂ × l̂) = 0 (the normal line at P meets the line) and
/// f(P) = 0, with the analytic Jacobian (dn̂/dP = (I − n̂n̂ᵀ)∇²f/‖∇f‖).
/// Local: it converges to the solution near the guess (there are two on a
/// sphere; the guess picks one). `lhat_G` need not be unit (normalised).
/// @throws as CalcImplicitSample, or std::invalid_argument if lhat_G is zero.
LineSeparation TrackSeparationFromLine(const Shape& shape, const Eigen::Vector3d& p_GL0,
                                       const Eigen::Vector3d& lhat_G,
                                       const Eigen::Vector3d& p_GP_guess);

}  // namespace hydrocontact
