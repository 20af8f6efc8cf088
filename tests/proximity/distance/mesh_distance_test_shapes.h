#pragma once

/// @file
/// Closed test meshes built by hand (boxes, an L-shaped prism, a torus) and
/// independent reference computations (analytic box distance, brute-force
/// nearest point, generalized winding number) shared by the mesh distance
/// tests.

#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "mesh/triangle_surface_mesh.h"
#include "proximity/distance/triangle_distance.h"

namespace hydrocontact::test {

/// A prism: the counter-clockwise polygon `polygon` (x, y) with its
/// triangulation `cap` (counter-clockwise triples of polygon indices),
/// extruded from z0 to z1. Outward normals.
inline TriangleSurfaceMesh MakePrismMesh(const std::vector<Eigen::Vector2d>& polygon,
                                         const std::vector<std::array<int, 3>>& cap, double z0,
                                         double z1) {
  const int n = static_cast<int>(polygon.size());
  std::vector<Eigen::Vector3d> vertices;
  for (const auto& p : polygon) vertices.emplace_back(p.x(), p.y(), z0);  // bottom: 0..n-1
  for (const auto& p : polygon) vertices.emplace_back(p.x(), p.y(), z1);  // top: n..2n-1
  std::vector<std::array<int, 3>> triangles;
  for (const auto& t : cap) {
    triangles.push_back({t[0], t[2], t[1]});              // bottom faces −z
    triangles.push_back({t[0] + n, t[1] + n, t[2] + n});  // top faces +z
  }
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    // Side quad b_i, b_j, t_j, t_i, counter-clockwise seen from outside
    // because the polygon is counter-clockwise seen from +z.
    triangles.push_back({i, j, j + n});
    triangles.push_back({i, j + n, i + n});
  }
  return TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
}

/// A box centred at the origin with half sizes h, as 12 triangles.
inline TriangleSurfaceMesh MakeBoxMesh(const Eigen::Vector3d& h) {
  return MakePrismMesh({{-h.x(), -h.y()}, {h.x(), -h.y()}, {h.x(), h.y()}, {-h.x(), h.y()}},
                       {{0, 1, 2}, {0, 2, 3}}, -h.z(), h.z());
}

/// The L-shaped prism [0,2]×[0,1]×[0,1] ∪ [0,1]×[0,2]×[0,1]: its notch is
/// the quarter-plane x > 1, y > 1.
inline TriangleSurfaceMesh MakeLMesh() {
  return MakePrismMesh({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}},
                       {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}}, 0, 1);
}

/// A torus about the z axis, major radius R, minor radius r, with nu
/// segments around z and nv around the tube; vertex (i, j) is at
/// ((R + r cos v) cos u, (R + r cos v) sin u, r sin v), u = 2πi/nu,
/// v = 2πj/nv.
inline TriangleSurfaceMesh MakeTorusMesh(double R, double r, int nu, int nv) {
  std::vector<Eigen::Vector3d> vertices;
  for (int i = 0; i < nu; ++i) {
    for (int j = 0; j < nv; ++j) {
      const double u = 2 * M_PI * i / nu, v = 2 * M_PI * j / nv;
      vertices.emplace_back((R + r * std::cos(v)) * std::cos(u),
                            (R + r * std::cos(v)) * std::sin(u), r * std::sin(v));
    }
  }
  auto id = [&](int i, int j) { return (i % nu) * nv + (j % nv); };
  std::vector<std::array<int, 3>> triangles;
  for (int i = 0; i < nu; ++i) {
    for (int j = 0; j < nv; ++j) {
      // ∂p/∂u × ∂p/∂v points out of the tube, so (i,j) → (i+1,j) →
      // (i+1,j+1) is counter-clockwise seen from outside.
      triangles.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
      triangles.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  }
  return TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
}

/// The mesh moved by X: every vertex v becomes R·v + p.
inline TriangleSurfaceMesh Transformed(const TriangleSurfaceMesh& mesh,
                                       const Eigen::Matrix3d& R, const Eigen::Vector3d& p) {
  std::vector<Eigen::Vector3d> vertices;
  for (const auto& v : mesh.vertices()) vertices.push_back(R * v + p);
  return TriangleSurfaceMesh(mesh.triangles(), std::move(vertices));
}

/// Signed distance from p to the box centred at the origin with half sizes
/// h: ‖max(q, 0)‖ + min(max(qx, qy, qz), 0) with q = |p| − h.
inline double AnalyticBoxSignedDistance(const Eigen::Vector3d& h, const Eigen::Vector3d& p) {
  const Eigen::Vector3d q = p.cwiseAbs() - h;
  return q.cwiseMax(0.0).norm() + std::min(q.maxCoeff(), 0.0);
}

/// The unsigned distance from p to the surface, by trying every triangle.
inline double BruteForceDistance(const TriangleSurfaceMesh& mesh, const Eigen::Vector3d& p) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& t : mesh.triangles()) {
    best = std::min(best, CalcClosestPointOnTriangle(p, mesh.vertex(t[0]), mesh.vertex(t[1]),
                                                     mesh.vertex(t[2]))
                              .squared_distance);
  }
  return std::sqrt(best);
}

/// The generalized winding number of the surface around p: Σ solid angles
/// / 4π (Van Oosterom–Strackee), ≈ 1 inside a closed outward surface and
/// ≈ 0 outside. Independent of nearest points and pseudo-normals.
inline double WindingNumber(const TriangleSurfaceMesh& mesh, const Eigen::Vector3d& p) {
  double total = 0;
  for (const auto& t : mesh.triangles()) {
    const Eigen::Vector3d a = mesh.vertex(t[0]) - p;
    const Eigen::Vector3d b = mesh.vertex(t[1]) - p;
    const Eigen::Vector3d c = mesh.vertex(t[2]) - p;
    const double la = a.norm(), lb = b.norm(), lc = c.norm();
    total += 2 * std::atan2(a.dot(b.cross(c)),
                            la * lb * lc + a.dot(b) * lc + a.dot(c) * lb + b.dot(c) * la);
  }
  return total / (4 * M_PI);
}

}  // namespace hydrocontact::test
