#include "proximity/representation/make_cylinder_mesh.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <numbers>

#include "proximity/representation/make_lattice_mesh.h"

namespace hydrocontact {
namespace {

using internal::LatticePoint;
using internal::LatticeVertex;

// How the quadrant-prism lattice {x+y ≤ m, 0 ≤ z ≤ M} covers the first
// octant of the (inflated) cylinder: ring b = x+y at radius ρ(b), layer w at
// height z(w). Indices ≥ m_inner (resp. M_inner) lie in the skin, n levels
// of thickness skin/n; below them the core spacing is uniform.
struct CylinderLattice {
  double R{}, half_length{};
  double m{}, m_inner{}, n{}, M{}, M_inner{};
  double skin_r{}, skin_z{};

  double Rho(int b) const {
    return b >= m_inner ? R - (m - b) * (skin_r / n) : (R - skin_r) * (b / m_inner);
  }
  double Z(int w) const {
    return w >= M_inner ? half_length - (M - w) * (skin_z / n)
                        : (half_length - skin_z) * (w / M_inner);
  }
  // e in levels: the skin level of the nearer of side and cap, n in the core.
  double Extent(int b, int w) const {
    const double level_r = b >= m_inner ? m - b : n;
    const double level_z = w >= M_inner ? M - w : n;
    return std::min(level_r, level_z) / n;
  }
};

// The fewest rim rings a skin of level thickness `level` needs on radius R'
// (see PlanLattice).
double MinSkinRing(double R, double level) {
  const double max_sag = 0.9 * level / R;
  return max_sag >= 2 ? 1.0 : std::ceil(std::numbers::pi / (4 * std::acos(1 - max_sag)));
}

CylinderLattice PlanLattice(const Cylinder& cylinder, double h, double margin) {
  using internal::SegmentCount;
  CylinderLattice L;
  L.R = cylinder.radius() + margin;
  L.half_length = cylinder.length() / 2 + margin;
  const double H = std::min(L.R, L.half_length);
  const double rim = SegmentCount(std::numbers::pi / 2 * L.R, h);
  const double n0 = SegmentCount(H, h);
  if (L.R - H >= 0.5 * H / n0) {
    // Flat cylinder: a radial core inside the skin.
    L.n = n0;
    L.m_inner = std::max(SegmentCount(L.R - H, h), rim - L.n);
    // Ring b (4b points, equal angles π/(2b)) and the ring inside it are
    // joined by triangles; one whose inner vertex lies outside the chord
    // between two outer vertices is inverted. The chord comes within
    // ρ_b·cos(π/(4b)) of the axis, so the rings of the thin skin (one level
    // H/n apart, ρ_b ≤ R') need R'·(1 − cos(π/(4b))) < H/n for every skin
    // ring b > m_inner: enough rim segments that the rim's chords sag less
    // than a level (with 10% to spare for rounding). Core rings are spaced
    // in proportion to their radius, which always satisfies it.
    L.m_inner = std::max(L.m_inner, MinSkinRing(L.R, H / L.n) - 1);
    L.m = L.n + L.m_inner;
    L.skin_r = H;
  } else {
    L.n = std::max(n0, rim);
    L.m = L.n;
    L.m_inner = 0;
    L.skin_r = L.R;
  }
  if (L.half_length - H >= 0.5 * H / L.n) {
    // Long cylinder: an axial core.
    L.M_inner = SegmentCount(L.half_length - H, h);
    L.M = L.n + L.M_inner;
    L.skin_z = H;
  } else {
    L.M_inner = 0;
    L.M = L.n;
    L.skin_z = L.half_length;
  }
  return L;
}

// A cylinder so flat that even its coarsest valid mesh (one level, the rim
// segments its thin skin needs; see PlanLattice) exceeds the element limit
// cannot be meshed at any hint: say so, rather than suggest a hint that would
// not help.
void CheckFlatness(const Cylinder& cylinder, double margin, int exponent, const char* kind) {
  const double R = cylinder.radius() + margin, half_length = cylinder.length() / 2 + margin;
  if (half_length >= R) return;
  const double m = MinSkinRing(R, half_length);
  const double count = exponent == 3 ? 24 * m * m : 8 * m * m + 16 * m;
  const double limit = MaxMeshElements();
  if (count <= limit) return;
  throw MeshSizeLimitError(fmt::format(
      "Cylinder: radius {:g} m and length {:g} m (margin {:g} m) are too flat to mesh: rim "
      "chords that sag less than its half length {:g} m need about {:.3g} {} at any "
      "resolution hint (limit {:g})",
      cylinder.radius(), cylinder.length(), margin, half_length, count, kind, limit));
}

auto CylinderMap(const CylinderLattice& L) {
  return [L](const LatticePoint& q) {
    const int b = q[0] + q[1];
    const Eigen::Vector2d xy = b == 0 ? Eigen::Vector2d::Zero()
                                      : Eigen::Vector2d(L.Rho(b) * internal::QuadrantDirection(q[0], q[1]));
    return LatticeVertex{Eigen::Vector3d(xy.x(), xy.y(), L.Z(q[2])), L.Extent(b, q[2])};
  };
}

}  // namespace

VolumeMeshWithExtent MakeCylinderVolumeMesh(const Cylinder& cylinder, double resolution_hint,
                                            double margin) {
  internal::RequireResolutionHint("Cylinder", resolution_hint);
  internal::RequireMargin("Cylinder", margin);
  CheckFlatness(cylinder, margin, 3, "tetrahedra");
  const CylinderLattice L = PlanLattice(cylinder, resolution_hint, margin);
  internal::CheckMeshSize("Cylinder", "tetrahedra", 24 * L.m * L.m * L.M, resolution_hint, 3);
  internal::SymmetricLatticeAssembler assembler(CylinderMap(L),
                                                size_t(4 * (L.m + 1) * (L.m + 1) * (L.M + 1)),
                                                LatticePoint(int(L.m), int(L.m), int(L.M)));
  internal::ForEachPrismTetrahedron(int(L.m), int(L.M), [&](const auto& t) {
    assembler.AddTetrahedron(t);
  });
  return assembler.BuildVolume();
}

TriangleSurfaceMesh MakeCylinderSurfaceMesh(const Cylinder& cylinder, double resolution_hint,
                                            double margin) {
  internal::RequireResolutionHint("Cylinder", resolution_hint);
  internal::RequireMargin("Cylinder", margin);
  CheckFlatness(cylinder, margin, 2, "triangles");
  const CylinderLattice L = PlanLattice(cylinder, resolution_hint, margin);
  internal::CheckMeshSize("Cylinder", "triangles", 16 * L.m * L.M + 8 * L.m * L.m,
                          resolution_hint, 2);
  internal::SymmetricLatticeAssembler assembler(CylinderMap(L),
                                                size_t(4 * (L.m + 1) * (L.m + L.M + 2)),
                                                LatticePoint(int(L.m), int(L.m), int(L.M)));
  internal::ForEachPrismSideTriangle(int(L.m), int(L.M), [&](const auto& t) { assembler.AddTriangle(t); });
  internal::ForEachPrismTopTriangle(int(L.m), int(L.M), [&](const auto& t) { assembler.AddTriangle(t); });
  return assembler.BuildSurface();
}

}  // namespace hydrocontact
