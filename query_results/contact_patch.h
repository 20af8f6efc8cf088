#pragma once

/// @file
/// ContactPatch: the planar polygon of contact between two convex shapes, in
/// the manner of Coal's ContactPatch (seed 003).

#include <cmath>
#include <vector>

#include <Eigen/Core>

#include "geometry/identifier.h"
#include "geometry/rigid_transform.h"

namespace hydrocontact {

/// The contact patch of geometries A (Coal's shape 1) and B (shape 2),
/// id_A < id_B.
///
/// A polygon in the plane P through the frame's origin (the midpoint of the
/// pair's witness points) normal to the frame's z axis, stored as 2D points
/// (x, y) in the frame X_WP, counter-clockwise seen from +z (1 point for a
/// vertex or curved contact, 2 for an edge, ≥ 3 for a face). Every point lies,
/// up to the patch tolerance, in P ∩ A' ∩ B' where A', B' are A and B each
/// moved by half the penetration toward the other (what Coal's "P & S1 & S2"
/// means for penetrating shapes).
///
/// Conventions as in Coal: the z axis of the frame (the patch normal) points
/// from A to B (nhat_AB_W = −PenetrationAsPointPair::nhat_BA_W), and
/// `penetration_depth` is the *signed distance* d (negative when the shapes
/// overlap), so that for every point p_i, getPointShape1 = p_i − d/2·n lies on
/// A's surface, getPointShape2 = p_i + d/2·n on B's, and their difference is
/// d·n (exactly so at the witness points; elsewhere on the patch the two
/// surfaces need not be d apart, see below). We differ from Coal in three
/// ways: the ids of the pair are stored, `direction` is kept only for the
/// inverted patches a caller builds itself (the queries always return
/// kDefault), and each point carries its own depth:
///
/// Per-point depth (our extension). `point_penetration_depths[i]` is d_i, the
/// signed separation of the two surfaces along the normal line through
/// point i: the line p_i + t·n (p_i = point_W(i), n = normal_W(), t in m)
/// leaves A through A's surface facing B at t_A and enters B at t_B, and
/// d_i = t_B − t_A, in Coal's sign convention for `penetration_depth`:
/// negative when the surfaces overlap there, −d_i the overlap (m) measured
/// along n. Where the witness points are, d_i = d; a face tilted against
/// the other has d_i varying linearly across the patch, which is what gives
/// a resting body its restoring torque (proximity/distance/contact_forces.h).
/// A patch of one flat separation has every d_i = d, which is what AddPoint
/// without a depth records.
struct ContactPatch {
  /// Seed 003's PatchDirection: kDefault when the normal points from A to B.
  enum class Direction { kDefault, kInverted };

  GeometryId id_A;
  GeometryId id_B;
  /// X_WP: the patch frame in W; its z axis is the normal.
  RigidTransform X_WP;
  Direction direction{Direction::kDefault};
  /// The signed distance d between A and B (m): < 0 when overlapping, its
  /// magnitude the penetration depth (Coal's penetration_depth).
  double penetration_depth{0};
  /// The polygon's vertices (x, y) in P, counter-clockwise about +z.
  std::vector<Eigen::Vector2d> points;
  /// d_i of each point (m; see the struct doc), in the order of `points`.
  /// Invariant: the same size as `points` (CalcContactPatchForces refuses
  /// a patch where it is not).
  std::vector<double> point_penetration_depths;

  /// The patch normal in W (the z axis of X_WP).
  Eigen::Vector3d normal_W() const { return X_WP.rotation().col(2); }
  int size() const { return static_cast<int>(points.size()); }
  /// Adds a point given in W: expressed in P and projected onto P's plane,
  /// with the patch's depth as its own (d_i = penetration_depth: Coal's
  /// patch, one separation for all its points).
  void AddPoint(const Eigen::Vector3d& p_WQ) { AddPoint(p_WQ, penetration_depth); }
  /// Adds a point given in W (projected onto P) with its own depth d_i (m,
  /// the signed separation along n through it, see the struct doc).
  void AddPoint(const Eigen::Vector3d& p_WQ, double point_penetration_depth) {
    const Eigen::Vector3d p_PQ = X_WP.inverse() * p_WQ;
    points.emplace_back(p_PQ.x(), p_PQ.y());
    point_penetration_depths.push_back(point_penetration_depth);
  }
  /// Point i in W (on the plane P). Precondition: 0 ≤ i < size().
  Eigen::Vector3d point_W(int i) const {
    return X_WP * Eigen::Vector3d(points[i].x(), points[i].y(), 0);
  }
  /// Point i moved onto A's surface: p_i − d/2·n, in W.
  Eigen::Vector3d point_on_shape_A_W(int i) const {
    return point_W(i) - 0.5 * penetration_depth * normal_W();
  }
  /// Point i moved onto B's surface: p_i + d/2·n, in W.
  Eigen::Vector3d point_on_shape_B_W(int i) const {
    return point_W(i) + 0.5 * penetration_depth * normal_W();
  }

  /// Seed 003's isSame: same ids, frames and depths within `tolerance`
  /// (absolute, entry by entry), and the same points as a cyclic sequence:
  /// any starting point, same (counter-clockwise) order, each point and its
  /// own depth within `tolerance`. Unlike Coal's operator==, the starting
  /// point may differ. A patch whose depths do not match its points in
  /// number is the same as no other.
  bool IsSame(const ContactPatch& other, double tolerance = 1e-12) const {
    if (id_A != other.id_A || id_B != other.id_B || direction != other.direction) return false;
    if (!X_WP.IsNearlyEqualTo(other.X_WP, tolerance)) return false;
    if (!(std::abs(penetration_depth - other.penetration_depth) <= tolerance)) return false;
    const int n = size();
    if (n != other.size()) return false;
    if (point_penetration_depths.size() != points.size() ||
        other.point_penetration_depths.size() != other.points.size()) {
      return false;
    }
    if (n == 0) return true;
    for (int shift = 0; shift < n; ++shift) {
      bool all = true;
      for (int i = 0; i < n && all; ++i) {
        const int j = (i + shift) % n;
        all = (points[i] - other.points[j]).cwiseAbs().maxCoeff<Eigen::PropagateNaN>() <= tolerance &&
              std::abs(point_penetration_depths[i] - other.point_penetration_depths[j]) <= tolerance;
      }
      if (all) return true;
    }
    return false;
  }
};

}  // namespace hydrocontact
