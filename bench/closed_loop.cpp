#include "closed_loop.hpp"

#include <memory>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::bench {

ClosedLoopCost measure_closed_loop(const Scenario& s, double dt, int rounds, double batch_seconds) {
  ClosedLoopCost c;
  c.dt = dt;
  c.span = s.t1 - s.t0;
  const std::vector<double> times{s.t0, s.t1};
  PropagationSettings open;
  open.stepper = "rk4";
  open.dt = dt;
  // One System each: the closed loop's commands stay in its own inputs.
  const System closed_system = s.run(), open_system = s.run();
  Eigen::VectorXd x = s.x0;
  std::unique_ptr<FlightSoftware> fsw;
  try {
    c.steps_open = propagate(open_system, x, times, open).steps;
    x = s.x0;
    c.steps_closed = propagate(closed_system, x, times, s.closed_loop(open, fsw)).steps;
    c.task_calls = fsw ? fsw->calls() : 0;
    c.timing = time_paired(
        rounds, batch_seconds,
        [&] {
          x = s.x0;
          propagate(open_system, x, times, open);
        },
        [&] {
          x = s.x0;
          propagate(closed_system, x, times, s.closed_loop(open, fsw));
        });
  } catch (const IntegrationError& e) {
    c.failure = e.what();
  }
  return c;
}

}  // namespace ramus::bench
