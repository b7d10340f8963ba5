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
    # `run --view` records the states of the run that writes the CSV; `view` runs the scenario on
    # its own: the two replays are the same data, bit for bit (the run is deterministic).
    ramus("view", scenario, "--out", tmp_path / "alone.html", "--quiet")
    assert page_data((tmp_path / "alone.html").read_text()) == data


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


def test_view_of_a_recorded_run_equals_the_view_of_its_scenario(tmp_path):
    """`ramus view RUN.csv` replays the run from its CSV (every state block logged): the page's data
    is the same, bit for bit, as `ramus view SCENARIO` computes by running it (the CSV's numbers
    round-trip exactly). The companion's hashes guard it: an edited CSV, a changed scenario and a
    log without every state block are refused by name, and --scenario names a moved scenario."""
    doc = json.loads((EXAMPLES / "panels_and_wheels.json").read_text())
    doc["output"].pop("log", None)  # the default log: every state block
    scenario = tmp_path / "pw.json"
    scenario.write_text(json.dumps(doc))
    ramus("run", scenario, "--output", tmp_path / "pw.csv", "--quiet")
    ramus("view", tmp_path / "pw.csv", "--out", tmp_path / "from_csv.html", "--quiet")
    ramus("view", scenario, "--out", tmp_path / "from_run.html", "--quiet")
    from_csv = page_data((tmp_path / "from_csv.html").read_text())
    assert from_csv == page_data((tmp_path / "from_run.html").read_text())
    assert len(from_csv["t"]) == output_count(doc)

    # The scenario moved: found with --scenario (its bytes hash as recorded).
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    (moved / "renamed.json").write_bytes(scenario.read_bytes())
    scenario.unlink()
    result = ramus("view", tmp_path / "pw.csv", "--out", tmp_path / "x.html", check=False)
    assert result.returncode != 0 and "pw.json" in result.stderr and not (tmp_path / "x.html").exists()
    ramus("view", tmp_path / "pw.csv", "--out", tmp_path / "moved.html", "--scenario", moved / "renamed.json",
          "--quiet")
    assert page_data((tmp_path / "moved.html").read_text()) == from_csv
    # Another scenario's bytes: refused with both hashes.
    other = tmp_path / "other.json"
    doc["description"] = "edited"
    other.write_text(json.dumps(doc))
    result = ramus("view", tmp_path / "pw.csv", "--out", tmp_path / "x.html", "--scenario", other, check=False)
    assert result.returncode != 0 and "hash" in result.stderr and "--scenario" in result.stderr
    # An edited CSV: not the file the run wrote.
    edited = tmp_path / "pw.csv"
    (tmp_path / "edit.csv").write_text(edited.read_text()[:-1] + "1\n")  # a digit added to the last value
    shutil.copy(str(edited) + "-metadata.json", str(tmp_path / "edit.csv") + "-metadata.json")
    result = ramus("view", tmp_path / "edit.csv", "--out", tmp_path / "x.html", "--scenario", moved / "renamed.json",
                   check=False)
    assert result.returncode != 0 and "csv_fnv1a64" in result.stderr
    # A log without every state block: refused naming the first block missing.
    doc["description"] = json.loads((EXAMPLES / "panels_and_wheels.json").read_text())["description"]
    doc["output"]["log"] = ["sc/hub.q_BN"]
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps(doc))
    ramus("run", partial, "--output", tmp_path / "partial.csv", "--quiet")
    result = ramus("view", tmp_path / "partial.csv", "--out", tmp_path / "x.html", check=False)
    assert result.returncode != 0 and "state block" in result.stderr and "sc/hub.r_BN_N" in result.stderr
    assert not (tmp_path / "x.html").exists()


# ---- direction arrows, eclipse shading, thruster plumes (docs/viewer.md) -----------------------

def low_precision_sun(jd):
    """Unit vector to the Sun in the mean equator and equinox (the Astronomical Almanac's low-precision
    formula, good to about 0.01 deg from 1950 to 2050): an ephemeris independent of the runner's."""
    n = jd - 2451545.0
    g = math.radians(357.528 + 0.9856003 * n)
    lam = math.radians(280.460 + 0.9856474 * n + 1.915 * math.sin(g) + 0.020 * math.sin(2 * g))
    eps = math.radians(23.439 - 0.0000004 * n)
    return (math.cos(lam), math.cos(eps) * math.sin(lam), math.sin(eps) * math.sin(lam))


def leo_copy(tmp_path, shadow):
    """leo_environment.json over one orbit and a bit (6000 s, 101 outputs), with `shadow`, logging the
    centre of mass's r and v; its data file given by absolute path (the copy lives elsewhere)."""
    doc = json.loads((EXAMPLES / "leo_environment.json").read_text())
    doc["environment"]["shadow"] = shadow
    doc["gravity"]["file"] = str((EXAMPLES / doc["gravity"]["file"]).resolve())
    doc["output"]["t1"] = {"value": 6000, "unit": "s"}
    doc["output"]["log"] = ["sc.r_CN_N", "sc.v_CN_N"]
    scenario = tmp_path / ("leo_%s.json" % shadow)
    scenario.write_text(json.dumps(doc))
    csv = tmp_path / ("leo_%s.csv" % shadow)
    page = tmp_path / ("leo_%s.html" % shadow)
    ramus("run", scenario, "--output", csv, "--view", page, "--quiet")
    return doc, read_csv(csv), page_data(page.read_text()), page


def unit(v):
    norm = math.sqrt(sum(c * c for c in v))
    return [c / norm for c in v]


def test_velocity_and_nadir_arrows_against_the_logged_orbit(tmp_path):
    """The page's velocity and nadir directions (docs/viewer.md (1), (2)) are v_CN_N/|v| and −r_CN_N/|r|
    of the run's logged centre of mass (the CSV of the same run), per output time."""
    _, csv, data, _ = leo_copy(tmp_path, "conical")
    n = len(data["t"])
    assert data["t"] == pytest.approx(csv["t"], abs=0)  # the same output times
    velocity, nadir = data["velocity_N"], data["nadir_N"]
    assert len(velocity) == len(nadir) == 3 * n
    worst = 0.0
    for i in range(n):
        r = [csv["sc.r_CN_N[%d]" % k][i] for k in range(3)]
        v = [csv["sc.v_CN_N[%d]" % k][i] for k in range(3)]
        for k in range(3):
            worst = max(worst, abs(velocity[3 * i + k] - unit(v)[k]), abs(nadir[3 * i + k] + unit(r)[k]))
        # A near-circular orbit (e ~ 1e-3): the velocity is within 0.01 rad of horizontal.
        assert abs(sum(a * b for a, b in zip(velocity[3 * i:3 * i + 3], nadir[3 * i:3 * i + 3]))) < 0.01
    # The CSV's numbers round-trip exactly (17 digits): the only difference is the normalisation's
    # round-off, a few 1e-16.
    assert worst < 1e-14, worst
    # Deep space (no gravity): no nadir; a vehicle at rest has a zero velocity direction.
    deep = page_data(ramus_view_page(tmp_path, "panels_and_wheels.json").read_text())
    assert deep["nadir_N"] is None and deep["sun_nu"] is None
    assert len(deep["velocity_N"]) == 3 * len(deep["t"])


def ramus_view_page(tmp_path, example):
    page = tmp_path / (example + ".html")
    ramus("view", EXAMPLES / example, "--out", page, "--quiet")
    return page


@pytest.mark.parametrize("shadow", ["conical", "cylindrical"])
def test_eclipse_shadow_factor_against_the_orbit_geometry(tmp_path, shadow):
    """ν at vehicle 0 (the run's own shadow model) against an independent geometry: the logged r and
    the Almanac's Sun. Deep in the cylinder behind the Earth ν = 0; on the day side, or well outside
    the cylinder, ν = 1. The margin, 150 km at 7000 km, covers the Sun formula's 0.01 deg plus the
    mean-of-date vs J2000 axes (0.35 deg: 43 km), the conical umbra's and penumbra's 32 km half-width
    at this altitude and the WGS 84 shape (21 km between its radii)."""
    doc, csv, data, _ = leo_copy(tmp_path, shadow)
    nu = data["sun_nu"]
    assert len(nu) == len(data["t"])
    jd0 = 2460847.5  # 2025-06-21T00:00:00 (the scenario's epoch; UTC vs TT, 69 s, is 0.003 deg of the Sun)
    assert doc["environment"]["epoch"].startswith("2025-06-21T00:00:00")
    radius = 6378137.0  # [m] WGS 84 equatorial
    umbra = sunlit = 0
    for i, t in enumerate(data["t"]):
        s = low_precision_sun(jd0 + t / 86400)
        r = [csv["sc.r_CN_N[%d]" % k][i] for k in range(3)]
        along = sum(a * b for a, b in zip(r, s))
        across = math.sqrt(max(0.0, sum(c * c for c in r) - along * along))
        assert 0.0 <= nu[i] <= 1.0
        if along < 0 and across < radius - 150e3:
            assert nu[i] == 0.0, (t, across)
            umbra += 1
        elif along > 0 or across > radius + 150e3:
            assert nu[i] == 1.0, (t, across)
            sunlit += 1
        if shadow == "cylindrical":
            assert nu[i] in (0.0, 1.0)  # a cylinder has no penumbra
    # One orbit of 5680 s at a beta angle of a few tens of degrees: an eclipse of about a third of it.
    assert umbra > 15 and sunlit > 50, (umbra, sunlit)


def test_selftest_arrows_and_eclipse_light(tmp_path):
    """In headless Chromium: the three arrows are scene nodes pointing along the data's vectors at t0,
    and the Sun's light is off in the umbra and at full intensity in sunlight, with the indicator."""
    _, _, data, page = leo_copy(tmp_path, "conical")
    result = selftest(page)
    assert result["errors"] == [], result["errors"]
    assert sorted(result["arrows"]) == ["nadir_N", "sun_N", "velocity_N"]
    for key in ("sun_N", "velocity_N", "nadir_N"):
        arrow = result["arrow_t0"][key]
        assert arrow["visible"]
        # ArrowHelper's quaternion in JavaScript doubles: round-off of its axis-angle, ~1e-15.
        assert arrow["direction"] == pytest.approx(data[key][0:3], abs=1e-9)
    umbra, sunlit = result["light"]["umbra"], result["light"]["sunlight"]
    assert data["sun_nu"][data["t"].index(umbra["t"])] == 0.0
    assert data["sun_nu"][data["t"].index(sunlit["t"])] == 1.0
    assert umbra["intensity"] == 0.0 and "eclipse" in umbra["indicator"]
    assert sunlit["intensity"] == result["light_full"] > 0 and sunlit["indicator"] == ""


def test_thruster_plumes_follow_the_thrust_factor(tmp_path):
    """A thruster_state_effector on panels_and_wheels.json: one thruster commanded on at t = 0 from
    κ0 = 0, whose κ is the first-order response 1 − exp(−t/τ) (docs/models/thruster_state_effector.md
    (1)), and one idle. The page's plumes: their κ per output time against the closed form, their
    axis −t̂ from the file, their length from the hub's inertia; in Chromium, their count and scales."""
    doc = json.loads((EXAMPLES / "panels_and_wheels.json").read_text())
    tau = 10.0
    doc["vehicles"][0]["state_effectors"].append({
        "type": "thruster_state_effector", "name": "rcs", "thrusters": [
            {"r_TB_B": [0, 0.5, -1], "tHat_B": [0, 0.6, 0.8], "max_thrust": 0.01,
             "time_constant": tau, "kappa0": 0, "command0": 1},
            {"r_TB_B": [0.5, 0, -1], "tHat_B": [0, 0, 1], "max_thrust": 0.01, "time_constant": tau,
             "kappa0": 0, "command0": 0}]})
    scenario = tmp_path / "plumes.json"
    scenario.write_text(json.dumps(doc))
    page = tmp_path / "plumes.html"
    ramus("view", scenario, "--out", page, "--quiet")
    data = page_data(page.read_text())
    plumes = data["plumes"]
    assert [p["name"] for p in plumes] == ["sc/rcs[0]", "sc/rcs[1]"]
    assert all(data["bodies"][p["hub"]]["role"] == "hub" for p in plumes)
    assert plumes[0]["r_B"] == [0, 0.5, -1]
    assert plumes[0]["axis_B"] == pytest.approx([0, -0.6, -0.8], abs=1e-15)  # −t̂, already a unit vector
    hub = doc["vehicles"][0]["hub"]
    m, inertia = hub["mass"]["value"], hub["I_PntBc_B"]["value"]
    principal = [inertia[i][i] for i in range(3)]
    longest = max(math.sqrt(6 * (sum(principal) - 2 * p) / m) for p in principal)
    assert plumes[0]["length"] == pytest.approx(0.6 * longest, rel=1e-12)  # docs/viewer.md: 0.6 hub edges
    # RK4 at 0.05 s on κ' = (1 − κ)/τ, τ = 10 s: a global error of order (h/τ)⁴/120 ≈ 5e-12 (2e-12 measured).
    for t, k0, k1 in zip(data["t"], plumes[0]["kappa"], plumes[1]["kappa"]):
        assert k0 == pytest.approx(1 - math.exp(-t / tau), abs=1e-10)
        assert k1 == 0.0
    result = selftest(page)
    assert result["errors"] == [], result["errors"]
    assert result["plumes"] == 2
    mid = result["times"][1]
    assert result["plume_scales"][0] == [0, 0]  # κ(0) = 0: no plume drawn
    assert result["plume_scales"][1][0] == pytest.approx(1 - math.exp(-mid / tau), abs=1e-10)
    assert result["plume_scales"][1][1] == 0


def test_vscmg_gimbal_and_wheel_against_the_logged_angles(tmp_path):
    """A vscmg added to panels_and_wheels.json is drawn as its gimbal frame G and its wheel W (the
    chain's own link frames). Against the run's logged angles (same run, --view): G turns relative to
    the hub about ĝg (from the file) by γ(t) − γ(0), W relative to G by θ(t) − θ(0) (mod 2π) about
    its spin axis; G's origin is the hub's plus r_GB_B; the wheel's disc is sized from IW1 and massW."""
    doc = json.loads((EXAMPLES / "panels_and_wheels.json").read_text())
    cmg = {"type": "vscmg", "name": "cmg", "gsHat0_B": [1, 0, 0], "gtHat0_B": [0, 1, 0], "ggHat_B": [0, 0, 1],
           "r_GB_B": [0.3, 0, 0], "massG": 6, "IG_PntGc_G": [[0.1, 0.01, 0], [0.01, 0.12, 0], [0, 0, 0.08]],
           "r_GcG_G": [0.01, 0, -0.02], "r_WG_G": [0.02, 0, 0], "massW": 6, "IW1": 0.1, "IW2": 0.05,
           "IW3": 0.05, "gamma0": {"value": 10, "unit": "deg"}, "gammaDot0": 0.1, "theta0": 0.2,
           "Omega0": {"value": 30, "unit": "rpm"}, "gimbal_torque": 0.01, "wheel_torque": -0.02}
    doc["vehicles"][0]["state_effectors"].append(cmg)
    doc["output"]["log"] = ["sc/cmg.angle"]
    scenario = tmp_path / "cmg.json"
    scenario.write_text(json.dumps(doc))
    page = tmp_path / "cmg.html"
    ramus("run", scenario, "--output", tmp_path / "cmg.csv", "--view", page, "--quiet")
    csv = read_csv(tmp_path / "cmg.csv")
    data = page_data(page.read_text())
    names = [b["name"] for b in data["bodies"]]
    g, w = names.index("sc/cmg[gimbal]"), names.index("sc/cmg[wheel]")
    assert data["bodies"][g]["parent"] == 0 and data["bodies"][w]["parent"] == g
    assert data["bodies"][w]["shape"] == "cylinder"
    assert data["bodies"][w]["size"][0] == pytest.approx(2 * math.sqrt(2 * 0.1 / 6), rel=1e-12)  # r = √(2 Js/m)

    def quat(b, i):  # (w, x, y, z) of q_NF
        x, y, z, s = data["bodies"][b]["q_NF"][4 * i:4 * i + 4]
        return (s, x, y, z)

    def mul(p, q):
        a1, b1, c1, d1 = p
        a2, b2, c2, d2 = q
        return (a1 * a2 - b1 * b2 - c1 * c2 - d1 * d2, a1 * b2 + b1 * a2 + c1 * d2 - d1 * c2,
                a1 * c2 - b1 * d2 + c1 * a2 + d1 * b2, a1 * d2 + b1 * c2 - c1 * b2 + d1 * a2)

    def conj(q):
        return (q[0], -q[1], -q[2], -q[3])

    def rotate(q, v):
        return mul(mul(q, (0.0, *v)), conj(q))[1:]

    def turn(parent, child, i):  # the child's turn relative to its parent since t0, in the parent frame
        rel = mul(conj(quat(parent, i)), quat(child, i))
        rel0 = mul(conj(quat(parent, 0)), quat(child, 0))
        q = mul(rel, conj(rel0))
        if q[0] < 0:
            q = tuple(-c for c in q)
        s = math.sqrt(q[1] ** 2 + q[2] ** 2 + q[3] ** 2)
        return 2 * math.atan2(s, q[0]), ([c / s for c in q[1:]] if s > 1e-12 else None)

    gamma, theta = csv["sc/cmg.angle[0]"], csv["sc/cmg.angle[1]"]
    n = len(data["t"])
    assert len(gamma) == n
    moved = 0
    for i in range(n):
        angle, axis = turn(0, g, i)
        # A quaternion's turn is in [0, π]: the gimbal's γ − γ0 wrapped to (−π, π].
        dgamma = math.remainder(gamma[i] - gamma[0], 2 * math.pi)
        # [rad] round-off of the frames' products (1e-9, as the panel's test above)
        assert angle == pytest.approx(abs(dgamma), abs=1e-9)
        if angle > 1e-3:
            moved += 1
            sign = 1 if dgamma > 0 else -1
            assert [sign * c for c in axis] == pytest.approx([0, 0, 1], abs=1e-9)  # about ĝg in B
        wrapped = abs(math.remainder(theta[i] - theta[0], 2 * math.pi))
        assert turn(g, w, i)[0] == pytest.approx(wrapped, abs=1e-9)
        # G's origin: the hub's origin plus r_GB_B, in N.
        hub_r = data["bodies"][0]["r_N"][3 * i:3 * i + 3]
        expected = [a + b for a, b in zip(hub_r, rotate(quat(0, i), (0.3, 0, 0)))]
        assert data["bodies"][g]["r_N"][3 * i:3 * i + 3] == pytest.approx(expected, abs=1e-12)  # [m] round-off
    assert moved > n // 2  # the gimbal turns (γ̇0 = 0.1 rad/s): the check is not vacuous
    result = selftest(page)
    assert result["errors"] == [], result["errors"]
    assert result["bodies"] == len(data["bodies"]) == 8  # hub, 2 panels, 3 wheels, gimbal, CMG wheel


# ---- CZML (docs/viewer.md, CZML) -------------------------------------------------------------

def test_czml_against_the_logged_run(tmp_path):
    """`ramus run --czml` on one orbit of leo_environment.json (epoch 2025-06-21T00:00:00 UTC, the
    Earth's rotation): a JSON array whose document packet's clock spans the scenario's output interval
    as UTC dates from its epoch; the vehicle's packet has the run's logged t and r_BN_N, bit for bit
    (INERTIAL, metres), and a unit quaternion whose rotation is B into the Earth-fixed axes, checked
    against the logged σ_BN (MRP → DCM) and the Earth's rotation by the Earth rotation angle (numpy)."""
    np = pytest.importorskip("numpy")
    doc = json.loads((EXAMPLES / "leo_environment.json").read_text())
    assert doc["environment"]["epoch"] == "2025-06-21T00:00:00 UTC" and doc["environment"]["rotation"] == "earth"
    doc["gravity"]["file"] = str((EXAMPLES / doc["gravity"]["file"]).resolve())
    doc["output"]["t1"] = {"value": 6000, "unit": "s"}
    doc["output"]["log"] = ["sc/hub.r_BN_N", "sc.sigma_BN"]
    scenario = tmp_path / "leo.json"
    scenario.write_text(json.dumps(doc))
    ramus("run", scenario, "--output", tmp_path / "leo.csv", "--czml", tmp_path / "leo.czml", "--quiet")
    csv = read_csv(tmp_path / "leo.csv")
    czml = json.loads((tmp_path / "leo.czml").read_text())
    assert czml[0]["id"] == "document" and czml[0]["version"] == "1.0"
    # The clock: the output interval 0 to 6000 s from the epoch, in UTC.
    assert czml[0]["clock"]["interval"] == "2025-06-21T00:00:00.000Z/2025-06-21T01:40:00.000Z"
    assert [p["id"] for p in czml[1:]] == ["sc"]
    sc = czml[1]
    assert sc["position"]["epoch"] == "2025-06-21T00:00:00.000Z"
    assert sc["position"]["referenceFrame"] == "INERTIAL"
    pos = sc["position"]["cartesian"]
    n = len(csv["t"])
    assert len(pos) == 4 * n
    for i in range(n):
        assert pos[4 * i] == csv["t"][i]
        assert pos[4 * i + 1:4 * i + 4] == [csv["sc/hub.r_BN_N[%d]" % k][i] for k in range(3)]  # bit for bit
    quat = sc["orientation"]["unitQuaternion"]
    assert sc["orientation"]["epoch"] == "2025-06-21T00:00:00.000Z" and len(quat) == 5 * n

    def mrp_dcm(s):  # dcm_BN of σ_BN (Schaub and Junkins)
        s = np.asarray(s)
        x = np.array([[0, -s[2], s[1]], [s[2], 0, -s[0]], [-s[1], s[0], 0]])
        q = s @ s
        return np.eye(3) + (8 * x @ x - 4 * (1 - q) * x) / (1 + q) ** 2

    def quat_matrix(x, y, z, w):  # the rotation v' = q v as a matrix
        return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                         [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                         [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])

    worst = 0.0
    for i in range(0, n, 10):
        t = quat[5 * i]
        assert t == csv["t"][i]
        # The Earth rotation angle (IERS Conventions 2010 (5.15)), UT1 = UTC (the scenario gives no DUT1).
        era = 2 * math.pi * (0.7790572732640 + 1.00273781191135448 * (2460847.5 + t / 86400 - 2451545.0))
        c, s = math.cos(era), math.sin(era)
        dcm_PN = np.array([[c, s, 0], [-s, c, 0], [0, 0, 1]])
        dcm_BN = mrp_dcm([csv["sc.sigma_BN[%d]" % k][i] for k in range(3)])
        expected = dcm_PN @ dcm_BN.T  # v_P = dcm_PN dcm_NB v_B
        got = quat_matrix(*quat[5 * i + 1:5 * i + 5])
        error = math.acos(max(-1.0, min(1.0, (np.trace(got @ expected.T) - 1) / 2)))
        worst = max(worst, error)
    # R3(ERA) leaves out the celestial pole's offset from N's z axis (precession-nutation, X ≈ 2004" T
    # = 0.14 deg at T = 0.255 century, plus nutation < 0.01 deg): within 0.3 deg; a frame mix-up (N
    # instead of the Earth's axes, or the inverse) is off by tens of degrees.
    assert worst < math.radians(0.3), math.degrees(worst)
    # `ramus view` writes the same CZML (the same recorder, a deterministic run).
    ramus("view", scenario, "--out", tmp_path / "leo.html", "--czml", tmp_path / "view.czml", "--quiet")
    assert json.loads((tmp_path / "view.czml").read_text()) == czml


def test_czml_refusals_write_nothing(tmp_path):
    # No epoch (panels_and_wheels.json has none): refused naming --czml and why; nothing written.
    good = tmp_path / "pw.json"
    good.write_text((EXAMPLES / "panels_and_wheels.json").read_text())
    result = ramus("view", good, "--out", tmp_path / "pw.html", "--czml", tmp_path / "pw.czml", check=False)
    assert result.returncode != 0 and "--czml" in result.stderr and "epoch" in result.stderr
    result = ramus("run", good, "--output", tmp_path / "pw.csv", "--czml", tmp_path / "pw.czml", check=False)
    assert result.returncode != 0 and "--czml" in result.stderr and "epoch" in result.stderr
    # --czml onto the scenario or onto another output: refused before anything runs.
    before = good.read_bytes()
    result = ramus("view", good, "--out", tmp_path / "x.html", "--czml", good, check=False)
    assert result.returncode != 0 and "--czml" in result.stderr
    assert good.read_bytes() == before
    result = ramus("run", good, "--output", tmp_path / "same", "--czml", tmp_path / "same", check=False)
    assert result.returncode != 0 and "--czml" in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["pw.json"]
