#include "mesh/aabb.h"

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

TEST_CASE("Aabb: an empty box contains and overlaps nothing", "[aabb]") {
  const Aabb empty;
  CHECK(empty.IsEmpty());
  CHECK_FALSE(empty.Contains(Eigen::Vector3d::Zero()));
  CHECK_FALSE(empty.Overlaps(empty));
  const Aabb unit(Eigen::Vector3d::Zero(), Eigen::Vector3d::Ones());
  CHECK_FALSE(unit.IsEmpty());
  CHECK_FALSE(empty.Overlaps(unit));
  CHECK_FALSE(unit.Overlaps(empty));
}

TEST_CASE("Aabb: growing by points, boxes and inflation", "[aabb]") {
  Aabb box;
  box.Include(Eigen::Vector3d(1, 2, 3));
  CHECK_FALSE(box.IsEmpty());
  CHECK(box.min == box.max);  // A single point is a degenerate, non-empty box.
  box.Include(Eigen::Vector3d(-1, 0, 5));
  CHECK(box.min == Eigen::Vector3d(-1, 0, 3));
  CHECK(box.max == Eigen::Vector3d(1, 2, 5));
  CHECK(box.center() == Eigen::Vector3d(0, 1, 4));
  CHECK(box.half_size() == Eigen::Vector3d(1, 1, 1));
  box.Include(Aabb(Eigen::Vector3d(0, -3, 4), Eigen::Vector3d(0.5, 0, 4.5)));
  CHECK(box.min == Eigen::Vector3d(-1, -3, 3));
  CHECK(box.max == Eigen::Vector3d(1, 2, 5));
  box.Inflate(0.5);
  CHECK(box.min == Eigen::Vector3d(-1.5, -3.5, 2.5));
  CHECK(box.max == Eigen::Vector3d(1.5, 2.5, 5.5));
  Aabb with_empty = box;
  with_empty.Include(Aabb());  // Including an empty box changes nothing.
  CHECK(with_empty.min == box.min);
  CHECK(with_empty.max == box.max);
  // [−1.5, 1.5] × [−3.5, 2.5] × [2.5, 5.5]: the largest |coordinate| is the
  // corner's z, 5.5; then −7 below zero takes over.
  CHECK(box.MaxAbsCoordinate() == 5.5);
  box.Include(Eigen::Vector3d(-7, 0, 3));
  CHECK(box.MaxAbsCoordinate() == 7);
}

TEST_CASE("Aabb: overlap of closed boxes is symmetric and includes touching", "[aabb]") {
  const Aabb a(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 1));
  const Aabb touching(Eigen::Vector3d(1, 0.5, -2), Eigen::Vector3d(2, 3, 0));  // Shares an edge.
  const Aabb apart(Eigen::Vector3d(1 + 1e-12, 0, 0), Eigen::Vector3d(2, 1, 1));
  const Aabb inside(Eigen::Vector3d(0.25, 0.25, 0.25), Eigen::Vector3d(0.5, 0.5, 0.5));
  CHECK(a.Overlaps(touching));
  CHECK(touching.Overlaps(a));
  CHECK_FALSE(a.Overlaps(apart));
  CHECK_FALSE(apart.Overlaps(a));
  CHECK(a.Overlaps(inside));
  CHECK(inside.Overlaps(a));
  CHECK(a.Contains(Eigen::Vector3d(1, 1, 1)));  // Closed: the corner is in.
  CHECK_FALSE(a.Contains(Eigen::Vector3d(1, 1, 1.000001)));
  // A box in a box: closed (a box contains itself and one sharing a face
  // from inside), not when it reaches out by any amount on any side.
  CHECK(a.Contains(inside));
  CHECK(a.Contains(a));
  CHECK(a.Contains(Aabb(Eigen::Vector3d(0, 0, 0.5), Eigen::Vector3d(1, 1, 1))));
  CHECK_FALSE(inside.Contains(a));
  CHECK_FALSE(a.Contains(touching));
  CHECK_FALSE(a.Contains(Aabb(Eigen::Vector3d(0.25, -1e-12, 0.25), Eigen::Vector3d(0.5, 0.5, 0.5))));
  CHECK_FALSE(a.Contains(Aabb(Eigen::Vector3d(0.25, 0.25, 0.25), Eigen::Vector3d(0.5, 0.5, 1 + 1e-12))));
  CHECK(a.Contains(Aabb()));  // Empty: no point outside.
  CHECK_FALSE(Aabb().Contains(inside));
}

TEST_CASE("Aabb: squared distance from face, edge and corner regions", "[aabb]") {
  const Aabb a(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 2, 3));
  CHECK(a.SquaredDistanceTo(Eigen::Vector3d(0.5, 1, 1)) == 0);   // Inside.
  CHECK(a.SquaredDistanceTo(Eigen::Vector3d(3, 1, 1)) == 4);     // Face: 2².
  CHECK(a.SquaredDistanceTo(Eigen::Vector3d(-3, 6, 1)) == 25);   // Edge: 3² + 4².
  CHECK(a.SquaredDistanceTo(Eigen::Vector3d(2, -2, 5)) == 9);    // Corner: 1 + 4 + 4.
}

}  // namespace
}  // namespace hydrocontact
