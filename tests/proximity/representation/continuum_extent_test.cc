#include "proximity/representation/continuum_extent.h"

#include <cmath>
#include <numbers>

#include <catch2/catch.hpp>

#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/representation/make_hydroelastic_representation.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using std::numbers::pi;

// ∫(1 − |x|/r) dA over the section of a sphere of radius r by a plane at
// distance d from its centre: a = √(r² − d²), and in polar coordinates
// 2π∫₀ᵃ(1 − √(d²+ρ²)/r)ρ dρ = 2π[a²/2 − ((d²+a²)^{3/2} − d³)/(3r)].
double SphereSection(double r, double d) {
  const double a2 = r * r - d * d;
  return 2 * pi * (a2 / 2 - (std::pow(d * d + a2, 1.5) - d * d * d) / (3 * r));
}

// The plane z = z0 (normal +z) in G; tilted by `angle` about x through the
// point (0, 0, z0) when asked.
RigidTransform Plane(double z0, double angle = 0) {
  return RigidTransform(Eigen::AngleAxisd(angle, Vector3d::UnitX()).toRotationMatrix(),
                        Vector3d(0, 0, z0));
}

TEST_CASE("Continuum extent: the formulas of DESIGN section 4") {
  CHECK(CalcContinuumExtent(Sphere(2), Vector3d(0, 1, 0)) == Approx(0.5));
  CHECK(CalcContinuumExtent(Ellipsoid(1, 2, 4), Vector3d(0, 0, 2)) == Approx(0.5));
  // Box half sizes (1, 2, 3), H = 1: nearest face of (0.5, 0, 0) is x = 1.
  CHECK(CalcContinuumExtent(Box(2, 4, 6), Vector3d(0.5, 0, 0)) == Approx(0.5));
  CHECK(CalcContinuumExtent(Box(2, 4, 6), Vector3d(0, 0, 2.8)) == Approx(0.2));
  // Cylinder R = 1, L/2 = 3, H = 1: ρ = 0.5 → 0.5; near the cap, z = 2.9 → 0.1.
  CHECK(CalcContinuumExtent(Cylinder(1, 6), Vector3d(0.3, 0.4, 0)) == Approx(0.5));
  CHECK(CalcContinuumExtent(Cylinder(1, 6), Vector3d(0, 0, 2.9)) == Approx(0.1));
  // Capsule R = 1, L/2 = 1: on the axis e = 1; beyond the segment's end by
  // 0.5 along the axis e = 0.5.
  CHECK(CalcContinuumExtent(Capsule(1, 2), Vector3d(0, 0, 0.7)) == 1.0);
  CHECK(CalcContinuumExtent(Capsule(1, 2), Vector3d(0, 0, 1.5)) == Approx(0.5));
  CHECK_THROWS_WITH(CalcContinuumExtent(HalfSpace(), Vector3d::Zero()),
                    Catch::Matchers::Contains("HalfSpace"));
}

TEST_CASE("Adaptive quadrature: exact on a polynomial, refuses what would never converge") {
  // The Lobatto rule (degree 5) and its Kronrod extension (degree 9) are
  // both exact for x⁵ on one interval: ∫₀² x⁵ dx = 2⁶/6.
  auto quintic = [](double x) { return std::pow(x, 5); };
  CHECK(IntegrateAdaptive(quintic, 0, 2, 1e-12) == Approx(64.0 / 6).epsilon(1e-14));
  // √x has an unbounded derivative at 0: the adaptive split must still
  // reach ∫₀¹ √x dx = 2/3 to about the tolerance.
  CHECK(std::abs(IntegrateAdaptive([](double x) { return std::sqrt(x); }, 0, 1, 1e-12) - 2.0 / 3) <
        1e-10);
  CHECK(IntegrateAdaptive(quintic, 1, 1, 1e-12) == 0.0);
  CHECK(IntegrateAdaptive(quintic, 2, 1, 1e-12) == 0.0);
  // A tolerance that can never be met (0, negative, NaN) would bisect every
  // branch to depth 50; so would an integrand that is NaN somewhere.
  for (double tolerance : {0.0, -1e-9, std::nan(""), double(INFINITY)}) {
    CAPTURE(tolerance);
    CHECK_THROWS_WITH(IntegrateAdaptive(quintic, 0, 1, tolerance), Catch::Contains("tolerance"));
  }
  CHECK_THROWS_WITH(IntegrateAdaptive(quintic, 0, INFINITY, 1e-9), Catch::Contains("not finite"));
  CHECK_THROWS_WITH(IntegrateAdaptive(quintic, std::nan(""), 1, 1e-9),
                    Catch::Contains("not finite"));
  CHECK_THROWS_WITH(
      IntegrateAdaptive([](double x) { return x > 0.5 ? std::nan("") : x; }, 0, 1, 1e-9),
      Catch::Contains("integrand is not finite"));
}

TEST_CASE("Adaptive quadrature: bounded work on an integrand it cannot resolve") {
  // x + 1e-6·sin(1e9·x) on [0, 1]: the wiggle (period 6e-9) is far below
  // any piece the budget allows, so the error estimates never reach a
  // tolerance of 1e-15, and splitting every piece whose error exceeds a
  // halved share of it would go on to the depth limit everywhere. The work
  // must stop at the documented bound, 2000 splits of 2 Lobatto–Kronrod
  // estimates of 7 evaluations each after the first estimate:
  // 7·(1 + 2·2000) = 28,007 evaluations. The answer is still within the
  // wiggle's amplitude of ∫x = 1/2 (its integral is at most 2e-15 in size,
  // but the unresolved samples can be off by up to 1e-6 each).
  int evaluations = 0;
  auto wiggly = [&](double x) {
    ++evaluations;
    return x + 1e-6 * std::sin(1e9 * x);
  };
  const double integral = IntegrateAdaptive(wiggly, 0, 1, 1e-15);
  CHECK(evaluations <= 28007);
  CHECK(evaluations > 7);  // It did try to split.
  CHECK(std::abs(integral - 0.5) < 1e-6);
}

TEST_CASE("Continuum section integrals: quadrature against closed forms") {
  SECTION("sphere, level and tilted planes at the same distance") {
    for (double d : {0.099, 0.09, 0.08, 0.0}) {
      CAPTURE(d);
      const PlaneSectionIntegrals s = IntegrateExtentOverPlaneSection(Sphere(0.1), Plane(-d));
      CHECK(s.extent_integral == Approx(SphereSection(0.1, d)).epsilon(1e-9));
      CHECK(s.area == Approx(pi * (0.01 - d * d)).epsilon(1e-9));
      // A plane through the point at distance d/cos(θ) on the axis, tilted
      // by θ, is again at distance d from the centre.
      const double theta = 0.3;
      const PlaneSectionIntegrals t =
          IntegrateExtentOverPlaneSection(Sphere(0.1), Plane(-d / std::cos(theta), theta));
      CHECK(t.extent_integral == Approx(SphereSection(0.1, d)).epsilon(1e-9));
    }
  }
  SECTION("ellipsoid: x = a·u, y = b·v maps the section z = c·t to the unit sphere's") {
    // dA = a·b du dv and the gauge becomes |(u, v, t)|: ∫ = a·b·SphereSection(1, t).
    const double a = 0.06, b = 0.08, c = 0.1, t = 0.9;
    const PlaneSectionIntegrals s = IntegrateExtentOverPlaneSection(Ellipsoid(a, b, c), Plane(-c * t));
    CHECK(s.extent_integral == Approx(a * b * SphereSection(1, t)).epsilon(1e-9));
    CHECK(s.area == Approx(pi * a * b * (1 - t * t)).epsilon(1e-9));
  }
  SECTION("cylinder on its end: a disc with e = min(R − ρ, d)/H") {
    // 2π∫₀ᴿ min(R − ρ, d)ρ dρ/H = 2π[d(R − d)²/2 + R d²/2 − d³/3]/H
    // (s = R − ρ on the rim band: ∫₀ᵈ s(R − s) ds).
    const double R = 0.05, half = 0.1, d = 0.01, H = 0.05;
    for (double depth : {d, 1e-4}) {
      CAPTURE(depth);
      const PlaneSectionIntegrals s =
          IntegrateExtentOverPlaneSection(Cylinder(R, 2 * half), Plane(-(half - depth)));
      CHECK(s.extent_integral == Approx(2 * pi *
                                        (depth * (R - depth) * (R - depth) / 2 +
                                         R * depth * depth / 2 - depth * depth * depth / 3) /
                                        H)
                                     .epsilon(1e-10));
      CHECK(s.area == Approx(pi * R * R).epsilon(1e-10));
    }
  }
  SECTION("box cut parallel to a face: a plateau with ramps beside the sides") {
    // Box half sizes (hx, hy, hz) = (0.1, 0.15, 0.05), H = 0.05, cut by the
    // plane z = hz − w (w ≤ hx, hy): in the section, e = min(s, w)/H with s
    // the distance to the nearest side face. The points at distance s form
    // the inset rectangle's rim, of length P(s) = 4(hx + hy) − 8s, so
    //   H·∫e dA = w·A − ∫₀ʷ (w − s) P(s) ds = w·A − 2(hx + hy)w² + (4/3)w³,
    // A = 4·hx·hy. At w = 1 mm the ramps are 1% of the section's width:
    // a rule that never samples the chords' ends missed them (3e-3 of ∫e).
    const double hx = 0.1, hy = 0.15, hz = 0.05, H = 0.05, A = 4 * hx * hy;
    for (double w : {0.02, 0.001}) {
      CAPTURE(w);
      for (double spin : {0.0, 0.3}) {  // P turned about the plane's normal.
        CAPTURE(spin);
        const RigidTransform X_GP(Eigen::AngleAxisd(spin, Vector3d::UnitZ()).toRotationMatrix(),
                                  Vector3d(0, 0, hz - w));
        const PlaneSectionIntegrals s =
            IntegrateExtentOverPlaneSection(Box(2 * hx, 2 * hy, 2 * hz), X_GP);
        CHECK(s.extent_integral ==
              Approx((w * A - 2 * (hx + hy) * w * w + 4.0 / 3 * w * w * w) / H).epsilon(1e-10));
        CHECK(s.area == Approx(A).epsilon(1e-10));
      }
    }
  }
  SECTION("capsule on its side: a strip over the body plus the caps' disc") {
    // Plane x = x0 (normal along x): the caps together give the sphere
    // section at distance x0; the body gives L·∫₋ₐᵃ(1 − √(x0² + y²)/R)dy
    // = L·[2a − (a·R + x0²·asinh(a/x0))/R], a = √(R² − x0²).
    const double R = 0.05, L = 0.1, x0 = 0.04;
    const double a = std::sqrt(R * R - x0 * x0);
    const RigidTransform X_GP(Eigen::AngleAxisd(pi / 2, Vector3d::UnitY()).toRotationMatrix(),
                              Vector3d(-x0, 0, 0));
    const PlaneSectionIntegrals s = IntegrateExtentOverPlaneSection(Capsule(R, L), X_GP);
    const double body = L * (2 * a - (a * R + x0 * x0 * std::asinh(a / x0)) / R);
    CHECK(s.extent_integral == Approx(body + SphereSection(R, x0)).epsilon(1e-9));
    CHECK(s.area == Approx(2 * a * L + pi * a * a).epsilon(1e-9));
  }
  SECTION("cylinder cut through its side and its end, P's origin far from the axis") {
    // The plane through (0, 0, −0.06) with normal n = (sin θ, 0, cos θ)
    // is z = −0.06 − x·tan θ. Projected along z onto the xy-plane, its
    // section of the cylinder (R = 0.05, |z| ≤ 0.1) is the disc ρ ≤ R cut
    // by the end z ≥ −0.1, i.e. x ≤ x_c = 0.04/tan θ (the other end,
    // z ≤ 0.1, needs x ≥ −0.16/tan θ < −R: no cut), so the projected area
    // is the disc's πR² less the segment beyond x_c,
    // R² acos(x_c/R) − x_c √(R² − x_c²); the section's area is that over
    // cos θ (projection along z shrinks areas by n_z). With θ = 1.2,
    // x_c ≈ 0.0155 < R. P's origin is put 0.3 m along the plane from
    // (0, 0, −0.06), far beyond the cylinder, and P is turned about n.
    const double theta = 1.2, R = 0.05, x_c = 0.04 / std::tan(theta);
    const double expected_area =
        (pi * R * R - (R * R * std::acos(x_c / R) - x_c * std::sqrt(R * R - x_c * x_c))) /
        std::cos(theta);
    const Eigen::Matrix3d R_GP = Eigen::AngleAxisd(theta, Vector3d::UnitY()) *
                                 Eigen::AngleAxisd(0.7, Vector3d::UnitZ()).toRotationMatrix();
    const Vector3d along_plane = R_GP.col(0) + 2 * R_GP.col(1);
    for (double shift : {0.0, 0.3}) {
      CAPTURE(shift);
      const RigidTransform X_GP(R_GP, Vector3d(0, 0, -0.06) + shift * along_plane.normalized());
      const PlaneSectionIntegrals s = IntegrateExtentOverPlaneSection(Cylinder(R, 0.2), X_GP);
      CHECK(s.area == Approx(expected_area).epsilon(1e-9));
    }
  }
  SECTION("only the plane matters, not where P's origin lies on it or its turn about z") {
    // The same plane given by two frames P and P': P' = P moved 0.5 m
    // within the plane (beyond every shape below) and turned about P's z
    // axis. Both integrals must agree to the quadrature's accuracy.
    const Vector3d nhat = Vector3d(1, 2, 3).normalized();
    const Eigen::Matrix3d R_GP =
        Eigen::Quaterniond::FromTwoVectors(Vector3d::UnitZ(), nhat).toRotationMatrix();
    const Vector3d p_GPo = -0.03 * nhat;  // The plane's point nearest G's origin.
    const Shape shapes[] = {Sphere(0.1), Ellipsoid(0.06, 0.08, 0.1), Box(0.2, 0.3, 0.1),
                            Cylinder(0.05, 0.2), Capsule(0.05, 0.1)};
    for (const Shape& shape : shapes) {
      CAPTURE(ShapeName(shape));
      const PlaneSectionIntegrals centred =
          IntegrateExtentOverPlaneSection(shape, RigidTransform(R_GP, p_GPo));
      REQUIRE(centred.area > 0);
      const Eigen::Matrix3d R_GPprime =
          R_GP * Eigen::AngleAxisd(2.1, Vector3d::UnitZ()).toRotationMatrix();
      const Vector3d p_GPprime = p_GPo + 0.5 * (R_GP.col(0) - R_GP.col(1)).normalized();
      const PlaneSectionIntegrals moved =
          IntegrateExtentOverPlaneSection(shape, RigidTransform(R_GPprime, p_GPprime));
      CHECK(moved.area == Approx(centred.area).epsilon(1e-10));
      CHECK(moved.extent_integral == Approx(centred.extent_integral).epsilon(1e-10));
    }
  }
  SECTION("a plane that misses the shape") {
    const PlaneSectionIntegrals s = IntegrateExtentOverPlaneSection(Sphere(0.1), Plane(0.2));
    CHECK(s.area == 0.0);
    CHECK(s.extent_integral == 0.0);
  }
}

// The force (∫ p n̂ dA on the compliant geometry) and area of the contact
// surface between a compliant primitive (at the origin, id smaller) and a
// rigid half-space whose boundary plane has the pose X_WH.
struct Measured {
  double force_error{}, area_error{};
};
Measured MeasureAgainstContinuum(const Shape& shape, double hint, const RigidTransform& X_WH,
                                 HydroelasticContactRepresentation rep) {
  const double E = 1e6;
  const auto A = MakeHydroelasticRepresentation(shape, ProximityProperties::Compliant(E, hint));
  const GeometryId id_A = GeometryId::get_new_id(), id_B = GeometryId::get_new_id();
  const auto s = ComputeContactSurface(id_A, A, RigidTransform(), id_B, RigidHalfSpace{}, X_WH, rep);
  REQUIRE(s.has_value());
  Vector3d force = Vector3d::Zero();
  for (int f = 0; f < s->num_faces(); ++f) {
    const double p = s->is_triangle() ? s->tri_e_MN().EvaluateCartesian(f, s->centroid(f))
                                      : s->poly_e_MN().EvaluateCartesian(f, s->centroid(f));
    force += s->area(f) * p * s->face_normal(f);
  }
  const PlaneSectionIntegrals exact = IntegrateExtentOverPlaneSection(shape, X_WH);
  // Normals point out of the half-space (N) into the compliant body (M).
  const Vector3d exact_force = E * exact.extent_integral * X_WH.rotation().col(2);
  return {(force - exact_force).norm() / exact_force.norm(),
          std::abs(s->total_area() - exact.area) / exact.area};
}

TEST_CASE("Curved primitives: force and area converge to the continuum answer") {
  // Every error comes from the flat boundary facets (sag ∝ edge²), so it
  // is second order in the hint: halving h should divide it by about 4. We
  // require a factor of 3 per halving (counts are rounded up to integers),
  // for both representations, and the finest error below 1% (force).
  struct Case {
    const char* name;
    Shape shape;
    RigidTransform X_WH;
    double h0;
  };
  const RigidTransform side(Eigen::AngleAxisd(pi / 2, Vector3d::UnitY()).toRotationMatrix(),
                            Vector3d(-0.04, 0, 0));
  // Tipped 1.2 rad from its axis, the plane crosses the cylinder's side and
  // end across the rim; its frame's origin, (0, 0, −0.06), is off the
  // section's centre (the quadrature once cut such sections short).
  const RigidTransform tipped(Eigen::AngleAxisd(1.2, Vector3d::UnitY()).toRotationMatrix(),
                              Vector3d(0, 0, -0.06));
  const Case cases[] = {
      {"sphere 20%", Sphere(0.1), Plane(-0.08), 0.02},
      {"ellipsoid along z", Ellipsoid(0.06, 0.08, 0.1), Plane(-0.09), 0.02},
      {"ellipsoid along x (tilted frame)", Ellipsoid(0.06, 0.08, 0.1), side * RigidTransform(Vector3d(0, 0, -0.014)), 0.02},
      {"cylinder on its end", Cylinder(0.05, 0.2), Plane(-0.09), 0.02},
      {"cylinder on its side", Cylinder(0.05, 0.2), side, 0.02},
      {"cylinder tipped over its rim", Cylinder(0.05, 0.2), tipped, 0.02},
      {"capsule on its side", Capsule(0.05, 0.1), side, 0.02}};
  for (const Case& c : cases) {
    for (auto rep : {HydroelasticContactRepresentation::kPolygon,
                     HydroelasticContactRepresentation::kTriangle}) {
      CAPTURE(c.name, to_string(rep));
      Measured previous = MeasureAgainstContinuum(c.shape, c.h0, c.X_WH, rep);
      for (double h : {c.h0 / 2, c.h0 / 4}) {
        CAPTURE(h);
        const Measured m = MeasureAgainstContinuum(c.shape, h, c.X_WH, rep);
        CHECK(m.force_error < previous.force_error / 3);
        CHECK(m.area_error < previous.area_error / 3);
        previous = m;
      }
      CHECK(previous.force_error < 0.01);
    }
  }
}

}  // namespace
}  // namespace hydrocontact
