#include "proximity/representation/make_convex_mesh.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mesh/mesh_file.h"
#include "mesh/aabb.h"
#include "proximity/representation/convex_hull.h"
#include "proximity/representation/make_inflated_mesh.h"
#include "proximity/representation/make_mesh_shape.h"

namespace hydrocontact {

std::vector<Eigen::Vector3d> ReadConvexPoints(const Convex& convex) {
  if (!IsSupportedMeshFile(convex.file())) {
    throw std::invalid_argument(fmt::format(
        "Convex: file '{}' is not a mesh file; give the vertices as a surface or volume mesh ({})",
        convex.file().string(), SupportedMeshFileExtensions()));
  }
  const MeshFileData data = ReadMeshFile(convex.file(), convex.scale());
  return data.surface ? data.surface->mesh.vertices() : data.volume->mesh.vertices();
}

TriangleSurfaceMesh InflateConvexHull(const TriangleSurfaceMesh& hull, double margin) {
  internal::RequireMargin("Convex", margin);
  if (margin == 0) return hull;
  const Aabb box = hull.CalcBoundingBox();
  const double merge_distance = kMergedOffsetRatio * (box.max - box.min).norm();
  // Around each vertex v, the distinct normals of its faces, grouped so that
  // two normals whose offset points v + δ·n̂ lie closer than merge_distance
  // share a group (single linkage: points of different groups are at least
  // that far apart). Kept apart, such points would give the hull faces of
  // round-off size and the volume mesh degenerate tetrahedra.
  const std::vector<std::vector<Eigen::Vector3d>> normals = CalcDistinctNormalsAroundVertices(hull);
  std::vector<Eigen::Vector3d> points;
  points.reserve(3 * size_t(hull.num_triangles()));
  for (int v = 0; v < hull.num_vertices(); ++v) {
    const std::vector<Eigen::Vector3d>& around = normals[size_t(v)];
    const int k = int(around.size());
    std::vector<int> group(static_cast<size_t>(k));
    for (int i = 0; i < k; ++i) group[size_t(i)] = i;
    // Merge until no two normals of different groups are within reach
    // (k is a vertex's valence: the quadratic passes are cheap).
    for (bool merged = true; merged;) {
      merged = false;
      for (int i = 0; i < k; ++i) {
        for (int j = i + 1; j < k; ++j) {
          if (group[size_t(i)] != group[size_t(j)] &&
              margin * (around[size_t(i)] - around[size_t(j)]).norm() < merge_distance) {
            const int from = group[size_t(j)], to = group[size_t(i)];
            for (int& g : group) g = g == from ? to : g;
            merged = true;
          }
        }
      }
    }
    for (int g = 0; g < k; ++g) {
      std::vector<Eigen::Vector3d> members;
      for (int i = 0; i < k; ++i) {
        if (group[size_t(i)] == g) members.push_back(around[size_t(i)]);
      }
      if (members.empty()) continue;
      // The normals of a convex vertex's faces lie in an open half-space,
      // so the push exists; one normal pushes along itself.
      const std::optional<Eigen::Vector3d> m = CalcLeastPushVector(members);
      points.push_back(hull.vertex(v) + margin * (m ? *m : members.front()));
    }
  }
  return ComputeConvexHull(points);
}

VolumeMeshWithExtent MakeConvexVolumeMesh(const TriangleSurfaceMesh& hull) {
  const double volume = hull.CalcSignedVolume();
  if (!hull.IsClosed() || !(volume > 0)) {
    throw std::invalid_argument(fmt::format(
        "MakeConvexVolumeMesh: the hull must be a closed outward surface (closed: {}, volume {})",
        hull.IsClosed(), volume));
  }
  // Volume centroid: Σ V_t·centroid_t over the cone tetrahedra from any
  // interior reference point (the vertex average, inside a convex hull).
  Eigen::Vector3d reference = Eigen::Vector3d::Zero();
  for (const auto& p : hull.vertices()) reference += p;
  reference /= hull.num_vertices();
  Eigen::Vector3d weighted = Eigen::Vector3d::Zero();
  double total = 0;
  for (const auto& t : hull.triangles()) {
    const Eigen::Vector3d &a = hull.vertex(t[0]), &b = hull.vertex(t[1]), &c = hull.vertex(t[2]);
    const double v = SignedTetrahedronVolume(reference, a, b, c);
    weighted += v * (reference + a + b + c) / 4;
    total += v;
  }
  const Eigen::Vector3d p_GC = weighted / total;

  // Hull vertices first (e = 0), the centroid last (e = 1). For an outward
  // triangle (a, b, c) and C inside, (C, a, b, c) is positively oriented.
  std::vector<Eigen::Vector3d> vertices = hull.vertices();
  const int centre = static_cast<int>(vertices.size());
  vertices.push_back(p_GC);
  std::vector<double> extent(vertices.size(), 0.0);
  extent[centre] = 1.0;
  std::vector<VolumeMesh::Element> tetrahedra;
  tetrahedra.reserve(hull.num_triangles());
  for (const auto& t : hull.triangles()) tetrahedra.push_back({centre, t[0], t[1], t[2]});
  return {VolumeMesh(std::move(tetrahedra), std::move(vertices)), std::move(extent)};
}

TriangleSurfaceMesh MakeConvexSurfaceMesh(const Convex& convex, double margin) {
  internal::RequireMargin("Convex", margin);
  return InflateConvexHull(ComputeConvexHull(ReadConvexPoints(convex)), margin);
}

VolumeMeshWithExtent MakeConvexVolumeMesh(const Convex& convex, double margin) {
  return MakeConvexVolumeMesh(MakeConvexSurfaceMesh(convex, margin));
}

}  // namespace hydrocontact
