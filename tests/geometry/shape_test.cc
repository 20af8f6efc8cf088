#include "geometry/shape.h"

#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace {

TEST_CASE("Shapes keep their sizes") {
  const Box box(1, 2, 3);
  CHECK(box.half_size() == Eigen::Vector3d(0.5, 1, 1.5));
  CHECK(Sphere(0.25).radius() == 0.25);
  CHECK(Capsule(0.1, 0.4).length() == 0.4);
  CHECK(Ellipsoid(1, 2, 3).semi_axes() == Eigen::Vector3d(1, 2, 3));
  CHECK(ShapeName(Shape(Cylinder(1, 2))) == "Cylinder");
  CHECK(ShapeName(Shape(HalfSpace())) == "HalfSpace");
  CHECK(Mesh("a.obj", 2.0).scale() == 2.0);
}

TEST_CASE("Shapes reject non-positive or non-finite sizes, naming the parameter") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK_THROWS_WITH(Sphere(0), Catch::Contains("Sphere") && Catch::Contains("radius"));
  CHECK_THROWS_WITH(Sphere(NAN), Catch::Contains("radius"));
  CHECK_THROWS_WITH(Box(1, -1, 1), Catch::Contains("depth (y)") && Catch::Contains("-1"));
  CHECK_THROWS_WITH(Cylinder(1, inf), Catch::Contains("length"));
  CHECK_THROWS_WITH(Capsule(-2, 1), Catch::Contains("Capsule") && Catch::Contains("radius"));
  CHECK_THROWS_WITH(Ellipsoid(1, 1, 0), Catch::Contains("'c'"));
  CHECK_THROWS_WITH(Mesh("x.obj", 0), Catch::Contains("scale"));
  CHECK_THROWS_WITH(Convex("", 1), Catch::Contains("file"));
}

}  // namespace
}  // namespace hydrocontact
