#include "proximity/hydroelastic/compliant_compliant_intersection.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <utility>
#include <vector>

#include "proximity/hydroelastic/candidate_pairs.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "proximity/hydroelastic/polygon_clipping.h"
#include "proximity/hydroelastic/split_pair.h"

namespace hydrocontact {
namespace {

// N's linear pressure function on one tetrahedron, expressed in M:
// p_N(x_M) = grad_M·x_M + value_at_Mo, and its range over the tetrahedron.
struct LinearFunction {
  Eigen::Vector3d grad_M;
  double value_at_Mo;
  double min;
  double max;
};

// Per-thread storage reused from call to call; every entry is computed at
// most once per call, and only for N's elements near M.
struct Scratch {
  StampedCache<Eigen::Vector3d> vertices_M;               // N's vertices in M
  StampedCache<LinearFunction> pressures_M;               // per N tetrahedron
  StampedCache<std::array<ClipHalfSpace, 4>> faces_M;     // per N tetrahedron
  ClipPolygon buffers[2];
};

// Below this many of N's tetrahedra near M, splitting the pair across
// threads costs more than it saves (see ShouldSplit); a tetrahedron pair
// costs several times a rigid triangle's.
constexpr int kMinTetrahedraToSplit = 512;

// What every piece of one call shares: the inputs, and what is computed once
// per call (read-only while the pieces run).
struct CallData {
  const CompliantMesh& compliant_M;
  const CompliantMesh& compliant_N;
  const RigidTransform& X_MN;
  bool normal_filter;
  // M's origin in N: where N's linear functions are evaluated to express
  // them in M.
  Eigen::Vector3d p_NMo;
  // See the band in IntersectCompliantCompliant.
  double coincidence_scale_sq;
  // The region N's elements are boxed in (the box of M's part in the box
  // of N's part in M's box; see IntersectCompliantCompliant), the padding
  // of the elements' boxes, and M's hierarchy refitted to N's part.
  Aabb region;
  double pad;
  const std::vector<Aabb>* node_boxes_M;
  // SliceOutsideAFace's margin for N's faces (SliceMarginOfN).
  double slice_margin;
};

// SnapToPlane's answer when the pair yields no piece.
constexpr int kNoPiece = -2;

// Sets the values of h = p_M − p_N at one tetrahedron's vertices with
// h² ≤ `band_sq` to exactly 0 and classifies the tetrahedron against the
// plane h = 0:
//   - kNoPiece: the plane does not reach its interior (all values ≥ 0 or all
//     ≤ 0 with at most two zeros: at most an edge or a vertex touches), or
//     one of its faces lies in the plane with the tetrahedron on the side
//     where h < 0 (see SignChangesAcross: the piece in that face belongs to
//     the pair on the other side), or all four values are 0;
//   - the local index of its face lying in the plane (three zeros, the
//     fourth value > 0);
//   - −1: the plane crosses its interior.
int SnapToPlane(double band_sq, std::array<double, 4>* h) {
  int positive = 0, negative = 0, off = -1;
  for (int i = 0; i < 4; ++i) {
    double& value = (*h)[i];
    if (value * value <= band_sq) {
      value = 0;
    } else {
      off = i;
      (value > 0 ? positive : negative) += 1;
    }
  }
  if (positive + negative == 1) return positive == 1 ? off : kNoPiece;
  return positive > 0 && negative > 0 ? -1 : kNoPiece;
}

// The rule for an equilibrium plane that contains a face of e_M (local face
// `face_M` ≥ 0) or of e_N (`face_N` ≥ 0), both tetrahedra lying on the side
// where h = p_M − p_N > 0 (or spanning the plane; SnapToPlane). The contact
// surface is where h changes sign, so the piece in that face is kept only if
// on the far side of the plane (across the face: the neighbouring
// tetrahedron; or the same one if it spans the plane), h < 0:
//   - a face on either mesh's boundary holds p_M = p_N = 0 (the fields
//     agree on the plane and one of them is 0 there): such coincident
//     boundary faces carry no pressure and are dropped;
//   - where the fields agree on a whole region (equal gradients across the
//     face) h does not change sign: the region and its boundary faces
//     contribute nothing (the degenerate equal-field rule);
//   - otherwise h on the far side is linear and 0 on the plane, so its sign
//     is that of −∇h_far·∇h: negative iff ∇h_far points along ∇h.
// Exactly one pair, the one on the positive side, keeps each piece, and
// swapping M and N (h → −h) keeps the same set of pieces, built from the
// pairs on the other side. All vectors in M.
bool SignChangesAcross(const CompliantMesh& compliant_M, int e_M, int face_M,
                       const CompliantMesh& compliant_N, int e_N, int face_N,
                       const Eigen::Matrix3d& R_MN, const Eigen::Vector3d& grad_h) {
  const int far_M = face_M >= 0 ? compliant_M.mesh.neighbor(e_M, face_M) : e_M;
  const int far_N = face_N >= 0 ? compliant_N.mesh.neighbor(e_N, face_N) : e_N;
  if (far_M < 0 || far_N < 0) return false;
  const Eigen::Vector3d grad_M_far = compliant_M.pressure.EvaluateGradient(far_M);
  const Eigen::Vector3d grad_N_far = R_MN * compliant_N.pressure.EvaluateGradient(far_N);
  const Eigen::Vector3d grad_h_far = grad_M_far - grad_N_far;
  // Equal gradients on the far side (kEqualGradientsRatio) read as h ≡ 0.
  return grad_h_far.dot(grad_h) >
         kEqualGradientsRatio * grad_h.norm() * (grad_M_far.norm() + grad_N_far.norm());
}

// True when one face plane of a tetrahedron has all four vertices of the
// other strictly outside it: the two do not intersect. Long elements (the
// cones of a single-centre-vertex mesh) have boxes that overlap those of
// many elements they never meet; this test rejects such pairs for 16 dot
// products. Strictly outside means every point of the other element is
// outside too, so nothing the clipping would keep is lost.
//
// Writes the 16 values d[f][i] (face f at vertex i) of the faces it tests,
// for SliceOutsideAFace; when it returns true, those of the faces after the
// separating one are left unset. A face's four values are computed without
// a branch, and only the face's verdict branches: branching on each value
// (stopping at the first vertex inside) mispredicted often enough to cost
// more than the values it saved.
bool SeparatedByFace(const std::array<ClipHalfSpace, 4>& faces,
                     const std::array<const Eigen::Vector3d*, 4>& p,
                     std::array<std::array<double, 4>, 4>* d) {
  for (int f = 0; f < 4; ++f) {
    std::array<double, 4>& d_f = (*d)[f];
    for (int i = 0; i < 4; ++i) d_f[i] = faces[f].Evaluate(*p[i]);
    const int outside = int(d_f[0] > 0) + int(d_f[1] > 0) + int(d_f[2] > 0) + int(d_f[3] > 0);
    if (outside == 4) return true;
  }
  return false;
}

// SliceOutsideMargin for the faces of N's tetrahedra tested against M's:
// a face's normal is the cross product of two of its edges (in M, rotated
// lengths), so ‖n‖₁ ≤ √3·‖n‖ ≤ √3·L², L the diagonal of N's box (no edge is
// longer); and |offset| = |n·q| ≤ ‖n‖₁·X_N for a vertex q of N, X_N
// bounding N's coordinates in M (box_N_in_M), as X_M bounds M's.
double SliceMarginOfN(const Aabb& box_M, const Aabb& box_N, const Aabb& box_N_in_M) {
  const double L_sq = (box_N.max - box_N.min).squaredNorm();
  return SliceOutsideMargin(std::sqrt(3.0) * L_sq *
                            (box_M.MaxAbsCoordinate() + box_N_in_M.MaxAbsCoordinate()));
}

// The polygons of the tetrahedron pairs (e_M, e_N) for the tetrahedra e_N
// of `elements_N` (N's tetrahedra near M, or a piece of them, in query
// order), appended to *polygons_M. Uses this thread's scratch.
void IntersectElements(const CallData& call, std::span<const int> elements_N, ContactPolygons* polygons_M) {
  thread_local Scratch scratch;
  const CompliantMesh& compliant_M = call.compliant_M;
  const CompliantMesh& compliant_N = call.compliant_N;
  const RigidTransform& X_MN = call.X_MN;
  const bool normal_filter = call.normal_filter;
  const VolumeMesh& mesh_M = compliant_M.mesh;
  const VolumeMesh& mesh_N = compliant_N.mesh;
  const VolumeMeshFieldLinear& pressure_M = compliant_M.pressure;
  const VolumeMeshFieldLinear& pressure_N = compliant_N.pressure;
  const Eigen::Matrix3d& R_MN = X_MN.rotation();
  const Eigen::Vector3d& p_NMo = call.p_NMo;
  constexpr double kEqualSq = kEqualGradientsRatio * kEqualGradientsRatio;
  const double coincidence_scale_sq = call.coincidence_scale_sq;
  scratch.vertices_M.Begin(mesh_N.num_vertices());
  scratch.pressures_M.Begin(mesh_N.num_elements());
  scratch.faces_M.Begin(mesh_N.num_elements());
  auto vertex_M = [&](int v) -> const Eigen::Vector3d& {
    return scratch.vertices_M.Get(v, [&](int k) { return Eigen::Vector3d(X_MN * mesh_N.vertex(k)); });
  };

  auto kernel = [&](int e_M, int e_N) {
    const LinearFunction& p_N = scratch.pressures_M.Get(e_N, [&](int k) {
      const VolumeMesh::Element& t = mesh_N.element(k);
      double min = pressure_N.EvaluateAtVertex(t[0]), max = min;
      for (int i = 1; i < 4; ++i) {
        min = std::min(min, pressure_N.EvaluateAtVertex(t[i]));
        max = std::max(max, pressure_N.EvaluateAtVertex(t[i]));
      }
      return LinearFunction{R_MN * pressure_N.EvaluateGradient(k),
                            pressure_N.EvaluateCartesian(k, p_NMo), min, max};
    });
    // The cheapest rejection: p_M = p_N needs the two pressure ranges to
    // overlap.
    const VolumeMesh::Element& tM = mesh_M.element(e_M);
    std::array<double, 4> values_M;
    int below_N = 0, above_N = 0;
    for (int i = 0; i < 4; ++i) {
      values_M[i] = pressure_M.EvaluateAtVertex(tM[i]);
      below_N += values_M[i] < p_N.min;
      above_N += values_M[i] > p_N.max;
    }
    if (below_N == 4 || above_N == 4) return;

    // Then whether the two tetrahedra are apart (see SeparatedByFace), on
    // e_N's face planes, cached. Their boxes overlap, yet a face of e_N
    // separates 42–48% of such pairs (two gmsh spheres; the graded spheres
    // of the primitives), more than the plane tests below, and at less
    // cost per rejection: so it comes first (every test here only rejects,
    // so their order does not change the result). A piece lying in a face
    // of e_N (face_N ≥ 0 below) is not lost to round-off here: e_M then
    // spans the plane or lies on e_N's side of it, so not all four of its
    // vertices are outside that face.
    const VolumeMesh::Element& tN = mesh_N.element(e_N);
    const std::array<const Eigen::Vector3d*, 4> v{&mesh_M.vertex(tM[0]), &mesh_M.vertex(tM[1]),
                                                  &mesh_M.vertex(tM[2]), &mesh_M.vertex(tM[3])};
    const std::array<const Eigen::Vector3d*, 4> w{&vertex_M(tN[0]), &vertex_M(tN[1]),
                                                  &vertex_M(tN[2]), &vertex_M(tN[3])};
    const std::array<ClipHalfSpace, 4>& faces_N = scratch.faces_M.Get(
        e_N, [&](int) { return TetrahedronFaceHalfSpaces(tN, w); });
    std::array<std::array<double, 4>, 4> d_N;
    if (SeparatedByFace(faces_N, v, &d_N)) return;

    const Eigen::Vector3d& grad_M = pressure_M.EvaluateGradient(e_M);
    const Eigen::Vector3d& grad_N = p_N.grad_M;
    // The equilibrium plane h = p_M − p_N = 0 has normal ∇h = ∇p_M − ∇p_N.
    const Eigen::Vector3d grad_h = grad_M - grad_N;
    const double grad_h_sq = grad_h.squaredNorm();
    const double grad_M_sq = grad_M.squaredNorm(), grad_N_sq = grad_N.squaredNorm();
    const double grads_sq = grad_M_sq + grad_N_sq;
    if (!(grad_h_sq > kEqualSq * grads_sq)) return;
    if (normal_filter && (!IsAlongPressureGradientUnnormalized(grad_h, grad_h_sq, grad_M) ||
                          !IsAlongPressureGradientUnnormalized(-grad_h, grad_h_sq, grad_N))) {
      return;
    }

    // h at e_M's vertices, from e_M's exact vertex values: the plane must
    // cross e_M. Values within the round-off band are exactly 0 (on the
    // plane), so a plane through a face of e_M is recognised as such.
    // The round-off is that of evaluating the other field there (e_M's own
    // values are exact): ∝ ‖∇p_N‖·L here and ‖∇p_M‖·L at e_N's vertices.
    // One band from both gradients would, for moduli 1e11 apart, swallow
    // the soft field's values whole (the stiff one's round-off exceeds
    // them) and lose the surface; for equal gradients the two agree.
    const double band_at_M_sq = 2 * coincidence_scale_sq * grad_N_sq;
    const double band_at_N_sq = 2 * coincidence_scale_sq * grad_M_sq;
    std::array<Eigen::Vector4d, 4> vertices;
    std::array<double, 4> h;
    for (int i = 0; i < 4; ++i) {
      const Eigen::Vector3d& p = *v[i];
      vertices[i] << p, values_M[i];
      h[i] = values_M[i] - (grad_N.dot(p) + p_N.value_at_Mo);
    }
    const int face_M = SnapToPlane(band_at_M_sq, &h);
    if (face_M == kNoPiece) return;

    // ... and e_N.
    const double p_M_at_Mo = pressure_M.EvaluateCartesian(e_M, Eigen::Vector3d::Zero());
    std::array<double, 4> h_w;
    for (int i = 0; i < 4; ++i) {
      h_w[i] = grad_M.dot(*w[i]) + p_M_at_Mo - pressure_N.EvaluateAtVertex(tN[i]);
    }
    const int face_N = SnapToPlane(band_at_N_sq, &h_w);
    if (face_N == kNoPiece) return;

    if ((face_M >= 0 || face_N >= 0) &&
        !SignChangesAcross(compliant_M, e_M, face_M, compliant_N, e_N, face_N, R_MN, grad_h)) {
      return;
    }

    // The slice lying outside a face of e_N is the commonest empty result
    // (half of all candidate pairs on graded primitive meshes, a sixth on
    // gmsh's): told from e_N's values at e_M's vertices, before the slice
    // is made (a rejection only, so the polygons are the same). With
    // face_N ≥ 0 the clipping skips that face, so the test, which would use
    // it, is not made.
    if (face_N < 0 && SliceOutsideAFace(d_N, h, call.slice_margin)) return;

    ClipPolygon* in = &scratch.buffers[0];
    SliceTetrahedron(vertices, h, grad_h, in);
    if (in->size < 3) return;
    if (face_N >= 0) {
      // The slice lies in e_N's face `face_N`, on its inner side by the
      // rule above: clip by the other three faces only (clipping by a face
      // the polygon lies in would cut it by round-off).
      std::array<ClipHalfSpace, 4> others = faces_N;
      others[face_N] = ClipHalfSpace{Eigen::Vector3d::Zero(), 0, true};
      in = ClipByTetrahedron(others, in, &scratch.buffers[1]);
    } else {
      in = ClipByTetrahedron(faces_N, in, &scratch.buffers[1]);
    }
    if (in == nullptr) return;
    // On the plane p_M = p_N, so either field gives the vertex pressures;
    // the slice interpolated p_M. With moduli 1e12 apart, p_M interpolated
    // near its zero would be off by 1e-4 of p_N, the whole surface's
    // pressure: a much flatter p_N gives them (see kFlatterFieldRatio).
    if (kFlatterFieldRatio * kFlatterFieldRatio * grad_N_sq < grad_M_sq) {
      for (int k = 0; k < in->size; ++k) {
        Eigen::Vector4d& vertex = (*in)[k];
        vertex[3] = grad_N.dot(vertex.head<3>()) + p_N.value_at_Mo;
      }
    }
    polygons_M->Add(*in, grad_h / std::sqrt(grad_h_sq), grad_M, grad_N);
  };

  ForEachCandidatePairOf(
      compliant_M.bvh, elements_N,
      [&](int e_N) {
        const VolumeMesh::Element& tN = mesh_N.element(e_N);
        return BoxOfTetrahedronInRegion(
            {&vertex_M(tN[0]), &vertex_M(tN[1]), &vertex_M(tN[2]), &vertex_M(tN[3])}, call.region, call.pad);
      },
      kernel, call.node_boxes_M);
}

}  // namespace

void IntersectCompliantCompliant(const CompliantMesh& compliant_M,
                                 const CompliantMesh& compliant_N, const RigidTransform& X_MN,
                                 bool normal_filter, ContactPolygons* polygons_M,
                                 const ParallelExecutor* executor) {
  constexpr const char* kCaller = "IntersectCompliantCompliant";
  RequireValidRepresentation(compliant_M, kCaller, "compliant mesh M");
  RequireValidRepresentation(compliant_N, kCaller, "compliant mesh N");
  RequireOutputPolygons(polygons_M, kCaller);
  if (compliant_M.bvh.empty() || compliant_N.bvh.empty()) return;
  const VolumeMesh& mesh_M = compliant_M.mesh;
  // Values of h = p_M − p_N with h² ≤ (kCoincidentPlaneRatio · L)² · 2(‖∇p_M‖²
  // + ‖∇p_N‖²) are taken as 0, L the larger diagonal of the two meshes'
  // boxes (O(1) from their hierarchies); squared, so no square root per pair.
  const double L = 2 * std::max(compliant_M.bvh.bounding_box().half_size().norm(),
                                compliant_N.bvh.bounding_box().half_size().norm());
  // Every intersection of two elements lies in both meshes: in the box of
  // N's part in M's box (see BoxOfGeometryIn), and in the box of M's part
  // in that. M's elements are boxed only where they reach into the first,
  // N's into the second (see BoxOfTetrahedronInRegion), padded by
  // RegionPad, far more than the round-off of the regions' coordinates.
  const Aabb box_M = compliant_M.bvh.bounding_box();
  const Aabb box_N_in_M = TransformBox(compliant_N.bvh.bounding_box(), X_MN);
  const Aabb region = BoxOfGeometryIn(compliant_N.bvh, X_MN, box_M);
  if (region.IsEmpty()) return;
  const double pad = RegionPad(region);
  // Kept per calling thread: M's hierarchy refitted to the region, and N's
  // tetrahedra near M.
  thread_local std::vector<Aabb> node_boxes_M;
  thread_local std::vector<int> elements_N;
  RefitTetrahedraInRegion(mesh_M, compliant_M.bvh, region, pad, &node_boxes_M);
  // The refitted root: the box of M's part in the region, padded.
  const Aabb& box_M_part = node_boxes_M[0];
  const Aabb region_N(region.min.cwiseMax(box_M_part.min), region.max.cwiseMin(box_M_part.max));
  if (region_N.IsEmpty()) return;
  CollectElementsNear(compliant_M.bvh, compliant_N.bvh, X_MN, &elements_N);
  const CallData call{compliant_M, compliant_N, X_MN, normal_filter, X_MN.inverse().translation(),
                      2 * std::pow(kCoincidentPlaneRatio * L, 2), region_N, pad, &node_boxes_M,
                      SliceMarginOfN(box_M, compliant_N.bvh.bounding_box(), box_N_in_M)};
  if (!ShouldSplit(executor, static_cast<int>(elements_N.size()), kMinTetrahedraToSplit)) {
    IntersectElements(call, elements_N, polygons_M);
    return;
  }
  // Pieces of consecutive tetrahedra of N: the pairs, and so the polygons,
  // come in the order of the unsplit loop, for any thread count.
  IntersectInPieces(
      *executor, elements_N,
      [&](std::span<const int> piece, ContactPolygons* out) { IntersectElements(call, piece, out); }, polygons_M);
}

}  // namespace hydrocontact
