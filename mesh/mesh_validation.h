#pragma once

/// @file
/// Checks shared by the mesh constructors. Each throws
/// std::invalid_argument whose message names the mesh kind, the index of the
/// offending vertex or element and what is wrong.

#include <span>
#include <vector>

#include <Eigen/Core>

namespace hydrocontact::internal {

/// @throws if any vertex has a non-finite coordinate.
void ValidateVertices(const char* mesh_kind, const std::vector<Eigen::Vector3d>& vertices);

/// @throws if an index of element `e` is outside [0, num_vertices) or two of
/// its indices are equal.
void ValidateElementIndices(const char* mesh_kind, const char* element_kind, int e,
                            std::span<const int> indices, int num_vertices);

}  // namespace hydrocontact::internal
