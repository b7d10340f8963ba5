"""Errors from Python (docs/python.md, "Errors"): ramus's exceptions arrive as
ramus.ConfigurationError (a ValueError), ramus.ScenarioError (a ConfigurationError) and
ramus.IntegrationError, with the library's messages; wrong types, shapes and NaN inputs are
refused with a message naming the field, never a crash; an exception raised in a Python task
reaches the caller and the System stays usable."""

import math

import numpy
import pytest

import ramus


def rigid(finalize=True):
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=100.0, I_PntBc_B=numpy.eye(3) * 10.0)
    sc.add_dynamic_effector(ramus.ExternalForceTorque("act"))
    if finalize:
        m.finalize()
    return m


def panel(**changes):
    fields = dict(mass=10.0, I_PntSc_S=numpy.eye(3), d=1.0, r_HB_B=[0, 0, 0], dcm_HB=numpy.eye(3), k=10.0, c=1.0)
    fields.update(changes)
    return ramus.HingedRigidBody("panel", **fields)


def test_the_hierarchy():
    assert issubclass(ramus.ConfigurationError, ValueError)
    assert issubclass(ramus.ConfigurationError, ramus.Error)
    assert issubclass(ramus.ScenarioError, ramus.ConfigurationError)
    assert issubclass(ramus.IntegrationError, ramus.Error) and issubclass(ramus.Error, RuntimeError)


@pytest.mark.parametrize("changes,words", [
    (dict(mass=-1.0), ["panel", "mass", "-1"]),  # the library's check, its message
    (dict(mass=math.nan), ["panel", "mass", "finite"]),  # caught in Python before JSON
    (dict(mass="heavy"), ["mass"]),  # a string for a number
    (dict(I_PntSc_S=numpy.eye(2)), ["I_PntSc_S"]),  # a 2x2 inertia
    (dict(I_PntSc_S=numpy.diag([1.0, -1.0, 1.0])), ["I_PntSc_S", "positive definite"]),
    (dict(stiffness=3.0), ["stiffness", "unknown key"]),  # a misspelt keyword
    (dict(d=object()), ["d", "object"]),  # not convertible at all
])
def test_bad_effector_fields_name_the_field(changes, words):
    with pytest.raises(ramus.ConfigurationError) as e:
        panel(**changes)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_bad_hub_and_initial_state():
    m = ramus.Model()
    with pytest.raises(ramus.ConfigurationError, match="mass"):
        m.add_vehicle("sc", mass=0.0, I_PntBc_B=numpy.eye(3))
    sc = m.add_vehicle("sc", mass=1.0, I_PntBc_B=numpy.eye(3))
    with pytest.raises(ramus.ConfigurationError, match="omega_BN_B"):
        sc.set_initial_state(omega_BN_B=[0.0, math.inf, 0.0])
    with pytest.raises(ramus.ConfigurationError, match="hub_translation"):
        sc.hub_translation = "D"


@pytest.mark.parametrize("x0,words", [
    (numpy.zeros(3), ["x0", "(3,)"]),
    (numpy.zeros((2, 16)), ["x0", "(2, 16)"]),
    ("state", ["x0"]),
    (None, ["x0"]),
])
def test_bad_state_arrays(x0, words):
    m = rigid()
    with pytest.raises(ramus.ConfigurationError) as e:
        ramus.propagate(m, x0, [0.0, 1.0], dt=0.1)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_nan_in_the_state_names_the_entry():
    m = rigid()
    x = m.initial_state()
    x[4] = math.nan
    with pytest.raises(ramus.ConfigurationError, match=r"x0\[4\]"):
        ramus.propagate(m, x, [0.0, 1.0], dt=0.1)
    with pytest.raises(ramus.ConfigurationError, match=r"x\[4\]"):
        ramus.System(m)(x, 0.0)


def test_bad_run_settings():
    m = rigid()
    x = m.initial_state()
    with pytest.raises(ramus.ConfigurationError, match="rk4"):  # the message lists the steppers
        ramus.propagate(m, x, [0.0, 1.0], stepper="rk5", dt=0.1)
    with pytest.raises(ramus.ConfigurationError, match=r"times\[2\]"):
        ramus.propagate(m, x, [0.0, 1.0, 1.0], dt=0.1)
    with pytest.raises(ramus.ConfigurationError, match="log"):
        ramus.propagate(m, x, [0.0, 1.0], dt=0.1, log=["sc.no_such_quantity"])
    with pytest.raises(ramus.ConfigurationError, match="motor"):
        ramus.propagate(m, x, [0.0, 1.0], dt=0.1, inputs=[(0.5, "sc/act.motor", 1.0)])
    with pytest.raises(ramus.ConfigurationError, match="dt"):
        ramus.propagate(m, x, [0.0, 1.0], dt=0.0)
    with pytest.raises(ramus.IntegrationError):
        ramus.propagate(m, x, [0.0, 1.0], dt=0.1, max_steps=3)
    with pytest.raises(ramus.ConfigurationError, match="finalize"):
        ramus.System(rigid(finalize=False))


class Raising(ramus.Task):
    def __init__(self, fail_at, value=0.0, outputs=("sc/act.torque_PntF_F[0]",)):
        super().__init__("raising", "sc", period=0.1)
        self.fail_at, self.value, self._outputs = fail_at, value, list(outputs)

    def outputs(self):
        return self._outputs

    def update(self, t, x, commands):
        if t >= self.fail_at:
            raise ZeroDivisionError(f"task failed at {t}")
        commands[0] = self.value


def test_task_errors_reach_the_caller_and_the_system_stays_usable():
    m = rigid()
    system = ramus.System(m)
    x = m.initial_state()
    with pytest.raises(ZeroDivisionError, match="task failed"):
        ramus.propagate(system, x, [0.0, 1.0], dt=0.05, tasks=[Raising(0.3)])
    with pytest.raises(ramus.IntegrationError, match="raising"):  # a NaN command names the task
        ramus.propagate(system, x, [0.0, 1.0], dt=0.05, tasks=[Raising(2.0, value=math.nan)])
    with pytest.raises(ramus.ConfigurationError, match="raising"):  # a channel that does not exist
        ramus.propagate(system, x, [0.0, 1.0], dt=0.05, tasks=[Raising(2.0, outputs=["sc/act.nothing"])])
    r = ramus.propagate(system, x, [0.0, 1.0], dt=0.05)
    assert numpy.all(numpy.isfinite(r.x))
