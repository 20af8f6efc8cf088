#pragma once

/// @file
/// Checks shared by the mesh constructors. Each throws
/// std::invalid_argument whose message names the mesh kind, the index of the
/// offending vertex or element and what is wrong.

#include <limits>
#include <span>
#include <vector>

#include <Eigen/Core>

namespace hydrocontact::internal {

/// @throws if any vertex has a non-finite coordinate.
void ValidateVertices(const char* mesh_kind, const std::vector<Eigen::Vector3d>& vertices);

/// Whether every index is in [0, num_vertices) and no two are equal: the
/// test of ValidateElementIndices, inline for the hot loops that call the
/// named error only when it fails.
inline bool AreValidElementIndices(std::span<const int> indices, int num_vertices) {
  for (size_t i = 0; i < indices.size(); ++i) {
    if (static_cast<unsigned>(indices[i]) >= static_cast<unsigned>(num_vertices)) return false;
    for (size_t j = 0; j < i; ++j) {
      if (indices[i] == indices[j]) return false;
    }
  }
  return true;
}

/// @throws if an index of element `e` is outside [0, num_vertices) or two of
/// its indices are equal.
void ValidateElementIndices(const char* mesh_kind, const char* element_kind, int e,
                            std::span<const int> indices, int num_vertices);

/// @throws if any of the per-face arrays a producer hands to a surface mesh
/// (normals, areas, centroids) has a length other than `num_faces`.
void ValidateFaceDataSizes(const char* mesh_kind, size_t num_faces, size_t num_normals,
                           size_t num_areas, size_t num_centroids);

/// ValidateFaceDataSizes for a surface mesh about to adopt a producer's
/// arrays: when the sizes disagree, `*mesh` is first made an empty mesh (a
/// rejected adoption leaves it empty), then the error is thrown. Nothing is
/// reset when they agree: the adoption overwrites every array anyway.
/// @throws std::invalid_argument as ValidateFaceDataSizes.
template <class SurfaceMesh>
void ValidateFaceDataSizesOrEmpty(SurfaceMesh* mesh, const char* mesh_kind, size_t num_faces,
                                  size_t num_normals, size_t num_areas, size_t num_centroids) {
  try {
    ValidateFaceDataSizes(mesh_kind, num_faces, num_normals, num_areas, num_centroids);
  } catch (...) {
    *mesh = SurfaceMesh();
    throw;
  }
}

}  // namespace hydrocontact::internal
