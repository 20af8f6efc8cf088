#include "proximity/distance/height_field_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "proximity/height_field_surface.h"

namespace hydrocontact {

using Eigen::Vector2d;
using Eigen::Vector3d;

double HeightFieldScale(const HeightField& field) {
  return std::max({field.half_x(), field.half_y(), field.max_height() - field.bottom()});
}

namespace {

// One candidate nearest point: a point of the true boundary, the outward
// normal there (for Q on the surface) and which part of the boundary holds
// it (0 top, 1 bottom, 2–5 sides, 6–9 corner edges).
struct Candidate {
  Vector3d p_GN{Vector3d::Zero()};
  Vector3d nhat_G{Vector3d::UnitZ()};
  double distance2{std::numeric_limits<double>::infinity()};
  int part{-1};
  bool is_edge{false};
};

}  // namespace

PointShapeDistance CalcHeightFieldPointDistance(const HeightField& field,
                                                const MeshDistanceData& tessellation,
                                                const Vector3d& p_GQ) {
  const double hx = field.half_x(), hy = field.half_y(), zb = field.bottom();
  const double scale = HeightFieldScale(field);
  const double tie = kPointDistanceTieTolerance * scale;
  Candidate best, second;
  auto consider = [&](const Vector3d& p, const Vector3d& n, int part, bool is_edge) {
    const double d2 = (p_GQ - p).squaredNorm();
    Candidate c{p, n, d2, part, is_edge};
    if (d2 < best.distance2) {
      // The previous best stays a rival only if it is a different point.
      if ((best.p_GN - p).norm() > tie) second = best;
      best = c;
    } else if (d2 < second.distance2 && (best.p_GN - p).norm() > tie) {
      second = c;
    }
  };
  // Top: descend from the tessellation's answer and from straight above or
  // below Q.
  const MeshPointDistance mesh = CalcMeshPointDistance(tessellation, p_GQ);
  for (const Vector2d& start : {Vector2d(mesh.p_GN.x(), mesh.p_GN.y()), Vector2d(p_GQ.x(), p_GQ.y())}) {
    const Vector2d xy = DescendToNearestTopPoint(field, p_GQ, start.x(), start.y());
    const HeightSample s = EvalHeight(field, xy.x(), xy.y());
    consider(s.p_GS, s.UnitNormal(), 0, false);
  }
  // Bottom.
  consider(Vector3d(std::clamp(p_GQ.x(), -hx, hx), std::clamp(p_GQ.y(), -hy, hy), zb),
           -Vector3d::UnitZ(), 1, false);
  // Sides: the orthogonal projection, where it lands on the side.
  for (const double sign : {-1.0, 1.0}) {
    if (std::abs(p_GQ.y()) <= hy && p_GQ.z() >= zb &&
        p_GQ.z() <= EvalHeight(field, sign * hx, p_GQ.y()).h) {
      consider(Vector3d(sign * hx, p_GQ.y(), p_GQ.z()), Vector3d(sign, 0, 0), sign < 0 ? 2 : 3,
               false);
    }
    if (std::abs(p_GQ.x()) <= hx && p_GQ.z() >= zb &&
        p_GQ.z() <= EvalHeight(field, p_GQ.x(), sign * hy).h) {
      consider(Vector3d(p_GQ.x(), sign * hy, p_GQ.z()), Vector3d(0, sign, 0), sign < 0 ? 4 : 5,
               false);
    }
  }
  // Vertical corner edges (their tops are the corner samples).
  for (int corner = 0; corner < 4; ++corner) {
    const int i = (corner & 1) ? field.nx() - 1 : 0;
    const int j = (corner & 2) ? field.ny() - 1 : 0;
    const double x = (corner & 1) ? hx : -hx, y = (corner & 2) ? hy : -hy;
    const Vector3d p(x, y, std::clamp(p_GQ.z(), zb, field.height(i, j)));
    consider(p, Vector3d(x / hx, y / hy, 0).normalized(), 6 + corner, true);
  }

  const bool inside = IsInHeightField(field, p_GQ);
  PointShapeDistance r;
  r.p_GN = best.p_GN;
  const double d = std::sqrt(best.distance2);
  r.distance = inside ? -d : d;
  if (d > tie) {
    r.grad_G = (inside ? best.p_GN - p_GQ : p_GQ - best.p_GN) / d;
  } else {
    r.grad_G = best.nhat_G;
    r.is_grad_unique = !best.is_edge;
  }
  if (second.part >= 0 && std::sqrt(second.distance2) <= d + tie) r.is_grad_unique = false;
  return r;
}

Vector3d CalcHeightFieldSupport(const HeightField& field, const MeshDistanceData& tessellation,
                                const Vector3d& dhat_G, bool middle_of_ties) {
  const auto& vertices = tessellation.mesh.vertices();
  double best = -std::numeric_limits<double>::infinity();
  int best_index = 0;
  for (int v = 0; v < static_cast<int>(vertices.size()); ++v) {
    const double s = dhat_G.dot(vertices[v]);
    if (s > best) {
      best = s;
      best_index = v;
    }
  }
  if (middle_of_ties) {
    const double tie = 1e-12 * HeightFieldScale(field);
    Vector3d sum = Vector3d::Zero();
    int count = 0;
    for (const Vector3d& v : vertices) {
      if (dhat_G.dot(v) >= best - tie) {
        sum += v;
        ++count;
      }
    }
    if (count > 1) {
      // The centroid lies on the supporting plane; it is a point of the
      // field iff it lies in the solid. That holds for a convex extreme
      // feature (a rectangle of the top, the bottom, an edge), not for
      // separate or non-convex ones (two equal peaks: their midpoint is in
      // the air). Then the tied vertex nearest the centroid stands for
      // them, the lowest index among equals, and is refined as any other.
      const Vector3d centroid = sum / count;
      const double hx = field.half_x(), hy = field.half_y();
      if (std::abs(centroid.x()) <= hx + tie && std::abs(centroid.y()) <= hy + tie &&
          centroid.z() >= field.bottom() - tie &&
          centroid.z() <= EvalHeight(field, std::clamp(centroid.x(), -hx, hx),
                                     std::clamp(centroid.y(), -hy, hy)).h + tie) {
        return centroid;
      }
      double nearest2 = std::numeric_limits<double>::infinity();
      for (int v = 0; v < static_cast<int>(vertices.size()); ++v) {
        if (dhat_G.dot(vertices[v]) < best - tie) continue;
        const double d2 = (vertices[v] - centroid).squaredNorm();
        if (d2 < nearest2) {
          nearest2 = d2;
          best_index = v;
        }
      }
      best = dhat_G.dot(vertices[best_index]);
    }
  }
  const Vector3d& v = vertices[best_index];
  if (dhat_G.z() > 0) {
    const Vector2d xy = AscendToSupportTopPoint(field, dhat_G, v.x(), v.y());
    const Vector3d p = EvalHeight(field, xy.x(), xy.y()).p_GS;
    if (dhat_G.dot(p) > best) return p;
  }
  return v;
}

}  // namespace hydrocontact
