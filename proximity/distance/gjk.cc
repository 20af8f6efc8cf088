#include "proximity/distance/gjk.h"

#include <limits>

namespace hydrocontact::internal {
namespace {

using Eigen::Vector3d;

/// The closest point to the origin of a sub-simplex, as indices into the
/// parent simplex and their weights.
struct SubSimplex {
  int size{0};
  std::array<int, 4> index{0, 0, 0, 0};
  std::array<double, 4> weight{0, 0, 0, 0};
  Vector3d point{Vector3d::Zero()};
};

SubSimplex Vertex(const std::array<Vector3d, 4>& w, int i) {
  SubSimplex s;
  s.size = 1;
  s.index[0] = i;
  s.weight[0] = 1;
  s.point = w[i];
  return s;
}

// Closest point to the origin on segment [w[i], w[j]].
SubSimplex Segment(const std::array<Vector3d, 4>& w, int i, int j) {
  const Vector3d ab = w[j] - w[i];
  const double ab2 = ab.squaredNorm();
  const double t_num = -w[i].dot(ab);
  if (!(ab2 > 0) || t_num <= 0) return Vertex(w, i);
  if (t_num >= ab2) return Vertex(w, j);
  const double t = t_num / ab2;
  SubSimplex s;
  s.size = 2;
  s.index = {i, j, 0, 0};
  s.weight = {1 - t, t, 0, 0};
  s.point = w[i] + t * ab;
  return s;
}

SubSimplex Closer(const SubSimplex& x, const SubSimplex& y) {
  return y.point.squaredNorm() < x.point.squaredNorm() ? y : x;
}

// Closest point to the origin on triangle (w[i], w[j], w[k]). The origin
// is projected onto the triangle's plane along the normal n = ab × ac (whose
// direction stays accurate for slivers, unlike the Gram-determinant
// formulas, which cancel catastrophically when GJK's points crowd together
// on a smooth surface); the signs of the sub-triangle areas then tell
// whether the projection is inside. Otherwise the nearest edge wins.
SubSimplex Triangle(const std::array<Vector3d, 4>& w, int i, int j, int k) {
  const Vector3d& a = w[i];
  const Vector3d& b = w[j];
  const Vector3d& c = w[k];
  const Vector3d n = (b - a).cross(c - a);
  const double n2 = n.squaredNorm();
  const double scale2 =
      std::max({(b - a).squaredNorm(), (c - a).squaredNorm(), (c - b).squaredNorm(), 1e-300});
  if (n2 > 1e-24 * scale2 * scale2) {
    const Vector3d p = n * (n.dot(a + b + c) / (3 * n2));
    const double sa = n.dot((b - p).cross(c - p));
    const double sb = n.dot((c - p).cross(a - p));
    const double sc = n.dot((a - p).cross(b - p));
    if (sa >= 0 && sb >= 0 && sc >= 0) {
      const double sum = sa + sb + sc;
      SubSimplex s;
      s.size = 3;
      s.index = {i, j, k, 0};
      s.weight = {sa / sum, sb / sum, sc / sum, 0};
      s.point = p;
      return s;
    }
  }
  return Closer(Closer(Segment(w, i, j), Segment(w, i, k)), Segment(w, j, k));
}

// Closest point to the origin on the tetrahedron w[0..3]; size 4 when the
// origin is inside.
SubSimplex Tetrahedron(const std::array<Vector3d, 4>& w) {
  static constexpr int kFaces[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
  const double scale = std::max({(w[1] - w[0]).norm(), (w[2] - w[0]).norm(),
                                 (w[3] - w[0]).norm(), 1e-300});
  const double volume6 = (w[1] - w[0]).dot((w[2] - w[0]).cross(w[3] - w[0]));
  const bool flat = !(std::abs(volume6) > 1e-14 * scale * scale * scale);
  SubSimplex best;
  bool have_best = false;
  for (const auto& f : kFaces) {
    const Vector3d& a = w[f[0]];
    const Vector3d n = (w[f[1]] - a).cross(w[f[2]] - a);
    // The origin is beyond this face when it and the opposite vertex lie on
    // different sides of the face's plane.
    const double side_origin = -n.dot(a);
    const double side_opposite = n.dot(w[f[3]] - a);
    if (!flat && side_origin * side_opposite > 0) continue;
    const SubSimplex s = Triangle(w, f[0], f[1], f[2]);
    if (!have_best || s.point.squaredNorm() < best.point.squaredNorm()) {
      best = s;
      have_best = true;
    }
  }
  if (have_best) return best;
  // Inside: barycentric weights from the sub-volumes.
  SubSimplex s;
  s.size = 4;
  s.index = {0, 1, 2, 3};
  const double v0 = (w[1]).dot(w[2].cross(w[3]));
  const double v1 = -(w[0]).dot(w[2].cross(w[3]));
  const double v2 = (w[0]).dot(w[1].cross(w[3]));
  const double v3 = -(w[0]).dot(w[1].cross(w[2]));
  const double sum = v0 + v1 + v2 + v3;
  if (sum != 0) {
    s.weight = {v0 / sum, v1 / sum, v2 / sum, v3 / sum};
  } else {
    s.weight = {0.25, 0.25, 0.25, 0.25};
  }
  s.point = Vector3d::Zero();
  return s;
}

}  // namespace

Eigen::Vector3d ReduceSimplex(GjkSimplex& simplex, std::array<double, 4>& weights) {
  SubSimplex s;
  switch (simplex.size) {
    case 1:
      s = Vertex(simplex.w, 0);
      break;
    case 2:
      s = Segment(simplex.w, 0, 1);
      break;
    case 3:
      s = Triangle(simplex.w, 0, 1, 2);
      break;
    default:
      s = Tetrahedron(simplex.w);
      break;
  }
  const GjkSimplex old = simplex;
  simplex.size = s.size;
  for (int i = 0; i < s.size; ++i) {
    simplex.w[i] = old.w[s.index[i]];
    simplex.a[i] = old.a[s.index[i]];
    simplex.b[i] = old.b[s.index[i]];
    weights[i] = s.weight[i];
  }
  for (int i = s.size; i < 4; ++i) weights[i] = 0;
  return s.point;
}

}  // namespace hydrocontact::internal
