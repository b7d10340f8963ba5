"""Keyword arguments to the JSON objects of a scenario file (docs/scenario.md §3).

The C++ builders (ramus/scenario/objects.hpp) read these objects: a model built from Python and
the same scenario file go through the same code. Numbers are SI; a quantity may also be given as
{"value": x, "unit": "deg"} as in a file. Every number is checked finite here, so that the error
names the keyword.
"""

import json
import math
import numbers

import numpy

from . import _ramus


def _plain(value, owner, path):
    """value with numpy arrays and scalars turned into lists and floats, each number finite."""
    if isinstance(value, numpy.ndarray):
        value = value.tolist()
    elif isinstance(value, numpy.generic):
        value = value.item()
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        x = float(value)
        if not math.isfinite(x):
            raise _ramus.ConfigurationError(f"{owner}: {path} = {x}: must be finite")
        return x
    if isinstance(value, dict):
        return {str(k): _plain(v, owner, f"{path}.{k}" if path else str(k)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, owner, f"{path}[{i}]") for i, v in enumerate(value)]
    raise _ramus.ConfigurationError(
        f"{owner}: {path}: a {type(value).__name__} is not a number, an array, a string or a dict")


def to_json(fields, owner):
    """The JSON text of a dict of keyword arguments (None values left out)."""
    return json.dumps({k: _plain(v, owner, k) for k, v in fields.items() if v is not None})


def class_name(kind):
    """hinged_rigid_body -> HingedRigidBody, spinning_body_1dof -> SpinningBody1DOF, vscmg -> VSCMG."""
    special = {"vscmg": "VSCMG", "1dof": "1DOF", "2dof": "2DOF", "ndof": "NDOF", "n": "N"}
    return "".join(special.get(p, p.capitalize()) for p in kind.split("_"))


def field_doc(kind):
    """The fields an object of `kind` reads, one per line with its SI unit."""
    lines = []
    for key, unit in _ramus.fields(kind):
        if key in ("type", "name", "dynamic_effectors", "segment"):
            continue
        lines.append(f"    {key} [{unit}]" if unit else f"    {key}")
    return "\n".join(lines)


def state_effector_factory(kind):
    def make(name, **fields):
        owner = f"{class_name(kind)}('{name}')"
        return _ramus._state_effector(to_json({"type": kind, "name": name, **fields}, owner), owner)

    make.__name__ = make.__qualname__ = class_name(kind)
    make.__doc__ = (f"A {kind} state effector (docs/scenario.md §3, docs/models/): keyword fields in SI,\n"
                    f"or {{'value': x, 'unit': '...'}}:\n{field_doc(kind)}\n"
                    "Nested objects (axes, wheels, panels, rods) are dicts or lists of dicts with the keys\n"
                    "docs/scenario.md gives.")
    return make


def _host_body(host):
    """(mass, r_McF_F, I_PntMc_F) of a Vehicle's hub, or None."""
    if host is None:
        return None
    hub = host.hub
    return (hub["mass"], numpy.asarray(hub["r_BcB_B"]), numpy.asarray(hub["I_PntBc_B"]))


def dynamic_effector_factory(kind):
    def make(name, environment=None, host=None, **fields):
        owner = f"{class_name(kind)}('{name}')"
        return _ramus._dynamic_effector(to_json({"type": kind, "name": name, **fields}, owner), False,
                                        environment, _host_body(host), owner)

    make.__name__ = make.__qualname__ = class_name(kind)
    extra = ""
    if kind in ("drag", "solar_radiation_pressure", "magnetorquer"):
        extra = "\nenvironment: the ramus.Environment whose models it uses (atmosphere, Sun, field)."
    if kind == "gravity_gradient":
        extra = "\nhost: a Vehicle whose hub's mass properties are the defaults of mass, r_McF_F, I_PntMc_F."
    make.__doc__ = (f"A {kind} dynamic effector (docs/scenario.md §3): keyword fields in SI:\n"
                    f"{field_doc(kind)}{extra}")
    return make


def task_factory(kind):
    def make(name, model, *, t0=0.0, seed=0, **fields):
        owner = f"{class_name(kind)}('{name}')"
        return _ramus._task(to_json({"type": kind, "name": name, **fields}, owner), model, float(t0), int(seed), owner)

    make.__name__ = make.__qualname__ = class_name(kind)
    make.__doc__ = (f"A {kind} flight-software task (docs/scenario_fields.md) for the finalized `model`: keyword\n"
                    f"fields in SI, or {{'value': x, 'unit': '...'}}; t0 [s] the runs' start, seed the sensors'\n"
                    f"noise seed:\n{field_doc(kind)}\n"
                    "Give it to propagate(tasks=[...]); each run makes its own task from it.")
    return make
