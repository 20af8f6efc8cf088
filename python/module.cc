// The Python module `hydrocontact`: contact queries (hydroelastic contact
// surfaces, point-pair penetration, signed distances, contact patches and
// kinematics, rays) on a SceneGraph, mesh files, and the result types with
// their fields as NumPy arrays. See bindings.h for the conventions.

#include <string>

#include "python/bindings.h"

namespace {

// Gives every class of `scope` (and the classes nested in them) that does
// not pickle a __reduce__ that refuses: pybind11 objects without one are
// written by pickle protocols 0 and 1 and then abort the process when read
// back (protocol 2 and above refuse them).
void RefuseUnpicklableClasses(const pybind11::handle& scope) {
  namespace py = pybind11;
  for (const auto& item : py::reinterpret_borrow<py::dict>(scope.attr("__dict__"))) {
    if (!py::isinstance<py::type>(item.second)) continue;
    const auto type = py::reinterpret_borrow<py::type>(item.second);
    // (Exceptions pickle as Python's own do.)
    if (!py::hasattr(type, "__module__") || py::str(type.attr("__module__")).cast<std::string>() != "hydrocontact" ||
        PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(type.ptr()),
                         reinterpret_cast<PyTypeObject*>(PyExc_BaseException))) {
      continue;
    }
    if (!type.attr("__dict__").contains("__reduce__")) {
      const std::string name = py::str(type.attr("__qualname__"));
      py::setattr(type, "__reduce__", py::cpp_function([name](const py::handle&) -> py::object {
                    throw py::type_error("cannot pickle 'hydrocontact." + name + "' object");
                  }, py::is_method(type)));
    }
    RefuseUnpicklableClasses(type);
  }
}

}  // namespace

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
  RefuseUnpicklableClasses(m);
}
