#include "proximity/distance/support_kinks.h"

#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;

struct Feature {
  FlatFeature kind;
  Vector3d v;
};

template <class S>
std::vector<Feature> Features(const S& s, const Vector3d& d, double sin_angle = 0.01) {
  std::vector<Feature> out;
  internal::VisitFlatFeatures(s, d, sin_angle,
                              [&](FlatFeature kind, const Vector3d& v) { out.push_back({kind, v}); });
  return out;
}

bool Has(const std::vector<Feature>& features, FlatFeature kind, const Vector3d& v) {
  for (const Feature& f : features) {
    if (f.kind == kind && ((f.v - v).norm() < 1e-15 || (kind == FlatFeature::kEdge &&
                                                        (f.v + v).norm() < 1e-15))) {
      return true;
    }
  }
  return false;
}

TEST_CASE("Flat features near a direction, by shape", "[support_kinks]") {
  // A box near its +z face normal: the face, and the edges along x and y
  // (|d_x|, |d_y| ≤ sin 0.01); 0.02 off x, the x edge no longer.
  const BoxSupport box{Vector3d(1, 2, 3)};
  const auto near_face = Features(box, Vector3d(0.001, -0.002, 1));
  CHECK(near_face.size() == 3);
  CHECK(Has(near_face, FlatFeature::kFace, Vector3d::UnitZ()));
  CHECK(Has(near_face, FlatFeature::kEdge, Vector3d::UnitX()));
  CHECK(Has(near_face, FlatFeature::kEdge, Vector3d::UnitY()));
  const auto near_edge = Features(box, Vector3d(0.02, 0.001, -1));
  CHECK(near_edge.size() == 1);
  CHECK(Has(near_edge, FlatFeature::kEdge, Vector3d::UnitY()));
  // A cylinder: its bottom cap near −z, its side near any radial direction.
  const CylinderSupport cylinder{0.5, 1};
  const auto cap = Features(cylinder, Vector3d(0.003, 0.004, -1));
  CHECK(cap.size() == 1);
  CHECK(Has(cap, FlatFeature::kFace, -Vector3d::UnitZ()));
  const auto side = Features(cylinder, Vector3d(0.6, 0.8, 0.005));
  CHECK(side.size() == 1);
  CHECK(Has(side, FlatFeature::kEdge, Vector3d::UnitZ()));
  // A capsule's core segment: an edge where d is nearly perpendicular.
  const SegmentSupport segment{Vector3d(0, 0, -1), Vector3d(0, 0, 1), 0.2};
  CHECK(Features(segment, Vector3d(1, 0, 0.001)).size() == 1);
  CHECK(Features(segment, Vector3d(1, 0, 0.1)).empty());
  // Smooth sets have none.
  CHECK(Features(EllipsoidSupport{Vector3d(1, 2, 3)}, Vector3d(0, 0, 1)).empty());
  CHECK(Features(PointSupport{}, Vector3d(0, 0, 1)).empty());
  // A hull (the unit cube's corners) near its +z face: that face's normal,
  // exactly, from its vertices.
  std::vector<Vector3d> corners;
  for (int i = 0; i < 8; ++i) corners.emplace_back(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
  const auto hull = Features(PolytopeSupport{corners}, Vector3d(0.001, 0.002, 1));
  CHECK(Has(hull, FlatFeature::kFace, Vector3d::UnitZ()));
  CHECK(Has(hull, FlatFeature::kEdge, Vector3d::UnitX()));
  CHECK(Has(hull, FlatFeature::kEdge, Vector3d::UnitY()));
  // A triangle seen along its normal: the face; along an edge's normal
  // plane: that edge.
  const TriangleSupport triangle{{Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0)}};
  CHECK(Has(Features(triangle, Vector3d(0.001, 0, -1)), FlatFeature::kFace, -Vector3d::UnitZ()));
  CHECK(Has(Features(triangle, Vector3d(0.001, -1, 0.3)), FlatFeature::kEdge, Vector3d::UnitX()));
}

// Runs PolishAtKinks from the unit direction m0 (in A) and returns the
// polished direction; *h gets h_D there.
template <class SA, class SB>
Vector3d Polish(const SA& A, const SB& B, const RigidTransform& X_AB, const Vector3d& m0,
                double* h) {
  Vector3d m = m0.normalized();
  Vector3d a = A.Support(m), b = internal::SupportInA(B, X_AB, -m);
  *h = m.dot(a - b);
  const double h0 = *h;
  const bool improved = internal::PolishAtKinks(A, B, X_AB, &m, h, &a, &b);
  CHECK(improved);
  CHECK(*h < h0);
  // The outputs are consistent: the supports at the returned direction.
  CHECK((a - A.Support(m)).norm() == 0);
  CHECK(*h == Approx(m.dot(a - b)).margin(1e-15));
  return m;
}

TEST_CASE("Polish at a face normal: a box face under an ellipsoid", "[support_kinks]") {
  // Box of half size 1; an ellipsoid (0.5, 0.7, 1) centred at (0.3, −0.2, 3):
  // its lowest point (0.3, −0.2, 2) is over the box's top face z = 1, so
  // the distance is 1 and m = −n̂_BA = +z: h_D(z) = 1 − 2 = −1. The optimum
  // is a kink (the face), where h_D grows like 1e-4 × (the face's extent)
  // for a tilt of 1e-4: exact to round-off after the polish.
  const BoxSupport box{Vector3d(1, 1, 1)};
  const EllipsoidSupport ellipsoid{Vector3d(0.5, 0.7, 1)};
  const RigidTransform X_AB(Vector3d(0.3, -0.2, 3));
  double h;
  const Vector3d m = Polish(box, ellipsoid, X_AB, Vector3d(1e-4, -2e-4, 1), &h);
  CHECK((m - Vector3d::UnitZ()).norm() < 1e-15);
  CHECK(h == Approx(-1).margin(1e-15));
}

TEST_CASE("Polish along an edge's great circle: a cylinder's side", "[support_kinks]") {
  // Cylinder r = 1, half length 2 (axis z); ellipsoid (0.5, 0.5, 0.8)
  // centred at (3, 0, 0.7): its point nearest along −x, (2.5, 0, 0.7), faces
  // the side line x = 1, |z| ≤ 2, so the distance is 1.5 along x. The side
  // is an edge along z: the optimum lies on the great circle n ⊥ z, found
  // by the arc search from a start tilted off it both ways.
  const CylinderSupport cylinder{1, 2};
  const EllipsoidSupport ellipsoid{Vector3d(0.5, 0.5, 0.8)};
  const RigidTransform X_AB(Vector3d(3, 0, 0.7));
  double h;
  const Vector3d m = Polish(cylinder, ellipsoid, X_AB, Vector3d(1, 1e-3, 3e-4), &h);
  CHECK((m - Vector3d::UnitX()).norm() < 1e-9);
  CHECK(h == Approx(-1.5).margin(1e-14));
}

TEST_CASE("Polish at two crossed edges: crossed cylinders", "[support_kinks]") {
  // Cylinder A (r = 1, axis z) and cylinder B (r = 0.5, axis turned onto
  // A's y) centred at (1.5 + 1e-7, 0, 0): their sides cross, apart by
  // 1e-7 along x. The kink arcs n ⊥ z and n ⊥ y meet at ±x: exact.
  const CylinderSupport a{1, 3};
  const CylinderSupport b{0.5, 3};
  const RigidTransform X_AB =
      RigidTransform::FromRollPitchYaw(Vector3d(M_PI / 2, 0, 0), Vector3d(1.5 + 1e-7, 0, 0));
  double h;
  const Vector3d m = Polish(a, b, X_AB, Vector3d(1, -2e-3, 1e-3), &h);
  CHECK((m - Vector3d::UnitX()).norm() < 1e-15);
  CHECK(h == Approx(-1e-7).margin(1e-15));
}

}  // namespace
}  // namespace hydrocontact
