#include "mesh/polygon_surface_mesh.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "mesh/mesh_validation.h"

namespace hydrocontact {

PolygonSurfaceMesh::PolygonSurfaceMesh(std::vector<int> face_data,
                                       std::vector<Eigen::Vector3d> vertices)
    : face_data_(std::move(face_data)), vertices_(std::move(vertices)) {
  ComputeFaceData();
}

void PolygonSurfaceMesh::Assign(std::span<const int> face_data,
                                std::span<const Eigen::Vector3d> vertices) {
  face_data_.assign(face_data.begin(), face_data.end());
  vertices_.assign(vertices.begin(), vertices.end());
  try {
    ComputeFaceData();
  } catch (...) {
    *this = PolygonSurfaceMesh();
    throw;
  }
}

PolygonSurfaceMesh::Arrays PolygonSurfaceMesh::ReleaseArrays() {
  Arrays arrays{std::move(face_data_),    std::move(face_offsets_),      std::move(vertices_),
                std::move(face_normals_), std::move(areas_),             std::move(element_centroids_),
                total_area_,              centroid_};
  // A vector moved from is left empty: only the totals remain to reset.
  total_area_ = 0;
  centroid_.setZero();
  return arrays;
}

void PolygonSurfaceMesh::AdoptArrays(Arrays&& arrays) {
  // Checked first: a rejected call leaves the mesh empty and `arrays` as
  // they were.
  internal::ValidateFaceDataSizesOrEmpty(this, "PolygonSurfaceMesh", arrays.face_offsets.size(),
                                         arrays.face_normals.size(), arrays.areas.size(),
                                         arrays.centroids.size());
  face_data_ = std::move(arrays.face_data);
  face_offsets_ = std::move(arrays.face_offsets);
  vertices_ = std::move(arrays.vertices);
  face_normals_ = std::move(arrays.face_normals);
  areas_ = std::move(arrays.areas);
  element_centroids_ = std::move(arrays.centroids);
  total_area_ = arrays.total_area;
  centroid_ = arrays.centroid;
}

void PolygonSurfaceMesh::IndexFaces() {
  face_offsets_.clear();
  size_t i = 0;
  while (i < face_data_.size()) {
    const int f = num_faces();
    const int n = face_data_[i];
    if (n < kMinPolygonVertices || n > kMaxPolygonVertices) {
      throw std::invalid_argument(fmt::format(
          "PolygonSurfaceMesh: face {} has {} vertices; polygons need {} to {}", f, n,
          kMinPolygonVertices, kMaxPolygonVertices));
    }
    if (i + 1 + n > face_data_.size()) {
      throw std::invalid_argument(fmt::format(
          "PolygonSurfaceMesh: face {} announces {} vertices but the face data ends after {}", f,
          n, face_data_.size() - i - 1));
    }
    const std::span<const int> indices(face_data_.data() + i + 1, size_t(n));
    if (!internal::AreValidElementIndices(indices, num_vertices())) {
      internal::ValidateElementIndices("PolygonSurfaceMesh", "face", f, indices, num_vertices());
    }
    face_offsets_.push_back(int(i));
    i += 1 + n;
  }
}

void PolygonSurfaceMesh::ComputeFaceData() {
  face_normals_.clear();
  areas_.clear();
  element_centroids_.clear();
  total_area_ = 0;
  centroid_.setZero();
  internal::ValidateVertices("PolygonSurfaceMesh", vertices_);
  IndexFaces();
  Eigen::Vector3d weighted_centroid = Eigen::Vector3d::Zero();
  for (int f = 0; f < num_faces(); ++f) {
    const std::span<const int> poly = polygon(f);
    const int n = static_cast<int>(poly.size());
    // Fan from vertex 0: exact area, normal and centroid for a planar convex
    // polygon.
    const Eigen::Vector3d& p0 = vertices_[poly[0]];
    Eigen::Vector3d area_vector = Eigen::Vector3d::Zero();
    Eigen::Vector3d moment = Eigen::Vector3d::Zero();
    double twice_area = 0;
    double longest_sq = 0;
    for (int k = 1; k + 1 < n; ++k) {
      const Eigen::Vector3d& pa = vertices_[poly[k]];
      const Eigen::Vector3d& pb = vertices_[poly[k + 1]];
      const Eigen::Vector3d cross = (pa - p0).cross(pb - p0);
      area_vector += cross;
      const double t = cross.norm();
      twice_area += t;
      moment += t * (p0 + pa + pb) / 3;
    }
    for (int k = 0; k < n; ++k) {
      longest_sq = std::max(longest_sq, (vertices_[poly[(k + 1) % n]] - vertices_[poly[k]]).squaredNorm());
    }
    const double normal_length = area_vector.norm();
    if (!(normal_length > 1e-14 * longest_sq) || !(longest_sq > 0)) {
      throw std::invalid_argument(
          fmt::format("PolygonSurfaceMesh: face {} is degenerate (zero area)", f));
    }
    const Eigen::Vector3d nhat = area_vector / normal_length;
    RequirePlanarConvex(f, poly, nhat, std::sqrt(longest_sq));
    face_normals_.push_back(nhat);
    areas_.push_back(twice_area / 2);
    element_centroids_.push_back(moment / twice_area);
    total_area_ += twice_area / 2;
    weighted_centroid += moment / 2;
  }
  if (total_area_ > 0) centroid_ = weighted_centroid / total_area_;
}

void PolygonSurfaceMesh::RequirePlanarConvex(int f, std::span<const int> poly,
                                             const Eigen::Vector3d& nhat, double longest) const {
  // The fan's normal, area and centroid are the polygon's only if it is
  // planar and convex. Allowed: 1e-9 of the longest edge, plus the
  // coordinates' round-off (1e-12 of their largest magnitude), so polygons
  // computed by clipping pass at any distance from the origin.
  const int n = static_cast<int>(poly.size());
  double max_coordinate = 0;
  for (const int v : poly) max_coordinate = std::max(max_coordinate, vertices_[v].cwiseAbs().maxCoeff());
  const double tolerance = 1e-9 * longest + 1e-12 * max_coordinate;
  const Eigen::Vector3d& p0 = vertices_[poly[0]];
  for (int k = 1; k < n; ++k) {
    const double off = nhat.dot(vertices_[poly[k]] - p0);
    if (!(std::abs(off) <= tolerance)) {
      throw std::invalid_argument(fmt::format(
          "PolygonSurfaceMesh: face {} is not planar: its vertex {} lies {:g} m off the plane of "
          "its area vector through its first vertex (tolerance {:g} m)",
          f, poly[k], off, tolerance));
    }
  }
  // Convex and simple: every turn and every triangle of the fan from vertex
  // 0 is counter-clockwise about n̂ (a polygon winding twice, a star, turns
  // one way only, but some of its fan triangles are clockwise).
  for (int k = 0; k < n; ++k) {
    const Eigen::Vector3d& a = vertices_[poly[(k + n - 1) % n]];
    const Eigen::Vector3d& b = vertices_[poly[k]];
    const Eigen::Vector3d& c = vertices_[poly[(k + 1) % n]];
    const bool reflex_turn = (b - a).cross(c - b).dot(nhat) < -tolerance * longest;
    const bool clockwise_fan =
        k >= 1 && k + 1 < n && (b - p0).cross(c - p0).dot(nhat) < -tolerance * longest;
    if (reflex_turn || clockwise_fan) {
      throw std::invalid_argument(fmt::format(
          "PolygonSurfaceMesh: face {} is not convex: {} vertex {} it turns clockwise about its "
          "normal",
          f, reflex_turn ? "at" : "past", poly[k]));
    }
  }
}

Aabb PolygonSurfaceMesh::CalcBoundingBox() const {
  Aabb box;
  for (const auto& v : vertices_) box.Include(v);
  return box;
}

}  // namespace hydrocontact
