"""Branching from Python (docs/branching.md): a force fixed in N on a panel's segment moves the
vehicle's centre of mass by the closed form r_C0 + v_C0 t + F t^2 / (2 m) and changes its linear
momentum by F t, whatever the panel and the hub do; without the load, the total angular momentum
about N is conserved."""

import numpy
import pytest

import ramus

F_N = numpy.array([0.3, -0.2, 0.5])  # [N]


def model(force=True):
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=500.0, I_PntBc_B=numpy.diag([400.0, 350.0, 300.0]), r_BcB_B=[0.1, 0.0, 0.2])
    sc.set_initial_state(v_N=[1.0, 0.5, 0.0], omega_BN_B=[0.02, -0.01, 0.03])
    panel = sc.add_state_effector(ramus.HingedRigidBody(
        "panel", mass=50.0, I_PntSc_S=numpy.diag([40.0, 20.0, 20.0]), d=1.2, r_HB_B=[0.0, 0.8, 0.0],
        dcm_HB=[[0, -1, 0], [1, 0, 0], [0, 0, 1]], k=80.0, c=2.0, theta0=0.2))
    if force:
        panel.add_dynamic_effector(ramus.ExternalForceTorque("push", force_N=F_N, r_PF_F=[-2.0, 0.0, 0.1]), 0)
    m.finalize()
    return m


def test_force_on_segment_moves_the_centre_of_mass_by_the_closed_form():
    m = model()
    x0 = m.initial_state()
    d0 = ramus.diagnostics(m, x0, 0.0)["sc"]
    times = numpy.linspace(0.0, 20.0, 41)
    r = ramus.propagate(m, x0, times, dt=0.01, log=["sc.r_CN_N", "sc.v_CN_N"])
    mass = d0["m"]
    expected_r = d0["r_CN_N"] + numpy.outer(times, d0["v_CN_N"]) + numpy.outer(0.5 * times**2 / mass, F_N)
    expected_p = mass * d0["v_CN_N"] + numpy.outer(times, F_N)
    # 1e-9 m over 20 m of travel: the translational equations are integrated with rk4 at 0.01 s while
    # the attitude couples in at the force's point only through the torque (round-off level here).
    assert numpy.max(numpy.abs(r["sc.r_CN_N"] - expected_r)) <= 1e-9
    # Momentum: F t. m v_C is formed from v_B, omega and the hinge rate, each carrying rk4's
    # truncation on the rotation (measured 3.3e-10 N s of 550 N s, 6e-13 relative); 2e-9 N s leaves
    # a factor 6, while a segment force lost in the back-substitution misses by F t ~ 10 N s.
    assert numpy.max(numpy.abs(mass * r["sc.v_CN_N"] - expected_p)) <= 2e-9
    # And the panel moved (the test would pass trivially on a frozen panel otherwise).
    assert numpy.ptp(r.x[:, m.state_index("sc/panel.theta")[0]]) > 1e-2


def test_free_system_conserves_angular_momentum_about_N():
    m = model(force=False)
    r = ramus.propagate(m, m.initial_state(), numpy.linspace(0.0, 30.0, 31), dt=0.01, log=["H_PntN_N"])
    H = r["H_PntN_N"]
    drift = numpy.max(numpy.linalg.norm(H - H[0], axis=1)) / numpy.linalg.norm(H[0])
    # rk4 at 0.01 s on 0.3 s^-1 rates and a 0.4 rad/s panel mode: truncation ~(0.01 * 0.4)^4 per
    # step; 1e-9 relative over 3000 steps has two orders of margin, and a missing coupling term
    # (the Basilisk class of branching errors) drifts by 1e-3 or more.
    assert drift <= 1e-9


def test_step_halving_of_the_branched_model_converges_at_fourth_order():
    m = model()
    study = ramus.step_halving(m, m.initial_state(), 0.0, 10.0, 0.2, 4, stepper="rk4")
    # Self-convergence (differences of successive levels): order 4 within 0.3 at these steps.
    assert numpy.all(numpy.abs(study["order"][1:] - 4.0) <= 0.3), study


# Each stepper's final-state error on the free branched model over 10 s against rk_f78 at 1e-13
# (accurate to ~1e-12): measured euler 1.0e-2, rk2 3.8e-5, rk4 2.7e-10, implicit_euler 9.2e-3 at
# dt = 0.01 s; the adaptive ones at 1e-10 tolerances 1.3e-10 to 4.2e-10. Bounds: 5x the
# measurement for the low orders (their errors scale with dt, not round-off), 2e-9 for the rest
# (tolerance-proportional global error over 10 s of states of order 10 m); a stepper name mapped
# to the wrong Odeint type misses its bound by orders of magnitude.
BOUNDS = {"euler": 5e-2, "rk2": 2e-4, "implicit_euler": 5e-2}


@pytest.mark.parametrize("stepper", [s["name"] for s in ramus.stepper_list()])
def test_every_stepper_of_the_list_propagates_the_branched_model(stepper):
    m = model(force=False)
    x0 = m.initial_state()
    reference = ramus.propagate(m, x0, [0.0, 10.0], stepper="rk_f78", dt=0.01, abs_tol=1e-13, rel_tol=1e-13).x[-1]
    r = ramus.propagate(m, x0, [0.0, 10.0], stepper=stepper, dt=0.01, abs_tol=1e-10, rel_tol=1e-10)
    assert numpy.max(numpy.abs(r.x[-1] - reference)) <= BOUNDS.get(stepper, 2e-9)
