#include "proximity/distance/mesh_distance_segment.h"

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/proximity/distance/mesh_distance_test_shapes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using test::AnalyticBoxSignedDistance;
using test::BruteForceDistance;
using test::MakeBoxMesh;
using test::MakeLMesh;
using test::MakeTorusMesh;

// Minimum over every triangle of the exact segment–triangle distance: the
// BVH-free reference.
double BruteForceSegmentDistance(const TriangleSurfaceMesh& mesh, const Vector3d& a0,
                                 const Vector3d& a1) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& t : mesh.triangles()) {
    best = std::min(best, CalcClosestPointsSegmentTriangle(a0, a1, mesh.vertex(t[0]),
                                                           mesh.vertex(t[1]), mesh.vertex(t[2]))
                              .squared_distance);
  }
  return std::sqrt(best);
}

// The deepest sample among n + 1 evenly spaced points of the segment: a
// lower bound of the true maximum depth, and within half the spacing of it
// (depth is 1-Lipschitz).
double SampledMaxDepth(const MeshDistanceData& data, const Vector3d& a0, const Vector3d& a1,
                       int n) {
  double best = -std::numeric_limits<double>::infinity();
  for (int i = 0; i <= n; ++i) {
    best = std::max(best, -CalcMeshPointDistance(data, a0 + (a1 - a0) * double(i) / n).distance);
  }
  return best;
}

TEST_CASE("Segment closest points: hand-derived cases and brute force") {
  const Vector3d h(1, 0.5, 0.75);
  const TriangleSurfaceMesh mesh = MakeBoxMesh(h);
  const MeshDistanceData data = MakeMeshDistanceData(mesh);
  // Parallel to the top face z = 0.75, 0.5 above it, over its diagonal.
  auto r = CalcMeshSegmentClosest(data, {-3, -2, 1.25}, {3, 2, 1.25});
  CHECK(r.distance == Approx(0.5).epsilon(1e-14));
  CHECK(r.p_GN.z() == Approx(0.75));
  // Crossing the box: 0.
  r = CalcMeshSegmentClosest(data, {-3, 0.1, 0.2}, {3, 0.1, 0.2});
  CHECK(r.distance == 0.0);
  CHECK(std::abs(std::abs(r.p_GP.x()) - 1) < 1e-15);
  // Beside a vertical box edge (x = 1, y = 0.5): the vertical segment at
  // x = 2, y = 1.5 is √2 from every point of it; the closest pair is level.
  r = CalcMeshSegmentClosest(data, {2, 1.5, -5}, {2, 1.5, 5});
  CHECK(r.distance == Approx(std::sqrt(2.0)));
  CHECK((r.p_GN.head<2>() - Eigen::Vector2d(1, 0.5)).norm() < 1e-14);
  CHECK(std::abs(r.p_GN.z()) <= 0.75);
  CHECK((r.p_GP - Vector3d(2, 1.5, r.p_GN.z())).norm() < 1e-14);
  // Past a corner: the segment from (2, 1.5, 1.75) to (4, 3, 3) points away
  // from the corner (1, 0.5, 0.75), which is √3 from its first end.
  r = CalcMeshSegmentClosest(data, {2, 1.5, 1.75}, {4, 3, 3});
  CHECK(r.distance == Approx(std::sqrt(3.0)));
  CHECK((r.p_GN - Vector3d(1, 0.5, 0.75)).norm() < 1e-14);
  CHECK(r.s == 0.0);

  const TriangleSurfaceMesh lmesh = MakeLMesh();
  const MeshDistanceData ldata = MakeMeshDistanceData(lmesh);
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-1, 3);
  for (int i = 0; i < 500; ++i) {
    const Vector3d a0(u(rng), u(rng), u(rng)), a1(u(rng), u(rng), u(rng));
    const auto rr = CalcMeshSegmentClosest(ldata, a0, a1);
    CHECK(rr.distance == Approx(BruteForceSegmentDistance(lmesh, a0, a1)).margin(1e-13));
    CHECK((rr.p_GP - (a0 + rr.s * (a1 - a0))).norm() < 1e-12);
    CHECK((rr.p_GP - rr.p_GN).norm() == Approx(rr.distance).margin(1e-13));
  }
}

TEST_CASE("Deepest point: plateaus and kinks in a box, by hand") {
  const Vector3d h(1, 0.5, 0.75);
  const MeshDistanceData data = MakeMeshDistanceData(MakeBoxMesh(h));
  // Along the x axis: depth(x) = min(1 − |x|, 0.5, 0.75), a plateau of 0.5
  // for |x| ≤ 0.5.
  MeshSegment seg{{-3, 0, 0}, {3, 0, 0}};
  auto r = FindDeepestPointOnSegments(data, {&seg, 1});
  REQUIRE(r.found);
  CHECK(-r.at.distance == Approx(0.5).epsilon(1e-12));
  CHECK(std::abs(r.p_GQ.x()) <= 0.5 + 1e-12);
  // Parallel to the top face at depth 0.01 below it, across the face
  // diagonal: a plateau of 0.01 over |x| ≤ 0.99, |y| ≤ 0.49.
  seg = {{-3, -0.3, 0.74}, {3, 0.3, 0.74}};
  r = FindDeepestPointOnSegments(data, {&seg, 1});
  REQUIRE(r.found);
  CHECK(-r.at.distance == Approx(0.01).epsilon(1e-10));
  // Clipping a vertical edge region of a cube of half size 1 at z = 0 on the
  // line x + y = 1.8: depth(x) = min(1 − x, x − 0.8) for x ∈ [0.8, 1],
  // a kink of height 0.1 at x = 0.9.
  const MeshDistanceData cube = MakeMeshDistanceData(MakeBoxMesh({1, 1, 1}));
  seg = {{-0.2, 2, 0}, {2, -0.2, 0}};
  r = FindDeepestPointOnSegments(cube, {&seg, 1});
  REQUIRE(r.found);
  CHECK(-r.at.distance == Approx(0.1).epsilon(1e-10));
  CHECK((r.p_GQ - Vector3d(0.9, 0.9, 0)).norm() < 1e-9);
  // The gradient there is not unique (two faces equally near).
  CHECK_FALSE(r.at.is_grad_unique);
  // Missing the box: nothing found.
  seg = {{-3, 2, 0}, {3, 2, 0}};
  CHECK_FALSE(FindDeepestPointOnSegments(cube, {&seg, 1}).found);
  // The minimum depth filters: nothing deeper than 0.2 on the kink segment.
  seg = {{-0.2, 2, 0}, {2, -0.2, 0}};
  CHECK_FALSE(FindDeepestPointOnSegments(cube, {&seg, 1}, 0.2).found);
}

TEST_CASE("Deepest point over many segments equals the best single one and beats sampling") {
  const TriangleSurfaceMesh mesh = MakeTorusMesh(1.0, 0.3, 32, 12);
  const MeshDistanceData data = MakeMeshDistanceData(mesh);
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  std::vector<MeshSegment> segments;
  for (int i = 0; i < 30; ++i) {
    segments.push_back({{u(rng), u(rng), u(rng) * 0.5}, {u(rng), u(rng), u(rng) * 0.5}});
  }
  const auto all = FindDeepestPointOnSegments(data, segments);
  double best_single = 0;
  for (int i = 0; i < 30; ++i) {
    const auto one = FindDeepestPointOnSegments(data, {&segments[i], 1});
    const double sampled = SampledMaxDepth(data, segments[i].p_GA0, segments[i].p_GA1, 2000);
    const double spacing = (segments[i].p_GA1 - segments[i].p_GA0).norm() / 2000;
    if (one.found) {
      // Never below a sample (up to the tolerance), never above the
      // Lipschitz envelope of the samples.
      CHECK(-one.at.distance >= sampled - 1e-11);
      CHECK(-one.at.distance <= sampled + spacing / 2 + 1e-12);
      best_single = std::max(best_single, -one.at.distance);
      // The reported point really has the reported depth.
      CHECK(CalcMeshPointDistance(data, one.p_GQ).distance == one.at.distance);
      CHECK((one.p_GQ - (segments[i].p_GA0 +
                         one.s * (segments[i].p_GA1 - segments[i].p_GA0))).norm() < 1e-12);
    } else {
      CHECK(sampled <= 1e-12);
    }
  }
  REQUIRE(all.found);
  CHECK(-all.at.distance == Approx(best_single).margin(1e-11));
}

TEST_CASE("Signed distance along a segment: outside, crossing, inside, touching") {
  const Vector3d h(1, 0.5, 0.75);
  const MeshDistanceData data = MakeMeshDistanceData(MakeBoxMesh(h));
  // Outside, parallel to the face y = 0.5 at distance 0.25.
  auto r = CalcMeshSegmentSignedDistance(data, {-0.5, 0.75, 0}, {0.5, 0.75, 0.2});
  CHECK(r.distance == Approx(0.25).epsilon(1e-14));
  CHECK((r.at.grad_G - Vector3d(0, 1, 0)).norm() < 1e-14);
  // Wholly inside, along z at (0.6, 0, ·) for |z| ≤ 0.2: depth is
  // min(1 − 0.6, 0.5, 0.75 − |z|) = 0.4 everywhere: φ = −0.4.
  r = CalcMeshSegmentSignedDistance(data, {0.6, 0, -0.2}, {0.6, 0, 0.2});
  CHECK(r.distance == Approx(-0.4).epsilon(1e-12));
  CHECK((r.at.grad_G - Vector3d(1, 0, 0)).norm() < 1e-12);
  // Crossing along x through the centre: the plateau depth 0.5.
  r = CalcMeshSegmentSignedDistance(data, {-3, 0, 0}, {0, 0, 0});
  CHECK(r.distance == Approx(-0.5).epsilon(1e-12));
  // Touching: lying in the face z = 0.75, outside the others: φ = 0.
  r = CalcMeshSegmentSignedDistance(data, {-0.5, 0, 0.75}, {0.5, 0.1, 0.75});
  CHECK(r.distance == Approx(0.0).margin(1e-14));
  CHECK((r.at.grad_G - Vector3d(0, 0, 1)).norm() < 1e-14);
  // A zero-length segment is a point.
  r = CalcMeshSegmentSignedDistance(data, {2, 0, 0}, {2, 0, 0});
  CHECK(r.distance == Approx(1.0));
  // Random segments against the definition: min over samples of φ, which
  // bounds it from above, and within the Lipschitz spacing of it.
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  for (int i = 0; i < 200; ++i) {
    const Vector3d a0(u(rng), u(rng), u(rng)), a1(u(rng), u(rng), u(rng));
    r = CalcMeshSegmentSignedDistance(data, a0, a1);
    double sampled = std::numeric_limits<double>::infinity();
    const int n = 1000;
    for (int k = 0; k <= n; ++k) {
      sampled = std::min(sampled, AnalyticBoxSignedDistance(h, a0 + (a1 - a0) * double(k) / n));
    }
    CHECK(r.distance <= sampled + 1e-11);
    CHECK(r.distance >= sampled - (a1 - a0).norm() / n / 2 - 1e-12);
    CHECK(AnalyticBoxSignedDistance(h, r.p_GP) == Approx(r.distance).margin(1e-11));
  }
}

TEST_CASE("The segment bounds bracket the true distances") {
  const TriangleSurfaceMesh mesh = MakeLMesh();
  const MeshDistanceData data = MakeMeshDistanceData(mesh);
  std::mt19937 rng(41);
  std::uniform_real_distribution<double> u(-1, 3);
  for (int i = 0; i < 300; ++i) {
    const Vector3d a0(u(rng), u(rng), u(rng)), a1(u(rng), u(rng), u(rng));
    // Box–segment: a lower bound of the distance from any point of the
    // segment to the box (checked against samples of the segment).
    const Aabb box(Vector3d(0, 0, 0), Vector3d(1, 0.5, 0.25));
    const double lower = std::sqrt(internal::SegmentBoxLowerBoundSquared(box, a0, a1));
    // Segment–surface: an upper bound of the distance from every point of
    // the segment to the surface.
    const double upper = internal::SegmentDistanceUpperBound(
        data, a0, a1, std::numeric_limits<double>::infinity());
    for (int k = 0; k <= 50; ++k) {
      const Vector3d p = a0 + (a1 - a0) * (k / 50.0);
      CHECK(std::sqrt(box.SquaredDistanceTo(p)) >= lower - 1e-12);
      CHECK(BruteForceDistance(mesh, p) <= upper + 1e-12);
    }
  }
}

TEST_CASE("Segment queries reject bad input by name") {
  const MeshDistanceData data = MakeMeshDistanceData(MakeBoxMesh({1, 1, 1}));
  CHECK_THROWS_WITH(CalcMeshSegmentClosest(data, {NAN, 0, 0}, {1, 1, 1}),
                    Catch::Contains("A0") && Catch::Contains("not finite"));
  CHECK_THROWS_WITH(CalcMeshSegmentSignedDistance(data, {0, 0, 0}, {1, INFINITY, 1}),
                    Catch::Contains("A1"));
  std::vector<MeshSegment> segments{{{0, 0, 0}, {1, 1, 1}}, {{0, 0, 0}, {NAN, 1, 1}}};
  CHECK_THROWS_WITH(FindDeepestPointOnSegments(data, segments),
                    Catch::Contains("segment 1"));
  CHECK_THROWS_WITH(FindDeepestPointOnSegments(data, {segments.data(), 1}, -1.0),
                    Catch::Contains("min_depth"));
  CHECK_THROWS_WITH(CalcMeshSegmentClosest(MeshDistanceData{}, {0, 0, 0}, {1, 1, 1}),
                    Catch::Contains("empty"));
}

}  // namespace
}  // namespace hydrocontact
