#pragma once

/// @file
/// The hydroelastic representation of one geometry, in its own frame G:
/// what the contact-surface kernels consume. Built once per geometry.

#include <string>
#include <variant>

#include <Eigen/Core>

#include "geometry/proximity_properties.h"
#include "geometry/shape.h"
#include "mesh/mesh_field_linear.h"
#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"
#include "proximity/bvh.h"

namespace hydrocontact {

/// A rigid geometry: its closed boundary as a triangle mesh (outward
/// normals), vertices measured and expressed in G, with a BVH over its
/// triangles. MakeHydroelasticRepresentation numbers the triangles in the
/// BVH's leaf order and the vertices by first use (OrderForLocality), not
/// as the source file or generator did.
struct RigidMesh {
  TriangleSurfaceMesh mesh;
  Bvh bvh;
};

/// A rigid half-space: z ≤ 0 in G (outward normal +z). No data.
struct RigidHalfSpace {};

/// A compliant geometry: a tetrahedral mesh of its volume in G, the pressure
/// field p = E·e on it (Pa; 0 on the boundary, E at the deepest points), and
/// a BVH over its tetrahedra. MakeHydroelasticRepresentation numbers the
/// tetrahedra in the BVH's leaf order and the vertices by first use
/// (OrderForLocality), not as the source file or generator did.
struct CompliantMesh {
  VolumeMesh mesh;
  VolumeMeshFieldLinear pressure;
  Bvh bvh;
  /// E (Pa), for reference: the field's maximum.
  double hydroelastic_modulus{0};
};

/// A compliant half-space's pressure as a function of height z in its frame
/// G, slope·(margin − z), with the slope E/slab_thickness worked out once
/// (CompliantHalfSpace::PressureField): the one expression every
/// evaluation uses, so a kernel evaluating it at many points does no
/// division per point and gets the bits CompliantHalfSpace::Pressure gives.
struct SlabPressureField {
  /// E/slab_thickness (Pa/m).
  double slope{0};
  /// The height (m, in G) where the pressure is zero.
  double margin{0};
  /// The pressure (Pa) at height z; negative above the margin.
  double operator()(double z) const { return slope * (margin - z); }
  /// The same at two heights at once.
  Eigen::Array2d operator()(const Eigen::Array2d& z) const { return slope * (margin - z); }
};

/// A compliant half-space: the slab z ≤ δ of G, with pressure
/// p(z) = E·(δ − z)/slab_thickness (δ the margin): zero on the (inflated)
/// boundary plane and rising linearly with depth.
struct CompliantHalfSpace {
  double hydroelastic_modulus{0};
  double slab_thickness{1};
  double margin{0};
  /// E/slab_thickness (Pa/m): how fast the pressure rises with depth.
  double PressureSlope() const { return hydroelastic_modulus / slab_thickness; }
  /// The slab's linear field as a function of height (see SlabPressureField).
  SlabPressureField PressureField() const { return {PressureSlope(), margin}; }
  /// The slab's linear field at height z (G frame), PressureSlope()·(margin −
  /// z): the pressure where z ≤ margin, negative above (the kernels compare
  /// fields by their signs there; a contact's pressure is never negative).
  double Pressure(double z) const { return PressureField()(z); }
  /// ∇p in G.
  Eigen::Vector3d PressureGradient() const { return {0, 0, -PressureSlope()}; }
};

/// A geometry's hydroelastic representation; std::monostate when its
/// proximity properties ask for none.
using HydroelasticRepresentation =
    std::variant<std::monostate, RigidMesh, RigidHalfSpace, CompliantMesh, CompliantHalfSpace>;

/// True for a compliant mesh or compliant half-space.
inline bool IsCompliant(const HydroelasticRepresentation& r) {
  return std::holds_alternative<CompliantMesh>(r) || std::holds_alternative<CompliantHalfSpace>(r);
}
/// True for a rigid mesh or rigid half-space.
inline bool IsRigid(const HydroelasticRepresentation& r) {
  return std::holds_alternative<RigidMesh>(r) || std::holds_alternative<RigidHalfSpace>(r);
}
/// False only for std::monostate (Compliance::kNone).
inline bool HasRepresentation(const HydroelasticRepresentation& r) {
  return !std::holds_alternative<std::monostate>(r);
}

/// Why the contact-surface kernels cannot use this representation, or an
/// empty string when they can. O(1) consistency checks for representations
/// assembled by hand (MakeHydroelasticRepresentation's always pass): a
/// BVH that is not over the mesh's elements (its node count), a pressure
/// field without one value per vertex and one gradient per tetrahedron, a
/// compliant half-space whose modulus or slab thickness is not positive
/// and finite or whose margin is negative or not finite. Each would make a
/// kernel read past an array or return infinite or NaN pressures.
std::string FindRepresentationError(const RigidMesh& rigid);
/// See FindRepresentationError(const RigidMesh&).
std::string FindRepresentationError(const CompliantMesh& compliant);
/// See FindRepresentationError(const RigidMesh&).
std::string FindRepresentationError(const CompliantHalfSpace& half_space);

/// @throws std::invalid_argument "{caller}: the {role} is invalid: {why}"
///         when FindRepresentationError gives a reason.
void RequireValidRepresentation(const RigidMesh& rigid, const char* caller, const char* role);
/// See RequireValidRepresentation(const RigidMesh&, ...).
void RequireValidRepresentation(const CompliantMesh& compliant, const char* caller,
                                const char* role);
/// See RequireValidRepresentation(const RigidMesh&, ...).
void RequireValidRepresentation(const CompliantHalfSpace& half_space, const char* caller,
                                const char* role);

}  // namespace hydrocontact
