#include "proximity/distance/pair_values.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace hydrocontact::internal {

bool IsUnitNormal(const Eigen::Vector3d& nhat) {
  return nhat.allFinite() && std::abs(nhat.norm() - 1) <= kUnitNormalTolerance;
}

void RequireFinitePairValue(const char* caller, const char* kind, const char* field, double value) {
  if (!std::isfinite(value)) {
    throw std::invalid_argument(
        fmt::format("{}: the {}'s {} is {}, not finite", caller, kind, field, value));
  }
}

void RequireFinitePairValue(const char* caller, const char* kind, const char* field,
                            const Eigen::Vector3d& value) {
  if (!value.allFinite()) {
    throw std::invalid_argument(fmt::format("{}: the {}'s {} ({}, {}, {}) is not finite", caller,
                                            kind, field, value.x(), value.y(), value.z()));
  }
}

void RequireUnitPairNormal(const char* caller, const char* kind, const char* field,
                           const Eigen::Vector3d& nhat) {
  if (!IsUnitNormal(nhat)) {
    throw std::invalid_argument(fmt::format(
        "{}: the {}'s {} ({}, {}, {}) is not a unit vector (norm {})", caller, kind, field, nhat.x(),
        nhat.y(), nhat.z(), nhat.norm()));
  }
}

namespace {

// The checks a pair of witness points shares, whatever its type: both
// points and the signed quantity (depth, distance) finite, the normal
// nhat_BA_W unit; each message names the field.
struct Field3 {
  const char* name;
  const Eigen::Vector3d& value;
};
void RequireWitnessPairValues(const char* caller, const char* kind, Field3 point_a, Field3 point_b,
                              const char* scalar_name, double scalar, const Eigen::Vector3d& nhat_BA_W) {
  RequireFinitePairValue(caller, kind, point_a.name, point_a.value);
  RequireFinitePairValue(caller, kind, point_b.name, point_b.value);
  RequireFinitePairValue(caller, kind, scalar_name, scalar);
  RequireUnitPairNormal(caller, kind, "nhat_BA_W", nhat_BA_W);
}

}  // namespace

void RequirePenetrationPairValues(const char* caller, const PenetrationAsPointPair& pair) {
  RequireWitnessPairValues(caller, "penetration pair", {"p_WCa", pair.p_WCa}, {"p_WCb", pair.p_WCb},
                           "depth", pair.depth, pair.nhat_BA_W);
}

void RequireSignedDistancePairValues(const char* caller, const SignedDistancePair& pair) {
  RequireWitnessPairValues(caller, "signed distance pair", {"p_ACa", pair.p_ACa},
                           {"p_BCb", pair.p_BCb}, "distance", pair.distance, pair.nhat_BA_W);
}

void RequireContactPatchValues(const char* caller, const ContactPatch& patch) {
  RequireFinitePairValue(caller, "contact patch", "penetration_depth", patch.penetration_depth);
  for (int i = 0; i < patch.size(); ++i) {
    const Eigen::Vector2d& p = patch.points[i];
    if (!p.allFinite() || !std::isfinite(patch.point_penetration_depths[i])) {
      throw std::invalid_argument(fmt::format(
          "{}: the contact patch's point {} ({}, {}) or its depth {} is not finite", caller, i,
          p.x(), p.y(), patch.point_penetration_depths[i]));
    }
  }
}

}  // namespace hydrocontact::internal
