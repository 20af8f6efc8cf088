#include "proximity/representation/make_capsule_mesh.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "proximity/representation/make_lattice_mesh.h"

namespace hydrocontact {
namespace {

using internal::LatticePoint;
using internal::LatticeVertex;

struct CapsuleLattice {
  double R{}, half_length{};
  int m{};       // rings (body) = shells (caps)
  int layers{};  // body layers from z = 0 to z = L/2
};

// The counts as doubles first, so an absurd hint is rejected by
// CheckMeshSize before any integer conversion can overflow.
struct CapsulePlan {
  double m{}, layers{};
  CapsuleLattice Lattice(const Capsule& capsule, double margin) const {
    return {capsule.radius() + margin, capsule.length() / 2, int(m), int(layers)};
  }
};

CapsulePlan Plan(const Capsule& capsule, double h, double margin) {
  return {internal::SegmentCount(std::numbers::pi / 2 * (capsule.radius() + margin), h),
          internal::SegmentCount(capsule.length() / 2, h)};
}

// Lattice (x, y, w): w ≤ layers is the body (ring b = x+y at height
// (L/2)·w/layers), w > layers the cap's octant simplex with z' = w − layers
// on shell k = b + z' about the cap centre.
auto CapsuleMap(const CapsuleLattice& C) {
  return [C](const LatticePoint& q) {
    const int b = q[0] + q[1];
    if (q[2] <= C.layers) {
      const Eigen::Vector2d xy = b == 0 ? Eigen::Vector2d::Zero()
                                        : Eigen::Vector2d((C.R * b / C.m) *
                                                          internal::QuadrantDirection(q[0], q[1]));
      return LatticeVertex{Eigen::Vector3d(xy.x(), xy.y(), C.half_length * q[2] / C.layers),
                           double(C.m - b) / C.m};
    }
    const int z = q[2] - C.layers;
    const int k = b + z;
    const Eigen::Vector3d p =
        Eigen::Vector3d(0, 0, C.half_length) +
        (C.R * k / C.m) * internal::OctantDirection(q[0], q[1], z);
    return LatticeVertex{p, double(C.m - k) / C.m};
  };
}

// The capsule's sizes, as its meshes' refusals name them.
std::string Sizes(const Capsule& capsule, double margin) {
  return fmt::format("radius {:g} m and length {:g} m (margin {:g} m)", capsule.radius(),
                     capsule.length(), margin);
}

}  // namespace

VolumeMeshWithExtent MakeCapsuleVolumeMesh(const Capsule& capsule, double resolution_hint,
                                           double margin) {
  internal::RequireResolutionHint("Capsule", resolution_hint);
  internal::RequireMargin("Capsule", margin);
  const auto [m, layers] = Plan(capsule, resolution_hint, margin);
  internal::CheckMeshSize("Capsule", "tetrahedra", 8 * (3 * m * layers + m * m), resolution_hint,
                          2);
  const CapsuleLattice C = CapsulePlan{m, layers}.Lattice(capsule, margin);
  // Its thinnest part is the radius R' (a short body only brings the
  // capsule nearer a sphere); the widest spacing of its vertices is a body
  // layer, a rim chord or a cap shell.
  const std::string sizes = Sizes(capsule, margin);
  internal::CheckThickness(
      "Capsule", sizes, "radius with margin", C.R,
      std::max({C.half_length / C.layers, 2 * C.R * std::sin(std::numbers::pi / (4 * C.m)),
                C.R / C.m}),
      resolution_hint);
  internal::SymmetricLatticeAssembler assembler(CapsuleMap(C),
                                                size_t(4 * (m + 1) * (m + 1) * (layers + m + 1)),
                                                LatticePoint(C.m, C.m, C.layers + C.m));
  // e = 1 − d/R is linear along every ray from the medial segment to the
  // boundary, so each element joins boundary vertices (e = 0) to medial ones
  // (e = 1) and nothing else: the field is exact on every edge and the only
  // approximation is the flat boundary.
  //
  // Body: the axis fan between the axis points (0,0,w) and the side rings
  // (ring b = m, layer w), which share their heights: each wedge between
  // axis points w, w+1 and a side quad becomes the pyramid from (0,0,w) over
  // the quad and the tetrahedron (axis w, axis w+1, top ring segment).
  std::vector<double> heights(C.layers + 1);
  for (int w = 0; w <= C.layers; ++w) heights[w] = C.half_length * w / C.layers;
  internal::ForEachAxisFanTetrahedron(
      C.m, heights, heights, [](int w) { return LatticePoint(0, 0, w); },
      [&](int a, int w) { return LatticePoint(a, C.m - a, w); },
      [&](const internal::LatticeTetrahedron& t) { assembler.AddTetrahedron(t); });
  // Caps: one cone from the cap centre (0,0,layers) over each boundary
  // triangle of the cap; on the plane z = L/2 the cones' faces are the fan
  // (centre, ring edge) that the top wedges' faces (A1, p01, p11) also form.
  const LatticePoint centre(0, 0, C.layers);
  internal::ForEachSimplexFaceTriangle(C.m, [&](internal::LatticeTriangle t) {
    for (auto& q : t) q[2] += C.layers;
    assembler.AddTetrahedron({centre, t[0], t[1], t[2]});
  });
  return assembler.BuildVolume(
      fmt::format("Capsule of {} at resolution hint {:g} m", sizes, resolution_hint));
}

TriangleSurfaceMesh MakeCapsuleSurfaceMesh(const Capsule& capsule, double resolution_hint,
                                           double margin) {
  internal::RequireResolutionHint("Capsule", resolution_hint);
  internal::RequireMargin("Capsule", margin);
  const auto [m, layers] = Plan(capsule, resolution_hint, margin);
  internal::CheckMeshSize("Capsule", "triangles", 8 * (2 * m * layers + m * m), resolution_hint,
                          2);
  const CapsuleLattice C = CapsulePlan{m, layers}.Lattice(capsule, margin);
  internal::SymmetricLatticeAssembler assembler(CapsuleMap(C),
                                                size_t(4 * (m + 1) * (layers + m + 2)),
                                                LatticePoint(C.m, C.m, C.layers + C.m));
  internal::ForEachPrismSideTriangle(C.m, C.layers, [&](const auto& t) { assembler.AddTriangle(t); });
  internal::ForEachSimplexFaceTriangle(C.m, [&](internal::LatticeTriangle t) {
    for (auto& q : t) q[2] += C.layers;
    assembler.AddTriangle(t);
  });
  return assembler.BuildSurface(fmt::format("Capsule of {} at resolution hint {:g} m",
                                            Sizes(capsule, margin), resolution_hint));
}

}  // namespace hydrocontact
