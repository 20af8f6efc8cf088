#include "proximity/distance/distance_geometry.h"

#include <cmath>

#include <catch2/catch.hpp>

#include "tests/proximity/distance/distance_test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("DistanceGeometry of primitives: bounding radii", "[distance_geometry]") {
  CHECK(MakeDistanceGeometry(Sphere(0.3)).bounding_radius == 0.3);
  // Half diagonal of 2 × 4 × 4: √(1 + 4 + 4) = 3.
  CHECK(MakeDistanceGeometry(Box(2, 4, 4)).bounding_radius == Approx(3));
  // Cylinder radius 0.3, half length 0.4: √(0.09 + 0.16) = 0.5.
  CHECK(MakeDistanceGeometry(Cylinder(0.3, 0.8)).bounding_radius == Approx(0.5));
  CHECK(MakeDistanceGeometry(Capsule(0.1, 1)).bounding_radius == Approx(0.6));
  CHECK(MakeDistanceGeometry(Ellipsoid(1, 3, 2)).bounding_radius == 3);
  CHECK(std::isinf(MakeDistanceGeometry(HalfSpace()).bounding_radius));
  const DistanceGeometry g = MakeDistanceGeometry(Box(1, 1, 1));
  CHECK(g.mesh == nullptr);
  CHECK(g.hull == nullptr);
}

TEST_CASE("DistanceGeometry of a Convex keeps only the hull's corners", "[distance_geometry]") {
  // The sample box volume has 99 vertices (face grids and the centre);
  // its hull is the cube with 8 corners.
  const DistanceGeometry g = MakeDistanceGeometry(Convex(test::DataPath("box_0.1m.vtk")));
  REQUIRE(g.mesh != nullptr);
  CHECK(g.mesh->mesh.num_vertices() == 8);
  CHECK(g.mesh->is_convex);
  REQUIRE(g.hull != nullptr);
  CHECK(g.hull.get() == &g.mesh->mesh);
  CHECK(g.bounding_radius == Approx(0.05 * std::sqrt(3.0)));
  for (const Vector3d& v : HullVertices(g)) {
    CHECK(v.cwiseAbs().minCoeff() == Approx(0.05));
  }
  // Scaled.
  const DistanceGeometry scaled = MakeDistanceGeometry(Convex(test::DataPath("box_0.1m.vtk"), 2));
  CHECK(scaled.bounding_radius == Approx(0.1 * std::sqrt(3.0)));
}

TEST_CASE("DistanceGeometry of a Mesh: OBJ surface or VTK boundary", "[distance_geometry]") {
  const DistanceGeometry sphere = MakeDistanceGeometry(Mesh(test::DataPath("sphere_r0.05m.obj")));
  REQUIRE(sphere.mesh != nullptr);
  CHECK(sphere.mesh->mesh.num_vertices() == 162);
  CHECK(sphere.bounding_radius == Approx(0.05));
  // The box volume's boundary: every vertex but the centre (98).
  const DistanceGeometry box = MakeDistanceGeometry(Mesh(test::DataPath("box_0.1m.vtk")));
  REQUIRE(box.mesh != nullptr);
  CHECK(box.hull == nullptr);
  CHECK(box.mesh->mesh.num_vertices() == 98);
  CHECK(box.mesh->is_convex);
}

TEST_CASE("DistanceGeometry reports bad files naming them", "[distance_geometry]") {
  CHECK_THROWS_WITH(MakeDistanceGeometry(Mesh("shape.step")),
                    Catch::Contains("shape.step") && Catch::Contains("extension"));
  CHECK_THROWS_AS(MakeDistanceGeometry(Mesh("/nonexistent/x.obj")), std::runtime_error);
  // An open surface has no inside: refused as a Mesh...
  CHECK_THROWS_WITH(MakeDistanceGeometry(Mesh(test::DataPath("square_patch_0.1m.obj"))),
                    Catch::Contains("square_patch_0.1m.obj"));
  // ...and, being flat, has no hull volume as a Convex.
  CHECK_THROWS_WITH(MakeDistanceGeometry(Convex(test::DataPath("square_patch_0.1m.obj"))),
                    Catch::Contains("square_patch_0.1m.obj"));
}

TEST_CASE("DistanceGeometry copies share their mesh data", "[distance_geometry]") {
  const DistanceGeometry a = MakeDistanceGeometry(Convex(test::WriteBoxObj("dg_box.obj",
                                                                           Vector3d(1, 2, 3))));
  const DistanceGeometry b = a;
  CHECK(a.mesh.get() == b.mesh.get());
  CHECK(HullVertices(a).size() == 8);
  CHECK(a.bounding_radius == Approx(std::sqrt(14.0)));
}

}  // namespace
}  // namespace hydrocontact
