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


# ---- the scenario Result: statistics, states, DataFrame and Dataset (docs/python.md, "Results") ----

def test_scenario_result_carries_the_run_statistics_and_the_states():
    s = ramus.scenario.load(SCENARIO)
    r = s.run()
    # rk4 at dt = 0.05 s over 80 s, every input time (10, 25, 40, 55 s) a multiple of dt: 1600
    # steps of four evaluations each (the classical Runge-Kutta method has four stages), none rejected.
    assert s.stepper == "rk4" and s.dt == 0.05
    assert r.stats["steps"] == 1600 and r.stats["evaluations"] == 4 * 1600 and r.stats["rejected"] == 0
    assert r.stats["t"] == 80.0 and r.stats["stopped"] is False and r.stats["events"] == 0
    assert r.stats["wall_time"] > 0.0
    # the state at every output time, the last the final state, named entry by entry
    assert r.x.shape == (len(r.t), s.model.state_size)
    numpy.testing.assert_array_equal(r.x[-1], r.x_final)
    assert len(r.state_columns) == s.model.state_size == len(r.state_units)
    offset, size = s.model.state_index("sc/hub.omega_BN_B")
    assert r.state_columns[offset:offset + size] == [f"sc/hub.omega_BN_B[{k}]" for k in range(3)]
    assert r.state_units[offset] == "rad/s"
    # x holds the states the logged quantities were computed from: the logged rates are its entries
    numpy.testing.assert_array_equal(r.x[:, offset:offset + size], r["sc/hub.omega_BN_B"])
    theta = s.model.state_index("sc/panel_plus_y.theta")[0]
    assert r.state_columns[theta] == "sc/panel_plus_y.theta"
    numpy.testing.assert_array_equal(r.x[:, theta], r["sc/panel_plus_y.theta"])
    # and the same states as the same run through propagate (bit for bit: the same driver and grid)
    m = panels_and_wheels()
    p = ramus.propagate(m, m.initial_state(), numpy.asarray(s.output_times), stepper=s.stepper, dt=s.dt,
                        log=s.log, inputs=SCHEDULE)
    numpy.testing.assert_array_equal(p.x, r.x)
    assert p.stats["steps"] == r.stats["steps"] and p.stats["evaluations"] == r.stats["evaluations"]
    assert p.stats["wall_time"] > 0.0
    numpy.testing.assert_array_equal(p.x_final, p.x[-1])
    assert p.state_columns == r.state_columns


def test_result_to_dataframe_and_to_xarray():
    import pandas
    import xarray
    r = ramus.scenario.load(SCENARIO).run()
    df = r.to_dataframe()
    assert isinstance(df, pandas.DataFrame) and df.index.name == "t"
    numpy.testing.assert_array_equal(df.index.to_numpy(), r.t)
    assert list(df.columns) == r.columns
    numpy.testing.assert_array_equal(df.to_numpy(), r.values)
    assert df.attrs["units"]["t"] == "s"
    assert df.attrs["units"]["sc/hub.omega_BN_B[2]"] == "rad/s"
    assert df.attrs["units"]["sc.rotational_energy"] == "J"
    assert df.attrs["units"] == {"t": "s", **dict(zip(r.columns, r.units))}
    ds = r.to_xarray()
    assert isinstance(ds, xarray.Dataset) and ds["t"].attrs["units"] == "s"
    numpy.testing.assert_array_equal(ds["t"].to_numpy(), r.t)
    for k, column in enumerate(r.columns):
        numpy.testing.assert_array_equal(ds[column].to_numpy(), r.values[:, k])
        assert ds[column].attrs["units"] == r.units[k] and ds[column].dims == ("t",)
    assert ds.attrs["steps"] == r.stats["steps"]


def test_to_dataframe_and_to_xarray_without_pandas_or_xarray_name_the_package(monkeypatch):
    import sys
    r = ramus.scenario.load(SCENARIO).run()
    import pytest
    monkeypatch.setitem(sys.modules, "pandas", None)  # `import pandas` then raises ImportError
    with pytest.raises(ImportError, match=r"Result.to_dataframe needs pandas.*python3-pandas"):
        r.to_dataframe()
    monkeypatch.setitem(sys.modules, "xarray", None)
    with pytest.raises(ImportError, match=r"Result.to_xarray needs xarray.*python3-xarray"):
        r.to_xarray()


def test_propagate_without_dt_says_what_to_pass():
    import pytest
    m = panels_and_wheels()
    x = m.initial_state()
    with pytest.raises(ValueError, match=r"dt \[s\] = not given: required by the fixed-step stepper 'rk4'.*pass dt="):
        ramus.propagate(m, x, [0.0, 1.0])
    # The library's driver takes no default first step for an adaptive stepper either
    # (PropagationSettings.dt must be positive): the same clear refusal.
    with pytest.raises(ramus.ConfigurationError,
                       match=r"dt \[s\] = not given: required by the adaptive stepper 'rk_dopri5' as its first trial"):
        ramus.propagate(m, x, [0.0, 1.0], stepper="rk_dopri5")
    with pytest.raises(ramus.ConfigurationError, match="rk5"):  # an unknown stepper: the list of them
        ramus.propagate(m, x, [0.0, 1.0], stepper="rk5")
    with pytest.raises(ramus.ConfigurationError, match=r"dt \[s\] = 0: must be positive"):  # dt=0 given
        ramus.propagate(m, x, [0.0, 1.0], dt=0.0)


def test_describe_lists_each_task_with_its_gains_period_and_inertia():
    s = ramus.scenario.load(EXAMPLES / "continuous_vs_sampled_slew.json")
    document = json.loads((EXAMPLES / "continuous_vs_sampled_slew.json").read_text())
    given = [t for t in document["flight_software"]["tasks"] if t["name"] == "acs"][0]
    (task,) = s.flight_software
    assert task["name"] == "acs" and task["law"] == "mrp_feedback" and task["actuator"] == "ideal_torque"
    # the period and the gains as the file gives them (1 s, 36 N m, 162 N m s: already SI units)
    assert given["period"] == {"value": 1, "unit": "s"} and task["period"] == 1.0
    assert given["control"]["K"] == {"value": 36, "unit": "N m"} and task["K"] == 36.0
    numpy.testing.assert_array_equal(task["P"], 162.0 * numpy.eye(3))  # a number P: P·1
    # the file gives no inertia: the task's is the vehicle's about C at the start (an ideal torquer,
    # no wheels to take out), which Model.mass_properties computes apart from the loader (and
    # test_fsw_python.py checks against the parallel-axis theorem). Both read the inertia from
    # the angular momentum at unit rates and agree to the bit today; 1e-12 relative leaves room for
    # either summing in another order, far below what a body missed or misplaced would show.
    assert "I_PntC_B" not in given.get("control", {})
    expected = s.model.mass_properties(s.model.initial_state(), task["vehicle"])["I_PntC_B"]
    numpy.testing.assert_allclose(task["I_PntC_B"], expected, rtol=0, atol=1e-12 * numpy.abs(expected).max())
    text = s.describe()
    assert "task 'acs' (attitude_control) on vehicle 'sampled': period 1 s" in text
    assert "K = 36 N m, P = diag(162, 162, 162) N m s" in text and "I_PntC_B = " in text
    assert s.model.describe().splitlines()[0] in text


def test_progress_callbacks_report_monotone_progress_and_stop_the_run_when_they_raise():
    """Scenario.run and Campaign.run report progress(done, total): non-decreasing, within [0, total],
    ending at total exactly; a progress that raises ends the call with its exception; a progress
    that is not callable is refused by name. The results do not depend on the callback."""
    s = ramus.scenario.load(SCENARIO)
    span = s.output_times[-1] - s.output_times[0]
    reports = []
    with_progress = s.run(progress=lambda done, total: reports.append((done, total)))
    assert reports, "no progress reported"
    assert all(total == span for _, total in reports)
    assert all(0 <= d <= span for d, _ in reports)
    assert all(b[0] >= a[0] for a, b in zip(reports, reports[1:]))
    assert reports[-1] == (span, span)
    numpy.testing.assert_array_equal(with_progress.values, s.run().values)

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop()

    try:
        s.run(progress=stop)
        raise AssertionError("a progress that raises did not end the run")
    except Stop:
        pass
    try:
        s.run(progress=3)
        raise AssertionError("a non-callable progress was accepted")
    except ramus.ConfigurationError as e:
        assert "progress" in str(e) and "Scenario.run" in str(e)

    campaign = ramus.scenario.Campaign(SCENARIO, DISPERSIONS)
    counts = []
    result = campaign.run(4, threads=2, progress=lambda done, total: counts.append((done, total)))
    assert counts[-1] == (4, 4) and all(total == 4 and 0 <= d <= 4 for d, total in counts)
    assert all(b[0] >= a[0] for a, b in zip(counts, counts[1:]))
    numpy.testing.assert_array_equal(result["final"], campaign.run(4, threads=2)["final"])


def test_campaign_notes_a_controller_whose_inertia_each_run_recomputes():
    """An attitude controller without I_PntC_B takes the vehicle's inertia: with the hub's inertia
    dispersed, each run's controller has that run's inertia (checked against the nominal), and
    Campaign.notes says so, naming the task and the parameter; dispersing only the initial attitude
    changes neither, and no note is given."""
    scenario = EXAMPLES / "slew_panels_wheels.json"
    doc = json.loads(scenario.read_text())
    assert "I_PntC_B" not in doc["flight_software"]["tasks"][0]["control"]
    hub = {"seed": 5, "parameters": [{"path": "vehicles[0].hub.I_PntBc_B[2][2]", "distribution": "normal",
                                      "sigma": 30}]}
    campaign = ramus.scenario.Campaign(scenario, hub)
    assert len(campaign.notes) == 1
    note = campaign.notes[0]
    assert "'acs'" in note and "vehicles[0].hub.I_PntBc_B[2][2]" in note and "I_PntC_B" in note
    nominal = numpy.asarray(ramus.scenario.load(scenario).flight_software[0]["I_PntC_B"])
    drawn = campaign.draw(0)[0]
    run0 = numpy.asarray(campaign.scenario(0).flight_software[0]["I_PntC_B"])
    # Only the (2, 2) entry moves, by the drawn change of the hub's I33 (the parallel-axis terms and
    # the wheels' spin inertias do not depend on it): to round-off of the nominal's magnitude.
    change = drawn - doc["vehicles"][0]["hub"]["I_PntBc_B"]["value"][2][2]
    assert abs(change) > 1.0  # the draw moved it (sigma 30)
    assert abs((run0 - nominal)[2, 2] - change) < 1e-12 * numpy.abs(nominal).max()
    attitude = {"seed": 5, "parameters": [{"path": "vehicles[0].initial_state.sigma_BN[0]", "distribution": "normal",
                                           "sigma": 0.01}]}
    assert ramus.scenario.Campaign(scenario, attitude).notes == []
