#include "proximity/distance/contact_forces.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

BodyMotion Motion(const Vector3d& p_WBo, const Vector3d& w_W = Vector3d::Zero(),
                  const Vector3d& v_W = Vector3d::Zero()) {
  BodyMotion m;
  m.X_WG = RigidTransform(p_WBo);
  m.V_WG.w_W = w_W;
  m.V_WG.v_W = v_W;
  return m;
}

// The square [−a, a]² in the plane z = 0, two triangles wound so that their
// normal is +z (out of N, into M: M lies above), with the pressure `p0 + g·x`.
ContactSurface Square(double a, double p0, double g, GeometryId* id_M = nullptr, GeometryId* id_N = nullptr) {
  const GeometryId m = GeometryId::get_new_id();
  const GeometryId n = GeometryId::get_new_id();
  if (id_M) *id_M = m;
  if (id_N) *id_N = n;
  std::vector<Vector3d> v = {{-a, -a, 0}, {a, -a, 0}, {a, a, 0}, {-a, a, 0}};
  std::vector<double> p;
  for (const Vector3d& x : v) p.push_back(p0 + g * x.x());
  TriangleSurfaceMesh mesh({{0, 1, 2}, {0, 2, 3}}, v);
  TriangleSurfaceMeshFieldLinear field(p, mesh);
  return ContactSurface(m, n, std::move(mesh), std::move(field));
}

void CheckVector(const Vector3d& actual, const Vector3d& expected, double tolerance) {
  INFO("actual " << actual.transpose() << ", expected " << expected.transpose());
  CHECK((actual - expected).norm() <= tolerance);
}

// Equal and opposite: the force on N about N's origin, plus the force on M
// moved to N's origin (τ + (p_Mo − p_No) × f), is zero.
void CheckEqualAndOpposite(const ContactPairForces& F, const BodyMotion& A, const BodyMotion& B, double tol) {
  CheckVector(F.F_Ao_W.f_W + F.F_Bo_W.f_W, Vector3d::Zero(), tol);
  const Vector3d tau_A_about_Bo =
      F.F_Ao_W.tau_W + (A.X_WG.translation() - B.X_WG.translation()).cross(F.F_Ao_W.f_W);
  CheckVector(tau_A_about_Bo + F.F_Bo_W.tau_W, Vector3d::Zero(), tol);
}

TEST_CASE("contact forces: a uniform pressure gives p·A along the normal, torque r × F") {
  const double a = 0.05, p = 2e4;  // A = (2a)² = 0.01 m², F = 200 N.
  const ContactSurface s = Square(a, p, 0);
  const BodyMotion M = Motion({0.3, 0.2, 1.0});
  const BodyMotion N = Motion({-0.1, 0.0, -0.5});
  const ContactPairForces F = CalcContactSurfaceForces(s, M, N, {});
  CheckVector(F.F_Ao_W.f_W, Vector3d(0, 0, 200), 1e-10);
  CHECK(F.normal_force == Approx(200).epsilon(1e-14));
  // Uniform pressure acts at the area centroid, the origin: r = −p_WMo,
  // τ = (−0.3, −0.2, −1) × (0, 0, 200) = (−0.2·200, 0.3·200, 0).
  CheckVector(F.F_Ao_W.tau_W, Vector3d(-40, 60, 0), 1e-10);
  // On N: r = (0.1, 0, 0.5), τ = r × (0, 0, −200) = (0, 20, 0).
  CheckVector(F.F_Bo_W.tau_W, Vector3d(0, 20, 0), 1e-10);
  CheckEqualAndOpposite(F, M, N, 1e-10);
}

TEST_CASE("contact forces: the quadrature is exact for a linear pressure and its moment") {
  // p = p0 + g·x on the square: ∫p dA = p0·A + g·∫x dA = p0·A (x is odd).
  const ContactSurface s = Square(0.05, 1e4, 1e5);  // p > 0 everywhere
  const ContactPairForces F = CalcContactSurfaceForces(s, Motion(Vector3d::Zero()), Motion(Vector3d::Zero()), {});
  CheckVector(F.F_Ao_W.f_W, Vector3d(0, 0, 1e4 * 0.01), 1e-10);
  // The moment is exact too (quadratic integrand): the force +z at (x, y, 0)
  // about the origin is (y·f_z, −x·f_z, 0), so
  //   τ_x = ∫y·p dA = g·∫xy dA = 0,
  //   τ_y = −∫x·p dA = −g·∫x² dA = −g·(2a)·(2a)³/12 = −g·16a⁴/12.
  CheckVector(F.F_Ao_W.tau_W, Vector3d(0, -1e5 * 16 * std::pow(0.05, 4) / 12, 0), 1e-10);
  // One triangle alone: ∫p dA = A·(p0 + p1 + p2)/3 (the mean of the vertex
  // values; here the triangle (−a,−a), (a,−a), (a,a) with A = 2a²).
  const double a = 0.05;
  std::vector<Vector3d> v = {{-a, -a, 0}, {a, -a, 0}, {a, a, 0}};
  std::vector<double> p = {1e4, 4e4, 7e4};
  TriangleSurfaceMesh mesh({{0, 1, 2}}, v);
  TriangleSurfaceMeshFieldLinear field(p, mesh);
  const GeometryId id_M = GeometryId::get_new_id();  // the smaller id: normals (+z) point into M
  const GeometryId id_N = GeometryId::get_new_id();
  const ContactSurface t(id_M, id_N, std::move(mesh), std::move(field));
  const ContactPairForces Ft = CalcContactSurfaceForces(t, Motion(Vector3d::Zero()), Motion(Vector3d::Zero()), {});
  CHECK(Ft.F_Ao_W.f_W.z() == Approx(2 * a * a * 4e4).epsilon(1e-13));
}

TEST_CASE("contact forces: Hunt–Crossley dissipation scales by 1 + d·v_n and never pulls") {
  const ContactSurface s = Square(0.05, 2e4, 0);  // 200 N elastic.
  ContactForceParameters params;
  params.dissipation = 3;  // s/m
  // M (above, normals point into it) moves down at 0.1 m/s: v_n = +0.1,
  // factor 1 + 3·0.1 = 1.3.
  const ContactPairForces in =
      CalcContactSurfaceForces(s, Motion({0, 0, 1}, Vector3d::Zero(), {0, 0, -0.1}), Motion(Vector3d::Zero()), params);
  CHECK(in.F_Ao_W.f_W.z() == Approx(260).epsilon(1e-13));
  // Separating at 0.2 m/s: 1 − 0.6 = 0.4.
  const ContactPairForces out =
      CalcContactSurfaceForces(s, Motion({0, 0, 1}, Vector3d::Zero(), {0, 0, 0.2}), Motion(Vector3d::Zero()), params);
  CHECK(out.F_Ao_W.f_W.z() == Approx(80).epsilon(1e-13));
  // Separating faster than 1/d: clamped at 0 (no pull).
  const ContactPairForces fast =
      CalcContactSurfaceForces(s, Motion({0, 0, 1}, Vector3d::Zero(), {0, 0, 0.5}), Motion(Vector3d::Zero()), params);
  CHECK(fast.F_Ao_W.f_W.norm() == 0);
  CHECK(fast.normal_force == 0);
  // The same motion given to N instead (upward, into M) is the same v_n.
  const ContactPairForces in_n =
      CalcContactSurfaceForces(s, Motion({0, 0, 1}), Motion(Vector3d::Zero(), Vector3d::Zero(), {0, 0, 0.1}), params);
  CHECK(in_n.F_Ao_W.f_W.z() == Approx(260).epsilon(1e-13));
}

TEST_CASE("contact forces: friction opposes slip, μd·N when sliding, μs·s on the ramp") {
  const ContactSurface s = Square(0.05, 2e4, 0);  // N = 200 N.
  ContactForceParameters params;
  params.static_friction = 0.8;
  params.dynamic_friction = 0.5;
  params.stiction_speed = 0.01;
  const Vector3d slip_dir = Vector3d(3, -4, 0) / 5;
  // Sliding at 1 m/s ≫ 2·v_s: |f_t| = μd·N = 100 N, opposite the slip.
  const BodyMotion M = Motion({0, 0, 0.2}, Vector3d::Zero(), 1.0 * slip_dir);
  const ContactPairForces F = CalcContactSurfaceForces(s, M, Motion(Vector3d::Zero()), params);
  CheckVector(F.F_Ao_W.f_W, Vector3d(0, 0, 200) - 100 * slip_dir, 1e-10);
  // The traction is uniform over the square, so it acts as one force at the
  // square's centroid (the origin), in the plane z = 0: τ = (0, 0, −0.2) × f.
  CheckVector(F.F_Ao_W.tau_W, Vector3d(0, 0, -0.2).cross(F.F_Ao_W.f_W), 1e-10);
  CheckEqualAndOpposite(F, M, Motion(Vector3d::Zero()), 1e-10);
  // Slipping at v_s/2: μ = μs/2 = 0.4: 80 N.
  const ContactPairForces slow =
      CalcContactSurfaceForces(s, Motion({0, 0, 0.2}, Vector3d::Zero(), 0.005 * slip_dir), Motion(Vector3d::Zero()), params);
  CheckVector(slow.F_Ao_W.f_W, Vector3d(0, 0, 200) - 80 * slip_dir, 1e-10);
  // At 1.5·v_s, halfway from μs to μd: 0.65.
  CHECK(RegularizedFrictionCoefficient(params, 0.015) == Approx(0.65));
  CHECK(RegularizedFrictionCoefficient(params, 0.01) == Approx(0.8));
  CHECK(RegularizedFrictionCoefficient(params, 0.02) == Approx(0.5));
  // Slip from rotation: M spins about z at ω = 30 rad/s about its origin,
  // the surface's centre. The quadrature points are the edge midpoints of the
  // two triangles: (0, 0) twice (no slip, no friction) and (0, ±a), (±a, 0),
  // each carrying 200/6 N and slipping at 30·a = 1.5 m/s ≫ v_s, so each of
  // those four meets μd·200/6 N tangentially at lever arm a, opposing the
  // spin: no net tangential force, τ_z = −4·a·0.5·200/6.
  const ContactPairForces spin =
      CalcContactSurfaceForces(s, Motion({0, 0, 0.0}, Vector3d(0, 0, 30), Vector3d::Zero()), Motion(Vector3d::Zero()), params);
  CheckVector(spin.F_Ao_W.f_W, Vector3d(0, 0, 200), 1e-9);
  CHECK(spin.F_Ao_W.tau_W.z() == Approx(-4 * 0.05 * 0.5 * 200 / 6).epsilon(1e-12));
}

TEST_CASE("contact forces: a point pair pushes A along nhat_BA_W with k·depth") {
  PenetrationAsPointPair pair;
  pair.id_A = GeometryId::get_new_id();
  pair.id_B = GeometryId::get_new_id();
  pair.nhat_BA_W = Vector3d(0, 1, 0);
  pair.depth = 0.002;
  pair.p_WCa = Vector3d(1, 0.0, 0);     // A's point deepest in B
  pair.p_WCb = Vector3d(1, 0.002, 0);   // = p_WCa + depth·n
  ContactForceParameters params;
  params.stiffness = 5e4;  // 100 N
  params.dissipation = 2;
  const BodyMotion A = Motion({1, 0.5, 0}, Vector3d::Zero(), {0, -0.25, 0});  // approaching: ×1.5
  const BodyMotion B = Motion({1, -0.5, 0});
  const ContactPairForces F = CalcPointPairForces(pair, A, B, params);
  CheckVector(F.F_Ao_W.f_W, Vector3d(0, 150, 0), 1e-10);
  // k·depth = 5e4 · 0.002 = 100 N, times (1 + d·v_n) = 1 + 2·0.25 = 1.5.
  CHECK(F.F_Ao_W.f_W.norm() == Approx(150).epsilon(1e-12));
  // Applied at (1, 0.001, 0): r from A's origin (0, −0.499, 0) ∥ f: no torque.
  CheckVector(F.F_Ao_W.tau_W, Vector3d::Zero(), 1e-10);
  CheckEqualAndOpposite(F, A, B, 1e-10);
  // Offset the origin sideways: τ = r × f with r = (−0.3, 0.001 − 0.5, 0).
  const BodyMotion A2 = Motion({1.3, 0.5, 0}, Vector3d::Zero(), {0, -0.25, 0});
  const ContactPairForces F2 = CalcPointPairForces(pair, A2, B, params);
  CheckVector(F2.F_Ao_W.tau_W, Vector3d(-0.3, -0.499, 0).cross(Vector3d(0, 150, 0)), 1e-10);
  // A pair edited by hand: a NaN depth was taken for "apart" (no force), a
  // NaN point gave a NaN torque; both are refused, naming the field.
  PenetrationAsPointPair bad = pair;
  bad.depth = NAN;
  CHECK_THROWS_WITH(CalcPointPairForces(bad, A, B, params),
                    Catch::Contains("CalcPointPairForces: the penetration pair's depth is nan"));
  bad = pair;
  bad.p_WCa.z() = NAN;
  CHECK_THROWS_WITH(CalcPointPairForces(bad, A, B, params), Catch::Contains("p_WCa (1, 0, nan)"));
}

TEST_CASE("contact forces: a patch shares k among its points, each at its own depth") {
  ContactPatch patch;
  patch.id_A = GeometryId::get_new_id();
  patch.id_B = GeometryId::get_new_id();
  // A box A resting on a floor B: the normal from A to B is −z, so the
  // frame's z axis is −z (a half-turn about x).
  Eigen::Matrix3d R = Eigen::Vector3d(1, -1, -1).asDiagonal();
  patch.X_WP = RigidTransform(R, Vector3d(0, 0, 0));
  patch.penetration_depth = -0.001;
  const std::vector<Vector3d> corners{Vector3d(0.1, 0.1, 0), Vector3d(-0.1, 0.1, 0), Vector3d(-0.1, -0.1, 0),
                                      Vector3d(0.1, -0.1, 0)};
  for (const Vector3d& p : corners) patch.AddPoint(p);  // each at the patch's depth
  ContactForceParameters params;
  params.stiffness = 1e5;  // k·x = 100 N
  params.dissipation = 1;
  const BodyMotion A = Motion({0, 0, 0.1});
  const BodyMotion B = Motion({0, 0, -1});
  const ContactPairForces F = CalcContactPatchForces(patch, A, B, params);
  // Flat: four points at x = 0.001 each carrying (k/4)·x: the point law k·x.
  CheckVector(F.F_Ao_W.f_W, Vector3d(0, 0, 100), 1e-10);
  CheckVector(F.F_Ao_W.tau_W, Vector3d::Zero(), 1e-10);
  // A rocking about x at ω about its origin (0, 0, 0): the point (x, y, 0)
  // moves at ω·x̂ × (x, y, 0) = (0, 0, ω·y), so v_n = −ω·y and it carries
  // 25·(1 − d·ω·y) N along +z; τ_x = Σ y·f_z = −25·d·ω·Σy² = −25·d·ω·0.04
  // = −ω (d = 1): a damping torque.
  const double omega = 2;
  const ContactPairForces rock = CalcContactPatchForces(patch, Motion({0, 0, 0}, {omega, 0, 0}), B, params);
  CHECK(rock.F_Ao_W.tau_W.x() == Approx(-omega).epsilon(1e-12));
  CheckEqualAndOpposite(rock, Motion({0, 0, 0}, {omega, 0, 0}), B, 1e-10);

  // Tilted: the depth x_i = 0.001 + s·y_i (s = 0.004, deeper at +y), the
  // points at y = ±0.1 carry (k/4)·(0.001 ± 0.0004) = 35 and 15 N (two
  // each). Total 2·35 + 2·15 = 100 N, still k times the mean depth; the
  // torque τ_x = Σ y_i·f_z,i = 0.1·70 − 0.1·30 = 4 N·m, i.e.
  // (k/4)·Σ y_i²·s = 25e3·0.04·0.004 (the restoring torque of the tilt).
  ContactPatch tilted = patch;
  tilted.points.clear();
  tilted.point_penetration_depths.clear();
  for (const Vector3d& p : corners) tilted.AddPoint(p, -(0.001 + 0.004 * p.y()));
  const ContactPairForces T = CalcContactPatchForces(tilted, A, B, params);
  CheckVector(T.F_Ao_W.f_W, Vector3d(0, 0, 100), 1e-10);
  // About A's origin (0, 0, 0.1): r = (x, y, −0.1) × (0, 0, f): (y·f, −x·f, 0).
  CHECK(T.F_Ao_W.tau_W.x() == Approx(4).epsilon(1e-12));
  CHECK(std::abs(T.F_Ao_W.tau_W.y()) < 1e-12);
  CheckEqualAndOpposite(T, A, B, 1e-10);
  // Tilted the other way so far that the +y points lift off
  // (x_i = 0.001 − 0.02·y_i: −0.001 at y = 0.1, 0.003 at y = −0.1): only
  // the −y pair carries, (k/4)·0.003 = 75 N each, 150 N at y = −0.1,
  // τ_x = −0.1·150.
  tilted.point_penetration_depths = {-(0.001 - 0.02 * 0.1), -(0.001 - 0.02 * 0.1), -(0.001 + 0.02 * 0.1),
                                     -(0.001 + 0.02 * 0.1)};
  const ContactPairForces L = CalcContactPatchForces(tilted, A, B, params);
  CheckVector(L.F_Ao_W.f_W, Vector3d(0, 0, 150), 1e-10);
  CHECK(L.F_Ao_W.tau_W.x() == Approx(-15).epsilon(1e-12));
  // Touching or separated at every point: nothing.
  patch.point_penetration_depths.assign(4, 0.0);
  CHECK(CalcContactPatchForces(patch, A, B, params).F_Ao_W.f_W.norm() == 0);
  // Depths that do not match the points in number are refused, naming both.
  patch.point_penetration_depths.pop_back();
  CHECK_THROWS_WITH(CalcContactPatchForces(patch, A, B, params),
                    Catch::Contains("4 points") && Catch::Contains("3 point_penetration_depths"));
  // A point added by hand with a NaN coordinate gave a NaN force and
  // torque; it is refused, naming it.
  patch.point_penetration_depths.push_back(0.0);
  patch.AddPoint(Vector3d(NAN, 0, 0), -0.01);
  CHECK_THROWS_WITH(CalcContactPatchForces(patch, A, B, params),
                    Catch::Contains("CalcContactPatchForces: the contact patch's point 4 (nan, "));
}

TEST_CASE("contact forces: materials combine by Drake's rules") {
  ProximityProperties soft = ProximityProperties::Compliant(1e5);
  ProximityProperties hard = ProximityProperties::Compliant(3e5);
  ContactMaterial ms, mh;
  ms.set_hunt_crossley_dissipation(4);
  mh.set_hunt_crossley_dissipation(0);
  ms.set_friction(CoulombFriction(0.6, 0.4));
  mh.set_friction(CoulombFriction(0.3, 0.2));
  soft.set_material(ms);
  hard.set_material(mh);
  const ContactForceParameters p = CombineContactParameters(soft, hard);
  // d = (E_h·d_s + E_s·d_h)/(E_s + E_h) = 3e5·4/4e5 = 3.
  CHECK(p.dissipation == Approx(3));
  // μ = 2·μ1·μ2/(μ1 + μ2): 2·0.18/0.9 = 0.4 and 2·0.08/0.6.
  CHECK(p.static_friction == Approx(0.4));
  CHECK(p.dynamic_friction == Approx(0.16 / 0.6));
  // A rigid partner is infinitely stiff: the compliant side's d.
  ProximityProperties rigid = ProximityProperties::Rigid();
  rigid.set_material(mh);
  CHECK(CombineContactParameters(soft, rigid).dissipation == Approx(4));
  // Point contact: series stiffness and stiffness-weighted dissipation.
  ProximityProperties r1 = ProximityProperties::Rigid(), r2 = ProximityProperties::Rigid();
  ContactMaterial m1, m2;
  m1.set_point_contact_stiffness(1e4);
  m1.set_hunt_crossley_dissipation(2);
  m2.set_point_contact_stiffness(3e4);
  m2.set_hunt_crossley_dissipation(6);
  r1.set_material(m1);
  r2.set_material(m2);
  const ContactForceParameters q = CombineContactParameters(r1, r2);
  CHECK(q.stiffness == Approx(3e8 / 4e4));
  CHECK(q.dissipation == Approx((3e4 * 2 + 1e4 * 6) / 4e4));
  // Absent on both sides: the defaults.
  ContactForceDefaults defaults;
  defaults.dissipation = 0.7;
  defaults.static_friction = 0.9;
  defaults.dynamic_friction = 0.9;
  const ContactForceParameters e =
      CombineContactParameters(ProximityProperties::Rigid(), ProximityProperties::Compliant(1e6), defaults);
  CHECK(e.dissipation == Approx(0.7));
  CHECK(e.static_friction == Approx(0.9));
}

TEST_CASE("contact forces: invalid parameters are refused, naming them") {
  const ContactSurface s = Square(0.05, 1e4, 0);
  ContactForceParameters params;
  params.static_friction = 0.1;
  params.dynamic_friction = 0.2;
  CHECK_THROWS_WITH(CalcContactSurfaceForces(s, Motion(Vector3d::Zero()), Motion(Vector3d::Zero()), params),
                    Catch::Contains("static_friction"));
  params = {};
  params.stiction_speed = 0;
  CHECK_THROWS_WITH(CalcContactSurfaceForces(s, Motion(Vector3d::Zero()), Motion(Vector3d::Zero()), params),
                    Catch::Contains("stiction_speed"));
  params = {};
  params.dissipation = std::nan("");
  CHECK_THROWS_WITH(CalcPointPairForces({}, Motion(Vector3d::Zero()), Motion(Vector3d::Zero()), params),
                    Catch::Contains("dissipation"));
  ContactForceDefaults defaults;
  defaults.stiffness = -1;
  CHECK_THROWS_WITH(CombineContactParameters({}, {}, defaults), Catch::Contains("stiffness"));
}

}  // namespace
}  // namespace hydrocontact
