#include "proximity/representation/make_ellipsoid_mesh.h"

#include <string>

#include <fmt/format.h>

#include "proximity/representation/make_geodesic_sphere.h"

namespace hydrocontact {
namespace internal {
namespace {

// The geodesic frequency n = ⌈kFrequencyPerHint·(max(a, b, c) + δ)/h⌉. The
// map d ↦ S·d stretches a unit-sphere edge by at most max(a, b, c) + δ, so
// boundary edges are at most (kGeodesicEdgeFactor/kFrequencyPerHint)·h =
// 0.92·h long. The constant is the density at which the accuracy benchmark's
// sphere (pressed 20% of r into a rigid plane) reaches the reference
// implementation's force error with fewer contact faces at both of its
// published hints (edges then average about 0.8·h).
constexpr double kFrequencyPerHint = 1.45;
double Frequency(const Eigen::Vector3d& semi, double h, double margin) {
  return SegmentCount(kFrequencyPerHint * (semi.maxCoeff() + margin), h);
}

// The boundary point of direction d: S·d on the ellipsoid (gauge exactly 1
// up to rounding), moved δ along the outward normal ∝ S⁻¹·d.
Eigen::Vector3d BoundaryPoint(const Eigen::Vector3d& semi, double margin, const Eigen::Vector3d& d) {
  Eigen::Vector3d p = semi.cwiseProduct(d);
  if (margin > 0) p += margin * d.cwiseQuotient(semi).normalized();
  return p;
}

// The shape as its meshes' refusals name it.
std::string DescribeCones(const char* shape, const Eigen::Vector3d& semi, double margin, double h) {
  return fmt::format("{} of semi-axes {:g}, {:g}, {:g} m (margin {:g} m) at resolution hint {:g} m",
                     shape, semi.x(), semi.y(), semi.z(), margin, h);
}

}  // namespace

VolumeMeshWithExtent MakeEllipsoidConeVolumeMesh(const char* shape, const Eigen::Vector3d& semi_axes,
                                               double resolution_hint, double margin) {
  RequireResolutionHint(shape, resolution_hint);
  RequireMargin(shape, margin);
  const double n = Frequency(semi_axes, resolution_hint, margin);
  CheckMeshSize(shape, "tetrahedra", 20 * n * n, resolution_hint, 2);
  const GeodesicSphere sphere = MakeGeodesicSphere(int(n));
  // Vertex 0 is the centre (e = 1), vertex 1 + i the boundary point of
  // direction i (e = 0).
  std::vector<Eigen::Vector3d> vertices;
  vertices.reserve(sphere.directions.size() + 1);
  vertices.push_back(Eigen::Vector3d::Zero());
  for (const auto& d : sphere.directions) vertices.push_back(BoundaryPoint(semi_axes, margin, d));
  std::vector<double> extent(vertices.size(), 0.0);
  extent[0] = 1.0;
  // One cone per boundary triangle from the centre: e = 1 − gauge is linear
  // along every ray from the centre, so each cone's field is exact on its
  // three radial edges, and no tetrahedron lies wholly on the boundary. An
  // outward triangle seen from the centre gives a positive tetrahedron.
  std::vector<VolumeMesh::Element> tetrahedra;
  tetrahedra.reserve(sphere.triangles.size());
  for (const auto& t : sphere.triangles) tetrahedra.push_back({0, t[0] + 1, t[1] + 1, t[2] + 1});
  return {MakePrimitiveVolumeMesh(DescribeCones(shape, semi_axes, margin, resolution_hint),
                                  std::move(tetrahedra), std::move(vertices)),
          std::move(extent)};
}

TriangleSurfaceMesh MakeEllipsoidConeSurfaceMesh(const char* shape, const Eigen::Vector3d& semi_axes,
                                               double resolution_hint, double margin) {
  RequireResolutionHint(shape, resolution_hint);
  RequireMargin(shape, margin);
  const double n = Frequency(semi_axes, resolution_hint, margin);
  CheckMeshSize(shape, "triangles", 20 * n * n, resolution_hint, 2);
  GeodesicSphere sphere = MakeGeodesicSphere(int(n));
  for (auto& d : sphere.directions) d = BoundaryPoint(semi_axes, margin, d);
  std::vector<TriangleSurfaceMesh::Element> triangles(sphere.triangles.begin(),
                                                      sphere.triangles.end());
  return MakePrimitiveSurfaceMesh(DescribeCones(shape, semi_axes, margin, resolution_hint),
                                  std::move(triangles), std::move(sphere.directions));
}

}  // namespace internal

VolumeMeshWithExtent MakeEllipsoidVolumeMesh(const Ellipsoid& ellipsoid, double resolution_hint,
                                             double margin) {
  return internal::MakeEllipsoidConeVolumeMesh("Ellipsoid", ellipsoid.semi_axes(), resolution_hint,
                                             margin);
}

TriangleSurfaceMesh MakeEllipsoidSurfaceMesh(const Ellipsoid& ellipsoid, double resolution_hint,
                                             double margin) {
  return internal::MakeEllipsoidConeSurfaceMesh("Ellipsoid", ellipsoid.semi_axes(), resolution_hint,
                                              margin);
}

}  // namespace hydrocontact
