#include "proximity/distance/height_field_distance.h"

#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "proximity/distance/implicit_surface.h"
#include "proximity/distance/ray_intersection.h"
#include "proximity/distance/shape_bounds.h"
#include "proximity/distance/shape_pair_distance.h"
#include "proximity/distance/shape_queries.h"
#include "proximity/height_field_surface.h"
#include "tests/proximity/height_fields.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

HeightField Sample(int nx, int ny, double dx, double dy, double thickness,
                   const std::function<double(double, double)>& f) {
  return test::SampleHeightField(nx, ny, dx, dy, thickness, f);
}

// Flat at z = 0.3 over [−1, 1] × [−0.6, 0.6], thickness 0.5: the solid is
// the box 2 × 1.2 × 0.5 centred at (0, 0, 0.05).
HeightField Flat() { return HeightField(5, 4, 0.5, 0.4, std::vector<double>(20, 0.3), 0.5); }
const Vector3d kFlatCentre(0, 0, 0.05);

// The paraboloid cap h = 1 − a(x² + y²), a = ½, over [−1, 1]², reproduced
// exactly by the bicubic (a biquadratic); bottom 1 − 2a − 0.5 = −0.5.
constexpr double kA = 0.5;
HeightField Cap() {
  return Sample(11, 11, 0.2, 0.2, 0.5, [](double x, double y) { return 1 - kA * (x * x + y * y); });
}

TEST_CASE("A flat height field answers point queries as the box it is", "[height_field_distance]") {
  const DistanceGeometry field = MakeDistanceGeometry(Flat());
  CHECK(field.mesh_error < 1e-12);  // a plane: the tessellation is exact
  const Box box(2, 1.2, 0.5);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> ux(-2, 2), uy(-1.2, 1.2), uz(-0.8, 0.9);
  int inside = 0;
  for (int k = 0; k < 500; ++k) {
    const Vector3d p(ux(rng), uy(rng), uz(rng));
    const PointShapeDistance a = CalcPointDistance(field, p);
    const PointShapeDistance b = CalcPointDistance(box, p - kFlatCentre);
    CAPTURE(p.transpose());
    CHECK(a.distance == Approx(b.distance).margin(1e-12));
    if (b.is_grad_unique) {
      CHECK((a.p_GN - (b.p_GN + kFlatCentre)).norm() < 1e-12);
      CHECK((a.grad_G - b.grad_G).norm() < 1e-9);
    }
    inside += a.distance < 0;
  }
  CHECK(inside > 20);
  // A point on the side face: distance 0, normal +x; on the bottom: −z.
  const PointShapeDistance side = CalcPointDistance(field, Vector3d(1, 0.1, 0.1));
  CHECK(side.distance == Approx(0).margin(1e-15));
  CHECK(side.grad_G.isApprox(Vector3d::UnitX()));
  const PointShapeDistance bottom = CalcPointDistance(field, Vector3d(0.2, 0.1, -0.2));
  CHECK(bottom.grad_G.isApprox(-Vector3d::UnitZ()));
}

TEST_CASE("Shapes over a flat height field: distance and penetration as over a box or plane",
          "[height_field_distance]") {
  const DistanceGeometry field = MakeDistanceGeometry(Flat());
  const GeometryId id_F = GeometryId::get_new_id();
  const GeometryId id_S = GeometryId::get_new_id();
  // Each shape with its lowest point below its centre (its extent along −z),
  // placed with its centre at (0.1, −0.05, z_c): the signed distance to the
  // top z = 0.3 is z_c − extent − 0.3, the contact being well inside the
  // rectangle. Penetrating by 0.02 the depth is 0.02.
  struct Case {
    Shape shape;
    double extent;
  };
  const Case cases[] = {{Sphere(0.2), 0.2},          {Box(0.3, 0.2, 0.4), 0.2},
                        {Cylinder(0.2, 0.5), 0.25},  {Capsule(0.1, 0.3), 0.25},
                        {Ellipsoid(0.3, 0.2, 0.1), 0.1}, {Torus(0.3, 0.1), 0.1},
                        {Flat(), -kFlatCentre.z() + 0.25}};
  for (const Case& c : cases) {
    const DistanceGeometry shape = MakeDistanceGeometry(c.shape);
    for (const double gap : {0.07, -0.02}) {
      const RigidTransform X_WS(Vector3d(0.1, -0.05, 0.3 + c.extent + gap));
      CAPTURE(ShapeName(c.shape), gap);
      const SignedDistancePair d =
          ComputeSignedDistancePair(id_F, field, RigidTransform(), id_S, shape, X_WS);
      CHECK(d.distance == Approx(gap).margin(1e-6));
      // Normal from the shape (B) toward the field (A): −z.
      CHECK(d.nhat_BA_W.isApprox(-Vector3d::UnitZ(), 1e-6));
      const auto p = ComputePenetration(id_F, field, RigidTransform(), id_S, shape, X_WS);
      CHECK(p.has_value() == (gap < 0));
      if (p) CHECK(p->depth == Approx(-gap).margin(1e-6));
    }
  }
}

TEST_CASE("A half-space against a height field: by its support point, refined on the surface",
          "[height_field_distance]") {
  const DistanceGeometry cap = MakeDistanceGeometry(Cap());
  const GeometryId id_C = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  // The half-space above the plane z = 0.9 (its frame rotated by π about x,
  // so its outward normal is −z): the apex (0, 0, 1) is 0.1 deep.
  const RigidTransform X_WH(Eigen::Matrix3d(Eigen::AngleAxisd(M_PI, Vector3d::UnitX())),
                            Vector3d(0, 0, 0.9));
  const DistanceGeometry half_space = MakeDistanceGeometry(HalfSpace());
  const SignedDistancePair d =
      ComputeSignedDistancePair(id_C, cap, RigidTransform(), id_H, half_space, X_WH);
  CHECK(d.distance == Approx(-0.1).epsilon(1e-12));
  CHECK((d.p_ACa - Vector3d(0, 0, 1)).norm() < 1e-10);
  // Tilted: outward normal n = −(sin θ, 0, cos θ); the cap's deepest point
  // along −n maximises x sin θ + (1 − a x²) cos θ: x = tan θ/(2a).
  const double theta = 0.3;
  const RigidTransform X_WT(Eigen::Matrix3d(Eigen::AngleAxisd(M_PI + theta, Vector3d::UnitY())),
                            Vector3d(0, 0, 0.9));
  const Vector3d n = X_WT.rotation().col(2);
  const double x = std::tan(theta) / (2 * kA);
  const Vector3d deepest(x, 0, 1 - kA * x * x);
  const SignedDistancePair t =
      ComputeSignedDistancePair(id_C, cap, RigidTransform(), id_H, half_space, X_WT);
  CHECK(t.distance == Approx(n.dot(deepest - Vector3d(0, 0, 0.9))).epsilon(1e-10));
  CHECK((t.p_ACa - deepest).norm() < 1e-8);
}

TEST_CASE("A half-space against a height field's separate equal peaks: the witness is on a peak",
          "[height_field_distance]") {
  // 5 × 3 samples 1 apart over [−2, 2] × [−1, 1], zero but two equal peaks
  // h = 1 at (±1, 0); the half-space above z = 0.9 (its solid z ≥ 0.9)
  // overlaps both by 0.1. Both peaks tie as extreme points; the centroid of
  // the tied vertices, (0, 0, 1), is in the air above the valley h(0, 0) = 0,
  // and was reported as the witness. Now the tied vertex nearest it stands
  // for them: a peak.
  std::vector<double> h(15, 0.0);
  h[1 * 5 + 1] = h[1 * 5 + 3] = 1;
  const HeightField field(5, 3, 1.0, 1.0, h, 0.5);
  const DistanceGeometry G = MakeDistanceGeometry(field);
  const DistanceGeometry half_space = MakeDistanceGeometry(HalfSpace());
  const RigidTransform X_WH(Eigen::Matrix3d(Eigen::AngleAxisd(M_PI, Vector3d::UnitX())),
                            Vector3d(0, 0, 0.9));
  // Ids in this order so that the field is A (pairs are ordered by id).
  const GeometryId id_F = GeometryId::get_new_id();
  const GeometryId id_H = GeometryId::get_new_id();
  const SignedDistancePair d =
      ComputeSignedDistancePair(id_F, G, RigidTransform(), id_H, half_space, X_WH);
  REQUIRE(d.id_A == id_F);
  CHECK(d.distance == Approx(-0.1).epsilon(1e-12));
  // On a peak, and (an independent check) on the field: its point distance
  // to the field is 0.
  CHECK(std::abs(d.p_ACa.x()) == Approx(1).epsilon(1e-12));
  CHECK(std::abs(d.p_ACa.y()) < 1e-12);
  CHECK(d.p_ACa.z() == Approx(1).epsilon(1e-12));
  CHECK(std::abs(CalcPointDistance(G, d.p_ACa).distance) < 1e-12);
  CHECK((X_WH * d.p_BCb).z() == Approx(0.9).epsilon(1e-12));
  // The support with middle_of_ties directly: the same rule; the plain
  // support (ties to the lowest index) is a peak as well.
  for (const bool middle : {true, false}) {
    const Vector3d s = CalcHeightFieldSupport(field, *G.mesh, Vector3d::UnitZ(), middle);
    CHECK(std::abs(s.x()) == Approx(1).epsilon(1e-12));
    CHECK(s.z() == Approx(1).epsilon(1e-12));
  }
  // A convex tied feature still gives its middle: the whole bottom z = −0.5
  // (the lowest sample 0 less the thickness) ties along −z, its centroid
  // is the bottom's centre.
  const Vector3d bottom = CalcHeightFieldSupport(field, *G.mesh, -Vector3d::UnitZ(), true);
  CHECK((bottom - Vector3d(0, 0, -0.5)).norm() < 1e-12);
}

// The distance from (ρ, z) (radial coordinate, height) to the paraboloid
// z = 1 − a r² in its meridian plane, by brute force: a dense scan of r and a
// parabolic refinement (independent of the height field's code).
double ParaboloidDistance(double rho, double z, double r_max) {
  auto d2 = [&](double r) { return (r - rho) * (r - rho) + std::pow(1 - kA * r * r - z, 2); };
  const int n = 20000;
  int best = 0;
  for (int k = 0; k <= n; ++k) {
    if (d2(r_max * k / n) < d2(r_max * best / n)) best = k;
  }
  double lo = r_max * std::max(0, best - 1) / n, hi = r_max * std::min(n, best + 1) / n;
  for (int it = 0; it < 200; ++it) {
    const double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    if (d2(m1) < d2(m2)) hi = m2; else lo = m1;
  }
  return std::sqrt(d2(0.5 * (lo + hi)));
}

TEST_CASE("Point distance to a paraboloid cap is exact (the bicubic reproduces it)",
          "[height_field_distance]") {
  const DistanceGeometry cap = MakeDistanceGeometry(Cap());
  // Points near the middle (the meridian's nearest point stays inside the
  // rectangle, so the sides and corners do not compete), above and below the
  // surface (below: closer to the top than to the bottom at z = −0.5).
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> angle(0, 2 * M_PI), radius(0, 0.5), height(-0.25, 0.4);
  for (int k = 0; k < 60; ++k) {
    const double phi = angle(rng), rho = radius(rng);
    const double z = 1 - kA * rho * rho + height(rng);
    const Vector3d p(rho * std::cos(phi), rho * std::sin(phi), z);
    const double expected = ParaboloidDistance(rho, z, 0.9);
    const PointShapeDistance d = CalcPointDistance(cap, p);
    CAPTURE(p.transpose());
    CHECK(std::abs(d.distance) == Approx(expected).margin(1e-9));
    CHECK((d.distance < 0) == (z < 1 - kA * rho * rho));
    // The gradient is the unit normal of the paraboloid at N, (2a x, 2a y, 1).
    const Vector3d normal = Vector3d(2 * kA * d.p_GN.x(), 2 * kA * d.p_GN.y(), 1).normalized();
    CHECK((d.grad_G - normal).norm() < 1e-6);
    // The point N is on the surface.
    CHECK(d.p_GN.z() == Approx(1 - kA * d.p_GN.head<2>().squaredNorm()).margin(1e-12));
  }
  // The sphere pair is the point query: a sphere of radius 0.1 centred
  // 0.15 above the apex is 0.05 away.
  const SignedDistancePair s = ComputeSignedDistancePair(
      GeometryId::get_new_id(), cap, RigidTransform(), GeometryId::get_new_id(),
      MakeDistanceGeometry(Sphere(0.1)), RigidTransform(Vector3d(0, 0, 1.15)));
  CHECK(s.distance == Approx(0.05).margin(1e-12));
}

TEST_CASE("Point distance to a Gaussian bump is within the interpolation error",
          "[height_field_distance]") {
  // A radially symmetric Gaussian A·exp(−r²/2σ²) sampled on a 25 × 25 grid
  // of spacing h = 0.05 over [−0.6, 0.6]². The distance to the bicubic
  // differs from the distance to the Gaussian by at most their largest
  // vertical difference (a vertical offset bounds the Hausdorff distance),
  // which the surface test bounds by 2.5·(h³·1.38A/(12σ³) + h⁴·3A/(384σ⁴)).
  const double A = 0.2, sigma = 0.25, h = 0.05;
  auto g = [&](double r) { return A * std::exp(-r * r / (2 * sigma * sigma)); };
  const DistanceGeometry bump = MakeDistanceGeometry(
      Sample(25, 25, h, h, 0.1, [&](double x, double y) { return g(std::hypot(x, y)); }));
  const double bound = 2.5 * (std::pow(h, 3) * 1.38 * A / (12 * std::pow(sigma, 3)) +
                              std::pow(h, 4) * 3 * A / (384 * std::pow(sigma, 4)));
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> angle(0, 2 * M_PI), radius(0, 0.35), height(0.01, 0.15);
  for (int k = 0; k < 40; ++k) {
    const double phi = angle(rng), rho = radius(rng), z = g(rho) + height(rng);
    // The true distance in the meridian plane by a dense scan.
    double best = 1e9;
    for (int q = 0; q <= 60000; ++q) {
      const double r = 0.6 * q / 60000;
      best = std::min(best, std::hypot(r - rho, g(r) - z));
    }
    const PointShapeDistance d =
        CalcPointDistance(bump, Vector3d(rho * std::cos(phi), rho * std::sin(phi), z));
    CAPTURE(rho, z, bound);
    CHECK(std::abs(d.distance - best) <= bound + 1e-7);
  }
}

TEST_CASE("Curvature of a quadratic bump at its samples: the analytic values",
          "[height_field_distance]") {
  // h = 1 − a x² − b y² (a = 0.5, b = 0.2), reproduced exactly.
  const double a = 0.5, b = 0.2;
  const HeightField field = Sample(11, 11, 0.2, 0.2, 0.5, [&](double x, double y) {
    return 1 - a * x * x - b * y * y;
  });
  // At the apex the principal curvatures are 2a and 2b (convex: positive),
  // along x and y.
  const PrincipalCurvatures apex = CalcSurfacePrincipalCurvatures(field, Vector3d(0, 0, 1));
  CHECK(apex.k_max == Approx(2 * a).epsilon(1e-12));
  CHECK(apex.k_min == Approx(2 * b).epsilon(1e-12));
  CHECK(std::abs(apex.R_GP.col(0).x()) == Approx(1).epsilon(1e-12));
  CHECK(apex.R_GP.col(2).isApprox(Vector3d::UnitZ()));
  // At the sample (0.4, −0.6): Monge patch formulas with p = h_x = −2a x,
  // q = h_y = −2b y, r = −2a, s = 0, t = −2b, W = 1 + p² + q²:
  // K = (rt − s²)/W², and with the upward normal (convex positive)
  // κ₁ + κ₂ = −((1 + q²) r − 2pqs + (1 + p²) t)/W^{3/2}.
  const double x = 0.4, y = -0.6, p = -2 * a * x, q = -2 * b * y, r = -2 * a, t = -2 * b;
  const double W = 1 + p * p + q * q;
  const Vector3d P(x, y, 1 - a * x * x - b * y * y);
  const PrincipalCurvatures k = CalcSurfacePrincipalCurvatures(field, P);
  CHECK(k.k_max * k.k_min == Approx(r * t / (W * W)).epsilon(1e-10));
  CHECK(k.k_max + k.k_min == Approx(-((1 + q * q) * r + (1 + p * p) * t) / std::pow(W, 1.5)).epsilon(1e-10));
  // The implicit form f = z − h gives the same (a second method).
  const ImplicitSample s = CalcImplicitSample(field, P);
  const PrincipalCurvatures ki = CalcPrincipalCurvatures(s.grad_G, s.H_G);
  CHECK(ki.k_max == Approx(k.k_max).epsilon(1e-10));
  CHECK(ki.k_min == Approx(k.k_min).epsilon(1e-10));
  CHECK(CalcSurfaceGaussianCurvature(field, P) == Approx(r * t / (W * W)).epsilon(1e-10));
  CHECK_FALSE(IsSmooth(field));
  CHECK_FALSE(IsConvex(field));
  CHECK(HasImplicitFunction(field));
}

TEST_CASE("Downhill projection and line tracking on a height field's top", "[height_field_distance]") {
  const HeightField cap = Cap();
  // From (0.1, 0, 1.2) the normal line through Q meets the paraboloid where
  // (Q − P) ∥ (a·2x, 0, 1)... on the axis plane y = 0: P = (x, 0, 1 − a x²)
  // with 0.1 − x = 2a x (1.2 − 1 + a x²); for a = ½: 0.1 − x = x(0.2 + x²/2),
  // whose root we bracket by bisection (independent of the code).
  double lo = 0, hi = 0.1;
  for (int it = 0; it < 200; ++it) {
    const double m = 0.5 * (lo + hi);
    (0.1 - m - m * (0.2 + 0.5 * m * m) > 0 ? lo : hi) = m;
  }
  const Vector3d P = ProjectDownhillToNearestPoint(cap, Vector3d(0.1, 0, 1.2));
  CHECK(P.x() == Approx(lo).margin(1e-10));
  CHECK(P.y() == Approx(0).margin(1e-12));
  CHECK(P.z() == Approx(1 - kA * lo * lo).margin(1e-10));
  // A horizontal line at z = 1.2 along x through y = 0.3: the nearest
  // surface point has its normal ⊥ the line (h_x = 0: x = 0) and meeting it:
  // in the plane x = 0, the point (0, y, 1 − a y²) whose normal line passes
  // through (0, 0.3, 1.2), found as above, its height above the surface
  // the distance from it to the line.
  lo = 0, hi = 0.3;
  for (int it = 0; it < 200; ++it) {
    const double m = 0.5 * (lo + hi);
    (0.3 - m - m * (0.2 + 0.5 * m * m) > 0 ? lo : hi) = m;
  }
  const LineSeparation sep =
      TrackSeparationFromLine(cap, Vector3d(-0.5, 0.3, 1.2), Vector3d::UnitX(), Vector3d(0.1, 0.2, 0.9));
  CHECK(sep.converged);
  CHECK(sep.p_GP.x() == Approx(0).margin(1e-9));
  CHECK(sep.p_GP.y() == Approx(lo).margin(1e-9));
  CHECK(sep.height == Approx(std::hypot(0.3 - lo, 0.2 + kA * lo * lo)).epsilon(1e-9));
}

TEST_CASE("The height field's implicit Hessian matches finite differences of its gradient",
          "[height_field_distance]") {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-0.3, 0.3);
  std::vector<double> heights(36);
  for (double& v : heights) v = u(rng);
  const HeightField field(6, 6, 0.3, 0.25, heights, 1.0);
  const double e = 1e-6;
  for (const Vector3d& p : {Vector3d(0.11, -0.2, 0.3), Vector3d(-0.6, 0.47, 0), Vector3d(0.7, 0.1, -1)}) {
    const ImplicitSample s = CalcImplicitSample(field, p);
    for (int k = 0; k < 3; ++k) {
      const Vector3d dp = e * Vector3d::Unit(k);
      const Vector3d fd = (CalcSurfaceGradient(field, p + dp) - CalcSurfaceGradient(field, p - dp)) / (2 * e);
      CHECK((s.H_G.col(k) - fd).norm() < 1e-6);
      const double fv = (CalcSurfaceValue(field, p + dp) - CalcSurfaceValue(field, p - dp)) / (2 * e);
      CHECK(s.grad_G[k] == Approx(fv).margin(1e-7));
    }
  }
}

TEST_CASE("Rays hit the cap's top, sides and bottom where the closed forms say",
          "[height_field_distance]") {
  const DistanceGeometry cap = MakeDistanceGeometry(Cap());
  // Slanted ray o + t d onto z = 1 − a(x² + y²): with o = (−0.5, 0.2, 2),
  // d = (0.3, −0.1, −1)/‖·‖: a(ox + t dx)² + a(oy + t dy)² + oz + t dz − 1 = 0,
  // the smaller positive root.
  const Vector3d o(-0.5, 0.2, 2);
  const Vector3d d = Vector3d(0.3, -0.1, -1).normalized();
  const double qa = kA * (d.x() * d.x() + d.y() * d.y());
  const double qb = 2 * kA * (o.x() * d.x() + o.y() * d.y()) + d.z();
  const double qc = kA * (o.x() * o.x() + o.y() * o.y()) + o.z() - 1;
  const double t = (-qb - std::sqrt(qb * qb - 4 * qa * qc)) / (2 * qa);
  const auto hit = IntersectRay(cap, o, d);
  REQUIRE(hit.has_value());
  CHECK(hit->distance == Approx(t).epsilon(1e-12));
  CHECK(hit->entering);
  const Vector3d p = o + t * d;
  CHECK((hit->nhat_G - Vector3d(2 * kA * p.x(), 2 * kA * p.y(), 1).normalized()).norm() < 1e-9);
  // From inside straight up: leaves through the top at z = 1 − a(0.09 + 0.16).
  const auto up = IntersectRay(cap, Vector3d(0.3, 0.4, 0), Vector3d::UnitZ());
  REQUIRE(up.has_value());
  CHECK(up->distance == Approx(1 - kA * 0.25).epsilon(1e-12));
  CHECK_FALSE(up->entering);
  // Into the side x = 1 (its top there: 1 − a(1 + 0.01) = 0.495).
  const auto side = IntersectRay(cap, Vector3d(3, 0.1, 0.2), -Vector3d::UnitX());
  REQUIRE(side.has_value());
  CHECK(side->distance == Approx(2).epsilon(1e-14));
  CHECK(side->nhat_G.isApprox(Vector3d::UnitX()));
  // Up into the bottom z = −0.5.
  const auto bottom = IntersectRay(cap, Vector3d(0.1, 0.2, -3), Vector3d::UnitZ());
  REQUIRE(bottom.has_value());
  CHECK(bottom->distance == Approx(2.5).epsilon(1e-14));
  CHECK(bottom->nhat_G.isApprox(-Vector3d::UnitZ()));
  // Passing over the apex, and stopped short by max_distance.
  CHECK_FALSE(IntersectRay(cap, Vector3d(-3, 0, 1.01), Vector3d::UnitX()).has_value());
  CHECK_FALSE(IntersectRay(cap, o, d, t - 1e-3).has_value());
}

TEST_CASE("Support points, bounding sphere and box of a height field", "[height_field_distance]") {
  const HeightField field = Cap();
  const DistanceGeometry cap = MakeDistanceGeometry(field);
  CHECK((CalcSupportPoint(cap, Vector3d::UnitZ()) - Vector3d(0, 0, 1)).norm() < 1e-12);
  // Along (0.4, 0, 1): maximise 0.4x + 1 − a x²: x = 0.4.
  const Vector3d s = CalcSupportPoint(cap, Vector3d(0.4, 0, 1));
  CHECK((s - Vector3d(0.4, 0, 1 - kA * 0.16)).norm() < 1e-10);
  CHECK(CalcSupportPoint(cap, -Vector3d::UnitZ()).z() == Approx(-0.5));
  CHECK(CalcSupportPoint(cap, Vector3d::UnitX()).x() == Approx(1));
  // The bounding sphere holds the corners of the solid and the apex.
  const BoundingSphere sphere = CalcBoundingSphere(cap);
  for (const Vector3d& c : {Vector3d(1, 1, 0), Vector3d(-1, 1, -0.5), Vector3d(1, -1, -0.5),
                           Vector3d(0, 0, 1)}) {
    CHECK((c - sphere.p_GC).norm() <= sphere.radius);
  }
  // The box: the rectangle, from the bottom up to at least the apex.
  const auto box = CalcPrimitiveBoundingBox(field);
  REQUIRE(box.has_value());
  CHECK(box->min.isApprox(Vector3d(-1, -1, -0.5)));
  CHECK(box->max.head<2>().isApprox(Eigen::Vector2d(1, 1)));
  CHECK(box->max.z() >= 1);
  // The nearest point query reports inside/outside and the normal.
  const NearestPoint n = FindNearestPoint(cap, Vector3d(0, 0, 0.8));
  CHECK(n.inside);
  CHECK(n.distance == Approx(-0.2).epsilon(1e-12));
  CHECK(n.nhat_G.isApprox(Vector3d::UnitZ()));
}

TEST_CASE("A height field whose surface may reach its bottom is refused", "[height_field_distance]") {
  std::vector<double> h(25, 0.0);
  h[12] = 1;
  CHECK_THROWS_WITH(MakeDistanceGeometry(HeightField(5, 5, 1, 1, h, 0.01)),
                    Catch::Contains("parameter 'thickness'"));
}

}  // namespace
}  // namespace hydrocontact
