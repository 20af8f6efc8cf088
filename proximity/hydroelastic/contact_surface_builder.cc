#include "proximity/hydroelastic/contact_surface_builder.h"

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>

#include <fmt/format.h>

#include "mesh/aabb.h"

namespace hydrocontact {
namespace {

// The faces, vertices and per-face gradients of the surface being built, in W.
struct SurfaceData {
  std::vector<Eigen::Vector3d> vertices_W;
  std::vector<double> pressures;
  std::vector<TriangleSurfaceMesh::Element> triangles;
  std::vector<int> face_data;
  std::vector<Eigen::Vector3d> grad_M_W;
  std::vector<Eigen::Vector3d> grad_N_W;
  // Per face, what the mesh and field would otherwise derive again from the
  // vertices (ContactSurfaceFaceData).
  std::vector<Eigen::Vector3d> normals_W;
  std::vector<double> areas;
  std::vector<Eigen::Vector3d> centroids_W;
  std::vector<Eigen::Vector3d> grad_e_W;

  // Empties every array, keeping its capacity.
  void Clear() {
    vertices_W.clear();
    pressures.clear();
    triangles.clear();
    face_data.clear();
    grad_M_W.clear();
    grad_N_W.clear();
    normals_W.clear();
    areas.clear();
    centroids_W.clear();
    grad_e_W.clear();
  }

  // Appends one face's data (see ContactSurfaceFaceData).
  void AddFace(const Eigen::Vector3d& nhat_W, double area, const Eigen::Vector3d& p_WC,
               const Eigen::Vector3d& grad_e, bool has_grad_M, const Eigen::Vector3d& grad_M,
               bool has_grad_N, const Eigen::Vector3d& grad_N) {
    normals_W.push_back(nhat_W);
    areas.push_back(area);
    centroids_W.push_back(p_WC);
    grad_e_W.push_back(grad_e);
    if (has_grad_M) grad_M_W.push_back(grad_M);
    if (has_grad_N) grad_N_W.push_back(grad_N);
  }
};

}  // namespace

std::optional<ContactSurface> BuildContactSurface(const ContactPolygons& polygons,
                                                  const RigidTransform& X_WF,
                                                  GeometryId id_first, bool first_compliant,
                                                  GeometryId id_second, bool second_compliant,
                                                  HydroelasticContactRepresentation representation) {
  ContactSurface surface;
  if (!BuildContactSurface(polygons, X_WF, id_first, first_compliant, id_second, second_compliant,
                           representation, &surface)) {
    return std::nullopt;
  }
  return surface;
}

bool BuildContactSurface(const ContactPolygons& polygons, const RigidTransform& X_WF,
                         GeometryId id_first, bool first_compliant, GeometryId id_second,
                         bool second_compliant, HydroelasticContactRepresentation representation,
                         ContactSurface* surface) {
  if (surface == nullptr) throw std::invalid_argument("BuildContactSurface: null output surface");
  if (id_first == id_second) {
    throw std::invalid_argument(fmt::format(
        "BuildContactSurface: both geometries have the id {}", id_first.to_string()));
  }
  // M is the geometry with the smaller id. When that is the second one, the
  // normals must point the other way: reverse every polygon.
  const bool flip = id_second < id_first;
  const GeometryId id_M = flip ? id_second : id_first;
  const GeometryId id_N = flip ? id_first : id_second;
  const bool has_grad_M = flip ? second_compliant : first_compliant;
  const bool has_grad_N = flip ? first_compliant : second_compliant;
  const std::vector<Eigen::Vector3d>& grad_M_F = flip ? polygons.grad_second : polygons.grad_first;
  const std::vector<Eigen::Vector3d>& grad_N_F = flip ? polygons.grad_first : polygons.grad_second;
  if (!first_compliant && !second_compliant) {
    throw std::invalid_argument(fmt::format(
        "BuildContactSurface: neither {} nor {} is compliant; the surface's pressure needs one",
        id_first.to_string(), id_second.to_string()));
  }
  const bool triangles = representation == HydroelasticContactRepresentation::kTriangle;
  const Eigen::Matrix3d& R_WF = X_WF.rotation();

  // Per-thread scratch, reused from call to call: the arrays grow to the
  // largest surface seen and then stop allocating.
  thread_local SurfaceData out;
  out.Clear();
  const size_t num_vertices_F = polygons.vertices.size();
  const size_t num_polygons = polygons.ends.size();
  out.vertices_W.reserve(num_vertices_F + (triangles ? num_polygons : 0));
  out.pressures.reserve(out.vertices_W.capacity());
  const size_t num_faces_estimate = triangles ? num_vertices_F : num_polygons;
  if (triangles) {
    out.triangles.reserve(num_faces_estimate);
  } else {
    out.face_data.reserve(num_vertices_F + num_polygons);
  }
  if (has_grad_M) out.grad_M_W.reserve(num_faces_estimate);
  if (has_grad_N) out.grad_N_W.reserve(num_faces_estimate);
  out.normals_W.reserve(num_faces_estimate);
  out.areas.reserve(num_faces_estimate);
  out.centroids_W.reserve(num_faces_estimate);
  out.grad_e_W.reserve(num_faces_estimate);

  // The size of the whole contact patch. A polygon whose every edge is
  // negligible against it is a clipping remnant (a piece pinched to a point
  // at a shared vertex or edge): its area is nil and its vertex-derived
  // normal is round-off, so it is dropped.
  Aabb patch_F;
  for (const Eigen::Vector4d& v : polygons.vertices) patch_F.Include(Eigen::Vector3d(v.head<3>()));
  const double patch_size = patch_F.IsEmpty() ? 0.0 : (patch_F.max - patch_F.min).norm();
  const double negligible_edge = kNegligibleEdgeRatio * patch_size;
  const double negligible_edge_sq = negligible_edge * negligible_edge;
  const double negligible_twice_area = 2 * kNegligibleAreaRatio * patch_size * patch_size;

  std::array<Eigen::Vector3d, ClipPolygon::kCapacity> p_W;
  std::array<Eigen::Vector3d, ClipPolygon::kCapacity> fan_cross;
  std::array<double, ClipPolygon::kCapacity> pressure;
  for (int k = 0; k < polygons.num_polygons(); ++k) {
    const int begin = polygons.begin(k);
    const int n = polygons.ends[k] - begin;
    if (n < 3 || n > ClipPolygon::kCapacity) continue;
    for (int i = 0; i < n; ++i) {
      const Eigen::Vector4d& v = polygons.vertices[begin + (flip ? n - 1 - i : i)];
      p_W[i] = X_WF * Eigen::Vector3d(v.head<3>());
      pressure[i] = std::max(0.0, v[3]);
    }
    const Eigen::Vector3d nhat_W = (flip ? -1.0 : 1.0) * (R_WF * polygons.normals[k]);

    // The same fan from vertex 0 as PolygonSurfaceMesh uses, so the test
    // below is the mesh's own degeneracy test, only stricter.
    Eigen::Vector3d area_vector = Eigen::Vector3d::Zero();
    for (int i = 1; i + 1 < n; ++i) {
      fan_cross[i] = (p_W[i] - p_W[0]).cross(p_W[i + 1] - p_W[0]);
      area_vector += fan_cross[i];
    }
    double longest_sq = (p_W[0] - p_W[n - 1]).squaredNorm();
    for (int i = 0; i + 1 < n; ++i) {
      longest_sq = std::max(longest_sq, (p_W[i + 1] - p_W[i]).squaredNorm());
    }
    if (!(longest_sq > negligible_edge_sq)) continue;
    if (!(area_vector.dot(nhat_W) > kDegeneratePolygonRatio * longest_sq)) continue;

    const double twice_area = area_vector.norm();
    if (!(twice_area > negligible_twice_area)) continue;

    const Eigen::Vector3d grad_M_W = R_WF * grad_M_F[k];
    const Eigen::Vector3d grad_N_W = R_WF * grad_N_F[k];
    // The face's unit normal and area centroid. A planar convex polygon's
    // fan triangles all have the normal n̂ of the sum of their area vectors,
    // so twice their areas are the projections cross·n̂ (no square root
    // each). The mesh would derive the same from the vertices.
    const Eigen::Vector3d nhat_face_W = area_vector / twice_area;
    Eigen::Vector3d moment = Eigen::Vector3d::Zero();
    double pressure_moment = 0;
    for (int i = 1; i + 1 < n; ++i) {
      const double t = fan_cross[i].dot(nhat_face_W);
      moment += t * (p_W[0] + p_W[i] + p_W[i + 1]);
      pressure_moment += t * (pressure[0] + pressure[i] + pressure[i + 1]);
    }
    const double inv_three_twice_area = 1 / (3 * twice_area);
    const Eigen::Vector3d p_WC = moment * inv_three_twice_area;
    // The vertex pressures sample a compliant geometry's linear field (M's
    // when it is compliant, else N's; on a compliant–compliant surface the
    // two agree), so the surface field's gradient is that field's gradient
    // projected onto the face's plane: exact, where the mesh field would
    // solve for it from the vertex values.
    const Eigen::Vector3d& grad_p_W = has_grad_M ? grad_M_W : grad_N_W;
    const Eigen::Vector3d grad_e_W = grad_p_W - grad_p_W.dot(nhat_face_W) * nhat_face_W;
    const int first_vertex = static_cast<int>(out.vertices_W.size());
    for (int i = 0; i < n; ++i) {
      out.vertices_W.push_back(p_W[i]);
      out.pressures.push_back(pressure[i]);
    }
    if (!triangles) {
      out.face_data.push_back(n);
      for (int i = 0; i < n; ++i) out.face_data.push_back(first_vertex + i);
      out.AddFace(nhat_face_W, twice_area / 2, p_WC, grad_e_W, has_grad_M, grad_M_W, has_grad_N,
                  grad_N_W);
      continue;
    }
    // Fan around the area centroid; the centroid's pressure is the mean of
    // the linear field over the polygon, which is its value there. Each fan
    // triangle's normal, area and centroid are those TriangleSurfaceMesh
    // would compute, the same expressions on the same values.
    const int centroid = static_cast<int>(out.vertices_W.size());
    out.vertices_W.push_back(p_WC);
    out.pressures.push_back(pressure_moment * inv_three_twice_area);
    for (int i = 0; i < n; ++i) {
      const int j = i + 1 == n ? 0 : i + 1;
      const Eigen::Vector3d& a = p_W[i];
      const Eigen::Vector3d& b = p_W[j];
      const double fan_longest_sq =
          std::max({(b - a).squaredNorm(), (p_WC - b).squaredNorm(), (a - p_WC).squaredNorm()});
      const Eigen::Vector3d cross = (b - a).cross(p_WC - a);
      if (!(cross.dot(nhat_W) > kDegenerateFanTriangleRatio * fan_longest_sq)) continue;
      out.triangles.push_back({first_vertex + i, first_vertex + j, centroid});
      const double fan_twice_area = cross.norm();
      out.AddFace(cross / fan_twice_area, fan_twice_area / 2, (a + b + p_WC) / 3, grad_e_W,
                  has_grad_M, grad_M_W, has_grad_N, grad_N_W);
    }
  }

  using Gradients = std::optional<std::span<const Eigen::Vector3d>>;
  const Gradients grad_M = has_grad_M ? Gradients(out.grad_M_W) : std::nullopt;
  const Gradients grad_N = has_grad_N ? Gradients(out.grad_N_W) : std::nullopt;
  const ContactSurfaceFaceData faces{out.normals_W, out.areas, out.centroids_W, out.grad_e_W};
  if (triangles) {
    if (out.triangles.empty()) return false;
    surface->AssignTriangles(id_M, id_N, out.triangles, out.vertices_W, out.pressures, faces, grad_M,
                             grad_N);
    return true;
  }
  if (out.face_data.empty()) return false;
  surface->AssignPolygons(id_M, id_N, out.face_data, out.vertices_W, out.pressures, faces, grad_M,
                          grad_N);
  return true;
}

}  // namespace hydrocontact
