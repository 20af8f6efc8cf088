#include "proximity/distance/distance_geometry.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "mesh/mesh_file.h"
#include "proximity/distance/contact_kinematics.h"
#include "proximity/distance/contact_patch.h"
#include "proximity/distance/ray_intersection.h"
#include "proximity/distance/shape_pair_distance.h"
#include "proximity/distance/shape_queries.h"
#include "proximity/representation/make_mesh_common.h"
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
  // A torus's distance tessellation has segments of r/8: from r = 8e-9 m
  // they are supported lengths (≥ 1e-9 m); below, the refusal says so
  // rather than blame a resolution hint nobody gave.
  CHECK(MakeDistanceGeometry(Torus(1e-7, 8e-9)).mesh != nullptr);
  CHECK_THROWS_WITH(MakeDistanceGeometry(Torus(1e-7, 7e-9)),
                    Catch::Contains("minor radius of 7e-09 m is below 8e-09 m"));
  // Its slices around the axis are r/8 long: 2π(R + r)/(r/8) ≈ 50·R/r of
  // them, 96 triangles each, so R/r = 1e4 makes about 4.8e7 triangles, over
  // the default limit of 2e6, and the refusal names the proportions (the
  // tessellation's hint is not the user's to change).
  CHECK_THROWS_MATCHES(MakeDistanceGeometry(Torus(1, 1e-4)), MeshSizeLimitError,
                       Catch::Matchers::Message(
                           "Torus: a major radius of 1 m, 1e+04 times the minor radius 0.0001 m, "
                           "is too slender for its distance tessellation (48 segments around the "
                           "tube and slices r/8 long around the axis) to stay within the element "
                           "limit 2e+06"));
  // R/r = 100: about 5e3 slices, 4.8e5 triangles, within it.
  CHECK(MakeDistanceGeometry(Torus(1, 1e-2)).mesh->mesh.num_triangles() ==
        96 * static_cast<int>(std::ceil(2 * M_PI * 1.01 / (1e-2 / 8) - 1e-9)));
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

TEST_CASE("DistanceGeometry of a Mesh from contents the caller has read", "[distance_geometry]") {
  // The file is read here and handed over with a Mesh whose path does not
  // exist: the distance data is the real file's, so the file was not read
  // again.
  for (const char* name : {"sphere_r0.05m.obj", "box_0.1m.vtk"}) {
    const MeshFileData contents = ReadMeshFile(test::DataPath(name), 2.0);
    const Mesh absent(std::string("/nonexistent/") + name, 2.0);
    CHECK_THROWS_AS(MakeDistanceGeometry(absent), std::runtime_error);
    const DistanceGeometry from_contents = MakeDistanceGeometry(absent, &contents);
    const DistanceGeometry from_file = MakeDistanceGeometry(Mesh(test::DataPath(name), 2.0));
    REQUIRE(from_contents.mesh != nullptr);
    CHECK(from_contents.mesh->mesh.Equal(from_file.mesh->mesh));
    CHECK(from_contents.bounding_radius == from_file.bounding_radius);
  }
}

TEST_CASE("DistanceGeometry of a HeightField too steep to tessellate names the field",
          "[distance_geometry]") {
  // A spike of 1e5 m on a grid 1 mm apart: its tessellation folds. The
  // refusal names the field and what to do, not only the mesh's vertex.
  std::vector<double> heights(9, 0.0);
  heights[4] = 1e5;
  CHECK_THROWS_WITH(MakeDistanceGeometry(HeightField(3, 3, 1e-3, 1e-3, heights, 1e-3)),
                    Catch::Contains("HeightField (3 x 3 samples, dx 0.001 m, dy 0.001 m, heights 0 to "
                                    "100000 m): its surface cannot be tessellated") &&
                        Catch::Contains("limit its slopes"));
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

// The message of the std::invalid_argument `call` throws, or a note that it
// threw none.
template <class Call>
std::string InvalidArgumentMessage(const Call& call) {
  try {
    call();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no std::invalid_argument)";
}

// A geometry of `shape` with nothing else set, as a caller might write it.
DistanceGeometry HandBuilt(const Shape& shape) {
  DistanceGeometry g;
  g.shape = shape;
  return g;
}

TEST_CASE("A DistanceGeometry assembled by hand is refused by every query, naming it",
          "[distance_geometry]") {
  // What MakeDistanceGeometry guarantees, broken one way at a time; each
  // would have been dereferenced (null mesh data or hull) or used as a
  // length scale (radius 0).
  const DistanceGeometry sphere = MakeDistanceGeometry(Sphere(0.5));
  const DistanceGeometry box_convex =
      MakeDistanceGeometry(Convex(test::WriteBoxObj("dg_hand_box.obj", Vector3d(1, 1, 1))));
  struct Case {
    DistanceGeometry geometry;
    std::string why;
  };
  std::vector<Case> cases;
  cases.push_back({HandBuilt(Mesh(test::DataPath("sphere_r0.05m.obj"))),
                   "of the Mesh has no mesh distance data"});
  cases.push_back({box_convex, "of the Convex has no hull"});
  cases.back().geometry.hull = nullptr;
  cases.push_back({HandBuilt(Sphere(0.5)), "has the bounding radius 0"});
  cases.push_back({sphere, "has the mesh error nan"});
  cases.back().geometry.mesh_error = std::nan("");

  SignedDistancePair pair;
  pair.id_A = GeometryId::get_new_id();
  pair.id_B = GeometryId::get_new_id();
  pair.nhat_BA_W = Vector3d::UnitZ();
  const RigidTransform X_WB(Vector3d(0, 0, 3));
  BodyMotion motion_A, motion_B;
  motion_B.X_WG = X_WB;
  for (const Case& c : cases) {
    INFO(c.why);
    const DistanceGeometry& g = c.geometry;
    auto check_refused = [&](const std::string& caller, const std::string& message) {
      INFO(message);
      CHECK(message.find(caller) != std::string::npos);
      CHECK(message.find(c.why) != std::string::npos);
      CHECK(message.find("MakeDistanceGeometry") != std::string::npos);
    };
    check_refused("CalcPointDistance",
                  InvalidArgumentMessage([&] { CalcPointDistance(g, Vector3d::Zero()); }));
    check_refused("CalcPointDistance",
                  InvalidArgumentMessage([&] { FindNearestPoint(g, Vector3d::Zero()); }));
    check_refused("CalcSupportPoint",
                  InvalidArgumentMessage([&] { CalcSupportPoint(g, Vector3d::UnitX()); }));
    check_refused("CalcBoundingSphere", InvalidArgumentMessage([&] { CalcBoundingSphere(g); }));
    check_refused("IntersectRay", InvalidArgumentMessage([&] {
                    IntersectRay(g, Vector3d(0, 0, 5), -Vector3d::UnitZ());
                  }));
    check_refused("ComputeSignedDistancePair (geometry A)", InvalidArgumentMessage([&] {
                    ComputeSignedDistancePair(pair.id_A, g, RigidTransform(), pair.id_B, sphere,
                                              X_WB);
                  }));
    check_refused("ComputeSignedDistancePair (geometry B)", InvalidArgumentMessage([&] {
                    ComputeSignedDistancePair(pair.id_A, sphere, RigidTransform(), pair.id_B, g,
                                              X_WB);
                  }));
    // Ids in the other order: the pair is reordered by id, but the message
    // still names the caller's A.
    check_refused("ComputeSignedDistancePair (geometry A)", InvalidArgumentMessage([&] {
                    ComputeSignedDistancePair(pair.id_B, g, RigidTransform(), pair.id_A, sphere,
                                              X_WB);
                  }));
    // ComputePenetration is built on the pair, but names itself.
    check_refused("ComputePenetration (geometry A)", InvalidArgumentMessage([&] {
                    ComputePenetration(pair.id_B, g, RigidTransform(), pair.id_A, sphere, X_WB);
                  }));
    check_refused("ComputePenetration (geometry B)", InvalidArgumentMessage([&] {
                    ComputePenetration(pair.id_A, sphere, RigidTransform(), pair.id_B, g, X_WB);
                  }));
    check_refused("ComputeContactPatch (geometry B)", InvalidArgumentMessage([&] {
                    ComputeContactPatch(pair, sphere, RigidTransform(), g, X_WB);
                  }));
    check_refused("CalcContactKinematics (geometry A)", InvalidArgumentMessage([&] {
                    CalcContactKinematics(pair, g, motion_A, sphere, motion_B);
                  }));
  }
  // The geometries MakeDistanceGeometry builds pass: the sphere's centre
  // is r = 0.5 deep, and the convex cube's support along +x is on x = 1.
  CHECK(CalcPointDistance(sphere, Vector3d::Zero()).distance == Approx(-0.5));
  CHECK(CalcSupportPoint(box_convex, Vector3d::UnitX()).x() == Approx(1.0));
}

}  // namespace
}  // namespace hydrocontact
