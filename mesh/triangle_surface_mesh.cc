#include "mesh/triangle_surface_mesh.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "mesh/mesh_validation.h"

namespace hydrocontact {

TriangleSurfaceMesh::TriangleSurfaceMesh(std::vector<Element> triangles,
                                         std::vector<Eigen::Vector3d> vertices)
    : triangles_(std::move(triangles)), vertices_(std::move(vertices)) {
  ComputeFaceData();
}

void TriangleSurfaceMesh::Assign(std::span<const Element> triangles,
                                 std::span<const Eigen::Vector3d> vertices) {
  triangles_.assign(triangles.begin(), triangles.end());
  vertices_.assign(vertices.begin(), vertices.end());
  try {
    ComputeFaceData();
  } catch (...) {
    *this = TriangleSurfaceMesh();
    throw;
  }
}

TriangleSurfaceMesh::Arrays TriangleSurfaceMesh::ReleaseArrays() {
  Arrays arrays{std::move(triangles_), std::move(vertices_),          std::move(face_normals_),
                std::move(areas_),     std::move(element_centroids_), total_area_,
                centroid_};
  // A vector moved from is left empty: only the totals remain to reset.
  total_area_ = 0;
  centroid_.setZero();
  return arrays;
}

void TriangleSurfaceMesh::AdoptArrays(Arrays&& arrays) {
  // Checked first: a rejected call leaves the mesh empty and `arrays` as
  // they were.
  internal::ValidateFaceDataSizesOrEmpty(this, "TriangleSurfaceMesh", arrays.triangles.size(),
                                         arrays.face_normals.size(), arrays.areas.size(),
                                         arrays.centroids.size());
  triangles_ = std::move(arrays.triangles);
  vertices_ = std::move(arrays.vertices);
  face_normals_ = std::move(arrays.face_normals);
  areas_ = std::move(arrays.areas);
  element_centroids_ = std::move(arrays.centroids);
  total_area_ = arrays.total_area;
  centroid_ = arrays.centroid;
}

void TriangleSurfaceMesh::ComputeFaceData() {
  total_area_ = 0;
  centroid_.setZero();
  internal::ValidateVertices("TriangleSurfaceMesh", vertices_);
  const int n = num_triangles();
  face_normals_.resize(n);
  areas_.resize(n);
  element_centroids_.resize(n);
  Eigen::Vector3d weighted_centroid = Eigen::Vector3d::Zero();
  for (int f = 0; f < n; ++f) {
    const Element& t = triangles_[f];
    internal::ValidateElementIndices("TriangleSurfaceMesh", "triangle", f, t, num_vertices());
    const Eigen::Vector3d& a = vertices_[t[0]];
    const Eigen::Vector3d& b = vertices_[t[1]];
    const Eigen::Vector3d& c = vertices_[t[2]];
    const Eigen::Vector3d cross = (b - a).cross(c - a);
    const double twice_area = cross.norm();
    // Relative test: a triangle whose area is negligible against its longest
    // edge squared has no reliable normal.
    const double longest_sq =
        std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
    if (!(twice_area > 1e-14 * longest_sq) || !(longest_sq > 0)) {
      throw DegenerateTriangleError(fmt::format(
          "TriangleSurfaceMesh: triangle {} (vertices {}, {}, {}) is degenerate (zero area)", f,
          t[0], t[1], t[2]));
    }
    face_normals_[f] = cross / twice_area;
    areas_[f] = twice_area / 2;
    element_centroids_[f] = (a + b + c) / 3;
    total_area_ += areas_[f];
    weighted_centroid += areas_[f] * element_centroids_[f];
  }
  if (total_area_ > 0) centroid_ = weighted_centroid / total_area_;
}

Aabb TriangleSurfaceMesh::CalcBoundingBox() const {
  Aabb box;
  for (const auto& v : vertices_) box.Include(v);
  return box;
}

bool TriangleSurfaceMesh::IsClosed() const {
  if (triangles_.empty()) return false;
  // Count directed edges: a closed oriented manifold has every directed edge
  // (a, b) exactly once and its reverse (b, a) exactly once.
  std::unordered_map<uint64_t, int> directed;
  directed.reserve(triangles_.size() * 3);
  auto key = [](int a, int b) { return (uint64_t(uint32_t(a)) << 32) | uint32_t(b); };
  for (const Element& t : triangles_) {
    for (int i = 0; i < 3; ++i) {
      if (++directed[key(t[i], t[(i + 1) % 3])] > 1) return false;
    }
  }
  for (const auto& [k, count] : directed) {
    const int a = int(k >> 32), b = int(k & 0xffffffffu);
    auto it = directed.find(key(b, a));
    if (it == directed.end() || it->second != 1) return false;
  }
  return true;
}

double TriangleSurfaceMesh::CalcSignedVolume() const {
  // Divergence theorem; vertices are taken relative to the centroid to keep
  // round-off small for meshes far from the origin.
  double six_volume = 0;
  for (const Element& t : triangles_) {
    const Eigen::Vector3d a = vertices_[t[0]] - centroid_;
    const Eigen::Vector3d b = vertices_[t[1]] - centroid_;
    const Eigen::Vector3d c = vertices_[t[2]] - centroid_;
    six_volume += a.dot(b.cross(c));
  }
  return six_volume / 6;
}

std::optional<double> TriangleSurfaceMesh::EnclosedVolume() const {
  if (!IsClosed()) return std::nullopt;
  return CalcSignedVolume();
}

}  // namespace hydrocontact
