"""Flight software written in Python (docs/python.md, "Flight software"): a PD attitude controller
sampled every 0.5 s, its torque held between samples (zero-order hold), about a principal axis of
a rigid hub. Reference: the sampled closed loop in closed form, computed without ramus: with the
torque constant over a period T, omega_{k+1} = omega_k + tau_k T / I and
theta_{k+1} = theta_k + omega_k T + tau_k T^2 / (2 I)."""

import math

import numpy
import pytest

import ramus

I_X = 100.0  # [kg m^2]
KP, KD = 2.0, 30.0  # [N m/rad], [N m s/rad]
PERIOD = 0.5  # [s]
T_END = 20.0


class PD(ramus.Task):
    def __init__(self, model, delay=0):
        super().__init__("pd", "sc", period=PERIOD, delay=delay)
        offset, size = model.state_index("sc/hub.q_BN")
        self.q = slice(offset, offset + size)
        self.w = model.state_index("sc/hub.omega_BN_B")[0]
        self.calls = 0

    def outputs(self):
        return ["sc/act.torque_PntF_F[0]"]

    def update(self, t, x, commands):
        q = x[self.q]
        theta = 2.0 * math.atan2(q[1], q[0])
        commands[0] = -KP * theta - KD * x[self.w]
        self.calls += 1


def model():
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=200.0, I_PntBc_B=numpy.diag([I_X, 150.0, 180.0]))
    sc.set_initial_state(omega_BN_B=[0.05, 0.0, 0.0])
    sc.add_dynamic_effector(ramus.ExternalForceTorque("act"))
    m.finalize()
    return m


def reference(delay):
    """theta and omega at the samples 0, T, 2T, … of the sampled loop (one sample late with delay 1)."""
    theta, omega, held = 0.0, 0.05, 0.0
    out = [(theta, omega)]
    for _ in range(int(round(T_END / PERIOD))):
        tau = -KP * theta - KD * omega
        applied = tau if delay == 0 else held
        held = tau
        theta, omega = theta + omega * PERIOD + applied * PERIOD**2 / (2 * I_X), omega + applied * PERIOD / I_X
        out.append((theta, omega))
    return numpy.array(out)


@pytest.mark.parametrize("delay", [0, 1])
def test_sampled_pd_matches_the_closed_form(delay):
    m = model()
    task = PD(m, delay)
    times = numpy.arange(0.0, T_END + PERIOD / 2, PERIOD)
    r = ramus.propagate(m, m.initial_state(), times, dt=0.05, tasks=[task], log=["sc/hub.q_BN", "sc/hub.omega_BN_B"])
    q = r["sc/hub.q_BN"]
    theta = 2.0 * numpy.arctan2(q[:, 1], q[:, 0])
    ref = reference(delay)
    # omega is linear within each hold: rk4 integrates it exactly (round-off, 1e-14 rad/s).
    assert numpy.max(numpy.abs(r["sc/hub.omega_BN_B"][:, 0] - ref[:, 1])) <= 1e-14
    # theta: rk4 on the quaternion kinematics of a rotation about one axis with omega piecewise linear
    # (6e-16 rad measured); the controller feeds it back, so 1e-12 rad; a hold on the wrong sample
    # misses by ~1e-3 rad.
    assert numpy.max(numpy.abs(theta - ref[:, 0])) <= 1e-12
    # One call per sample in [0, T_END], the end included: the driver stopped on every sample time.
    assert task.calls == r.stats["task_calls"] == int(round(T_END / PERIOD)) + 1
    # The controller acts: open loop, theta would be 0.05 rad/s x 20 s = 1 rad.
    assert abs(theta[-1]) < 0.1


def test_commands_reach_the_logged_channel():
    m = model()
    task = PD(m)
    r = ramus.propagate(m, m.initial_state(), [0.0, 0.5, 1.0], dt=0.05, tasks=[task],
                        log=["sc/act.torque_PntF_F:command"])
    # At t = 0.5 s the command is the one computed at 0.5 s from the state there.
    q = r.state(1)["sc/hub.q_BN"]
    expected = -KP * 2.0 * math.atan2(q[1], q[0]) - KD * r.state(1)["sc/hub.omega_BN_B"][0]
    assert r["sc/act.torque_PntF_F:command"][1, 0] == expected
