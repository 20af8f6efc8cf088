#include "proximity/representation/make_cylinder_mesh.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "proximity/representation/make_lattice_mesh.h"

namespace hydrocontact {
namespace {

using internal::LatticePoint;
using internal::LatticeTetrahedron;
using internal::LatticeVertex;

// A medial core (axis segment or disk) thinner than this fraction of
// min(h, H) is dropped, its place taken by the centre (see the header).
constexpr double kAbsorbedCore = 1e-3;

// The sizes of a cylinder's mesh (all inflated by the margin). Counts are
// doubles first, so an absurd hint is rejected by CheckMeshSize before any
// integer conversion can overflow.
//
// First-octant lattice labels (the lattice only names vertices here; their
// positions come from Map and the orientation from G):
//   (x, y, j), x+y = m, 1 ≤ j ≤ J    side ring j (z = L'/2·j/J, ρ = R');
//   (2x, 2y, 0), x+y = m             side ring 0 (z = 0), doubled so it
//                                    differs from the core ring below;
//   (x, y, J), x+y < m               cap (z = L'/2, ρ = R'·(x+y)/m);
//   (x, y, 0), x+y ≤ m               core disk at z = 0, ρ = core·(x+y)/m
//                                    (flat; a long one uses only (0,0,0));
//   (0, 0, J+k), 1 ≤ k ≤ K           axis point k (z = axis_half·k/K).
// A zero coordinate still means "on that mirror plane", as the assembler
// requires.
struct CylinderPlan {
  double R{}, half_length{}, H{};
  double m{}, J{}, K{};
  bool flat{false};
  double core_radius{0};  // flat: R' − L'/2
  double axis_half{0};    // long: L'/2 − R'

  double Tetrahedra() const { return flat ? 24 * (m * m + m * J) : 8 * (2 * m * J + m * K + m * m); }
  double Triangles() const { return 8 * (2 * m * J + m * m); }

  LatticePoint Side(int a, int j) const {
    const int mi = int(m);
    return j == 0 ? LatticePoint(2 * a, 2 * (mi - a), 0) : LatticePoint(a, mi - a, j);
  }
  LatticePoint Axis(int k) const { return k == 0 ? LatticePoint(0, 0, 0) : LatticePoint(0, 0, int(J) + k); }

  LatticeVertex Map(const LatticePoint& q) const {
    const int b = q[0] + q[1];
    const int mi = int(m), Ji = int(J);
    auto ring = [&](double rho, double z, double extent) {
      const Eigen::Vector2d xy =
          b == 0 ? Eigen::Vector2d::Zero() : Eigen::Vector2d(rho * internal::QuadrantDirection(q[0], q[1]));
      return LatticeVertex{Eigen::Vector3d(xy.x(), xy.y(), z), extent};
    };
    if (q[2] > Ji) return {Eigen::Vector3d(0, 0, axis_half * (q[2] - Ji) / K), 1.0};
    if (q[2] == 0) return b > mi ? ring(R, 0, 0.0) : ring(core_radius * b / m, 0, 1.0);
    if (b == mi) return ring(R, half_length * q[2] / J, 0.0);
    if (q[2] == Ji) return ring(R * b / m, half_length, 0.0);
    throw std::logic_error("cylinder lattice label outside the plan");
  }
};

CylinderPlan Plan(const Cylinder& cylinder, double h, double margin) {
  using internal::SegmentCount;
  CylinderPlan P;
  P.R = cylinder.radius() + margin;
  P.half_length = cylinder.length() / 2 + margin;
  P.H = std::min(P.R, P.half_length);
  P.m = SegmentCount(std::numbers::pi / 2 * P.R, h);
  P.J = SegmentCount(P.half_length, h);
  const double absorbed = kAbsorbedCore * std::min(h, P.H);
  if (P.R - P.half_length > absorbed) {
    P.flat = true;
    P.core_radius = P.R - P.half_length;
  } else if (P.half_length - P.R > absorbed) {
    P.axis_half = P.half_length - P.R;
    P.K = SegmentCount(P.axis_half, h);
  }
  return P;
}

// The cylinder's sizes, as its refusals name them.
std::string Sizes(const Cylinder& cylinder, double margin) {
  return fmt::format("radius {:g} m and length {:g} m (margin {:g} m)", cylinder.radius(),
                     cylinder.length(), margin);
}

// Refuses a cylinder whose elements would be numerically flat: thinner
// (H = min(R', L'/2)) than internal::kMinThicknessRatio times the widest
// spacing of its vertices (rim chord, side layer, axis step).
void CheckThickness(const Cylinder& cylinder, double margin, double h, const CylinderPlan& P) {
  const double chord = 2 * P.R * std::sin(std::numbers::pi / (4 * P.m));
  const double spacing =
      std::max({chord, P.half_length / P.J, P.K > 0 ? P.axis_half / P.K : 0.0});
  internal::CheckThickness("Cylinder", Sizes(cylinder, margin), "min(radius, half length)", P.H,
                           spacing, h);
}

CylinderPlan CheckedPlan(const Cylinder& cylinder, double h, double margin, bool volume) {
  internal::RequireResolutionHint("Cylinder", h);
  internal::RequireMargin("Cylinder", margin);
  const CylinderPlan P = Plan(cylinder, h, margin);
  if (volume) {
    internal::CheckMeshSize("Cylinder", "tetrahedra", P.Tetrahedra(), h, 2);
  } else {
    internal::CheckMeshSize("Cylinder", "triangles", P.Triangles(), h, 2);
  }
  CheckThickness(cylinder, margin, h, P);
  return P;
}

auto MakeAssembler(const CylinderPlan& P) {
  const int mi = int(P.m), Ji = int(P.J), Ki = int(P.K);
  return internal::SymmetricLatticeAssembler(
      [P](const LatticePoint& q) { return P.Map(q); },
      size_t(4 * (mi + 1) * (2 * mi + Ji + 3) + Ki + 1), LatticePoint(2 * mi, 2 * mi, Ji + Ki));
}

// The side triangles of ForEachPrismSideTriangle with ring 0 relabelled.
template <class F>
void ForEachSideTriangle(const CylinderPlan& P, F&& f) {
  internal::ForEachPrismSideTriangle(int(P.m), int(P.J), [&](internal::LatticeTriangle t) {
    for (auto& q : t) {
      if (q[2] == 0) q = P.Side(q[0], 0);
    }
    f(t);
  });
}

}  // namespace

VolumeMeshWithExtent MakeCylinderVolumeMesh(const Cylinder& cylinder, double resolution_hint,
                                            double margin) {
  const CylinderPlan P = CheckedPlan(cylinder, resolution_hint, margin, true);
  auto assembler = MakeAssembler(P);
  const int m = int(P.m), J = int(P.J), K = int(P.K);
  auto add = [&](const LatticeTetrahedron& t) { assembler.AddTetrahedronOrientedInG(t); };
  std::vector<double> side_z(J + 1);
  for (int j = 0; j <= J; ++j) side_z[j] = P.half_length * j / J;
  if (P.flat) {
    // Cap region (above the core disk and the medial cones): e = (L'/2 − z)/H
    // is linear in z, so the frustum between the core disk (z = 0, e = 1) and
    // the cap (e = 0) is exact whatever its elements: the quadrant prism
    // lattice of one layer, whose Kuhn split leaves the diagonal
    // core (a) – rim (a+1) on the cone.
    internal::ForEachPrismTetrahedron(m, 1, [&](LatticeTetrahedron t) {
      for (auto& q : t) q[2] *= J;
      add(t);
    });
    // Side region: e = (R' − ρ)/H, linear along every segment from the core
    // ring (ρ = R' − H, z = 0) to the side. Each wedge between a core ring
    // segment q_a q_{a+1} and a side quad (a, j)–(a+1, j+1) is split with
    // the diagonals q_a – side (a+1, ·) on its horizontal faces (shared with
    // the wedges above and below, and on the cone with the frustum) and
    // side (a, j) – (a+1, j+1) on the side.
    for (int j = 0; j < J; ++j) {
      for (int a = 0; a < m; ++a) {
        const LatticePoint q0(a, m - a, 0), q1(a + 1, m - a - 1, 0);
        const LatticePoint p00 = P.Side(a, j), p10 = P.Side(a + 1, j);
        const LatticePoint p01 = P.Side(a, j + 1), p11 = P.Side(a + 1, j + 1);
        add({q0, p00, p01, p11});
        add({q0, p00, p11, p10});
        add({q0, p10, p11, q1});
      }
    }
  } else {
    // Side region: the axis fan from the axis segment |z| ≤ L'/2 − R' (only
    // the centre when it is absorbed) to the side rings.
    std::vector<double> axis_z(K + 1);
    for (int k = 0; k <= K; ++k) axis_z[k] = K == 0 ? 0.0 : P.axis_half * k / K;
    internal::ForEachAxisFanTetrahedron(
        m, axis_z, side_z, [&](int k) { return P.Axis(k); },
        [&](int a, int j) { return P.Side(a, j); }, add);
    // Cap region: e = (L'/2 − z)/R' is linear, so the cone from the axis's
    // end (the apex of the medial cone, e = 1) over each cap triangle is
    // exact; its faces on the cone are the last fan step's (apex, rim edge).
    const LatticePoint apex = P.Axis(K);
    internal::ForEachPrismTopTriangle(m, J, [&](const internal::LatticeTriangle& t) {
      add({apex, t[0], t[1], t[2]});
    });
  }
  return assembler.BuildVolume(fmt::format("Cylinder of {} at resolution hint {:g} m",
                                           Sizes(cylinder, margin), resolution_hint));
}

TriangleSurfaceMesh MakeCylinderSurfaceMesh(const Cylinder& cylinder, double resolution_hint,
                                            double margin) {
  const CylinderPlan P = CheckedPlan(cylinder, resolution_hint, margin, false);
  auto assembler = MakeAssembler(P);
  ForEachSideTriangle(P, [&](const internal::LatticeTriangle& t) { assembler.AddTriangle(t); });
  internal::ForEachPrismTopTriangle(int(P.m), int(P.J),
                                    [&](const auto& t) { assembler.AddTriangle(t); });
  return assembler.BuildSurface(fmt::format("Cylinder of {} at resolution hint {:g} m",
                                            Sizes(cylinder, margin), resolution_hint));
}

}  // namespace hydrocontact
