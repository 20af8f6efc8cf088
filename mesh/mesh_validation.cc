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

}  // namespace hydrocontact::internal
