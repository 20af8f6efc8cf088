#include "proximity/surface_validation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "geometry/rigid_transform.h"
#include "mesh/aabb.h"
#include "proximity/bvh.h"
#include "proximity/triangle_queries.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;

// How many of each defect a message lists; the counts are always complete.
constexpr size_t kListed = 3;

// The crossing point of the first edge among `edges` of triangle `a` that
// passes strictly through triangle `b`, if any.
bool EdgeOfACrossesB(const TriangleSurfaceMesh& mesh, const TriangleSurfaceMesh::Element& a,
                     const TriangleSurfaceMesh::Element& b, int first_edge, int num_edges,
                     Vector3d* p_GX) {
  for (int k = 0; k < num_edges; ++k) {
    const int i = (first_edge + k) % 3;
    if (SegmentCrossesTriangle(mesh.vertex(a[i]), mesh.vertex(a[(i + 1) % 3]),
                               mesh.vertex(b[0]), mesh.vertex(b[1]), mesh.vertex(b[2]), p_GX)) {
      return true;
    }
  }
  return false;
}

// Two triangles are treated as coplanar when every vertex of each lies
// within this fraction of the longest edge of the pair (plus coordinate
// round-off) of the other's plane: closer than that, the sign tests of
// SegmentCrossesTriangle are round-off, and two sheets that close are a
// fold whatever their exact positions.
constexpr double kCoplanarRatio = 1e-10;

// The distance within which a vertex counts as in a plane, for triangles of
// these longest edge and largest coordinate magnitude (see kCoplanarRatio).
double CoplanarTolerance(double longest_edge, double largest_coordinate) {
  return kCoplanarRatio * longest_edge + 64 * std::numeric_limits<double>::epsilon() * largest_coordinate;
}
// Coplanar triangles overlap when the area common to both exceeds this
// fraction of the smaller one's area; neighbours in one flat face (sharing
// an edge or a vertex, or touching along an edge) meet in a sliver of
// round-off area (about 1e-16 of it).
constexpr double kOverlapAreaRatio = 1e-9;

// A convex polygon in a projection plane, at most 3 + 3 vertices (a
// triangle clipped by the three sides of another).
struct Polygon2 {
  std::array<Eigen::Vector2d, 6> v;
  int size{0};
};

double Cross2(const Eigen::Vector2d& a, const Eigen::Vector2d& b) { return a.x() * b.y() - a.y() * b.x(); }

// Twice the signed area (counter-clockwise positive).
double SignedArea2(const Polygon2& poly) {
  double twice = 0;
  for (int i = 0; i < poly.size; ++i) twice += Cross2(poly.v[i], poly.v[(i + 1) % poly.size]);
  return twice;
}

// How two triangles lie: not in one plane, in one plane without a common
// area, or in one plane overlapping.
enum class Coplanarity { kNotCoplanar, kCoplanarApart, kCoplanarOverlapping };

// Whether triangles a and b (vertices in G) lie in one plane (see
// kCoplanarRatio) and overlap over a positive area (kOverlapAreaRatio); when
// they overlap, `p_GX` receives the centroid of the vertices of the common
// region.
// The test is symmetric in a and b up to round-off: both planes are checked,
// and the common region is found by clipping b by the three sides of a in
// the coordinate plane the normal of a is most nearly perpendicular to.
Coplanarity ClassifyCoplanar(const std::array<Vector3d, 3>& a, const std::array<Vector3d, 3>& b,
                             Vector3d* p_GX) {
  double longest_sq = 0, largest_coordinate = 0;
  for (const auto* t : {&a, &b}) {
    for (int i = 0; i < 3; ++i) {
      longest_sq = std::max(longest_sq, ((*t)[(i + 1) % 3] - (*t)[i]).squaredNorm());
      largest_coordinate = std::max(largest_coordinate, (*t)[i].cwiseAbs().maxCoeff());
    }
  }
  const double tolerance = CoplanarTolerance(std::sqrt(longest_sq), largest_coordinate);
  const Vector3d n_a = (a[1] - a[0]).cross(a[2] - a[0]);
  const Vector3d n_b = (b[1] - b[0]).cross(b[2] - b[0]);
  for (int i = 0; i < 3; ++i) {
    if (std::abs(n_a.dot(b[i] - a[0])) > tolerance * n_a.norm() ||
        std::abs(n_b.dot(a[i] - b[0])) > tolerance * n_b.norm()) {
      return Coplanarity::kNotCoplanar;
    }
  }
  // Project on the coordinate plane (u, w) that drops n_a's largest
  // component; a's projection is then well shaped.
  int k = 0;
  n_a.cwiseAbs().maxCoeff(&k);
  const int u = (k + 1) % 3, w = (k + 2) % 3;
  auto project = [&](const Vector3d& p) { return Eigen::Vector2d(p[u], p[w]); };
  Polygon2 clip, poly;
  for (int i = 0; i < 3; ++i) {
    clip.v[i] = project(a[i]);
    poly.v[i] = project(b[i]);
  }
  clip.size = poly.size = 3;
  const double area_a = 0.5 * std::abs(SignedArea2(clip));
  const double area_b = 0.5 * std::abs(SignedArea2(poly));
  // Inside a's side i: on the same side of its edge as a's interior.
  const double orientation = SignedArea2(clip) > 0 ? 1.0 : -1.0;
  for (int i = 0; i < 3 && poly.size > 0; ++i) {
    const Eigen::Vector2d& p = clip.v[i];
    const Eigen::Vector2d edge = clip.v[(i + 1) % 3] - p;
    auto side = [&](const Eigen::Vector2d& x) { return orientation * Cross2(edge, x - p); };
    Polygon2 out;
    for (int j = 0; j < poly.size; ++j) {
      const Eigen::Vector2d& x0 = poly.v[j];
      const Eigen::Vector2d& x1 = poly.v[(j + 1) % poly.size];
      const double s0 = side(x0), s1 = side(x1);
      if (s0 >= 0 && out.size < 6) out.v[out.size++] = x0;
      if (((s0 > 0 && s1 < 0) || (s0 < 0 && s1 > 0)) && out.size < 6) {
        out.v[out.size++] = x0 + (s0 / (s0 - s1)) * (x1 - x0);
      }
    }
    poly = out;
  }
  if (poly.size < 3) return Coplanarity::kCoplanarApart;
  const double overlap = 0.5 * std::abs(SignedArea2(poly));
  if (!(overlap > kOverlapAreaRatio * std::min(area_a, area_b))) {
    return Coplanarity::kCoplanarApart;
  }
  if (p_GX != nullptr) {
    // Lift the centroid of the common region's vertices back onto a's plane.
    Eigen::Vector2d c = Eigen::Vector2d::Zero();
    for (int i = 0; i < poly.size; ++i) c += poly.v[i];
    c /= poly.size;
    Vector3d p = Vector3d::Zero();
    p[u] = c.x();
    p[w] = c.y();
    // n_a·(p − a0) = 0 fixes the dropped coordinate (n_a[k] is its largest).
    p[k] = a[0][k] - (n_a[u] * (c.x() - a[0][u]) + n_a[w] * (c.y() - a[0][w])) / n_a[k];
    *p_GX = p;
  }
  return Coplanarity::kCoplanarOverlapping;
}

// Whether triangles fa and fb cross away from the vertices they share. Two
// non-coplanar triangles meet in a segment; it has positive length and is
// not a shared vertex only if an edge of one pierces the other (any
// intersection segment ends on the boundary of one of them). With one
// shared vertex v, the intersection starts at v, so only the edges opposite
// v can end it. Triangles sharing an edge meet along it unless folded onto
// each other, which only coplanar triangles can be (ClassifyCoplanar).
// @pre fa and fb are not coplanar.
bool TrianglesCross(const TriangleSurfaceMesh& mesh, int fa, int fb, Vector3d* p_GX) {
  const auto& a = mesh.element(fa);
  const auto& b = mesh.element(fb);
  int shared = 0, ia = -1, ib = -1;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (a[i] == b[j]) {
        ++shared;
        ia = i;
        ib = j;
      }
    }
  }
  if (shared == 0) {
    return EdgeOfACrossesB(mesh, a, b, 0, 3, p_GX) || EdgeOfACrossesB(mesh, b, a, 0, 3, p_GX);
  }
  if (shared == 1) {
    // The edge opposite local vertex i starts at vertex i + 1.
    return EdgeOfACrossesB(mesh, a, b, (ia + 1) % 3, 1, p_GX) ||
           EdgeOfACrossesB(mesh, b, a, (ib + 1) % 3, 1, p_GX);
  }
  return false;
}

std::string ListEdges(const TriangleSurfaceMesh& mesh,
                      const std::vector<std::array<int, 2>>& edges) {
  std::string out;
  for (size_t i = 0; i < std::min(edges.size(), kListed); ++i) {
    const Vector3d& p = mesh.vertex(edges[i][0]);
    const Vector3d& q = mesh.vertex(edges[i][1]);
    out += fmt::format("{}({}, {}) from ({:g}, {:g}, {:g}) to ({:g}, {:g}, {:g})",
                       i == 0 ? "" : "; ", edges[i][0], edges[i][1], p.x(), p.y(), p.z(), q.x(),
                       q.y(), q.z());
  }
  if (edges.size() > kListed) out += "; ...";
  return out;
}

// "triangles a and b <where> (x, y, z); ..." for the first few pairs.
std::string ListTrianglePairs(const std::vector<std::array<int, 2>>& pairs,
                              const std::vector<Vector3d>& points, const char* where) {
  std::string list;
  for (size_t i = 0; i < std::min(pairs.size(), kListed); ++i) {
    const Vector3d& p = points[i];
    list += fmt::format("{}triangles {} and {} {} ({:g}, {:g}, {:g})", i == 0 ? "" : "; ",
                        pairs[i][0], pairs[i][1], where, p.x(), p.y(), p.z());
  }
  if (pairs.size() > kListed) list += "; ...";
  return list;
}

// A double-double number hi + lo (|lo| ≤ ulp(hi)/2): about 106 significant
// bits, from exact sums and products of doubles (Dekker's and Knuth's
// error-free transformations; the product's error term by fma).
struct DoubleDouble {
  double hi{0};
  double lo{0};
};

// hi + lo renormalised, for |hi| ≥ |lo| (or hi = 0).
DoubleDouble QuickTwoSum(double hi, double lo) {
  const double s = hi + lo;
  return {s, lo - (s - hi)};
}

DoubleDouble operator+(DoubleDouble x, DoubleDouble y) {
  const double s = x.hi + y.hi;
  const double v = s - x.hi;
  const double error = (x.hi - (s - v)) + (y.hi - v);
  return QuickTwoSum(s, error + x.lo + y.lo);
}

DoubleDouble operator-(DoubleDouble x) { return {-x.hi, -x.lo}; }

DoubleDouble operator*(DoubleDouble x, DoubleDouble y) {
  const double p = x.hi * y.hi;
  const double error = std::fma(x.hi, y.hi, -p);
  return QuickTwoSum(p, error + (x.hi * y.lo + x.lo * y.hi));
}

// √x for x ≥ 0: one Newton step from the double square root, which doubles
// its 53 bits.
DoubleDouble Sqrt(DoubleDouble x) {
  if (!(x.hi > 0)) return {};
  const double s = std::sqrt(x.hi);
  const DoubleDouble residual = x + -(DoubleDouble{s, 0} * DoubleDouble{s, 0});
  return QuickTwoSum(s, residual.hi / (2 * s));
}

using Vector3dd = std::array<DoubleDouble, 3>;

// q − p exactly (a double-double holds the difference of two doubles).
Vector3dd Difference(const Vector3d& q, const Vector3d& p) {
  Vector3dd d;
  for (int i = 0; i < 3; ++i) d[i] = DoubleDouble{q[i], 0} + DoubleDouble{-p[i], 0};
  return d;
}

DoubleDouble Dot(const Vector3dd& u, const Vector3dd& v) {
  return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
}

Vector3dd Cross(const Vector3dd& u, const Vector3dd& v) {
  return {u[1] * v[2] + -(u[2] * v[1]), u[2] * v[0] + -(u[0] * v[2]),
          u[0] * v[1] + -(u[1] * v[0])};
}

// The solid angle (sr) that the triangle with vertices a, b, c subtends at
// p, positive when p lies on the side opposite to the triangle's normal
// (inside, for an outward face), by Van Oosterom and Strackee's formula
// tan(Ω/2) = a·(b×c) / (|a||b||c| + (a·b)|c| + (a·c)|b| + (b·c)|a|) with
// a, b, c measured from p. Summed over a closed surface it is 4π times
// the surface's winding number at p: an integer for every p off the
// surface.
//
// Both terms are computed in double-double arithmetic. In doubles, a point
// near a long edge (near the segment between two vertices seen in nearly
// opposite directions, an angle θ from antipodal) leaves the true
// denominator at about θ²·|a||b||c| while its round-off is ε·|a||b||c|:
// found by the fuzz target, a point 2e-4 m off an edge 1e5 m long
// (θ ≈ 1e-8) got a solid angle of about ±2π where the truth is 0.0025 sr,
// and so a winding number of ±1 just outside a solid. With about 106 bits
// the same holds down to θ ≈ 1e-15, below which the point is on the edge
// to within the round-off of its coordinates.
double SolidAngle(const Vector3d& p, const Vector3d& a_in, const Vector3d& b_in,
                  const Vector3d& c_in) {
  const Vector3dd a = Difference(a_in, p), b = Difference(b_in, p), c = Difference(c_in, p);
  const DoubleDouble la = Sqrt(Dot(a, a)), lb = Sqrt(Dot(b, b)), lc = Sqrt(Dot(c, c));
  const DoubleDouble numerator = Dot(a, Cross(b, c));
  const DoubleDouble denominator =
      la * lb * lc + Dot(a, b) * lc + Dot(a, c) * lb + Dot(b, c) * la;
  return 2 * std::atan2(numerator.hi, denominator.hi);
}

// Whether the segment p + t·d, 0 ≤ t ≤ 1, meets the closed box (slab
// test; inv_d = 1/d componentwise, ±∞ for a zero component).
bool SegmentMeetsBox(const Aabb& box, const Vector3d& p, const Vector3d& inv_d) {
  double t_enter = 0, t_exit = 1;
  for (int i = 0; i < 3; ++i) {
    double t0 = (box.min[i] - p[i]) * inv_d[i];
    double t1 = (box.max[i] - p[i]) * inv_d[i];
    if (t0 > t1) std::swap(t0, t1);
    // A zero component with p inside the slab gives (−∞, +∞) or NaN from
    // 0·∞; the NaN comparisons below leave the bounds unchanged.
    if (t0 > t_enter) t_enter = t0;
    if (t1 < t_exit) t_exit = t1;
    if (t_enter > t_exit) return false;
  }
  return true;
}

// Directions for the crossing counts of WindingNumberByRays: far from the axes
// and from one another, so that a ray that grazes an edge or a vertex along
// one (a near-degenerate crossing) passes cleanly along the next.
constexpr std::array<std::array<double, 3>, 6> kRayDirections{{{0.5773, 0.3119, 0.7546},
                                                               {-0.2871, 0.8312, -0.4761},
                                                               {0.7071, -0.6189, 0.3421},
                                                               {-0.6427, -0.5419, 0.5413},
                                                               {0.1213, -0.4409, -0.8893},
                                                               {-0.8819, 0.2357, -0.4083}}};

// A crossing this close to a triangle's edge, vertex or plane, relative to
// the sizes in its predicates, is near-degenerate: its count could be
// round-off, so the ray is abandoned for the next direction.
constexpr double kGrazingRatio = 1e-9;

// How the line through p along d passes the triangle v0 v1 v2: through it
// (it turns the same way about all three edges, as in
// SegmentCrossesTriangle), clearly beside it, or too near an edge or vertex
// to tell.
enum class LinePass { kThrough, kBeside, kGrazing };
LinePass PassTriangle(const Vector3d& p, const Vector3d& d, const Vector3d& v0, const Vector3d& v1,
                      const Vector3d& v2) {
  const Vector3d r[3] = {v0 - p, v1 - p, v2 - p};
  int positive = 0, negative = 0;
  bool grazing = false;
  for (int i = 0; i < 3; ++i) {
    const Vector3d& a = r[i];
    const Vector3d& b = r[(i + 1) % 3];
    const double w = d.dot(a.cross(b));
    if (std::abs(w) <= kGrazingRatio * d.norm() * a.norm() * b.norm()) grazing = true;
    positive += w > 0;
    negative += w < 0;
  }
  if (positive > 0 && negative > 0) {
    // Beside it, unless the opposite signs are round-off.
    return grazing ? LinePass::kGrazing : LinePass::kBeside;
  }
  return grazing ? LinePass::kGrazing : LinePass::kThrough;
}

}  // namespace

namespace internal {

std::optional<int> WindingNumberByRays(const TriangleSurfaceMesh& mesh, const Bvh& bvh,
                                       const std::vector<int>& shell_of_face, int own,
                                       const Vector3d& p) {
  const std::vector<Bvh::Node>& nodes = bvh.nodes();
  if (nodes.empty()) return 0;
  // A segment long enough to leave the mesh's box from any point in it
  // (p lies in it: it is on a shell).
  const Aabb& box = bvh.bounding_box();
  const double reach = 2 * ((box.max - box.min).norm() + (p - box.min).norm()) + 1e-300;
  for (const auto& direction : kRayDirections) {
    const Vector3d d = reach * Vector3d(direction[0], direction[1], direction[2]).normalized();
    const Vector3d inv_d = d.cwiseInverse();
    int winding = 0;
    bool grazing = false;
    int stack[Bvh::kMaxDepth + 1];
    int top = 0;
    stack[top++] = 0;
    while (top > 0 && !grazing) {
      const int index = stack[--top];
      const Bvh::Node& node = nodes[index];
      if (!SegmentMeetsBox(node.box, p, inv_d)) continue;
      if (!node.is_leaf()) {
        stack[top++] = node.right;
        stack[top++] = index + 1;
        continue;
      }
      const int f = node.element;
      if (shell_of_face[f] == own) continue;
      const auto& t = mesh.element(f);
      const Vector3d& v0 = mesh.vertex(t[0]);
      const Vector3d& v1 = mesh.vertex(t[1]);
      const Vector3d& v2 = mesh.vertex(t[2]);
      const Vector3d n = (v1 - v0).cross(v2 - v0);
      const double h0 = n.dot(p - v0);
      const double h1 = n.dot(p + d - v0);
      if (std::abs(h0) <= kGrazingRatio * n.norm() * (p - v0).norm()) {
        // p (nearly) in the triangle's plane, e.g. shells side by side on
        // one floor: the ray could only cross it at p, which lies on no
        // other shell's triangle; only p (nearly) on it is undecidable.
        grazing = PassTriangle(p, n, v0, v1, v2) != LinePass::kBeside;
        continue;
      }
      if ((h0 > 0) == (h1 > 0)) continue;
      switch (PassTriangle(p, d, v0, v1, v2)) {
        case LinePass::kThrough:
          winding += h0 < 0 ? 1 : -1;
          break;
        case LinePass::kBeside:
          break;
        case LinePass::kGrazing:
          grazing = true;
          break;
      }
    }
    if (!grazing) return winding;
  }
  return std::nullopt;
}

int WindingNumberBySolidAngles(const TriangleSurfaceMesh& mesh,
                               const std::vector<int>& shell_of_face, int own,
                               const Vector3d& p) {
  double angle = 0;
  for (int f = 0; f < mesh.num_triangles(); ++f) {
    if (shell_of_face[f] == own) continue;
    const auto& t = mesh.element(f);
    angle += SolidAngle(p, mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]));
  }
  return static_cast<int>(std::lround(angle / (4 * std::numbers::pi)));
}

}  // namespace internal

namespace {

// The shells of a surface whose edges are manifold and oriented and which
// neither crosses nor lies on itself, and those wound against their nesting
// (SurfaceDefects::misnested_shells). `bvh` is the surface's hierarchy.
//
// Shells are the classes of triangles joined across shared edges
// (union–find; two shells touching at a vertex stay two). Since no two
// shells cross, each lies wholly inside or wholly outside each other one,
// so the winding number of the rest of the surface is the same all along a
// shell: it is taken at the centroid of the shell's first triangle,
// counting the crossings of a ray from there (internal::WindingNumberByRays,
// O(log F) per shell) or, should every ray graze a triangle, from solid
// angles. The whole surface's winding number is then that value on the
// shell's outer side and that value plus the shell's own (+1 for an
// outward shell, −1 for an inward one) on its inner side, and every region
// off the surface borders some shell, so the surface bounds a solid
// exactly when every shell sees 0 and faces outward, or sees 1 and faces
// inward.
std::vector<SurfaceDefects::MisnestedShell> FindMisnestedShells(const TriangleSurfaceMesh& mesh,
                                                                const Bvh& bvh) {
  const int num_faces = mesh.num_triangles();
  // Union–find over the triangles, joining the two across each edge: every
  // edge is used once in each direction (checked before), so sorting the
  // edges by their vertices puts each edge's two triangles side by side.
  std::vector<int> parent(num_faces);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int f) {
    while (parent[f] != f) f = parent[f] = parent[parent[f]];
    return f;
  };
  // (Each edge as one 64-bit key, smaller vertex high, and its triangle.)
  std::vector<std::pair<uint64_t, int>> edges;
  edges.reserve(3 * size_t(num_faces));
  for (int f = 0; f < num_faces; ++f) {
    const auto& t = mesh.element(f);
    for (int i = 0; i < 3; ++i) {
      const int a = t[i], b = t[(i + 1) % 3];
      edges.push_back({(uint64_t(uint32_t(std::min(a, b))) << 32) | uint32_t(std::max(a, b)), f});
    }
  }
  std::sort(edges.begin(), edges.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  for (size_t i = 0; i + 1 < edges.size(); i += 2) {
    parent[root(edges[i].second)] = root(edges[i + 1].second);
  }
  // Shells numbered in order of their first triangle.
  std::vector<int> shell_of_root(num_faces, -1);
  std::vector<int> shell_of_face(num_faces);
  std::vector<int> first_face;
  for (int f = 0; f < num_faces; ++f) {
    int& shell = shell_of_root[root(f)];
    if (shell < 0) {
      shell = static_cast<int>(first_face.size());
      first_face.push_back(f);
    }
    shell_of_face[f] = shell;
  }
  const int num_shells = static_cast<int>(first_face.size());
  if (num_shells < 2) return {};
  auto corner = [&](int f, int i) -> const Vector3d& { return mesh.vertex(mesh.element(f)[i]); };
  std::vector<double> volumes(num_shells, 0.0);
  std::vector<int> sizes(num_shells, 0);
  for (int f = 0; f < num_faces; ++f) {
    volumes[shell_of_face[f]] += corner(f, 0).dot(corner(f, 1).cross(corner(f, 2))) / 6;
    sizes[shell_of_face[f]] += 1;
  }
  std::vector<SurfaceDefects::MisnestedShell> misnested;
  for (int s = 0; s < num_shells; ++s) {
    const int first = first_face[s];
    const Vector3d p = (corner(first, 0) + corner(first, 1) + corner(first, 2)) / 3;
    const std::optional<int> by_rays = internal::WindingNumberByRays(mesh, bvh, shell_of_face, s, p);
    const int winding =
        by_rays ? *by_rays : internal::WindingNumberBySolidAngles(mesh, shell_of_face, s, p);
    const bool outward_outside = winding == 0 && volumes[s] > 0;
    const bool cavity = winding == 1 && volumes[s] < 0;
    if (!outward_outside && !cavity) misnested.push_back({first, sizes[s], volumes[s], winding});
  }
  return misnested;
}

}  // namespace

SurfaceDefects FindSurfaceDefects(const TriangleSurfaceMesh& mesh_G) {
  SurfaceDefects out;
  const int num_faces = mesh_G.num_triangles();
  // Per undirected edge: how often it is traversed in each direction
  // (lower → higher vertex index, and back).
  struct Uses {
    int up{0};
    int down{0};
  };
  std::unordered_map<uint64_t, Uses> uses;
  uses.reserve(size_t(num_faces) * 2);
  for (int f = 0; f < num_faces; ++f) {
    const auto& t = mesh_G.element(f);
    for (int i = 0; i < 3; ++i) {
      const int from = t[i], to = t[(i + 1) % 3];
      const int lo = std::min(from, to), hi = std::max(from, to);
      Uses& u = uses[(uint64_t(uint32_t(lo)) << 32) | uint32_t(hi)];
      (from == lo ? u.up : u.down) += 1;
    }
  }
  for (const auto& [key, u] : uses) {
    const std::array<int, 2> edge{int(key >> 32), int(key & 0xffffffffu)};
    const int total = u.up + u.down;
    if (total == 1) {
      out.open_edges.push_back(edge);
    } else if (total > 2) {
      out.non_manifold_edges.push_back(edge);
    } else if (u.up != 1) {
      out.misoriented_edges.push_back(edge);
    }
  }
  // The hash map's order is unspecified: sort so messages are reproducible.
  std::sort(out.open_edges.begin(), out.open_edges.end());
  std::sort(out.non_manifold_edges.begin(), out.non_manifold_edges.end());
  std::sort(out.misoriented_edges.begin(), out.misoriented_edges.end());

  const Bvh bvh = num_faces > 0 ? Bvh(mesh_G) : Bvh();
  if (num_faces > 0) {
    // Each pair a < b once, in traversal order (deterministic), then sorted.
    std::vector<std::pair<std::array<int, 2>, Vector3d>> crossings, overlaps;
    auto corners = [&](int f) {
      const auto& t = mesh_G.element(f);
      return std::array<Vector3d, 3>{mesh_G.vertex(t[0]), mesh_G.vertex(t[1]),
                                     mesh_G.vertex(t[2])};
    };
    // Pairs nearer than ClassifyCoplanar's tolerance for the longest edge
    // and largest coordinate of the whole mesh are candidates: sheets that
    // near are one folded sheet even where their boxes are apart (by
    // round-off, say).
    double longest_sq = 0;
    for (int f = 0; f < num_faces; ++f) {
      const auto c = corners(f);
      for (int i = 0; i < 3; ++i) longest_sq = std::max(longest_sq, (c[(i + 1) % 3] - c[i]).squaredNorm());
    }
    const Aabb box = mesh_G.CalcBoundingBox();
    const double largest_coordinate = box.MaxAbsCoordinate();
    bvh.CollideWithin(CoplanarTolerance(std::sqrt(longest_sq), largest_coordinate), [&](int a, int b) {
      Vector3d p_GX;
      // Coplanar pairs are settled in their plane: the crossing test's
      // signs would be round-off for them.
      switch (ClassifyCoplanar(corners(a), corners(b), &p_GX)) {
        case Coplanarity::kCoplanarOverlapping:
          overlaps.push_back({{a, b}, p_GX});
          break;
        case Coplanarity::kCoplanarApart:
          break;
        case Coplanarity::kNotCoplanar:
          if (TrianglesCross(mesh_G, a, b, &p_GX)) crossings.push_back({{a, b}, p_GX});
          break;
      }
    });
    auto by_pair = [](const auto& x, const auto& y) { return x.first < y.first; };
    std::sort(crossings.begin(), crossings.end(), by_pair);
    std::sort(overlaps.begin(), overlaps.end(), by_pair);
    for (const auto& [pair, p] : crossings) {
      out.crossing_triangles.push_back(pair);
      out.crossing_points.push_back(p);
    }
    for (const auto& [pair, p] : overlaps) {
      out.overlapping_triangles.push_back(pair);
      out.overlap_points.push_back(p);
    }
  }
  if (out.open_edges.empty() && out.non_manifold_edges.empty() && out.misoriented_edges.empty() &&
      out.crossing_triangles.empty() && out.overlapping_triangles.empty()) {
    out.misnested_shells = FindMisnestedShells(mesh_G, bvh);
  }
  out.signed_volume = mesh_G.CalcSignedVolume();
  return out;
}

std::optional<std::string> DescribeSurfaceDefects(const TriangleSurfaceMesh& mesh_G) {
  if (mesh_G.num_triangles() == 0) return "the surface has no triangles, so it bounds no solid";
  const SurfaceDefects d = FindSurfaceDefects(mesh_G);
  if (d.ok()) return std::nullopt;
  std::string problems;
  auto add = [&](const std::string& s) { problems += (problems.empty() ? "" : "; ") + s; };
  if (!d.open_edges.empty()) {
    add(fmt::format(
        "it is not closed: {} open edge(s) used by one triangle only (the rims of holes): {}; "
        "close the mesh (or use Convex for its hull)",
        d.open_edges.size(), ListEdges(mesh_G, d.open_edges)));
  }
  if (!d.non_manifold_edges.empty()) {
    add(fmt::format("{} non-manifold edge(s) used by three or more triangles: {}",
                    d.non_manifold_edges.size(), ListEdges(mesh_G, d.non_manifold_edges)));
  }
  if (!d.misoriented_edges.empty()) {
    add(fmt::format(
        "{} edge(s) traversed twice in the same direction (neighbouring triangles wound "
        "oppositely): {}",
        d.misoriented_edges.size(), ListEdges(mesh_G, d.misoriented_edges)));
  }
  if (!d.crossing_triangles.empty()) {
    add(fmt::format(
        "the surface crosses itself ({} crossing triangle pair(s)): {}; remove the overlap (a "
        "union of overlapping parts must be merged into one surface)",
        d.crossing_triangles.size(),
        ListTrianglePairs(d.crossing_triangles, d.crossing_points, "at")));
  }
  if (!d.overlapping_triangles.empty()) {
    add(fmt::format(
        "the surface lies on itself ({} pair(s) of coplanar triangles overlap: a sheet folded "
        "back onto itself or a duplicated sheet): {}; remove the duplicated or folded triangles",
        d.overlapping_triangles.size(),
        ListTrianglePairs(d.overlapping_triangles, d.overlap_points, "around")));
  }
  if (!d.misnested_shells.empty()) {
    std::string list;
    for (size_t i = 0; i < std::min(d.misnested_shells.size(), kListed); ++i) {
      const SurfaceDefects::MisnestedShell& shell = d.misnested_shells[i];
      const auto& t = mesh_G.element(shell.first_triangle);
      const Vector3d p = (mesh_G.vertex(t[0]) + mesh_G.vertex(t[1]) + mesh_G.vertex(t[2])) / 3;
      const char* facing = shell.signed_volume > 0   ? "faces outward"
                           : shell.signed_volume < 0 ? "faces inward"
                                                     : "encloses no volume";
      list += fmt::format(
          "{}the shell of triangle {} ({} triangles, around ({:g}, {:g}, {:g})) {} where the rest "
          "of the surface has winding number {}",
          i == 0 ? "" : "; ", shell.first_triangle, shell.num_triangles, p.x(), p.y(), p.z(),
          facing, shell.enclosing_winding);
    }
    if (d.misnested_shells.size() > kListed) list += "; ...";
    add(fmt::format(
        "{} shell(s) wound against their nesting: {} (a shell enclosed by no solid must face "
        "outward and one inside a solid must face inward, as a cavity); reverse the winding of "
        "a cavity's triangles, or remove a shell nested by mistake",
        d.misnested_shells.size(), list));
  }
  const bool edges_ok =
      d.open_edges.empty() && d.non_manifold_edges.empty() && d.misoriented_edges.empty();
  if (edges_ok && d.crossing_triangles.empty() && d.overlapping_triangles.empty() &&
      d.misnested_shells.empty() && !(d.signed_volume > 0)) {
    add(fmt::format(
        "the enclosed volume is {:g} m³ (not positive): its normals point inward; reverse the "
        "winding of its triangles",
        d.signed_volume));
  }
  return fmt::format(
      "the surface does not bound a solid (it must be closed, manifold, consistently oriented "
      "and free of self-intersections, with cavities facing inward): {}",
      problems);
}

void ValidateClosedSurface(const TriangleSurfaceMesh& mesh_G, const std::string& what) {
  if (const std::optional<std::string> defects = DescribeSurfaceDefects(mesh_G)) {
    throw std::invalid_argument(fmt::format("{}: {}", what, *defects));
  }
}

}  // namespace hydrocontact
