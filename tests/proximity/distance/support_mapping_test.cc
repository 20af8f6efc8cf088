#include "proximity/distance/support_mapping.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "proximity/distance/convex_signed_distance.h"
#include "proximity/mesh_distance.h"
#include "tests/mesh/split_triangles.h"
#include "tests/mesh/test_meshes.h"
#include "tests/proximity/distance/mesh_distance_test_shapes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

// The support point S(d) of a convex set maximises d·x over the set: no
// sampled point of the set may beat it, and S(d) must itself be in the set.
template <class S>
void CheckSupport(const S& shape, const std::vector<Vector3d>& samples,
                  const std::function<bool(const Vector3d&)>& contains) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const Vector3d d(u(rng), u(rng), u(rng));
    const Vector3d s = shape.Support(d);
    CHECK(contains(s));
    for (const Vector3d& x : samples) CHECK(d.dot(x) <= d.dot(s) + 1e-12);
  }
}

std::vector<Vector3d> RandomPoints(int n, double scale) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-scale, scale);
  std::vector<Vector3d> points;
  for (int i = 0; i < n; ++i) points.emplace_back(u(rng), u(rng), u(rng));
  return points;
}

TEST_CASE("Box support is the vertex signed like d", "[support_mapping]") {
  const BoxSupport box{Vector3d(0.1, 0.2, 0.3)};
  CHECK(box.Support(Vector3d(1, -2, 3)) == Vector3d(0.1, -0.2, 0.3));
  // Ties (a zero component) pick the positive side.
  CHECK(box.Support(Vector3d(0, 0, -1)) == Vector3d(0.1, 0.2, -0.3));
  CHECK(box.margin() == 0);
  std::vector<Vector3d> samples;
  for (const Vector3d& p : RandomPoints(300, 1)) samples.push_back(p.cwiseProduct(box.half_size));
  CheckSupport(box, samples, [&](const Vector3d& x) {
    return (x.cwiseAbs() - box.half_size).maxCoeff() <= 1e-15;
  });
}

TEST_CASE("Cylinder support: rim point, cap centre along the axis", "[support_mapping]") {
  const CylinderSupport cylinder{0.5, 1.0};
  // d = (3, 4, 1): rim point 0.5·(0.6, 0.8) on the top cap.
  CHECK((cylinder.Support(Vector3d(3, 4, 1)) - Vector3d(0.3, 0.4, 1.0)).norm() < 1e-15);
  CHECK(cylinder.Support(Vector3d(0, 0, -2)) == Vector3d(0, 0, -1));
  std::vector<Vector3d> samples;
  for (const Vector3d& p : RandomPoints(2000, 1)) {
    if (p.head<2>().norm() <= 1) samples.emplace_back(0.5 * p.x(), 0.5 * p.y(), p.z());
  }
  CheckSupport(cylinder, samples, [](const Vector3d& x) {
    return x.head<2>().norm() <= 0.5 + 1e-15 && std::abs(x.z()) <= 1 + 1e-15;
  });
}

TEST_CASE("Ellipsoid support lies on the surface with normal along d", "[support_mapping]") {
  const EllipsoidSupport ellipsoid{Vector3d(1, 2, 3)};
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const Vector3d d = Vector3d(u(rng), u(rng), u(rng)).normalized();
    const Vector3d s = ellipsoid.Support(d);
    // On the surface: Σ (x_i/e_i)² = 1.
    CHECK(s.cwiseQuotient(ellipsoid.semi_axes).squaredNorm() == Approx(1));
    // Outward normal ∝ x_i/e_i² is parallel to d.
    const Vector3d normal = s.cwiseQuotient(ellipsoid.semi_axes.cwiseAbs2()).normalized();
    CHECK((normal - d).norm() < 1e-12);
  }
  CHECK(ellipsoid.Support(Vector3d::Zero()) == Vector3d(1, 0, 0));
}

TEST_CASE("Point, segment, triangle and polytope supports", "[support_mapping]") {
  const PointSupport point{Vector3d(1, 2, 3), 0.5};
  CHECK(point.Support(Vector3d(-1, 0, 0)) == Vector3d(1, 2, 3));
  CHECK(point.margin() == 0.5);
  const SegmentSupport segment{Vector3d(0, 0, -1), Vector3d(0, 0, 1), 0.2};
  CHECK(segment.Support(Vector3d(0.3, 0, 0.1)) == Vector3d(0, 0, 1));
  CHECK(segment.Support(Vector3d(0.3, 0, -0.1)) == Vector3d(0, 0, -1));
  // Perpendicular: the first end.
  CHECK(segment.Support(Vector3d(1, 0, 0)) == Vector3d(0, 0, -1));
  const TriangleSupport triangle{{Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0)}};
  CHECK(triangle.Support(Vector3d(1, 0.5, 0)) == Vector3d(1, 0, 0));
  CHECK(triangle.Support(Vector3d(0, 0, 1)) == Vector3d(0, 0, 0));  // all tie: lowest index
  const std::vector<Vector3d> cloud = RandomPoints(100, 1);
  const PolytopeSupport polytope{cloud};
  CheckSupport(polytope, cloud, [&](const Vector3d& x) {
    return std::find(cloud.begin(), cloud.end(), x) != cloud.end();
  });
}

TEST_CASE("Supports satisfy the SupportMapping concept", "[support_mapping]") {
  STATIC_REQUIRE(SupportMapping<PointSupport>);
  STATIC_REQUIRE(SupportMapping<SegmentSupport>);
  STATIC_REQUIRE(SupportMapping<TriangleSupport>);
  STATIC_REQUIRE(SupportMapping<BoxSupport>);
  STATIC_REQUIRE(SupportMapping<CylinderSupport>);
  STATIC_REQUIRE(SupportMapping<EllipsoidSupport>);
  STATIC_REQUIRE(SupportMapping<PolytopeSupport>);
  STATIC_REQUIRE_FALSE(SupportMapping<Vector3d>);
}

TEST_CASE("Polytope support through a mesh's BVH: the scan's vertex exactly, ties included", "[support_mapping]") {
  // Two closed meshes: an icosphere (642 vertices, no ties but by
  // symmetry) and a box (dyadic half sizes, so the midpoints are exact)
  // whose faces are subdivided three times (386 vertices, a 9 × 9 grid of
  // them on each face): along an axis a whole face ties,
  // along a face diagonal a whole edge, and the scan answers with the
  // lowest index among them. The BVH search must give the same vertex for
  // every direction, ties and degenerate directions (zero, NaN) included.
  const std::vector<TriangleSurfaceMesh> meshes = {test::MakeIcosphere(3, 0.5),
                                                   test::Subdivided(test::MakeBoxMesh({0.5, 0.25, 0.125}), 3)};
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1, 1);
  for (const TriangleSurfaceMesh& mesh : meshes) {
    const MeshDistanceData data = MakeMeshDistanceData(mesh);
    REQUIRE(data.mesh.num_vertices() >= PolytopeSupport::kMinVerticesForBvh);
    const PolytopeSupport scan{data.mesh.vertices()};
    const PolytopeSupport searched{data.mesh.vertices(), 0.0, &data.mesh, &data.bvh};
    std::vector<Vector3d> directions = {Vector3d::Zero(), Vector3d::Constant(std::nan(""))};
    for (int i = 0; i < 3; ++i) {
      directions.push_back(Vector3d::Unit(i));
      directions.push_back(-Vector3d::Unit(i));
      directions.push_back(Vector3d::Unit(i) + Vector3d::Unit((i + 1) % 3));
      directions.push_back(Vector3d::Unit(i) - 2 * Vector3d::Unit((i + 2) % 3));
    }
    for (int i = 0; i < 300; ++i) directions.push_back(Vector3d(u(rng), u(rng), u(rng)));
    for (const Vector3d& d : directions) {
      INFO("d = " << d.transpose());
      const Vector3d expected = scan.Support(d);
      const Vector3d found = searched.Support(d);
      CHECK(found == expected);
    }
  }
}

TEST_CASE("Convex signed distance of a mesh's polytope: the same with or without its BVH", "[support_mapping]") {
  // GJK/EPA against a box from the icosphere's vertices scanned and
  // searched through the BVH: the supports are the same points, so every
  // result field is the same, bit for bit, apart or overlapping.
  const MeshDistanceData data = MakeMeshDistanceData(test::MakeIcosphere(3, 0.5));
  const PolytopeSupport scan{data.mesh.vertices()};
  const PolytopeSupport searched{data.mesh.vertices(), 0.0, &data.mesh, &data.bvh};
  const BoxSupport box{Vector3d(0.3, 0.2, 0.1)};
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> u(-1, 1);
  int overlapping = 0;
  for (int i = 0; i < 40; ++i) {
    const RigidTransform X_AB =
        RigidTransform::FromRollPitchYaw({3 * u(rng), 3 * u(rng), 3 * u(rng)}, 0.9 * Vector3d(u(rng), u(rng), u(rng)));
    const ConvexSignedDistance a = ComputeConvexSignedDistance(scan, box, X_AB);
    const ConvexSignedDistance b = ComputeConvexSignedDistance(searched, box, X_AB);
    CHECK(std::memcmp(&a.distance, &b.distance, sizeof(double)) == 0);
    CHECK(a.p_ACa == b.p_ACa);
    CHECK(a.p_ACb_A == b.p_ACb_A);
    CHECK(a.nhat_BA_A == b.nhat_BA_A);
    CHECK(a.is_nhat_unique == b.is_nhat_unique);
    overlapping += a.distance < 0;
  }
  CHECK(overlapping > 5);
  CHECK(overlapping < 35);
}

}  // namespace
}  // namespace hydrocontact
