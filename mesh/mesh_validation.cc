#include "mesh/mesh_validation.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace hydrocontact::internal {

void ValidateVertices(const char* mesh_kind, const std::vector<Eigen::Vector3d>& vertices) {
  for (size_t v = 0; v < vertices.size(); ++v) {
    if (!vertices[v].allFinite()) {
      throw std::invalid_argument(fmt::format("{}: vertex {} has a non-finite coordinate ({}, {}, {})",
                                              mesh_kind, v, vertices[v].x(), vertices[v].y(),
                                              vertices[v].z()));
    }
  }
}

void ValidateElementIndices(const char* mesh_kind, const char* element_kind, int e,
                            std::span<const int> indices, int num_vertices) {
  for (size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] < 0 || indices[i] >= num_vertices) {
      throw std::invalid_argument(
          fmt::format("{}: {} {} refers to vertex {}, out of range [0, {})", mesh_kind,
                      element_kind, e, indices[i], num_vertices));
    }
    for (size_t j = 0; j < i; ++j) {
      if (indices[i] == indices[j]) {
        throw std::invalid_argument(fmt::format("{}: {} {} uses vertex {} twice (degenerate)",
                                                mesh_kind, element_kind, e, indices[i]));
      }
    }
  }
}

void ValidateFaceDataSizes(const char* mesh_kind, size_t num_faces, size_t num_normals,
                           size_t num_areas, size_t num_centroids) {
  if (num_normals != num_faces || num_areas != num_faces || num_centroids != num_faces) {
    throw std::invalid_argument(fmt::format(
        "{}: per-face data of the wrong length for {} faces: {} normals, {} areas, {} centroids",
        mesh_kind, num_faces, num_normals, num_areas, num_centroids));
  }
}

void ValidateGivenFaceData(const char* mesh_kind, const char* element_kind, int f,
                           const Eigen::Vector3d& normal, double area) {
  if (!normal.allFinite()) {
    throw std::invalid_argument(fmt::format("{}: {} {} has a non-finite normal ({}, {}, {})",
                                            mesh_kind, element_kind, f, normal.x(), normal.y(),
                                            normal.z()));
  }
  if (!(area > 0) || !std::isfinite(area)) {
    throw std::invalid_argument(fmt::format(
        "{}: {} {} has area {}; it must be positive and finite", mesh_kind, element_kind, f, area));
  }
}

AreaAndCentroid CheckAndSumGivenFaceData(const char* mesh_kind, const char* element_kind,
                                         std::span<const Eigen::Vector3d> normals,
                                         std::span<const double> areas,
                                         std::span<const Eigen::Vector3d> centroids) {
  AreaAndCentroid result;
  Eigen::Vector3d weighted_centroid = Eigen::Vector3d::Zero();
  for (size_t f = 0; f < normals.size(); ++f) {
    // The cheap check inline; the named error only when it fails.
    if (!IsValidGivenFaceData(normals[f], areas[f])) {
      ValidateGivenFaceData(mesh_kind, element_kind, static_cast<int>(f), normals[f], areas[f]);
    }
    result.total_area += areas[f];
    weighted_centroid += areas[f] * centroids[f];
  }
  if (result.total_area > 0) result.centroid = weighted_centroid / result.total_area;
  return result;
}

}  // namespace hydrocontact::internal
