#include "proximity/hydroelastic/compute_contact_surface.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>

#include <fmt/format.h>

#include "geometry/supported_range.h"
#include "proximity/hydroelastic/compliant_compliant_intersection.h"
#include "proximity/hydroelastic/contact_surface_builder.h"
#include "proximity/hydroelastic/half_space_intersection.h"
#include "proximity/hydroelastic/rigid_compliant_intersection.h"

namespace hydrocontact {
namespace {

const char* RepresentationName(const HydroelasticRepresentation& r) {
  static constexpr const char* kNames[] = {"no hydroelastic representation", "a rigid mesh",
                                           "a rigid half-space", "a compliant mesh",
                                           "a compliant half-space"};
  return kNames[r.index()];
}

[[noreturn]] void ThrowIncompatible(GeometryId id_A, const HydroelasticRepresentation& A,
                                    GeometryId id_B, const HydroelasticRepresentation& B,
                                    const std::string& why) {
  throw std::invalid_argument(fmt::format(
      "ComputeContactSurface: no hydroelastic contact surface between {} ({}) and {} ({}): {}",
      id_A.to_string(), RepresentationName(A), id_B.to_string(), RepresentationName(B), why));
}

// The representation's own consistency checks (FindRepresentationError),
// naming the geometry.
void Validate(GeometryId id, const HydroelasticRepresentation& r) {
  const std::string why = std::visit(
      [](const auto& representation) -> std::string {
        using T = std::decay_t<decltype(representation)>;
        if constexpr (std::is_same_v<T, std::monostate> || std::is_same_v<T, RigidHalfSpace>) {
          return {};
        } else {
          return FindRepresentationError(representation);
        }
      },
      r);
  if (!why.empty()) {
    throw std::invalid_argument(fmt::format(
        "ComputeContactSurface: the representation of {} is invalid: {}", id.to_string(), why));
  }
}

bool IsHalfSpace(const HydroelasticRepresentation& r) {
  return std::holds_alternative<RigidHalfSpace>(r) ||
         std::holds_alternative<CompliantHalfSpace>(r);
}

}  // namespace

std::optional<ContactSurface> ComputeContactSurface(
    GeometryId id_A, const HydroelasticRepresentation& A, const RigidTransform& X_WA,
    GeometryId id_B, const HydroelasticRepresentation& B, const RigidTransform& X_WB,
    HydroelasticContactRepresentation representation, const ContactSurfaceOptions& options) {
  ContactSurface surface;
  if (!ComputeContactSurface(id_A, A, X_WA, id_B, B, X_WB, representation, &surface, options)) {
    return std::nullopt;
  }
  return surface;
}

bool ComputeContactSurface(GeometryId id_A, const HydroelasticRepresentation& A,
                           const RigidTransform& X_WA, GeometryId id_B,
                           const HydroelasticRepresentation& B, const RigidTransform& X_WB,
                           HydroelasticContactRepresentation representation,
                           ContactSurface* surface, const ContactSurfaceOptions& options) {
  if (surface == nullptr) throw std::invalid_argument("ComputeContactSurface: null output surface");
  RequireContactRepresentation(representation, "ComputeContactSurface");
  if (id_A == id_B) {
    ThrowIncompatible(id_A, A, id_B, B, "a geometry cannot be in contact with itself");
  }
  internal::RequirePoseInRange("ComputeContactSurface", id_A, X_WA.translation());
  internal::RequirePoseInRange("ComputeContactSurface", id_B, X_WB.translation());
  if (!HasRepresentation(A) || !HasRepresentation(B)) {
    const GeometryId culprit = HasRepresentation(A) ? id_B : id_A;
    ThrowIncompatible(id_A, A, id_B, B,
                      fmt::format("{} has no hydroelastic representation (its proximity "
                                  "properties ask for none)",
                                  culprit.to_string()));
  }
  if (IsRigid(A) && IsRigid(B)) {
    ThrowIncompatible(id_A, A, id_B, B,
                      "both are rigid (use point-pair penetration for rigid-rigid pairs)");
  }
  if (IsHalfSpace(A) && IsHalfSpace(B)) {
    ThrowIncompatible(id_A, A, id_B, B, "both are half-spaces");
  }
  Validate(id_A, A);
  Validate(id_B, B);
  if (const auto* mesh_A = std::get_if<CompliantMesh>(&A)) {
    if (const auto* mesh_B = std::get_if<CompliantMesh>(&B)) {
      const double E_A = mesh_A->hydroelastic_modulus, E_B = mesh_B->hydroelastic_modulus;
      if (!(std::max(E_A, E_B) <= kMaxCompliantModulusRatio * std::min(E_A, E_B))) {
        ThrowIncompatible(
            id_A, A, id_B, B,
            fmt::format("their moduli, {:g} and {:g} Pa, differ by more than the factor {:g} that "
                        "two compliant meshes' contact resolves in double precision; make the "
                        "stiffer one rigid (the surface then changes by less than {:g} of itself)",
                        E_A, E_B, kMaxCompliantModulusRatio, 1 / kMaxCompliantModulusRatio));
      }
    }
  }

  // Put a compliant mesh first when there is one: every kernel works in a
  // compliant geometry's frame. For two compliant meshes, the smaller id
  // goes first, so the result is the same whatever the argument order.
  const bool swap = [&] {
    const bool a_mesh = std::holds_alternative<CompliantMesh>(A);
    const bool b_mesh = std::holds_alternative<CompliantMesh>(B);
    if (a_mesh && b_mesh) return id_B < id_A;
    if (a_mesh != b_mesh) return b_mesh;
    // No compliant mesh: one is a compliant half-space and the other a
    // rigid mesh (every other combination was rejected above).
    return std::holds_alternative<CompliantHalfSpace>(B);
  }();
  const GeometryId id_P = swap ? id_B : id_A;
  const GeometryId id_Q = swap ? id_A : id_B;
  const HydroelasticRepresentation& P = swap ? B : A;
  const HydroelasticRepresentation& Q = swap ? A : B;
  const RigidTransform& X_WP = swap ? X_WB : X_WA;
  const RigidTransform& X_WQ = swap ? X_WA : X_WB;
  const RigidTransform X_PQ = X_WP.inverse() * X_WQ;

  thread_local ContactPolygons polygons;
  polygons.Clear();
  const bool filter = options.normal_filter;
  if (const auto* mesh_P = std::get_if<CompliantMesh>(&P)) {
    if (const auto* mesh_Q = std::get_if<CompliantMesh>(&Q)) {
      IntersectCompliantCompliant(*mesh_P, *mesh_Q, X_PQ, filter, &polygons, options.executor);
    } else if (const auto* rigid_Q = std::get_if<RigidMesh>(&Q)) {
      IntersectRigidCompliant(*mesh_P, *rigid_Q, X_PQ, filter, &polygons, options.executor);
    } else if (std::holds_alternative<RigidHalfSpace>(Q)) {
      IntersectCompliantRigidHalfSpace(*mesh_P, X_PQ, &polygons, options.executor);
    } else {
      IntersectCompliantCompliantHalfSpace(*mesh_P, std::get<CompliantHalfSpace>(Q), X_PQ, filter,
                                           &polygons, options.executor);
    }
  } else {
    IntersectRigidCompliantHalfSpace(std::get<CompliantHalfSpace>(P), std::get<RigidMesh>(Q),
                                     X_PQ, filter, &polygons, options.executor);
  }
  // P is always the first geometry of the kernels' polygons.
  return BuildContactSurface(polygons, X_WP, id_P, /*first_compliant=*/true, id_Q, IsCompliant(Q),
                             representation, surface, options.executor);
}

}  // namespace hydrocontact
