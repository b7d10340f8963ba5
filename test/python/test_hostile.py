"""The Python front on hostile input (docs/python.md, "Errors", "Interrupting a run").

A Python callback may resize, reshape or retype in place the array the library lent it (an event
callback's x, a task's x and commands): each is refused by name (the event or task, the array and
what it became) instead of the library reading or writing past the array's memory. These cases
crashed the interpreter (SIGSEGV, "double free or corruption"), so each runs in a child
interpreter: a crash is this test's failure, not the test runner's. Complex, object, string and
bool arrays are refused rather than cast; a zero attitude quaternion is refused by linearize; bad
run settings, a NaN or non-number event function, a directory as a scenario file and a
non-positive run count are ConfigurationErrors naming the field; Ctrl-C stops a long propagate,
step-halving study, scenario run or campaign within a fraction of a second."""

import inspect
import json
import math
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import numpy
import pytest

import ramus
from task_support import FunctionTask

EXAMPLES = pathlib.Path(os.environ.get("RAMUS_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "docs" / "examples"
SCENARIO = EXAMPLES / "panels_and_wheels.json"
DISPERSIONS = EXAMPLES / "panels_and_wheels_dispersions.json"

# The child's model: a hub driven from rest by 10 N m about b1 (omega_x = 0.1 t rad/s), an event at
# omega_x = 0.5 (t = 5 s), outcome(f), which prints the ramus error f raised or "no error", and
# FunctionTask (task_support.py).
PRELUDE = """
import math, numpy, ramus
def model(torque):
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=100.0, I_PntBc_B=numpy.diag([100.0, 200.0, 300.0]))
    sc.add_dynamic_effector(ramus.ExternalForceTorque("act", torque_PntF_F=[torque, 0.0, 0.0]))
    m.finalize()
    return m
m = model(10.0)
x0 = m.initial_state()
n = len(x0)
w = m.state_index("sc/hub.omega_BN_B")[0]
def outcome(f):
    try:
        f()
    except ramus.Error as e:
        print(type(e).__name__ + ": " + str(e))
    else:
        print("no error")
""" + inspect.getsource(FunctionTask)


def child(code, timeout=120):
    """Runs PRELUDE + code in a fresh interpreter (this one, this PYTHONPATH); a crash or a
    non-zero exit fails the test. Returns what it printed."""
    r = subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(code)], capture_output=True, text=True,
                       timeout=timeout)
    assert r.returncode == 0, f"the child ended with {r.returncode} (negative: killed by that signal)\n" \
                              f"stdout: {r.stdout}\nstderr: {r.stderr[-2000:]}"
    return r.stdout


def model(torque=10.0):
    """The child's model (torque None: a bare hub, which the analytic Jacobian takes)."""
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=100.0, I_PntBc_B=numpy.diag([100.0, 200.0, 300.0]))
    if torque is not None:
        sc.add_dynamic_effector(ramus.ExternalForceTorque("act", torque_PntF_F=[torque, 0.0, 0.0]))
    m.finalize()
    return m


def refused(error, words, f):
    """f() raises `error` whose message holds every word."""
    with pytest.raises(error) as e:
        f()
    for word in words:
        assert word in str(e.value), (word, str(e.value))


# ---- arrays changed in place by a callback ----------------------------------------------------
# (mutation of the array a, what the message then says it is for an array of n entries).
MUTATIONS = {
    "retyped": ("a.dtype = numpy.int8", lambda n: f"dtype int8, shape ({8 * n},)"),
    "grown": ("a.resize(4 * a.size, refcheck=False)", lambda n: f"dtype float64, shape ({4 * n},)"),
    "shrunk": ("a.resize(a.size // 2, refcheck=False)", lambda n: f"dtype float64, shape ({n // 2},)"),
    "reshaped": ("a.shape = (a.size, 1)", lambda n: f"dtype float64, shape ({n}, 1)"),
    "byte-swapped": ("a.dtype = a.dtype.newbyteorder()", lambda n: f"dtype >f8, shape ({n},)"),
}


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_an_event_callback_that_changes_its_state_array_in_place_is_refused(mutation):
    change, what = MUTATIONS[mutation]
    out = child(f"""
        def cut(a, t):
            {change}
        event = ramus.Event("cut", lambda x, t: x[w] - 0.5, direction="rising", action=cut)
        outcome(lambda: ramus.propagate(m, x0, [0.0, 10.0], dt=0.1, events=[event]))
        print("n =", n)
    """)
    n = int(out.split("n = ")[1])
    assert out.startswith("ConfigurationError: event 'cut' callback: x = an array of "), out
    assert what(n) in out, out


@pytest.mark.parametrize("array", ["x", "commands"])
@pytest.mark.parametrize("mutation", MUTATIONS)
def test_a_task_that_changes_its_arrays_in_place_is_refused(array, mutation):
    change, what = MUTATIONS[mutation]
    out = child(f"""
        def update(t, x, commands):
            commands[0] = 1.0
            if t >= 1.0:
                a = {array}
                {change}
        hostile = FunctionTask("hostile", 0.5, ["sc/act.torque_PntF_F[0]"], update)
        outcome(lambda: ramus.propagate(m, x0, [0.0, 3.0], dt=0.1, tasks=[hostile]))
        print("n =", n if "{array}" == "x" else 1)
    """)
    n = int(out.split("n = ")[1])
    assert out.startswith(f"ConfigurationError: flight-software task 'hostile': {array} = an array of "), out
    assert what(n) in out, out


def test_a_task_state_array_changed_between_calls_is_refused_before_it_is_written():
    # The task keeps its x; an event's g (Python between the task's calls) shrinks it: the next call
    # must not write n entries into one.
    out = child("""
        class Keeper(ramus.Task):
            def __init__(self):
                super().__init__("keeper", "sc", period=0.5)
                self.kept = None
            def outputs(self):
                return []
            def update(self, t, x, commands):
                self.kept = x
        keeper = Keeper()
        def g(x, t):
            if t > 1.2 and keeper.kept is not None and keeper.kept.size > 1:
                keeper.kept.resize(1, refcheck=False)
            return 1.0
        outcome(lambda: ramus.propagate(m, x0, [0.0, 3.0], dt=0.1, tasks=[keeper], events=[ramus.Event("g", g)]))
    """)
    assert out.startswith("ConfigurationError: flight-software task 'keeper': x = an array of dtype float64, "
                          "shape (1,)"), out


def test_a_task_that_makes_its_state_array_read_only_is_refused_at_the_next_call():
    out = child("""
        def freeze(t, x, commands):
            x.flags.writeable = False
        outcome(lambda: ramus.propagate(m, x0, [0.0, 3.0], dt=0.1, tasks=[FunctionTask("freezer", 0.5, [], freeze)]))
    """)
    assert out.startswith("ConfigurationError: flight-software task 'freezer': x = an array of "), out
    assert "read-only" in out, out


def test_an_event_callback_that_writes_nan_or_returns_a_misspelt_stop_is_refused():
    m = model()
    w = m.state_index("sc/hub.omega_BN_B")[0]

    def poison(x, t):
        x[w + 1] = math.nan

    event = ramus.Event("poison", lambda x, t: x[w] - 0.5, direction="rising", action=poison)
    refused(ramus.ConfigurationError, ["event 'poison' callback at t = 5", f"x[{w + 1}] = nan", "finite"],
            lambda: ramus.propagate(m, m.initial_state(), [0.0, 10.0], dt=0.1, events=[event]))
    event = ramus.Event("typo", lambda x, t: x[w] - 0.5, direction="rising", action=lambda x, t: "Stop")
    refused(ramus.ConfigurationError, ["event 'typo' callback", "'Stop'", '"stop" or None'],
            lambda: ramus.propagate(m, m.initial_state(), [0.0, 10.0], dt=0.1, events=[event]))


# ---- arrays that are not real numbers ---------------------------------------------------------
@pytest.mark.parametrize("kind,make,what", [
    ("complex array", lambda x: x.astype(complex) + 1j, "an array of dtype complex128"),
    ("complex list", lambda x: [complex(v, 1.0) for v in x], "an array of dtype complex128"),
    ("object array", lambda x: numpy.array(list(x), dtype=object), "an array of dtype object"),
    ("string array", lambda x: numpy.array([str(v) for v in x]), "an array of dtype <U"),
    ("string list", lambda x: [str(v) for v in x], "an array of dtype <U"),
    ("bool array", lambda x: numpy.zeros(len(x), dtype=bool), "an array of dtype bool"),
    ("None", lambda x: None, "a NoneType"),
])
def test_a_state_that_is_not_real_numbers_is_refused_not_cast(kind, make, what):
    m = model()
    x0 = make(m.initial_state())
    refused(ramus.ConfigurationError, ["propagate: x0 = " + what, "real numbers"],
            lambda: ramus.propagate(m, x0, [0.0, 1.0], dt=0.1))
    refused(ramus.ConfigurationError, ["linearize: x = " + what], lambda: ramus.linearize(m, x0))
    refused(ramus.ConfigurationError, ["System: x = " + what], lambda: ramus.System(m)(x0, 0.0))


def test_complex_output_times_are_refused():
    m = model()
    refused(ramus.ConfigurationError, ["propagate: times = an array of dtype complex128"],
            lambda: ramus.propagate(m, m.initial_state(), numpy.array([0.0, 1.0 + 1j]), dt=0.1))


def test_integer_states_are_still_accepted():
    m = model()
    x0 = numpy.zeros(len(m.initial_state()), dtype=numpy.int64)
    x0[m.state_index("sc/hub.q_BN[0]")[0]] = 1
    r = ramus.propagate(m, x0, [0.0, 1.0], dt=0.1)
    # From rest under 10 N m about b1 (I = 100 kg m^2): omega_x = 0.1 t, exactly for rk4.
    assert abs(r["sc/hub.omega_BN_B"][-1, 0] - 0.1) < 1e-14  # a few ulps of 0.1 after 10 steps


# ---- linear models ----------------------------------------------------------------------------
@pytest.mark.parametrize("method", ["automatic", "analytic", "finite_differences"])
def test_linearize_refuses_a_zero_attitude_quaternion(method):
    m = model(None if method == "analytic" else 10.0)
    x = m.initial_state()
    q = m.state_index("sc/hub.q_BN")[0]
    x[q:q + 4] = 0.0
    refused(ramus.ConfigurationError, ["linearization", "sc/hub.q_BN (|q|) = 0", "must be positive"],
            lambda: ramus.linearize(m, x, method=method))
    x[q:q + 4] = [1e-200, 0.0, 0.0, 0.0]  # its square underflows: no direction either
    refused(ramus.ConfigurationError, ["sc/hub.q_BN (|q|)"], lambda: ramus.linearize(m, x, method=method))
    x[q:q + 4] = [2.0, 0.0, 0.0, 0.0]  # not unit, but an attitude: normalized, as the dynamics do
    lm = ramus.linearize(m, x, method=method)
    assert numpy.all(numpy.isfinite(lm["A"])) and numpy.all(numpy.isfinite(lm["B"]))


# ---- run settings -----------------------------------------------------------------------------
@pytest.mark.parametrize("settings,words", [
    (dict(dt=0.0), ["propagate: dt [s] = 0", "positive"]),
    (dict(dt=math.nan), ["propagate: dt [s] = nan", "finite"]),
    (dict(dt=-0.1), ["propagate: dt [s] = -0.1", "positive"]),
    (dict(dt="0.1"), ["propagate: dt [s] = str", "number"]),
    (dict(dt=0.1, max_steps=0), ["propagate: max_steps = 0", "at least 1"]),
    (dict(dt=0.1, max_steps=-5), ["propagate: max_steps = -5", "at least 1"]),
    (dict(dt=0.1, max_steps=2.5), ["propagate: max_steps = 2.5", "whole number"]),
    (dict(dt=0.1, abs_tol=math.nan), ["propagate: abs_tol = nan", "finite"]),
    (dict(dt=0.1, stepper="rk_dopri5", abs_tol=math.nan), ["propagate: abs_tol = nan", "finite"]),
    (dict(dt=0.1, stepper="rk_dopri5", abs_tol=0.0), ["propagate: abs_tol = 0", "positive"]),
    (dict(dt=0.1, stepper="rk_dopri5", rel_tol=math.inf), ["propagate: rel_tol = inf", "finite"]),
    (dict(dt=0.0, stepper="rk_dopri5"), ["propagate: dt [s] = 0", "first trial step"]),
])
def test_bad_run_settings_are_configuration_errors_naming_the_field(settings, words):
    m = model()
    refused(ramus.ConfigurationError, words, lambda: ramus.propagate(m, m.initial_state(), [0.0, 1.0], **settings))


def test_a_step_budget_exhausted_is_still_an_integration_error():
    m = model()
    refused(ramus.IntegrationError, ["max_steps", "exhausted"],
            lambda: ramus.propagate(m, m.initial_state(), [0.0, 1.0], dt=0.1, max_steps=3))


@pytest.mark.parametrize("arguments,words", [
    (dict(dt0=0.0, levels=3), ["step_halving: dt0 [s] = 0", "positive"]),
    (dict(dt0=math.nan, levels=3), ["step_halving: dt0 [s] = nan"]),
    (dict(dt0=0.1, levels=1), ["step_halving: levels = 1"]),
    (dict(dt0=0.1, levels=0), ["step_halving: levels = 0"]),
    (dict(dt0=0.1, levels=3, t1=math.nan), ["step_halving: t1 [s] = nan"]),
    (dict(dt0=0.1, levels=3, error=lambda x: math.nan), ["step_halving: error(x_t1) at dt = 0.1", "s = nan"]),
    (dict(dt0=0.1, levels=3, error=lambda x: "small"), ["step_halving: error(x_t1) at dt = 0.1", "s = a str"]),
])
def test_bad_step_halving_arguments_name_the_field(arguments, words):
    m = model()
    arguments = {"t1": 1.0, **arguments}
    refused(ramus.ConfigurationError, words, lambda: ramus.step_halving(m, m.initial_state(), 0.0, **arguments))


# ---- event functions --------------------------------------------------------------------------
def test_an_event_function_returning_nan_is_refused_naming_the_event_and_the_time():
    m = model()
    w = m.state_index("sc/hub.omega_BN_B")[0]
    # NaN from t = 2 s on (omega_x = 0.2 there): such an event would never fire, without a word.
    event = ramus.Event("nan", lambda x, t: math.nan if x[w] > 0.2 else x[w] - 0.5, direction="rising")
    with pytest.raises(ramus.ConfigurationError) as e:
        ramus.propagate(m, m.initial_state(), [0.0, 10.0], dt=0.1, events=[event])
    message = str(e.value)
    assert message.startswith("event 'nan': g(x, t) at t = ") and message.endswith(" s = nan: must be finite"), message
    t = float(message.split("at t = ")[1].split(" s")[0])
    assert 2.0 < t <= 2.1 + 1e-9, t  # the first step end past t = 2 s (steps of 0.1 s; round-off of t)


def test_an_event_function_returning_a_string_is_refused_naming_the_event_and_the_type():
    m = model()
    event = ramus.Event("text", lambda x, t: "zero")
    refused(ramus.ConfigurationError, ["event 'text': g(x, t) at t = 0 s = a str", "must return a number"],
            lambda: ramus.propagate(m, m.initial_state(), [0.0, 1.0], dt=0.1, events=[event]))


# ---- scenarios and campaigns ------------------------------------------------------------------
def test_a_directory_as_a_scenario_file_is_a_scenario_error(tmp_path):
    refused(ramus.ScenarioError, [f"scenario file {tmp_path}", "is a directory"],
            lambda: ramus.scenario.load(tmp_path))
    refused(ramus.ScenarioError, [f"dispersions file {tmp_path}", "is a directory"],
            lambda: ramus.scenario.Campaign(SCENARIO, str(tmp_path)))


@pytest.mark.parametrize("runs,words", [
    (-1, ["Campaign.run: runs = -1", "at least 1"]),
    (0, ["Campaign.run: runs = 0", "at least 1"]),
    (True, ["Campaign.run: runs = True"]),  # a bool is an int to Python, not a count
    ([3, -2], ["Campaign.run: runs[1] = -2", "run id"]),
    ([], ["Campaign.run: runs = []", "at least one run"]),
])
def test_a_campaign_refuses_a_count_that_is_not_positive(runs, words):
    campaign = ramus.scenario.Campaign(SCENARIO, DISPERSIONS)
    refused(ramus.ConfigurationError, words, lambda: campaign.run(runs))


def test_a_campaign_refuses_a_thread_count_that_is_not_positive():
    campaign = ramus.scenario.Campaign(SCENARIO, DISPERSIONS)
    refused(ramus.ConfigurationError, ["Campaign.run: threads = 0"], lambda: campaign.run(1, threads=0))


# ---- Ctrl-C -----------------------------------------------------------------------------------
# The child prints "ready" just before a call that would run for minutes, the parent sends SIGINT
# a second later and times the child's end. The check runs every 0.05 s of wall time; 1 s covers
# that, the child's own exit (unwinding the run, the interpreter's shutdown) and a machine busy
# with a parallel build, while the old module ran on until the call's end (minutes): the child is
# given 20 s before the test fails.
INTERRUPT_BOUND = 1.0  # [s] from the signal to the child's exit

LONG_SCENARIO = f"""
import json
with open({str(SCENARIO)!r}) as f:
    document = json.load(f)
document["output"].update(t1=1.0e6, dt=1.0e5)  # 2e7 steps of 0.05 s: minutes
"""

LONG_CALLS = {
    "propagate": "ramus.propagate(model(0.0), x0, [0.0, 1.0e7], dt=1e-3)",
    "propagate with a Python task": """
        def hold(t, x, commands):
            commands[0] = 0.0
        slow = FunctionTask("slow", 1.0e6, ["sc/act.torque_PntF_F[0]"], hold)
        ramus.propagate(model(0.0), x0, [0.0, 1.0e7], dt=1e-3, tasks=[slow])""",
    "step_halving": "ramus.step_halving(model(0.0), x0, 0.0, 1.0e7, 1e-3, 2)",
    "Scenario.run": LONG_SCENARIO + "ramus.scenario.load(document).run()",
    "Campaign.run": LONG_SCENARIO + f"ramus.scenario.Campaign(document, {str(DISPERSIONS)!r}).run(4, threads=2)",
}


@pytest.mark.parametrize("call", LONG_CALLS)
def test_ctrl_c_stops_a_long_call_with_keyboard_interrupt(call):
    setup, _, last = textwrap.dedent(LONG_CALLS[call]).strip().rpartition("\n")
    code = PRELUDE + setup + f"""
import sys
print("ready", flush=True)
try:
    {last}
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
    sys.exit(0)
print("the call ended", flush=True)
"""
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "ready", p.stderr.read()
        time.sleep(1.0)  # inside the call
        assert p.poll() is None, "the call ended before the signal"
        p.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = p.communicate(timeout=20.0)
        elapsed = time.monotonic() - sent
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 0 and out.strip() == "KeyboardInterrupt", (p.returncode, out, err[-2000:])
    assert elapsed < INTERRUPT_BOUND, elapsed
