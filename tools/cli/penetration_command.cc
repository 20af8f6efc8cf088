// `hydrocontact penetration A B`: the point-pair penetration of two
// geometries, as one JSON object.

#include <iostream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/shape_pair_distance.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"

namespace hydrocontact::cli {
namespace {

std::string Help() {
  return std::string(R"(usage: hydrocontact penetration A B [options]

Whether geometries A and B overlap and, if they do, their point-pair
penetration: the point of each deepest inside the other, the penetration
depth and the normal. Quantities are in the world frame W (the geometries
are placed by --pose-a and --pose-b). Meshes (.obj, .vtk) are taken as their
true, possibly non-convex surface, or as their convex hull with --convex-a /
--convex-b. Compliance options are accepted and play no part.

Output when they do not overlap (touching counts as not overlapping):
  {"penetrating": false}

Output when they overlap:
  penetrating     true
  geometry_a, geometry_b   the specs as given
  depth           penetration depth (m), > 0
  p_WCa           the point of A deepest inside B, in W
  p_WCb           the point of B deepest inside A, in W
  normal          unit normal pointing out of B toward A, in W: moving A by
                  depth * normal makes them touch (p_WCb = p_WCa + depth * normal)
  normal_defined  false when the normal is not unique (e.g. concentric
                  spheres): it is then one valid choice, made deterministically

Two half-spaces are refused (their overlap is unbounded).
)") + GeometryArgumentsHelp(2) +
         "\nOn bad input prints one line on stderr and exits 2.\n";
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed = ParseArgs(args, 2, 0, {}, {});
  const GeometryArg& a = parsed.geometries[0];
  const GeometryArg& b = parsed.geometries[1];
  if (std::holds_alternative<HalfSpace>(a.shape) && std::holds_alternative<HalfSpace>(b.shape)) {
    throw UsageError("A '" + a.spec + "' and B '" + b.spec +
                     "' are both half-spaces: their overlap is unbounded");
  }
  // A gets the smaller id, so results come back in the command's order.
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const DistanceGeometry geometry_A = MakeDistanceGeometry(a.shape);
  const DistanceGeometry geometry_B = MakeDistanceGeometry(b.shape);
  const std::optional<PenetrationAsPointPair> pair =
      ComputePenetration(id_A, geometry_A, a.X_WG, id_B, geometry_B, b.X_WG);
  Json out = Json::MakeObject();
  if (!pair) {
    out.Set("penetrating", false);
  } else {
    // The uniqueness flag lives on the signed-distance result, of which the
    // penetration is the negative part.
    const SignedDistancePair sd =
        ComputeSignedDistancePair(id_A, geometry_A, a.X_WG, id_B, geometry_B, b.X_WG);
    out.Set("penetrating", true)
        .Set("geometry_a", a.spec)
        .Set("geometry_b", b.spec)
        .Set("depth", pair->depth)
        .Set("p_WCa", Json(pair->p_WCa))
        .Set("p_WCb", Json(pair->p_WCb))
        .Set("normal", Json(pair->nhat_BA_W))
        .Set("normal_defined", sd.is_nhat_BA_W_unique);
  }
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("penetration",
                               Command{"point-pair penetration of two geometries", Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
