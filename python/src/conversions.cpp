// Arrays between numpy and Eigen (conversions.hpp).
#include "conversions.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::python {
namespace {

std::string type_name(py::handle value) { return py::str(py::type::of(value).attr("__name__")); }

std::string shape_text(const py::array& a) {
  std::string shape = "(";
  for (py::ssize_t i = 0; i < a.ndim(); ++i) shape += (i ? ", " : "") + std::to_string(a.shape(i));
  return shape + (a.ndim() == 1 ? ",)" : ")");
}

}  // namespace

py::array_t<double> to_real_array(py::handle value, const std::string& owner, const std::string& field) {
  const bool is_array = py::isinstance<py::array>(value);
  // Converted without a dtype first, so that numpy says what the values are: a complex, object or
  // string array cast to float64 would lose its imaginary part or parse text without a word.
  py::array raw = is_array ? py::reinterpret_borrow<py::array>(value) : py::array::ensure(value);
  if (!raw) {
    PyErr_Clear();
    throw ConfigurationError(owner, field, type_name(value), "must be an array of real numbers");
  }
  const char kind = raw.dtype().kind();
  if (kind != 'f' && kind != 'i' && kind != 'u') {
    const std::string what = is_array || raw.ndim() > 0 ? "an array of dtype " + std::string(py::str(raw.dtype()))
                                                        : std::string("a ") + type_name(value);
    throw ConfigurationError(owner, field, what,
                             "must be real numbers (a complex, object, string or bool array is not converted)");
  }
  auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(raw);
  if (!a) {
    PyErr_Clear();
    throw ConfigurationError(owner, field, "an array of dtype " + std::string(py::str(raw.dtype())),
                             "must be an array of real numbers");
  }
  return a;
}

Eigen::VectorXd to_vector(py::handle value, Eigen::Index size, const std::string& owner, const std::string& field) {
  const py::array_t<double> a = to_real_array(value, owner, field);
  if (a.ndim() != 1 || a.shape(0) != size)
    throw ConfigurationError(owner, field, "an array of shape " + shape_text(a),
                             "must be a 1-D array of " + std::to_string(size) + " numbers");
  Eigen::VectorXd v(size);
  const double* data = a.data();
  for (Eigen::Index i = 0; i < size; ++i) {
    v(i) = data[i];
    if (!std::isfinite(v(i)))
      throw ConfigurationError(owner, field + "[" + std::to_string(i) + "]", validation::to_text(v(i)),
                               "must be finite");
  }
  return v;
}

double to_number(py::handle value, const std::string& owner, const std::string& field) {
  double x = 0.0;
  try {
    x = py::cast<double>(value);
  } catch (const py::cast_error&) {
    throw ConfigurationError(owner, field, type_name(value), "must be a number");
  }
  if (!std::isfinite(x)) throw ConfigurationError(owner, field, validation::to_text(x), "must be finite");
  return x;
}

std::uint64_t to_count(py::handle value, const std::string& owner, const std::string& field) {
  const std::string reason = "must be a whole number of at least 1";
  PyObject* o = value.ptr();
  if (PyBool_Check(o)) throw ConfigurationError(owner, field, std::string(py::repr(value)), reason);
  if (PyFloat_Check(o)) {
    const double x = PyFloat_AsDouble(o);
    if (!std::isfinite(x) || x != std::floor(x) || !(x >= 1.0) || x > 9.0e18)
      throw ConfigurationError(owner, field, validation::to_text(x), reason);
    return static_cast<std::uint64_t>(x);
  }
  if (!PyIndex_Check(o)) throw ConfigurationError(owner, field, "a " + type_name(value), reason);
  const auto index = py::reinterpret_steal<py::object>(PyNumber_Index(o));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0 || n < 1) throw ConfigurationError(owner, field, std::string(py::str(index)), reason);
  return static_cast<std::uint64_t>(n);
}

py::array_t<double> copy_of(const Eigen::VectorXd& v) {
  py::array_t<double> a(v.size());
  std::copy(v.data(), v.data() + v.size(), a.mutable_data());
  return a;
}

std::string describe_array(const py::array& a) {
  std::string s = "dtype " + std::string(py::str(a.dtype())) + ", shape " + shape_text(a);
  if (!(a.flags() & py::array::c_style)) s += ", not C-contiguous";
  if (!a.writeable()) s += ", read-only";
  return s;
}

double* lent_array_data(const py::array& a, py::ssize_t size, bool writable, const std::string& owner,
                        const std::string& field) {
  // array_t<double>::check_ compares dtypes as numpy's == does: a byte-swapped float64 differs.
  const bool intact = py::array_t<double>::check_(a) && a.ndim() == 1 && a.shape(0) == size &&
                      (a.flags() & py::array::c_style) && (!writable || a.writeable());
  if (!intact)
    throw ConfigurationError(owner, field, "an array of " + describe_array(a),
                             "was changed in place by Python: it must stay a writable 1-D C-contiguous float64 "
                             "array of " +
                                 std::to_string(size) +
                                 " entries (write its entries, do not resize, reshape or "
                                 "retype it)");
  return reinterpret_cast<double*>(py::detail::array_proxy(a.ptr())->data);
}

py::array_t<double> hand_over(std::vector<double>&& data, py::ssize_t rows, py::ssize_t cols) {
  auto* owned = new std::vector<double>(std::move(data));
  py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<double>*>(p); });
  const std::vector<py::ssize_t> shape{rows, cols};
  const std::vector<py::ssize_t> strides{cols * static_cast<py::ssize_t>(sizeof(double)),
                                         static_cast<py::ssize_t>(sizeof(double))};
  return py::array_t<double>(shape, strides, owned->data(), owner);
}

py::array_t<double> hand_over(std::vector<double>&& data) {
  auto* owned = new std::vector<double>(std::move(data));
  py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<double>*>(p); });
  return py::array_t<double>(static_cast<py::ssize_t>(owned->size()), owned->data(), owner);
}

}  // namespace ramus::python
