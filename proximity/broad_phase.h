#pragma once

/// @file
/// The broad phase: which bounding boxes of a scene overlap.

#include <utility>
#include <vector>

#include "geometry/rigid_transform.h"
#include "mesh/aabb.h"

namespace hydrocontact {

/// The box in frame W bounding `box_G` (a box in G) when G is posed by X_WG:
/// the tightest axis-aligned box around the rotated box. A box with infinite
/// extent (a half-space's) becomes the whole space.
Aabb TransformBoundingBox(const Aabb& box_G, const RigidTransform& X_WG);

/// The pairs (i, j), i < j, of boxes that overlap (closed boxes; touching
/// counts), found by sweep and prune along the axis of largest spread.
/// O(n log n + k) for n boxes and k overlapping pairs. The output is sorted
/// lexicographically, so it is the same whatever the input's spatial order.
/// Empty boxes overlap nothing.
std::vector<std::pair<int, int>> FindOverlappingPairs(const std::vector<Aabb>& boxes);

}  // namespace hydrocontact
