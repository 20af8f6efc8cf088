#pragma once

/// @file
/// The integer lattices the round primitives (cylinder, capsule) are meshed
/// from, and the assembler that maps a lattice into G and mirrors it into all
/// eight octants. Internal to the generators.
///
/// Why a lattice: every curved primitive is symmetric in G's three coordinate
/// planes, so only the first octant is meshed. There, the boundary is the
/// image of lattice triangles and the solid of lattice tetrahedra, some from
/// the Kuhn split of unit cubes (cube with min corner q, axis order σ: q,
/// q+e_σ0, q+e_σ0+e_σ1, q+(1,1,1)) in "staircase" coordinates (a, b, c),
/// lattice point (x, y, z) = (a, b−a, c−b) or (a, b−a, c):
///   - the corner simplex {x, y, z ≥ 0, x+y+z ≤ n} = {0 ≤ a ≤ b ≤ c ≤ n}:
///     n³ tetrahedra in n shells x+y+z = k; its outer face (capsule caps);
///   - the quadrant prism {x, y ≥ 0, x+y ≤ m, 0 ≤ z ≤ h} =
///     {0 ≤ a ≤ b ≤ m, 0 ≤ c ≤ h}: 3m²h tetrahedra (a flat cylinder's
///     frustum); its side and top faces (cylinder, capsule body).
/// Because the Kuhn split is compatible with every plane a = const, b = const,
/// c = const and a − b, b − c, a − c = const, the shells and the faces on
/// the regions' boundaries are unions of tetrahedron faces. The axis fan
/// (ForEachAxisFanTetrahedron) joins a side to an axis segment (capsule
/// body, long cylinder).
///
/// Orientation is decided exactly on the integer lattice (and by the parity
/// of the mirror) where the map into G preserves it, or from the mapped
/// positions where lattice points are mere labels; VolumeMesh verifies it.

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <fmt/format.h>

#include "mesh/triangle_surface_mesh.h"
#include "proximity/representation/make_mesh_common.h"

namespace hydrocontact::internal {

/// A point of the first-octant lattice (all coordinates ≥ 0).
using LatticePoint = Eigen::Vector3i;
using LatticeTetrahedron = std::array<LatticePoint, 4>;
using LatticeTriangle = std::array<LatticePoint, 3>;

/// What a lattice map returns for a first-octant lattice point: its position
/// in G (first octant) and the extent e there.
struct LatticeVertex {
  Eigen::Vector3d p_GV;
  double extent{0};
};

/// Six times the signed volume of a lattice tetrahedron (exact).
inline int64_t LatticeOrientation(const LatticeTetrahedron& t) {
  const Eigen::Matrix<int64_t, 3, 1> u = (t[1] - t[0]).cast<int64_t>();
  const Eigen::Matrix<int64_t, 3, 1> v = (t[2] - t[0]).cast<int64_t>();
  const Eigen::Matrix<int64_t, 3, 1> w = (t[3] - t[0]).cast<int64_t>();
  return u.dot(v.cross(w));
}

namespace lattice_detail {

// The six Kuhn tetrahedra of the unit cube with min corner `q` (staircase
// coordinates), passed to f when all four vertices satisfy `inside`.
template <class Inside, class F>
void KuhnTetrahedra(const Eigen::Vector3i& q, Inside&& inside, F&& f) {
  static constexpr int kOrders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& order : kOrders) {
    std::array<Eigen::Vector3i, 4> t;
    t[0] = q;
    for (int i = 0; i < 3; ++i) {
      t[i + 1] = t[i];
      t[i + 1][order[i]] += 1;
    }
    if (inside(t[0]) && inside(t[1]) && inside(t[2]) && inside(t[3])) f(t);
  }
}

}  // namespace lattice_detail

/// Calls f(LatticeTetrahedron) for each of the n³ tetrahedra of the corner
/// simplex {x, y, z ≥ 0, x+y+z ≤ n}, in lattice coordinates (orientation
/// unspecified; the assembler fixes it).
template <class F>
void ForEachSimplexTetrahedron(int n, F&& f) {
  auto inside = [](const Eigen::Vector3i& s) { return s[0] <= s[1] && s[1] <= s[2]; };
  for (int c = 0; c < n; ++c) {
    for (int b = 0; b <= c; ++b) {
      for (int a = 0; a <= b; ++a) {
        lattice_detail::KuhnTetrahedra({a, b, c}, inside, [&](const auto& s) {
          LatticeTetrahedron t;
          for (int i = 0; i < 4; ++i) t[i] = {s[i][0], s[i][1] - s[i][0], s[i][2] - s[i][1]};
          f(t);
        });
      }
    }
  }
}

/// Calls f(LatticeTetrahedron) for each of the 3m²h tetrahedra of the
/// quadrant prism {x, y ≥ 0, x+y ≤ m, 0 ≤ z ≤ h}.
template <class F>
void ForEachPrismTetrahedron(int m, int h, F&& f) {
  auto inside = [](const Eigen::Vector3i& s) { return s[0] <= s[1]; };
  for (int c = 0; c < h; ++c) {
    for (int b = 0; b < m; ++b) {
      for (int a = 0; a <= b; ++a) {
        lattice_detail::KuhnTetrahedra({a, b, c}, inside, [&](const auto& s) {
          LatticeTetrahedron t;
          for (int i = 0; i < 4; ++i) t[i] = {s[i][0], s[i][1] - s[i][0], s[i][2]};
          f(t);
        });
      }
    }
  }
}

namespace lattice_detail {

// Orients `t` so its lattice normal has a positive component along
// `outward`, then passes it on.
template <class F>
void EmitOriented(LatticeTriangle t, const Eigen::Vector3i& outward, F&& f) {
  const Eigen::Vector3i normal = (t[1] - t[0]).cross(t[2] - t[0]);
  if (normal.dot(outward) < 0) std::swap(t[1], t[2]);
  f(t);
}

// The 2D Kuhn triangles of the staircase triangle {0 ≤ a ≤ b ≤ n}: square
// (a0, b0) split along its diagonal (a0, b0)–(a0+1, b0+1), matching the
// faces the 3D Kuhn tetrahedra leave on the planes that bound the regions.
template <class F>
void ForEachStaircaseTriangle(int n, F&& f) {
  for (int b = 0; b < n; ++b) {
    for (int a = 0; a <= b; ++a) {
      f(Eigen::Vector2i(a, b), Eigen::Vector2i(a, b + 1), Eigen::Vector2i(a + 1, b + 1));
      if (a + 1 <= b) f(Eigen::Vector2i(a, b), Eigen::Vector2i(a + 1, b), Eigen::Vector2i(a + 1, b + 1));
    }
  }
}

}  // namespace lattice_detail

/// Calls f(LatticeTriangle) for the n² triangles of the simplex's outer face
/// x+y+z = n, oriented with their normal toward +(1, 1, 1).
template <class F>
void ForEachSimplexFaceTriangle(int n, F&& f) {
  lattice_detail::ForEachStaircaseTriangle(n, [&](const auto&... s) {
    LatticeTriangle t{LatticePoint(s[0], s[1] - s[0], n - s[1])...};
    lattice_detail::EmitOriented(t, Eigen::Vector3i(1, 1, 1), f);
  });
}

/// Calls f(LatticeTriangle) for the 2mh triangles of the prism's side
/// x+y = m, 0 ≤ z ≤ h, oriented toward +(1, 1, 0).
template <class F>
void ForEachPrismSideTriangle(int m, int h, F&& f) {
  for (int c = 0; c < h; ++c) {
    for (int a = 0; a < m; ++a) {
      const LatticePoint p00(a, m - a, c), p10(a + 1, m - a - 1, c);
      const LatticePoint p01(a, m - a, c + 1), p11(a + 1, m - a - 1, c + 1);
      // Diagonal p00–p11: the face the Kuhn tetrahedra leave on b = m.
      lattice_detail::EmitOriented({p00, p10, p11}, Eigen::Vector3i(1, 1, 0), f);
      lattice_detail::EmitOriented({p00, p11, p01}, Eigen::Vector3i(1, 1, 0), f);
    }
  }
}

/// Calls f(LatticeTriangle) for the m² triangles of the prism's top z = h,
/// oriented toward +z.
template <class F>
void ForEachPrismTopTriangle(int m, int h, F&& f) {
  lattice_detail::ForEachStaircaseTriangle(m, [&](const auto&... s) {
    LatticeTriangle t{LatticePoint(s[0], s[1] - s[0], h)...};
    lattice_detail::EmitOriented(t, Eigen::Vector3i(0, 0, 1), f);
  });
}

/// Calls f(LatticeTetrahedron) for the tetrahedra that fill a solid of
/// revolution's band between an axis segment and its side, in one angular
/// sector per quadrant ring segment a ∈ [0, m): the "axis fan" of the
/// capsule body and of a long cylinder. The axis carries points k = 0..K at
/// heights axis_z[k] (increasing), the side rings j = 0..J at heights
/// side_z[j] (increasing, side_z[0] = axis_z[0], side_z[J] ≥ axis_z[K]);
/// `axis(k)` and `side(a, j)` give their lattice points (side ring j has the
/// m + 1 points a = 0..m of one quadrant).
///
/// Seen in a meridian half-plane, the band is cut into triangles each with
/// one edge on one line and its apex on the other, zipped upward: from the
/// current axis point k and side ring j, the axis advances (k → k+1) when its
/// next point lies strictly below the side's next ring, the side otherwise
/// (ties, as in the capsule whose axis and side share heights, advance the
/// side first). Revolved, a side step is the pyramid from axis point k over
/// the side quad (a, j)–(a+1, j+1), split along the side diagonal
/// (a, j)–(a+1, j+1) that ForEachPrismSideTriangle uses, and an axis step the
/// tetrahedron (axis k, axis k+1, side (a, j), side (a+1, j)). Consecutive
/// steps share the triangle (axis point, side ring segment) and sectors share
/// their meridian triangles, so the fan is conforming. Each tetrahedron is
/// non-degenerate whatever the heights (its volume is a product of a height
/// step, the ring radius squared and sin of the sector angle); the
/// orientation is left to the caller. The field e, if it is linear along
/// every segment from the axis to the side (capsule: e = 1 − ρ/R; cylinder:
/// e = (R − ρ)/R below its medial cones), is exact on every edge.
template <class Axis, class Side, class F>
void ForEachAxisFanTetrahedron(int m, const std::vector<double>& axis_z,
                               const std::vector<double>& side_z, Axis&& axis, Side&& side,
                               F&& f) {
  const int K = int(axis_z.size()) - 1, J = int(side_z.size()) - 1;
  int k = 0, j = 0;
  while (k < K || j < J) {
    const bool advance_axis = j == J || (k < K && axis_z[k + 1] < side_z[j + 1]);
    for (int a = 0; a < m; ++a) {
      if (advance_axis) {
        f(LatticeTetrahedron{axis(k), axis(k + 1), side(a, j), side(a + 1, j)});
      } else {
        const LatticePoint A = axis(k);
        const LatticePoint p00 = side(a, j), p10 = side(a + 1, j);
        const LatticePoint p01 = side(a, j + 1), p11 = side(a + 1, j + 1);
        f(LatticeTetrahedron{A, p00, p10, p11});
        f(LatticeTetrahedron{A, p00, p11, p01});
      }
    }
    (advance_axis ? k : j) += 1;
  }
}

/// Collects first-octant lattice elements, maps their vertices into G with
/// `Map` (callable LatticeVertex(const LatticePoint&), returning a point in
/// G's first octant) and mirrors every element into the eight octants,
/// sharing vertices on the mirror planes. A lattice coordinate of 0 puts the
/// vertex exactly on the corresponding plane.
template <class Map>
class SymmetricLatticeAssembler {
 public:
  /// `expected_vertices` sizes the tables; `max_coordinate` bounds the
  /// first-octant lattice coordinates used. When the lattice box is not much
  /// larger than the vertex count (volumes), vertices are found through a
  /// dense array; otherwise (surfaces: a 2D set in a 3D box) through a hash.
  SymmetricLatticeAssembler(Map map, size_t expected_vertices, const LatticePoint& max_coordinate)
      : map_(std::move(map)), size_(max_coordinate.array() + 1) {
    if ((max_coordinate.array() >= (1 << 20)).any() || (max_coordinate.array() < 0).any()) {
      throw std::logic_error("lattice coordinates out of the vertex table's range");
    }
    const double dense_size = 8.0 * size_.cast<double>().prod();
    if (dense_size <= 16.0 * double(expected_vertices) + 4096) {
      dense_.assign(size_t(dense_size), -1);
    } else {
      index_.reserve(expected_vertices);
    }
    vertices_.reserve(expected_vertices);
    extent_.reserve(expected_vertices);
  }

  /// Adds `t` and its seven mirror images, each positively oriented; the
  /// orientation is decided exactly on the lattice (for maps that preserve
  /// it).
  void AddTetrahedron(LatticeTetrahedron t) {
    const int64_t orientation = LatticeOrientation(t);
    if (orientation == 0) throw std::logic_error("lattice tetrahedron with zero volume");
    if (orientation < 0) std::swap(t[1], t[2]);
    AddOriented(t);
  }

  /// As AddTetrahedron, with the orientation decided by the mapped vertices'
  /// positions in G instead: for lattice points used as mere labels, whose
  /// lattice geometry says nothing (the caller guarantees the mapped
  /// tetrahedron is far from degenerate).
  void AddTetrahedronOrientedInG(LatticeTetrahedron t) {
    std::array<Eigen::Vector3d, 4> p;
    for (int i = 0; i < 4; ++i) p[i] = vertices_[Vertex(t[i], 0)];
    const double volume = (p[1] - p[0]).dot((p[2] - p[0]).cross(p[3] - p[0]));
    if (volume == 0) throw std::logic_error("mapped lattice tetrahedron with zero volume");
    if (volume < 0) std::swap(t[1], t[2]);
    AddOriented(t);
  }

  /// Adds the outward-oriented boundary triangle `t` and its mirror images.
  void AddTriangle(const LatticeTriangle& t) {
    for (int signs = 0; signs < 8; ++signs) {
      TriangleSurfaceMesh::Element e;
      for (int i = 0; i < 3; ++i) e[i] = Vertex(t[i], signs);
      if (std::popcount(unsigned(signs)) % 2 == 1) std::swap(e[1], e[2]);
      triangles_.push_back(e);
    }
  }

  /// The volume mesh of the tetrahedra added; `description` names the
  /// primitive if one is degenerate (see MakePrimitiveVolumeMesh).
  VolumeMeshWithExtent BuildVolume(std::string_view description) {
    return {MakePrimitiveVolumeMesh(description, std::move(tetrahedra_), std::move(vertices_)),
            std::move(extent_)};
  }

  /// The surface mesh of the triangles added; `description` names the
  /// primitive if one is degenerate (see MakePrimitiveSurfaceMesh).
  TriangleSurfaceMesh BuildSurface(std::string_view description) {
    return MakePrimitiveSurfaceMesh(description, std::move(triangles_), std::move(vertices_));
  }

 private:
  // Adds positively oriented `t` (first octant) and its mirror images.
  void AddOriented(const LatticeTetrahedron& t) {
    for (int signs = 0; signs < 8; ++signs) {
      VolumeMesh::Element e;
      for (int i = 0; i < 4; ++i) e[i] = Vertex(t[i], signs);
      // A reflection through an odd number of planes reverses orientation.
      if (std::popcount(unsigned(signs)) % 2 == 1) std::swap(e[1], e[2]);
      tetrahedra_.push_back(e);
    }
  }

  // The index of lattice point q mirrored by `signs` (bit i: negate axis i).
  int Vertex(const LatticePoint& q, int signs) {
    // Mirroring a zero coordinate gives the same point.
    for (int i = 0; i < 3; ++i) {
      if (q[i] == 0) signs &= ~(1 << i);
    }
    if ((q.array() >= size_).any()) throw std::logic_error("lattice point outside the declared box");
    int* slot;
    if (!dense_.empty()) {
      slot = &dense_[((size_t(q[0]) * size_[1] + q[1]) * size_[2] + q[2]) * 8 + signs];
    } else {
      const uint64_t key =
          ((((uint64_t(q[0]) << 20) | uint64_t(q[1])) << 20 | uint64_t(q[2])) << 3) | uint64_t(signs);
      slot = &index_.try_emplace(key, -1).first->second;
    }
    if (*slot < 0) {
      *slot = static_cast<int>(vertices_.size());
      LatticeVertex v = map_(q);
      for (int i = 0; i < 3; ++i) {
        if (q[i] == 0) v.p_GV[i] = 0;
        if (signs & (1 << i)) v.p_GV[i] = -v.p_GV[i];
      }
      vertices_.push_back(v.p_GV);
      extent_.push_back(v.extent);
    }
    return *slot;
  }

  Map map_;
  Eigen::Array3i size_;
  std::vector<int> dense_;
  std::unordered_map<uint64_t, int> index_;
  std::vector<Eigen::Vector3d> vertices_;
  std::vector<double> extent_;
  std::vector<VolumeMesh::Element> tetrahedra_;
  std::vector<TriangleSurfaceMesh::Element> triangles_;
};

/// The unit direction of first-octant lattice point (x, y, z) ≠ 0 on the
/// equal-angle octant map: polar angle φ = (π/2)·(x+y)/(x+y+z) from +z and
/// azimuth θ = (π/2)·y/(x+y), so the k-th shell's points are evenly spread
/// in angle (each latitude ring x+y = s has its s+1 points evenly spaced).
/// This keeps edge lengths within a factor π/2 of each other, where a
/// central projection of the octahedron would spread them by ~2.3.
Eigen::Vector3d OctantDirection(int x, int y, int z);

/// The unit direction (cos θ, sin θ) of first-quadrant lattice point
/// (x, y) ≠ 0 on the equal-angle disk map θ = (π/2)·y/(x+y).
Eigen::Vector2d QuadrantDirection(int x, int y);

}  // namespace hydrocontact::internal
