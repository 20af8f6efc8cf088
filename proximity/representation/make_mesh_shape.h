#pragma once

/// @file
/// Representations of a Mesh shape (a user's OBJ surface or VTK volume).

#include <string>

#include "geometry/shape.h"
#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

/// The lower-case extension of `file` (".obj", ".vtk", ...).
std::string LowerCaseExtension(const std::filesystem::path& file);

/// The rigid representation of `mesh` in G: the file's surface (.obj, .stl,
/// .ply, POLYDATA .vtk) or the boundary of its volume (.vtk, .msh; see
/// ReadMeshFile), scaled, inflated by `margin` (see
/// InflateSurfaceMesh).
/// @throws std::invalid_argument naming the file if the surface is not
///         closed (an open surface has no inside: use Convex for its hull or
///         close the mesh) or encloses a negative volume (inward normals:
///         reverse the winding), for another extension, or a margin that
///         folds the surface; std::runtime_error from the readers for an
///         unreadable or malformed file.
TriangleSurfaceMesh MakeMeshSurfaceMesh(const Mesh& mesh, double margin = 0);

/// The compliant representation of `mesh` in G: the volume file's tetrahedra,
/// scaled, boundary inflated by `margin` (see InflateVolumeMesh), with the
/// extent ComputeDistanceToBoundaryExtent of the inflated mesh (0 on its
/// boundary, 1 at the vertex farthest inside). Point data in the file is not
/// used.
/// @throws std::invalid_argument naming the file for a surface file (a
///         compliant Mesh needs a tetrahedral volume: use Convex for the
///         surface's hull or tetrahedralize it), an unsupported extension, a mesh
///         without interior vertices, or a margin that inverts a
///         tetrahedron; std::runtime_error from the reader.
VolumeMeshWithExtent MakeMeshVolumeMesh(const Mesh& mesh, double margin = 0);

}  // namespace hydrocontact
