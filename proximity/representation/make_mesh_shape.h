#pragma once

/// @file
/// Representations of a Mesh shape (a user's OBJ surface or VTK volume).

#include <optional>

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

struct MeshFileData;  // mesh/mesh_file.h

/// The rigid representation of `mesh` in G: the file's surface (.obj, .stl,
/// .ply, POLYDATA .vtk) or the boundary of its volume (.vtk, .vtu, .msh; see
/// ReadMeshFile), scaled, inflated by `margin` (see
/// InflateSurfaceMesh).
/// @throws std::invalid_argument naming the file if the surface does not
///         bound a solid (ValidateClosedSurface: open, non-manifold or
///         misoriented edges, self-intersections, inward normals, shells
///         nested against their winding; the same
///         check as for signed-distance data, for a surface file and a
///         volume's boundary alike), for another extension, or a margin
///         that folds the surface (InflateSurfaceMesh: parts closer than
///         about twice the margin grow into each other, or a triangle
///         turns over; the message names a margin that does not fold it);
///         std::runtime_error from the readers for
///         an unreadable or malformed file.
///
/// `file_data`, when given, is the file's contents as
/// ReadMeshFile(mesh.file(), mesh.scale()) returns them, read by a caller
/// that needs them for more than this (SceneGraph's registration builds the
/// distance data from them too); the file is then not read again. The same
/// holds for the functions below.
TriangleSurfaceMesh MakeMeshSurfaceMesh(const Mesh& mesh, double margin = 0,
                                        const MeshFileData* file_data = nullptr);

/// The default resolution hint (m) of a compliant Mesh made from a surface:
/// a fifth of the smallest edge of the surface's bounding box in G grown by
/// `margin` on every side (as for the primitives, a fifth of the smallest
/// dimension of the inflated shape; the box of the inflated surface differs
/// from it only where the surface has no vertex on its box's faces).
/// @throws std::invalid_argument if that is below kMinLength (giving the
///         extent and what to do).
double DefaultSurfaceResolutionHint(const TriangleSurfaceMesh& surface_G, double margin = 0);

/// The resolution hint (m) the compliant representation of `mesh`
/// (MakeMeshVolumeMesh with the same arguments) is built with: nullopt for a
/// volume file (its tetrahedra are used as given), otherwise
/// `resolution_hint` or, without one, DefaultSurfaceResolutionHint of the
/// file's surface and `margin` (the file is read then).
/// @throws std::invalid_argument for an unsupported extension;
///         std::runtime_error from the readers.
std::optional<double> MeshResolutionHintUsed(const Mesh& mesh, double margin,
                                             std::optional<double> resolution_hint,
                                             const MeshFileData* file_data = nullptr);

/// The compliant representation of `mesh` in G.
///   - a volume file (tetrahedral .vtk, .vtu, .msh): the file's tetrahedra, scaled, boundary inflated by `margin`
///     (see InflateVolumeMesh), with the extent
///     ComputeDistanceToBoundaryExtent of the inflated mesh (0 on its
///     boundary, 1 at the vertex farthest inside). Point data in the file is
///     not used; `resolution_hint` is ignored.
///   - a surface file (.obj, .stl, .ply, POLYDATA .vtk): the surface, scaled and inflated by `margin`
///     (InflateSurfaceMesh), tetrahedralized by TetrahedralizeSurface with
///     lattice spacing `resolution_hint` (default
///     DefaultSurfaceResolutionHint(surface, margin); see
///     MeshResolutionHintUsed), extent from the distance to the
///     surface.
/// @throws std::invalid_argument naming the file for another extension, a
///         volume mesh without interior vertices or a margin that inverts a
///         tetrahedron or folds the boundary (InflateVolumeMesh); a margin
///         that folds a surface file's surface (as MakeMeshSurfaceMesh); a surface that does not bound a solid (see
///         MakeMeshSurfaceMesh), a hint that is not positive or too small
///         (MaxMeshElements()), or one so coarse that a part of the solid is
///         lost (the message names where and a hint that keeps it);
///         std::runtime_error from the readers.
VolumeMeshWithExtent MakeMeshVolumeMesh(const Mesh& mesh, double margin = 0,
                                        std::optional<double> resolution_hint = std::nullopt,
                                        const MeshFileData* file_data = nullptr);

}  // namespace hydrocontact
