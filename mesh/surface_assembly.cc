#include "mesh/surface_assembly.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "geometry/supported_range.h"

namespace hydrocontact::internal {
namespace {

// Positions compare equal exactly; +0 and -0 are the same position.
struct PositionHash {
  size_t operator()(const Eigen::Vector3d& p) const noexcept {
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 3; ++i) {
      const double x = p[i] + 0.0;  // -0.0 + 0.0 is +0.0.
      uint64_t bits;
      std::memcpy(&bits, &x, sizeof bits);
      h = (h ^ bits) * 1099511628211ull;
    }
    return size_t(h);
  }
};
struct PositionEqual {
  bool operator()(const Eigen::Vector3d& a, const Eigen::Vector3d& b) const noexcept {
    return a == b;
  }
};

// The zero-area test of TriangleSurfaceMesh, evaluated the same way, so a
// triangle we keep is one the mesh accepts.
bool IsDegenerate(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c) {
  const Eigen::Vector3d cross = (b - a).cross(c - a);
  const double twice_area = cross.norm();
  const double longest_sq =
      std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
  return !(twice_area > 1e-14 * longest_sq) || !(longest_sq > 0);
}

double Cross2(const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  return a.x() * b.y() - a.y() * b.x();
}

}  // namespace

std::vector<std::array<int, 3>> TriangulatePolygon(std::span<const Eigen::Vector3d> positions,
                                                   std::span<const int> polygon) {
  const int n = int(polygon.size());
  std::vector<std::array<int, 3>> triangles;
  triangles.reserve(size_t(std::max(n - 2, 0)));
  if (n < 3) return triangles;
  // Newell's normal: robust for non-planar and non-convex polygons. Its
  // largest component picks the coordinate plane to project onto, and its
  // sign makes the projection counter-clockwise.
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d& p = positions[size_t(polygon[size_t(i)])];
    const Eigen::Vector3d& q = positions[size_t(polygon[size_t((i + 1) % n)])];
    normal += p.cross(q);  // Sums to twice the polygon's vector area.
  }
  std::vector<int> remaining(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) remaining[size_t(i)] = i;
  int axis;
  const double largest = normal.cwiseAbs().maxCoeff(&axis);
  if (n > 3 && largest > 0) {
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    const double sign = normal[axis] > 0 ? 1.0 : -1.0;
    std::vector<Eigen::Vector2d> p2(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
      const Eigen::Vector3d& p = positions[size_t(polygon[size_t(i)])];
      p2[size_t(i)] = Eigen::Vector2d(p[u], sign * p[v]);
    }
    // Scan from position 1 so that a convex polygon yields the fan from its
    // first vertex (the triangulation every OBJ reader produces for them).
    size_t k = 1;
    size_t failures = 0;  // Consecutive positions that were not ears.
    while (remaining.size() > 3 && failures < remaining.size()) {
      const size_t m = remaining.size();
      const int a = remaining[(k + m - 1) % m], b = remaining[k % m], c = remaining[(k + 1) % m];
      const Eigen::Vector2d &pa = p2[size_t(a)], &pb = p2[size_t(b)], &pc = p2[size_t(c)];
      bool ear = Cross2(pb - pa, pc - pb) > 0;
      for (size_t j = 0; ear && j < m; ++j) {
        const int w = remaining[j];
        if (w == a || w == b || w == c) continue;
        const Eigen::Vector2d& pw = p2[size_t(w)];
        // A vertex at one of the corners (a welded repeat) does not block.
        if (pw == pa || pw == pb || pw == pc) continue;
        if (Cross2(pb - pa, pw - pa) >= 0 && Cross2(pc - pb, pw - pb) >= 0 &&
            Cross2(pa - pc, pw - pc) >= 0) {
          ear = false;
        }
      }
      if (ear) {
        triangles.push_back({a, b, c});
        remaining.erase(remaining.begin() + std::ptrdiff_t(k % m));
        k = std::max<size_t>(1, k % m == 0 ? 1 : k - 1);
        failures = 0;
      } else {
        k = (k + 1) % m;
        ++failures;
      }
    }
  }
  // Whatever is left (a triangle, or a polygon without ears) is fanned.
  for (size_t i = 1; i + 1 < remaining.size(); ++i) {
    triangles.push_back({remaining[0], remaining[i], remaining[i + 1]});
  }
  return triangles;
}

void ValidateReadScale(double scale, std::string_view format, std::string_view source) {
  if (!std::isfinite(scale) || !(scale > 0)) {
    throw std::invalid_argument(fmt::format(
        "reading {} {}: scale must be finite and positive, got {}", format, source, scale));
  }
}

SurfaceReadResult AssembleSurface(const std::vector<Eigen::Vector3d>& file_positions,
                                  std::span<const int> face_sizes,
                                  std::span<const int> face_indices, double scale,
                                  std::string_view source, std::string_view format,
                                  const std::function<std::string(int)>& vertex_location) {
  if (face_sizes.empty()) {
    throw std::runtime_error(fmt::format("{}: the {} data has no faces", source, format));
  }
  // Scale, then weld exactly coincident positions onto their first
  // occurrence.
  const int num_file_vertices = int(file_positions.size());
  std::vector<Eigen::Vector3d> positions(file_positions.size());
  std::vector<int> representative(static_cast<size_t>(num_file_vertices));
  std::unordered_map<Eigen::Vector3d, int, PositionHash, PositionEqual> first_at;
  first_at.reserve(file_positions.size());
  for (int v = 0; v < num_file_vertices; ++v) {
    positions[size_t(v)] = scale * file_positions[size_t(v)];
    if (!IsWithinCoordinateRange(positions[size_t(v)])) {
      // Beyond the supported range areas and volumes overflow or lose all
      // precision; name the scale when it is what pushed the vertex out.
      const Eigen::Vector3d& p = file_positions[size_t(v)];
      throw std::runtime_error(
          IsWithinCoordinateRange(p)
              ? fmt::format("{}: the vertex ({}, {}, {}) times scale {} lies beyond the supported range "
                            "of coordinates (|x| <= {} m): the scale is too large",
                            vertex_location(v), p.x(), p.y(), p.z(), scale, kMaxCoordinate)
              : fmt::format("{}: the vertex ({}, {}, {}) lies beyond the supported range of "
                            "coordinates (|x| <= {} m)",
                            vertex_location(v), p.x(), p.y(), p.z(), kMaxCoordinate));
    }
    representative[size_t(v)] = first_at.try_emplace(positions[size_t(v)], v).first->second;
  }

  // Triangulate, dropping degenerate triangles.
  SurfaceReadResult result;
  std::vector<bool> used_by_a_face(size_t(num_file_vertices), false);
  std::vector<TriangleSurfaceMesh::Element> triangles;
  triangles.reserve(face_indices.size());
  size_t k = 0;
  for (const int n : face_sizes) {
    const std::span<const int> face = face_indices.subspan(k, size_t(n));
    k += size_t(n);
    for (int v : face) used_by_a_face[size_t(v)] = true;
    auto add = [&](int i, int j, int l) {
      const TriangleSurfaceMesh::Element t{representative[size_t(face[size_t(i)])],
                                           representative[size_t(face[size_t(j)])],
                                           representative[size_t(face[size_t(l)])]};
      if (t[0] == t[1] || t[1] == t[2] || t[2] == t[0] ||
          IsDegenerate(positions[size_t(t[0])], positions[size_t(t[1])],
                       positions[size_t(t[2])])) {
        ++result.num_dropped_faces;
        return;
      }
      triangles.push_back(t);
    };
    if (n == 3) {
      add(0, 1, 2);  // The common case, without the polygon machinery.
    } else {
      for (const auto& t : TriangulatePolygon(positions, face)) add(t[0], t[1], t[2]);
    }
  }
  if (triangles.empty()) {
    throw std::runtime_error(fmt::format("{}: all {} triangles of the {} data are degenerate (zero area)",
                                         source, result.num_dropped_faces, format));
  }

  // Keep the vertices the triangles use, in file order.
  std::vector<int> new_index(size_t(num_file_vertices), -1);
  for (const auto& t : triangles) {
    for (int v : t) new_index[size_t(v)] = 0;
  }
  std::vector<Eigen::Vector3d> vertices;
  for (int v = 0; v < num_file_vertices; ++v) {
    if (new_index[size_t(v)] == 0) {
      new_index[size_t(v)] = int(vertices.size());
      vertices.push_back(positions[size_t(v)]);
    } else if (representative[size_t(v)] != v && used_by_a_face[size_t(v)]) {
      ++result.num_welded_vertices;
    }
  }
  result.num_unreferenced_vertices =
      num_file_vertices - int(vertices.size()) - result.num_welded_vertices;
  for (auto& t : triangles) {
    for (int& v : t) v = new_index[size_t(v)];
  }
  try {
    result.mesh = TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: {}", source, e.what()));
  }
  return result;
}

}  // namespace hydrocontact::internal
