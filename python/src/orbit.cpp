// Orbital elements over arrays of states (docs/python.md, "Orbit"; docs/environment/orbital_elements.md):
// each row goes through the library's functions (ramus/environment/orbital_elements.hpp). The
// package's ramus.orbit shapes the arrays; here every array is (n, k), row-major.
#include <cmath>
#include <string>
#include <vector>

#include "conversions.hpp"
#include "ramus/environment/orbital_elements.hpp"
#include "ramus/kernel/error.hpp"

namespace ramus::python {
namespace {

/// An (n, k) array of reals, or a ConfigurationError naming the function, the argument and its shape.
py::array_t<double> rows_of(const py::handle& value, const std::string& owner, const std::string& field,
                            py::ssize_t k) {
  py::array_t<double> a = to_real_array(value, owner, field);
  if (a.ndim() != 2 || a.shape(1) != k)
    throw ConfigurationError(owner, field, "an array of " + describe_array(a),
                             "must have " + std::to_string(k) + " entries per row");
  return a;
}

}  // namespace

void bind_orbit(py::module_& m) {
  m.def(
      "_state_from_elements",  // rows (a, e, i, raan, argp, nu) → rows (r_N, v_N)
      [](const py::handle& elements, double mu) {
        const py::array_t<double> a = rows_of(elements, "orbit.state_from_elements", "elements", 6);
        const py::ssize_t n = a.shape(0);
        std::vector<double> out(static_cast<std::size_t>(6 * n));
        for (py::ssize_t i = 0; i < n; ++i) {
          const double* p = a.data() + 6 * i;
          const OrbitState s = state_from_elements(OrbitalElements{p[0], p[1], p[2], p[3], p[4], p[5]}, mu);
          for (int k = 0; k < 3; ++k) out[6 * i + k] = s.r_N[k], out[6 * i + 3 + k] = s.v_N[k];
        }
        return hand_over(std::move(out), n, 6);
      },
      py::arg("elements"), py::arg("mu"));
  m.def(
      "_elements_from_state",  // rows (r_N, v_N) → rows (a, e, i, raan, argp, nu)
      [](const py::handle& states, double mu) {
        const py::array_t<double> a = rows_of(states, "orbit.elements_from_state", "state", 6);
        const py::ssize_t n = a.shape(0);
        std::vector<double> out(static_cast<std::size_t>(6 * n));
        for (py::ssize_t i = 0; i < n; ++i) {
          const double* p = a.data() + 6 * i;
          const OrbitalElements el =
              elements_from_state(Eigen::Vector3d(p[0], p[1], p[2]), Eigen::Vector3d(p[3], p[4], p[5]), mu);
          const double values[] = {el.a, el.e, el.i, el.raan, el.argp, el.nu};
          std::copy(values, values + 6, out.begin() + 6 * i);
        }
        return hand_over(std::move(out), n, 6);
      },
      py::arg("state"), py::arg("mu"));
}

}  // namespace ramus::python
