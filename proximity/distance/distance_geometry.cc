#include "proximity/distance/distance_geometry.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "geometry/supported_range.h"
#include "mesh/mesh_file.h"
#include "mesh/volume_mesh.h"
#include "proximity/representation/convex_hull.h"
#include "proximity/height_field_surface.h"
#include "proximity/representation/make_convex_mesh.h"
#include "proximity/representation/make_height_field_mesh.h"
#include "proximity/representation/make_mesh_common.h"
#include "proximity/representation/make_torus_mesh.h"

namespace hydrocontact {

namespace {

// The tessellation edge of a torus's distance mesh, in minor radii:
// MakeTorusSurfaceMesh puts 6⌈r/h⌉ = 48 segments around the tube.
constexpr double kTorusTessellationSegment = 1.0 / 8;

double MaxVertexNorm(const std::vector<Eigen::Vector3d>& vertices) {
  double r = 0;
  for (const Eigen::Vector3d& v : vertices) r = std::max(r, v.norm());
  return r;
}

}  // namespace

DistanceGeometry MakeDistanceGeometry(const Shape& shape, const MeshFileData* mesh_file_data) {
  DistanceGeometry g;
  g.shape = shape;
  if (const auto* sphere = std::get_if<Sphere>(&shape)) {
    g.bounding_radius = sphere->radius();
  } else if (const auto* box = std::get_if<Box>(&shape)) {
    g.bounding_radius = box->half_size().norm();
  } else if (const auto* cylinder = std::get_if<Cylinder>(&shape)) {
    g.bounding_radius = std::hypot(cylinder->radius(), cylinder->length() / 2);
  } else if (const auto* capsule = std::get_if<Capsule>(&shape)) {
    g.bounding_radius = capsule->radius() + capsule->length() / 2;
  } else if (const auto* ellipsoid = std::get_if<Ellipsoid>(&shape)) {
    g.bounding_radius = ellipsoid->semi_axes().maxCoeff();
  } else if (std::holds_alternative<HalfSpace>(shape)) {
    g.bounding_radius = std::numeric_limits<double>::infinity();
  } else if (const auto* torus = std::get_if<Torus>(&shape)) {
    // The pairs without a closed form (all but sphere and half-space) use
    // an inscribed tessellation of 48 segments around the tube: its surface
    // lies within r(1 − cos(π/48)) ≈ 2.1e-3·r inside the true one. Its
    // segments, r/8, must be supported lengths.
    if (!(kTorusTessellationSegment * torus->minor_radius() >= kMinLength)) {
      throw std::invalid_argument(fmt::format(
          "Torus: a minor radius of {:g} m is below {:g} m, the smallest whose distance "
          "tessellation (48 segments around the tube, r/8 each) keeps to the supported lengths "
          "(at least {:g} m)",
          torus->minor_radius(), kMinLength / kTorusTessellationSegment, kMinLength));
    }
    // Its slices around the axis are r/8 long too, so a slender torus (R/r
    // beyond about 3e3 at the default limit) can exceed the element limit:
    // the tessellation's hint is not the user's, so the refusal names the
    // shape's proportions, not a hint.
    TriangleSurfaceMesh tessellation;
    try {
      tessellation =
          MakeTorusSurfaceMesh(*torus, kTorusTessellationSegment * torus->minor_radius());
    } catch (const MeshSizeLimitError&) {
      throw MeshSizeLimitError(fmt::format(
          "Torus: a major radius of {:g} m, {:.3g} times the minor radius {:g} m, is too slender "
          "for its distance tessellation (48 segments around the tube and slices r/8 long "
          "around the axis) to stay within the element limit {:g}",
          torus->major_radius(), torus->major_radius() / torus->minor_radius(),
          torus->minor_radius(), MaxMeshElements()));
    }
    g.mesh = std::make_shared<const MeshDistanceData>(MakeMeshDistanceData(std::move(tessellation)));
    g.bounding_radius = torus->major_radius() + torus->minor_radius();
  } else if (const auto* field = std::get_if<HeightField>(&shape)) {
    const HeightCellBounds bounds = CalcHeightFieldBounds(*field);
    RequireSurfaceAboveBottom(*field, bounds);
    // The linear interpolation error falls as 1/k²: k = ⌈√(ε₁/tolerance)⌉.
    const double tolerance = 1e-3 * std::min(field->dx(), field->dy());
    const double error_1 = CalcTessellationError(*field, bounds.hessian_norm, 1);
    const double cells = double(field->nx() - 1) * (field->ny() - 1);
    const double k_budget = std::sqrt(kHeightFieldDistanceTriangles / (2 * cells));
    const double k_wanted = std::ceil(std::sqrt(error_1 / tolerance) - 1e-9);
    const int k = static_cast<int>(std::clamp(std::min({k_wanted, 16.0, std::floor(k_budget)}), 1.0, 16.0));
    try {
      g.mesh = std::make_shared<const MeshDistanceData>(
          MakeMeshDistanceData(MakeHeightFieldSurfaceMeshWithSubdivisions(*field, k)));
    } catch (const std::invalid_argument& e) {
      // The sampled surface is a valid solid's top by construction; a
      // tessellation that still fails has folded where the heights change
      // by orders of magnitude more than the sample spacing.
      throw std::invalid_argument(fmt::format(
          "HeightField ({} x {} samples, dx {:g} m, dy {:g} m, heights {:g} to {:g} m): its surface "
          "cannot be tessellated for distance queries ({}); heights that change by many orders of "
          "magnitude more than the sample spacing (a near-vertical spike or wall) fold the "
          "tessellation: sample the field more finely or limit its slopes",
          field->nx(), field->ny(), field->dx(), field->dy(), field->min_height(),
          field->max_height(), e.what()));
    }
    g.mesh_error = CalcTessellationError(*field, bounds.hessian_norm, k);
    g.bounding_radius = MaxVertexNorm(g.mesh->mesh.vertices()) + g.mesh_error;
  } else if (const auto* convex = std::get_if<Convex>(&shape)) {
    const std::vector<Eigen::Vector3d> points = ReadConvexPoints(*convex);
    try {
      g.mesh = std::make_shared<const MeshDistanceData>(
          MakeMeshDistanceData(ComputeConvexHull(points)));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(
          fmt::format("Convex '{}': {}", convex->file().string(), e.what()));
    }
    g.hull = std::shared_ptr<const TriangleSurfaceMesh>(g.mesh, &g.mesh->mesh);
    g.bounding_radius = MaxVertexNorm(g.mesh->mesh.vertices());
  } else if (const auto* mesh = std::get_if<Mesh>(&shape)) {
    // The surface file itself, or the boundary of the volume file.
    TriangleSurfaceMesh surface = MeshFileSurface(mesh->file(), mesh->scale(), mesh_file_data);
    try {
      g.mesh = std::make_shared<const MeshDistanceData>(MakeMeshDistanceData(std::move(surface)));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("Mesh '{}': {}", mesh->file().string(), e.what()));
    }
    g.bounding_radius = MaxVertexNorm(g.mesh->mesh.vertices());
  }
  return g;
}

namespace internal {

void RequireDistanceGeometry(const DistanceGeometry& geometry, const char* caller) {
  const Shape& shape = geometry.shape;
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument(fmt::format(
        "{}: the distance geometry of the {} {}; build it with MakeDistanceGeometry", caller,
        ShapeName(shape), why));
  };
  const bool has_mesh_data = std::holds_alternative<Mesh>(shape) ||
                             std::holds_alternative<Convex>(shape) ||
                             std::holds_alternative<Torus>(shape) ||
                             std::holds_alternative<HeightField>(shape);
  if (has_mesh_data) {
    if (geometry.mesh == nullptr) fail("has no mesh distance data");
    RequireMeshDistanceData(*geometry.mesh, caller);
  }
  if (std::holds_alternative<Convex>(shape) && geometry.hull == nullptr) fail("has no hull");
  if (!(geometry.bounding_radius > 0)) {
    fail(fmt::format("has the bounding radius {} (it must be positive)", geometry.bounding_radius));
  }
  if (!(geometry.mesh_error >= 0) || !std::isfinite(geometry.mesh_error)) {
    fail(fmt::format("has the mesh error {} (it must be finite and >= 0)", geometry.mesh_error));
  }
}

}  // namespace internal

}  // namespace hydrocontact
