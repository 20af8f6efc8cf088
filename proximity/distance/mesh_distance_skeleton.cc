#include "proximity/distance/mesh_distance_skeleton.h"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace hydrocontact {

using Eigen::Vector3d;

SkeletonDeepestPoint FindDeepestSkeletonPoint(const MeshDistanceData& S,
                                              const MeshDistanceData& O,
                                              const RigidTransform& X_OS, double min_depth) {
  internal::RequireMeshDistanceData(S, "FindDeepestSkeletonPoint (mesh S)");
  internal::RequireMeshDistanceData(O, "FindDeepestSkeletonPoint (mesh O)");
  if (!(min_depth >= 0) || !std::isfinite(min_depth)) {
    throw std::invalid_argument(fmt::format(
        "FindDeepestSkeletonPoint: min_depth must be finite and non-negative, got {}",
        min_depth));
  }
  const std::vector<Bvh::Node>& nodes = S.bvh.nodes();
  const MeshPseudoNormals& normals = S.normals;
  // Kept from call to call: a query in steady state allocates nothing.
  thread_local internal::DeepestPointSearch::Storage storage;
  thread_local std::vector<std::array<int, 2>> pieces;
  internal::DeepestPointSearch search(O, min_depth, &storage);
  // The skeleton piece of each segment added to the search, by index.
  pieces.clear();

  // A node's points lie within r of its box centre c, and φ_O is
  // 1-Lipschitz, so none is deeper than r − φ_O(c); r < φ_O(c) means the
  // whole box is outside O.
  auto add_node = [&](int n, double cap) {
    const Vector3d p_Oc = X_OS * nodes[n].box.center();
    const double r = nodes[n].box.half_size().norm();
    const double upper = std::min(cap, r - CalcMeshPointDistance(O, p_Oc).distance);
    search.AddNode(n, upper);
  };
  auto expand = [&](int n, double upper) {
    const Bvh::Node& node = nodes[n];
    if (!node.is_leaf()) {
      add_node(n + 1, upper);
      add_node(node.right, upper);
      return;
    }
    // Each sharp edge is added by the first of its two faces, each lone
    // vertex by its recorded face, so nothing is searched twice.
    const int f = node.element;
    for (int i = 0; i < 3; ++i) {
      const int e = normals.face_edges[f][i];
      if (normals.edge_is_flat[e] || normals.edge_faces[e][0] != f) continue;
      const auto& v = normals.edge_vertices[e];
      search.AddSegment(X_OS * S.mesh.vertex(v[0]), X_OS * S.mesh.vertex(v[1]), upper);
      pieces.push_back(v);
    }
    for (int v : S.mesh.element(f)) {
      if (normals.vertex_on_sharp_edge[v] || normals.vertex_face[v] != f) continue;
      const Vector3d p_OV = X_OS * S.mesh.vertex(v);
      search.AddSegment(p_OV, p_OV, upper);
      pieces.push_back({v, v});
    }
  };
  add_node(0, std::numeric_limits<double>::infinity());
  search.Run(expand);

  SkeletonDeepestPoint out;
  const MeshDeepestPoint& best = search.best();
  if (!best.found) return out;
  out.found = true;
  out.piece = pieces[best.segment];
  out.s = best.s;
  const Vector3d& p0 = S.mesh.vertex(out.piece[0]);
  out.p_SQ = p0 + best.s * (S.mesh.vertex(out.piece[1]) - p0);
  out.p_OQ = best.p_GQ;
  out.at = best.at;
  return out;
}

}  // namespace hydrocontact
