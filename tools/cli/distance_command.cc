// `hydrocontact distance A B [--max-distance d]`: the signed distance
// between two geometries, as one JSON object.

#include <iostream>
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
  return std::string(R"(usage: hydrocontact distance A B [--max-distance d] [options]

The signed distance between geometries A and B: positive when apart,
negative (minus the penetration depth) when they overlap, with the two
witness points and the normal. Quantities are in the world frame W (the
geometries are placed by --pose-a and --pose-b). Meshes (.obj, .vtk) are
taken as their true, possibly non-convex surface, or as their convex hull
with --convex-a / --convex-b. Compliance options are accepted and play no
part.

  --max-distance d   report the pair only if its signed distance is at most
                     d (m; any finite value, negative to ask for overlaps
                     deeper than -d), as a scene query with a distance
                     threshold would. Beyond it the output is
                     {"within_max_distance": false, "max_distance": d}.

Output members:
  geometry_a, geometry_b   the specs as given
  distance        the signed distance (m)
  p_WCa           the witness point on A's surface, in W (overlapping: the
                  point of A deepest inside B)
  p_WCb           the witness point on B's surface, in W
  normal          unit gradient of the distance with respect to A's
                  position, in W: it points from B toward A, and
                  p_WCa - p_WCb = distance * normal
  normal_defined  false when the normal is not unique (e.g. concentric
                  spheres): it is then one valid choice, made deterministically
  within_max_distance, max_distance   true and d, when --max-distance is given

Two half-spaces are refused (their distance is unbounded).
)") + GeometryArgumentsHelp(2) +
         "\nOn bad input prints one line on stderr and exits 2.\n";
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed = ParseArgs(args, 2, 0, {"--max-distance"}, {});
  const GeometryArg& a = parsed.geometries[0];
  const GeometryArg& b = parsed.geometries[1];
  const auto max_option = parsed.options.find("--max-distance");
  const bool has_max = max_option != parsed.options.end();
  const double max_distance = has_max ? ParseDouble(max_option->second, "--max-distance") : 0;
  if (std::holds_alternative<HalfSpace>(a.shape) && std::holds_alternative<HalfSpace>(b.shape)) {
    throw UsageError("A '" + a.spec + "' and B '" + b.spec +
                     "' are both half-spaces: their distance is unbounded");
  }
  // A gets the smaller id, so results come back in the command's order.
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const SignedDistancePair sd = ComputeSignedDistancePair(
      id_A, MakeDistanceGeometry(a.shape), a.X_WG, id_B, MakeDistanceGeometry(b.shape), b.X_WG);
  Json out = Json::MakeObject();
  if (has_max && sd.distance > max_distance) {
    out.Set("within_max_distance", false).Set("max_distance", max_distance);
  } else {
    out.Set("geometry_a", a.spec)
        .Set("geometry_b", b.spec)
        .Set("distance", sd.distance)
        .Set("p_WCa", Json(a.X_WG * sd.p_ACa))
        .Set("p_WCb", Json(b.X_WG * sd.p_BCb))
        .Set("normal", Json(sd.nhat_BA_W))
        .Set("normal_defined", sd.is_nhat_BA_W_unique);
    if (has_max) out.Set("within_max_distance", true).Set("max_distance", max_distance);
  }
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("distance",
                               Command{"signed distance between two geometries", Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
