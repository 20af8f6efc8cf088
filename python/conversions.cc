// The conversions between NumPy arrays and the library's types that every
// binding file uses (declared in bindings.h).

#include <climits>
#include <stdexcept>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "python/bindings.h"

namespace hydrocontact::python {
namespace {

std::string ShapeOf(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t i = 0; i < a.ndim(); ++i) s += (i ? ", " : "") + std::to_string(a.shape(i));
  return s + (a.ndim() == 1 ? ",)" : ")");
}

// Why values of the NumPy dtype kind `kind` are no real numbers, or null
// when they are: casting them to float64 would drop an imaginary part, or
// turn dates and durations into counts of an arbitrary unit, never what was
// meant.
const char* WhyKindIsNotReal(char kind) {
  switch (kind) {
    case 'c':
      return "has complex values (pass the real part explicitly if that is what is meant)";
    case 'm':
    case 'M':
      return "holds dates or durations, not numbers";
    case 'V':
      return "holds structured records, not numbers";
    default:
      return nullptr;
  }
}

}  // namespace

const char* WhyNotRealNumbers(const py::handle& h) {
  // numpy.ma.MaskedArray, looked up once and kept for the process's life
  // (released, so nothing touches it after the interpreter has finalised).
  static const py::handle masked_array_type =
      py::object(py::module_::import("numpy.ma").attr("MaskedArray")).release();
  if (py::isinstance(h, masked_array_type) &&
      py::module_::import("numpy.ma").attr("getmaskarray")(h).attr("any")().cast<bool>()) {
    return "has masked entries (fill them first, e.g. with numpy.ma.filled)";
  }
  // (A masked array is an ndarray too: its dtype is checked below.)
  if (!py::isinstance<py::array>(h)) return nullptr;
  return WhyKindIsNotReal(py::reinterpret_borrow<py::array>(h).dtype().kind());
}

bool IsRefusedAsFloat(const py::handle& number) {
  if (PyComplex_Check(number.ptr())) return true;
  if (py::isinstance<py::array>(number) && py::reinterpret_borrow<py::array>(number).ndim() > 0) {
    return true;
  }
  // NumPy's complex64 and complex256 scalars are no Python complex; they,
  // and 0-d arrays, tell by their dtype (as arrays do in WhyNotRealNumbers).
  if (!py::hasattr(number, "dtype")) return false;
  const py::object dtype = number.attr("dtype");
  if (!py::hasattr(dtype, "kind")) return false;
  const std::string kind = py::str(dtype.attr("kind"));
  return kind.size() == 1 && WhyKindIsNotReal(kind[0]) != nullptr;
}

namespace {

// @throws std::invalid_argument naming `what` if WhyNotRealNumbers(h) says why.
void RequireRealNumbers(const py::handle& h, const char* what) {
  if (const char* why = WhyNotRealNumbers(h)) {
    throw std::invalid_argument(fmt::format("{}: expected real numbers, but the array {}", what, why));
  }
}

// NumPy's conversion of `h` to an array (PyArray_FromAny with `flags`, and
// `dtype` when not null: the reference is stolen), or a null object when
// NumPy finds `h` not convertible (a TypeError or ValueError, cleared, for
// the caller to report with its own message). Any other error is no
// verdict on the input (a MemoryError, a KeyboardInterrupt, an exception
// raised by the object's own __array__) and propagates unchanged;
// py::array::ensure would clear it and report a wrong type.
py::object ConvertedOrNull(const py::handle& h, PyObject* dtype, int flags) {
  PyObject* result = py::detail::npy_api::get().PyArray_FromAny_(
      h.ptr(), dtype, 0, 0, py::detail::npy_api::NPY_ARRAY_ENSUREARRAY_ | flags, nullptr);
  if (result != nullptr) return py::reinterpret_steal<py::object>(result);
  if (!PyErr_Occurred()) return py::object();
  if (PyErr_ExceptionMatches(PyExc_TypeError) || PyErr_ExceptionMatches(PyExc_ValueError)) {
    PyErr_Clear();
    return py::object();
  }
  throw py::error_already_set();
}

}  // namespace

py::array_t<double, py::array::c_style | py::array::forcecast> AsDoubleArray(const py::handle& h,
                                                                             const char* what) {
  if (h.is_none()) throw std::invalid_argument(fmt::format("{}: expected an array of numbers, got None", what));
  auto refuse = [&] {
    return std::invalid_argument(fmt::format("{}: expected an array of numbers, got {}", what,
                                             std::string(py::str(py::type::of(h)))));
  };
  // The mask is checked on what was given (numpy.asarray drops it), the
  // dtype on what NumPy makes of it (a list of complex numbers becomes a
  // complex array).
  RequireRealNumbers(h, what);
  py::object given = py::reinterpret_borrow<py::object>(h);
  if (!py::isinstance<py::array>(h)) {
    py::object converted = ConvertedOrNull(h, nullptr, 0);
    if (!converted) throw refuse();
    RequireRealNumbers(converted, what);
    given = std::move(converted);
  }
  using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;
  py::object a = ConvertedOrNull(given, py::dtype::of<double>().release().ptr(),
                                 py::array::c_style | py::array::forcecast);
  if (!a) throw refuse();
  return py::reinterpret_steal<DoubleArray>(a.release());
}

py::str ToStr(const std::string& text) {
  PyObject* decoded = PyUnicode_DecodeUTF8(text.data(), static_cast<py::ssize_t>(text.size()), "replace");
  if (decoded == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

std::string QuotedRepr(const std::string& text) { return py::repr(ToStr(text)); }

Eigen::MatrixXd ToMatrix(const py::handle& h, py::ssize_t rows, py::ssize_t cols, const char* what) {
  const auto a = AsDoubleArray(h, what);
  const bool vector_ok = cols == 1 && a.ndim() == 1 && a.shape(0) == rows;
  if (!vector_ok && !(a.ndim() == 2 && a.shape(0) == rows && a.shape(1) == cols)) {
    throw std::invalid_argument(fmt::format("{}: expected shape ({}{}), got {}", what, rows,
                                            cols == 1 ? "," : fmt::format(", {}", cols), ShapeOf(a)));
  }
  Eigen::MatrixXd m(rows, cols);
  const double* data = a.data();
  for (py::ssize_t i = 0; i < rows; ++i) {
    for (py::ssize_t j = 0; j < cols; ++j) m(i, j) = data[i * cols + j];
  }
  return m;
}

py::array_t<double> ToArray(const std::vector<Eigen::Vector3d>& vectors) {
  py::array_t<double> out({static_cast<py::ssize_t>(vectors.size()), py::ssize_t{3}});
  auto a = out.mutable_unchecked<2>();
  for (size_t i = 0; i < vectors.size(); ++i) {
    for (int k = 0; k < 3; ++k) a(i, k) = vectors[i][k];
  }
  return out;
}

py::array_t<double> ToArray(const std::vector<Eigen::Vector2d>& points) {
  py::array_t<double> out({static_cast<py::ssize_t>(points.size()), py::ssize_t{2}});
  auto a = out.mutable_unchecked<2>();
  for (size_t i = 0; i < points.size(); ++i) {
    for (int k = 0; k < 2; ++k) a(i, k) = points[i][k];
  }
  return out;
}

py::array_t<double> ToArray(const std::vector<double>& values) {
  py::array_t<double> out(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

std::vector<Eigen::Vector3d> ToVectors(const py::handle& h, const char* what) {
  const auto a = AsDoubleArray(h, what);
  // An empty list is an empty (0,) array: no vectors; so is (0, 3). Other
  // empty shapes ((3, 0), (0, 5)) are the wrong shape, not "nothing".
  if (a.size() == 0 && (a.ndim() == 1 || (a.ndim() == 2 && a.shape(1) == 3))) return {};
  if (a.ndim() != 2 || a.shape(1) != 3) {
    throw std::invalid_argument(fmt::format("{}: expected shape (n, 3), got {}", what, ShapeOf(a)));
  }
  std::vector<Eigen::Vector3d> out(a.shape(0));
  const double* data = a.data();
  for (size_t i = 0; i < out.size(); ++i) out[i] = Eigen::Vector3d(data + 3 * i);
  return out;
}

Grid ToGrid(const py::handle& h, const char* what, py::ssize_t max_values) {
  // The shape is checked on the array as given (a view is not copied), before
  // the conversion to contiguous doubles copies it; a mask before asarray
  // drops it.
  RequireRealNumbers(h, what);
  const py::array given = py::module_::import("numpy").attr("asarray")(h);
  // Booleans and numbers convert; anything else (None, objects, strings)
  // must convert as numbers or is refused as no array of numbers.
  const char kind = given.dtype().kind();
  if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f') (void)AsDoubleArray(h, what);
  if (given.ndim() != 2) {
    throw std::invalid_argument(
        fmt::format("{}: expected a 2-D array (rows, columns), got shape {}", what, ShapeOf(given)));
  }
  if (given.size() > max_values) {
    throw std::invalid_argument(fmt::format("{}: shape {} holds {} values; at most {} are supported",
                                            what, ShapeOf(given), given.size(), max_values));
  }
  const auto a = AsDoubleArray(given, what);
  return Grid{a.shape(0), a.shape(1), std::vector<double>(a.data(), a.data() + a.size())};
}

template <size_t K>
std::vector<std::array<int, K>> ToElements(const py::handle& h, const char* what) {
  RequireRealNumbers(h, what);  // (a mask, which asarray would drop)
  const py::array raw = py::module_::import("numpy").attr("asarray")(h);
  // (An empty list, of whatever dtype, or (0, K): no elements; see ToVectors.)
  if (raw.size() == 0 && (raw.ndim() == 1 || (raw.ndim() == 2 && raw.shape(1) == static_cast<py::ssize_t>(K)))) {
    return {};
  }
  // Refuse floats rather than truncate them (1.5 is no vertex index).
  const char kind = raw.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw std::invalid_argument(fmt::format("{}: expected integer indices, got dtype {}", what,
                                            std::string(py::str(raw.dtype()))));
  }
  const auto a = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(raw);
  if (a.ndim() != 2 || a.shape(1) != static_cast<py::ssize_t>(K)) {
    throw std::invalid_argument(fmt::format("{}: expected shape (n, {}), got {}", what, K, ShapeOf(a)));
  }
  std::vector<std::array<int, K>> out(a.shape(0));
  const int64_t* data = a.data();
  for (size_t i = 0; i < out.size(); ++i) {
    for (size_t k = 0; k < K; ++k) {
      const int64_t v = data[i * K + k];
      if (v < INT_MIN || v > INT_MAX) {
        throw std::invalid_argument(fmt::format("{}: index {} of row {} is out of range", what, v, i));
      }
      out[i][k] = static_cast<int>(v);
    }
  }
  return out;
}
template std::vector<std::array<int, 3>> ToElements<3>(const py::handle&, const char*);
template std::vector<std::array<int, 4>> ToElements<4>(const py::handle&, const char*);

RigidTransform ToRigidTransform(const py::handle& pose, const char* what) {
  if (py::isinstance<RigidTransform>(pose)) return pose.cast<RigidTransform>();
  // RigidTransform's own refusals (not a proper rotation, not finite) say
  // which argument they are about (unless `what` already opens them, as
  // for the RigidTransform constructor itself).
  auto make = [what](const Eigen::Matrix3d& R, const Eigen::Vector3d& p) {
    try {
      return RigidTransform(R, p);
    } catch (const std::invalid_argument& e) {
      if (std::string_view(e.what()).starts_with(what)) throw;
      throw std::invalid_argument(fmt::format("{}: {}", what, e.what()));
    }
  };
  // A pair (R, p). (A 4×4 matrix given as nested lists has 4 rows, not 2.)
  if ((py::isinstance<py::tuple>(pose) || py::isinstance<py::list>(pose)) && py::len(pose) == 2) {
    const auto pair = py::reinterpret_borrow<py::sequence>(pose);
    const std::string r_what = fmt::format("{} (R, p): R", what);
    const std::string p_what = fmt::format("{} (R, p): p", what);
    const Eigen::Matrix3d R = ToMatrix(pair[0], 3, 3, r_what.c_str());
    const Eigen::Vector3d p = ToMatrix(pair[1], 3, 1, p_what.c_str());
    return make(R, p);
  }
  if (py::isinstance<py::array>(pose) || py::isinstance<py::sequence>(pose)) {
    const std::string m_what =
        fmt::format("{}: a pose is a RigidTransform, a 4×4 matrix or a pair (R, p); the matrix", what);
    const Eigen::MatrixXd X = ToMatrix(pose, 4, 4, m_what.c_str());
    if (!(X(3, 0) == 0 && X(3, 1) == 0 && X(3, 2) == 0 && X(3, 3) == 1)) {
      throw std::invalid_argument(fmt::format(
          "{}: the bottom row of a 4×4 pose must be [0, 0, 0, 1], got [{}, {}, {}, {}]", what, X(3, 0),
          X(3, 1), X(3, 2), X(3, 3)));
    }
    return make(X.topLeftCorner<3, 3>(), X.topRightCorner<3, 1>());
  }
  throw std::invalid_argument(fmt::format(
      "{}: a pose is a RigidTransform, a 4×4 matrix or a pair (R, p), got {}", what,
      std::string(py::str(py::type::of(pose)))));
}

}  // namespace hydrocontact::python
