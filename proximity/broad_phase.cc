#include "proximity/broad_phase.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace hydrocontact {

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

std::vector<std::pair<int, int>> FindOverlappingPairs(const std::vector<Aabb>& boxes) {
  std::vector<std::pair<int, int>> pairs;
  const int n = static_cast<int>(boxes.size());
  if (n < 2) return pairs;
  // Sweep along the axis where the finite box centres spread most: it prunes
  // best.
  Aabb centres;
  for (const Aabb& b : boxes) {
    if (!b.IsEmpty() && b.min.allFinite() && b.max.allFinite()) centres.Include(b.center());
  }
  int axis = 0;
  if (!centres.IsEmpty()) (centres.max - centres.min).maxCoeff(&axis);

  std::vector<int> order;
  order.reserve(n);
  for (int i = 0; i < n; ++i) {
    if (!boxes[i].IsEmpty()) order.push_back(i);
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double ma = boxes[a].min[axis], mb = boxes[b].min[axis];
    return ma < mb || (ma == mb && a < b);
  });
  for (size_t k = 0; k < order.size(); ++k) {
    const Aabb& a = boxes[order[k]];
    for (size_t m = k + 1; m < order.size(); ++m) {
      const Aabb& b = boxes[order[m]];
      if (b.min[axis] > a.max[axis]) break;
      if (a.Overlaps(b)) pairs.emplace_back(std::minmax(order[k], order[m]));
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace hydrocontact
