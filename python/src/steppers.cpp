// Propagation in Python (docs/python.md, "Propagating"): propagate() with any stepper of the list,
// the logged quantities at the output times as numpy arrays, flight-software tasks written in
// Python, and the step-halving study. The GIL is released while C++ integrates; a Python task or
// error function takes it back for its call only, and the step observer briefly every 0.05 s of
// wall time to run Python's signal handlers (interrupt.hpp: Ctrl-C stops the run).
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <tuple>

#include "conversions.hpp"
#include "events.hpp"
#include "interrupt.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_plan.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "ramus/steppers/stepper_list.hpp"
#include "registered_task.hpp"
#include "system_handle.hpp"

namespace ramus::python {
namespace {

std::string type_name(const py::handle& value) { return py::str(py::type::of(value).attr("__name__")); }

/// A task's attribute or an entry of its outputs() as a string, else a ConfigurationError.
std::string task_text(const py::handle& value, const std::string& owner, const std::string& field) {
  if (!py::isinstance<py::str>(value)) throw ConfigurationError(owner, field, "a " + type_name(value), "must be a str");
  return value.cast<std::string>();
}

/// A flight-software task written in Python (an object of ramus.Task): the driver calls update()
/// at its sample times with the GIL taken. The state and the commands pass through two arrays the
/// task owns (allocated once in bind()), so a Python object that keeps them keeps valid memory.
/// Python may resize, reshape or retype them in place (x.resize(), x.dtype = ...): each is checked
/// before the library writes it and after each call, and refused by name when it changed.
class PythonTask final : public FlightSoftwareTask {
 public:
  PythonTask(py::object task, std::string name, std::string vehicle, TaskTiming timing)
      : FlightSoftwareTask(std::move(name), std::move(vehicle), timing), task_(std::move(task)), label_(label()) {
    const py::object outputs = task_.attr("outputs")();
    if (!py::isinstance<py::iterable>(outputs))
      throw ConfigurationError(label_, "outputs()", "a " + type_name(outputs), "must return a list of channel names");
    for (const py::handle o : outputs)
      outputs_.push_back(task_text(o, label_, "outputs()[" + std::to_string(outputs_.size()) + "]"));
  }
  ~PythonTask() override {
    py::gil_scoped_acquire gil;
    x_ = py::array_t<double>();
    commands_ = py::array_t<double>();
    task_ = py::object();
  }
  std::vector<std::string> outputs() const override { return outputs_; }
  void bind(const Model& model) override {
    py::gil_scoped_acquire gil;
    x_ = py::array_t<double>(model.layout().size());
    commands_ = py::array_t<double>(static_cast<py::ssize_t>(outputs_.size()));
    std::fill(commands_.mutable_data(), commands_.mutable_data() + commands_.size(), 0.0);
  }
  void update(const TaskInput& in, std::span<double> commands) override {
    static const std::string x_field = "x", commands_field = "commands";
    const auto n = static_cast<py::ssize_t>(in.x.size());
    const auto m = static_cast<py::ssize_t>(commands.size());
    py::gil_scoped_acquire gil;
    // Before the write: the task may have kept x and changed it since its last call.
    double* x = lent_array_data(x_, n, true, label_, x_field);
    std::copy(in.x.data(), in.x.data() + n, x);
    task_.attr("update")(in.t, x_, commands_);
    lent_array_data(x_, n, false, label_, x_field);  // refused at the call that changed it
    const double* u = lent_array_data(commands_, m, false, label_, commands_field);
    std::copy(u, u + m, commands.begin());
  }

 private:
  py::object task_;
  std::string label_;  ///< "flight-software task 'name'", for the messages
  std::vector<std::string> outputs_;
  py::array_t<double> x_, commands_;
};

std::shared_ptr<PythonTask> python_task(const py::handle& task) {
  const std::string name = task_text(task.attr("name"), "flight-software task", "name");
  const std::string owner = "flight-software task '" + name + "'";
  TaskTiming t;
  t.period = to_number(task.attr("period"), owner, "period [s]");
  t.offset = to_number(task.attr("offset"), owner, "offset [s]");
  const py::object delay = task.attr("delay");
  if (PyBool_Check(delay.ptr()) || !PyLong_Check(delay.ptr()))
    throw ConfigurationError(owner, "delay [samples]", std::string(py::repr(delay)), "must be 0 or 1 (an int)");
  int overflow = 0;
  const long long d = PyLong_AsLongLongAndOverflow(delay.ptr(), &overflow);
  if (overflow != 0 || d < 0 || d > 1)
    throw ConfigurationError(owner, "delay [samples]", std::string(py::repr(delay)), "must be 0 or 1");
  t.delay = static_cast<int>(d);
  return std::make_shared<PythonTask>(py::reinterpret_borrow<py::object>(task), name,
                                      task_text(task.attr("vehicle"), owner, "vehicle"), t);
}

std::vector<double> output_times(const py::handle& times) {
  const py::array_t<double> a = to_real_array(times, "propagate", "times");
  if (a.ndim() != 1 || a.shape(0) < 2)
    throw ConfigurationError("propagate", "times", "not a 1-D array of at least 2 times",
                             "give the output times [s], the first the start of the run");
  std::vector<double> t(a.data(), a.data() + a.shape(0));
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!std::isfinite(t[i]))
      throw ConfigurationError("propagate", "times[" + std::to_string(i) + "]", validation::to_text(t[i]),
                               "must be finite");
    if (i > 0 && !(t[i] > t[i - 1]))
      throw ConfigurationError("propagate", "times[" + std::to_string(i) + "]", validation::to_text(t[i]),
                               "must be greater than the time before it");
  }
  return t;
}

/// The driver's settings from Python's arguments, checked here so that a bad one is a
/// ConfigurationError naming the field (the driver's own checks throw IntegrationError, which
/// docs/python.md keeps for a run that fails).
PropagationSettings run_settings(const std::string& owner, const std::string& stepper, const py::handle& dt,
                                 const py::handle& abs_tol, const py::handle& rel_tol, const py::handle& max_steps) {
  PropagationSettings s;
  const bool adaptive = stepper_info(stepper).adaptive;  // an unknown name: ConfigurationError listing them
  s.stepper = stepper;
  s.dt = to_number(dt, owner, "dt [s]");
  if (!(s.dt > 0.0))
    throw ConfigurationError(owner, "dt [s]", validation::to_text(s.dt),
                             adaptive ? "must be positive (the first trial step of an adaptive stepper)"
                                      : "must be positive (the fixed step)");
  s.abs_tol = to_number(abs_tol, owner, "abs_tol");
  s.rel_tol = to_number(rel_tol, owner, "rel_tol");
  if (adaptive && !(s.abs_tol > 0.0))
    throw ConfigurationError(owner, "abs_tol", validation::to_text(s.abs_tol), "must be positive");
  if (adaptive && !(s.rel_tol >= 0.0))
    throw ConfigurationError(owner, "rel_tol", validation::to_text(s.rel_tol), "must be non-negative");
  s.max_steps = to_count(max_steps, owner, "max_steps");
  return s;
}

/// A time [s] of step_halving, finite.
double finite_time(const py::handle& value, const std::string& field) {
  return to_number(value, "step_halving", field);
}

}  // namespace

void bind_steppers(py::module_& m) {
  m.def(
      "stepper_list",
      [] {
        py::list out;
        for (const StepperInfo& s : stepper_list()) {
          py::dict d;
          d["name"] = std::string(s.name);
          d["adaptive"] = s.adaptive;
          d["order"] = s.order;
          d["implicit"] = s.implicit;
          d["description"] = std::string(s.description);
          out.append(d);
        }
        return out;
      },
      "The steppers by name, with whether each is adaptive, its order and the Odeint type behind it.");

  m.def(
      "_propagate",
      [](const std::shared_ptr<SystemHandle>& handle, const py::handle& x0, const py::handle& times,
         const std::string& stepper, const py::handle& dt, const py::handle& abs_tol, const py::handle& rel_tol,
         const py::handle& max_steps, const std::optional<std::vector<std::string>>& log, const py::list& tasks,
         const std::vector<std::tuple<double, std::string, double>>& schedule, const py::list& events) {
        const Model& model = handle->system.model();
        const Eigen::Index n = model.layout().size();
        Eigen::VectorXd x = to_vector(x0, n, "propagate", "x0");
        const std::vector<double> t = output_times(times);
        // The schedule: (t, channel, value) sorted by time; the driver's grid is the output times
        // and the schedule's times, so that each change applies between steps at its time.
        scenario::RunPlan plan;
        plan.output_times = t;
        for (std::size_t i = 0; i < schedule.size(); ++i) {
          const auto& [ti, channel, value] = schedule[i];
          const std::string field = "inputs[" + std::to_string(i) + "]";
          if (!std::isfinite(ti) || ti < t.front() || ti > t.back())
            throw ConfigurationError("propagate", field + ".t [s]", validation::to_text(ti),
                                     "must be within the output times [" + validation::to_text(t.front()) + ", " +
                                         validation::to_text(t.back()) + "]");
          if (!std::isfinite(value))
            throw ConfigurationError("propagate", field + ".value", validation::to_text(value), "must be finite");
          const Eigen::Index c = handle->system.inputs().find(channel);
          plan.inputs.push_back({ti, field, [c, value](const System& system, Eigen::VectorXd&, double) {
                                   system.inputs().set(c, value);
                                 }});
        }
        std::stable_sort(plan.inputs.begin(), plan.inputs.end(),
                         [](const scenario::InputEvent& a, const scenario::InputEvent& b) { return a.t < b.t; });
        plan.step_times = t;
        for (const scenario::InputEvent& c : plan.inputs) plan.step_times.push_back(c.t);
        std::sort(plan.step_times.begin(), plan.step_times.end());
        plan.step_times.erase(std::unique(plan.step_times.begin(), plan.step_times.end()), plan.step_times.end());
        // The tasks: registered ones (a fresh task per run, their signals logged by name) and
        // Python ones.
        std::vector<std::shared_ptr<FlightSoftwareTask>> run_tasks;
        std::vector<scenario::QuantityLog::Task> published;
        for (const py::handle task : tasks) {
          if (py::isinstance<RegisteredTask>(task)) {
            const auto& r = task.cast<const RegisteredTask&>();
            if (r.model.get() != &model)
              throw ConfigurationError("propagate", "tasks", "'" + r.spec.name + "'",
                                       "was built for another model: build it with this System's model");
            run_tasks.push_back(r.spec.make(r.seed));
            published.push_back({r.spec.name, r.spec.signals});
          } else {
            run_tasks.push_back(python_task(task));
          }
        }
        const scenario::QuantityLog quantities = [&] {
          try {
            std::vector<std::string> names = log ? *log : scenario::QuantityLog::default_names(model);
            if (!log)
              for (const scenario::QuantityLog::Task& task : published)
                for (const TaskSignal& signal : task.signals) names.push_back(task.name + "." + signal.name);
            return scenario::QuantityLog(model, published, names);
          } catch (const scenario::ScenarioError& e) {  // "output.log[1]" of a file is propagate's log[1]
            const std::string prefix = "output.";
            const std::string path = e.path().starts_with(prefix) ? e.path().substr(prefix.size()) : e.path();
            throw scenario::ScenarioError("propagate " + path, e.reason());
          }
        }();
        PropagationSettings settings = run_settings("propagate", stepper, dt, abs_tol, rel_tol, max_steps);
        std::optional<FlightSoftware> fsw;
        if (!run_tasks.empty()) {
          fsw.emplace();
          for (std::shared_ptr<FlightSoftwareTask>& task : run_tasks) fsw->add(std::move(task));
        }
        std::vector<Event> run_event_list = run_events(events);
        SignalCheck interrupt;  // Ctrl-C while C++ integrates
        settings.step_observer = [&interrupt](const Eigen::VectorXd&, double) { interrupt(); };
        plan.settings = settings;
        const std::size_t columns = quantities.columns().size() - 1;  // "t" first
        std::vector<double> states, values, times_out;
        states.reserve(t.size() * static_cast<std::size_t>(n));
        values.reserve(t.size() * columns);
        PropagationStats stats;
        {
          SystemUse use(*handle);
          py::gil_scoped_release release;
          // The run's sequence (inputs, outputs, the stop event's row) is the scenario's (run_plan.hpp).
          stats = plan.run(handle->system, fsw ? &*fsw : nullptr, std::move(run_event_list), x,
                           [&](const Eigen::VectorXd& xi, double ti, const scenario::RunView& view) {
                             times_out.push_back(ti);
                             states.insert(states.end(), xi.data(), xi.data() + xi.size());
                             if (columns == 0) return;
                             const std::vector<double> row = quantities.row(xi, ti, view);
                             values.insert(values.end(), row.begin() + 1, row.end());
                           });
        }
        const auto rows = static_cast<py::ssize_t>(times_out.size());
        py::dict out;
        out["t"] = hand_over(std::move(times_out));
        out["x"] = hand_over(std::move(states), rows, n);
        out["values"] = hand_over(std::move(values), rows, static_cast<py::ssize_t>(columns));
        out["columns"] = std::vector<std::string>(quantities.columns().begin() + 1, quantities.columns().end());
        out["units"] = std::vector<std::string>(quantities.units().begin() + 1, quantities.units().end());
        py::dict s;
        s["steps"] = stats.steps;
        s["rejected"] = stats.rejected;
        s["evaluations"] = stats.evaluations;
        s["t"] = stats.t;
        s["task_calls"] = fsw ? fsw->calls() : 0;
        s["stopped"] = stats.stopped;
        py::list occurrences;
        for (const EventOccurrence& e : stats.events)
          occurrences.append(py::make_tuple(e.name, e.t, e.rising, copy_of(e.x)));
        out["events"] = occurrences;
        out["stats"] = s;
        fsw.reset();  // the Python tasks are released with the GIL held
        return out;
      },
      py::arg("system"), py::arg("x0"), py::arg("times"), py::arg("stepper"), py::arg("dt"), py::arg("abs_tol"),
      py::arg("rel_tol"), py::arg("max_steps"), py::arg("log"), py::arg("tasks"), py::arg("inputs"), py::arg("events"));

  m.def(
      "_step_halving",
      [](const std::shared_ptr<SystemHandle>& handle, const py::handle& x0, const py::handle& t0_value,
         const py::handle& t1_value, const std::string& stepper, const py::handle& dt0_value,
         const py::handle& levels_value, const py::object& error) {
        const Eigen::VectorXd x = to_vector(x0, handle->system.model().layout().size(), "step_halving", "x0");
        const double t0 = finite_time(t0_value, "t0 [s]"), t1 = finite_time(t1_value, "t1 [s]");
        if (!(t1 > t0))
          throw ConfigurationError("step_halving", "t1 [s]", validation::to_text(t1),
                                   "must be after t0 = " + validation::to_text(t0) + " s");
        const double dt0 = to_number(dt0_value, "step_halving", "dt0 [s]");
        if (!(dt0 > 0.0))
          throw ConfigurationError("step_halving", "dt0 [s]", validation::to_text(dt0), "must be positive");
        const std::uint64_t levels = to_count(levels_value, "step_halving", "levels");
        if (levels < 2 || levels > 60)  // 2^-60 of dt0 is below any step a double clock resolves
          throw ConfigurationError("step_halving", "levels", std::to_string(levels), "must be from 2 to 60");
        if (stepper_info(stepper).adaptive)  // the library's refusal (step_halving.hpp), by name
          throw ConfigurationError("step_halving", "stepper", "'" + stepper + "'",
                                   "is adaptive: its step is chosen by the error control");
        if (!error.is_none() && !PyCallable_Check(error.ptr()))
          throw ConfigurationError("step_halving", "error", "a " + type_name(error),
                                   "must be a function error(x_t1) -> float, or None");
        SignalCheck interrupt;  // Ctrl-C while C++ integrates
        // One level's run: the study of step_halving.hpp with the step observer that checks for Ctrl-C.
        const auto run = [&](double dt) {
          Eigen::VectorXd xi = x;
          PropagationSettings settings;
          settings.stepper = stepper;
          settings.dt = dt;
          settings.step_observer = [&interrupt](const Eigen::VectorXd&, double) { interrupt(); };
          propagate(handle->system, xi, t0, t1, settings);
          return xi;
        };
        StepHalvingStudy study;
        {
          SystemUse use(*handle);
          py::gil_scoped_release release;
          if (!error.is_none()) {
            study = step_halving_study(dt0, static_cast<int>(levels), [&](double dt) {
              const Eigen::VectorXd x1 = run(dt);
              py::gil_scoped_acquire gil;
              const py::object value = error(copy_of(x1));
              const std::string field = "error(x_t1) at dt = " + validation::to_text(dt) + " s";
              double e = 0.0;
              try {
                e = value.cast<double>();
              } catch (const py::cast_error&) {
                throw ConfigurationError("step_halving", field, "a " + type_name(value), "must return a number");
              }
              if (!std::isfinite(e))
                throw ConfigurationError("step_halving", field, validation::to_text(e), "must be finite");
              return e;
            });
          } else {
            study = step_halving_study_self(
                dt0, static_cast<int>(levels), run,
                [](const Eigen::VectorXd& a, const Eigen::VectorXd& b) { return (a - b).lpNorm<Eigen::Infinity>(); });
          }
        }
        std::vector<double> dt, err, order;
        for (const HalvingLevel& l : study.levels) {
          dt.push_back(l.dt);
          err.push_back(l.error);
          order.push_back(l.observed_order);
        }
        py::dict out;
        out["dt"] = hand_over(std::move(dt));
        out["error"] = hand_over(std::move(err));
        out["order"] = hand_over(std::move(order));
        return out;
      },
      py::arg("system"), py::arg("x0"), py::arg("t0"), py::arg("t1"), py::arg("stepper"), py::arg("dt0"),
      py::arg("levels"), py::arg("error"));
}

}  // namespace ramus::python
