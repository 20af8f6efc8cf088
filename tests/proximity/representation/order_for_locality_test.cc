#include "proximity/representation/order_for_locality.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>

#include <catch2/catch.hpp>

#include "proximity/hydroelastic/compute_contact_surface.h"
#include "proximity/representation/make_hydroelastic_representation.h"
#include "proximity/representation/make_mesh_shape.h"
#include "proximity/representation/make_sphere_mesh.h"
#include "tests/mesh/test_files.h"

namespace hydrocontact {
namespace HYDROCONTACT_TEST_FILE {

using Catch::Matchers::Contains;
using Eigen::Vector3d;


// A random permutation of 0, …, n − 1.
std::vector<int> Shuffled(int n, std::mt19937& random) {
  std::vector<int> p(n);
  std::iota(p.begin(), p.end(), 0);
  std::shuffle(p.begin(), p.end(), random);
  return p;
}

// The elements and vertices of `mesh` numbered at random (each element
// keeps its local vertex order, so it keeps its orientation): the input the
// renumbering exists for, a mesh whose numbering is unrelated to space.
// `old_of_new_vertex[i]` is the old number of new vertex i.
template <class Mesh>
struct Scrambled {
  std::vector<typename Mesh::Element> elements;
  std::vector<Vector3d> vertices;
  std::vector<int> old_of_new_vertex;
};

template <class Mesh>
Scrambled<Mesh> Scramble(const Mesh& mesh, std::mt19937& random) {
  Scrambled<Mesh> result;
  result.old_of_new_vertex = Shuffled(mesh.num_vertices(), random);
  std::vector<int> new_of_old(mesh.num_vertices());
  for (int i = 0; i < mesh.num_vertices(); ++i) {
    new_of_old[result.old_of_new_vertex[i]] = i;
    result.vertices.push_back(mesh.vertex(result.old_of_new_vertex[i]));
  }
  for (const int e : Shuffled(mesh.num_elements(), random)) {
    typename Mesh::Element element = mesh.element(e);
    for (int& v : element) v = new_of_old[v];
    result.elements.push_back(element);
  }
  return result;
}

// Whether two nodes have the same box, children and element.
bool SameNode(const Bvh::Node& a, const Bvh::Node& b) {
  return a.box.min == b.box.min && a.box.max == b.box.max && a.right == b.right &&
         a.element == b.element;
}

// Asserts that `renumbered` with hierarchy `bvh` is `original` renumbered by
// `order`: the same elements with the same vertex positions in the same
// local order, the same per-vertex values, leaves 0, 1, 2, … in depth-first
// order with `original_bvh`'s boxes, and vertices numbered by first use.
template <class Mesh>
void CheckRenumbered(const Mesh& original, const Bvh& original_bvh, const LocalityOrder& order,
                     const Mesh& renumbered, const Bvh& bvh) {
  REQUIRE(renumbered.num_elements() == original.num_elements());
  REQUIRE(renumbered.num_vertices() == original.num_vertices());
  for (int i = 0; i < renumbered.num_elements(); ++i) {
    const auto& now = renumbered.element(i);
    const auto& before = original.element(order.elements[i]);
    for (size_t k = 0; k < now.size(); ++k) {
      REQUIRE(order.vertices[now[k]] == before[k]);
      REQUIRE(renumbered.vertex(now[k]) == original.vertex(before[k]));
    }
  }
  // First use: walking the elements in their new order, every vertex not
  // met before is the next number.
  int next = 0;
  for (int i = 0; i < renumbered.num_elements(); ++i) {
    for (const int v : renumbered.element(i)) {
      REQUIRE(v <= next);
      if (v == next) ++next;
    }
  }
  // The hierarchy is the original one with its leaves renumbered in order
  // (Bvh::RenumberLeavesInOrder), and leaf i held element order.elements[i].
  Bvh expected = original_bvh;
  expected.RenumberLeavesInOrder();
  REQUIRE(bvh.nodes().size() == expected.nodes().size());
  int leaf = 0;
  for (size_t n = 0; n < bvh.nodes().size(); ++n) {
    REQUIRE(SameNode(bvh.nodes()[n], expected.nodes()[n]));
    const Bvh::Node& before = original_bvh.nodes()[n];
    if (before.is_leaf()) REQUIRE(order.elements[leaf++] == before.element);
  }
  // Building the hierarchy afresh over the renumbered mesh gives the same
  // tree: the builder's median splits see the same centroids, and its ties,
  // broken by element number, keep their order (a leaf left of another has
  // the smaller number before and after).
  const Bvh rebuilt(renumbered);
  REQUIRE(rebuilt.nodes().size() == bvh.nodes().size());
  for (size_t n = 0; n < bvh.nodes().size(); ++n) REQUIRE(SameNode(rebuilt.nodes()[n], bvh.nodes()[n]));
}

TEST_CASE("OrderForLocality: a scrambled compliant sphere, renumbered in leaf order", "[locality]") {
  std::mt19937 random(3);
  const VolumeMeshWithExtent sphere = MakeSphereVolumeMesh(Sphere(0.1), 0.03);
  Scrambled<VolumeMesh> s = Scramble(sphere.mesh, random);
  std::vector<double> extent;
  for (const int v : s.old_of_new_vertex) extent.push_back(sphere.extent[v]);
  const VolumeMeshWithExtent scrambled{VolumeMesh(std::move(s.elements), std::move(s.vertices)),
                                       std::move(extent)};
  const Bvh original_bvh(scrambled.mesh);
  Bvh bvh = original_bvh;
  const LocalityOrder order = CalcLocalityOrder(scrambled.mesh, original_bvh);
  const VolumeMeshWithExtent ordered = OrderForLocality(scrambled, &bvh);
  CheckRenumbered(scrambled.mesh, original_bvh, order, ordered.mesh, bvh);
  for (int v = 0; v < ordered.mesh.num_vertices(); ++v) {
    REQUIRE(ordered.extent[v] == scrambled.extent[order.vertices[v]]);
  }
  // Every per-element quantity comes from the same positions in the same
  // order, so it is the same to the bit.
  const VolumeMeshFieldLinear p_before = MakePressureField(scrambled, 1e6);
  const VolumeMeshFieldLinear p_after = MakePressureField(ordered, 1e6);
  for (int e = 0; e < ordered.mesh.num_elements(); ++e) {
    REQUIRE(ordered.mesh.element_volume(e) == scrambled.mesh.element_volume(order.elements[e]));
    REQUIRE(p_after.EvaluateGradient(e) == p_before.EvaluateGradient(order.elements[e]));
  }
  CHECK(ordered.mesh.total_volume() == Approx(scrambled.mesh.total_volume()).epsilon(1e-14));
  // The point of it: leaves visited one after the other are neighbours in
  // memory, where the scrambled numbering jumps about the whole mesh. Mean
  // jump between consecutive leaves: 1 after, about n/3 before.
  double jump_before = 0;
  for (size_t i = 1; i < order.elements.size(); ++i) {
    jump_before += std::abs(order.elements[i] - order.elements[i - 1]);
  }
  jump_before /= double(order.elements.size() - 1);
  CHECK(jump_before > ordered.mesh.num_elements() / 10.0);
}

TEST_CASE("OrderForLocality: a scrambled triangle mesh keeps its triangles and normals",
          "[locality]") {
  std::mt19937 random(5);
  Scrambled<TriangleSurfaceMesh> s = Scramble(MakeSphereSurfaceMesh(Sphere(0.1), 0.02), random);
  const TriangleSurfaceMesh scrambled(std::move(s.elements), std::move(s.vertices));
  const Bvh original_bvh(scrambled);
  Bvh bvh = original_bvh;
  const LocalityOrder order = CalcLocalityOrder(scrambled, original_bvh);
  const TriangleSurfaceMesh ordered = OrderForLocality(scrambled, &bvh);
  CheckRenumbered(scrambled, original_bvh, order, ordered, bvh);
  for (int t = 0; t < ordered.num_triangles(); ++t) {
    REQUIRE(ordered.face_normal(t) == scrambled.face_normal(order.elements[t]));
  }
}

TEST_CASE("OrderForLocality: vertices no element uses come last, in their old order",
          "[locality]") {
  // Two tetrahedra sharing the face (1, 2, 3), with vertex 0 unused and
  // vertex 5 unused: 0 and 5 must end up as the last two, 0 before 5.
  const std::vector<Vector3d> vertices{{9, 9, 9}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                       {0, 0, 1}, {7, 7, 7}, {0, 0, -1}};
  const VolumeMesh mesh({{1, 2, 3, 4}, {1, 3, 2, 6}}, vertices);
  const Bvh bvh(mesh);
  const LocalityOrder order = CalcLocalityOrder(mesh, bvh);
  REQUIRE(order.vertices.size() == 7);
  CHECK(order.vertices[5] == 0);
  CHECK(order.vertices[6] == 5);
  std::vector<int> sorted = order.vertices;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<int>{0, 1, 2, 3, 4, 5, 6});
}

TEST_CASE("OrderForLocality: a hierarchy of another mesh is named, not used", "[locality]") {
  const VolumeMeshWithExtent small = MakeSphereVolumeMesh(Sphere(0.1), 0.05);
  const VolumeMeshWithExtent large = MakeSphereVolumeMesh(Sphere(0.1), 0.02);
  REQUIRE(small.mesh.num_elements() < large.mesh.num_elements());
  Bvh of_large(large.mesh);
  CHECK_THROWS_WITH(CalcLocalityOrder(small.mesh, of_large), Contains("does not fit a mesh of"));
  Bvh of_small(small.mesh);
  CHECK_THROWS_WITH(OrderForLocality(large, &of_small), Contains("leaves for a mesh of"));
  VolumeMeshWithExtent short_extent = small;
  short_extent.extent.pop_back();
  Bvh bvh(small.mesh);
  CHECK_THROWS_WITH(OrderForLocality(short_extent, &bvh), Contains("extent has"));
  // No hierarchy at all, for either overload.
  CHECK_THROWS_WITH(OrderForLocality(small, nullptr), Contains("null hierarchy"));
  const TriangleSurfaceMesh surface = ExtractBoundary(small.mesh).surface;
  CHECK_THROWS_WITH(OrderForLocality(surface, nullptr), Contains("null hierarchy"));
}

// The representation of a third-party mesh (gmsh's numbering) is renumbered;
// its contact surfaces must be those of the mesh in the file's numbering,
// which the kernels traverse through the same tree (the same boxes, so the
// same element pairs in the same order). Against a half-space the slices
// use only positions and values: the same faces bit for bit. Against a
// mesh, the tetrahedra's face planes are computed from their vertices in
// global-index order (so that two neighbours' planes agree exactly, see
// TetrahedronFaceHalfSpace), and a renumbering starts some planes' cross
// products from another vertex: the same faces in the same order, with
// vertices moved by round-off only (each plane is off by a few ulps, so a
// face's area by ~1e-15 of the patch's, far inside the bounds below).
TEST_CASE("OrderForLocality: contact surfaces of the renumbered representation are unchanged",
          "[locality]") {
  const Mesh file_shape(test::DataPath("gmsh-sphere-r0.05-h0.007.vtk"));
  const VolumeMeshWithExtent file = MakeMeshVolumeMesh(file_shape);
  const double E = 1e6;
  const HydroelasticRepresentation in_file_order =
      CompliantMesh{file.mesh, MakePressureField(file, E), Bvh(file.mesh), E};
  const HydroelasticRepresentation renumbered =
      MakeHydroelasticRepresentation(file_shape, ProximityProperties::Compliant(E));
  REQUIRE(std::get<CompliantMesh>(renumbered).mesh.num_elements() == file.mesh.num_elements());
  HalfSpace half_space;
  ProximityProperties soft = ProximityProperties::Compliant(E);
  soft.set_slab_thickness(0.1);
  const HydroelasticRepresentation rigid_plane =
      MakeHydroelasticRepresentation(half_space, ProximityProperties::Rigid());
  const HydroelasticRepresentation soft_plane = MakeHydroelasticRepresentation(half_space, soft);
  const HydroelasticRepresentation rigid_sphere =
      MakeHydroelasticRepresentation(Sphere(0.05), ProximityProperties::Rigid(0.01));
  const RigidTransform X_WP =
      RigidTransform::FromAxisAngle(Vector3d(1, 0, 0), 0.1, Vector3d(0, 0, -0.04));
  const RigidTransform X_WS(Vector3d(0.02, 0.01, 0.08));
  const GeometryId id_C = GeometryId::get_new_id(), id_O = GeometryId::get_new_id();
  struct Case {
    const HydroelasticRepresentation* other;
    RigidTransform X_WO;
  };
  int case_index = 0;
  for (const Case& c : {Case{&rigid_plane, X_WP}, Case{&soft_plane, X_WP},
                        Case{&rigid_sphere, X_WS}, Case{&in_file_order, X_WS}}) {
    ++case_index;
    for (const auto rep : {HydroelasticContactRepresentation::kTriangle,
                           HydroelasticContactRepresentation::kPolygon}) {
      INFO("case " << case_index << ", " << to_string(rep));
      const std::optional<ContactSurface> before = ComputeContactSurface(
          id_C, in_file_order, RigidTransform(), id_O, *c.other, c.X_WO, rep);
      const std::optional<ContactSurface> after =
          ComputeContactSurface(id_C, renumbered, RigidTransform(), id_O, *c.other, c.X_WO, rep);
      REQUIRE(before.has_value());
      REQUIRE(after.has_value());
      REQUIRE(after->num_faces() == before->num_faces());
      REQUIRE(after->num_faces() > 50);
      const bool exact = case_index <= 2;
      const double total = before->total_area();
      CHECK(std::abs(after->total_area() - total) <= (exact ? 0.0 : 1e-13 * total));
      CHECK((after->centroid() - before->centroid()).norm() <= (exact ? 0.0 : 1e-15));
      for (int f = 0; f < after->num_faces(); ++f) {
        REQUIRE((after->face_normal(f) - before->face_normal(f)).norm() <= (exact ? 0.0 : 1e-12));
        REQUIRE(std::abs(after->area(f) - before->area(f)) <= (exact ? 0.0 : 1e-13 * total));
        REQUIRE((after->centroid(f) - before->centroid(f)).norm() <= (exact ? 0.0 : 1e-15));
      }
    }
  }
}

}  // namespace
}  // namespace hydrocontact
