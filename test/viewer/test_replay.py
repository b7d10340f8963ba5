"""The replay of `ramus view` (docs/viewer.md): the page's selftest in a real headless browser, the
page's data and the glTF file against the scenario JSON, and the refusals.

Every expected number comes from the scenario file (its bodies, masses, inertias, output grid),
never from what the runner printed. RAMUS_CLI: the runner; RAMUS_SOURCE_DIR: the repository.
"""
import base64
import json
import math
import os
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("RAMUS_SOURCE_DIR", Path(__file__).resolve().parents[2]))
CLI = os.environ.get("RAMUS_CLI", str(SOURCE / "build/ci/apps/ramus"))
EXAMPLES = SOURCE / "docs/examples"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def ramus(*args, check=True):
    result = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, timeout=120)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def expected_bodies(doc):
    """Bodies the page must draw, from the scenario JSON alone: per vehicle its hub, one per segment
    of each state effector, one per balanced wheel (docs/viewer.md, What is drawn)."""
    per_effector = {
        "hinged_rigid_body": lambda e: 1,
        "n_hinged_rigid_body": lambda e: len(e["panels"]),
        "reaction_wheels": lambda e: len(e["wheels"]),
        "simple_jitter_reaction_wheels": lambda e: len(e["wheels"]),
    }
    count = {}
    for i, vehicle in enumerate(doc["vehicles"]):
        count[i] = 1
        for effector in vehicle.get("state_effectors", []):
            assert effector["type"] in per_effector, "the test knows no body count for " + effector["type"]
            count[i] += per_effector[effector["type"]](effector)
    return count


def output_count(doc):
    """Output times from t0 (default 0) to t1 by dt, from the scenario's "output" section (SI units)."""
    out = doc["output"]
    t0 = out.get("t0", {"value": 0})["value"]
    return int(round((out["t1"]["value"] - t0) / out["dt"]["value"])) + 1


def page_data(html):
    match = re.search(r'<script type="application/json" id="ramus-data">(.*?)</script>', html, re.S)
    assert match, "the page holds no ramus-data element"
    return json.loads(match.group(1))


def selftest(page):
    """Runs the page's #selftest in headless Chromium (SwiftShader WebGL) and returns its JSON."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (Debian: chromium, in .ci/install-deps): the browser selftest is skipped")
    command = [CHROMIUM, "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
               "--window-size=800,600", "--virtual-time-budget=15000", "--dump-dom", page.as_uri() + "#selftest"]
    dom = subprocess.run(command, capture_output=True, text=True, timeout=90).stdout
    match = re.search(r'<pre id="ramus-selftest">(.*?)</pre>', dom, re.S)
    assert match and match.group(1).strip(), "the selftest wrote no result: " + dom[-2000:]
    text = match.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    return json.loads(text)


def read_csv(path):
    """The columns of a `ramus run` CSV by name ('#' lines are annotations)."""
    rows = [line.strip().split(",") for line in path.read_text().splitlines() if line and not line.startswith("#")]
    return {name: [float(r[k]) for r in rows[1:]] for k, name in enumerate(rows[0])}


@pytest.fixture(scope="module")
def panels(tmp_path_factory):
    """panels_and_wheels.json with panel_plus_y released at 30 deg on a soft spring (it swings by tens of
    degrees: a moving panel), viewed with its glTF, and run for its logged hinge angle."""
    work = tmp_path_factory.mktemp("panels")
    doc = json.loads((EXAMPLES / "panels_and_wheels.json").read_text())
    panel = doc["vehicles"][0]["state_effectors"][0]
    assert panel["name"] == "panel_plus_y"
    panel["theta0"] = {"value": 30, "unit": "deg"}
    panel["k"] = {"value": 20, "unit": "N m/rad"}
    scenario = work / "swing.json"
    scenario.write_text(json.dumps(doc))
    ramus("view", scenario, "--out", work / "replay.html", "--gltf", work / "replay.gltf", "--quiet")
    ramus("run", scenario, "--output", work / "swing.csv", "--quiet")
    return {"doc": doc, "page": work / "replay.html", "gltf": work / "replay.gltf", "csv": read_csv(work / "swing.csv")}


def test_selftest_in_headless_chromium(panels):
    result = selftest(panels["page"])
    assert result["errors"] == [], result["errors"]
    expected = expected_bodies(panels["doc"])
    assert result["bodies"] == sum(expected.values())
    assert {int(k): v for k, v in result["bodies_by_vehicle"].items()} == expected
    assert result["samples"] == output_count(panels["doc"])
    # Something is drawn: pixels that are not the background.
    assert result["render_a"]["lit"] > 0
    # The panels move and the hub turns between t0 and the middle time: the images differ; the same
    # time drawn twice gives the same pixels (SwiftShader is deterministic).
    assert result["times"][0] != result["times"][1]
    assert result["render_a"]["hash"] != result["render_b"]["hash"]
    assert result["render_a"]["hash"] == result["render_a_again"]["hash"]
    # three.js's GLTFLoader reads the embedded glTF: one node per body.
    assert result["gltf"]["nodes"] == sum(expected.values())
    assert result["gltf"]["tracks"] == 2 * sum(expected.values())  # translation and rotation per node


def test_page_data_against_the_scenario(panels):
    doc = panels["doc"]
    data = page_data(panels["page"].read_text())
    n = output_count(doc)
    assert len(data["t"]) == n
    assert [b["role"] for b in data["bodies"]] == ["hub", "segment", "segment", "wheel", "wheel", "wheel"]
    # Sizes (docs/viewer.md): the hub box of equal principal inertias, a² = 6 (I2 + I3 − I1)/m.
    hub = doc["vehicles"][0]["hub"]
    m, inertia = hub["mass"]["value"], hub["I_PntBc_B"]["value"]
    principal = [inertia[i][i] for i in range(3)]  # diagonal in the file
    edges = sorted(math.sqrt(6 * (sum(principal) - 2 * p) / m) for p in principal)
    assert sorted(data["bodies"][0]["size"]) == pytest.approx(edges, rel=1e-12)  # round-off of the eigen solver
    # A wheel: a disc of radius sqrt(2 Js / m).
    wheel = doc["vehicles"][0]["state_effectors"][2]["wheels"][0]
    r = math.sqrt(2 * wheel["Js"]["value"] / wheel["mass"]["value"])
    assert data["bodies"][3]["size"][0] == pytest.approx(2 * r, rel=1e-12)
    assert data["bodies"][3]["angle_source"] == "integrated"  # reaction_wheels without angle states
    # The panel turns relative to the hub about its hinge by θ(t) − θ(0), θ as `ramus run` logs it
    # (logged quantities, not segment_frame): the angle of q_rel(t) q_rel(0)⁻¹, q_rel = q_NB⁻¹ q_NS.
    def quat(b, i):
        x, y, z, w = data["bodies"][b]["q_NF"][4 * i:4 * i + 4]
        return (w, x, y, z)
    def mul(p, q):
        a1, b1, c1, d1 = p
        a2, b2, c2, d2 = q
        return (a1 * a2 - b1 * b2 - c1 * c2 - d1 * d2, a1 * b2 + b1 * a2 + c1 * d2 - d1 * c2,
                a1 * c2 - b1 * d2 + c1 * a2 + d1 * b2, a1 * d2 + b1 * c2 - c1 * b2 + d1 * a2)
    def conj(q):
        return (q[0], -q[1], -q[2], -q[3])
    theta = panels["csv"]["sc/panel_plus_y.theta"]
    assert len(theta) == n
    rel0 = mul(conj(quat(0, 0)), quat(1, 0))
    for i in range(n):
        turn = mul(mul(conj(quat(0, i)), quat(1, i)), conj(rel0))
        angle = 2 * math.atan2(math.sqrt(turn[1] ** 2 + turn[2] ** 2 + turn[3] ** 2), abs(turn[0]))
        assert angle == pytest.approx(abs(theta[i] - theta[0]), abs=1e-9)  # [rad] round-off of the frames' products
    assert max(theta) - min(theta) > math.radians(20)  # it swings: a moving panel
    # The wheel 1 turns at Omega0 = 1000 rpm with no motor torque: after 80 s it has turned about
    # 1000/60 * 2π * 80 rad; its quaternion changes between samples.
    assert data["bodies"][3]["q_NF"][0:4] != data["bodies"][3]["q_NF"][4:8]
    # Unit quaternions (to float round-off in the JSON text).
    for b in data["bodies"]:
        for i in range(n):
            assert math.fsum(c * c for c in b["q_NF"][4 * i:4 * i + 4]) == pytest.approx(1.0, abs=1e-12)
    # Deep space: no gravity, no Sun.
    assert data["central_body_radius"] == 0 and data["sun_N"] is None


def test_gltf_structure(panels):
    doc = panels["doc"]
    g = json.loads(panels["gltf"].read_text())
    assert g["asset"]["version"] == "2.0"
    buffer = g["buffers"][0]
    prefix = "data:application/octet-stream;base64,"
    assert buffer["uri"].startswith(prefix)
    raw = base64.b64decode(buffer["uri"][len(prefix):])
    assert len(raw) == buffer["byteLength"]
    sizes = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}
    for a in g["accessors"]:
        assert a["componentType"] == 5126  # FLOAT
        view = g["bufferViews"][a["bufferView"]]
        assert view["byteOffset"] + view["byteLength"] <= len(raw)
        assert a["count"] * sizes[a["type"]] * 4 == view["byteLength"]
    # The node tree: every node once, a root or the child of one; the parents from the effector tree.
    nodes = g["nodes"]
    expected = sum(expected_bodies(doc).values())
    assert len(nodes) == expected
    seen = list(g["scenes"][0]["nodes"])
    for node in nodes:
        seen += node.get("children", [])
    assert sorted(seen) == list(range(len(nodes)))
    assert g["scenes"][0]["nodes"] == [0]  # one vehicle: its hub is the root
    assert sorted(nodes[0]["children"]) == list(range(1, expected))
    # The animation: two channels per node, LINEAR, a time accessor from 0 to t1 − t0 with one key per output.
    animation = g["animations"][0]
    assert len(animation["channels"]) == 2 * expected
    assert {(c["target"]["node"], c["target"]["path"]) for c in animation["channels"]} == {
        (i, p) for i in range(expected) for p in ("translation", "rotation")}
    n = output_count(doc)
    for sampler in animation["samplers"]:
        assert sampler["interpolation"] == "LINEAR"
        time = g["accessors"][sampler["input"]]
        assert time["count"] == n and g["accessors"][sampler["output"]]["count"] == n
        assert time["min"] == [0.0]
        assert time["max"][0] == pytest.approx(doc["output"]["t1"]["value"], rel=1e-7)  # float32 seconds
        view = g["bufferViews"][time["bufferView"]]
        times = struct.unpack_from("<%df" % n, raw, view["byteOffset"])
        assert all(b > a for a, b in zip(times, times[1:]))
        assert (min(times), max(times)) == (time["min"][0], time["max"][0])


def test_run_view_writes_the_replay_beside_the_outputs(tmp_path):
    scenario = EXAMPLES / "slew_panels_wheels.json"
    doc = json.loads(scenario.read_text())
    ramus("run", scenario, "--output", tmp_path / "slew.csv", "--view", tmp_path / "slew.html", "--quiet")
    assert (tmp_path / "slew.csv").exists()
    data = page_data((tmp_path / "slew.html").read_text())
    assert len(data["bodies"]) == sum(expected_bodies(doc).values())
    assert len(data["t"]) == output_count(doc)
    names = [s["name"] for s in data["signals"]]
    assert names == ["sc/hub.|omega_BN_B|"] + ["sc/wheels[%d].Omega" % i for i in range(4)]


def test_orbit_with_sun_and_central_body(tmp_path):
    scenario = EXAMPLES / "leo_environment.json"
    ramus("view", scenario, "--out", tmp_path / "leo.html", "--quiet")
    data = page_data((tmp_path / "leo.html").read_text())
    # The WGS 84 ellipsoid's radius lies between its polar and equatorial radii (docs/constants.md).
    assert 6356752.3 <= data["central_body_radius"] <= 6378137.0 + 1e-6
    sun = data["sun_N"]
    assert len(sun) == 3 * len(data["t"])
    assert math.sqrt(sum(c * c for c in sun[:3])) == pytest.approx(1.0, abs=1e-12)  # a unit vector
    # 21 June: the Sun near the summer solstice, declination about +23.4 deg: s_z = sin(23.4 deg).
    # 0.01 in s_z (about 0.6 deg): the Sun's declination changes by < 0.01 deg a day near the
    # solstice, and a 7000 km orbit shifts the direction by < 1e-4 rad.
    assert sun[2] == pytest.approx(math.sin(math.radians(23.44)), abs=0.01)


def test_refusals_write_nothing(tmp_path):
    # A scenario that fails to load: refused naming the file and the field; no page.
    bad = tmp_path / "bad.json"
    doc = json.loads((EXAMPLES / "panels_and_wheels.json").read_text())
    doc["vehicles"][0]["hub"]["mass"] = {"value": -1, "unit": "kg"}
    bad.write_text(json.dumps(doc))
    result = ramus("view", bad, "--out", tmp_path / "bad.html", check=False)
    assert result.returncode != 0
    assert "bad.json" in result.stderr and "mass" in result.stderr
    assert not (tmp_path / "bad.html").exists()
    # --out the scenario itself: refused, the scenario unchanged.
    good = tmp_path / "good.json"
    good.write_text((EXAMPLES / "panels_and_wheels.json").read_text())
    before = good.read_bytes()
    result = ramus("view", good, "--out", good, check=False)
    assert result.returncode != 0 and "--out" in result.stderr and "good.json" in result.stderr
    assert good.read_bytes() == before
    # --gltf the same file as --out: refused, neither written.
    result = ramus("view", good, "--out", tmp_path / "same", "--gltf", tmp_path / "same", check=False)
    assert result.returncode != 0 and "--gltf" in result.stderr
    assert not (tmp_path / "same").exists()
    # run --view onto its own --output: refused before the run.
    result = ramus("run", good, "--output", tmp_path / "o.csv", "--view", tmp_path / "o.csv", check=False)
    assert result.returncode != 0 and "--view" in result.stderr
    assert not (tmp_path / "o.csv").exists()
    # view without --out: a usage error.
    result = ramus("view", good, check=False)
    assert result.returncode == 2 and "--out" in result.stderr
    assert [p.name for p in tmp_path.iterdir() if not p.name.endswith(".json")] == []
