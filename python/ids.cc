// Python bindings of the identifiers and RigidTransform.

#include <string>

#include "geometry/identifier.h"
#include "python/bindings.h"

namespace hydrocontact::python {
namespace {

// GeometryId or FrameId: hashable, ordered, comparable by value.
template <class Id>
void BindIdentifier(py::module_& m, const char* name, const char* doc) {
  py::class_<Id>(m, name, doc)
      .def(py::init<>(), "An invalid id (ids are made by SceneGraph).")
      .def("is_valid", &Id::is_valid)
      .def("get_value", &Id::get_value, "The id's value. @throws RuntimeError for an invalid id.")
      .def("__eq__", [](Id a, Id b) { return a == b; }, py::is_operator())
      .def("__ne__", [](Id a, Id b) { return a != b; }, py::is_operator())
      .def("__lt__", [](Id a, Id b) { return a < b; }, py::is_operator())
      .def("__le__", [](Id a, Id b) { return a <= b; }, py::is_operator())
      .def("__gt__", [](Id a, Id b) { return a > b; }, py::is_operator())
      .def("__ge__", [](Id a, Id b) { return a >= b; }, py::is_operator())
      .def("__hash__", [](Id a) { return std::hash<Id>()(a); })
      .def("__repr__", &Id::to_string);
}

}  // namespace

void BindIdsAndTransforms(py::module_& m) {
  BindIdentifier<GeometryId>(m, "GeometryId", "The id of a geometry registered in a SceneGraph.");
  BindIdentifier<FrameId>(m, "FrameId", "The id of a frame registered in a SceneGraph.");

  py::class_<RigidTransform>(m, "RigidTransform",
                             "A rigid transform X_AB: rotation R_AB and translation p_AB (m).")
      .def(py::init<>(), "The identity.")
      .def(py::init([](const py::object& pose) { return ToRigidTransform(pose, "RigidTransform"); }),
           py::arg("pose"), "From a 4×4 homogeneous matrix or a pair (R, p).")
      .def(py::init([](const py::object& R, const py::object& p) {
             return ToRigidTransform(py::make_tuple(R, p), "RigidTransform");
           }),
           py::arg("R"), py::arg("p"), "From a 3×3 proper rotation R_AB and a translation p_AB.")
      .def_static("FromRollPitchYaw", &RigidTransform::FromRollPitchYaw, py::arg("rpy"),
                  py::arg("p") = Eigen::Vector3d::Zero().eval(),
                  "R = Rz(yaw)·Ry(pitch)·Rx(roll), angles in radians.")
      .def_static("FromAxisAngle", &RigidTransform::FromAxisAngle, py::arg("axis"), py::arg("angle"),
                  py::arg("p") = Eigen::Vector3d::Zero().eval())
      .def_static(
          "FromQuaternion",
          [](const Eigen::Vector4d& wxyz, const Eigen::Vector3d& p) {
            return RigidTransform::FromQuaternion(Eigen::Quaterniond(wxyz[0], wxyz[1], wxyz[2], wxyz[3]), p);
          },
          py::arg("wxyz"), py::arg("p") = Eigen::Vector3d::Zero().eval(),
          "From a quaternion [w, x, y, z] (normalised here).")
      .def_static(
          "FromApproximateRotation",
          [](const py::handle& M, const py::handle& p) {
            return RigidTransform::FromApproximateRotation(
                ToMatrix(M, 3, 3, "RigidTransform.FromApproximateRotation: M"),
                ToMatrix(p, 3, 1, "RigidTransform.FromApproximateRotation: p"));
          },
          py::arg("M"), py::arg("p") = Eigen::Vector3d::Zero().eval(),
          "The rotation nearest M (U·Vᵀ of its SVD), for a matrix that is a rotation up to round-off,\n"
          "such as one stored in float32. ValueError for a reflection, a non-finite entry, or a matrix\n"
          "further than 1e-3 from orthonormal (a scale or shear).")
      .def_static("Identity", &RigidTransform::Identity)
      .def("rotation", [](const RigidTransform& X) { return Eigen::Matrix3d(X.rotation()); }, "R_AB, 3×3.")
      .def("translation", [](const RigidTransform& X) { return Eigen::Vector3d(X.translation()); },
           "p_AB, (3,).")
      .def(
          "GetAsMatrix4",
          [](const RigidTransform& X) {
            Eigen::Matrix4d M = Eigen::Matrix4d::Identity();
            M.topLeftCorner<3, 3>() = X.rotation();
            M.topRightCorner<3, 1>() = X.translation();
            return M;
          },
          "The 4×4 homogeneous matrix.")
      .def("inverse", &RigidTransform::inverse)
      .def("__matmul__", [](const RigidTransform& X_AB, const RigidTransform& X_BC) { return X_AB * X_BC; },
           py::is_operator())
      .def("__mul__", [](const RigidTransform& X_AB, const RigidTransform& X_BC) { return X_AB * X_BC; },
           py::is_operator())
      .def("__mul__", [](const RigidTransform& X_AB, const Eigen::Vector3d& p_BQ) { return Eigen::Vector3d(X_AB * p_BQ); },
           py::is_operator())
      .def("RotateVector", &RigidTransform::RotateVector)
      .def("IsNearlyEqualTo", &RigidTransform::IsNearlyEqualTo, py::arg("other"), py::arg("tolerance"))
      .def("IsExactlyEqualTo", &RigidTransform::IsExactlyEqualTo)
      .def("__repr__",
           [](const RigidTransform& X) {
             py::object m4 = py::cast(X).attr("GetAsMatrix4")();
             return "RigidTransform(" + std::string(py::repr(m4)) + ")";
           })
      // Rebuilt by the (R, p) constructor (pickle protocols 0 and 1 cannot
      // rebuild a pybind11 object through __setstate__).
      .def("__reduce__", [](const RigidTransform& X) {
        return ReduceTo<RigidTransform>(
            py::make_tuple(Eigen::Matrix3d(X.rotation()), Eigen::Vector3d(X.translation())));
      });
}

}  // namespace hydrocontact::python
