"""Object lifetimes (docs/python.md, "Lifetimes"): a vehicle, an effector or a System keeps what it
needs alive, so that no order of dropping Python references, with garbage collection between, can
crash the process or leave an effector used after it is freed; whatever is still referenced keeps
working."""

import gc
import itertools

import numpy

import ramus


def build():
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=300.0, I_PntBc_B=numpy.diag([200.0, 180.0, 150.0]))
    sc.set_initial_state(omega_BN_B=[0.01, 0.02, -0.01])
    panel = sc.add_state_effector(ramus.HingedRigidBody(
        "panel", mass=20.0, I_PntSc_S=numpy.diag([10.0, 5.0, 5.0]), d=1.0, r_HB_B=[0.0, 0.5, 0.0],
        dcm_HB=numpy.eye(3), k=50.0, c=1.0, theta0=0.1))
    push = ramus.ExternalForceTorque("push", torque_PntF_F=[0.0, 0.0, 0.01])
    panel.add_dynamic_effector(push, 0)
    m.finalize()
    system = ramus.System(m)
    x0 = m.state()
    return {"model": m, "vehicle": sc, "panel": panel, "push": push, "system": system, "x0": x0}


def exercise(objects):
    """Uses every object still referenced; each use must work."""
    if "system" in objects:
        r = ramus.propagate(objects["system"], objects["system"].model.initial_state(), [0.0, 0.5], dt=0.05)
        assert numpy.all(numpy.isfinite(r.x))
    if "model" in objects:
        r = ramus.propagate(objects["model"], objects["model"].initial_state(), [0.0, 0.5], dt=0.05)
        assert numpy.all(numpy.isfinite(r.x))
    if "vehicle" in objects:
        assert [e.name for e in objects["vehicle"].state_effectors] == ["panel"]
    if "panel" in objects:
        assert objects["panel"].children[0][0].name == "push"
    if "push" in objects:
        assert objects["push"].label == "external_force_torque 'push'"
    if "x0" in objects:
        assert objects["x0"]["sc/panel.theta"][0] == 0.1  # the State keeps its model for the names


def test_drop_in_every_order():
    names = list(build())
    gc.freeze()  # pytest's own objects out of the collections: each then scans only this test's
    try:
        for order in itertools.permutations(names):  # 720 orders
            objects = build()
            for name in order:
                del objects[name]
                gc.collect()
                exercise(objects)
    finally:
        gc.unfreeze()


def test_results_outlive_the_model_and_the_system():
    objects = build()
    r = ramus.propagate(objects["system"], objects["x0"], [0.0, 1.0], dt=0.05, log=["sc.rotational_energy"])
    objects.clear()
    gc.collect()
    assert r.x.shape == (2, 18) and numpy.all(numpy.isfinite(r["sc.rotational_energy"]))
    assert r.state()["sc/panel.theta"].shape == (1,)


def test_an_effector_of_a_dropped_model_can_join_another():
    objects = build()
    panel = objects["panel"]
    objects.clear()
    gc.collect()  # the model and its vehicle are gone: they released the panel
    m = ramus.Model()
    sc = m.add_vehicle("sc2", mass=100.0, I_PntBc_B=numpy.eye(3) * 50.0)
    sc.add_state_effector(panel)
    m.finalize()
    r = ramus.propagate(m, m.initial_state(), [0.0, 0.5], dt=0.05)
    assert numpy.all(numpy.isfinite(r.x))


def test_an_effector_in_a_live_model_is_refused_elsewhere():
    objects = build()
    m = ramus.Model()
    sc = m.add_vehicle("other", mass=100.0, I_PntBc_B=numpy.eye(3) * 50.0)
    try:
        sc.add_state_effector(objects["panel"])
    except ramus.ConfigurationError as e:
        assert "panel" in str(e)
    else:
        raise AssertionError("an effector in two models was accepted")


def test_tasks_and_their_arrays_outlive_the_run():
    class Keep(ramus.Task):
        def __init__(self):
            super().__init__("keep", "sc", period=0.1)
            self.kept = []

        def outputs(self):
            return ["sc/push.torque_PntF_F[2]"]

        def update(self, t, x, commands):
            self.kept.append((x, commands))  # keeps the arrays the run passes: they stay valid
            commands[0] = 0.0

    objects = build()
    task = Keep()
    ramus.propagate(objects["system"], objects["x0"], [0.0, 0.5], dt=0.05, tasks=[task])
    objects.clear()
    gc.collect()
    x, commands = task.kept[-1]
    assert numpy.all(numpy.isfinite(x)) and commands[0] == 0.0
