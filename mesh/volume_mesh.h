#pragma once

/// @file
/// VolumeMesh: a tetrahedral mesh of a solid, and its boundary.

#include <array>
#include <stdexcept>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>  // cross(), used by SignedTetrahedronVolume below.

#include "mesh/aabb.h"
#include "mesh/triangle_surface_mesh.h"

namespace hydrocontact {

/// What VolumeMesh throws for an inverted or zero-volume tetrahedron, so that
/// a mesher can tell its own geometry's limits (a primitive too thin to
/// mesh) from other malformed input.
class DegenerateTetrahedronError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A tetrahedral volume mesh. Vertex positions are measured and expressed in
/// the mesh's frame. Each tetrahedron lists four vertex indices (v0, v1, v2,
/// v3) in *positive* orientation: (v1−v0)·((v2−v0)×(v3−v0)) > 0. Local face
/// i is the face opposite local vertex i.
///
/// Per-element volumes, the total volume and the face adjacency are computed
/// once, on construction; the mesh is immutable.
class VolumeMesh {
 public:
  using Element = std::array<int, 4>;
  static constexpr int kVerticesPerElement = 4;

  /// For local face i (opposite vertex i), the three local vertex indices in
  /// the order whose right-hand normal points *out of* the tetrahedron.
  static constexpr std::array<std::array<int, 3>, 4> kOutwardFaces{
      {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}}};

  VolumeMesh() = default;

  /// @throws std::invalid_argument naming the element (or vertex) when a
  ///         coordinate is non-finite, an index is out of range or repeated,
  ///         or a face is shared by more than two tetrahedra;
  ///         DegenerateTetrahedronError (an std::invalid_argument) when a
  ///         tetrahedron is inverted (negative volume) or has zero volume
  ///         (6V ≤ 1e-12·ℓ³, ℓ its longest edge).
  VolumeMesh(std::vector<Element> tetrahedra, std::vector<Eigen::Vector3d> vertices);

  int num_vertices() const { return static_cast<int>(vertices_.size()); }
  int num_elements() const { return static_cast<int>(tetrahedra_.size()); }

  const Eigen::Vector3d& vertex(int v) const { return vertices_[v]; }
  const std::vector<Eigen::Vector3d>& vertices() const { return vertices_; }
  const Element& element(int e) const { return tetrahedra_[e]; }
  const std::vector<Element>& tetrahedra() const { return tetrahedra_; }

  double element_volume(int e) const { return volumes_[e]; }
  double total_volume() const { return total_volume_; }

  /// The tetrahedron sharing local face f of element e, or -1 on the boundary.
  int neighbor(int e, int f) const { return neighbors_[e][f]; }
  const std::array<int, 4>& neighbors(int e) const { return neighbors_[e]; }

  Aabb CalcBoundingBox() const;

  bool Equal(const VolumeMesh& other) const {
    return vertices_ == other.vertices_ && tetrahedra_ == other.tetrahedra_;
  }

 private:
  std::vector<Element> tetrahedra_;
  std::vector<Eigen::Vector3d> vertices_;
  std::vector<double> volumes_;
  std::vector<std::array<int, 4>> neighbors_;
  double total_volume_{0};
};

/// The boundary of a VolumeMesh: the faces that belong to one tetrahedron
/// only, as a triangle surface with outward normals.
struct VolumeMeshBoundary {
  /// The boundary surface in the volume mesh's frame. Its vertices are the
  /// volume's boundary vertices, renumbered compactly.
  TriangleSurfaceMesh surface;
  /// For each surface triangle: the tetrahedron it came from...
  std::vector<int> tetrahedron;
  /// ...and that tetrahedron's local face index (opposite local vertex).
  std::vector<int> local_face;
  /// For each surface vertex: its index in the volume mesh.
  std::vector<int> volume_vertex;
  /// For each volume vertex: true if it lies on the boundary.
  std::vector<bool> is_boundary_vertex;
};

/// Extracts the boundary of `mesh`.
VolumeMeshBoundary ExtractBoundary(const VolumeMesh& mesh);

/// Signed volume of the tetrahedron (a, b, c, d): positive for positive
/// orientation.
inline double SignedTetrahedronVolume(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                      const Eigen::Vector3d& c, const Eigen::Vector3d& d) {
  return (b - a).dot((c - a).cross(d - a)) / 6.0;
}

}  // namespace hydrocontact
