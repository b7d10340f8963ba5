"""A closed-loop slew with a controller written in Python: the spacecraft of
panels_and_wheels.json (loaded from the scenario file), slewed by 30 degrees about b3 with its
reaction wheels by a quaternion PD law sampled at 1 Hz, the commands held between samples.

    PYTHONPATH=build/release/python /usr/bin/python3 docs/examples/python/closed_loop_slew.py [output folder]

Prints the attitude error at the end and writes closed_loop_slew.png (docs/python.md, "Examples")."""

import math
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")  # files only: runs without a display
import matplotlib.pyplot as plt  # noqa: E402
import numpy  # noqa: E402

import ramus  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
SLEW = math.radians(30.0)  # [rad] about b3
K, P = 2.0, 60.0  # [N m], [N m s]: natural period ~120 s, damping ratio ~0.8 on ~700 kg m^2; saturates at first


def quaternion_product(a, b):
    """a ⊗ b, scalar first."""
    a0, av, b0, bv = a[0], numpy.asarray(a[1:]), b[0], numpy.asarray(b[1:])
    return numpy.concatenate([[a0 * b0 - av @ bv], a0 * bv + b0 * av + numpy.cross(av, bv)])


class SlewController(ramus.Task):
    """L = -2 K sign(e0) e_v - P omega (e = q_RN* ⊗ q_BN); the wheels' motor torques are -L (the hub
    feels the reaction -u along each wheel axis, the axes being b1, b2, b3)."""

    def __init__(self, model):
        super().__init__("slew", "sc", period=1.0)
        q, n = model.state_index("sc/hub.q_BN")
        self.q = slice(q, q + n)
        w, n = model.state_index("sc/hub.omega_BN_B")
        self.omega = slice(w, w + n)
        self.q_RN_conj = numpy.array([math.cos(SLEW / 2), 0.0, 0.0, -math.sin(SLEW / 2)])

    def outputs(self):
        return [f"sc/wheels.motor_torque[{i}]" for i in range(3)]

    def update(self, t, x, commands):
        q = x[self.q] / numpy.linalg.norm(x[self.q])
        e = quaternion_product(self.q_RN_conj, q)
        L = -2.0 * K * math.copysign(1.0, e[0]) * e[1:] - P * x[self.omega]
        commands[:] = -L


def error_angle(q):
    """[rad] rotation from the target attitude to q (scalar first)."""
    e = quaternion_product([math.cos(SLEW / 2), 0.0, 0.0, -math.sin(SLEW / 2)], q / numpy.linalg.norm(q))
    return 2.0 * math.atan2(numpy.linalg.norm(e[1:]), abs(e[0]))


def main(folder):
    model = ramus.scenario.load(HERE.parent / "panels_and_wheels.json").model
    times = numpy.arange(0.0, 601.0, 5.0)
    r = ramus.propagate(model, model.initial_state(), times, dt=0.05, tasks=[SlewController(model)],
                        log=["sc/hub.q_BN", "sc/panel_plus_y.theta", "sc/wheels.motor_torque:applied"])
    errors = numpy.degrees([error_angle(q) for q in r["sc/hub.q_BN"]])
    print(f"attitude error: {errors[0]:.2f} deg at 0 s, {errors[-1]:.4f} deg at {times[-1]:.0f} s; "
          f"{r.stats['task_calls']} controller calls")
    fig, axes = plt.subplots(3, 1, figsize=(6, 7), sharex=True)
    axes[0].plot(r.t, errors)
    axes[0].set_ylabel("attitude error [deg]")
    axes[1].plot(r.t, numpy.degrees(r["sc/panel_plus_y.theta"]))
    axes[1].set_ylabel("panel +y [deg]")
    torques = r["sc/wheels.motor_torque:applied"]
    for k in range(torques.shape[1]):
        axes[2].plot(r.t, torques[:, k], label=f"wheel {k + 1}")
    axes[2].set_ylabel("wheel torques [N m]")
    axes[2].legend(loc="upper right")
    axes[2].set_xlabel("t [s]")
    fig.suptitle("A 30 deg slew, controller in Python")
    out = pathlib.Path(folder) / "closed_loop_slew.png"
    fig.savefig(out, dpi=100, bbox_inches="tight")
    print(f"wrote {out}")
    return errors, fig


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
