#pragma once

/// @file
/// Checks of the values of a pair result (a signed distance pair, a
/// penetration pair, a contact patch) that a caller hands back to a
/// function computing from it (kinematics, forces). Such a result may have
/// been assembled or edited by hand; these checks make a function refuse it,
/// naming the field, rather than return NaN.

#include <Eigen/Core>

#include "query_results/contact_patch.h"
#include "query_results/penetration_as_point_pair.h"
#include "query_results/signed_distance_pair.h"

namespace hydrocontact::internal {

/// How far from 1 a normal's length may be: a normal computed in single
/// precision, or read back from a file, passes.
inline constexpr double kUnitNormalTolerance = 1e-6;

/// Whether `nhat` is finite and of unit length within kUnitNormalTolerance.
bool IsUnitNormal(const Eigen::Vector3d& nhat);

/// @throws std::invalid_argument "{caller}: the {kind}'s {field} is {value},
///         not finite" unless `value` is finite.
void RequireFinitePairValue(const char* caller, const char* kind, const char* field, double value);

/// @throws std::invalid_argument naming `caller`, `kind`, `field` and the
///         vector unless every coordinate is finite.
void RequireFinitePairValue(const char* caller, const char* kind, const char* field,
                            const Eigen::Vector3d& value);

/// @throws std::invalid_argument naming `caller`, `kind`, `field`, the
///         vector and its norm unless IsUnitNormal(nhat).
void RequireUnitPairNormal(const char* caller, const char* kind, const char* field,
                           const Eigen::Vector3d& nhat);

/// The checks above for every field of a penetration pair (p_WCa, p_WCb,
/// depth finite; nhat_BA_W unit), with `kind` "penetration pair".
void RequirePenetrationPairValues(const char* caller, const PenetrationAsPointPair& pair);

/// The same for a signed distance pair (p_ACa, p_BCb, distance finite;
/// nhat_BA_W unit), with `kind` "signed distance pair".
void RequireSignedDistancePairValues(const char* caller, const SignedDistancePair& pair);

/// @throws std::invalid_argument naming `caller` and the point's index
///         unless the patch's depth, every point and every point's depth
///         are finite.
void RequireContactPatchValues(const char* caller, const ContactPatch& patch);

}  // namespace hydrocontact::internal
