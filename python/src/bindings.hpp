// The Python module's areas (docs/python.md): one source per area of the library, each adding its
// classes and functions to the module.
#pragma once

#include <pybind11/pybind11.h>

namespace ramus::python {

namespace py = pybind11;

void bind_errors(py::module_& m);     // errors.cpp: ConfigurationError, IntegrationError, ScenarioError
void bind_kernel(py::module_& m);     // kernel.cpp: Model, Vehicle, System, layout, diagnostics
void bind_effectors(py::module_& m);  // effectors.cpp: state, dynamic and two-point effectors, gravity
void bind_steppers(py::module_& m);   // steppers.cpp: propagate, step halving, flight-software tasks
void bind_tasks(py::module_& m);      // tasks.cpp: flight-software tasks of the registered types
void bind_events(py::module_& m);     // events.cpp: events located between steps
void bind_analysis(py::module_& m);   // analysis.cpp: linear models
void bind_scenario(py::module_& m);   // scenario.cpp: scenario files and dicts, runs, campaigns
void bind_bench(py::module_& m);      // bench.cpp: the bench's models, a C++ run timed alone

}  // namespace ramus::python
