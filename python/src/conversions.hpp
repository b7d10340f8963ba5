// Arrays between numpy and Eigen (docs/python.md, "Arrays and copies"): what comes in is checked
// (type, shape, finite values) and copied into the library's storage; what goes out is handed to
// numpy without a copy when the library gives the buffer away, copied when the library keeps it.
// An array lent to a Python callback (a task's x and commands, an event callback's x) is checked
// again before the library reads or writes it, since Python may have resized or retyped it.
#pragma once

#include <pybind11/numpy.h>

#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

#include "bindings.hpp"

namespace ramus::python {

/// A 1-D array of `size` finite real numbers (any sequence numpy converts; integers are widened,
/// complex, object, string and bool arrays refused), copied; otherwise a ConfigurationError naming
/// `owner`, `field`, the dtype, the shape or the first non-finite entry.
Eigen::VectorXd to_vector(py::handle value, Eigen::Index size, const std::string& owner, const std::string& field);
/// `value` as a C-contiguous float64 array of any shape, refused as to_vector() refuses a
/// non-real dtype (the shape and the values are the caller's to check).
py::array_t<double> to_real_array(py::handle value, const std::string& owner, const std::string& field);
/// A finite number; otherwise a ConfigurationError naming `owner` and `field`.
double to_number(py::handle value, const std::string& owner, const std::string& field);
/// A whole number ≥ 1 (a Python or numpy integer, or a float with an integral value; not a bool);
/// otherwise a ConfigurationError naming `owner`, `field` and the value.
std::uint64_t to_count(py::handle value, const std::string& owner, const std::string& field);
/// A copy of v as a new numpy array (the library keeps v).
py::array_t<double> copy_of(const Eigen::VectorXd& v);
/// What an array is now, for a message: "dtype int8, shape (24,)", with ", not C-contiguous" or
/// ", read-only" when so.
std::string describe_array(const py::array& a);
/// The data of an array the library lent to Python (a callback's x, a task's commands), after
/// checking that it is still what was lent: float64 in native byte order, 1-D, C-contiguous, of
/// `size` entries, and writable when `writable`. Otherwise a ConfigurationError naming `owner`,
/// `field` and what the array became (Python may resize, reshape or retype an array in place; the
/// library then reads and writes only an array of the size it gave).
double* lent_array_data(const py::array& a, py::ssize_t size, bool writable, const std::string& owner,
                        const std::string& field);
/// A numpy array of shape (rows, cols) that takes over `data` (row-major, rows·cols values) without
/// copying: the array owns the buffer from now on.
py::array_t<double> hand_over(std::vector<double>&& data, py::ssize_t rows, py::ssize_t cols);
py::array_t<double> hand_over(std::vector<double>&& data);

}  // namespace ramus::python
