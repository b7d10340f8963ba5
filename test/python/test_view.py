"""Result.view (docs/python.md, "Scenarios and campaigns"; docs/viewer.md): the replay page of a
scenario's run written from Python holds the same data, bit for bit, as the page `ramus view`
writes for the same scenario by running it; the glTF file likewise; a result that is not a
scenario's run is refused by name and nothing is written."""

import json
import os
import pathlib
import re
import subprocess

import pytest

import ramus

RAMUS = os.environ["RAMUS_CLI"]
EXAMPLES = pathlib.Path(os.environ["RAMUS_SOURCE_DIR"]) / "docs" / "examples"


def page_data(path):
    html = pathlib.Path(path).read_text()
    match = re.search(r'<script type="application/json" id="ramus-data">(.*?)</script>', html, re.S)
    assert match, "no replay data in " + str(path)
    return json.loads(match.group(1))


@pytest.mark.parametrize("example", ["panels_and_wheels.json", "leo_environment.json"])
def test_result_view_equals_ramus_view(tmp_path, example):
    scenario = EXAMPLES / example
    doc = json.loads(scenario.read_text())
    if example == "leo_environment.json":  # one orbit is enough for the Sun, the shadow and the trail
        doc["output"]["t1"] = {"value": 600, "unit": "s"}
        scenario = tmp_path / example
        scenario.write_text(json.dumps(doc))
        # Its data files are relative to docs/examples: copy the scenario's folder reference.
        text = scenario.read_text().replace("../../data/", str(EXAMPLES.parent.parent / "data") + "/")
        scenario.write_text(text)
    result = ramus.scenario.load(scenario).run()
    result.view(tmp_path / "python.html", gltf=tmp_path / "python.gltf")
    subprocess.run([RAMUS, "view", str(scenario), "--out", str(tmp_path / "cli.html"), "--gltf",
                    str(tmp_path / "cli.gltf"), "--quiet"], check=True)
    assert page_data(tmp_path / "python.html") == page_data(tmp_path / "cli.html")
    assert (tmp_path / "python.gltf").read_bytes() == (tmp_path / "cli.gltf").read_bytes()
    assert [p.name for p in tmp_path.iterdir() if ".tmp-" in p.name] == []


def test_view_of_a_result_that_is_not_a_scenario_run_is_refused(tmp_path):
    s = ramus.scenario.load(EXAMPLES / "panels_and_wheels.json")
    m = s.model
    r = ramus.propagate(m, m.initial_state(), [0.0, 1.0], stepper="rk4", dt=0.1)
    with pytest.raises(ramus.ConfigurationError, match="Result.view"):
        r.view(tmp_path / "x.html")
    assert list(tmp_path.iterdir()) == []
