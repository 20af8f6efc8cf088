#pragma once

/// @file
/// Geodesics on smooth shapes (the seed's geodesic evaluators, Simbody's
/// ContactGeometry): the shortest geodesic between two surface points, and
/// geodesics shot from a point in a direction until a length or a plane.
/// All in the shape's frame G.
///
/// Methods:
/// - Sphere: great circles, closed form.
/// - Cylinder (its side, infinite along z as in the seed): helices, closed
///   form (the side unrolls onto a plane).
/// - Ellipsoid, Torus (and any shape with an implicit function): shooting
///   integrates the geodesic equation of the implicit surface f = 0,
///   x'' = −(x'ᵀ∇²f x' / ‖∇f‖²)∇f, by classical Runge–Kutta with the point
///   projected back onto f = 0 and the tangent back into the tangent plane
///   after every step (arc-length steps of at most `max_step`; error
///   O(max_step⁴) per unit length). The shortest geodesic between two points
///   is found by relaxation (curve shortening): a polyline from P to Q whose
///   interior points repeatedly move to the midpoint of their neighbours and
///   back onto the surface (Gauss–Seidel, over-relaxed: each point moves
///   ω = 2/(1 + sin(π/n)) times the way to that midpoint, the optimum for the
///   discrete Laplacian the update is to first order, so about n sweeps
///   settle n segments where plain Gauss–Seidel took about n²; both stop
///   at a curve whose points are the projections of their neighbours'
///   midpoints) until no point moves more than
///   1e-12 of the shape's size, refined by doubling its points from 8 to
///   `num_points` segments. The result is a locally shortest geodesic near
///   the initial guess (the chord projected onto the surface), and its length
///   converges as O(1/N²) in the number of segments N (the polyline's
///   chords).

#include <vector>

#include <Eigen/Core>

#include "geometry/shape.h"

namespace hydrocontact {

/// A geodesic curve as samples along it, in G.
struct Geodesic {
  /// Points on the surface from the start P to the end Q.
  std::vector<Eigen::Vector3d> points;
  /// The unit tangent (direction of travel) at each point.
  std::vector<Eigen::Vector3d> tangents;
  /// The curve's length (m): exact for the closed forms; the polyline's
  /// length for relaxation; the integrated arc length for shooting.
  double length{0};
  /// False when the iteration stopped at its cap before converging (the
  /// best curve is returned), or a plane was not reached.
  bool converged{true};
};

/// The shortest geodesic from p_GP to p_GQ (both on the surface within
/// 1e-9 of the shape's size; they are projected onto it first).
/// Sphere: the shorter great-circle arc (antipodal points: the arc through
/// the direction of G's +x projected onto the tangent plane, or +y).
/// Cylinder: the shorter helix (Δφ in (−π, π]); both sampled at
/// `num_points` + 1 points. Others: relaxation (file comment) with
/// max(num_points, 8) segments, at most kMaxRelaxationSegments.
/// @throws std::invalid_argument for a shape without an implicit function,
///         a half-space or capsule (not supported here), points not on the
///         surface, or num_points below 1, above kMaxGeodesicSteps, or (for
///         relaxation) above kMaxRelaxationSegments, naming the value.
Geodesic CalcShortestGeodesic(const Shape& shape, const Eigen::Vector3d& p_GP,
                              const Eigen::Vector3d& p_GQ, int num_points = 128);

/// The most segments CalcShortestGeodesic's relaxation takes: its work grows
/// about as segments^1.6 (about a second for 2048 on a torus); beyond it a
/// call is refused rather than left to run for minutes.
inline constexpr int kMaxRelaxationSegments = 2048;

/// The most integration steps (and so stored points) one shooting call
/// may take: about a second of work. Beyond it a call is refused rather
/// than left to run for hours, or to store gigabytes of points.
inline constexpr double kMaxGeodesicSteps = 1e7;

/// The geodesic from p_GP leaving in direction t_GP (projected onto the
/// tangent plane, then normalised) for `length` metres, sampled at
/// `num_points` + 1 equally spaced points. Closed forms for sphere and
/// cylinder; shooting (file comment) with steps ≤ `max_step` (default: a
/// hundredth of the shape's smallest radius of curvature scale) otherwise.
/// @throws std::invalid_argument as CalcShortestGeodesic, for a negative
///         length, a direction along the normal, num_points < 1, or more
///         than kMaxGeodesicSteps points or integration steps.
Geodesic ShootGeodesicUntilLength(const Shape& shape, const Eigen::Vector3d& p_GP,
                                  const Eigen::Vector3d& t_GP, double length,
                                  int num_points = 64);

/// The geodesic from p_GP in direction t_GP until it first reaches the
/// plane {x : n̂·x = offset}, n̂ = n_G/|n_G| (only n_G's direction counts:
/// any finite nonzero size, 1e-200 or 1e200, gives the same plane, and
/// `offset` is its signed distance from G's origin), or `max_length`
/// (then converged = false). The end point lies on the plane to 1e-12 of
/// the shape's size (located by bisection on the last step).
/// @throws as ShootGeodesicUntilLength, or if n_G is zero, or if
///         max_length would take more than kMaxGeodesicSteps steps.
Geodesic ShootGeodesicUntilPlaneHit(const Shape& shape, const Eigen::Vector3d& p_GP,
                                    const Eigen::Vector3d& t_GP, const Eigen::Vector3d& n_G,
                                    double offset, double max_length);

}  // namespace hydrocontact
