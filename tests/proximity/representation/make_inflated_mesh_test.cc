#include "proximity/representation/make_inflated_mesh.h"

#include <cmath>
#include <vector>

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
