#include "proximity/distance/shape_bounds.h"

#include <limits>

#include "proximity/height_field_surface.h"

namespace hydrocontact {

std::optional<Aabb> CalcPrimitiveBoundingBox(const Shape& shape) {
  using Eigen::Vector3d;
  auto centred = [](const Vector3d& half) { return Aabb(-half, half); };
  if (const auto* s = std::get_if<Sphere>(&shape)) return centred(Vector3d::Constant(s->radius()));
  if (const auto* b = std::get_if<Box>(&shape)) return centred(b->half_size());
  if (const auto* c = std::get_if<Cylinder>(&shape)) {
    return centred({c->radius(), c->radius(), c->length() / 2});
  }
  if (const auto* c = std::get_if<Capsule>(&shape)) {
    return centred({c->radius(), c->radius(), c->length() / 2 + c->radius()});
  }
  if (const auto* e = std::get_if<Ellipsoid>(&shape)) return centred(e->semi_axes());
  if (const auto* t = std::get_if<Torus>(&shape)) {
    const double rho = t->major_radius() + t->minor_radius();
    return centred({rho, rho, t->minor_radius()});
  }
  if (const auto* f = std::get_if<HeightField>(&shape)) {
    // z up to the control nets' highest value: the bicubic may overshoot
    // the highest sample between samples, never its control net.
    return Aabb(Vector3d(-f->half_x(), -f->half_y(), f->bottom()),
                Vector3d(f->half_x(), f->half_y(), CalcHeightFieldBounds(*f).h_max));
  }
  if (std::holds_alternative<HalfSpace>(shape)) {
    const double inf = std::numeric_limits<double>::infinity();
    return Aabb(Vector3d::Constant(-inf), Vector3d(inf, inf, 0));
  }
  return std::nullopt;
}

}  // namespace hydrocontact
