#include "proximity/representation/make_mesh_common.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "geometry/supported_range.h"

namespace hydrocontact {

VolumeMeshFieldLinear MakePressureField(const VolumeMeshWithExtent& m, double hydroelastic_modulus) {
  if (!(hydroelastic_modulus > 0) || !std::isfinite(hydroelastic_modulus)) {
    throw std::invalid_argument(fmt::format(
        "MakePressureField: the hydroelastic modulus must be positive and finite, got {}",
        hydroelastic_modulus));
  }
  if (static_cast<int>(m.extent.size()) != m.mesh.num_vertices()) {
    throw std::invalid_argument(fmt::format("MakePressureField: {} extent values for {} vertices",
                                            m.extent.size(), m.mesh.num_vertices()));
  }
  std::vector<double> pressure(m.extent.size());
  for (size_t v = 0; v < m.extent.size(); ++v) pressure[v] = hydroelastic_modulus * m.extent[v];
  // MeshFieldLinear checks finiteness per vertex and derives each
  // tetrahedron's gradient from its four values.
  return VolumeMeshFieldLinear(std::move(pressure), m.mesh);
}

namespace {
// Relaxed order suffices: the limit is one independent value, read once per
// mesh request.
std::atomic<double> g_max_mesh_elements{kMaxMeshElements};
}  // namespace

double MaxMeshElements() { return g_max_mesh_elements.load(std::memory_order_relaxed); }

void SetMaxMeshElements(double limit) {
  if (!(limit >= 1) || !std::isfinite(limit)) {
    throw std::invalid_argument(
        fmt::format("SetMaxMeshElements: the limit must be a finite number >= 1, got {}", limit));
  }
  g_max_mesh_elements.store(limit, std::memory_order_relaxed);
}

double CalcMinDihedralAngle(const VolumeMesh& mesh) {
  // Edge (i, j) of a tetrahedron is where faces opposite k and l meet; the
  // dihedral angle there is π minus the angle between their outward normals.
  static constexpr int kEdges[6][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2},
                                       {1, 2, 0, 3}, {1, 3, 0, 2}, {2, 3, 0, 1}};
  double min_angle = std::numbers::pi;
  for (int e = 0; e < mesh.num_elements(); ++e) {
    const auto& t = mesh.element(e);
    std::array<Eigen::Vector3d, 4> p;
    for (int i = 0; i < 4; ++i) p[i] = mesh.vertex(t[i]);
    for (const auto& edge : kEdges) {
      const Eigen::Vector3d& a = p[edge[0]];
      const Eigen::Vector3d axis = (p[edge[1]] - a).normalized();
      // The components of the two off-edge vertices normal to the edge.
      Eigen::Vector3d u = p[edge[2]] - a, w = p[edge[3]] - a;
      u -= u.dot(axis) * axis;
      w -= w.dot(axis) * axis;
      const double angle = std::atan2(u.cross(w).norm(), u.dot(w));
      min_angle = std::min(min_angle, angle);
    }
  }
  return min_angle;
}

namespace internal {

double RequireResolutionHint(std::string_view shape, double h) {
  if (!(h > 0) || !std::isfinite(h)) {
    throw std::invalid_argument(fmt::format(
        "{}: the resolution hint must be positive and finite, got {}", shape, h));
  }
  return RequireLength(shape, "resolution hint", h);
}

double RequireMargin(std::string_view shape, double margin) {
  if (!(margin >= 0) || !std::isfinite(margin)) {
    throw std::invalid_argument(
        fmt::format("{}: the margin must be finite and >= 0, got {}", shape, margin));
  }
  // A margin beyond the supported lengths would otherwise surface as a mesh
  // too large for any resolution hint ("at least inf m"), blaming the hint.
  return RequireInRange(shape, "margin", margin, 0, kMaxLength, "m");
}

void CheckMeshSize(std::string_view shape, std::string_view element_kind, double estimated_count,
                   double resolution_hint, int exponent) {
  const double limit = MaxMeshElements();
  if (estimated_count <= limit) return;
  // Count ∝ h^-exponent, so this hint brings the estimate to the limit; the
  // 10% allowance covers the rounding up of segment counts.
  const double suggested =
      1.1 * resolution_hint * std::pow(estimated_count / limit, 1.0 / exponent);
  throw MeshSizeLimitError(fmt::format(
      "{}: resolution hint {:g} m would make about {:.3g} {} (limit {:g}); use a resolution "
      "hint of at least {:.3g} m",
      shape, resolution_hint, estimated_count, element_kind, limit, suggested));
}

double SegmentCount(double length, double h) {
  // The small allowance keeps a length that is an exact multiple of h (up to
  // round-off, e.g. 0.1 / 0.02) from gaining a spurious extra segment.
  return std::max(1.0, std::ceil(length / h - 1e-9));
}

void CheckThickness(std::string_view shape, std::string_view sizes, std::string_view thickness_name,
                    double thickness, double spacing, double h) {
  if (thickness >= kMinThicknessRatio * spacing) return;
  throw std::invalid_argument(fmt::format(
      "{}: {} are too thin to mesh at resolution hint {:g} m: {} {:g} m is below {:g} of the "
      "element spacing {:g} m; use a resolution hint below {:g} m",
      shape, sizes, h, thickness_name, thickness, kMinThicknessRatio, spacing,
      thickness / kMinThicknessRatio));
}

namespace {

// Builds MeshType from the elements, renaming its DegenerateError as the
// primitive's ("<description> is too thin<limit> to mesh into
// non-degenerate <elements> (<the mesh's reason>)"); other refusals pass.
template <class MeshType, class DegenerateError, class Element>
MeshType MakeNamingPrimitive(std::string_view description, const char* limit,
                             const char* elements, std::vector<Element> cells,
                             std::vector<Eigen::Vector3d> vertices) {
  try {
    return MeshType(std::move(cells), std::move(vertices));
  } catch (const DegenerateError& e) {
    throw std::invalid_argument(fmt::format("{} is too thin{} to mesh into non-degenerate {} ({})",
                                            description, limit, elements, e.what()));
  }
}

}  // namespace

VolumeMesh MakePrimitiveVolumeMesh(std::string_view description,
                                   std::vector<VolumeMesh::Element> tetrahedra,
                                   std::vector<Eigen::Vector3d> vertices) {
  return MakeNamingPrimitive<VolumeMesh, DegenerateTetrahedronError>(
      description, "", "tetrahedra", std::move(tetrahedra), std::move(vertices));
}

TriangleSurfaceMesh MakePrimitiveSurfaceMesh(std::string_view description,
                                             std::vector<TriangleSurfaceMesh::Element> triangles,
                                             std::vector<Eigen::Vector3d> vertices) {
  return MakeNamingPrimitive<TriangleSurfaceMesh, DegenerateTriangleError>(
      description, " for its extent", "triangles", std::move(triangles), std::move(vertices));
}

}  // namespace internal
}  // namespace hydrocontact
