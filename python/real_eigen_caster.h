#pragma once

/// @file
/// The conversion of the fixed-size Eigen vectors and matrices the module
/// takes as arguments (Vector3d, Vector4d, Matrix3d, Matrix4d), replacing
/// pybind11's: its caster copies any array NumPy can cast, so a complex
/// vector lost its imaginary part, a masked array gave the values under its
/// mask and a datetime array its counts, with at most a warning. This one
/// accepts exactly what hydrocontact::python::ToMatrix accepts (real numbers,
/// no masked entries, shape (rows,) or (rows, 1) for a vector, (rows, cols)
/// for a matrix) and refuses the rest, so that pybind11 raises its TypeError
/// naming the function, its signatures and the value given. Results go out
/// as pybind11's caster sends them: float64 arrays of shape (rows,) or
/// (rows, cols), copies.
///
/// Include through python/bindings.h only: an explicit specialization must
/// be seen before any use of the type in a binding.

#include <stdexcept>

#include <Eigen/Core>
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>

namespace hydrocontact::python {
/// See python/bindings.h.
Eigen::MatrixXd ToMatrix(const pybind11::handle& array, pybind11::ssize_t rows,
                         pybind11::ssize_t cols, const char* what);
}  // namespace hydrocontact::python

namespace pybind11::detail {

/// The caster of a fixed-size double matrix type `Type` (see the file doc).
template <typename Type>
class RealEigenCaster {
 public:
  using props = EigenProps<Type>;

  bool load(handle src, bool convert) {
    // Without conversion, only a float64 array (pybind11's first pass over
    // the overloads).
    if (!convert && !isinstance<array_t<double>>(src)) return false;
    try {
      value = hydrocontact::python::ToMatrix(src, Type::RowsAtCompileTime,
                                             Type::ColsAtCompileTime, "argument");
    } catch (const std::invalid_argument&) {
      return false;  // The next overload, or pybind11's TypeError.
    }
    return true;
  }

  static handle cast(const Type& src, return_value_policy /*policy*/, handle /*parent*/) {
    return eigen_array_cast<props>(src);
  }

  static constexpr auto name = props::descriptor;

  // NOLINTNEXTLINE(google-explicit-constructor)
  operator Type*() { return &value; }
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator Type&() { return value; }
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator Type&&() && { return std::move(value); }
  template <typename T>
  using cast_op_type = movable_cast_op_type<T>;

 private:
  Type value;
};

template <>
class type_caster<Eigen::Vector3d> : public RealEigenCaster<Eigen::Vector3d> {};
template <>
class type_caster<Eigen::Vector4d> : public RealEigenCaster<Eigen::Vector4d> {};
template <>
class type_caster<Eigen::Matrix3d> : public RealEigenCaster<Eigen::Matrix3d> {};
template <>
class type_caster<Eigen::Matrix4d> : public RealEigenCaster<Eigen::Matrix4d> {};

}  // namespace pybind11::detail
