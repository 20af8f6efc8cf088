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

void RequirePenetrationPairValues(const char* caller, const PenetrationAsPointPair& pair) {
  constexpr const char* kKind = "penetration pair";
  RequireFinitePairValue(caller, kKind, "p_WCa", pair.p_WCa);
  RequireFinitePairValue(caller, kKind, "p_WCb", pair.p_WCb);
  RequireFinitePairValue(caller, kKind, "depth", pair.depth);
  RequireUnitPairNormal(caller, kKind, "nhat_BA_W", pair.nhat_BA_W);
}

void RequireSignedDistancePairValues(const char* caller, const SignedDistancePair& pair) {
  constexpr const char* kKind = "signed distance pair";
  RequireFinitePairValue(caller, kKind, "p_ACa", pair.p_ACa);
  RequireFinitePairValue(caller, kKind, "p_BCb", pair.p_BCb);
  RequireFinitePairValue(caller, kKind, "distance", pair.distance);
  RequireUnitPairNormal(caller, kKind, "nhat_BA_W", pair.nhat_BA_W);
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
