#include "proximity/hydroelastic/half_space_intersection.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "proximity/hydroelastic/compliant_compliant_intersection.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "proximity/hydroelastic/polygon_clipping.h"
#include "proximity/hydroelastic/split_pair.h"

namespace hydrocontact {
namespace {

// Calls callback(element) for every leaf of `bvh` whose box reaches the
// half-space {x : n·x ≤ c} (frame of the hierarchy) and, if
// `must_cross_plane`, also reaches {n·x ≥ c}, depth-first and left child
// first (the order of Bvh::Query).
//
// A box's extent along n is [n·lo, n·hi] with lo (hi) its corner taking
// min (max) on the axes where n ≥ 0 and max (min) elsewhere: the corners
// are chosen once per traversal (as pointers to Aabb::min or Aabb::max per
// axis), so each box costs two three-term dot products. Both children are
// tested when their parent is opened, and the walk goes down into the left
// one directly, stacking the right one only when both qualify.
template <class Callback>
void VisitAgainstPlane(const Bvh& bvh, const Eigen::Vector3d& n, double c, bool must_cross_plane,
                       Callback&& callback) {
  if (bvh.empty()) return;
  using Corner = Eigen::Vector3d Aabb::*;
  Corner lo[3], hi[3];
  for (int i = 0; i < 3; ++i) {
    lo[i] = n[i] >= 0 ? &Aabb::min : &Aabb::max;
    hi[i] = n[i] >= 0 ? &Aabb::max : &Aabb::min;
  }
  const double nx = n.x(), ny = n.y(), nz = n.z();
  auto reaches = [&](const Aabb& box) {
    if (nx * (box.*lo[0]).x() + ny * (box.*lo[1]).y() + nz * (box.*lo[2]).z() > c) return false;
    return !must_cross_plane ||
           nx * (box.*hi[0]).x() + ny * (box.*hi[1]).y() + nz * (box.*hi[2]).z() >= c;
  };
  const Bvh::Node* nodes = bvh.nodes().data();
  if (!reaches(nodes[0].box)) return;
  int stack[Bvh::kMaxDepth + 1];
  int top = 0;
  int index = 0;
  while (true) {
    const Bvh::Node& node = nodes[index];
    if (node.is_leaf()) {
      callback(node.element);
    } else {
      const int left = index + 1, right = node.right;
      const bool left_reaches = reaches(nodes[left].box);
      const bool right_reaches = reaches(nodes[right].box);
      if (left_reaches) {
        if (right_reaches) stack[top++] = right;
        index = left;
        continue;
      }
      if (right_reaches) {
        index = right;
        continue;
      }
    }
    if (top == 0) return;
    index = stack[--top];
  }
}

// Below this many candidates, a half-space pair runs on the calling thread
// even with an executor: a wake-up, the per-piece storage and the merge
// would cost more than they save (the rigid–compliant kernel's threshold;
// here a candidate costs 30–70 ns, so the smallest split pair has at least
// 60 µs of work).
constexpr int kMinCandidatesToSplit = 2048;

// Intersects the leaves VisitAgainstPlane visits, in two passes:
//  1. the walk calls classify(element, &candidate) for every leaf, which
//     fills in the Candidate (what the second pass needs of the element,
//     e.g. its index and the values that decided) and returns whether the
//     element can give a polygon at all;
//  2. body(candidate, polygons, buffers) is called for the kept
//     candidates, in the walk's order, `body` appending that element's
//     polygons to the ContactPolygons it is handed, with two scratch
//     polygons `buffers` (reused from candidate to candidate).
// Why two passes: a kernel's body is one long chain of dependent steps
// (vertex loads, plane values, the case look-up, the divisions of the
// slice), and a rejection test in the middle of it, which the processor
// cannot predict, stopped it from running the chains of consecutive
// elements side by side. Apart, the walk's loop is short and its test is
// a count, not a branch, and the second loop has no rejections left
// (measured against one pass: 8–14% less time on the compliant mesh–rigid
// half-space pairs, the box's included, and 2–5% on the compliant
// half-space's). The lambdas are taken by value, and the compliant mesh's
// classifications and the rigid half-space's slice copy the values they
// use most: reached through references, those values were reloaded after
// every store of a double, which gave back half the gain. (Copies in the
// compliant half-space's slice measured no different, 0.97–1.00×.)
//
// With an executor of at least two threads and at least
// kMinCandidatesToSplit candidates, the second pass is cut into pieces run on
// its threads (IntersectInPieces), each piece into its own polygons with its
// own buffers, merged in order: the result is that of the single loop, byte
// for byte. So `body` must write only to the polygons and buffers it is
// handed. (The buffers are the loop's, not the body's own: declared in the
// body, they slowed the compliant half-space's kernel by 3–4%.)
template <class Candidate, class Classify, class Body>
void IntersectAgainstPlane(const Bvh& bvh, const Eigen::Vector3d& n, double c, bool must_cross_plane,
                           const ParallelExecutor* executor, ContactPolygons* polygons,
                           Classify classify, Body body) {
  // The calling thread's candidates: every visited leaf is written to the
  // next free slot, which only a kept one takes (a count, not a branch).
  // The slots grow with the most leaves a walk has visited, not with the
  // mesh.
  thread_local std::vector<Candidate> candidates;
  Candidate* slots = candidates.data();
  std::size_t num_slots = candidates.size();
  std::size_t count = 0;
  VisitAgainstPlane(bvh, n, c, must_cross_plane, [&](int element) {
    if (count == num_slots) [[unlikely]] {
      candidates.resize(std::max<std::size_t>(256, 2 * num_slots));
      slots = candidates.data();
      num_slots = candidates.size();
    }
    count += classify(element, &slots[count]);
  });
  const std::span<const Candidate> kept(slots, count);
  auto intersect = [&](std::span<const Candidate> piece, ContactPolygons* out) {
    ClipPolygon buffers[2];
    for (const Candidate& candidate : piece) body(candidate, out, buffers);
  };
  if (!ShouldSplit(executor, static_cast<int>(count), kMinCandidatesToSplit)) {
    intersect(kept, polygons);
    return;
  }
  IntersectInPieces(*executor, kept, intersect, polygons);
}

// A tetrahedron that the plane h = 0 may cut: its index, its values of h
// at its vertices and their PositiveSignPattern.
struct TetrahedronCut {
  int tet;
  int pattern;
  std::array<double, 4> h;
};

// n·a − c and n·b − c at once for the points whose coordinates start at a
// and b: the same products and sums in the same order as Eigen's
// n.dot(q) − c for 3-vectors ((n_x q_x + n_y q_y) + n_z q_z, as
// ClipHalfSpace::Evaluate computes), so the same bits. Forced inline: it
// runs twice per visited tetrahedron.
EIGEN_ALWAYS_INLINE Eigen::Array2d PlaneValues(const Eigen::Vector3d& n, double c, const double* a,
                                               const double* b) {
  return n.x() * Eigen::Array2d(a[0], b[0]) + n.y() * Eigen::Array2d(a[1], b[1]) +
         n.z() * Eigen::Array2d(a[2], b[2]) - c;
}

// n·q − c at the four points q = *p[i] (see above).
EIGEN_ALWAYS_INLINE std::array<double, 4> PlaneValues(
    const Eigen::Vector3d& n, double c, const std::array<const Eigen::Vector3d*, 4>& p) {
  const Eigen::Array2d d01 = PlaneValues(n, c, p[0]->data(), p[1]->data());
  const Eigen::Array2d d23 = PlaneValues(n, c, p[2]->data(), p[3]->data());
  return {d01(0), d01(1), d23(0), d23(1)};
}

// Pointers to the positions of tetrahedron `t`'s vertices.
std::array<const Eigen::Vector3d*, 4> VertexPositions(const std::vector<Eigen::Vector3d>& p,
                                                      const VolumeMesh::Element& t) {
  return {&p[t[0]], &p[t[1]], &p[t[2]], &p[t[3]]};
}

// The values of `values` at tetrahedron `t`'s vertices.
std::array<double, 4> VertexValues(const std::vector<double>& values, const VolumeMesh::Element& t) {
  return {values[t[0]], values[t[1]], values[t[2]], values[t[3]]};
}

}  // namespace

void IntersectCompliantRigidHalfSpace(const CompliantMesh& compliant_C,
                                      const RigidTransform& X_CH, ContactPolygons* polygons_C,
                                      const ParallelExecutor* executor) {
  RequireValidRepresentation(compliant_C, "IntersectCompliantRigidHalfSpace", "compliant mesh");
  RequireOutputPolygons(polygons_C, "IntersectCompliantRigidHalfSpace");
  // H's boundary plane in C: normal Hz, through H's origin.
  const Eigen::Vector3d nhat_C = X_CH.rotation().col(2);
  const double offset = nhat_C.dot(X_CH.translation());
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  const std::vector<Eigen::Vector3d>& positions = compliant_C.mesh.vertices();
  const std::vector<double>& pressures = compliant_C.pressure.values();
  // The signed distances decide first: a tetrahedron whose box reaches
  // the plane without the tetrahedron crossing it is dropped before its
  // pressures are read.
  auto classify = [nhat_C, offset, &positions, &compliant_C](int tet, TetrahedronCut* cut) {
    const std::array<double, 4> h =
        PlaneValues(nhat_C, offset, VertexPositions(positions, compliant_C.mesh.element(tet)));
    const int pattern = PositiveSignPattern(h);
    *cut = {tet, pattern, h};
    return PatternCuts(pattern);
  };
  auto slice = [nhat_C, zero, &positions, &pressures, &compliant_C](
                   const TetrahedronCut& cut, ContactPolygons* out, ClipPolygon* buffers) {
    const VolumeMesh::Element& t = compliant_C.mesh.element(cut.tet);
    // The mesh's tetrahedra are positively oriented and ∇h = nhat_C.
    ClipPolygon& polygon = buffers[0];
    SlicePositiveTetrahedron(VertexPositions(positions, t), VertexValues(pressures, t), cut.h,
                             cut.pattern, &polygon);
    RemoveRepeatedVertices(&polygon);
    if (polygon.size < 3) return;
    out->Add(polygon, nhat_C, compliant_C.pressure.EvaluateGradient(cut.tet), zero);
  };
  IntersectAgainstPlane<TetrahedronCut>(compliant_C.bvh, nhat_C, offset, /*must_cross_plane=*/true,
                                        executor, polygons_C, classify, slice);
}

void IntersectRigidCompliantHalfSpace(const CompliantHalfSpace& half_space_H,
                                      const RigidMesh& rigid_R, const RigidTransform& X_HR,
                                      bool normal_filter, ContactPolygons* polygons_H,
                                      const ParallelExecutor* executor) {
  constexpr const char* kCaller = "IntersectRigidCompliantHalfSpace";
  RequireValidRepresentation(half_space_H, kCaller, "compliant half-space");
  RequireValidRepresentation(rigid_R, kCaller, "rigid mesh");
  RequireOutputPolygons(polygons_H, kCaller);
  const TriangleSurfaceMesh& mesh_R = rigid_R.mesh;
  const Eigen::Matrix3d& R_HR = X_HR.rotation();
  const Eigen::Vector3d grad_p_H = half_space_H.PressureGradient();
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  const double margin = half_space_H.margin;
  const SlabPressureField pressure_H = half_space_H.PressureField();
  // The slab's top plane z_H = margin, expressed in R for the traversal:
  // z_H(x_R) = Hz_R·x_R + p_HRo_z.
  const Eigen::Vector3d Hz_R = R_HR.row(2).transpose();
  const double offset_R = margin - X_HR.translation().z();
  const ClipHalfSpace slab_H{Eigen::Vector3d::UnitZ(), margin};
  // A triangle the walk meets, with its normal in H.
  struct Candidate {
    int tri;
    Eigen::Vector3d nhat_H;
  };
  auto classify = [&](int tri, Candidate* candidate) {
    candidate->tri = tri;
    candidate->nhat_H = R_HR * mesh_R.face_normal(tri);
    return !normal_filter || IsAlongPressureGradient(candidate->nhat_H, grad_p_H);
  };
  auto clip = [&](const Candidate& candidate, ContactPolygons* out, ClipPolygon* buffers) {
    const TriangleSurfaceMesh::Element& f = mesh_R.element(candidate.tri);
    ClipPolygon* in = &buffers[0];
    in->clear();
    int outside = 0;
    for (int k = 0; k < 3; ++k) {
      const Eigen::Vector3d p_H = X_HR * mesh_R.vertex(f[k]);
      Eigen::Vector4d vertex;
      vertex << p_H, pressure_H(p_H.z());
      in->push_back(vertex);
      outside += p_H.z() > margin;
    }
    if (outside == 3) return;
    if (outside > 0) {
      if (!ClipByHalfSpace(*in, slab_H, &buffers[1])) return;
      in = &buffers[1];
    }
    RemoveDuplicateVertices(in);
    if (in->size < 3) return;
    out->Add(*in, candidate.nhat_H, grad_p_H, zero);
  };
  IntersectAgainstPlane<Candidate>(rigid_R.bvh, Hz_R, offset_R, /*must_cross_plane=*/false,
                                   executor, polygons_H, classify, clip);
}

void IntersectCompliantCompliantHalfSpace(const CompliantMesh& compliant_C,
                                          const CompliantHalfSpace& half_space_H,
                                          const RigidTransform& X_CH, bool normal_filter,
                                          ContactPolygons* polygons_C,
                                          const ParallelExecutor* executor) {
  constexpr const char* kCaller = "IntersectCompliantCompliantHalfSpace";
  RequireValidRepresentation(compliant_C, kCaller, "compliant mesh");
  RequireValidRepresentation(half_space_H, kCaller, "compliant half-space");
  RequireOutputPolygons(polygons_C, kCaller);
  // In C: z_H(x) = Hz·x − Hz·p_CHo, p_H(x) = slope·(margin − z_H(x)) with
  // slope = E/slab (pressure_H of z_H).
  const Eigen::Vector3d Hz_C = X_CH.rotation().col(2);
  const double z_offset = Hz_C.dot(X_CH.translation());
  const SlabPressureField pressure_H = half_space_H.PressureField();
  const double slope = pressure_H.slope;
  const Eigen::Vector3d grad_p_H = -slope * Hz_C;
  const ClipHalfSpace slab_C{Hz_C, half_space_H.margin + z_offset};
  // Where p_C = p_H, p_H = p_C ≥ 0, so the cut never rises above the slab's
  // top (z_H = margin, where p_H = 0) but by round-off; only a cut above it
  // by more than this is clipped. Against a half-space far stiffer than the
  // mesh the whole surface lies on that plane, within 1e-17 m, and clipping
  // by it would cut pieces at random.
  const double slab_tolerance =
      kCoincidentPlaneRatio * (compliant_C.bvh.empty()
                                   ? 0.0
                                   : 2 * compliant_C.bvh.bounding_box().half_size().norm());
  // A tetrahedron whose ‖∇p_C‖² exceeds this takes its vertex pressures
  // from p_H, kFlatterFieldRatio times flatter (see below).
  const double pressures_from_H_above_sq = kFlatterFieldRatio * kFlatterFieldRatio * slope * slope;
  const std::vector<Eigen::Vector3d>& positions = compliant_C.mesh.vertices();
  const std::vector<double>& pressures = compliant_C.pressure.values();
  // Most tetrahedra in the slab miss the equilibrium plane: the signs of
  // h = p_C − p_H at the vertices reject them before the gradients are read.
  auto classify = [Hz_C, z_offset, pressure_H, &positions, &pressures, &compliant_C](
                      int tet, TetrahedronCut* cut) {
    const VolumeMesh::Element& t = compliant_C.mesh.element(tet);
    const std::array<const Eigen::Vector3d*, 4> p = VertexPositions(positions, t);
    const std::array<double, 4> p_C = VertexValues(pressures, t);
    // h = p_C − p_H(z_H), two vertices at a time (the slope taken once: a
    // division per tetrahedron here cost a tenth of this kernel's time).
    cut->tet = tet;
    for (int i = 0; i < 4; i += 2) {
      const Eigen::Array2d z_H = PlaneValues(Hz_C, z_offset, p[i]->data(), p[i + 1]->data());
      const Eigen::Array2d h_pair = Eigen::Array2d(p_C[i], p_C[i + 1]) - pressure_H(z_H);
      cut->h[i] = h_pair(0);
      cut->h[i + 1] = h_pair(1);
    }
    cut->pattern = PositiveSignPattern(cut->h);
    return PatternCuts(cut->pattern);
  };
  auto slice = [&](const TetrahedronCut& candidate, ContactPolygons* out, ClipPolygon* buffers) {
    const int tet = candidate.tet;
    const VolumeMesh::Element& t = compliant_C.mesh.element(tet);
    const std::array<const Eigen::Vector3d*, 4> p = VertexPositions(positions, t);
    const std::array<double, 4> p_C = VertexValues(pressures, t);
    const std::array<double, 4>& h = candidate.h;
    const int pattern = candidate.pattern;
    const Eigen::Vector3d& grad_p_C = compliant_C.pressure.EvaluateGradient(tet);
    const Eigen::Vector3d grad_h = grad_p_C - grad_p_H;
    const double grad_h_sq = grad_h.squaredNorm();
    if (!(grad_h_sq > kEqualGradientsRatio * kEqualGradientsRatio *
                          (grad_p_C.squaredNorm() + slope * slope))) {
      return;
    }
    if (normal_filter && (!IsAlongPressureGradientUnnormalized(grad_h, grad_h_sq, grad_p_C) ||
                          !IsAlongPressureGradientUnnormalized(-grad_h, grad_h_sq, grad_p_H))) {
      return;
    }
    const Eigen::Vector3d nhat = grad_h / std::sqrt(grad_h_sq);
    // The tetrahedra are positively oriented, and ∇h is grad_h (nhat's
    // direction) up to the round-off of the vertex pressures, far below the
    // kEqualGradientsRatio margin checked above.
    //
    // Usually the whole cut lies in the slab (to slab_tolerance), and
    // clipping by its top plane would only copy it, starting from its last
    // vertex (or cut it by round-off): slicing in that
    // order finds the result in place. Otherwise the cut is made again in
    // the plain order and clipped, so the result is the same either way.
    // (Measured: with this second call the compiler keeps the slicer out of
    // line here, which runs faster than inlining it into this lambda.)
    ClipPolygon* in = &buffers[1];
    SlicePositiveTetrahedron(p, p_C, h, pattern, in, /*rotated=*/true);
    // Four slab values, the last vertex's twice for a triangle. (Reading
    // the triangle's spare vertex instead, just stored, measured slower.)
    const ClipPolygon& cut = *in;
    const bool inside =
        (PlaneValues(slab_C.normal, slab_C.offset, cut[0].data(), cut[1].data()) <= slab_tolerance)
            .all() &&
        (PlaneValues(slab_C.normal, slab_C.offset, cut[2].data(), cut[cut.size - 1].data()) <=
         slab_tolerance)
            .all();
    if (!inside) {
      SlicePositiveTetrahedron(p, p_C, h, pattern, &buffers[0]);
      if (!ClipByHalfSpace(buffers[0], slab_C, in)) return;
    }
    RemoveRepeatedVertices(in);
    if (in->size < 3) return;
    // On the plane p_C = p_H, so either field gives the vertex pressures
    // (the slice interpolated p_C); a much flatter p_H gives them (see
    // kFlatterFieldRatio).
    if (grad_p_C.squaredNorm() > pressures_from_H_above_sq) {
      for (int k = 0; k < in->size; ++k) {
        Eigen::Vector4d& vertex = (*in)[k];
        vertex[3] = pressure_H(Hz_C.dot(vertex.head<3>()) - z_offset);
      }
    }
    out->Add(*in, nhat, grad_p_C, grad_p_H);
  };
  IntersectAgainstPlane<TetrahedronCut>(compliant_C.bvh, slab_C.normal, slab_C.offset,
                                        /*must_cross_plane=*/false, executor, polygons_C, classify,
                                        slice);
}

}  // namespace hydrocontact
