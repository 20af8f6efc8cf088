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
/// half since the build). The traversal of the refitted hierarchy against
/// itself costs O(n + k) for n boxes and k overlapping pairs in the scenes a
/// plant steps (separated or resting bodies), and the output is sorted by a
/// counting sort in O(n + k). After the first calls nothing is allocated as
/// long as n and k do not grow.
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

  void Rebuild(std::span<const Aabb> boxes, double inflation);
  int Build(std::span<const Aabb> boxes, double inflation, int begin, int end);
  // Refits every node's box bottom-up; returns the sum of the inner nodes'
  // extents (the looseness measure).
  double Refit(std::span<const Aabb> boxes, double inflation);
  void CollectTreePairs();
  void CollectUnboundedPairs(std::span<const Aabb> boxes, double inflation);
  void SortPairs(int n, std::vector<std::pair<int, int>>* pairs);

  std::vector<Kind> kinds_;
  std::vector<int> unbounded_;
  std::vector<Node> nodes_;
  std::vector<BuildItem> items_;
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
