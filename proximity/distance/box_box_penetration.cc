#include "proximity/distance/box_box_penetration.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace hydrocontact {

using Eigen::Matrix3d;
using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

// Direction components (of a unit vector, in the box's frame) below this
// count as zero when choosing the deepest feature: the feature is then an
// edge or face rather than one vertex.
constexpr double kFeatureTolerance = 1e-10;

// Edges at an angle θ give the Minkowski difference a sliver face of width
// ∝ θ with normal along their cross product. That normal's direction carries
// a round-off error ~1e-16/θ, so it is only used for θ above
// kParallelEdgeUsable; skipping the sliver costs a depth error ∝ θ, so it is
// only skipped below kParallelEdgeNegligible. In between neither is accurate
// to 1e-10 of the size, and the caller falls back to GJK/EPA.
constexpr double kParallelEdgeUsable = 1e-6;
constexpr double kParallelEdgeNegligible = 1e-10;

// Up to 8 points of a convex polygon in the plane ⊥ n (a clipped quad has
// at most 8 vertices).
struct Polygon2 {
  Polygon2() {
    for (Vector2d& x : p) x.setZero();
  }
  int size{0};
  std::array<Vector2d, 8> p;
  void Add(const Vector2d& x) {
    if (size < 8) p[size++] = x;
  }
};

// The feature of a box (half sizes h, in its frame) extreme along d (its
// frame): 1 vertex, 2 edge ends or 4 face corners in cyclic order.
int DeepestFeature(const Vector3d& h, const Vector3d& d, std::array<Vector3d, 4>* points) {
  Vector3d fixed;
  int free_axes[3];
  int num_free = 0;
  for (int i = 0; i < 3; ++i) {
    if (std::abs(d[i]) <= kFeatureTolerance) {
      free_axes[num_free++] = i;
      fixed[i] = 0;
    } else {
      fixed[i] = d[i] > 0 ? h[i] : -h[i];
    }
  }
  if (num_free == 0) {
    (*points)[0] = fixed;
    return 1;
  }
  if (num_free == 1) {
    const int i = free_axes[0];
    (*points)[0] = fixed;
    (*points)[1] = fixed;
    (*points)[0][i] = -h[i];
    (*points)[1][i] = h[i];
    return 2;
  }
  // Two free axes (three cannot happen for a unit d).
  const int i = free_axes[0], j = free_axes[1];
  static constexpr double kSigns[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  for (int k = 0; k < 4; ++k) {
    (*points)[k] = fixed;
    (*points)[k][i] = kSigns[k][0] * h[i];
    (*points)[k][j] = kSigns[k][1] * h[j];
  }
  return 4;
}

// 2D cross product.
double Cross(const Vector2d& a, const Vector2d& b) { return a.x() * b.y() - a.y() * b.x(); }

// Clips `subject` (a point, segment or polygon) by the convex polygon
// `clip` (≥ 3 vertices, either orientation): Sutherland–Hodgman, which for
// a segment or point subject degenerates gracefully to clipping them.
Polygon2 Clip(const Polygon2& subject, const Polygon2& clip) {
  double area2 = 0;
  for (int i = 0; i < clip.size; ++i) area2 += Cross(clip.p[i], clip.p[(i + 1) % clip.size]);
  const double orientation = area2 >= 0 ? 1.0 : -1.0;
  Polygon2 current = subject;
  for (int e = 0; e < clip.size && current.size > 0; ++e) {
    const Vector2d& a = clip.p[e];
    const Vector2d edge = clip.p[(e + 1) % clip.size] - a;
    // Signed distance-like value: ≥ 0 inside this edge's half-plane. A
    // small slack keeps points exactly on the boundary.
    const double slack = 1e-12 * edge.norm() * std::max(edge.norm(), a.norm());
    auto inside = [&](const Vector2d& x) { return orientation * Cross(edge, x - a) >= -slack; };
    Polygon2 next;
    if (current.size == 1) {
      if (inside(current.p[0])) next.Add(current.p[0]);
    } else if (current.size == 2) {
      // Clip the segment's parameter interval.
      const Vector2d& p0 = current.p[0];
      const Vector2d& p1 = current.p[1];
      const double f0 = orientation * Cross(edge, p0 - a);
      const double f1 = orientation * Cross(edge, p1 - a);
      if (f0 >= -slack && f1 >= -slack) {
        next = current;
      } else if (f0 >= -slack || f1 >= -slack) {
        const double t = f0 / (f0 - f1);
        const Vector2d x = p0 + t * (p1 - p0);
        next.Add(f0 >= -slack ? p0 : x);
        next.Add(f0 >= -slack ? x : p1);
      }
    } else {
      for (int k = 0; k < current.size; ++k) {
        const Vector2d& p = current.p[k];
        const Vector2d& q = current.p[(k + 1) % current.size];
        const double fp = orientation * Cross(edge, p - a);
        const double fq = orientation * Cross(edge, q - a);
        if (fp >= -slack) next.Add(p);
        if ((fp >= -slack) != (fq >= -slack)) next.Add(p + fp / (fp - fq) * (q - p));
      }
    }
    current = next;
  }
  return current;
}

Vector2d Centroid(const Polygon2& polygon) {
  Vector2d sum = Vector2d::Zero();
  for (int i = 0; i < polygon.size; ++i) sum += polygon.p[i];
  return sum / polygon.size;
}

// A point of the intersection of two convex 2D features (points,
// segments or quads) known to overlap (up to round-off).
Vector2d IntersectionPoint(const Polygon2& a, const Polygon2& b) {
  if (a.size == 1) return a.p[0];
  if (b.size == 1) return b.p[0];
  if (b.size >= 3) {
    const Polygon2 clipped = Clip(a, b);
    return clipped.size > 0 ? Centroid(clipped) : Centroid(a);
  }
  if (a.size >= 3) {
    const Polygon2 clipped = Clip(b, a);
    return clipped.size > 0 ? Centroid(clipped) : Centroid(b);
  }
  // Two segments.
  const Vector2d da = a.p[1] - a.p[0];
  const Vector2d db = b.p[1] - b.p[0];
  const double denom = Cross(da, db);
  const double la2 = da.squaredNorm();
  if (std::abs(denom) > 1e-12 * std::sqrt(la2 * db.squaredNorm())) {
    // Crossing edges: where the lines meet, kept on a's segment.
    const double s = std::clamp(Cross(b.p[0] - a.p[0], db) / denom, 0.0, 1.0);
    return a.p[0] + s * da;
  }
  // Parallel edges: the middle of their overlap along a's line.
  const double t0 = (b.p[0] - a.p[0]).dot(da) / la2;
  const double t1 = (b.p[1] - a.p[0]).dot(da) / la2;
  const double lo = std::max(0.0, std::min(t0, t1));
  const double hi = std::min(1.0, std::max(t0, t1));
  const double t = lo <= hi ? (lo + hi) / 2 : std::clamp((t0 + t1) / 2, 0.0, 1.0);
  return a.p[0] + t * da;
}

}  // namespace

std::optional<ConvexSignedDistance> CalcBoxBoxPenetration(const Box& A, const Box& B,
                                                          const RigidTransform& X_AB) {
  const Vector3d hA = A.half_size();
  const Vector3d hB = B.half_size();
  const Matrix3d& R = X_AB.rotation();  // columns: B's axes in A
  const Vector3d& t = X_AB.translation();
  const double scale = std::max(hA.maxCoeff(), hB.maxCoeff());
  const double tie = 1e-12 * scale;

  // Overlap of the projections on unit axis L (in A): rA + rB − |L·t|.
  auto overlap = [&](const Vector3d& L) {
    const double rA = hA.dot(L.cwiseAbs());
    const double rB = hB.dot((R.transpose() * L).cwiseAbs());
    return rA + rB - std::abs(L.dot(t));
  };
  std::array<Vector3d, 15> axes;
  int num_axes = 0;
  for (int i = 0; i < 3; ++i) axes[num_axes++] = Vector3d::Unit(i);
  for (int j = 0; j < 3; ++j) axes[num_axes++] = R.col(j);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Vector3d c = Vector3d::Unit(i).cross(R.col(j));
      const double norm = c.norm();  // sin of the angle between the edges
      if (norm > kParallelEdgeUsable) {
        axes[num_axes++] = c / norm;
      } else if (norm > kParallelEdgeNegligible) {
        return std::nullopt;
      }
    }
  }
  std::array<double, 15> overlaps;
  int best = 0;
  for (int k = 0; k < num_axes; ++k) {
    overlaps[k] = overlap(axes[k]);
    if (overlaps[k] < 0) return std::nullopt;
    if (overlaps[k] < overlaps[best]) best = k;
  }
  const double depth = overlaps[best];
  Vector3d n = axes[best];
  // Move A away from B: A's centre is at −t from B's along n.
  const double centre_separation = -n.dot(t);
  if (centre_separation < 0) n = -n;

  ConvexSignedDistance result;
  result.distance = -depth;
  result.nhat_BA_A = n;
  result.is_nhat_unique = std::abs(centre_separation) > tie;
  for (int k = 0; k < num_axes && result.is_nhat_unique; ++k) {
    if (k != best && overlaps[k] <= depth + tie &&
        std::abs(axes[k].dot(axes[best])) < 1 - 1e-9) {
      result.is_nhat_unique = false;
    }
  }

  // Deepest features: A's along −n (in A), B's along +n (in B, then in A).
  std::array<Vector3d, 4> feature_A, feature_B;
  const int size_A = DeepestFeature(hA, -n, &feature_A);
  const int size_B = DeepestFeature(hB, R.transpose() * n, &feature_B);
  for (int k = 0; k < size_B; ++k) feature_B[k] = X_AB * feature_B[k];
  // A basis (u, v) of the plane ⊥ n.
  int k_min;
  n.cwiseAbs().minCoeff(&k_min);
  const Vector3d u = n.cross(Vector3d::Unit(k_min)).normalized();
  const Vector3d v = n.cross(u);
  Polygon2 poly_A, poly_B;
  for (int k = 0; k < size_A; ++k) poly_A.Add(Vector2d(u.dot(feature_A[k]), v.dot(feature_A[k])));
  for (int k = 0; k < size_B; ++k) poly_B.Add(Vector2d(u.dot(feature_B[k]), v.dot(feature_B[k])));
  const Vector2d x = IntersectionPoint(poly_A, poly_B);
  // Heights along n: A's deepest plane and B's, depth apart.
  const double height_A = n.dot(feature_A[0]);
  const double height_B = height_A + depth;
  result.p_ACa = x.x() * u + x.y() * v + height_A * n;
  result.p_ACb_A = x.x() * u + x.y() * v + height_B * n;
  return result;
}

}  // namespace hydrocontact
