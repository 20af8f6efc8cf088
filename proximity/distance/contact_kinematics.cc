#include "proximity/distance/contact_kinematics.h"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <variant>

#include <fmt/format.h>

#include "proximity/distance/edge_edge_contact.h"
#include "proximity/distance/pair_values.h"

namespace hydrocontact {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

void RequireFinite(const BodyMotion& m, const char* which) {
  if (!m.V_WG.w_W.allFinite() || !m.V_WG.v_W.allFinite()) {
    throw std::invalid_argument(fmt::format("contact kinematics: the velocity of geometry {} is not finite", which));
  }
  if (!m.A_WG.alpha_W.allFinite() || !m.A_WG.a_W.allFinite()) {
    throw std::invalid_argument(
        fmt::format("contact kinematics: the acceleration of geometry {} is not finite", which));
  }
}

// The edge of `box` (frame G, pose X_WG) extreme in direction u_W when u is
// perpendicular to exactly one box axis and parallel to none: the seed's edge
// (centre, direction along that axis, outward direction bisecting the two
// faces). nullopt otherwise.
std::optional<Edge> ExtremeEdge(const Box& box, const RigidTransform& X_WG, const Vector3d& u_W) {
  constexpr double kTolerance = 1e-9;
  const Vector3d u_G = X_WG.rotation().transpose() * u_W;
  int axis = -1;
  for (int i = 0; i < 3; ++i) {
    if (std::abs(u_G[i]) > 1 - kTolerance) return std::nullopt;
    if (std::abs(u_G[i]) < kTolerance) {
      if (axis >= 0) return std::nullopt;
      axis = i;
    }
  }
  if (axis < 0) return std::nullopt;
  Edge edge;
  edge.d_F = Vector3d::Unit(axis);
  edge.half_length = box.half_size()[axis];
  edge.s_F.setZero();
  for (int j = 0; j < 3; ++j) {
    if (j == axis) continue;
    const double side = u_G[j] >= 0 ? 1.0 : -1.0;
    edge.p_FP[j] = side * box.half_size()[j];
    edge.s_F[j] = side;
  }
  edge.p_FP[axis] = 0;
  edge.s_F.normalize();
  return edge;
}

constexpr const char* kCaller = "CalcContactKinematics";

// The contact frame at Co with normal n (A to B) and the default tangents.
RigidTransform Frame(const Vector3d& n, const Vector3d& p_WCo) {
  return RigidTransform(ContactTangentBasis(n), p_WCo);
}

Eigen::Vector2d Slip(const RigidTransform& X_WC, const BodyMotion& A, const BodyMotion& B) {
  const Vector3d& Co = X_WC.translation();
  const Vector3d dv = B.PointVelocity(Co) - A.PointVelocity(Co);
  return {X_WC.rotation().col(0).dot(dv), X_WC.rotation().col(1).dot(dv)};
}

}  // namespace

Matrix3d ContactTangentBasis(const Vector3d& nhat_W) {
  if (!internal::IsUnitNormal(nhat_W)) {
    throw std::invalid_argument(fmt::format("ContactTangentBasis: the normal ({}, {}, {}) is not a unit vector",
                                            nhat_W.x(), nhat_W.y(), nhat_W.z()));
  }
  const Vector3d k(2.0 / 7, 3.0 / 7, 6.0 / 7);
  const Vector3d t0 = Vector3d(3, -2, 0) / std::sqrt(13.0);
  const double c = k.dot(nhat_W);
  Vector3d x;
  if (1 + c > 5e-9) {
    // Rodrigues' formula for the smallest rotation taking k to n (axis
    // k × n, cosine c) applied to t0.
    const Vector3d w = k.cross(nhat_W);
    x = c * t0 + w.cross(t0) + (w.dot(t0) / (1 + c)) * w;
  } else {
    x = t0;
  }
  x = (x - x.dot(nhat_W) * nhat_W).normalized();
  Matrix3d R;
  R.col(0) = x;
  R.col(1) = nhat_W.cross(x);
  R.col(2) = nhat_W;
  return R;
}

namespace {

// CalcContactKinematics without the check of its result.
ContactKinematics ComputeContactKinematics(const SignedDistancePair& pair, const DistanceGeometry& A,
                                           const BodyMotion& motion_A, const DistanceGeometry& B,
                                           const BodyMotion& motion_B, int sign) {
  internal::RequireDistanceGeometry(A, "CalcContactKinematics (geometry A)");
  internal::RequireDistanceGeometry(B, "CalcContactKinematics (geometry B)");
  if (sign != 1 && sign != -1) {
    throw std::invalid_argument(fmt::format("contact kinematics: the sign convention must be 1 or -1, got {}", sign));
  }
  RequireFinite(motion_A, "A");
  RequireFinite(motion_B, "B");
  internal::RequireSignedDistancePairValues(kCaller, pair);
  const Vector3d p_WCa = motion_A.X_WG * pair.p_ACa;
  const Vector3d p_WCb = motion_B.X_WG * pair.p_BCb;
  const Vector3d n = -pair.nhat_BA_W;  // Out of A, into B.
  const Vector3d p_WCo = 0.5 * (p_WCa + p_WCb);

  ContactKinematics k;
  k.id_A = pair.id_A;
  k.id_B = pair.id_B;
  k.sign = sign;
  ScalarErrors e;
  bool done = false;

  const auto* sphere_A = std::get_if<Sphere>(&A.shape);
  const auto* sphere_B = std::get_if<Sphere>(&B.shape);
  const bool half_space_A = std::holds_alternative<HalfSpace>(A.shape);
  const bool half_space_B = std::holds_alternative<HalfSpace>(B.shape);

  if (sphere_A && sphere_B) {
    const Vector3d c_A = motion_A.X_WG.translation();
    const Vector3d c_B = motion_B.X_WG.translation();
    const double ell = (c_B - c_A).norm();
    if (ell > 1e-12 * (sphere_A->radius() + sphere_B->radius())) {
      const Vector3d u = (c_B - c_A) / ell;
      const Vector3d dv = motion_B.V_WG.v_W - motion_A.V_WG.v_W;
      const Vector3d da = motion_B.A_WG.a_W - motion_A.A_WG.a_W;
      const double vn = u.dot(dv);
      e = {ell - sphere_A->radius() - sphere_B->radius(), vn, u.dot(da) + (dv.squaredNorm() - vn * vn) / ell};
      k.X_WC = Frame(u, 0.5 * (c_A + sphere_A->radius() * u + c_B - sphere_B->radius() * u));
      k.method = ContactKinematicsMethod::kSphereSphere;
      done = true;
    }
  } else if (half_space_A != half_space_B) {
    // One half-space H (normal n_H, its z axis) and another geometry O.
    const BodyMotion& H = half_space_A ? motion_A : motion_B;
    const BodyMotion& O = half_space_A ? motion_B : motion_A;
    const DistanceGeometry& other = half_space_A ? B : A;
    const Vector3d n_H = H.X_WG.rotation().col(2);
    const Vector3d p_WO = half_space_A ? p_WCb : p_WCa;  // The other's deepest point.
    double radius = -1;
    if (const auto* s = std::get_if<Sphere>(&other.shape)) radius = s->radius();
    if (const auto* c = std::get_if<Capsule>(&other.shape)) radius = c->radius();
    if (radius >= 0) {
      e = CalcPointPlaneErrors(H, H.X_WG.translation(), n_H, O, p_WO + radius * n_H, radius);
      k.method = ContactKinematicsMethod::kSpherePlane;
    } else {
      e = CalcPointPlaneErrors(H, H.X_WG.translation(), n_H, O, p_WO, 0.0);
      const bool polytope = std::holds_alternative<Box>(other.shape) || std::holds_alternative<Convex>(other.shape);
      k.method = polytope ? ContactKinematicsMethod::kPointPlane : ContactKinematicsMethod::kWitnessPoints;
    }
    k.X_WC = Frame(n, p_WCo);
    done = true;
  } else if (std::holds_alternative<Box>(A.shape) && std::holds_alternative<Box>(B.shape)) {
    const auto edge_A = ExtremeEdge(std::get<Box>(A.shape), motion_A.X_WG, n);
    const auto edge_B = ExtremeEdge(std::get<Box>(B.shape), motion_B.X_WG, -n);
    if (edge_A && edge_B) {
      const EdgeEdgeGeometry g = CalcEdgeEdgeGeometry(*edge_A, motion_A.X_WG, *edge_B, motion_B.X_WG);
      // Only when the seed's normal is ours (it is for a genuine edge-on-edge
      // contact; a mismatch means the witnesses are not those edges).
      if (!g.lines_are_parallel && g.n_W.dot(n) > 1 - 1e-9) {
        const EdgeEdgeErrors ee = CalcEdgeEdgeErrors(*edge_A, motion_A.X_WG, motion_A.V_WG, motion_A.A_WG, *edge_B,
                                                     motion_B.X_WG, motion_B.V_WG, motion_B.A_WG, false);
        e = {ee.position_error, ee.velocity_errors_C.z(), ee.acceleration_errors_C.z()};
        k.X_WC = g.X_WC;
        k.slip_velocity_C = ee.slip_velocity_C;
        k.method = ContactKinematicsMethod::kEdgeEdge;
        k.perr = sign * e.position;
        k.verr = sign * e.velocity;
        k.aerr = sign * e.acceleration;
        return k;
      }
    }
  }
  if (!done) {
    // The first-order witness rule: the normal fixed on A, each witness
    // point fixed on its body.
    e = CalcPointPlaneErrors(motion_A, p_WCa, n, motion_B, p_WCb, 0.0);
    k.X_WC = Frame(n, p_WCo);
    k.method = ContactKinematicsMethod::kWitnessPoints;
  }
  k.perr = sign * e.position;
  k.verr = sign * e.velocity;
  k.aerr = sign * e.acceleration;
  k.slip_velocity_C = Slip(k.X_WC, motion_A, motion_B);
  return k;
}

}  // namespace

ContactKinematics CalcContactKinematics(const SignedDistancePair& pair, const DistanceGeometry& A,
                                        const BodyMotion& motion_A, const DistanceGeometry& B,
                                        const BodyMotion& motion_B, int sign) {
  const ContactKinematics k = ComputeContactKinematics(pair, A, motion_A, B, motion_B, sign);
  // Finite motions can still overflow: the acceleration error squares the
  // relative velocity (|v| ~ 1e155 gives inf, then NaN). The speeds are
  // reported with stableNorm, which does not overflow where norm would.
  if (!std::isfinite(k.perr) || !std::isfinite(k.verr) || !std::isfinite(k.aerr) ||
      !k.slip_velocity_C.allFinite()) {
    throw std::invalid_argument(fmt::format(
        "contact kinematics: the velocities or accelerations are too large for double precision "
        "(perr {}, verr {}, aerr {}); A moves at {} m/s and {} rad/s, B at {} m/s and {} rad/s",
        k.perr, k.verr, k.aerr, motion_A.V_WG.v_W.stableNorm(), motion_A.V_WG.w_W.stableNorm(),
        motion_B.V_WG.v_W.stableNorm(), motion_B.V_WG.w_W.stableNorm()));
  }
  return k;
}

ContactKinematics CalcContactKinematics(const PenetrationAsPointPair& pair, const DistanceGeometry& A,
                                        const BodyMotion& motion_A, const DistanceGeometry& B,
                                        const BodyMotion& motion_B, int sign) {
  // Checked here, not only in the converted pair, so that a message names
  // the fields the caller gave.
  internal::RequirePenetrationPairValues(kCaller, pair);
  SignedDistancePair sd;
  sd.id_A = pair.id_A;
  sd.id_B = pair.id_B;
  sd.p_ACa = motion_A.X_WG.inverse() * pair.p_WCa;
  sd.p_BCb = motion_B.X_WG.inverse() * pair.p_WCb;
  sd.distance = -pair.depth;
  sd.nhat_BA_W = pair.nhat_BA_W;
  return CalcContactKinematics(sd, A, motion_A, B, motion_B, sign);
}

}  // namespace hydrocontact
