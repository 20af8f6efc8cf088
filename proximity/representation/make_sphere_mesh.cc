#include "proximity/representation/make_sphere_mesh.h"

#include "proximity/representation/make_ellipsoid_mesh.h"

namespace hydrocontact {

// A sphere inflated by δ is the sphere of radius r+δ: the normal offset of
// the ellipsoid map reduces to a radial one, so pass the inflated radius and
// no margin (one rounding fewer per vertex).
VolumeMeshWithExtent MakeSphereVolumeMesh(const Sphere& sphere, double resolution_hint,
                                          double margin) {
  internal::RequireMargin("Sphere", margin);
  return internal::MakeEllipsoidConeVolumeMesh(
      "Sphere", Eigen::Vector3d::Constant(sphere.radius() + margin), resolution_hint, 0.0);
}

TriangleSurfaceMesh MakeSphereSurfaceMesh(const Sphere& sphere, double resolution_hint,
                                          double margin) {
  internal::RequireMargin("Sphere", margin);
  return internal::MakeEllipsoidConeSurfaceMesh(
      "Sphere", Eigen::Vector3d::Constant(sphere.radius() + margin), resolution_hint, 0.0);
}

}  // namespace hydrocontact
