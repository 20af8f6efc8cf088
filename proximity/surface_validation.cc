#include "proximity/surface_validation.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

#include "geometry/rigid_transform.h"
#include "proximity/bvh.h"
#include "proximity/triangle_queries.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

// How many of each defect a message lists; the counts are always complete.
constexpr size_t kListed = 3;

// The crossing point of the first edge among `edges` of triangle `a` that
// passes strictly through triangle `b`, if any.
bool EdgeOfACrossesB(const TriangleSurfaceMesh& mesh, const TriangleSurfaceMesh::Element& a,
                     const TriangleSurfaceMesh::Element& b, int first_edge, int num_edges,
                     Vector3d* p_GX) {
  for (int k = 0; k < num_edges; ++k) {
    const int i = (first_edge + k) % 3;
    if (SegmentCrossesTriangle(mesh.vertex(a[i]), mesh.vertex(a[(i + 1) % 3]),
                               mesh.vertex(b[0]), mesh.vertex(b[1]), mesh.vertex(b[2]), p_GX)) {
      return true;
    }
  }
  return false;
}

// Whether triangles fa and fb cross away from the vertices they share. Two
// non-coplanar triangles meet in a segment; it has positive length and is
// not a shared vertex only if an edge of one pierces the other (any
// intersection segment ends on the boundary of one of them). With one
// shared vertex v, the intersection starts at v, so only the edges opposite
// v can end it. Triangles sharing an edge meet along it unless folded
// (coplanar), which is out of scope here.
bool TrianglesCross(const TriangleSurfaceMesh& mesh, int fa, int fb, Vector3d* p_GX) {
  const auto& a = mesh.element(fa);
  const auto& b = mesh.element(fb);
  int shared = 0, ia = -1, ib = -1;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (a[i] == b[j]) {
        ++shared;
        ia = i;
        ib = j;
      }
    }
  }
  if (shared == 0) {
    return EdgeOfACrossesB(mesh, a, b, 0, 3, p_GX) || EdgeOfACrossesB(mesh, b, a, 0, 3, p_GX);
  }
  if (shared == 1) {
    // The edge opposite local vertex i starts at vertex i + 1.
    return EdgeOfACrossesB(mesh, a, b, (ia + 1) % 3, 1, p_GX) ||
           EdgeOfACrossesB(mesh, b, a, (ib + 1) % 3, 1, p_GX);
  }
  return false;
}

std::string ListEdges(const TriangleSurfaceMesh& mesh,
                      const std::vector<std::array<int, 2>>& edges) {
  std::string out;
  for (size_t i = 0; i < std::min(edges.size(), kListed); ++i) {
    const Vector3d& p = mesh.vertex(edges[i][0]);
    const Vector3d& q = mesh.vertex(edges[i][1]);
    out += fmt::format("{}({}, {}) from ({:g}, {:g}, {:g}) to ({:g}, {:g}, {:g})",
                       i == 0 ? "" : "; ", edges[i][0], edges[i][1], p.x(), p.y(), p.z(), q.x(),
                       q.y(), q.z());
  }
  if (edges.size() > kListed) out += "; ...";
  return out;
}

}  // namespace

SurfaceDefects FindSurfaceDefects(const TriangleSurfaceMesh& mesh_G) {
  SurfaceDefects out;
  const int num_faces = mesh_G.num_triangles();
  // Per undirected edge: how often it is traversed in each direction
  // (lower → higher vertex index, and back).
  struct Uses {
    int up{0};
    int down{0};
  };
  std::unordered_map<uint64_t, Uses> uses;
  uses.reserve(size_t(num_faces) * 2);
  for (int f = 0; f < num_faces; ++f) {
    const auto& t = mesh_G.element(f);
    for (int i = 0; i < 3; ++i) {
      const int from = t[i], to = t[(i + 1) % 3];
      const int lo = std::min(from, to), hi = std::max(from, to);
      Uses& u = uses[(uint64_t(uint32_t(lo)) << 32) | uint32_t(hi)];
      (from == lo ? u.up : u.down) += 1;
    }
  }
  for (const auto& [key, u] : uses) {
    const std::array<int, 2> edge{int(key >> 32), int(key & 0xffffffffu)};
    const int total = u.up + u.down;
    if (total == 1) {
      out.open_edges.push_back(edge);
    } else if (total > 2) {
      out.non_manifold_edges.push_back(edge);
    } else if (u.up != 1) {
      out.misoriented_edges.push_back(edge);
    }
  }
  // The hash map's order is unspecified: sort so messages are reproducible.
  std::sort(out.open_edges.begin(), out.open_edges.end());
  std::sort(out.non_manifold_edges.begin(), out.non_manifold_edges.end());
  std::sort(out.misoriented_edges.begin(), out.misoriented_edges.end());

  if (num_faces > 0) {
    const Bvh bvh(mesh_G);
    // Collide visits (a, b) and (b, a); keep a < b once, in traversal order
    // (deterministic), then sort.
    std::vector<std::pair<std::array<int, 2>, Vector3d>> crossings;
    bvh.Collide(bvh, RigidTransform::Identity(), [&](int a, int b) {
      if (a >= b) return;
      Vector3d p_GX;
      if (TrianglesCross(mesh_G, a, b, &p_GX)) crossings.push_back({{a, b}, p_GX});
    });
    std::sort(crossings.begin(), crossings.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& [pair, p] : crossings) {
      out.crossing_triangles.push_back(pair);
      out.crossing_points.push_back(p);
    }
  }
  out.signed_volume = mesh_G.CalcSignedVolume();
  return out;
}

void ValidateClosedSurface(const TriangleSurfaceMesh& mesh_G, const std::string& what) {
  if (mesh_G.num_triangles() == 0) {
    throw std::invalid_argument(
        fmt::format("{}: the surface has no triangles, so it bounds no solid", what));
  }
  const SurfaceDefects d = FindSurfaceDefects(mesh_G);
  if (d.ok()) return;
  std::string problems;
  auto add = [&](const std::string& s) { problems += (problems.empty() ? "" : "; ") + s; };
  if (!d.open_edges.empty()) {
    add(fmt::format(
        "it is not closed: {} open edge(s) used by one triangle only (the rims of holes): {}; "
        "close the mesh (or use Convex for its hull)",
        d.open_edges.size(), ListEdges(mesh_G, d.open_edges)));
  }
  if (!d.non_manifold_edges.empty()) {
    add(fmt::format("{} non-manifold edge(s) used by three or more triangles: {}",
                    d.non_manifold_edges.size(), ListEdges(mesh_G, d.non_manifold_edges)));
  }
  if (!d.misoriented_edges.empty()) {
    add(fmt::format(
        "{} edge(s) traversed twice in the same direction (neighbouring triangles wound "
        "oppositely): {}",
        d.misoriented_edges.size(), ListEdges(mesh_G, d.misoriented_edges)));
  }
  if (!d.crossing_triangles.empty()) {
    std::string list;
    for (size_t i = 0; i < std::min(d.crossing_triangles.size(), kListed); ++i) {
      const Vector3d& p = d.crossing_points[i];
      list += fmt::format("{}triangles {} and {} at ({:g}, {:g}, {:g})", i == 0 ? "" : "; ",
                          d.crossing_triangles[i][0], d.crossing_triangles[i][1], p.x(), p.y(),
                          p.z());
    }
    if (d.crossing_triangles.size() > kListed) list += "; ...";
    add(fmt::format(
        "the surface crosses itself ({} crossing triangle pair(s)): {}; remove the overlap (a "
        "union of overlapping parts must be merged into one surface)",
        d.crossing_triangles.size(), list));
  }
  const bool edges_ok =
      d.open_edges.empty() && d.non_manifold_edges.empty() && d.misoriented_edges.empty();
  if (edges_ok && d.crossing_triangles.empty() && !(d.signed_volume > 0)) {
    add(fmt::format(
        "the enclosed volume is {:g} m³ (not positive): its normals point inward; reverse the "
        "winding of its triangles",
        d.signed_volume));
  }
  throw std::invalid_argument(fmt::format(
      "{}: the surface does not bound a solid (it must be closed, manifold, consistently "
      "oriented and free of self-intersections): {}",
      what, problems));
}

}  // namespace hydrocontact
