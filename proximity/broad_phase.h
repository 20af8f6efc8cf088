#pragma once

/// @file
/// The broad phase: which bounding boxes of a scene overlap.

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "geometry/rigid_transform.h"
#include "mesh/aabb.h"

namespace hydrocontact {

/// The box in frame W bounding `box_G` (a box in G) when G is posed by X_WG:
/// the tightest axis-aligned box around the rotated box. A box with infinite
/// extent (a half-space's) becomes the whole space.
Aabb TransformBoundingBox(const Aabb& box_G, const RigidTransform& X_WG);

/// Finds the overlapping pairs of a set of boxes that moves a little from one
/// call to the next (the geometries of a scene, step after step), keeping
/// what it learnt between calls: a hierarchy of the boxes that is refitted
/// (O(n)) rather than rebuilt, and rebuilt (O(n log n)) only when the set of
/// boxes changes or refitting has loosened it (its nodes' total size grew by
/// half since the build).
///
/// Every pair of boxes meets in exactly one inner node, as a box under its
/// left child and a box under its right one, so the pairs are those of the
/// sibling subtrees of every inner node. The refit visits children before
/// parents and tests each inner node's two children as soon as their boxes
/// are final; only siblings that overlap are descended into (the larger side
/// first). In a scene of separated or resting bodies almost no siblings
/// overlap, so a call costs one pass over the nodes plus O(k) for k
/// overlapping pairs; the output is sorted in O(n + k) (counting sort), or
/// O(k log k) when k is small. Flat arrays, no virtual calls, no hashing;
/// after the first calls nothing is allocated as long as n and k do not
/// grow.
///
/// The result never depends on the hierarchy: it is exactly the set of
/// pairs the all-pairs test finds, in lexicographic order.
class BroadPhase {
 public:
  /// The pairs (i, j), i < j, of `boxes`, each grown by `inflation` on every
  /// side, that overlap (closed boxes: touching counts), sorted
  /// lexicographically. Empty boxes overlap nothing; a box with a non-finite
  /// bound (after inflation) is tested against every other box. `boxes[i]`
  /// is expected to be the same object as in the previous call (moved a
  /// little), but any input gives the exact answer.
  /// @param pairs  output, overwritten (its capacity is reused).
  /// @pre inflation ≥ 0 and not NaN; pairs != nullptr.
  void FindOverlappingPairs(std::span<const Aabb> boxes, double inflation,
                            std::vector<std::pair<int, int>>* pairs);

 private:
  struct Node {
    Aabb box;
    /// Inner node: the sum of its box's extents (which child to descend
    /// into first); unused for a leaf.
    double extent{0};
    /// Leaf: the box index; inner node: -1.
    int element{-1};
    /// Inner node: the index of the right child (the left child is next).
    int right{-1};
  };
  struct BuildItem {
    Eigen::Vector3d centroid;
    int element;
  };
  enum Kind : uint8_t { kEmpty, kBounded, kUnbounded };

  // Rebuilds the hierarchy's topology over the bounded boxes (boxes are set
  // by Refit).
  void Rebuild(std::span<const Aabb> boxes);
  int Build(int begin, int end);
  // Refits every node's box bottom-up and records the inner nodes whose
  // children overlap (overlapping_siblings_); returns the sum of the inner
  // nodes' extents (the looseness measure).
  double Refit(std::span<const Aabb> boxes, double inflation);
  // Adds to found_ every overlapping pair of leaves under the nodes a and b
  // (disjoint subtrees whose boxes overlap).
  void CollectCrossPairs(int a, int b);
  void CollectUnboundedPairs(std::span<const Aabb> boxes, double inflation);
  void SortPairs(int n, std::vector<std::pair<int, int>>* pairs);

  std::vector<Kind> kinds_;
  std::vector<int> unbounded_;
  std::vector<Node> nodes_;
  std::vector<BuildItem> items_;
  std::vector<int> overlapping_siblings_;
  std::vector<std::pair<int, int>> stack_;
  std::vector<std::pair<int, int>> found_;
  std::vector<int> bucket_begin_;
  double built_extent_{0};
};

/// The pairs (i, j), i < j, of boxes that overlap (closed boxes; touching
/// counts), sorted lexicographically: one call of a fresh BroadPhase.
/// Empty boxes overlap nothing.
std::vector<std::pair<int, int>> FindOverlappingPairs(const std::vector<Aabb>& boxes);

}  // namespace hydrocontact
