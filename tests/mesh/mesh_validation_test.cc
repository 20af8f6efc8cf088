#include "mesh/mesh_validation.h"

#include <array>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact::internal {
namespace {

using Catch::Contains;

TEST_CASE("Vertex validation names the mesh kind and the vertex", "[mesh_validation]") {
  CHECK_NOTHROW(ValidateVertices("Kind", {}));
  CHECK_NOTHROW(ValidateVertices("Kind", {{0, 0, 0}, {-1e308, 1e308, 5e-324}}));
  CHECK_THROWS_AS(ValidateVertices("Kind", {{0, 0, 0}, {0, 0, NAN}}), std::invalid_argument);
  CHECK_THROWS_WITH(ValidateVertices("SomeMesh", {{0, 0, 0}, {1, 1, 1}, {-INFINITY, 0, 0}}),
                    Contains("SomeMesh: vertex 2 has a non-finite coordinate"));
}

TEST_CASE("Index validation names the element, the index and the range", "[mesh_validation]") {
  const std::array<int, 3> good{0, 1, 2};
  CHECK_NOTHROW(ValidateElementIndices("M", "triangle", 0, good, 3));
  const std::array<int, 3> high{0, 1, 3};
  CHECK_THROWS_WITH(ValidateElementIndices("M", "triangle", 7, high, 3),
                    Contains("M: triangle 7 refers to vertex 3, out of range [0, 3)"));
  const std::array<int, 4> negative{0, -5, 1, 2};
  CHECK_THROWS_WITH(ValidateElementIndices("M", "tetrahedron", 2, negative, 3),
                    Contains("tetrahedron 2 refers to vertex -5"));
  const std::array<int, 4> repeated{4, 1, 2, 4};
  CHECK_THROWS_WITH(ValidateElementIndices("M", "tetrahedron", 9, repeated, 5),
                    Contains("tetrahedron 9 uses vertex 4 twice"));
}

TEST_CASE("Given face data is checked and summed into total area and centroid",
          "[mesh_validation]") {
  // Two faces of areas 1 and 3 with centroids at x = 0 and x = 4: total
  // area 4, centroid at x = (1·0 + 3·4)/4 = 3.
  const std::vector<Eigen::Vector3d> normals{{0, 0, 1}, {0, 0, 1}};
  const std::vector<double> areas{1, 3};
  const std::vector<Eigen::Vector3d> centroids{{0, 0, 0}, {4, 0, 0}};
  const AreaAndCentroid sum =
      CheckAndSumGivenFaceData("M", "face", normals, areas, centroids);
  CHECK(sum.total_area == 4);
  CHECK(sum.centroid.isApprox(Eigen::Vector3d(3, 0, 0)));
  // No faces: zero area, the centroid at the origin (never 0/0).
  const AreaAndCentroid empty = CheckAndSumGivenFaceData("M", "face", {}, {}, {});
  CHECK(empty.total_area == 0);
  CHECK(empty.centroid == Eigen::Vector3d::Zero());
  // The first bad face is named.
  const std::vector<double> bad_areas{1, 0};
  CHECK_THROWS_WITH(CheckAndSumGivenFaceData("SomeMesh", "triangle", normals, bad_areas, centroids),
                    Contains("SomeMesh: triangle 1 has area 0"));
  const std::vector<Eigen::Vector3d> bad_normals{{0, NAN, 1}, {0, 0, 1}};
  CHECK_THROWS_WITH(CheckAndSumGivenFaceData("M", "face", bad_normals, areas, centroids),
                    Contains("face 0 has a non-finite normal"));
}

}  // namespace
}  // namespace hydrocontact::internal
