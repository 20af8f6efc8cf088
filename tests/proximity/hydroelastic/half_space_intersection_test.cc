#include "proximity/hydroelastic/half_space_intersection.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "proximity/hydroelastic/compliant_compliant_intersection.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "proximity/hydroelastic/rigid_compliant_intersection.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "tests/mesh/test_meshes.h"
#include "tests/proximity/hydroelastic/contact_test_meshes.h"
#include "tests/proximity/hydroelastic/split_test_support.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Eigen::Vector3d;
using test::IntegrateForce;

using test::kE;
using test::kBoth;
const GeometryId kIdFirst = GeometryId::get_new_id();
const GeometryId kIdSecond = GeometryId::get_new_id();

// Builds with the kernel's first geometry as M (its id is the smaller).
std::optional<ContactSurface> Build(const ContactPolygons& polygons, const RigidTransform& X_WF,
                                    bool second_compliant,
                                    HydroelasticContactRepresentation representation) {
  return BuildContactSurface(polygons, X_WF, kIdFirst, true, kIdSecond, second_compliant,
                             representation);
}

TEST_CASE("Compliant slab box on a rigid half-space", "[half_space]") {
  // A = [−2,2] × [−1.5,1.5] × [−1,1] with p = E (1 − |z|); the half-space's
  // top plane at z = −1 + d cuts A in a 4 × 3 rectangle of pressure E d.
  // Force on A (normal out of H into A, +z): E d · 12 ẑ.
  const double d = 0.3;
  const CompliantMesh A = test::MakeSlabBox(Vector3d(2, 1.5, 1), Eigen::Vector3i(4, 3, 2), 2, kE);
  const RigidTransform X_WA = RigidTransform::FromRollPitchYaw(Vector3d(1, 2, 3), Vector3d(4, 5, 6));
  const RigidTransform X_WH = X_WA * RigidTransform(Vector3d(0.5, 0.1, -1 + d));
  for (const auto representation : kBoth) {
    ContactPolygons polygons;
    IntersectCompliantRigidHalfSpace(A, X_WA.inverse() * X_WH, &polygons);
    const auto s = Build(polygons, X_WA, false, representation);
    REQUIRE(s.has_value());
    CHECK(s->total_area() == Approx(12).epsilon(1e-12));
    CHECK(IntegrateForce(*s).isApprox(X_WA.RotateVector(Vector3d(0, 0, kE * d * 12)), 1e-12));
    for (double p : test::Pressures(*s)) CHECK(p == Approx(kE * d).epsilon(1e-12));
    CHECK(s->HasGradE_M());
    CHECK_FALSE(s->HasGradE_N());
  }
}

TEST_CASE("A tilted rigid half-space agrees with a large rigid box sharing its plane",
          "[half_space]") {
  // Two independent kernels: slicing tetrahedra by the plane, and clipping
  // the top face of a big rigid box (its other faces lie outside A) by
  // tetrahedra. The surfaces must carry the same area and force.
  const CompliantMesh A = test::MakeSlabBox(Vector3d(2, 1.5, 1), Eigen::Vector3i(4, 3, 2), 2, kE);
  const RigidTransform X_AH =
      RigidTransform::FromRollPitchYaw(Vector3d(0.2, 0.1, 0.3), Vector3d(0.1, -0.2, -0.6));
  const RigidMesh big_box =
      test::MakeRigid(test::MakeBoxSurface(Vector3d(10, 10, 10), Vector3d(0, 0, -10)));
  for (const auto representation : kBoth) {
    ContactPolygons plane_polygons, box_polygons;
    IntersectCompliantRigidHalfSpace(A, X_AH, &plane_polygons);
    IntersectRigidCompliant(A, big_box, X_AH, false, &box_polygons);
    const auto by_plane = Build(plane_polygons, RigidTransform(), false, representation);
    const auto by_box = Build(box_polygons, RigidTransform(), false, representation);
    REQUIRE(by_plane.has_value());
    REQUIRE(by_box.has_value());
    CHECK(by_plane->total_area() == Approx(by_box->total_area()).epsilon(1e-12));
    CHECK(IntegrateForce(*by_plane).isApprox(IntegrateForce(*by_box), 1e-12));
    CHECK(by_plane->centroid().isApprox(by_box->centroid(), 1e-12));
  }
}

TEST_CASE("A rigid cube pressed into a compliant half-space with a margin", "[half_space]") {
  // H: slab z ≤ δ with p = E (δ − z)/t. A cube of half size 0.3 with its
  // bottom at z = −d: submerged depth D = d + δ. Surface: the bottom face
  // (0.36, pressure E D/t) and the side walls (4 · 0.6 · D, forces
  // cancelling). Force on H (normal out of the cube, bottom −z):
  // −E D/t · 0.36 ẑ.
  CompliantHalfSpace H;
  H.hydroelastic_modulus = kE;
  H.slab_thickness = 0.5;
  H.margin = 0.05;
  const double d = 0.1, D = d + H.margin;
  const RigidMesh cube = test::MakeRigid(test::MakeBoxSurface(Vector3d(0.3, 0.3, 0.3)));
  const RigidTransform X_WH = RigidTransform::FromAxisAngle(Vector3d(1, -1, 2), 0.4, Vector3d(1, 2, 3));
  const RigidTransform X_HR(Vector3d(0.2, 0.1, 0.3 - d));
  for (const auto representation : kBoth) {
    ContactPolygons polygons;
    IntersectRigidCompliantHalfSpace(H, cube, X_HR, true, &polygons);
    const auto s = Build(polygons, X_WH, false, representation);
    REQUIRE(s.has_value());
    CHECK(s->total_area() == Approx(0.36 + 2.4 * D).epsilon(1e-12));
    CHECK(IntegrateForce(*s).isApprox(X_WH.RotateVector(Vector3d(0, 0, -kE * D / 0.5 * 0.36)),
                                      1e-12));
    for (int f = 0; f < s->num_faces(); ++f) {
      CHECK(s->EvaluateGradE_M_W(f).isApprox(X_WH.RotateVector(Vector3d(0, 0, -kE / 0.5))));
    }
  }
}

TEST_CASE("A rigid cube buried in a compliant half-space", "[half_space]") {
  // Cube of half size 0.3 centred at z = −1 (wholly inside the slab). Filter
  // on: the top face (outward +z, at 180° to ∇p = −(E/t) ẑ) goes: area
  // 5 · 0.36, force −ẑ · 0.36 · p(bottom), p(bottom) = E (δ + 1.3)/t. Filter
  // off: the closed surface; ∮ p n̂ dA = ∫ ∇p dV = −(E/t) 0.216 ẑ.
  CompliantHalfSpace H;
  H.hydroelastic_modulus = kE;
  H.slab_thickness = 2;
  H.margin = 0.05;
  const RigidMesh cube = test::MakeRigid(test::MakeBoxSurface(Vector3d(0.3, 0.3, 0.3)));
  const RigidTransform X_HR(Vector3d(0, 0, -1));
  for (const auto representation : kBoth) {
    ContactPolygons kept, all;
    IntersectRigidCompliantHalfSpace(H, cube, X_HR, true, &kept);
    IntersectRigidCompliantHalfSpace(H, cube, X_HR, false, &all);
    const auto s_kept = Build(kept, RigidTransform(), false, representation);
    const auto s_all = Build(all, RigidTransform(), false, representation);
    REQUIRE(s_kept.has_value());
    REQUIRE(s_all.has_value());
    CHECK(s_kept->total_area() == Approx(5 * 0.36));
    CHECK(IntegrateForce(*s_kept).isApprox(Vector3d(0, 0, -0.36 * kE * 1.35 / 2), 1e-12));
    CHECK(s_all->total_area() == Approx(6 * 0.36));
    CHECK(IntegrateForce(*s_all).isApprox(Vector3d(0, 0, -kE / 2 * 0.216), 1e-12));
  }
}

TEST_CASE("Compliant slab box on a compliant half-space", "[half_space]") {
  // A as above (p_A = E_A (1 − |z|)); H with modulus E_H, slab t, margin δ,
  // posed so its inflated top z_H = δ is at A's z = −1 + d. With u the depth
  // into A: E_A u = E_H (d − u)/t, u = (E_H/t) d / (E_A + E_H/t), p = E_A u,
  // over A's whole 4 × 3 footprint. Force on A: p · 12 ẑ.
  const double E_A = kE, d = 0.2;
  CompliantHalfSpace H;
  H.hydroelastic_modulus = 3 * kE;
  H.slab_thickness = 0.5;
  H.margin = 0.02;
  const double u = (H.hydroelastic_modulus / 0.5) * d / (E_A + H.hydroelastic_modulus / 0.5);
  const double p = E_A * u;
  const CompliantMesh A = test::MakeSlabBox(Vector3d(2, 1.5, 1), Eigen::Vector3i(4, 3, 2), 2, E_A);
  const RigidTransform X_WA = RigidTransform::FromRollPitchYaw(Vector3d(-1, 0.5, 0.3), Vector3d(0, 1, 2));
  const RigidTransform X_AH(Vector3d(0.3, 0.4, -1 + d - H.margin));
  for (const auto representation : kBoth) {
    ContactPolygons polygons;
    IntersectCompliantCompliantHalfSpace(A, H, X_AH, true, &polygons);
    const auto s = Build(polygons, X_WA, true, representation);
    REQUIRE(s.has_value());
    CHECK(s->total_area() == Approx(12).epsilon(1e-12));
    CHECK(IntegrateForce(*s).isApprox(X_WA.RotateVector(Vector3d(0, 0, p * 12)), 1e-12));
    for (double value : test::Pressures(*s)) CHECK(value == Approx(p).epsilon(1e-12));
    for (int f = 0; f < s->num_faces(); ++f) {
      CHECK(s->EvaluateGradE_N_W(f).isApprox(X_WA.RotateVector(Vector3d(0, 0, -H.hydroelastic_modulus / 0.5))));
    }
  }
}

TEST_CASE("A tilted compliant half-space agrees with a compliant box of the same field",
          "[half_space]") {
  // The half-space's slab replaced by a big compliant box in H's frame
  // covering z_H ∈ [−t, δ] with p = E_H (δ − z_H)/t: the compliant–compliant
  // kernel must give the same surface as the half-space kernel.
  CompliantHalfSpace H;
  H.hydroelastic_modulus = 2 * kE;
  H.slab_thickness = 1.0;
  H.margin = 0.1;
  const CompliantMesh A = test::MakeSlabBox(Vector3d(2, 1.5, 1), Eigen::Vector3i(4, 3, 2), 2, kE);
  const double t = H.slab_thickness, delta = H.margin;
  const CompliantMesh slab = test::MakeCompliant(
      test::MakeGridBoxMesh(Vector3d(8, 8, (t + delta) / 2), Eigen::Vector3i(4, 4, 1),
                            Vector3d(0, 0, (delta - t) / 2)),
      [&](const Vector3d& q) { return H.Pressure(q.z()); }, H.hydroelastic_modulus);
  const RigidTransform X_AH =
      RigidTransform::FromRollPitchYaw(Vector3d(0.15, -0.1, 0.7), Vector3d(0.2, 0.1, -1.0));
  for (const auto representation : kBoth) {
    ContactPolygons by_half_space, by_box;
    IntersectCompliantCompliantHalfSpace(A, H, X_AH, true, &by_half_space);
    IntersectCompliantCompliant(A, slab, X_AH, true, &by_box);
    const auto s1 = Build(by_half_space, RigidTransform(), true, representation);
    const auto s2 = Build(by_box, RigidTransform(), true, representation);
    REQUIRE(s1.has_value());
    REQUIRE(s2.has_value());
    CHECK(s1->total_area() == Approx(s2->total_area()).epsilon(1e-10));
    CHECK(IntegrateForce(*s1).isApprox(IntegrateForce(*s2), 1e-10));
  }
}

TEST_CASE("No contact with half-spaces when apart", "[half_space]") {
  const CompliantMesh A = test::MakeSlabBox(Vector3d(2, 1.5, 1), Eigen::Vector3i(4, 3, 2), 2, kE);
  const RigidMesh cube = test::MakeRigid(test::MakeBoxSurface(Vector3d(0.3, 0.3, 0.3)));
  CompliantHalfSpace H;
  H.hydroelastic_modulus = kE;
  H.margin = 0.01;
  ContactPolygons polygons;
  // The half-space's top plane 0.5 below A.
  IntersectCompliantRigidHalfSpace(A, RigidTransform(Vector3d(0, 0, -1.5)), &polygons);
  CHECK(polygons.num_polygons() == 0);
  IntersectCompliantCompliantHalfSpace(A, H, RigidTransform(Vector3d(0, 0, -1.5)), true, &polygons);
  CHECK(polygons.num_polygons() == 0);
  // The cube 0.02 above the inflated top (margin 0.01).
  IntersectRigidCompliantHalfSpace(H, cube, RigidTransform(Vector3d(0, 0, 0.33)), true, &polygons);
  CHECK(polygons.num_polygons() == 0);
  // A half-space above A, facing away: A lies wholly inside it (no plane crossing).
  IntersectCompliantRigidHalfSpace(A, RigidTransform(Vector3d(0, 0, 5)), &polygons);
  CHECK(polygons.num_polygons() == 0);
}

// Reference kernels for the compliant mesh against a half-space, written the
// general way: every tetrahedron of the mesh in the hierarchy's leaf order
// (the nodes are stored depth-first, left child first, which is the order
// the kernels visit them in), its vertices as (position, pressure) 4-vectors,
// SliceTetrahedron sorting the signs and orienting the cut by its area
// vector, the compliant slab applied by ClipByHalfSpace, and exact repeats
// removed by RemoveDuplicateVertices. No bounding box is consulted.
std::vector<int> LeafOrder(const Bvh& bvh) {
  std::vector<int> order;
  for (const Bvh::Node& node : bvh.nodes()) {
    if (node.is_leaf()) order.push_back(node.element);
  }
  return order;
}

std::array<Eigen::Vector4d, 4> TetVertices(const CompliantMesh& C, int tet) {
  std::array<Eigen::Vector4d, 4> v;
  for (int i = 0; i < 4; ++i) {
    const int k = C.mesh.element(tet)[i];
    v[i] << C.mesh.vertex(k), C.pressure.EvaluateAtVertex(k);
  }
  return v;
}

void ReferenceCompliantRigidHalfSpace(const CompliantMesh& C, const RigidTransform& X_CH,
                                      ContactPolygons* polygons) {
  const Vector3d nhat = X_CH.rotation().col(2);
  const double offset = nhat.dot(X_CH.translation());
  for (int tet : LeafOrder(C.bvh)) {
    const std::array<Eigen::Vector4d, 4> v = TetVertices(C, tet);
    std::array<double, 4> h;
    for (int i = 0; i < 4; ++i) h[i] = nhat.dot(v[i].head<3>()) - offset;
    ClipPolygon polygon;
    SliceTetrahedron(v, h, nhat, &polygon);
    RemoveDuplicateVertices(&polygon);
    if (polygon.size < 3) continue;
    polygons->Add(polygon, nhat, C.pressure.EvaluateGradient(tet), Vector3d::Zero());
  }
}

void ReferenceCompliantCompliantHalfSpace(const CompliantMesh& C, const CompliantHalfSpace& H,
                                          const RigidTransform& X_CH, bool normal_filter,
                                          ContactPolygons* polygons) {
  const Vector3d Hz = X_CH.rotation().col(2);
  const double z_offset = Hz.dot(X_CH.translation());
  const double slope = H.hydroelastic_modulus / H.slab_thickness;
  const Vector3d grad_p_H = -slope * Hz;
  const ClipHalfSpace slab{Hz, H.margin + z_offset};
  for (int tet : LeafOrder(C.bvh)) {
    const Vector3d& grad_p_C = C.pressure.EvaluateGradient(tet);
    const Vector3d grad_h = grad_p_C - grad_p_H;
    const double grad_h_sq = grad_h.squaredNorm();
    if (!(grad_h_sq > kEqualGradientsRatio * kEqualGradientsRatio *
                          (grad_p_C.squaredNorm() + slope * slope))) {
      continue;
    }
    if (normal_filter && (!IsAlongPressureGradientUnnormalized(grad_h, grad_h_sq, grad_p_C) ||
                          !IsAlongPressureGradientUnnormalized(-grad_h, grad_h_sq, grad_p_H))) {
      continue;
    }
    const Vector3d nhat = grad_h / std::sqrt(grad_h_sq);
    const std::array<Eigen::Vector4d, 4> v = TetVertices(C, tet);
    std::array<double, 4> h;
    for (int i = 0; i < 4; ++i) h[i] = v[i][3] - H.Pressure(Hz.dot(v[i].head<3>()) - z_offset);
    ClipPolygon sliced, clipped;
    SliceTetrahedron(v, h, nhat, &sliced);
    if (sliced.size < 3) continue;
    // Clipped by the slab's top only where it rises above it by more than
    // round-off (1e-12 of the mesh's box diagonal): p_C ≥ 0 keeps the exact
    // cut below it.
    const double tolerance = 1e-12 * 2 * C.bvh.bounding_box().half_size().norm();
    bool above = false;
    for (int i = 0; i < sliced.size; ++i) above = above || slab.Evaluate(sliced[i]) > tolerance;
    if (!above) {
      clipped = sliced;
      // ClipByHalfSpace leaves a polygon wholly inside starting from its
      // last vertex; the kernel's order is that one.
      for (int i = 0; i < sliced.size; ++i) clipped[i] = sliced[(i + sliced.size - 1) % sliced.size];
    } else if (!ClipByHalfSpace(sliced, slab, &clipped)) {
      continue;
    }
    RemoveDuplicateVertices(&clipped);
    if (clipped.size < 3) continue;
    // On the cut p_C = p_H; a much flatter p_H gives the vertex pressures.
    if (kFlatterFieldRatio * kFlatterFieldRatio * slope * slope < grad_p_C.squaredNorm()) {
      for (int i = 0; i < clipped.size; ++i) {
        clipped[i][3] = H.Pressure(Hz.dot(clipped[i].head<3>()) - z_offset);
      }
    }
    polygons->Add(clipped, nhat, grad_p_C, grad_p_H);
  }
}

// The two sets of polygons are identical, bit for bit.
void CheckIdentical(const ContactPolygons& actual, const ContactPolygons& expected) {
  REQUIRE(actual.num_polygons() == expected.num_polygons());
  REQUIRE(actual.ends == expected.ends);
  int mismatches = 0;
  for (size_t k = 0; k < actual.vertices.size(); ++k) {
    mismatches += !(actual.vertices[k].array() == expected.vertices[k].array()).all();
  }
  for (int k = 0; k < actual.num_polygons(); ++k) {
    mismatches += actual.normals[k] != expected.normals[k];
    mismatches += actual.grad_first[k] != expected.grad_first[k];
    mismatches += actual.grad_second[k] != expected.grad_second[k];
  }
  CHECK(mismatches == 0);
}

TEST_CASE("The half-space kernels give the general slicing's polygons bit for bit",
          "[half_space]") {
  // A third-party gmsh sphere (r 0.05) and a grid box whose vertices lie on
  // the planes x, y, z ∈ {−1, −1/2, 0, 1/2, 1}·half, cut at random poses and
  // at poses whose plane passes exactly through mesh vertices (exact zeros
  // of h, where cuts coincide with vertices and repeat), and in the box's
  // case along its faces.
  const std::string data = std::string(HYDROCONTACT_SOURCE_DIR) + "/data/";
  const CompliantMesh sphere = std::get<CompliantMesh>(MakeHydroelasticRepresentation(
      Mesh(data + "gmsh-sphere-r0.05.vtk"), ProximityProperties::Compliant(1e6)));
  const CompliantMesh box =
      test::MakeSlabBox(Vector3d(0.4, 0.2, 0.2), Eigen::Vector3i(4, 2, 2), 2, 1e6);
  std::mt19937 random(11);
  std::uniform_real_distribution<double> unit(-1, 1);
  struct Subject {
    const char* name;
    const CompliantMesh* mesh;
    double size;
  };
  const std::array<Subject, 2> subjects{{{"gmsh sphere", &sphere, 0.05}, {"grid box", &box, 0.2}}};
  // Polygons compared, and those with a vertex exactly at a mesh vertex.
  int rigid_polygons = 0, soft_polygons = 0, at_vertices = 0;
  auto count_at_vertices = [&](const CompliantMesh& C, const ContactPolygons& polygons) {
    for (const Eigen::Vector4d& q : polygons.vertices) {
      for (const Vector3d& v : C.mesh.vertices()) {
        if (q.head<3>() == v) {
          ++at_vertices;
          break;
        }
      }
    }
  };
  for (const Subject& subject : subjects) {
    std::vector<RigidTransform> poses;
    for (int k = 0; k < 30; ++k) {
      poses.push_back(RigidTransform::FromAxisAngle(
          Vector3d(unit(random), unit(random), unit(random)), 3 * unit(random),
          subject.size * Vector3d(unit(random), unit(random), unit(random))));
    }
    // Axis-aligned planes exactly through vertices: H's z axis along ±x,
    // ±y or ±z of C (exact rotation matrices), through mesh vertices.
    const Eigen::Matrix3d flips[] = {
        Eigen::Matrix3d::Identity(), Eigen::Vector3d(1, -1, -1).asDiagonal(),
        (Eigen::Matrix3d() << 0, 0, 1, 1, 0, 0, 0, 1, 0).finished(),
        (Eigen::Matrix3d() << 0, 1, 0, 0, 0, 1, 1, 0, 0).finished()};
    for (const Eigen::Matrix3d& R : flips) {
      for (int v : {0, 7, 20, 33}) {
        poses.emplace_back(R, subject.mesh->mesh.vertex(v % subject.mesh->mesh.num_vertices()));
      }
    }
    for (size_t k = 0; k < poses.size(); ++k) {
      INFO(subject.name << ", pose " << k);
      ContactPolygons actual, expected;
      IntersectCompliantRigidHalfSpace(*subject.mesh, poses[k], &actual);
      ReferenceCompliantRigidHalfSpace(*subject.mesh, poses[k], &expected);
      CheckIdentical(actual, expected);
      rigid_polygons += actual.num_polygons();
      count_at_vertices(*subject.mesh, actual);
      for (const bool filter : {true, false}) {
        CompliantHalfSpace H;
        H.hydroelastic_modulus = 2e6;
        H.slab_thickness = subject.size * (1 + k % 3);
        H.margin = subject.size * 0.05 * (k % 2);
        ContactPolygons actual_soft, expected_soft;
        IntersectCompliantCompliantHalfSpace(*subject.mesh, H, poses[k], filter, &actual_soft);
        ReferenceCompliantCompliantHalfSpace(*subject.mesh, H, poses[k], filter, &expected_soft);
        CheckIdentical(actual_soft, expected_soft);
        soft_polygons += actual_soft.num_polygons();
        count_at_vertices(*subject.mesh, actual_soft);
      }
    }
  }
  // The comparison was not vacuous: thousands of polygons, hundreds of
  // vertices exactly at mesh vertices (the repeated-cut cases).
  CHECK(rigid_polygons > 3000);
  CHECK(soft_polygons > 5000);
  CHECK(at_vertices > 100);
}

TEST_CASE("The half-space kernels refuse invalid representations and a null output, naming both",
          "[half_space]") {
  // A field of another mesh (its arrays are indexed by this mesh's vertices
  // and tetrahedra), a slab of zero thickness (pressures ∞) and a rigid mesh
  // without its BVH: each refused before anything is read.
  const CompliantMesh sphere = test::MakeConeSphere(1, 1, kE);
  const CompliantMesh other_field = test::MakeConeSphereWithAnotherField(1, 1, kE);
  const CompliantHalfSpace slab{kE, 1.0, 0.0};
  CompliantHalfSpace no_slab = slab;
  no_slab.slab_thickness = 0;
  const RigidMesh box = test::MakeRigid(test::MakeBoxSurface(Vector3d(1, 1, 1)));
  RigidMesh no_bvh = box;
  no_bvh.bvh = Bvh();
  const RigidTransform X(Vector3d(0, 0, 0.5));
  ContactPolygons polygons;
  using Catch::Contains;
  CHECK_THROWS_WITH(IntersectCompliantRigidHalfSpace(other_field, X, &polygons),
                    Contains("IntersectCompliantRigidHalfSpace: the compliant mesh is invalid") &&
                        Contains("pressure field"));
  CHECK_THROWS_WITH(IntersectCompliantRigidHalfSpace(sphere, X, nullptr),
                    Contains("IntersectCompliantRigidHalfSpace: null output"));
  CHECK_THROWS_WITH(IntersectRigidCompliantHalfSpace(no_slab, box, X, true, &polygons),
                    Contains("IntersectRigidCompliantHalfSpace: the compliant half-space is "
                             "invalid: slab_thickness"));
  CHECK_THROWS_WITH(IntersectRigidCompliantHalfSpace(slab, no_bvh, X, true, &polygons),
                    Contains("the rigid mesh is invalid: its BVH has 0 nodes"));
  CHECK_THROWS_WITH(IntersectRigidCompliantHalfSpace(slab, box, X, true, nullptr),
                    Contains("IntersectRigidCompliantHalfSpace: null output"));
  CHECK_THROWS_WITH(IntersectCompliantCompliantHalfSpace(other_field, slab, X, true, &polygons),
                    Contains("IntersectCompliantCompliantHalfSpace: the compliant mesh"));
  CHECK_THROWS_WITH(IntersectCompliantCompliantHalfSpace(sphere, no_slab, X, true, &polygons),
                    Contains("the compliant half-space is invalid"));
  CHECK_THROWS_WITH(IntersectCompliantCompliantHalfSpace(sphere, slab, X, true, nullptr),
                    Contains("null output"));
  CHECK(polygons.num_polygons() == 0);  // nothing was appended on the way
  // The valid inputs intersect: the unit sphere's centre lies 0.5 inside.
  IntersectCompliantRigidHalfSpace(sphere, X, &polygons);
  CHECK(polygons.num_polygons() > 0);
}

}  // namespace
}  // namespace hydrocontact

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using test::ReverseExecutor;
using test::SamePolygons;
using test::ThreadsExecutor;

TEST_CASE("Half-space pairs split across threads give the unsplit polygons, byte for byte, in order",
          "[half_space]") {
  // Meshes large enough for every kernel's walk to meet thousands of
  // elements, so that it cuts them into pieces: a compliant slab box of
  // 32 × 32 × 4 cells (the tilted plane through its middle crosses
  // thousands of its tetrahedra), and a rigid sphere of 20,480 triangles
  // sunk halfway into a compliant half-space. Whatever order and threads
  // run the pieces, the polygons (vertex coordinates, pressures, normals,
  // gradients) and their order must be exactly those of one loop.
  const CompliantMesh slab =
      test::MakeSlabBox(Vector3d(1, 1, 0.25), Eigen::Vector3i(32, 32, 4), /*axis=*/2, kE);
  const RigidMesh sphere = test::MakeRigid(test::MakeIcosphere(5, 0.6));
  REQUIRE(sphere.mesh.num_triangles() == 20480);
  const RigidTransform X_CH = RigidTransform::FromRollPitchYaw({0.05, -0.04, 0.3}, Vector3d(0.1, -0.05, 0.02));
  const RigidTransform X_HR = RigidTransform::FromRollPitchYaw({0.1, 0.2, 0.3}, Vector3d(0.1, -0.05, 0.05));
  const CompliantHalfSpace half_space{kE, /*slab_thickness=*/0.3, /*margin=*/0.01};

  // Each kernel, run without an executor and with one of each kind.
  struct Kernel {
    const char* name;
    std::function<void(const ParallelExecutor*, ContactPolygons*)> run;
  };
  const std::vector<Kernel> kernels{
      {"compliant mesh, rigid half-space",
       [&](const ParallelExecutor* executor, ContactPolygons* out) {
         IntersectCompliantRigidHalfSpace(slab, X_CH, out, executor);
       }},
      {"rigid mesh, compliant half-space (filtered)",
       [&](const ParallelExecutor* executor, ContactPolygons* out) {
         IntersectRigidCompliantHalfSpace(half_space, sphere, X_HR, true, out, executor);
       }},
      {"rigid mesh, compliant half-space (unfiltered)",
       [&](const ParallelExecutor* executor, ContactPolygons* out) {
         IntersectRigidCompliantHalfSpace(half_space, sphere, X_HR, false, out, executor);
       }},
      {"compliant mesh, compliant half-space",
       [&](const ParallelExecutor* executor, ContactPolygons* out) {
         IntersectCompliantCompliantHalfSpace(slab, half_space, X_CH, true, out, executor);
       }},
  };
  for (const Kernel& kernel : kernels) {
    INFO(kernel.name);
    ContactPolygons unsplit, reversed, two, three;
    kernel.run(nullptr, &unsplit);
    ReverseExecutor reverse;
    kernel.run(&reverse, &reversed);
    const ThreadsExecutor two_threads(2), three_threads(3);
    kernel.run(&two_threads, &two);
    kernel.run(&three_threads, &three);
    CHECK(reverse.runs == 2);  // The pair really was split: the pieces, then their merge.
    CHECK(unsplit.num_polygons() > 1000);
    CHECK(SamePolygons(unsplit, reversed));
    CHECK(SamePolygons(unsplit, two));
    CHECK(SamePolygons(unsplit, three));
    // Appending: what a split call finds goes after what was there.
    ContactPolygons appended = unsplit;
    kernel.run(&two_threads, &appended);
    REQUIRE(appended.num_polygons() == 2 * unsplit.num_polygons());
    CHECK(std::equal(unsplit.normals.begin(), unsplit.normals.end(),
                     appended.normals.begin() + unsplit.num_polygons()));
  }

  // Small pairs are not split: the executor is not used.
  const CompliantMesh small_slab =
      test::MakeSlabBox(Vector3d(1, 1, 0.25), Eigen::Vector3i(4, 4, 2), /*axis=*/2, kE);
  const RigidMesh box = test::MakeRigid(test::MakeBoxSurface(Vector3d(0.3, 0.3, 0.3)));
  ReverseExecutor reverse;
  ContactPolygons polygons;
  IntersectCompliantRigidHalfSpace(small_slab, X_CH, &polygons, &reverse);
  const int after_rigid = polygons.num_polygons();
  IntersectRigidCompliantHalfSpace(half_space, box, X_HR, true, &polygons, &reverse);
  const int after_box = polygons.num_polygons();
  IntersectCompliantCompliantHalfSpace(small_slab, half_space, X_CH, true, &polygons, &reverse);
  CHECK(reverse.runs == 0);
  CHECK(after_rigid > 0);
  CHECK(after_box > after_rigid);
  CHECK(polygons.num_polygons() > after_box);
}

}  // namespace
}  // namespace hydrocontact
