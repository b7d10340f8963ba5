"""The Python examples (docs/examples/python) run without a display and do what they say: the
step-halving study shows each stepper's order, the slew converges; each writes its figure."""

import importlib.util
import os
import pathlib

import numpy

EXAMPLES = pathlib.Path(os.environ.get("RAMUS_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "docs/examples/python"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_step_halving_example(tmp_path, capsys):
    fig = load("step_halving").main(tmp_path)
    out = capsys.readouterr().out
    assert (tmp_path / "step_halving.png").stat().st_size > 10_000
    # Each stepper's first observed orders are its order within 0.1 (printed by the example).
    lines = out.splitlines()[:3]
    for line, order in zip(lines, [1.0, 2.0, 4.0]):
        first = float(line.split("orders")[1].split(",")[0])
        assert abs(first - order) <= 0.1, line
    # The figure says what the console says: each legend entry holds that stepper's printed orders.
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert len(legend) == 3
    for entry, line in zip(legend, lines):
        assert entry.split()[0] == line.split()[0]
        assert line.split("orders ")[1] in entry, (entry, line)


def test_closed_loop_slew_example(tmp_path):
    errors, fig = load("closed_loop_slew").main(tmp_path)
    assert (tmp_path / "closed_loop_slew.png").stat().st_size > 10_000
    # Every panel that draws more than one curve names them in a legend, one entry per curve.
    for ax in fig.axes:
        if len(ax.get_lines()) > 1:
            assert ax.get_legend() is not None, ax.get_ylabel()
            assert len(ax.get_legend().get_texts()) == len(ax.get_lines()), ax.get_ylabel()
    # From 30 deg to within 0.05 deg in 600 s (0.0037 deg measured): the loop acted and settled.
    assert errors[0] > 29.9 and errors[-1] < 0.05 and numpy.all(numpy.isfinite(errors))
