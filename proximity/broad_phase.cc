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

// Aabb::Overlaps (closed boxes), written out so that separated boxes are
// rejected on the first axis that separates them.
bool BoxesOverlap(const Aabb& a, const Aabb& b) {
  return a.min[0] <= b.max[0] && b.min[0] <= a.max[0] && a.min[1] <= b.max[1] && b.min[1] <= a.max[1] &&
         a.min[2] <= b.max[2] && b.min[2] <= a.max[2];
}

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
    Rebuild(boxes);
    built_extent_ = Refit(boxes, inflation);
  } else if (!nodes_.empty()) {
    const double extent = Refit(boxes, inflation);
    if (extent > 1.5 * built_extent_) {
      Rebuild(boxes);
      built_extent_ = Refit(boxes, inflation);
    }
  }
  found_.clear();
  for (int k : overlapping_siblings_) CollectCrossPairs(k + 1, nodes_[k].right);
  CollectUnboundedPairs(boxes, inflation);
  SortPairs(n, pairs);
}

void BroadPhase::Rebuild(std::span<const Aabb> boxes) {
  items_.clear();
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    if (kinds_[i] == kBounded) items_.push_back({boxes[i].center(), i});
  }
  nodes_.clear();
  overlapping_siblings_.clear();
  if (items_.empty()) return;
  nodes_.reserve(2 * items_.size() - 1);
  Build(0, static_cast<int>(items_.size()));
}

int BroadPhase::Build(int begin, int end) {
  const int self = static_cast<int>(nodes_.size());
  nodes_.emplace_back();
  if (end - begin == 1) {
    nodes_[self].element = items_[begin].element;
    return self;
  }
  // Split along the longest axis of the centres' spread, at the widest gap
  // between consecutive centres within the middle half of the range: in a
  // grid-like scene it falls between rows (a split at the middle of the
  // spread would cut through a row whenever their count is odd, and those
  // siblings would overlap every step), so sibling boxes do not overlap and
  // the traversal prunes at once; keeping it in the middle half bounds the
  // depth by log_{4/3} n. Ties are broken by index, so the tree is
  // deterministic.
  Aabb centres;
  for (int i = begin; i < end; ++i) centres.Include(items_[i].centroid);
  int axis;
  (centres.max - centres.min).maxCoeff(&axis);
  std::sort(items_.begin() + begin, items_.begin() + end, [axis](const BuildItem& a, const BuildItem& b) {
    const double ca = a.centroid[axis], cb = b.centroid[axis];
    return ca < cb || (ca == cb && a.element < b.element);
  });
  const int count = end - begin;
  int mid = begin + count / 2;
  double widest = -1;
  for (int i = begin + std::max(1, count / 4); i <= end - std::max(1, count / 4); ++i) {
    const double gap = items_[i].centroid[axis] - items_[i - 1].centroid[axis];
    if (gap > widest) {
      widest = gap;
      mid = i;
    }
  }
  Build(begin, mid);
  nodes_[self].right = Build(mid, end);
  return self;
}

double BroadPhase::Refit(std::span<const Aabb> boxes, double inflation) {
  // Nodes are stored in pre-order, so every child follows its parent: one
  // backward pass sees children before parents. Each inner node's siblings
  // are tested here, while their boxes are in cache.
  overlapping_siblings_.clear();
  double extent = 0;
  Node* const nodes = nodes_.data();
  for (int k = static_cast<int>(nodes_.size()) - 1; k >= 0; --k) {
    Node& node = nodes[k];
    if (node.element >= 0) {
      node.box = Inflated(boxes[node.element], inflation);
    } else {
      const Aabb& left = nodes[k + 1].box;
      const Aabb& right = nodes[node.right].box;
      node.box.min = left.min.cwiseMin(right.min);
      node.box.max = left.max.cwiseMax(right.max);
      node.extent = Extent(node.box);
      extent += node.extent;
      if (BoxesOverlap(left, right)) overlapping_siblings_.push_back(k);
    }
  }
  return extent;
}

void BroadPhase::CollectCrossPairs(int a, int b) {
  const Node* const nodes = nodes_.data();
  // Pushes (c, d) once their boxes are known to overlap; a pair of leaves is
  // reported at once.
  auto visit = [this, nodes](int c, int d) {
    if (!BoxesOverlap(nodes[c].box, nodes[d].box)) return;
    if (nodes[c].element >= 0 && nodes[d].element >= 0) {
      found_.emplace_back(std::minmax(nodes[c].element, nodes[d].element));
    } else {
      stack_.emplace_back(c, d);
    }
  };
  stack_.clear();
  visit(a, b);
  while (!stack_.empty()) {
    const auto [c, d] = stack_.back();
    stack_.pop_back();
    const Node& node_c = nodes[c];
    const Node& node_d = nodes[d];
    // Descend into the larger inner node: it prunes more.
    if (node_c.element < 0 && (node_d.element >= 0 || node_c.extent >= node_d.extent)) {
      visit(c + 1, d);
      visit(node_c.right, d);
    } else {
      visit(c, d + 1);
      visit(c, node_d.right);
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
  // Few pairs (a scene of separated bodies): a comparison sort costs less
  // than a pass over n buckets.
  if (found_.size() * 16 < static_cast<size_t>(n)) {
    pairs->assign(found_.begin(), found_.end());
    std::sort(pairs->begin(), pairs->end());
    return;
  }
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
