#pragma once

/// @file
/// Test helpers: small meshes with known closed-form properties, built
/// independently of the code under test.

#include <array>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact::test {

/// The cube [0, edge]³ divided into n×n×n cells, each split into six
/// tetrahedra around its main diagonal (Kuhn/Freudenthal split, conforming
/// between cells). Tetrahedra are positively oriented. Vertex (i, j, k) has
/// index i + (n+1)(j + (n+1)k). Volume edge³, boundary area 6·edge².
inline VolumeMesh MakeKuhnCube(int n, double edge = 1.0) {
  const int m = n + 1;
  auto index = [m](int i, int j, int k) { return i + m * (j + m * k); };
  std::vector<Eigen::Vector3d> vertices;
  for (int k = 0; k <= n; ++k)
    for (int j = 0; j <= n; ++j)
      for (int i = 0; i <= n; ++i) vertices.emplace_back(edge * i / n, edge * j / n, edge * k / n);
  // The six monotone paths from corner (0,0,0) to (1,1,1) of a cell.
  const std::array<std::array<int, 3>, 6> axis_orders{
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  std::vector<VolumeMesh::Element> tetrahedra;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        for (const auto& order : axis_orders) {
          std::array<int, 3> c{i, j, k};
          VolumeMesh::Element t;
          t[0] = index(c[0], c[1], c[2]);
          for (int s = 0; s < 3; ++s) {
            ++c[order[s]];
            t[s + 1] = index(c[0], c[1], c[2]);
          }
          // Odd permutations of the axes give negative orientation.
          const Eigen::Vector3d& a = vertices[t[0]];
          if ((vertices[t[1]] - a).dot((vertices[t[2]] - a).cross(vertices[t[3]] - a)) < 0) {
            std::swap(t[1], t[2]);
          }
          tetrahedra.push_back(t);
        }
  return VolumeMesh(std::move(tetrahedra), std::move(vertices));
}

/// An icosphere of the given radius centred at the origin: an icosahedron
/// whose triangles are split in four `level` times, new vertices pushed onto
/// the sphere. 20·4^level triangles, outward normals, closed.
inline TriangleSurfaceMesh MakeIcosphere(int level, double radius) {
  const double t = (1 + std::sqrt(5.0)) / 2;
  std::vector<Eigen::Vector3d> v{{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0},
                                 {0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t},
                                 {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
  for (auto& p : v) p = radius * p.normalized();
  std::vector<std::array<int, 3>> faces{
      {0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
      {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
      {3, 8, 9},  {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (int l = 0; l < level; ++l) {
    std::map<std::pair<int, int>, int> midpoint;
    auto mid = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      auto [it, inserted] = midpoint.try_emplace(key, int(v.size()));
      if (inserted) v.push_back(radius * (v[a] + v[b]).normalized());
      return it->second;
    };
    std::vector<std::array<int, 3>> next;
    for (const auto& f : faces) {
      const int ab = mid(f[0], f[1]), bc = mid(f[1], f[2]), ca = mid(f[2], f[0]);
      next.push_back({f[0], ab, ca});
      next.push_back({f[1], bc, ab});
      next.push_back({f[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    faces = std::move(next);
  }
  return TriangleSurfaceMesh(std::move(faces), std::move(v));
}

}  // namespace hydrocontact::test
