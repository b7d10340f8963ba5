// Events from Python (docs/python.md, "Events"): an event is a ramus::Event (a ready-made one of
// builtin_events.hpp, or one whose g is a Python function) with its action: record, stop, or a
// Python callback that may change the state and the run's inputs.
#pragma once

#include <vector>

#include "bindings.hpp"
#include "ramus/steppers/events.hpp"

namespace ramus::python {

/// The Python object ramus.Event: the event's model data. Its g and callback, when Python
/// functions, are called with the GIL taken.
struct PythonEvent {
  Event event;        ///< name, direction, tolerance, action; g when ready-made
  py::object g;       ///< a Python g(x, t) -> float, or null (then event.g)
  py::object action;  ///< a Python callback(x, t) -> "stop" | None, or null (then event.action)
};

/// The run's events, in the list's order: Python functions wrapped to take the GIL, the state
/// passed as a copy (a callback's changes to it are copied back). The list must outlive the run.
std::vector<Event> run_events(const py::list& events);

}  // namespace ramus::python
