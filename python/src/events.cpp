// Events from Python (events.hpp).
#include "events.hpp"

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <cmath>

#include "conversions.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/steppers/builtin_events.hpp"

namespace ramus::python {
namespace {

EventDirection direction_of(const std::string& name, const std::string& event) {
  if (name == "rising") return EventDirection::rising;
  if (name == "falling") return EventDirection::falling;
  if (name == "both") return EventDirection::both;
  throw ConfigurationError("event '" + event + "'", "direction", "'" + name + "'", "one of rising, falling, both");
}

/// "record", "stop", or a Python callable (the callback).
void set_action(PythonEvent& e, const py::object& action) {
  if (py::isinstance<py::str>(action)) {
    const std::string a = action.cast<std::string>();
    if (a != "record" && a != "stop")
      throw ConfigurationError(e.event.name, "action", "'" + a + "'",
                               "\"record\", \"stop\" or a function callback(x, t) returning \"stop\" or None");
    e.event.action = a == "stop" ? EventAction::stop : EventAction::continue_run;
    return;
  }
  if (!PyCallable_Check(action.ptr()))
    throw ConfigurationError(e.event.name, "action", std::string(py::str(py::type::of(action).attr("__name__"))),
                             "\"record\", \"stop\" or a function callback(x, t)");
  e.action = action;
}

std::shared_ptr<PythonEvent> ready_made(Event event, const py::object& action) {
  auto e = std::make_shared<PythonEvent>();
  e->event = std::move(event);
  set_action(*e, action);
  return e;
}

}  // namespace

std::vector<Event> run_events(const py::list& events) {
  std::vector<Event> out;
  for (const py::handle h : events) {
    const auto& e = h.cast<const PythonEvent&>();
    Event run = e.event;
    const std::string owner = "event '" + e.event.name + "'";
    if (e.g && !e.g.is_none()) {
      const PyObject* g = e.g.ptr();  // kept alive by the list for the run
      run.g = [g, owner](const Eigen::VectorXd& x, double t) {
        py::gil_scoped_acquire gil;
        const py::object value = py::reinterpret_borrow<py::object>(const_cast<PyObject*>(g))(copy_of(x), t);
        double v = 0.0;
        try {
          v = value.cast<double>();
        } catch (const py::cast_error&) {
          throw ConfigurationError(owner, "g(x, t) at t = " + validation::to_text(t) + " s",
                                   "a " + std::string(py::str(py::type::of(value).attr("__name__"))),
                                   "must return a number");
        }
        // A NaN g has no sign: the event would never fire, and the run would not say so.
        if (!std::isfinite(v))
          throw ConfigurationError(owner, "g(x, t) at t = " + validation::to_text(t) + " s", validation::to_text(v),
                                   "must be finite");
        return v;
      };
    }
    if (e.action && !e.action.is_none()) {
      const PyObject* f = e.action.ptr();
      run.callback = [f, owner](Eigen::VectorXd& x, double t) {
        py::gil_scoped_acquire gil;
        const py::array_t<double> state = copy_of(x);
        const py::object result = py::reinterpret_borrow<py::object>(const_cast<PyObject*>(f))(state, t);
        // The callback's changes, from the array only if it is still the one it was given.
        const double* changed = lent_array_data(state, x.size(), false, owner + " callback", "x");
        for (Eigen::Index i = 0; i < x.size(); ++i)
          if (!std::isfinite(changed[i]))
            throw ConfigurationError(owner + " callback at t = " + validation::to_text(t) + " s",
                                     "x[" + std::to_string(i) + "]", validation::to_text(changed[i]), "must be finite");
        std::copy(changed, changed + x.size(), x.data());
        if (result.is_none()) return EventAction::continue_run;
        if (py::isinstance<py::str>(result) && result.cast<std::string>() == "stop") return EventAction::stop;
        throw ConfigurationError(owner + " callback", "return value", std::string(py::repr(result)),
                                 "must be \"stop\" or None");
      };
    }
    out.push_back(std::move(run));
  }
  validate_events(out);
  return out;
}

void bind_events(py::module_& m) {
  py::class_<PythonEvent, std::shared_ptr<PythonEvent>>(
      m, "Event",
      "An event located between steps: g(x, t) crossing zero in `direction` ('rising', 'falling', "
      "'both'), located to time_tolerance [s]; action 'record', 'stop' or callback(x, t), which may "
      "change x in place and the run's inputs (System.set_input) and returns 'stop' or None.")
      .def(py::init([](const std::string& name, const py::object& g, const std::string& direction,
                       const py::object& action, double time_tolerance) {
             if (!PyCallable_Check(g.ptr()))
               throw ConfigurationError("event '" + name + "'", "g", "not callable", "a function g(x, t) -> float");
             auto e = std::make_shared<PythonEvent>();
             e->event.name = name;
             e->event.g = [](const Eigen::VectorXd&, double) { return 0.0; };  // replaced per run
             e->event.direction = direction_of(direction, name);
             e->event.time_tolerance = time_tolerance;
             e->g = g;
             set_action(*e, action);
             return e;
           }),
           py::arg("name"), py::arg("g"), py::arg("direction") = "both", py::arg("action") = "record",
           py::arg("time_tolerance") = 1e-10)
      .def_property_readonly("name", [](const PythonEvent& e) { return e.event.name; });

  m.def(
      "state_entry_event",
      [](const std::string& name, const std::shared_ptr<Model>& model, const std::string& entry, double value,
         const std::string& direction, const py::object& action) {
        return ready_made(state_entry_event(name, *model, entry, value, direction_of(direction, name)), action);
      },
      py::keep_alive<0, 2>(), py::arg("name"), py::arg("model"), py::arg("entry"), py::arg("value"),
      py::arg("direction") = "both", py::arg("action") = "record",
      "The state entry `entry` ('sc/panel.theta') reaching `value` (its SI unit).");
  m.def(
      "delta_v_event",
      [](const std::string& name, const std::shared_ptr<Model>& model, const std::string& vehicle, double dv,
         const py::object& action) { return ready_made(delta_v_event(name, *model, vehicle, dv), action); },
      py::keep_alive<0, 2>(), py::arg("name"), py::arg("model"), py::arg("vehicle"), py::arg("dv"),
      py::arg("action") = "record", "The vehicle's accumulated non-gravitational ΔV reaching dv [m/s].");
  m.def(
      "altitude_event",
      [](const std::string& name, const std::shared_ptr<Model>& model, const std::string& vehicle, double radius,
         double altitude, const std::string& direction, const std::string& point, const py::object& action) {
        if (point != "C" && point != "B")
          throw ConfigurationError("event '" + name + "'", "point", "'" + point + "'", "\"C\" or \"B\"");
        return ready_made(altitude_event(name, *model, vehicle, radius, altitude, direction_of(direction, name),
                                         point == "C" ? AltitudePoint::C : AltitudePoint::B),
                          action);
      },
      py::keep_alive<0, 2>(), py::arg("name"), py::arg("model"), py::arg("vehicle"), py::arg("radius"),
      py::arg("altitude"), py::arg("direction") = "falling", py::arg("point") = "C", py::arg("action") = "record",
      "The altitude [m] of the vehicle's C (or B) above a sphere of `radius` [m] about N's origin.");
}

}  // namespace ramus::python
