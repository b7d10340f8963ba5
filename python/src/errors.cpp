// ramus's exceptions as Python exceptions carrying the same messages (docs/python.md, "Errors"):
// ConfigurationError (a ValueError) for bad configuration, ScenarioError (a ConfigurationError)
// for a bad scenario object or file, IntegrationError (a RuntimeError) for a failed run, Error the
// base of any other.
#include "ramus/kernel/error.hpp"
#include "ramus/scenario/scenario.hpp"

#include "bindings.hpp"

namespace ramus::python {

void bind_errors(py::module_& m) {
  static py::exception<Error> error(m, "Error", PyExc_RuntimeError);
  // A ValueError for Python's conventions and a ramus.Error, so that `except ramus.Error` catches all.
  static py::exception<ConfigurationError> configuration(m, "ConfigurationError",
                                                         py::make_tuple(py::handle(PyExc_ValueError), error).release());
  static py::exception<scenario::ScenarioError> scenario_error(m, "ScenarioError", configuration.ptr());
  static py::exception<IntegrationError> integration(m, "IntegrationError", error.ptr());
  // The most derived first: pybind11 tries translators from the last registered.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ConfigurationError& e) {
      configuration(e.what());
    } catch (const scenario::ScenarioError& e) {
      scenario_error(e.what());
    } catch (const IntegrationError& e) {
      integration(e.what());
    } catch (const Error& e) {
      error(e.what());
    }
  });
}

}  // namespace ramus::python
