// Orbital elements (docs/environment/orbital_elements.md): Vallado's published example, round trips
// in both directions over ellipses and hyperbolas and in the singular cases (6), the invariants of
// the two-body orbit that (2) must hold whatever the orientation (energy, angular momentum, radial
// velocity), the central body's μ of each gravity field, and the refused inputs.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <numbers>
#include <random>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/orbital_elements.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "ramus/kernel/error.hpp"

using namespace ramus;

namespace {

constexpr double kMuEarth = 3.986004418e14;  // [m³/s²] Vallado's μ (398600.4418 km³/s²)
constexpr double kDeg = std::numbers::pi / 180.0;

/// The smallest difference of two angles modulo 2π.
double angle_difference(double a, double b) { return std::abs(std::remainder(a - b, 2.0 * std::numbers::pi)); }

/// Random elements: ellipses (e in [0, 0.95)) and hyperbolas (e in (1.05, 3)), every inclination.
OrbitalElements random_elements(std::mt19937_64& rng, bool hyperbola) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  OrbitalElements el;
  el.e = hyperbola ? 1.05 + 1.95 * u(rng) : 0.95 * u(rng);
  el.a = hyperbola ? -(7e6 + 4e7 * u(rng)) : 7e6 + 4e7 * u(rng);
  el.i = std::numbers::pi * u(rng);
  el.raan = 2.0 * std::numbers::pi * u(rng);
  el.argp = 2.0 * std::numbers::pi * u(rng);
  if (hyperbola) {
    const double nu_max = std::acos(-1.0 / el.e);  // the asymptote
    el.nu = std::fmod((2.0 * u(rng) - 1.0) * 0.95 * nu_max + 2.0 * std::numbers::pi, 2.0 * std::numbers::pi);
  } else {
    el.nu = 2.0 * std::numbers::pi * u(rng);
  }
  return el;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(orbital_elements)

// Vallado, Fundamentals of Astrodynamics and Applications (4th ed.), example 2-5 (RV2COE). The book
// works the example with rounded intermediate values: its p and a differ from the exact values of
// its own inputs by 7e-7 and 1.5e-7 relative, its i by 8.7e-4 deg. The tolerances are a few of
// those: 2e-6 relative on lengths, 5e-7 on e, 2e-3 deg on angles — far below what a wrong formula
// or frame gives (the angles then move by degrees).
BOOST_AUTO_TEST_CASE(vallado_example_2_5) {
  const Eigen::Vector3d r_N = Eigen::Vector3d(6524.834, 6862.875, 6448.296) * 1e3;
  const Eigen::Vector3d v_N = Eigen::Vector3d(4.901327, 5.533756, -1.976341) * 1e3;
  const OrbitalElements el = elements_from_state(r_N, v_N, kMuEarth);
  const double p = el.a * (1.0 - el.e * el.e);
  BOOST_TEST(std::abs(p / 1e3 / 11067.790 - 1.0) < 2e-6);
  BOOST_TEST(std::abs(el.a / 1e3 / 36127.343 - 1.0) < 2e-6);
  BOOST_TEST(std::abs(el.e - 0.832853) < 5e-7);
  BOOST_TEST(std::abs(el.i / kDeg - 87.870) < 2e-3);
  BOOST_TEST(std::abs(el.raan / kDeg - 227.898) < 2e-3);
  BOOST_TEST(std::abs(el.argp / kDeg - 53.38) < 1e-2);  // printed to 0.01 deg
  BOOST_TEST(std::abs(el.nu / kDeg - 92.335) < 2e-3);
}

// state → elements → state returns r and v, and elements → state → elements the elements, to
// round-off: the bound is 64 ε of the magnitudes (a few dozen operations, each with a relative
// error ε, and the atan2 angles conditioned by e and sin i, kept away from 0 here).
BOOST_AUTO_TEST_CASE(round_trips) {
  std::mt19937_64 rng(20261208);
  const double eps = std::numeric_limits<double>::epsilon();
  double worst_state = 0.0, worst_angle = 0.0, worst_shape = 0.0;
  for (int k = 0; k < 2000; ++k) {
    OrbitalElements el = random_elements(rng, k % 4 == 3);
    el.e = std::max(el.e, 1e-3);                             // a periapsis well defined
    el.i = std::clamp(el.i, 1e-3, std::numbers::pi - 1e-3);  // a node well defined
    const OrbitState s = state_from_elements(el, kMuEarth);
    const OrbitalElements back = elements_from_state(s.r_N, s.v_N, kMuEarth);
    worst_shape = std::max({worst_shape, std::abs(back.a - el.a) / std::abs(el.a), std::abs(back.e - el.e)});
    // The angles' conditioning: 1/e for ω and ν, 1/sin i for Ω and ω.
    const double scale = 1.0 / std::min(el.e, std::sin(el.i));
    worst_angle =
        std::max({worst_angle, angle_difference(back.i, el.i) / scale, angle_difference(back.raan, el.raan) / scale,
                  angle_difference(back.argp, el.argp) / scale, angle_difference(back.nu, el.nu) / scale});
    const OrbitState again = state_from_elements(back, kMuEarth);
    worst_state =
        std::max({worst_state, (again.r_N - s.r_N).norm() / s.r_N.norm(), (again.v_N - s.v_N).norm() / s.v_N.norm()});
  }
  BOOST_TEST_MESSAGE("round trips: state " << worst_state << ", a and e " << worst_shape << ", angles × min(e, sin i) "
                                           << worst_angle);
  // a = −μ/(2ξ) of a hyperbola near e = 1 loses the digits of ξ's cancellation (|ξ| ≪ v²): up to
  // (v²/2)/|ξ| ≈ e/(e − 1) < 21 for e ≥ 1.05, times the 64 ε.
  BOOST_TEST(worst_shape < 21 * 64 * eps);
  BOOST_TEST(worst_angle < 64 * eps * 21);
  BOOST_TEST(worst_state < 64 * eps * 21);
}

// The singular orbits (6): the conventions read back, so the round trip holds there too.
BOOST_AUTO_TEST_CASE(singular_orbits) {
  const double eps = std::numeric_limits<double>::epsilon();
  struct Case {
    const char* name;
    double e, i;
  };
  for (const Case c :
       {Case{"circular inclined", 0.0, 0.7}, Case{"elliptic prograde equatorial", 0.3, 0.0},
        Case{"elliptic retrograde equatorial", 0.3, std::numbers::pi}, Case{"circular equatorial", 0.0, 0.0},
        Case{"circular retrograde equatorial", 0.0, std::numbers::pi}}) {
    OrbitalElements el{8e6, c.e, c.i, 1.1, 2.2, 0.4};
    const OrbitState s = state_from_elements(el, kMuEarth);
    const OrbitalElements back = elements_from_state(s.r_N, s.v_N, kMuEarth);
    const OrbitState again = state_from_elements(back, kMuEarth);
    BOOST_TEST_INFO(c.name);
    // 16 ε: the state passes through one rotation and its inverse.
    BOOST_TEST((again.r_N - s.r_N).norm() < 16 * eps * s.r_N.norm());
    BOOST_TEST((again.v_N - s.v_N).norm() < 16 * eps * s.v_N.norm());
    const bool circular = c.e == 0.0, equatorial = std::sin(c.i) < 1e-11;
    if (circular) BOOST_TEST(back.argp == 0.0);
    if (equatorial) BOOST_TEST(back.raan == 0.0);
    // What stays defined: the angle from N's x axis to r about ĥ, Ω + ω + ν for a prograde
    // equatorial orbit; for a circular inclined one, the argument of latitude ω + ν.
    if (circular && !equatorial) BOOST_TEST(angle_difference(back.nu, el.argp + el.nu) < 16 * eps);
    if (equatorial && c.i == 0.0)
      BOOST_TEST(angle_difference(back.raan + back.argp + back.nu, el.raan + el.argp + el.nu) < 16 * eps);
  }
}

// The invariants of the two-body orbit, independent of the orientation (3): specific energy
// −μ/(2a) (vis-viva), |h| = √(μ p), and the radial velocity r·v/|r| = √(μ/p) e sin ν. 32 ε: each
// side is a handful of products of round-off-accurate quantities.
BOOST_AUTO_TEST_CASE(two_body_invariants) {
  std::mt19937_64 rng(7);
  const double eps = std::numeric_limits<double>::epsilon();
  for (int k = 0; k < 500; ++k) {
    const OrbitalElements el = random_elements(rng, k % 2 == 1);
    const OrbitState s = state_from_elements(el, kMuEarth);
    const double r = s.r_N.norm(), p = el.a * (1.0 - el.e * el.e);
    const double xi = 0.5 * s.v_N.squaredNorm() - kMuEarth / r;
    BOOST_TEST(std::abs(xi + kMuEarth / (2.0 * el.a)) < 32 * eps * (0.5 * s.v_N.squaredNorm() + kMuEarth / r));
    BOOST_TEST(std::abs(s.r_N.cross(s.v_N).norm() - std::sqrt(kMuEarth * p)) < 32 * eps * std::sqrt(kMuEarth * p));
    BOOST_TEST(std::abs(s.r_N.dot(s.v_N) / r - std::sqrt(kMuEarth / p) * el.e * std::sin(el.nu)) <
               32 * eps * s.v_N.norm());
    BOOST_TEST(std::abs(r - p / (1.0 + el.e * std::cos(el.nu))) < 32 * eps * r);
  }
}

// μ of each field: the point mass, a sum with a third body (the central body's μ), a sum of two
// central bodies (none), a third body alone (none).
BOOST_AUTO_TEST_CASE(central_body_mu_of_fields) {
  auto earth = std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth());
  BOOST_TEST(central_body_mu(*earth).value() == earth->mu());
  const Eigen::Vector3d s(1.5e11, 0, 0);
  auto sun = std::make_shared<ThirdBodyGravity>(
      ThirdBodyGravityConfig{"sun", ThirdBodyGravity::kMuSun,
                             std::make_shared<TabulatedEphemeris>(
                                 "fixed", std::vector<double>{-1e9, 1e9}, std::vector<Eigen::Vector3d>{s, s},
                                 std::vector<Eigen::Vector3d>{Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()})});
  BOOST_TEST(!central_body_mu(*sun).has_value());
  BOOST_TEST(central_body_mu(GravitySum({earth, sun})).value() == earth->mu());
  auto moon_like = std::make_shared<CentralBodyGravity>(CentralBodyGravityConfig{
      4.9e12 * units::si::meter * units::si::meter * units::si::meter / (units::si::second * units::si::second)});
  BOOST_TEST(!central_body_mu(GravitySum({earth, moon_like})).has_value());  // two central bodies
}

BOOST_AUTO_TEST_CASE(refused_inputs) {
  const OrbitalElements good{8e6, 0.1, 0.5, 1.0, 2.0, 3.0};
  const auto refused = [](const OrbitalElements& el, double mu, const std::string& field) {
    try {
      state_from_elements(el, mu);
    } catch (const ConfigurationError& e) {
      BOOST_TEST(e.field() == field);
      BOOST_TEST(e.owner() == "orbital elements");
      return;
    }
    BOOST_ERROR("accepted: " << field);
  };
  refused(good, 0.0, "mu [m^3/s^2]");
  refused(good, std::nan(""), "mu [m^3/s^2]");
  OrbitalElements el = good;
  el.e = -0.1;
  refused(el, kMuEarth, "e");
  el = good, el.e = 1.0;
  refused(el, kMuEarth, "e");
  el = good, el.a = -8e6;
  refused(el, kMuEarth, "a [m]");
  el = good, el.e = 1.5;  // a > 0 with a hyperbola
  refused(el, kMuEarth, "a [m]");
  el = good, el.i = 3.5;
  refused(el, kMuEarth, "i [rad]");
  el = good, el.argp = std::numeric_limits<double>::infinity();
  refused(el, kMuEarth, "argp [rad]");
  el = OrbitalElements{-8e6, 2.0, 0.5, 1.0, 2.0, 2.2};  // cos ν < −1/e: beyond the asymptote
  refused(el, kMuEarth, "nu [rad]");
  BOOST_CHECK_THROW(elements_from_state(Eigen::Vector3d(7e6, 0, 0), Eigen::Vector3d(1e3, 0, 0), kMuEarth),
                    ConfigurationError);  // rectilinear
  BOOST_CHECK_THROW(elements_from_state(Eigen::Vector3d(7e6, 0, 0), Eigen::Vector3d(0, 7e3, 0), -1.0),
                    ConfigurationError);
}

BOOST_AUTO_TEST_SUITE_END()
