"""What the Python front costs (docs/benchmarks.md, "Python"), measured in one process:

1. propagating panels2 for 10^4 rk4 steps from Python (ramus.propagate: argument checks, the
   driver with the GIL released, the result arrays) against the same propagation from C++ alone
   (timed in C++), alternately, medians of repeated runs; the target is a ratio <= 1.05;
2. the cost of one flight-software call to a task written in Python: the same run with a task at
   every step, minus the run without, per call.

    PYTHONPATH=build/release/python /usr/bin/python3 bench/python/python_costs.py [--quick]

Prints a table; the ratio is reported, not asserted (speed is measured in benchmarks, not tests).
"""

import statistics
import sys
import time

import ramus
from ramus import _ramus

STEPS, DT = 10_000, 0.01  # [s]: 10^4 rk4 steps


class Nothing(ramus.Task):
    """A task that reads one entry and writes one command: the call's own cost."""

    def __init__(self, period):
        super().__init__("nothing", "sc", period=period)

    def outputs(self):
        return ["sc/panel1.motor_torque"]

    def update(self, t, x, commands):
        commands[0] = 0.0 * x[0]


def median_seconds(run, repeats):
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main(quick):
    repeats = 5 if quick else 21
    model = _ramus._sample_model("panels2")
    system = ramus.System(model)
    x0 = model.initial_state()
    t1 = STEPS * DT
    # Warm-up, then alternate the C++ and the Python runs so that both see the same machine state.
    ramus.propagate(system, x0, [0.0, t1], dt=DT, log=[])
    cpp, python = [], []
    for _ in range(repeats):
        cpp.append(_ramus._cpp_propagate_seconds(system, x0, 0.0, t1, "rk4", DT))
        start = time.perf_counter()
        ramus.propagate(system, x0, [0.0, t1], dt=DT, log=[])
        python.append(time.perf_counter() - start)
    c, p = statistics.median(cpp), statistics.median(python)
    print(f"== Python front: panels2, {STEPS} rk4 steps of {DT} s, medians of {repeats} alternating runs")
    print(f"  C++ propagate          {c * 1e3:9.3f} ms  ({c / STEPS * 1e9:6.0f} ns/step)")
    print(f"  Python ramus.propagate {p * 1e3:9.3f} ms  ({p / STEPS * 1e9:6.0f} ns/step)")
    print(f"  ratio Python / C++     {p / c:9.3f}    (target <= 1.05: {'met' if p / c <= 1.05 else 'NOT met'})")

    # A task at every step (period = dt): 10^4 + 1 calls; the difference per call is the call's cost.
    without = median_seconds(lambda: ramus.propagate(system, x0, [0.0, t1], dt=DT, log=[]), repeats)
    task = Nothing(DT)
    with_task = median_seconds(lambda: ramus.propagate(system, x0, [0.0, t1], dt=DT, log=[], tasks=[task]), repeats)
    calls = ramus.propagate(system, x0, [0.0, t1], dt=DT, log=[], tasks=[task]).stats["task_calls"]
    per_call = (with_task - without) / calls
    print(f"== a Python flight-software task called at every step ({calls} calls)")
    print(f"  without the task       {without * 1e3:9.3f} ms")
    print(f"  with the task          {with_task * 1e3:9.3f} ms")
    print(f"  cost per call          {per_call * 1e6:9.2f} us  ({per_call / (without / STEPS):.1f} rk4 steps of panels2)")


if __name__ == "__main__":
    main("--quick" in sys.argv[1:])
