"""Stochastic dynamics from Python (docs/models/stochastic_dynamics.md, docs/verification/STOCHASTIC.md):
white torque noise on a rigid hub through ramus.propagate_sde, against the closed form
Var omega_x(T) = sigma^2 T / I^2 (computed without ramus); reproducible runs; refusals by name."""

import math

import numpy
import pytest

import ramus

I_XX = 100.0  # [kg m^2]
CHANNEL = "sc/noise.torque_PntF_F[0]"


def model():
    m = ramus.Model()
    sc = m.add_vehicle("sc", mass=10.0, I_PntBc_B=numpy.diag([I_XX, 200.0, 300.0]))
    sc.add_dynamic_effector(ramus.ExternalForceTorque("noise"))
    m.finalize()
    return m


def test_white_torque_is_a_random_walk_in_rate():
    # sigma = 0.1 N m s^1/2, T = 10 s, 1000 runs: Var omega_x = 1e-5 rad^2/s^2. Euler-Maruyama is
    # exact in law here (constant column, no drift on omega_x), so only the sampling error remains:
    # 3 standard errors of a normal sample's variance, s^2 sqrt(2/(M-1)).
    m = model()
    sigma, dt, steps, runs = 0.1, 0.1, 100, 1000
    out = ramus.propagate_sde(m, [ramus.white_noise("torque", CHANNEL, sigma)], dt, steps, runs=runs, seed=3)
    w = out["x"][:, m.state_index("sc/hub.omega_BN_B")[0]]
    assert out["x"].shape == (runs, out["model_size"])
    var = sigma**2 * dt * steps / I_XX**2
    s2 = numpy.var(w, ddof=1)
    assert abs(s2 - var) <= 3.0 * s2 * math.sqrt(2.0 / (runs - 1))


def test_runs_are_reproducible_and_stepper_names_listed():
    m = model()
    noise = [ramus.gauss_markov_noise("gm", CHANNEL, 0.05, 2.0)]
    assert list(ramus.sde_stepper_names()) == ["euler_maruyama", "milstein", "platen_weak2"]
    for stepper in ramus.sde_stepper_names():
        a = ramus.propagate_sde(m, noise, 0.1, 20, runs=3, seed=9, stepper=stepper, stationary=True)
        b = ramus.propagate_sde(m, noise, 0.1, 20, runs=3, seed=9, stepper=stepper, stationary=True)
        c = ramus.propagate_sde(m, noise, 0.1, 20, runs=3, seed=10, stepper=stepper, stationary=True)
        assert numpy.array_equal(a["x"], b["x"])
        assert not numpy.array_equal(a["x"], c["x"])
        assert a["noise_state_index"] == [a["model_size"]]


def test_refusals_name_the_process_and_the_field():
    m = model()
    with pytest.raises(ramus.ConfigurationError, match="noise process 'w'.*sigma.*-1"):
        ramus.propagate_sde(m, [ramus.white_noise("w", CHANNEL, -1.0)], 0.1, 10)
    with pytest.raises(ramus.ConfigurationError, match="noise process 'gm'.*tau.*0"):
        ramus.propagate_sde(m, [ramus.gauss_markov_noise("gm", CHANNEL, 0.1, 0.0)], 0.1, 10)
    with pytest.raises(ramus.ConfigurationError, match="no noise process"):
        ramus.propagate_sde(m, [], 0.1, 10)
    with pytest.raises(ramus.ConfigurationError, match="'rk4'.*not a stochastic stepper"):
        ramus.propagate_sde(m, [ramus.white_noise("w", CHANNEL, 1.0)], 0.1, 10, stepper="rk4")
    with pytest.raises(ramus.ConfigurationError, match="seed"):
        ramus.propagate_sde(m, [ramus.white_noise("w", CHANNEL, 1.0)], 0.1, 10, seed=-1)
