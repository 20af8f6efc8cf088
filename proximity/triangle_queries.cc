#include "proximity/triangle_queries.h"

#include <Eigen/Geometry>

namespace hydrocontact {

using Eigen::Vector3d;

PointTriangleClosest CalcClosestPointOnTriangle(const Vector3d& p_FP, const Vector3d& p_FV0,
                                                const Vector3d& p_FV1, const Vector3d& p_FV2) {
  // Voronoi-region walk (vertex regions, then edge regions, then the face)
  // on dot products of edge vectors with vectors to P. The inequalities are
  // closed on the lower-dimensional side so region boundaries go to
  // vertices before edges and to edges before the face.
  PointTriangleClosest out;
  const Vector3d ab = p_FV1 - p_FV0;
  const Vector3d ac = p_FV2 - p_FV0;
  const Vector3d ap = p_FP - p_FV0;
  const double d1 = ab.dot(ap);
  const double d2 = ac.dot(ap);
  auto set_vertex = [&](int i, const Vector3d& v) {
    out.p_FQ = v;
    out.barycentric = Vector3d::Unit(i);
    out.feature = {TriangleFeature::kVertex, i};
    out.squared_distance = (p_FP - v).squaredNorm();
    return out;
  };
  // Edge i runs from vertex i to vertex i+1; u is the weight of vertex i+1.
  auto set_edge = [&](int i, const Vector3d& from, const Vector3d& to, double u) {
    out.p_FQ = from + u * (to - from);
    out.barycentric.setZero();
    out.barycentric[i] = 1 - u;
    out.barycentric[(i + 1) % 3] = u;
    out.feature = {TriangleFeature::kEdge, i};
    out.squared_distance = (p_FP - out.p_FQ).squaredNorm();
    return out;
  };
  if (d1 <= 0 && d2 <= 0) return set_vertex(0, p_FV0);

  const Vector3d bp = p_FP - p_FV1;
  const double d3 = ab.dot(bp);
  const double d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return set_vertex(1, p_FV1);

  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return set_edge(0, p_FV0, p_FV1, d1 / (d1 - d3));

  const Vector3d cp = p_FP - p_FV2;
  const double d5 = ab.dot(cp);
  const double d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return set_vertex(2, p_FV2);

  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    // Edge 2 runs from V2 to V0: the weight of V0 is 1 − d2/(d2 − d6).
    return set_edge(2, p_FV2, p_FV0, 1 - d2 / (d2 - d6));
  }

  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    return set_edge(1, p_FV1, p_FV2, (d4 - d3) / ((d4 - d3) + (d5 - d6)));
  }

  // Face region. The projection along the unit normal is more accurate than
  // the barycentric combination when P is far from the plane relative to
  // the triangle's size, so the point and distance come from it.
  const double inv = 1 / (va + vb + vc);
  const double v = vb * inv;
  const double w = vc * inv;
  out.barycentric = Vector3d(1 - v - w, v, w);
  const Vector3d nhat = ab.cross(ac).normalized();
  const double height = nhat.dot(ap);
  out.p_FQ = p_FP - height * nhat;
  out.squared_distance = height * height;
  out.feature = {TriangleFeature::kFace, 0};
  return out;
}

LineTriangleTest::LineTriangleTest(const Vector3d& p_FA, const Vector3d& d_F) : p_FA_(p_FA) {
  // The dominant axis of d is the sheared frame's third axis (so d_k ≠ 0).
  d_F.cwiseAbs().maxCoeff(&kz_);
  kx_ = (kz_ + 1) % 3;
  ky_ = (kz_ + 2) % 3;
  sz_ = 1 / d_F[kz_];
  sx_ = d_F[kx_] * sz_;
  sy_ = d_F[ky_] * sz_;
}

Vector3d LineTriangleTest::Shear(const Vector3d& p_FV) const {
  const Vector3d r = p_FV - p_FA_;
  return {r[kx_] - sx_ * r[kz_], r[ky_] - sy_ * r[kz_], r[kz_] * sz_};
}

bool LineTriangleTest::Crosses(const Vector3d& p_FV0, const Vector3d& p_FV1, const Vector3d& p_FV2,
                               double* t) const {
  const Vector3d a = Shear(p_FV0);
  const Vector3d b = Shear(p_FV1);
  const Vector3d c = Shear(p_FV2);
  // E(P, Q) for the edges opposite V0, V1, V2; each edge's value is the
  // same two products whichever triangle computes it (see the header).
  const double e0 = b.x() * c.y() - b.y() * c.x();
  const double e1 = c.x() * a.y() - c.y() * a.x();
  const double e2 = a.x() * b.y() - a.y() * b.x();
  if ((e0 < 0 || e1 < 0 || e2 < 0) && (e0 > 0 || e1 > 0 || e2 > 0)) return false;
  const double det = e0 + e1 + e2;
  if (det == 0) return false;  // Parallel to the plane (or degenerate).
  if (t != nullptr) *t = (e0 * a.z() + e1 * b.z() + e2 * c.z()) / det;
  return true;
}

bool SegmentCrossesTriangle(const Vector3d& p_FA0, const Vector3d& p_FA1, const Vector3d& p_FV0,
                            const Vector3d& p_FV1, const Vector3d& p_FV2, Vector3d* p_FX,
                            double* t_out) {
  const Vector3d n = (p_FV1 - p_FV0).cross(p_FV2 - p_FV0);
  const double h0 = n.dot(p_FA0 - p_FV0);
  const double h1 = n.dot(p_FA1 - p_FV0);
  if (!((h0 > 0 && h1 < 0) || (h0 < 0 && h1 > 0))) return false;
  // Whether the segment's line passes through the closed triangle comes
  // straight from the inputs (watertight; see LineTriangleTest), so the
  // decision does not depend on a rounded crossing point.
  const Vector3d d = p_FA1 - p_FA0;
  if (!LineTriangleTest(p_FA0, d).Crosses(p_FV0, p_FV1, p_FV2)) return false;
  const double t = h0 / (h0 - h1);
  if (p_FX != nullptr) *p_FX = p_FA0 + t * d;
  if (t_out != nullptr) *t_out = t;
  return true;
}

}  // namespace hydrocontact
