#pragma once

// Closed triangle surfaces built by hand for the mesher and validation
// tests and the tetrahedralization benchmark: box, icosphere, lumpy
// (non-convex) sphere, L-shaped prism (voxels), torus.

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include <Eigen/Core>

#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact::test {

// The box [-a, a] × [-b, b] × [-c, c], outward.
inline TriangleSurfaceMesh MakeClosedBox(double a, double b, double c) {
  std::vector<Eigen::Vector3d> v;
  for (int k = 0; k < 8; ++k) v.emplace_back(k & 1 ? a : -a, k & 2 ? b : -b, k & 4 ? c : -c);
  // Each face counter-clockwise seen from outside.
  const std::vector<std::array<int, 3>> t = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6},
                                             {0, 1, 5}, {0, 5, 4}, {2, 6, 7}, {2, 7, 3},
                                             {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
  return TriangleSurfaceMesh(t, v);
}

// An icosahedron subdivided `levels` times, vertices projected on the sphere
// of radius r about the origin.
inline TriangleSurfaceMesh MakeIcosphere(double r, int levels) {
  const double g = (1 + std::sqrt(5.0)) / 2;
  std::vector<Eigen::Vector3d> v = {{-1, g, 0}, {1, g, 0}, {-1, -g, 0}, {1, -g, 0},
                                    {0, -1, g}, {0, 1, g}, {0, -1, -g}, {0, 1, -g},
                                    {g, 0, -1}, {g, 0, 1}, {-g, 0, -1}, {-g, 0, 1}};
  std::vector<std::array<int, 3>> t = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                                       {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                                       {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                                       {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  for (auto& p : v) p.normalize();
  for (int l = 0; l < levels; ++l) {
    std::map<std::pair<int, int>, int> mid;
    auto midpoint = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      auto it = mid.find(key);
      if (it != mid.end()) return it->second;
      v.push_back((v[a] + v[b]).normalized());
      return mid[key] = int(v.size()) - 1;
    };
    std::vector<std::array<int, 3>> next;
    for (const auto& f : t) {
      const int ab = midpoint(f[0], f[1]), bc = midpoint(f[1], f[2]), ca = midpoint(f[2], f[0]);
      next.push_back({f[0], ab, ca});
      next.push_back({f[1], bc, ab});
      next.push_back({f[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    t = std::move(next);
  }
  for (auto& p : v) p *= r;
  return TriangleSurfaceMesh(t, v);
}

// The icosphere of `levels` subdivisions with its radius modulated to
// r (1 + 0.15 sin(5x) sin(4y) sin(3z)), (x, y, z) the unit direction: a
// closed, star-shaped surface that is non-convex everywhere, the stand-in
// for a scanned object (levels = 6: 81 920 triangles; the Stanford bunny
// has 69 451).
inline TriangleSurfaceMesh MakeLumpySphere(double r, int levels) {
  const TriangleSurfaceMesh unit = MakeIcosphere(1, levels);
  std::vector<Eigen::Vector3d> v = unit.vertices();
  for (auto& p : v) {
    p *= r * (1 + 0.15 * std::sin(5 * p.x()) * std::sin(4 * p.y()) * std::sin(3 * p.z()));
  }
  return TriangleSurfaceMesh(unit.triangles(), v);
}

// The boundary of a union of unit voxels (i, j, k) (scaled by `s`), each
// face split into two triangles; `filled(i, j, k)` over [0, n)³.
template <class Filled>
TriangleSurfaceMesh MakeVoxelSurface(int n, double s, Filled&& filled) {
  auto in = [&](int i, int j, int k) {
    return i >= 0 && j >= 0 && k >= 0 && i < n && j < n && k < n && filled(i, j, k);
  };
  std::map<std::array<int, 3>, int> id;
  std::vector<Eigen::Vector3d> v;
  auto vertex = [&](std::array<int, 3> p) {
    auto [it, inserted] = id.try_emplace(p, int(v.size()));
    if (inserted) v.emplace_back(s * p[0], s * p[1], s * p[2]);
    return it->second;
  };
  std::vector<std::array<int, 3>> t;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k) {
        if (!in(i, j, k)) continue;
        for (int a = 0; a < 3; ++a) {
          for (int side : {0, 1}) {
            std::array<int, 3> q{i, j, k};
            q[a] += side ? 1 : -1;
            if (in(q[0], q[1], q[2])) continue;
            // The face at coordinate i_a + side, spanned by axes b, c.
            const int b = (a + 1) % 3, c = (a + 2) % 3;
            std::array<int, 3> o{i, j, k};
            o[a] += side;
            std::array<int, 3> p1 = o, p2 = o, p3 = o;
            p1[b] += 1;
            p2[b] += 1;
            p2[c] += 1;
            p3[c] += 1;
            const int v0 = vertex(o), v1 = vertex(p1), v2 = vertex(p2), v3 = vertex(p3);
            // (e_b × e_c) = e_a: counter-clockwise seen from +a.
            if (side) {
              t.push_back({v0, v1, v2});
              t.push_back({v0, v2, v3});
            } else {
              t.push_back({v0, v2, v1});
              t.push_back({v0, v3, v2});
            }
          }
        }
      }
    }
  }
  return TriangleSurfaceMesh(t, v);
}

// The torus of major radius R and minor radius r about the z axis, with
// n_major × n_minor quads (two triangles each).
inline TriangleSurfaceMesh MakeTorusSurface(double R, double r, int n_major, int n_minor) {
  std::vector<Eigen::Vector3d> v;
  for (int i = 0; i < n_major; ++i) {
    const double u = 2 * M_PI * i / n_major;
    for (int j = 0; j < n_minor; ++j) {
      const double w = 2 * M_PI * j / n_minor;
      v.emplace_back((R + r * std::cos(w)) * std::cos(u), (R + r * std::cos(w)) * std::sin(u),
                     r * std::sin(w));
    }
  }
  auto id = [&](int i, int j) { return (i % n_major) * n_minor + (j % n_minor); };
  std::vector<std::array<int, 3>> t;
  for (int i = 0; i < n_major; ++i) {
    for (int j = 0; j < n_minor; ++j) {
      // ∂/∂u × ∂/∂w points outward: (i, j) → (i+1, j) → (i+1, j+1).
      t.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
      t.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  }
  return TriangleSurfaceMesh(t, v);
}

}  // namespace hydrocontact::test
