// Arrays between numpy and Eigen (conversions.hpp).
#include "conversions.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::python {

Eigen::VectorXd to_vector(py::handle value, Eigen::Index size, const std::string& owner, const std::string& field) {
  py::array_t<double, py::array::c_style | py::array::forcecast> a;
  try {
    a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(value);
  } catch (const py::error_already_set&) {
  }
  if (!a) {
    PyErr_Clear();
    throw ConfigurationError(owner, field, std::string(py::str(py::type::of(value).attr("__name__"))),
                             "must be an array of " + std::to_string(size) + " numbers");
  }
  if (a.ndim() != 1 || a.shape(0) != size) {
    std::string shape = "(";
    for (py::ssize_t i = 0; i < a.ndim(); ++i) shape += (i ? ", " : "") + std::to_string(a.shape(i));
    shape += a.ndim() == 1 ? ",)" : ")";
    throw ConfigurationError(owner, field, "an array of shape " + shape,
                             "must be a 1-D array of " + std::to_string(size) + " numbers");
  }
  Eigen::VectorXd v(size);
  for (Eigen::Index i = 0; i < size; ++i) {
    v(i) = a.at(i);
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
    throw ConfigurationError(owner, field, std::string(py::str(py::type::of(value).attr("__name__"))),
                             "must be a number");
  }
  if (!std::isfinite(x)) throw ConfigurationError(owner, field, validation::to_text(x), "must be finite");
  return x;
}

py::array_t<double> copy_of(const Eigen::VectorXd& v) {
  py::array_t<double> a(v.size());
  std::copy(v.data(), v.data() + v.size(), a.mutable_data());
  return a;
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
