#include "mesh/barycentric.h"

#include <stdexcept>

#include <Eigen/Dense>

namespace hydrocontact {

Eigen::Vector3d TriangleBarycentric(const Eigen::Vector3d& p_A, const Eigen::Vector3d& p_B,
                                    const Eigen::Vector3d& p_C, const Eigen::Vector3d& p_Q) {
  // Ratios of signed sub-triangle areas measured along the normal: exact for
  // points in the plane and an orthogonal projection for points off it.
  const Eigen::Vector3d n = (p_B - p_A).cross(p_C - p_A);
  const double twice_area_sq = n.squaredNorm();
  if (!(twice_area_sq > 0)) {
    throw std::invalid_argument("TriangleBarycentric: degenerate (zero-area) triangle");
  }
  const double b1 = (p_Q - p_A).cross(p_C - p_A).dot(n) / twice_area_sq;
  const double b2 = (p_B - p_A).cross(p_Q - p_A).dot(n) / twice_area_sq;
  return {1.0 - b1 - b2, b1, b2};
}

Eigen::Vector4d TetrahedronBarycentric(const Eigen::Vector3d& p_A, const Eigen::Vector3d& p_B,
                                       const Eigen::Vector3d& p_C, const Eigen::Vector3d& p_D,
                                       const Eigen::Vector3d& p_Q) {
  Eigen::Matrix3d M;
  M.col(0) = p_B - p_A;
  M.col(1) = p_C - p_A;
  M.col(2) = p_D - p_A;
  const double det = M.determinant();
  if (!(det != 0) || !std::isfinite(det)) {
    throw std::invalid_argument("TetrahedronBarycentric: degenerate (zero-volume) tetrahedron");
  }
  const Eigen::Vector3d b = M.partialPivLu().solve(p_Q - p_A);
  return {1.0 - b.sum(), b(0), b(1), b(2)};
}

}  // namespace hydrocontact
