"""ramus: multibody spacecraft dynamics by back-substitution, from Python (docs/python.md).

A thin layer over the C++ library: models are built from keyword arguments in SI (the same objects
as a scenario file), propagated by the library's driver with the GIL released, and every result
comes back as numpy arrays.
"""

import os
import time

import numpy

from . import _ramus
from ._objects import class_name, dynamic_effector_factory, state_effector_factory, task_factory, to_json
from ._ramus import (ConfigurationError, DynamicEffector, Error, Event, GravityModel, IntegrationError, Model,
                     RegisteredTask, ScenarioError, StateEffector, System, TwoPointEffector, Vehicle, altitude_event,
                     delta_v_event, diagnostics, fields, sde_stepper_names, state_entry_event, stepper_list)

__all__ = ["ConfigurationError", "Error", "IntegrationError", "ScenarioError", "Model", "Vehicle", "System",
           "StateEffector", "DynamicEffector", "TwoPointEffector", "Environment", "State", "Result", "Task",
           "gravity", "propagate", "step_halving", "diagnostics", "fields", "stepper_list", "scenario",
           "Event", "state_entry_event", "delta_v_event", "altitude_event", "linearize", "task", "RegisteredTask",
           "GravityModel", "EnvironmentValues", "eval_gravity", "eval_field", "eval_shadow", "eval_density", "eval_srp", "attitude", "fsw", "orbit"]

# ---- effectors: one constructor per type the scenario files know --------------------------------
for _kind in _ramus.state_effector_types():
    globals()[class_name(_kind)] = state_effector_factory(_kind)
    __all__.append(class_name(_kind))
for _kind in _ramus.dynamic_effector_types():
    globals()[class_name(_kind)] = dynamic_effector_factory(_kind)
    __all__.append(class_name(_kind))
# ---- flight software: one constructor per registered task type (AttitudeControl, MomentumDump) --
for _kind in _ramus.task_types():
    globals()[class_name(_kind)] = task_factory(_kind)
    __all__.append(class_name(_kind))
del _kind


def task(type, name, model, *, t0=0.0, seed=0, **fields):
    """A flight-software task of a registered type (ramus.fields(type) lists its fields) for the
    finalized `model`: task('momentum_dump', 'dump', model, vehicle='sc', period=0.1, ...); t0 [s]
    the runs' start, seed the sensors' noise seed. The same as the type's constructor
    (ramus.MomentumDump, ...)."""
    owner = f"task('{name}')"
    return _ramus._task(to_json({"type": type, "name": name, **fields}, owner), model, float(t0), int(seed), owner)


def gravity(environment=None, base="", **fields):
    """A gravity field: mu [m^3/s^2], J2 [1], equatorial_radius [m], or preset='earth' | 'earth_J2';
    or type='spherical_harmonic_gravity' with its file; third_bodies=['sun', 'moon'] with an
    environment (docs/scenario.md §3, Gravity)."""
    return _ramus._gravity(to_json(fields, "gravity"), environment, str(base))


class Environment(_ramus.Environment):
    """The environment's shared models over the run [t0, t1] [s]: epoch, Earth rotation, Sun and
    Moon, atmosphere, magnetic field (docs/scenario.md §3, Environment); relative data files are read
    from `base`."""

    def __init__(self, t0, t1, base="", **section):
        super().__init__(to_json(section, "Environment"), float(t0), float(t1), str(base))


# ---- building a model -------------------------------------------------------------------------
def _add_vehicle(self, name, *, mass, I_PntBc_B, r_BcB_B=None):
    """Adds a vehicle: its hub's mass [kg], inertia about its centre of mass I_PntBc_B [kg m^2] and
    the offset of that centre from B, r_BcB_B [m]. Returns the Vehicle (it keeps the model alive)."""
    return self._add_vehicle(name, to_json({"mass": mass, "I_PntBc_B": I_PntBc_B, "r_BcB_B": r_BcB_B},
                                           f"Model.add_vehicle('{name}')"))


def _add_constraint(self, name, end1, end2, **fields):
    """Adds a constraint between two attach points, each (vehicle, effector or None, segment):
    r_P1F1_F1, r_P2F2_F2, r_P2P1_F1 [m], alpha [1/s^2], beta [1/s] (docs/models/constraint.md)."""
    def point(end):
        vehicle, effector, segment = (tuple(end) + (None, 0))[:3]
        return (vehicle, effector or "", int(segment))

    owner = f"Constraint('{name}')"
    effector = _ramus._two_point_effector(to_json({"type": "constraint", "name": name, **fields}, owner),
                                          point(end1), point(end2), owner)
    self._add_two_point_effector(effector)
    return effector


def _state(self, x=None):
    """The initial state (or x, copied) as a State: named access x['sc/panel.theta']."""
    values = self.initial_state() if x is None else numpy.array(x, dtype=float)
    return State(values, self)


def _set_initial_state(self, *, point=None, r_N=None, v_N=None, q_BN=None, sigma_BN=None, omega_BN_B=None):
    """The hub's initial state: point 'B' or 'C' whose position r_N [m] and velocity v_N [m/s] are
    given, attitude q_BN (scalar first) or sigma_BN (MRP), omega_BN_B [rad/s]."""
    self._set_initial_state(to_json({"point": point, "r_N": r_N, "v_N": v_N, "q_BN": q_BN, "sigma_BN": sigma_BN,
                                     "omega_BN_B": omega_BN_B}, f"Vehicle('{self.name}').set_initial_state"))


Model.add_vehicle = _add_vehicle
Model.add_constraint = _add_constraint
Model.state = _state
Vehicle.set_initial_state = _set_initial_state


class State(numpy.ndarray):
    """A state vector that knows its model's layout: x['sc/panel.theta'] and
    x['sc/hub.omega_BN_B[2]'] are views of its entries (writable); any numpy operation applies."""

    def __new__(cls, values, model):
        obj = numpy.asarray(values, dtype=float).view(cls)
        obj.model = model
        return obj

    def __array_finalize__(self, obj):
        self.model = getattr(obj, "model", None)

    def __getitem__(self, key):
        if isinstance(key, str):
            offset, size = self.model.state_index(key)
            return numpy.asarray(self)[offset:offset + size]
        return super().__getitem__(key)

    def __setitem__(self, key, value):
        if isinstance(key, str):
            offset, size = self.model.state_index(key)
            numpy.asarray(self)[offset:offset + size] = value
            return
        super().__setitem__(key, value)


# ---- propagating ------------------------------------------------------------------------------
class Result:
    """A run's output: t [s] (n,), the states x (n, state size) with their names state_columns and
    units state_units, the final state x_final, the logged quantities values (n, columns) with
    their columns and units, the run's statistics stats (steps, rejected, evaluations, t, stopped,
    wall_time [s], ...) and its events; result['sc.rotational_energy'] is a column,
    result['sc/hub.omega_BN_B'] the (n, 3) block of a vector quantity. to_dataframe() and
    to_xarray() give the logged quantities as a pandas DataFrame or an xarray Dataset."""

    def __init__(self, raw, model=None):
        self.t = raw["t"] if "t" in raw else raw["values"][:, 0]
        self.x = raw.get("x")
        self.values = raw["values"]
        self.columns = list(raw["columns"])
        self.units = list(raw["units"])
        self.stats = dict(raw.get("stats", {}))
        self.events = raw.get("events", [])
        self.model = model
        self.x_final = raw.get("x_final", None if self.x is None or len(self.x) == 0 else self.x[-1])

    @property
    def state_columns(self):
        """The name of each entry of the state vector, the columns of x ('sc/hub.omega_BN_B[2]';
        a one-entry block by its name, 'sc/panel.theta')."""
        return _state_names(self.model)[0]

    @property
    def state_units(self):
        """The unit of each entry of the state vector."""
        return _state_names(self.model)[1]

    def __getitem__(self, name):
        if name in self.columns:
            return self.values[:, self.columns.index(name)]
        picked = [i for i, c in enumerate(self.columns) if c.startswith(name + "[")]
        if not picked:
            raise KeyError(f"{name!r}: not a logged quantity (columns: {', '.join(self.columns)})")
        return self.values[:, picked[0]:picked[-1] + 1]

    def state(self, k=-1):
        """The state at output k as a State (named access)."""
        return State(self.x[k], self.model)

    def view(self, path, gltf=None):
        """Writes the run's 3-D replay (docs/viewer.md) to `path`: the one self-contained HTML page
        that `ramus view` writes, from this run's states; `gltf`, if given, the replay as glTF 2.0.
        Needs a run of a scenario (Scenario.run): the page draws the scenario's bodies. Each file is
        written whole or not at all (a temporary file renamed into place)."""
        scenario = getattr(self, "_scenario", None)
        if scenario is None or self.x is None:
            raise ConfigurationError(
                "Result.view: this result is not a scenario's run: the replay draws the bodies of a scenario "
                "(ramus.scenario.load(...).run().view(path))")
        page, gltf_text = scenario._loaded._replay(scenario._text, scenario._base, self.t, self.x, gltf is not None)
        written = [(path, page)] + ([(gltf, gltf_text)] if gltf is not None else [])
        temporaries = []
        try:
            for target, data in written:  # every file finished before any is renamed into place
                temporary = f"{os.fspath(target)}.tmp-{os.getpid()}"
                with open(temporary, "wb") as f:
                    f.write(data)
                temporaries.append((temporary, target))
            for temporary, target in temporaries:
                os.replace(temporary, target)
        finally:
            for temporary, _ in temporaries:
                if os.path.exists(temporary):
                    os.remove(temporary)

    def to_dataframe(self):
        """The logged quantities as a pandas DataFrame: index the time t [s] (named 't'), one column
        per logged quantity entry (self.columns), the units in df.attrs['units'] (a dict column ->
        unit, 's' for 't'). Needs pandas (Debian: python3-pandas)."""
        pandas = _optional("pandas", "python3-pandas", "Result.to_dataframe")
        index = pandas.Index(numpy.asarray(self.t, dtype=float), name="t")
        df = pandas.DataFrame(numpy.asarray(self.values), index=index, columns=list(self.columns))
        df.attrs["units"] = {"t": "s", **dict(zip(self.columns, self.units))}
        return df

    def to_xarray(self):
        """The logged quantities as an xarray Dataset: the coordinate t [s], one data variable per
        logged quantity entry (self.columns) along t, each with attrs['units']; the run's
        statistics in the Dataset's attrs. Needs xarray (Debian: python3-xarray)."""
        xarray = _optional("xarray", "python3-xarray", "Result.to_xarray")
        values = numpy.asarray(self.values)
        data = {c: ("t", values[:, k], {"units": u}) for k, (c, u) in enumerate(zip(self.columns, self.units))}
        attrs = {k: (int(v) if isinstance(v, bool) else v) for k, v in self.stats.items()
                 if isinstance(v, (int, float, bool))}
        return xarray.Dataset(data, coords={"t": ("t", numpy.asarray(self.t, dtype=float), {"units": "s"})},
                              attrs=attrs)


def _optional(module, package, who):
    """An optional module imported when first needed, else an ImportError naming the package."""
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{who} needs {module}, which is not installed for this Python: install it "
                          f"(Debian: apt-get install {package}; or pip install {module})") from e


def _state_names(model):
    """(names, units) of each entry of the model's state vector, from its layout."""
    if model is None:
        return [], []
    names, units = [], []
    for name, offset, size, unit in model.layout:
        for k in range(size):
            names.append(name if size == 1 else f"{name}[{k}]")
            units.append(unit)
    return names, units


class Task:
    """A flight-software task written in Python: subclass it, give outputs() (the channels it
    commands, as Model.inputs names them) and update(t, x, commands), which writes one command per
    output into `commands` (a numpy array) from the true state x at the sample time t. Called at
    t0 + offset + k period [s]; delay=1 applies the commands one sample later (docs/python.md)."""

    def __init__(self, name, vehicle, period, offset=0.0, delay=0):
        self.name, self.vehicle = name, vehicle
        self.period, self.offset, self.delay = period, offset, delay

    def outputs(self):
        raise NotImplementedError("a Task gives outputs()")

    def update(self, t, x, commands):
        raise NotImplementedError("a Task gives update(t, x, commands)")


def propagate(system, x0, times, stepper="rk4", dt=None, abs_tol=1e-10, rel_tol=1e-10, max_steps=100_000_000,
              log=None, tasks=(), inputs=(), events=()):
    """Propagates x0 through the output times [s] with a stepper of stepper_list(): fixed step dt
    [s], or adaptive with abs_tol, rel_tol (dt the first trial step). `log` names the quantities
    logged at the output times (default: every state block, total_energy, H_PntN_N); `tasks` are
    ramus.Task objects (written in Python) or registered tasks (ramus.MomentumDump, ...) sampled at
    their times, the registered ones' signals logged as '<task>.<signal>' (by default too); `inputs`
    a schedule of (t [s], channel, value) set between steps at t and held (the System keeps them
    after the run); `events` ramus.Event objects
    located between steps (r.events: (name, t, rising, x) of each occurrence; after a stop the last
    row is the stop's). Returns a Result; x0 is not changed."""
    if dt is None:
        dt = _dt_required(stepper)
    if isinstance(system, Model):
        system = System(system)
    start = time.perf_counter()
    raw = _ramus._propagate(system, x0, times, stepper, dt, abs_tol, rel_tol, max_steps,  # checked by name in C++
                            None if log is None else list(log), list(tasks),
                            [(float(t), str(c), float(v)) for t, c, v in inputs], list(events))
    raw["stats"]["wall_time"] = time.perf_counter() - start
    raw["stats"]["events"] = len(raw["events"])
    return Result(raw, system.model)


def _dt_required(stepper):
    """The ConfigurationError (a ValueError) of a propagate call without dt: the library's driver
    takes no default step, fixed or adaptive (PropagationSettings.dt must be positive)."""
    info = {s["name"]: s for s in stepper_list()}.get(stepper) if isinstance(stepper, str) else None
    if info is None:  # an unknown stepper: refused by the library, listing the steppers, before dt
        return 0.0
    if info["adaptive"]:
        raise ConfigurationError(
            f"propagate: dt [s] = not given: required by the adaptive stepper '{stepper}' as its first trial "
            f"step (the library does not choose one; its error control adapts it from there): pass dt=..., "
            f"for example a tenth of the output interval")
    raise ConfigurationError(
        f"propagate: dt [s] = not given: required by the fixed-step stepper '{stepper}' (its step): pass "
        f"dt=..., for example dt=0.1")


def step_halving(system, x0, t0, t1, dt0, levels, stepper="rk4", error=None):
    """The same run at dt0, dt0/2, …: each level's error — error(x(t1)) against your reference, or,
    without one, the largest difference from the next level — and the observed order between levels.
    Returns a dict of arrays dt, error, order."""
    if isinstance(system, Model):
        system = System(system)
    return _ramus._step_halving(system, x0, t0, t1, stepper, dt0, levels, error)  # checked by name in C++


# ---- stochastic dynamics (docs/models/stochastic_dynamics.md) ---------------------------------
def white_noise(name, channel, sigma):
    """White noise on an actuator channel: its impulse over dt is sigma dW, sigma in [unit s^1/2]
    (N s^1/2 on a force channel, N m s^1/2 on a torque channel)."""
    return ("white", str(name), str(channel), float(sigma), 0.0)


def gauss_markov_noise(name, channel, sigma, tau):
    """First-order Gauss-Markov noise on a channel: steady-state standard deviation sigma [unit],
    time constant tau [s]."""
    return ("gauss_markov", str(name), str(channel), float(sigma), float(tau))


def random_walk_noise(name, channel, sigma):
    """A random walk on a channel: db = sigma dW, sigma in [unit / s^1/2]."""
    return ("random_walk", str(name), str(channel), float(sigma), 0.0)


def propagate_sde(system, noise, dt, steps, runs=1, seed=0, stepper="euler_maruyama", stationary=False):
    """Runs 0 ... runs-1 of the model under the noise processes (white_noise, gauss_markov_noise,
    random_walk_noise), each run `steps` steps of dt from the model's initial state with its own
    Brownian stream (seed, run), with the stochastic stepper named (sde_stepper_names()).
    `stationary`: Gauss-Markov states start from their stationary law, else at 0. Returns a dict:
    x (runs x size: the model's state, then one state per coloured process), model_size,
    noise_state_index (per process, -1 for white)."""
    if isinstance(system, Model):
        system = System(system)
    if isinstance(seed, bool) or not isinstance(seed, (int, numpy.integer)) or seed < 0:
        raise ConfigurationError(f"propagate_sde: seed = {seed!r}: must be a whole number >= 0")
    return _ramus._propagate_sde(system, list(noise), stepper, dt, steps, int(seed), runs, bool(stationary))


def linearize(model, x, t=0.0, u=None, method="automatic", translation="inertial", inputs=()):
    """The linear model dz/dt = A z + B du about (x, t, u) in tangent coordinates
    (docs/analysis/linear_models.md): method 'automatic' | 'finite_differences' | 'analytic',
    translation 'inertial' | 'hill', `inputs` the channels of B (default every actuator). Returns a
    dict: A, B (numpy), state_names, state_units, input_names, input_units, method."""
    return _ramus._linearize(model, x, float(t), u, method, translation, list(inputs))


# ---- the environment at points ----------------------------------------------------------------
class EnvironmentValues:
    """An environment term at points (ramus.eval_*): t [s] and r_N [m] of the points, then the
    term's fields as attributes (values.potential) or items (values['potential']); one row per
    point, or no leading axis when one point was given with shape (3,)."""

    def __init__(self, term, values):
        self.term = term
        self.fields = tuple(values)
        for name, value in values.items():
            setattr(self, name, value)

    def __getitem__(self, name):
        if name not in self.fields:
            raise KeyError(f"{name!r}: not a field of eval_{self.term} (fields: {', '.join(self.fields)})")
        return getattr(self, name)

    def keys(self):
        return self.fields

    def __repr__(self):
        return f"<ramus EnvironmentValues {self.term}: {', '.join(self.fields)}>"


def _eval(term, positions, t, scenario, base, gradient=False, pressure_1au=4.56e-6):
    """The term at the points through _ramus._eval, from a scenario (a path, a JSON string or a
    dict: its environment and gravity sections) or the sections' defaults (None)."""
    text, folder, source = None, "", ""
    if scenario is not None:
        from .scenario import _text
        text, folder = _text(scenario, "scenario")
        if isinstance(scenario, (str, os.PathLike)) and os.path.exists(scenario):
            source = os.fspath(scenario)
    one = numpy.ndim(positions) == 1
    raw = _ramus._eval(term, positions, t, text, str(base or folder), source, bool(gradient), float(pressure_1au))
    points = numpy.array(positions, dtype=float).reshape(-1, 3)
    values = {"t": numpy.broadcast_to(numpy.asarray(t, dtype=float), (len(points),)).copy(), "r_N": points}
    values.update(raw)
    if "gradient_N" in values:
        values["gradient_N"] = values["gradient_N"].reshape(-1, 3, 3)
    if one:  # one point of shape (3,): no leading axis, scalars as floats
        values = {name: value[0] if numpy.ndim(value) > 1 else float(value[0]) for name, value in values.items()}
    return EnvironmentValues(term, values)


def eval_gravity(positions, t=0.0, scenario=None, gradient=False, base=None):
    """The gravity field at points r_N [m] (relative to the central body's centre, N components;
    shape (3,) or (n, 3)) at run time t [s] from the scenario's epoch (one or one per point): the
    scenario's "gravity" section (a path, a JSON string or a dict; without one the Earth's point
    mass, preset 'earth'). Returns EnvironmentValues: potential U [J/kg] (n,), acceleration_N
    [m/s^2] (n, 3) in N components (a = -grad U), and with gradient=True gradient_N [1/s^2]
    (n, 3, 3), da_N/dr_N in N components (symmetric, trace 0 outside the body). Relative data
    files from `base` (default: the scenario file's folder)."""
    return _eval("gravity", positions, t, scenario, base, gradient=gradient)


def eval_field(positions, t=0.0, scenario=None, base=None):
    """The environment's magnetic field ("environment": {"magnetic_field": ...}, dipole or World
    Magnetic Model) at points r_N [m] (N components, (3,) or (n, 3)) at run time t [s]: B_N [T]
    (n, 3) in N components and B_P [T] (n, 3) in the body-fixed frame P (P = N without a
    rotation). A scenario is required (the section has no default)."""
    return _eval("field", positions, t, scenario, base)


def eval_shadow(positions, t=0.0, scenario=None, base=None):
    """The shadow function at points r_N [m] (N components) at run time t [s]: nu [1] (n,), the
    visible fraction of the Sun's disc (1 in sunlight, 0 in the umbra) with the environment's
    shadow model, shape radius and Sun, as the solar radiation pressure model uses it. Needs a
    scenario whose environment has a Sun."""
    return _eval("shadow", positions, t, scenario, base)


def eval_density(positions, t=0.0, scenario=None, base=None):
    """The atmosphere at points r_N [m] (N components) at run time t [s]: altitude [m] (n,) above
    the environment's shape (in P, as the drag model measures it) and density [kg/m^3] (n,) of its
    atmosphere (without a scenario: Vallado's exponential table over a sphere of 6378137 m)."""
    return _eval("density", positions, t, scenario, base)


def eval_srp(positions, t=0.0, scenario=None, pressure_1au=4.56e-6, base=None):
    """What the solar radiation pressure model uses at points r_N [m] (N components) at run time
    t [s]: nu [1] (shadow), distance [m] to the Sun, s_N [1] (n, 3) the unit vector to the Sun in N
    components, pressure [N/m^2] = pressure_1au (1 au/distance)^2 nu, and flux [W/m^2] = pressure
    times c. Needs a scenario whose environment has a Sun."""
    return _eval("srp", positions, t, scenario, base, pressure_1au=pressure_1au)


from . import scenario  # noqa: E402  (after the names it uses)
from . import attitude  # noqa: E402
from . import fsw  # noqa: E402
from . import orbit  # noqa: E402
