// The Python module `hydrocontact`: contact queries (hydroelastic contact
// surfaces, point-pair penetration, signed distances, contact patches and
// kinematics, rays) on a SceneGraph, mesh files, and the result types with
// their fields as NumPy arrays. See bindings.h for the conventions.

#include "python/bindings.h"

PYBIND11_MODULE(hydrocontact, m) {
  using namespace hydrocontact::python;
  m.doc() =
      "hydrocontact: hydroelastic contact surfaces, penetration and signed distance for physics "
      "plants.\nRegister shapes in a SceneGraph, set frame poses, query its query_object().";
  m.attr("__version__") = HYDROCONTACT_VERSION;
  // In dependency order: a type is bound before the signatures that name it.
  BindIdsAndTransforms(m);
  BindShapesAndProperties(m);
  BindMeshesAndFiles(m);
  BindResults(m);
  BindSceneGraph(m);
  BindQueryObject(m);
}
