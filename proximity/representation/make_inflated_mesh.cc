#include "proximity/representation/make_inflated_mesh.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact {

std::vector<Eigen::Vector3d> CalcInflationDisplacements(const TriangleSurfaceMesh& surface,
                                                        double margin) {
  internal::RequireMargin("inflation", margin);
  const int n = surface.num_vertices();
  std::vector<Eigen::Vector3d> normal(n, Eigen::Vector3d::Zero());
  for (int f = 0; f < surface.num_triangles(); ++f) {
    const auto& t = surface.element(f);
    for (int i = 0; i < 3; ++i) {
      // Weight by the corner angle: the pseudo-normal does not depend on
      // how a flat region happens to be triangulated.
      const Eigen::Vector3d u = surface.vertex(t[(i + 1) % 3]) - surface.vertex(t[i]);
      const Eigen::Vector3d w = surface.vertex(t[(i + 2) % 3]) - surface.vertex(t[i]);
      const double angle = std::atan2(u.cross(w).norm(), u.dot(w));
      normal[t[i]] += angle * surface.face_normal(f);
    }
  }
  std::vector<double> least_cos(n, 1.0);
  for (int v = 0; v < n; ++v) {
    if (normal[v].squaredNorm() > 0) normal[v].normalize();
  }
  for (int f = 0; f < surface.num_triangles(); ++f) {
    for (int v : surface.element(f)) {
      least_cos[v] = std::min(least_cos[v], surface.face_normal(f).dot(normal[v]));
    }
  }
  std::vector<Eigen::Vector3d> displacement(n);
  for (int v = 0; v < n; ++v) displacement[v] = margin / std::max(least_cos[v], 0.5) * normal[v];
  return displacement;
}

TriangleSurfaceMesh InflateSurfaceMesh(const TriangleSurfaceMesh& surface, double margin) {
  const std::vector<Eigen::Vector3d> d = CalcInflationDisplacements(surface, margin);
  std::vector<Eigen::Vector3d> vertices = surface.vertices();
  for (size_t v = 0; v < vertices.size(); ++v) vertices[v] += d[v];
  for (int f = 0; f < surface.num_triangles(); ++f) {
    const auto& t = surface.element(f);
    const Eigen::Vector3d n =
        (vertices[t[1]] - vertices[t[0]]).cross(vertices[t[2]] - vertices[t[0]]);
    if (!(n.dot(surface.face_normal(f)) > 0)) {
      throw std::invalid_argument(fmt::format(
          "margin {} m is too large for this surface: inflating it turns triangle {} over; use a "
          "smaller margin",
          margin, f));
    }
  }
  return TriangleSurfaceMesh(surface.triangles(), std::move(vertices));
}

VolumeMesh InflateVolumeMesh(const VolumeMesh& mesh, double margin) {
  internal::RequireMargin("inflation", margin);
  if (margin == 0) return mesh;
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  const std::vector<Eigen::Vector3d> d = CalcInflationDisplacements(boundary.surface, margin);
  std::vector<Eigen::Vector3d> vertices = mesh.vertices();
  for (size_t s = 0; s < d.size(); ++s) vertices[boundary.volume_vertex[s]] += d[s];
  for (int e = 0; e < mesh.num_elements(); ++e) {
    const auto& t = mesh.element(e);
    if (!(SignedTetrahedronVolume(vertices[t[0]], vertices[t[1]], vertices[t[2]],
                                  vertices[t[3]]) > 0)) {
      throw std::invalid_argument(fmt::format(
          "margin {} m is too large for this volume mesh: inflating its boundary inverts "
          "tetrahedron {}; use a smaller margin",
          margin, e));
    }
  }
  return VolumeMesh(mesh.tetrahedra(), std::move(vertices));
}

}  // namespace hydrocontact
