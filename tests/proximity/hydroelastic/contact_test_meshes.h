#pragma once

// Small hand-built hydroelastic representations for the contact-surface
// tests, whose pressure fields are known in closed form, and helpers that
// integrate a ContactSurface independently of the code under test.

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "proximity/representation/hydroelastic_representation.h"
#include "query_results/contact_surface.h"
#include "tests/mesh/split_triangles.h"

namespace hydrocontact::test {

using Eigen::Vector3d;

/// The hydroelastic modulus (Pa) of the tests' compliant geometries.
inline constexpr double kE = 1e5;

/// Both representations, for tests that check each.
inline constexpr std::array<HydroelasticContactRepresentation, 2> kBoth{
    HydroelasticContactRepresentation::kPolygon, HydroelasticContactRepresentation::kTriangle};

inline CompliantMesh MakeCompliant(VolumeMesh mesh, const std::function<double(const Vector3d&)>& p,
                                   double E) {
  std::vector<double> values;
  for (const Vector3d& v : mesh.vertices()) values.push_back(p(v));
  CompliantMesh c;
  c.pressure = VolumeMeshFieldLinear(std::move(values), mesh);
  c.bvh = Bvh(mesh);
  c.mesh = std::move(mesh);
  c.hydroelastic_modulus = E;
  return c;
}

inline RigidMesh MakeRigid(TriangleSurfaceMesh mesh) {
  RigidMesh r;
  r.bvh = Bvh(mesh);
  r.mesh = std::move(mesh);
  return r;
}

// Appends tetrahedron (a, b, c, d) in positive orientation.
inline void AddTet(const std::vector<Vector3d>& v, std::vector<VolumeMesh::Element>* tets, int a,
                   int b, int c, int d) {
  if (SignedTetrahedronVolume(v[a], v[b], v[c], v[d]) < 0) std::swap(c, d);
  tets->push_back({a, b, c, d});
}

// The box [−half, half] (centred at `center`) as a grid of cells[0] ×
// cells[1] × cells[2] cubes, each split into the 6 tetrahedra of its Kuhn
// (path) triangulation, which is conforming across cells.
inline VolumeMesh MakeGridBoxMesh(const Vector3d& half, const Eigen::Vector3i& cells,
                                  const Vector3d& center = Vector3d::Zero()) {
  std::vector<Vector3d> vertices;
  auto index = [&](int i, int j, int k) { return (i * (cells[1] + 1) + j) * (cells[2] + 1) + k; };
  for (int i = 0; i <= cells[0]; ++i)
    for (int j = 0; j <= cells[1]; ++j)
      for (int k = 0; k <= cells[2]; ++k)
        vertices.push_back(center + Vector3d(-half.x() + 2 * half.x() * i / cells[0],
                                             -half.y() + 2 * half.y() * j / cells[1],
                                             -half.z() + 2 * half.z() * k / cells[2]));
  std::vector<VolumeMesh::Element> tets;
  const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int i = 0; i < cells[0]; ++i)
    for (int j = 0; j < cells[1]; ++j)
      for (int k = 0; k < cells[2]; ++k)
        for (const auto& perm : perms) {
          int corner[3] = {i, j, k};
          int ids[4];
          ids[0] = index(corner[0], corner[1], corner[2]);
          for (int s = 0; s < 3; ++s) {
            ++corner[perm[s]];
            ids[s + 1] = index(corner[0], corner[1], corner[2]);
          }
          AddTet(vertices, &tets, ids[0], ids[1], ids[2], ids[3]);
        }
  return VolumeMesh(std::move(tets), std::move(vertices));
}

// A "slab box": a grid box whose pressure depends only on the coordinate
// along `axis`: p = E (1 − |x_axis − center_axis| / half_axis), zero on the
// two faces normal to `axis` and E on the mid-plane. With an even number of
// cells along `axis` no cell straddles the mid-plane, so the piecewise-linear
// field is exact.
inline CompliantMesh MakeSlabBox(const Vector3d& half, const Eigen::Vector3i& cells, int axis,
                                 double E, const Vector3d& center = Vector3d::Zero()) {
  return MakeCompliant(
      MakeGridBoxMesh(half, cells, center),
      [=](const Vector3d& p) {
        return std::max(0.0, E * (1 - std::abs(p[axis] - center[axis]) / half[axis]));
      },
      E);
}

// The closed surface of the box [−half, half] + center: 12 triangles,
// outward normals.
inline TriangleSurfaceMesh MakeBoxSurface(const Vector3d& half,
                                          const Vector3d& center = Vector3d::Zero()) {
  std::vector<Vector3d> v;
  for (int i = 0; i < 8; ++i) {
    v.push_back(center + Vector3d((i & 1) ? half.x() : -half.x(), (i & 2) ? half.y() : -half.y(),
                                  (i & 4) ? half.z() : -half.z()));
  }
  // Each face as a quad (a, b, c, d) counter-clockwise seen from outside.
  const int quads[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  std::vector<TriangleSurfaceMesh::Element> tris;
  for (const auto& q : quads) {
    tris.push_back({q[0], q[1], q[2]});
    tris.push_back({q[0], q[2], q[3]});
  }
  return TriangleSurfaceMesh(std::move(tris), std::move(v));
}

// A sphere of radius r: the octahedron with every face subdivided `level`
// times (each triangle into four), vertices pushed onto the sphere. Closed,
// outward normals, 8·4^level triangles.
inline TriangleSurfaceMesh MakeSphereSurface(double r, int level,
                                             const Vector3d& center = Vector3d::Zero()) {
  std::vector<Vector3d> v{Vector3d::UnitX(),  -Vector3d::UnitX(), Vector3d::UnitY(),
                          -Vector3d::UnitY(), Vector3d::UnitZ(),  -Vector3d::UnitZ()};
  std::vector<TriangleSurfaceMesh::Element> tris{{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                                                 {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
  for (int l = 0; l < level; ++l) {
    SplitTrianglesInFour(&v, &tris, [](const Vector3d& a, const Vector3d& b) { return Vector3d((a + b).normalized()); });
  }
  for (Vector3d& p : v) p = center + r * p;
  return TriangleSurfaceMesh(std::move(tris), std::move(v));
}

// A compliant sphere: one tetrahedron per triangle of MakeSphereSurface,
// coned to the centre, with p = E at the centre and 0 on the surface. The
// field tends to E (1 − |x|/r) as `level` grows.
inline CompliantMesh MakeConeSphere(double r, int level, double E,
                                    const Vector3d& center = Vector3d::Zero()) {
  const TriangleSurfaceMesh surface = MakeSphereSurface(r, level, center);
  std::vector<Vector3d> vertices = surface.vertices();
  const int c = static_cast<int>(vertices.size());
  vertices.push_back(center);
  std::vector<VolumeMesh::Element> tets;
  for (const auto& t : surface.triangles()) AddTet(vertices, &tets, c, t[0], t[1], t[2]);
  return MakeCompliant(
      VolumeMesh(std::move(tets), std::move(vertices)),
      [&](const Vector3d& p) { return (p - center).norm() < 1e-12 ? E : 0.0; }, E);
}

// MakeConeSphere(r, level, E) carrying the pressure field of the sphere one
// level finer: a field of another mesh, as a representation assembled by
// hand might (for the tests of invalid input).
inline CompliantMesh MakeConeSphereWithAnotherField(double r, int level, double E) {
  CompliantMesh c = MakeConeSphere(r, level, E);
  c.pressure = MakeConeSphere(r, level + 1, E).pressure;
  return c;
}

// A compliant box: the 12 triangles of MakeBoxSurface coned to the centre,
// p = E at the centre and 0 on the surface; on the pyramid of the face
// normal to axis i, p = E (1 − |x_i − c_i| / half_i), so for a cube
// p = E (1 − ‖x − c‖∞ / half).
inline CompliantMesh MakeConeBox(const Vector3d& half, double E,
                                 const Vector3d& center = Vector3d::Zero()) {
  const TriangleSurfaceMesh surface = MakeBoxSurface(half, center);
  std::vector<Vector3d> vertices = surface.vertices();
  const int c = static_cast<int>(vertices.size());
  vertices.push_back(center);
  std::vector<VolumeMesh::Element> tets;
  for (const auto& t : surface.triangles()) AddTet(vertices, &tets, c, t[0], t[1], t[2]);
  return MakeCompliant(
      VolumeMesh(std::move(tets), std::move(vertices)),
      [&](const Vector3d& p) { return (p - center).norm() < 1e-12 ? E : 0.0; }, E);
}

// A single tetrahedron with the given vertices and a linear pressure field.
inline CompliantMesh MakeTetrahedron(const std::array<Vector3d, 4>& p,
                                     const std::function<double(const Vector3d&)>& pressure,
                                     double E) {
  std::vector<VolumeMesh::Element> tets;
  std::vector<Vector3d> v(p.begin(), p.end());
  AddTet(v, &tets, 0, 1, 2, 3);
  return MakeCompliant(VolumeMesh(std::move(tets), std::move(v)), pressure, E);
}

// ∫ p n̂ dA over the surface (the force on M, in W), integrated from the
// vertex pressures: per face, area × mean of the linear field (its value at
// the face centroid) × normal. For polygons the mean is taken over the fan
// from vertex 0, independently of the field's stored gradients.
inline Vector3d IntegrateForce(const ContactSurface& s) {
  Vector3d force = Vector3d::Zero();
  if (s.is_triangle()) {
    const auto& mesh = s.tri_mesh_W();
    for (int f = 0; f < mesh.num_triangles(); ++f) {
      double mean = 0;
      for (int v : mesh.element(f)) mean += s.tri_e_MN().EvaluateAtVertex(v) / 3;
      force += mean * mesh.area(f) * mesh.face_normal(f);
    }
  } else {
    const auto& mesh = s.poly_mesh_W();
    for (int f = 0; f < mesh.num_faces(); ++f) {
      const auto poly = mesh.polygon(f);
      const Vector3d& p0 = mesh.vertex(poly[0]);
      double integral = 0;
      for (size_t k = 1; k + 1 < poly.size(); ++k) {
        const double area =
            (mesh.vertex(poly[k]) - p0).cross(mesh.vertex(poly[k + 1]) - p0).norm() / 2;
        integral += area *
                    (s.poly_e_MN().EvaluateAtVertex(poly[0]) +
                     s.poly_e_MN().EvaluateAtVertex(poly[k]) +
                     s.poly_e_MN().EvaluateAtVertex(poly[k + 1])) /
                    3;
      }
      force += integral * mesh.face_normal(f);
    }
  }
  return force;
}

// The pressure values at all vertices.
inline const std::vector<double>& Pressures(const ContactSurface& s) {
  return s.is_triangle() ? s.tri_e_MN().values() : s.poly_e_MN().values();
}

}  // namespace hydrocontact::test
