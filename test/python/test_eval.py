"""The environment at points from Python (docs/python.md, "Evaluating the environment"):
ramus.eval_gravity, eval_field, eval_shadow, eval_density and eval_srp, and the methods of
ramus.GravityModel, against independent references only — the closed forms of
docs/environment/central_body_gravity.md (1)–(4), GGM03S's published GM, R and C̄20
(docs/verification/ENV_SPHERICAL_HARMONICS.md), NOAA's WMM2025 test values
(docs/verification/ENV_MAGNETIC.md), Vallado's table and the NRLMSISE-00 listing of data/
(docs/environment/atmosphere.md), the shadow's certain cases and the pressure at 1 au
(docs/environment/shadow.md, srp.md) — and the vectorization (n points in one call are the n
single calls, bit for bit), the gradient's symmetry and vanishing trace, and the refusals."""

import math
import os
import pathlib

import numpy
import pytest

import ramus

DATA = pathlib.Path(os.environ.get("RAMUS_SOURCE_DIR", pathlib.Path(__file__).parents[2])) / "data"
MU = 4e14  # [m^3/s^2] a round μ for the closed forms
EARTH_MU = 3.986004415e14  # [m^3/s^2] the preset "earth" (docs/environment/central_body_gravity.md)
AU = 149597870700.0  # [m] IAU 2012 B2, exact
R_EARTH = 6378137.0  # [m] the environment's default shape (a sphere)

# Closed forms rounded a few times on each side (a quotient, a square root, products), each at
# most ε = 2.2e-16 relative: 1e-14 (45 ε) leaves a factor of ten over the worst seen and stays
# ten orders of magnitude below the J2 and tesseral terms (≥ 1e-6 of the total) that it resolves.
RTOL = 1e-14


def random_points(n, r_min, r_max, seed):
    """n points with |r| uniform in [r_min, r_max] and directions uniform on the sphere [m]."""
    rng = numpy.random.default_rng(seed)
    u = rng.normal(size=(n, 3))
    return u / numpy.linalg.norm(u, axis=1)[:, None] * rng.uniform(r_min, r_max, size=(n, 1))


def j2_closed_form(r, mu, J2, R):
    """U [J/kg] and a [m/s^2] of eqs. (1)–(3), written out here."""
    x, y, z = r.T
    rn = numpy.linalg.norm(r, axis=1)
    s = z**2 / rn**2
    U = -mu / rn + mu * J2 * R**2 * (3 * z**2 - rn**2) / (2 * rn**5)
    k = -1.5 * J2 * mu * R**2 / rn**5
    a = -mu * r / rn[:, None] ** 3 + k[:, None] * numpy.column_stack([x * (1 - 5 * s), y * (1 - 5 * s), z * (3 - 5 * s)])
    return U, a


# ---- gravity --------------------------------------------------------------------------------
def test_point_mass_against_its_closed_form():
    r = random_points(64, 6.4e6, 4.2e7, seed=3)
    v = ramus.eval_gravity(r, t=10.0, scenario={"gravity": {"mu": MU}}, gradient=True)
    rn = numpy.linalg.norm(r, axis=1)
    assert v.potential.shape == (64,) and v.acceleration_N.shape == (64, 3) and v.gradient_N.shape == (64, 3, 3)
    numpy.testing.assert_allclose(v.potential, -MU / rn, rtol=RTOL, atol=0)
    a = -MU * r / rn[:, None] ** 3
    assert numpy.all(numpy.linalg.norm(v.acceleration_N - a, axis=1) <= RTOL * numpy.linalg.norm(a, axis=1))
    # eq. (4): μ (3 r̂ r̂ᵀ − 1)/r³
    rhat = r / rn[:, None]
    G = MU * (3 * rhat[:, :, None] * rhat[:, None, :] - numpy.eye(3)) / rn[:, None, None] ** 3
    err = numpy.linalg.norm(v.gradient_N - G, axis=(1, 2)) / numpy.linalg.norm(G, axis=(1, 2))
    assert err.max() <= RTOL
    numpy.testing.assert_array_equal(v.t, 10.0)
    numpy.testing.assert_array_equal(v.r_N, r)


def test_without_a_scenario_the_earth_point_mass():
    v = ramus.eval_gravity([7e6, 0.0, 0.0])
    assert isinstance(v.potential, float) and v.acceleration_N.shape == (3,)  # one point: no leading axis
    assert v.potential == pytest.approx(-EARTH_MU / 7e6, rel=RTOL, abs=0)
    assert v.acceleration_N[0] == pytest.approx(-EARTH_MU / 7e6**2, rel=RTOL, abs=0)
    assert v.acceleration_N[1] == 0.0 and v.acceleration_N[2] == 0.0
    assert v["potential"] == v.potential and "gradient_N" not in v.fields


def test_j2_against_its_closed_form():
    J2, R = 1.08262668e-3, 6378136.3
    scenario = {"gravity": {"type": "central_body_gravity", "mu": MU, "J2": J2, "equatorial_radius": R}}
    r = random_points(64, 6.5e6, 4.2e7, seed=5)
    v = ramus.eval_gravity(r, scenario=scenario)
    U, a = j2_closed_form(r, MU, J2, R)
    numpy.testing.assert_allclose(v.potential, U, rtol=RTOL, atol=0)
    assert numpy.all(numpy.linalg.norm(v.acceleration_N - a, axis=1) <= RTOL * numpy.linalg.norm(a, axis=1))


def test_spherical_harmonics_degree_2_order_0_is_ggm03s_j2():
    # GGM03S's published R, GM and C̄20 (docs/verification/ENV_SPHERICAL_HARMONICS.md, data/README.md):
    # the zonal (2, 0) alone is J2 = −√5 C̄20 in the closed form (1)–(3), in a field fixed in N (no
    # rotation in the environment). The page's own check of the same reduction passes at 4 ε; RTOL
    # adds the closed form's own roundings.
    R, GM, C20 = 6378136.3, 3.986004415e14, -4.841692638330e-4
    scenario = {"gravity": {"type": "spherical_harmonic_gravity", "file": str(DATA / "GGM03S-deg60.txt"),
                            "degree": 2, "order": 0}}
    r = random_points(32, R, 5 * R, seed=7)
    v = ramus.eval_gravity(r, scenario=scenario)
    U, a = j2_closed_form(r, GM, -math.sqrt(5) * C20, R)
    numpy.testing.assert_allclose(v.potential, U, rtol=RTOL, atol=0)
    assert numpy.all(numpy.linalg.norm(v.acceleration_N - a, axis=1) <= RTOL * numpy.linalg.norm(a, axis=1))


@pytest.mark.parametrize("gravity", [
    {"mu": MU},
    {"preset": "earth_J2"},
    {"type": "spherical_harmonic_gravity", "file": str(DATA / "GGM03S-deg60.txt"), "degree": 20, "order": 20},
])
def test_gradient_is_symmetric_and_traceless_outside_the_body(gravity):
    # Laplace's equation outside the masses: tr G = ∇²(−U) = 0. Every model here has a closed-form
    # gradient (eqs. (4), (5) and the Clenshaw tensor of docs/environment/spherical_harmonic_gravity.md
    # (13)–(18), whose trace the verification page measures at 20 ε): 1e-13 of |G| (450 ε).
    r = random_points(40, 6.6e6, 4.2e7, seed=11)
    v = ramus.eval_gravity(r, scenario={"gravity": gravity}, gradient=True)
    G = v.gradient_N
    size = numpy.linalg.norm(G, axis=(1, 2))
    assert numpy.all(numpy.abs(numpy.trace(G, axis1=1, axis2=2)) <= 1e-13 * size)
    assert numpy.all(numpy.linalg.norm(G - G.transpose(0, 2, 1), axis=(1, 2)) <= 1e-13 * size)


def test_n_points_are_n_single_calls():
    scenario = {"gravity": {"preset": "earth_J2"}}
    r = random_points(12, 6.6e6, 4.2e7, seed=13)
    t = numpy.linspace(0.0, 1e4, 12)
    many = ramus.eval_gravity(r, t=t, scenario=scenario, gradient=True)
    for k in range(12):
        one = ramus.eval_gravity(r[k], t=t[k], scenario=scenario, gradient=True)
        assert one.potential == many.potential[k]  # bit for bit: the same evaluation
        numpy.testing.assert_array_equal(one.acceleration_N, many.acceleration_N[k])
        numpy.testing.assert_array_equal(one.gradient_N, many.gradient_N[k])


def test_gravity_model_methods():
    g = ramus.gravity(mu=MU)
    assert isinstance(g, ramus.GravityModel)
    numpy.testing.assert_allclose(g.acceleration_N([2e7, 0.0, 0.0]), [-1.0, 0.0, 0.0], rtol=0, atol=RTOL)
    assert g.potential([2e7, 0.0, 0.0], 0.0) == pytest.approx(-2e7, rel=RTOL, abs=0)
    numpy.testing.assert_allclose(g.gradient_N([2e7, 0.0, 0.0]), numpy.diag([1e-7, -5e-8, -5e-8]), rtol=0,
                                  atol=RTOL * 1e-7)
    # the same model as eval_gravity's for the same section, bit for bit
    r = numpy.array([3e6, -4e6, 5.5e6])
    v = ramus.eval_gravity(r, scenario={"gravity": {"mu": MU}}, gradient=True)
    numpy.testing.assert_array_equal(g.acceleration_N(r, 0.0), v.acceleration_N)
    numpy.testing.assert_array_equal(g.gradient_N(r, 0.0), v.gradient_N)
    assert g.potential(r) == v.potential


def test_polyhedral_cube_from_python(tmp_path):
    """A cube of side 2 km with μ = 1 m³/s², read from an OBJ file through ramus.gravity and
    eval_gravity: at the centre the closed form U = −Gρa²(3 ln(2 + √3) − π/2) with Gρ = μ/a³
    (docs/environment/polyhedral_gravity.md), far away the point mass to (R/r)⁴, a cube having
    no quadrupole."""
    corners = [(x, y, z) for z in (-1, 1) for y in (-1, 1) for x in (-1, 1)]
    lines = ["v %d %d %d" % c for c in [corners[i] for i in (0, 1, 3, 2, 4, 5, 7, 6)]]
    faces = [(1, 3, 2), (1, 4, 3), (5, 6, 7), (5, 7, 8), (1, 2, 6), (1, 6, 5),
             (2, 3, 7), (2, 7, 6), (3, 4, 8), (3, 8, 7), (4, 1, 5), (4, 5, 8)]
    shape = tmp_path / "cube.obj"
    shape.write_text("\n".join(lines + ["f %d %d %d" % f for f in faces]) + "\n")
    fields = {"type": "polyhedral_gravity", "shape": str(shape), "mu": 1.0,
              "length_unit": {"value": 1, "unit": "km"}}
    g = ramus.gravity(**fields)
    assert g.kind == "polyhedral_gravity"
    a = 2e3  # [m] the side
    centre = -(1.0 / a**3) * a * a * (3.0 * math.log(2.0 + math.sqrt(3.0)) - math.pi / 2.0)
    # the closed form and the facet sum, each rounded over 12 facets and 18 edges: 1e-13
    assert g.potential([0.0, 0.0, 0.0]) == pytest.approx(centre, rel=1e-13, abs=0)
    r = numpy.array([30e3, 40e3, 120e3])  # 130 km: (R/r)^4 with R = √3 km is 3e-8
    point = -r / numpy.linalg.norm(r) ** 3
    v = ramus.eval_gravity(r, scenario={"gravity": fields}, gradient=True)
    numpy.testing.assert_array_equal(v.acceleration_N, g.acceleration_N(r))
    assert numpy.linalg.norm(v.acceleration_N - point) <= 1e-7 * numpy.linalg.norm(point)
    assert abs(numpy.trace(v.gradient_N)) <= 1e-12 * numpy.linalg.norm(v.gradient_N)  # Laplace outside


# ---- magnetic field ---------------------------------------------------------------------------
# NOAA NCEI, WMM2025 test values (docs/verification/ENV_MAGNETIC.md): decimal year, height above the
# WGS84 ellipsoid [km], geodetic latitude and longitude [deg], X, Y, Z [nT].
WMM2025_TEST_VALUES = [
    (2025.0, 0.0, 80.0, 0.0, 6521.6, 145.9, 54791.5), (2025.0, 0.0, 0.0, 120.0, 39677.8, -109.6, -10580.2),
    (2025.0, 0.0, -80.0, 240.0, 6117.5, 15751.9, -52022.5), (2025.0, 100.0, 80.0, 0.0, 6216.0, 92.4, 52598.8),
    (2025.0, 100.0, 0.0, 120.0, 37688.6, -96.2, -10152.1), (2025.0, 100.0, -80.0, 240.0, 5907.6, 14780.3, -49540.7),
    (2027.5, 0.0, 80.0, 0.0, 6500.8, 294.5, 54869.4), (2027.5, 0.0, 0.0, 120.0, 39701.6, -167.4, -10381.8),
    (2027.5, 0.0, -80.0, 240.0, 6200.7, 15730.3, -51783.7), (2027.5, 100.0, 80.0, 0.0, 6196.7, 233.8, 52670.5),
    (2027.5, 100.0, 0.0, 120.0, 37711.5, -148.7, -9969.8), (2027.5, 100.0, -80.0, 240.0, 5984.0, 14760.1, -49317.7),
]


def test_world_magnetic_model_against_noaa_test_values():
    # The epoch 2024-12-31T18:00 TT is 2025.0 in Julian years of TT (docs/environment/magnetic_field.md,
    # "Time"); 2027.5 is 2.5 Julian years later. Without a rotation P = N, so the geodetic point (11)
    # of the magnetic field page is r_N, and (10) takes B_N to north, east, down.
    scenario = {"environment": {"epoch": "2024-12-31T18:00:00 TT",
                                "magnetic_field": {"type": "world_magnetic_model", "file": str(DATA / "WMM2025.COF")}}}
    rows = numpy.array(WMM2025_TEST_VALUES)
    year, h, lat, lon = rows[:, 0], rows[:, 1] * 1e3, numpy.radians(rows[:, 2]), numpy.radians(rows[:, 3])
    f = 1 / 298.257223563
    e2 = f * (2 - f)
    N = 6378137.0 / numpy.sqrt(1 - e2 * numpy.sin(lat) ** 2)
    r = numpy.column_stack([(N + h) * numpy.cos(lat) * numpy.cos(lon), (N + h) * numpy.cos(lat) * numpy.sin(lon),
                            (N * (1 - e2) + h) * numpy.sin(lat)])
    t = (year - 2025.0) * 365.25 * 86400.0
    v = ramus.eval_field(r, t=t, scenario=scenario)
    numpy.testing.assert_array_equal(v.B_P, v.B_N)  # no rotation: P = N
    north = numpy.column_stack([-numpy.sin(lat) * numpy.cos(lon), -numpy.sin(lat) * numpy.sin(lon), numpy.cos(lat)])
    east = numpy.column_stack([-numpy.sin(lon), numpy.cos(lon), numpy.zeros_like(lon)])
    down = -numpy.column_stack([numpy.cos(lat) * numpy.cos(lon), numpy.cos(lat) * numpy.sin(lon), numpy.sin(lat)])
    XYZ = numpy.column_stack([(v.B_N * axis).sum(axis=1) for axis in (north, east, down)]) / 1e-9  # [nT]
    # The table gives 0.1 nT: a correct synthesis is within half of it (the page's tolerance), plus
    # 1e-6 nT for the round-off of the synthesis and of the decimal year (~1e-12 yr at 150 nT/yr).
    assert numpy.abs(XYZ - rows[:, 4:7]).max() <= 0.05 + 1e-6


# ---- shadow and solar radiation pressure -----------------------------------------------------
@pytest.fixture
def sun_scenario(tmp_path):
    """The Sun fixed on N's x axis 1 au + 2e7 m from the Earth (a table file: no epoch needed)."""
    (tmp_path / "sun.txt").write_text("# t x y z vx vy vz\n-1e7 149617870700 0 0 0 0 0\n1e7 149617870700 0 0 0 0 0\n")

    def scenario(shadow):
        path = tmp_path / f"{shadow}.json"
        path.write_text('{"environment": {"sun": {"file": "sun.txt"}, "shadow": "%s"}}' % shadow)
        return str(path)
    return scenario


def overlapping_discs_fraction(r, r_sun, R_body, R_sun):
    """The visible fraction of the Sun's disc behind the body's, written here from the geometry of
    two circles on the sky (apparent radii a, b, separation c; the lens area of their overlap)."""
    s = r_sun - r
    a = math.asin(R_sun / numpy.linalg.norm(s))
    b = math.asin(R_body / numpy.linalg.norm(r))
    c = math.acos(numpy.dot(-r, s) / (numpy.linalg.norm(r) * numpy.linalg.norm(s)))
    if c >= a + b:
        return 1.0
    if c <= b - a:
        return 0.0
    x = (c * c + a * a - b * b) / (2 * c)
    y = math.sqrt(a * a - x * x)
    lens = a * a * math.acos(x / a) + b * b * math.acos((c - x) / b) - c * y
    return 1.0 - lens / (math.pi * a * a)


def test_the_suns_radius_is_configurable_and_moves_the_penumbra(tmp_path):
    """environment.sun_radius (docs/constants.md): the conical shadow's visible fraction in the
    penumbra against the overlapping-discs formula for the default 695 700 km and for 696 000 km."""
    (tmp_path / "sun.txt").write_text("# t x y z vx vy vz\n-1e7 149617870700 0 0 0 0 0\n1e7 149617870700 0 0 0 0 0\n")
    r_sun = numpy.array([149617870700.0, 0.0, 0.0])
    # Behind the Earth at 1.1 R, off the axis by the Earth's radius less a little: in the penumbra.
    r = numpy.array([-1.1 * R_EARTH, 0.9985 * R_EARTH, 0.0])
    fractions = []
    for R_sun in (6.957e8, 6.96e8):
        path = tmp_path / f"s{R_sun}.json"
        path.write_text('{"environment": {"sun": {"file": "sun.txt"}, "shadow": "conical", "sun_radius": %r}}'
                        % R_sun)
        nu = float(ramus.eval_shadow(r, scenario=str(path)).nu)
        expected = overlapping_discs_fraction(r, r_sun, R_EARTH, R_sun)
        assert 0.0 < expected < 1.0  # the point is in the penumbra
        # The same geometry summed two ways: the arcsines and arccosines at 1e-16 of angles of 0.3°
        # and 60°, amplified near the disc edges; 1e-9 of the fraction is far above that.
        assert nu == pytest.approx(expected, abs=1e-9)
        fractions.append(nu)
    assert abs(fractions[0] - fractions[1]) > 1e-5  # the radius matters there (8e-5: 0.04 % of R_sun)


def test_third_body_mu_is_configurable(tmp_path):
    """gravity.mu_sun (docs/constants.md): the Sun's pull as a third body scales with its μ."""
    (tmp_path / "sun.txt").write_text("# t x y z vx vy vz\n-1e7 149617870700 0 0 0 0 0\n1e7 149617870700 0 0 0 0 0\n")
    r = numpy.array([7e6, 1e6, -2e6])

    def third_body(extra):
        path = tmp_path / f"g{len(extra)}.json"
        path.write_text('{"environment": {"sun": {"file": "sun.txt"}}, "gravity": {"mu": 4e14%s}}' % extra)
        return ramus.eval_gravity(r, scenario=str(path)).acceleration_N
    central = third_body("")
    default = third_body(', "third_bodies": ["sun"]') - central
    doubled = third_body(', "third_bodies": ["sun"], "mu_sun": {"value": 2.65424880082e20, "unit": "m^3/s^2"}') - central
    # The tidal term of 5e-7 m/s² is a difference of 8 m/s² values: 1e-15 relative of those.
    numpy.testing.assert_allclose(doubled, 2.0 * default, rtol=0, atol=1e-14)
    with pytest.raises(ramus.Error, match="mu_moon.*third_bodies"):
        third_body(', "third_bodies": ["sun"], "mu_moon": 4.9e12')


@pytest.mark.parametrize("shadow", ["conical", "cylindrical"])
def test_shadow_is_one_in_sunlight_and_zero_deep_in_the_umbra(sun_scenario, shadow):
    # Opposite the Sun at 1.1 R the Earth's disc (apparent radius asin(1/1.1) = 65°) covers the
    # Sun's (0.27°): ν = 0 exactly; beside the Earth or on its day side the discs are apart: ν = 1.
    r = numpy.array([[-1.1 * R_EARTH, 0, 0], [-3 * R_EARTH, 0.2 * R_EARTH, 0], [0, 1.1 * R_EARTH, 0],
                     [1.1 * R_EARTH, 0, 0], [0, 0, -4 * R_EARTH]])
    v = ramus.eval_shadow(r, scenario=sun_scenario(shadow))
    numpy.testing.assert_array_equal(v.nu, [0.0, 0.0, 1.0, 1.0, 1.0])


def test_srp_at_one_astronomical_unit(sun_scenario):
    # At (2e7, 0, 0) the Sun is exactly 1 au away: the pressure is P0 (docs/environment/srp.md (1)),
    # the flux P0 c; RTOL covers the one product.
    v = ramus.eval_srp([2e7, 0.0, 0.0], scenario=sun_scenario("conical"))
    assert v.nu == 1.0 and v.distance == AU
    numpy.testing.assert_array_equal(v.s_N, [1.0, 0.0, 0.0])
    assert v.pressure == pytest.approx(4.56e-6, rel=RTOL, abs=0)
    assert v.flux == pytest.approx(4.56e-6 * 299792458.0, rel=RTOL, abs=0)
    # P0 given, and the inverse square: the point 0.5 au sunward of (2e7, 0, 0) is 0.5 au from the
    # Sun (every coordinate an integer below 2^53: exact), so the pressure is 4 P0.
    w = ramus.eval_srp([[2e7 + 0.5 * AU, 0.0, 0.0]], scenario=sun_scenario("conical"), pressure_1au=4.54e-6)
    assert w.pressure[0] == pytest.approx(4 * 4.54e-6, rel=RTOL, abs=0)


# ---- density --------------------------------------------------------------------------------
def test_density_without_a_scenario_is_vallados_table():
    # Vallado, Table 8-4 (docs/environment/atmosphere.md §3): 3.725e-12 kg/m³ at the 400-km base,
    # scale height 58.515 km; at 425 km the layer's exponential. RTOL: a quotient and an exponential.
    v = ramus.eval_density([[R_EARTH + 400e3, 0, 0], [0, 0, R_EARTH + 425e3]])
    numpy.testing.assert_array_equal(v.altitude, [400e3, 425e3])
    numpy.testing.assert_allclose(v.density, [3.725e-12, 3.725e-12 * math.exp(-25.0 / 58.515)], rtol=RTOL, atol=0)


def test_density_at_the_rows_of_the_nrlmsise_listing():
    # Every row of the ModelWeb listing of data/ from 100 to 499.5 km (height [km], density
    # [g/cm^3], read here from the published file): at a row the log-linear interpolation is the row.
    rows = []
    for line in (DATA / "NRLMSISE00-nominal-profile.txt").read_text().splitlines():
        parts = line.split()
        if len(parts) == 3:
            try:
                rows.append((float(parts[0]), float(parts[1])))
            except ValueError:
                pass
    rows = numpy.array([row for row in rows if row[0] >= 100.0])
    assert len(rows) == 800
    scenario = {"environment": {"atmosphere": {"type": "tabulated",
                                               "file": str(DATA / "NRLMSISE00-nominal-profile.txt")}}}
    r = numpy.column_stack([R_EARTH + rows[:, 0] * 1e3, numpy.zeros(len(rows)), numpy.zeros(len(rows))])
    v = ramus.eval_density(r, scenario=scenario)
    numpy.testing.assert_array_equal(v.altitude, rows[:, 0] * 1e3)  # |r| − R exact for these
    # the g/cm³ → kg/m³ product on either side (~1 ulp each)
    numpy.testing.assert_allclose(v.density, rows[:, 1] * 1e3, rtol=RTOL, atol=0)


def test_every_term_vectorizes_bit_for_bit(sun_scenario):
    r = random_points(8, 6.7e6, 7.5e6, seed=17)
    t = numpy.linspace(0.0, 600.0, 8)
    calls = [(ramus.eval_density, {}), (ramus.eval_shadow, {"scenario": sun_scenario("conical")}),
             (ramus.eval_srp, {"scenario": sun_scenario("conical")}),
             (ramus.eval_field, {"scenario": {"environment": {"rotation": "earth_uniform", "magnetic_field": {
                 "type": "dipole", "m_P": [0, 0, -8e22]}}}})]
    for function, options in calls:
        many = function(r, t=t, **options)
        for k in range(8):
            one = function(r[k], t=t[k], **options)
            for name in many.fields:
                numpy.testing.assert_array_equal(one[name], many[name][k], err_msg=f"{function.__name__}: {name}")


# ---- refusals -------------------------------------------------------------------------------
def test_refusals_name_the_field():
    with pytest.raises(ramus.ScenarioError, match="environment.sun: missing"):
        ramus.eval_shadow([7e6, 0, 0])
    with pytest.raises(ramus.ScenarioError, match="environment.magnetic_field: missing"):
        ramus.eval_field([7e6, 0, 0], scenario={"gravity": {"mu": MU}})
    with pytest.raises(ramus.ScenarioError, match="gravity: missing"):
        ramus.eval_gravity([7e6, 0, 0], scenario={"environment": {}})
    with pytest.raises(ramus.ScenarioError, match="gravity.mu"):
        ramus.eval_gravity([7e6, 0, 0], scenario={"gravity": {"mu": -1.0}})
    with pytest.raises(ramus.ConfigurationError, match="positions.*shape"):
        ramus.eval_gravity([[7e6, 0]])
    with pytest.raises(ramus.ConfigurationError, match=r"positions\[1\].*finite"):
        ramus.eval_gravity([[7e6, 0, 0], [7e6, math.nan, 0]])
    with pytest.raises(ramus.ConfigurationError, match="t.*one per point"):
        ramus.eval_gravity([[7e6, 0, 0], [8e6, 0, 0]], t=[0.0, 1.0, 2.0])
    with pytest.raises(ramus.IntegrationError, match=r"eval_density: positions\[1\].*altitude"):
        ramus.eval_density([[7e6, 0, 0], [6e6, 0, 0]])  # below the atmosphere's floor (0 km)
