"""Events and linear models from Python (docs/python.md, "Events", "Linear models").

Events on a hub driven from rest by a constant torque about a principal axis, omega_x = alpha t
(alpha = 0.1 rad/s^2), so each crossing time is known in closed form; a constant force gives the
accumulated dV = a t; a straight line crosses a sphere at a root of a quadratic. The linear model
of a hinged panel on a clamped hub has the panel's mode +-i sqrt(k / (I_22 + m d^2))."""

import math

import numpy
import pytest

import ramus

ALPHA = 0.1  # [rad/s^2]


def torqued(force=0.0):
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=100.0, I_PntBc_B=numpy.diag([100.0, 200.0, 300.0]))
    sc.add_dynamic_effector(ramus.ExternalForceTorque("act", torque_PntF_F=[10.0, 0.0, 0.0], force_F=[force, 0, 0]))
    m.finalize()
    return m


def omega_x(m, x):
    return x[m.state_index("sc/hub.omega_BN_B")[0]]


# A located time is within the event's 1e-10 s tolerance of the root on the integrated solution,
# and rk4 integrates omega = alpha t exactly: 2e-10 s covers both with the round-off of t.
TIME = 2e-10


def test_python_and_ready_made_events_find_the_closed_form_time():
    m = torqued()
    python_g = ramus.Event("half", lambda x, t: omega_x(m, x) - 0.5, direction="rising")
    ready = ramus.state_entry_event("half_entry", m, "sc/hub.omega_BN_B[0]", 0.5, direction="rising")
    falling = ramus.Event("never", lambda x, t: omega_x(m, x) - 0.5, direction="falling")
    r = ramus.propagate(m, m.initial_state(), [0.0, 10.0], dt=0.1, events=[python_g, ready, falling])
    names = [e[0] for e in r.events]
    assert names == ["half", "half_entry"]  # the falling one never happens
    for name, t, rising, x in r.events:
        assert abs(t - 5.0) <= TIME and rising
        assert abs(omega_x(m, x) - 0.5) <= ALPHA * TIME + 1e-15


def test_stop_ends_the_run_at_the_event_with_its_row():
    m = torqued()
    for value, rows in [(0.35, [0.0, 1.0, 2.0, 3.0, 3.5]), (0.3, [0.0, 1.0, 2.0, 3.0])]:
        # omega_x = value at t = value / alpha: between two output times (its own last row), or on
        # one (that row once, no duplicate).
        stop = ramus.state_entry_event("stop", m, "sc/hub.omega_BN_B[0]", value, action="stop")
        r = ramus.propagate(m, m.initial_state(), numpy.linspace(0.0, 10.0, 11), dt=0.1, events=[stop],
                            log=["sc/hub.omega_BN_B"])
        assert r.stats["stopped"] and len(r.t) == len(rows)
        assert numpy.max(numpy.abs(r.t - rows)) <= TIME
        assert abs(r["sc/hub.omega_BN_B"][-1, 0] - value) <= ALPHA * TIME + 1e-15


def test_a_callback_changes_the_inputs_and_the_state():
    m = torqued()
    system = ramus.System(m)
    w = m.state_index("sc/hub.omega_BN_B")[0]

    def cut_torque(x, t):  # at omega_x = 0.5: torque off, and the rate halved
        system.set_input("sc/act.torque_PntF_F[0]", 0.0)
        x[w] *= 0.5

    event = ramus.Event("cut", lambda x, t: x[w] - 0.5, direction="rising", action=cut_torque)
    r = ramus.propagate(system, m.initial_state(), [0.0, 10.0], dt=0.1, events=[event])
    # After 5 s: no torque, omega = 0.25 rad/s held (rk4 exact on a constant): round-off only.
    assert abs(r.x[-1][w] - 0.25) <= 1e-12
    assert len(r.events) == 1 and r.events[0][0] == "cut"


def test_delta_v_and_altitude_events():
    m = torqued(force=10.0)  # 10 N on 100 kg: dV = 0.1 t
    dv = ramus.delta_v_event("dv", m, "sc", 1.0)
    r = ramus.propagate(m, m.initial_state(), [0.0, 20.0], dt=0.1, events=[dv])
    # The force is along b1 = n1 (the hub turns about b1): dV = 0.1 t exactly, 1 m/s at t = 10 s.
    name, t, rising, x = r.events[0]
    offset, size = m.state_index("sc/C.dv_CN_N")
    assert name == "dv" and rising and abs(t - 10.0) <= TIME
    assert abs(numpy.linalg.norm(x[offset:offset + size]) - 1.0) <= 0.1 * TIME + 1e-15

    free = ramus.Model()
    sc = free.add_vehicle("sc", mass=1.0, I_PntBc_B=numpy.eye(3))
    r0, v0 = numpy.array([7.0e6, 1.0e5, 0.0]), numpy.array([-2000.0, 300.0, 0.0])
    sc.set_initial_state(r_N=r0, v_N=v0)
    free.finalize()
    radius, altitude = 6.378e6, 2.0e5
    event = ramus.altitude_event("down", free, "sc", radius, altitude, point="B")
    r = ramus.propagate(free, free.initial_state(), [0.0, 400.0], dt=1.0, events=[event])
    # |r0 + v0 t| = radius + altitude: the smaller root of a quadratic in t.
    a, b, c = v0 @ v0, 2 * r0 @ v0, r0 @ r0 - (radius + altitude) ** 2
    t_cross = (-b - math.sqrt(b * b - 4 * a * c)) / (2 * a)
    assert abs(r.events[0][1] - t_cross) <= TIME * 10  # 2e-9 s: round-off of |r| ~ 7e6 m at 2 km/s


def test_linear_model_of_a_panel_on_a_clamped_hub_has_its_mode():
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=500.0, I_PntBc_B=numpy.diag([400.0, 300.0, 200.0]))
    sc.hub_translation = "clamped"
    mass, I22, d, k = 50.0, 20.0, 1.2, 80.0
    sc.add_state_effector(ramus.HingedRigidBody("panel", mass=mass, I_PntSc_S=numpy.diag([40.0, I22, 20.0]), d=d,
                                                r_HB_B=[0.0, 0.8, 0.0], dcm_HB=numpy.eye(3), k=k, c=0.0))
    m.finalize()
    lm = ramus.linearize(m, m.initial_state())
    assert lm["A"].shape == (len(lm["state_names"]),) * 2
    modes = numpy.linalg.eigvals(lm["A"])
    expected = math.sqrt(k / (I22 + mass * d * d))
    # Central differences on a linear spring: the frequency to 1e-7 relative (the differences'
    # truncation and round-off at the default steps).
    assert numpy.min(numpy.abs(modes - 1j * expected)) <= 1e-7 * expected
    assert "sc/panel.motor_torque" in lm["input_names"][0]
