#include "proximity/mesh_pseudo_normals.h"

#include <cmath>
#include <stdexcept>
#include <unordered_map>

#include <Eigen/Geometry>
#include <fmt/format.h>

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

// A vanishing sum of normals means faces folded back onto each other; the
// relative threshold keeps such (near) zero-thickness folds from producing
// a direction dominated by round-off.
constexpr double kMinNormalSum = 1e-12;

}  // namespace

MeshPseudoNormals CalcMeshPseudoNormals(const TriangleSurfaceMesh& mesh) {
  const int num_faces = mesh.num_triangles();
  const int num_vertices = mesh.num_vertices();
  if (num_faces == 0) {
    throw std::invalid_argument(
        "mesh pseudo-normals: the mesh has no triangles; a signed distance needs a closed "
        "surface");
  }
  MeshPseudoNormals out;
  out.face_edges.resize(num_faces);
  out.edge_vertices.reserve(size_t(num_faces) * 3 / 2);
  out.edge_faces.reserve(size_t(num_faces) * 3 / 2);

  // Pass 1: unique edges keyed by their sorted vertex pair; for each, the
  // first face records the direction it traverses the edge in.
  std::unordered_map<uint64_t, int> edge_of;
  edge_of.reserve(size_t(num_faces) * 3);
  std::vector<int> first_from;  // the "from" vertex of face [0] on each edge
  first_from.reserve(size_t(num_faces) * 3 / 2);
  for (int f = 0; f < num_faces; ++f) {
    const auto& t = mesh.element(f);
    for (int i = 0; i < 3; ++i) {
      const int from = t[i], to = t[(i + 1) % 3];
      const int lo = std::min(from, to), hi = std::max(from, to);
      const uint64_t key = (uint64_t(uint32_t(lo)) << 32) | uint32_t(hi);
      auto [it, inserted] = edge_of.try_emplace(key, out.num_edges());
      const int e = it->second;
      if (inserted) {
        out.edge_vertices.push_back({lo, hi});
        out.edge_faces.push_back({f, -1});
        first_from.push_back(from);
      } else {
        auto& faces = out.edge_faces[e];
        if (faces[1] >= 0) {
          throw std::invalid_argument(fmt::format(
              "mesh pseudo-normals: edge ({}, {}) is shared by more than two triangles ({}, {} "
              "and {}): the surface is not manifold, so it is not closed",
              lo, hi, faces[0], faces[1], f));
        }
        if (first_from[e] == from) {
          throw std::invalid_argument(fmt::format(
              "mesh pseudo-normals: triangles {} and {} traverse edge ({}, {}) in the same "
              "direction: the surface is not consistently oriented, so it is not closed",
              faces[0], f, lo, hi));
        }
        faces[1] = f;
      }
      out.face_edges[f][i] = e;
    }
  }
  const int num_edges = out.num_edges();
  for (int e = 0; e < num_edges; ++e) {
    if (out.edge_faces[e][1] < 0) {
      throw std::invalid_argument(fmt::format(
          "mesh pseudo-normals: edge ({}, {}) belongs to triangle {} only: the surface has a "
          "hole, and a signed distance needs a closed surface",
          out.edge_vertices[e][0], out.edge_vertices[e][1], out.edge_faces[e][0]));
    }
  }

  // Edge normals, flatness and convexity.
  out.edge_normals.resize(num_edges);
  out.edge_is_flat.resize(num_edges);
  out.edge_is_convex.resize(num_edges);
  for (int e = 0; e < num_edges; ++e) {
    const auto [f0, f1] = out.edge_faces[e];
    const Vector3d& n0 = mesh.face_normal(f0);
    const Vector3d& n1 = mesh.face_normal(f1);
    const Vector3d sum = n0 + n1;
    const double norm = sum.norm();
    if (!(norm > kMinNormalSum)) {
      throw std::invalid_argument(fmt::format(
          "mesh pseudo-normals: triangles {} and {} fold flat onto each other across edge ({}, "
          "{}): inside and outside are undefined there",
          f0, f1, out.edge_vertices[e][0], out.edge_vertices[e][1]));
    }
    out.edge_normals[e] = sum / norm;
    out.edge_is_flat[e] = n0.dot(n1) >= 1 - MeshPseudoNormals::kFlatTolerance;
    // Convex across the edge iff f1's far vertex is not above f0's plane.
    // The far vertex is the one of f1 not on the edge.
    const auto& t1 = mesh.element(f1);
    int far = t1[0];
    for (int v : t1) {
      if (v != out.edge_vertices[e][0] && v != out.edge_vertices[e][1]) far = v;
    }
    const Vector3d& p_on_edge = mesh.vertex(out.edge_vertices[e][0]);
    const Vector3d to_far = mesh.vertex(far) - p_on_edge;
    out.edge_is_convex[e] =
        out.edge_is_flat[e] || n0.dot(to_far) <= 1e-12 * to_far.norm();
  }

  out.vertex_face.assign(num_vertices, -1);
  for (int f = num_faces - 1; f >= 0; --f) {
    for (int v : mesh.element(f)) out.vertex_face[v] = f;
  }
  out.vertex_on_sharp_edge.assign(num_vertices, 0);
  for (int e = 0; e < num_edges; ++e) {
    if (out.edge_is_flat[e]) continue;
    out.vertex_on_sharp_edge[out.edge_vertices[e][0]] = 1;
    out.vertex_on_sharp_edge[out.edge_vertices[e][1]] = 1;
  }

  // Vertex normals: Σ αᵢ nᵢ with αᵢ the angle of face i at the vertex.
  out.vertex_normals.assign(num_vertices, Vector3d::Zero());
  for (int f = 0; f < num_faces; ++f) {
    const auto& t = mesh.element(f);
    for (int i = 0; i < 3; ++i) {
      const Vector3d u = mesh.vertex(t[(i + 1) % 3]) - mesh.vertex(t[i]);
      const Vector3d w = mesh.vertex(t[(i + 2) % 3]) - mesh.vertex(t[i]);
      // atan2 of |u×w| and u·w is accurate for every angle, unlike acos.
      const double angle = std::atan2(u.cross(w).norm(), u.dot(w));
      out.vertex_normals[t[i]] += angle * mesh.face_normal(f);
    }
  }
  out.vertex_is_flat.assign(num_vertices, 1);
  std::vector<uint8_t> used(num_vertices, 0);
  for (int f = 0; f < num_faces; ++f) {
    for (int v : mesh.element(f)) used[v] = 1;
  }
  for (int v = 0; v < num_vertices; ++v) {
    if (!used[v]) continue;  // an unreferenced vertex plays no part
    const double norm = out.vertex_normals[v].norm();
    if (!(norm > kMinNormalSum)) {
      throw std::invalid_argument(fmt::format(
          "mesh pseudo-normals: the faces around vertex {} cancel out (zero angle-weighted "
          "normal): inside and outside are undefined there",
          v));
    }
    out.vertex_normals[v] /= norm;
  }
  for (int f = 0; f < num_faces; ++f) {
    for (int v : mesh.element(f)) {
      if (mesh.face_normal(f).dot(out.vertex_normals[v]) < 1 - MeshPseudoNormals::kFlatTolerance) {
        out.vertex_is_flat[v] = 0;
      }
    }
  }
  return out;
}

}  // namespace hydrocontact
