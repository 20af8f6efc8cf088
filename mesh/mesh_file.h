#pragma once

/// @file
/// The one entry point for reading a mesh file of any supported format,
/// chosen by the file's extension (case-insensitive):
///   .obj, .stl, .ply        triangle surfaces
///   .vtk                    legacy VTK: POLYDATA is a triangle surface,
///                           UNSTRUCTURED_GRID a tetrahedral volume
///   .msh                    gmsh tetrahedral volume
///   .vtu                    VTK XML unstructured grid: tetrahedral volume
/// Every place that accepts a file (Mesh and Convex shapes, the tool's
/// geometry arguments, `info`) goes through here, so a format added here is
/// accepted everywhere.

#include <filesystem>
#include <optional>
#include <string>

#include "mesh/surface_assembly.h"
#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_assembly.h"

namespace hydrocontact {

/// What a mesh file holds: exactly one of the two is set.
struct MeshFileData {
  std::optional<SurfaceReadResult> surface;
  std::optional<VtkVolumeData> volume;
};

/// `file`'s extension, lower-cased (".VTK" → ".vtk"; "" for none, and for a
/// name that only starts with a dot, ".vtk").
std::string LowercaseExtension(const std::filesystem::path& file);

/// The supported extensions, for messages: ".obj, .stl, .ply, .vtk, .vtu, .msh".
std::string SupportedMeshFileExtensions();

/// True if `file`'s extension is one of SupportedMeshFileExtensions().
bool IsSupportedMeshFile(const std::filesystem::path& file);

/// True if `file` holds a tetrahedral volume (.msh, .vtu; .vtk unless its DATASET
/// is POLYDATA), false for a surface. Reads only the start of a .vtk file;
/// a .vtk file that cannot be read counts as a volume (the volume reader
/// then reports the problem).
/// @throws std::invalid_argument naming the file if its extension is not
///         supported.
bool MeshFileHoldsVolume(const std::filesystem::path& file);

/// Reads `file` with the reader its extension names, scaling positions by
/// `scale`.
/// @throws std::invalid_argument naming the file if its extension is not
///         supported or `scale` is not finite and positive; otherwise what
///         the format's reader throws (std::runtime_error naming the file and
///         line or offset).
MeshFileData ReadMeshFile(const std::filesystem::path& file, double scale = 1.0);

/// The triangle surface of `file`: the surface itself, or the boundary of
/// a volume.
/// @throws as ReadMeshFile.
TriangleSurfaceMesh ReadMeshFileSurface(const std::filesystem::path& file, double scale = 1.0);

/// The triangle surface of a file already read (ReadMeshFile): a copy of
/// the surface itself, or the boundary of the volume.
/// Precondition: `data` holds a surface or a volume (as ReadMeshFile's
/// results do).
TriangleSurfaceMesh MeshFileSurface(const MeshFileData& data);
/// As above, moving the surface out of `data` instead of copying it.
TriangleSurfaceMesh MeshFileSurface(MeshFileData&& data);

/// The triangle surface of `file` scaled by `scale`, for a caller that may
/// already hold the file's contents: taken from `*read` when given (which
/// must be what ReadMeshFile(file, scale) returns; the file is then not
/// opened), otherwise read now (ReadMeshFileSurface).
/// @throws as ReadMeshFile when the file is read.
TriangleSurfaceMesh MeshFileSurface(const std::filesystem::path& file, double scale,
                                    const MeshFileData* read);

}  // namespace hydrocontact
