// `hydrocontact point-distance A x,y,z`: the signed distance from a point
// to one geometry, as one JSON object.

#include <iostream>
#include <string>
#include <vector>

#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/shape_pair_distance.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"

namespace hydrocontact::cli {
namespace {

std::string Help() {
  return std::string(R"(usage: hydrocontact point-distance A x,y,z [options]

The signed distance from the point Q = (x, y, z), given in the world frame
W, to the surface of geometry A (placed by --pose): positive outside,
negative inside, with the nearest surface point and the gradient. A mesh
(.obj, .vtk) is taken as its true, possibly non-convex surface, or as its
convex hull with --convex. Compliance options are accepted and play no part.

Output members:
  geometry        the spec as given
  p_WQ            the query point, in W
  distance        the signed distance (m)
  p_WN            the point of A's surface nearest to Q, in W
  normal          the gradient of the signed distance at Q, a unit vector in
                  W: the outward surface normal at N, and
                  p_WQ = p_WN + distance * normal
  normal_defined  false when the gradient is not unique (Q equidistant from
                  several surface points, e.g. a sphere's centre): it is
                  then one valid choice, made deterministically
)") + GeometryArgumentsHelp(1) +
         "\nOn bad input prints one line on stderr and exits 2.\n";
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed = ParseArgs(args, 1, 1, {}, {});
  const GeometryArg& g = parsed.geometries.front();
  const Eigen::Vector3d p_WQ = ParseVector3(parsed.positionals.front(), "the point x,y,z");
  const SignedDistanceToPoint d = ComputeSignedDistanceToPoint(
      GeometryId::get_new_id(), MakeDistanceGeometry(g.shape), g.X_WG, p_WQ);
  Json out = Json::MakeObject();
  out.Set("geometry", g.spec)
      .Set("p_WQ", Json(p_WQ))
      .Set("distance", d.distance)
      .Set("p_WN", Json(g.X_WG * d.p_GN))
      .Set("normal", Json(d.grad_W))
      .Set("normal_defined", d.is_grad_W_unique);
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("point-distance",
                               Command{"signed distance from a point to a geometry", Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
