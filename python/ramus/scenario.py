"""Scenario files and campaigns from Python (docs/python.md, docs/scenario.md).

A scenario is a file or the same JSON as a dict; a campaign a scenario and its dispersions, run
on threads, its runs' logged quantities returned as arrays.
"""

import json
import numbers
import os

from . import _ramus
from ._objects import _plain


def _text(document, what):
    """(JSON text, folder of its data files) of a path, a JSON string or a dict."""
    if isinstance(document, dict):
        return json.dumps(_plain(document, what, "")), ""
    if isinstance(document, (str, os.PathLike)) and os.path.exists(document):
        path = os.fspath(document)
        if os.path.isdir(path):
            raise _ramus.ScenarioError(f"{what} file {path}: is a directory, not a JSON file")
        try:
            with open(path, encoding="utf-8") as f:
                return f.read(), os.path.dirname(os.path.abspath(path))
        except (OSError, UnicodeDecodeError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise _ramus.ScenarioError(f"{what} file {path}: cannot be read: {reason}") from None
    if isinstance(document, str) and document.lstrip().startswith("{"):
        return document, ""
    raise _ramus.ConfigurationError(f"{what}: {document!r}: not a file, a JSON object or a dict")


class Scenario:
    """A loaded scenario: its finalized model, output times, stepper and log."""

    def __init__(self, loaded, text="", base=""):
        self._loaded = loaded
        self._text, self._base = text, base  # for Result.view (the environment's Sun and central body)
        self.model = loaded.model
        self.description = loaded.description
        self.output_times = loaded.output_times
        self.log = loaded.log
        self.stepper, self.dt = loaded.stepper, loaded.dt

    def run(self, log=None, progress=None):
        """Runs it as `ramus run` does (inputs, flight software, events); returns a Result with the
        logged quantities (`log`, default the scenario's) at the output times, x the state at each
        of them, x_final the final state, stats the run's statistics (steps, rejected,
        evaluations, t, stopped, events, wall_time) and events the (name, t, rising) of each
        event occurrence. `progress(done, total)`, if given, is called with the run's time done
        and its span [s] at most every 0.05 s of wall time and once at the end (tqdm:
        `lambda done, total: bar.update(done - bar.n)`); what it raises ends the run."""
        from . import Result
        _require_callable(progress, "Scenario.run")
        raw = self._loaded._run(None if log is None else list(log), progress)
        values = raw["values"]  # "t" first in values
        raw.update(t=values[:, 0], values=values[:, 1:], columns=raw["columns"][1:], units=raw["units"][1:])
        result = Result(raw, self.model)
        result.x_final = raw["x_final"]  # the state at the end (or at a stop event)
        result._scenario = self  # Result.view draws this scenario's bodies
        return result


    @property
    def flight_software(self):
        """Each flight-software task as a dict: name, type, vehicle, period [s], offset [s], delay
        [samples], outputs (the channels it writes); an attitude-control task also its law
        ('mrp_feedback': K [N m], P [N m s], K_i, integral_limit [s]; 'quaternion_pd': k_p [N m], K_d
        [N m s]), feed_forward, actuator and the inertia it uses, I_PntC_B [kg m^2] (the vehicle's
        at the start when the file gives none, less the wheels' spin-axis inertias with reaction
        wheels: docs/fsw/attitude_control_task.md §3)."""
        return self._loaded._flight_software

    def describe(self):
        """The text of `ramus describe` for this scenario's model (state layout and actuator
        channels) and its flight software: each task's period, offset, delay, the channels it
        writes, and an attitude-control task's gains and inertia."""
        lines = [self.description, ""] if self.description else []
        lines += ["state layout and actuator channels", self.model.describe().rstrip("\n")]
        tasks = self.flight_software
        if tasks:
            lines += ["", "flight software"]
        for task in tasks:
            lines.append(f"task '{task['name']}' ({task['type']}) on vehicle '{task.get('vehicle', '?')}': period "
                         f"{task.get('period', float('nan')):g} s, offset {task.get('offset', 0.0):g} s, delay "
                         f"{task.get('delay', 0)}; writes {' '.join(task.get('outputs', []))}")
            if "law" not in task:
                continue
            if task["law"] == "mrp_feedback":
                gains = (f"K = {task['K']:g} N m, P = {_matrix(task['P'])} N m s, K_i = {task['K_i']:g}, "
                         f"integral_limit = {task['integral_limit']:g} s")
            else:
                gains = f"k_p = {task['k_p']:g} N m, K_d = {_matrix(task['K_d'])} N m s"
            lines.append(f"  law {task['law']}: {gains}, feed_forward {task['feed_forward']}, actuator "
                         f"{task['actuator']}")
            lines.append(f"  I_PntC_B = {_matrix(task['I_PntC_B'])} kg m^2")
        return "\n".join(lines) + "\n"


def _matrix(m):
    """A 3x3 matrix on one line: diag(a, b, c) when diagonal."""
    import numpy
    m = numpy.asarray(m)
    if numpy.count_nonzero(m - numpy.diag(numpy.diag(m))) == 0:
        return "diag(" + ", ".join(f"{v:.10g}" for v in numpy.diag(m)) + ")"
    return "[" + "; ".join(", ".join(f"{v:.10g}" for v in row) for row in m) + "]"


def load(document, base=None):
    """A scenario from a file path, a JSON string or a dict (relative data files from `base`, the
    file's folder by default)."""
    text, folder = _text(document, "scenario")
    if isinstance(document, (str, os.PathLike)) and os.path.exists(document):
        return Scenario(_ramus._load_scenario(os.fspath(document)), text, str(base or folder))
    return Scenario(_ramus._parse_scenario(text, str(base or folder)), text, str(base or folder))


class Campaign:
    """A nominal scenario and its dispersions (each a path, a JSON string or a dict)."""

    def __init__(self, scenario, dispersions, base=None):
        text, folder = _text(scenario, "scenario")
        dispersions_text, _ = _text(dispersions, "dispersions")
        self._campaign = _ramus._Campaign(text, dispersions_text, str(base or folder))
        self._text, self._base = text, str(base or folder)  # the nominal's: a run's replay draws its bodies
        self.seed = self._campaign.seed
        self.parameters = self._campaign.parameters
        self.summary = self._campaign.summary
        #: What to know before running (docs/scenario.md §6): e.g. a controller whose inertia each
        #: run recomputes from its dispersed vehicle.
        self.notes = self._campaign.notes

    def draw(self, run):
        """The drawn value of each dispersed parameter for run `run`."""
        return self._campaign.draw(run)

    def scenario(self, run):
        """The scenario of run `run`, loaded."""
        return Scenario(self._campaign.scenario(run), self._text, self._base)

    def run(self, runs, threads=1, log=None, progress=None):
        """Runs `runs` (a count or an iterable of run ids) on `threads` threads. Returns a dict:
        runs, draws (runs, parameters), final (runs, columns: each run's last logged row), histories
        (one (n, columns) array per run, None for a failed run), errors (None or the message),
        columns, units. `log` defaults to the campaign's summary quantities. `progress(done,
        total)`, if given, is called with the runs finished and the runs asked for, every 0.05 s of
        wall time and once at the end; what it raises stops the campaign (like Ctrl-C) and reaches
        the caller."""
        _require_callable(progress, "Campaign.run")
        ids = list(range(_count(runs, "runs"))) if isinstance(runs, numbers.Integral) else _run_ids(runs)
        return self._campaign._run(ids, _count(threads, "threads"), None if log is None else list(log), progress)


def _require_callable(progress, who):
    """None or a callable, else a ConfigurationError naming the call."""
    if progress is not None and not callable(progress):
        raise _ramus.ConfigurationError(
            f"{who}: progress = a {type(progress).__name__}: must be a callable progress(done, total) or None")


def _count(value, field):
    """A whole number of at least 1 (a count of runs or threads), else a ConfigurationError naming it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise _ramus.ConfigurationError(f"Campaign.run: {field} = {value!r}: must be a whole number of at least 1")
    return int(value)


def _run_ids(runs):
    """The run ids of an iterable, each a whole number ≥ 0, at least one."""
    try:
        ids = list(runs)
    except TypeError:
        raise _ramus.ConfigurationError(
            f"Campaign.run: runs = a {type(runs).__name__}: must be a count or an iterable of run ids") from None
    for k, r in enumerate(ids):
        if isinstance(r, bool) or not isinstance(r, numbers.Integral) or r < 0:
            raise _ramus.ConfigurationError(f"Campaign.run: runs[{k}] = {r!r}: must be a run id, a whole number >= 0")
    if not ids:
        raise _ramus.ConfigurationError("Campaign.run: runs = []: must name at least one run")
    return [int(r) for r in ids]
