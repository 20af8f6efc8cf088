#include "proximity/representation/make_inflated_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <vector>

#include <Eigen/Dense>
#include <catch2/catch.hpp>

#include "mesh/vtk_reader.h"
#include "proximity/representation/make_box_mesh.h"
#include "proximity/representation/make_sphere_mesh.h"
#include "proximity/surface_validation.h"
#include "tests/proximity/representation/closed_surfaces.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Matchers::Contains;

TEST_CASE("Inflating a box surface gives the sharp offset box") {
  const double delta = 0.02;
  const TriangleSurfaceMesh box = MakeBoxSurfaceMesh(Box(0.2, 0.4, 0.6));
  const TriangleSurfaceMesh inflated = InflateSurfaceMesh(box, delta);
  // Corners move by δ(±1, ±1, ±1): half sizes + δ.
  for (int v = 0; v < box.num_vertices(); ++v) {
    const Eigen::Vector3d expected = box.vertex(v).array() + box.vertex(v).array().sign() * delta;
    CHECK((inflated.vertex(v) - expected).norm() < 1e-15);
  }
  CHECK(inflated.CalcSignedVolume() == Approx(0.24 * 0.44 * 0.64).epsilon(1e-13));
}

TEST_CASE("Inflation displacements push every incident face out by at least delta") {
  const double delta = 0.01;
  const TriangleSurfaceMesh sphere = MakeSphereSurfaceMesh(Sphere(0.3), 0.05);
  const std::vector<Eigen::Vector3d> d = CalcInflationDisplacements(sphere, delta);
  std::vector<double> least(sphere.num_vertices(), 1e300);
  for (int f = 0; f < sphere.num_triangles(); ++f) {
    for (int v : sphere.element(f)) {
      const double push = sphere.face_normal(f).dot(d[v]);
      CHECK(push >= delta * (1 - 1e-12));
      least[v] = std::min(least[v], push);
    }
  }
  // ...and the most tilted one by exactly δ; on a smooth surface the
  // vertex moves about δ, nearly radially.
  for (int v = 0; v < sphere.num_vertices(); ++v) {
    CHECK(least[v] == Approx(delta).epsilon(1e-12));
    CHECK(d[v].norm() == Approx(delta).epsilon(0.05));
    CHECK(d[v].normalized().dot(sphere.vertex(v).normalized()) > 0.99);
  }
}

TEST_CASE("Inflating a volume mesh moves only its boundary") {
  const double delta = 0.01;
  const VtkVolumeData data =
      ReadVtkVolumeFile(std::string(HYDROCONTACT_SOURCE_DIR) + "/data/box_0.1m.vtk");
  const VolumeMesh inflated = InflateVolumeMesh(data.mesh, delta);
  const VolumeMeshBoundary boundary = ExtractBoundary(data.mesh);
  for (int v = 0; v < data.mesh.num_vertices(); ++v) {
    const Eigen::Vector3d& before = data.mesh.vertex(v);
    const Eigen::Vector3d& after = inflated.vertex(v);
    if (!boundary.is_boundary_vertex[v]) {
      CHECK(after == before);
    } else {
      // Cube faces, edges and corners all move to the sharp offset: the
      // largest coordinate magnitude becomes 0.05 + δ.
      CHECK(after.cwiseAbs().maxCoeff() == Approx(0.05 + delta).epsilon(1e-13));
    }
  }
  CHECK(inflated.total_volume() == Approx(std::pow(0.1 + 2 * delta, 3)).epsilon(1e-12));
  CHECK(InflateVolumeMesh(data.mesh, 0).Equal(data.mesh));
}

TEST_CASE("The least push vector matches closed forms") {
  using V = Eigen::Vector3d;
  auto push = [](std::vector<V> normals) { return CalcLeastPushVector(normals); };
  // One normal: itself. Two or three orthogonal ones: their sum (each
  // n_i·m = 1 and m lies in their span).
  CHECK((*push({V::UnitZ()}) - V::UnitZ()).norm() < 1e-15);
  CHECK((*push({V::UnitX(), V::UnitY()}) - V(1, 1, 0)).norm() < 1e-14);
  CHECK((*push({V::UnitX(), V::UnitY(), -V::UnitZ()}) - V(1, 1, -1)).norm() < 1e-14);
  // A square pyramid's four faces, tilted α from z: by symmetry m = m_z ẑ
  // and cos α · m_z = 1. A fifth normal along z is then slack (ẑ·m =
  // 1/cos α > 1) and changes nothing.
  const double a = 0.7;
  std::vector<V> pyramid{V(std::sin(a), 0, std::cos(a)), V(-std::sin(a), 0, std::cos(a)),
                         V(0, std::sin(a), std::cos(a)), V(0, -std::sin(a), std::cos(a))};
  CHECK((*push(pyramid) - V(0, 0, 1 / std::cos(a))).norm() < 1e-13);
  pyramid.push_back(V::UnitZ());
  CHECK((*push(pyramid) - V(0, 0, 1 / std::cos(a))).norm() < 1e-13);
  // No m when the normals surround the origin, or without normals.
  CHECK_FALSE(push({V::UnitX(), -V::UnitX()}));
  CHECK_FALSE(push({V::UnitX(), V::UnitY(), V::UnitZ(), -V(1, 1, 1).normalized()}));
  CHECK_FALSE(push({}));
}

TEST_CASE("The least push vector agrees with a search over every set of binding normals") {
  // Independent method: the optimum binds one to three normals (it lies in
  // their span, n·m = 1 on them), so the shortest feasible m among the
  // minimum-norm solutions of every such subset is the answer.
  std::mt19937 random(7);
  std::normal_distribution<double> gaussian;
  std::uniform_int_distribution<int> count(1, 8);
  for (int trial = 0; trial < 300; ++trial) {
    const Eigen::Vector3d axis = Eigen::Vector3d(gaussian(random), gaussian(random), gaussian(random)).normalized();
    std::vector<Eigen::Vector3d> normals;
    const int k = count(random);
    while (int(normals.size()) < k) {
      const Eigen::Vector3d n = Eigen::Vector3d(gaussian(random), gaussian(random), gaussian(random)).normalized();
      if (n.dot(axis) > 0.3) normals.push_back(n);  // Within 72.5° of the axis: a push exists.
    }
    double best = 1e300;
    Eigen::Vector3d best_m = Eigen::Vector3d::Zero();
    for (int mask = 1; mask < (1 << k); ++mask) {
      if (__builtin_popcount(mask) > 3) continue;
      Eigen::MatrixXd N(__builtin_popcount(mask), 3);
      int row = 0;
      for (int i = 0; i < k; ++i) {
        if (mask & (1 << i)) N.row(row++) = normals[size_t(i)].transpose();
      }
      const Eigen::MatrixXd gram = N * N.transpose();
      if (std::abs(gram.determinant()) < 1e-10) continue;
      const Eigen::Vector3d m = N.transpose() * gram.ldlt().solve(Eigen::VectorXd::Ones(N.rows()));
      const bool feasible = std::all_of(normals.begin(), normals.end(),
                                        [&](const Eigen::Vector3d& n) { return n.dot(m) >= 1 - 1e-12; });
      if (feasible && m.norm() < best) {
        best = m.norm();
        best_m = m;
      }
    }
    const std::optional<Eigen::Vector3d> m = CalcLeastPushVector(normals);
    REQUIRE(m);
    CAPTURE(trial, k);
    CHECK((*m - best_m).norm() < 1e-9 * best);
  }
}

// The outward boundary of a union of unit voxels (integer corners), two
// triangles per exposed face.
TriangleSurfaceMesh VoxelSurface(const std::set<std::array<int, 3>>& voxels) {
  std::map<std::array<int, 3>, int> index;
  std::vector<Eigen::Vector3d> vertices;
  std::vector<TriangleSurfaceMesh::Element> triangles;
  auto vertex = [&](std::array<int, 3> p) {
    const auto [it, added] = index.emplace(p, int(vertices.size()));
    if (added) vertices.emplace_back(p[0], p[1], p[2]);
    return it->second;
  };
  for (const auto& v : voxels) {
    for (int axis = 0; axis < 3; ++axis) {
      for (int side : {0, 1}) {
        std::array<int, 3> neighbour = v;
        neighbour[axis] += side ? 1 : -1;
        if (voxels.count(neighbour)) continue;
        // The face's corners in counter-clockwise order seen from outside.
        const int u = (axis + 1) % 3, w = (axis + 2) % 3;
        std::array<std::array<int, 3>, 4> c;
        for (int k = 0; k < 4; ++k) {
          c[k] = v;
          c[k][axis] += side;
          c[k][u] += (k == 1 || k == 2);
          c[k][w] += (k >= 2);
        }
        if (!side) std::swap(c[1], c[3]);
        triangles.push_back({vertex(c[0]), vertex(c[1]), vertex(c[2])});
        triangles.push_back({vertex(c[0]), vertex(c[2]), vertex(c[3])});
      }
    }
  }
  return TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
}

TEST_CASE("Inflating a mesh with concave corners pushes every face out by delta") {
  // An L of three unit voxels. Its inner corners have a concave edge: at
  // (1, 1, 0) the faces are the floor (−z) and the two notch walls (+x of
  // the voxel at (0, 1), +y of the one at (1, 0)), so the vertex must move
  // by δ(1, 1, −1) for all three to move δ (the sum of three orthogonal
  // normals). The sharp offset of the L is the prism whose cross-section
  // is the 2 × 2 square grown by δ on every side less the notch, which
  // moves by δ but keeps its 1 × 1 size: ((2 + 2δ)² − 1)·(1 + 2δ).
  const TriangleSurfaceMesh L = VoxelSurface({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  REQUIRE(L.CalcSignedVolume() == Approx(3).epsilon(1e-14));
  const double delta = 0.05;
  const std::vector<Eigen::Vector3d> d = CalcInflationDisplacements(L, delta);
  for (int f = 0; f < L.num_triangles(); ++f) {
    for (int v : L.element(f)) CHECK(L.face_normal(f).dot(d[size_t(v)]) >= delta * (1 - 1e-12));
  }
  for (int v = 0; v < L.num_vertices(); ++v) {
    if ((L.vertex(v) - Eigen::Vector3d(1, 1, 0)).norm() == 0) {
      CHECK((d[size_t(v)] - delta * Eigen::Vector3d(1, 1, -1)).norm() < 1e-15);
    }
  }
  const TriangleSurfaceMesh inflated = InflateSurfaceMesh(L, delta);
  CHECK(inflated.CalcSignedVolume() ==
        Approx((std::pow(2 + 2 * delta, 2) - 1) * (1 + 2 * delta)).epsilon(1e-13));
}

// Two copies of a mesh's elements and vertices, shifted by ∓offset along x.
template <class MeshType>
MeshType TwoApart(const MeshType& one, double offset) {
  std::vector<typename MeshType::Element> elements;
  std::vector<Eigen::Vector3d> vertices;
  for (const double sign : {-1.0, 1.0}) {
    const int base = int(vertices.size());
    for (const Eigen::Vector3d& p : one.vertices()) {
      vertices.push_back(p + Eigen::Vector3d(sign * offset, 0, 0));
    }
    for (int i = 0; i < one.num_elements(); ++i) {
      typename MeshType::Element e = one.element(i);
      for (int& v : e) v += base;
      elements.push_back(e);
    }
  }
  return MeshType(std::move(elements), std::move(vertices));
}

TEST_CASE("Inflation refuses a margin that grows two parts into each other") {
  // Two unit cubes centred at x = ∓0.55: x ∈ [−1.05, −0.05] and
  // [0.05, 1.05], a gap of 0.1 between the faces x = ∓0.05. A margin δ moves
  // every face out by δ (the cube's corners go to the sharp offset), so the
  // facing faces reach x = −0.05 + δ and 0.05 − δ: they stay apart for
  // δ < 0.05 and cross for δ > 0.05. Each face moves alone, so no triangle
  // turns over: the fold is the crossing. The refusal tries δ/2 = 0.04 next,
  // which leaves a gap of 0.1 − 2·0.04 = 0.02.
  const TriangleSurfaceMesh cubes = TwoApart(test::MakeClosedBox(0.5, 0.5, 0.5), 0.55);
  REQUIRE(!DescribeSurfaceDefects(cubes));
  const TriangleSurfaceMesh apart = InflateSurfaceMesh(cubes, 0.04);
  CHECK(!DescribeSurfaceDefects(apart));
  CHECK(apart.CalcSignedVolume() == Approx(2 * std::pow(1.08, 3)).epsilon(1e-12));
  CHECK_THROWS_WITH(InflateSurfaceMesh(cubes, 0.08),
                    Contains("margin 0.08 m is too large") && Contains("crosses itself") &&
                        Contains("use a smaller margin (at most 0.04 m does not fold it)"));
  // The same two cubes as tetrahedra: no tetrahedron inverts (each cube's
  // interior vertices stay while its boundary grows), but the boundary
  // crosses itself as the surface does.
  const VolumeMesh solid = TwoApart(MakeBoxVolumeMesh(Box(1, 1, 1)).mesh, 0.55);
  CHECK(InflateVolumeMesh(solid, 0.04).total_volume() ==
        Approx(2 * std::pow(1.08, 3)).epsilon(1e-12));
  CHECK_THROWS_WITH(InflateVolumeMesh(solid, 0.08),
                    Contains("margin 0.08 m is too large for this volume mesh") &&
                        Contains("crosses itself") && Contains("at most 0.04 m"));
}

TEST_CASE("Inflation: bad margins throw naming the value") {
  const TriangleSurfaceMesh box = MakeBoxSurfaceMesh(Box(1, 1, 1));
  CHECK_THROWS_WITH(InflateSurfaceMesh(box, -1), Contains("margin"));
  CHECK_THROWS_WITH(CalcInflationDisplacements(box, NAN), Contains("margin"));
  CHECK_THROWS_WITH(InflateVolumeMesh(MakeBoxVolumeMesh(Box(1, 1, 1)).mesh, -2), Contains("margin") && Contains("-2"));
}

}  // namespace
}  // namespace hydrocontact
