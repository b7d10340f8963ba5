"""Orbital elements in and out (docs/environment/orbital_elements.md): ramus.orbit against Vallado's
published example and the two-body invariants; a scenario whose initial state is given as elements,
propagated about a point-mass Earth, logs elements that stay constant while the true anomaly follows
Kepler's equation solved here, independently of the library."""

import math

import numpy
import pytest

import ramus

MU = 3.986004415e14  # [m^3/s^2] the "earth" preset's mu (docs/environment/central_body_gravity.md)


def test_vallado_example_2_5():
    # Vallado, Fundamentals of Astrodynamics and Applications (4th ed.), example 2-5, worked with
    # rounded intermediates (its a is 1.5e-7 relative from the exact value of its inputs, its i
    # 8.7e-4 deg): tolerances of a few of those.
    el = ramus.orbit.elements_from_state([6524.834e3, 6862.875e3, 6448.296e3], [4.901327e3, 5.533756e3, -1.976341e3],
                                         398600.4418e9)
    deg = math.pi / 180
    assert abs(el["a"] / 36127.343e3 - 1) < 2e-6
    assert abs(el["e"] - 0.832853) < 5e-7
    assert abs(el["i"] / deg - 87.870) < 2e-3
    assert abs(el["raan"] / deg - 227.898) < 2e-3
    assert abs(el["argp"] / deg - 53.38) < 1e-2
    assert abs(el["nu"] / deg - 92.335) < 2e-3


def test_arrays_and_invariants():
    rng = numpy.random.default_rng(3)
    n = 200
    a = rng.uniform(7e6, 4e7, n)
    e = rng.uniform(0.0, 0.9, n)
    nu = rng.uniform(0.0, 2 * math.pi, n)
    r, v = ramus.orbit.state_from_elements(a, e, rng.uniform(0, math.pi, n), rng.uniform(0, 2 * math.pi, n),
                                           rng.uniform(0, 2 * math.pi, n), nu, MU)
    assert r.shape == (n, 3) and v.shape == (n, 3)
    # Vis-viva and |h| = sqrt(mu p), computed here from r and v alone: 1e-14 relative is a few
    # dozen roundings of the two sides.
    rn = numpy.linalg.norm(r, axis=1)
    assert numpy.allclose(0.5 * numpy.sum(v * v, axis=1) - MU / rn, -MU / (2 * a), rtol=1e-14, atol=0)
    assert numpy.allclose(numpy.linalg.norm(numpy.cross(r, v), axis=1), numpy.sqrt(MU * a * (1 - e * e)), rtol=1e-14)
    back = ramus.orbit.elements_from_state(r, v, MU)
    assert back["a"].shape == (n,)
    assert numpy.allclose(back["a"], a, rtol=1e-12)  # a = -mu/(2 xi): xi's cancellation, e <= 0.9
    # One orbit as numbers in, numbers out.
    r1, v1 = ramus.orbit.state_from_elements(7e6, 0.0, 0.0, 0.0, 0.0, 0.0, MU)
    assert r1.shape == (3,) and numpy.allclose(r1, [7e6, 0, 0], rtol=0, atol=1e-9)
    assert isinstance(ramus.orbit.elements_from_state(r1, v1, MU)["e"], float)


def test_refused():
    with pytest.raises(ramus.ConfigurationError, match="e"):
        ramus.orbit.state_from_elements(7e6, 1.0, 0, 0, 0, 0, MU)
    with pytest.raises(ramus.ConfigurationError, match="rectilinear"):
        ramus.orbit.elements_from_state([7e6, 0, 0], [1e3, 0, 0], MU)
    with pytest.raises(ramus.ConfigurationError, match="must both be"):
        ramus.orbit.elements_from_state([7e6, 0, 0], [1e3, 0], MU)


def scenario(orbit, log, t1=5400.0, dt=1.0, gravity=None):
    return {
        "description": "a rigid spacecraft on an orbit given by its elements",
        "gravity": gravity if gravity is not None else {"preset": "earth"},
        "vehicles": [{
            "name": "sc",
            "hub": {"mass": 500, "I_PntBc_B": [[100, 0, 0], [0, 120, 0], [0, 0, 80]]},
            "initial_state": {"point": "C", "orbit": orbit},
        }],
        "propagation": {"stepper": "rk4", "dt": dt},
        "output": {"t0": 0, "t1": t1, "dt": 60, "log": log},
    }


ELEMENTS = ["sc.semi_major_axis", "sc.eccentricity", "sc.inclination", "sc.raan", "sc.arg_periapsis",
            "sc.true_anomaly"]


def test_kepler_orbit_from_elements():
    orbit = {"a": {"value": 7500, "unit": "km"}, "e": 0.12, "i": {"value": 35, "unit": "deg"},
             "raan": {"value": 40, "unit": "deg"}, "argp": {"value": 60, "unit": "deg"}, "nu": 0.3}
    result = ramus.scenario.load(scenario(orbit, ["sc.r_CN_N", "sc.v_CN_N"] + ELEMENTS)).run()
    a, e, i = 7.5e6, 0.12, math.radians(35)
    r0, v0 = ramus.orbit.state_from_elements(a, e, i, math.radians(40), math.radians(60), 0.3, MU)
    assert numpy.array_equal(result["sc.r_CN_N"][0], r0)  # the initial state is the elements' state
    assert numpy.array_equal(result["sc.v_CN_N"][0], v0)
    # The osculating elements of a two-body orbit are constant: rk4 at 1 s on a 6500 s orbit moves
    # them by its local error, O(dt^5 / T^4) per step: 1e-9 relative over the run is 100x above the
    # measured drift and far below a wrong sign or frame (which moves them at first order).
    assert numpy.max(numpy.abs(result["sc.semi_major_axis"] / a - 1)) < 1e-9
    assert numpy.max(numpy.abs(result["sc.eccentricity"] - e)) < 1e-9
    assert numpy.max(numpy.abs(result["sc.inclination"] - i)) < 1e-9
    assert numpy.max(numpy.abs(result["sc.raan"] - math.radians(40))) < 1e-9
    assert numpy.max(numpy.abs(result["sc.arg_periapsis"] - math.radians(60))) < 1e-9
    # The true anomaly against Kepler's equation M = M0 + n t, solved by Newton here.
    n = math.sqrt(MU / a**3)
    E0 = 2 * math.atan(math.sqrt((1 - e) / (1 + e)) * math.tan(0.3 / 2))
    M0 = E0 - e * math.sin(E0)
    worst = 0.0
    for t, nu in zip(result.t, result["sc.true_anomaly"]):
        M = M0 + n * t
        E = M
        for _ in range(30):
            E -= (E - e * math.sin(E) - M) / (1 - e * math.cos(E))
        expected = 2 * math.atan2(math.sqrt(1 + e) * math.sin(E / 2), math.sqrt(1 - e) * math.cos(E / 2))
        worst = max(worst, abs(math.remainder(nu - expected, 2 * math.pi)))
    assert worst < 1e-8  # the along-track error of rk4 at 1 s over 0.83 orbit (phase, not elements)


def test_orbit_field_errors():
    good = {"a": 7e6, "e": 0.0, "i": 0.0}
    with pytest.raises(ramus.ScenarioError, match="orbit.*not both|not both"):
        doc = scenario(good, ["sc.r_CN_N"])
        doc["vehicles"][0]["initial_state"]["r_N"] = [7e6, 0, 0]
        ramus.scenario.load(doc)
    with pytest.raises(ramus.ScenarioError, match="mu"):
        doc = scenario(good, ["sc.r_CN_N"])
        del doc["gravity"]
        ramus.scenario.load(doc)
    with pytest.raises(ramus.ScenarioError, match="initial_state.orbit"):
        ramus.scenario.load(scenario({"a": 7e6, "e": 1.0, "i": 0.0}, ["sc.r_CN_N"]))
    with pytest.raises(ramus.ScenarioError, match="semi_major_axis"):
        doc = scenario({"a": 7e6, "e": 0.0, "i": 0.0, "mu": 3.986e14}, ["sc.semi_major_axis"])
        del doc["gravity"]
        ramus.scenario.load(doc)
