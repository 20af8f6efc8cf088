#include "proximity/representation/make_inflated_mesh.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "proximity/representation/make_mesh_common.h"
#include "proximity/surface_validation.h"

namespace hydrocontact {

std::vector<Eigen::Vector3d> CalcInflationDisplacements(const TriangleSurfaceMesh& surface,
                                                        double margin) {
  internal::RequireMargin("inflation", margin);
  const int n = surface.num_vertices();
  std::vector<Eigen::Vector3d> normal(n, Eigen::Vector3d::Zero());
  for (int f = 0; f < surface.num_triangles(); ++f) {
    const auto& t = surface.element(f);
    for (int i = 0; i < 3; ++i) {
      // Weight by the corner angle: the pseudo-normal does not depend on
      // how a flat region happens to be triangulated.
      const Eigen::Vector3d u = surface.vertex(t[(i + 1) % 3]) - surface.vertex(t[i]);
      const Eigen::Vector3d w = surface.vertex(t[(i + 2) % 3]) - surface.vertex(t[i]);
      const double angle = std::atan2(u.cross(w).norm(), u.dot(w));
      normal[t[i]] += angle * surface.face_normal(f);
    }
  }
  std::vector<double> least_cos(n, 1.0);
  for (int v = 0; v < n; ++v) {
    if (normal[v].squaredNorm() > 0) normal[v].normalize();
  }
  for (int f = 0; f < surface.num_triangles(); ++f) {
    for (int v : surface.element(f)) {
      least_cos[v] = std::min(least_cos[v], surface.face_normal(f).dot(normal[v]));
    }
  }
  std::vector<Eigen::Vector3d> displacement(n);
  for (int v = 0; v < n; ++v) displacement[v] = margin / std::max(least_cos[v], 0.5) * normal[v];
  return displacement;
}

namespace {

using Eigen::Vector3d;

// Why `surface`, inflated by `margin` (> 0), no longer bounds a solid, or
// nullopt when it still does (then *inflated, if given, is the result).
// Moving the vertices changes no edge, so two things can go wrong: a
// triangle turns over (a concave region narrower than the offset), or parts
// of the surface reach each other (two parts closer than about twice the
// margin, the walls of a slit or a gap) and the surface crosses or lies on
// itself. The first is a sign test per
// triangle; the second is FindSurfaceDefects, the check every surface that
// must bound a solid passes (surface_validation.h), O(F log F).
std::optional<std::string> FindInflationFold(const TriangleSurfaceMesh& surface, double margin,
                                             TriangleSurfaceMesh* inflated) {
  const std::vector<Vector3d> d = CalcInflationDisplacements(surface, margin);
  std::vector<Vector3d> vertices = surface.vertices();
  for (size_t v = 0; v < vertices.size(); ++v) vertices[v] += d[v];
  for (int f = 0; f < surface.num_triangles(); ++f) {
    const auto& t = surface.element(f);
    const Vector3d n = (vertices[t[1]] - vertices[t[0]]).cross(vertices[t[2]] - vertices[t[0]]);
    if (!(n.dot(surface.face_normal(f)) > 0)) {
      return fmt::format("inflating it turns triangle {} over", f);
    }
  }
  TriangleSurfaceMesh result(surface.triangles(), std::move(vertices));
  const SurfaceDefects defects = FindSurfaceDefects(result);
  if (!defects.crossing_triangles.empty()) {
    const auto& pair = defects.crossing_triangles.front();
    const Vector3d& p = defects.crossing_points.front();
    return fmt::format(
        "inflated, the surface crosses itself ({} crossing triangle pair(s); triangles {} and {} "
        "cross at ({:g}, {:g}, {:g})): parts of it closer than about twice the margin grow into "
        "each other",
        defects.crossing_triangles.size(), pair[0], pair[1], p.x(), p.y(), p.z());
  }
  if (!defects.overlapping_triangles.empty()) {
    const auto& pair = defects.overlapping_triangles.front();
    const Vector3d& p = defects.overlap_points.front();
    return fmt::format(
        "inflated, the surface lies on itself ({} pair(s) of coplanar triangles overlap; "
        "triangles {} and {} around ({:g}, {:g}, {:g})): parts of it twice the margin apart grow "
        "onto each other",
        defects.overlapping_triangles.size(), pair[0], pair[1], p.x(), p.y(), p.z());
  }
  if (!defects.misnested_shells.empty()) {
    return fmt::format(
        "inflated, a shell of the surface (triangle {}) passes over another, which now wrongly "
        "nests it",
        defects.misnested_shells.front().first_triangle);
  }
  // (Open, non-manifold or misoriented edges are as they were before the
  // vertices moved: the caller's concern, not the margin's.)
  if (inflated) *inflated = std::move(result);
  return std::nullopt;
}

// The advice of a refusal of `margin`: the largest margin/2^k (k = 1..20)
// that `works` (each try costs one FindInflationFold), or, if none does,
// that the input itself may be at fault. Only refusals pay for the search.
template <class Works>
std::string SuggestMargin(double margin, Works&& works) {
  double m = margin;
  for (int k = 1; k <= 20; ++k) {
    m /= 2;
    if (works(m)) return fmt::format("use a smaller margin (at most {:g} m does not fold it)", m);
  }
  return fmt::format(
      "use a smaller margin (none down to {:g} m avoids this, so the surface may not bound a "
      "solid even without one)",
      m);
}

}  // namespace

TriangleSurfaceMesh InflateSurfaceMesh(const TriangleSurfaceMesh& surface, double margin) {
  internal::RequireMargin("inflation", margin);
  if (margin == 0) return surface;
  TriangleSurfaceMesh inflated;
  if (const std::optional<std::string> fold = FindInflationFold(surface, margin, &inflated)) {
    throw std::invalid_argument(fmt::format(
        "margin {} m is too large for this surface: {}; {}", margin, *fold,
        SuggestMargin(margin, [&](double m) { return !FindInflationFold(surface, m, nullptr); })));
  }
  return inflated;
}

VolumeMesh InflateVolumeMesh(const VolumeMesh& mesh, double margin) {
  internal::RequireMargin("inflation", margin);
  if (margin == 0) return mesh;
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  // The inflated mesh's vertices, or why `m` folds it: a tetrahedron
  // inverted, or the boundary folded as a surface would be (two parts of
  // the volume grown into each other invert nothing).
  auto inflate = [&](double m, std::vector<Vector3d>* vertices) -> std::optional<std::string> {
    const std::vector<Vector3d> d = CalcInflationDisplacements(boundary.surface, m);
    *vertices = mesh.vertices();
    for (size_t s = 0; s < d.size(); ++s) (*vertices)[boundary.volume_vertex[s]] += d[s];
    for (int e = 0; e < mesh.num_elements(); ++e) {
      const auto& t = mesh.element(e);
      if (!(SignedTetrahedronVolume((*vertices)[t[0]], (*vertices)[t[1]], (*vertices)[t[2]],
                                    (*vertices)[t[3]]) > 0)) {
        return fmt::format("inflating its boundary inverts tetrahedron {}", e);
      }
    }
    if (const std::optional<std::string> fold = FindInflationFold(boundary.surface, m, nullptr)) {
      return "its boundary: " + *fold;
    }
    return std::nullopt;
  };
  std::vector<Vector3d> vertices;
  if (const std::optional<std::string> fold = inflate(margin, &vertices)) {
    throw std::invalid_argument(fmt::format(
        "margin {} m is too large for this volume mesh: {}; {}", margin, *fold,
        SuggestMargin(margin, [&](double m) {
          std::vector<Vector3d> scratch;
          return !inflate(m, &scratch);
        })));
  }
  return VolumeMesh(mesh.tetrahedra(), std::move(vertices));
}

}  // namespace hydrocontact
