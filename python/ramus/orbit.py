"""Classical orbital elements (docs/python.md, "Orbit"; docs/environment/orbital_elements.md).

Elements are (a [m], e [1], i [rad], raan [rad], argp [rad], nu [rad]) about a central body of
gravitational parameter mu [m^3/s^2], relative to N's x-y plane and x axis. a > 0 for an ellipse,
a < 0 for a hyperbola; the parabola (e = 1) is refused. In the singular cases a circular orbit has
argp = 0 and nu the argument of latitude, an equatorial one raan = 0 and argp the longitude of
periapsis. The conversions are the library's (ramus/environment/orbital_elements.hpp), row by row
in C++. Each function takes one orbit or arrays of them and returns the same leading shape.
"""

import numpy

from . import _ramus

__all__ = ["state_from_elements", "elements_from_state", "ELEMENTS"]

#: The order of the elements in every array, with their units.
ELEMENTS = (("a", "m"), ("e", "1"), ("i", "rad"), ("raan", "rad"), ("argp", "rad"), ("nu", "rad"))


def _columns(values, who, names):
    """The arrays in `values` as the columns of one (n, len) array, and the leading shape."""
    arrays = [numpy.asarray(v, dtype=float) for v in values]
    shape = numpy.broadcast_shapes(*(a.shape for a in arrays))
    return numpy.stack([numpy.broadcast_to(a, shape).reshape(-1) for a in arrays], axis=1), shape


def state_from_elements(a, e, i, raan, argp, nu, mu):
    """(r_N [m], v_N [m/s]) of the elements (numbers or arrays of one shape S): arrays of shape
    S + (3,). docs/environment/orbital_elements.md (1)-(3)."""
    rows, shape = _columns((a, e, i, raan, argp, nu), "state_from_elements", "elements")
    out = _ramus._state_from_elements(rows, float(mu))
    return out[:, :3].reshape(shape + (3,)), out[:, 3:].reshape(shape + (3,))


def elements_from_state(r_N, v_N, mu):
    """The osculating elements of positions r_N [m] and velocities v_N [m/s] ((3,) or (n, 3), N
    components): a dict {"a", "e", "i", "raan", "argp", "nu"} of numbers or (n,) arrays.
    docs/environment/orbital_elements.md (4)-(6)."""
    r = numpy.asarray(r_N, dtype=float)
    v = numpy.asarray(v_N, dtype=float)
    if r.shape != v.shape or r.shape[-1:] != (3,) or r.ndim > 2:
        raise _ramus.ConfigurationError(
            f"orbit.elements_from_state: r_N, v_N = arrays of shapes {r.shape}, {v.shape}: must both be (3,) or (n, 3)")
    out = _ramus._elements_from_state(numpy.hstack([r.reshape(-1, 3), v.reshape(-1, 3)]), float(mu))
    return {name: (out[:, k] if r.ndim == 2 else float(out[0, k])) for k, (name, _) in enumerate(ELEMENTS)}
