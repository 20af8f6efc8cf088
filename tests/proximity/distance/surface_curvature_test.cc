#include "proximity/distance/surface_curvature.h"

#include <cmath>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Matrix3d;
using Eigen::Vector2d;
using Eigen::Vector3d;

TEST_CASE("Curvature from gradient and Hessian: a sphere's level set", "[surface_curvature]") {
  // f = (‖p‖² − r²)/(2r): ∇f = p/r, ∇²f = I/r. On the surface ‖∇f‖ = 1 and
  // every tangent direction has curvature tᵀ(I/r)t = 1/r; K = 1/r².
  const double r = 0.7;
  const Vector3d p = r * Vector3d(1, 2, 2) / 3;
  const Vector3d g = p / r;
  const Matrix3d H = Matrix3d::Identity() / r;
  const PrincipalCurvatures k = CalcPrincipalCurvatures(g, H);
  CHECK(k.k_max == Approx(1 / r));
  CHECK(k.k_min == Approx(1 / r));
  CHECK((k.R_GP.col(2) - g).norm() < 1e-14);
  CHECK((k.R_GP.transpose() * k.R_GP - Matrix3d::Identity()).norm() < 1e-14);
  CHECK(k.R_GP.determinant() == Approx(1));
  CHECK(CalcGaussianCurvature(g, H) == Approx(1 / (r * r)));
  CHECK(CalcCurvatureInDirection(g, H, Vector3d(2, -1, 0)) == Approx(1 / r));
  // A direction with a normal component is projected first.
  CHECK(CalcCurvatureInDirection(g, H, Vector3d(2, -1, 0) + 5 * g) == Approx(1 / r));
  CHECK_THROWS_WITH(CalcPrincipalCurvatures(Vector3d::Zero(), H), Catch::Contains("singular"));
  CHECK_THROWS_WITH(CalcCurvatureInDirection(g, H, g), Catch::Contains("tangent plane"));
}

TEST_CASE("Curvature from gradient and Hessian: a saddle z = (x² − y²)/2 at the origin",
          "[surface_curvature]") {
  // f = z − (x² − y²)/2 (negative below, outward +z): ∇f = (0,0,1),
  // ∇²f = diag(−1, 1, 0). Curvature along x: tᵀHt = −1; along y: +1.
  // Principal: κ_max = 1 along y, κ_min = −1 along x; K = −1.
  const Vector3d g(0, 0, 1);
  const Matrix3d H = Vector3d(-1, 1, 0).asDiagonal();
  const PrincipalCurvatures k = CalcPrincipalCurvatures(g, H);
  CHECK(k.k_max == Approx(1));
  CHECK(k.k_min == Approx(-1));
  CHECK(std::abs(k.R_GP.col(0).dot(Vector3d::UnitY())) == Approx(1));
  CHECK(std::abs(k.R_GP.col(1).dot(Vector3d::UnitX())) == Approx(1));
  CHECK(CalcGaussianCurvature(g, H) == Approx(-1));
  // Euler: κ(θ) = κ_max cos²θ + κ_min sin²θ from the κ_max direction.
  const double theta = 0.3;
  const Vector3d t = std::cos(theta) * k.R_GP.col(0) + std::sin(theta) * k.R_GP.col(1);
  CHECK(CalcCurvatureInDirection(g, H, t) ==
        Approx(std::cos(theta) * std::cos(theta) - std::sin(theta) * std::sin(theta)));
}

TEST_CASE("Parametric curvature of a torus, with non-orthogonal tangents", "[surface_curvature]") {
  // Torus P(u, v) = ((R + r cos v) cos u, (R + r cos v) sin u, r sin v).
  // At v = 0 (outer equator), u = 0.4: κ = 1/r across the tube (v) and
  // 1/(R + r) around the axis (u); at v = π (inner equator): 1/r and
  // −1/(R − r).
  const double R = 2, r = 0.5, u = 0.4;
  for (const double v : {0.0, M_PI}) {
    const double w = R + r * std::cos(v);
    const Vector3d Pu(-w * std::sin(u), w * std::cos(u), 0);
    const Vector3d Pv(-r * std::sin(v) * std::cos(u), -r * std::sin(v) * std::sin(u),
                      r * std::cos(v));
    const Vector3d Puu(-w * std::cos(u), -w * std::sin(u), 0);
    const Vector3d Pvv(-r * std::cos(v) * std::cos(u), -r * std::cos(v) * std::sin(u),
                       -r * std::sin(v));
    const Vector3d Puv(r * std::sin(v) * std::sin(u), -r * std::sin(v) * std::cos(u), 0);
    const Vector3d n(std::cos(v) * std::cos(u), std::cos(v) * std::sin(u), std::sin(v));
    // Skew the parameterisation (u' = u, v' = v − u) so F ≠ 0 and f ≠ 0:
    // P_u' = Pu + Pv, P_v' = Pv, P_u'u' = Puu + 2Puv + Pvv, P_u'v' = Puv + Pvv.
    const PrincipalCurvatures k =
        EvalParametricCurvature(n, Pu + Pv, Pv, Puu + 2 * Puv + Pvv, Pvv, Puv + Pvv);
    const double k_tube = 1 / r;
    const double k_ring = v == 0 ? 1 / (R + r) : -1 / (R - r);
    CHECK(k.k_max == Approx(std::max(k_tube, k_ring)));
    CHECK(k.k_min == Approx(std::min(k_tube, k_ring)));
    // κ_max = 1/r is across the tube: along Pv.
    CHECK(std::abs(k.R_GP.col(0).dot(Pv.normalized())) == Approx(1));
    CHECK((k.R_GP.col(2) - n).norm() < 1e-14);
    CHECK(k.R_GP.determinant() == Approx(1));
  }
  CHECK_THROWS_WITH(EvalParametricCurvature(Vector3d::UnitZ(), Vector3d::UnitX(),
                                            2 * Vector3d::UnitX(), Vector3d::Zero(),
                                            Vector3d::Zero(), Vector3d::Zero()),
                    Catch::Contains("independent"));
}

TEST_CASE("combineParaboloids: two crossed cylinders against Hertz's textbook formula",
          "[surface_curvature]") {
  // Cylinders of radii R1, R2 touching with axes crossed at angle θ.
  // Cylinder 1: κ = 1/R1 across its axis (x1), 0 along it (y1). Cylinder 2:
  // 1/R2 across its axis, whose direction makes θ with cylinder 1's axis.
  // Johnson, Contact Mechanics (4.3): the gap is A x² + B y² with
  // A + B = ½(1/R1 + 1/R2),
  // B − A = ½ √((1/R1)² + (1/R2)² + 2 cos 2θ /(R1 R2));
  // the relative curvatures are 2B and 2A.
  const double R1 = 0.3, R2 = 0.5;
  for (const double theta : {M_PI / 2, M_PI / 6, 0.0}) {
    const Matrix3d R_SP1 = Matrix3d::Identity();
    // Cylinder 1's axis is y1; cylinder 2's axis makes θ with it:
    // (−sin θ, cos θ, 0), so its across-axis (κ_max) direction in the
    // tangent plane is x2 = (cos θ, sin θ, 0).
    const Vector3d x2(std::cos(theta), std::sin(theta), 0);
    const PrincipalCurvatures k =
        CombineParaboloids(R_SP1, Vector2d(1 / R1, 0), x2, Vector2d(1 / R2, 0));
    const double sum = 0.5 * (1 / R1 + 1 / R2);
    const double diff =
        0.5 * std::sqrt(1 / (R1 * R1) + 1 / (R2 * R2) + 2 * std::cos(2 * theta) / (R1 * R2));
    const double B = (sum + diff) / 2, A = (sum - diff) / 2;
    CHECK(k.k_max == Approx(2 * B));
    CHECK(k.k_min == Approx(2 * A).margin(1e-12));
    CHECK((k.R_GP.col(2) - Vector3d::UnitZ()).norm() < 1e-15);
  }
  // Crossed at 90°: the directions are the two axes' across directions.
  const PrincipalCurvatures k90 = CombineParaboloids(Matrix3d::Identity(), Vector2d(1 / R1, 0),
                                                     Vector3d::UnitY(), Vector2d(1 / R2, 0));
  CHECK(std::abs(k90.R_GP.col(0).x()) == Approx(1));  // 1/R1 > 1/R2 along x1.
  CHECK_THROWS_WITH(CombineParaboloids(Matrix3d::Identity(), Vector2d(1, 0), Vector3d::UnitZ(),
                                       Vector2d(1, 0)),
                    Catch::Contains("x1-y1 plane"));
}

}  // namespace
}  // namespace hydrocontact
