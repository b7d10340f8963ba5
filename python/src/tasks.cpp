// Registered flight-software tasks in Python (docs/python.md, "Flight software"): any task type of
// the registry (attitude_control, momentum_dump, …) built from keyword arguments by the scenario's
// own builder (ramus/scenario/objects.hpp) for one finalized model, with the same checks and
// messages as a file's flight_software.tasks[k]; propagate() runs a fresh task from it and logs its
// signals by name.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "ramus/scenario/objects.hpp"
#include "registered_task.hpp"

namespace ramus::python {

void bind_tasks(py::module_& m) {
  py::class_<RegisteredTask, std::shared_ptr<RegisteredTask>>(
      m, "RegisteredTask",
      "A flight-software task of a registered type for one model: give it to propagate(tasks=...); "
      "each run makes its own task from it. Its signals are logged as '<name>.<signal>'.")
      .def_property_readonly("name", [](const RegisteredTask& t) { return t.spec.name; })
      .def_property_readonly("type", [](const RegisteredTask& t) { return t.spec.type; })
      .def_property_readonly("seed", [](const RegisteredTask& t) { return t.seed.seed; })
      .def_property_readonly(
          "signals",
          [](const RegisteredTask& t) {
            py::list out;
            for (const TaskSignal& s : t.spec.signals) out.append(py::make_tuple(s.name, s.unit, s.size));
            return out;
          },
          "(name, unit, size) of each signal it publishes")
      .def("__repr__",
           [](const RegisteredTask& t) { return "<ramus task " + t.spec.type + " '" + t.spec.name + "'>"; });

  m.def(
      "_task",
      [](const std::string& json, const std::shared_ptr<Model>& model, double t0, std::uint64_t seed,
         const std::string& root) {
        if (!model) throw ConfigurationError(root, "model", "None", "needs a finalized Model");
        if (!model->is_finalized())
          throw ConfigurationError(root, "model", "not finalized", "call Model.finalize() first");
        auto task = std::make_shared<RegisteredTask>();
        task->spec = scenario::flight_software_task(json, model, t0, root);
        task->seed = NoiseSeed{seed, 0};
        task->model = model;
        return task;
      },
      py::arg("json"), py::arg("model"), py::arg("t0"), py::arg("seed"), py::arg("root"));
  m.def("task_types", &scenario::task_types, "The registered flight-software task types.");
}

}  // namespace ramus::python
