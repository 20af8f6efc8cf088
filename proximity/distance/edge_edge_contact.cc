#include "proximity/distance/edge_edge_contact.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "proximity/distance/rigid_motion.h"

namespace hydrocontact {

namespace {

using Eigen::Vector3d;

void ValidateEdge(const Edge& edge, const char* which) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(fmt::format("edge-edge contact: edge {} {}", which, what));
  };
  if (!edge.p_FP.allFinite()) fail("has a non-finite centre point");
  if (!(std::abs(edge.d_F.norm() - 1) <= 1e-9)) fail(fmt::format("direction d has length {}, not 1", edge.d_F.norm()));
  if (!(std::abs(edge.s_F.norm() - 1) <= 1e-9)) fail(fmt::format("outward direction s has length {}, not 1", edge.s_F.norm()));
  if (!(std::abs(edge.d_F.dot(edge.s_F)) <= 1e-9)) {
    fail(fmt::format("outward direction s is not perpendicular to d (d·s = {})", edge.d_F.dot(edge.s_F)));
  }
  if (!(edge.half_length >= 0) || !std::isfinite(edge.half_length)) {
    fail(fmt::format("has half-length {}, must be finite and >= 0", edge.half_length));
  }
}

// The seed's sign rule applied to a candidate normal direction m: whichever
// of |m·sf|, |m·sb| gives the clearer signal decides so that the normal
// points out of F (along sf) or into B (against sb).
int Sense(const Vector3d& m, const Vector3d& sf, const Vector3d& sb) {
  const double msf = m.dot(sf);
  const double msb = m.dot(sb);
  if (std::abs(msf) > std::abs(msb)) return msf >= 0 ? 1 : -1;
  return msb >= 0 ? -1 : 1;
}

// The edge's quantities in W.
struct EdgeW {
  Vector3d P, d, s;
};

EdgeW ToWorld(const Edge& e, const RigidTransform& X_WF) {
  return {X_WF * e.p_FP, X_WF.rotation() * e.d_F, X_WF.rotation() * e.s_F};
}

}  // namespace

EdgeEdgeGeometry CalcEdgeEdgeGeometry(const Edge& edge_F, const RigidTransform& X_WF,
                                      const Edge& edge_B, const RigidTransform& X_WB) {
  ValidateEdge(edge_F, "F");
  ValidateEdge(edge_B, "B");
  const EdgeW f = ToWorld(edge_F, X_WF);
  const EdgeW b = ToWorld(edge_B, X_WB);
  const Vector3d p_PfPb = b.P - f.P;
  EdgeEdgeGeometry g;
  const Vector3d w = f.d.cross(b.d);
  const double sin_theta = w.norm();
  if (sin_theta >= kEdgeEdgeParallelTolerance) {
    g.sense = Sense(w, f.s, b.s);
    g.n_W = g.sense * w / sin_theta;
    const Vector3d nXdb = g.n_W.cross(b.d);
    const Vector3d nXdf = g.n_W.cross(f.d);
    g.tf = p_PfPb.dot(nXdb) / f.d.dot(nXdb);   // Eq. (5).
    g.tb = -p_PfPb.dot(nXdf) / b.d.dot(nXdf);  // Eq. (7).
  } else {
    g.lines_are_parallel = true;
    // The normal: the direction from line f to line b; when the lines
    // coincide, the outward directions' difference; failing that (sf = sb),
    // sf itself. Every candidate is made perpendicular to df.
    auto perpendicular = [&](const Vector3d& v) { return Vector3d(v - v.dot(f.d) * f.d); };
    Vector3d m = perpendicular(p_PfPb);
    const double scale = std::max({1.0, p_PfPb.norm(), edge_F.half_length, edge_B.half_length});
    if (m.norm() <= 1e-12 * scale) m = perpendicular(f.s - b.s);
    if (m.norm() <= 1e-12) m = perpendicular(f.s);
    m.normalize();
    g.sense = Sense(m, f.s, b.s);
    g.n_W = g.sense * m;
    // The seed's parallel closest points: midway between each line's origin
    // and the projection of the other line's origin onto it.
    g.tf = 0.5 * p_PfPb.dot(f.d);
    g.tb = -0.5 * p_PfPb.dot(b.d);
  }
  g.separation = p_PfPb.dot(g.n_W);  // Eq. (3).
  g.p_WQf = f.P + g.tf * f.d;
  g.p_WQb = b.P + g.tb * b.d;
  Eigen::Matrix3d R_WC;
  R_WC.col(0) = f.d;
  R_WC.col(1) = g.n_W.cross(f.d).normalized();
  R_WC.col(2) = g.n_W;
  g.X_WC = RigidTransform(R_WC, 0.5 * (g.p_WQf + g.p_WQb));
  return g;
}

EdgeEdgeErrors CalcEdgeEdgeErrors(const Edge& edge_F, const RigidTransform& X_WF,
                                  const SpatialVelocity& V_WF, const SpatialAcceleration& A_WF,
                                  const Edge& edge_B, const RigidTransform& X_WB,
                                  const SpatialVelocity& V_WB, const SpatialAcceleration& A_WB,
                                  bool enforce_rolling) {
  const EdgeEdgeGeometry g = CalcEdgeEdgeGeometry(edge_F, X_WF, edge_B, X_WB);
  const BodyMotion F{X_WF, V_WF, A_WF};
  const BodyMotion B{X_WB, V_WB, A_WB};
  const EdgeW f = ToWorld(edge_F, X_WF);
  const EdgeW b = ToWorld(edge_B, X_WB);
  const Vector3d& n = g.n_W;
  const Vector3d& Co = g.X_WC.translation();
  const Vector3d Cx = g.X_WC.rotation().col(0);
  const Vector3d Cy = g.X_WC.rotation().col(1);

  const Vector3d df_dot = F.VectorRate(f.d);
  const Vector3d db_dot = B.VectorRate(b.d);
  double r, r_dot, r_ddot;
  Vector3d n_dot, Co_dot;
  if (!g.lines_are_parallel) {
    const Vector3d df_ddot = F.VectorSecondRate(f.d);
    const Vector3d db_ddot = B.VectorSecondRate(b.d);
    const Vector3d p = b.P - f.P;
    const Vector3d p_dot = B.PointVelocity(b.P) - F.PointVelocity(f.P);
    const Vector3d p_ddot = B.PointAcceleration(b.P) - F.PointAcceleration(f.P);
    // n = w/L with w = sense·(df × db), L = ‖w‖:
    // ṅ = (ẇ − n·L̇)/L, n̈ = (ẅ − 2ṅ·L̇ − n·L̈)/L, L̇ = n·ẇ, L̈ = ṅ·ẇ + n·ẅ.
    const Vector3d w = g.sense * f.d.cross(b.d);
    const Vector3d w_dot = g.sense * (df_dot.cross(b.d) + f.d.cross(db_dot));
    const Vector3d w_ddot =
        g.sense * (df_ddot.cross(b.d) + 2 * df_dot.cross(db_dot) + f.d.cross(db_ddot));
    const double L = w.norm();
    const double L_dot = n.dot(w_dot);
    n_dot = (w_dot - n * L_dot) / L;
    const double L_ddot = n_dot.dot(w_dot) + n.dot(w_ddot);
    const Vector3d n_ddot = (w_ddot - 2 * n_dot * L_dot - n * L_ddot) / L;
    r = p.dot(n);
    r_dot = p_dot.dot(n) + p.dot(n_dot);
    r_ddot = p_ddot.dot(n) + 2 * p_dot.dot(n_dot) + p.dot(n_ddot);
    // Rates of eqs. (5) and (7): tf = Nf/Df, tb = −Nb/Db.
    const Vector3d nXdb = n.cross(b.d);
    const Vector3d nXdf = n.cross(f.d);
    const Vector3d nXdb_dot = n_dot.cross(b.d) + n.cross(db_dot);
    const Vector3d nXdf_dot = n_dot.cross(f.d) + n.cross(df_dot);
    const double Df = f.d.dot(nXdb);
    const double Db = b.d.dot(nXdf);
    const double Nf_dot = p_dot.dot(nXdb) + p.dot(nXdb_dot);
    const double Df_dot = df_dot.dot(nXdb) + f.d.dot(nXdb_dot);
    const double Nb_dot = p_dot.dot(nXdf) + p.dot(nXdf_dot);
    const double Db_dot = db_dot.dot(nXdf) + b.d.dot(nXdf_dot);
    const double tf_dot = (Nf_dot - g.tf * Df_dot) / Df;
    const double tb_dot = -(Nb_dot + g.tb * Db_dot) / Db;
    const Vector3d Qf_dot = F.PointVelocity(f.P) + tf_dot * f.d + g.tf * df_dot;
    const Vector3d Qb_dot = B.PointVelocity(b.P) + tb_dot * b.d + g.tb * db_dot;
    Co_dot = 0.5 * (Qf_dot + Qb_dot);
  } else {
    // Point on plane: Qb on B against the plane through Qf with n fixed on
    // F; Co moves with F.
    const ScalarErrors e = CalcPointPlaneErrors(F, g.p_WQf, n, B, g.p_WQb, 0.0);
    r = e.position;
    r_dot = e.velocity;
    r_ddot = e.acceleration;
    n_dot = F.VectorRate(n);
    Co_dot = F.PointVelocity(Co);
  }
  // Slip: v_B(Co) − v_F(Co) and its rate, Co moving at Co_dot:
  // d/dt v_G(Co) = a_Go + α×(Co − Go) + w×(Ċo − v_Go).
  auto station_velocity_rate = [&](const BodyMotion& G) {
    const Vector3d r_GCo = Co - G.X_WG.translation();
    return Vector3d(G.A_WG.a_W + G.A_WG.alpha_W.cross(r_GCo) + G.V_WG.w_W.cross(Co_dot - G.V_WG.v_W));
  };
  const Vector3d dv = B.PointVelocity(Co) - F.PointVelocity(Co);
  const Vector3d dv_dot = station_velocity_rate(B) - station_velocity_rate(F);
  const Vector3d Cx_dot = df_dot;
  const Vector3d Cy_dot = n_dot.cross(f.d) + n.cross(df_dot);

  EdgeEdgeErrors errors;
  errors.position_error = r;
  errors.slip_velocity_C = {Cx.dot(dv), Cy.dot(dv)};
  errors.velocity_errors_C.z() = r_dot;
  errors.acceleration_errors_C.z() = r_ddot;
  if (enforce_rolling) {
    errors.velocity_errors_C.x() = errors.slip_velocity_C.x();
    errors.velocity_errors_C.y() = errors.slip_velocity_C.y();
    errors.acceleration_errors_C.x() = Cx_dot.dot(dv) + Cx.dot(dv_dot);
    errors.acceleration_errors_C.y() = Cy_dot.dot(dv) + Cy.dot(dv_dot);
  }
  return errors;
}

}  // namespace hydrocontact
