"""The flight-software algorithms from Python (ramus.fsw, docs/python.md "Flight-software
algorithms") and the mass properties a controller's inertia comes from (Model.mass_properties):
each binding against the same computation written here in numpy from the equations of
docs/fsw/*.md and docs/notation.md §3, and bad arguments refused by the C++ objects, naming the
object, the field and the value."""

import math

import numpy
import pytest

import ramus
from ramus import fsw

EPS = numpy.finfo(float).eps
RNG = numpy.random.default_rng(7)


# ---- numpy from docs/notation.md §3 -------------------------------------------------------------
def tilde(v):
    return numpy.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])


def qmul(p, q):  # Hamilton product, eq. (3.1)
    return numpy.concatenate([[p[0] * q[0] - p[1:] @ q[1:]], p[0] * q[1:] + q[0] * p[1:] + numpy.cross(p[1:], q[1:])])


def qconj(q):
    return numpy.concatenate([[q[0]], -q[1:]])


def q_of_mrp(s):  # docs/fsw/quaternion_pd.md eq. (3)
    s2 = s @ s
    return numpy.concatenate([[1.0 - s2], 2.0 * s]) / (1.0 + s2)


def mrp_of_q(q):  # sigma = q_v / (1 + q0), the set with q0 ≥ 0
    q = -q if q[0] < 0 else q
    return q[1:] / (1.0 + q[0])


def dcm_BN_of_q(q):  # R(q_BN)ᵀ, eq. (3.2)
    q0, v = q[0], q[1:]
    return ((q0 * q0 - v @ v) * numpy.eye(3) + 2.0 * numpy.outer(v, v) + 2.0 * q0 * tilde(v)).T


def short(s):  # docs/fsw/mrp_feedback.md eq. (6)
    return -s / (s @ s) if s @ s > 1.0 else s


def random_spd(scale):
    a = RNG.normal(size=(3, 3))
    return scale * (a @ a.T + 3.0 * numpy.eye(3))


def random_inertia(scale):
    """A rigid body's inertia (principal moments obeying the triangle inequality), turned."""
    q = RNG.normal(size=4)
    dcm = dcm_BN_of_q(q / numpy.linalg.norm(q))
    return dcm @ numpy.diag(scale * numpy.array([1.0, 1.3, 1.7])) @ dcm.T


# ---- mass properties ----------------------------------------------------------------------------
def test_mass_properties_of_a_hub_and_a_point_like_panel_by_the_parallel_axis_theorem():
    m_h, m_p, d, a = 500.0, 40.0, 2.0, 1e-3  # hub and panel masses [kg], hinge to panel C [m], panel I [kg m²]
    I_h = numpy.diag([300.0, 250.0, 200.0])
    c_h = numpy.array([0.1, -0.2, 0.3])  # hub centre of mass from B
    r_H = numpy.array([0.5, 1.0, 0.2])  # hinge point from B
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=m_h, I_PntBc_B=I_h, r_BcB_B=c_h)
    sigma_BN = numpy.array([0.1, -0.2, 0.15])
    r_BN_N = numpy.array([7e6, 1e3, -2e3])
    sc.set_initial_state(point="B", r_N=r_BN_N, sigma_BN=sigma_BN, omega_BN_B=[0.01, -0.02, 0.03])
    # an isotropic panel inertia a·1 is the same in every frame, so the closed form needs no dcm_SB
    sc.add_state_effector(ramus.HingedRigidBody("panel", mass=m_p, I_PntSc_S=a * numpy.eye(3), d=d, r_HB_B=r_H,
                                                dcm_HB=numpy.eye(3), k=10.0, c=1.0))
    m.finalize()
    x = m.state()
    theta = 0.7
    x["sc/panel.theta"] = [theta]
    x["sc/panel.thetaDot"] = [0.2]  # a joint rate: the inertia must not depend on it
    p = m.mass_properties(x, "sc")
    # docs/models/hinged_rigid_body.md eq. (1): r_ScB_B = r_HB_B − d ŝ1, ŝ1 = (cos θ, 0, −sin θ) in H = B
    r_Sc = r_H - d * numpy.array([math.cos(theta), 0.0, -math.sin(theta)])
    mass = m_h + m_p
    c = (m_h * c_h + m_p * r_Sc) / mass

    def shift(mi, r):  # parallel axis: mi (|r|² 1 − r rᵀ)
        return mi * ((r @ r) * numpy.eye(3) - numpy.outer(r, r))

    I_C_B = I_h + shift(m_h, c_h - c) + a * numpy.eye(3) + shift(m_p, r_Sc - c)
    dcm_BN = dcm_BN_of_q(q_of_mrp(sigma_BN))
    assert p["m"] == pytest.approx(mass, rel=4 * EPS)  # a sum of two masses
    # r_CN_N = r_BN_N + dcm_NB c; 1e-9 m: r_BN_N is 7e6 m, whose eps is 1e-9 m.
    numpy.testing.assert_allclose(p["r_CN_N"], r_BN_N + dcm_BN.T @ c, rtol=0, atol=1e-9)
    # 1e-13 relative to the largest entry (~500 kg m²): the inertia is a difference of angular
    # momenta about C at unit rates, sums of a few dozen products each rounded to eps of its size
    # (the error observed is about 1e-16 relative).
    scale = numpy.abs(I_C_B).max()
    numpy.testing.assert_allclose(p["I_PntC_B"], I_C_B, rtol=0, atol=1e-13 * scale)
    numpy.testing.assert_allclose(p["I_PntC_N"], dcm_BN.T @ I_C_B @ dcm_BN, rtol=0, atol=1e-13 * scale)
    # the rates did not change it: the same at rest
    x["sc/panel.thetaDot"] = [0.0]
    x["sc/hub.omega_BN_B"] = [0.0, 0.0, 0.0]
    numpy.testing.assert_allclose(m.mass_properties(x, 0)["I_PntC_B"], I_C_B, rtol=0, atol=1e-13 * scale)
    with pytest.raises(ramus.ConfigurationError, match=r"Model.mass_properties: vehicle = 3: must be"):
        m.mass_properties(x, 3)
    with pytest.raises(ramus.ConfigurationError, match="nope"):
        m.mass_properties(x, "nope")


# ---- the control laws -----------------------------------------------------------------------------
def random_error():
    return fsw.AttitudeError(sigma_BR=RNG.normal(size=3) * 0.4, omega_BR_B=RNG.normal(size=3) * 0.05,
                             omega_RN_B=RNG.normal(size=3) * 0.02, omegaDot_RN_B=RNG.normal(size=3) * 1e-3)


def mrp_law(K, P, K_i, I, e, z, L, H_w, gyroscopic, feed_forward=True):
    """docs/fsw/mrp_feedback.md eqs. (3), (5), (14), (15)."""
    s = short(e.sigma_BR)
    dw, wr, wrdot = e.omega_BR_B, e.omega_RN_B, e.omegaDot_RN_B
    w = dw + wr
    u = -K * s - P @ dw - K_i * (P @ z)
    if not feed_forward:
        return u
    H = I @ w + H_w
    u = u + I @ (wrdot - numpy.cross(w, wr)) - L
    if gyroscopic == "body_rate":
        u = u + numpy.cross(w, H)
    elif gyroscopic == "reference_rate":
        u = u + numpy.cross(wr + K_i * z, H)
    return u


@pytest.mark.parametrize("gyroscopic", ["body_rate", "reference_rate", "none"])
def test_mrp_feedback_torque_against_the_equations_of_the_docs(gyroscopic):
    K, K_i = 3.0, 0.02
    P, I = random_spd(5.0), random_inertia(100.0)
    law = fsw.MrpFeedback(K, P, K_i=K_i, I_PntC_B=I, gyroscopic=gyroscopic)
    no_ff = fsw.MrpFeedback(K, P, K_i=K_i, I_PntC_B=I, feed_forward=False)
    for _ in range(20):
        e = random_error()
        if RNG.uniform() < 0.3:  # a long-set σ, switched to the short set first (eq. (6))
            e = fsw.AttitudeError(-e.sigma_BR / (e.sigma_BR @ e.sigma_BR), e.omega_BR_B, e.omega_RN_B,
                                  e.omegaDot_RN_B)
        z, L, H_w = RNG.normal(size=3), RNG.normal(size=3) * 0.1, RNG.normal(size=3)
        expected = mrp_law(K, P, K_i, I, e, z, L, H_w, gyroscopic)
        # 1e-13 relative to the largest term (|I ω × ω| ~ a few N m with |I| ~ 1e3): sums of a dozen
        # products, each rounded to eps of its size.
        scale = max(1.0, numpy.abs(expected).max())
        numpy.testing.assert_allclose(law.torque(e, z, L, H_w), expected, rtol=0, atol=1e-13 * scale)
        numpy.testing.assert_allclose(no_ff.torque(e, z), mrp_law(K, P, K_i, I, e, z, L, H_w, None, False), rtol=0,
                                      atol=1e-13 * scale)


def test_mrp_feedback_update_integrates_sigma():
    K, K_i, dt = 2.0, 0.05, 0.5
    P, I = 4.0 * numpy.eye(3), random_inertia(50.0)  # a number for P: P·1
    law = fsw.MrpFeedback(K, P, K_i=K_i, I_PntC_B=I)
    e0, e1 = random_error(), random_error()
    law.update(e0, dt)
    u = law.update(e1, dt)
    # eq. (4) with the integral of σ advanced over the step (docs/fsw/mrp_feedback.md, "The integral
    # in discrete time"): after the first sample (which sets δω(0) and starts ∫σ) z = K ∫σ + I (δω − δω(0)).
    z = K * law.sigma_integral + I @ (e1.omega_BR_B - e0.omega_BR_B)
    numpy.testing.assert_allclose(law.z_B, z, rtol=0, atol=1e-13 * numpy.abs(z).max())
    numpy.testing.assert_allclose(u, law.torque(e1, law.z_B), rtol=0, atol=0)  # the same law, the same z
    assert numpy.abs(law.sigma_integral).max() > 0
    law.reset()
    assert numpy.all(law.sigma_integral == 0)


def test_quaternion_pd_against_the_equations_of_the_docs():
    k_p, K_d, I = 2.5, random_spd(3.0), random_inertia(80.0)
    law = fsw.QuaternionPd(k_p, K_d, I_PntC_B=I)
    plain = fsw.QuaternionPd(k_p, K_d, feed_forward=False)
    for _ in range(20):
        e = random_error()
        L = RNG.normal(size=3) * 0.1
        dq = q_of_mrp(e.sigma_BR)  # eq. (3)
        dw, wr, wrdot = e.omega_BR_B, e.omega_RN_B, e.omegaDot_RN_B
        w = dw + wr
        u1 = -k_p * numpy.sign(dq[0]) * dq[1:] - K_d @ dw  # eq. (1)
        u2 = u1 + I @ (wrdot - numpy.cross(w, wr)) + numpy.cross(w, I @ w) - L  # eq. (2)
        scale = max(1.0, numpy.abs(u2).max())
        # 1e-13 relative: as for the MRP law, sums of a dozen rounded products.
        numpy.testing.assert_allclose(law.torque(e, L), u2, rtol=0, atol=1e-13 * scale)
        numpy.testing.assert_allclose(plain.torque(e), u1, rtol=0, atol=1e-13 * scale)
        # the quaternion form with −q: the same torque (sgn δq0)
        numpy.testing.assert_allclose(law.torque_quaternion(-dq, dw, wr, wrdot, L), u2, rtol=0, atol=1e-13 * scale)


# ---- guidance -------------------------------------------------------------------------------------
def test_attitude_tracking_error_against_eqs_11_to_14():
    for _ in range(20):
        sigma_BN, sigma_RN = RNG.normal(size=3) * 0.5, RNG.normal(size=3) * 0.5
        omega_BN_B, omega_RN_N, omegaDot_RN_N = RNG.normal(size=(3, 3)) * 0.03
        e = fsw.attitude_tracking_error(sigma_BN, omega_BN_B, fsw.AttitudeReference(sigma_RN, omega_RN_N,
                                                                                     omegaDot_RN_N))
        q_BN = q_of_mrp(sigma_BN)
        q_BR = qmul(qconj(q_of_mrp(sigma_RN)), q_BN)  # eq. (11)
        dcm_BN = dcm_BN_of_q(q_BN)
        # 16 eps: a quaternion product and the MRP division, a few roundings each on unit-size numbers.
        numpy.testing.assert_allclose(e.sigma_BR, mrp_of_q(q_BR), rtol=0, atol=16 * EPS)
        numpy.testing.assert_allclose(e.omega_RN_B, dcm_BN @ omega_RN_N, rtol=0, atol=16 * EPS)  # eq. (12)
        numpy.testing.assert_allclose(e.omega_BR_B, omega_BN_B - dcm_BN @ omega_RN_N, rtol=0, atol=16 * EPS)  # (13)
        numpy.testing.assert_allclose(e.omegaDot_RN_B, dcm_BN @ omegaDot_RN_N, rtol=0, atol=16 * EPS)  # (14)


def test_inertial_and_hill_pointing_against_eqs_1_to_5():
    long_set = numpy.array([0.9, -0.8, 0.7])  # |σ| > 1: stored as its short set, the same attitude
    sigma, w, wdot = fsw.InertialPointing(long_set).reference()  # unpacks as a tuple
    numpy.testing.assert_allclose(sigma, -long_set / (long_set @ long_set), rtol=0, atol=4 * EPS)
    assert numpy.all(w == 0) and numpy.all(wdot == 0)  # eq. (1)
    sigma_RH = numpy.array([0.0, 0.0, math.tan(math.pi / 8)])  # 90° about ô_h
    hill = fsw.HillPointing(sigma_RH)
    r = numpy.array([7.0e6, 1.0e5, 2.0e5])
    v = numpy.array([-100.0, 7.4e3, 1.0e3])
    ref = hill.reference(r, v)
    h = numpy.cross(r, v)
    o_r, o_h = r / numpy.linalg.norm(r), h / numpy.linalg.norm(h)
    dcm_HN = numpy.array([o_r, numpy.cross(o_h, o_r), o_h])  # eq. (2)
    numpy.testing.assert_allclose(hill.dcm_HN(r, v), dcm_HN, rtol=0, atol=8 * EPS)
    dcm_RN = dcm_BN_of_q(q_of_mrp(sigma_RH)) @ dcm_HN  # eq. (5)
    numpy.testing.assert_allclose(fsw.mrp_from_dcm(dcm_RN), ref.sigma_RN, rtol=0, atol=16 * EPS)
    numpy.testing.assert_allclose(dcm_BN_of_q(q_of_mrp(ref.sigma_RN)), dcm_RN, rtol=0, atol=32 * EPS)
    rn, hn = numpy.linalg.norm(r), numpy.linalg.norm(h)
    rdot = r @ v / rn
    # Keplerian (a along r: a_h = a_θ = 0): eqs. (3)-(4) reduce to h/r² ô_h and −2 h ṙ / r³ ô_h.
    # 1e-14 relative for the rate, products and quotients of a handful of rounded numbers; 1e-13
    # for its derivative, whose ṙ = r·v/|r| is a sum of terms that partly cancel (ṙ ≪ |v|).
    numpy.testing.assert_allclose(ref.omega_RN_N, hn / rn**2 * o_h, rtol=1e-14, atol=0)
    numpy.testing.assert_allclose(ref.omegaDot_RN_N, -2.0 * hn * rdot / rn**3 * o_h, rtol=1e-13,
                                  atol=1e-14 * numpy.abs(ref.omegaDot_RN_N).max())


def test_eigenaxis_slew_against_eqs_6_to_8():
    sigma_AN, sigma_DN = numpy.array([0.1, 0.2, -0.1]), numpy.array([-0.3, 0.1, 0.25])
    t0, T = 10.0, 100.0
    slew = fsw.EigenaxisSlew(sigma_AN, sigma_DN, t_start=t0, duration=T)
    q_AN = q_of_mrp(sigma_AN)
    q_DA = qmul(qconj(q_AN), q_of_mrp(sigma_DN))
    q_DA = -q_DA if q_DA[0] < 0 else q_DA
    Phi = 2.0 * math.atan2(numpy.linalg.norm(q_DA[1:]), q_DA[0])  # eq. (6)
    e = q_DA[1:] / numpy.linalg.norm(q_DA[1:])
    assert slew.slew_angle == pytest.approx(Phi, rel=1e-14)  # 1e-14: an atan2 of rounded products
    dcm_NA = dcm_BN_of_q(q_AN).T
    for t in (0.0, 10.0, 35.0, 60.0, 97.0, 110.0, 200.0):
        s = min(max((t - t0) / T, 0.0), 1.0)
        theta = Phi * (10 * s**3 - 15 * s**4 + 6 * s**5)  # eq. (8)
        thetaDot = 30 * Phi / T * s**2 * (1 - s)**2
        thetaDDot = 60 * Phi / T**2 * s * (1 - s) * (1 - 2 * s)
        q_RN = qmul(q_AN, numpy.concatenate([[math.cos(theta / 2)], math.sin(theta / 2) * e]))  # eq. (7)
        sigma_RN, w, wdot = slew.reference(t)
        # 32 eps: two quaternion products and the MRP division; the rates a few products more.
        numpy.testing.assert_allclose(sigma_RN, mrp_of_q(q_RN), rtol=0, atol=32 * EPS)
        numpy.testing.assert_allclose(w, thetaDot * dcm_NA @ e, rtol=0, atol=32 * EPS * max(thetaDot, 1e-300))
        numpy.testing.assert_allclose(wdot, thetaDDot * dcm_NA @ e, rtol=0, atol=32 * EPS * abs(thetaDDot) + 1e-300)
        numpy.testing.assert_allclose(slew.angle(t), [theta, thetaDot, thetaDDot], rtol=1e-13, atol=1e-18)
    assert slew.peak_rate == pytest.approx(15 * Phi / (8 * T), rel=1e-12)  # eq. (8)'s peaks


# ---- reaction-wheel torque mapping ------------------------------------------------------------------
def test_rw_torque_mapping_against_eqs_3_and_5():
    b = 1.0 / math.sqrt(3.0)
    Gs = numpy.array([[b, -b, -b, b], [b, b, -b, -b], [b, b, b, b]])  # a pyramid of four wheels
    u_max, Omega_max = 0.2, 600.0
    mapping = fsw.RwTorqueMapping(Gs, u_max=u_max, Omega_max=Omega_max)
    M = -Gs.T @ numpy.linalg.inv(Gs @ Gs.T)  # eq. (3) with C = 1
    # 1e-14: the inverse of a well-conditioned 3×3 matrix and a product, entries of order 1.
    numpy.testing.assert_allclose(mapping.mapping, M, rtol=0, atol=1e-14)
    L_r = numpy.array([0.05, -0.1, 0.3])
    Omega = numpy.array([100.0, 600.0, -600.0, 0.0])  # wheels 2 and 3 at the speed limit
    c = mapping.map(L_r, Omega)
    u_req = M @ L_r
    numpy.testing.assert_allclose(c["u_requested"], u_req, rtol=0, atol=1e-14)
    speed = (numpy.abs(Omega) >= Omega_max) & (u_req * Omega > 0)  # eq. (5)
    u_app = numpy.where(speed, 0.0, numpy.clip(u_req, -u_max, u_max))
    numpy.testing.assert_allclose(c["u_applied"], u_app, rtol=0, atol=1e-14)
    assert c["torque_saturated"] == list(numpy.abs(u_req) > u_max)
    assert c["speed_saturated"] == list(speed)
    numpy.testing.assert_allclose(c["L_applied_B"], -Gs @ u_app, rtol=0, atol=1e-14)  # eq. (1)
    assert c["any_saturated"] == bool(numpy.any(speed) or numpy.any(numpy.abs(u_req) > u_max))
    # below every limit the hub receives the requested torque (full control: −Gs u_req = L_r)
    small = mapping.map(L_r * 0.1)
    numpy.testing.assert_allclose(-Gs @ small["u_applied"], 0.1 * L_r, rtol=0, atol=1e-15)
    assert not small["any_saturated"]


# ---- errors ---------------------------------------------------------------------------------------
def test_bad_arguments_are_refused_by_the_cpp_objects_naming_object_field_and_value():
    with pytest.raises(ramus.ConfigurationError, match=r"mrp_feedback 'att'.*K.*-1"):
        fsw.MrpFeedback(-1.0, numpy.eye(3), name="att")
    with pytest.raises(ramus.ConfigurationError, match=r"mrp_feedback 'mrp_feedback'.*P"):
        fsw.MrpFeedback(1.0, -numpy.eye(3))
    with pytest.raises(ramus.ConfigurationError, match=r"mrp_feedback 'mrp_feedback': gyroscopic = 'body'"):
        fsw.MrpFeedback(1.0, numpy.eye(3), I_PntC_B=numpy.eye(3), gyroscopic="body")
    with pytest.raises(ramus.ConfigurationError, match=r"mrp_feedback 'mrp_feedback': P = an array of .*shape \(2,"):
        fsw.MrpFeedback(1.0, numpy.eye(2))
    with pytest.raises(ramus.ConfigurationError, match=r"quaternion_pd 'quaternion_pd'.*k_p"):
        fsw.QuaternionPd(0.0, numpy.eye(3))
    with pytest.raises(ramus.ConfigurationError, match=r"eigenaxis_slew 'eigenaxis_slew'.*duration"):
        fsw.EigenaxisSlew([0, 0, 0], [0.1, 0, 0], t_start=0.0, duration=-1.0)
    with pytest.raises(ramus.ConfigurationError, match=r"rw_torque_mapping 'rw'.*u_max"):
        fsw.RwTorqueMapping(numpy.eye(3), u_max=-1.0, name="rw")
    with pytest.raises(ramus.ConfigurationError, match=r"rw_torque_mapping 'rw_torque_mapping'"):
        fsw.RwTorqueMapping(numpy.array([[1.0, 1.0], [0.0, 0.0], [0.0, 0.0]]))  # rank 1: cannot torque 3 axes
    with pytest.raises(ramus.ConfigurationError, match=r"inertial_pointing 'inertial_pointing': sigma_RN"):
        fsw.InertialPointing([0.0, math.nan, 0.0])
