#pragma once

/// @file
/// Barycentric coordinates of a point with respect to a triangle or a
/// tetrahedron. All points must be expressed in one common frame.

#include <Eigen/Core>

namespace hydrocontact {

/// Barycentric coordinates (b0, b1, b2) of `p_Q` with respect to the triangle
/// (p_A, p_B, p_C), for Q projected onto the triangle's plane: Q' = b0·A +
/// b1·B + b2·C, b0+b1+b2 = 1. Coordinates may be negative (Q' outside).
/// @throws std::invalid_argument if the triangle is degenerate (zero area).
Eigen::Vector3d TriangleBarycentric(const Eigen::Vector3d& p_A, const Eigen::Vector3d& p_B,
                                    const Eigen::Vector3d& p_C, const Eigen::Vector3d& p_Q);

/// Barycentric coordinates (b0..b3) of `p_Q` with respect to the tetrahedron
/// (p_A, p_B, p_C, p_D): Q = Σ bᵢ·Pᵢ, Σ bᵢ = 1. Q may lie outside (some
/// bᵢ < 0). @throws std::invalid_argument if the tetrahedron is degenerate.
Eigen::Vector4d TetrahedronBarycentric(const Eigen::Vector3d& p_A, const Eigen::Vector3d& p_B,
                                       const Eigen::Vector3d& p_C, const Eigen::Vector3d& p_D,
                                       const Eigen::Vector3d& p_Q);

}  // namespace hydrocontact
