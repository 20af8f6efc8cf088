// A user's program against the installed package: a rigid 0.1 m cube
// pressed d = 0.01 m into a compliant half-space (modulus E = 1e6 Pa, slab
// t = 1 m). The bottom face is at depth d, so its pressure is uniformly
// E d / t = 1e4 Pa over 0.01 m²: 100 N upward on the cube. The side faces
// carry horizontal forces that cancel. Exits non-zero if the computed force
// disagrees.

#include <cmath>
#include <cstdio>

#include <hydrocontact/geometry/query_object.h>
#include <hydrocontact/geometry/scene_graph.h>

int main() {
  using namespace hydrocontact;
  SceneGraph scene;
  const GeometryId cube = scene.RegisterGeometry(scene.world_frame_id(),
                                                 RigidTransform(Eigen::Vector3d(0, 0, 0.04)),
                                                 Box(0.1, 0.1, 0.1), "cube",
                                                 ProximityProperties::Rigid());
  ProximityProperties soft = ProximityProperties::Compliant(1e6);
  soft.set_slab_thickness(1.0);
  scene.RegisterGeometry(scene.world_frame_id(), RigidTransform(), HalfSpace(), "floor", soft);
  const QueryObject query = scene.query_object();
  Eigen::Vector3d force_on_cube = Eigen::Vector3d::Zero();
  for (const ContactSurface& s : query.ComputeContactSurfaces(HydroelasticContactRepresentation::kTriangle)) {
    // Linear pressure on a triangle integrates to area × mean vertex value.
    // Normals point out of N into M: that is the force on M.
    const auto& mesh = s.tri_mesh_W();
    const auto& p = s.tri_e_MN().values();
    for (int f = 0; f < s.num_faces(); ++f) {
      const auto& t = mesh.element(f);
      const double mean = (p[t[0]] + p[t[1]] + p[t[2]]) / 3;
      const Eigen::Vector3d df = s.area(f) * mean * s.face_normal(f);
      force_on_cube += s.id_M() == cube ? df : Eigen::Vector3d(-df);
    }
  }
  std::printf("force on the cube: %.9g %.9g %.9g N (expected 0 0 100)\n", force_on_cube.x(),
              force_on_cube.y(), force_on_cube.z());
  const bool ok = std::abs(force_on_cube.z() - 100) < 1e-9 * 100 &&
                  std::abs(force_on_cube.x()) < 1e-9 && std::abs(force_on_cube.y()) < 1e-9;
  return ok ? 0 : 1;
}
