#include "proximity/distance/mesh_distance_skeleton.h"

#include <cmath>
#include <limits>
#include <random>

#include <catch2/catch.hpp>

#include "tests/proximity/distance/mesh_distance_test_shapes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using test::MakeBoxMesh;
using test::MakeLMesh;
using test::MakeTorusMesh;

// The deepest of the skeleton's vertices and of n + 1 evenly spaced points
// on each sharp edge: a lower bound of the true maximum, within half a
// sample spacing of it (depth is 1-Lipschitz). Returns the spacing used.
double SampledSkeletonDepth(const MeshDistanceData& S, const MeshDistanceData& O,
                            const RigidTransform& X_OS, int n, double* spacing) {
  double best = -std::numeric_limits<double>::infinity();
  *spacing = 0;
  for (int v = 0; v < S.mesh.num_vertices(); ++v) {
    best = std::max(best, -CalcMeshPointDistance(O, X_OS * S.mesh.vertex(v)).distance);
  }
  for (int e = 0; e < S.normals.num_edges(); ++e) {
    if (S.normals.edge_is_flat[e]) continue;
    const Vector3d p0 = X_OS * S.mesh.vertex(S.normals.edge_vertices[e][0]);
    const Vector3d p1 = X_OS * S.mesh.vertex(S.normals.edge_vertices[e][1]);
    *spacing = std::max(*spacing, (p1 - p0).norm() / n);
    for (int k = 1; k < n; ++k) {
      best = std::max(best, -CalcMeshPointDistance(O, p0 + (p1 - p0) * double(k) / n).distance);
    }
  }
  return best;
}

TEST_CASE("Deepest skeleton point agrees with dense sampling under random poses") {
  const MeshDistanceData S = MakeMeshDistanceData(MakeTorusMesh(0.5, 0.15, 16, 8));
  const MeshDistanceData O = MakeMeshDistanceData(MakeLMesh());
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> u(-1, 1);
  int found = 0;
  for (int i = 0; i < 40; ++i) {
    const RigidTransform X_OS = RigidTransform::FromRollPitchYaw(
        {3 * u(rng), 3 * u(rng), 3 * u(rng)}, Vector3d(1, 1, 0.5) + Vector3d(u(rng), u(rng), 0.5 * u(rng)));
    const SkeletonDeepestPoint r = FindDeepestSkeletonPoint(S, O, X_OS);
    double spacing = 0;
    const double sampled = SampledSkeletonDepth(S, O, X_OS, 200, &spacing);
    if (!r.found) {
      CHECK(sampled <= 1e-12);
      continue;
    }
    ++found;
    const double depth = -r.at.distance;
    CHECK(depth >= sampled - 1e-11);
    CHECK(depth <= sampled + spacing / 2 + 1e-12);
    // The point is on its piece, posed consistently, with its exact depth.
    const Vector3d& v0 = S.mesh.vertex(r.piece[0]);
    CHECK((r.p_SQ - (v0 + r.s * (S.mesh.vertex(r.piece[1]) - v0))).norm() < 1e-12);
    CHECK((X_OS * r.p_SQ - r.p_OQ).norm() < 1e-12);
    CHECK(CalcMeshPointDistance(O, r.p_OQ).distance == r.at.distance);
  }
  CHECK(found > 10);
}

TEST_CASE("Deepest skeleton point: apart, the depth bar, and bad input") {
  const MeshDistanceData S = MakeMeshDistanceData(MakeBoxMesh({0.5, 0.5, 0.5}));
  const MeshDistanceData O = MakeMeshDistanceData(MakeBoxMesh({1, 1, 1}));
  // Apart: nothing.
  CHECK_FALSE(FindDeepestSkeletonPoint(S, O, RigidTransform(Vector3d(3, 0, 0))).found);
  // Pressed in by 0.1 through the face x = 1: S's vertices at x = 0.9.
  const RigidTransform X_OS(Vector3d(1.4, 0.2, 0.1));
  const auto r = FindDeepestSkeletonPoint(S, O, X_OS);
  REQUIRE(r.found);
  CHECK(-r.at.distance == Approx(0.1).epsilon(1e-12));
  CHECK(r.p_OQ.x() == Approx(0.9));
  // Nothing is deeper than 0.2.
  CHECK_FALSE(FindDeepestSkeletonPoint(S, O, X_OS, 0.2).found);
  CHECK_THROWS_WITH(FindDeepestSkeletonPoint(S, O, X_OS, -1.0), Catch::Contains("min_depth"));
  CHECK_THROWS_WITH(FindDeepestSkeletonPoint(MeshDistanceData{}, O, X_OS),
                    Catch::Contains("mesh S") && Catch::Contains("empty"));
}

TEST_CASE("A vertex inside a flat face counts on its own") {
  // S: the box of half size 1 with its top face fanned about a centre
  // vertex (0, 0, 1), which no sharp edge reaches. O: a cube whose corner
  // points straight down at that vertex, d below it, so only the centre of
  // S's top face is inside O. A point on a cube's body diagonal, d from the
  // corner, is d/√3 from each of the three faces: depth d/√3.
  const TriangleSurfaceMesh box = MakeBoxMesh({1, 1, 1});
  auto vertices = box.vertices();
  vertices.emplace_back(0, 0, 1);
  std::vector<std::array<int, 3>> triangles;
  for (const auto& t : box.triangles()) {
    if (box.vertex(t[0]).z() > 0 && box.vertex(t[1]).z() > 0 && box.vertex(t[2]).z() > 0) continue;
    triangles.push_back(t);
  }
  for (int i = 0; i < 4; ++i) triangles.push_back({8, 4 + i, 4 + (i + 1) % 4});
  const MeshDistanceData S = MakeMeshDistanceData(TriangleSurfaceMesh(triangles, vertices));
  const MeshDistanceData O = MakeMeshDistanceData(MakeBoxMesh({0.5, 0.5, 0.5}));
  // Turn O's corner (−1,−1,−1)·0.5 to point along −z.
  const Matrix3d R_SO = Eigen::Quaterniond::FromTwoVectors(Vector3d(-1, -1, -1), Vector3d(0, 0, -1))
                            .toRotationMatrix();
  const double d = 0.05;
  const RigidTransform X_SO(R_SO, Vector3d(0, 0, 1 - d + 0.5 * std::sqrt(3.0)));
  const auto r = FindDeepestSkeletonPoint(S, O, X_SO.inverse());
  REQUIRE(r.found);
  CHECK(r.piece == std::array<int, 2>{8, 8});
  CHECK(-r.at.distance == Approx(d / std::sqrt(3.0)).epsilon(1e-12));
}

}  // namespace
}  // namespace hydrocontact
