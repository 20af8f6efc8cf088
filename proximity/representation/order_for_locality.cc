#include "proximity/representation/order_for_locality.h"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace hydrocontact {
namespace {

template <class Mesh>
LocalityOrder CalcOrder(const Mesh& mesh, const Bvh& bvh) {
  const int num_elements = mesh.num_elements();
  const int num_vertices = mesh.num_vertices();
  LocalityOrder order;
  order.elements.reserve(num_elements);
  std::vector<char> seen_element(num_elements, 0);
  for (const Bvh::Node& node : bvh.nodes()) {
    if (!node.is_leaf()) continue;
    if (node.element >= num_elements || seen_element[node.element]) {
      throw std::invalid_argument(fmt::format(
          "CalcLocalityOrder: the hierarchy's leaf for element {} does not fit a mesh of {} "
          "elements (out of range or repeated)",
          node.element, num_elements));
    }
    seen_element[node.element] = 1;
    order.elements.push_back(node.element);
  }
  if (static_cast<int>(order.elements.size()) != num_elements) {
    throw std::invalid_argument(
        fmt::format("CalcLocalityOrder: the hierarchy has {} leaves for a mesh of {} elements",
                    order.elements.size(), num_elements));
  }
  std::vector<char> seen_vertex(num_vertices, 0);
  order.vertices.reserve(num_vertices);
  for (const int e : order.elements) {
    for (const int v : mesh.element(e)) {
      if (seen_vertex[v]) continue;
      seen_vertex[v] = 1;
      order.vertices.push_back(v);
    }
  }
  for (int v = 0; v < num_vertices; ++v) {
    if (!seen_vertex[v]) order.vertices.push_back(v);
  }
  return order;
}

// The mesh's elements and vertices renumbered by `order`, each element
// keeping its local vertex order; a mesh of them is built and then the
// hierarchy's leaves are renumbered to match (so a throwing constructor
// leaves the hierarchy as it was).
template <class Mesh>
Mesh Renumber(const Mesh& mesh, const LocalityOrder& order, Bvh* bvh) {
  std::vector<int> new_vertex(order.vertices.size());
  std::vector<Eigen::Vector3d> vertices(order.vertices.size());
  for (size_t i = 0; i < order.vertices.size(); ++i) {
    new_vertex[order.vertices[i]] = static_cast<int>(i);
    vertices[i] = mesh.vertex(order.vertices[i]);
  }
  std::vector<typename Mesh::Element> elements(order.elements.size());
  for (size_t i = 0; i < order.elements.size(); ++i) {
    elements[i] = mesh.element(order.elements[i]);
    for (int& v : elements[i]) v = new_vertex[v];
  }
  Mesh renumbered(std::move(elements), std::move(vertices));
  bvh->RenumberLeavesInOrder();
  return renumbered;
}

void RequireHierarchy(const Bvh* bvh) {
  if (bvh == nullptr) throw std::invalid_argument("OrderForLocality: null hierarchy");
}

}  // namespace

LocalityOrder CalcLocalityOrder(const VolumeMesh& mesh, const Bvh& bvh) {
  return CalcOrder(mesh, bvh);
}

LocalityOrder CalcLocalityOrder(const TriangleSurfaceMesh& mesh, const Bvh& bvh) {
  return CalcOrder(mesh, bvh);
}

VolumeMeshWithExtent OrderForLocality(const VolumeMeshWithExtent& m, Bvh* bvh) {
  RequireHierarchy(bvh);
  if (m.extent.size() != static_cast<size_t>(m.mesh.num_vertices())) {
    throw std::invalid_argument(fmt::format(
        "OrderForLocality: the extent has {} values for a mesh of {} vertices", m.extent.size(),
        m.mesh.num_vertices()));
  }
  const LocalityOrder order = CalcLocalityOrder(m.mesh, *bvh);
  std::vector<double> extent(order.vertices.size());
  for (size_t i = 0; i < order.vertices.size(); ++i) extent[i] = m.extent[order.vertices[i]];
  return VolumeMeshWithExtent{Renumber(m.mesh, order, bvh), std::move(extent)};
}

TriangleSurfaceMesh OrderForLocality(const TriangleSurfaceMesh& mesh, Bvh* bvh) {
  RequireHierarchy(bvh);
  const LocalityOrder order = CalcLocalityOrder(mesh, *bvh);
  return Renumber(mesh, order, bvh);
}

}  // namespace hydrocontact
