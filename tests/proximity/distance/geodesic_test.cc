#include "proximity/distance/geodesic.h"

#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "proximity/distance/implicit_surface.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// Every sample on the surface, tangents unit and tangent.
void CheckOnSurface(const Shape& shape, const Geodesic& g, double tol) {
  REQUIRE(g.points.size() == g.tangents.size());
  for (size_t i = 0; i < g.points.size(); ++i) {
    const ImplicitSample s = CalcImplicitSample(shape, g.points[i]);
    CHECK(std::abs(s.value) / s.grad_G.norm() < tol);
    CHECK(std::abs(g.tangents[i].norm() - 1) < 1e-12);
    CHECK(std::abs(g.tangents[i].dot(s.grad_G.normalized())) < 1e-6);
  }
}

TEST_CASE("Sphere: great circles", "[geodesic]") {
  const double r = 0.5;
  const Sphere sphere(r);
  // P, Q at angle θ: length rθ.
  const Vector3d p(r, 0, 0);
  const Vector3d q = r * Vector3d(std::cos(2.0), std::sin(2.0) * 0.6, std::sin(2.0) * 0.8);
  const Geodesic g = CalcShortestGeodesic(sphere, p, q);
  CHECK(g.length == Approx(2 * r));
  CHECK((g.points.front() - p).norm() < 1e-15);
  CHECK((g.points.back() - q).norm() < 1e-14);
  CheckOnSurface(sphere, g, 1e-14);
  // Shooting a quarter circle north from the equator reaches the pole.
  const Geodesic s = ShootGeodesicUntilLength(sphere, p, Vector3d::UnitZ(), M_PI * r / 2);
  CHECK((s.points.back() - Vector3d(0, 0, r)).norm() < 1e-14);
  // Until the plane z = r/2: the arc rθ with sin θ = 1/2.
  const Geodesic h = ShootGeodesicUntilPlaneHit(sphere, p, Vector3d(0, 1, 1), Vector3d::UnitZ(),
                                                r / 2, 10);
  // Direction (0, 1, 1)/√2 from (r,0,0): z(s) = r sin(s/r)/√2 = r/2 when
  // sin(s/r) = 1/√2, s = πr/4.
  CHECK(h.converged);
  CHECK(h.length == Approx(M_PI * r / 4).epsilon(1e-10));
  CHECK(h.points.back().z() == Approx(r / 2).epsilon(1e-10));
  // Only the normal's direction counts: 2ẑ, 1e-170 ẑ (whose squared norm
  // underflows to 0) and 1e170 ẑ name the same plane z = r/2, so the same
  // geodesic, point for point.
  for (const double size : {2.0, 1e-170, 1e170}) {
    const Geodesic scaled = ShootGeodesicUntilPlaneHit(sphere, p, Vector3d(0, 1, 1),
                                                       size * Vector3d::UnitZ(), r / 2, 10);
    REQUIRE(scaled.points.size() == h.points.size());
    CHECK(scaled.length == h.length);
    CHECK(scaled.points.back() == h.points.back());
  }
  // Not on the surface: refused.
  CHECK_THROWS_WITH(CalcShortestGeodesic(sphere, Vector3d(1, 0, 0), q), Catch::Contains("P"));
}

TEST_CASE("Cylinder: helices", "[geodesic]") {
  const double r = 0.4;
  const Cylinder cylinder(r, 2);
  // P at φ = 0, Q at φ = 1, Δz = 0.5: the unrolled straight line,
  // length √((r·1)² + 0.5²); points on the helix z = 0.5·φ.
  const Vector3d p(r, 0, 0);
  const Vector3d q(r * std::cos(1.0), r * std::sin(1.0), 0.5);
  const Geodesic g = CalcShortestGeodesic(cylinder, p, q, 16);
  CHECK(g.length == Approx(std::hypot(r, 0.5)));
  CHECK((g.points.back() - q).norm() < 1e-14);
  for (const Vector3d& x : g.points) {
    CHECK(x.z() == Approx(0.5 * std::atan2(x.y(), x.x())).margin(1e-14));
  }
  // The shorter way round: Q at φ = −2.5 rad is reached through −φ.
  const Vector3d q2(r * std::cos(-2.5), r * std::sin(-2.5), 0);
  CHECK(CalcShortestGeodesic(cylinder, p, q2).length == Approx(2.5 * r));
  // One full turn of a helix of pitch 2π·r·tan(45°) climbs 2πr.
  const Geodesic turn =
      ShootGeodesicUntilLength(cylinder, p, Vector3d(0, 1, 1), 2 * M_PI * r * std::sqrt(2.0));
  CHECK((turn.points.back() - Vector3d(r, 0, 2 * M_PI * r)).norm() < 1e-13);
}

TEST_CASE("Ellipsoid: equator of a spheroid, principal sections", "[geodesic]") {
  // Oblate spheroid (a, a, c): the equator is a geodesic, and the shortest
  // path between equator points less than π(1 − f) apart (f = 1 − c/a).
  const double a = 1, c = 0.8;
  const Ellipsoid spheroid(a, a, c);
  const Geodesic eq = CalcShortestGeodesic(spheroid, Vector3d(a, 0, 0), Vector3d(0, a, 0));
  // Polyline of 128 chords of a quarter circle: relative error ≈ θ²/24,
  // θ = π/256: 6e-6.
  CHECK(eq.converged);
  CHECK(eq.length == Approx(M_PI * a / 2).epsilon(1e-5));
  CheckOnSurface(spheroid, eq, 1e-12);
  for (const Vector3d& x : eq.points) CHECK(std::abs(x.z()) < 1e-9);
  // Shooting along the equator for a quarter turn lands on (0, a, 0).
  const Geodesic shot =
      ShootGeodesicUntilLength(spheroid, Vector3d(a, 0, 0), Vector3d::UnitY(), M_PI * a / 2);
  CHECK((shot.points.back() - Vector3d(0, a, 0)).norm() < 1e-8);
  // Triaxial: the principal section y = 0 is a geodesic. Shooting up from
  // (a, 0, 0) toward +z reaches the plane x = 0 at the pole (0, 0, c), and
  // its length agrees with the relaxation between the same points (two
  // independent methods; the quarter-ellipse arc length).
  const Ellipsoid e(0.6, 0.9, 1.2);
  const Geodesic up = ShootGeodesicUntilPlaneHit(e, Vector3d(0.6, 0, 0), Vector3d::UnitZ(),
                                                 Vector3d::UnitX(), 0, 10);
  CHECK(up.converged);
  CHECK((up.points.back() - Vector3d(0, 0, 1.2)).norm() < 1e-7);
  const Geodesic relaxed = CalcShortestGeodesic(e, Vector3d(0.6, 0, 0), Vector3d(0, 0, 1.2), 256);
  CHECK(relaxed.length == Approx(up.length).epsilon(2e-5));
}

TEST_CASE("Torus: equator, meridian and a converged general geodesic", "[geodesic]") {
  const double R = 2, r = 0.5;
  const Torus torus(R, r);
  // The outer equator is a geodesic; a short arc of it is the shortest.
  const double alpha = 0.5;
  const Vector3d p(R + r, 0, 0);
  const Vector3d q = (R + r) * Vector3d(std::cos(alpha), std::sin(alpha), 0);
  const Geodesic eq = CalcShortestGeodesic(torus, p, q);
  CHECK(eq.length == Approx((R + r) * alpha).epsilon(1e-5));
  // A meridian (tube cross-section) quarter: πr/2.
  const Geodesic meridian = CalcShortestGeodesic(torus, p, Vector3d(R, 0, r));
  CHECK(meridian.length == Approx(M_PI * r / 2).epsilon(1e-5));
  // Shooting along the outer equator to the plane y = (R + r) sin 0.3.
  const Geodesic hit = ShootGeodesicUntilPlaneHit(torus, p, Vector3d::UnitY(), Vector3d::UnitY(),
                                                  (R + r) * std::sin(0.3), 10);
  CHECK(hit.length == Approx((R + r) * 0.3).epsilon(1e-9));
  // General position: the polyline converges (lengths at 64 and 256
  // segments differ by O(1/N²)), and shooting from P along its first
  // tangent for its length lands on Q (an independent check that it is a
  // geodesic, not just a short curve).
  const double phi = 0.6, theta = 1.0;
  const Vector3d qg((R + r * std::cos(theta)) * std::cos(phi),
                    (R + r * std::cos(theta)) * std::sin(phi), r * std::sin(theta));
  const Geodesic coarse = CalcShortestGeodesic(torus, p, qg, 64);
  const Geodesic fine = CalcShortestGeodesic(torus, p, qg, 256);
  CHECK(fine.converged);
  CHECK(std::abs(coarse.length - fine.length) < 1e-3 * fine.length);
  // Chords of the finer polyline hug the curve closer: longer.
  CHECK(fine.length > coarse.length);
  const Geodesic shot =
      ShootGeodesicUntilLength(torus, p, fine.tangents.front(), fine.length, 256);
  CHECK((shot.points.back() - qg).norm() < 5e-3 * r);
  CheckOnSurface(torus, fine, 1e-12);
}

TEST_CASE("Geodesics: unsupported shapes and bad input", "[geodesic]") {
  CHECK_THROWS_WITH(CalcShortestGeodesic(Box(1, 1, 1), Vector3d(0.5, 0, 0), Vector3d(0, 0.5, 0)),
                    Catch::Contains("Box"));
  CHECK_THROWS_WITH(
      ShootGeodesicUntilLength(Sphere(1), Vector3d(1, 0, 0), Vector3d(1, 0, 0), 1.0),
      Catch::Contains("tangent plane"));
  CHECK_THROWS_WITH(
      ShootGeodesicUntilLength(Sphere(1), Vector3d(1, 0, 0), Vector3d(0, 1, 0), -1.0),
      Catch::Contains("length"));
  CHECK_THROWS_WITH(
      ShootGeodesicUntilLength(Sphere(1), Vector3d(1, 0, 0), Vector3d(0, 1, 0), 1.0, 0),
      Catch::Contains("num_points must be in [1,") && Catch::Contains("got 0"));
  // num_points below 1, or beyond what the method can do in about a second
  // (relaxation: kMaxRelaxationSegments; closed forms: kMaxGeodesicSteps),
  // is refused naming the value, not rounded up or left to run.
  for (int bad : {0, -5}) {
    CHECK_THROWS_WITH(CalcShortestGeodesic(Sphere(1), Vector3d(1, 0, 0), Vector3d(0, 1, 0), bad),
                      Catch::Contains("num_points") && Catch::Contains(std::to_string(bad)));
    CHECK_THROWS_WITH(
        CalcShortestGeodesic(Ellipsoid(3, 2, 1), Vector3d(3, 0, 0), Vector3d(0, 0, 1), bad),
        Catch::Contains("num_points") && Catch::Contains(std::to_string(bad)));
  }
  CHECK_THROWS_WITH(CalcShortestGeodesic(Ellipsoid(3, 2, 1), Vector3d(3, 0, 0),
                                         Vector3d(0, 0, 1), kMaxRelaxationSegments + 1),
                    Catch::Contains("2049") && Catch::Contains("Ellipsoid"));
  CHECK_THROWS_WITH(
      CalcShortestGeodesic(Sphere(1), Vector3d(1, 0, 0), Vector3d(0, 1, 0), 1 << 30),
      Catch::Contains("num_points") && Catch::Contains(std::to_string(1 << 30)));
  // A thin spheroid: the default step is 1% of its smallest radius of
  // curvature, c²/a = 1e-9 m here, so 2 m would take 2e11 steps (and
  // overflow the int step count): refused up front, naming the count.
  const Ellipsoid thin(1e3, 1e3, 1e-3);
  const Vector3d on_thin(1e3, 0, 0);
  CHECK_THROWS_WITH(ShootGeodesicUntilLength(thin, on_thin, Vector3d(0, 1, 0), 2.0),
                    Catch::Contains("2e+11 steps") && Catch::Contains("Ellipsoid"));
  // A plane the great circle never reaches, with a max_length of 1e6 radii:
  // 1e8 steps of 0.01 and as many stored points.
  CHECK_THROWS_WITH(ShootGeodesicUntilPlaneHit(Sphere(1), Vector3d(1, 0, 0), Vector3d(0, 1, 0),
                                               Vector3d(0, 0, 1), 5.0, 1e6),
                    Catch::Contains("1e+08 steps"));
  // Within the budget the same plane is simply not reached.
  const Geodesic g = ShootGeodesicUntilPlaneHit(Sphere(1), Vector3d(1, 0, 0), Vector3d(0, 1, 0),
                                                Vector3d(0, 0, 1), 5.0, 10.0);
  CHECK_FALSE(g.converged);
  CHECK(g.length == Approx(10.0));
}

}  // namespace
}  // namespace hydrocontact
