#pragma once

/// @file
/// Bvh: a bounding volume hierarchy of axis-aligned boxes over the elements
/// of a mesh, and its traversals.

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "mesh/aabb.h"
#include "mesh/polygon_surface_mesh.h"
#include "mesh/triangle_surface_mesh.h"
#include "mesh/volume_mesh.h"

namespace hydrocontact {

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
  explicit Bvh(const std::vector<Aabb>& element_boxes);

  /// Builds over the elements of a mesh.
  explicit Bvh(const VolumeMesh& mesh);
  explicit Bvh(const TriangleSurfaceMesh& mesh);

  bool empty() const { return nodes_.empty(); }
  const std::vector<Node>& nodes() const { return nodes_; }
  const Node& root() const { return nodes_.front(); }
  /// The box of the whole mesh (empty box for an empty hierarchy).
  Aabb bounding_box() const { return empty() ? Aabb() : nodes_.front().box; }

  /// Calls `callback(element)` for every element whose box overlaps `box_G`.
  template <class Callback>
  void Query(const Aabb& box_G, Callback&& callback) const {
    if (empty()) return;
    int stack[kMaxDepth];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const Node& node = nodes_[stack[--top]];
      if (!node.box.Overlaps(box_G)) continue;
      if (node.is_leaf()) {
        callback(node.element);
      } else {
        const int self = int(&node - nodes_.data());
        stack[top++] = node.right;
        stack[top++] = self + 1;
      }
    }
  }

  /// Calls `callback(a, b)` for every element a of this hierarchy (frame A)
  /// and b of `other` (frame B) whose boxes overlap when B is posed in A by
  /// X_AB. Pairs are visited in a deterministic order.
  template <class Callback>
  void Collide(const Bvh& other, const RigidTransform& X_AB, Callback&& callback) const {
    if (empty() || other.empty()) return;
    const Eigen::Matrix3d& R_AB = X_AB.rotation();
    // |R| with a small epsilon guards the separating-axis test against
    // round-off when axes are nearly parallel.
    const Eigen::Matrix3d abs_R_AB = R_AB.cwiseAbs().array() + 1e-12;
    std::pair<int, int> stack[2 * kMaxDepth];
    int top = 0;
    stack[top++] = {0, 0};
    while (top > 0) {
      const auto [ia, ib] = stack[--top];
      const Node& a = nodes_[ia];
      const Node& b = other.nodes_[ib];
      if (!BoxesOverlap(a.box, b.box, X_AB, abs_R_AB)) continue;
      if (a.is_leaf() && b.is_leaf()) {
        callback(a.element, b.element);
        continue;
      }
      // Descend into the larger (by volume proxy) of the two inner nodes.
      const bool split_a =
          !a.is_leaf() && (b.is_leaf() || a.box.half_size().prod() >= b.box.half_size().prod());
      if (split_a) {
        stack[top++] = {a.right, ib};
        stack[top++] = {ia + 1, ib};
      } else {
        stack[top++] = {ia, b.right};
        stack[top++] = {ia, ib + 1};
      }
    }
  }

  /// True when box_A (frame A) and box_B (frame B, posed in A by X_AB)
  /// overlap, by the separating-axis test on the 15 candidate axes.
  static bool BoxesOverlap(const Aabb& box_A, const Aabb& box_B, const RigidTransform& X_AB,
                           const Eigen::Matrix3d& abs_R_AB);

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
};

}  // namespace hydrocontact
