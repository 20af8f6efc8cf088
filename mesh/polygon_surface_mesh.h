#pragma once

/// @file
/// PolygonSurfaceMesh: a surface of convex planar polygons in some frame.

#include <span>
#include <vector>

#include <Eigen/Core>

#include "mesh/aabb.h"

namespace hydrocontact {

/// A surface mesh of convex polygons with 3 to kMaxPolygonVertices vertices
/// each, listed counter-clockwise seen from the side their normal points to.
/// Vertex positions are measured and expressed in the mesh's frame.
///
/// Storage is compact: all polygons share one flat index array
/// `face_data` = [n₀, v₀₀ … v₀ₙ₀₋₁, n₁, v₁₀ …], so no face owns heap memory.
/// Per-face normal, area and centroid and the totals are computed once, on
/// construction; the mesh is immutable.
class PolygonSurfaceMesh {
 public:
  static constexpr int kMinPolygonVertices = 3;
  static constexpr int kMaxPolygonVertices = 16;

  /// An empty mesh.
  PolygonSurfaceMesh() = default;

  /// @param face_data  the flat polygon list described above.
  /// @throws std::invalid_argument naming the face if the data is truncated,
  ///         a polygon has fewer than 3 or more than 16 vertices, an index is
  ///         out of range or repeated, a polygon has zero area, is not
  ///         planar or not convex (beyond 1e-9 of its longest edge plus
  ///         1e-12 of its largest coordinate), or a vertex is non-finite.
  PolygonSurfaceMesh(std::vector<int> face_data, std::vector<Eigen::Vector3d> vertices);

  /// Replaces the mesh by copies of `face_data` and `vertices`, reusing this
  /// mesh's storage: nothing is allocated when its capacity suffices (for
  /// results a caller reuses step after step).
  /// @throws as the constructor; the mesh is then left empty.
  void Assign(std::span<const int> face_data, std::span<const Eigen::Vector3d> vertices);

  /// A mesh's storage as plain arrays, for a producer that computes every
  /// polygon's normal, area and centroid and the totals itself while it
  /// forms the polygons (the contact-surface builder) and fills the arrays
  /// in place: ReleaseArrays hands the storage out, AdoptArrays takes it
  /// back, and neither copies nor allocates.
  struct Arrays {
    /// The flat polygon list described above.
    std::vector<int> face_data;
    /// Per polygon: the index of its vertex count in face_data.
    std::vector<int> face_offsets;
    std::vector<Eigen::Vector3d> vertices;
    /// Per polygon: unit normal by the right-hand rule on its vertex order.
    std::vector<Eigen::Vector3d> face_normals;
    /// Per polygon: its area (> 0).
    std::vector<double> areas;
    /// Per polygon: its area centroid.
    std::vector<Eigen::Vector3d> centroids;
    /// The sum of the areas, and the area-weighted mean of the centroids
    /// (the origin when there is no face).
    double total_area{0};
    Eigen::Vector3d centroid{Eigen::Vector3d::Zero()};
  };

  /// Moves this mesh's storage out, with its capacity; the mesh is left
  /// empty.
  Arrays ReleaseArrays();

  /// Makes `arrays` this mesh, moved in: nothing is copied, allocated or
  /// computed.
  /// @pre face_data and face_offsets are well formed (3 to 16 vertices a
  ///      polygon, indices in range and distinct within a polygon); the
  ///      vertices are finite; the per-face data and the totals are those
  ///      the constructor would derive from the vertices (to round-off).
  ///      These are the producer's to guarantee and are not checked (that
  ///      is what makes this the fast path; a surface from untrusted data
  ///      goes through the constructor or Assign, which validate).
  /// @throws std::invalid_argument if a per-face array's length differs from
  ///         the number of polygons (face_offsets'); the mesh is then left
  ///         empty.
  void AdoptArrays(Arrays&& arrays);

  int num_vertices() const { return static_cast<int>(vertices_.size()); }
  int num_faces() const { return static_cast<int>(face_offsets_.size()); }
  int num_elements() const { return num_faces(); }

  const Eigen::Vector3d& vertex(int v) const { return vertices_[v]; }
  const std::vector<Eigen::Vector3d>& vertices() const { return vertices_; }

  /// Number of vertices of polygon f.
  int num_polygon_vertices(int f) const { return face_data_[face_offsets_[f]]; }
  /// The vertex indices of polygon f, in order.
  std::span<const int> polygon(int f) const {
    return {face_data_.data() + face_offsets_[f] + 1, size_t(face_data_[face_offsets_[f]])};
  }
  const std::vector<int>& face_data() const { return face_data_; }

  /// Unit normal of face f (right-hand rule on its vertex order).
  const Eigen::Vector3d& face_normal(int f) const { return face_normals_[f]; }
  double area(int f) const { return areas_[f]; }
  /// Area centroid of polygon f.
  const Eigen::Vector3d& element_centroid(int f) const { return element_centroids_[f]; }
  double total_area() const { return total_area_; }
  const Eigen::Vector3d& centroid() const { return centroid_; }

  Aabb CalcBoundingBox() const;

  bool Equal(const PolygonSurfaceMesh& other) const {
    return vertices_ == other.vertices_ && face_data_ == other.face_data_;
  }

 private:
  // Validates the faces and vertices and computes the per-face data into the
  // existing storage.
  void ComputeFaceData();
  // Validates face_data_ (counts and indices) and fills face_offsets_.
  void IndexFaces();
  // Throws naming face f (vertex indices `poly`, unit normal of its area
  // vector nhat, longest edge `longest`) unless it is planar and convex.
  void RequirePlanarConvex(int f, std::span<const int> poly, const Eigen::Vector3d& nhat,
                           double longest) const;

  std::vector<int> face_data_;
  std::vector<int> face_offsets_;
  std::vector<Eigen::Vector3d> vertices_;
  std::vector<Eigen::Vector3d> face_normals_;
  std::vector<double> areas_;
  std::vector<Eigen::Vector3d> element_centroids_;
  double total_area_{0};
  Eigen::Vector3d centroid_{Eigen::Vector3d::Zero()};
};

}  // namespace hydrocontact
