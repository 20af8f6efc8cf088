#pragma once

/// @file
/// Penetration of two boxes by the separating-axis test, with witness
/// points.

#include <optional>

#include "geometry/rigid_transform.h"
#include "geometry/shape.h"
#include "proximity/distance/convex_signed_distance.h"

namespace hydrocontact {

/// The penetration of boxes A (frame A) and B (frame B, posed in A by
/// X_AB), all results in A's frame, or nullopt when the caller must use
/// the generic GJK/EPA path: when some axis separates the boxes (GJK gives
/// the exact distance, which the separating-axis bound only
/// under-estimates), or when two edges are nearly but not exactly parallel
/// (sin θ between 1e-10 and 1e-6), where the cross-product axis is too
/// ill-conditioned to be exact and too significant to skip.
///
/// The Minkowski difference of two boxes is a polytope whose face normals
/// are among the 15 candidate axes (3 face normals of each box and the 9
/// cross products of their edges), so the smallest overlap over those axes
/// is exactly the penetration depth, and its axis the direction. Cross
/// products of parallel edges (sin θ < 1e-10) are skipped: the face axes
/// cover them.
///
/// Witnesses: the deepest features of A (along −n) and of B (along +n)
/// are projected onto the plane ⊥ n and intersected; the centroid of the
/// intersection (the middle of a face–face overlap, the crossing of two
/// edges, a vertex) is lifted onto each feature's plane. So
/// p_ACa − p_ACb_A = −depth · nhat_BA_A exactly.
///
/// Uniqueness: false when another, non-parallel axis gives the same depth
/// (to 1e-12 of the boxes' size), or when the centres coincide along the
/// chosen axis (then −n is as good; +n is kept).
std::optional<ConvexSignedDistance> CalcBoxBoxPenetration(const Box& A, const Box& B,
                                                          const RigidTransform& X_AB);

}  // namespace hydrocontact
