#include "proximity/distance/shape_queries.h"

#include <cmath>
#include <random>

#include <catch2/catch.hpp>

#include "distance_test_files.h"
#include "geometry/rigid_transform.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

TEST_CASE("Nearest point with inside flag and normal", "[shape_queries]") {
  const DistanceGeometry sphere = MakeDistanceGeometry(Sphere(0.5));
  // Outside: N = r·Q/‖Q‖, normal Q/‖Q‖.
  const NearestPoint out = FindNearestPoint(sphere, Vector3d(0, 0.6, 0.8));
  CHECK(!out.inside);
  CHECK((out.p_GN - Vector3d(0, 0.3, 0.4)).norm() < 1e-15);
  CHECK((out.nhat_G - Vector3d(0, 0.6, 0.8)).norm() < 1e-15);
  CHECK(out.distance == Approx(0.5));
  // Inside a box: the nearest face, normal outward.
  const DistanceGeometry box = MakeDistanceGeometry(Box(1, 2, 3));
  const NearestPoint in = FindNearestPoint(box, Vector3d(0.3, 0.1, 0.2));
  CHECK(in.inside);
  CHECK((in.p_GN - Vector3d(0.5, 0.1, 0.2)).norm() < 1e-15);
  CHECK(in.nhat_G == Vector3d::UnitX());
  // Torus: N = C + r(Q − C)/‖Q − C‖.
  const DistanceGeometry torus = MakeDistanceGeometry(Torus(2, 0.5));
  const NearestPoint t = FindNearestPoint(torus, Vector3d(0, 1.8, 0.1));
  const Vector3d w(0, -0.2, 0.1);
  CHECK(t.inside);
  CHECK((t.p_GN - (Vector3d(0, 2, 0) + 0.5 * w.normalized())).norm() < 1e-15);
  CHECK((t.nhat_G - w.normalized()).norm() < 1e-15);
  CHECK(t.distance == Approx(w.norm() - 0.5));
  // In the hole, on the axis: every circle point is nearest; +x chosen.
  const NearestPoint axis = FindNearestPoint(torus, Vector3d(0, 0, 0));
  CHECK(!axis.inside);
  CHECK((axis.p_GN - Vector3d(1.5, 0, 0)).norm() < 1e-15);
  CHECK_THROWS_WITH(FindNearestPoint(torus, Vector3d(INFINITY, 0, 0)), Catch::Contains("finite"));
}

TEST_CASE("Bounding spheres hold every surface point (and are tight)", "[shape_queries]") {
  // Closed forms: the support point in every direction is within the
  // radius, and the farthest support point reaches it (smallest sphere).
  std::mt19937 random(7);
  std::normal_distribution<double> normal;
  const std::vector<Shape> shapes{Sphere(0.5), Box(1, 2, 3), Cylinder(0.4, 1), Capsule(0.3, 1),
                                  Ellipsoid(0.5, 0.8, 1.1)};
  for (const Shape& shape : shapes) {
    const DistanceGeometry g = MakeDistanceGeometry(shape);
    const BoundingSphere b = CalcBoundingSphere(g);
    double farthest = 0;
    for (int i = 0; i < 2000; ++i) {
      const Vector3d d(normal(random), normal(random), normal(random));
      farthest = std::max(farthest, (CalcSupportPoint(g, d) - b.p_GC).norm());
    }
    // The known extreme directions too (box corner, cylinder rim, ...).
    for (const Vector3d& d : {Vector3d(1, 1, 1), Vector3d(1, 0, 1), Vector3d(0, 0, 1)}) {
      farthest = std::max(farthest, (CalcSupportPoint(g, d) - b.p_GC).norm());
    }
    CAPTURE(ShapeName(shape));
    CHECK(farthest <= b.radius * (1 + 1e-14));
    CHECK(farthest >= b.radius * (1 - 1e-12));
  }
  CHECK(CalcBoundingSphere(MakeDistanceGeometry(Torus(2, 0.5))).radius == 2.5);
  CHECK(std::isinf(CalcBoundingSphere(MakeDistanceGeometry(HalfSpace())).radius));
  // A mesh box off-centre: the vertices' box centre and the corner
  // distance (here the smallest sphere too).
  const auto path = test::WriteBoxObj("shape_queries_box.obj", Vector3d(0.1, 0.2, 0.3));
  const BoundingSphere m = CalcBoundingSphere(MakeDistanceGeometry(Mesh(path)));
  CHECK(m.p_GC.norm() < 1e-15);
  CHECK(m.radius == Approx(Vector3d(0.1, 0.2, 0.3).norm()));
}

TEST_CASE("Support points", "[shape_queries]") {
  const Vector3d d(1, -2, 2);  // ‖d‖ = 3
  CHECK((CalcSupportPoint(MakeDistanceGeometry(Sphere(0.6)), d) - 0.2 * d).norm() < 1e-15);
  CHECK(CalcSupportPoint(MakeDistanceGeometry(Box(1, 2, 3)), d) == Vector3d(0.5, -1, 1.5));
  // Capsule: the top pole centre plus r along d.
  CHECK((CalcSupportPoint(MakeDistanceGeometry(Capsule(0.3, 1)), d) -
         (Vector3d(0, 0, 0.5) + 0.1 * d))
            .norm() < 1e-15);
  // Cylinder: the rim point under d's horizontal part.
  CHECK((CalcSupportPoint(MakeDistanceGeometry(Cylinder(0.4, 1)), d) -
         Vector3d(0.4 / std::sqrt(5.0), -0.8 / std::sqrt(5.0), 0.5))
            .norm() < 1e-15);
  // Along the axis every point of a cap ties; the documented choice is the
  // cap's centre.
  CHECK(CalcSupportPoint(MakeDistanceGeometry(Cylinder(0.4, 1)), Vector3d(0, 0, 2)) ==
        Vector3d(0, 0, 0.5));
  CHECK(CalcSupportPoint(MakeDistanceGeometry(Cylinder(0.4, 1)), Vector3d(0, 0, -1)) ==
        Vector3d(0, 0, -0.5));
  // Ellipsoid: the point whose normal ∝ d: E²d/‖Ed‖.
  const Vector3d e(0.5, 0.8, 1.1);
  const Vector3d Ed = e.cwiseProduct(d);
  CHECK((CalcSupportPoint(MakeDistanceGeometry(Ellipsoid(0.5, 0.8, 1.1)), d) -
         e.cwiseProduct(Ed) / Ed.norm())
            .norm() < 1e-15);
  // Torus: R along d's horizontal part, then r along d.
  CHECK((CalcSupportPoint(MakeDistanceGeometry(Torus(2, 0.5)), d) -
         (2 * Vector3d(1, -2, 0) / std::sqrt(5.0) + 0.5 * d / 3))
            .norm() < 1e-15);
  // Half-space: only +z has one.
  CHECK(CalcSupportPoint(MakeDistanceGeometry(HalfSpace()), Vector3d(0, 0, 2)) ==
        Vector3d::Zero());
  CHECK_THROWS_WITH(CalcSupportPoint(MakeDistanceGeometry(HalfSpace()), d),
                    Catch::Contains("unbounded"));
  // +z brought back by a full turn about x carries 2e-16 of round-off
  // (sin 2π ≠ 0 in double): still +z. A real tilt of 1e-9 rad is not.
  const Vector3d z_turned =
      RigidTransform::FromRollPitchYaw(Vector3d(2 * M_PI, 0, 0)).rotation().transpose() * Vector3d::UnitZ();
  CHECK(z_turned.y() != 0);
  CHECK(HasHalfSpaceSupport(z_turned));
  CHECK(CalcSupportPoint(MakeDistanceGeometry(HalfSpace()), z_turned) == Vector3d::Zero());
  CHECK_FALSE(HasHalfSpaceSupport(Vector3d(0, 1e-9, 1)));
  CHECK_FALSE(HasHalfSpaceSupport(Vector3d(0, 0, -1)));
  CHECK_THROWS_WITH(CalcSupportPoint(MakeDistanceGeometry(HalfSpace()), Vector3d(0, 1e-9, 1)),
                    Catch::Contains("unbounded"));
  CHECK_THROWS_WITH(CalcSupportPoint(MakeDistanceGeometry(Sphere(1)), Vector3d::Zero()),
                    Catch::Contains("nonzero"));
}

}  // namespace
}  // namespace hydrocontact
