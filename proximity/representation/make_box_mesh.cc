#include "proximity/representation/make_box_mesh.h"

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace hydrocontact {
namespace {

// The box as its meshes' refusals name it.
std::string Describe(const Box& box, double margin) {
  return fmt::format("Box {:g} × {:g} × {:g} m (margin {:g} m)", box.size().x(), box.size().y(),
                     box.size().z(), margin);
}

// Corner index → signs: bit i set means coordinate i is negative.
Eigen::Vector3d Corner(const Eigen::Vector3d& half, int bits) {
  return {bits & 1 ? -half.x() : half.x(), bits & 2 ? -half.y() : half.y(),
          bits & 4 ? -half.z() : half.z()};
}

// The four corner bit patterns of the face (axis, side), in a cycle whose
// right-hand normal points out of the box through that face.
std::array<int, 4> FaceCycle(int axis, int negative) {
  const int u = (axis + 1) % 3, v = (axis + 2) % 3;
  const int base = negative ? (1 << axis) : 0;
  std::array<int, 4> cycle = {base, base | (1 << u), base | (1 << u) | (1 << v), base | (1 << v)};
  // (u, v, axis) is right-handed; the cycle (+u+v) → (−u+v) → (−u−v) → (+u−v)
  // is counter-clockwise about +axis. Reverse it for the −axis face.
  if (negative) std::reverse(cycle.begin(), cycle.end());
  return cycle;
}

// Drops repeated indices from a cyclic polygon (collapsed medial corners).
std::vector<int> Dedupe(const std::vector<int>& polygon) {
  std::vector<int> out;
  for (int v : polygon) {
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  return out;
}

}  // namespace

VolumeMeshWithExtent MakeBoxVolumeMesh(const Box& box, double margin) {
  internal::RequireMargin("Box", margin);
  const Eigen::Vector3d half = box.half_size().array() + margin;
  const double H = half.minCoeff();
  // Inner (medial core) box: half sizes hᵢ − H, at least one exactly 0.
  const Eigen::Vector3d core = half.array() - H;

  // Vertices: the distinct inner corners first (so each region's lowest
  // vertex is medial), then the eight outer corners.
  std::vector<Eigen::Vector3d> vertices;
  std::vector<double> extent;
  std::map<int, int> inner_index_by_key;
  std::array<int, 8> inner{};
  for (int bits = 0; bits < 8; ++bits) {
    int key = bits;
    for (int i = 0; i < 3; ++i) {
      if (core[i] == 0) key &= ~(1 << i);  // ± the same point
    }
    auto [it, inserted] = inner_index_by_key.try_emplace(key, int(vertices.size()));
    if (inserted) {
      vertices.push_back(Corner(core, key));
      extent.push_back(1.0);
    }
    inner[bits] = it->second;
  }
  std::array<int, 8> outer{};
  for (int bits = 0; bits < 8; ++bits) {
    outer[bits] = int(vertices.size());
    vertices.push_back(Corner(half, bits));
    extent.push_back(0.0);
  }

  std::vector<VolumeMesh::Element> tetrahedra;
  for (int axis = 0; axis < 3; ++axis) {
    for (int negative = 0; negative < 2; ++negative) {
      // The region of this face: a convex polytope bounded by the face, the
      // inner face and four lateral faces on the medial planes.
      const std::array<int, 4> cycle = FaceCycle(axis, negative);
      std::vector<std::vector<int>> facets;
      facets.push_back({outer[cycle[0]], outer[cycle[1]], outer[cycle[2]], outer[cycle[3]]});
      facets.push_back(Dedupe({inner[cycle[3]], inner[cycle[2]], inner[cycle[1]], inner[cycle[0]]}));
      for (int k = 0; k < 4; ++k) {
        const int c1 = cycle[k], c2 = cycle[(k + 1) % 4];
        facets.push_back(Dedupe({outer[c1], inner[c1], inner[c2], outer[c2]}));
      }
      int apex = static_cast<int>(vertices.size());
      for (const auto& f : facets) apex = std::min(apex, *std::min_element(f.begin(), f.end()));
      for (const auto& f : facets) {
        if (f.size() < 3) continue;  // collapsed to a segment or point
        if (std::find(f.begin(), f.end(), apex) != f.end()) continue;
        // Fan from the facet's lowest vertex, keeping the cyclic order.
        const int start = int(std::min_element(f.begin(), f.end()) - f.begin());
        const int k = int(f.size());
        for (int i = 1; i + 1 < k; ++i) {
          VolumeMesh::Element t{apex, f[start], f[(start + i) % k], f[(start + i + 1) % k]};
          // The facets' cycles are not all consistently oriented (the
          // deduped ones lose their winding's meaning), so orient by sign:
          // the apex is off every facet it is coned to, so the sign is
          // decided by a volume of the order of the box's, not round-off.
          if (SignedTetrahedronVolume(vertices[t[0]], vertices[t[1]], vertices[t[2]],
                                      vertices[t[3]]) < 0) {
            std::swap(t[2], t[3]);
          }
          tetrahedra.push_back(t);
        }
      }
    }
  }
  return {internal::MakePrimitiveVolumeMesh(Describe(box, margin), std::move(tetrahedra),
                                            std::move(vertices)),
          std::move(extent)};
}

TriangleSurfaceMesh MakeBoxSurfaceMesh(const Box& box, double margin) {
  internal::RequireMargin("Box", margin);
  const Eigen::Vector3d half = box.half_size().array() + margin;
  std::vector<Eigen::Vector3d> vertices;
  for (int bits = 0; bits < 8; ++bits) vertices.push_back(Corner(half, bits));
  std::vector<TriangleSurfaceMesh::Element> triangles;
  for (int axis = 0; axis < 3; ++axis) {
    for (int negative = 0; negative < 2; ++negative) {
      const std::array<int, 4> c = FaceCycle(axis, negative);
      triangles.push_back({c[0], c[1], c[2]});
      triangles.push_back({c[0], c[2], c[3]});
    }
  }
  return internal::MakePrimitiveSurfaceMesh(Describe(box, margin), std::move(triangles),
                                            std::move(vertices));
}

}  // namespace hydrocontact
