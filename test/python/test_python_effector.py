"""Dynamic effectors written in Python (docs/python.md, "Dynamic effectors in Python"): a subclass of
ramus.DynamicEffector whose wrench(frame, t) the kernel calls at every evaluation, against the C++
effector with the same load, a closed-form damped oscillator, the number of calls of rk4, its
errors, its lifetime, threads, and its cost per evaluation (printed, not asserted)."""

import gc
import math
import threading
import time
import weakref

import numpy
import pytest

import ramus

I_HUB = numpy.diag([100.0, 200.0, 300.0])  # [kg m^2]
TORQUE = numpy.array([1.0, -0.5, 0.25])  # [N m] about three axes: a tumbling, coupled motion


class ConstantTorque(ramus.DynamicEffector):
    def __init__(self, name, torque):
        super().__init__(name)
        self.torque = numpy.asarray(torque, dtype=float)
        self.calls = 0

    def wrench(self, frame, t):
        self.calls += 1
        return numpy.zeros(3), self.torque


class SpringDamper(ramus.DynamicEffector):
    """F = -k r - c v toward N's origin, applied at B (the hub's centre of mass here), F components."""

    def __init__(self, name, k, c):
        super().__init__(name)
        self.k, self.c = k, c

    def wrench(self, frame, t):
        force_N = -self.k * frame.r_FN_N - self.c * frame.v_FN_N
        return {"force_F": frame.dcm_FN @ force_N, "torque_PntF_F": [0.0, 0.0, 0.0]}


class Returning(ramus.DynamicEffector):
    """Returns whatever it is given (wrong shapes, NaN), or raises it, from call `after` on (0: the
    call Model.finalize() makes at the initial state); zero loads before."""

    def __init__(self, name, value, after=0):
        super().__init__(name)
        self.value, self.after, self.calls = value, after, 0

    def wrench(self, frame, t):
        self.calls += 1
        if self.calls <= self.after:
            return numpy.zeros(3), numpy.zeros(3)
        if isinstance(self.value, BaseException):
            raise self.value
        return self.value


def hub_model(effector, mass=100.0, omega=(0.1, -0.2, 0.3), **state):
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=mass, I_PntBc_B=I_HUB)
    sc.set_initial_state(omega_BN_B=list(omega), **state)
    sc.add_dynamic_effector(effector)
    m.finalize()
    return m


def test_frame_and_kind():
    seen = {}

    class Probe(ramus.DynamicEffector):
        def wrench(self, frame, t):
            seen.update(r=frame.r_FN_N.copy(), v=frame.v_FN_N.copy(), dcm=frame.dcm_FN.copy(),
                        omega=frame.omega_FN_F.copy(), g=frame.g_N.copy(), c=frame.r_CN_N.copy(), t=t,
                        ft=frame.t, writeable=frame.omega_FN_F.flags.writeable or frame.dcm_FN.flags.writeable)
            return numpy.zeros(3), numpy.zeros(3)

    probe = Probe("probe")
    assert probe.kind == "python_effector" and probe.label == "python_effector 'probe'"
    m = hub_model(probe, r_N=[7.0e6, 1.0, 2.0], v_N=[3.0, 7.5e3, 4.0], q_BN=[math.cos(0.2), math.sin(0.2), 0, 0])
    ramus.System(m)(m.initial_state(), 2.5)
    assert seen["t"] == 2.5 and seen["ft"] == 2.5 and not seen["writeable"]
    assert numpy.array_equal(seen["r"], [7.0e6, 1.0, 2.0]) and numpy.array_equal(seen["v"], [3.0, 7.5e3, 4.0])
    assert numpy.array_equal(seen["omega"], [0.1, -0.2, 0.3])
    assert numpy.array_equal(seen["c"], seen["r"])  # r_BcB_B = 0: C is B
    assert numpy.array_equal(seen["g"], numpy.zeros(3))  # no gravity field
    # dcm_FN maps N components to F: a rotation of 0.4 rad about x, rows F's axes in N.
    c, s = math.cos(0.4), math.sin(0.4)
    assert numpy.allclose(seen["dcm"], [[1, 0, 0], [0, c, s], [0, -s, c]], atol=1e-15)


def test_constant_torque_matches_cpp_bit_for_bit():
    """(a) The same torque from Python and from ExternalForceTorque: bit-for-bit equal trajectories.
    ExternalForceTorque's wrench is force = 0 + dcm_FN·0 and torque = tau + r_PF_F × 0 with
    r_PF_F = 0, each sum adding exact zeros, so it hands the kernel the same doubles as the Python
    effector; the kernel does the same operations on them, hence no round-off difference."""
    python = hub_model(ConstantTorque("torque", TORQUE))
    cpp = hub_model(ramus.ExternalForceTorque("torque", torque_PntF_F=list(TORQUE)))
    times = numpy.linspace(0.0, 20.0, 11)
    for stepper, kwargs in [("rk4", {"dt": 0.05}), ("rk_dopri5", {"dt": 0.1, "abs_tol": 1e-10, "rel_tol": 1e-10})]:
        a = ramus.propagate(python, python.initial_state(), times, stepper=stepper, **kwargs)
        b = ramus.propagate(cpp, cpp.initial_state(), times, stepper=stepper, **kwargs)
        assert numpy.array_equal(a.x, b.x), (stepper, numpy.abs(a.x - b.x).max())
        assert a.stats["evaluations"] == b.stats["evaluations"]


def oscillator(m, k, c, x0, t):
    """x(t) of m x'' + c x' + k x = 0 from x0 at rest, underdamped."""
    w0 = math.sqrt(k / m)
    zeta = c / (2.0 * math.sqrt(k * m))
    wd = w0 * math.sqrt(1.0 - zeta * zeta)
    return x0 * math.exp(-zeta * w0 * t) * (math.cos(wd * t) + zeta * w0 / wd * math.sin(wd * t))


def test_spring_damper_against_closed_form():
    """(b) A free hub (no gravity) pulled toward N's origin by F = -k r - c v: m = 100 kg, k = 100
    N/m, c = 20 N s/m (w0 = 1 rad/s, zeta = 0.1), from 1 m at rest, 10 s. The force acts at B = C,
    so the rotation (from rest) stays at rest and x obeys the damped oscillator exactly.

    rk4's global error on x'' = -w0^2 x is about T w0^5 h^4 / 120 |x0| (the local error
    (w0 h)^5 / 120 over T/h steps): 5.2e-7 m at h = 0.05 s, w0 = 1, T = 10. The band at h = 0.05 s
    is twice that, 1e-6 m; step halving gives the order (4 within 0.1 over h = 0.05 ... 0.00625 s,
    where round-off, ~1e-15 m, is far below the error)."""
    m, k, c, x0, T = 100.0, 100.0, 20.0, 1.0, 10.0
    model = hub_model(SpringDamper("spring", k, c), mass=m, omega=(0.0, 0.0, 0.0), r_N=[x0, 0.0, 0.0])
    exact = oscillator(m, k, c, x0, T)
    r = ramus.propagate(model, model.initial_state(), [0.0, T], dt=0.05)
    s = r.state()
    r_N = s["sc/hub.r_BN_N"]
    assert abs(r_N[0] - exact) <= 1e-6, r_N[0] - exact
    assert r_N[1] == 0.0 and r_N[2] == 0.0  # no force off the x axis
    assert numpy.all(s["sc/hub.omega_BN_B"] == 0.0)

    def error(x):
        return abs(model.state(x)["sc/hub.r_BN_N"][0] - exact)

    study = ramus.step_halving(model, model.initial_state(), 0.0, T, 0.05, 4, stepper="rk4", error=error)
    print("\nspring-damper rk4: dt", list(study["dt"]), "error [m]", list(study["error"]),
          "order", list(study["order"][1:]))
    assert numpy.all(numpy.abs(study["order"][1:] - 4.0) <= 0.1), study


def test_called_at_every_stage():
    """(c) Model.finalize() calls every dynamic effector once at the initial state (it refuses a
    non-finite initial load, kernel/src/model.cpp); then rk4 over N steps calls wrench 4N times,
    exactly as often as the kernel evaluates the right-hand side: the fixed-step driver evaluates
    nothing besides its steps' four stages (the logged quantities - energies, momenta - come from
    the state, not from f). Hence 1 + 4N calls in all, and one more per System(x, t)."""
    for steps in (1, 7, 40):
        e = ConstantTorque("torque", TORQUE)
        model = hub_model(e)
        assert e.calls == 1  # finalize
        r = ramus.propagate(model, model.initial_state(), [0.0, 0.05 * steps], dt=0.05)
        assert r.stats["steps"] == steps
        assert e.calls - 1 == 4 * steps == r.stats["evaluations"], (e.calls, r.stats)
        ramus.System(model)(model.initial_state(), 0.0)
        assert e.calls == 4 * steps + 2


@pytest.mark.parametrize("value,error,words", [
    ((numpy.zeros(2), numpy.zeros(3)), ramus.ConfigurationError, ["force_F", "1-D array of 3 numbers", "(2,)"]),
    ((numpy.zeros(3), numpy.zeros((3, 1))), ramus.ConfigurationError, ["torque_PntF_F", "(3, 1)"]),
    ((numpy.zeros(3), [0.0, float("nan"), 0.0]), ramus.ConfigurationError, ["torque_PntF_F [N m][1]", "finite"]),
    ((numpy.zeros(3), [0.0, 0.0, float("inf")]), ramus.ConfigurationError, ["[2]", "finite"]),
    ((["a", "b", "c"], numpy.zeros(3)), ramus.ConfigurationError, ["force_F", "real numbers"]),
    ((numpy.zeros(3),), ramus.ConfigurationError, ["1 items", "two 3-vectors"]),
    (None, ramus.ConfigurationError, ["NoneType", "two 3-vectors"]),
    ({"force_F": numpy.zeros(3)}, ramus.ConfigurationError, ["dict with keys", "force_F"]),
    (ZeroDivisionError("division by zero"), ramus.Error, ["raised ZeroDivisionError: division by zero"]),
    (KeyError("missing"), ramus.Error, ["raised KeyError"]),
])
def test_errors_name_the_effector(value, error, words):
    """(d) A bad return or an exception in wrench: a Python exception naming the effector, the call
    (with its time) and the cause, and never a NaN state. In a run (here at the second stage of
    the third rk4 step, t = 0.2 + 0.1/2 s) the run stops there, x0 and the model untouched; at
    Model.finalize() (its call at the initial state) the model is refused."""
    effector = Returning("bad", value, after=1 + 4 * 2 + 1)  # finalize, two steps, one stage
    model = hub_model(effector)
    x0 = model.initial_state()
    before = x0.copy()
    with pytest.raises(error) as info:
        ramus.propagate(model, x0, [0.0, 1.0], dt=0.1)
    message = str(info.value)
    assert error is ramus.ConfigurationError or not isinstance(info.value, ramus.ConfigurationError), message
    assert "python_effector 'bad'" in message and "wrench(frame, t) at t = 0.25 s" in message, message
    for w in words:
        assert w in message, message
    assert numpy.array_equal(x0, before) and numpy.array_equal(model.initial_state(), before)
    with pytest.raises(error, match="python_effector 'bad'"):  # from System(x, t), the caller's GIL held
        ramus.System(model)(x0, 0.0)
    with pytest.raises(error) as info:
        hub_model(Returning("early", value))
    assert "python_effector 'early'" in str(info.value) and "at t = 0 s" in str(info.value), str(info.value)


def test_abstract_base_refused():
    """ramus.DynamicEffector itself, or a subclass without wrench: refused at Model.finalize()."""
    with pytest.raises(ramus.ConfigurationError, match="python_effector 'plain'.*define wrench"):
        hub_model(ramus.DynamicEffector("plain"))


def test_kept_alive_by_the_model():
    """(e) The Python object lives while the model holds it, with its attributes, and is freed
    with the model (no cycle left behind)."""
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=100.0, I_PntBc_B=I_HUB)
    e = ConstantTorque("torque", TORQUE)
    alive = weakref.ref(e)
    sc.add_dynamic_effector(e)
    m.finalize()
    del e, sc
    gc.collect()
    assert alive() is not None
    r = ramus.propagate(m, m.initial_state(), [0.0, 1.0], dt=0.1)
    reference = hub_model(ramus.ExternalForceTorque("t", torque_PntF_F=list(TORQUE)), omega=(0, 0, 0))
    assert numpy.array_equal(r.x, ramus.propagate(reference, reference.initial_state(), [0.0, 1.0], dt=0.1).x)
    again = m.vehicle("sc").dynamic_effectors[0]
    assert again is alive() and isinstance(again, ConstantTorque) and again.calls == 1 + 40
    del again
    del m, r
    gc.collect()
    assert alive() is None


def test_outlives_the_model_when_taken_back():
    """Taken back by Python after its variable was dropped, it outlives the model that held it."""
    m = hub_model(ConstantTorque("torque", TORQUE))
    gc.collect()
    e = m.vehicle("sc").dynamic_effectors[0]
    del m
    gc.collect()
    assert e.label == "python_effector 'torque'" and e.calls == 1
    m2 = hub_model(e)  # and goes into another model
    ramus.propagate(m2, m2.initial_state(), [0.0, 0.1], dt=0.1)
    assert e.calls == 1 + 1 + 4


def test_threads():
    """Python threads propagating one model with a Python effector: propagate releases the GIL and
    every call takes it back, so the runs interleave and give the serial run's states bit for bit."""
    model = hub_model(ConstantTorque("torque", TORQUE))
    serial = ramus.propagate(model, model.initial_state(), [0.0, 2.0], dt=0.01).x
    results = [None] * 4

    def run(i):
        results[i] = ramus.propagate(model, model.initial_state(), [0.0, 2.0], dt=0.01).x

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for x in results:
        assert numpy.array_equal(x, serial)


def test_cost_per_evaluation():
    """The cost of a Python effector per evaluation against ExternalForceTorque (printed; no timing
    assertion): rk4 runs of the same hub, wall time over the kernel's evaluations, best of 5."""
    def per_evaluation(model, steps=2000):
        best = math.inf
        for _ in range(5):
            start = time.perf_counter()
            r = ramus.propagate(model, model.initial_state(), [0.0, 0.01 * steps], dt=0.01, log=[])
            best = min(best, (time.perf_counter() - start) / r.stats["evaluations"])
        return best

    class ZeroCost(ramus.DynamicEffector):
        def wrench(self, frame, t):
            return (0.0, 0.0, 0.0), (1.0, -0.5, 0.25)

    cpp = per_evaluation(hub_model(ramus.ExternalForceTorque("t", torque_PntF_F=list(TORQUE))))
    python = per_evaluation(hub_model(ConstantTorque("t", TORQUE)))
    tuples = per_evaluation(hub_model(ZeroCost("t")))
    print(f"\nper evaluation: C++ ExternalForceTorque {cpp * 1e6:.2f} us, Python effector (numpy arrays) "
          f"{python * 1e6:.2f} us (+{(python - cpp) * 1e6:.2f} us), Python effector (tuples) {tuples * 1e6:.2f} us "
          f"(+{(tuples - cpp) * 1e6:.2f} us)")
