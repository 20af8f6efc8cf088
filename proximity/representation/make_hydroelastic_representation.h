#pragma once

/// @file
/// MakeHydroelasticRepresentation: the one entry point that turns a shape
/// and its proximity properties into the representation the contact
/// kernels consume.

#include <optional>

#include "geometry/proximity_properties.h"
#include "geometry/shape.h"
#include "proximity/representation/hydroelastic_representation.h"

namespace hydrocontact {

struct MeshFileData;  // mesh/mesh_file.h

/// The default resolution hint (m) of `shape`: a fifth of its smallest
/// dimension: sphere 2r/5, box min edge/5, cylinder min(2r, L)/5, capsule
/// 2r/5 (its smallest dimension is its diameter), ellipsoid 2·min(a,b,c)/5,
/// torus 2r/5; a height field min(dx, dy)/2 (its grid is its resolution:
/// two sub-cells per cell along the finer axis). Never below kMinLength
/// (1e-9 m), the smallest supported length: a sphere of 1e-9 m gets that
/// hint, not the 4e-10 m a user could not give.
/// @throws std::invalid_argument for HalfSpace, Mesh and Convex, which have
///         no intrinsic size and whose tessellation needs no hint.
double DefaultResolutionHint(const Shape& shape);

/// The resolution hint the representation of `shape` is built with: the
/// properties' hint, or DefaultResolutionHint; for a compliant Mesh from a
/// surface file, the properties' hint or the default of its surface (see
/// MeshResolutionHintUsed, which reads the file when no hint is given);
/// nullopt for shapes whose mesh does not depend on one (Box, HalfSpace,
/// Convex, a rigid Mesh, a Mesh from a volume file: flat faces or a given
/// mesh).
/// @throws std::invalid_argument or std::runtime_error naming the file for a
///         compliant Mesh whose file cannot be read (see
///         MeshResolutionHintUsed).
std::optional<double> ResolutionHintUsed(const Shape& shape, const ProximityProperties& properties);

/// The hydroelastic representation of `shape` in its frame G:
///   - Compliance::kNone: std::monostate.
///   - kRigid: RigidMesh (closed, outward surface and its BVH) for Sphere,
///     Box, Cylinder, Capsule, Ellipsoid, Convex (the hull of the file's
///     vertices), Mesh (a closed OBJ surface, or the boundary of a VTK
///     volume); RigidHalfSpace for a HalfSpace.
///   - kCompliant: CompliantMesh (tetrahedra, pressure p = E·e, BVH, E) for
///     Sphere, Box, Cylinder, Capsule, Ellipsoid, Convex and Mesh (a VTK
///     tetrahedral file, e from distances to its boundary; or a closed OBJ
///     surface tetrahedralized by isosurface stuffing with the properties'
///     resolution hint as lattice spacing, see MakeMeshVolumeMesh);
///     CompliantHalfSpace{E, slab thickness, margin} for a HalfSpace.
/// Curved primitives are tessellated with the resolution hint (see
/// ResolutionHintUsed); the margin inflates every mesh outward (see the
/// Make*Mesh generators for how each shape does it) and shifts a compliant
/// half-space's zero-pressure plane to z = δ. A rigid half-space ignores the
/// margin (the plane z = 0 is its surface). Mesh elements and vertices are
/// renumbered in the BVH's leaf order (OrderForLocality), so the contact
/// kernels' traversals read memory in order; the geometry is unchanged.
/// @throws std::invalid_argument saying why and what to do for requests
///         that cannot be met: an OBJ Mesh (rigid or compliant) or a VTK
///         volume's boundary that does not bound a solid (open, non-manifold,
///         self-intersecting, shells nested against their winding;
///         ValidateClosedSurface), a compliant OBJ Mesh
///         whose hint loses a thin part,
///         a resolution hint that would exceed MaxMeshElements() elements (MeshSizeLimitError), a
///         margin too large for a user mesh; std::runtime_error naming the
///         file for unreadable or malformed mesh files.
///
/// `mesh_file_data`: for a Mesh shape, its file's contents as
/// ReadMeshFile(file, scale) returns them, when the caller has read them
/// already (the file is then not read again; see MakeMeshSurfaceMesh);
/// ignored for the other shapes.
HydroelasticRepresentation MakeHydroelasticRepresentation(
    const Shape& shape, const ProximityProperties& properties,
    const MeshFileData* mesh_file_data = nullptr);

}  // namespace hydrocontact
