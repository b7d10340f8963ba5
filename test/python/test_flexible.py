"""Flexible bodies from Python (docs/models/flexible_body.md §8): the example scenario
slew_flexible_arrays.json runs from Python as from the command line, and the same spacecraft built
from keyword arguments (ramus.FlexibleBody with the beam generator's fields) gives the file's
logged quantities bit for bit."""

import json
import os
import pathlib

import numpy
import pytest

import ramus

EXAMPLES = pathlib.Path(os.environ.get("RAMUS_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "docs" / "examples"
SCENARIO = EXAMPLES / "slew_flexible_arrays.json"


def short(document, t1):
    """The example's document run to t1 [s]."""
    document = json.loads(json.dumps(document))
    document["output"]["t1"] = {"value": t1, "unit": "s"}
    return document


def test_the_example_runs_and_its_arrays_vibrate_during_the_slew():
    r = ramus.scenario.load(short(json.loads(SCENARIO.read_text()), 60.0)).run()
    tip = r["sc/array_plus_y.n10.u_F"]
    # The slew starts at 10 s. Before it only the controller's answer to the sensors' noise moves
    # the arrays; during it they deflect under the slew's acceleration (a tenth of a millimetre on a
    # 1.5 rad/s array), out of plane (F's z) far more than in plane: the slew's axis has a b1 part.
    before, during = tip[r.t < 10.0], tip[r.t > 20.0]
    assert numpy.max(numpy.abs(during[:, 2])) > 1e-4
    assert numpy.max(numpy.abs(during[:, 2])) > 10.0 * numpy.max(numpy.abs(before))
    assert numpy.max(numpy.abs(during[:, 2])) > 3.0 * numpy.max(numpy.abs(during[:, 1]))


def test_keyword_arguments_build_the_files_model_bit_for_bit():
    document = short(json.loads(SCENARIO.read_text()), 5.0)
    del document["flight_software"]  # the model only: the C++ builders are the same either way
    document["output"]["log"] = ["sc/array_plus_y.eta", "sc/array_minus_y.n10.u_F", "sc/hub.omega_BN_B"]
    vehicle = document["vehicles"][0]
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=800.0, I_PntBc_B=numpy.diag([900.0, 700.0, 800.0]))
    sc.set_initial_state(omega_BN_B=[0.01, -0.02, 0.005])
    for e in vehicle["state_effectors"]:
        fields = {k: v for k, v in e.items() if k not in ("type", "name")}
        make = ramus.FlexibleBody if e["type"] == "flexible_body" else ramus.ReactionWheels
        sc.add_state_effector(make(e["name"], **fields))
    m.finalize()
    document["vehicles"][0]["initial_state"] = {"omega_BN_B": [0.01, -0.02, 0.005]}
    s = ramus.scenario.load(document)
    from_file = s.run()
    r = ramus.propagate(m, m.initial_state(), numpy.asarray(s.output_times), stepper=s.stepper, dt=s.dt, log=s.log)
    assert r.columns == from_file.columns
    numpy.testing.assert_array_equal(r.values, from_file.values)
    assert numpy.ptp(r["sc/array_plus_y.eta"]) > 0  # the tumble bends the arrays: the runs compare motion


def test_flexible_body_refuses_a_bad_keyword_naming_it():
    with pytest.raises(ramus.ConfigurationError, match="lenght"):
        ramus.FlexibleBody("array", beam={"lenght": 5, "EI_y": 1, "EI_z": 1, "GJ": 1, "EA": 1, "rhoA": 1,
                                          "elements": 2, "modes": 2})
