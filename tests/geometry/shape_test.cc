#include "geometry/shape.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

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
  // A torus's radii are lengths like every other shape's, in [1e-9, 1e6] m
  // (they were only required positive, and 1e-300 reached the mesher).
  CHECK_THROWS_WITH(Torus(1e-300, 1e-301), Catch::Contains("Torus") && Catch::Contains("major_radius"));
  CHECK_THROWS_WITH(Torus(1, 1e-10), Catch::Contains("minor_radius"));
  CHECK_THROWS_WITH(Torus(2e6, 1), Catch::Contains("major_radius"));
  CHECK(Torus(1, 1e-9).minor_radius() == 1e-9);
}

}  // namespace
TEST_CASE("HeightField: grid, bottom, cheap copies and validated parameters") {
  const HeightField f(3, 2, 0.5, 0.25, {0.1, 0.2, 0.3, -0.4, 0.5, 0.6}, 0.2);
  CHECK(f.nx() == 3);
  CHECK(f.ny() == 2);
  CHECK(f.height(0, 1) == -0.4);
  CHECK(f.height(2, 0) == 0.3);
  CHECK(f.min_height() == -0.4);
  CHECK(f.max_height() == 0.6);
  CHECK(f.bottom() == Approx(-0.6));
  CHECK(f.half_x() == 0.5);
  CHECK(f.half_y() == 0.125);
  const Shape shape = f;
  CHECK(ShapeName(shape) == "HeightField");
  // Copies share the heights.
  CHECK(&std::get<HeightField>(shape).heights() == &f.heights());
  auto throws = [](auto&& make, const std::string& needle) {
    CHECK_THROWS_WITH(make(), Catch::Contains(needle));
  };
  const std::vector<double> four{0, 0, 0, 0};
  throws([&] { return HeightField(1, 4, 1, 1, four, 1); }, "parameter 'nx' must be at least 2");
  throws([&] { return HeightField(4, 1, 1, 1, four, 1); }, "parameter 'ny'");
  throws([&] { return HeightField(2, 2, 0, 1, four, 1); }, "'dx'");
  throws([&] { return HeightField(2, 2, 1, std::nan(""), four, 1); }, "'dy'");
  throws([&] { return HeightField(2, 2, 1, 1, four, -1); }, "'thickness'");
  throws([&] { return HeightField(2, 2, 1, 1, {0, 0, 0}, 1); }, "'heights' has 3 values");
  throws([&] { return HeightField(2, 2, 1, 1, {0, std::nan(""), 0, 0}, 1); },
         "sample (i=1, j=0)");
  throws([&] { return HeightField(2, 2, 1, 1, {0, 0, 0, 1e9}, 1); }, "sample (i=1, j=1)");
  throws([&] { return HeightField(1 << 13, 1 << 12, 1, 1, {}, 1); }, "exceed");
}

}  // namespace hydrocontact
