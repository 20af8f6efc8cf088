#include "proximity/compliant_compliant_intersection.h"

#include <array>
#include <utility>

#include "proximity/orientation_filter.h"
#include "proximity/polygon_clipping.h"

namespace hydrocontact {

void IntersectCompliantCompliant(const CompliantMesh& compliant_M,
                                 const CompliantMesh& compliant_N, const RigidTransform& X_MN,
                                 bool normal_filter, ContactPolygons* polygons_M) {
  const VolumeMesh& mesh_M = compliant_M.mesh;
  const VolumeMesh& mesh_N = compliant_N.mesh;
  const VolumeMeshFieldLinear& pressure_M = compliant_M.pressure;
  const VolumeMeshFieldLinear& pressure_N = compliant_N.pressure;
  const Eigen::Matrix3d& R_MN = X_MN.rotation();
  // M's origin in N: where N's linear functions are evaluated to express
  // them in M (p_N(x_M) = ∇p_N_M·x_M + p_N(Mo)).
  const Eigen::Vector3d p_NMo = X_MN.inverse().translation();
  ClipPolygon buffers[2];

  compliant_M.bvh.Collide(compliant_N.bvh, X_MN, [&](int e_M, int e_N) {
    const Eigen::Vector3d& grad_M = pressure_M.EvaluateGradient(e_M);
    const Eigen::Vector3d grad_N = R_MN * pressure_N.EvaluateGradient(e_N);
    const Eigen::Vector3d grad_h = grad_M - grad_N;
    const double grad_h_norm = grad_h.norm();
    if (!(grad_h_norm > kEqualGradientsRatio * (grad_M.norm() + grad_N.norm()))) return;
    const Eigen::Vector3d nhat = grad_h / grad_h_norm;
    if (normal_filter &&
        (!IsAlongPressureGradient(nhat, grad_M) || !IsAlongPressureGradient(-nhat, grad_N))) {
      return;
    }

    // h = p_M − p_N at e_M's vertices, using e_M's exact vertex values.
    const double p_N_at_Mo = pressure_N.EvaluateCartesian(e_N, p_NMo);
    const VolumeMesh::Element& tM = mesh_M.element(e_M);
    std::array<Eigen::Vector4d, 4> vertices_M;
    std::array<double, 4> h;
    int positive = 0;
    for (int i = 0; i < 4; ++i) {
      const Eigen::Vector3d& p = mesh_M.vertex(tM[i]);
      const double p_M = pressure_M.EvaluateAtVertex(tM[i]);
      vertices_M[i] << p, p_M;
      h[i] = p_M - (grad_N.dot(p) + p_N_at_Mo);
      positive += h[i] > 0;
    }
    if (positive == 0 || positive == 4) return;

    // e_N's vertices in M: the plane must cross e_N too.
    const VolumeMesh::Element& tN = mesh_N.element(e_N);
    std::array<Eigen::Vector3d, 4> w;
    const double p_M_at_Mo = pressure_M.EvaluateCartesian(e_M, Eigen::Vector3d::Zero());
    int above = 0, below = 0;
    for (int i = 0; i < 4; ++i) {
      w[i] = X_MN * mesh_N.vertex(tN[i]);
      const double h_w = grad_M.dot(w[i]) + p_M_at_Mo - pressure_N.EvaluateAtVertex(tN[i]);
      above += h_w > 0;
      below += h_w < 0;
    }
    if (above == 4 || below == 4) return;

    ClipPolygon* in = &buffers[0];
    ClipPolygon* out = &buffers[1];
    SliceTetrahedron(vertices_M, h, nhat, in);
    if (in->size < 3) return;
    for (int i = 0; i < 4; ++i) {
      const auto& local = VolumeMesh::kOutwardFaces[i];
      const ClipHalfSpace face = TetrahedronFaceHalfSpace(
          {tN[local[0]], tN[local[1]], tN[local[2]]}, {&w[local[0]], &w[local[1]], &w[local[2]]});
      if (!ClipByHalfSpace(*in, face, out) || out->size < 3) return;
      std::swap(in, out);
    }
    RemoveDuplicateVertices(in);
    if (in->size < 3) return;
    polygons_M->Add(*in, nhat, grad_M, grad_N);
  });
}

}  // namespace hydrocontact
