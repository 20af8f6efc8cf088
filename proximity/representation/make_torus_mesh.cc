#include "proximity/representation/make_torus_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

// The tube's cross-section disk of radius `radius`: vertex 0 the centre,
// then rings k = 1..n of 6k vertices; coordinates (u, w) = (radial offset
// from the centre circle, height).
struct Disk {
  std::vector<Eigen::Vector2d> points;
  std::vector<int> ring;  // ring index of each point (0 for the centre)
  std::vector<std::array<int, 3>> triangles;
};

Disk MakeDisk(double radius, int n) {
  Disk disk;
  disk.points.push_back(Eigen::Vector2d::Zero());
  disk.ring.push_back(0);
  int previous_start = 0, previous_count = 1;
  for (int k = 1; k <= n; ++k) {
    const int start = static_cast<int>(disk.points.size());
    const int count = 6 * k;
    for (int i = 0; i < count; ++i) {
      const double angle = 2 * M_PI * i / count;
      disk.points.emplace_back(radius * k / n * std::cos(angle), radius * k / n * std::sin(angle));
      disk.ring.push_back(k);
    }
    // Stitch ring k−1 (a vertices) to ring k (b vertices) by walking both
    // in angle order, always advancing the ring whose next vertex comes
    // first: every triangle has an edge on one ring and a vertex on the
    // other, and the triangles tile the annulus.
    const int a = previous_count, b = count;
    // The centre (a = 1) is only ever the apex: its "step" is skipped.
    int i = a == 1 ? 1 : 0, j = 0;
    while (i < a || j < b) {
      const double next_a = i < a ? double(i + 1) / a : 2.0;
      const double next_b = j < b ? double(j + 1) / b : 2.0;
      const int A = previous_start + i % a;
      const int B = start + j % b;
      if (next_b <= next_a) {
        disk.triangles.push_back({A, B, start + (j + 1) % b});
        ++j;
      } else {
        disk.triangles.push_back({A, B, previous_start + (i + 1) % a});
        ++i;
      }
    }
    previous_start = start;
    previous_count = count;
  }
  return disk;
}

// The torus's sizes as its meshes' refusals name them.
std::string Sizes(const Torus& torus, double margin) {
  return fmt::format("major radius {:g} m and minor radius {:g} m (margin {:g} m)",
                     torus.major_radius(), torus.minor_radius(), margin);
}

// The torus's sizes for a hint and margin, validated: tube radius r (with
// the margin), segments n_d across the tube's radius and m_d around the
// axis; the volume and surface meshes share them so they agree.
struct TorusSegments {
  double h, R, r, n_d, m_d;
};

TorusSegments CalcTorusSegments(const Torus& torus, double resolution_hint, double margin) {
  const double h = internal::RequireResolutionHint("Torus", resolution_hint);
  internal::RequireMargin("Torus", margin);
  const double R = torus.major_radius();
  const double r = torus.minor_radius() + margin;
  if (!(r < R)) {
    throw std::invalid_argument(fmt::format(
        "Torus: minor radius {} plus margin {} must stay below the major radius {}",
        torus.minor_radius(), margin, R));
  }
  const double n_d = internal::SegmentCount(r, h);
  const double m_d = std::max(8.0, internal::SegmentCount(2 * M_PI * (R + r), h));
  return {h, R, r, n_d, m_d};
}

}  // namespace

VolumeMeshWithExtent MakeTorusVolumeMesh(const Torus& torus, double resolution_hint,
                                         double margin) {
  const auto [h, R, r, n_d, m_d] = CalcTorusSegments(torus, resolution_hint, margin);
  internal::CheckMeshSize("Torus", "tetrahedra", 3 * 6 * n_d * n_d * m_d, h, 3);
  // Its thinnest part is the tube, of radius r'; the widest spacing of its
  // vertices is the outer step between slices (the rings' steps, r'/n
  // across and about 2π·r'/6n along, are shorter).
  const std::string sizes = Sizes(torus, margin);
  internal::CheckThickness("Torus", sizes, "tube radius with margin", r,
                           std::max(2 * M_PI * (R + r) / m_d, r / n_d), h);
  const int n = static_cast<int>(n_d);
  const int m = static_cast<int>(m_d);
  const Disk disk = MakeDisk(r, n);
  const int nd = static_cast<int>(disk.points.size());

  VolumeMeshWithExtent result;
  std::vector<Vector3d> vertices;
  vertices.reserve(size_t(nd) * m);
  result.extent.reserve(size_t(nd) * m);
  for (int s = 0; s < m; ++s) {
    const double theta = 2 * M_PI * s / m;
    const double c = std::cos(theta), si = std::sin(theta);
    for (int v = 0; v < nd; ++v) {
      const double rho = R + disk.points[v].x();
      vertices.emplace_back(rho * c, rho * si, disk.points[v].y());
      // e = 1 − s/r' exactly from the ring index (ring k is at s = k r'/n).
      result.extent.push_back(1.0 - double(disk.ring[v]) / n);
    }
  }
  std::vector<VolumeMesh::Element> tetrahedra;
  tetrahedra.reserve(size_t(3) * disk.triangles.size() * m);
  for (int s = 0; s < m; ++s) {
    const int lo = s * nd, hi = ((s + 1) % m) * nd;
    for (std::array<int, 3> t : disk.triangles) {
      std::sort(t.begin(), t.end());
      const int a = t[0], b = t[1], c = t[2];
      // Side-quad diagonals run from the lower disk index on slice s to the
      // higher on slice s + 1, whichever prism the quad belongs to.
      const std::array<VolumeMesh::Element, 3> tets{
          VolumeMesh::Element{lo + a, lo + b, lo + c, hi + c},
          VolumeMesh::Element{lo + a, lo + b, hi + b, hi + c},
          VolumeMesh::Element{lo + a, hi + a, hi + b, hi + c}};
      for (VolumeMesh::Element e : tets) {
        if (SignedTetrahedronVolume(vertices[e[0]], vertices[e[1]], vertices[e[2]],
                                    vertices[e[3]]) < 0) {
          std::swap(e[2], e[3]);
        }
        tetrahedra.push_back(e);
      }
    }
  }
  result.mesh = internal::MakePrimitiveVolumeMesh(
      fmt::format("Torus of {} at resolution hint {:g} m", sizes, h), std::move(tetrahedra),
      std::move(vertices));
  return result;
}

TriangleSurfaceMesh MakeTorusSurfaceMesh(const Torus& torus, double resolution_hint,
                                         double margin) {
  // The boundary of MakeTorusVolumeMesh, built directly (the volume mesh
  // would cost n times more): ring n of the disk revolved, each quad split
  // by the same diagonal rule as the prisms' side quads.
  const auto [h, R, r, n_d, m_d] = CalcTorusSegments(torus, resolution_hint, margin);
  internal::CheckMeshSize("Torus", "triangles", 2 * 6 * n_d * m_d, h, 2);
  const int count = 6 * static_cast<int>(n_d);
  const int m = static_cast<int>(m_d);
  std::vector<Vector3d> vertices;
  vertices.reserve(size_t(count) * m);
  for (int s = 0; s < m; ++s) {
    const double theta = 2 * M_PI * s / m;
    for (int i = 0; i < count; ++i) {
      const double phi = 2 * M_PI * i / count;
      const double rho = R + r * std::cos(phi);
      vertices.emplace_back(rho * std::cos(theta), rho * std::sin(theta), r * std::sin(phi));
    }
  }
  std::vector<TriangleSurfaceMesh::Element> triangles;
  triangles.reserve(size_t(2) * count * m);
  for (int s = 0; s < m; ++s) {
    const int lo = s * count, hi = ((s + 1) % m) * count;
    for (int i = 0; i < count; ++i) {
      const int p = std::min(i, (i + 1) % count), q = std::max(i, (i + 1) % count);
      for (std::array<int, 3> t : {std::array<int, 3>{lo + p, lo + q, hi + q},
                                   std::array<int, 3>{lo + p, hi + q, hi + p}}) {
        // Outward: the normal points away from the tube's centre circle.
        const Vector3d& a = vertices[t[0]];
        const Vector3d& b = vertices[t[1]];
        const Vector3d& c = vertices[t[2]];
        const Vector3d centroid = (a + b + c) / 3;
        const Vector3d radial = Vector3d(centroid.x(), centroid.y(), 0).normalized();
        if ((b - a).cross(c - a).dot(centroid - R * radial) < 0) std::swap(t[1], t[2]);
        triangles.push_back(t);
      }
    }
  }
  return internal::MakePrimitiveSurfaceMesh(
      fmt::format("Torus of {} at resolution hint {:g} m", Sizes(torus, margin), h),
      std::move(triangles), std::move(vertices));
}

}  // namespace hydrocontact
