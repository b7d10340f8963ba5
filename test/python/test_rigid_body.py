"""VER-ROT-001 from Python (docs/verification/VER_ROT_001.md): a rigid hub, I = diag(100, 200, 300)
kg m^2, a constant torque (10, 0, 0) N m from rest, 10 s at dt = 0.1 s; the same case as the C++
suite, built and run through the Python module."""

import math

import numpy
import pytest

import ramus

ALPHA = 0.1  # [rad/s^2] tau_x / I_x
T, DT, STEPS = 10.0, 0.1, 100


def model():
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=100.0, I_PntBc_B=numpy.diag([100.0, 200.0, 300.0]))
    sc.add_dynamic_effector(ramus.ExternalForceTorque("torque", torque_PntF_F=[10.0, 0.0, 0.0]))
    m.finalize()
    return m


def rk4_map(h, n):
    """RK4 on z' = (i/2) alpha t z, z = q0 + i q1: what the scheme must produce (computed without ramus)."""
    f = lambda t, z: 0.5j * ALPHA * t * z  # noqa: E731
    z = 1.0 + 0j
    for k in range(n):
        t = k * h
        k1 = f(t, z)
        k2 = f(t + 0.5 * h, z + 0.5 * h * k1)
        k3 = f(t + 0.5 * h, z + 0.5 * h * k2)
        k4 = f(t + h, z + h * k3)
        z += h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
    return z


def euler_map(h, n):
    z = 1.0 + 0j
    for k in range(n):
        z *= 1.0 + 0.5j * ALPHA * (k * h) * h
    return z


def angle(z, w):
    """Rotation angle between two quaternions (q0, q1, 0, 0) given as q0 + i q1 (atan2: exact near 0,
    where an arccos would resolve only sqrt(eps) ~ 1.5e-8 rad)."""
    d = z.conjugate() * w
    return 2.0 * math.atan2(abs(d.imag), abs(d.real))


@pytest.mark.parametrize("stepper,scheme,band", [("rk4", rk4_map, 2e-7), ("euler", euler_map, 5.3e-2)])
def test_ver_rot_001(stepper, scheme, band):
    m = model()
    r = ramus.propagate(m, m.initial_state(), [0.0, T], stepper=stepper, dt=DT)
    x = r.state()
    q = x["sc/hub.q_BN"]
    # omega = alpha t is linear: every scheme integrates it exactly; 1e-12 rad/s is 100 steps of
    # round-off (~1e-16 each) with margin.
    assert numpy.linalg.norm(x["sc/hub.omega_BN_B"] - [ALPHA * T, 0, 0]) <= 1e-12
    q_ref = complex(math.cos(2.5), math.sin(2.5))  # theta = alpha T^2 / 2 = 5 rad
    error = angle(q_ref, complex(q[0], q[1]))
    # The page's band (rk4 misses by 8.7e-8 rad, euler by 5.204e-2 rad).
    assert error <= band
    # The scheme's own map predicts the miss; 1e-12 rad: ~100 steps of round-off on a unit quaternion.
    assert abs(error - angle(q_ref, scheme(DT, STEPS))) <= 1e-12
    # No gyroscopic coupling about a principal axis: q2 = q3 = 0 exactly.
    assert abs(q[2]) + abs(q[3]) <= 1e-15


def test_ver_rot_001_orders():
    """Step halving from 0.1 s over 4 levels against the closed form: rk4 order 4, euler order 1."""
    m = model()
    q_ref = numpy.array([math.cos(2.5), math.sin(2.5)])

    def error(x):
        state = m.state(x)
        q = state["sc/hub.q_BN"]
        return abs(angle(complex(*q_ref), complex(q[0], q[1])))

    for stepper, order, dt0 in [("rk4", 4.0, 0.1), ("euler", 1.0, 0.01)]:
        study = ramus.step_halving(m, m.initial_state(), 0.0, T, dt0, 4, stepper=stepper, error=error)
        assert list(study["dt"]) == [dt0, dt0 / 2, dt0 / 4, dt0 / 8]
        # Asymptotic orders within 0.1 (the docs page's band for these step sizes).
        assert numpy.all(numpy.abs(study["order"][1:] - order) <= 0.1), study
