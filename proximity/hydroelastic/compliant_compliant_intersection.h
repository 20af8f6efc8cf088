#pragma once

/// @file
/// The contact polygons of two compliant tetrahedral meshes: pieces of the
/// equilibrium surface {p_M = p_N}.

#include "geometry/rigid_transform.h"
#include "proximity/hydroelastic/contact_surface_builder.h"
#include "proximity/parallel_executor.h"
#include "proximity/representation/hydroelastic_representation.h"

namespace hydrocontact {

/// Two pressure gradients g_M and g_N with ‖g_M − g_N‖² ≤ k² (‖g_M‖² +
/// ‖g_N‖²), k = kEqualGradientsRatio, are treated as equal: their
/// equilibrium "plane" is undefined (the fields differ by a constant, or
/// agree on a whole volume), so the element pair contributes nothing. This
/// is the documented rule for degenerate compliant–compliant pieces.
inline constexpr double kEqualGradientsRatio = 1e-10;

/// A vertex of e_M whose value of h = p_M − p_N is within
/// kCoincidentPlaneRatio · L · 2‖∇p_N‖ of 0 (L the larger diagonal of the
/// two meshes' bounding boxes), or a vertex of e_N within kCoincidentPlaneRatio
/// · L · 2‖∇p_M‖, is taken to lie on the equilibrium plane h = 0: within
/// about 1e-12 of the geometry's size of it, a thousand times the round-off
/// of evaluating the other geometry's field there, so a plane through a
/// tetrahedron's face is recognised whatever the poses. Each band follows
/// the field evaluated (a vertex's own value is exact), so moduli many
/// orders apart (1e15 and 1e-3 Pa) still resolve the soft field.
inline constexpr double kCoincidentPlaneRatio = 1e-12;

/// On an equilibrium plane both fields give the pressure, each with the
/// round-off of its own scale (ε·‖∇p‖·L). The kernels interpolate the first
/// geometry's field; when the other's gradient is flatter by more than this
/// factor they evaluate that one instead, so moduli many orders apart keep
/// the soft side's pressure exact (interpolating the stiff side near its
/// zero would lose it), while comparable fields, where the two agree to
/// 1e-13, keep the interpolation and its cost.
inline constexpr double kFlatterFieldRatio = 1e3;

/// Intersects the compliant meshes M and N, working in M's frame. For every
/// tetrahedron pair (e_M, e_N) whose boxes overlap (each of N's tetrahedra
/// near M, boxed in M, queried against M's hierarchy), the two
/// linear pressure fields define the equilibrium plane
/// {x : p_M(x) = p_N(x)}, with normal n̂ = (∇p_M − ∇p_N)/‖∇p_M − ∇p_N‖
/// pointing out of N and into M. The plane is sliced by e_M (3 or 4
/// vertices) and then clipped by e_N's four face half-spaces (at most 8
/// vertices). The pressure at each vertex is p_M there (= p_N), interpolated,
/// or p_N evaluated when that field is kFlatterFieldRatio times flatter.
///
/// Pairs are skipped when the gradients are equal (kEqualGradientsRatio),
/// and, with `normal_filter`, unless angle(n̂, ∇p_M) and angle(−n̂, ∇p_N) are
/// both below kMaxNormalGradientAngle (see orientation_filter.h).
///
/// Degenerate planes (issue 10, defect 2): the contact surface is where
/// p_M − p_N changes sign. When the plane contains a face of e_M or of e_N
/// (every vertex of it within kCoincidentPlaneRatio of the plane), the piece
/// in that face is kept once, by the pair whose tetrahedra lie on the side
/// where p_M > p_N, and only if p_M < p_N just across the face (computed
/// from the neighbouring tetrahedra). So pieces in coincident boundary faces
/// (where both pressures are 0) and on the boundary of a region where the
/// two fields agree (equal gradients: no sign change; identical geometries
/// at the same pose have no contact surface) are dropped, whichever mesh is
/// M. The result is therefore the same set of pieces (up to the orientation
/// flip) whichever geometry is M, symmetric for symmetric configurations,
/// and continuous under motions that keep the coincidence (e.g. sliding
/// along coincident faces). Motions that break it may change it by a finite
/// amount: where the fields agree on a region, any offset makes one of them
/// strictly larger there, and the boundary of that region, which depends on
/// the offset's sign, becomes a genuine piece.
///
/// Appends the polygons to `polygons_M` (vertices in M; M first, N second;
/// gradients ∇p_M and ∇p_N in M).
/// @param X_MN      the pose of N's frame in M's frame.
/// @param executor  if given (and with 2 threads or more), a pair with many
///                  of N's tetrahedra near M splits them into pieces run on
///                  its threads (IntersectInPieces); the polygons and their
///                  order are exactly those of the unsplit loop. A call must
///                  not be made from within `executor`'s work items.
/// Allocation-free apart from the growth of `polygons_M` and of per-thread
/// scratch.
/// @throws std::invalid_argument naming the function if a representation
///         is invalid (FindRepresentationError) or the output is null.
void IntersectCompliantCompliant(const CompliantMesh& compliant_M,
                                 const CompliantMesh& compliant_N, const RigidTransform& X_MN,
                                 bool normal_filter, ContactPolygons* polygons_M,
                                 const ParallelExecutor* executor = nullptr);

}  // namespace hydrocontact
