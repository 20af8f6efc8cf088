#include "proximity/mesh_distance.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "proximity/surface_validation.h"

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

// True when the faces form one connected surface (through shared edges).
bool IsConnected(const MeshPseudoNormals& normals, int num_faces) {
  std::vector<int> parent(num_faces);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int f) {
    while (parent[f] != f) f = parent[f] = parent[parent[f]];
    return f;
  };
  int components = num_faces;
  for (const auto& [f0, f1] : normals.edge_faces) {
    const int r0 = find(f0), r1 = find(f1);
    if (r0 != r1) {
      parent[r0] = r1;
      --components;
    }
  }
  return components == 1;
}

}  // namespace

namespace internal {

void RequireMeshDistanceData(const MeshDistanceData& data, const char* caller) {
  if (data.bvh.empty() || data.mesh.num_triangles() == 0) {
    throw std::invalid_argument(fmt::format(
        "{}: the mesh distance data is empty; build it with MakeMeshDistanceData", caller));
  }
  // The parts must belong together: a BVH or pseudo-normals of another mesh
  // (or none, in data assembled by hand) would be indexed past their ends.
  // O(1) size checks; MakeMeshDistanceData's output always passes.
  const MeshPseudoNormals& n = data.normals;
  const std::size_t num_triangles = data.mesh.num_triangles();
  const std::size_t num_vertices = data.mesh.num_vertices();
  const std::size_t num_edges = n.edge_vertices.size();
  const bool consistent =
      data.bvh.nodes().size() == 2 * num_triangles - 1 && n.face_edges.size() == num_triangles &&
      n.edge_faces.size() == num_edges && n.edge_normals.size() == num_edges &&
      n.edge_is_flat.size() == num_edges && n.edge_is_convex.size() == num_edges &&
      n.vertex_normals.size() == num_vertices && n.vertex_is_flat.size() == num_vertices &&
      n.vertex_face.size() == num_vertices && n.vertex_on_sharp_edge.size() == num_vertices &&
      2 * num_edges == 3 * num_triangles && data.length_scale > 0 &&
      std::isfinite(data.length_scale);
  if (!consistent) {
    throw std::invalid_argument(fmt::format(
        "{}: the mesh distance data does not fit together ({} triangles, {} vertices, but a BVH "
        "of {} nodes, {} edges, {} vertex normals, length scale {}); build it with "
        "MakeMeshDistanceData",
        caller, num_triangles, num_vertices, data.bvh.nodes().size(), num_edges,
        n.vertex_normals.size(), data.length_scale));
  }
}

}  // namespace internal

MeshDistanceData MakeMeshDistanceData(TriangleSurfaceMesh mesh_G) {
  // The one validation of closed surfaces (also used for rigid meshes and
  // the tetrahedral mesher), so a surface is refused alike on every path.
  ValidateClosedSurface(mesh_G, "MakeMeshDistanceData");
  MeshDistanceData data;
  try {
    data.normals = CalcMeshPseudoNormals(mesh_G);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("MakeMeshDistanceData: ") + e.what());
  }
  // CalcMeshPseudoNormals has checked every edge; this is the mesh's own
  // definition of closed, kept as a guard should the two ever drift apart.
  if (!mesh_G.IsClosed()) {
    throw std::invalid_argument(
        "MakeMeshDistanceData: the mesh is not closed; a signed distance needs a closed "
        "surface");
  }
  const double volume = mesh_G.CalcSignedVolume();
  if (!(volume > 0)) {
    throw std::invalid_argument(fmt::format(
        "MakeMeshDistanceData: the enclosed volume is {} (not positive): the triangles must be "
        "counter-clockwise seen from outside, so that normals point out of the solid",
        volume));
  }
  data.is_convex = IsConnected(data.normals, mesh_G.num_triangles());
  for (std::uint8_t convex : data.normals.edge_is_convex) data.is_convex = data.is_convex && convex;
  // A vertex no triangle uses would still count in a support mapping over
  // the vertex list (the convex hull), so such a mesh is not treated as
  // convex.
  std::vector<std::uint8_t> used(mesh_G.num_vertices(), 0);
  for (const auto& t : mesh_G.triangles()) {
    for (int v : t) used[v] = 1;
  }
  for (std::uint8_t u : used) data.is_convex = data.is_convex && u;
  const Aabb box = mesh_G.CalcBoundingBox();
  data.length_scale = (box.max - box.min).norm();
  data.bvh = Bvh(mesh_G);
  data.mesh = std::move(mesh_G);
  return data;
}

MeshPointDistance CalcMeshPointDistance(const MeshDistanceData& data, const Vector3d& p_GQ) {
  internal::RequireMeshDistanceData(data, "CalcMeshPointDistance");
  // Coordinates beyond ~1e150 would overflow the squared distances.
  if (!p_GQ.allFinite() || !std::isfinite(p_GQ.squaredNorm())) {
    throw std::invalid_argument(fmt::format(
        "CalcMeshPointDistance: the query point ({}, {}, {}) is not finite (or too large to "
        "square)",
        p_GQ.x(), p_GQ.y(), p_GQ.z()));
  }
  const TriangleSurfaceMesh& mesh = data.mesh;
  const std::vector<Bvh::Node>& nodes = data.bvh.nodes();
  const double eps = internal::kMeshDistanceEpsilon * data.length_scale;

  // Depth-first, nearer child first; a box is skipped when it is farther
  // than the best distance plus eps. The eps slack lets candidates that tie
  // with the best be seen, which is how a non-unique gradient is detected.
  double best_distance = std::numeric_limits<double>::infinity();
  PointTriangleClosest best;
  int best_face = -1;
  bool tie = false;
  data.bvh.BranchAndBound(
      0, [&](int n) { return nodes[n].box.SquaredDistanceTo(p_GQ); }, std::less<>(),
      [&](double squared_distance) {
        const double reach = best_distance + eps;
        return squared_distance > reach * reach;
      },
      [&](int f) {
        const auto& t = mesh.element(f);
        const PointTriangleClosest c =
            CalcClosestPointOnTriangle(p_GQ, mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]));
        const double d = std::sqrt(c.squared_distance);
        if (d < best_distance) {
          tie = best_face >= 0 && best_distance - d <= eps && (c.p_FQ - best.p_FQ).norm() > eps;
          best = c;
          best_distance = d;
          best_face = f;
        } else if (d - best_distance <= eps && (c.p_FQ - best.p_FQ).norm() > eps) {
          tie = true;
        }
      });

  MeshPointDistance out;
  out.p_GN = best.p_FQ;
  out.face = best_face;
  out.feature = best.feature;
  const Vector3d& pseudo_normal = data.normals.FeatureNormal(mesh, best_face, best.feature);
  const Vector3d N_to_Q = p_GQ - best.p_FQ;
  // Bærentzen–Aanæs: Q is outside iff (Q − N)·n ≥ 0 for the pseudo-normal n
  // of N's feature.
  const bool outside = N_to_Q.dot(pseudo_normal) >= 0;
  out.distance = outside ? best_distance : -best_distance;
  if (best_distance > eps) {
    out.grad_G = (outside ? 1.0 : -1.0) * N_to_Q / best_distance;
    out.is_grad_unique = !tie;
  } else {
    // On the surface (to round-off) the direction Q − N is noise; the
    // pseudo-normal is the gradient where the surface is smooth and the
    // natural choice where it is not.
    out.grad_G = pseudo_normal;
    out.is_grad_unique = !tie && data.normals.IsFeatureFlat(mesh, best_face, best.feature);
  }
  return out;
}

Vector3d CalcMeshMeanGradient(const MeshDistanceData& data, const Vector3d& p_GQ,
                              const MeshPointDistance& at) {
  const double eps = internal::kMeshDistanceEpsilon * data.length_scale;
  const double d = std::abs(at.distance);
  if (at.is_grad_unique || d <= eps) return at.grad_G;
  const TriangleSurfaceMesh& mesh = data.mesh;
  const std::vector<Bvh::Node>& nodes = data.bvh.nodes();
  const double sign = at.distance >= 0 ? 1.0 : -1.0;
  constexpr int kMaxPoints = 64;
  Vector3d points[kMaxPoints];
  int num_points = 0;
  Vector3d sum = Vector3d::Zero();
  const double reach = (d + eps) * (d + eps);
  int stack[2 * Bvh::kMaxDepth + 2];
  int top = 0;
  stack[top++] = 0;
  while (top > 0 && num_points < kMaxPoints) {
    const Bvh::Node& node = nodes[stack[--top]];
    if (node.box.SquaredDistanceTo(p_GQ) > reach) continue;
    if (!node.is_leaf()) {
      stack[top++] = node.right;
      stack[top++] = int(&node - nodes.data()) + 1;
      continue;
    }
    const auto& t = mesh.element(node.element);
    const PointTriangleClosest c =
        CalcClosestPointOnTriangle(p_GQ, mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]));
    const double dc = std::sqrt(c.squared_distance);
    if (std::abs(dc - d) > eps) continue;
    bool seen = false;
    for (int i = 0; i < num_points && !seen; ++i) seen = (points[i] - c.p_FQ).norm() <= eps;
    if (seen) continue;
    points[num_points++] = c.p_FQ;
    sum += sign * (p_GQ - c.p_FQ) / dc;
  }
  const double norm = sum.norm();
  // Cancelling candidates (a centre of symmetry) leave no mean direction.
  if (!(norm > 1e-6 * num_points)) return at.grad_G;
  return sum / norm;
}

double CalcUnsignedDistanceToTriangles(const TriangleSurfaceMesh& mesh_G, const Bvh& bvh,
                                       const Vector3d& p_GQ, double stop_below) {
  double best = std::numeric_limits<double>::infinity();
  const std::vector<Bvh::Node>& nodes = bvh.nodes();
  bvh.BranchAndBound(
      0, [&](int n) { return nodes[n].box.SquaredDistanceTo(p_GQ); }, std::less<>(),
      [&](double squared_distance) { return squared_distance >= best * best; },
      [&](int f) {
        const auto& t = mesh_G.element(f);
        const PointTriangleClosest c = CalcClosestPointOnTriangle(
            p_GQ, mesh_G.vertex(t[0]), mesh_G.vertex(t[1]), mesh_G.vertex(t[2]));
        best = std::min(best, std::sqrt(c.squared_distance));
        // A triangle nearer than stop_below ends the search.
        return !(best < stop_below);
      });
  return best;
}

bool IsPointInsideMesh(const MeshDistanceData& data, const Vector3d& p_GQ) {
  return CalcMeshPointDistance(data, p_GQ).distance <= 0;
}

}  // namespace hydrocontact
