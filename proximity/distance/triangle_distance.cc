#include "proximity/distance/triangle_distance.h"

#include <algorithm>
#include <limits>

#include <Eigen/Geometry>

#include "proximity/distance/segment_distance.h"

namespace hydrocontact {

using Eigen::Vector3d;

ClosestPair CalcClosestPointsSegmentSegment(const Vector3d& p_FA0, const Vector3d& p_FA1,
                                            const Vector3d& p_FB0, const Vector3d& p_FB1,
                                            double* s_out, double* t_out) {
  // The one segment–segment algorithm lives in segment_distance.cc.
  const SegmentClosestPoints c = CalcSegmentClosestPoints(p_FA0, p_FA1, p_FB0, p_FB1);
  if (s_out != nullptr) *s_out = c.s;
  if (t_out != nullptr) *t_out = c.t;
  return {c.p_FP, c.p_FQ, (c.p_FP - c.p_FQ).squaredNorm()};
}

ClosestPair CalcClosestPointsSegmentTriangle(const Vector3d& p_FA0, const Vector3d& p_FA1,
                                             const Vector3d& p_FV0, const Vector3d& p_FV1,
                                             const Vector3d& p_FV2, double* s_out) {
  Vector3d p_FX;
  double t_cross = 0;
  if (SegmentCrossesTriangle(p_FA0, p_FA1, p_FV0, p_FV1, p_FV2, &p_FX, &t_cross)) {
    if (s_out != nullptr) *s_out = t_cross;
    return {p_FX, p_FX, 0.0};
  }
  const Vector3d* v[3] = {&p_FV0, &p_FV1, &p_FV2};
  ClosestPair best;
  best.squared_distance = std::numeric_limits<double>::infinity();
  double best_s = 0;
  for (int i = 0; i < 3; ++i) {
    double s = 0;
    const ClosestPair c =
        CalcClosestPointsSegmentSegment(p_FA0, p_FA1, *v[i], *v[(i + 1) % 3], &s, nullptr);
    if (c.squared_distance < best.squared_distance) {
      best = c;
      best_s = s;
    }
  }
  for (int end = 0; end < 2; ++end) {
    const Vector3d& p = end == 0 ? p_FA0 : p_FA1;
    const PointTriangleClosest c = CalcClosestPointOnTriangle(p, p_FV0, p_FV1, p_FV2);
    if (c.squared_distance < best.squared_distance) {
      best = {p, c.p_FQ, c.squared_distance};
      best_s = end;
    }
  }
  if (s_out != nullptr) *s_out = best_s;
  return best;
}

ClosestPair CalcClosestPointsTriangleTriangle(const Vector3d& p_FA0, const Vector3d& p_FA1,
                                              const Vector3d& p_FA2, const Vector3d& p_FB0,
                                              const Vector3d& p_FB1, const Vector3d& p_FB2) {
  const Vector3d* a[3] = {&p_FA0, &p_FA1, &p_FA2};
  const Vector3d* b[3] = {&p_FB0, &p_FB1, &p_FB2};
  // Two triangles intersect iff an edge of one pierces the other or they
  // touch; piercing is decided here, touching shows up as a zero distance
  // among the boundary features below.
  Vector3d p_FX;
  for (int i = 0; i < 3; ++i) {
    if (SegmentCrossesTriangle(*a[i], *a[(i + 1) % 3], p_FB0, p_FB1, p_FB2, &p_FX)) {
      return {p_FX, p_FX, 0.0};
    }
  }
  for (int i = 0; i < 3; ++i) {
    if (SegmentCrossesTriangle(*b[i], *b[(i + 1) % 3], p_FA0, p_FA1, p_FA2, &p_FX)) {
      return {p_FX, p_FX, 0.0};
    }
  }
  ClosestPair best;
  best.squared_distance = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const ClosestPair c = CalcClosestPointsSegmentSegment(*a[i], *a[(i + 1) % 3], *b[j],
                                                            *b[(j + 1) % 3]);
      if (c.squared_distance < best.squared_distance) best = c;
    }
  }
  for (int i = 0; i < 3; ++i) {
    const PointTriangleClosest c = CalcClosestPointOnTriangle(*a[i], p_FB0, p_FB1, p_FB2);
    if (c.squared_distance < best.squared_distance) best = {*a[i], c.p_FQ, c.squared_distance};
  }
  for (int i = 0; i < 3; ++i) {
    const PointTriangleClosest c = CalcClosestPointOnTriangle(*b[i], p_FA0, p_FA1, p_FA2);
    if (c.squared_distance < best.squared_distance) best = {c.p_FQ, *b[i], c.squared_distance};
  }
  return best;
}

}  // namespace hydrocontact
