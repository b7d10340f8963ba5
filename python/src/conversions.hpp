// Arrays between numpy and Eigen (docs/python.md, "Arrays and copies"): what comes in is checked
// (type, shape, finite values) and copied into the library's storage; what goes out is handed to
// numpy without a copy when the library gives the buffer away, copied when the library keeps it.
#pragma once

#include <pybind11/numpy.h>

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "bindings.hpp"

namespace ramus::python {

/// A 1-D array of `size` finite numbers (any sequence numpy converts), copied; otherwise a
/// ConfigurationError naming `owner`, `field`, the shape or the first non-finite entry.
Eigen::VectorXd to_vector(py::handle value, Eigen::Index size, const std::string& owner, const std::string& field);
/// A finite number; otherwise a ConfigurationError naming `owner` and `field`.
double to_number(py::handle value, const std::string& owner, const std::string& field);
/// A copy of v as a new numpy array (the library keeps v).
py::array_t<double> copy_of(const Eigen::VectorXd& v);
/// A numpy array of shape (rows, cols) that takes over `data` (row-major, rows·cols values) without
/// copying: the array owns the buffer from now on.
py::array_t<double> hand_over(std::vector<double>&& data, py::ssize_t rows, py::ssize_t cols);
py::array_t<double> hand_over(std::vector<double>&& data);

}  // namespace ramus::python
