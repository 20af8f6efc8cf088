#include "proximity/representation/make_geodesic_sphere.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>

#include <Eigen/Geometry>
#include <fmt/format.h>

namespace hydrocontact::internal {
namespace {

using Eigen::Vector3d;

// The regular icosahedron's 12 unit vertices: cyclic permutations of
// (0, ±1, ±φ), normalised.
std::array<Vector3d, 12> IcosahedronVertices() {
  const double phi = (1 + std::sqrt(5.0)) / 2;
  std::array<Vector3d, 12> v;
  int k = 0;
  for (double s1 : {-1.0, 1.0}) {
    for (double s2 : {-phi, phi}) {
      v[k++] = Vector3d(0, s1, s2).normalized();
      v[k++] = Vector3d(s1, s2, 0).normalized();
      v[k++] = Vector3d(s2, 0, s1).normalized();
    }
  }
  return v;
}

// Its 20 faces, outward: the vertex triples whose three chords are edges
// (the shortest vertex distance), ordered counter-clockwise from outside.
std::vector<std::array<int, 3>> IcosahedronFaces(const std::array<Vector3d, 12>& v) {
  double shortest = 10;
  for (int i = 0; i < 12; ++i) {
    for (int j = i + 1; j < 12; ++j) shortest = std::min(shortest, (v[i] - v[j]).norm());
  }
  auto adjacent = [&](int i, int j) { return (v[i] - v[j]).norm() < 1.01 * shortest; };
  std::vector<std::array<int, 3>> faces;
  for (int i = 0; i < 12; ++i) {
    for (int j = i + 1; j < 12; ++j) {
      for (int k = j + 1; k < 12; ++k) {
        if (!adjacent(i, j) || !adjacent(j, k) || !adjacent(i, k)) continue;
        const bool outward = (v[j] - v[i]).cross(v[k] - v[i]).dot(v[i] + v[j] + v[k]) > 0;
        faces.push_back(outward ? std::array<int, 3>{i, j, k} : std::array<int, 3>{i, k, j});
      }
    }
  }
  if (faces.size() != 20) throw std::logic_error("icosahedron with other than 20 faces");
  return faces;
}

}  // namespace

GeodesicSphere MakeGeodesicSphere(int n) {
  if (n < 1) {
    throw std::invalid_argument(fmt::format("MakeGeodesicSphere: frequency {} < 1", n));
  }
  const std::array<Vector3d, 12> corner = IcosahedronVertices();
  const std::vector<std::array<int, 3>> faces = IcosahedronFaces(corner);
  GeodesicSphere sphere;
  sphere.directions.reserve(size_t(10) * n * n + 2);
  sphere.triangles.reserve(size_t(20) * n * n);
  // Shared vertices by a key that names them independently of the face:
  // corner c → (c, c, 0); edge point k steps from corner a toward b (a < b)
  // → (a, b, k); face interior → (12 + face, i, j).
  std::unordered_map<uint64_t, int> index;
  index.reserve(size_t(10) * n * n + 2);
  auto vertex = [&](uint64_t a, uint64_t b, uint64_t k, const Vector3d& p) {
    const uint64_t key = (a << 48) | (b << 24) | k;
    const auto [it, inserted] = index.try_emplace(key, int(sphere.directions.size()));
    if (inserted) sphere.directions.push_back(p.normalized());
    return it->second;
  };
  std::vector<int> grid(size_t(n + 1) * (n + 1));
  for (int f = 0; f < 20; ++f) {
    const auto [a, b, c] = faces[f];
    // Lattice point (i, j), i + j ≤ n: weights (n − i − j, i, j) on (a, b, c).
    for (int i = 0; i <= n; ++i) {
      for (int j = 0; i + j <= n; ++j) {
        const int w[3] = {n - i - j, i, j};
        const int id[3] = {a, b, c};
        int nonzero = 0, first = -1, second = -1;
        for (int s = 0; s < 3; ++s) {
          if (w[s] == 0) continue;
          ++nonzero;
          (first < 0 ? first : second) = s;
        }
        int v;
        if (nonzero == 1) {
          v = vertex(id[first], id[first], 0, corner[id[first]]);
        } else if (nonzero == 2) {
          // Canonical order: from the lower-numbered corner, so both faces
          // sharing the edge compute the same point from the same numbers.
          int lo = first, hi = second;
          if (id[lo] > id[hi]) std::swap(lo, hi);
          const Vector3d p = (double(n - w[hi]) * corner[id[lo]] + double(w[hi]) * corner[id[hi]]) / n;
          v = vertex(id[lo], id[hi], w[hi], p);
        } else {
          const Vector3d p = (w[0] * corner[a] + w[1] * corner[b] + w[2] * corner[c]) / double(n);
          v = vertex(12 + f, i, j, p);
        }
        grid[size_t(i) * (n + 1) + j] = v;
      }
    }
    auto at = [&](int i, int j) { return grid[size_t(i) * (n + 1) + j]; };
    for (int i = 0; i < n; ++i) {
      for (int j = 0; i + j < n; ++j) {
        sphere.triangles.push_back({at(i, j), at(i + 1, j), at(i, j + 1)});
        if (i + j + 2 <= n) sphere.triangles.push_back({at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
      }
    }
  }
  return sphere;
}

}  // namespace hydrocontact::internal
