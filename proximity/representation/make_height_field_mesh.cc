#include "proximity/representation/make_height_field_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "proximity/height_field_surface.h"
#include "proximity/representation/make_inflated_mesh.h"
#include "proximity/representation/volume_mesh_field.h"

namespace hydrocontact {

using Eigen::Vector3d;

namespace {

// The top lattice: (Kx + 1) × (Ky + 1) points, Kx = k(nx − 1), index
// b·(Kx + 1) + a; coordinates exact at the rectangle's edges.
struct Lattice {
  int Kx{0};
  int Ky{0};
  std::vector<double> x;  // Kx + 1 abscissae
  std::vector<double> y;  // Ky + 1 ordinates
  std::vector<double> h;  // surface height at each point
  int Index(int a, int b) const { return b * (Kx + 1) + a; }
};

std::vector<double> Coordinates(int count, double half) {
  std::vector<double> c(count + 1);
  for (int a = 0; a <= count; ++a) c[a] = -half + 2 * half * a / count;
  c[count] = half;
  return c;
}

Lattice MakeLattice(const HeightField& field, int k) {
  Lattice l;
  l.Kx = k * (field.nx() - 1);
  l.Ky = k * (field.ny() - 1);
  l.x = Coordinates(l.Kx, field.half_x());
  l.y = Coordinates(l.Ky, field.half_y());
  l.h.resize(size_t(l.Kx + 1) * (l.Ky + 1));
  for (int b = 0; b <= l.Ky; ++b) {
    for (int a = 0; a <= l.Kx; ++a) {
      // At the samples themselves the interpolant is the sample: use it.
      l.h[l.Index(a, b)] = (a % k == 0 && b % k == 0) ? field.height(a / k, b / k)
                                                      : EvalHeight(field, l.x[a], l.y[b]).h;
    }
  }
  return l;
}

// The lattice's boundary, counter-clockwise seen from +z, from (0, 0).
std::vector<int> BoundaryLoop(const Lattice& l) {
  std::vector<int> loop;
  loop.reserve(2 * size_t(l.Kx + l.Ky));
  for (int a = 0; a < l.Kx; ++a) loop.push_back(l.Index(a, 0));
  for (int b = 0; b < l.Ky; ++b) loop.push_back(l.Index(l.Kx, b));
  for (int a = l.Kx; a > 0; --a) loop.push_back(l.Index(a, l.Ky));
  for (int b = l.Ky; b > 0; --b) loop.push_back(l.Index(0, b));
  return loop;
}

void RequireSubdivisions(int k) {
  if (k < 1) {
    throw std::invalid_argument(
        fmt::format("HeightField: the subdivision per cell must be at least 1, got {}", k));
  }
}

// What the refusals below call the field: its grid, heights, thickness and
// margin, so a message names the height field and not only an element.
std::string Describe(const HeightField& field, double margin) {
  return fmt::format(
      "HeightField of {} × {} samples {:g} × {:g} m apart, heights {:g} to {:g} m, thickness "
      "{:g} m (margin {:g} m)",
      field.nx(), field.ny(), field.dx(), field.dy(), field.min_height(), field.max_height(),
      field.thickness(), margin);
}

// The relative error allowed in the thinnest column's height: a part per
// million.
constexpr double kThicknessPrecision = 1e-6;

// Refuses a thickness that the heights' round-off would swallow. The mesh
// gives the thinnest column, from the bottom plane z_b = min_height −
// thickness up to the lowest sample, as the difference of two stored
// coordinates, each rounded to the nearest double: an error of at most
// u·M each (u = 2⁻⁵³, the unit round-off; M = max(|min_height|, |z_b|)), so
// up to 2u·M on the thickness t. (Heights 1e6 m and t = 1e-9 m: the
// doubles near 1e6 are 1.16e-10 m apart, and t came out 4.8% off.) The
// relative error 2u·M/t stays within kThicknessPrecision when t ≥ 2u·M /
// kThicknessPrecision ≈ 2.2e-10·M, which the check asks for: no bound at
// all for heights near 0 (below kMinLength for |M| < 4.5 m), 2.2e-4 m for
// heights of 1e6 m.
void RequireResolvableThickness(const HeightField& field, double margin) {
  const double u = std::numeric_limits<double>::epsilon() / 2;
  const double magnitude = std::max(std::abs(field.min_height()), std::abs(field.bottom()));
  const double least = 2 * u * magnitude / kThicknessPrecision;
  if (field.thickness() >= least) return;
  // Rounded up to two significant digits, so that the value printed passes.
  const double unit = std::pow(10.0, std::floor(std::log10(least)) - 1);
  const double suggested = std::ceil(least / unit) * unit;
  throw std::invalid_argument(fmt::format(
      "{}: the thickness is lost to round-off at heights of {:g} m (a coordinate there is "
      "rounded by up to {:.2g} m, so the thinnest column's height could be off by {:.2g}% of "
      "the thickness); use a thickness of at least {:.2g} m, or heights nearer 0 (move the "
      "field with its pose instead)",
      Describe(field, margin), magnitude, u * magnitude,
      100 * 2 * u * magnitude / field.thickness(), suggested));
}

// Runs `make`, prefixing a std::invalid_argument it throws (an inflation
// refusal) with Describe(field, margin).
template <class F>
auto NamingField(const HeightField& field, double margin, F&& make) {
  try {
    return make();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}: {}", Describe(field, margin), e.what()));
  }
}

}  // namespace

int HeightFieldSubdivisions(const HeightField& field, double resolution_hint) {
  const double h = internal::RequireResolutionHint("HeightField", resolution_hint);
  const double k = internal::SegmentCount(std::max(field.dx(), field.dy()), h);
  // The element limit (CheckMeshSize) refuses far smaller k; this only keeps
  // the conversion defined.
  return static_cast<int>(std::min(k, 1e6));
}

TriangleSurfaceMesh MakeHeightFieldSurfaceMeshWithSubdivisions(const HeightField& field, int k,
                                                               double margin) {
  RequireSubdivisions(k);
  internal::RequireMargin("HeightField", margin);
  RequireSurfaceAboveBottom(field, CalcHeightFieldBounds(field));
  RequireResolvableThickness(field, margin);
  const double Kx = double(k) * (field.nx() - 1), Ky = double(k) * (field.ny() - 1);
  internal::CheckMeshSize("HeightField", "triangles", 2 * Kx * Ky + 6 * (Kx + Ky),
                          std::max(field.dx(), field.dy()) / k, 2);
  const Lattice l = MakeLattice(field, k);
  const double zb = field.bottom();
  std::vector<Vector3d> vertices;
  vertices.reserve(l.h.size() + 2 * size_t(l.Kx + l.Ky) + 1);
  for (int b = 0; b <= l.Ky; ++b) {
    for (int a = 0; a <= l.Kx; ++a) vertices.emplace_back(l.x[a], l.y[b], l.h[l.Index(a, b)]);
  }
  std::vector<TriangleSurfaceMesh::Element> triangles;
  triangles.reserve(2 * size_t(l.Kx) * l.Ky + 6 * size_t(l.Kx + l.Ky));
  // Top, counter-clockwise from above (outward +z side).
  for (int b = 0; b < l.Ky; ++b) {
    for (int a = 0; a < l.Kx; ++a) {
      const int v00 = l.Index(a, b), v10 = l.Index(a + 1, b);
      const int v01 = l.Index(a, b + 1), v11 = l.Index(a + 1, b + 1);
      triangles.push_back({v00, v10, v11});
      triangles.push_back({v00, v11, v01});
    }
  }
  // The bottom rim under the boundary loop, then the bottom's centre.
  const std::vector<int> loop = BoundaryLoop(l);
  const int rim = static_cast<int>(vertices.size());
  for (const int t : loop) vertices.emplace_back(vertices[t].x(), vertices[t].y(), zb);
  const int centre = static_cast<int>(vertices.size());
  vertices.emplace_back(0, 0, zb);
  const int n = static_cast<int>(loop.size());
  for (int m = 0; m < n; ++m) {
    const int next = (m + 1) % n;
    // Sides: the loop runs counter-clockwise from above, so (B_m, B_m+1,
    // T_m+1) faces out of the rectangle.
    triangles.push_back({rim + m, rim + next, loop[next]});
    triangles.push_back({rim + m, loop[next], loop[m]});
    // Bottom, facing −z.
    triangles.push_back({centre, rim + next, rim + m});
  }
  // A field far wider than thick, or steep where it is thin, has sliver
  // triangles on its sides: refused naming the field, as for the
  // primitives.
  TriangleSurfaceMesh surface = internal::MakePrimitiveSurfaceMesh(
      Describe(field, margin), std::move(triangles), std::move(vertices));
  if (margin > 0) {
    return NamingField(field, margin, [&] { return InflateSurfaceMesh(surface, margin); });
  }
  return surface;
}

TriangleSurfaceMesh MakeHeightFieldSurfaceMesh(const HeightField& field, double resolution_hint,
                                               double margin) {
  return MakeHeightFieldSurfaceMeshWithSubdivisions(
      field, HeightFieldSubdivisions(field, resolution_hint), margin);
}

VolumeMeshWithExtent MakeHeightFieldVolumeMesh(const HeightField& field, double resolution_hint,
                                               double margin) {
  // At least two sub-cells per cell, so every prism has an interior column.
  const int k = std::max(2, HeightFieldSubdivisions(field, resolution_hint));
  internal::RequireMargin("HeightField", margin);
  RequireSurfaceAboveBottom(field, CalcHeightFieldBounds(field));
  RequireResolvableThickness(field, margin);
  const double zb = field.bottom();
  const double layers_d =
      2 * std::ceil(internal::SegmentCount(field.max_height() - zb, resolution_hint) / 2);
  const double Kx = double(k) * (field.nx() - 1), Ky = double(k) * (field.ny() - 1);
  internal::CheckMeshSize("HeightField", "tetrahedra", 6 * Kx * Ky * layers_d, resolution_hint, 3);
  const int L = static_cast<int>(layers_d);
  const Lattice l = MakeLattice(field, k);
  const int per_layer = static_cast<int>(l.h.size());
  std::vector<Vector3d> vertices;
  vertices.reserve(size_t(per_layer) * (L + 1));
  for (int c = 0; c <= L; ++c) {
    for (int b = 0; b <= l.Ky; ++b) {
      for (int a = 0; a <= l.Kx; ++a) {
        const double top = l.h[l.Index(a, b)];
        // The top layer exactly on the surface, the bottom exactly on z_b.
        const double z = c == L ? top : zb + (top - zb) * c / L;
        vertices.emplace_back(l.x[a], l.y[b], z);
      }
    }
  }
  std::vector<VolumeMesh::Element> tetrahedra;
  tetrahedra.reserve(6 * size_t(l.Kx) * l.Ky * L);
  auto on_side = [&](int column) {
    const int a = column % (l.Kx + 1), b = column / (l.Kx + 1);
    return a == 0 || a == l.Kx || b == 0 || b == l.Ky;
  };
  for (int c = 0; c < L; ++c) {
    const int lo = c * per_layer, hi = (c + 1) * per_layer;
    // The order of a prism's three columns decides its split (below). Side
    // columns first on every layer but the top one, interior columns first
    // on the top one: then every tetrahedron of a prism with an interior
    // column has an interior vertex (on the bottom layers the upper vertex
    // of the last column, on the top layer the lower vertex of the first),
    // so none lies wholly on the boundary with e = 0 throughout. Any strict
    // order shared by a layer's prisms keeps the mesh conforming.
    const bool interior_first = c == L - 1;
    auto before = [&](int i, int j) {
      const bool si = on_side(i) != interior_first, sj = on_side(j) != interior_first;
      return si != sj ? si : i < j;
    };
    for (int b = 0; b < l.Ky; ++b) {
      for (int a = 0; a < l.Kx; ++a) {
        const int v00 = l.Index(a, b), v10 = l.Index(a + 1, b);
        const int v01 = l.Index(a, b + 1), v11 = l.Index(a + 1, b + 1);
        // In the two corner sub-cells where the diagonal (x₀, y₀)–(x₁, y₁)
        // would leave a triangle of three side columns, the other diagonal.
        const bool flip = (a == l.Kx - 1 && b == 0) || (a == 0 && b == l.Ky - 1);
        const std::array<std::array<int, 3>, 2> triangles =
            flip ? std::array<std::array<int, 3>, 2>{{{v00, v10, v01}, {v10, v11, v01}}}
                 : std::array<std::array<int, 3>, 2>{{{v00, v10, v11}, {v00, v11, v01}}};
        for (std::array<int, 3> t : triangles) {
          std::sort(t.begin(), t.end(), before);
          const int p = t[0], q = t[1], r = t[2];
          // Side-quad diagonals from the earlier column on layer c to the
          // later one on layer c + 1, whichever prism the quad belongs to.
          for (VolumeMesh::Element e : {VolumeMesh::Element{lo + p, lo + q, lo + r, hi + r},
                                        VolumeMesh::Element{lo + p, lo + q, hi + q, hi + r},
                                        VolumeMesh::Element{lo + p, hi + p, hi + q, hi + r}}) {
            if (SignedTetrahedronVolume(vertices[e[0]], vertices[e[1]], vertices[e[2]],
                                        vertices[e[3]]) < 0) {
              std::swap(e[2], e[3]);
            }
            tetrahedra.push_back(e);
          }
        }
      }
    }
  }
  VolumeMeshWithExtent result;
  result.mesh = internal::MakePrimitiveVolumeMesh(Describe(field, margin), std::move(tetrahedra),
                                                  std::move(vertices));
  if (margin > 0) {
    result.mesh = NamingField(field, margin, [&] { return InflateVolumeMesh(result.mesh, margin); });
  }
  result.extent = ComputeDistanceToBoundaryExtent(result.mesh);
  return result;
}

}  // namespace hydrocontact
