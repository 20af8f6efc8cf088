#include "proximity/hydroelastic/contact_surface_builder.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>

#include <fmt/format.h>

#include "mesh/aabb.h"

namespace hydrocontact {
namespace {

// What the build of one polygon left in its slots (see Slots): bit i (i <
// 16) says fan triangle i was kept (triangle representation), kPolygonKept
// that the polygon survived the polygon-level tests (its vertices are kept;
// in the polygon representation, its face too).
constexpr uint32_t kPolygonKept = 1u << 31;

// Below this many polygons the build runs on the calling thread: waking the
// pool and the per-chunk bookkeeping would cost more than they save.
constexpr int kMinPolygonsToSplit = 2048;
// The number of chunks a split build cuts the polygons into. The result does
// not depend on it (every polygon is built alone into its own slots).
constexpr int kBuildChunks = 8;
// The surface's total area and centroid are summed per block of this many
// polygons and then over the blocks in order. Chunks start on block
// boundaries, so the sums, and so the totals to the last bit, are the same
// however the polygons are cut into chunks.
constexpr int kTotalsBlock = 256;

// The area and area moment of the faces of one block of polygons.
struct BlockTotals {
  double area{0};
  Eigen::Vector3d moment{Eigen::Vector3d::Zero()};
};

// The arrays a build writes (see ContactSurfaceArrays), those of the
// representation in use, as plain pointers taken once the arrays have their
// sizes: through the vectors, every store would first reload the vector's
// data pointer (the compiler cannot tell the stores do not change it).
// Shrinking the arrays afterwards keeps them valid. grad_M / grad_N are
// null when that geometry is rigid.
struct OutputArrays {
  Eigen::Vector3d* vertices;
  double* values;
  Eigen::Vector3d* normals;
  double* areas;
  Eigen::Vector3d* centroids;
  Eigen::Vector3d* gradients;
  double* offsets;
  Eigen::Vector3d* grad_M;
  Eigen::Vector3d* grad_N;
};

OutputArrays OutputArraysOf(ContactSurfaceArrays& out, bool triangles, bool has_grad_M,
                            bool has_grad_N) {
  auto of = [&](auto& mesh, auto& field) {
    return OutputArrays{mesh.vertices.data(),
                        field.values.data(),
                        mesh.face_normals.data(),
                        mesh.areas.data(),
                        mesh.centroids.data(),
                        field.gradients.data(),
                        field.offsets.data(),
                        has_grad_M ? out.grad_eM_W.data() : nullptr,
                        has_grad_N ? out.grad_eN_W.data() : nullptr};
  };
  return triangles ? of(out.tri_mesh_W, out.tri_e_MN) : of(out.poly_mesh_W, out.poly_e_MN);
}

// Twice an area that no polygon of a patch of this bounding-box diagonal
// D can exceed while failing a degeneracy test. Every vertex lies in the
// patch's box, so every edge is at most D long: twice the area above
// kDegeneratePolygonRatio·D² clears the ratio test, and, being above
// 2·kNegligibleAreaRatio·D², the area test. A polygon of n ≤ 16 vertices
// and longest edge ℓ has diameter ≤ nℓ/2 and a fan of n − 2 triangles,
// so twice its area is at most (n − 2)(nℓ/2)² < 1000ℓ²: here ℓ² > 1e-15·D²,
// far above the negligible edge's (kNegligibleEdgeRatio·D)². The factor 2
// covers the rounding of D and of the edges after rotation to W (1e-15
// relative). A NaN or infinite D gives a bound no area passes.
double ClearlyWholeTwiceArea(double patch_size) {
  static_assert(kDegeneratePolygonRatio > 2 * kNegligibleAreaRatio);
  static_assert(kDegeneratePolygonRatio / 1000 > kNegligibleEdgeRatio * kNegligibleEdgeRatio);
  static_assert(ClipPolygon::kCapacity <= 16);
  return 2 * kDegeneratePolygonRatio * patch_size * patch_size;
}

// Moves face `from`'s data to slot `to` ≤ from.
void MoveFace(const OutputArrays& arrays, int from, int to) {
  arrays.normals[to] = arrays.normals[from];
  arrays.areas[to] = arrays.areas[from];
  arrays.centroids[to] = arrays.centroids[from];
  arrays.gradients[to] = arrays.gradients[from];
  arrays.offsets[to] = arrays.offsets[from];
  if (arrays.grad_M) arrays.grad_M[to] = arrays.grad_M[from];
  if (arrays.grad_N) arrays.grad_N[to] = arrays.grad_N[from];
}

// Everything the build of a polygon reads, and the arrays it writes into.
//
// Each polygon k, with n vertices starting at b = polygons.begin(k), owns
// fixed slots of the output (an upper bound of what it can leave), so that
// polygons can be built in any order and on any thread:
//  - polygon representation: vertices [b, b + n), face k, face data
//    [b + k, b + k + n + 1);
//  - triangle representation: vertices [b + k, b + k + n + 1) (the last is
//    the centroid), fan triangles [b, b + n).
// When a piece is dropped its slots are left unused and CompactAndTrim
// closes the gaps afterwards.
//
// A build on the calling thread alone (`packed` set) instead writes every
// piece right after the previous one, where CompactAndTrim would move it:
// the same layout, with nothing to move when a piece is dropped.
struct Build {
  const ContactPolygons& polygons;
  RigidTransform X_WF;
  bool flip;
  bool triangles;
  bool has_grad_M;
  bool has_grad_N;
  const std::vector<Eigen::Vector3d>& grad_M_F;
  const std::vector<Eigen::Vector3d>& grad_N_F;
  double negligible_edge_sq;
  double negligible_twice_area;
  // Twice an area above which a polygon passes every degeneracy test
  // whatever its edges (see PolygonOfSize).
  double clearly_whole_twice_area;
  ContactSurfaceArrays& out;
  std::vector<uint32_t>& kept;
  std::vector<BlockTotals>& block_totals;
  // The next free vertex, face and face-data entry of a packed build;
  // null for a build into slots.
  struct Packed {
    int vertices{0};
    int faces{0};
    int face_data{0};
  }* packed;
  // Pointers into `out`'s arrays (OutputArraysOf, after sizing).
  OutputArrays arrays;

  // Writes face `f`'s data (see ContactSurfaceArrays) into its slot.
  // `offset`: the pressure's value at W's origin on the face's plane (see
  // MeshFieldLinear::Arrays::offsets).
  void WriteFace(int f, const Eigen::Vector3d& nhat_W, double area, const Eigen::Vector3d& p_WC,
                 const Eigen::Vector3d& grad_e, double offset, const Eigen::Vector3d& grad_M,
                 const Eigen::Vector3d& grad_N) const {
    arrays.normals[f] = nhat_W;
    arrays.areas[f] = area;
    arrays.centroids[f] = p_WC;
    arrays.gradients[f] = grad_e;
    arrays.offsets[f] = offset;
    if (has_grad_M) arrays.grad_M[f] = grad_M;
    if (has_grad_N) arrays.grad_N[f] = grad_N;
  }

  // Builds polygons [k_begin, k_end) into their slots (or packed), records
  // in kept[k] what each left and sums its blocks' totals. Returns whether
  // every piece was kept (nothing to compact).
  // @pre k_begin is a multiple of kTotalsBlock.
  bool Polygons(int k_begin, int k_end) const;

  // Polygons with kTriangles == triangles and kPacked == (packed != null):
  // one copy of the loop per case, without tests of them per polygon.
  template <bool kTriangles, bool kPacked>
  bool PolygonsIn(int k_begin, int k_end) const;

  // Builds polygon k into its slots, records in kept[k] what it left and
  // adds its faces to *totals. Returns whether every piece was kept.
  template <bool kTriangles, bool kPacked>
  bool Polygon(int k, BlockTotals* totals) const;

  // Polygon's body for a polygon of kSize vertices (0: any size, n). The
  // slicers' triangles and quadrilaterals get their own copies, whose loops
  // the compiler unrolls and keeps in registers; the arithmetic is the same
  // for every kSize, so is the result, bit for bit.
  template <int kSize, bool kTriangles, bool kPacked>
  bool PolygonOfSize(int k, int begin, int n, BlockTotals* totals) const;
};

bool Build::Polygons(int k_begin, int k_end) const {
  if (packed) {
    return triangles ? PolygonsIn<true, true>(k_begin, k_end)
                     : PolygonsIn<false, true>(k_begin, k_end);
  }
  return triangles ? PolygonsIn<true, false>(k_begin, k_end)
                   : PolygonsIn<false, false>(k_begin, k_end);
}

template <bool kTriangles, bool kPacked>
bool Build::PolygonsIn(int k_begin, int k_end) const {
  bool all_kept = true;
  for (int block_begin = k_begin; block_begin < k_end; block_begin += kTotalsBlock) {
    const int block_end = std::min(block_begin + kTotalsBlock, k_end);
    BlockTotals totals;
    for (int k = block_begin; k < block_end; ++k) {
      all_kept = Polygon<kTriangles, kPacked>(k, &totals) && all_kept;
    }
    block_totals[block_begin / kTotalsBlock] = totals;
  }
  return all_kept;
}

template <bool kTriangles, bool kPacked>
bool Build::Polygon(int k, BlockTotals* totals) const {
  kept[k] = 0;
  const int begin = polygons.begin(k);
  const int n = polygons.ends[k] - begin;
  switch (n) {
    case 3:
      return PolygonOfSize<3, kTriangles, kPacked>(k, begin, n, totals);
    case 4:
      return PolygonOfSize<4, kTriangles, kPacked>(k, begin, n, totals);
    default:
      // (ValidateLayout has ruled out n > ClipPolygon::kCapacity.)
      if (n < 3) return false;
      return PolygonOfSize<0, kTriangles, kPacked>(k, begin, n, totals);
  }
}

template <int kSize, bool kTriangles, bool kPacked>
bool Build::PolygonOfSize(int k, int begin, int n_any, BlockTotals* totals) const {
  const int n = kSize > 0 ? kSize : n_any;
  constexpr int kStorage = kSize > 0 ? kSize : ClipPolygon::kCapacity;
  const Eigen::Matrix3d& R_WF = X_WF.rotation();
  Eigen::Vector3d* const vertices_W = arrays.vertices;
  double* const values = arrays.values;
  std::array<Eigen::Vector3d, kStorage> p_W;
  std::array<Eigen::Vector3d, kStorage> fan_cross;
  std::array<double, kStorage> pressure;
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector4d& v = polygons.vertices[begin + (flip ? n - 1 - i : i)];
    p_W[i] = X_WF * Eigen::Vector3d(v.head<3>());
    pressure[i] = std::max(0.0, v[3]);
  }
  const Eigen::Vector3d nhat_W = (flip ? -1.0 : 1.0) * (R_WF * polygons.normals[k]);

  // The same fan from vertex 0 as PolygonSurfaceMesh uses, so the test
  // below is the mesh's own degeneracy test, only stricter.
  // Summed per component: summed as vectors, the compiler pairs x and y
  // by storing them and reloading them as one, which stalls on store
  // forwarding (a sixth of this loop's time).
  double area_x = 0, area_y = 0, area_z = 0;
  for (int i = 1; i + 1 < n; ++i) {
    fan_cross[i] = (p_W[i] - p_W[0]).cross(p_W[i + 1] - p_W[0]);
    area_x += fan_cross[i].x();
    area_y += fan_cross[i].y();
    area_z += fan_cross[i].z();
  }
  const Eigen::Vector3d area_vector(area_x, area_y, area_z);
  // Edge i runs from vertex i to vertex i + 1 (mod n). The fan below
  // reuses the edges and their squared lengths (the same expressions, so the
  // same values); the maximum is taken in the order edge n−1, 0, 1, ….
  std::array<Eigen::Vector3d, kStorage> edge;
  std::array<double, kStorage> edge_sq{};  // Zeroed for the compiler only: n ≥ 3.
  auto longest_edge_sq = [&] {
    for (int i = 0; i < n; ++i) {
      edge[i] = p_W[i + 1 == n ? 0 : i + 1] - p_W[i];
      edge_sq[i] = edge[i].squaredNorm();
    }
    double longest_sq = edge_sq[n - 1];
    for (int i = 0; i + 1 < n; ++i) longest_sq = std::max(longest_sq, edge_sq[i]);
    return longest_sq;
  };
  // Twice the area along the intended normal n̂. Every kernel's polygon
  // lies in the plane normal to its n̂ (the rigid triangle's plane, the
  // half-space's, or the equilibrium plane of ∇h, which the slicing
  // interpolates), so this is |area vector| to round-off, and n̂ is the
  // face's unit normal: no square root or division per polygon. (For a
  // piece whose vertex-derived normal would be dominated by round-off, n̂
  // is the better normal.)
  const double twice_area = area_vector.dot(nhat_W);
  // The degeneracy tests need the longest edge, unless the area alone
  // settles them: an area above clearly_whole_twice_area passes all three
  // (see its definition), so the edges are measured only for the rare
  // small piece, or when the fan below needs them.
  constexpr bool kFanNeedsEdges = kTriangles && kSize != 3;
  if (kFanNeedsEdges || !(twice_area > clearly_whole_twice_area)) {
    const double longest_sq = longest_edge_sq();
    if (!(longest_sq > negligible_edge_sq) ||
        !(twice_area > kDegeneratePolygonRatio * longest_sq) ||
        !(twice_area > negligible_twice_area)) {
      return false;
    }
  }

  // A rigid side's gradient is absent: not rotated, not stored.
  const Eigen::Vector3d grad_M_W =
      has_grad_M ? Eigen::Vector3d(R_WF * grad_M_F[k]) : Eigen::Vector3d::Zero();
  const Eigen::Vector3d grad_N_W =
      has_grad_N ? Eigen::Vector3d(R_WF * grad_N_F[k]) : Eigen::Vector3d::Zero();
  // The face's area centroid, from the fan of vertex 0: its triangles lie
  // in the plane normal to n̂, so twice their areas are the projections
  // cross·n̂ (no square root each), as the mesh would derive them from the
  // vertices, to round-off. The centroid's pressure is the mean of the
  // linear field over the polygon, which is its value there.
  Eigen::Vector3d p_WC;
  double pressure_C;
  if constexpr (kSize == 3) {
    // A triangle's area centroid is the mean of its vertices.
    p_WC = (p_W[0] + p_W[1] + p_W[2]) * (1.0 / 3);
    pressure_C = (pressure[0] + pressure[1] + pressure[2]) * (1.0 / 3);
  } else {
    Eigen::Vector3d moment = Eigen::Vector3d::Zero();
    double pressure_moment = 0;
    for (int i = 1; i + 1 < n; ++i) {
      const double t = fan_cross[i].dot(nhat_W);
      moment += t * (p_W[0] + p_W[i] + p_W[i + 1]);
      pressure_moment += t * (pressure[0] + pressure[i] + pressure[i + 1]);
    }
    const double inv_three_twice_area = 1 / (3 * twice_area);
    p_WC = moment * inv_three_twice_area;
    pressure_C = pressure_moment * inv_three_twice_area;
  }
  // The vertex pressures sample a compliant geometry's linear field (M's
  // when it is compliant, else N's; on a compliant–compliant surface the
  // two agree), so the surface field's gradient is that field's gradient
  // projected onto the face's plane: exact, where the mesh field would
  // solve for it from the vertex values.
  const Eigen::Vector3d& grad_p_W = has_grad_M ? grad_M_W : grad_N_W;
  const Eigen::Vector3d grad_e_W = grad_p_W - grad_p_W.dot(nhat_W) * nhat_W;
  // The field's value at W's origin on the face's plane (its fan triangles
  // share the plane, so they share it too).
  const double offset = pressure[0] - grad_e_W.dot(p_W[0]);
  const int first_vertex = kPacked ? packed->vertices : kTriangles ? begin + k : begin;
  for (int i = 0; i < n; ++i) {
    vertices_W[first_vertex + i] = p_W[i];
    values[first_vertex + i] = pressure[i];
  }
  if constexpr (!kTriangles) {
    const int f = kPacked ? packed->faces : k;
    const int face_offset = kPacked ? packed->face_data : begin + k;
    int* face = out.poly_mesh_W.face_data.data() + face_offset;
    face[0] = n;
    for (int i = 0; i < n; ++i) face[1 + i] = first_vertex + i;
    out.poly_mesh_W.face_offsets[f] = face_offset;
    if constexpr (kPacked) {
      packed->vertices += n;
      packed->faces += 1;
      packed->face_data += n + 1;
    }
    WriteFace(f, nhat_W, twice_area / 2, p_WC, grad_e_W, offset, grad_M_W, grad_N_W);
    totals->area += twice_area / 2;
    totals->moment += (twice_area / 2) * p_WC;
    kept[k] = kPolygonKept;
    return true;
  }
  // Fan around the area centroid. The fan triangles lie in the polygon's
  // plane, so each one's normal is the polygon's n̂ and twice its area is
  // cross·n̂: what TriangleSurfaceMesh would compute from the vertices, to
  // round-off, without a square root and three divisions per triangle
  // (they bounded the build's time).
  const int centroid = first_vertex + n;
  vertices_W[centroid] = p_WC;
  values[centroid] = pressure_C;
  // A packed build's next face, in a local (through `packed`, each face's
  // stores would force it to be reloaded).
  int next_face = kPacked ? packed->faces : 0;
  TriangleSurfaceMesh::Element* const triangles_W = out.tri_mesh_W.triangles.data();
  auto write_fan_triangle = [&](int i, int j, double fan_twice_area) {
    const int f = kPacked ? next_face++ : begin + i;
    triangles_W[f] = {first_vertex + i, first_vertex + j, centroid};
    const Eigen::Vector3d p_WFan = (p_W[i] + p_W[j] + p_WC) * (1.0 / 3);
    WriteFace(f, nhat_W, fan_twice_area / 2, p_WFan, grad_e_W, offset, grad_M_W, grad_N_W);
    totals->area += fan_twice_area / 2;
    totals->moment += (fan_twice_area / 2) * p_WFan;
  };
  if constexpr (kSize == 3) {
    // A triangle's fan about its centroid: three triangles of a third of
    // its area each. Their sides are its edges and the spokes (two thirds
    // of a median, so no longer than its longest edge ℓ), and twice their
    // area along the intended normal is a third of the triangle's, which
    // passed the test above: above 1e-12 ℓ² / 3, three times
    // kDegenerateFanTriangleRatio's bound, far beyond round-off. All three
    // are kept, as the test below would keep them.
    static_assert(kDegeneratePolygonRatio / 3 > 3 * kDegenerateFanTriangleRatio);
    const double fan_twice_area = twice_area * (1.0 / 3);
    write_fan_triangle(0, 1, fan_twice_area);
    write_fan_triangle(1, 2, fan_twice_area);
    write_fan_triangle(2, 0, fan_twice_area);
    if constexpr (kPacked) {
      packed->vertices += n + 1;
      packed->faces = next_face;
    }
    kept[k] = kPolygonKept | 7u;
    return true;
  }
  // The spokes p_WC − vertex i; the fan triangle on edge i has the sides
  // edge i, −spoke (i + 1) and spoke i (negation is exact, so their squared
  // lengths are the spokes').
  std::array<Eigen::Vector3d, kStorage> spoke;
  std::array<double, kStorage> spoke_sq;
  for (int i = 0; i < n; ++i) {
    spoke[i] = p_WC - p_W[i];
    spoke_sq[i] = spoke[i].squaredNorm();
  }
  uint32_t mask = kPolygonKept;
  for (int i = 0; i < n; ++i) {
    const int j = i + 1 == n ? 0 : i + 1;
    const double fan_longest_sq = std::max({edge_sq[i], spoke_sq[j], spoke_sq[i]});
    const double fan_twice_area = edge[i].cross(spoke[i]).dot(nhat_W);
    if (!(fan_twice_area > kDegenerateFanTriangleRatio * fan_longest_sq)) continue;
    write_fan_triangle(i, j, fan_twice_area);
    mask |= 1u << i;
  }
  if constexpr (kPacked) {
    packed->vertices += n + 1;
    packed->faces = next_face;
  }
  kept[k] = mask;
  return mask == (kPolygonKept | ((1u << n) - 1));
}

// Resizes every array of the representation in use (and the gradients
// present) to a surface of these many vertices, faces and (polygons only)
// face-data entries.
void ResizeArrays(ContactSurfaceArrays& out, bool triangles, bool has_grad_M, bool has_grad_N,
                  int num_vertices, int num_faces, int face_data_size) {
  auto resize_field = [&](auto& field) {
    field.values.resize(num_vertices);
    field.gradients.resize(num_faces);
    field.offsets.resize(num_faces);
  };
  auto resize_faces = [&](auto& mesh) {
    mesh.vertices.resize(num_vertices);
    mesh.face_normals.resize(num_faces);
    mesh.areas.resize(num_faces);
    mesh.centroids.resize(num_faces);
  };
  if (triangles) {
    out.tri_mesh_W.triangles.resize(num_faces);
    resize_faces(out.tri_mesh_W);
    resize_field(out.tri_e_MN);
  } else {
    out.poly_mesh_W.face_data.resize(face_data_size);
    out.poly_mesh_W.face_offsets.resize(num_faces);
    resize_faces(out.poly_mesh_W);
    resize_field(out.poly_e_MN);
  }
  out.grad_eM_W.resize(has_grad_M ? num_faces : 0);
  out.grad_eN_W.resize(has_grad_N ? num_faces : 0);
}

// Closes the gaps dropped pieces left in the slots (in polygon order, so
// the result is what appending the kept pieces one after the other gives),
// then trims every array to what is used. Returns the number of faces.
int CompactAndTrim(const Build& build, bool all_kept) {
  const ContactPolygons& polygons = build.polygons;
  ContactSurfaceArrays& out = build.out;
  const bool triangles = build.triangles;
  Eigen::Vector3d* const vertices_W = build.arrays.vertices;
  double* const values = build.arrays.values;
  // Every slot used: the arrays already have their sizes (SizeForSlots).
  if (all_kept) {
    return static_cast<int>(triangles ? out.tri_mesh_W.triangles.size()
                                      : out.poly_mesh_W.face_offsets.size());
  }
  // The polygons before the first one that lost a piece (usually one
  // sliver somewhere in a surface of thousands) are already where
  // compaction would put them, so it starts there: polygon k's slots begin
  // at vertex begin(k) + k and face begin(k) (triangles), or at vertex
  // begin(k), face k and face data begin(k) + k (polygons).
  auto whole = [&](int k) {
    const int n = polygons.ends[k] - polygons.begin(k);
    return build.kept[k] == (triangles ? kPolygonKept | ((1u << n) - 1) : kPolygonKept);
  };
  int k_first = 0;
  while (k_first < polygons.num_polygons() && whole(k_first)) ++k_first;
  const int first_begin = polygons.begin(k_first);
  int num_vertices = triangles ? first_begin + k_first : first_begin;
  int num_faces = triangles ? first_begin : k_first;
  int face_data_size = triangles ? 0 : first_begin + k_first;
  for (int k = k_first; k < polygons.num_polygons(); ++k) {
    const uint32_t mask = build.kept[k];
    if (!(mask & kPolygonKept)) continue;
    const int begin = polygons.begin(k);
    const int n = polygons.ends[k] - begin;
    const int from = triangles ? begin + k : begin;
    const int num_kept_vertices = triangles ? n + 1 : n;
    for (int i = 0; i < num_kept_vertices; ++i) {
      vertices_W[num_vertices + i] = vertices_W[from + i];
      values[num_vertices + i] = values[from + i];
    }
    if (triangles) {
      for (int i = 0; i < n; ++i) {
        if (!(mask & (1u << i))) continue;
        const TriangleSurfaceMesh::Element& t = out.tri_mesh_W.triangles[begin + i];
        out.tri_mesh_W.triangles[num_faces] = {t[0] - from + num_vertices,
                                               t[1] - from + num_vertices,
                                               t[2] - from + num_vertices};
        MoveFace(build.arrays, begin + i, num_faces);
        ++num_faces;
      }
    } else {
      out.poly_mesh_W.face_offsets[num_faces] = face_data_size;
      int* face = out.poly_mesh_W.face_data.data() + face_data_size;
      face[0] = n;
      for (int i = 0; i < n; ++i) face[1 + i] = num_vertices + i;
      face_data_size += n + 1;
      MoveFace(build.arrays, k, num_faces);
      ++num_faces;
    }
    num_vertices += num_kept_vertices;
  }
  ResizeArrays(out, triangles, build.has_grad_M, build.has_grad_N, num_vertices, num_faces,
               face_data_size);
  return num_faces;
}

// Sizes every array `out` uses to its slots' upper bound. Every slot a
// kept piece uses is written, so what the arrays held is not cleared: only
// growth beyond their last size costs initialisation (a copy of the old
// contents when the capacity has to grow, rare once warm).
void SizeForSlots(ContactSurfaceArrays& out, bool triangles, bool has_grad_M, bool has_grad_N,
                  int num_polygons, int num_polygon_vertices) {
  ResizeArrays(out, triangles, has_grad_M, has_grad_N,
               num_polygon_vertices + (triangles ? num_polygons : 0),
               triangles ? num_polygon_vertices : num_polygons, num_polygon_vertices + num_polygons);
}

// Throws unless `polygons` has the layout ContactPolygons documents: one
// end, normal and pair of gradients per polygon, ends that never decrease
// and close on the last vertex, and at most ClipPolygon::kCapacity vertices
// per polygon. (A polygon of fewer than 3 vertices is degenerate, and
// dropped like other degenerate pieces.) Without this a short array would
// be read past its end. O(polygons), run once per build before anything is
// touched.
void ValidateLayout(const ContactPolygons& polygons) {
  const std::size_t num_polygons = polygons.ends.size();
  if (polygons.normals.size() != num_polygons || polygons.grad_first.size() != num_polygons ||
      polygons.grad_second.size() != num_polygons) {
    throw std::invalid_argument(fmt::format(
        "BuildContactSurface: the polygons' arrays disagree: {} polygons (ends), but {} normals, "
        "{} first gradients and {} second gradients",
        num_polygons, polygons.normals.size(), polygons.grad_first.size(),
        polygons.grad_second.size()));
  }
  int begin = 0;
  for (std::size_t k = 0; k < num_polygons; ++k) {
    const int end = polygons.ends[k];
    if (end < begin) {
      throw std::invalid_argument(fmt::format(
          "BuildContactSurface: polygon {} ends at vertex {}, before it begins (at {})", k, end,
          begin));
    }
    if (end - begin > ClipPolygon::kCapacity) {
      throw std::invalid_argument(fmt::format(
          "BuildContactSurface: polygon {} has {} vertices; at most {} are supported", k,
          end - begin, ClipPolygon::kCapacity));
    }
    begin = end;
  }
  if (static_cast<std::size_t>(begin) != polygons.vertices.size()) {
    throw std::invalid_argument(fmt::format(
        "BuildContactSurface: the polygons end at vertex {}, but there are {} vertices", begin,
        polygons.vertices.size()));
  }
}

}  // namespace

void RequireOutputPolygons(const ContactPolygons* polygons, const char* caller) {
  if (polygons == nullptr) {
    throw std::invalid_argument(fmt::format("{}: null output polygons", caller));
  }
}

std::optional<ContactSurface> BuildContactSurface(const ContactPolygons& polygons,
                                                  const RigidTransform& X_WF,
                                                  GeometryId id_first, bool first_compliant,
                                                  GeometryId id_second, bool second_compliant,
                                                  HydroelasticContactRepresentation representation) {
  ContactSurface surface;
  if (!BuildContactSurface(polygons, X_WF, id_first, first_compliant, id_second, second_compliant,
                           representation, &surface)) {
    return std::nullopt;
  }
  return surface;
}

bool BuildContactSurface(const ContactPolygons& polygons, const RigidTransform& X_WF,
                         GeometryId id_first, bool first_compliant, GeometryId id_second,
                         bool second_compliant, HydroelasticContactRepresentation representation,
                         ContactSurface* surface, const ParallelExecutor* executor) {
  if (surface == nullptr) throw std::invalid_argument("BuildContactSurface: null output surface");
  RequireContactRepresentation(representation, "BuildContactSurface");
  if (id_first == id_second) {
    throw std::invalid_argument(fmt::format(
        "BuildContactSurface: both geometries have the id {}", id_first.to_string()));
  }
  if (!first_compliant && !second_compliant) {
    throw std::invalid_argument(fmt::format(
        "BuildContactSurface: neither {} nor {} is compliant; the surface's pressure needs one",
        id_first.to_string(), id_second.to_string()));
  }
  ValidateLayout(polygons);
  // M is the geometry with the smaller id. When that is the second one, the
  // normals must point the other way: reverse every polygon.
  const bool flip = id_second < id_first;
  const GeometryId id_M = flip ? id_second : id_first;
  const GeometryId id_N = flip ? id_first : id_second;
  const bool has_grad_M = flip ? second_compliant : first_compliant;
  const bool has_grad_N = flip ? first_compliant : second_compliant;
  const bool triangles = representation == HydroelasticContactRepresentation::kTriangle;
  const int num_polygons = polygons.num_polygons();
  const int num_polygon_vertices = static_cast<int>(polygons.vertices.size());
  // The chunks the polygons are built in; any cut gives the same result.
  const bool split = executor != nullptr && executor->num_threads() >= 2 &&
                     num_polygons >= kMinPolygonsToSplit;
  const int num_chunks = split ? kBuildChunks : 1;
  auto chunk_begin = [&](int c) {
    if (c == num_chunks) return num_polygons;
    const int begin = static_cast<int>(int64_t{num_polygons} * c / num_chunks);
    return begin - begin % kTotalsBlock;
  };
  auto for_each_chunk = [&](const auto& body) {
    if (split) {
      executor->For(num_chunks, body);
    } else {
      body(0);
    }
  };

  // The size of the whole contact patch. A polygon whose every edge is
  // negligible against it is a clipping remnant (a piece pinched to a point
  // at a shared vertex or edge): its area is nil and its vertex-derived
  // normal is round-off, so it is dropped.
  std::array<Aabb, kBuildChunks> chunk_boxes;
  for_each_chunk([&](int c) {
    const int end = chunk_begin(c + 1) == 0 ? 0 : polygons.ends[chunk_begin(c + 1) - 1];
    // In locals, not in chunk_boxes[c]: through the captured array every
    // step would be a store and a load.
    Eigen::Vector3d min = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
    Eigen::Vector3d max = -min;
    for (int v = polygons.begin(chunk_begin(c)); v < end; ++v) {
      min = min.cwiseMin(polygons.vertices[v].head<3>());
      max = max.cwiseMax(polygons.vertices[v].head<3>());
    }
    chunk_boxes[c] = Aabb(min, max);
  });
  Aabb patch_F;
  for (int c = 0; c < num_chunks; ++c) patch_F.Include(chunk_boxes[c]);
  const double patch_size = patch_F.IsEmpty() ? 0.0 : (patch_F.max - patch_F.min).norm();
  const double negligible_edge = kNegligibleEdgeRatio * patch_size;

  // Build straight into the surface's own storage, reused from call to call:
  // after warm-up nothing is allocated.
  ContactSurfaceArrays out = surface->ReleaseArrays();
  SizeForSlots(out, triangles, has_grad_M, has_grad_N, num_polygons, num_polygon_vertices);
  thread_local std::vector<uint32_t> kept;
  kept.resize(num_polygons);
  thread_local std::vector<BlockTotals> block_totals;
  Build::Packed packed;
  block_totals.resize((num_polygons + kTotalsBlock - 1) / kTotalsBlock);
  const Build build{polygons,
                    X_WF,
                    flip,
                    triangles,
                    has_grad_M,
                    has_grad_N,
                    flip ? polygons.grad_second : polygons.grad_first,
                    flip ? polygons.grad_first : polygons.grad_second,
                    negligible_edge * negligible_edge,
                    2 * kNegligibleAreaRatio * patch_size * patch_size,
                    ClearlyWholeTwiceArea(patch_size),
                    out,
                    kept,
                    block_totals,
                    split ? nullptr : &packed,
                    OutputArraysOf(out, triangles, has_grad_M, has_grad_N)};
  std::array<bool, kBuildChunks> chunk_all_kept{};
  for_each_chunk([&](int c) { chunk_all_kept[c] = build.Polygons(chunk_begin(c), chunk_begin(c + 1)); });
  bool all_kept = true;
  for (int c = 0; c < num_chunks; ++c) all_kept = all_kept && chunk_all_kept[c];
  int num_faces;
  if (split) {
    num_faces = CompactAndTrim(build, all_kept);
  } else {
    // Packed: only the arrays' tails are unused when a piece was dropped.
    if (!all_kept) {
      ResizeArrays(out, triangles, has_grad_M, has_grad_N, packed.vertices, packed.faces,
                   packed.face_data);
    }
    num_faces = packed.faces;
  }
  BlockTotals totals;
  for (const BlockTotals& block : block_totals) {
    totals.area += block.area;
    totals.moment += block.moment;
  }
  const Eigen::Vector3d centroid =
      totals.area > 0 ? Eigen::Vector3d(totals.moment / totals.area) : Eigen::Vector3d::Zero();
  if (triangles) {
    out.tri_mesh_W.total_area = totals.area;
    out.tri_mesh_W.centroid = centroid;
  } else {
    out.poly_mesh_W.total_area = totals.area;
    out.poly_mesh_W.centroid = centroid;
  }
  // An empty surface still takes its storage back, for the next call.
  surface->AdoptArrays(id_M, id_N, representation, has_grad_M, has_grad_N, std::move(out));
  return num_faces > 0;
}

}  // namespace hydrocontact
