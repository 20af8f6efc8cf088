#pragma once

/// @file
/// Mass, centre of mass and rotational inertia of a uniform solid shape.

#include <Eigen/Core>

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact::plant {

/// The mass properties of a uniform solid S described in its geometry frame
/// G: mass (kg), the centre of mass p_GScm (in G) and the inertia I_SScm_G
/// about the centre of mass, expressed in G (kg·m²).
struct MassProperties {
  double mass{0};
  Eigen::Vector3d p_GScm{Eigen::Vector3d::Zero()};
  Eigen::Matrix3d I_SScm_G{Eigen::Matrix3d::Zero()};
};

/// The mass properties of a closed, outward-oriented triangle surface in G
/// filled with `density`, by the divergence theorem: each triangle with
/// vertices a, b, c spans a signed tetrahedron with G's origin of volume
/// a·(b × c)/6, and the volume, first and second moments are sums over these
/// tetrahedra of their closed forms (∫x_i x_j dV over a tetrahedron with one
/// vertex at the origin = V/20·(Σ_k a_i a_j terms + ...), written out in the
/// source). Exact for the polyhedron.
/// @throws std::invalid_argument if the enclosed volume is not positive
///         (open or inward surface) or density is outside [1e-6, 1e6] kg/m³
///         (far beyond any material's, where the inertia's inverse and the
///         step's forces stop being finite).
MassProperties CalcMassProperties(const TriangleSurfaceMesh& surface_G, double density);

/// The mass properties of `shape` (in G) with `density` (kg/m³): closed
/// forms for Sphere, Box, Cylinder, Capsule (cylinder plus two hemispheres,
/// each offset by the parallel-axis theorem), Ellipsoid and Torus; a Mesh
/// (its surface, or a volume's boundary) and a Convex (the hull of its
/// vertices) by the surface integrals above.
/// @throws std::invalid_argument for a HalfSpace (infinite mass), a density
///         outside [1e-6, 1e6] kg/m³ (see above), or what reading a file
///         throws.
MassProperties CalcMassProperties(const Shape& shape, double density);

}  // namespace hydrocontact::plant
