// `hydrocontact ray A x,y,z dx,dy,dz`: the first point where a ray meets
// one geometry, as one JSON object.

#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "geometry/supported_range.h"
#include "geometry/unit_direction.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/ray_intersection.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"

namespace hydrocontact::cli {
namespace {

std::string Help() {
  return std::string(R"(usage: hydrocontact ray A x,y,z dx,dy,dz [--max-distance d] [options]

The first point where the ray from O = (x, y, z) along (dx, dy, dz), both in
the world frame W, meets the surface of geometry A (placed by --pose). From
outside the ray enters A there; from inside (O strictly inside A) it leaves.
The direction need not be unit length. Curved primitives (sphere, ellipsoid,
cylinder, capsule, torus) are intersected exactly, not their meshes; a mesh
(.obj, .vtk) by its triangles, or its convex hull with --convex.

Options:
  --max-distance d   ignore hits farther than d (m) along the ray; default
                     unlimited

Output members:
  geometry   the spec as given
  p_WO       the ray's origin, in W
  direction  the unit direction, in W
  hit        true when the ray meets the surface (within --max-distance);
             the members below are present only then
  distance   distance from O to the hit point along the ray (m)
  p_WH       the hit point, in W
  normal     the OUTWARD unit surface normal at the hit point, in W (also
             when the ray leaves the solid there)
  entering   true when the ray enters the solid at the hit, false when it
             leaves (O inside)
)") + GeometryArgumentsHelp(1) +
         "\nOn bad input prints one line on stderr and exits 2.\n";
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed = ParseArgs(args, 1, 2, {"--max-distance"}, {});
  const GeometryArg& g = parsed.geometries.front();
  const Eigen::Vector3d p_WO = internal::RequireCoordinates(
      "ray", "the origin x,y,z", ParseVector3(parsed.positionals[0], "the origin x,y,z"));
  const Eigen::Vector3d dir_W = ParseVector3(parsed.positionals[1], "the direction dx,dy,dz");
  const std::optional<Eigen::Vector3d> unit_W = UnitDirection(dir_W);
  if (!unit_W) {
    throw UsageError("the direction dx,dy,dz must not be zero");
  }
  double max_distance = std::numeric_limits<double>::infinity();
  if (parsed.options.count("--max-distance")) {
    max_distance = ParseDouble(parsed.options.at("--max-distance"), "--max-distance");
    if (!(max_distance >= 0)) {
      throw UsageError(fmt::format("--max-distance must be >= 0, got {}", max_distance));
    }
  }
  const DistanceGeometry geometry = MakeDistanceGeometry(g.shape);
  const RigidTransform X_GW = g.X_WG.inverse();
  const auto hit = IntersectRay(geometry, X_GW * p_WO, X_GW.rotation() * dir_W, max_distance);
  Json out = Json::MakeObject();
  out.Set("geometry", g.spec)
      .Set("p_WO", Json(p_WO))
      .Set("direction", Json(*unit_W))
      .Set("hit", hit.has_value());
  if (hit) {
    out.Set("distance", hit->distance)
        .Set("p_WH", Json(g.X_WG * hit->p_GH))
        .Set("normal", Json(Eigen::Vector3d(g.X_WG.rotation() * hit->nhat_G)))
        .Set("entering", hit->entering);
  }
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("ray", Command{"first hit of a ray on a geometry", Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
