#pragma once

/// @file
/// How the contact kernels find candidate element pairs and reuse per-call
/// work: a stamped cache of lazily transformed geometry, and a broad phase
/// that boxes each nearby element of one mesh tightly in the other's frame
/// and queries the other's hierarchy with it.
///
/// Why not Bvh::Collide: it tests every node pair with the 15-axis
/// separating-axis test. Boxing each element of B once (from its vertices,
/// transformed once each and cached) and running cheap axis-aligned queries
/// in A's hierarchy was measured 1.3–1.6× faster on the benchmark cases,
/// and its boxes are tight whatever the relative rotation.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "mesh/aabb.h"
#include "proximity/bvh.h"

namespace hydrocontact {

/// Lazily computed per-call values indexed by an integer key (a vertex, an
/// element), all invalidated at once by Begin() through a stamp, so starting
/// a call is O(1) and storage is reused (no allocation once it has grown to
/// the largest mesh seen).
template <class Value>
class StampedCache {
 public:
  /// Starts a call over keys [0, size).
  void Begin(size_t size) {
    if (values_.size() < size) {
      values_.resize(size);
      stamps_.resize(size, 0);
    }
    if (++stamp_ == 0) {
      // After 2³² calls: clear the stamps so that none is mistaken as current.
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
  }

  /// The value for `key`, computed by `compute(key)` on its first use in
  /// this call. @pre 0 ≤ key < the size given to Begin().
  template <class Compute>
  const Value& Get(int key, Compute&& compute) {
    if (stamps_[key] != stamp_) {
      values_[key] = compute(key);
      stamps_[key] = stamp_;
    }
    return values_[key];
  }

 private:
  std::vector<Value> values_;
  std::vector<uint32_t> stamps_;
  uint32_t stamp_{0};
};

/// The axis-aligned box in frame A around box_B (frame B) posed by X_AB: the
/// extent of the rotated box along A's axes (half sizes |R_AB|·h).
inline Aabb TransformBox(const Aabb& box_B, const RigidTransform& X_AB) {
  const Eigen::Vector3d center = X_AB * box_B.center();
  const Eigen::Vector3d half = X_AB.rotation().cwiseAbs() * box_B.half_size();
  return Aabb(center - half, center + half);
}

/// How many of B's elements ForEachCandidatePair boxes before it queries
/// A's hierarchy once for all of them (see there). Measured on the
/// identical-mesh benchmark: 1 is the plain one-query-per-element
/// traversal, about 1.4× slower; without groups (kCandidateGroupSize) 8 to
/// 16 were equally good; with groups of 4, 24 and 32 take 1–5% fewer
/// instructions than 12 (rigid–compliant and compliant–compliant alike).
inline constexpr int kCandidateBatchSize = 24;

/// ForEachCandidatePairOf narrows the leaves a batch's query finds to those
/// near each group of this many consecutive elements of the batch (the
/// union of their boxes), and each element of the group scans only those:
/// fewer box tests than every element scanning every leaf.
inline constexpr int kCandidateGroupSize = 4;

/// How many levels of a hierarchy BoxOfGeometryIn opens: at most 2⁴ = 16
/// node boxes, a few hundred nanoseconds per call.
inline constexpr int kRegionLevels = 4;

/// BoxOfGeometryIn pads its box by this fraction of its largest |coordinate|
/// (Aabb::MaxAbsCoordinate), far more than the round-off of re-boxing; the
/// kernels pad the boxes of elements cut to it alike.
inline constexpr double kRegionPadRatio = 1e-12;

/// The padding of a box `region` the kernels box elements in (and of
/// BoxOfGeometryIn's own box): kRegionPadRatio of its largest |coordinate|.
/// @pre `region` is not empty.
inline double RegionPad(const Aabb& region) {
  return kRegionPadRatio * region.MaxAbsCoordinate();
}

/// A box in frame F around the part in `within` (a box in F) of the
/// geometry whose hierarchy is `bvh`, posed in F by X_FG: the union of the
/// boxes of the hierarchy's nodes kRegionLevels levels down (or of its
/// leaves above that), each re-boxed in F and cut to `within`; nodes whose
/// re-boxed box misses `within` are not opened; then padded by
/// kRegionPadRatio of its largest |coordinate|. Empty when nothing of the
/// hierarchy's boxes reaches into `within`.
///
/// It contains every point of the geometry in `within`, as the whole
/// hierarchy's box re-boxed and cut would, but far more tightly when the
/// frames are turned (a turned box's box is up to √3 times larger along
/// each axis) or when the geometry fills its box only partly (a sphere's
/// corners): the elements the kernels meet are boxed in it, so a tighter
/// one means fewer of them and fewer candidate pairs.
inline Aabb BoxOfGeometryIn(const Bvh& bvh, const RigidTransform& X_FG, const Aabb& within) {
  Aabb result;
  if (bvh.empty()) return result;
  const std::vector<Bvh::Node>& nodes = bvh.nodes();
  std::pair<int, int> stack[kRegionLevels + 2];  // (node, level); depth-first.
  int top = 0;
  stack[top++] = {0, 0};
  while (top > 0) {
    const auto [index, level] = stack[--top];
    const Bvh::Node& node = nodes[index];
    const Aabb box = TransformBox(node.box, X_FG);
    const Aabb cut(box.min.cwiseMax(within.min), box.max.cwiseMin(within.max));
    if (cut.IsEmpty()) continue;
    if (node.is_leaf() || level == kRegionLevels) {
      result.Include(cut);
    } else {
      stack[top++] = {node.right, level + 1};
      stack[top++] = {index + 1, level + 1};
    }
  }
  if (!result.IsEmpty()) result.Inflate(RegionPad(result));
  return result;
}

/// The elements of `bvh_B` (frame B) whose boxes overlap the box of `bvh_A`'s
/// geometry (frame A) in B's box (BoxOfGeometryIn), in bvh_B's query order,
/// into *elements_B (cleared first; its storage reused). Every element of B
/// that meets an element of A is among them.
inline void CollectElementsNear(const Bvh& bvh_A, const Bvh& bvh_B, const RigidTransform& X_AB,
                                std::vector<int>* elements_B) {
  elements_B->clear();
  if (bvh_A.empty() || bvh_B.empty()) return;
  const Aabb A_in_B = BoxOfGeometryIn(bvh_A, X_AB.inverse(), bvh_B.bounding_box());
  if (A_in_B.IsEmpty()) return;
  bvh_B.Query(A_in_B, [elements_B](int b) { elements_B->push_back(b); });
}

/// A box around the part of the tetrahedron with vertices `p` that lies in
/// `region` (all in one frame), empty when that part is. It is the region
/// intersected with the boxes of the tetrahedron cut by each of the region's
/// six bounding planes (the vertices inside plus the edge crossings), so it
/// contains the part and is tight for a long element that only
/// reaches into the region: a cone of a single-centre-vertex mesh boxed
/// whole spans from the centre to the surface, boxed in the other geometry's
/// region it is only its tip. The box is inflated by `pad` against the
/// round-off of the crossings.
inline Aabb BoxOfTetrahedronInRegion(const std::array<const Eigen::Vector3d*, 4>& p,
                                     const Aabb& region, double pad) {
  Aabb whole;
  for (const Eigen::Vector3d* v : p) whole.Include(*v);
  // Wholly inside (the usual case for compact elements): nothing to cut.
  if (region.Contains(whole)) return whole;
  Aabb box(whole.min.cwiseMax(region.min), whole.max.cwiseMin(region.max));
  if (box.IsEmpty()) return box;
  static constexpr int kEdges[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = 0; side < 2; ++side) {
      // The half-space s·(x_axis − bound) ≤ 0 of this side of the region.
      const double bound = side == 0 ? region.min[axis] : region.max[axis];
      const double sign = side == 0 ? -1.0 : 1.0;
      std::array<double, 4> d;
      int outside = 0;
      for (int i = 0; i < 4; ++i) {
        d[i] = sign * ((*p[i])[axis] - bound);
        outside += d[i] > 0;
      }
      if (outside == 0) continue;  // The plane does not cut: no tightening.
      Aabb cut;
      for (int i = 0; i < 4; ++i) {
        if (d[i] <= 0) cut.Include(*p[i]);
      }
      for (const auto& [i, j] : kEdges) {
        if ((d[i] > 0) == (d[j] > 0)) continue;
        const double t = d[i] / (d[i] - d[j]);
        cut.Include(Eigen::Vector3d((1 - t) * *p[i] + t * *p[j]));
      }
      box.min = box.min.cwiseMax(cut.min);
      box.max = box.max.cwiseMin(cut.max);
      if (box.IsEmpty()) return box;
    }
  }
  box.Inflate(pad);
  return box;
}

/// Fits the boxes of `bvh`'s nodes to the parts of its elements in `region`
/// for one call: `(*node_boxes)[i]` becomes, for every node i the traversal
/// can reach, the union of `leaf_box(element, box)` over the node's leaves
/// (`box` the leaf's own box; the callable returns a box containing the
/// element's part in the region, e.g. from BoxOfTetrahedronInRegion, empty
/// if there is none), and empty for a node whose own box misses the region.
/// Subtrees outside the region are not entered (their entries are left
/// stale: an empty parent keeps every traversal out). A hierarchy over long
/// elements (the cones of a single-centre-vertex mesh) has inner boxes far
/// larger than the elements' parts that can meet anything; refitted, its
/// traversal stays near those parts. Allocation-free once `node_boxes` has
/// grown to the hierarchy's size.
template <class LeafBox>
void RefitBoxesInRegion(const Bvh& bvh, const Aabb& region, LeafBox&& leaf_box,
                        std::vector<Aabb>* node_boxes) {
  if (bvh.empty()) return;
  const std::vector<Bvh::Node>& nodes = bvh.nodes();
  if (node_boxes->size() < nodes.size()) node_boxes->resize(nodes.size());
  // Post-order over the nodes whose boxes meet the region: a node is pushed
  // once to visit its children and again (marked by ~index) to unite them.
  int stack[2 * Bvh::kMaxDepth];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const int entry = stack[--top];
    if (entry < 0) {
      const int index = ~entry;
      Aabb united = (*node_boxes)[index + 1];
      united.Include((*node_boxes)[nodes[index].right]);
      (*node_boxes)[index] = united;
      continue;
    }
    const Bvh::Node& node = nodes[entry];
    if (!node.box.Overlaps(region)) {
      (*node_boxes)[entry] = Aabb();
    } else if (node.is_leaf()) {
      (*node_boxes)[entry] = leaf_box(node.element, node.box);
    } else {
      stack[top++] = ~entry;
      stack[top++] = node.right;
      stack[top++] = entry + 1;
    }
  }
}

/// The rigid–compliant kernel refits the compliant hierarchy to the rigid
/// geometry's region (RefitTetrahedraInRegion) when its leaves are on
/// average more than this many times the rigid one's in size
/// (Bvh::mean_leaf_diagonal). The refit visits every node in the region, a
/// cost the search repays only when small triangles meet large boxes that
/// the region cuts short. Measured (polygons, refitting against not), by the
/// ratio of the mean leaf diagonals: single-centre-vertex spheres,
/// ellipsoids, cylinders and capsules, and a box's few (12–24) tetrahedra, under
/// rigid spheres at 5–28: 1.1–13× faster; gmsh spheres under fine rigid
/// spheres at 5–15: 0.99–1.2×; at 2.6–2.9 (a gmsh sphere, a capsule, under a
/// rigid sphere): 0.96–1.0×; the primitives under large rigid boxes, below
/// 1.5: 0.66–1.3×. Above the threshold the refit prunes little only where
/// the rigid part covers most of the compliant mesh (a sphere half sunk in
/// a large rigid sphere): 0.96–0.98× there.
inline constexpr double kRefitAboveLeafDiagonalRatio = 4;

/// RefitBoxesInRegion for the hierarchy `bvh` of the tetrahedral mesh
/// `mesh` (one frame for both and `region`): a leaf whose box lies inside
/// the region keeps it, any other is boxed by BoxOfTetrahedronInRegion,
/// padded by `pad`. Then (*node_boxes)[0] is the box of the mesh's part in
/// the region (empty when there is none).
/// @pre `bvh` was built over `mesh`'s elements and is not empty (an empty
///      one leaves *node_boxes as it was).
/// Throws nothing.
inline void RefitTetrahedraInRegion(const VolumeMesh& mesh, const Bvh& bvh, const Aabb& region,
                                    double pad, std::vector<Aabb>* node_boxes) {
  RefitBoxesInRegion(
      bvh, region,
      [&](int e, const Aabb& leaf_box) {
        // Inside the region: nothing to cut, and no vertex to read.
        if (region.Contains(leaf_box)) return leaf_box;
        const VolumeMesh::Element& t = mesh.element(e);
        return BoxOfTetrahedronInRegion(
            {&mesh.vertex(t[0]), &mesh.vertex(t[1]), &mesh.vertex(t[2]), &mesh.vertex(t[3])}, region,
            pad);
      },
      node_boxes);
}

/// Calls `callback(a, b)` for every element b of `elements_B` (in that
/// order) and every element a of `bvh_A` (frame A) whose box overlaps
/// `element_box_A(b)`, b's box in frame A (a in bvh_A's depth-first order).
/// A's node boxes are those of its hierarchy, or, when `node_boxes_A` is
/// given, those (e.g. from RefitBoxesInRegion). For boxes that contain the
/// parts of the elements that can meet, every pair whose elements intersect
/// is reported. An element of B with an empty box is skipped.
/// Deterministic.
///
/// Why batches: consecutive elements of B's depth-first order are close
/// together, so one query of A's hierarchy with the union of the boxes of
/// kCandidateBatchSize of them finds, near the leaves, the same elements
/// their separate queries would, while its upper levels are visited once
/// instead of once per element. Each element of the batch then tests only
/// the leaves found. A leaf overlaps an element's box exactly when the
/// separate query would have reached it (a leaf's box lies inside its
/// ancestors'), and the leaves are kept in depth-first order, so the pairs
/// and their order are exactly those of separate queries, whatever the
/// batches: a list cut into pieces (for threads) gives, piece after piece,
/// the pairs of the whole list.
///
/// How the leaves are scanned: their boxes are copied into one contiguous
/// array when found (the node array is 56 bytes a node and scattered); each
/// group of kCandidateGroupSize elements lists the leaves the union of its
/// boxes overlaps, and each element of the group lists, among those, the
/// leaves its own box overlaps (a leaf its box overlaps overlaps the union,
/// so these are the leaves a scan of all would find, in the same order).
/// Both lists are made without a branch (an index written every time, the
/// count advanced by the test's outcome); then the element calls back for
/// its leaves, so the callback's own branches are the only unpredictable
/// ones.
/// Allocation-free once the per-thread scratch has grown.
template <class ElementBox, class Callback>
void ForEachCandidatePairOf(const Bvh& bvh_A, std::span<const int> elements_B, ElementBox&& element_box_A,
                            Callback&& callback, const std::vector<Aabb>* node_boxes_A = nullptr) {
  if (bvh_A.empty()) return;
  struct Batch {
    std::array<Aabb, kCandidateBatchSize> boxes;
    std::array<int, kCandidateBatchSize> elements;
    int size{0};
  };
  // Per thread: the boxes and elements of the leaves found by one batch's
  // query, and the positions in them that one element's box overlaps.
  thread_local std::vector<OverlapBox> leaf_boxes;
  thread_local std::vector<int> leaf_elements;
  thread_local std::vector<int> hits;
  Batch batch;
  const std::vector<Bvh::Node>& nodes_A = bvh_A.nodes();
  auto box_of = [&](int index) -> const Aabb& {
    return node_boxes_A != nullptr ? (*node_boxes_A)[index] : nodes_A[index].box;
  };
  auto flush = [&]() {
    if (batch.size == 0) return;
    Aabb union_box = batch.boxes[0];
    for (int i = 1; i < batch.size; ++i) union_box.Include(batch.boxes[i]);
    const OverlapBox united = OverlapBox::Upper(union_box);
    // The leaves of A overlapping the union, depth-first (as Bvh::Query).
    leaf_boxes.clear();
    leaf_elements.clear();
    int stack[Bvh::kMaxDepth];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const int index = stack[--top];
      const Aabb& box = box_of(index);
      if (!Overlaps(box, united)) continue;
      const Bvh::Node& node = nodes_A[index];
      if (node.is_leaf()) {
        leaf_boxes.push_back(OverlapBox::Lower(box));
        leaf_elements.push_back(node.element);
      } else {
        stack[top++] = node.right;
        stack[top++] = index + 1;
      }
    }
    const int num_leaves = static_cast<int>(leaf_boxes.size());
    if (hits.size() < 2 * leaf_boxes.size()) hits.resize(2 * leaf_boxes.size());
    const OverlapBox* boxes = leaf_boxes.data();
    int* near = hits.data();
    int* hit = near + num_leaves;
    for (int group = 0; group < batch.size; group += kCandidateGroupSize) {
      const int group_end = std::min(group + kCandidateGroupSize, batch.size);
      // The leaves near this group of elements: those overlapping the union
      // of its boxes, in order (every leaf one of the boxes overlaps).
      Aabb group_box = batch.boxes[group];
      for (int i = group + 1; i < group_end; ++i) group_box.Include(batch.boxes[i]);
      const OverlapBox group_A = OverlapBox::Upper(group_box);
      int num_near = 0;
      for (int j = 0; j < num_leaves; ++j) {
        near[num_near] = j;
        num_near += boxes[j].Overlaps(group_A);
      }
      for (int i = group; i < group_end; ++i) {
        const OverlapBox box_A = OverlapBox::Upper(batch.boxes[i]);
        int num_hits = 0;
        for (int k = 0; k < num_near; ++k) {
          hit[num_hits] = near[k];
          num_hits += boxes[near[k]].Overlaps(box_A);
        }
        for (int k = 0; k < num_hits; ++k) callback(leaf_elements[hit[k]], batch.elements[i]);
      }
    }
    batch.size = 0;
  };
  for (const int b : elements_B) {
    batch.boxes[batch.size] = element_box_A(b);
    if (batch.boxes[batch.size].IsEmpty()) continue;
    batch.elements[batch.size] = b;
    if (++batch.size == kCandidateBatchSize) flush();
  }
  flush();
}

/// Calls `callback(a, b)` for every element a of `bvh_A` (frame A) and b of
/// `bvh_B` (frame B) such that b lies near A's hierarchy
/// (CollectElementsNear) and `element_box_A(b)`, b's box in frame A,
/// overlaps a's box (ForEachCandidatePairOf, with A's node boxes
/// `node_boxes_A` when given). Order: b in bvh_B's query order, then a in
/// bvh_A's depth-first order; deterministic.
/// Allocation-free once the per-thread scratch has grown.
template <class ElementBox, class Callback>
void ForEachCandidatePair(const Bvh& bvh_A, const Bvh& bvh_B, const RigidTransform& X_AB,
                          ElementBox&& element_box_A, Callback&& callback,
                          const std::vector<Aabb>* node_boxes_A = nullptr) {
  thread_local std::vector<int> elements_B;
  CollectElementsNear(bvh_A, bvh_B, X_AB, &elements_B);
  ForEachCandidatePairOf(bvh_A, elements_B, element_box_A, callback, node_boxes_A);
}

}  // namespace hydrocontact
