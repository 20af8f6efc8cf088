#pragma once

/// @file
/// The Python module `hydrocontact` (pybind11): the declarations the binding
/// files share. Each Bind* function adds one area of the library to the
/// module (one .cc file per area, so they compile in parallel); module.cc
/// calls them in dependency order (a type is bound before a signature that
/// names it is documented).
///
/// Conventions of the module, as pydrake's: classes, methods and arguments
/// keep their C++ names (ComputeContactSurfaces, id_M, p_WCa), so the C++
/// documentation is the Python documentation. Vectors are NumPy float64
/// arrays: a point or vector has shape (3,), a list of n of them (n, 3), a
/// list of n indices int32 (n,) or (n, k). Results are copies owned by Python
/// (no view into the SceneGraph that a later call could invalidate). C++
/// exceptions arrive with their message: std::invalid_argument as
/// ValueError, std::out_of_range as IndexError, other std::exception
/// (std::runtime_error from the file readers, std::logic_error) as
/// RuntimeError.

#include <array>
#include <vector>

#include <Eigen/Core>
// GCC 12 at -O3 reports m_storage "may be used uninitialized" where
// pybind11's Eigen caster (pybind11/eigen/matrix.h, load) move-assigns a
// fixed-size matrix it has just constructed: a false positive inside the
// two libraries' headers, silenced for this include only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <pybind11/eigen.h>
#pragma GCC diagnostic pop
#include <pybind11/numpy.h>
#include "python/real_number_casters.h"
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "geometry/rigid_transform.h"
#include "geometry/shape.h"
#include "mesh/polygon_surface_mesh.h"

namespace hydrocontact::python {

namespace py = pybind11;

/// The policy of every data member bound as an attribute
/// (def_readwrite/def_readonly, which pass it on to the getter): reading
/// returns a copy, as every result of the module is. pybind11's default
/// hands out a reference into the object for class types, so a value read
/// and kept would change with the object (`a = p.id_A; p.id_A = p.id_B`
/// left both ids equal) and a swap `p.id_A, p.id_B = p.id_B, p.id_A` would
/// corrupt the pair.
inline constexpr py::return_value_policy kByValue = py::return_value_policy::copy;

/// GeometryId, FrameId, RigidTransform (ids.cc).
void BindIdsAndTransforms(py::module_& m);
/// The shapes, ProximityProperties, ContactMaterial, CoulombFriction
/// (shapes.cc).
void BindShapesAndProperties(py::module_& m);
/// TriangleSurfaceMesh, PolygonSurfaceMesh, VolumeMesh and the mesh files
/// (meshes.cc).
void BindMeshesAndFiles(py::module_& m);
/// ContactSurface, PenetrationAsPointPair, SignedDistancePair,
/// SignedDistanceToPoint, ContactPatch, ContactKinematics, RayCastHit and
/// the spatial velocity/acceleration (results.cc).
void BindResults(py::module_& m);
/// SceneGraph (scene_graph.cc).
void BindSceneGraph(py::module_& m);
/// QueryObject (query_object.cc).
void BindQueryObject(py::module_& m);

/// n points or vectors as an (n, 3) float64 array (a copy).
py::array_t<double> ToArray(const std::vector<Eigen::Vector3d>& vectors);
/// n 2D points as an (n, 2) float64 array (a copy).
py::array_t<double> ToArray(const std::vector<Eigen::Vector2d>& points);
/// n values as an (n,) float64 array (a copy).
py::array_t<double> ToArray(const std::vector<double>& values);
/// n index tuples of size K as an (n, K) int32 array (a copy).
template <size_t K>
py::array_t<int> ToArray(const std::vector<std::array<int, K>>& elements) {
  py::array_t<int> out({static_cast<py::ssize_t>(elements.size()), static_cast<py::ssize_t>(K)});
  auto a = out.template mutable_unchecked<2>();
  for (size_t i = 0; i < elements.size(); ++i) {
    for (size_t k = 0; k < K; ++k) a(i, k) = elements[i][k];
  }
  return out;
}

/// An (n, 3) array (or anything NumPy turns into one) as n vectors.
/// @throws std::invalid_argument naming `what` if the shape is not (n, 3).
std::vector<Eigen::Vector3d> ToVectors(const py::handle& array, const char* what);
/// An (n, K) integer array as n index tuples.
/// @throws std::invalid_argument naming `what` if the shape is not (n, K).
template <size_t K>
std::vector<std::array<int, K>> ToElements(const py::handle& array, const char* what);

/// What `__reduce__` returns for a value of the bound type T that T's
/// constructor rebuilds from `args`: pickle (and copy) call the constructor
/// again, so an unpickled value is checked as a new one is, under every
/// pickle protocol (pybind11's __setstate__ pickling aborts the process
/// under protocols 0 and 1).
template <class T>
py::tuple ReduceTo(py::tuple args) {
  return py::make_tuple(py::type::of<T>(), std::move(args));
}

/// `e` with a __reduce__ that rebuilds a value from its integer (as
/// `E(int)` does): pybind11's own pickling of enums aborts the process
/// under pickle protocols 0 and 1. Wrap every py::enum_ in it.
template <class E>
py::enum_<E> PickleByValue(py::enum_<E> e) {
  e.def("__reduce__", [](E value) { return ReduceTo<E>(py::make_tuple(static_cast<int>(value))); });
  return e;
}

/// `text` (bytes from a file or a path, meant as UTF-8) as a Python str,
/// bytes that are not UTF-8 replaced by U+FFFD: names read from files can be
/// in any encoding, and a repr or a dict key must not fail on them.
py::str ToStr(const std::string& text);
/// The Python repr of ToStr(text): quoted, with quotes and control
/// characters escaped, as UTF-8.
std::string QuotedRepr(const std::string& text);

/// Why `array` is not an array of real numbers, or null: a NumPy masked
/// array with a masked entry, or an array of complex numbers, dates,
/// durations or structured records (float64 casts of these drop or invent
/// meaning). Anything else passes here (lists, objects and strings are
/// judged by the conversion to float64).
const char* WhyNotRealNumbers(const py::handle& array);

/// `array` (a NumPy array, or anything numpy.asarray takes) as a
/// C-contiguous float64 array, converted as numpy.asarray does.
/// @throws std::invalid_argument naming `what` if it is None, if
///         WhyNotRealNumbers says why, or if it does not convert.
py::array_t<double, py::array::c_style | py::array::forcecast> AsDoubleArray(const py::handle& array,
                                                                             const char* what);

/// A rows × cols matrix from an array of that shape (a vector: cols = 1,
/// from an array of shape (rows,) or (rows, 1)).
/// @throws std::invalid_argument naming `what` and the shape otherwise.
Eigen::MatrixXd ToMatrix(const py::handle& array, py::ssize_t rows, py::ssize_t cols, const char* what);

/// A 2-D array (or anything NumPy turns into one) of `rows` × `cols`
/// numbers, row-major.
struct Grid {
  py::ssize_t rows{0};
  py::ssize_t cols{0};
  std::vector<double> values;
};
/// @throws std::invalid_argument naming `what` if `array` is not a 2-D
///         array of numbers or has more than `max_values` of them (checked
///         before anything is copied).
Grid ToGrid(const py::handle& array, const char* what, py::ssize_t max_values);

/// A pose given as a RigidTransform, a 4×4 homogeneous matrix (array-like)
/// or a pair (R, p) of a 3×3 rotation and a 3-vector.
/// @throws std::invalid_argument naming `what` and the problem (wrong shape,
///         bottom row not [0, 0, 0, 1], R not a proper rotation, non-finite).
RigidTransform ToRigidTransform(const py::handle& pose, const char* what);

/// The faces of a polygon mesh as a list of int32 arrays (one per polygon,
/// its vertex indices counter-clockwise about the face normal).
py::list ToPolygonList(const PolygonSurfaceMesh& mesh);

/// A Python shape object (Sphere, Box, ...) as a Shape. (pybind11's variant
/// caster needs a default-constructible variant, which Shape is not.)
/// @throws std::invalid_argument naming `what` if `shape` is not a shape.
Shape ToShape(const py::handle& shape, const char* what);
/// A Shape as its Python object (a copy).
py::object FromShape(const Shape& shape);

}  // namespace hydrocontact::python
