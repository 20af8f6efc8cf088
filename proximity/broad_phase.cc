#include "proximity/broad_phase.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hydrocontact {
namespace {

Aabb Inflated(const Aabb& box, double inflation) {
  Aabb grown = box;
  grown.Inflate(inflation);
  return grown;
}

// The sum of a box's three extents: a measure of its size that, summed over
// a hierarchy's inner nodes, tells how loose the hierarchy has become.
double Extent(const Aabb& box) { return (box.max - box.min).sum(); }

}  // namespace

Aabb TransformBoundingBox(const Aabb& box_G, const RigidTransform& X_WG) {
  if (box_G.IsEmpty()) return box_G;
  if (!box_G.min.allFinite() || !box_G.max.allFinite()) {
    const double inf = std::numeric_limits<double>::infinity();
    return Aabb(Eigen::Vector3d::Constant(-inf), Eigen::Vector3d::Constant(inf));
  }
  const Eigen::Vector3d center_W = X_WG * box_G.center();
  const Eigen::Vector3d half_W = X_WG.rotation().cwiseAbs() * box_G.half_size();
  return Aabb(center_W - half_W, center_W + half_W);
}

void BroadPhase::FindOverlappingPairs(std::span<const Aabb> boxes, double inflation,
                                      std::vector<std::pair<int, int>>* pairs) {
  const int n = static_cast<int>(boxes.size());
  // Classify the boxes; any change of class (or of count) changes the set
  // the hierarchy holds, which is then rebuilt.
  bool changed = static_cast<int>(kinds_.size()) != n;
  kinds_.resize(n);
  unbounded_.clear();
  for (int i = 0; i < n; ++i) {
    const Aabb& box = boxes[i];
    Kind kind = kBounded;
    if (box.IsEmpty()) {
      kind = kEmpty;
    } else if (!std::isfinite(box.min.minCoeff() - inflation) ||
               !std::isfinite(box.max.maxCoeff() + inflation)) {
      kind = kUnbounded;
      unbounded_.push_back(i);
    }
    changed = changed || kinds_[i] != kind;
    kinds_[i] = kind;
  }
  if (changed) {
    Rebuild(boxes, inflation);
  } else if (!nodes_.empty()) {
    const double extent = Refit(boxes, inflation);
    if (extent > 1.5 * built_extent_) Rebuild(boxes, inflation);
  }
  found_.clear();
  CollectTreePairs();
  CollectUnboundedPairs(boxes, inflation);
  SortPairs(n, pairs);
}

void BroadPhase::Rebuild(std::span<const Aabb> boxes, double inflation) {
  items_.clear();
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    if (kinds_[i] == kBounded) items_.push_back({boxes[i].center(), i});
  }
  nodes_.clear();
  built_extent_ = 0;
  if (items_.empty()) return;
  nodes_.reserve(2 * items_.size() - 1);
  Build(boxes, inflation, 0, static_cast<int>(items_.size()));
  for (const Node& node : nodes_) {
    if (node.element < 0) built_extent_ += Extent(node.box);
  }
}

int BroadPhase::Build(std::span<const Aabb> boxes, double inflation, int begin, int end) {
  const int self = static_cast<int>(nodes_.size());
  nodes_.emplace_back();
  if (end - begin == 1) {
    nodes_[self].element = items_[begin].element;
    nodes_[self].box = Inflated(boxes[items_[begin].element], inflation);
    return self;
  }
  // Split at the middle of the centres' spread along its longest axis:
  // between rows of a grid-like scene it falls in the gap, so sibling boxes
  // do not overlap and the self-traversal prunes at once. If every centre
  // falls on one side (clustered or coincident centres), split at the median
  // instead (ties broken by index, so the tree is deterministic).
  Aabb centres;
  for (int i = begin; i < end; ++i) centres.Include(items_[i].centroid);
  int axis;
  (centres.max - centres.min).maxCoeff(&axis);
  const double middle = (centres.min[axis] + centres.max[axis]) / 2;
  int mid = static_cast<int>(
      std::partition(items_.begin() + begin, items_.begin() + end,
                     [axis, middle](const BuildItem& item) { return item.centroid[axis] < middle; }) -
      items_.begin());
  if (mid == begin || mid == end) {
    mid = begin + (end - begin) / 2;
    std::nth_element(items_.begin() + begin, items_.begin() + mid, items_.begin() + end,
                     [axis](const BuildItem& a, const BuildItem& b) {
                       const double ca = a.centroid[axis], cb = b.centroid[axis];
                       return ca < cb || (ca == cb && a.element < b.element);
                     });
  }
  const int left = Build(boxes, inflation, begin, mid);
  const int right = Build(boxes, inflation, mid, end);
  Aabb box = nodes_[left].box;
  box.Include(nodes_[right].box);
  nodes_[self].box = box;
  nodes_[self].right = right;
  return self;
}

double BroadPhase::Refit(std::span<const Aabb> boxes, double inflation) {
  // Nodes are stored in pre-order, so every child follows its parent: one
  // backward pass sees children before parents.
  double extent = 0;
  for (int k = static_cast<int>(nodes_.size()) - 1; k >= 0; --k) {
    Node& node = nodes_[k];
    if (node.element >= 0) {
      node.box = Inflated(boxes[node.element], inflation);
    } else {
      node.box = nodes_[k + 1].box;
      node.box.Include(nodes_[node.right].box);
      extent += Extent(node.box);
    }
  }
  return extent;
}

void BroadPhase::CollectTreePairs() {
  if (nodes_.empty()) return;
  // (a, a) stands for "the pairs within subtree a"; (a, b), a ≠ b, for "the
  // pairs between the disjoint subtrees a and b", pushed only once their
  // boxes are known to overlap.
  auto is_leaf = [this](int k) { return nodes_[k].element >= 0; };
  auto visit = [this, &is_leaf](int a, int b) {
    if (!nodes_[a].box.Overlaps(nodes_[b].box)) return;
    if (is_leaf(a) && is_leaf(b)) {
      found_.emplace_back(std::minmax(nodes_[a].element, nodes_[b].element));
    } else {
      stack_.emplace_back(a, b);
    }
  };
  stack_.clear();
  stack_.emplace_back(0, 0);
  while (!stack_.empty()) {
    const auto [a, b] = stack_.back();
    stack_.pop_back();
    const Node& node_a = nodes_[a];
    if (a == b) {
      if (node_a.element >= 0) continue;
      const int left = a + 1, right = node_a.right;
      if (!is_leaf(left)) stack_.emplace_back(left, left);
      if (!is_leaf(right)) stack_.emplace_back(right, right);
      visit(left, right);
      continue;
    }
    // Descend into the larger inner node: it prunes more.
    const Node& node_b = nodes_[b];
    if (!is_leaf(a) && (is_leaf(b) || Extent(node_a.box) >= Extent(node_b.box))) {
      visit(a + 1, b);
      visit(node_a.right, b);
    } else {
      visit(a, b + 1);
      visit(a, node_b.right);
    }
  }
}

void BroadPhase::CollectUnboundedPairs(std::span<const Aabb> boxes, double inflation) {
  // An unbounded box (a half-space's) may overlap anything: test it against
  // every other non-empty box, once per pair.
  for (int u : unbounded_) {
    const Aabb box_u = Inflated(boxes[u], inflation);
    for (int j = 0; j < static_cast<int>(boxes.size()); ++j) {
      if (j == u || kinds_[j] == kEmpty) continue;
      if (kinds_[j] == kUnbounded && j < u) continue;  // Found from j's side.
      if (box_u.Overlaps(Inflated(boxes[j], inflation))) found_.emplace_back(std::minmax(u, j));
    }
  }
}

void BroadPhase::SortPairs(int n, std::vector<std::pair<int, int>>* pairs) {
  // Counting sort on the first index (O(n + k)), then each bucket (the few
  // partners of one box) by the second.
  bucket_begin_.assign(n + 1, 0);
  for (const auto& [i, j] : found_) ++bucket_begin_[i + 1];
  for (int i = 0; i < n; ++i) bucket_begin_[i + 1] += bucket_begin_[i];
  pairs->resize(found_.size());
  for (const auto& pair : found_) (*pairs)[bucket_begin_[pair.first]++] = pair;
  // bucket_begin_[i] is now the end of bucket i, i.e. the begin of bucket i+1.
  int begin = 0;
  for (int i = 0; i < n; ++i) {
    const int end = bucket_begin_[i];
    std::sort(pairs->begin() + begin, pairs->begin() + end);
    begin = end;
  }
}

std::vector<std::pair<int, int>> FindOverlappingPairs(const std::vector<Aabb>& boxes) {
  BroadPhase broad_phase;
  std::vector<std::pair<int, int>> pairs;
  broad_phase.FindOverlappingPairs(boxes, 0.0, &pairs);
  return pairs;
}

}  // namespace hydrocontact
