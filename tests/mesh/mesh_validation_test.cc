#include "mesh/mesh_validation.h"

#include <array>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

namespace hydrocontact::internal {
namespace HYDROCONTACT_TEST_FILE {

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

TEST_CASE("Per-face data of the wrong length is named with every length", "[mesh_validation]") {
  CHECK_NOTHROW(ValidateFaceDataSizes("M", 2, 2, 2, 2));
  CHECK_THROWS_WITH(ValidateFaceDataSizes("SomeMesh", 2, 2, 1, 2),
                    Contains("SomeMesh: per-face data of the wrong length for 2 faces: 2 normals, "
                             "1 areas, 2 centroids"));
}

TEST_CASE("A mesh is emptied only when the per-face data is rejected", "[mesh_validation]") {
  // Any default-constructible mesh type: its default value is the empty mesh.
  struct Mesh {
    int num_faces{0};
  };
  Mesh mesh{7};
  CHECK_NOTHROW(ValidateFaceDataSizesOrEmpty(&mesh, "M", 2, 2, 2, 2));
  CHECK(mesh.num_faces == 7);
  CHECK_THROWS_WITH(ValidateFaceDataSizesOrEmpty(&mesh, "SomeMesh", 2, 2, 2, 3),
                    Contains("SomeMesh: per-face data of the wrong length for 2 faces: 2 normals, "
                             "2 areas, 3 centroids"));
  CHECK(mesh.num_faces == 0);
}

}  // namespace
}  // namespace hydrocontact::internal
