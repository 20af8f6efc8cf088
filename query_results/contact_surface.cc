#include "query_results/contact_surface.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace hydrocontact {

const char* to_string(HydroelasticContactRepresentation representation) {
  return representation == HydroelasticContactRepresentation::kTriangle ? "triangle" : "polygon";
}

void RequireContactRepresentation(HydroelasticContactRepresentation representation,
                                  const char* caller) {
  if (representation != HydroelasticContactRepresentation::kTriangle &&
      representation != HydroelasticContactRepresentation::kPolygon) {
    throw std::invalid_argument(fmt::format(
        "{}: the contact representation {} is neither kTriangle (0) nor kPolygon (1)", caller,
        static_cast<int>(representation)));
  }
}

namespace {

// The field must give one value per mesh vertex (both representations, every
// way of building a surface).
void CheckFieldSize(size_t num_values, size_t num_vertices) {
  if (num_values != num_vertices) {
    throw std::invalid_argument(
        fmt::format("ContactSurface: the pressure field has {} values for a mesh of {} vertices",
                    num_values, num_vertices));
  }
}

// A field given with its mesh must also have one gradient per face: one
// built on another mesh with as many vertices would be read past its end.
template <class Field, class Mesh>
void CheckFieldMatchesMesh(const Field& e_MN, const Mesh& mesh_W) {
  CheckFieldSize(e_MN.values().size(), size_t(mesh_W.num_vertices()));
  if (e_MN.gradients().size() != size_t(mesh_W.num_elements())) {
    throw std::invalid_argument(fmt::format(
        "ContactSurface: the pressure field has {} face gradients for a mesh of {} faces (was it "
        "built on another mesh?)",
        e_MN.gradients().size(), mesh_W.num_elements()));
  }
}

}  // namespace

ContactSurface::ContactSurface(GeometryId id_M, GeometryId id_N, TriangleSurfaceMesh mesh_W,
                               TriangleSurfaceMeshFieldLinear e_MN,
                               std::optional<std::vector<Eigen::Vector3d>> grad_eM_W,
                               std::optional<std::vector<Eigen::Vector3d>> grad_eN_W)
    : id_M_(id_M),
      id_N_(id_N),
      representation_(HydroelasticContactRepresentation::kTriangle),
      tri_mesh_W_(std::move(mesh_W)),
      tri_e_MN_(std::move(e_MN)) {
  SetGradients(std::move(grad_eM_W), std::move(grad_eN_W));
  CheckFieldMatchesMesh(tri_e_MN_, tri_mesh_W_);
  SwapIfNeeded();
}

ContactSurface::ContactSurface(GeometryId id_M, GeometryId id_N, PolygonSurfaceMesh mesh_W,
                               PolygonSurfaceMeshFieldLinear e_MN,
                               std::optional<std::vector<Eigen::Vector3d>> grad_eM_W,
                               std::optional<std::vector<Eigen::Vector3d>> grad_eN_W)
    : id_M_(id_M),
      id_N_(id_N),
      representation_(HydroelasticContactRepresentation::kPolygon),
      poly_mesh_W_(std::move(mesh_W)),
      poly_e_MN_(std::move(e_MN)) {
  SetGradients(std::move(grad_eM_W), std::move(grad_eN_W));
  CheckFieldMatchesMesh(poly_e_MN_, poly_mesh_W_);
  SwapIfNeeded();
}

void ContactSurface::SetGradients(std::optional<std::vector<Eigen::Vector3d>> grad_eM_W,
                                  std::optional<std::vector<Eigen::Vector3d>> grad_eN_W) {
  has_grad_eM_W_ = grad_eM_W.has_value();
  has_grad_eN_W_ = grad_eN_W.has_value();
  if (grad_eM_W) grad_eM_W_ = std::move(*grad_eM_W);
  if (grad_eN_W) grad_eN_W_ = std::move(*grad_eN_W);
}

void ContactSurface::AssignGradients(std::optional<std::span<const Eigen::Vector3d>> grad_eM_W,
                                     std::optional<std::span<const Eigen::Vector3d>> grad_eN_W) {
  has_grad_eM_W_ = grad_eM_W.has_value();
  has_grad_eN_W_ = grad_eN_W.has_value();
  grad_eM_W_.clear();
  grad_eN_W_.clear();
  if (grad_eM_W) grad_eM_W_.assign(grad_eM_W->begin(), grad_eM_W->end());
  if (grad_eN_W) grad_eN_W_.assign(grad_eN_W->begin(), grad_eN_W->end());
}

template <class AssignMeshAndField>
void ContactSurface::AssignWith(GeometryId id_M, GeometryId id_N,
                                HydroelasticContactRepresentation representation,
                                AssignMeshAndField&& assign_mesh_and_field,
                                std::optional<std::span<const Eigen::Vector3d>> grad_eM_W,
                                std::optional<std::span<const Eigen::Vector3d>> grad_eN_W) {
  try {
    RequireContactRepresentation(representation, "ContactSurface::AdoptArrays");
    id_M_ = id_M;
    id_N_ = id_N;
    representation_ = representation;
    assign_mesh_and_field();
    AssignGradients(grad_eM_W, grad_eN_W);
    SwapIfNeeded();
  } catch (...) {
    *this = ContactSurface();
    throw;
  }
}

void ContactSurface::AssignTriangles(GeometryId id_M, GeometryId id_N,
                                     std::span<const TriangleSurfaceMesh::Element> triangles,
                                     std::span<const Eigen::Vector3d> vertices_W,
                                     std::span<const double> e_MN,
                                     std::optional<std::span<const Eigen::Vector3d>> grad_eM_W,
                                     std::optional<std::span<const Eigen::Vector3d>> grad_eN_W) {
  AssignWith(
      id_M, id_N, HydroelasticContactRepresentation::kTriangle,
      [&] {
        tri_mesh_W_.Assign(triangles, vertices_W);
        CheckFieldSize(e_MN.size(), vertices_W.size());
        tri_e_MN_.Assign(e_MN, tri_mesh_W_);
      },
      grad_eM_W, grad_eN_W);
}

void ContactSurface::AssignPolygons(GeometryId id_M, GeometryId id_N, std::span<const int> face_data,
                                    std::span<const Eigen::Vector3d> vertices_W,
                                    std::span<const double> e_MN,
                                    std::optional<std::span<const Eigen::Vector3d>> grad_eM_W,
                                    std::optional<std::span<const Eigen::Vector3d>> grad_eN_W) {
  AssignWith(
      id_M, id_N, HydroelasticContactRepresentation::kPolygon,
      [&] {
        poly_mesh_W_.Assign(face_data, vertices_W);
        CheckFieldSize(e_MN.size(), vertices_W.size());
        poly_e_MN_.Assign(e_MN, poly_mesh_W_);
      },
      grad_eM_W, grad_eN_W);
}

ContactSurfaceArrays ContactSurface::ReleaseArrays() {
  ContactSurfaceArrays arrays{tri_mesh_W_.ReleaseArrays(), tri_e_MN_.ReleaseArrays(),
                              poly_mesh_W_.ReleaseArrays(), poly_e_MN_.ReleaseArrays(),
                              std::move(grad_eM_W_),        std::move(grad_eN_W_)};
  // The meshes and fields are empty now, and so are the gradients (a vector
  // moved from is left empty); what remains of an empty surface is this.
  // (Assigning whole fresh objects instead, here and in the meshes and
  // fields, made releasing and adopting cost 120 ns a cycle, not 64.)
  id_M_ = GeometryId();
  id_N_ = GeometryId();
  representation_ = HydroelasticContactRepresentation::kTriangle;
  has_grad_eM_W_ = false;
  has_grad_eN_W_ = false;
  return arrays;
}

namespace {

// Empties every array of a mesh's or field's storage, keeping its capacity.
template <class... Vectors>
void ClearAll(Vectors&... vectors) {
  (vectors.clear(), ...);
}

}  // namespace

void ContactSurface::AdoptArrays(GeometryId id_M, GeometryId id_N,
                                 HydroelasticContactRepresentation representation,
                                 bool has_grad_eM_W, bool has_grad_eN_W,
                                 ContactSurfaceArrays&& arrays) {
  try {
    id_M_ = id_M;
    id_N_ = id_N;
    representation_ = representation;
    // The representation not in use adopts its emptied arrays: an empty mesh
    // and field that keep the storage for a later surface.
    if (representation == HydroelasticContactRepresentation::kTriangle) {
      PolygonSurfaceMesh::Arrays& p = arrays.poly_mesh_W;
      ClearAll(p.face_data, p.vertices, p.face_normals, p.areas, p.centroids, p.face_offsets,
               arrays.poly_e_MN.values, arrays.poly_e_MN.gradients, arrays.poly_e_MN.offsets);
      p.total_area = 0;
      p.centroid.setZero();
    } else {
      TriangleSurfaceMesh::Arrays& t = arrays.tri_mesh_W;
      ClearAll(t.triangles, t.vertices, t.face_normals, t.areas, t.centroids,
               arrays.tri_e_MN.values, arrays.tri_e_MN.gradients, arrays.tri_e_MN.offsets);
      t.total_area = 0;
      t.centroid.setZero();
    }
    tri_mesh_W_.AdoptArrays(std::move(arrays.tri_mesh_W));
    tri_e_MN_.AdoptArrays(std::move(arrays.tri_e_MN), tri_mesh_W_);
    poly_mesh_W_.AdoptArrays(std::move(arrays.poly_mesh_W));
    poly_e_MN_.AdoptArrays(std::move(arrays.poly_e_MN), poly_mesh_W_);
    has_grad_eM_W_ = has_grad_eM_W;
    has_grad_eN_W_ = has_grad_eN_W;
    grad_eM_W_ = std::move(arrays.grad_eM_W);
    grad_eN_W_ = std::move(arrays.grad_eN_W);
    if (!has_grad_eM_W_) grad_eM_W_.clear();
    if (!has_grad_eN_W_) grad_eN_W_.clear();
    SwapIfNeeded();
  } catch (...) {
    *this = ContactSurface();
    throw;
  }
}

void ContactSurface::ValidateGradients(const char* which, bool present,
                                       const std::vector<Eigen::Vector3d>& g) const {
  if (present && static_cast<int>(g.size()) != num_faces()) {
    throw std::invalid_argument(fmt::format(
        "ContactSurface: {} has {} entries for a mesh of {} faces", which, g.size(), num_faces()));
  }
}

void ContactSurface::SwapIfNeeded() {
  if (id_M_ == id_N_) {
    throw std::invalid_argument(fmt::format(
        "ContactSurface: id_M and id_N are both {}; a contact surface needs two geometries",
        id_M_.to_string()));
  }
  ValidateGradients("grad_eM_W", has_grad_eM_W_, grad_eM_W_);
  ValidateGradients("grad_eN_W", has_grad_eN_W_, grad_eN_W_);
  if (id_M_ < id_N_) return;
  // Restore the invariant id_M < id_N: the roles of M and N swap, so the
  // normals (face windings) flip and the gradient arrays trade places. The
  // fields keep their values and per-face gradients, which do not depend on
  // the winding.
  std::swap(id_M_, id_N_);
  std::swap(grad_eM_W_, grad_eN_W_);
  std::swap(has_grad_eM_W_, has_grad_eN_W_);
  if (is_triangle()) {
    std::vector<TriangleSurfaceMesh::Element> triangles = tri_mesh_W_.triangles();
    for (auto& t : triangles) std::swap(t[1], t[2]);
    TriangleSurfaceMesh flipped(std::move(triangles), tri_mesh_W_.vertices());
    tri_e_MN_ = TriangleSurfaceMeshFieldLinear(tri_e_MN_.values(), tri_e_MN_.gradients(), flipped);
    tri_mesh_W_ = std::move(flipped);
  } else {
    std::vector<int> face_data = poly_mesh_W_.face_data();
    size_t i = 0;
    while (i < face_data.size()) {
      const int n = face_data[i];
      std::reverse(face_data.begin() + i + 1, face_data.begin() + i + 1 + n);
      i += 1 + n;
    }
    PolygonSurfaceMesh flipped(std::move(face_data), poly_mesh_W_.vertices());
    poly_e_MN_ =
        PolygonSurfaceMeshFieldLinear(poly_e_MN_.values(), poly_e_MN_.gradients(), flipped);
    poly_mesh_W_ = std::move(flipped);
  }
}

void ContactSurface::CheckFace(int face_index) const {
  if (face_index < 0 || face_index >= num_faces()) {
    throw std::out_of_range(fmt::format("ContactSurface: face index {} is out of range [0, {})",
                                        face_index, num_faces()));
  }
}

int ContactSurface::num_faces() const {
  return is_triangle() ? tri_mesh_W_.num_triangles() : poly_mesh_W_.num_faces();
}

int ContactSurface::num_vertices() const {
  return is_triangle() ? tri_mesh_W_.num_vertices() : poly_mesh_W_.num_vertices();
}

double ContactSurface::area(int face_index) const {
  CheckFace(face_index);
  return is_triangle() ? tri_mesh_W_.area(face_index) : poly_mesh_W_.area(face_index);
}

double ContactSurface::total_area() const {
  return is_triangle() ? tri_mesh_W_.total_area() : poly_mesh_W_.total_area();
}

const Eigen::Vector3d& ContactSurface::face_normal(int face_index) const {
  CheckFace(face_index);
  return is_triangle() ? tri_mesh_W_.face_normal(face_index)
                       : poly_mesh_W_.face_normal(face_index);
}

Eigen::Vector3d ContactSurface::centroid(int face_index) const {
  CheckFace(face_index);
  return is_triangle() ? tri_mesh_W_.element_centroid(face_index)
                       : poly_mesh_W_.element_centroid(face_index);
}

const Eigen::Vector3d& ContactSurface::centroid() const {
  return is_triangle() ? tri_mesh_W_.centroid() : poly_mesh_W_.centroid();
}

const TriangleSurfaceMesh& ContactSurface::tri_mesh_W() const {
  if (!is_triangle()) {
    throw std::logic_error("ContactSurface::tri_mesh_W(): the surface has the polygon representation; use poly_mesh_W()");
  }
  return tri_mesh_W_;
}

const TriangleSurfaceMeshFieldLinear& ContactSurface::tri_e_MN() const {
  if (!is_triangle()) {
    throw std::logic_error("ContactSurface::tri_e_MN(): the surface has the polygon representation; use poly_e_MN()");
  }
  return tri_e_MN_;
}

const PolygonSurfaceMesh& ContactSurface::poly_mesh_W() const {
  if (is_triangle()) {
    throw std::logic_error("ContactSurface::poly_mesh_W(): the surface has the triangle representation; use tri_mesh_W()");
  }
  return poly_mesh_W_;
}

const PolygonSurfaceMeshFieldLinear& ContactSurface::poly_e_MN() const {
  if (is_triangle()) {
    throw std::logic_error("ContactSurface::poly_e_MN(): the surface has the triangle representation; use tri_e_MN()");
  }
  return poly_e_MN_;
}

const Eigen::Vector3d& ContactSurface::EvaluateGradE_M_W(int face_index) const {
  if (!has_grad_eM_W_) {
    throw std::logic_error(fmt::format(
        "ContactSurface::EvaluateGradE_M_W(): no gradient stored for geometry M ({}), which is rigid",
        id_M_.to_string()));
  }
  CheckFace(face_index);
  return grad_eM_W_[face_index];
}

const Eigen::Vector3d& ContactSurface::EvaluateGradE_N_W(int face_index) const {
  if (!has_grad_eN_W_) {
    throw std::logic_error(fmt::format(
        "ContactSurface::EvaluateGradE_N_W(): no gradient stored for geometry N ({}), which is rigid",
        id_N_.to_string()));
  }
  CheckFace(face_index);
  return grad_eN_W_[face_index];
}

bool ContactSurface::Equal(const ContactSurface& other) const {
  if (id_M_ != other.id_M_ || id_N_ != other.id_N_) return false;
  if (representation_ != other.representation_) return false;
  if (is_triangle()) {
    if (!tri_mesh_W_.Equal(other.tri_mesh_W_) || !tri_e_MN_.Equal(other.tri_e_MN_)) return false;
  } else {
    if (!poly_mesh_W_.Equal(other.poly_mesh_W_) || !poly_e_MN_.Equal(other.poly_e_MN_)) {
      return false;
    }
  }
  // std::vector's == compares element-wise with Eigen's ==, which is false
  // for NaN entries, as IEEE asks.
  if (has_grad_eM_W_ != other.has_grad_eM_W_ || has_grad_eN_W_ != other.has_grad_eN_W_) return false;
  return (!has_grad_eM_W_ || grad_eM_W_ == other.grad_eM_W_) &&
         (!has_grad_eN_W_ || grad_eN_W_ == other.grad_eN_W_);
}

}  // namespace hydrocontact
