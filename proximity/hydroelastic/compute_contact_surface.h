#pragma once

/// @file
/// ComputeContactSurface: the hydroelastic contact surface of one pair of
/// geometries, whatever their representations.

#include <optional>

#include "geometry/identifier.h"
#include "geometry/rigid_transform.h"
#include "proximity/parallel_executor.h"
#include "proximity/representation/hydroelastic_representation.h"
#include "query_results/contact_surface.h"

namespace hydrocontact {

/// Options of ComputeContactSurface.
struct ContactSurfaceOptions {
  /// Apply the orientation filter (orientation_filter.h): drop pieces whose
  /// normal disagrees with the pressure gradients by more than 5π/8. Off
  /// keeps every piece of the geometric intersection. It never applies to a
  /// compliant mesh against a rigid half-space (see
  /// IntersectCompliantRigidHalfSpace).
  ///
  /// What it does to a geometry buried wholly inside another (tested):
  ///  - a rigid body near the centre of a compliant one, where ∇p points
  ///    inward all around it, loses its whole surface (the result is empty);
  ///  - a rigid body where ∇p is nearly uniform loses only the faces whose
  ///    outward normal is more than 5π/8 from ∇p (for an aligned cube, the
  ///    one face looking against ∇p; the other five remain);
  ///  - a compliant body buried in another gives a closed equilibrium shell;
  ///    pieces where −n̂ is more than 5π/8 from the outer body's ∇p are
  ///    dropped (one side of a cube-shaped shell), and where the outer
  ///    body's pressure is constant (∇p = 0) nothing is dropped.
  /// So the filter does not in general remove a buried surface; it removes
  /// the parts that would push the wrong way, as in Drake.
  bool normal_filter{true};
  /// If given, a pair with a large candidate set (thousands of elements of
  /// one mesh near the other geometry: a rigid mesh near a compliant one,
  /// two compliant meshes, a mesh against a half-space) is split across its
  /// threads, and so is the building of a surface of thousands of polygons;
  /// the surface is the same, in content and order, as without (see
  /// IntersectRigidCompliant, IntersectCompliantCompliant and
  /// half_space_intersection.h). Not owned; must outlive the call, and the
  /// call must not be made from within its work items.
  const ParallelExecutor* executor{nullptr};
};

/// The contact surface of geometries A and B, each given by its
/// hydroelastic representation in its own frame and its pose in W.
///
/// Supported pairs: rigid mesh–compliant mesh, compliant mesh–compliant
/// mesh, compliant mesh–rigid half-space, rigid mesh–compliant half-space,
/// compliant mesh–compliant half-space (in either order). The work is done
/// in the compliant geometry's frame (for two compliant meshes, the frame of
/// the one with the smaller id) using the relative pose, pruned by the BVHs;
/// the polygons are transformed to W once at the end.
///
/// The result follows ContactSurface's invariants: id_M = min(id_A, id_B),
/// normals out of N into M, pressure (Pa) as the field, ∇p per face for the
/// compliant side(s). The result does not depend on the order of A and B.
///
/// Per-pair scratch memory is thread_local and reused, so after the first
/// call on a thread only the returned surface allocates; calls on different
/// threads are independent.
///
/// @returns nullopt when the geometries do not touch (no face survives).
/// @throws std::invalid_argument naming both ids and the reason when
///         id_A == id_B, a side has no representation (std::monostate), both
///         are rigid, both are half-spaces, or both are compliant meshes
///         whose moduli differ by more than kMaxCompliantModulusRatio;
///         naming the geometry when a
///         representation is inconsistent (a BVH not built over its mesh, a
///         pressure field of the wrong size, a compliant half-space with a
///         non-positive modulus or slab or a negative margin), or when its
///         pose's translation is not finite or beyond kMaxCoordinate
///         (supported_range.h).
/// The largest ratio of two compliant meshes' moduli whose contact surface
/// is computed. Their equilibrium surface then lies within about 1/ratio of
/// the stiffer mesh's size from its boundary; beyond 1e12 that approaches
/// the round-off of clipping by the stiffer mesh's faces and pieces are lost
/// (measured: 1e13 loses 2% of the area of two spheres). The stiffer
/// geometry made rigid gives the same surface to within 1/ratio, so that is
/// what the refusal advises. (A compliant mesh against a compliant
/// half-space has no such limit: measured exact to round-off at 1e18.)
inline constexpr double kMaxCompliantModulusRatio = 1e12;

std::optional<ContactSurface> ComputeContactSurface(
    GeometryId id_A, const HydroelasticRepresentation& A, const RigidTransform& X_WA,
    GeometryId id_B, const HydroelasticRepresentation& B, const RigidTransform& X_WB,
    HydroelasticContactRepresentation representation, const ContactSurfaceOptions& options = {});

/// Like the above, but writes the surface into `*surface`, reusing its
/// storage, so a caller that refills the same surfaces step after step
/// allocates nothing once they (and this thread's scratch) have grown.
/// @returns false, leaving `*surface` empty (its storage kept), when the geometries do not
///          touch.
/// @throws as the above; std::invalid_argument if surface is null.
bool ComputeContactSurface(GeometryId id_A, const HydroelasticRepresentation& A,
                           const RigidTransform& X_WA, GeometryId id_B,
                           const HydroelasticRepresentation& B, const RigidTransform& X_WB,
                           HydroelasticContactRepresentation representation,
                           ContactSurface* surface, const ContactSurfaceOptions& options = {});

}  // namespace hydrocontact
