#pragma once

/// @file
/// TriangleSurfaceMesh: a surface of triangles in some frame.

#include <array>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include <Eigen/Core>

#include "mesh/aabb.h"

namespace hydrocontact {

/// What TriangleSurfaceMesh throws for a triangle of zero area, so that a
/// mesher can tell its own geometry's limits (a primitive too thin or too
/// elongated to mesh) from other malformed input.
class DegenerateTriangleError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A triangle surface mesh. Vertex positions are measured and expressed in
/// the mesh's frame (G for a geometry's representation, W for a contact
/// surface). Triangles list three vertex indices counter-clockwise seen from
/// the side their normal points to (outside, for a closed surface).
///
/// Per-face normal, area and centroid, the total area and the area-weighted
/// centroid are computed once, on construction, and never change: the mesh
/// is immutable.
class TriangleSurfaceMesh {
 public:
  using Element = std::array<int, 3>;
  static constexpr int kVerticesPerElement = 3;

  /// An empty mesh (no vertices, no faces).
  TriangleSurfaceMesh() = default;

  /// @throws std::invalid_argument naming the culprit if a vertex has a
  ///         non-finite coordinate, a triangle index is out of range or
  ///         repeated; DegenerateTriangleError (an std::invalid_argument)
  ///         if a triangle has zero area (twice it ≤ 1e-14·ℓ², ℓ its
  ///         longest edge).
  TriangleSurfaceMesh(std::vector<Element> triangles, std::vector<Eigen::Vector3d> vertices);

  /// Replaces the mesh by copies of `triangles` and `vertices`, reusing this
  /// mesh's storage: nothing is allocated when its capacity suffices (for
  /// results a caller reuses step after step).
  /// @throws as the constructor; the mesh is then left empty.
  void Assign(std::span<const Element> triangles, std::span<const Eigen::Vector3d> vertices);

  /// A mesh's storage as plain arrays, for a producer that computes every
  /// face's normal, area and centroid and the totals itself while it forms
  /// the faces (the contact-surface builder) and fills the arrays in place:
  /// ReleaseArrays hands the storage out, AdoptArrays takes it back, and
  /// neither copies nor allocates.
  struct Arrays {
    std::vector<Element> triangles;
    std::vector<Eigen::Vector3d> vertices;
    /// Per triangle: unit normal by the right-hand rule on its vertex order.
    std::vector<Eigen::Vector3d> face_normals;
    /// Per triangle: its area (> 0).
    std::vector<double> areas;
    /// Per triangle: the mean of its three vertices.
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
  /// @pre every index is in range and the three of a triangle distinct; the
  ///      vertices are finite; the per-face data and the totals are those
  ///      the constructor would derive from the vertices (to round-off).
  ///      These are the producer's to guarantee and are not checked (that
  ///      is what makes this the fast path; a surface from untrusted data
  ///      goes through the constructor or Assign, which validate).
  /// @throws std::invalid_argument if a per-face array's length differs from
  ///         the number of triangles; the mesh is then left empty.
  void AdoptArrays(Arrays&& arrays);

  int num_vertices() const { return static_cast<int>(vertices_.size()); }
  int num_triangles() const { return static_cast<int>(triangles_.size()); }
  int num_elements() const { return num_triangles(); }

  const Eigen::Vector3d& vertex(int v) const { return vertices_[v]; }
  const std::vector<Eigen::Vector3d>& vertices() const { return vertices_; }
  const Element& element(int f) const { return triangles_[f]; }
  const std::vector<Element>& triangles() const { return triangles_; }

  /// Unit normal of face f, by the right-hand rule on its vertex order.
  const Eigen::Vector3d& face_normal(int f) const { return face_normals_[f]; }
  double area(int f) const { return areas_[f]; }
  const Eigen::Vector3d& element_centroid(int f) const { return element_centroids_[f]; }
  double total_area() const { return total_area_; }
  /// Area-weighted centroid of the surface (zero for an empty mesh).
  const Eigen::Vector3d& centroid() const { return centroid_; }

  /// The smallest box holding every vertex (empty for an empty mesh).
  Aabb CalcBoundingBox() const;

  /// True when every edge is shared by exactly two triangles that traverse
  /// it in opposite directions (a closed, consistently oriented, edge-
  /// manifold surface). An empty mesh is not closed.
  bool IsClosed() const;

  /// Signed volume Σ (1/6) a·(b×c) over the faces: the enclosed volume of a
  /// closed surface (positive when normals point outward).
  double CalcSignedVolume() const;

  /// The enclosed volume if IsClosed(), otherwise nullopt.
  std::optional<double> EnclosedVolume() const;

  /// Exact comparison of vertices and triangles.
  bool Equal(const TriangleSurfaceMesh& other) const {
    return vertices_ == other.vertices_ && triangles_ == other.triangles_;
  }

 private:
  // Validates the elements and vertices and computes the per-face data into
  // the existing storage.
  void ComputeFaceData();

  std::vector<Element> triangles_;
  std::vector<Eigen::Vector3d> vertices_;
  std::vector<Eigen::Vector3d> face_normals_;
  std::vector<double> areas_;
  std::vector<Eigen::Vector3d> element_centroids_;
  double total_area_{0};
  Eigen::Vector3d centroid_{Eigen::Vector3d::Zero()};
};

}  // namespace hydrocontact
