#pragma once

/// @file
/// Test helper: refining a closed triangle surface by splitting every
/// triangle into four (for meshes with many triangles and known geometry).

#include <array>
#include <map>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact::test {

/// Splits each triangle into four at its edges' midpoints, in place. Each
/// edge's new vertex is added once, at midpoint_position(p_a, p_b) of its
/// ends (the plain midpoint, or one pushed onto a curved surface); a
/// triangle (a, b, c) with new vertices ab, bc, ca becomes (a, ab, ca),
/// (ab, b, bc), (ca, bc, c), (ab, bc, ca), oriented as it was.
template <class Position>
void SplitTrianglesInFour(std::vector<Eigen::Vector3d>* vertices, std::vector<std::array<int, 3>>* triangles,
                          const Position& midpoint_position) {
  std::vector<Eigen::Vector3d>& v = *vertices;
  std::map<std::pair<int, int>, int> midpoint_of;
  auto midpoint = [&](int a, int b) {
    auto [it, added] = midpoint_of.try_emplace(std::minmax(a, b), int(v.size()));
    if (added) v.push_back(midpoint_position(v[a], v[b]));
    return it->second;
  };
  std::vector<std::array<int, 3>> finer;
  for (const auto& t : *triangles) {
    const int ab = midpoint(t[0], t[1]), bc = midpoint(t[1], t[2]), ca = midpoint(t[2], t[0]);
    finer.push_back({t[0], ab, ca});
    finer.push_back({ab, t[1], bc});
    finer.push_back({ca, bc, t[2]});
    finer.push_back({ab, bc, ca});
  }
  *triangles = std::move(finer);
}

/// The mesh with each triangle split into four at its edges' plain
/// midpoints, `levels` times: the same solid with 4^levels times the
/// triangles (on dyadic coordinates, the new vertices are exact).
inline TriangleSurfaceMesh Subdivided(const TriangleSurfaceMesh& mesh, int levels) {
  std::vector<Eigen::Vector3d> vertices = mesh.vertices();
  std::vector<std::array<int, 3>> triangles;
  for (int f = 0; f < mesh.num_elements(); ++f) triangles.push_back(mesh.element(f));
  for (int level = 0; level < levels; ++level) {
    SplitTrianglesInFour(&vertices, &triangles,
                         [](const Eigen::Vector3d& a, const Eigen::Vector3d& b) { return Eigen::Vector3d((a + b) / 2); });
  }
  return TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
}

}  // namespace hydrocontact::test
