#include "proximity/representation/make_hydroelastic_representation.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>

#include "geometry/supported_range.h"
#include "proximity/representation/make_box_mesh.h"
#include "proximity/representation/make_capsule_mesh.h"
#include "proximity/representation/make_convex_mesh.h"
#include "proximity/representation/make_cylinder_mesh.h"
#include "proximity/representation/make_ellipsoid_mesh.h"
#include "proximity/representation/make_height_field_mesh.h"
#include "proximity/representation/make_mesh_shape.h"
#include "proximity/representation/make_sphere_mesh.h"
#include "proximity/representation/make_torus_mesh.h"
#include "proximity/representation/order_for_locality.h"

namespace hydrocontact {
namespace {

template <class T>
constexpr bool kUsesResolutionHint =
    std::is_same_v<T, Sphere> || std::is_same_v<T, Cylinder> || std::is_same_v<T, Capsule> ||
    std::is_same_v<T, Ellipsoid> || std::is_same_v<T, Torus> ||
    std::is_same_v<T, HeightField>;

// Both representations are numbered in their hierarchy's leaf order, which
// the kernels' traversals follow (see order_for_locality.h).
RigidMesh MakeRigid(const TriangleSurfaceMesh& surface) {
  Bvh bvh(surface);
  TriangleSurfaceMesh ordered = OrderForLocality(surface, &bvh);
  return RigidMesh{std::move(ordered), std::move(bvh)};
}

CompliantMesh MakeCompliant(const VolumeMeshWithExtent& m, double E) {
  Bvh bvh(m.mesh);
  VolumeMeshWithExtent ordered = OrderForLocality(m, &bvh);
  VolumeMeshFieldLinear pressure = MakePressureField(ordered, E);
  return CompliantMesh{std::move(ordered.mesh), std::move(pressure), std::move(bvh), E};
}

// The hint of the primitives tessellated with one (kUsesResolutionHint);
// nullopt for the others. Reads no file.
std::optional<double> PrimitiveResolutionHint(const Shape& shape,
                                              const ProximityProperties& properties);

}  // namespace

double DefaultResolutionHint(const Shape& shape) {
  const double hint = std::visit(
      [&](const auto& s) -> double {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Sphere>) {
          return 2 * s.radius() / 5;
        } else if constexpr (std::is_same_v<T, Box>) {
          return s.size().minCoeff() / 5;
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          return std::min(2 * s.radius(), s.length()) / 5;
        } else if constexpr (std::is_same_v<T, Capsule>) {
          return 2 * s.radius() / 5;
        } else if constexpr (std::is_same_v<T, Ellipsoid>) {
          return 2 * s.semi_axes().minCoeff() / 5;
        } else if constexpr (std::is_same_v<T, Torus>) {
          return 2 * s.minor_radius() / 5;
        } else if constexpr (std::is_same_v<T, HeightField>) {
          // Two sub-cells per grid cell along the finer axis.
          return std::min(s.dx(), s.dy()) / 2;
        } else {
          throw std::invalid_argument(fmt::format(
              "DefaultResolutionHint: a {} has no intrinsic size and needs no resolution hint",
              ShapeName(shape)));
        }
      },
      shape);
  return std::max(hint, kMinLength);
}

namespace {

std::optional<double> PrimitiveResolutionHint(const Shape& shape,
                                              const ProximityProperties& properties) {
  return std::visit(
      [&](const auto& s) -> std::optional<double> {
        using T = std::decay_t<decltype(s)>;
        if constexpr (kUsesResolutionHint<T>) {
          return properties.resolution_hint().value_or(DefaultResolutionHint(shape));
        } else {
          return std::nullopt;
        }
      },
      shape);
}

}  // namespace

std::optional<double> ResolutionHintUsed(const Shape& shape, const ProximityProperties& properties) {
  if (const Mesh* mesh = std::get_if<Mesh>(&shape)) {
    // Only a compliant Mesh from a surface file is meshed with a hint.
    if (properties.compliance() != Compliance::kCompliant) return std::nullopt;
    return MeshResolutionHintUsed(*mesh, properties.margin(), properties.resolution_hint());
  }
  return PrimitiveResolutionHint(shape, properties);
}

HydroelasticRepresentation MakeHydroelasticRepresentation(const Shape& shape,
                                                          const ProximityProperties& properties,
                                                          const MeshFileData* mesh_file_data) {
  const Compliance compliance = properties.compliance();
  if (compliance == Compliance::kNone) return std::monostate{};
  const bool rigid = compliance == Compliance::kRigid;
  const double E = properties.hydroelastic_modulus();
  const double margin = properties.margin();
  // (A Mesh reads its own hint, together with its file.)
  const std::optional<double> hint = PrimitiveResolutionHint(shape, properties);
  return std::visit(
      [&](const auto& s) -> HydroelasticRepresentation {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, HalfSpace>) {
          if (rigid) return RigidHalfSpace{};
          return CompliantHalfSpace{E, properties.slab_thickness(), margin};
        } else if constexpr (std::is_same_v<T, Box>) {
          if (rigid) return MakeRigid(MakeBoxSurfaceMesh(s, margin));
          return MakeCompliant(MakeBoxVolumeMesh(s, margin), E);
        } else if constexpr (std::is_same_v<T, Sphere>) {
          if (rigid) return MakeRigid(MakeSphereSurfaceMesh(s, *hint, margin));
          return MakeCompliant(MakeSphereVolumeMesh(s, *hint, margin), E);
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          if (rigid) return MakeRigid(MakeCylinderSurfaceMesh(s, *hint, margin));
          return MakeCompliant(MakeCylinderVolumeMesh(s, *hint, margin), E);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          if (rigid) return MakeRigid(MakeCapsuleSurfaceMesh(s, *hint, margin));
          return MakeCompliant(MakeCapsuleVolumeMesh(s, *hint, margin), E);
        } else if constexpr (std::is_same_v<T, Ellipsoid>) {
          if (rigid) return MakeRigid(MakeEllipsoidSurfaceMesh(s, *hint, margin));
          return MakeCompliant(MakeEllipsoidVolumeMesh(s, *hint, margin), E);
        } else if constexpr (std::is_same_v<T, Torus>) {
          if (rigid) return MakeRigid(MakeTorusSurfaceMesh(s, *hint, margin));
          return MakeCompliant(MakeTorusVolumeMesh(s, *hint, margin), E);
        } else if constexpr (std::is_same_v<T, HeightField>) {
          if (rigid) return MakeRigid(MakeHeightFieldSurfaceMesh(s, *hint, margin));
          return MakeCompliant(MakeHeightFieldVolumeMesh(s, *hint, margin), E);
        } else if constexpr (std::is_same_v<T, Convex>) {
          if (rigid) return MakeRigid(MakeConvexSurfaceMesh(s, margin));
          return MakeCompliant(MakeConvexVolumeMesh(s, margin), E);
        } else {
          static_assert(std::is_same_v<T, Mesh>);
          if (rigid) return MakeRigid(MakeMeshSurfaceMesh(s, margin, mesh_file_data));
          return MakeCompliant(
              MakeMeshVolumeMesh(s, margin, properties.resolution_hint(), mesh_file_data), E);
        }
      },
      shape);
}

}  // namespace hydrocontact
