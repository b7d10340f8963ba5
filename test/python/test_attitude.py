"""ramus.attitude (docs/python.md, "Attitude"): the conversions between quaternions, MRPs,
direction-cosine matrices and Euler angles over arrays of attitudes, against closed forms written
here from docs/notation.md §3 and from elementary rotations built by hand, and the principal angle
between two attitudes, accurate where 2 acos|q1·q2| reads 0."""

import math

import numpy
import pytest

import ramus
from ramus import attitude

EPS = numpy.finfo(float).eps
RNG = numpy.random.default_rng(20261207)


def random_quaternions(n):
    q = RNG.normal(size=(n, 4))
    return q / numpy.linalg.norm(q, axis=1)[:, None]


def R1(a):  # frame rotation about axis 1, written out by hand
    c, s = math.cos(a), math.sin(a)
    return numpy.array([[1.0, 0.0, 0.0], [0.0, c, s], [0.0, -s, c]])


def R2(a):
    c, s = math.cos(a), math.sin(a)
    return numpy.array([[c, 0.0, -s], [0.0, 1.0, 0.0], [s, 0.0, c]])


def R3(a):
    c, s = math.cos(a), math.sin(a)
    return numpy.array([[c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]])


def dcm_NB_of(q):
    """R(q) of docs/notation.md eq. (3.2), written out: (q0² − |v|²) 1 + 2 v vᵀ + 2 q0 [v×]."""
    q0, v = q[0], q[1:]
    vx = numpy.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])
    return (q0 * q0 - v @ v) * numpy.eye(3) + 2.0 * numpy.outer(v, v) + 2.0 * q0 * vx


def same_attitude(q1, q2):
    """q and −q are the same attitude: compare with the sign of the larger scalar part."""
    return numpy.where((numpy.sum(q1 * q2, axis=-1) < 0)[..., None], -q2, q2)


def test_quaternion_mrp_dcm_against_the_closed_forms_of_notation_md():
    q = random_quaternions(50)
    sigma = attitude.quat_to_mrp(q)
    # sigma = q_v / (1 + q0) with q0 ≥ 0 (notation.md §3), written here independently.
    qp = numpy.where(q[:, :1] < 0, -q, q)
    expected = qp[:, 1:] / (1.0 + qp[:, :1])
    # 4 eps: a division and a sum of unit-size terms, a few roundings each.
    numpy.testing.assert_allclose(sigma, expected, rtol=0, atol=4 * EPS)
    assert numpy.all(numpy.linalg.norm(sigma, axis=1) <= 1.0 + EPS)
    dcm = attitude.quat_to_dcm(q)
    assert dcm.shape == (50, 3, 3)
    for k in range(50):
        # dcm_BN = R(q_BN)ᵀ; 8 eps: each entry is a sum of four products of unit-size factors.
        numpy.testing.assert_allclose(dcm[k], dcm_NB_of(q[k]).T, rtol=0, atol=8 * EPS)
    # the MRP's matrix equals the quaternion's (the same attitude); 16 eps: the MRP form divides
    # by (1 + σ²)², a few more roundings than the quaternion form.
    numpy.testing.assert_allclose(attitude.mrp_to_dcm(sigma), dcm, rtol=0, atol=16 * EPS)


def test_round_trips_to_a_few_eps():
    q = random_quaternions(200)
    # quaternion → MRP → quaternion; 8 eps: two divisions by (1 + q0) and (1 + σ²), each ≥ 1.
    numpy.testing.assert_allclose(same_attitude(q, attitude.mrp_to_quat(attitude.quat_to_mrp(q))), q, rtol=0,
                                  atol=8 * EPS)
    # quaternion → matrix → quaternion (Shepperd); 16 eps: a square root and a division by 4 q_k ≥ 1.
    numpy.testing.assert_allclose(same_attitude(q, attitude.dcm_to_quat(attitude.quat_to_dcm(q))), q, rtol=0,
                                  atol=16 * EPS)
    sigma = attitude.quat_to_mrp(q)
    numpy.testing.assert_allclose(attitude.dcm_to_mrp(attitude.mrp_to_dcm(sigma)), sigma, rtol=0, atol=16 * EPS)
    # one attitude keeps its shape, an array its leading shape
    assert attitude.quat_to_mrp(q[0]).shape == (3,)
    assert attitude.quat_to_dcm(q.reshape(10, 20, 4)).shape == (10, 20, 3, 3)


def test_euler_321_against_elementary_rotations_built_by_hand():
    n = 40
    angles = numpy.column_stack([RNG.uniform(-math.pi, math.pi, n), RNG.uniform(-1.5, 1.5, n),
                                 RNG.uniform(-math.pi, math.pi, n)])
    dcm = attitude.euler321_to_dcm(angles)
    for k, (psi, theta, phi) in enumerate(angles):
        # dcm_BN = R1(φ) R2(θ) R3(ψ); 8 eps: products of three unit-size rotations.
        numpy.testing.assert_allclose(dcm[k], R1(phi) @ R2(theta) @ R3(psi), rtol=0, atol=8 * EPS)
    # back to the angles away from the singularity θ = ±π/2 (|θ| ≤ 1.5 rad here): the asin of
    # C13 loses digits as 1/cos θ ≤ 15, so 1e-13 covers 15 × a few eps.
    numpy.testing.assert_allclose(attitude.dcm_to_euler321(dcm), angles, rtol=0, atol=1e-13)
    # through the quaternion and the MRP: the same attitude
    q = attitude.euler321_to_quat(angles)
    numpy.testing.assert_allclose(attitude.quat_to_dcm(q), dcm, rtol=0, atol=16 * EPS)
    numpy.testing.assert_allclose(attitude.mrp_to_euler321(attitude.euler321_to_mrp(angles)), angles, rtol=0,
                                  atol=1e-13)


def test_euler_313_against_elementary_rotations_built_by_hand():
    n = 40
    angles = numpy.column_stack([RNG.uniform(-math.pi, math.pi, n), RNG.uniform(0.1, math.pi - 0.1, n),
                                 RNG.uniform(-math.pi, math.pi, n)])
    dcm = attitude.euler313_to_dcm(angles)
    for k, (t1, t2, t3) in enumerate(angles):
        # dcm_BN = R3(θ3) R1(θ2) R3(θ1); 8 eps as above.
        numpy.testing.assert_allclose(dcm[k], R3(t3) @ R1(t2) @ R3(t1), rtol=0, atol=8 * EPS)
    # back, with θ2 in [0.1, π − 0.1]: acos(C33) loses digits as 1/sin θ2 ≤ 10, so 1e-13.
    numpy.testing.assert_allclose(attitude.dcm_to_euler313(dcm), angles, rtol=0, atol=1e-13)
    numpy.testing.assert_allclose(attitude.quat_to_euler313(attitude.euler313_to_quat(angles)), angles, rtol=0,
                                  atol=1e-13)


def test_a_rotation_about_one_axis_by_hand():
    # 90° about axis 3: the quaternion (cos 45°, 0, 0, sin 45°) and the frame rotation R3(90°); the
    # 3-2-1 angles (90°, 0, 0). Independent of the random cases above.
    q = numpy.array([math.cos(math.pi / 4), 0.0, 0.0, math.sin(math.pi / 4)])
    numpy.testing.assert_allclose(attitude.quat_to_dcm(q), R3(math.pi / 2), rtol=0, atol=4 * EPS)
    numpy.testing.assert_allclose(attitude.quat_to_euler321(q), [math.pi / 2, 0.0, 0.0], rtol=0, atol=4 * EPS)
    # σ = ê tan(Φ/4) for a rotation Φ about ê (notation.md §3 with q = (cos Φ/2, ê sin Φ/2))
    numpy.testing.assert_allclose(attitude.quat_to_mrp(q), [0.0, 0.0, math.tan(math.pi / 8)], rtol=0, atol=4 * EPS)


def test_principal_angle_is_accurate_where_acos_reads_zero():
    q1 = random_quaternions(1)[0]
    for angle in (1e-10, 1e-12, 1e-6, 0.3, 3.0):
        axis = RNG.normal(size=3)
        axis /= numpy.linalg.norm(axis)
        dq = numpy.concatenate([[math.cos(angle / 2)], math.sin(angle / 2) * axis])
        # q2 = q1 ⊗ dq (the Hamilton product, notation.md eq. 3.1, written out)
        p0, p = q1[0], q1[1:]
        q2 = numpy.concatenate([[p0 * dq[0] - p @ dq[1:]], p0 * dq[1:] + dq[0] * p + numpy.cross(p, dq[1:])])
        # 1e-6 relative: q2's components carry round-off of eps ~ 2e-16, which is 2e-6 of a 1e-10 rad
        # rotation's vector part (sin 5e-11); at larger angles it is far smaller.
        assert attitude.principal_angle(q1, q2) == pytest.approx(angle, rel=1e-6)
        assert attitude.principal_angle(q1, -q2) == pytest.approx(angle, rel=1e-6)  # −q: the same attitude
    # The reason for atan2: 2 acos|q1·q2| of a 1e-10 rad rotation is 0 (cos 5e-11 rounds to 1), or
    # at best off by orders of magnitude; the atan2 form reads 1e-10.
    dq = numpy.array([math.cos(5e-11), math.sin(5e-11), 0.0, 0.0])
    q1 = numpy.array([1.0, 0.0, 0.0, 0.0])
    acos_angle = 2.0 * math.acos(min(1.0, abs(q1 @ dq)))
    assert acos_angle == 0.0
    assert attitude.principal_angle(q1, dq) == pytest.approx(1e-10, rel=1e-6)
    # vectorised, and broadcast against one attitude
    q = random_quaternions(5)
    angles = attitude.principal_angle(q, q)
    assert angles.shape == (5,) and numpy.all(angles == 0.0)
    assert attitude.principal_angle(q[0], q).shape == (5,)


def test_bad_arrays_are_refused_by_name():
    with pytest.raises(ramus.ConfigurationError, match=r"attitude.quat_to_mrp: q = an array of shape \(3,\)"):
        attitude.quat_to_mrp([1.0, 0.0, 0.0])
    with pytest.raises(ramus.ConfigurationError, match=r"attitude.quat_to_dcm: q\[1\] = .*non-zero"):
        attitude.quat_to_dcm([[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]])
    with pytest.raises(ramus.ConfigurationError, match=r"attitude.mrp_to_quat: sigma\[0\] = nan: must be finite"):
        attitude.mrp_to_quat([math.nan, 0.0, 0.0])
    with pytest.raises(ramus.ConfigurationError, match="euler321_to_dcm: angles"):
        attitude.euler321_to_dcm([0.0, math.inf, 0.0])
