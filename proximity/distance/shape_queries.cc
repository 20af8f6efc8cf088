#include "proximity/distance/shape_queries.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "geometry/unit_direction.h"
#include "proximity/distance/height_field_distance.h"
#include "proximity/distance/shape_pair_distance.h"
#include "proximity/distance/support_mapping.h"

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

Vector3d RequireDirection(const Vector3d& d_G) {
  const std::optional<Vector3d> dhat = UnitDirection(d_G);
  if (!dhat) {
    throw std::invalid_argument(fmt::format(
        "CalcSupportPoint: direction ({}, {}, {}) must be nonzero and finite", d_G.x(), d_G.y(),
        d_G.z()));
  }
  return *dhat;
}

Vector3d TorusSupport(const Torus& torus, const Vector3d& dhat) {
  const double rho = std::hypot(dhat.x(), dhat.y());
  // The centre-circle point extreme in d, then out along d by r.
  const Vector3d radial = rho > 0 ? Vector3d(dhat.x() / rho, dhat.y() / rho, 0)
                                  : Vector3d::UnitX();
  return torus.major_radius() * radial + torus.minor_radius() * dhat;
}

}  // namespace

NearestPoint FindNearestPoint(const DistanceGeometry& G, const Vector3d& p_GQ) {
  if (!p_GQ.allFinite()) {
    throw std::invalid_argument(fmt::format("FindNearestPoint: point ({}, {}, {}) must be finite",
                                            p_GQ.x(), p_GQ.y(), p_GQ.z()));
  }
  const PointShapeDistance d = CalcPointDistance(G, p_GQ);
  return {d.p_GN, d.distance < 0, d.grad_G, d.distance};
}

BoundingSphere CalcBoundingSphere(const DistanceGeometry& G) {
  internal::RequireDistanceGeometry(G, "CalcBoundingSphere");
  const Shape& shape = G.shape;
  if (const auto* s = std::get_if<Sphere>(&shape)) return {Vector3d::Zero(), s->radius()};
  if (const auto* b = std::get_if<Box>(&shape)) return {Vector3d::Zero(), b->half_size().norm()};
  if (const auto* c = std::get_if<Cylinder>(&shape)) {
    return {Vector3d::Zero(), std::hypot(c->radius(), c->length() / 2)};
  }
  if (const auto* c = std::get_if<Capsule>(&shape)) {
    return {Vector3d::Zero(), c->radius() + c->length() / 2};
  }
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) {
    return {Vector3d::Zero(), e->semi_axes().maxCoeff()};
  }
  if (std::holds_alternative<HalfSpace>(shape)) {
    return {Vector3d::Zero(), std::numeric_limits<double>::infinity()};
  }
  if (const auto* t = std::get_if<Torus>(&shape)) {
    return {Vector3d::Zero(), t->major_radius() + t->minor_radius()};
  }
  // Mesh or Convex: the vertices' box centre and the farthest vertex.
  const auto& vertices = G.mesh->mesh.vertices();
  Aabb box;
  for (const Vector3d& v : vertices) box.Include(v);
  const Vector3d centre = box.center();
  double r2 = 0;
  for (const Vector3d& v : vertices) r2 = std::max(r2, (v - centre).squaredNorm());
  // A height field's true surface strays up to mesh_error from its
  // tessellation (0 for the others, whose mesh is the surface).
  return {centre, std::sqrt(r2) + G.mesh_error};
}

Vector3d CalcSupportPoint(const DistanceGeometry& G, const Vector3d& d_G) {
  internal::RequireDistanceGeometry(G, "CalcSupportPoint");
  const Vector3d dhat = RequireDirection(d_G);
  const Shape& shape = G.shape;
  if (const auto* s = std::get_if<Sphere>(&shape)) return s->radius() * dhat;
  if (const auto* b = std::get_if<Box>(&shape)) return BoxSupport{b->half_size()}.Support(dhat);
  if (const auto* c = std::get_if<Cylinder>(&shape)) {
    return CylinderSupport{c->radius(), c->length() / 2}.Support(dhat);
  }
  if (const auto* c = std::get_if<Capsule>(&shape)) {
    const Vector3d half(0, 0, c->length() / 2);
    return SegmentSupport{-half, half, 0}.Support(dhat) + c->radius() * dhat;
  }
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) {
    return EllipsoidSupport{e->semi_axes()}.Support(dhat);
  }
  if (std::holds_alternative<HalfSpace>(shape)) {
    if (HasHalfSpaceSupport(dhat)) return Vector3d::Zero();
    throw std::invalid_argument(fmt::format(
        "CalcSupportPoint: the half-space z <= 0 has no support point in direction ({}, {}, {}) "
        "(it is unbounded that way); only +z has one",
        d_G.x(), d_G.y(), d_G.z()));
  }
  if (const auto* t = std::get_if<Torus>(&shape)) return TorusSupport(*t, dhat);
  if (const auto* f = std::get_if<HeightField>(&shape)) {
    return CalcHeightFieldSupport(*f, *G.mesh, dhat, false);
  }
  // Mesh or Convex: the extreme point of a polyhedral surface is a vertex.
  return PolytopeSupport{G.mesh->mesh.vertices()}.Support(dhat);
}

bool HasHalfSpaceSupport(const Vector3d& d_G) {
  return d_G.z() > 0 && std::hypot(d_G.x(), d_G.y()) <= 1e-12 * d_G.z();
}


}  // namespace hydrocontact
