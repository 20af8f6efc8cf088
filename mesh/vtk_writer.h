#pragma once

/// @file
/// Writing meshes as legacy VTK files ("# vtk DataFile Version 3.0") for
/// ParaView and for ReadVtkVolumeFile: volume meshes as UNSTRUCTURED_GRID of
/// tetrahedra, surface meshes as POLYDATA. Positions are written as they are
/// stored (in the mesh's frame). ASCII numbers are written in the shortest
/// decimal form that reads back as the same double, so reading a file back
/// gives exactly the doubles that were written.

#include <filesystem>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mesh/polygon_surface_mesh.h"
#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// A named scalar per mesh vertex (POINT_DATA SCALARS). The name must be a
/// valid VTK array name: non-empty printable ASCII without spaces. The
/// values are not copied; they must outlive the write call.
struct VtkPointScalar {
  std::string name;
  const std::vector<double>* values{nullptr};
};

/// A named vector per mesh element (CELL_DATA VECTORS), expressed in the
/// mesh's frame, e.g. face normals. Naming rules as for VtkPointScalar.
struct VtkCellVector {
  std::string name;
  const std::vector<Eigen::Vector3d>* values{nullptr};
};

/// How a file's data blocks are encoded.
enum class VtkEncoding {
  kAscii,   ///< Text, shortest exact decimal form of each double.
  kBinary,  ///< Big-endian doubles and 32-bit integers, as the format says.
};

/// The legacy VTK text of `mesh` as an UNSTRUCTURED_GRID of tetrahedra
/// (cell type 10, vertex order as stored, i.e. positively oriented, which
/// is VTK's convention) with `point_scalars` as POINT_DATA.
/// @throws std::invalid_argument naming the array if a name is invalid or
///         repeated, its values are missing, their count differs from the
///         number of vertices, or a value is not finite (naming its index),
///         or if `encoding` is neither of VtkEncoding's enumerators.
std::string WriteVtkVolumeString(const VolumeMesh& mesh,
                                 const std::vector<VtkPointScalar>& point_scalars = {},
                                 VtkEncoding encoding = VtkEncoding::kAscii);

/// Writes WriteVtkVolumeString(mesh, point_scalars, encoding) to `file`.
/// @throws std::invalid_argument as WriteVtkVolumeString;
///         std::runtime_error naming the file if it cannot be written.
void WriteVtkVolume(const std::filesystem::path& file, const VolumeMesh& mesh,
                    const std::vector<VtkPointScalar>& point_scalars = {},
                    VtkEncoding encoding = VtkEncoding::kAscii);

/// The legacy VTK data (ASCII or BINARY) of a triangle surface as POLYDATA POLYGONS,
/// with `point_scalars` (one value per vertex) as POINT_DATA and
/// `cell_vectors` (one per triangle) as CELL_DATA.
/// @throws std::invalid_argument as WriteVtkVolumeString, the counts of
///         cell vectors being checked against the number of triangles.
std::string WriteVtkSurfaceString(const TriangleSurfaceMesh& mesh,
                                  const std::vector<VtkPointScalar>& point_scalars = {},
                                  const std::vector<VtkCellVector>& cell_vectors = {},
                                  VtkEncoding encoding = VtkEncoding::kAscii);

/// As above for a polygon surface (one VTK polygon per polygon).
std::string WriteVtkSurfaceString(const PolygonSurfaceMesh& mesh,
                                  const std::vector<VtkPointScalar>& point_scalars = {},
                                  const std::vector<VtkCellVector>& cell_vectors = {},
                                  VtkEncoding encoding = VtkEncoding::kAscii);

/// Writes WriteVtkSurfaceString(mesh, ..., encoding) to `file`.
/// @throws std::invalid_argument as WriteVtkSurfaceString;
///         std::runtime_error naming the file if it cannot be written.
void WriteVtkSurface(const std::filesystem::path& file, const TriangleSurfaceMesh& mesh,
                     const std::vector<VtkPointScalar>& point_scalars = {},
                     const std::vector<VtkCellVector>& cell_vectors = {},
                     VtkEncoding encoding = VtkEncoding::kAscii);

/// Writes WriteVtkSurfaceString(mesh, ..., encoding) to `file`.
/// @throws as the triangle-surface overload.
void WriteVtkSurface(const std::filesystem::path& file, const PolygonSurfaceMesh& mesh,
                     const std::vector<VtkPointScalar>& point_scalars = {},
                     const std::vector<VtkCellVector>& cell_vectors = {},
                     VtkEncoding encoding = VtkEncoding::kAscii);

}  // namespace hydrocontact
