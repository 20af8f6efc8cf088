#include "mesh/mesh_field_linear.h"

#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

#include "mesh/barycentric.h"
#include "tests/mesh/test_meshes.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Contains;

// The linear function f(p) = a·p + c that every test samples.
const Eigen::Vector3d kA(2.5, -1.25, 0.75);
constexpr double kC = -0.3;
double F(const Eigen::Vector3d& p) { return kA.dot(p) + kC; }

// A Kuhn cube rotated and sheared, so no gradient is axis-aligned.
VolumeMesh MakeIrregularVolume() {
  const VolumeMesh cube = test::MakeKuhnCube(2, 0.2);
  Eigen::Matrix3d M = Eigen::AngleAxisd(0.4, Eigen::Vector3d(1, 1, 0).normalized()).toRotationMatrix();
  M(0, 1) += 0.3;  // Shear; det stays positive, so orientation is kept.
  std::vector<Eigen::Vector3d> vertices;
  for (const auto& p : cube.vertices()) vertices.push_back(M * p + Eigen::Vector3d(1, 2, 3));
  return VolumeMesh(cube.tetrahedra(), vertices);
}

TEST_CASE("Linear field on a volume: gradient and values recovered exactly", "[mesh_field]") {
  const VolumeMesh mesh = MakeIrregularVolume();
  std::vector<double> values;
  for (const auto& p : mesh.vertices()) values.push_back(F(p));
  const VolumeMeshFieldLinear field(values, mesh);
  CHECK(field.values() == values);
  CHECK(field.EvaluateAtVertex(5) == values[5]);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  for (int e = 0; e < mesh.num_elements(); ++e) {
    CHECK((field.EvaluateGradient(e) - kA).norm() < 1e-12);
    // A random point of the element, by barycentric coordinates.
    Eigen::Vector4d b(u(rng), u(rng), u(rng), u(rng));
    b /= b.sum();
    const auto& t = mesh.element(e);
    Eigen::Vector3d p = Eigen::Vector3d::Zero();
    for (int i = 0; i < 4; ++i) p += b(i) * mesh.vertex(t[i]);
    CHECK(field.Evaluate(mesh, e, b) == Approx(F(p)).margin(1e-13));
    CHECK(field.EvaluateCartesian(e, p) == Approx(F(p)).margin(1e-13));
    // Barycentric coordinates computed independently agree too.
    const Eigen::Vector4d b2 = TetrahedronBarycentric(mesh.vertex(t[0]), mesh.vertex(t[1]),
                                                      mesh.vertex(t[2]), mesh.vertex(t[3]), p);
    CHECK(field.Evaluate(mesh, e, b2) == Approx(F(p)).margin(1e-13));
  }
  CHECK(field.gradients().size() == size_t(mesh.num_elements()));
}

TEST_CASE("Linear field on a surface: the gradient is the in-plane part of a", "[mesh_field]") {
  // On a face with unit normal n, f restricted to the face has gradient
  // a − (a·n)n.
  const TriangleSurfaceMesh sphere = test::MakeIcosphere(1, 0.7);
  std::vector<double> values;
  for (const auto& p : sphere.vertices()) values.push_back(F(p));
  const TriangleSurfaceMeshFieldLinear field(values, sphere);
  for (int f = 0; f < sphere.num_triangles(); ++f) {
    const Eigen::Vector3d n = sphere.face_normal(f);
    CHECK((field.EvaluateGradient(f) - (kA - kA.dot(n) * n)).norm() < 1e-12);
    const Eigen::Vector3d c = sphere.element_centroid(f);
    CHECK(field.EvaluateCartesian(f, c) == Approx(F(c)).margin(1e-13));
    CHECK(field.Evaluate(sphere, f, Eigen::Vector3d::Constant(1.0 / 3)) == Approx(F(c)).margin(1e-13));
  }
}

TEST_CASE("Linear field on polygons in a tilted plane", "[mesh_field]") {
  // A regular hexagon and a square in the plane with normal n.
  const Eigen::Matrix3d R = Eigen::AngleAxisd(1.1, Eigen::Vector3d(0.3, 1, -0.2).normalized()).toRotationMatrix();
  std::vector<Eigen::Vector3d> v;
  for (int k = 0; k < 6; ++k) v.push_back(R * Eigen::Vector3d(std::cos(k * M_PI / 3), std::sin(k * M_PI / 3), 0));
  for (const auto& q : {Eigen::Vector3d(3, 0, 0), Eigen::Vector3d(4, 0, 0), Eigen::Vector3d(4, 1, 0), Eigen::Vector3d(3, 1, 0)}) {
    v.push_back(R * q);
  }
  const PolygonSurfaceMesh mesh({6, 0, 1, 2, 3, 4, 5, 4, 6, 7, 8, 9}, v);
  std::vector<double> values;
  for (const auto& p : v) values.push_back(F(p));
  const PolygonSurfaceMeshFieldLinear field(values, mesh);
  const Eigen::Vector3d n = R * Eigen::Vector3d::UnitZ();
  for (int f = 0; f < 2; ++f) {
    CHECK((field.EvaluateGradient(f) - (kA - kA.dot(n) * n)).norm() < 1e-12);
    CHECK(field.EvaluateCartesian(f, mesh.element_centroid(f)) == Approx(F(mesh.element_centroid(f))).margin(1e-13));
  }
}

TEST_CASE("Linear field with given gradients, Equal", "[mesh_field]") {
  const VolumeMesh mesh = test::MakeKuhnCube(1);
  std::vector<double> values;
  for (const auto& p : mesh.vertices()) values.push_back(F(p));
  const VolumeMeshFieldLinear given(values, std::vector<Eigen::Vector3d>(6, kA), mesh);
  const VolumeMeshFieldLinear computed(values, mesh);
  for (int e = 0; e < 6; ++e) {
    CHECK(given.EvaluateGradient(e) == kA);
    const Eigen::Vector3d p(0.3, 0.5, 0.9);
    CHECK(given.EvaluateCartesian(e, p) == Approx(F(p)).margin(1e-14));
  }
  CHECK(given.Equal(given));
  // Computed gradients agree to round-off, not bit for bit, with kA.
  CHECK((computed.Equal(given) == (computed.gradients() == given.gradients())));
  std::vector<double> other = values;
  other[0] += 1;
  CHECK_FALSE(VolumeMeshFieldLinear(other, mesh).Equal(computed));
}

TEST_CASE("Linear field: bad input names the culprit", "[mesh_field][errors]") {
  const VolumeMesh mesh = test::MakeKuhnCube(1);  // 8 vertices, 6 tetrahedra.
  std::vector<double> values(8, 1.0);
  CHECK_THROWS_AS(VolumeMeshFieldLinear(std::vector<double>(7, 1.0), mesh), std::invalid_argument);
  CHECK_THROWS_WITH(VolumeMeshFieldLinear(std::vector<double>(7, 1.0), mesh), Contains("7 values given for 8 vertices"));
  values[3] = NAN;
  CHECK_THROWS_WITH(VolumeMeshFieldLinear(values, mesh), Contains("the value at vertex 3 is not finite"));
  values[3] = 1;
  CHECK_THROWS_WITH(VolumeMeshFieldLinear(values, std::vector<Eigen::Vector3d>(5, kA), mesh),
                    Contains("5 gradients given for 6 elements"));
  std::vector<Eigen::Vector3d> gradients(6, kA);
  gradients[4].y() = INFINITY;
  CHECK_THROWS_WITH(VolumeMeshFieldLinear(values, gradients, mesh), Contains("gradient of element 4 is not finite"));
}

}  // namespace
}  // namespace hydrocontact
