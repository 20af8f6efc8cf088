#pragma once

/// @file
/// The contact polygons of two compliant tetrahedral meshes: pieces of the
/// equilibrium surface {p_M = p_N}.

#include "geometry/rigid_transform.h"
#include "proximity/hydroelastic/contact_surface_builder.h"
#include "proximity/representation/hydroelastic_representation.h"

namespace hydrocontact {

/// Two pressure gradients g_M and g_N with ‖g_M − g_N‖² ≤ k² (‖g_M‖² +
/// ‖g_N‖²), k = kEqualGradientsRatio, are treated as equal: their
/// equilibrium "plane" is undefined (the fields differ by a constant, or
/// agree on a whole volume), so the element pair contributes nothing. This
/// is the documented rule for degenerate compliant–compliant pieces.
inline constexpr double kEqualGradientsRatio = 1e-10;

/// Intersects the compliant meshes M and N, working in M's frame. For every
/// tetrahedron pair (e_M, e_N) whose boxes overlap (each of N's tetrahedra
/// near M, boxed in M, queried against M's hierarchy), the two
/// linear pressure fields define the equilibrium plane
/// {x : p_M(x) = p_N(x)}, with normal n̂ = (∇p_M − ∇p_N)/‖∇p_M − ∇p_N‖
/// pointing out of N and into M. The plane is sliced by e_M (3 or 4
/// vertices) and then clipped by e_N's four face half-spaces (at most 8
/// vertices). The pressure at each vertex is p_M there (= p_N).
///
/// Pairs are skipped when the gradients are equal (kEqualGradientsRatio),
/// and, with `normal_filter`, unless angle(n̂, ∇p_M) and angle(−n̂, ∇p_N) are
/// both below kMaxNormalGradientAngle (see orientation_filter.h).
///
/// Appends the polygons to `polygons_M` (vertices in M; M first, N second;
/// gradients ∇p_M and ∇p_N in M).
/// @param X_MN  the pose of N's frame in M's frame.
/// Allocation-free apart from the growth of `polygons_M`.
void IntersectCompliantCompliant(const CompliantMesh& compliant_M,
                                 const CompliantMesh& compliant_N, const RigidTransform& X_MN,
                                 bool normal_filter, ContactPolygons* polygons_M);

}  // namespace hydrocontact
