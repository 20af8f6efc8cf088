#include "proximity/bvh.h"

#include <numeric>
#include <stdexcept>
#include <string>

namespace hydrocontact {
namespace {

template <class Mesh>
std::vector<Aabb> ElementBoxes(const Mesh& mesh) {
  std::vector<Aabb> boxes(mesh.num_elements());
  for (int e = 0; e < mesh.num_elements(); ++e) {
    for (int v : mesh.element(e)) boxes[e].Include(mesh.vertex(v));
  }
  return boxes;
}

}  // namespace

Bvh::Bvh(const std::vector<Aabb>& element_boxes) {
  const int n = static_cast<int>(element_boxes.size());
  // An empty or non-finite box has no meaningful centroid: a NaN one breaks
  // the ordering the median split needs, and its element would never be
  // found by a query.
  for (int i = 0; i < n; ++i) {
    const Aabb& box = element_boxes[i];
    if (!box.min.allFinite() || !box.max.allFinite() || box.IsEmpty()) {
      throw std::invalid_argument(
          "Bvh: the box of element " + std::to_string(i) + " is empty or not finite (min (" +
          std::to_string(box.min.x()) + ", " + std::to_string(box.min.y()) + ", " +
          std::to_string(box.min.z()) + "), max (" + std::to_string(box.max.x()) + ", " +
          std::to_string(box.max.y()) + ", " + std::to_string(box.max.z()) + "))");
    }
  }
  if (n == 0) return;
  double diagonal_sum = 0;
  for (const Aabb& box : element_boxes) diagonal_sum += (box.max - box.min).norm();
  mean_leaf_diagonal_ = diagonal_sum / n;
  // Centroids travel with their element ids, so partitioning touches
  // contiguous memory instead of chasing indices.
  std::vector<BuildItem> items(n);
  for (int i = 0; i < n; ++i) items[i] = {element_boxes[i].center(), i};
  nodes_.reserve(2 * size_t(n) - 1);
  Build(items, element_boxes, 0, n);
}

Bvh::Bvh(const VolumeMesh& mesh) : Bvh(ElementBoxes(mesh)) {}
Bvh::Bvh(const TriangleSurfaceMesh& mesh) : Bvh(ElementBoxes(mesh)) {}

void Bvh::RenumberLeavesInOrder() {
  int next = 0;
  for (Node& node : nodes_) {
    if (node.is_leaf()) node.element = next++;
  }
}

int Bvh::Build(std::vector<BuildItem>& items, const std::vector<Aabb>& boxes, int begin, int end) {
  const int self = static_cast<int>(nodes_.size());
  nodes_.emplace_back();
  if (end - begin == 1) {
    nodes_[self].element = items[begin].element;
    nodes_[self].box = boxes[items[begin].element];
    return self;
  }
  // Split at the median centroid along the axis of largest centroid spread;
  // nth_element keeps the build O(n log n) and the tree balanced (depth
  // ⌈log2 n⌉), whatever the element distribution. Ties break by element id
  // so the tree is the same on every platform.
  Aabb centroid_box;
  for (int i = begin; i < end; ++i) centroid_box.Include(items[i].centroid);
  int axis;
  (centroid_box.max - centroid_box.min).maxCoeff(&axis);
  const int mid = begin + (end - begin) / 2;
  std::nth_element(items.begin() + begin, items.begin() + mid, items.begin() + end,
                   [axis](const BuildItem& a, const BuildItem& b) {
                     const double ca = a.centroid[axis], cb = b.centroid[axis];
                     return ca < cb || (ca == cb && a.element < b.element);
                   });
  const int left = Build(items, boxes, begin, mid);
  const int right = Build(items, boxes, mid, end);
  // A node's box is the union of its children's, computed bottom-up.
  Aabb box = nodes_[left].box;
  box.Include(nodes_[right].box);
  nodes_[self].box = box;
  nodes_[self].right = right;
  return self;
}

int Bvh::SubtreeRoots(int depth, std::span<int> roots) const {
  if (depth < 0 || depth > 30 || roots.size() < (std::size_t{1} << depth)) {
    throw std::invalid_argument("Bvh::SubtreeRoots: depth " + std::to_string(depth) + " with room for " +
                                std::to_string(roots.size()) + " roots (needs 0 <= depth <= 30 and 2^depth)");
  }
  if (empty()) return 0;
  struct Entry {
    int node;
    int level;
  };
  Entry stack[kMaxDepth];
  int top = 0;
  int count = 0;
  stack[top++] = {0, 0};
  while (top > 0) {
    const Entry e = stack[--top];
    const Node& node = nodes_[e.node];
    if (node.is_leaf() || e.level == depth) {
      roots[count++] = e.node;
      continue;
    }
    // Right first, so the left subtree comes out first (depth-first order).
    stack[top++] = {node.right, e.level + 1};
    stack[top++] = {e.node + 1, e.level + 1};
  }
  return count;
}

}  // namespace hydrocontact
