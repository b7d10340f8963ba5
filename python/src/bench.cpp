// Measurement helpers for the Python bench (bench/python/python_costs.py): the bench's sample
// models, and the same propagation timed in C++ alone, so that one process measures the Python
// call and the C++ call alternately (docs/benchmarks.md, "Python").
#include <pybind11/stl.h>

#include <chrono>

#include "conversions.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "ramus/steppers/propagate.hpp"
#include "system_handle.hpp"

namespace ramus::python {

void bind_bench(py::module_& m) {
  m.def(
      "_sample_model",
      [](const std::string& name) {
        std::shared_ptr<Model> model;
        if (name == "panels2") model = samples::panels2();
        if (name == "wheels4") model = samples::wheels4();
        if (name == "chain64") model = samples::chain(64);
        if (!model)
          throw ConfigurationError("_sample_model", "name", "'" + name + "'", "one of panels2, wheels4, chain64");
        if (!model->is_finalized()) model->finalize();
        return model;
      },
      py::arg("name"), "A model of ramus-bench (ramus/samples/spacecraft.hpp).");
  m.def(
      "_cpp_propagate_seconds",
      [](const std::shared_ptr<SystemHandle>& handle, const py::handle& x0, double t0, double t1,
         const std::string& stepper, double dt) {
        Eigen::VectorXd x = to_vector(x0, handle->system.model().layout().size(), "_cpp_propagate_seconds", "x0");
        PropagationSettings settings;
        settings.stepper = stepper;
        settings.dt = dt;
        SystemUse use(*handle);
        py::gil_scoped_release release;
        const auto start = std::chrono::steady_clock::now();
        propagate(handle->system, x, t0, t1, settings);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      },
      py::arg("system"), py::arg("x0"), py::arg("t0"), py::arg("t1"), py::arg("stepper"), py::arg("dt"),
      "Wall time [s] of one propagate() from C++ (x0 to t1, no observer): what a C++ caller pays.");
}

}  // namespace ramus::python
