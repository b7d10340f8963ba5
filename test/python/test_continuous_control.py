"""The continuous attitude-control effector from Python (docs/fsw/continuous_attitude_control.md):
ramus.ContinuousAttitudeControl with the MRP law holding an inertial attitude, against the same law
written here in numpy as a ramus.DynamicEffector subclass (docs/fsw/mrp_feedback.md eq. (3) with a
fixed reference: L = −K σ_BR − P ω + ω × I ω), and the hold reached."""

import numpy
import pytest

import ramus

I_HUB = numpy.diag([30.0, 20.0, 10.0])  # [kg m^2]
K, P = 2.0, 8.0  # [N m], [N m s]
SIGMA_RN = numpy.array([0.1, -0.2, 0.05])


def dcm_from_mrp(s):
    """[RN] from σ_RN (Schaub & Junkins ch. 3)."""
    s2 = s @ s
    S = numpy.array([[0, -s[2], s[1]], [s[2], 0, -s[0]], [-s[1], s[0], 0]])
    return numpy.eye(3) + (8 * S @ S - 4 * (1 - s2) * S) / (1 + s2) ** 2


def mrp_from_dcm(C):
    """σ with |σ| ≤ 1 from a DCM, through the quaternion (Shepperd's largest-element choice)."""
    tr = numpy.trace(C)
    cands = [tr, C[0, 0], C[1, 1], C[2, 2]]
    k = int(numpy.argmax(cands))
    if k == 0:
        q0 = 0.5 * numpy.sqrt(1 + tr)
        q = numpy.array([q0, (C[1, 2] - C[2, 1]) / (4 * q0), (C[2, 0] - C[0, 2]) / (4 * q0),
                         (C[0, 1] - C[1, 0]) / (4 * q0)])
    else:
        i = k - 1
        j, l = (i + 1) % 3, (i + 2) % 3
        qi = 0.5 * numpy.sqrt(1 + 2 * C[i, i] - tr)
        q = numpy.zeros(4)
        q[1 + i] = qi
        q[0] = (C[j, l] - C[l, j]) / (4 * qi)
        q[1 + j] = (C[i, j] + C[j, i]) / (4 * qi)
        q[1 + l] = (C[i, l] + C[l, i]) / (4 * qi)
    if q[0] < 0:
        q = -q
    return q[1:] / (1 + q[0])


class NumpyMrpHold(ramus.DynamicEffector):
    def wrench(self, frame, t):
        sigma = mrp_from_dcm(frame.dcm_FN @ dcm_from_mrp(SIGMA_RN).T)  # σ_BR
        w = frame.omega_FN_F
        return numpy.zeros(3), -K * sigma - P * w + numpy.cross(w, I_HUB @ w)


def run(effector):
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=100.0, I_PntBc_B=I_HUB.tolist())
    sc.set_initial_state(omega_BN_B=[0.05, -0.04, 0.06])
    sc.add_dynamic_effector(effector if isinstance(effector, ramus.DynamicEffector) else effector(sc))
    m.finalize()
    return ramus.propagate(m, m.initial_state(), numpy.linspace(0.0, 60.0, 7), dt=0.05)


def test_the_registered_effector_is_the_law_written_here():
    cpp = run(lambda sc: ramus.ContinuousAttitudeControl(
        "ctl", host=sc, law={"type": "mrp_feedback", "K": K, "P": P, "I_PntC_B": I_HUB.tolist()},
        guidance={"type": "inertial", "sigma_RN": SIGMA_RN.tolist()}))
    py = run(NumpyMrpHold("numpy_ctl"))
    # Two codings of one law: the MRP from the DCM by different routes (ε-level), amplified by the
    # closed loop's contraction over 60 s only mildly (a stable loop): 1e-12 of the unit quaternion.
    numpy.testing.assert_allclose(cpp.x, py.x, rtol=0, atol=1e-12)


def dcm_from_quaternion(q):
    """[BN] from q_BN = (q0, q1, q2, q3), scalar first."""
    q0, q1, q2, q3 = q
    return numpy.array([
        [q0 * q0 + q1 * q1 - q2 * q2 - q3 * q3, 2 * (q1 * q2 + q0 * q3), 2 * (q1 * q3 - q0 * q2)],
        [2 * (q1 * q2 - q0 * q3), q0 * q0 - q1 * q1 + q2 * q2 - q3 * q3, 2 * (q2 * q3 + q0 * q1)],
        [2 * (q1 * q3 + q0 * q2), 2 * (q2 * q3 - q0 * q1), q0 * q0 - q1 * q1 - q2 * q2 + q3 * q3]])


def test_the_hold_is_reached():
    r = run(lambda sc: ramus.ContinuousAttitudeControl(
        "ctl", host=sc, law={"type": "mrp_feedback", "K": K, "P": P, "I_PntC_B": I_HUB.tolist()},
        guidance={"type": "inertial", "sigma_RN": SIGMA_RN.tolist()}))
    q = r.columns.index("sc/hub.q_BN[0]")
    errors = [numpy.linalg.norm(mrp_from_dcm(dcm_from_quaternion(x[q:q + 4]) @ dcm_from_mrp(SIGMA_RN).T))
              for x in r.x]
    # Linearized per axis (eq. (12) of docs/fsw/mrp_feedback.md), σ ≈ θ/4: I σ'' + P σ' + (K/4) σ = 0.
    # At the largest I = 30 kg m²: ω_n = √(K/(4I)) = 0.129 /s, ζ = P/√(KI) = 1.03, poles
    # s = ω_n (ζ ∓ √(ζ² − 1)) = 0.100 and 0.167 /s. The slow mode's amplitude is at most
    # (|σ'(0)| + s_fast |σ(0)|)/(s_fast − s_slow) with |σ'(0)| ≤ |ω0|/4; after 60 s it has fallen by
    # e^(−60 s_slow). Twice that bounds the nonlinear and cross-axis remainder (measured 0.5 of it).
    wn = numpy.sqrt(K / (4 * 30.0))
    zeta = P / numpy.sqrt(K * 30.0)
    s_slow, s_fast = wn * (zeta - numpy.sqrt(zeta**2 - 1)), wn * (zeta + numpy.sqrt(zeta**2 - 1))
    amplitude = (numpy.linalg.norm([0.05, -0.04, 0.06]) / 4 + s_fast * errors[0]) / (s_fast - s_slow)
    assert errors[-1] <= 2 * amplitude * numpy.exp(-60.0 * s_slow)
    assert errors[-1] < 0.02 * errors[0]  # and the hold is reached: the error is 2 % of its start
    assert errors[0] > 0.1  # a real error to remove: |σ_RN| = 0.23 from the initial identity


class NumpyRateDamping(ramus.DynamicEffector):
    """docs/fsw/rate_damping_task.md eqs. (1)–(2) written here: L = −P ω, scaled as a whole so that
    no component exceeds MAX_TORQUE."""

    def wrench(self, frame, t):
        L = -P * frame.omega_FN_F
        s = min(1.0, MAX_TORQUE / numpy.max(numpy.abs(L)))
        return numpy.zeros(3), s * L


MAX_TORQUE = 0.3  # [N m]: P |ω0| ≈ 0.5 N m, so the first seconds are saturated


def test_the_rate_damping_law_is_the_law_written_here():
    cpp = run(lambda sc: ramus.ContinuousAttitudeControl(
        "ctl", host=sc, law={"type": "rate_damping", "P": P, "max_torque": MAX_TORQUE}))
    py = run(NumpyRateDamping("numpy_damper"))
    # Two codings of one law (a scale factor rounded alike or by one ulp) through a contracting
    # loop: 1e-12 of the unit quaternion and of rates of 0.1 rad/s.
    numpy.testing.assert_allclose(cpp.x, py.x, rtol=0, atol=1e-12)
    w = cpp.columns.index("sc/hub.omega_BN_B[0]")
    omega = cpp.x[:, w:w + 3]
    energy = [0.5 * o @ I_HUB @ o for o in omega]
    assert all(b < a for a, b in zip(energy, energy[1:]))  # dT/dt = ωᵀL < 0 at every output
    # Unsaturated, dT/dt = −P|ω|² ≤ −(2P/I_max) T, so |ω| falls at least as e^(−P t/I_max); the
    # saturated start lasts under 10 s (|L| ≥ 0.3 N m removes the 0.07 J of T0 in a few seconds), so after
    # 60 s |ω| ≤ |ω0| e^(−P (60 − 10)/30).
    w0 = numpy.linalg.norm([0.05, -0.04, 0.06])
    assert numpy.linalg.norm(omega[-1]) <= w0 * numpy.exp(-P * 50.0 / 30.0)
    assert numpy.max(numpy.abs(P * omega[0])) > MAX_TORQUE  # the run starts saturated


H_B = numpy.array([0.0, 1.0, 0.0])  # the array normal
S_N = numpy.array([0.6, 0.0, 0.8])  # the Sun's direction, fixed over the run
K_SUN = 0.5  # [N m]


class NumpySunPointing(ramus.DynamicEffector):
    """docs/fsw/sun_pointing_task.md eqs. (1)–(5) written here (no saturation; the Sun never exactly
    behind): L = K hHat_B × ([BN] sHat_N) − P ω."""

    def wrench(self, frame, t):
        return numpy.zeros(3), K_SUN * numpy.cross(H_B, frame.dcm_FN @ S_N) - P * frame.omega_FN_F


def test_the_sun_pointing_law_is_the_law_written_here():
    cpp = run(lambda sc: ramus.ContinuousAttitudeControl(
        "ctl", host=sc, law={"type": "sun_pointing", "hHat_B": H_B.tolist(), "sHat_N": S_N.tolist(), "K": K_SUN,
                             "P": P}))
    py = run(NumpySunPointing("numpy_sun"))
    # Two codings of one law (a cross product and a matrix product, rounded alike to a few ε)
    # through a contracting loop: 1e-12 of the unit quaternion and of rates of 0.1 rad/s.
    numpy.testing.assert_allclose(cpp.x, py.x, rtol=0, atol=1e-12)
    q = cpp.columns.index("sc/hub.q_BN[0]")
    angles = [numpy.arccos(numpy.clip(H_B @ (dcm_from_quaternion(x[q:q + 4]) @ S_N), -1, 1)) for x in cpp.x]
    assert angles[-1] < 0.1 * angles[0]  # the normal turns to the Sun (from 90° at the start)
