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

/// True when ValidateGivenFaceData would not throw: the inline fast path
/// for loops over many faces.
inline bool IsValidGivenFaceData(const Eigen::Vector3d& normal, double area) {
  return normal.allFinite() && area > 0 && area < std::numeric_limits<double>::infinity();
}

/// @throws if the given normal of face `f` is non-finite or its area is not
/// positive and finite (the cheap checks of data a producer passes in).
void ValidateGivenFaceData(const char* mesh_kind, const char* element_kind, int f,
                           const Eigen::Vector3d& normal, double area);

/// The total area of a surface and its area-weighted centroid (the origin of
/// the mesh's frame when the total area is 0).
struct AreaAndCentroid {
  double total_area{0};
  Eigen::Vector3d centroid{Eigen::Vector3d::Zero()};
};

/// Checks every face's given normal and area (ValidateGivenFaceData) and sums
/// them into the surface's total area and centroid, in one pass: the shared
/// body of the surface meshes' AdoptArrays, which take face data passed
/// through from a producer. Preconditions: the three spans have equal length
/// (ValidateFaceDataSizes).
/// @throws as ValidateGivenFaceData, naming the first bad face.
AreaAndCentroid CheckAndSumGivenFaceData(const char* mesh_kind, const char* element_kind,
                                         std::span<const Eigen::Vector3d> normals,
                                         std::span<const double> areas,
                                         std::span<const Eigen::Vector3d> centroids);

}  // namespace hydrocontact::internal
