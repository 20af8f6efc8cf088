#pragma once

/// @file
/// Contact patches (seed 003, Coal's ContactPatch) of two convex shapes: the
/// planar polygon where both shapes' support sets near the separating plane
/// overlap.

#include "geometry/rigid_transform.h"
#include "proximity/distance/distance_geometry.h"
#include "query_results/contact_patch.h"
#include "query_results/signed_distance_pair.h"

namespace hydrocontact {

/// The most vertices a cylinder's end polygon may have (see
/// ContactPatchSettings::cylinder_cap_sides): already far below round-off
/// from the circle (its sagitta is r·(1 − cos(π/n)) ≈ 5e-10·r), and the
/// patch stores and clips that many points per call.
inline constexpr int kMaxCylinderCapSides = 100000;

/// How patches are built.
struct ContactPatchSettings {
  /// A shape's support set in direction u is the part of it within this
  /// distance (m) of its supporting plane ⊥ u (Coal's patch_tolerance, whose
  /// default we share): a face tilted so little that its far end rises less
  /// than this still counts as the face. For a box, a hull or a
  /// tessellation (sets taken from all its vertices) it is capped at half
  /// the shape's extent along u, so the set never reaches the far side (a
  /// 0.1 mm box under the default 1 mm: its near face, not all 8 corners).
  double tolerance{1e-3};
  /// A cylinder's flat end, when it is the support set, is the regular
  /// polygon inscribed in its rim with this many vertices (the first on the
  /// cylinder's +x axis), so every patch point lies on the cylinder. In
  /// [3, kMaxCylinderCapSides].
  int cylinder_cap_sides{16};
};

/// The contact patch of A (pose X_WA) and B (pose X_WB) whose signed distance
/// at these poses is `pair` (pair.id_A being A's id).
///
/// The patch plane P passes through the midpoint of the witness points with
/// normal n = −pair.nhat_BA_W (from A to B); its tangent axes are
/// ContactTangentBasis(n). Support sets, each a convex polygon (or segment,
/// or point) in 3D: A's in direction +n, B's in −n (within
/// settings.tolerance of the extreme):
/// - box and convex mesh (and a Mesh, taken as the hull of its vertices):
///   the vertices within the tolerance: a face, an edge or a vertex;
/// - sphere and ellipsoid: the support point;
/// - capsule: the support points of the end spheres within the tolerance (a
///   segment when the axis is parallel to the plane, else a point);
/// - cylinder: its flat end polygonised (see the settings) when the whole
///   end lies within the tolerance, else the rim points on each end extreme
///   in direction n's radial part within the tolerance (a segment when the
///   axis is parallel to the plane, else a point);
/// - half-space: the whole plane.
/// Both are projected onto P and intersected: polygon ∩ polygon by clipping,
/// a segment clipped by a polygon, two segments at their crossing (or
/// overlap when collinear), a point (a curved contact) as is. If round-off
/// leaves the intersection empty, the patch is the single point at P's
/// origin. Points are counter-clockwise about n, without duplicates.
///
/// Each point's own depth d_i (ContactPatch::point_penetration_depths) is
/// h_B(q_i) − h_A(q_i), h_A and h_B the heights along n, over the point
/// q_i of P, of the surfaces of A's and B's support sets: the plane of a
/// face (a cylinder's polygonised end included), the line of an edge (a
/// capsule's or lying cylinder's straight side), the height of a vertex or
/// curved support point, the boundary plane of a half-space; taken as the
/// least-squares fit of the support set's heights over P, which is exact
/// for these. So d_i is the exact separation of the two surfaces along the
/// normal line through the point, except for a mesh whose curved part lies
/// within the tolerance, where it is within the tolerance of it. At the
/// witness points d_i = pair.distance.
/// Preconditions: pair is the signed distance of A and B (normally ≤ 0).
/// @throws std::invalid_argument if settings are out of range (tolerance
///         not finite or < 0, fewer than 3 cap sides), naming the value.
ContactPatch ComputeContactPatch(const SignedDistancePair& pair, const DistanceGeometry& A,
                                 const RigidTransform& X_WA, const DistanceGeometry& B,
                                 const RigidTransform& X_WB, const ContactPatchSettings& settings = {});

/// Like the above, but writes the patch into `*patch`, reusing the storage of
/// its points (the per-call scratch is thread_local), so a caller that
/// refills the same patches step after step allocates nothing once they
/// (and this thread's scratch) have grown.
/// @throws as the above; std::invalid_argument if patch is null. On a throw
///         `*patch` is unchanged.
void ComputeContactPatch(const SignedDistancePair& pair, const DistanceGeometry& A, const RigidTransform& X_WA,
                         const DistanceGeometry& B, const RigidTransform& X_WB,
                         const ContactPatchSettings& settings, ContactPatch* patch);

}  // namespace hydrocontact
