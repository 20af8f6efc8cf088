#include "proximity/distance/epa.h"

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <limits>

namespace hydrocontact::internal {

using Eigen::Vector3d;

void EpaPolytope::clear() {
  w_.clear();
  a_.clear();
  b_.clear();
  faces_.clear();
  horizon_.clear();
  heap_.clear();
}

int EpaPolytope::AddVertex(const Vector3d& a, const Vector3d& b) {
  a_.push_back(a);
  b_.push_back(b);
  w_.push_back(a - b);
  return static_cast<int>(w_.size()) - 1;
}

int EpaPolytope::AddFace(int i, int j, int k) {
  Face f;
  f.v = {i, j, k};
  f.adj = {-1, -1, -1};
  f.adj_edge = {-1, -1, -1};
  f.obsolete = false;
  const Vector3d n = (w_[j] - w_[i]).cross(w_[k] - w_[i]);
  const double norm = n.norm();
  if (norm > 1e-14 * scale_ * scale_) {
    f.normal = n / norm;
    // The plane's distance from the origin, averaged over the vertices to
    // spread round-off evenly.
    f.distance = f.normal.dot(w_[i] + w_[j] + w_[k]) / 3;
  } else {
    // A sliver: keep it in the hull's topology but never pick it as the
    // nearest face.
    f.normal = norm > 0 ? Vector3d(n / norm) : Vector3d::UnitX();
    f.distance = std::numeric_limits<double>::infinity();
  }
  faces_.push_back(f);
  const int index = static_cast<int>(faces_.size()) - 1;
  if (std::isfinite(f.distance)) {
    heap_.emplace_back(f.distance, index);
    std::push_heap(heap_.begin(), heap_.end(), std::greater<>());
  }
  return index;
}

void EpaPolytope::InitTetrahedron() {
  // Orient so that vertex 3 is below the face (0, 1, 2).
  const double volume6 = (w_[1] - w_[0]).dot((w_[2] - w_[0]).cross(w_[3] - w_[0]));
  if (volume6 > 0) {
    std::swap(w_[1], w_[2]);
    std::swap(a_[1], a_[2]);
    std::swap(b_[1], b_[2]);
  }
  // Faces, each counter-clockwise from outside, and their shared edges.
  const int f0 = AddFace(0, 1, 2);
  const int f1 = AddFace(0, 3, 1);
  const int f2 = AddFace(1, 3, 2);
  const int f3 = AddFace(2, 3, 0);
  auto link = [&](int f, int e, int g, int h) {
    faces_[f].adj[e] = g;
    faces_[f].adj_edge[e] = h;
    faces_[g].adj[h] = f;
    faces_[g].adj_edge[h] = e;
  };
  // Edge 0→1 of f0 is edge 1→0 (index 2) of f1, and so on.
  link(f0, 0, f1, 2);
  link(f0, 1, f2, 2);
  link(f0, 2, f3, 2);
  link(f1, 0, f3, 1);
  link(f1, 1, f2, 0);
  link(f2, 1, f3, 0);
}

int EpaPolytope::NearestFace() {
  while (!heap_.empty() && faces_[heap_.front().second].obsolete) {
    std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
    heap_.pop_back();
  }
  return heap_.empty() ? -1 : heap_.front().second;
}

bool EpaPolytope::Visible(const Face& f, const Vector3d& p) const {
  return f.normal.dot(p - w_[f.v[0]]) > 0;
}

void EpaPolytope::Silhouette(int face, int edge, const Vector3d& p) {
  Face& f = faces_[face];
  if (f.obsolete) return;
  if (!Visible(f, p)) {
    horizon_.emplace_back(face, edge);
    return;
  }
  f.obsolete = true;
  const int e1 = (edge + 1) % 3;
  const int e2 = (edge + 2) % 3;
  // Copies: the recursion does not reallocate faces_, but keep it obvious.
  const int g1 = f.adj[e1], h1 = f.adj_edge[e1];
  const int g2 = f.adj[e2], h2 = f.adj_edge[e2];
  Silhouette(g1, h1, p);
  Silhouette(g2, h2, p);
}

bool EpaPolytope::Expand(int face, int vertex) {
  const Vector3d p = w_[vertex];
  horizon_.clear();
  faces_[face].obsolete = true;
  for (int e = 0; e < 3; ++e) {
    const Face& f = faces_[face];
    Silhouette(f.adj[e], f.adj_edge[e], p);
  }
  const int n = static_cast<int>(horizon_.size());
  if (n < 3) return false;
  const int first = static_cast<int>(faces_.size());
  for (int k = 0; k < n; ++k) {
    const auto [g, e] = horizon_[k];
    const int from = faces_[g].v[(e + 1) % 3];
    const int to = faces_[g].v[e];
    const int nf = AddFace(from, to, vertex);
    faces_[nf].adj[0] = g;
    faces_[nf].adj_edge[0] = e;
    faces_[g].adj[e] = nf;
    faces_[g].adj_edge[e] = 0;
  }
  // The horizon must be one closed loop: each new face's edge to the apex
  // continues into the next face.
  for (int k = 0; k < n; ++k) {
    const int f = first + k;
    const int g = first + (k + 1) % n;
    if (faces_[f].v[1] != faces_[g].v[0]) return false;
    faces_[f].adj[1] = g;
    faces_[f].adj_edge[1] = 2;
    faces_[g].adj[2] = f;
    faces_[g].adj_edge[2] = 1;
  }
  return true;
}

EpaResult DegenerateEpaResult(GjkSimplex simplex, const Vector3d& plane_normal,
                              const Vector3d& line_direction) {
  EpaResult result;
  result.degenerate = true;
  result.is_nhat_unique = false;
  result.converged = true;
  result.depth = 0;
  std::array<double, 4> weights{1, 0, 0, 0};
  ReduceSimplex(simplex, weights);
  result.p_ACa = Combine(simplex.a, weights, simplex.size);
  result.p_ACb_A = Combine(simplex.b, weights, simplex.size);
  Vector3d n = Vector3d::UnitX();
  if (plane_normal.squaredNorm() > 0 && plane_normal.allFinite()) {
    n = plane_normal.normalized();
  } else if (line_direction.squaredNorm() > 0 && line_direction.allFinite()) {
    const Vector3d u = line_direction.normalized();
    int k_min;
    u.cwiseAbs().minCoeff(&k_min);
    n = u.cross(Vector3d::Unit(k_min)).normalized();
  }
  int k_max;
  n.cwiseAbs().maxCoeff(&k_max);
  if (n[k_max] < 0) n = -n;
  result.nhat_BA_A = n;
  return result;
}

void DropSliverDimensions(GjkSimplex* simplex) {
  GjkSimplex& s = *simplex;
  auto keep = [&](std::initializer_list<int> indices) {
    const GjkSimplex old = s;
    s.size = 0;
    for (int i : indices) s.Push(old.a[i], old.b[i]);
  };
  if (s.size == 4) {
    double longest = 0;
    for (int i = 0; i < 4; ++i) {
      for (int j = i + 1; j < 4; ++j) longest = std::max(longest, (s.w[i] - s.w[j]).norm());
    }
    const double volume6 = std::abs((s.w[1] - s.w[0]).dot((s.w[2] - s.w[0]).cross(s.w[3] - s.w[0])));
    if (!(volume6 > 1e-6 * longest * longest * longest)) {
      // Keep the face of largest area.
      static constexpr int kFaces[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
      int best = 0;
      double best_area = -1;
      for (int f = 0; f < 4; ++f) {
        const double area = (s.w[kFaces[f][1]] - s.w[kFaces[f][0]])
                                .cross(s.w[kFaces[f][2]] - s.w[kFaces[f][0]])
                                .norm();
        if (area > best_area) {
          best_area = area;
          best = f;
        }
      }
      keep({kFaces[best][0], kFaces[best][1], kFaces[best][2]});
    }
  }
  if (s.size == 3) {
    const Vector3d e01 = s.w[1] - s.w[0], e02 = s.w[2] - s.w[0], e12 = s.w[2] - s.w[1];
    const double longest = std::max({e01.norm(), e02.norm(), e12.norm()});
    if (!(e01.cross(e02).norm() > 1e-6 * longest * longest)) {
      if (e01.norm() == longest) {
        keep({0, 1});
      } else if (e02.norm() == longest) {
        keep({0, 2});
      } else {
        keep({1, 2});
      }
    }
  }
}

EpaPolytope& ThreadLocalEpaPolytope() {
  thread_local EpaPolytope polytope;
  return polytope;
}

}  // namespace hydrocontact::internal
