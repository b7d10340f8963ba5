"""The runner's figures (`ramus run --plot`, docs/scenario.md §5) read back from their SVG files:
each heading names the scenario by its file name (not its path) and what the figure draws, each
curve has a legend entry, the curves of one figure are in colours far apart, and the count the
runner prints is the number of figures (PNG and SVG are one figure)."""

import itertools
import json
import os
import pathlib
import re
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("RAMUS_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
EXAMPLE = SOURCE / "docs/examples/panels_and_wheels.json"
CLI = os.environ.get("RAMUS_CLI")

pytestmark = pytest.mark.skipif(not CLI, reason="RAMUS_CLI (the runner) not given")


def plot(tmp_path, log):
    """Runs the example with `log` as its logged quantities (absolute scenario path), --plot."""
    document = json.loads(EXAMPLE.read_text())
    document["output"]["log"] = log
    scenario = tmp_path / "panels.json"
    scenario.write_text(json.dumps(document))
    figures = tmp_path / "plots"
    run = subprocess.run([CLI, "run", str(scenario), "--output", str(tmp_path / "out.csv"), "--plot", str(figures)],
                         capture_output=True, text=True, check=True)
    return figures, run.stderr


def texts(svg):
    return [t.strip() for t in re.findall(r"<text>([^<]*)</text>", svg)]


def curve_colours(svg):
    """The stroke colour of each plotted curve (gnuplot's groups gnuplot_plot_k), in order."""
    colours = []
    for group in re.split(r'<g id="gnuplot_plot_\d+"', svg)[1:]:
        m = re.search(r"stroke='rgb\(\s*(\d+),\s*(\d+),\s*(\d+)\)'", group)
        assert m, "a curve without its own colour"
        colours.append(tuple(int(c) for c in m.groups()))
    return colours


def lab(rgb):
    """CIE L*a*b* (D65) of an sRGB colour (IEC 61966-2-1, then CIE 1976)."""
    linear = [((c / 255 + 0.055) / 1.055) ** 2.4 if c / 255 > 0.04045 else c / 255 / 12.92 for c in rgb]
    r, g, b = linear
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    f = [t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
         for t in (xyz[0] / 0.9505, xyz[1], xyz[2] / 1.089)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def test_headings_legends_and_colours(tmp_path):
    log = ["sc/hub.omega_BN_B", "sc.sigma_BN", "sc/wheels.Omega", "H_PntN_N"]
    figures, stderr = plot(tmp_path, log)
    svgs = sorted(figures.glob("*.svg"))
    # One figure per quantity plus the drift: the count printed is figures, not files.
    assert len(svgs) == len(log) + 1
    assert f"{len(svgs)} figures (PNG and SVG)" in stderr
    assert len(list(figures.glob("*.png"))) == len(svgs)
    for svg_file in svgs:
        svg = svg_file.read_text()
        words = texts(svg)
        headings = [t for t in words if t.startswith("panels.json: ")]
        assert len(headings) == 1, (svg_file.name, words)  # the file name, never the directory
        assert str(tmp_path) not in svg
        colours = curve_colours(svg)
        # No two curves of a figure alike: a CIE 1976 colour difference ΔE of at least 60 between
        # any two of its (at most four) curves. gnuplot's default colours, which the figures used,
        # fail it: its second and third, green and sky blue, are 59.5 apart (the reported defect);
        # the palette's first three are 70 apart, its first four 62.
        for a, b in itertools.combinations(colours, 2):
            assert sum((x - y) ** 2 for x, y in zip(lab(a), lab(b))) ** 0.5 >= 60, (svg_file.name, a, b)
        if svg_file.stem == "drift":
            # Only H_PntN_N is logged: the heading says momentum, not energy, and the one legend
            # entry is the momentum's.
            assert headings[0] == "panels.json: angular momentum drift"
            assert "|H - H0|/|H0| (about N)" in words and not any("E0" in t for t in words)
            assert len(colours) == 1
        else:
            quantity = headings[0].removeprefix("panels.json: ")
            entries = [t for t in words if t.startswith(quantity + "[")]
            assert len(entries) == len(colours) >= 3, (svg_file.name, entries)  # a vector: one entry per component


def test_drift_heading_with_energy_and_momentum(tmp_path):
    figures, _ = plot(tmp_path, ["total_energy", "H_PntN_N"])
    words = texts((figures / "drift.svg").read_text())
    assert "panels.json: energy and angular momentum drift" in words
    assert "(E - E0)/|E0|" in words and "|H - H0|/|H0| (about N)" in words
    (tmp_path / "energy_only").mkdir()
    figures, _ = plot(tmp_path / "energy_only", ["total_energy"])
    words = texts((figures / "drift.svg").read_text())
    assert "panels.json: energy drift" in words and not any("H0" in t for t in words)
