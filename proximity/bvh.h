#pragma once

/// @file
/// Bvh: a bounding volume hierarchy of axis-aligned boxes over the elements
/// of a mesh, and its traversals.

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <type_traits>
#include <vector>

#include <Eigen/Core>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "mesh/aabb.h"
#include "mesh/polygon_surface_mesh.h"
#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

/// An axis-aligned box stored for a branch-free overlap test: its lower
/// corner and its negated upper corner, (min, −max), 6 doubles. Two closed
/// boxes a and b overlap when a.min ≤ b.max and b.min ≤ a.max, that is when
/// (a.min, −a.max) ≤ (b.max, −b.min) in all six coordinates: one
/// comparison of two 6-vectors (negation is exact, so the answer is
/// Aabb::Overlaps' bit for bit, false for an empty box or a NaN).
///
/// Why: the traversals (Bvh::Query, ForEachCandidatePairOf) test tens of
/// thousands of boxes per call, with outcomes no branch predictor guesses
/// well; Aabb::Overlaps stops at the first failed coordinate, so it pays for
/// up to six unpredictable branches per test, more than its comparisons.
struct OverlapBox {
  /// Copies `box` as (min, −max).
  static OverlapBox Lower(const Aabb& box) {
    return {{box.min.x(), box.min.y(), box.min.z(), -box.max.x(), -box.max.y(), -box.max.z()}};
  }
  /// The other side of the test: `box` as (max, −min).
  static OverlapBox Upper(const Aabb& box) {
    return {{box.max.x(), box.max.y(), box.max.z(), -box.min.x(), -box.min.y(), -box.min.z()}};
  }
  /// For a Lower() box: whether it overlaps the box given as Upper(other).
  bool Overlaps(const OverlapBox& upper) const {
#if defined(__SSE2__)
    const __m128d a = _mm_cmple_pd(_mm_loadu_pd(v.data()), _mm_loadu_pd(upper.v.data()));
    const __m128d b = _mm_cmple_pd(_mm_loadu_pd(v.data() + 2), _mm_loadu_pd(upper.v.data() + 2));
    const __m128d c = _mm_cmple_pd(_mm_loadu_pd(v.data() + 4), _mm_loadu_pd(upper.v.data() + 4));
    return _mm_movemask_pd(_mm_and_pd(_mm_and_pd(a, b), c)) == 3;
#else
    bool all = true;
    for (int i = 0; i < 6; ++i) all &= v[i] <= upper.v[i];
    return all;
#endif
  }
  std::array<double, 6> v;
};

/// Whether the closed box `box` overlaps the box given as `upper`
/// (OverlapBox::Upper), the same test as OverlapBox::Overlaps on
/// OverlapBox::Lower(box) without the copy: for the nodes of a traversal,
/// each tested once.
inline bool Overlaps(const Aabb& box, const OverlapBox& upper) {
#if defined(__SSE2__)
  const __m128d sign = _mm_set1_pd(-0.0);
  const __m128d lower_xy = _mm_loadu_pd(box.min.data());
  const __m128d lower_z_neg_x = _mm_xor_pd(_mm_loadh_pd(_mm_load_sd(box.min.data() + 2), box.max.data()),
                                           _mm_set_pd(-0.0, 0.0));
  const __m128d neg_yz = _mm_xor_pd(_mm_loadu_pd(box.max.data() + 1), sign);
  const __m128d a = _mm_cmple_pd(lower_xy, _mm_loadu_pd(upper.v.data()));
  const __m128d b = _mm_cmple_pd(lower_z_neg_x, _mm_loadu_pd(upper.v.data() + 2));
  const __m128d c = _mm_cmple_pd(neg_yz, _mm_loadu_pd(upper.v.data() + 4));
  return _mm_movemask_pd(_mm_and_pd(_mm_and_pd(a, b), c)) == 3;
#else
  return OverlapBox::Lower(box).Overlaps(upper);
#endif
}

/// A binary tree of axis-aligned boxes, measured and expressed in the frame
/// of the mesh it was built from (G). Built once per mesh (top-down, median
/// split along the longest axis of the element centroids, one element per
/// leaf); queries never allocate except through the caller's callback.
///
/// Nodes are stored depth-first in one array: a node's left child is the next
/// node; its right child is at `right`.
class Bvh {
 public:
  struct Node {
    Aabb box;
    /// Leaf: the element index; inner node: -1.
    int element{-1};
    /// Inner node: index of the right child (the left child is this + 1).
    int right{-1};
    bool is_leaf() const { return element >= 0; }
  };

  /// An empty hierarchy (no elements; every query finds nothing).
  Bvh() = default;

  /// Builds over the given element boxes (frame G); element i has box i.
  /// @throws std::invalid_argument naming the element if a box is empty
  ///         (min > max on an axis) or not finite.
  explicit Bvh(const std::vector<Aabb>& element_boxes);

  /// Builds over the elements of a mesh.
  explicit Bvh(const VolumeMesh& mesh);
  explicit Bvh(const TriangleSurfaceMesh& mesh);

  /// Renumbers the leaves 0, 1, 2, … in depth-first order (the order of
  /// nodes()), keeping every box: the hierarchy of the same elements
  /// renumbered in that order (see OrderForLocality). Throws nothing.
  void RenumberLeavesInOrder();

  bool empty() const { return nodes_.empty(); }
  const std::vector<Node>& nodes() const { return nodes_; }
  const Node& root() const { return nodes_.front(); }
  /// The box of the whole mesh (empty box for an empty hierarchy).
  Aabb bounding_box() const { return empty() ? Aabb() : nodes_.front().box; }
  /// The mean length of the leaves' box diagonals (m; 0 for an empty
  /// hierarchy): the size of a typical element as a search sees it. A long,
  /// thin element counts by its length.
  double mean_leaf_diagonal() const { return mean_leaf_diagonal_; }

  /// Calls `callback(element)` for every element whose box overlaps `box_G`.
  template <class Callback>
  void Query(const Aabb& box_G, Callback&& callback) const {
    if (empty()) return;
    QuerySubtree(0, box_G, callback);
  }

  /// Query restricted to the subtree rooted at node `root` (an index into
  /// nodes()), in the same order: the elements of the subtrees of
  /// SubtreeRoots, queried one by one in turn, are Query's elements in
  /// Query's order. Precondition: 0 ≤ root < nodes().size().
  template <class Callback>
  void QuerySubtree(int root, const Aabb& box_G, Callback&& callback) const {
    const OverlapBox upper_G = OverlapBox::Upper(box_G);
    int stack[kMaxDepth];
    int top = 0;
    stack[top++] = root;
    while (top > 0) {
      const Node& node = nodes_[stack[--top]];
      if (!Overlaps(node.box, upper_G)) continue;
      if (node.is_leaf()) {
        callback(node.element);
      } else {
        const int self = int(&node - nodes_.data());
        stack[top++] = node.right;
        stack[top++] = self + 1;
      }
    }
  }

  /// Depth-first branch and bound over the subtree rooted at node `root`:
  /// the traversal behind every search for the element that minimises (or
  /// maximises) some quantity, such as the nearest triangle to a point or
  /// the vertex highest along a direction.
  ///
  /// - `bound(node)` bounds the quantity over the elements below the node
  ///   (a lower bound when minimising, an upper one when maximising). It is
  ///   computed once per node reached, when its parent is opened.
  /// - `explore_first(a, b)` says whether a node with bound a is the more
  ///   promising one (`std::less<>()` when minimising, `std::greater<>()`
  ///   when maximising). Of two children the more promising is visited
  ///   first, the left one on ties.
  /// - `prune(bound)` is asked for every node when it is reached, so it
  ///   sees the best found so far; a node it accepts is skipped with its
  ///   subtree.
  /// - `visit_leaf(element)` is called for each leaf not pruned, in visiting
  ///   order. It returns void, or a bool: false ends the search at once (a
  ///   search that stops at the first good enough element, without popping
  ///   what is left on the stack).
  ///
  /// Allocation-free; nothing is visited in an empty hierarchy.
  /// Precondition: 0 ≤ root < nodes().size() unless the hierarchy is empty.
  template <class Bound, class ExploreFirst, class Prune, class VisitLeaf>
  void BranchAndBound(int root, Bound&& bound, ExploreFirst&& explore_first, Prune&& prune,
                      VisitLeaf&& visit_leaf) const {
    if (empty()) return;
    // The stack is two arrays, not one of {int, double} entries: such an
    // entry is pushed field by field but popped as two 8-byte loads, one
    // spanning the int and its unwritten padding, which store forwarding
    // cannot serve; the stall made the nearest-triangle search 25% slower.
    // Each opened node leaves at most one sibling behind per level.
    int stack_node[2 * kMaxDepth + 2];
    double stack_bound[2 * kMaxDepth + 2];
    int top = 0;
    auto push = [&](int node, double node_bound) {
      stack_node[top] = node;
      stack_bound[top] = node_bound;
      ++top;
    };
    push(root, bound(root));
    while (top > 0) {
      --top;
      if (prune(stack_bound[top])) continue;
      const int index = stack_node[top];
      const Node& node = nodes_[index];
      if (node.is_leaf()) {
        if constexpr (std::is_same_v<std::invoke_result_t<VisitLeaf&, int>, bool>) {
          if (!visit_leaf(node.element)) return;
        } else {
          visit_leaf(node.element);
        }
        continue;
      }
      const int left = index + 1, right = node.right;
      const double left_bound = bound(left), right_bound = bound(right);
      // The node pushed last is popped first.
      if (explore_first(right_bound, left_bound)) {
        push(left, left_bound);
        push(right, right_bound);
      } else {
        push(right, right_bound);
        push(left, left_bound);
      }
    }
  }

  /// Calls `callback(a, b)`, a < b, once for every pair of distinct
  /// elements of this hierarchy whose (closed) boxes come within `padding`
  /// of each other along every axis (0: the boxes overlap): the candidate
  /// pairs of a self-intersection test, with `padding` covering what the
  /// test treats as touching. Pairs are visited in a deterministic order.
  /// Precondition: padding ≥ 0.
  template <class Callback>
  void CollideWithin(double padding, Callback&& callback) const {
    if (empty()) return;
    const Eigen::Vector3d pad = Eigen::Vector3d::Constant(padding);
    // Pairs of nodes (i, j), i ≤ j; (i, i) stands for the pairs within
    // node i's subtree. Each pop pushes at most three and descends one
    // level in one of the two subtrees, so the stack holds at most two
    // entries per level of the pair's combined depth.
    std::pair<int, int> stack[4 * kMaxDepth + 1];
    int top = 0;
    stack[top++] = {0, 0};
    while (top > 0) {
      const auto [i, j] = stack[--top];
      const Node& a = nodes_[i];
      if (i == j) {
        if (a.is_leaf()) continue;  // One element: no pair.
        stack[top++] = {i + 1, a.right};
        stack[top++] = {a.right, a.right};
        stack[top++] = {i + 1, i + 1};
        continue;
      }
      const Node& b = nodes_[j];
      if (!Overlaps(a.box, OverlapBox::Upper(Aabb(b.box.min - pad, b.box.max + pad)))) continue;
      if (a.is_leaf() && b.is_leaf()) {
        callback(std::min(a.element, b.element), std::max(a.element, b.element));
        continue;
      }
      // Descend into the larger (by volume proxy) of the two inner nodes.
      const bool split_a =
          !a.is_leaf() && (b.is_leaf() || a.box.half_size().prod() >= b.box.half_size().prod());
      if (split_a) {
        stack[top++] = {a.right, j};
        stack[top++] = {i + 1, j};
      } else {
        stack[top++] = {i, b.right};
        stack[top++] = {i, j + 1};
      }
    }
  }

  /// Splits the hierarchy into subtrees for work that runs in pieces: the
  /// nodes `depth` levels below the root, with any leaf above that level
  /// standing for itself, written to `roots` in depth-first order. Their
  /// subtrees partition the elements. Returns how many were written (none
  /// for an empty hierarchy, at most 2^depth).
  /// @throws std::invalid_argument if depth is negative or `roots` holds
  ///         fewer than 2^depth entries.
  int SubtreeRoots(int depth, std::span<int> roots) const;

  /// The depth bound of the traversal stacks. Median splits keep the depth
  /// near log2(n); the builder falls back to splitting by count, so 64 levels
  /// cover any mesh that fits in memory.
  static constexpr int kMaxDepth = 128;

 private:
  struct BuildItem {
    Eigen::Vector3d centroid;
    int element;
  };
  int Build(std::vector<BuildItem>& items, const std::vector<Aabb>& boxes, int begin, int end);

  std::vector<Node> nodes_;
  double mean_leaf_diagonal_{0};
};

}  // namespace hydrocontact
