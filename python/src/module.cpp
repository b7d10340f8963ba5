// The extension ramus._ramus (docs/python.md); the package ramus (python/ramus/__init__.py) wraps it.
#include "bindings.hpp"

namespace ramus::python {
void bind_environment(py::module_& m);      // environment.cpp: the environment's terms at points (ramus.eval_*)
void bind_python_effector(py::module_& m);  // python_effector.cpp: dynamic effectors written in Python
void bind_attitude(py::module_& m);         // attitude.cpp: attitude conversions over arrays (ramus.attitude)
void bind_fsw_algorithms(py::module_& m);   // fsw_algorithms.cpp: the flight-software laws (ramus.fsw)
void bind_orbit(py::module_& m);            // orbit.cpp: orbital elements over arrays (ramus.orbit)
void bind_stochastic(py::module_& m);       // stochastic.cpp: noise processes and SDE steppers (ramus.propagate_sde)
}  // namespace ramus::python

PYBIND11_MODULE(_ramus, m) {
  m.doc() = "ramus: multibody spacecraft dynamics by back-substitution (C++ core; docs/python.md)";
  ramus::python::bind_errors(m);
  ramus::python::bind_kernel(m);
  ramus::python::bind_effectors(m);
  ramus::python::bind_python_effector(m);  // after bind_kernel: extends ramus.DynamicEffector
  ramus::python::bind_tasks(m);
  ramus::python::bind_steppers(m);
  ramus::python::bind_events(m);
  ramus::python::bind_analysis(m);
  ramus::python::bind_scenario(m);
  ramus::python::bind_bench(m);
  ramus::python::bind_environment(m);
  ramus::python::bind_attitude(m);
  ramus::python::bind_fsw_algorithms(m);
  ramus::python::bind_orbit(m);
  ramus::python::bind_stochastic(m);
}
