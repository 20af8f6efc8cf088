#pragma once

// Checks shared by the mesh generator tests: the invariants every compliant
// mesh and every rigid surface must satisfy, whatever the shape.

#include <algorithm>
#include <vector>

#include <catch2/catch.hpp>

#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact::test {

/// Counts of what the compliant-mesh invariants found, so a test can also
/// assert on them.
struct CompliantMeshReport {
  int num_boundary_vertices{0};
  int num_deepest_vertices{0};  // extent exactly 1
};

/// Asserts: every tetrahedron positively oriented; none with all four
/// vertices on the boundary; extent exactly 0 at every boundary vertex, in
/// (0, 1] at every interior vertex, exactly 1 somewhere; the boundary is a
/// closed outward surface whose enclosed volume equals the mesh volume.
inline CompliantMeshReport CheckCompliantMesh(const VolumeMeshWithExtent& m) {
  const VolumeMesh& mesh = m.mesh;
  REQUIRE(static_cast<int>(m.extent.size()) == mesh.num_vertices());
  REQUIRE(mesh.num_elements() > 0);
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  CompliantMeshReport report;
  int num_inverted = 0, num_all_boundary = 0;
  for (int e = 0; e < mesh.num_elements(); ++e) {
    const auto& t = mesh.element(e);
    if (!(SignedTetrahedronVolume(mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]),
                                  mesh.vertex(t[3])) > 0)) {
      ++num_inverted;
    }
    if (std::all_of(t.begin(), t.end(), [&](int v) { return boundary.is_boundary_vertex[v]; })) {
      ++num_all_boundary;
    }
  }
  CHECK(num_inverted == 0);
  CHECK(num_all_boundary == 0);
  int num_bad_boundary = 0, num_bad_interior = 0;
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    const double e = m.extent[v];
    if (boundary.is_boundary_vertex[v]) {
      ++report.num_boundary_vertices;
      if (e != 0.0) ++num_bad_boundary;
    } else if (!(e > 0 && e <= 1)) {
      ++num_bad_interior;
    }
    if (e == 1.0) ++report.num_deepest_vertices;
  }
  CHECK(num_bad_boundary == 0);
  CHECK(num_bad_interior == 0);
  CHECK(report.num_deepest_vertices > 0);
  CHECK(*std::max_element(m.extent.begin(), m.extent.end()) == 1.0);
  // The boundary closes and encloses exactly the tetrahedra's volume: no
  // gaps or overlaps between tetrahedra. The enclosed volume is a sum of
  // terms p·n̂·A/3 over the boundary triangles, so its round-off scales with
  // Σ|p|·A, not with the result: for a thread far from the origin (a torus
  // tube 1e-6 m thick on a 0.2 m circle) the terms are 1e5 times the
  // volume, hence the margin.
  CHECK(boundary.surface.IsClosed());
  double sum_of_term_sizes = 0;
  for (int t = 0; t < boundary.surface.num_triangles(); ++t) {
    const auto& f = boundary.surface.element(t);
    const Eigen::Vector3d& a = boundary.surface.vertex(f[0]);
    const Eigen::Vector3d& b = boundary.surface.vertex(f[1]);
    const Eigen::Vector3d& c = boundary.surface.vertex(f[2]);
    sum_of_term_sizes += a.norm() * (b - a).cross(c - a).norm() / 2;
  }
  CHECK(boundary.surface.CalcSignedVolume() ==
        Approx(mesh.total_volume()).epsilon(1e-12).margin(1e-12 * sum_of_term_sizes));
  return report;
}

/// Asserts a rigid surface is closed, outward (positive enclosed volume).
inline void CheckClosedOutward(const TriangleSurfaceMesh& surface) {
  CHECK(surface.IsClosed());
  CHECK(surface.CalcSignedVolume() > 0);
}

}  // namespace hydrocontact::test
