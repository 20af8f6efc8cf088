#include "proximity/representation/make_inflated_mesh.h"

#include <catch2/catch.hpp>

#include "mesh/vtk_reader.h"
#include "proximity/representation/make_box_mesh.h"
#include "proximity/representation/make_sphere_mesh.h"

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

TEST_CASE("Inflation: bad margins throw naming the value") {
  const TriangleSurfaceMesh box = MakeBoxSurfaceMesh(Box(1, 1, 1));
  CHECK_THROWS_WITH(InflateSurfaceMesh(box, -1), Contains("margin"));
  CHECK_THROWS_WITH(CalcInflationDisplacements(box, NAN), Contains("margin"));
  CHECK_THROWS_WITH(InflateVolumeMesh(MakeBoxVolumeMesh(Box(1, 1, 1)).mesh, -2), Contains("margin") && Contains("-2"));
}

}  // namespace
}  // namespace hydrocontact
