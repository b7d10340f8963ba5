"""Threads (docs/python.md, "Threads"): propagate releases the GIL, so Python threads each running
their own System of one shared model run at once and give the serial results bit for bit; one
System used by two threads at once is refused with an error, never a data race."""

import threading

import numpy

import ramus
from task_support import FunctionTask


def model():
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=300.0, I_PntBc_B=numpy.diag([200.0, 180.0, 150.0]))
    sc.set_initial_state(omega_BN_B=[0.1, 0.2, -0.1])
    sc.add_state_effector(ramus.HingedRigidBody(
        "panel", mass=20.0, I_PntSc_S=numpy.diag([10.0, 5.0, 5.0]), d=1.0, r_HB_B=[0.0, 0.5, 0.0],
        dcm_HB=numpy.eye(3), k=50.0, c=1.0, theta0=0.1))
    m.finalize()
    return m


def test_threads_with_their_own_systems_match_the_serial_runs():
    m = model()
    times = numpy.linspace(0.0, 50.0, 6)
    initial = [m.initial_state() * (1.0 + 0.1 * k) for k in range(4)]
    serial = [ramus.propagate(m, x, times, dt=0.001).x for x in initial]
    parallel = [None] * 4

    def run(k):
        parallel[k] = ramus.propagate(ramus.System(m), initial[k], times, dt=0.001).x

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for a, b in zip(serial, parallel):
        numpy.testing.assert_array_equal(a, b)


def test_the_gil_is_released_while_cpp_integrates():
    m = model()
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        # 50 000 rk4 steps: tens of milliseconds, during which the counter thread keeps running
        # (with the GIL held throughout, it would get at most one switch interval, 5 ms, at the start).
        ticks.clear()
        ramus.propagate(m, m.initial_state(), [0.0, 50.0], dt=0.001)
        during = len(ticks)
    finally:
        done.set()
        counter.join()
    assert during > 1000


def test_one_system_in_two_threads_is_refused():
    m = model()
    system = ramus.System(m)
    errors = []
    started = threading.Event()

    slow = FunctionTask("slow", 1.0, [], lambda t, x, commands: started.set())

    def second():
        started.wait()
        try:
            ramus.propagate(system, m.initial_state(), [0.0, 1.0], dt=0.01)
        except ramus.Error as e:
            errors.append(str(e))

    t = threading.Thread(target=second)
    t.start()
    ramus.propagate(system, m.initial_state(), [0.0, 200.0], dt=0.001, tasks=[slow])
    t.join()
    assert errors and "in use by another thread" in errors[0]
