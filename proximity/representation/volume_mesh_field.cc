#include "proximity/representation/volume_mesh_field.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "proximity/bvh.h"
#include "proximity/mesh_distance.h"
#include "proximity/surface_validation.h"

namespace hydrocontact {
namespace {

double SquaredDistanceToSegment(const Eigen::Vector3d& p, const Eigen::Vector3d& a,
                                const Eigen::Vector3d& b) {
  const Eigen::Vector3d ab = b - a;
  const double t = std::clamp(ab.dot(p - a) / ab.squaredNorm(), 0.0, 1.0);
  return (a + t * ab - p).squaredNorm();
}

}  // namespace

double DistanceToTriangle(const Eigen::Vector3d& p, const Eigen::Vector3d& a,
                          const Eigen::Vector3d& b, const Eigen::Vector3d& c) {
  // If p projects into the triangle, the plane distance; otherwise the
  // closest point is on an edge.
  const Eigen::Vector3d n = (b - a).cross(c - a);
  const bool inside = n.dot((b - a).cross(p - a)) >= 0 && n.dot((c - b).cross(p - b)) >= 0 &&
                      n.dot((a - c).cross(p - c)) >= 0;
  if (inside) return std::abs(n.dot(p - a)) / n.norm();
  return std::sqrt(std::min({SquaredDistanceToSegment(p, a, b), SquaredDistanceToSegment(p, b, c),
                             SquaredDistanceToSegment(p, c, a)}));
}

std::optional<std::string> DescribeTetrahedraOverlap(const VolumeMesh& mesh,
                                                     const TriangleSurfaceMesh& boundary) {
  double sum_of_term_sizes = 0;
  for (int t = 0; t < boundary.num_triangles(); ++t) {
    sum_of_term_sizes += boundary.vertex(boundary.element(t)[0]).norm() * boundary.area(t);
  }
  const double enclosed = boundary.num_triangles() > 0 ? boundary.CalcSignedVolume() : 0.0;
  if (std::abs(enclosed - mesh.total_volume()) <=
      1e-9 * mesh.total_volume() + 1e-12 * sum_of_term_sizes) {
    return std::nullopt;
  }
  return fmt::format(
      "the tetrahedra overlap: they sum to {:g} m^3, but their boundary ({} triangles) "
      "encloses {:g} m^3",
      mesh.total_volume(), boundary.num_triangles(), enclosed);
}

std::vector<double> ComputeDistanceToBoundaryExtent(const VolumeMesh& mesh) {
  // Without tetrahedra there is no boundary: every distance would be +∞
  // and the extents ∞/∞ = NaN.
  if (mesh.num_elements() == 0) {
    throw std::invalid_argument(fmt::format(
        "the volume mesh ({} vertices) has no tetrahedra, so it has no boundary to measure the "
        "extent from",
        mesh.num_vertices()));
  }
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  const TriangleSurfaceMesh& surface = boundary.surface;
  if (const std::optional<std::string> overlap = DescribeTetrahedraOverlap(mesh, surface)) {
    throw std::invalid_argument(*overlap);
  }
  // The volumes can agree while the boundary is no solid's surface: faces
  // that two tetrahedra should share but that are there twice (duplicated
  // vertices along them) cancel in the enclosed volume.
  if (const std::optional<std::string> defects = DescribeSurfaceDefects(surface)) {
    throw std::invalid_argument(
        fmt::format("the boundary of its tetrahedra ({} triangles): {}; a body meshed in parts "
                    "(gmsh volumes meshed without fragmenting them, a .vtu written in pieces) "
                    "must share the vertices of the faces where its parts meet",
                    surface.num_triangles(), *defects));
  }
  const Bvh bvh(surface);
  std::vector<double> distance(mesh.num_vertices(), 0.0);
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    if (boundary.is_boundary_vertex[v]) continue;  // exactly 0
    distance[v] = CalcUnsignedDistanceToTriangles(surface, bvh, mesh.vertex(v));
  }
  const auto deepest = std::max_element(distance.begin(), distance.end());
  if (deepest == distance.end() || !(*deepest > 0)) {
    throw std::invalid_argument(fmt::format(
        "the volume mesh ({} vertices, {} tetrahedra) has no vertex off its boundary, so its "
        "pressure field would be zero everywhere; use a tetrahedralization with interior vertices",
        mesh.num_vertices(), mesh.num_elements()));
  }
  const double largest = *deepest;
  for (double& d : distance) d /= largest;
  *deepest = 1.0;  // exactly, whatever the division rounds to
  return distance;
}

}  // namespace hydrocontact
