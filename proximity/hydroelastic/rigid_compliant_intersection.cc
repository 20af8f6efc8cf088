#include "proximity/hydroelastic/rigid_compliant_intersection.h"

#include <array>
#include <cstdint>
#include <exception>
#include <span>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "proximity/hydroelastic/candidate_pairs.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "proximity/hydroelastic/polygon_clipping.h"
#include "proximity/hydroelastic/split_pair.h"

namespace hydrocontact {
namespace {

// What the kernel needs of one tetrahedron met, gathered once per call (a
// tetrahedron usually meets several triangles): its four face half-spaces
// (for ClipByTetrahedronFaces) and, for the two rejection tests that run on
// every candidate pair, the same planes and its vertices by coordinate
// (four values side by side, two SSE2 lanes at a time).
struct TetrahedronInC {
  std::array<ClipHalfSpace, 4> faces;
  // Face i: normal (nx[i], ny[i], nz[i]), offset[i], as in faces[i].
  alignas(16) std::array<double, 4> nx, ny, nz, offset;
  // Vertex i: (vx[i], vy[i], vz[i]).
  alignas(16) std::array<double, 4> vx, vy, vz;
  // Bit i: faces[i].keeps_coplanar.
  int keeps_coplanar{0};
  // ∇p on the tetrahedron (a copy of the field's).
  Eigen::Vector3d grad_p;
};

TetrahedronInC MakeTetrahedronInC(const CompliantMesh& compliant_C, int tet) {
  const VolumeMesh& mesh_C = compliant_C.mesh;
  const VolumeMesh::Element& t = mesh_C.element(tet);
  TetrahedronInC result;
  result.grad_p = compliant_C.pressure.EvaluateGradient(tet);
  result.faces = TetrahedronFaceHalfSpaces(t, {&mesh_C.vertex(t[0]), &mesh_C.vertex(t[1]),
                                               &mesh_C.vertex(t[2]), &mesh_C.vertex(t[3])});
  for (int i = 0; i < 4; ++i) {
    // A piece lying in a face shared by two tetrahedra goes to one of them
    // (TetrahedronFaceHalfSpace); in a boundary face, to the only one. Left
    // to the shared rule, a rigid face resting exactly on the compliant
    // boundary kept about half its triangles (those whose faces happened to
    // sort that way), where a rigid half-space keeps the whole face.
    if (mesh_C.neighbor(tet, i) < 0) result.faces[i].keeps_coplanar = true;
    const ClipHalfSpace& face = result.faces[i];
    result.nx[i] = face.normal.x();
    result.ny[i] = face.normal.y();
    result.nz[i] = face.normal.z();
    result.offset[i] = face.offset;
    result.keeps_coplanar |= int(face.keeps_coplanar) << i;
    const Eigen::Vector3d& v = mesh_C.vertex(t[i]);
    result.vx[i] = v.x();
    result.vy[i] = v.y();
    result.vz[i] = v.z();
  }
  return result;
}

// One rigid triangle expressed in C: its vertices and outward normal.
// Candidate pairs come grouped by triangle, so it is computed once per
// triangle, not once per pair.
struct TriangleInC {
  int index{-1};
  std::array<Eigen::Vector3d, 3> vertices;
  Eigen::Vector3d nhat;
#if defined(__SSE2__)
  // Each vertex's coordinates, and the normal's and vertex 0's, broadcast
  // to both lanes once per triangle for ClassifyTriangle and PlaneSeparates
  // (which run once per candidate pair).
  __m128d px[3], py[3], pz[3];
  __m128d nx, ny, nz;
#endif
  // Sets the fields above from `vertices` and `nhat`.
  void Broadcast() {
#if defined(__SSE2__)
    for (int k = 0; k < 3; ++k) {
      px[k] = _mm_set1_pd(vertices[k].x());
      py[k] = _mm_set1_pd(vertices[k].y());
      pz[k] = _mm_set1_pd(vertices[k].z());
    }
    nx = _mm_set1_pd(nhat.x());
    ny = _mm_set1_pd(nhat.y());
    nz = _mm_set1_pd(nhat.z());
#endif
  }
};

// Per-thread storage reused from call to call: the rigid mesh's vertices
// expressed in C, each computed at most once per call and only for the
// parts of the mesh near the compliant one, and the tetrahedra met.
struct Scratch {
  StampedCache<TetrahedronInC> tetrahedra;
  StampedCache<Eigen::Vector3d> vertices_C;
  ClipPolygon buffers[2];
};

// Below this many rigid triangles near the compliant mesh, splitting the
// pair across threads costs more than it saves (see ShouldSplit).
constexpr int kMinTrianglesToSplit = 2048;

// Classifies the triangle against the tetrahedron's four face
// half-spaces as ClipByTetrahedron would, from the three positions alone:
// returns −1 when a face rejects it (the whole triangle outside, or lying in
// the face while the face belongs to the neighbour), otherwise the mask of
// the faces with a vertex outside (the faces to clip by, see
// ClipByTetrahedronFaces). The four faces are evaluated side by side, each
// value d = ((nx·x + ny·y) + nz·z) − offset rounded exactly as
// ClipHalfSpace::Evaluate rounds it (Eigen's 3-vector dot adds in that
// order), so the decisions are the clipper's (the tests compare the
// kernel's polygons with those of ClipByTetrahedron on every pair, bit for
// bit). No branch: most candidate pairs that reach it are rejected, by
// any of the faces.
int ClassifyTriangle(const TetrahedronInC& tet, const TriangleInC& triangle) {
#if defined(__SSE2__)
  const __m128d zero = _mm_setzero_pd();
  const __m128d nx01 = _mm_load_pd(&tet.nx[0]), nx23 = _mm_load_pd(&tet.nx[2]);
  const __m128d ny01 = _mm_load_pd(&tet.ny[0]), ny23 = _mm_load_pd(&tet.ny[2]);
  const __m128d nz01 = _mm_load_pd(&tet.nz[0]), nz23 = _mm_load_pd(&tet.nz[2]);
  const __m128d off01 = _mm_load_pd(&tet.offset[0]), off23 = _mm_load_pd(&tet.offset[2]);
  const __m128d all = _mm_cmpeq_pd(zero, zero);
  __m128d all_out01 = all, all_out23 = all, all_on01 = all, all_on23 = all;
  __m128d any_out01 = zero, any_out23 = zero;
  for (int k = 0; k < 3; ++k) {
    const __m128d px = triangle.px[k], py = triangle.py[k], pz = triangle.pz[k];
    const __m128d d01 = _mm_sub_pd(
        _mm_add_pd(_mm_add_pd(_mm_mul_pd(nx01, px), _mm_mul_pd(ny01, py)), _mm_mul_pd(nz01, pz)), off01);
    const __m128d d23 = _mm_sub_pd(
        _mm_add_pd(_mm_add_pd(_mm_mul_pd(nx23, px), _mm_mul_pd(ny23, py)), _mm_mul_pd(nz23, pz)), off23);
    const __m128d out01 = _mm_cmpgt_pd(d01, zero), out23 = _mm_cmpgt_pd(d23, zero);
    all_out01 = _mm_and_pd(all_out01, out01);
    all_out23 = _mm_and_pd(all_out23, out23);
    any_out01 = _mm_or_pd(any_out01, out01);
    any_out23 = _mm_or_pd(any_out23, out23);
    all_on01 = _mm_and_pd(all_on01, _mm_cmpeq_pd(d01, zero));
    all_on23 = _mm_and_pd(all_on23, _mm_cmpeq_pd(d23, zero));
  }
  const int all_outside = _mm_movemask_pd(all_out01) | (_mm_movemask_pd(all_out23) << 2);
  const int all_on_plane = _mm_movemask_pd(all_on01) | (_mm_movemask_pd(all_on23) << 2);
  const int any_outside = _mm_movemask_pd(any_out01) | (_mm_movemask_pd(any_out23) << 2);
  return (all_outside | (all_on_plane & ~tet.keeps_coplanar)) != 0 ? -1 : any_outside;
#else
  const std::array<Eigen::Vector3d, 3>& x = triangle.vertices;
  int to_clip = 0;
  for (int i = 0; i < 4; ++i) {
    const ClipHalfSpace& face = tet.faces[i];
    const double d0 = face.Evaluate(x[0]), d1 = face.Evaluate(x[1]), d2 = face.Evaluate(x[2]);
    if ((d0 > 0 && d1 > 0 && d2 > 0) || (d0 == 0 && d1 == 0 && d2 == 0 && !face.keeps_coplanar)) return -1;
    if (d0 > 0 || d1 > 0 || d2 > 0) to_clip |= 1 << i;
  }
  return to_clip;
#endif
}

// Whether the triangle's plane (through its vertex x0, normal nhat) has all
// four vertices of the tetrahedron strictly on one side (then the triangle
// cannot meet the tetrahedron), each side s = nhat·(v − x0) rounded as
// Eigen rounds it.
bool PlaneSeparates(const TriangleInC& triangle, const TetrahedronInC& tet) {
#if defined(__SSE2__)
  const __m128d zero = _mm_setzero_pd();
  const __m128d nx = triangle.nx, ny = triangle.ny, nz = triangle.nz;
  const __m128d x = triangle.px[0], y = triangle.py[0], z = triangle.pz[0];
  auto side = [&](int i) {
    return _mm_add_pd(_mm_add_pd(_mm_mul_pd(nx, _mm_sub_pd(_mm_load_pd(&tet.vx[i]), x)),
                                 _mm_mul_pd(ny, _mm_sub_pd(_mm_load_pd(&tet.vy[i]), y))),
                      _mm_mul_pd(nz, _mm_sub_pd(_mm_load_pd(&tet.vz[i]), z)));
  };
  const __m128d s01 = side(0), s23 = side(2);
  const int above = _mm_movemask_pd(_mm_cmpgt_pd(s01, zero)) | (_mm_movemask_pd(_mm_cmpgt_pd(s23, zero)) << 2);
  const int below = _mm_movemask_pd(_mm_cmplt_pd(s01, zero)) | (_mm_movemask_pd(_mm_cmplt_pd(s23, zero)) << 2);
  return above == 15 || below == 15;
#else
  const Eigen::Vector3d& nhat = triangle.nhat;
  const Eigen::Vector3d& x0 = triangle.vertices[0];
  bool above = true, below = true;
  for (int i = 0; i < 4; ++i) {
    const double s = nhat.dot(Eigen::Vector3d(tet.vx[i], tet.vy[i], tet.vz[i]) - x0);
    above &= s > 0;
    below &= s < 0;
  }
  return above | below;
#endif
}

// The polygons of the (tetrahedron, triangle) pairs of the triangles
// `triangles` (a piece of the triangles near C, in query order), appended to
// *polygons_C. C's hierarchy is searched through `node_boxes_C` when given
// (refitted to R's part, see RefitTetrahedraInRegion), else through its own
// boxes. Uses this thread's scratch.
void IntersectTriangles(const CompliantMesh& compliant_C, const RigidMesh& rigid_R, const RigidTransform& X_CR,
                        bool normal_filter, const std::vector<Aabb>* node_boxes_C,
                        std::span<const int> triangles, ContactPolygons* polygons_C) {
  thread_local Scratch scratch;
  const VolumeMesh& mesh_C = compliant_C.mesh;
  const VolumeMeshFieldLinear& pressure_C = compliant_C.pressure;
  const TriangleSurfaceMesh& mesh_R = rigid_R.mesh;
  const Eigen::Matrix3d& R_CR = X_CR.rotation();
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  scratch.vertices_C.Begin(mesh_R.num_vertices());
  scratch.tetrahedra.Begin(mesh_C.num_elements());
  auto vertex_C = [&](int v) -> const Eigen::Vector3d& {
    return scratch.vertices_C.Get(v, [&](int k) { return Eigen::Vector3d(X_CR * mesh_R.vertex(k)); });
  };
  TriangleInC triangle;

  auto kernel = [&](int tet, int tri) {
    if (tri != triangle.index) {
      const TriangleSurfaceMesh::Element& f = mesh_R.element(tri);
      for (int k = 0; k < 3; ++k) triangle.vertices[k] = vertex_C(f[k]);
      triangle.nhat = R_CR * mesh_R.face_normal(tri);
      triangle.Broadcast();
      triangle.index = tri;
    }
    const Eigen::Vector3d& nhat_C = triangle.nhat;
    const std::array<Eigen::Vector3d, 3>& x = triangle.vertices;
    // Cheapest rejections first: orientation, then separating planes (a
    // face of the tetrahedron, which rejects most pairs, then the
    // triangle's plane).
    const TetrahedronInC& tetrahedron =
        scratch.tetrahedra.Get(tet, [&](int) { return MakeTetrahedronInC(compliant_C, tet); });
    const Eigen::Vector3d& grad_p_C = tetrahedron.grad_p;
    if (normal_filter && !IsAlongPressureGradientUnnormalized(nhat_C, 1.0, grad_p_C)) return;
    // ClipByTetrahedron's own first step: a face plane with the whole
    // triangle outside rejects it, before the pressures are evaluated and
    // the polygon is built.
    const int to_clip = ClassifyTriangle(tetrahedron, triangle);
    if (to_clip < 0) return;
    if (PlaneSeparates(triangle, tetrahedron)) return;

    // The triangle, with the compliant pressure at its vertices, clipped by
    // the tetrahedron's faces (a triangle lying in a face belongs to only
    // one of the face's two tetrahedra).
    ClipPolygon* in = &scratch.buffers[0];
    in->clear();
    for (int k = 0; k < 3; ++k) {
      Eigen::Vector4d vertex;
      vertex << x[k], pressure_C.EvaluateCartesian(tet, x[k]);
      in->push_back(vertex);
    }
    in = ClipByTetrahedronFaces(tetrahedron.faces, to_clip, in, &scratch.buffers[1]);
    if (in == nullptr) return;
    polygons_C->Add(*in, nhat_C, grad_p_C, zero);
  };
  ForEachCandidatePairOf(
      compliant_C.bvh, triangles,
      [&](int tri) {
        const TriangleSurfaceMesh::Element& f = mesh_R.element(tri);
        Aabb box;
        for (int k = 0; k < 3; ++k) box.Include(vertex_C(f[k]));
        return box;
      },
      kernel, node_boxes_C);
}

}  // namespace

void IntersectRigidCompliant(const CompliantMesh& compliant_C, const RigidMesh& rigid_R,
                             const RigidTransform& X_CR, bool normal_filter,
                             ContactPolygons* polygons_C, const ParallelExecutor* executor) {
  constexpr const char* kCaller = "IntersectRigidCompliant";
  RequireValidRepresentation(compliant_C, kCaller, "compliant mesh");
  RequireValidRepresentation(rigid_R, kCaller, "rigid mesh");
  RequireOutputPolygons(polygons_C, kCaller);
  if (compliant_C.bvh.empty() || rigid_R.bvh.empty()) return;
  // Kept per calling thread: C's refitted boxes, and the triangles near C.
  thread_local std::vector<Aabb> node_boxes_C;
  thread_local std::vector<int> triangles;
  // C's elements boxed whole may be far larger than R's triangles (the
  // cones of a single-centre-vertex mesh, a box's few): each small triangle
  // then overlaps many boxes whose elements reach near it only with a tip.
  // Then C's hierarchy is refitted to R's part in C's box, where every piece
  // lies: each tetrahedron boxed only where it reaches into it
  // (BoxOfTetrahedronInRegion, padded by RegionPad, far more than the
  // round-off of the region's coordinates). See
  // kRefitAboveLeafDiagonalRatio for when that pays.
  const std::vector<Aabb>* boxes_C = nullptr;
  if (compliant_C.bvh.mean_leaf_diagonal() >
      kRefitAboveLeafDiagonalRatio * rigid_R.bvh.mean_leaf_diagonal()) {
    const Aabb region = BoxOfGeometryIn(rigid_R.bvh, X_CR, compliant_C.bvh.bounding_box());
    if (region.IsEmpty()) return;
    RefitTetrahedraInRegion(compliant_C.mesh, compliant_C.bvh, region, RegionPad(region),
                            &node_boxes_C);
    if (node_boxes_C[0].IsEmpty()) return;
    // This thread's boxes, by address: named inside a work item, the
    // thread_local would be the worker's own (empty) one.
    boxes_C = &node_boxes_C;
  }
  CollectElementsNear(compliant_C.bvh, rigid_R.bvh, X_CR, &triangles);
  if (!ShouldSplit(executor, static_cast<int>(triangles.size()), kMinTrianglesToSplit)) {
    IntersectTriangles(compliant_C, rigid_R, X_CR, normal_filter, boxes_C, triangles, polygons_C);
    return;
  }
  // Pieces of consecutive triangles: the pairs, and so the polygons, come in
  // the order of the unsplit loop, for any thread count.
  IntersectInPieces(
      *executor, triangles,
      [&](std::span<const int> piece, ContactPolygons* out) {
        IntersectTriangles(compliant_C, rigid_R, X_CR, normal_filter, boxes_C, piece, out);
      },
      polygons_C);
}

}  // namespace hydrocontact
