#include "proximity/distance/contact_forces.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>

#include <fmt/format.h>

#include "proximity/distance/pair_values.h"

namespace hydrocontact {
namespace {

void RequireNonNegative(const char* caller, const char* name, double value) {
  if (!(value >= 0) || !std::isfinite(value)) {
    throw std::invalid_argument(fmt::format("{}: '{}' must be finite and >= 0, got {}", caller, name, value));
  }
}

void ValidateParameters(const char* caller, const ContactForceParameters& p) {
  RequireNonNegative(caller, "dissipation", p.dissipation);
  RequireNonNegative(caller, "dynamic_friction", p.dynamic_friction);
  RequireNonNegative(caller, "static_friction", p.static_friction);
  if (p.static_friction < p.dynamic_friction) {
    throw std::invalid_argument(fmt::format("{}: 'static_friction' {} is below 'dynamic_friction' {}", caller,
                                            p.static_friction, p.dynamic_friction));
  }
  RequireNonNegative(caller, "stiffness", p.stiffness);
  if (!(p.stiction_speed > 0) || !std::isfinite(p.stiction_speed)) {
    throw std::invalid_argument(
        fmt::format("{}: 'stiction_speed' must be positive and finite, got {}", caller, p.stiction_speed));
  }
}

// The force on body 1 at the contact point p_WQ with normal nhat_W (out of
// body 2 into body 1) and elastic normal force `elastic` (N, ≥ 0): the
// dissipation and friction of the file doc. Adds it to `forces` (A = body 1)
// and returns the normal force.
double AddPointForce(const Eigen::Vector3d& p_WQ, const Eigen::Vector3d& nhat_W, double elastic,
                     const BodyMotion& body1, const BodyMotion& body2, const ContactForceParameters& params,
                     ContactPairForces* forces) {
  const Eigen::Vector3d v_rel = body1.PointVelocity(p_WQ) - body2.PointVelocity(p_WQ);
  const double v_along = nhat_W.dot(v_rel);
  const double normal = std::max(0.0, elastic * (1 - params.dissipation * v_along));
  if (normal == 0) return 0;
  Eigen::Vector3d f_W = normal * nhat_W;
  const Eigen::Vector3d v_t = v_rel - v_along * nhat_W;
  const double slip = v_t.norm();
  if (slip > 0) f_W -= (RegularizedFrictionCoefficient(params, slip) * normal / slip) * v_t;
  forces->F_Ao_W += SpatialForce::AppliedAt(f_W, p_WQ, body1.X_WG.translation());
  forces->F_Bo_W += SpatialForce::AppliedAt(-f_W, p_WQ, body2.X_WG.translation());
  forces->normal_force += normal;
  return normal;
}

// The hydroelastic dissipation of two sides (file doc), E = ∞ for rigid.
double CombineByStiffness(double k1, double d1, double k2, double d2) {
  const bool inf1 = std::isinf(k1), inf2 = std::isinf(k2);
  if (inf1 && inf2) return 0.5 * (d1 + d2);
  if (inf1) return d2;
  if (inf2) return d1;
  return (k2 * d1 + k1 * d2) / (k1 + k2);
}

}  // namespace

double RegularizedFrictionCoefficient(const ContactForceParameters& params, double slip_speed) {
  const double s = slip_speed / params.stiction_speed;
  if (s <= 1) return params.static_friction * s;
  if (s < 2) return params.static_friction - (params.static_friction - params.dynamic_friction) * (s - 1);
  return params.dynamic_friction;
}

ContactForceParameters CombineContactParameters(const ProximityProperties& p1, const ProximityProperties& p2,
                                                const ContactForceDefaults& defaults) {
  ContactForceParameters d{defaults.dissipation, defaults.static_friction, defaults.dynamic_friction,
                           defaults.stiffness, defaults.stiction_speed};
  ValidateParameters("CombineContactParameters (defaults)", d);
  const ContactMaterial& m1 = p1.material();
  const ContactMaterial& m2 = p2.material();
  const ContactMaterial combined = CombineContactMaterials(m1, m2);
  ContactForceParameters out = d;
  if (combined.friction()) {
    out.static_friction = combined.friction()->static_friction();
    out.dynamic_friction = combined.friction()->dynamic_friction();
  }
  if (combined.point_contact_stiffness()) out.stiffness = *combined.point_contact_stiffness();
  const double d1 = m1.hunt_crossley_dissipation().value_or(d.dissipation);
  const double d2 = m2.hunt_crossley_dissipation().value_or(d.dissipation);
  const bool hydro1 = p1.compliance() != Compliance::kNone;
  const bool hydro2 = p2.compliance() != Compliance::kNone;
  const bool compliant_pair =
      hydro1 && hydro2 && (p1.compliance() == Compliance::kCompliant || p2.compliance() == Compliance::kCompliant);
  if (compliant_pair) {
    const double inf = std::numeric_limits<double>::infinity();
    const double E1 = p1.compliance() == Compliance::kCompliant ? p1.hydroelastic_modulus() : inf;
    const double E2 = p2.compliance() == Compliance::kCompliant ? p2.hydroelastic_modulus() : inf;
    out.dissipation = CombineByStiffness(E1, d1, E2, d2);
  } else {
    const double k1 = m1.point_contact_stiffness().value_or(d.stiffness);
    const double k2 = m2.point_contact_stiffness().value_or(d.stiffness);
    out.dissipation = CombineByStiffness(k1, d1, k2, d2);
  }
  return out;
}

ContactPairForces CalcContactSurfaceForces(const ContactSurface& surface, const BodyMotion& motion_M,
                                           const BodyMotion& motion_N, const ContactForceParameters& params) {
  ValidateParameters("CalcContactSurfaceForces", params);
  ContactPairForces forces;
  // One loop for both representations: the face data differ only in type.
  // Each face is fanned from its first vertex into triangles (a, b, c), each
  // integrated with the edge-midpoint rule (file doc).
  auto integrate_triangle = [&](const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c,
                                const Eigen::Vector3d& nhat_W, const auto& field, int f) {
    const double area = 0.5 * nhat_W.dot((b - a).cross(c - a));
    if (!(area > 0)) return;
    for (const Eigen::Vector3d& p_WQ : {Eigen::Vector3d(0.5 * (a + b)), Eigen::Vector3d(0.5 * (b + c)),
                                        Eigen::Vector3d(0.5 * (c + a))}) {
      const double p = std::max(0.0, field.EvaluateCartesian(f, p_WQ));
      AddPointForce(p_WQ, nhat_W, p * area / 3, motion_M, motion_N, params, &forces);
    }
  };
  if (surface.is_triangle()) {
    const TriangleSurfaceMesh& mesh = surface.tri_mesh_W();
    for (int f = 0; f < mesh.num_elements(); ++f) {
      const auto& t = mesh.element(f);
      integrate_triangle(mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]), mesh.face_normal(f),
                         surface.tri_e_MN(), f);
    }
  } else {
    const PolygonSurfaceMesh& mesh = surface.poly_mesh_W();
    for (int f = 0; f < mesh.num_faces(); ++f) {
      const std::span<const int> polygon = mesh.polygon(f);
      for (size_t i = 1; i + 1 < polygon.size(); ++i) {
        integrate_triangle(mesh.vertex(polygon[0]), mesh.vertex(polygon[i]), mesh.vertex(polygon[i + 1]),
                           mesh.face_normal(f), surface.poly_e_MN(), f);
      }
    }
  }
  return forces;
}

ContactPairForces CalcPointPairForces(const PenetrationAsPointPair& pair, const BodyMotion& motion_A,
                                      const BodyMotion& motion_B, const ContactForceParameters& params) {
  ValidateParameters("CalcPointPairForces", params);
  internal::RequirePenetrationPairValues("CalcPointPairForces", pair);
  ContactPairForces forces;
  if (!(pair.depth > 0)) return forces;
  const Eigen::Vector3d p_WQ = 0.5 * (pair.p_WCa + pair.p_WCb);
  AddPointForce(p_WQ, pair.nhat_BA_W, params.stiffness * pair.depth, motion_A, motion_B, params, &forces);
  return forces;
}

ContactPairForces CalcContactPatchForces(const ContactPatch& patch, const BodyMotion& motion_A,
                                         const BodyMotion& motion_B, const ContactForceParameters& params) {
  ValidateParameters("CalcContactPatchForces", params);
  if (patch.point_penetration_depths.size() != patch.points.size()) {
    throw std::invalid_argument(
        fmt::format("CalcContactPatchForces: the patch has {} points but {} point_penetration_depths",
                    patch.points.size(), patch.point_penetration_depths.size()));
  }
  internal::RequireContactPatchValues("CalcContactPatchForces", patch);
  ContactPairForces forces;
  if (patch.size() == 0) return forces;
  // The patch normal points from A to B; A is pushed the other way.
  const Eigen::Vector3d nhat_BA_W = -patch.normal_W();
  const double k_share = params.stiffness / patch.size();
  for (int i = 0; i < patch.size(); ++i) {
    const double depth = -patch.point_penetration_depths[i];
    if (!(depth > 0)) continue;
    AddPointForce(patch.point_W(i), nhat_BA_W, k_share * depth, motion_A, motion_B, params, &forces);
  }
  return forces;
}

}  // namespace hydrocontact
