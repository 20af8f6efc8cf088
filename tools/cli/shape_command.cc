// `hydrocontact shape A [--point x,y,z]`: what one shape answers about
// itself (Simbody's ContactGeometry queries), as one JSON object.

#include <cmath>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "geometry/supported_range.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/height_field_distance.h"
#include "proximity/distance/implicit_surface.h"
#include "proximity/distance/shape_queries.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"

namespace hydrocontact::cli {
namespace {

std::string Help() {
  return std::string(R"(usage: hydrocontact shape A [--point x,y,z] [options]

What geometry A answers about itself, in the world frame W (A placed by
--pose): a bounding sphere, whether it is smooth and convex, its support
points along +-x, +-y, +-z of W, and, with --point, the nearest surface point
to the given point and the surface's normal and curvatures there.

Options:
  --point x,y,z   a query point Q in W

Output members:
  geometry         the spec as given
  smooth           true for sphere, ellipsoid, capsule, torus, half-space
  convex           false for a mesh (.obj/.vtk without --convex), a torus and
                   a height field
  bounding_sphere  {"center": [x,y,z] in W, "radius": m}: the smallest for
                   primitives, within a factor sqrt(3) of it for meshes;
                   radius null (unbounded) for a half-space
  support_points   {"+x": [x,y,z], "-x": ..., "+y", "-y", "+z", "-z"}: the
                   surface point farthest along each direction of W (a
                   half-space has only "+z")
With --point:
  point            {"p_WQ", "p_WN" (nearest surface point), "inside" (Q
                   strictly inside), "distance" (signed, negative inside),
                   "normal" (outward unit normal at N)}
  curvature        at N, for shapes with an implicit function (smooth
                   shapes, the cylinder's side and a height field's top (its
                   bicubic surface), when N is on them; null otherwise, e.g.
                   on a cylinder's flat end or rim, or a box
                   or mesh, whose edges have no curvature): {"k_max",
                   "k_min" (1/m, convex positive), "d_max", "d_min" (their
                   unit directions in W), "gaussian" (1/m^2)}
)") + GeometryArgumentsHelp(1) +
         "\nOn bad input prints one line on stderr and exits 2.\n";
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed = ParseArgs(args, 1, 0, {"--point"}, {});
  const GeometryArg& g = parsed.geometries.front();
  const DistanceGeometry geometry = MakeDistanceGeometry(g.shape);
  const Eigen::Matrix3d& R_WG = g.X_WG.rotation();
  Json out = Json::MakeObject();
  out.Set("geometry", g.spec)
      .Set("smooth", IsSmooth(g.shape))
      .Set("convex", IsConvex(g.shape));
  const BoundingSphere sphere = CalcBoundingSphere(geometry);
  Json bounding = Json::MakeObject();
  bounding.Set("center", Json(g.X_WG * sphere.p_GC));
  if (std::isfinite(sphere.radius)) {
    bounding.Set("radius", sphere.radius);
  } else {
    bounding.Set("radius", Json(nullptr));
  }
  out.Set("bounding_sphere", std::move(bounding));
  Json support = Json::MakeObject();
  const bool half_space = std::holds_alternative<HalfSpace>(g.shape);
  for (int axis = 0; axis < 3; ++axis) {
    for (const double sign : {1.0, -1.0}) {
      const Eigen::Vector3d d_W = sign * Eigen::Vector3d::Unit(axis);
      const Eigen::Vector3d d_G = R_WG.transpose() * d_W;
      // A half-space has a support point only along its own +z.
      if (half_space && !HasHalfSpaceSupport(d_G)) continue;
      const std::string name = std::string(sign > 0 ? "+" : "-") + "xyz"[axis];
      support.Set(name, Json(g.X_WG * CalcSupportPoint(geometry, d_G)));
    }
  }
  out.Set("support_points", std::move(support));
  if (parsed.options.count("--point")) {
    const Eigen::Vector3d p_WQ =
        internal::RequireCoordinates("shape", "--point", ParseVector3(parsed.options.at("--point"), "--point"));
    const Eigen::Vector3d p_GQ = g.X_WG.inverse() * p_WQ;
    const NearestPoint nearest = FindNearestPoint(geometry, p_GQ);
    Json point = Json::MakeObject();
    point.Set("p_WQ", Json(p_WQ))
        .Set("p_WN", Json(g.X_WG * nearest.p_GN))
        .Set("inside", nearest.inside)
        .Set("distance", nearest.distance)
        .Set("normal", Json(Eigen::Vector3d(R_WG * nearest.nhat_G)));
    out.Set("point", std::move(point));
    // A height field's implicit function describes its top only, and a
    // cylinder's its side only (an infinite cylinder): N on a flat bottom,
    // side, cap or rim has no curvature answer here (the side's function
    // there would give the curvature of another, coaxial cylinder).
    bool on_curved_part = HasImplicitFunction(g.shape);
    if (const auto* field = std::get_if<HeightField>(&g.shape)) {
      const double tol = 1e-9 * HeightFieldScale(*field);
      on_curved_part = std::abs(CalcSurfaceValue(g.shape, nearest.p_GN)) <= tol &&
                       std::abs(nearest.p_GN.z() - field->bottom()) > tol;
    } else if (const auto* cylinder = std::get_if<Cylinder>(&g.shape)) {
      const double tol = 1e-9 * std::max(cylinder->radius(), cylinder->length());
      const double rho = std::hypot(nearest.p_GN.x(), nearest.p_GN.y());
      on_curved_part = std::abs(rho - cylinder->radius()) <= tol &&
                       std::abs(nearest.p_GN.z()) < cylinder->length() / 2 - tol;
    }
    if (on_curved_part) {
      const PrincipalCurvatures k = CalcSurfacePrincipalCurvatures(g.shape, nearest.p_GN);
      Json curvature = Json::MakeObject();
      curvature.Set("k_max", k.k_max)
          .Set("k_min", k.k_min)
          .Set("d_max", Json(Eigen::Vector3d(R_WG * k.R_GP.col(0))))
          .Set("d_min", Json(Eigen::Vector3d(R_WG * k.R_GP.col(1))))
          .Set("gaussian", k.k_max * k.k_min);
      out.Set("curvature", std::move(curvature));
    } else {
      out.Set("curvature", Json(nullptr));
    }
  }
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("shape",
                               Command{"bounding sphere, support points, nearest point and "
                                       "curvatures of one geometry",
                                       Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
