#include "proximity/representation/hydroelastic_representation.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace hydrocontact {

std::string FindRepresentationError(const RigidMesh& rigid) {
  const int n = rigid.mesh.num_triangles();
  if (n > 0 && static_cast<int>(rigid.bvh.nodes().size()) != 2 * n - 1) {
    return fmt::format("its BVH has {} nodes, not the {} of its {} triangles",
                       rigid.bvh.nodes().size(), 2 * n - 1, n);
  }
  return {};
}

std::string FindRepresentationError(const CompliantMesh& compliant) {
  const int n = compliant.mesh.num_elements();
  if (static_cast<int>(compliant.pressure.values().size()) != compliant.mesh.num_vertices() ||
      static_cast<int>(compliant.pressure.gradients().size()) != n) {
    return fmt::format(
        "its pressure field has {} values and {} gradients for {} vertices and {} tetrahedra",
        compliant.pressure.values().size(), compliant.pressure.gradients().size(),
        compliant.mesh.num_vertices(), n);
  }
  if (n > 0 && static_cast<int>(compliant.bvh.nodes().size()) != 2 * n - 1) {
    return fmt::format("its BVH has {} nodes, not the {} of its {} tetrahedra",
                       compliant.bvh.nodes().size(), 2 * n - 1, n);
  }
  return {};
}

std::string FindRepresentationError(const CompliantHalfSpace& half_space) {
  if (!(half_space.hydroelastic_modulus > 0) || !std::isfinite(half_space.hydroelastic_modulus)) {
    return fmt::format("hydroelastic_modulus must be positive and finite, got {}",
                       half_space.hydroelastic_modulus);
  }
  if (!(half_space.slab_thickness > 0) || !std::isfinite(half_space.slab_thickness)) {
    return fmt::format("slab_thickness must be positive and finite, got {}",
                       half_space.slab_thickness);
  }
  if (!(half_space.margin >= 0) || !std::isfinite(half_space.margin)) {
    return fmt::format("margin must be finite and >= 0, got {}", half_space.margin);
  }
  return {};
}

namespace {

template <class Representation>
void Require(const Representation& representation, const char* caller, const char* role) {
  const std::string why = FindRepresentationError(representation);
  if (!why.empty()) {
    throw std::invalid_argument(fmt::format("{}: the {} is invalid: {}", caller, role, why));
  }
}

}  // namespace

void RequireValidRepresentation(const RigidMesh& rigid, const char* caller, const char* role) {
  Require(rigid, caller, role);
}

void RequireValidRepresentation(const CompliantMesh& compliant, const char* caller,
                                const char* role) {
  Require(compliant, caller, role);
}

void RequireValidRepresentation(const CompliantHalfSpace& half_space, const char* caller,
                                const char* role) {
  Require(half_space, caller, role);
}

}  // namespace hydrocontact
