#include "proximity/representation/make_mesh_common.h"

#include <cmath>
#include <numbers>

#include <catch2/catch.hpp>

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Matchers::Contains;

TEST_CASE("MakePressureField: p = E·e with per-tetrahedron gradients") {
  // One tetrahedron, e = 1 at the origin, 0 at the unit points: e = 1 − x − y − z,
  // so ∇p = −E(1, 1, 1).
  VolumeMeshWithExtent m{VolumeMesh({{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}),
                         {1.0, 0.0, 0.0, 0.0}};
  const VolumeMeshFieldLinear p = MakePressureField(m, 2e5);
  CHECK(p.values() == std::vector<double>{2e5, 0, 0, 0});
  CHECK((p.EvaluateGradient(0) - Eigen::Vector3d(-2e5, -2e5, -2e5)).norm() < 1e-9);
  CHECK_THROWS_WITH(MakePressureField(m, 0), Contains("modulus") && Contains("0"));
  CHECK_THROWS_WITH(MakePressureField(m, -1), Contains("modulus"));
  m.extent.pop_back();
  CHECK_THROWS_WITH(MakePressureField(m, 1), Contains("3 extent values for 4 vertices"));
}

TEST_CASE("CalcMinDihedralAngle: regular and corner tetrahedra, and the smallest over a mesh") {
  // Regular tetrahedron (alternate corners of a cube, listed so that it is
  // positively oriented): every dihedral angle is acos(1/3) ≈ 70.53°.
  const VolumeMesh regular({{0, 1, 3, 2}},
                           {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}});
  CHECK(CalcMinDihedralAngle(regular) == Approx(std::acos(1.0 / 3)).epsilon(1e-14));
  // Corner tetrahedron (origin and the three unit points): the faces meeting
  // on an axis are coordinate planes, at 90°; a coordinate face, e.g. y = 0
  // (outward normal (0, −1, 0)), meets the slanted face x + y + z = 1
  // (outward normal (1, 1, 1)/√3) at π − acos(−1/√3) = acos(1/√3) ≈ 54.74°.
  const VolumeMesh corner({{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  CHECK(CalcMinDihedralAngle(corner) == Approx(std::acos(1 / std::sqrt(3.0))).epsilon(1e-14));
  // The corner tetrahedron flattened, apex (0, 0, t): its slanted face
  // x + y + z/t = 1 has normal (1, 1, 1/t), which meets the base z = 0
  // along the edge from (1, 0, 0) to (0, 1, 0) at φ with
  // tan φ = |(1, 1)|/(1/t) = √2·t, and the faces y = 0 or x = 0 at ψ with
  // cos ψ = 1/√(2 + 1/t²) (84.3° for t = 0.1); the axis edges stay at 90°.
  // So the flattened wedge is the smallest, atan(√2·t), and in a mesh with
  // the regular tetrahedron too it is the minimum over both.
  const double t = 0.1;
  const VolumeMesh both({{0, 1, 3, 2}, {4, 5, 6, 7}},
                        {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1},
                         {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, t}});
  CHECK(CalcMinDihedralAngle(both) == Approx(std::atan(std::sqrt(2.0) * t)).epsilon(1e-14));
  CHECK(CalcMinDihedralAngle(VolumeMesh()) == Approx(std::numbers::pi));
}

TEST_CASE("Argument checks name the shape and the value") {
  CHECK(internal::RequireResolutionHint("Sphere", 0.5) == 0.5);
  CHECK_THROWS_WITH(internal::RequireResolutionHint("Sphere", -0.5), Contains("Sphere") && Contains("-0.5"));
  CHECK(internal::RequireMargin("Box", 0) == 0);
  CHECK_THROWS_WITH(internal::RequireMargin("Box", -1e-3), Contains("Box") && Contains("margin"));
}

TEST_CASE("CheckMeshSize: accepts up to the limit, suggests a hint beyond it") {
  CHECK_NOTHROW(internal::CheckMeshSize("Sphere", "tetrahedra", kMaxMeshElements, 0.01, 3));
  // 8× the limit with a cubic law: the hint must double (×1.1 allowance).
  CHECK_THROWS_WITH(internal::CheckMeshSize("Sphere", "tetrahedra", 8 * kMaxMeshElements, 0.01, 3),
                    Contains("Sphere") && Contains("1.6e+07 tetrahedra") && Contains("0.022 m"));
  // 4× with a square law: also double.
  CHECK_THROWS_WITH(internal::CheckMeshSize("Box", "triangles", 4 * kMaxMeshElements, 0.5, 2),
                    Contains("triangles") && Contains("1.1 m"));
}

TEST_CASE("SetMaxMeshElements: the limit is settable, checked, and its error has its own type") {
  REQUIRE(MaxMeshElements() == kMaxMeshElements);
  SetMaxMeshElements(1000);
  CHECK(MaxMeshElements() == 1000);
  CHECK_NOTHROW(internal::CheckMeshSize("Sphere", "tetrahedra", 1000, 0.01, 3));
  // 8000 = 8× the limit: the hint must double (×1.1 allowance): 0.022 m.
  CHECK_THROWS_AS(internal::CheckMeshSize("Sphere", "tetrahedra", 8000, 0.01, 3), MeshSizeLimitError);
  CHECK_THROWS_WITH(internal::CheckMeshSize("Sphere", "tetrahedra", 8000, 0.01, 3),
                    Contains("limit 1000") && Contains("0.022 m"));
  CHECK_THROWS_WITH(SetMaxMeshElements(0.5), Contains("0.5"));
  CHECK_THROWS_WITH(SetMaxMeshElements(std::nan("")), Contains("nan"));
  CHECK(MaxMeshElements() == 1000);
  SetMaxMeshElements(kMaxMeshElements);
  CHECK(MaxMeshElements() == kMaxMeshElements);
}

TEST_CASE("SegmentCount covers the length with segments no longer than h") {
  CHECK(internal::SegmentCount(0.1, 0.02) == 5);  // exact multiple despite round-off
  CHECK(internal::SegmentCount(0.1, 0.03) == 4);
  CHECK(internal::SegmentCount(1e-9, 1.0) == 1);
  CHECK(internal::SegmentCount(1.0, 1e-12) == Approx(1e12));
}


TEST_CASE("CheckThickness: refuses below 1e-5 of the spacing, naming a hint that would do") {
  using internal::CheckThickness;
  using internal::kMinThicknessRatio;
  static_assert(kMinThicknessRatio == 1e-5);
  // At exactly the ratio it passes; just below it throws. The hint it names
  // is thickness / 1e-5: 2e-7 m / 1e-5 = 0.02 m.
  CHECK_NOTHROW(CheckThickness("Thing", "size 1 m", "thickness", 2e-7, 2e-7 / kMinThicknessRatio, 0.1));
  CHECK_THROWS_WITH(
      CheckThickness("Thing", "size 1 m", "thickness", 2e-7, 0.05, 0.1),
      Contains("Thing: size 1 m are too thin") && Contains("resolution hint 0.1 m") &&
          Contains("thickness 2e-07 m") && Contains("spacing 0.05 m") &&
          Contains("use a resolution hint below 0.02 m"));
  // A NaN spacing or thickness never passes silently.
  CHECK_THROWS(CheckThickness("Thing", "size 1 m", "thickness", std::nan(""), 0.05, 0.1));
}

TEST_CASE("MakePrimitiveVolumeMesh: names the primitive when an element is degenerate") {
  using internal::MakePrimitiveVolumeMesh;
  // The unit corner tetrahedron has volume 1/6.
  const VolumeMesh good = MakePrimitiveVolumeMesh(
      "Corner", {{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  CHECK(good.total_volume() == Approx(1.0 / 6));
  // Height 1e-13 over a unit triangle: 6V = 1e-13 ≤ 1e-12·ℓ³ (ℓ = √2), so
  // VolumeMesh finds it degenerate; the message keeps its reason.
  CHECK_THROWS_WITH(
      MakePrimitiveVolumeMesh("Foil 1 × 1 × 1e-13 m", {{0, 1, 2, 3}},
                              {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1e-13}}),
      Contains("Foil 1 × 1 × 1e-13 m is too thin to mesh into non-degenerate tetrahedra") &&
          Contains("tetrahedron 0") && Contains("degenerate"));
  // VolumeMesh's own type for it; its other refusals (a vertex index out of
  // range: a mesher's bug, not the primitive's proportions) pass unchanged.
  CHECK_THROWS_AS(VolumeMesh({{0, 1, 2, 3}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1e-13}}),
                  DegenerateTetrahedronError);
  CHECK_THROWS_WITH(MakePrimitiveVolumeMesh("Foil", {{0, 1, 2, 7}},
                                            {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}),
                    !Contains("too thin") && Contains("7"));
}

TEST_CASE("MakePrimitiveSurfaceMesh: names the primitive when a triangle is degenerate") {
  using internal::MakePrimitiveSurfaceMesh;
  // The unit right triangle has area 1/2.
  CHECK(MakePrimitiveSurfaceMesh("Corner", {{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})
            .total_area() == Approx(0.5));
  // Height 1e-15 over a unit base: twice the area 1e-15 ≤ 1e-14·ℓ² (ℓ = 1).
  CHECK_THROWS_WITH(
      MakePrimitiveSurfaceMesh("Blade 1 × 1e-15 m", {{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1e-15, 0}}),
      Contains("Blade 1 × 1e-15 m is too thin for its extent to mesh into non-degenerate triangles") &&
          Contains("triangle 0"));
  CHECK_THROWS_AS(TriangleSurfaceMesh({{0, 1, 2}}, {{0, 0, 0}, {1, 0, 0}, {0, 1e-15, 0}}),
                  DegenerateTriangleError);
  // Other refusals (an index out of range) pass unchanged.
  CHECK_THROWS_WITH(MakePrimitiveSurfaceMesh("Blade", {{0, 1, 5}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}),
                    !Contains("too thin") && Contains("5"));
}

}  // namespace
}  // namespace hydrocontact
