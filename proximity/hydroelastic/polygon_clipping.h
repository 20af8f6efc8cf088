#pragma once

/// @file
/// Fixed-capacity convex polygons and the two primitive operations the
/// contact-surface kernels are built from: slicing a tetrahedron by the zero
/// level set of a linear function (marching tetrahedra), and clipping a
/// polygon by a half-space (one Sutherland–Hodgman pass). Everything is
/// inline and allocation-free: these run once per candidate element pair.
///
/// A polygon vertex carries its position (x, y, z) in the caller's working
/// frame and a scalar value (the pressure) in a single Eigen::Vector4d, so
/// the two are interpolated together: the scalar stays exactly linear along
/// every cut.

#include <array>
#include <limits>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// A convex polygon under construction: up to kCapacity vertices, each
/// (x, y, z, value), positions in the caller's working frame. Storage is
/// inline (no heap).
struct ClipPolygon {
  /// In exact arithmetic the kernels never exceed 8 vertices (a plane cuts a
  /// tetrahedron in at most 4 points and each of 4 more clipping planes adds
  /// at most one). The spare room absorbs polygons that round-off makes
  /// slightly non-convex; beyond it a clip reports overflow.
  static constexpr int kCapacity = 16;

  /// Vertices 0..size−1 in order, counter-clockwise about the polygon's
  /// intended normal; the rest is unused storage.
  std::array<Eigen::Vector4d, kCapacity> vertices;
  /// The number of vertices in use.
  int size{0};

  /// Empties the polygon (keeps the storage).
  void clear() { size = 0; }
  /// Vertex i (x, y, z, value). @pre 0 ≤ i < size.
  const Eigen::Vector4d& operator[](int i) const { return vertices[i]; }
  Eigen::Vector4d& operator[](int i) { return vertices[i]; }
  /// Appends v. @pre size < kCapacity.
  void push_back(const Eigen::Vector4d& v) { vertices[size++] = v; }
  /// The position of vertex i.
  Eigen::Vector3d position(int i) const { return vertices[i].head<3>(); }
};

/// The closed half-space {x : normal·x ≤ offset} in the working frame.
/// `normal` need not be unit length: only signs of d(x) = normal·x − offset
/// are used to decide, and ratios of them to interpolate.
///
/// A polygon lying entirely in the boundary plane (d = 0 at every vertex) is
/// kept only if `keeps_coplanar`. Tetrahedron faces use this so a piece lying
/// exactly in a face shared by two tetrahedra goes to one of them only (see
/// TetrahedronFaceHalfSpace).
struct ClipHalfSpace {
  Eigen::Vector3d normal;
  double offset{0};
  bool keeps_coplanar{true};
  /// d(x) = normal·x − offset: > 0 outside, ≤ 0 inside.
  double Evaluate(const Eigen::Vector3d& p) const { return normal.dot(p) - offset; }
  double Evaluate(const Eigen::Vector4d& v) const { return normal.dot(v.head<3>()) - offset; }
};

/// The inside half-space of the tetrahedron face with vertices `ids` (global
/// vertex indices of the volume mesh) at positions `p`, both listed in the
/// order whose right-hand normal points out of the tetrahedron.
///
/// The plane is computed from the vertices sorted by index, so the two
/// tetrahedra sharing a face get exactly opposite values d(x) for every x
/// (bit for bit), and `keeps_coplanar` holds for exactly one of them. A
/// polygon crossing the shared face is split into two pieces that partition
/// it exactly (the crossing points are computed identically), and one lying
/// exactly in the face is kept by one of the two tetrahedra only: never
/// counted twice, never lost.
inline ClipHalfSpace TetrahedronFaceHalfSpace(std::array<int, 3> ids,
                                              std::array<const Eigen::Vector3d*, 3> p) {
  // Sort by index with a three-element network, tracking the permutation's
  // parity: an odd permutation reverses the orientation.
  bool odd = false;
  auto order = [&](int i, int j) {
    if (ids[j] < ids[i]) {
      std::swap(ids[i], ids[j]);
      std::swap(p[i], p[j]);
      odd = !odd;
    }
  };
  order(0, 1);
  order(1, 2);
  order(0, 1);
  const Eigen::Vector3d n = (*p[1] - *p[0]).cross(*p[2] - *p[0]);
  // Negation is exact, so d = σ (n·x − n·p0) is exactly opposite for the
  // neighbour, which has the other σ.
  const double sigma = odd ? -1.0 : 1.0;
  return ClipHalfSpace{sigma * n, sigma * n.dot(*p[0]), !odd};
}

/// The four inside half-spaces of tetrahedron `t` (global vertex indices,
/// positive orientation) whose vertices are at `p` (in the frame the
/// clipping works in), one per local face as VolumeMesh::kOutwardFaces
/// orders them. See TetrahedronFaceHalfSpace for why shared faces agree.
inline std::array<ClipHalfSpace, 4> TetrahedronFaceHalfSpaces(
    const std::array<int, 4>& t, const std::array<const Eigen::Vector3d*, 4>& p) {
  std::array<ClipHalfSpace, 4> result;
  for (int i = 0; i < 4; ++i) {
    const auto& local = VolumeMesh::kOutwardFaces[i];
    result[i] = TetrahedronFaceHalfSpace({t[local[0]], t[local[1]], t[local[2]]},
                                         {p[local[0]], p[local[1]], p[local[2]]});
  }
  return result;
}

/// The point on segment (a, b) at parameter t ∈ [0, 1], written so that t = 0
/// and t = 1 reproduce a and b exactly (then exact duplicates can be found by
/// comparison).
inline Eigen::Vector4d LerpVertex(const Eigen::Vector4d& a, const Eigen::Vector4d& b, double t) {
  return (1 - t) * a + t * b;
}

/// Clips `in` by `half_space` into `out` (one Sutherland–Hodgman pass; `out`
/// must not alias `in`). A vertex on the plane counts as inside, and a new
/// vertex is made only where an edge's end values have strictly opposite
/// signs, so no point is emitted twice. A polygon lying wholly in the plane
/// is kept according to `half_space.keeps_coplanar`.
/// @returns false if the result would exceed ClipPolygon::kCapacity (only
///          possible for a polygon that round-off made non-convex); `out` is
///          then unusable and the caller drops the piece.
inline bool ClipByHalfSpace(const ClipPolygon& in, const ClipHalfSpace& half_space,
                            ClipPolygon* out) {
  out->clear();
  const int n = in.size;
  if (n == 0) return true;
  double d_current = half_space.Evaluate(in[n - 1]);
  bool coplanar = d_current == 0;
  int current = n - 1;
  for (int next = 0; next < n; ++next) {
    const double d_next = half_space.Evaluate(in[next]);
    coplanar = coplanar && d_next == 0;
    // Edge (current → next): emit current if inside, then the crossing.
    if (d_current <= 0) {
      if (out->size == ClipPolygon::kCapacity) return false;
      out->push_back(in[current]);
    }
    if ((d_current < 0 && d_next > 0) || (d_current > 0 && d_next < 0)) {
      if (out->size == ClipPolygon::kCapacity) return false;
      out->push_back(LerpVertex(in[current], in[next], d_current / (d_current - d_next)));
    }
    current = next;
    d_current = d_next;
  }
  if (coplanar && !half_space.keeps_coplanar) out->clear();
  return true;
}

/// Removes vertices that exactly equal their predecessor (cyclically), the
/// zero-length edges left where a cut passes exactly through a vertex.
inline void RemoveDuplicateVertices(ClipPolygon* polygon) {
  int kept = 0;
  for (int i = 0; i < polygon->size; ++i) {
    if (kept > 0 && (*polygon)[i].head<3>() == (*polygon)[kept - 1].head<3>()) continue;
    (*polygon)[kept++] = (*polygon)[i];
  }
  while (kept > 1 && (*polygon)[kept - 1].head<3>() == (*polygon)[0].head<3>()) --kept;
  polygon->size = kept;
}

/// The second half of ClipByTetrahedron, for a caller that has classified
/// the polygon's vertices against the faces itself (with values equal to
/// ClipHalfSpace::Evaluate's, bit for bit) and found no face that rejects
/// it: clips `*in` by the faces i whose bit is set in `to_clip` (those with
/// a vertex strictly outside), in order, using `*out` as the second buffer.
/// Returns the buffer holding the result (at least 3 vertices, exact
/// duplicates removed), or nullptr when nothing of the polygon is inside.
inline ClipPolygon* ClipByTetrahedronFaces(const std::array<ClipHalfSpace, 4>& faces, int to_clip,
                                           ClipPolygon* in, ClipPolygon* out) {
  for (int i = 0; i < 4; ++i) {
    if (!(to_clip & (1 << i))) continue;
    if (!ClipByHalfSpace(*in, faces[i], out) || out->size < 3) return nullptr;
    std::swap(in, out);
  }
  RemoveDuplicateVertices(in);
  return in->size < 3 ? nullptr : in;
}

/// Clips the polygon `*in` by the four inside half-spaces `faces` of a
/// tetrahedron, using `*out` as the second buffer. Every vertex is first
/// classified against every face: a face with the whole polygon outside (or
/// lying in it while the face belongs to the neighbour, see
/// TetrahedronFaceHalfSpace) rejects it at once, and a face with the whole
/// polygon inside is not clipped by. Returns the buffer holding the result
/// (at least 3 vertices, exact duplicates removed), or nullptr when nothing
/// of the polygon is inside.
inline ClipPolygon* ClipByTetrahedron(const std::array<ClipHalfSpace, 4>& faces, ClipPolygon* in,
                                      ClipPolygon* out) {
  int to_clip = 0;
  for (int i = 0; i < 4; ++i) {
    int outside = 0, on_plane = 0;
    for (int k = 0; k < in->size; ++k) {
      const double d = faces[i].Evaluate((*in)[k]);
      outside += d > 0;
      on_plane += d == 0;
    }
    if (outside == in->size || (on_plane == in->size && !faces[i].keeps_coplanar)) return nullptr;
    if (outside > 0) to_clip |= 1 << i;
  }
  return ClipByTetrahedronFaces(faces, to_clip, in, out);
}

/// Σ over the fan from vertex 0 of (vₖ − v₀) × (vₖ₊₁ − v₀): twice the area
/// times the unit normal by the right-hand rule on the vertex order (for a
/// planar convex polygon).
inline Eigen::Vector3d PolygonAreaVector(const ClipPolygon& polygon) {
  Eigen::Vector3d area_vector = Eigen::Vector3d::Zero();
  const Eigen::Vector3d p0 = polygon.position(0);
  for (int k = 1; k + 1 < polygon.size; ++k) {
    area_vector += (polygon.position(k) - p0).cross(polygon.position(k + 1) - p0);
  }
  return area_vector;
}

/// Reverses the vertex order (flips the right-hand normal).
inline void ReverseVertexOrder(ClipPolygon* polygon) {
  for (int i = 0, j = polygon->size - 1; i < j; ++i, --j) {
    std::swap((*polygon)[i], (*polygon)[j]);
  }
}

/// Marching tetrahedra: the polygon where the linear function h (values
/// h[i] at the tetrahedron's vertices) vanishes inside the tetrahedron whose
/// vertices are `vertices[i]` = (position, value). Each polygon vertex lies
/// on an edge whose end values of h are > 0 and ≤ 0; its position and value
/// are interpolated linearly. The result has 3 or 4 vertices, or none when h
/// does not change sign, and is ordered counter-clockwise seen from the side
/// `normal` points to (its right-hand normal has a positive component along
/// `normal`, which should be ∇h or a positive multiple).
inline void SliceTetrahedron(const std::array<Eigen::Vector4d, 4>& vertices,
                             const std::array<double, 4>& h, const Eigen::Vector3d& normal,
                             ClipPolygon* out) {
  out->clear();
  int positive[4], non_positive[4];
  int num_positive = 0, num_non_positive = 0;
  for (int i = 0; i < 4; ++i) {
    if (h[i] > 0) {
      positive[num_positive++] = i;
    } else {
      non_positive[num_non_positive++] = i;
    }
  }
  if (num_positive == 0 || num_positive == 4) return;
  auto cut = [&](int i, int j) {
    // h[i] and h[j] differ in sign (one > 0, the other ≤ 0), so the
    // denominator is strictly non-zero.
    out->push_back(LerpVertex(vertices[i], vertices[j], h[i] / (h[i] - h[j])));
  };
  if (num_positive == 1 || num_positive == 3) {
    // One vertex alone on its side: the cut is a triangle on its three edges.
    const int lone = num_positive == 1 ? positive[0] : non_positive[0];
    for (int k = 0; k < 4; ++k) {
      if (k != lone) cut(lone, k);
    }
  } else {
    // Two and two: a quadrilateral. Walking a → c → b → d → a around the
    // edges (a,c), (a,d), (b,d), (b,c) visits them in cyclic order, because
    // consecutive edges share a vertex of the tetrahedron.
    const int a = positive[0], b = positive[1];
    const int c = non_positive[0], d = non_positive[1];
    cut(a, c);
    cut(a, d);
    cut(b, d);
    cut(b, c);
  }
  if (PolygonAreaVector(*out).dot(normal) < 0) ReverseVertexOrder(out);
}


/// How the zero level set of a linear function h cuts a *positively
/// oriented* tetrahedron (VolumeMesh's convention), for one sign pattern of
/// h at its vertices: the polygon's vertices lie on `edges[0..size)` in this
/// order, which is counter-clockwise seen from the side ∇h points to. On
/// edge (i, j), h[i] and h[j] have opposite signs (one > 0, the other ≤ 0)
/// and i is the vertex SliceTetrahedron interpolates from (the vertex alone
/// on its side, or the positive one of a two-and-two split).
struct TetrahedronSliceCase {
  /// 0 (h does not change sign), 3 or 4.
  int size{0};
  /// A triangle's fourth entry repeats its first, so that a slicer may cut
  /// four edges without branching on the size (the spare vertex lands past
  /// the end of the polygon).
  std::array<std::array<int, 2>, 4> edges{};
  /// Where vertex k goes when the polygon is stored rotated by one (vertex
  /// k at k + 1, the last at 0; the spare fourth of a triangle at 4).
  std::array<int, 4> rotated_slot{};
};

namespace internal {

// The sixteen cases, by sign pattern (bit i set when h[i] > 0). The edges
// are listed as SliceTetrahedron cuts them; the order is then fixed on the
// reference tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1) with h = ±1 at
// its vertices, in exact integer arithmetic: every cut is then a midpoint
// (doubled: r_i + r_j), ∇h = (h1 − h0, h2 − h0, h3 − h0), and the order is
// reversed when the fan's area vector points against ∇h, as
// SliceTetrahedron does. The orientation of the cut relative to ∇h is the
// same for every positively oriented tetrahedron and every h with this sign
// pattern: it varies continuously and the area never vanishes while the
// signs are strict (the cut points stay on distinct edges), and the set of
// such (tetrahedron, h) is connected.
constexpr std::array<TetrahedronSliceCase, 16> MakeTetrahedronSliceCases() {
  constexpr int kReference[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  std::array<TetrahedronSliceCase, 16> cases{};
  for (int mask = 1; mask < 15; ++mask) {
    int positive[4] = {}, non_positive[4] = {};
    int num_positive = 0, num_non_positive = 0;
    for (int i = 0; i < 4; ++i) {
      if (mask & (1 << i)) {
        positive[num_positive++] = i;
      } else {
        non_positive[num_non_positive++] = i;
      }
    }
    TetrahedronSliceCase& c = cases[mask];
    if (num_positive == 1 || num_positive == 3) {
      const int lone = num_positive == 1 ? positive[0] : non_positive[0];
      for (int k = 0; k < 4; ++k) {
        if (k != lone) c.edges[c.size++] = {lone, k};
      }
    } else {
      const int a = positive[0], b = positive[1];
      const int cc = non_positive[0], d = non_positive[1];
      c.edges = {{{a, cc}, {a, d}, {b, d}, {b, cc}}};
      c.size = 4;
    }
    int q[4][3] = {};
    for (int k = 0; k < c.size; ++k) {
      for (int x = 0; x < 3; ++x) q[k][x] = kReference[c.edges[k][0]][x] + kReference[c.edges[k][1]][x];
    }
    int area[3] = {0, 0, 0};
    for (int k = 1; k + 1 < c.size; ++k) {
      const int u[3] = {q[k][0] - q[0][0], q[k][1] - q[0][1], q[k][2] - q[0][2]};
      const int v[3] = {q[k + 1][0] - q[0][0], q[k + 1][1] - q[0][1], q[k + 1][2] - q[0][2]};
      area[0] += u[1] * v[2] - u[2] * v[1];
      area[1] += u[2] * v[0] - u[0] * v[2];
      area[2] += u[0] * v[1] - u[1] * v[0];
    }
    int h[4];
    for (int i = 0; i < 4; ++i) h[i] = (mask & (1 << i)) ? 1 : -1;
    const int along = area[0] * (h[1] - h[0]) + area[1] * (h[2] - h[0]) + area[2] * (h[3] - h[0]);
    if (along < 0) {
      for (int i = 0, j = c.size - 1; i < j; ++i, --j) {
        const std::array<int, 2> e = c.edges[i];
        c.edges[i] = c.edges[j];
        c.edges[j] = e;
      }
    }
    if (c.size == 3) c.edges[3] = c.edges[0];
    for (int k = 0; k < 4; ++k) c.rotated_slot[k] = k + 1 == c.size ? 0 : k + 1;
  }
  return cases;
}

}  // namespace internal

/// The cut of a positively oriented tetrahedron for each sign pattern of h
/// (index: bit i set when h[i] > 0). See TetrahedronSliceCase.
inline constexpr std::array<TetrahedronSliceCase, 16> kTetrahedronSliceCases =
    internal::MakeTetrahedronSliceCases();

/// The sign pattern of h: bit i set when h[i] > 0 (0 and 15: no cut).
inline int PositiveSignPattern(const std::array<double, 4>& h) {
#if defined(__SSE2__)
  // Two packed comparisons and their sign masks; the same bits as the
  // scalar comparisons below (a NaN compares false in both).
  const __m128d zero = _mm_setzero_pd();
  return _mm_movemask_pd(_mm_cmpgt_pd(_mm_loadu_pd(&h[0]), zero)) |
         _mm_movemask_pd(_mm_cmpgt_pd(_mm_loadu_pd(&h[2]), zero)) << 2;
#else
  return int(h[0] > 0) | int(h[1] > 0) << 1 | int(h[2] > 0) << 2 | int(h[3] > 0) << 3;
#endif
}

/// Whether the plane h = 0 cuts a tetrahedron of this PositiveSignPattern:
/// neither every value positive (15) nor none (0), so its entry in
/// kTetrahedronSliceCases has a slice; false too for any value outside
/// 0..15, which is no pattern. One unsigned comparison, so that a caller
/// can count the cut tetrahedra without a branch. (The subtraction is
/// unsigned: in int, pattern − 1 would overflow for INT_MIN.)
inline bool PatternCuts(int pattern) { return static_cast<unsigned>(pattern) - 1u < 14u; }

/// SliceTetrahedron specialised to a positively oriented tetrahedron (as
/// VolumeMesh guarantees) with the normal ∇h: the same polygon, vertex for
/// vertex and bit for bit, read from kTetrahedronSliceCases instead of
/// being sorted by signs and oriented by its area vector. The tetrahedron's
/// vertices are at *p[i] with values `value[i]`; `pattern` must be
/// PositiveSignPattern(h). The result has 3 or 4 vertices (none for the
/// patterns 0 and 15) and may repeat a vertex where h vanishes exactly at
/// one (see RemoveRepeatedVertices).
///
/// With `rotated`, the vertices are stored one place later, the last first:
/// the order ClipByHalfSpace leaves a polygon in when it lies wholly inside
/// the half-space, so a caller that finds it there can skip that pass.
///
/// The two can differ only in orientation, and only when the area vector
/// computed from rounded vertices points against ∇h: a sliver whose extent
/// is at the level of round-off, which SliceTetrahedron orients by its
/// round-off and this function by the exact sign pattern.
inline void SlicePositiveTetrahedron(const std::array<const Eigen::Vector3d*, 4>& p,
                                     const std::array<double, 4>& value,
                                     const std::array<double, 4>& h, int pattern,
                                     ClipPolygon* out, bool rotated = false) {
  const TetrahedronSliceCase& c = kTetrahedronSliceCases[pattern];
  out->size = c.size;
  if (c.size == 0) return;
  static constexpr std::array<int, 4> kPlainSlot{0, 1, 2, 3};
  const std::array<int, 4>& slot = rotated ? c.rotated_slot : kPlainSlot;
  // Four cuts without a loop (a triangle's fourth is a spare copy of its
  // first, stored past its end). As in SliceTetrahedron, h[i] and h[j]
  // differ in sign on every edge, so the denominators are non-zero; the
  // parameters t = h[i] / (h[i] − h[j]) are computed two at a time.
  const auto& e = c.edges;
  const Eigen::Array2d h_i01(h[e[0][0]], h[e[1][0]]), h_j01(h[e[0][1]], h[e[1][1]]);
  const Eigen::Array2d h_i23(h[e[2][0]], h[e[3][0]]), h_j23(h[e[2][1]], h[e[3][1]]);
  const Eigen::Array2d t01 = h_i01 / (h_i01 - h_j01);
  const Eigen::Array2d t23 = h_i23 / (h_i23 - h_j23);
  auto cut = [&](int k, double t) {
    const int i = e[k][0], j = e[k][1];
    // LerpVertex's interpolation, component by component (so t = 1
    // reproduces vertex j exactly), in two pairs, (x, y) and (z, value),
    // which Eigen computes as one packet each.
    const double s = 1 - t;
    const Eigen::Vector3d& a = *p[i];
    const Eigen::Vector3d& b = *p[j];
    Eigen::Vector4d& q = out->vertices[slot[k]];
    q.head<2>() = s * a.head<2>() + t * b.head<2>();
    q.tail<2>() = s * Eigen::Vector2d(a.z(), value[i]) + t * Eigen::Vector2d(b.z(), value[j]);
  };
  cut(0, t01(0));
  cut(1, t01(1));
  cut(2, t23(0));
  cut(3, t23(1));
}

/// The margin SliceOutsideAFace needs, in the units of d: 64ε·S, for S ≥
/// ‖normal‖₁·X + |offset| over the faces it tests, X bounding the
/// coordinates (‖x‖∞) of the tetrahedron's vertices.
inline double SliceOutsideMargin(double scale) {
  return 64 * std::numeric_limits<double>::epsilon() * scale;
}

/// Whether the slice of a tetrahedron by the plane h = 0 lies outside one of
/// four half-spaces by more than `margin` at every vertex: then
/// ClipByTetrahedron with those half-spaces rejects the slice SliceTetrahedron
/// makes at once, so a caller can skip making it. The tetrahedron's vertices
/// need not be given: `d[f][i]` is half-space f's ClipHalfSpace::Evaluate at
/// vertex i, and `h` the values SliceTetrahedron takes.
///
/// Why it is exact for the slice as computed: a slice vertex lies on an edge
/// (a, b) whose ends differ in sign, at t = h_a/(h_a − h_b) from a, where d
/// is the weighted mean (h_a d_b − h_b d_a)/(h_a − h_b) of d_a and d_b (both
/// weights in [0, 1]). SliceTetrahedron's rounding of t and of the
/// coordinates, and Evaluate's at the rounded vertex, move its d by less
/// than 13ε·S (S as in SliceOutsideMargin); the rounded d_a, d_b and this
/// function's own products, by less than 10ε·S. A vertex that passes here
/// with margin ≥ SliceOutsideMargin(S) = 64ε·S so has Evaluate > 0 when
/// the slice is made. (A false answer decides nothing: the slice is made
/// and clipped as usual.) Branch-free: one table look-up, then four edge
/// tests per face.
inline bool SliceOutsideAFace(const std::array<std::array<double, 4>, 4>& d,
                              const std::array<double, 4>& h, double margin) {
  // The edges whose ends differ in sign, one per slice vertex (a
  // triangle's first edge again as its fourth); h_i − h_j ≠ 0 on each.
  const TetrahedronSliceCase& c = kTetrahedronSliceCases[PositiveSignPattern(h)];
  std::array<int, 4> i, j;
  std::array<double, 4> h_i, h_j, difference, bound;
  for (int k = 0; k < 4; ++k) {
    i[k] = c.edges[k][0];
    j[k] = c.edges[k][1];
    h_i[k] = h[i[k]];
    h_j[k] = h[j[k]];
    difference[k] = h_i[k] - h_j[k];
    bound[k] = margin * difference[k] * difference[k];
  }
  bool outside_one = false;
  for (int f = 0; f < 4; ++f) {
    const std::array<double, 4>& d_f = d[f];
    // d at the vertex is (h_i d_j − h_j d_i)/(h_i − h_j); compared with the
    // margin after multiplying both by (h_i − h_j)², whatever its sign.
    bool outside_all = true;
    for (int k = 0; k < 4; ++k) {
      outside_all &= (h_i[k] * d_f[j[k]] - h_j[k] * d_f[i[k]]) * difference[k] > bound[k];
    }
    outside_one |= outside_all;
  }
  // (The pattern 0 or 15 has no slice and no edges: the table's zero
  // edges give h_i − h_j = 0, so every comparison is 0 > 0, false.)
  return outside_one;
}

/// RemoveDuplicateVertices with a fast exit: equal positions need equal
/// x coordinates, so when no two cyclically consecutive vertices share
/// their x (the usual case, where RemoveDuplicateVertices would copy every
/// vertex onto itself) nothing is done, and otherwise RemoveDuplicateVertices
/// runs. The result is identical.
inline void RemoveRepeatedVertices(ClipPolygon* polygon) {
  const int n = polygon->size;
  if (n == 0) return;
  const Eigen::Vector4d* v = polygon->vertices.data();
  bool same_x = false;
#if defined(__SSE2__)
  if (n == 3 || n == 4) {
    // The slicers' sizes, in two packed comparisons: (x_0, x_1) against
    // (x_{n−1}, x_0) and (x_2, x_{n−1}) against (x_1, x_{n−2}), which covers
    // every cyclic pair (a triangle compares x_2 with x_1 twice). A NaN
    // compares unequal, as in RemoveDuplicateVertices.
    const __m128d x01 = _mm_set_pd(v[1].x(), v[0].x());
    const __m128d before01 = _mm_set_pd(v[0].x(), v[n - 1].x());
    const __m128d x2n = _mm_set_pd(v[n - 1].x(), v[2].x());
    const __m128d before2n = _mm_set_pd(v[n - 2].x(), v[1].x());
    same_x = _mm_movemask_pd(_mm_or_pd(_mm_cmpeq_pd(x01, before01), _mm_cmpeq_pd(x2n, before2n)));
  } else
#endif
  {
    same_x = v[0].x() == v[n - 1].x();
    for (int i = 1; i < n; ++i) same_x |= v[i].x() == v[i - 1].x();
  }
  if (same_x) RemoveDuplicateVertices(polygon);
}

}  // namespace hydrocontact
