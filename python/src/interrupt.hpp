// Ctrl-C during a long call (docs/python.md, "Interrupting a run"): while the GIL is released for
// a run, Python's signal handlers cannot run, so a SIGINT would only act when the run ends. The
// run's step observer calls a SignalCheck, which at most every 0.05 s of wall time takes the GIL
// and runs the handlers; a KeyboardInterrupt (or any exception a handler raises) ends the run and
// reaches Python unchanged.
#pragma once

#include <chrono>

#include "bindings.hpp"

namespace ramus::python {

class SignalCheck {
 public:
  using clock = std::chrono::steady_clock;
  /// 0.05 s: a Ctrl-C acts within that much wall time plus one step (well inside a human's 0.1 s),
  /// and the GIL is taken at most 20 times a second; between checks each step pays one read of
  /// the steady clock (tens of nanoseconds against a step's microseconds).
  static constexpr clock::duration period = std::chrono::milliseconds(50);

  /// Constructed with the GIL held, on the thread that will run. Python runs signal handlers on
  /// its main thread only: elsewhere the check does nothing (and never takes the GIL).
  SignalCheck() : main_thread_(is_main_thread()), next_(clock::now() + period) {}

  /// Called without the GIL, after a step: every `period`, takes the GIL and runs the pending
  /// handlers; throws py::error_already_set (the KeyboardInterrupt) when one raised.
  void operator()() {
    if (!main_thread_) return;
    const clock::time_point now = clock::now();
    if (now < next_) return;
    next_ = now + period;
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  }

  /// With the GIL held: whether this is the thread Python runs its signal handlers on.
  static bool is_main_thread() {
    const py::module_ threading = py::module_::import("threading");
    const py::object main = threading.attr("main_thread")().attr("ident");
    return main.equal(threading.attr("get_ident")());
  }

 private:
  bool main_thread_;
  clock::time_point next_;
};

}  // namespace ramus::python
