#include "proximity/representation/convex_hull.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "mesh/aabb.h"

namespace hydrocontact {
namespace {

// A hull face: a triangle of point indices, counter-clockwise seen from
// outside, with its neighbours and the points outside it.
struct Face {
  std::array<int, 3> v{};
  // adjacent[i]: the face across edge (v[i], v[(i+1)%3]).
  std::array<int, 3> adjacent{-1, -1, -1};
  Eigen::Vector3d normal{Eigen::Vector3d::Zero()};  // unit, outward
  std::vector<int> outside;                          // points farther than ε out
  bool alive{true};
  int visit_mark{-1};
};

uint64_t EdgeKey(int a, int b) { return (uint64_t(uint32_t(a)) << 32) | uint32_t(b); }

// Quickhull over a subset of the points (indices `candidates`).
class QuickHull {
 public:
  QuickHull(const std::vector<Eigen::Vector3d>& points, double eps) : p_(points), eps_(eps) {}

  // Returns the faces of the hull of the candidates as index triangles.
  std::vector<std::array<int, 3>> Run(const std::vector<int>& candidates) {
    BuildInitialTetrahedron(candidates);
    std::vector<int> pending;
    for (int f = 0; f < 4; ++f) pending.push_back(f);
    while (!pending.empty()) {
      const int f = pending.back();
      pending.pop_back();
      if (!faces_[f].alive || faces_[f].outside.empty()) continue;
      AddPoint(f, &pending);
    }
    std::vector<std::array<int, 3>> result;
    for (const Face& face : faces_) {
      if (face.alive) result.push_back(face.v);
    }
    return result;
  }

 private:
  double Distance(const Face& f, int q) const { return f.normal.dot(p_[q] - p_[f.v[0]]); }

  int MakeFace(int a, int b, int c) {
    Face f;
    f.v = {a, b, c};
    const Eigen::Vector3d n = (p_[b] - p_[a]).cross(p_[c] - p_[a]);
    const double norm = n.norm();
    if (!(norm > 0)) {
      throw std::runtime_error(fmt::format(
          "ComputeConvexHull: round-off made a degenerate face through points {}, {}, {}; the "
          "input is nearly degenerate",
          a, b, c));
    }
    f.normal = n / norm;
    faces_.push_back(std::move(f));
    return static_cast<int>(faces_.size()) - 1;
  }

  void BuildInitialTetrahedron(const std::vector<int>& candidates) {
    // Two far-apart points among the axis extremes.
    std::array<int, 6> extremes;
    extremes.fill(candidates.front());
    for (int i : candidates) {
      for (int axis = 0; axis < 3; ++axis) {
        if (p_[i][axis] < p_[extremes[2 * axis]][axis]) extremes[2 * axis] = i;
        if (p_[i][axis] > p_[extremes[2 * axis + 1]][axis]) extremes[2 * axis + 1] = i;
      }
    }
    int i0 = extremes[0], i1 = extremes[1];
    double best = -1;
    for (int a : extremes) {
      for (int b : extremes) {
        const double d = (p_[a] - p_[b]).squaredNorm();
        if (d > best) best = d, i0 = a, i1 = b;
      }
    }
    if (!(std::sqrt(best) > eps_)) {
      throw std::invalid_argument(
          "ComputeConvexHull: all points coincide (within the tolerance); a hull needs volume");
    }
    // The point farthest from the line i0–i1.
    const Eigen::Vector3d axis = (p_[i1] - p_[i0]).normalized();
    int i2 = -1;
    best = -1;
    for (int i : candidates) {
      const double d = (p_[i] - p_[i0]).cross(axis).norm();
      if (d > best) best = d, i2 = i;
    }
    if (!(best > eps_)) {
      throw std::invalid_argument(
          "ComputeConvexHull: all points are collinear (within the tolerance); a hull needs "
          "volume");
    }
    // The point farthest from the plane i0, i1, i2.
    const Eigen::Vector3d normal = (p_[i1] - p_[i0]).cross(p_[i2] - p_[i0]).normalized();
    int i3 = -1;
    best = -1;
    for (int i : candidates) {
      const double d = std::abs(normal.dot(p_[i] - p_[i0]));
      if (d > best) best = d, i3 = i;
    }
    if (!(best > eps_)) {
      throw std::invalid_argument(
          "ComputeConvexHull: all points are coplanar (within the tolerance); a hull needs "
          "volume");
    }
    std::array<int, 4> t = {i0, i1, i2, i3};
    // (i1−i0)·((i2−i0)×(i3−i0)) has the sign of normal·(i3−i0): make it positive.
    if (normal.dot(p_[i3] - p_[i0]) < 0) std::swap(t[1], t[2]);
    // Outward faces of a positive tetrahedron, opposite each vertex.
    static constexpr int kFaces[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};
    for (const auto& f : kFaces) MakeFace(t[f[0]], t[f[1]], t[f[2]]);
    std::unordered_map<uint64_t, std::pair<int, int>> edges;
    for (int f = 0; f < 4; ++f) {
      for (int i = 0; i < 3; ++i) edges[EdgeKey(faces_[f].v[i], faces_[f].v[(i + 1) % 3])] = {f, i};
    }
    for (int f = 0; f < 4; ++f) {
      for (int i = 0; i < 3; ++i) {
        faces_[f].adjacent[i] = edges.at(EdgeKey(faces_[f].v[(i + 1) % 3], faces_[f].v[i])).first;
      }
    }
    for (int q : candidates) {
      if (q == i0 || q == i1 || q == i2 || q == i3) continue;
      AssignOutside(q, std::array<int, 4>{0, 1, 2, 3});
    }
  }

  // Puts q in the outside set of the face (among `faces`) it is farthest
  // outside of, if any by more than ε; otherwise q is inside (or on) the hull.
  template <class Faces>
  void AssignOutside(int q, const Faces& faces) {
    int best_face = -1;
    double best = eps_;
    for (int f : faces) {
      const double d = Distance(faces_[f], q);
      if (d > best) best = d, best_face = f;
    }
    if (best_face >= 0) faces_[best_face].outside.push_back(q);
  }

  void AddPoint(int start, std::vector<int>* pending) {
    // The eye: the point farthest outside the start face.
    Face& start_face = faces_[start];
    int eye = start_face.outside.front();
    double farthest = -1;
    for (int q : start_face.outside) {
      const double d = Distance(start_face, q);
      if (d > farthest) farthest = d, eye = q;
    }
    // Visible faces: connected to the start face, the eye more than ε
    // outside. Faces the eye is (nearly) coplanar with stay, so a coplanar
    // eye extends a planar facet instead of folding over it.
    ++mark_;
    visible_.clear();
    visible_.push_back(start);
    faces_[start].visit_mark = mark_;
    for (size_t k = 0; k < visible_.size(); ++k) {
      for (int g : faces_[visible_[k]].adjacent) {
        if (faces_[g].visit_mark == mark_) continue;
        if (Distance(faces_[g], eye) > eps_) {
          faces_[g].visit_mark = mark_;
          visible_.push_back(g);
        }
      }
    }
    // Horizon: edges from a visible face to a non-visible one, oriented as
    // in the visible face, so the new faces (u, w, eye) face outward.
    horizon_.clear();
    for (int f : visible_) {
      for (int i = 0; i < 3; ++i) {
        const int g = faces_[f].adjacent[i];
        if (faces_[g].visit_mark == mark_) continue;
        horizon_.push_back({faces_[f].v[i], faces_[f].v[(i + 1) % 3], g});
      }
    }
    // The horizon must be one simple cycle: each vertex starts one edge.
    start_of_.clear();
    for (size_t k = 0; k < horizon_.size(); ++k) {
      if (!start_of_.emplace(horizon_[k][0], int(k)).second) InconsistentHorizon(eye);
    }
    {
      size_t length = 0;
      int k = 0;
      do {
        const auto it = start_of_.find(horizon_[k][1]);
        if (it == start_of_.end()) InconsistentHorizon(eye);
        k = it->second;
        ++length;
      } while (k != 0 && length <= horizon_.size());
      if (length != horizon_.size()) InconsistentHorizon(eye);
    }
    // New faces, one per horizon edge.
    const int first_new = static_cast<int>(faces_.size());
    for (const auto& [u, w, g] : horizon_) {
      const int f = MakeFace(u, w, eye);
      faces_[f].adjacent[0] = g;
      Face& outer = faces_[g];
      for (int i = 0; i < 3; ++i) {
        if (outer.v[i] == w && outer.v[(i + 1) % 3] == u) outer.adjacent[i] = f;
      }
    }
    for (size_t k = 0; k < horizon_.size(); ++k) {
      const int f = first_new + int(k);
      // Edge (w, eye) borders the new face of the horizon edge starting at
      // w; edge (eye, u) the one ending at u, whose successor is this one.
      const int next = first_new + start_of_.at(horizon_[k][1]);
      faces_[f].adjacent[1] = next;
      faces_[next].adjacent[2] = f;
    }
    // Retire the visible faces and hand their outside points to the new
    // faces (points not outside any new face are now inside the hull).
    new_faces_.clear();
    for (int f = first_new; f < static_cast<int>(faces_.size()); ++f) new_faces_.push_back(f);
    for (int f : visible_) {
      faces_[f].alive = false;
      for (int q : faces_[f].outside) {
        if (q != eye) AssignOutside(q, new_faces_);
      }
      std::vector<int>().swap(faces_[f].outside);
    }
    for (int f : new_faces_) {
      if (!faces_[f].outside.empty()) pending->push_back(f);
    }
  }

  [[noreturn]] void InconsistentHorizon(int eye) const {
    throw std::runtime_error(fmt::format(
        "ComputeConvexHull: round-off made the region visible from point {} inconsistent; the "
        "input is nearly degenerate",
        eye));
  }

  const std::vector<Eigen::Vector3d>& p_;
  const double eps_;
  std::vector<Face> faces_;
  int mark_{0};
  std::vector<int> visible_;
  std::vector<std::array<int, 3>> horizon_;  // (u, w, outer face)
  std::unordered_map<int, int> start_of_;
  std::vector<int> new_faces_;
};

// Hull vertices that are not extreme: all neighbours coplanar with the
// vertex within ε (inside a planar facet), or the vertex within ε of a
// segment between two neighbours (inside a straight edge).
std::vector<bool> FindNonExtreme(const std::vector<Eigen::Vector3d>& p,
                                 const std::vector<std::array<int, 3>>& faces, double eps) {
  std::unordered_map<int, std::vector<int>> neighbours;
  std::unordered_map<int, Eigen::Vector3d> normal;
  for (const auto& f : faces) {
    const Eigen::Vector3d n = (p[f[1]] - p[f[0]]).cross(p[f[2]] - p[f[0]]).normalized();
    for (int i = 0; i < 3; ++i) {
      neighbours[f[i]].push_back(f[(i + 1) % 3]);
      normal[f[i]] = n;
    }
  }
  std::vector<bool> non_extreme(p.size(), false);
  for (const auto& [v, ring] : neighbours) {
    const Eigen::Vector3d& n = normal[v];
    bool flat = true;
    for (int w : ring) flat = flat && std::abs(n.dot(p[w] - p[v])) <= eps;
    bool on_edge = false;
    for (size_t i = 0; i < ring.size() && !on_edge && !flat; ++i) {
      for (size_t j = i + 1; j < ring.size() && !on_edge; ++j) {
        const Eigen::Vector3d ab = p[ring[j]] - p[ring[i]];
        const double t = ab.dot(p[v] - p[ring[i]]) / ab.squaredNorm();
        on_edge = t > 0 && t < 1 && (p[ring[i]] + t * ab - p[v]).norm() <= eps;
      }
    }
    non_extreme[v] = flat || on_edge;
  }
  return non_extreme;
}

}  // namespace

TriangleSurfaceMesh ComputeConvexHull(const std::vector<Eigen::Vector3d>& points) {
  if (points.size() < 4) {
    throw std::invalid_argument(fmt::format(
        "ComputeConvexHull: a hull needs at least 4 points, got {}", points.size()));
  }
  Aabb box;
  for (size_t i = 0; i < points.size(); ++i) {
    if (!points[i].allFinite()) {
      throw std::invalid_argument(fmt::format(
          "ComputeConvexHull: point {} has a non-finite coordinate ({}, {}, {})", i,
          points[i].x(), points[i].y(), points[i].z()));
    }
    box.Include(points[i]);
  }
  const double eps = 1e-10 * (box.max - box.min).norm();

  std::vector<int> candidates(points.size());
  for (size_t i = 0; i < points.size(); ++i) candidates[i] = int(i);
  std::vector<std::array<int, 3>> faces = QuickHull(points, eps).Run(candidates);

  // Second pass without the non-extreme vertices quickhull may have kept.
  const std::vector<bool> non_extreme = FindNonExtreme(points, faces, eps);
  std::vector<bool> is_vertex(points.size(), false);
  for (const auto& f : faces) {
    for (int v : f) is_vertex[v] = true;
  }
  std::vector<int> extreme;
  bool removed = false;
  for (size_t i = 0; i < points.size(); ++i) {
    if (!is_vertex[i]) continue;
    if (non_extreme[i]) {
      removed = true;
    } else {
      extreme.push_back(int(i));
    }
  }
  if (removed) faces = QuickHull(points, eps).Run(extreme);

  // Compact the vertices, keeping the input order.
  std::vector<int> index(points.size(), -1);
  for (const auto& f : faces) {
    for (int v : f) index[v] = 0;
  }
  std::vector<Eigen::Vector3d> vertices;
  for (size_t i = 0; i < points.size(); ++i) {
    if (index[i] == 0) {
      index[i] = int(vertices.size());
      vertices.push_back(points[i]);
    }
  }
  std::vector<TriangleSurfaceMesh::Element> triangles;
  triangles.reserve(faces.size());
  for (const auto& f : faces) triangles.push_back({index[f[0]], index[f[1]], index[f[2]]});
  return TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
}

}  // namespace hydrocontact
