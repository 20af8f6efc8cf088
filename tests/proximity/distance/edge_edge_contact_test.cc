#include "proximity/distance/edge_edge_contact.h"
#include "tests/test_poses.h"

#include <cmath>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

Edge MakeEdge(const Vector3d& P, const Vector3d& d, const Vector3d& s, double h = 1) {
  Edge e;
  e.p_FP = P;
  e.d_F = d;
  e.s_F = s;
  e.half_length = h;
  return e;
}

TEST_CASE("Edge-edge: crossed edges one above the other (eqs. 1-7)", "[edge_edge_contact]") {
  // F: edge along x through the origin on top of a solid below (s = +z);
  // B: edge along y through (0, 0, 1) under a solid above (s = −z).
  // w = x × y = z; |w·sf| = |w·sb| = 1 so sb decides: w·sb < 0 → sense +1,
  // n = z. Eq. (3): r = (0, 0, 1)·z = 1. Eq. (5): n × db = −x, so tf = 0;
  // eq. (7): n × df = y, so tb = 0. Co = (0, 0, 0.5); C = (x, z × x = y, z).
  const EdgeEdgeGeometry g = CalcEdgeEdgeGeometry(MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), Vector3d::UnitZ()),
                                                  RigidTransform(),
                                                  MakeEdge(Vector3d(0, 0, 1), Vector3d::UnitY(), -Vector3d::UnitZ()),
                                                  RigidTransform());
  CHECK_FALSE(g.lines_are_parallel);
  CHECK(g.sense == 1);
  CHECK(g.n_W == Vector3d::UnitZ());
  CHECK(g.separation == 1);
  CHECK(g.tf == 0);
  CHECK(g.tb == 0);
  CHECK(g.p_WQf == Vector3d::Zero());
  CHECK(g.p_WQb == Vector3d(0, 0, 1));
  CHECK(g.X_WC.translation() == Vector3d(0, 0, 0.5));
  CHECK(g.X_WC.rotation().isApprox(Eigen::Matrix3d::Identity(), 1e-15));
  // Force on B from multipliers (1, 2, 3) in C = I: −(1, 2, 3).
  CHECK(CalcEdgeEdgeForceOnB(g, Vector3d(1, 2, 3)) == Vector3d(-1, -2, -3));
}

TEST_CASE("Edge-edge: offset, oblique, penetrating (eqs. 1-7)", "[edge_edge_contact]") {
  // F: Pf = (1, 2, 0), df = x, sf = z. B: Pb = (3, 5, −0.5), db = (1, 1, 0)/√2,
  // sb = −z. w = (0, 0, 1)/√2: the tie goes to sb, w·sb < 0 → n = z;
  // r = −0.5 (penetrating). Lines meet in xy where 2 = 5 + u/√2, u = −3√2,
  // x = 3 − 3 = 0, so tf = −1 (Qf = (0, 2, 0)) and tb = −3√2
  // (Qb = (0, 2, −0.5)); eq. (5): (Pb − Pf)·(n × db) = (2, 3)·(−1, 1)/√2 =
  // 1/√2 over df·(n × db) = −1/√2 → −1, as found.
  const double s2 = std::sqrt(2.0);
  const EdgeEdgeGeometry g = CalcEdgeEdgeGeometry(
      MakeEdge(Vector3d(1, 2, 0), Vector3d::UnitX(), Vector3d::UnitZ()), RigidTransform(),
      MakeEdge(Vector3d(3, 5, -0.5), Vector3d(1, 1, 0) / s2, -Vector3d::UnitZ()), RigidTransform());
  CHECK((g.n_W - Vector3d::UnitZ()).norm() < 1e-15);
  CHECK(g.separation == Approx(-0.5).epsilon(1e-15));
  CHECK(g.tf == Approx(-1).epsilon(1e-14));
  CHECK(g.tb == Approx(-3 * s2).epsilon(1e-14));
  CHECK((g.p_WQf - Vector3d(0, 2, 0)).norm() < 1e-14);
  CHECK((g.p_WQb - Vector3d(0, 2, -0.5)).norm() < 1e-14);
  CHECK((g.X_WC.translation() - Vector3d(0, 2, -0.25)).norm() < 1e-14);
  // Eq. (1): Pf + tf·df + r·n = Pb + tb·db.
  CHECK((Vector3d(1, 2, 0) + g.tf * Vector3d::UnitX() + g.separation * g.n_W -
         (Vector3d(3, 5, -0.5) + g.tb * Vector3d(1, 1, 0) / s2))
            .norm() < 1e-14);
}

TEST_CASE("Edge-edge: the sign rule", "[edge_edge_contact]") {
  const Edge f_up = MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), Vector3d::UnitZ());
  const Edge f_down = MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), -Vector3d::UnitZ());
  const Edge b_down = MakeEdge(Vector3d(0, 0, 1), Vector3d::UnitY(), -Vector3d::UnitZ());
  const Edge b_up = MakeEdge(Vector3d(0, 0, 1), Vector3d::UnitY(), Vector3d::UnitZ());
  // Tie, sb decides: w·sb = +1 ≥ 0 → sense −1, n = −z, r = −1.
  const EdgeEdgeGeometry g = CalcEdgeEdgeGeometry(f_down, RigidTransform(), b_up, RigidTransform());
  CHECK(g.sense == -1);
  CHECK(g.n_W == -Vector3d::UnitZ());
  CHECK(g.separation == -1);
  CHECK(g.X_WC.rotation().col(1) == Vector3d(0, -1, 0));  // n × df = −z × x.
  // sf clearer than sb (|w·sf| = 1 > |w·sb| = 1/√2): sf decides, n = +z,
  // although sb = (1, 0, 1)/√2 alone (w·sb > 0) would have said −z.
  const Edge b_tilted = MakeEdge(Vector3d(0, 0, 1), Vector3d::UnitY(), Vector3d(1, 0, 1) / std::sqrt(2.0));
  const EdgeEdgeGeometry h = CalcEdgeEdgeGeometry(f_up, RigidTransform(), b_tilted, RigidTransform());
  CHECK(h.sense == 1);
  CHECK(h.n_W == Vector3d::UnitZ());
  // sb clearer (|w·sf| = 1/√2 < |w·sb| = 1): sb decides.
  const Edge f_tilted = MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), Vector3d(0, 1, 1) / std::sqrt(2.0));
  CHECK(CalcEdgeEdgeGeometry(f_tilted, RigidTransform(), b_up, RigidTransform()).sense == -1);
  CHECK(CalcEdgeEdgeGeometry(f_tilted, RigidTransform(), b_down, RigidTransform()).sense == 1);
}

TEST_CASE("Edge-edge: parallel lines", "[edge_edge_contact]") {
  // Both along x; Pb = (2, 0, 1). n: the part of Pb − Pf ⊥ x, (0, 0, 1), kept
  // (sb = −z decides the tie, w·sb < 0); r = 1. Closest points midway between
  // each origin and the other's projection: Qf = (1, 0, 0), Qb = (1, 0, 1).
  const EdgeEdgeGeometry g = CalcEdgeEdgeGeometry(
      MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), Vector3d::UnitZ()), RigidTransform(),
      MakeEdge(Vector3d(2, 0, 1), Vector3d::UnitX(), -Vector3d::UnitZ()), RigidTransform());
  CHECK(g.lines_are_parallel);
  CHECK(g.n_W == Vector3d::UnitZ());
  CHECK(g.separation == 1);
  CHECK(g.p_WQf == Vector3d(1, 0, 0));
  CHECK(g.p_WQb == Vector3d(1, 0, 1));
  // Coincident lines: n from sf − sb = 2z.
  const EdgeEdgeGeometry c = CalcEdgeEdgeGeometry(
      MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), Vector3d::UnitZ()), RigidTransform(),
      MakeEdge(Vector3d(3, 0, 0), -Vector3d::UnitX(), -Vector3d::UnitZ()), RigidTransform());
  CHECK(c.lines_are_parallel);
  CHECK(c.n_W == Vector3d::UnitZ());
  CHECK(c.separation == 0);
  // Errors are defined (finite) for parallel lines too.
  const EdgeEdgeErrors e = CalcEdgeEdgeErrors(
      MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), Vector3d::UnitZ()), RigidTransform(),
      {Vector3d(0.1, 0, 0), Vector3d(0, 0, 0)}, {},
      MakeEdge(Vector3d(2, 0, 1), Vector3d::UnitX(), -Vector3d::UnitZ()), RigidTransform(),
      {Vector3d::Zero(), Vector3d(0, 0, 0.5)}, {}, true);
  CHECK(e.velocity_errors_C.allFinite());
  CHECK(e.acceleration_errors_C.allFinite());
  // F turning about x at 0.1 rad/s, B rising at 0.5 m/s. Point on plane:
  // s = Qb − Qf = z, ṅ = w_F × z = (0, −0.1, 0) ⊥ s, ṡ = (0, 0, 0.5) − w_F ×
  // (Qf − Fo) = (0, 0, 0.5) − (0.1, 0, 0) × (1, 0, 0) = (0, 0, 0.5):
  // dr/dt = ṅ·s + n·ṡ = 0.5.
  CHECK(e.position_error == 1);
  CHECK(e.velocity_errors_C.z() == Approx(0.5).epsilon(1e-15));
}

// Poses advanced by constant spatial velocity and acceleration (see
// test::Advance for why they have the rigid-body derivatives).
using test::Advance;

TEST_CASE("Edge-edge: velocity and acceleration errors are derivatives", "[edge_edge_contact]") {
  const Edge ef = MakeEdge(Vector3d(0.1, 0.2, 0.3), Vector3d(1, 2, 2) / 3.0, Vector3d(2, 1, -2) / 3.0, 0.5);
  const Edge eb = MakeEdge(Vector3d(-0.2, 0.1, 0.4), Vector3d(0, 0.6, 0.8), Vector3d(0, -0.8, 0.6), 0.5);
  const RigidTransform X_WF = RigidTransform::FromRollPitchYaw(Vector3d(0.2, -0.1, 0.4), Vector3d(0, 0.1, 0));
  const RigidTransform X_WB = RigidTransform::FromRollPitchYaw(Vector3d(-0.3, 0.5, 0.1), Vector3d(0.2, 0, 0.6));
  const SpatialVelocity V_F{Vector3d(0.3, -0.7, 0.5), Vector3d(0.2, 0.4, -0.6)};
  const SpatialAcceleration A_F{Vector3d(-0.9, 0.4, 1.3), Vector3d(0.5, -1.1, 0.8)};
  const SpatialVelocity V_B{Vector3d(-0.6, 0.2, 0.9), Vector3d(-0.3, 0.1, 0.7)};
  const SpatialAcceleration A_B{Vector3d(0.7, 1.2, -0.4), Vector3d(-0.8, 0.6, 0.3)};
  auto at = [&](double t) {
    return CalcEdgeEdgeErrors(ef, Advance(X_WF, V_F, A_F, t), {V_F.w_W + A_F.alpha_W * t, V_F.v_W + A_F.a_W * t},
                              A_F, eb, Advance(X_WB, V_B, A_B, t),
                              {V_B.w_W + A_B.alpha_W * t, V_B.v_W + A_B.a_W * t}, A_B, true);
  };
  const double h = 1e-6;
  const EdgeEdgeErrors e0 = at(0), ep = at(h), em = at(-h);
  const double rdot_fd = (ep.position_error - em.position_error) / (2 * h);
  CHECK(e0.velocity_errors_C.z() == Approx(rdot_fd).epsilon(1e-6));
  const Vector3d acc_fd = (ep.velocity_errors_C - em.velocity_errors_C) / (2 * h);
  for (int i = 0; i < 3; ++i) {
    INFO("component " << i);
    CHECK(std::abs(e0.acceleration_errors_C[i] - acc_fd[i]) <= 1e-6 * std::max(1.0, std::abs(acc_fd[i])));
  }
  // Without rolling only z is reported; the slip is still given.
  const EdgeEdgeErrors free = CalcEdgeEdgeErrors(ef, X_WF, V_F, A_F, eb, X_WB, V_B, A_B, false);
  CHECK(free.velocity_errors_C.head<2>().isZero());
  CHECK(free.acceleration_errors_C.head<2>().isZero());
  CHECK(free.velocity_errors_C.z() == e0.velocity_errors_C.z());
  CHECK(free.slip_velocity_C == e0.velocity_errors_C.head<2>());
}

TEST_CASE("Edge-edge: two edges rolling without slip have zero rolling errors", "[edge_edge_contact]") {
  // Touching crossed edges (r = 0, Co = origin). F moves arbitrarily; B has
  // its own angular velocity and the translational velocity that makes its
  // material point at Co move with F's: v_Bo = v_F(Co) − w_B × (Co − Bo).
  const Edge eb = MakeEdge(Vector3d::Zero(), Vector3d::UnitY(), -Vector3d::UnitZ());
  const RigidTransform X_WF(Vector3d(0, 0, -1));  // Edge centre at the origin in W.
  const RigidTransform X_WB(Vector3d(0, 0, 0));
  const Vector3d Pf_F(0, 0, 1);
  const Edge ef_moved = MakeEdge(Pf_F, Vector3d::UnitX(), Vector3d::UnitZ());
  const SpatialVelocity V_F{Vector3d(0.3, -0.2, 0.7), Vector3d(0.5, 0.1, -0.4)};
  const Vector3d Co = Vector3d::Zero();
  const Vector3d v_F_Co = V_F.v_W + V_F.w_W.cross(Co - X_WF.translation());
  const Vector3d w_B(1.1, -0.4, 0.6);
  const SpatialVelocity V_B{w_B, v_F_Co - w_B.cross(Co - X_WB.translation())};
  const EdgeEdgeErrors e = CalcEdgeEdgeErrors(ef_moved, X_WF, V_F, {}, eb, X_WB, V_B, {}, true);
  CHECK(e.position_error == 0);
  CHECK(e.velocity_errors_C.norm() < 1e-15);
}

TEST_CASE("Edge-edge: bad edges throw naming the edge", "[edge_edge_contact]") {
  const Edge good = MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), Vector3d::UnitZ());
  CHECK_THROWS_WITH(CalcEdgeEdgeGeometry(MakeEdge(Vector3d::Zero(), Vector3d(2, 0, 0), Vector3d::UnitZ()),
                                         RigidTransform(), good, RigidTransform()),
                    Catch::Contains("edge F") && Catch::Contains("length 2"));
  CHECK_THROWS_WITH(CalcEdgeEdgeGeometry(good, RigidTransform(),
                                         MakeEdge(Vector3d::Zero(), Vector3d::UnitX(), Vector3d::UnitX()),
                                         RigidTransform()),
                    Catch::Contains("edge B") && Catch::Contains("not perpendicular"));
  CHECK_THROWS_WITH(CalcEdgeEdgeGeometry(good, RigidTransform(),
                                         MakeEdge(Vector3d::Zero(), Vector3d::UnitY(), Vector3d::UnitZ(), -1),
                                         RigidTransform()),
                    Catch::Contains("half-length -1"));
}

}  // namespace
}  // namespace hydrocontact
