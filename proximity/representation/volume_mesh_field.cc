#include "proximity/representation/volume_mesh_field.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "proximity/bvh.h"

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

std::vector<double> ComputeDistanceToBoundaryExtent(const VolumeMesh& mesh) {
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  const TriangleSurfaceMesh& surface = boundary.surface;
  const Bvh bvh(surface);
  std::vector<double> distance(mesh.num_vertices(), 0.0);
  std::vector<int> stack;
  stack.reserve(Bvh::kMaxDepth);
  const auto& nodes = bvh.nodes();
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    if (boundary.is_boundary_vertex[v]) continue;  // exactly 0
    const Eigen::Vector3d& p = mesh.vertex(v);
    // Depth-first branch and bound: skip subtrees whose box is farther
    // than the best triangle so far.
    double best = std::numeric_limits<double>::infinity();
    stack.clear();
    stack.push_back(0);
    while (!stack.empty()) {
      const Bvh::Node& node = nodes[stack.back()];
      const int self = stack.back();
      stack.pop_back();
      if (node.box.SquaredDistanceTo(p) >= best * best) continue;
      if (node.is_leaf()) {
        const auto& t = surface.element(node.element);
        best = std::min(best, DistanceToTriangle(p, surface.vertex(t[0]), surface.vertex(t[1]),
                                                 surface.vertex(t[2])));
      } else {
        // Visit the nearer child first so the bound tightens early.
        const int left = self + 1, right = node.right;
        const bool left_first =
            nodes[left].box.SquaredDistanceTo(p) <= nodes[right].box.SquaredDistanceTo(p);
        stack.push_back(left_first ? right : left);
        stack.push_back(left_first ? left : right);
      }
    }
    distance[v] = best;
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
