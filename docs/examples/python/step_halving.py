"""Step halving from Python: the spacecraft of panels_and_wheels.json (two hinged panels, three
reaction wheels, wheel 1 at 1000 rpm) built in Python, the hub pushed about b3 for 5 s, then a
step-halving study of euler, rk2 and rk4 over 20 s, plotted with matplotlib.

    PYTHONPATH=build/release/python /usr/bin/python3 docs/examples/python/step_halving.py [output folder]

Prints the observed orders and writes step_halving.png (docs/python.md, "Examples")."""

import pathlib
import sys

import matplotlib

matplotlib.use("Agg")  # files only: runs without a display
import matplotlib.pyplot as plt  # noqa: E402
import numpy  # noqa: E402

import ramus  # noqa: E402


def spacecraft(push=True):
    """The vehicle of panels_and_wheels.json in SI (the wheel speeds in rpm, as in the file: any
    quantity may carry its unit); with `push`, a torque on the hub about b3 (an input channel)."""
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=750.0, I_PntBc_B=numpy.diag([900.0, 800.0, 600.0]), r_BcB_B=[0.0, 0.0, 1.0])
    sc.set_initial_state(point="C", omega_BN_B=[0.0, 0.0, 0.0])
    for name, y, dcm in [("panel_plus_y", 0.5, [[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
                         ("panel_minus_y", -0.5, [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])]:
        sc.add_state_effector(ramus.HingedRigidBody(name, mass=100.0, I_PntSc_S=numpy.diag([100.0, 50.0, 50.0]),
                                                    d=1.5, r_HB_B=[0.0, y, 1.0], dcm_HB=dcm, k=100.0, c=5.0))
    sc.add_state_effector(ramus.ReactionWheels("wheels", wheels=[
        dict(gsHat_B=axis, r_WcB_B=0.3 * axis, mass=9.0, Js=0.159, Jt=0.08, Omega0={"value": speed, "unit": "rpm"},
             max_torque=0.2)
        for axis, speed in zip(numpy.eye(3), [1000.0, -500.0, 0.0])]))
    if push:
        sc.add_dynamic_effector(ramus.ExternalForceTorque("push", torque_PntF_F=[0.0, 0.0, 2.0]))
    m.finalize()
    return m


def main(folder):
    m = spacecraft()
    # The push acts for the first 5 s: a held input switched off by the schedule.
    system = ramus.System(m)
    pushed = ramus.propagate(system, m.initial_state(), [0.0, 5.0], dt=0.01,
                             inputs=[(5.0, "sc/push.torque_PntF_F[2]", 0.0)])
    x5 = pushed.x[-1]
    fig, ax = plt.subplots(figsize=(6, 4))
    for stepper, dt0 in [("euler", 0.01), ("rk2", 0.1), ("rk4", 0.4)]:
        study = ramus.step_halving(system, x5, 5.0, 25.0, dt0, 5, stepper=stepper)
        orders = ", ".join(f"{p:.2f}" for p in study["order"][1:])
        print(f"{stepper:6s} dt0 = {dt0:5.2f} s: observed orders {orders}")
        # The legend states the orders the console prints, all of them (the last, at the smallest
        # steps, is the one round-off reaches first).
        ax.loglog(study["dt"], study["error"], "o-", label=f"{stepper} (observed orders {orders})")
    ax.set_xlabel("dt [s]")
    ax.set_ylabel("max |x(dt) - x(dt/2)| at 25 s")
    ax.set_title("Step halving: panels and wheels")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    out = pathlib.Path(folder) / "step_halving.png"
    fig.savefig(out, dpi=100, bbox_inches="tight")
    print(f"wrote {out}")
    return fig


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
