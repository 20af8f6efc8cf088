#include "query_results/contact_surface_vtk.h"

#include <string>
#include <vector>

#include <Eigen/Core>

#include "mesh/text_file.h"

namespace hydrocontact {

std::string WriteContactSurfaceVtkString(const ContactSurface* surface, VtkEncoding encoding) {
  if (surface == nullptr) return WriteVtkSurfaceString(TriangleSurfaceMesh(), {}, {}, encoding);
  const ContactSurface& s = *surface;
  const int n = s.num_faces();
  std::vector<Eigen::Vector3d> normals(n), grad_M, grad_N;
  for (int f = 0; f < n; ++f) normals[f] = s.face_normal(f);
  std::vector<VtkCellVector> vectors{{"normal", &normals}};
  if (s.HasGradE_M()) {
    grad_M.resize(n);
    for (int f = 0; f < n; ++f) grad_M[f] = s.EvaluateGradE_M_W(f);
    vectors.push_back({"grad_eM", &grad_M});
  }
  if (s.HasGradE_N()) {
    grad_N.resize(n);
    for (int f = 0; f < n; ++f) grad_N[f] = s.EvaluateGradE_N_W(f);
    vectors.push_back({"grad_eN", &grad_N});
  }
  if (s.is_triangle()) {
    return WriteVtkSurfaceString(s.tri_mesh_W(), {{"pressure", &s.tri_e_MN().values()}}, vectors,
                                 encoding);
  }
  return WriteVtkSurfaceString(s.poly_mesh_W(), {{"pressure", &s.poly_e_MN().values()}}, vectors,
                               encoding);
}

void WriteContactSurfaceVtk(const std::filesystem::path& file, const ContactSurface* surface,
                            VtkEncoding encoding) {
  internal::WriteStringToFile(file, WriteContactSurfaceVtkString(surface, encoding), "VTK file");
}

}  // namespace hydrocontact
