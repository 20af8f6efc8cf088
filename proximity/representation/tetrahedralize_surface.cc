#include "proximity/representation/tetrahedralize_surface.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "proximity/bvh.h"
#include "proximity/triangle_queries.h"

namespace hydrocontact {
namespace {

using Eigen::Vector3d;
using Tet = std::array<int, 4>;

// Labelle & Shewchuk's warping thresholds (fractions of the edge length).
constexpr double kAlphaLong = 0.24969;
constexpr double kAlphaShort = 0.41189;

// The BCC lattice over a box: black points (i, j, k), 0 ≤ i ≤ n.x(), at
// origin + h·(i, j, k); red points (cells) (i, j, k), 0 ≤ i < n.x(), at
// origin + h·(i + ½, j + ½, k + ½). Black ids come first.
struct Lattice {
  Vector3d origin;
  double h{0};
  Eigen::Vector3i n;  // cells per axis

  int num_black() const { return (n.x() + 1) * (n.y() + 1) * (n.z() + 1); }
  int num_red() const { return n.x() * n.y() * n.z(); }
  int Black(int i, int j, int k) const { return i + (n.x() + 1) * (j + (n.y() + 1) * k); }
  int Red(int i, int j, int k) const { return num_black() + i + n.x() * (j + n.y() * k); }
  bool BlackIn(int i, int j, int k) const {
    return i >= 0 && j >= 0 && k >= 0 && i <= n.x() && j <= n.y() && k <= n.z();
  }
  bool RedIn(int i, int j, int k) const {
    return i >= 0 && j >= 0 && k >= 0 && i < n.x() && j < n.y() && k < n.z();
  }
  // The lattice coordinates of point `id` and whether it is red.
  Eigen::Vector3i Coordinates(int id, bool* red) const {
    *red = id >= num_black();
    if (*red) {
      const int r = id - num_black();
      return {r % n.x(), (r / n.x()) % n.y(), r / (n.x() * n.y())};
    }
    return {id % (n.x() + 1), (id / (n.x() + 1)) % (n.y() + 1), id / ((n.x() + 1) * (n.y() + 1))};
  }
  Vector3d Position(int id) const {
    bool red;
    const Eigen::Vector3i c = Coordinates(id, &red);
    return origin + h * (c.cast<double>() + Vector3d::Constant(red ? 0.5 : 0.0));
  }
  // Calls f(neighbour, is_long_edge) for each lattice neighbour of `id`.
  template <class F>
  void ForEachNeighbour(int id, F&& f) const {
    bool red;
    const Eigen::Vector3i c = Coordinates(id, &red);
    for (int a = 0; a < 3; ++a) {
      for (int s : {-1, 1}) {
        Eigen::Vector3i d = c;
        d[a] += s;
        if (red ? RedIn(d.x(), d.y(), d.z()) : BlackIn(d.x(), d.y(), d.z())) {
          f(red ? Red(d.x(), d.y(), d.z()) : Black(d.x(), d.y(), d.z()), true);
        }
      }
    }
    // Opposite colour: a red cell's 8 corners are black (i..i+1); a black
    // point's 8 cells are (i−1..i).
    for (int dx = 0; dx < 2; ++dx) {
      for (int dy = 0; dy < 2; ++dy) {
        for (int dz = 0; dz < 2; ++dz) {
          if (red) {
            f(Black(c.x() + dx, c.y() + dy, c.z() + dz), false);
          } else {
            const int i = c.x() - 1 + dx, j = c.y() - 1 + dy, k = c.z() - 1 + dz;
            if (RedIn(i, j, k)) f(Red(i, j, k), false);
          }
        }
      }
    }
  }
};

uint64_t EdgeKey(int u, int v) {
  const int lo = std::min(u, v), hi = std::max(u, v);
  return (uint64_t(uint32_t(lo)) << 32) | uint32_t(hi);
}

// Where segment [p_in, p_out] (φ(p_in) < 0 < φ(p_out)) crosses the surface:
// the crossing nearest p_in among the triangles the segment pierces; if
// round-off hides every crossing (the segment grazes an edge of the
// surface), the zero of the linear interpolant of φ.
Vector3d CutPoint(const MeshDistanceData& data, const Vector3d& p_in, double phi_in,
                  const Vector3d& p_out, double phi_out) {
  Aabb box;
  box.min = p_in.cwiseMin(p_out);
  box.max = p_in.cwiseMax(p_out);
  double best_t = std::numeric_limits<double>::infinity();
  Vector3d best = Vector3d::Zero();
  const TriangleSurfaceMesh& mesh = data.mesh;
  data.bvh.Query(box, [&](int f) {
    const auto& t = mesh.element(f);
    Vector3d p_X;
    double s;
    if (SegmentCrossesTriangle(p_in, p_out, mesh.vertex(t[0]), mesh.vertex(t[1]),
                               mesh.vertex(t[2]), &p_X, &s) &&
        s < best_t) {
      best_t = s;
      best = p_X;
    }
  });
  if (std::isfinite(best_t)) return best;
  const double s = phi_in / (phi_in - phi_out);
  return p_in + s * (p_out - p_in);
}

// Collects the output tetrahedra with the lattice's shared vertex arrays.
class Stuffer {
 public:
  // `known_cuts` holds cut points already computed (by the warping), keyed
  // by EdgeKey.
  Stuffer(const MeshDistanceData& data, std::vector<Vector3d>* positions,
          std::vector<double>* phi, const std::unordered_map<uint64_t, Vector3d>* known_cuts)
      : data_(data), p_(*positions), phi_(*phi), known_cuts_(*known_cuts) {}

  // The vertex id of the cut point on edge (u, v), created on first use.
  int Cut(int u, int v) {
    const uint64_t key = EdgeKey(u, v);
    auto [it, inserted] = cuts_.try_emplace(key, int(p_.size()));
    if (inserted) {
      const auto known = known_cuts_.find(key);
      if (known != known_cuts_.end()) {
        p_.push_back(known->second);
      } else {
        const int in = phi_[u] < 0 ? u : v, out = in == u ? v : u;
        p_.push_back(CutPoint(data_, p_[in], phi_[in], p_[out], phi_[out]));
      }
      phi_.push_back(0.0);
    }
    return it->second;
  }

  void Emit(int a, int b, int c, int d) {
    Tet t{a, b, c, d};
    if (SignedTetrahedronVolume(p_[a], p_[b], p_[c], p_[d]) < 0) std::swap(t[2], t[3]);
    tets_.push_back(t);
  }

  // Prism with triangles (x0, x1, x2), (y0, y1, y2) and xi–yi edges, pulled
  // from its smallest vertex id (see the file comment).
  void EmitPrism(std::array<int, 3> x, std::array<int, 3> y) {
    int m = 0;
    for (int i = 1; i < 3; ++i) {
      if (std::min(x[i], y[i]) < std::min(x[m], y[m])) m = i;
    }
    if (y[m] < x[m]) std::swap(x, y);
    std::rotate(x.begin(), x.begin() + m, x.end());
    std::rotate(y.begin(), y.begin() + m, y.end());
    // Now x0 is the smallest: cone it to (y0, y1, y2) and to the two
    // triangles of the quad (x1, x2, y2, y1), split at that quad's smallest.
    Emit(x[0], y[0], y[1], y[2]);
    const int qmin = std::min({x[1], x[2], y[2], y[1]});
    if (qmin == x[1] || qmin == y[2]) {
      Emit(x[0], x[1], x[2], y[2]);
      Emit(x[0], x[1], y[2], y[1]);
    } else {
      Emit(x[0], x[1], x[2], y[1]);
      Emit(x[0], x[2], y[2], y[1]);
    }
  }

  // Pyramid over the quad (q0, q1, q2, q3) (cyclic) with apex z: split
  // along the diagonal through the quad's smallest vertex id.
  void EmitPyramid(const std::array<int, 4>& q, int z) {
    const int k = int(std::min_element(q.begin(), q.end()) - q.begin());
    const int a = q[k], b = q[(k + 1) % 4], c = q[(k + 2) % 4], d = q[(k + 3) % 4];
    Emit(z, a, b, c);
    Emit(z, a, c, d);
  }

  // The part with φ ≤ 0 of the lattice tetrahedron `t`.
  void Stuff(const Tet& t) {
    int neg[4], zero[4], pos[4];
    int nn = 0, nz = 0, np = 0;
    for (int v : t) {
      if (phi_[v] < 0) {
        neg[nn++] = v;
      } else if (phi_[v] > 0) {
        pos[np++] = v;
      } else {
        zero[nz++] = v;
      }
    }
    if (nn == 0) return;
    if (np == 0) {
      Emit(t[0], t[1], t[2], t[3]);
      return;
    }
    if (nn == 1) {
      const int a = neg[0];
      if (np == 3) {
        Emit(a, Cut(a, pos[0]), Cut(a, pos[1]), Cut(a, pos[2]));
      } else if (np == 2) {
        Emit(a, zero[0], Cut(a, pos[0]), Cut(a, pos[1]));
      } else {
        Emit(a, zero[0], zero[1], Cut(a, pos[0]));
      }
    } else if (nn == 2) {
      const int a = neg[0], b = neg[1];
      if (np == 2) {
        const int p = pos[0], q = pos[1];
        EmitPrism({a, Cut(a, p), Cut(a, q)}, {b, Cut(b, p), Cut(b, q)});
      } else {
        const int p = pos[0];
        EmitPyramid({a, b, Cut(b, p), Cut(a, p)}, zero[0]);
      }
    } else {
      const int p = pos[0];
      EmitPrism({neg[0], neg[1], neg[2]}, {Cut(neg[0], p), Cut(neg[1], p), Cut(neg[2], p)});
    }
  }

  std::vector<Tet>& tets() { return tets_; }

 private:
  const MeshDistanceData& data_;
  std::vector<Vector3d>& p_;
  std::vector<double>& phi_;
  const std::unordered_map<uint64_t, Vector3d>& known_cuts_;
  std::unordered_map<uint64_t, int> cuts_;
  std::vector<Tet> tets_;
};

// The signed distance φ at every lattice point `p` (lattice.Position).
//
// Exact queries cost little near the surface but a lot deep inside, where
// many triangles are almost equally near (at the centre of a finely
// tessellated sphere, every triangle). So φ is computed exactly (a) at the
// black points with even coordinates (a coarse lattice of spacing 2h) and
// (b) at every point that the coarse values cannot prove to be farther than
// 2h from the surface (Lipschitz: |φ(p) − φ(c)| ≤ |p − c| for its nearest
// coarse point c). Those are all the points whose values the stuffing
// uses: a cut edge is at most h long. The other points get their sign from
// c exactly; outside they need nothing more, and inside, their distance
// (the extent field) is propagated from the exact points through lattice
// edges, Dijkstra-like, each point taking the nearest of its neighbours'
// nearest triangles (closest-feature propagation). A propagated value is a
// distance to a real triangle, so it is never below the true distance, and
// it is exact unless the nearest triangle is nearest to no neighbour
// (a sliver of the medial axis, where the error is a fraction of h).
std::vector<double> SampleSignedDistance(const MeshDistanceData& data, const Lattice& lattice,
                                         const std::vector<Vector3d>& p) {
  const int num_lattice = int(p.size());
  const double h = lattice.h;
  std::vector<double> phi(num_lattice, std::numeric_limits<double>::quiet_NaN());
  std::vector<int> face(num_lattice, -1);
  auto exact = [&](int v) {
    const MeshPointDistance d = CalcMeshPointDistance(data, p[v]);
    phi[v] = d.distance;
    face[v] = d.face;
  };
  const Eigen::Vector3i even = (lattice.n.array() / 2) * 2;
  for (int k = 0; k <= even.z(); k += 2) {
    for (int j = 0; j <= even.y(); j += 2) {
      for (int i = 0; i <= even.x(); i += 2) exact(lattice.Black(i, j, k));
    }
  }
  const double band = 2 * h;
  std::vector<int> far_inside;
  for (int v = 0; v < num_lattice; ++v) {
    if (face[v] >= 0) continue;
    bool red;
    const Eigen::Vector3i x = lattice.Coordinates(v, &red);
    Eigen::Vector3i cx;
    for (int a = 0; a < 3; ++a) {
      const double coordinate = x[a] + (red ? 0.5 : 0.0);
      cx[a] = std::min(even[a], 2 * int(std::lround(coordinate / 2)));
    }
    const int cv = lattice.Black(cx.x(), cx.y(), cx.z());
    const double bound = std::abs(phi[cv]) - (p[v] - p[cv]).norm();
    if (bound < band) {
      exact(v);
    } else if (phi[cv] > 0) {
      phi[v] = bound;  // outside: only the sign matters
    } else {
      phi[v] = -std::numeric_limits<double>::infinity();
      far_inside.push_back(v);
    }
  }
  if (far_inside.empty()) return phi;
  // Propagation: a min-heap of (distance, point) seeded with every exact
  // inside point; a far point is final when popped.
  using Entry = std::pair<double, int>;
  std::vector<Entry> heap;
  for (int v = 0; v < num_lattice; ++v) {
    if (face[v] >= 0 && phi[v] < 0) heap.push_back({-phi[v], v});
  }
  std::make_heap(heap.begin(), heap.end(), std::greater<>());
  std::vector<double> best(num_lattice, std::numeric_limits<double>::infinity());
  std::vector<std::uint8_t> far(num_lattice, 0);
  for (int v : far_inside) far[v] = 1;
  const TriangleSurfaceMesh& mesh = data.mesh;
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), std::greater<>());
    const auto [d, v] = heap.back();
    heap.pop_back();
    if (far[v] && d > best[v]) continue;  // superseded by a nearer triangle
    const auto& t = mesh.element(face[v]);
    // A copy: clang before 16 cannot capture a structured binding.
    const auto face_v = face[v];
    lattice.ForEachNeighbour(v, [&](int w, bool) {
      if (!far[w]) return;
      const double dw = std::sqrt(
          CalcClosestPointOnTriangle(p[w], mesh.vertex(t[0]), mesh.vertex(t[1]), mesh.vertex(t[2]))
              .squared_distance);
      if (dw < best[w]) {
        best[w] = dw;
        face[w] = face_v;
        heap.push_back({dw, w});
        std::push_heap(heap.begin(), heap.end(), std::greater<>());
      }
    });
  }
  for (int v : far_inside) phi[v] = -best[v];
  return phi;
}

// The spacing of the points at which the deviation of the input surface
// from the mesh is measured, in lattice spacings.
constexpr double kSampleSpacing = 0.5;

// Calls f(p_GS) at the centroid of every piece of a partition of each
// triangle of `surface` into pieces whose edges are at most `spacing` long
// (longest-edge bisection), so every point of the surface lies within
// 2/3·spacing of a sample (a point of a triangle is within 2/3 of its
// longest median, at most its longest edge, of its centroid). A triangle of
// area A and longest edge ℓ gets O(A/spacing² + ℓ/spacing) samples, a
// sliver no more than its length asks for.
template <class F>
void ForEachSurfaceSample(const TriangleSurfaceMesh& surface, double spacing, F&& f) {
  const double limit = spacing * spacing;
  std::vector<std::array<Vector3d, 3>> stack;
  for (int t = 0; t < surface.num_triangles(); ++t) {
    const auto& e = surface.element(t);
    stack.push_back({surface.vertex(e[0]), surface.vertex(e[1]), surface.vertex(e[2])});
    while (!stack.empty()) {
      const std::array<Vector3d, 3> q = stack.back();
      stack.pop_back();
      // The longest edge, opposite vertex k.
      int k = 0;
      double longest = 0;
      for (int i = 0; i < 3; ++i) {
        const double l = (q[(i + 1) % 3] - q[(i + 2) % 3]).squaredNorm();
        if (l > longest) {
          longest = l;
          k = i;
        }
      }
      if (longest <= limit) {
        f((q[0] + q[1] + q[2]) / 3);
        continue;
      }
      const Vector3d& a = q[k];
      const Vector3d& b = q[(k + 1) % 3];
      const Vector3d& c = q[(k + 2) % 3];
      const Vector3d m = (b + c) / 2;
      stack.push_back({a, b, m});
      stack.push_back({a, m, c});
    }
  }
}

}  // namespace

std::pair<double, double> CalcDihedralAngleRange(const Vector3d& a, const Vector3d& b,
                                                 const Vector3d& c, const Vector3d& d) {
  const std::array<const Vector3d*, 4> v{&a, &b, &c, &d};
  // Outward normal of the face opposite vertex i (for a positive tet; the
  // angles are the same for a negative one since both normals flip).
  std::array<Vector3d, 4> n;
  for (int i = 0; i < 4; ++i) {
    const auto& f = VolumeMesh::kOutwardFaces[i];
    n[i] = (*v[f[1]] - *v[f[0]]).cross(*v[f[2]] - *v[f[0]]).normalized();
  }
  double lo = M_PI, hi = 0;
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) {
      // The dihedral angle at the edge shared by faces i and j is π minus
      // the angle between their outward normals.
      const double angle = M_PI - std::acos(std::clamp(n[i].dot(n[j]), -1.0, 1.0));
      lo = std::min(lo, angle);
      hi = std::max(hi, angle);
    }
  }
  return {lo, hi};
}

SurfaceTetrahedralization TetrahedralizeSurface(const MeshDistanceData& data, double h) {
  internal::RequireResolutionHint("Mesh", h);
  internal::RequireMeshDistanceData(data, "TetrahedralizeSurface");
  const TriangleSurfaceMesh& surface = data.mesh;
  const Aabb box = surface.CalcBoundingBox();
  // One spare cell on each side: every lattice tetrahedron touching the
  // solid then lies inside the lattice.
  const Vector3d size = box.max - box.min;
  // (The small slack keeps a size that is a whole number of spacings, up to
  // round-off, from getting an extra cell.)
  const Eigen::Vector3d cells = (size / h - Vector3d::Constant(1e-9)).array().ceil() + 2;
  const double volume = surface.CalcSignedVolume();
  // A BCC tetrahedron has volume h³/12; the lattice has two points per cell.
  internal::CheckMeshSize("Mesh", "tetrahedra",
                          std::max(12 * volume / (h * h * h), cells.prod() / 4), h, 3);
  Lattice lattice;
  lattice.h = h;
  lattice.n = cells.cast<int>();
  lattice.origin = box.min - 0.5 * (cells * h - size);

  const int num_lattice = lattice.num_black() + lattice.num_red();
  std::vector<Vector3d> p(num_lattice);
  for (int v = 0; v < num_lattice; ++v) p[v] = lattice.Position(v);
  std::vector<double> phi = SampleSignedDistance(data, lattice, p);
  // Warping: a point too close to a cut point on one of its edges moves
  // onto the nearest such cut point and becomes a boundary (zero) point.
  // An edge keeps its cut only while both ends keep their strict signs, and
  // its position depends on nothing else, so each is computed once and kept
  // for the stuffing.
  std::unordered_map<uint64_t, Vector3d> cut_of;
  for (int v = 0; v < num_lattice; ++v) {
    if (phi[v] == 0) continue;
    double best_fraction = std::numeric_limits<double>::infinity();
    Vector3d target;
    lattice.ForEachNeighbour(v, [&](int w, bool is_long) {
      if (!((phi[v] < 0 && phi[w] > 0) || (phi[v] > 0 && phi[w] < 0))) return;
      const int in = phi[v] < 0 ? v : w, out = in == v ? w : v;
      auto [it, inserted] = cut_of.try_emplace(EdgeKey(v, w));
      if (inserted) it->second = CutPoint(data, p[in], phi[in], p[out], phi[out]);
      const Vector3d& c = it->second;
      const double length = (p[w] - p[v]).norm();
      const double fraction = (c - p[v]).norm() / length;
      if (fraction < (is_long ? kAlphaLong : kAlphaShort) && fraction < best_fraction) {
        best_fraction = fraction;
        target = c;
      }
    });
    if (std::isfinite(best_fraction)) {
      p[v] = target;
      phi[v] = 0;
    }
  }

  Stuffer stuffer(data, &p, &phi, &cut_of);
  for (int k = 0; k < lattice.n.z(); ++k) {
    for (int j = 0; j < lattice.n.y(); ++j) {
      for (int i = 0; i < lattice.n.x(); ++i) {
        const int r0 = lattice.Red(i, j, k);
        for (int a = 0; a < 3; ++a) {
          Eigen::Vector3i c1(i, j, k);
          c1[a] += 1;
          if (!lattice.RedIn(c1.x(), c1.y(), c1.z())) continue;
          const int r1 = lattice.Red(c1.x(), c1.y(), c1.z());
          // The square between the two cells lies in the plane of black
          // coordinate c1[a]; walk its four corners in a cycle.
          const int b = (a + 1) % 3, c = (a + 2) % 3;
          static constexpr int kCycle[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
          int corner[4];
          for (int q = 0; q < 4; ++q) {
            Eigen::Vector3i x = c1;
            x[b] += kCycle[q][0];
            x[c] += kCycle[q][1];
            corner[q] = lattice.Black(x.x(), x.y(), x.z());
          }
          for (int q = 0; q < 4; ++q) {
            const Tet t{r0, r1, corner[q], corner[(q + 1) % 4]};
            bool any_inside = false;
            for (int v : t) any_inside = any_inside || phi[v] < 0;
            if (any_inside) stuffer.Stuff(t);
          }
        }
      }
    }
  }
  std::vector<Tet>& tets = stuffer.tets();
  if (tets.empty()) {
    throw std::invalid_argument(fmt::format(
        "Mesh: no lattice point lies inside the surface at resolution hint {:g} m: the solid is "
        "thinner than the lattice everywhere; use a smaller resolution hint",
        h));
  }

  // Compact the vertices the tetrahedra use.
  std::vector<int> new_id(p.size(), -1);
  std::vector<Vector3d> vertices;
  std::vector<double> depth;  // distance to the input surface (≥ 0)
  for (Tet& t : tets) {
    for (int& v : t) {
      if (new_id[v] < 0) {
        new_id[v] = int(vertices.size());
        vertices.push_back(p[v]);
        depth.push_back(std::max(0.0, -phi[v]));
      }
      v = new_id[v];
    }
  }
  // Split tetrahedra whose four vertices are on the surface at the centroid.
  SurfaceTetrahedralization out;
  const size_t num_stuffed = tets.size();
  for (size_t e = 0; e < num_stuffed; ++e) {
    const Tet t = tets[e];
    if (depth[t[0]] > 0 || depth[t[1]] > 0 || depth[t[2]] > 0 || depth[t[3]] > 0) continue;
    const Vector3d centroid =
        (vertices[t[0]] + vertices[t[1]] + vertices[t[2]] + vertices[t[3]]) / 4;
    const int m = int(vertices.size());
    vertices.push_back(centroid);
    depth.push_back(std::max(0.0, -CalcMeshPointDistance(data, centroid).distance));
    // Replacing one vertex by an interior point keeps the orientation.
    tets[e] = {m, t[1], t[2], t[3]};
    tets.push_back({t[0], m, t[2], t[3]});
    tets.push_back({t[0], t[1], m, t[3]});
    tets.push_back({t[0], t[1], t[2], m});
    ++out.num_split_tetrahedra;
  }

  VolumeMesh mesh(std::move(tets), std::move(vertices));
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  // The extent: 0 exactly on the mesh's boundary, the distance to the input
  // surface elsewhere, normalised by the largest.
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    if (boundary.is_boundary_vertex[v]) depth[v] = 0;
  }
  const auto deepest = std::max_element(depth.begin(), depth.end());
  if (!(*deepest > 0)) {
    throw std::invalid_argument(fmt::format(
        "Mesh: at resolution hint {:g} m the tetrahedral mesh has no vertex inside the surface, "
        "so its pressure field would vanish; use a smaller resolution hint",
        h));
  }
  const double largest = *deepest;
  for (double& d : depth) d /= largest;
  *deepest = 1.0;

  out.lattice_spacing = h;
  out.min_dihedral_angle = M_PI;
  out.max_dihedral_angle = 0;
  for (int e = 0; e < mesh.num_elements(); ++e) {
    const auto& t = mesh.element(e);
    const auto [lo, hi] = CalcDihedralAngleRange(mesh.vertex(t[0]), mesh.vertex(t[1]),
                                                 mesh.vertex(t[2]), mesh.vertex(t[3]));
    out.min_dihedral_angle = std::min(out.min_dihedral_angle, lo);
    out.max_dihedral_angle = std::max(out.max_dihedral_angle, hi);
  }
  // Boundary vertices are cut points (or lattice points warped onto one),
  // on the input surface by construction; the flat triangles between them
  // deviate most near their centroids.
  const TriangleSurfaceMesh& skin = boundary.surface;
  for (int f = 0; f < skin.num_triangles(); ++f) {
    out.max_boundary_deviation =
        std::max(out.max_boundary_deviation,
                 CalcUnsignedDistanceToTriangles(surface, data.bvh, skin.element_centroid(f)));
  }
  const Bvh skin_bvh(skin);
  // Only the largest distance is wanted: a search that finds a triangle
  // nearer than the largest so far stops there (stop_below; an answer at
  // or above it is exact), which settles most points at their first
  // triangle.
  auto measure = [&](const Vector3d& p_GS) {
    const double d =
        CalcUnsignedDistanceToTriangles(skin, skin_bvh, p_GS, out.max_surface_deviation);
    if (d > out.max_surface_deviation) {
      out.max_surface_deviation = d;
      out.p_GMissed = p_GS;
    }
  };
  for (int v = 0; v < surface.num_vertices(); ++v) measure(surface.vertex(v));
  ForEachSurfaceSample(surface, kSampleSpacing * h, measure);
  out.mesh = VolumeMeshWithExtent{std::move(mesh), std::move(depth)};
  return out;
}

}  // namespace hydrocontact
