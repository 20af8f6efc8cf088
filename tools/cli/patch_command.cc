// `hydrocontact patch A B`: the contact patch (Coal's ContactPatch) of two
// convex geometries, as one JSON object.

#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "proximity/distance/contact_patch.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/shape_pair_distance.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"

namespace hydrocontact::cli {
namespace {

std::string Help() {
  return std::string(R"(usage: hydrocontact patch A B [options]

The contact patch of geometries A and B (taken as convex; a mesh file as the
hull of its vertices) when they touch or overlap: the planar polygon where
both shapes' support sets near the separating plane overlap (a face on a
face: the clipped polygon; an edge: a segment; a vertex or a curved surface:
a point; a cylinder's flat end: a regular polygon). Quantities are in W.

Options:
  --tolerance t   a shape's support set is the part within t (m) of its
                  supporting plane (default 0.001; for a box or a mesh's hull
                  at most half its extent along the normal)
  --cap-sides n   vertices of a polygonised cylinder end (default 16, 3 to 100000)

Output when they are apart:
  {"in_contact": false, "distance": d, "patches": []}

Output when they touch or overlap:
  in_contact      true
  geometry_a, geometry_b   the specs as given
  distance        the signed distance (m), <= 0
  patches         an array of one patch, with
    normal        the patch normal, from A to B, in W
    origin        the patch frame's origin (midway between the witness
                  points), in W
    x_axis, y_axis   the frame's tangent axes in W
    penetration_depth   the signed distance d (Coal's convention: < 0 when
                  overlapping)
    point_penetration_depths   each point's own signed separation d_i (m)
                  of the two surfaces along the normal line through it (as
                  penetration_depth: < 0 overlapping; d at the witness
                  points, varying across a tilted face)
    points_2d     the polygon, [x, y] in the frame, counter-clockwise about
                  the normal
    points        the same points in W (on the patch plane)
    points_on_a   each point moved onto A's surface: p - d/2 * normal
    points_on_b   each point moved onto B's surface: p + d/2 * normal

Two half-spaces are refused.
)") + GeometryArgumentsHelp(2) +
         "\nOn bad input prints one line on stderr and exits 2.\n";
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed = ParseArgs(args, 2, 0, {"--tolerance", "--cap-sides"}, {});
  const GeometryArg& a = parsed.geometries[0];
  const GeometryArg& b = parsed.geometries[1];
  if (std::holds_alternative<HalfSpace>(a.shape) && std::holds_alternative<HalfSpace>(b.shape)) {
    throw UsageError("A '" + a.spec + "' and B '" + b.spec + "' are both half-spaces: their overlap is unbounded");
  }
  ContactPatchSettings settings;
  if (parsed.options.count("--tolerance")) {
    settings.tolerance = ParseDouble(parsed.options.at("--tolerance"), "--tolerance");
    if (settings.tolerance < 0) throw UsageError(fmt::format("--tolerance: must be >= 0, got {}", settings.tolerance));
  }
  if (parsed.options.count("--cap-sides")) {
    const double n = ParseDouble(parsed.options.at("--cap-sides"), "--cap-sides");
    static_assert(kMaxCylinderCapSides == 100000, "the help above names the bound");
    if (n != std::floor(n) || n < 3 || n > kMaxCylinderCapSides) {
      throw UsageError(fmt::format("--cap-sides: must be an integer in [3, {}], got '{}'", kMaxCylinderCapSides,
                                   parsed.options.at("--cap-sides")));
    }
    settings.cylinder_cap_sides = static_cast<int>(n);
  }
  // A gets the smaller id, so results come back in the command's order.
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  // The patch is defined for convex shapes: a mesh file is taken as the
  // hull of its vertices, as the help says (its own surface could be
  // non-convex, or open, which the hull does not mind).
  auto convex = [](const Shape& shape) -> Shape {
    if (const auto* mesh = std::get_if<Mesh>(&shape)) return Convex(mesh->file(), mesh->scale());
    return shape;
  };
  const DistanceGeometry geometry_A = MakeDistanceGeometry(convex(a.shape));
  const DistanceGeometry geometry_B = MakeDistanceGeometry(convex(b.shape));
  const SignedDistancePair sd = ComputeSignedDistancePair(id_A, geometry_A, a.X_WG, id_B, geometry_B, b.X_WG);
  Json out = Json::MakeObject();
  Json patches = Json::MakeArray();
  if (!(sd.distance <= 0)) {
    out.Set("in_contact", false).Set("distance", sd.distance).Set("patches", std::move(patches));
    std::cout << out.Dump();
    return 0;
  }
  const ContactPatch patch = ComputeContactPatch(sd, geometry_A, a.X_WG, geometry_B, b.X_WG, settings);
  Json points_2d = Json::MakeArray(), points = Json::MakeArray(), on_a = Json::MakeArray(), on_b = Json::MakeArray();
  Json depths = Json::MakeArray();
  for (int i = 0; i < patch.size(); ++i) {
    depths.Push(Json(patch.point_penetration_depths[i]));
    points_2d.Push(Json(Json::Array{Json(patch.points[i].x()), Json(patch.points[i].y())}));
    points.Push(Json(patch.point_W(i)));
    on_a.Push(Json(patch.point_on_shape_A_W(i)));
    on_b.Push(Json(patch.point_on_shape_B_W(i)));
  }
  const Eigen::Matrix3d& R = patch.X_WP.rotation();
  Json p = Json::MakeObject();
  p.Set("normal", Json(patch.normal_W()))
      .Set("origin", Json(patch.X_WP.translation()))
      .Set("x_axis", Json(Eigen::Vector3d(R.col(0))))
      .Set("y_axis", Json(Eigen::Vector3d(R.col(1))))
      .Set("penetration_depth", patch.penetration_depth)
      .Set("point_penetration_depths", std::move(depths))
      .Set("points_2d", std::move(points_2d))
      .Set("points", std::move(points))
      .Set("points_on_a", std::move(on_a))
      .Set("points_on_b", std::move(on_b));
  patches.Push(std::move(p));
  out.Set("in_contact", true)
      .Set("geometry_a", a.spec)
      .Set("geometry_b", b.spec)
      .Set("distance", sd.distance)
      .Set("patches", std::move(patches));
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("patch", Command{"contact patch (polygon) of two convex geometries", Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
