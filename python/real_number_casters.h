#pragma once

/// @file
/// The module's own conversions of the numbers it takes as arguments,
/// replacing pybind11's, which cast whatever NumPy or Python can cast:
///
/// - `double`: as pybind11 converts it (a float, or anything with
///   __float__ when conversion is allowed), except complex numbers, which
///   it refused only as Python's `complex`: a NumPy complex scalar
///   (numpy.complex128(0.1 + 1j)) or a 0-d complex array gave its real part
///   with a ComplexWarning; and except arrays of one or more dimensions: a
///   one-element array (numpy.array([0.5])) gave its entry, a conversion
///   NumPy itself deprecates (1.25), and a radius or a modulus passed as
///   an array is more likely a slip than a scalar meant.
/// - the fixed-size Eigen vectors and matrices (Vector3d, Vector4d,
///   Matrix3d, Matrix4d): pybind11's caster copied any array NumPy can cast,
///   so a complex vector lost its imaginary part, a masked array gave the
///   values under its mask and a datetime array its counts, with at most a
///   warning. This one accepts exactly what hydrocontact::python::ToMatrix
///   accepts (real numbers, no masked entries, shape (rows,) or (rows, 1)
///   for a vector, (rows, cols) for a matrix). Results go out as pybind11's
///   caster sends them: float64 arrays of shape (rows,) or (rows, cols),
///   copies.
///
/// What is refused matches no overload, so pybind11 raises its TypeError
/// naming the function, its signatures and the value given.
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
/// Whether the `double` caster refuses `number` even where conversion is
/// allowed: a Python complex number, a NumPy array of one or more
/// dimensions, or a NumPy scalar or 0-d array (anything with a dtype) whose
/// dtype WhyNotRealNumbers refuses in an array (complex, dates, durations,
/// records).
bool IsRefusedAsFloat(const pybind11::handle& number);
}  // namespace hydrocontact::python

namespace pybind11::detail {

/// The caster of `double` (see the file doc).
template <>
class type_caster<double> {
 public:
  bool load(handle src, bool convert) {
    if (!src) return false;
    // A float (NumPy's float64 is one) is taken as is; anything else only
    // when conversion is allowed, and never a complex number or an array.
    if (!PyFloat_Check(src.ptr()) && (!convert || hydrocontact::python::IsRefusedAsFloat(src))) {
      return false;
    }
    const double number = PyFloat_AsDouble(src.ptr());
    if (number == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      // As pybind11 does: a number type without __float__ may still
      // convert through float().
      if (convert && PyNumber_Check(src.ptr())) {
        const object as_float = reinterpret_steal<object>(PyNumber_Float(src.ptr()));
        PyErr_Clear();
        return as_float && load(as_float, false);
      }
      return false;
    }
    value = number;
    return true;
  }

  static handle cast(double src, return_value_policy /*policy*/, handle /*parent*/) {
    return PyFloat_FromDouble(src);
  }

  PYBIND11_TYPE_CASTER(double, const_name("float"));
};

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
