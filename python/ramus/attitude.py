"""Attitude conversions over arrays of attitudes (docs/python.md, "Attitude").

Conventions of docs/notation.md §3: q_BN = (q0, q1, q2, q3) scalar first (Hamilton product),
sigma_BN = q_v / (1 + q0) the modified Rodrigues parameters, dcm_BN the direction-cosine matrix
that takes N components to B components (v_B = dcm_BN @ v_N; R(q_BN) = dcm_BN.T). Each function
takes one attitude ((4,), (3,) or (3, 3)) or an array of them ((n, 4), (n, 3), (n, 3, 3)) and
returns the same leading shape. The quaternion, MRP and matrix conversions and the principal angle
are the library's (ramus/kernel/attitude.hpp), row by row in C++; the Euler angles are composed
here from the elementary rotations written out in docs/python.md.

Euler angles, in radians:
  3-2-1 (yaw psi, pitch theta, roll phi): dcm_BN = M1(phi) M2(theta) M3(psi);
  3-1-3 (theta1, theta2, theta3):        dcm_BN = M3(theta3) M1(theta2) M3(theta1);
with the frame rotations M1(a) = [[1, 0, 0], [0, c, s], [0, -s, c]], M2(a) = [[c, 0, -s], [0, 1, 0],
[s, 0, c]], M3(a) = [[c, s, 0], [-s, c, 0], [0, 0, 1]] (c = cos a, s = sin a).
"""

import numpy

from . import _ramus

__all__ = ["quat_to_mrp", "mrp_to_quat", "quat_to_dcm", "dcm_to_quat", "mrp_to_dcm", "dcm_to_mrp",
           "euler321_to_dcm", "dcm_to_euler321", "euler313_to_dcm", "dcm_to_euler313", "quat_to_euler321",
           "euler321_to_quat", "quat_to_euler313", "euler313_to_quat", "mrp_to_euler321", "euler321_to_mrp",
           "mrp_to_euler313", "euler313_to_mrp", "principal_angle"]


def _rows(value, shape, who, field):
    """(value as (n, prod(shape)) rows, the leading shape to restore): one attitude of `shape` or an
    array of them; anything else a ConfigurationError naming the function and the argument."""
    a = numpy.asarray(value)
    k = len(shape)
    if a.ndim < k or a.shape[a.ndim - k:] != shape:
        raise _ramus.ConfigurationError(
            f"attitude.{who}: {field} = an array of shape {a.shape}: must be {shape} or (n, {', '.join(map(str, shape))})")
    lead = a.shape[:a.ndim - k]
    return a.reshape((-1, int(numpy.prod(shape)))), lead


def _map(c_function, value, shape_in, shape_out, who, field):
    rows, lead = _rows(value, shape_in, who, field)
    return c_function(rows).reshape(lead + shape_out)


def quat_to_mrp(q):
    """sigma_BN (|sigma| <= 1) of q_BN (normalised first; q and -q give the same sigma)."""
    return _map(_ramus._quat_to_mrp, q, (4,), (3,), "quat_to_mrp", "q")


def mrp_to_quat(sigma):
    """q_BN of sigma_BN (either set); q0 >= 0 when |sigma| <= 1."""
    return _map(_ramus._mrp_to_quat, sigma, (3,), (4,), "mrp_to_quat", "sigma")


def quat_to_dcm(q):
    """dcm_BN of q_BN (normalised first): R(q_BN).T."""
    return _map(_ramus._quat_to_dcm, q, (4,), (3, 3), "quat_to_dcm", "q")


def dcm_to_quat(dcm):
    """q_BN (q0 >= 0) of dcm_BN (Shepperd's method: stable for every rotation)."""
    return _map(_ramus._dcm_to_quat, dcm, (3, 3), (4,), "dcm_to_quat", "dcm")


def mrp_to_dcm(sigma):
    """dcm_BN of sigma_BN."""
    return _map(_ramus._mrp_to_dcm, sigma, (3,), (3, 3), "mrp_to_dcm", "sigma")


def dcm_to_mrp(dcm):
    """sigma_BN (|sigma| <= 1) of dcm_BN."""
    return quat_to_mrp(dcm_to_quat(dcm))


def _frame_rotation(axis, angle):
    """M_axis(angle), (n, 3, 3), the frame rotations of the module docstring."""
    c, s = numpy.cos(angle), numpy.sin(angle)
    one, zero = numpy.ones_like(angle), numpy.zeros_like(angle)
    rows = {1: [[one, zero, zero], [zero, c, s], [zero, -s, c]],
            2: [[c, zero, -s], [zero, one, zero], [s, zero, c]],
            3: [[c, s, zero], [-s, c, zero], [zero, zero, one]]}[axis]
    return numpy.moveaxis(numpy.array(rows, dtype=float), (0, 1), (-2, -1))


def _angles(angles, who):
    rows, lead = _rows(angles, (3,), who, "angles")
    rows = rows.astype(float)
    if not numpy.all(numpy.isfinite(rows)):
        raise _ramus.ConfigurationError(f"attitude.{who}: angles = {angles!r}: must be finite")
    return rows, lead


def euler321_to_dcm(angles):
    """dcm_BN of the 3-2-1 angles (psi, theta, phi) [rad]: M1(phi) M2(theta) M3(psi)."""
    a, lead = _angles(angles, "euler321_to_dcm")
    dcm = _frame_rotation(1, a[:, 2]) @ _frame_rotation(2, a[:, 1]) @ _frame_rotation(3, a[:, 0])
    return dcm.reshape(lead + (3, 3))


def dcm_to_euler321(dcm):
    """The 3-2-1 angles (psi, theta, phi) [rad] of dcm_BN: psi, phi in (-pi, pi], theta in
    [-pi/2, pi/2] (at theta = +-pi/2 only psi -+ phi is defined)."""
    c, lead = _rows(dcm, (3, 3), "dcm_to_euler321", "dcm")
    c = c.reshape(-1, 3, 3)
    out = numpy.stack([numpy.arctan2(c[:, 0, 1], c[:, 0, 0]), -numpy.arcsin(numpy.clip(c[:, 0, 2], -1.0, 1.0)),
                       numpy.arctan2(c[:, 1, 2], c[:, 2, 2])], axis=-1)
    return out.reshape(lead + (3,))


def euler313_to_dcm(angles):
    """dcm_BN of the 3-1-3 angles (theta1, theta2, theta3) [rad]: M3(theta3) M1(theta2) M3(theta1)."""
    a, lead = _angles(angles, "euler313_to_dcm")
    dcm = _frame_rotation(3, a[:, 2]) @ _frame_rotation(1, a[:, 1]) @ _frame_rotation(3, a[:, 0])
    return dcm.reshape(lead + (3, 3))


def dcm_to_euler313(dcm):
    """The 3-1-3 angles (theta1, theta2, theta3) [rad] of dcm_BN: theta1, theta3 in (-pi, pi],
    theta2 in [0, pi] (at theta2 = 0 or pi only theta1 +- theta3 is defined)."""
    c, lead = _rows(dcm, (3, 3), "dcm_to_euler313", "dcm")
    c = c.reshape(-1, 3, 3)
    out = numpy.stack([numpy.arctan2(c[:, 2, 0], -c[:, 2, 1]), numpy.arccos(numpy.clip(c[:, 2, 2], -1.0, 1.0)),
                       numpy.arctan2(c[:, 0, 2], c[:, 1, 2])], axis=-1)
    return out.reshape(lead + (3,))


def quat_to_euler321(q):
    return dcm_to_euler321(quat_to_dcm(q))


def euler321_to_quat(angles):
    return dcm_to_quat(euler321_to_dcm(angles))


def quat_to_euler313(q):
    return dcm_to_euler313(quat_to_dcm(q))


def euler313_to_quat(angles):
    return dcm_to_quat(euler313_to_dcm(angles))


def mrp_to_euler321(sigma):
    return dcm_to_euler321(mrp_to_dcm(sigma))


def euler321_to_mrp(angles):
    return dcm_to_mrp(euler321_to_dcm(angles))


def mrp_to_euler313(sigma):
    return dcm_to_euler313(mrp_to_dcm(sigma))


def euler313_to_mrp(angles):
    return dcm_to_mrp(euler313_to_dcm(angles))


def principal_angle(q1, q2):
    """The rotation angle [rad] in [0, pi] between the attitudes q1 and q2 (either sign, normalised
    first): 2 atan2(|vec(q1* ⊗ q2)|, |scal(q1* ⊗ q2)|) (docs/notation.md eq. 3.4), accurate to
    round-off at any angle, where 2 acos|q1·q2| loses every digit below about 1e-8 rad."""
    a, lead = _rows(q1, (4,), "principal_angle", "q1")
    b, lead2 = _rows(q2, (4,), "principal_angle", "q2")
    if lead != lead2:
        a, b = numpy.broadcast_arrays(numpy.asarray(q1, dtype=float), numpy.asarray(q2, dtype=float))
        lead = a.shape[:-1]
        a, b = a.reshape(-1, 4), b.reshape(-1, 4)
    out = _ramus._principal_angle(numpy.ascontiguousarray(a), numpy.ascontiguousarray(b)).reshape(lead)
    return float(out) if out.ndim == 0 else out
