"""Registered flight-software tasks from Python (docs/python.md, "Flight software"): the
momentum_dump and attitude_control tasks built by keyword arguments through the scenario's own
builders. References: the same study as a scenario file (docs/examples/momentum_dump.json), run by
the file's path, must give the same states bit for bit; the dump's published H_w_B must equal the
wheels' momentum J_s Omega computed here from the logged wheel speeds at each plan time; the wheels
must end below the stop threshold; bad fields are refused naming the task and the field."""

import json
import os

import numpy
import pytest

import ramus

EXAMPLE = os.path.join(os.environ["RAMUS_SOURCE_DIR"], "docs", "examples", "momentum_dump.json")
JS = 0.159  # [kg m^2] the example's wheel spin inertia


def example():
    with open(EXAMPLE) as f:
        return json.load(f)


def build():
    """The example's model, built piece by piece with its own objects (SI, as the file gives them)."""
    d = example()
    v = d["vehicles"][0]
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=v["hub"]["mass"], I_PntBc_B=v["hub"]["I_PntBc_B"])
    sc.add_state_effector(ramus.ReactionWheels("wheels", wheels=v["state_effectors"][0]["wheels"]))
    for t in v["dynamic_effectors"]:
        sc.add_dynamic_effector(ramus.Thruster(t["name"], **{k: t[k] for k in t if k not in ("type", "name")}))
    m.finalize()
    return m, d["flight_software"]["tasks"]


def tasks(m, spec):
    fields = lambda k: {key: value for key, value in spec[k].items() if key not in ("type", "name")}
    return [ramus.AttitudeControl("acs", m, seed=1, **fields(0)), ramus.MomentumDump("dump", m, **fields(1))]


def test_a_python_built_run_is_the_files_bit_for_bit_and_logs_the_signals():
    m, spec = build()
    acs, dump = tasks(m, spec)
    assert dump.type == "momentum_dump" and dump.name == "dump"
    names = [s[0] for s in dump.signals]
    assert names[:3] == ["dumping", "H_w_B", "DeltaH_requested_B"]
    times = numpy.arange(0.0, 150.0 + 0.5, 1.0)
    log = ["sc/wheels.Omega", "dump.H_w_B", "dump.dumping", "dump.cycles"]
    r = ramus.propagate(m, m.initial_state(), times, stepper="rk4", dt=0.05, tasks=[acs, dump], log=log)
    f = ramus.scenario.load(EXAMPLE).run(log=log)
    assert numpy.array_equal(r.values, f.values)  # the same columns, bit for bit
    assert numpy.array_equal(r.x[-1], f.x_final)
    # At each plan time (every 10 s) the task read the wheels of that very state: H_w = J_s Omega
    # (orthogonal wheels along the body axes). The rounding is J_s * Omega's alone: a few ulps of 14.
    omega = r["sc/wheels.Omega"]
    plans = numpy.flatnonzero(numpy.mod(r.t, 10.0) == 0.0)
    assert len(plans) == 16
    assert numpy.max(numpy.abs(r["dump.H_w_B"][plans] - JS * omega[plans])) <= 16 * 1e-14
    assert numpy.array_equal(r["dump.cycles"][plans], r.t[plans] / 10.0 + 1.0)
    assert numpy.linalg.norm(JS * omega[0]) > 5.0 and r["dump.dumping"][0] == 1.0
    assert numpy.linalg.norm(JS * omega[-1]) <= 1.0 and r["dump.dumping"][-1] == 0.0


def test_the_default_log_has_the_signals_and_each_run_has_its_own_task():
    m, spec = build()
    acs, dump = tasks(m, spec)
    times = [0.0, 20.0]
    a = ramus.propagate(m, m.initial_state(), times, dt=0.05, tasks=[acs, dump])
    b = ramus.propagate(m, m.initial_state(), times, dt=0.05, tasks=[acs, dump])
    assert "dump.on_time[5]" in a.columns and "acs.sigma_BR[0]" in a.columns
    assert numpy.array_equal(a.values, b.values)  # the second run started afresh: no state carried over
    assert a["dump.cycles"][-1] == 3.0


def test_bad_fields_are_refused_naming_the_task_and_the_field():
    m, spec = build()
    fields = {key: value for key, value in spec[1].items() if key not in ("type", "name")}
    with pytest.raises(ramus.ScenarioError, match=r"MomentumDump\('dump'\)\.thrusters\[0\].*no thruster 'nope'"):
        ramus.MomentumDump("dump", m, **{**fields, "thrusters": ["nope"]})
    with pytest.raises(ramus.ScenarioError, match=r"gain.*did you mean|gian.*gain"):
        ramus.MomentumDump("dump", m, **{k if k != "gain" else "gian": v for k, v in fields.items()})
    with pytest.raises(ramus.ScenarioError, match=r"period"):
        ramus.MomentumDump("dump", m, **{**fields, "period": 0.0})
    with pytest.raises(ramus.ScenarioError, match=r"type.*momentum_dump"):
        ramus.task("momentum_dumps", "dump", m, **fields)
    unfinalized = ramus.Model()
    with pytest.raises(ramus.ConfigurationError, match="finalize"):
        ramus.MomentumDump("dump", unfinalized, **fields)
    other, _ = build()
    dump = ramus.MomentumDump("dump", other, **fields)
    with pytest.raises(ramus.ConfigurationError, match="another model"):
        ramus.propagate(m, m.initial_state(), [0.0, 1.0], dt=0.05, tasks=[dump])
