#include "proximity/representation/make_ellipsoid_mesh.h"

#include <numbers>

#include "proximity/representation/make_lattice_mesh.h"

namespace hydrocontact {
namespace internal {
namespace {

// Shell count n for the ellipsoid with semi-axes `semi` inflated by δ.
double ShellCount(const Eigen::Vector3d& semi, double h, double margin) {
  return SegmentCount((std::numbers::pi / 2) * (semi.maxCoeff() + margin), h);
}

// The map of the octant simplex onto the ellipsoid's first octant: lattice
// point q on shell k = x+y+z goes to (k/n)·(S·d + δ·n̂), d the equal-angle
// direction of q, S = diag(a, b, c), n̂ the unit outward normal at S·d.
auto EllipsoidMap(const Eigen::Vector3d& semi, double margin, int n) {
  return [semi, margin, n](const LatticePoint& q) {
    const int k = q.sum();
    if (k == 0) return LatticeVertex{Eigen::Vector3d::Zero(), 1.0};
    const Eigen::Vector3d d = OctantDirection(q[0], q[1], q[2]);
    Eigen::Vector3d p = semi.cwiseProduct(d);
    if (margin > 0) p += margin * d.cwiseQuotient(semi).normalized();
    return LatticeVertex{(double(k) / n) * p, double(n - k) / n};
  };
}

}  // namespace

VolumeMeshWithExtent MakeOctantShellVolumeMesh(const char* shape, const Eigen::Vector3d& semi_axes,
                                               double resolution_hint, double margin) {
  RequireResolutionHint(shape, resolution_hint);
  RequireMargin(shape, margin);
  const double n = ShellCount(semi_axes, resolution_hint, margin);
  CheckMeshSize(shape, "tetrahedra", 8 * n * n * n, resolution_hint, 3);
  const int levels = static_cast<int>(n);
  SymmetricLatticeAssembler assembler(EllipsoidMap(semi_axes, margin, levels),
                                      size_t(4 * n * n * n / 3 + 8 * n * n),
                                      LatticePoint::Constant(levels));
  ForEachSimplexTetrahedron(levels, [&](const LatticeTetrahedron& t) { assembler.AddTetrahedron(t); });
  return assembler.BuildVolume();
}

TriangleSurfaceMesh MakeOctantShellSurfaceMesh(const char* shape, const Eigen::Vector3d& semi_axes,
                                               double resolution_hint, double margin) {
  RequireResolutionHint(shape, resolution_hint);
  RequireMargin(shape, margin);
  const double n = ShellCount(semi_axes, resolution_hint, margin);
  CheckMeshSize(shape, "triangles", 8 * n * n, resolution_hint, 2);
  const int levels = static_cast<int>(n);
  SymmetricLatticeAssembler assembler(EllipsoidMap(semi_axes, margin, levels),
                                      size_t(4 * n * n + 8), LatticePoint::Constant(levels));
  ForEachSimplexFaceTriangle(levels, [&](const LatticeTriangle& t) { assembler.AddTriangle(t); });
  return assembler.BuildSurface();
}

}  // namespace internal

VolumeMeshWithExtent MakeEllipsoidVolumeMesh(const Ellipsoid& ellipsoid, double resolution_hint,
                                             double margin) {
  return internal::MakeOctantShellVolumeMesh("Ellipsoid", ellipsoid.semi_axes(), resolution_hint,
                                             margin);
}

TriangleSurfaceMesh MakeEllipsoidSurfaceMesh(const Ellipsoid& ellipsoid, double resolution_hint,
                                             double margin) {
  return internal::MakeOctantShellSurfaceMesh("Ellipsoid", ellipsoid.semi_axes(), resolution_hint,
                                              margin);
}

}  // namespace hydrocontact
