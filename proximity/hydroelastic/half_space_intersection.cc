#include "proximity/hydroelastic/half_space_intersection.h"

#include <array>
#include <cmath>
#include <utility>

#include "proximity/hydroelastic/compliant_compliant_intersection.h"
#include "proximity/hydroelastic/orientation_filter.h"
#include "proximity/hydroelastic/polygon_clipping.h"

namespace hydrocontact {
namespace {

// Calls callback(element) for every leaf of `bvh` whose box reaches the
// half-space {x : n·x ≤ c} (frame of the hierarchy) and, if
// `must_cross_plane`, also reaches {n·x ≥ c}. Depth-first with an inline
// stack, like Bvh::Query.
template <class Callback>
void VisitAgainstPlane(const Bvh& bvh, const Eigen::Vector3d& n, double c, bool must_cross_plane,
                       Callback&& callback) {
  if (bvh.empty()) return;
  const std::vector<Bvh::Node>& nodes = bvh.nodes();
  const Eigen::Vector3d abs_n = n.cwiseAbs();
  int stack[Bvh::kMaxDepth + 1];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const int index = stack[--top];
    const Bvh::Node& node = nodes[index];
    const double s_center = n.dot(node.box.center()) - c;
    const double radius = abs_n.dot(node.box.half_size());
    if (s_center - radius > 0) continue;
    if (must_cross_plane && s_center + radius < 0) continue;
    if (node.is_leaf()) {
      callback(node.element);
    } else {
      stack[top++] = node.right;
      stack[top++] = index + 1;
    }
  }
}

// A tetrahedron's vertices (position, pressure) in its mesh's frame.
std::array<Eigen::Vector4d, 4> TetrahedronVertices(const CompliantMesh& compliant, int tet) {
  const VolumeMesh::Element& t = compliant.mesh.element(tet);
  std::array<Eigen::Vector4d, 4> vertices;
  for (int i = 0; i < 4; ++i) {
    vertices[i] << compliant.mesh.vertex(t[i]), compliant.pressure.EvaluateAtVertex(t[i]);
  }
  return vertices;
}

}  // namespace

void IntersectCompliantRigidHalfSpace(const CompliantMesh& compliant_C,
                                      const RigidTransform& X_CH, ContactPolygons* polygons_C) {
  // H's boundary plane in C: normal Hz, through H's origin.
  const Eigen::Vector3d nhat_C = X_CH.rotation().col(2);
  const double offset = nhat_C.dot(X_CH.translation());
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  ClipPolygon polygon;
  VisitAgainstPlane(compliant_C.bvh, nhat_C, offset, /*must_cross_plane=*/true, [&](int tet) {
    const std::array<Eigen::Vector4d, 4> vertices = TetrahedronVertices(compliant_C, tet);
    std::array<double, 4> h;
    for (int i = 0; i < 4; ++i) h[i] = nhat_C.dot(vertices[i].head<3>()) - offset;
    SliceTetrahedron(vertices, h, nhat_C, &polygon);
    RemoveDuplicateVertices(&polygon);
    if (polygon.size < 3) return;
    polygons_C->Add(polygon, nhat_C, compliant_C.pressure.EvaluateGradient(tet), zero);
  });
}

void IntersectRigidCompliantHalfSpace(const CompliantHalfSpace& half_space_H,
                                      const RigidMesh& rigid_R, const RigidTransform& X_HR,
                                      bool normal_filter, ContactPolygons* polygons_H) {
  const TriangleSurfaceMesh& mesh_R = rigid_R.mesh;
  const Eigen::Matrix3d& R_HR = X_HR.rotation();
  const Eigen::Vector3d grad_p_H = half_space_H.PressureGradient();
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  const double margin = half_space_H.margin;
  // The slab's top plane z_H = margin, expressed in R for the traversal:
  // z_H(x_R) = Hz_R·x_R + p_HRo_z.
  const Eigen::Vector3d Hz_R = R_HR.row(2).transpose();
  const double offset_R = margin - X_HR.translation().z();
  const ClipHalfSpace slab_H{Eigen::Vector3d::UnitZ(), margin};
  ClipPolygon buffers[2];
  VisitAgainstPlane(rigid_R.bvh, Hz_R, offset_R, /*must_cross_plane=*/false, [&](int tri) {
    const Eigen::Vector3d nhat_H = R_HR * mesh_R.face_normal(tri);
    if (normal_filter && !IsAlongPressureGradient(nhat_H, grad_p_H)) return;
    const TriangleSurfaceMesh::Element& f = mesh_R.element(tri);
    ClipPolygon* in = &buffers[0];
    in->clear();
    int outside = 0;
    for (int k = 0; k < 3; ++k) {
      const Eigen::Vector3d p_H = X_HR * mesh_R.vertex(f[k]);
      Eigen::Vector4d vertex;
      vertex << p_H, half_space_H.Pressure(p_H.z());
      in->push_back(vertex);
      outside += p_H.z() > margin;
    }
    if (outside == 3) return;
    if (outside > 0) {
      if (!ClipByHalfSpace(*in, slab_H, &buffers[1])) return;
      in = &buffers[1];
    }
    RemoveDuplicateVertices(in);
    if (in->size < 3) return;
    polygons_H->Add(*in, nhat_H, grad_p_H, zero);
  });
}

void IntersectCompliantCompliantHalfSpace(const CompliantMesh& compliant_C,
                                          const CompliantHalfSpace& half_space_H,
                                          const RigidTransform& X_CH, bool normal_filter,
                                          ContactPolygons* polygons_C) {
  // In C: z_H(x) = Hz·x − Hz·p_CHo, p_H(x) = E (margin − z_H(x)) / slab.
  const Eigen::Vector3d Hz_C = X_CH.rotation().col(2);
  const double z_offset = Hz_C.dot(X_CH.translation());
  const double slope = half_space_H.hydroelastic_modulus / half_space_H.slab_thickness;
  const Eigen::Vector3d grad_p_H = -slope * Hz_C;
  const ClipHalfSpace slab_C{Hz_C, half_space_H.margin + z_offset};
  ClipPolygon buffers[2];
  VisitAgainstPlane(compliant_C.bvh, slab_C.normal, slab_C.offset, /*must_cross_plane=*/false,
                    [&](int tet) {
    const Eigen::Vector3d& grad_p_C = compliant_C.pressure.EvaluateGradient(tet);
    const Eigen::Vector3d grad_h = grad_p_C - grad_p_H;
    const double grad_h_sq = grad_h.squaredNorm();
    if (!(grad_h_sq > kEqualGradientsRatio * kEqualGradientsRatio *
                          (grad_p_C.squaredNorm() + slope * slope))) {
      return;
    }
    if (normal_filter && (!IsAlongPressureGradientUnnormalized(grad_h, grad_h_sq, grad_p_C) ||
                          !IsAlongPressureGradientUnnormalized(-grad_h, grad_h_sq, grad_p_H))) {
      return;
    }
    const Eigen::Vector3d nhat = grad_h / std::sqrt(grad_h_sq);
    const std::array<Eigen::Vector4d, 4> vertices = TetrahedronVertices(compliant_C, tet);
    std::array<double, 4> h;
    for (int i = 0; i < 4; ++i) {
      const double z_H = Hz_C.dot(vertices[i].head<3>()) - z_offset;
      h[i] = vertices[i][3] - half_space_H.Pressure(z_H);
    }
    ClipPolygon* in = &buffers[0];
    SliceTetrahedron(vertices, h, nhat, in);
    if (in->size < 3) return;
    if (!ClipByHalfSpace(*in, slab_C, &buffers[1])) return;
    in = &buffers[1];
    RemoveDuplicateVertices(in);
    if (in->size < 3) return;
    polygons_C->Add(*in, nhat, grad_p_C, grad_p_H);
  });
}

}  // namespace hydrocontact
