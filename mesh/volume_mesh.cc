#include "mesh/volume_mesh.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "mesh/mesh_validation.h"

namespace hydrocontact {
namespace {

// A face keyed by its sorted vertex indices.
struct FaceKey {
  std::array<int, 3> v;
  bool operator==(const FaceKey&) const = default;
};
FaceKey MakeKey(const VolumeMesh::Element& t, int local_face) {
  FaceKey k;
  for (int i = 0; i < 3; ++i) k.v[i] = t[VolumeMesh::kOutwardFaces[local_face][i]];
  std::sort(k.v.begin(), k.v.end());
  return k;
}

}  // namespace

VolumeMesh::VolumeMesh(std::vector<Element> tetrahedra, std::vector<Eigen::Vector3d> vertices)
    : tetrahedra_(std::move(tetrahedra)), vertices_(std::move(vertices)) {
  internal::ValidateVertices("VolumeMesh", vertices_);
  const int n = num_elements();
  volumes_.resize(n);
  for (int e = 0; e < n; ++e) {
    const Element& t = tetrahedra_[e];
    internal::ValidateElementIndices("VolumeMesh", "tetrahedron", e, t, num_vertices());
    const Eigen::Vector3d& a = vertices_[t[0]];
    const Eigen::Vector3d& b = vertices_[t[1]];
    const Eigen::Vector3d& c = vertices_[t[2]];
    const Eigen::Vector3d& d = vertices_[t[3]];
    const double volume = SignedTetrahedronVolume(a, b, c, d);
    double longest_sq = 0;
    const Eigen::Vector3d* p[4] = {&a, &b, &c, &d};
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) longest_sq = std::max(longest_sq, (*p[i] - *p[j]).squaredNorm());
    const double longest_cubed = longest_sq * std::sqrt(longest_sq);
    if (volume < 0 && 6 * -volume > 1e-12 * longest_cubed) {
      throw DegenerateTetrahedronError(fmt::format(
          "VolumeMesh: tetrahedron {} (vertices {}, {}, {}, {}) is inverted (volume {:g})", e,
          t[0], t[1], t[2], t[3], volume));
    }
    if (!(6 * volume > 1e-12 * longest_cubed)) {
      throw DegenerateTetrahedronError(fmt::format(
          "VolumeMesh: tetrahedron {} (vertices {}, {}, {}, {}) has zero volume (degenerate)", e,
          t[0], t[1], t[2], t[3]));
    }
    volumes_[e] = volume;
    total_volume_ += volume;
  }

  // Face adjacency: bucket every (face key, tetrahedron, local face) by the
  // key's smallest vertex (a counting sort, O(n)), then pair equal keys
  // inside each small bucket. Several times faster than a hash map of the
  // same faces (no node per face, no scattered frees), which matters for the
  // meshers that build 10⁵–10⁶ tetrahedra. Buckets are filled in element
  // order, so pairing (and any error message) is deterministic.
  neighbors_.assign(n, {-1, -1, -1, -1});
  struct FaceUse {
    FaceKey key;
    int element;
    int local_face;
  };
  std::vector<int> bucket_start(size_t(num_vertices()) + 1, 0);
  for (const Element& t : tetrahedra_) {
    for (int f = 0; f < 4; ++f) ++bucket_start[MakeKey(t, f).v[0] + 1];
  }
  for (size_t v = 1; v < bucket_start.size(); ++v) bucket_start[v] += bucket_start[v - 1];
  std::vector<FaceUse> uses(size_t(n) * 4);
  std::vector<int> fill(bucket_start.begin(), bucket_start.end() - 1);
  for (int e = 0; e < n; ++e) {
    for (int f = 0; f < 4; ++f) {
      const FaceKey key = MakeKey(tetrahedra_[e], f);
      uses[fill[key.v[0]]++] = {key, e, f};
    }
  }
  // Inside a bucket, sort by the rest of the key (ties in element order) so
  // that equal faces are adjacent: O(k log k) per bucket. A plain pairwise
  // scan is O(k²), and a vertex shared by thousands of tetrahedra (the
  // centre of a cone mesh) makes that bucket dominate construction.
  for (int v = 0; v < num_vertices(); ++v) {
    const auto begin = uses.begin() + bucket_start[v];
    const auto end = uses.begin() + bucket_start[v + 1];
    std::sort(begin, end, [](const FaceUse& a, const FaceUse& b) {
      return std::tie(a.key.v[1], a.key.v[2], a.element, a.local_face) <
             std::tie(b.key.v[1], b.key.v[2], b.element, b.local_face);
    });
    for (auto i = begin; i != end;) {
      auto run_end = i + 1;
      while (run_end != end && run_end->key == i->key) ++run_end;
      if (run_end - i > 2) {
        const FaceKey& key = i->key;
        throw std::invalid_argument(fmt::format(
            "VolumeMesh: the face ({}, {}, {}) of tetrahedron {} is shared by more than two "
            "tetrahedra",
            key.v[0], key.v[1], key.v[2], (i + 2)->element));
      }
      if (run_end - i == 2) {
        neighbors_[i->element][i->local_face] = (i + 1)->element;
        neighbors_[(i + 1)->element][(i + 1)->local_face] = i->element;
      }
      i = run_end;
    }
  }
}

Aabb VolumeMesh::CalcBoundingBox() const {
  Aabb box;
  for (const auto& v : vertices_) box.Include(v);
  return box;
}

VolumeMeshBoundary ExtractBoundary(const VolumeMesh& mesh) {
  VolumeMeshBoundary boundary;
  boundary.is_boundary_vertex.assign(mesh.num_vertices(), false);
  std::vector<int> surface_index(mesh.num_vertices(), -1);
  std::vector<TriangleSurfaceMesh::Element> triangles;
  std::vector<Eigen::Vector3d> vertices;
  for (int e = 0; e < mesh.num_elements(); ++e) {
    for (int f = 0; f < 4; ++f) {
      if (mesh.neighbor(e, f) >= 0) continue;
      TriangleSurfaceMesh::Element tri;
      for (int i = 0; i < 3; ++i) {
        const int v = mesh.element(e)[VolumeMesh::kOutwardFaces[f][i]];
        if (surface_index[v] < 0) {
          surface_index[v] = static_cast<int>(vertices.size());
          vertices.push_back(mesh.vertex(v));
          boundary.volume_vertex.push_back(v);
          boundary.is_boundary_vertex[v] = true;
        }
        tri[i] = surface_index[v];
      }
      triangles.push_back(tri);
      boundary.tetrahedron.push_back(e);
      boundary.local_face.push_back(f);
    }
  }
  boundary.surface = TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
  return boundary;
}

}  // namespace hydrocontact
