#include "proximity/representation/volume_mesh_field.h"

#include <random>

#include <catch2/catch.hpp>

#include "mesh/vtk_reader.h"
#include "proximity/representation/make_box_mesh.h"
#include "proximity/representation/make_sphere_mesh.h"
#include "tests/mesh/test_files.h"
#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

// Distance to a triangle by brute force: the minimum over a fine grid of
// barycentric samples (an upper bound converging to the true distance).
double SampledDistance(const Eigen::Vector3d& p, const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                       const Eigen::Vector3d& c) {
  const int n = 400;
  double best = 1e300;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      const Eigen::Vector3d q = a + (b - a) * (double(i) / n) + (c - a) * (double(j) / n);
      best = std::min(best, (q - p).norm());
    }
  }
  return best;
}

// Distance from each vertex to the boundary by checking every boundary
// triangle (no BVH).
std::vector<double> BruteForceDistances(const VolumeMesh& mesh) {
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  std::vector<double> d(mesh.num_vertices(), 1e300);
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    for (const auto& t : boundary.surface.triangles()) {
      d[v] = std::min(d[v], DistanceToTriangle(mesh.vertex(v), boundary.surface.vertex(t[0]),
                                               boundary.surface.vertex(t[1]),
                                               boundary.surface.vertex(t[2])));
    }
  }
  return d;
}

TEST_CASE("DistanceToTriangle: face, edge and vertex regions") {
  const Eigen::Vector3d a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  // Above the interior: the height.
  CHECK(DistanceToTriangle({0.2, 0.3, -0.7}, a, b, c) == Approx(0.7));
  // Beyond the hypotenuse x + y = 1 at (1, 1, 0): distance √2/2.
  CHECK(DistanceToTriangle({1, 1, 0}, a, b, c) == Approx(std::sqrt(0.5)));
  // Beyond vertex b: |(2, −1, 1) − b| = √3.
  CHECK(DistanceToTriangle({2, -1, 1}, a, b, c) == Approx(std::sqrt(3.0)));
  // Random points against the sampled minimum (which is at most 1/400 of
  // the edge length off).
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> u(-2, 2);
  const Eigen::Vector3d a2(0.1, 0.2, 0.3), b2(1.2, -0.3, 0.5), c2(0.4, 0.9, -0.6);
  for (int i = 0; i < 30; ++i) {
    const Eigen::Vector3d p(u(rng), u(rng), u(rng));
    const double exact = DistanceToTriangle(p, a2, b2, c2);
    const double sampled = SampledDistance(p, a2, b2, c2);
    CHECK(exact <= sampled + 1e-12);
    CHECK(exact == Approx(sampled).margin(4e-3));
  }
}

TEST_CASE("Distance-to-boundary extent of a box mesh: the medial vertices are deepest") {
  // In the box mesh the interior vertices are the medial core's corners,
  // all at distance H (the smallest half size) from the boundary.
  const VolumeMesh mesh = MakeBoxVolumeMesh(Box(0.2, 0.4, 0.6)).mesh;
  const std::vector<double> e = ComputeDistanceToBoundaryExtent(mesh);
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    CHECK(e[v] == (boundary.is_boundary_vertex[v] ? 0.0 : 1.0));
  }
}

TEST_CASE("Distance-to-boundary extent of a sphere mesh agrees with brute force") {
  const VolumeMesh mesh = MakeSphereVolumeMesh(Sphere(1.0), 0.25).mesh;
  const std::vector<double> e = ComputeDistanceToBoundaryExtent(mesh);
  const std::vector<double> d = BruteForceDistances(mesh);
  const double largest = *std::max_element(d.begin(), d.end());
  const VolumeMeshBoundary boundary = ExtractBoundary(mesh);
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    REQUIRE(e[v] == Approx(d[v] / largest).margin(1e-14));
    if (boundary.is_boundary_vertex[v]) REQUIRE(e[v] == 0.0);
    REQUIRE(e[v] >= 0.0);
    REQUIRE(e[v] <= 1.0);
  }
  // The centre is deepest (the inscribed polyhedron's nearest face is
  // farthest from the centre) and gets exactly 1.
  CHECK(*std::max_element(e.begin(), e.end()) == 1.0);
  CHECK(e[0] == 1.0);
  CHECK(mesh.vertex(0).norm() == 0.0);
}

TEST_CASE("Distance-to-boundary extent of the sample VTK cube") {
  // The file's one interior vertex is the cube's centre; its own 'extent'
  // array holds the same values.
  const VtkVolumeData data = ReadVtkVolumeFile(test::DataPath("box_0.1m.vtk"));
  const std::vector<double> e = ComputeDistanceToBoundaryExtent(data.mesh);
  const std::vector<double>& file_extent = data.point_scalars.at("extent");
  for (int v = 0; v < data.mesh.num_vertices(); ++v) CHECK(e[v] == Approx(file_extent[v]).margin(1e-15));
}

TEST_CASE("Distance-to-boundary extent throws when no vertex is inside") {
  const VolumeMesh single({{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  CHECK_THROWS_WITH(ComputeDistanceToBoundaryExtent(single),
                    Catch::Matchers::Contains("no vertex off its boundary") &&
                        Catch::Matchers::Contains("interior vertices"));
  // Vertices and no tetrahedra: no boundary at all (the distances would
  // all be +∞, the extents NaN).
  const VolumeMesh no_tetrahedra({}, {{0, 0, 0}, {1, 0, 0}});
  CHECK_THROWS_WITH(ComputeDistanceToBoundaryExtent(no_tetrahedra),
                    Catch::Matchers::Contains("2 vertices") &&
                        Catch::Matchers::Contains("no tetrahedra"));
}

TEST_CASE("Distance-to-boundary extent throws when tetrahedra overlap") {
  // The corner tetrahedron split into four about the interior point q =
  // (1/4, 1/4, 1/4): a valid star, whose boundary is the corner
  // tetrahedron's four faces, enclosing its 1/6 m³; q, the only interior
  // vertex, is the deepest (e = 1).
  const std::vector<Eigen::Vector3d> p{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.25, 0.25, 0.25}};
  const std::vector<VolumeMesh::Element> star{{4, 1, 2, 3}, {0, 4, 2, 3}, {0, 1, 4, 3}, {0, 1, 2, 4}};
  const std::vector<double> e = ComputeDistanceToBoundaryExtent(VolumeMesh(star, p));
  CHECK(e[4] == 1);
  for (int v = 0; v < 4; ++v) CHECK(e[v] == 0);
  // The corner tetrahedron laid over its own star: each of its faces pairs
  // with a star face as if shared, so nothing is left as boundary while the
  // volumes sum to 1/3. (A tetrahedron given twice is caught earlier, by
  // VolumeMesh: a face of three tetrahedra.)
  std::vector<VolumeMesh::Element> overlapping = star;
  overlapping.push_back({0, 1, 2, 3});
  CHECK_THROWS_WITH(ComputeDistanceToBoundaryExtent(VolumeMesh(overlapping, p)),
                    Catch::Matchers::Contains("overlap") && Catch::Matchers::Contains("0.333333 m^3") &&
                        Catch::Matchers::Contains("(0 triangles)"));
  std::vector<VolumeMesh::Element> twice = star;
  twice.push_back(star[0]);
  CHECK_THROWS_WITH(VolumeMesh(twice, p), Catch::Matchers::Contains("more than two"));
}

TEST_CASE("Distance-to-boundary extent throws when the boundary is no solid's surface") {
  // Two Kuhn cubes (2×2×2 cells, edge 1 m), B beside A along +x. Meshed
  // apart, as gmsh meshes two touching volumes without fragmenting them,
  // B's face x = 1 repeats A's with its own vertices: the boundary holds
  // both copies of that face (6·4·2 = 48 triangles per cube, 96 in all),
  // facing opposite ways, so the enclosed volume still equals the summed
  // 2 m³ and only the surface check sees it. Accepted, the extent would
  // vanish on the inner face, in the middle of the body.
  const VolumeMesh a = test::MakeKuhnCube(2, 1.0);
  std::vector<Eigen::Vector3d> p = a.vertices();
  std::vector<VolumeMesh::Element> t = a.tetrahedra();
  const int n = a.num_vertices();
  for (const Eigen::Vector3d& v : a.vertices()) p.push_back(v + Eigen::Vector3d(1, 0, 0));
  for (const VolumeMesh::Element& e : a.tetrahedra()) {
    t.push_back({e[0] + n, e[1] + n, e[2] + n, e[3] + n});
  }
  CHECK_THROWS_WITH(ComputeDistanceToBoundaryExtent(VolumeMesh(t, p)),
                    Catch::Matchers::Contains("the boundary of its tetrahedra (96 triangles)") &&
                        Catch::Matchers::Contains("does not bound a solid"));
  // The same cubes sharing the face's vertices (B's vertex at x = 1 is A's
  // at x = 1; the Kuhn pattern is the same on both sides, so the faces
  // match): a 2×1×1 m box, 80 boundary triangles. Its deepest points are
  // 0.5 m from the boundary (the y and z faces): the cubes' centres and the
  // inner face's centre (1, 0.5, 0.5) all get e = 1.
  std::vector<int> merged(2 * n);
  for (int v = 0; v < n; ++v) merged[v] = v;
  std::vector<Eigen::Vector3d> q = a.vertices();
  for (int v = 0; v < n; ++v) {
    const Eigen::Vector3d& x = a.vertex(v);
    if (x.x() == 0) {
      // Its copy at x = 1 is A's vertex with the same y and z.
      for (int w = 0; w < n; ++w) {
        if (a.vertex(w).x() == 1 && a.vertex(w).y() == x.y() && a.vertex(w).z() == x.z()) merged[n + v] = w;
      }
    } else {
      merged[n + v] = static_cast<int>(q.size());
      q.push_back(x + Eigen::Vector3d(1, 0, 0));
    }
  }
  std::vector<VolumeMesh::Element> u = a.tetrahedra();
  for (const VolumeMesh::Element& e : a.tetrahedra()) {
    u.push_back({merged[n + e[0]], merged[n + e[1]], merged[n + e[2]], merged[n + e[3]]});
  }
  const VolumeMesh box(u, q);
  const std::vector<double> e = ComputeDistanceToBoundaryExtent(box);
  int deepest = 0;
  for (int v = 0; v < box.num_vertices(); ++v) {
    const Eigen::Vector3d& x = box.vertex(v);
    const bool centre = x.y() == 0.5 && x.z() == 0.5 && (x.x() == 0.5 || x.x() == 1 || x.x() == 1.5);
    if (centre) {
      CHECK(e[v] == Approx(1).epsilon(1e-12));
      ++deepest;
    } else {
      CHECK(e[v] < 1);
    }
  }
  CHECK(deepest == 3);
}

}  // namespace
}  // namespace hydrocontact
