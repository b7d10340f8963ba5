"""The flight-software library's algorithms from Python (docs/python.md, "Flight-software
algorithms"; docs/fsw/): thin bindings of the C++ classes, the same checks and messages.

MrpFeedback(K, P, K_i=0, integral_limit=inf, I_PntC_B=0, feed_forward=True, gyroscopic='body_rate')
    .torque(error, z_B=0, L_known_B=0, H_w_B=0), .update(error, dt, ...), .reset()
QuaternionPd(k_p, K_d, I_PntC_B=0, feed_forward=True)
    .torque(error, L_known_B=0), .torque_quaternion(q_BR, omega_BR_B, omega_RN_B, omegaDot_RN_B)
InertialPointing(sigma_RN).reference(), HillPointing(sigma_RH).reference(r_BN_N, v_BN_N[, rDDot_BN_N])
EigenaxisSlew(sigma_AN, sigma_DN, t_start, duration, profile='quintic').reference(t), .angle(t)
attitude_tracking_error(sigma_BN, omega_BN_B, reference) -> AttitudeError
RwTorqueMapping(Gs_B, u_max=inf, Omega_max=inf, control_axes_B=I).map(L_r_B, Omega=0) -> dict

Every object takes name= (default its type), used in its error messages. Matrices are 3x3 arrays or
a number (times the identity); vectors three numbers.
"""

from ._ramus import _fsw

AttitudeReference = _fsw.AttitudeReference
AttitudeError = _fsw.AttitudeError
attitude_tracking_error = _fsw.attitude_tracking_error
mrp_from_dcm = _fsw.mrp_from_dcm
MrpFeedback = _fsw.MrpFeedback
QuaternionPd = _fsw.QuaternionPd
InertialPointing = _fsw.InertialPointing
HillPointing = _fsw.HillPointing
EigenaxisSlew = _fsw.EigenaxisSlew
RwTorqueMapping = _fsw.RwTorqueMapping

__all__ = ["AttitudeReference", "AttitudeError", "attitude_tracking_error", "mrp_from_dcm", "MrpFeedback",
           "QuaternionPd", "InertialPointing", "HillPointing", "EigenaxisSlew", "RwTorqueMapping"]
