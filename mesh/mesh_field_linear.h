#pragma once

/// @file
/// MeshFieldLinear: a scalar field that is linear on each element of a mesh.

#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <fmt/format.h>

#include "mesh/polygon_surface_mesh.h"
#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// A continuous, piecewise-linear scalar field f over a mesh of kind MeshType
/// (VolumeMesh, TriangleSurfaceMesh or PolygonSurfaceMesh): a value per
/// vertex, and per element a constant gradient ∇f (expressed in the mesh's
/// frame) and the value f₀ the element's linear function takes at the frame's
/// origin, so that f(p) = ∇f·p + f₀ inside the element. For surface meshes
/// the gradient lies in the element's plane.
///
/// The field does not hold a reference to its mesh (so it can be copied and
/// moved freely alongside it); functions that need the mesh's connectivity
/// take it as an argument, which must be the mesh the field was built on.
template <class MeshType>
class MeshFieldLinear {
 public:
  MeshFieldLinear() = default;

  /// Builds the field from vertex values, computing each element's gradient.
  /// @throws std::invalid_argument if the number of values differs from the
  ///         number of vertices or a value is non-finite (naming the vertex).
  MeshFieldLinear(std::vector<double> values, const MeshType& mesh) : values_(std::move(values)) {
    ComputeGradients(mesh);
  }

  /// Replaces the field by one with a copy of `values` on `mesh`, reusing
  /// this field's storage: nothing is allocated when its capacity suffices.
  /// @throws as the constructor; the field is then left empty.
  void Assign(std::span<const double> values, const MeshType& mesh) {
    values_.assign(values.begin(), values.end());
    try {
      ComputeGradients(mesh);
    } catch (...) {
      *this = MeshFieldLinear();
      throw;
    }
  }

  /// Builds the field from vertex values and given per-element gradients
  /// (for example exact gradients known analytically).
  /// @throws std::invalid_argument on count mismatches or non-finite input.
  MeshFieldLinear(std::vector<double> values, std::vector<Eigen::Vector3d> gradients,
                  const MeshType& mesh)
      : values_(std::move(values)), gradients_(std::move(gradients)) {
    ValidateValues(mesh);
    ComputeOffsets(mesh);
  }

  /// Replaces the field by one with copies of `values` and the given
  /// per-element `gradients` on `mesh` (as the constructor above), reusing
  /// this field's storage: nothing is allocated when its capacity suffices.
  /// @throws as that constructor; the field is then left empty.
  void Assign(std::span<const double> values, std::span<const Eigen::Vector3d> gradients,
              const MeshType& mesh) {
    values_.assign(values.begin(), values.end());
    gradients_.assign(gradients.begin(), gradients.end());
    try {
      ValidateValues(mesh);
      ComputeOffsets(mesh);
    } catch (...) {
      *this = MeshFieldLinear();
      throw;
    }
  }

  /// A field's storage as plain arrays (see ReleaseArrays / AdoptArrays).
  struct Arrays {
    /// Per vertex: the value.
    std::vector<double> values;
    /// Per element: ∇f, in the mesh's frame.
    std::vector<Eigen::Vector3d> gradients;
    /// Per element: f at the frame's origin, the value at the element's
    /// first vertex less ∇f · that vertex.
    std::vector<double> offsets;
  };

  /// Moves this field's storage out, with its capacity, for a producer that
  /// computes the values, gradients and offsets itself and fills them in
  /// place; the field is left empty.
  Arrays ReleaseArrays() {
    // A vector moved from is left empty, so the field is.
    return Arrays{std::move(values_), std::move(gradients_), std::move(offsets_)};
  }

  /// Makes `arrays` this field on `mesh`, moved in: nothing is copied,
  /// allocated or computed.
  /// @pre the values are finite and the gradients and offsets those of the
  ///      element's linear function (to round-off): the producer's to
  ///      guarantee, not checked (the constructors validate).
  /// @throws std::invalid_argument if the number of values differs from the
  ///         number of vertices, or that of gradients or offsets from the
  ///         number of elements; the field is then left empty.
  void AdoptArrays(Arrays&& arrays, const MeshType& mesh) {
    values_ = std::move(arrays.values);
    gradients_ = std::move(arrays.gradients);
    offsets_ = std::move(arrays.offsets);
    const size_t num_elements = static_cast<size_t>(mesh.num_elements());
    if (values_.size() != static_cast<size_t>(mesh.num_vertices()) ||
        gradients_.size() != num_elements || offsets_.size() != num_elements) {
      const std::string message = fmt::format(
          "MeshFieldLinear: {} values, {} gradients and {} offsets given for {} vertices and {} "
          "elements",
          values_.size(), gradients_.size(), offsets_.size(), mesh.num_vertices(), num_elements);
      *this = MeshFieldLinear();
      throw std::invalid_argument(message);
    }
  }

  const std::vector<double>& values() const { return values_; }
  double EvaluateAtVertex(int v) const { return values_[v]; }

  /// ∇f on element e, in the mesh's frame.
  const Eigen::Vector3d& EvaluateGradient(int e) const { return gradients_[e]; }
  const std::vector<Eigen::Vector3d>& gradients() const { return gradients_; }

  /// f at the point p (mesh frame) using element e's linear function. Exact
  /// inside e; a linear extrapolation outside.
  double EvaluateCartesian(int e, const Eigen::Vector3d& p) const {
    return gradients_[e].dot(p) + offsets_[e];
  }

  /// f at barycentric coordinates `b` (one per element vertex) of element e
  /// of `mesh` (triangles and tetrahedra only).
  template <class Derived>
  double Evaluate(const MeshType& mesh, int e, const Eigen::MatrixBase<Derived>& b) const
    requires(!std::is_same_v<MeshType, PolygonSurfaceMesh>)
  {
    const auto& element = mesh.element(e);
    double value = 0;
    for (int i = 0; i < MeshType::kVerticesPerElement; ++i) value += b(i) * values_[element[i]];
    return value;
  }

  /// Exact comparison (NaN is unequal to everything).
  bool Equal(const MeshFieldLinear& other) const {
    return values_ == other.values_ && gradients_ == other.gradients_;
  }

 private:
  // Validates values_ against `mesh` and computes every element's gradient
  // and offset into the existing storage.
  void ComputeGradients(const MeshType& mesh) {
    ValidateValues(mesh);
    gradients_.resize(mesh.num_elements());
    offsets_.resize(mesh.num_elements());
    for (int e = 0; e < mesh.num_elements(); ++e) {
      gradients_[e] = CalcGradient(mesh, e);
      const Eigen::Vector3d& p0 = FirstVertex(mesh, e);
      offsets_[e] = ValueAtFirstVertex(mesh, e) - gradients_[e].dot(p0);
    }
  }

  // Checks the given gradients (one per element, finite) and computes every
  // element's offset into the existing storage.
  void ComputeOffsets(const MeshType& mesh) {
    if (static_cast<int>(gradients_.size()) != mesh.num_elements()) {
      throw std::invalid_argument(fmt::format(
          "MeshFieldLinear: {} gradients given for {} elements", gradients_.size(),
          mesh.num_elements()));
    }
    offsets_.resize(mesh.num_elements());
    for (int e = 0; e < mesh.num_elements(); ++e) {
      if (!gradients_[e].allFinite()) {
        throw std::invalid_argument(
            fmt::format("MeshFieldLinear: gradient of element {} is not finite", e));
      }
      offsets_[e] = ValueAtFirstVertex(mesh, e) - gradients_[e].dot(FirstVertex(mesh, e));
    }
  }

  void ValidateValues(const MeshType& mesh) const {
    if (static_cast<int>(values_.size()) != mesh.num_vertices()) {
      throw std::invalid_argument(fmt::format("MeshFieldLinear: {} values given for {} vertices",
                                              values_.size(), mesh.num_vertices()));
    }
    for (size_t v = 0; v < values_.size(); ++v) {
      if (!std::isfinite(values_[v])) {
        throw std::invalid_argument(
            fmt::format("MeshFieldLinear: the value at vertex {} is not finite", v));
      }
    }
  }

  static int FirstVertexIndex(const MeshType& mesh, int e) {
    if constexpr (std::is_same_v<MeshType, PolygonSurfaceMesh>) {
      return mesh.polygon(e)[0];
    } else {
      return mesh.element(e)[0];
    }
  }
  static const Eigen::Vector3d& FirstVertex(const MeshType& mesh, int e) {
    return mesh.vertex(FirstVertexIndex(mesh, e));
  }
  double ValueAtFirstVertex(const MeshType& mesh, int e) const {
    return values_[FirstVertexIndex(mesh, e)];
  }

  // Gradient of the linear function through three points (a plane's in-plane
  // gradient): ∇f = Σ fᵢ ∇bᵢ with ∇bᵢ = n̂ × (opposite edge) / (2A).
  static Eigen::Vector3d TriangleGradient(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                          const Eigen::Vector3d& c, double fa, double fb,
                                          double fc) {
    const Eigen::Vector3d n = (b - a).cross(c - a);
    const double twice_area_sq = n.squaredNorm();
    return (fa * n.cross(c - b) + fb * n.cross(a - c) + fc * n.cross(b - a)) / twice_area_sq;
  }

  Eigen::Vector3d CalcGradient(const MeshType& mesh, int e) const {
    if constexpr (std::is_same_v<MeshType, VolumeMesh>) {
      const auto& t = mesh.element(e);
      Eigen::Matrix3d A;
      Eigen::Vector3d rhs;
      for (int i = 0; i < 3; ++i) {
        A.row(i) = (mesh.vertex(t[i + 1]) - mesh.vertex(t[0])).transpose();
        rhs(i) = values_[t[i + 1]] - values_[t[0]];
      }
      return A.partialPivLu().solve(rhs);
    } else if constexpr (std::is_same_v<MeshType, TriangleSurfaceMesh>) {
      const auto& t = mesh.element(e);
      return TriangleGradient(mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]),
                              values_[t[0]], values_[t[1]], values_[t[2]]);
    } else {
      // A planar polygon: use the fan triangle of largest area, the best
      // conditioned one (all agree when the values are linear).
      const std::span<const int> poly = mesh.polygon(e);
      int best = 1;
      double best_area = -1;
      for (size_t k = 1; k + 1 < poly.size(); ++k) {
        const double a = (mesh.vertex(poly[k]) - mesh.vertex(poly[0]))
                             .cross(mesh.vertex(poly[k + 1]) - mesh.vertex(poly[0]))
                             .squaredNorm();
        if (a > best_area) {
          best_area = a;
          best = int(k);
        }
      }
      return TriangleGradient(mesh.vertex(poly[0]), mesh.vertex(poly[best]),
                              mesh.vertex(poly[best + 1]), values_[poly[0]], values_[poly[best]],
                              values_[poly[best + 1]]);
    }
  }

  std::vector<double> values_;
  std::vector<Eigen::Vector3d> gradients_;
  std::vector<double> offsets_;
};

using VolumeMeshFieldLinear = MeshFieldLinear<VolumeMesh>;
using TriangleSurfaceMeshFieldLinear = MeshFieldLinear<TriangleSurfaceMesh>;
using PolygonSurfaceMeshFieldLinear = MeshFieldLinear<PolygonSurfaceMesh>;

}  // namespace hydrocontact
