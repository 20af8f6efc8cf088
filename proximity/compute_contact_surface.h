#pragma once

/// @file
/// ComputeContactSurface: the hydroelastic contact surface of one pair of
/// geometries, whatever their representations.

#include <optional>

#include "geometry/identifier.h"
#include "geometry/rigid_transform.h"
#include "proximity/hydroelastic_representation.h"
#include "query_results/contact_surface.h"

namespace hydrocontact {

/// Options of ComputeContactSurface.
struct ContactSurfaceOptions {
  /// Apply the orientation filter (orientation_filter.h): drop pieces whose
  /// normal disagrees with the pressure gradients. Off keeps every piece of
  /// the geometric intersection (e.g. both sides of a thin rigid plate, or
  /// the whole surface of a buried object). It never applies to a compliant
  /// mesh against a rigid half-space (see IntersectCompliantRigidHalfSpace).
  bool normal_filter{true};
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
///         are rigid, or both are half-spaces.
std::optional<ContactSurface> ComputeContactSurface(
    GeometryId id_A, const HydroelasticRepresentation& A, const RigidTransform& X_WA,
    GeometryId id_B, const HydroelasticRepresentation& B, const RigidTransform& X_WB,
    HydroelasticContactRepresentation representation, const ContactSurfaceOptions& options = {});

}  // namespace hydrocontact
