#include "proximity/distance/implicit_surface.h"

#include <cmath>
#include <functional>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Matrix3d;
using Eigen::Vector3d;

using Sampler = std::function<ImplicitSample(const Vector3d&)>;

// Central differences of f against ∇f and of ∇f against ∇²f. With step h
// the truncation error is O(h²·f''') ~ 1e-10 for these sizes.
void CheckDerivativesByFiniteDifferences(const Sampler& sample, const Vector3d& p) {
  const double h = 1e-5;
  const ImplicitSample s = sample(p);
  Vector3d grad_fd;
  Matrix3d H_fd;
  for (int i = 0; i < 3; ++i) {
    const Vector3d e = h * Vector3d::Unit(i);
    const ImplicitSample plus = sample(p + e), minus = sample(p - e);
    grad_fd[i] = (plus.value - minus.value) / (2 * h);
    H_fd.col(i) = (plus.grad_G - minus.grad_G) / (2 * h);
  }
  const double scale = 1 + s.H_G.norm();
  CHECK((grad_fd - s.grad_G).norm() < 1e-8 * (1 + s.grad_G.norm()));
  CHECK((H_fd - s.H_G).norm() < 1e-7 * scale);
  CHECK((s.H_G - s.H_G.transpose()).norm() < 1e-14 * scale);
}

TEST_CASE("Implicit functions: gradients and Hessians against finite differences",
          "[implicit_surface]") {
  const std::vector<Shape> shapes{Sphere(0.7),       Ellipsoid(0.5, 0.8, 1.1),
                                  Cylinder(0.4, 2),  Capsule(0.3, 1.0),
                                  HalfSpace()};
  // Points away from the capsule's seam circles (z = ±0.5) and its axis.
  const std::vector<Vector3d> points{{0.3, -0.2, 0.25}, {0.9, 0.4, -0.1}, {-0.2, 0.5, 0.9}};
  for (const Shape& shape : shapes) {
    for (const Vector3d& p : points) {
      CAPTURE(ShapeName(shape), p.transpose());
      CheckDerivativesByFiniteDifferences(
          [&](const Vector3d& q) { return CalcImplicitSample(shape, q); }, p);
    }
  }
  const Torus torus(1.0, 0.3);
  for (const Vector3d& p : points) {
    CheckDerivativesByFiniteDifferences(
        [&](const Vector3d& q) { return CalcImplicitSample(torus, q); }, p);
  }
  // And one value by hand: the sphere of radius 0.7 at (0.9, 0.4, −0.1) is
  // outside (|p|² = 0.98 > 0.49), its gradient along p.
  const auto sample = CalcImplicitSample(Sphere(0.7), points[1]);
  CHECK(sample.value > 0);
  CHECK(sample.grad_G.normalized().isApprox(points[1].normalized(), 1e-12));
}

TEST_CASE("Implicit functions: sign and zero set", "[implicit_surface]") {
  // Negative inside, zero on the surface, positive outside (ours, not the
  // seed's).
  CHECK(CalcSurfaceValue(Sphere(1), Vector3d(0.5, 0, 0)) < 0);
  CHECK(CalcSurfaceValue(Sphere(1), Vector3d(0, 0.6, 0.8)) == Approx(0).margin(1e-15));
  CHECK(CalcSurfaceValue(Sphere(1), Vector3d(0, 2, 0)) > 0);
  CHECK(CalcSurfaceValue(HalfSpace(), Vector3d(3, 4, -1)) == -1);
  const Torus torus(2, 0.5);
  CHECK(CalcImplicitSample(torus, Vector3d(2, 0, 0)).value < 0);       // tube centre
  CHECK(CalcImplicitSample(torus, Vector3d(0, 0, 0)).value > 0);       // the hole
  CHECK(CalcImplicitSample(torus, Vector3d(0, 2.5, 0)).value == Approx(0).margin(1e-14));
  CHECK(CalcImplicitSample(torus, Vector3d(2, 0, 0.5)).value == Approx(0).margin(1e-14));
  CHECK((CalcSurfaceUnitNormal(Capsule(0.3, 1), Vector3d(0, 0, 0.8)) - Vector3d::UnitZ()).norm() <
        1e-15);
}

TEST_CASE("Curvatures: sphere, cylinder, ellipsoid axis ends, torus equators",
          "[implicit_surface]") {
  // Sphere radius r: κ = 1/r both ways, K = 1/r².
  {
    const double r = 0.25;
    const PrincipalCurvatures k =
        CalcSurfacePrincipalCurvatures(Sphere(r), r * Vector3d(0.6, 0, 0.8));
    CHECK(k.k_max == Approx(1 / r));
    CHECK(k.k_min == Approx(1 / r));
    CHECK(CalcSurfaceGaussianCurvature(Sphere(r), Vector3d(0, r, 0)) == Approx(1 / (r * r)));
  }
  // Cylinder radius r: 1/r around, 0 along the axis, along z.
  {
    const double r = 0.4;
    const Vector3d p(r * std::cos(1.0), r * std::sin(1.0), 0.3);
    const PrincipalCurvatures k = CalcSurfacePrincipalCurvatures(Cylinder(r, 2), p);
    CHECK(k.k_max == Approx(1 / r));
    CHECK(k.k_min == Approx(0).margin(1e-14));
    CHECK(std::abs(k.R_GP.col(1).z()) == Approx(1));
    CHECK(CalcSurfaceCurvatureInDirection(Cylinder(r, 2), p, Vector3d::UnitZ()) ==
          Approx(0).margin(1e-14));
    CHECK(CalcSurfaceGaussianCurvature(Cylinder(r, 2), p) == Approx(0).margin(1e-14));
  }
  // Ellipsoid (a, b, c) at (a, 0, 0): κ along y = a/b², along z = a/c²
  // (the normal section x = a − y²·a/(2b²) near the vertex). Likewise at
  // the other axis ends.
  {
    const double a = 0.5, b = 0.8, c = 1.1;
    const Ellipsoid e(a, b, c);
    CHECK(CalcSurfaceCurvatureInDirection(e, {a, 0, 0}, Vector3d::UnitY()) == Approx(a / (b * b)));
    CHECK(CalcSurfaceCurvatureInDirection(e, {a, 0, 0}, Vector3d::UnitZ()) == Approx(a / (c * c)));
    const PrincipalCurvatures kx = CalcSurfacePrincipalCurvatures(e, {-a, 0, 0});
    CHECK(kx.k_max == Approx(a / (b * b)));
    CHECK(kx.k_min == Approx(a / (c * c)));
    CHECK((kx.R_GP.col(2) + Vector3d::UnitX()).norm() < 1e-15);
    const PrincipalCurvatures ky = CalcSurfacePrincipalCurvatures(e, {0, b, 0});
    CHECK(ky.k_max == Approx(b / (a * a)));
    CHECK(ky.k_min == Approx(b / (c * c)));
    const PrincipalCurvatures kz = CalcSurfacePrincipalCurvatures(e, {0, 0, -c});
    CHECK(kz.k_max == Approx(c / (a * a)));
    CHECK(kz.k_min == Approx(c / (b * b)));
    CHECK(CalcSurfaceGaussianCurvature(e, {0, 0, c}) == Approx(c * c / (a * a * b * b)));
  }
  // Torus (R, r): outer equator (1/r, 1/(R + r)), inner (1/r, −1/(R − r)).
  {
    const double R = 2, r = 0.5;
    const Torus torus(R, r);
    const PrincipalCurvatures outer = CalcSurfacePrincipalCurvatures(torus, {0, R + r, 0});
    CHECK(outer.k_max == Approx(1 / r));
    CHECK(outer.k_min == Approx(1 / (R + r)));
    CHECK((outer.R_GP.col(2) - Vector3d::UnitY()).norm() < 1e-14);
    const PrincipalCurvatures inner = CalcSurfacePrincipalCurvatures(torus, {R - r, 0, 0});
    CHECK(inner.k_max == Approx(1 / r));
    CHECK(inner.k_min == Approx(-1 / (R - r)));
    CHECK((inner.R_GP.col(2) + Vector3d::UnitX()).norm() < 1e-14);
    // κ_max (across the tube) is along z at the equators.
    CHECK(std::abs(inner.R_GP.col(0).z()) == Approx(1));
  }
  CHECK_THROWS_WITH(CalcSurfacePrincipalCurvatures(Box(1, 1, 1), Vector3d(0.5, 0, 0)),
                    Catch::Contains("Box") && Catch::Contains("no implicit function"));
  CHECK_THROWS_WITH(CalcImplicitSample(Sphere(1), Vector3d(NAN, 0, 0)),
                    Catch::Contains("finite"));
}

TEST_CASE("projectDownhillToNearestPoint", "[implicit_surface]") {
  // Sphere: the nearest point is r·Q/‖Q‖, from inside or outside.
  for (const Vector3d& q : {Vector3d(0.3, 0.2, -0.1), Vector3d(1.5, -0.4, 0.9)}) {
    const Vector3d p = ProjectDownhillToNearestPoint(Sphere(1), q);
    CHECK((p - q.normalized()).norm() < 1e-12);
  }
  // On the surface: Q itself.
  const Vector3d on(0, 0.6, 0.8);
  CHECK(ProjectDownhillToNearestPoint(Sphere(1), on) == on);
  // Ellipsoid: P on the surface with its normal through Q (checked as the
  // defining property, since the nearest point has no closed form).
  const Ellipsoid e(0.5, 0.8, 1.1);
  const Vector3d q(0.55, 0.3, 0.4);
  const Vector3d p = ProjectDownhillToNearestPoint(e, q);
  CHECK(std::abs(CalcSurfaceValue(e, p)) < 1e-13);
  const Vector3d n = CalcSurfaceUnitNormal(e, p);
  CHECK(((q - p) - (q - p).dot(n) * n).norm() < 1e-11);
  // Torus: P = C + r(Q − C)/‖Q − C‖ with C on the centre circle.
  const Torus torus(2, 0.5);
  const Vector3d qt(0, 2.3, 0.4);
  const Vector3d pt = ProjectDownhillToNearestPoint(torus, qt);
  const Vector3d c(0, 2, 0);
  CHECK((pt - (c + 0.5 * (qt - c).normalized())).norm() < 1e-12);
  CHECK_THROWS_WITH(ProjectDownhillToNearestPoint(Box(1, 1, 1), q), Catch::Contains("Box"));
}

TEST_CASE("trackSeparationFromLine: apart and penetrating", "[implicit_surface]") {
  // Sphere r at the origin, a line along y through (d, 0, 0): the
  // nearest surface point is (r, 0, 0), the line's point (d, 0, 0), height
  // d − r (negative when the line cuts the sphere: the deepest point).
  const double r = 1;
  for (const double d : {1.5, 0.6}) {
    const LineSeparation s = TrackSeparationFromLine(Sphere(r), Vector3d(d, 3, 0),
                                                     Vector3d(0, 2, 0), Vector3d(0.8, 0.3, 0.5));
    CHECK(s.converged);
    CHECK((s.p_GP - Vector3d(r, 0, 0)).norm() < 1e-9);
    CHECK((s.p_GL - Vector3d(d, 0, 0)).norm() < 1e-9);
    CHECK(s.height == Approx(d - r));
  }
  // Ellipsoid: a line along z at x = 0.7, y = 0 meets the normal at the
  // vertex (a, 0, 0): height 0.7 − a.
  const double a = 0.5;
  const LineSeparation e = TrackSeparationFromLine(Ellipsoid(a, 0.8, 1.1), Vector3d(0.7, 0, -2),
                                                   Vector3d::UnitZ(), Vector3d(0.4, 0.2, 0.3));
  CHECK(e.converged);
  CHECK((e.p_GP - Vector3d(a, 0, 0)).norm() < 1e-9);
  CHECK(e.height == Approx(0.7 - a));
  // Torus: a line parallel to y at x = 2.3, z = 0.7, over the tube. The
  // normal at P must be ⊥ y and meet the line, so near the guess P lies in
  // the xz plane: P = C + r(Q − C)/‖Q − C‖ with C = (R, 0, 0) and
  // Q = (2.3, 0, 0.7); height ‖Q − C‖ − r.
  const double R = 2, rt = 0.5;
  const LineSeparation t = TrackSeparationFromLine(Torus(R, rt), Vector3d(2.3, -1, 0.7),
                                                   Vector3d::UnitY(), Vector3d(2.2, 0.1, 0.4));
  const Vector3d qc(0.3, 0, 0.7);
  CHECK(t.converged);
  CHECK((t.p_GP - (Vector3d(R, 0, 0) + rt * qc.normalized())).norm() < 1e-9);
  CHECK(t.height == Approx(qc.norm() - rt));
  CHECK_THROWS_WITH(TrackSeparationFromLine(Sphere(1), Vector3d::Zero(), Vector3d::Zero(),
                                            Vector3d::UnitX()),
                    Catch::Contains("direction"));
}

TEST_CASE("Smooth and convex flags", "[implicit_surface]") {
  CHECK(IsSmooth(Sphere(1)));
  CHECK(IsSmooth(Ellipsoid(1, 2, 3)));
  CHECK(IsSmooth(Torus(2, 1)));
  CHECK(!IsConvex(Torus(2, 1)));
  CHECK(!IsSmooth(Box(1, 1, 1)));
  CHECK(!IsSmooth(Cylinder(1, 1)));
  CHECK(HasImplicitFunction(Cylinder(1, 1)));
  CHECK(!HasImplicitFunction(Mesh("a.obj")));
  CHECK(IsConvex(Convex("a.obj")));
  CHECK(!IsConvex(Mesh("a.obj")));
}

}  // namespace
}  // namespace hydrocontact
