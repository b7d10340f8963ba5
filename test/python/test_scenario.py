"""Scenario files and campaigns from Python (docs/python.md, "Scenarios and campaigns"): the
example scenario panels_and_wheels.json and the same spacecraft built in Python (by the Python
example docs/examples/python/step_halving.py), with the same
input schedule, give bit-identical logged quantities; the file, its JSON text and its dict load the
same model; a campaign on two threads gives the runs of a campaign on one, and each run equals that
run's scenario run alone."""

import importlib.util
import json
import os
import pathlib

import numpy

import ramus

EXAMPLES = pathlib.Path(os.environ.get("RAMUS_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "docs" / "examples"
SCENARIO = EXAMPLES / "panels_and_wheels.json"
DISPERSIONS = EXAMPLES / "panels_and_wheels_dispersions.json"

def panels_and_wheels():
    """The spacecraft of panels_and_wheels.json as docs/examples/python/step_halving.py builds it."""
    spec = importlib.util.spec_from_file_location("step_halving", EXAMPLES / "python" / "step_halving.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    return example.spacecraft(push=False)


SCHEDULE = [(10.0, "sc/wheels.motor_torque[2]", 0.1), (25.0, "sc/wheels.motor_torque[2]", 0.0),
            (40.0, "sc/wheels.motor_torque[2]", -0.1), (55.0, "sc/wheels.motor_torque[2]", 0.0)]


def test_scenario_file_and_python_model_are_bit_identical():
    s = ramus.scenario.load(SCENARIO)
    from_file = s.run()
    m = panels_and_wheels()
    assert m.layout == s.model.layout
    numpy.testing.assert_array_equal(m.initial_state(), s.model.initial_state())
    times = numpy.asarray(s.output_times)
    r = ramus.propagate(m, m.initial_state(), times, stepper=s.stepper, dt=s.dt, log=s.log, inputs=SCHEDULE)
    assert r.columns == from_file.columns
    numpy.testing.assert_array_equal(r.t, from_file.t)
    # Bit for bit: the same builders, the same driver, the same grid (output times and input times).
    numpy.testing.assert_array_equal(r.values, from_file.values)
    # The run did something: wheel 3 spun up and the hub turned.
    assert numpy.ptp(r["sc/hub.omega_BN_B"][:, 2]) > 1e-4


def test_file_json_text_and_dict_load_the_same_scenario():
    document = json.loads(SCENARIO.read_text())
    runs = [ramus.scenario.load(SCENARIO).run(), ramus.scenario.load(document).run(),
            ramus.scenario.load(SCENARIO.read_text()).run()]
    for r in runs[1:]:
        numpy.testing.assert_array_equal(r.values, runs[0].values)


def test_campaign_on_threads_equals_each_run_alone():
    campaign = ramus.scenario.Campaign(SCENARIO, DISPERSIONS)
    one = campaign.run(4, threads=1)
    two = campaign.run(4, threads=2)
    numpy.testing.assert_array_equal(one["final"], two["final"])
    numpy.testing.assert_array_equal(one["draws"], two["draws"])
    assert one["errors"] == [None] * 4
    alone = campaign.scenario(3).run(log=campaign.summary)
    numpy.testing.assert_array_equal(two["histories"][3][:, 1:], alone.values)  # "t" first
    # The draws differ between runs, and so do the results.
    assert numpy.ptp(one["draws"][:, 0]) > 0 and numpy.ptp(one["final"][:, -1]) > 0
    numpy.testing.assert_array_equal(one["draws"][2], campaign.draw(2))


def test_two_vehicles_with_a_constraint_built_in_python_match_their_file():
    s = ramus.scenario.load(EXAMPLES / "two_vehicles_constraint.json")
    m = ramus.Model()
    sc1 = m.add_vehicle("sc1", mass=750.0, I_PntBc_B=numpy.diag([900.0, 800.0, 600.0]))
    sc1.set_initial_state(point="B", omega_BN_B={"value": [0, 0, 0.5], "unit": "deg/s"})
    sc1.add_state_effector(ramus.HingedRigidBody("panel", mass=100.0, I_PntSc_S=numpy.diag([100.0, 50.0, 50.0]),
                                                 d=1.5, r_HB_B=[0.5, 0, 1], dcm_HB=numpy.diag([-1.0, -1.0, 1.0]),
                                                 k=100.0))
    sc2 = m.add_vehicle("sc2", mass=300.0, I_PntBc_B=numpy.diag([120.0, 100.0, 80.0]))
    sc2.set_initial_state(point="B", r_N=[4.7, 0, 1])
    m.add_constraint("dock", ("sc1", "panel", 0), ("sc2",), r_P1F1_F1=[-3, 0, 0], r_P2F2_F2=[-1, 0, 0],
                     r_P2P1_F1=[-0.2, 0, 0], alpha=1000.0, beta=100.0)
    m.finalize()
    r = ramus.propagate(m, m.initial_state(), numpy.asarray(s.output_times), dt=s.dt, log=s.log)
    numpy.testing.assert_array_equal(r.values, s.run().values)
    assert numpy.ptp(r["sc2/hub.r_BN_N"][:, 0]) > 1e-3  # the constraint pulled vehicle 2


LEO = {
    "environment": {"epoch": "2025-06-21T00:00:00 UTC", "rotation": "earth", "sun": "analytic", "moon": "analytic",
                    "shape": "wgs84", "atmosphere": {"type": "exponential"}},
    "gravity": {"preset": "earth_J2", "third_bodies": ["sun", "moon"]},
    "vehicles": [{
        "name": "sc",
        "hub": {"mass": 500.0, "I_PntBc_B": [[400, 0, 0], [0, 300, 0], [0, 0, 200]], "r_BcB_B": [0.05, 0, 0.1]},
        "initial_state": {"r_N": [6778137.0, 0, 0], "v_N": [0, 7668.6, 0], "omega_BN_B": [0.001, -0.002, 0.0011]},
        "dynamic_effectors": [
            {"type": "gravity_gradient", "name": "gg"},
            {"type": "drag", "name": "drag", "cannonball": {"C_D": 2.2, "area": 2.25, "r_PF_F": [0.05, 0, 0.1]}},
            {"type": "solar_radiation_pressure", "name": "srp",
             "cannonball": {"C_R": 1.3, "area": 2.25, "r_PF_F": [0.05, 0, 0.1]}}]}],
    "propagation": {"stepper": "rk4", "dt": 1.0},
    "output": {"t1": 600.0, "dt": 60.0,
               "log": ["sc/hub.r_BN_N", "sc/hub.omega_BN_B", "sc/gg.torque_PntF_F", "sc/drag.force_F", "sc/srp.force_F"]},
}


def test_environment_models_built_in_python_match_the_same_dict():
    s = ramus.scenario.load(LEO)  # a dict: the same JSON as a file
    env = ramus.Environment(0.0, 600.0, **LEO["environment"])
    m = ramus.Model()
    m.set_gravity(ramus.gravity(environment=env, **LEO["gravity"]))
    vehicle = LEO["vehicles"][0]
    sc = m.add_vehicle("sc", **vehicle["hub"])
    sc.set_initial_state(**vehicle["initial_state"])
    for d in vehicle["dynamic_effectors"]:
        fields = {k: v for k, v in d.items() if k not in ("type", "name")}
        make = getattr(ramus, ramus.class_name(d["type"]))
        sc.add_dynamic_effector(make(d["name"], environment=env, host=sc, **fields) if d["type"] == "gravity_gradient"
                                else make(d["name"], environment=env, **fields))
    m.finalize()
    r = ramus.propagate(m, m.initial_state(), numpy.asarray(s.output_times), dt=1.0, log=s.log)
    numpy.testing.assert_array_equal(r.values, s.run().values)
    # Each environment load acted (non-zero), so the comparison covers them.
    for name in ["sc/gg.torque_PntF_F", "sc/drag.force_F", "sc/srp.force_F"]:
        assert numpy.max(numpy.abs(r[name])) > 0.0, name
