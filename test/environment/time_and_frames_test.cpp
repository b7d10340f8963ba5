// Epochs and time scales, the central body's rotation and the ephemerides
// (docs/environment/time_and_frames.md, docs/environment/ephemerides.md), each against a reference
// computed another way: published leap seconds and Julian dates, ERFA's full IAU 2006/2000A
// transformation, the Astronomical Almanac's low-precision Sun and Moon, polynomials that cubic
// Hermite interpolation reproduces exactly.
#include <erfa.h>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/epoch.hpp"
#include "ramus/kernel/error.hpp"

namespace tt = boost::test_tools;
using namespace ramus;

namespace {

constexpr double kDeg = M_PI / 180.0;
constexpr double kAu = 149597870700.0;

/// The angle [rad] of the rotation taking frame a to frame b (both DCMs from N): atan2 of
/// 2 sin θ (the skew part) and 2 cos θ (trace − 1), exact down to tiny angles (acos of the trace
/// alone cannot resolve angles below 2e-8 rad).
double angle_between(const Eigen::Matrix3d& a, const Eigen::Matrix3d& b) {
  const Eigen::Matrix3d D = a * b.transpose();
  const Eigen::Vector3d w(D(2, 1) - D(1, 2), D(0, 2) - D(2, 0), D(1, 0) - D(0, 1));
  return std::atan2(w.norm(), D.trace() - 1.0);
}

double angle_between(const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  return std::atan2(a.cross(b).norm(), a.dot(b));
}

/// Equatorial unit vector from ecliptic longitude λ and latitude β [rad] with obliquity ε.
Eigen::Vector3d from_ecliptic(double lambda, double beta, double eps) {
  const Eigen::Vector3d e(std::cos(beta) * std::cos(lambda), std::cos(beta) * std::sin(lambda), std::sin(beta));
  return {e.x(), std::cos(eps) * e.y() - std::sin(eps) * e.z(), std::sin(eps) * e.y() + std::cos(eps) * e.z()};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(epoch)

BOOST_AUTO_TEST_CASE(utc_epochs_carry_the_published_leap_seconds) {
  // 2025-01-01T00:00:00 UTC is JD 2460676.5 (UTC); TAI − UTC = 37 s since 2017-01-01 (IERS
  // Bulletin C), TT − TAI = 32.184 s: TT = JD 2460676.5 + 69.184 s.
  const Epoch e = Epoch::parse("2025-01-01T00:00:00 UTC");
  const JulianDate jd = e.tt(0.0);
  // A two-part date resolves ~1e-11 d (1 µs) in its second part; 2e-11 d allows rounding in both.
  BOOST_TEST(std::abs((jd.jd1 - 2460676.5) + (jd.jd2 - 69.184 / 86400.0)) <= 2e-11);
  BOOST_TEST(e.tt_minus_ut1() == 69.184, tt::tolerance(1e-12));
  // Before the 2016-12-31 leap second: 36 s.
  BOOST_TEST(Epoch::parse("2016-12-31T00:00:00 UTC").tt_minus_ut1() == 68.184, tt::tolerance(1e-12));
  // t seconds later is t/86400 days later.
  const JulianDate later = e.tt(43200.0);
  BOOST_TEST(std::abs((later.jd1 + later.jd2) - (jd.jd1 + jd.jd2) - 0.5) <= 2e-11);
}

BOOST_AUTO_TEST_CASE(tt_epochs_decimal_years_and_text) {
  const Epoch j2000;
  BOOST_TEST(j2000.text() == "2000-01-01T12:00:00.000 TT");
  BOOST_TEST(j2000.decimal_year(0.0) == 2000.0);
  const Epoch e = Epoch::parse("2025-01-01T00:00:00 TT");
  // JD 2460676.5 − 2451545.0 = 9131.5 days of 365.25 d from 2000.0.
  BOOST_TEST(e.decimal_year(0.0) == 2000.0 + 9131.5 / 365.25, tt::tolerance(1e-14));
  BOOST_TEST(e.text() == "2025-01-01T00:00:00.000 TT");
  // UT1 − UTC given: TT − UT1 shrinks by it.
  BOOST_TEST(Epoch::parse("2025-01-01T00:00:00 UTC", 0.25).tt_minus_ut1() == 69.184 - 0.25, tt::tolerance(1e-12));
  // Calendar decimal years (eq. 2a), by hand: 1 January 0 h is the year itself; 2 July 12 h is
  // 182.5 days into 2025's 365 (2025.5) and 3 July 0 h is 183 days into 2024's 366 (2024.5); t
  // carries the date across 1 January. Rounding: ε of 2025 yr, 4.5e-13.
  BOOST_TEST(e.calendar_decimal_year(0.0) == 2025.0);
  BOOST_TEST(Epoch::parse("2025-07-02T12:00:00 TT").calendar_decimal_year(0.0) == 2025.5, tt::tolerance(1e-15));
  BOOST_TEST(Epoch::parse("2024-07-02T00:00:00 TT").calendar_decimal_year(0.0) == 2024.0 + 183.0 / 366.0,
             tt::tolerance(1e-15));
  BOOST_TEST(Epoch::parse("2024-12-31T12:00:00 TT").calendar_decimal_year(86400.0) == 2025.0 + 0.5 / 365.0,
             tt::tolerance(1e-15));
  // The Julian year of the same instant, 9314 days of 365.25 after J2000: 2025.50034, 3 h later.
  BOOST_TEST(Epoch::parse("2025-07-02T12:00:00 TT").decimal_year(0.0) == 2000.0 + 9314.0 / 365.25,
             tt::tolerance(1e-14));
}

BOOST_AUTO_TEST_CASE(bad_dates_are_refused_with_the_field) {
  const auto field_is = [](const char* f) { return [f](const ConfigurationError& e) { return e.field() == f; }; };
  BOOST_CHECK_EXCEPTION(Epoch::parse("2025-13-01T00:00:00 UTC"), ConfigurationError, field_is("date"));
  BOOST_CHECK_EXCEPTION(Epoch::parse("2025-02-30T00:00:00 TT"), ConfigurationError, field_is("date"));
  BOOST_CHECK_EXCEPTION(Epoch::parse("2025-01-01 00:00:00"), ConfigurationError, field_is("date"));
  BOOST_CHECK_EXCEPTION(Epoch::parse("2025-01-01T00:00:00 GPS"), ConfigurationError, field_is("date"));
  BOOST_CHECK_EXCEPTION(Epoch::parse("2025-01-01T00:00:00 UTC", 1.2), ConfigurationError, field_is("dut1 [s]"));
  BOOST_CHECK_EXCEPTION(Epoch::parse("1850-01-01T00:00:00 UTC"), ConfigurationError, field_is("date"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(body_rotation)

BOOST_AUTO_TEST_CASE(uniform_rotation_turns_about_z_at_its_rate) {
  const UniformRotation r({7.2921150e-5, 0.3});
  for (const double t : {0.0, 1000.0, 86164.1}) {
    const Eigen::Matrix3d R = r.dcm_PN(t);
    // A direction fixed in P: N's x axis seen from P turns back by the angle.
    const double angle = 0.3 + 7.2921150e-5 * t;
    BOOST_TEST((R * Eigen::Vector3d::UnitX() - Eigen::Vector3d(std::cos(angle), -std::sin(angle), 0.0)).norm() <=
               1e-15);
    BOOST_TEST((R * R.transpose() - Eigen::Matrix3d::Identity()).norm() <= 1e-15);
  }
  BOOST_TEST((r.omega_PN_N(5.0) - Eigen::Vector3d(0.0, 0.0, 7.2921150e-5)).norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(earth_rotation_matches_erfas_iau2006_2000a) {
  // ERFA's eraC2t06a (IAU 2006/2000A, 1365 nutation terms, polar motion zero) against the
  // 2000B series of EarthRotation: they differ by the truncated terms, about 1 mas (5e-9 rad).
  const Epoch e = Epoch::parse("2025-03-20T09:01:00 UTC", -0.05);
  const EarthRotation earth(e);
  double worst = 0.0;
  for (const double t : {0.0, 3600.0, 86400.0 * 10.3, 86400.0 * 365.0}) {
    const JulianDate tt_ = e.tt(t), ut1 = e.ut1(t);
    double m[3][3];
    eraC2t06a(tt_.jd1, tt_.jd2, ut1.jd1, ut1.jd2, 0.0, 0.0, m);
    Eigen::Matrix3d ref;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) ref(i, j) = m[i][j];
    worst = std::max(worst, angle_between(earth.dcm_PN(t), ref));
  }
  BOOST_TEST_MESSAGE("EarthRotation (2000B) vs eraC2t06a (2000A): " << worst << " rad");
  BOOST_TEST(worst <= 1e-8);  // 2 mas: twice the 2000B nutation's stated accuracy (measured: 0.3 mas)
}

BOOST_AUTO_TEST_CASE(earth_rotation_rate_is_the_derivative_of_its_matrix) {
  // d/dt [PN] = −[ω_P×] [PN] with ω_P = [PN] ω_N: ω from central differences at h = 1 s
  // (truncation h² ω³/6 ≈ 6e-14 rad/s, rounding 1e-16/h).
  const EarthRotation earth(Epoch::parse("2026-06-01T00:00:00 UTC"));
  const double t = 5000.0, h = 1.0;
  const Eigen::Matrix3d R = earth.dcm_PN(t);
  const Eigen::Matrix3d W = -(earth.dcm_PN(t + h) - earth.dcm_PN(t - h)) / (2.0 * h) * R.transpose();
  const Eigen::Vector3d omega_P(W(2, 1), W(0, 2), W(1, 0));
  // The model leaves out the CIP's own motion (precession and nutation, ~1e-11 rad/s).
  BOOST_TEST((R.transpose() * omega_P - earth.omega_PN_N(t)).norm() <= 3e-11);
  BOOST_TEST(earth.omega_PN_N(t).norm() == 7.292115146706979e-5, tt::tolerance(1e-12));
}

// orientation(t) computes [CIRS←GCRS] once for both; it must equal the two calls bit for bit (the
// same arithmetic in the same order), inside and outside an interpolated span, and for the base
// class's default (a uniform rotation).
BOOST_AUTO_TEST_CASE(orientation_is_the_attitude_and_the_rate) {
  const Epoch e = Epoch::parse("2026-06-01T00:00:00 UTC");
  const EarthRotation direct(e), table = EarthRotation::interpolated(e, 0.0, 86400.0);
  const UniformRotation uniform({7.2921150e-5, 0.3});
  for (const BodyRotation* r : std::initializer_list<const BodyRotation*>{&direct, &table, &uniform})
    for (const double t : {0.0, 1234.5, 86400.0, 2.0 * 86400.0}) {
      const BodyOrientation o = r->orientation(t);
      BOOST_TEST((o.dcm_PN.array() == r->dcm_PN(t).array()).all());
      BOOST_TEST((o.omega_PN_N.array() == r->omega_PN_N(t).array()).all());
    }
}

BOOST_AUTO_TEST_CASE(interpolated_earth_rotation_follows_the_series) {
  // The interpolated [CIRS←GCRS] (eq. 8) against the series it was fitted to, at 2000 times over
  // a year that are not nodes (the golden-ratio sequence), and on the window edges; outside the
  // span the series itself. The interpolation error of a degree-10 Chebyshev series of X, Y, s
  // over half a day is far below round-off; what remains is the rounding of eraC2ixys and of the
  // products, a few 1e-16 rad.
  const Epoch e = Epoch::parse("2025-03-20T09:01:00 UTC", -0.05);
  const EarthRotation direct(e);
  const double span = 365.0 * 86400.0;
  const EarthRotation table = EarthRotation::interpolated(e, -3600.0, span);
  BOOST_TEST(table.is_interpolated());
  BOOST_TEST(!direct.is_interpolated());
  BOOST_TEST(table.t_first() == -3600.0);
  BOOST_TEST(table.t_last() >= span);
  double worst = 0.0, worst_rate = 0.0;
  auto check = [&](double t) {
    worst = std::max(worst, angle_between(table.dcm_PN(t), direct.dcm_PN(t)));
    worst_rate = std::max(worst_rate, (table.omega_PN_N(t) - direct.omega_PN_N(t)).norm());
  };
  for (int i = 0; i < 2000; ++i) check(-3600.0 + std::fmod(0.6180339887498949 * i, 1.0) * (span + 3600.0));
  for (int k = 0; k < 6; ++k) check(-3600.0 + k * EarthRotation::kWindow);  // window edges
  check(span);
  BOOST_TEST_MESSAGE("interpolated vs series Earth rotation: " << worst << " rad, rate " << worst_rate << " rad/s");
  // 45 ε: a rotation matrix's rounding through eraC2ixys and R3(ERA) (measured 3.0e-16 rad, the
  // rate 2.2e-20 rad/s); an interpolation error would show at the size of X's terms, 1e-9..1e-3.
  BOOST_TEST(worst <= 1e-14);
  BOOST_TEST(worst_rate <= 1e-18);  // the same relative size on 7.3e-5 rad/s
  // Outside the span: the series, to the bit.
  for (const double t : {-3601.0, table.t_last() + 1.0, 2.0 * span}) {
    BOOST_TEST((table.dcm_PN(t) - direct.dcm_PN(t)).norm() == 0.0);
  }
  // A bad span is refused, naming it.
  BOOST_CHECK_THROW(EarthRotation::interpolated(e, 10.0, 0.0), ConfigurationError);
  BOOST_CHECK_THROW(EarthRotation::interpolated(e, 0.0, std::nan("")), ConfigurationError);
  BOOST_CHECK_THROW(EarthRotation::interpolated(e, 0.0, 2.0 * EarthRotation::kMaxInterpolatedSpan), ConfigurationError);
  // An empty span is one window.
  BOOST_TEST(angle_between(EarthRotation::interpolated(e, 50.0, 50.0).dcm_PN(50.0), direct.dcm_PN(50.0)) <= 1e-14);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(ephemeris)

BOOST_AUTO_TEST_CASE(analytic_sun_agrees_with_the_almanac_low_precision_sun) {
  // The Astronomical Almanac's low-precision Sun (0.01° for 1950–2050; referred to the mean
  // equinox of date and with aberration, 20″): within a year of J2000 the equinox of date is within
  // 50″ of the GCRS's, so 0.05° bounds the difference.
  const Epoch j2000;
  const AnalyticSun sun(j2000);
  for (const double days : {-200.0, -30.5, 0.0, 91.0, 180.2, 300.0}) {
    const double n = days, g = (357.528 + 0.9856003 * n) * kDeg;
    const double lambda = (280.460 + 0.9856474 * n) * kDeg + (1.915 * std::sin(g) + 0.020 * std::sin(2 * g)) * kDeg;
    const double R = (1.00014 - 0.01671 * std::cos(g) - 0.00014 * std::cos(2 * g)) * kAu;
    const Eigen::Vector3d ref = R * from_ecliptic(lambda, 0.0, (23.439 - 4e-7 * n) * kDeg);
    const Eigen::Vector3d r = sun.r_N(days * 86400.0);
    BOOST_TEST(angle_between(r, ref) <= 0.05 * kDeg);
    BOOST_TEST(r.norm() == ref.norm(), tt::tolerance(1e-4));  // the formula's distance: 1e-5 AU scale terms
    // The velocity is the derivative of the position (central differences, 60 s: error ~1e-9).
    const Eigen::Vector3d v_fd = (sun.r_N(days * 86400.0 + 60.0) - sun.r_N(days * 86400.0 - 60.0)) / 120.0;
    BOOST_TEST((sun.v_N(days * 86400.0) - v_fd).norm() <= 1e-6 * v_fd.norm());
  }
}

BOOST_AUTO_TEST_CASE(analytic_moon_agrees_with_the_almanac_low_precision_moon) {
  // The Almanac's low-precision Moon: 0.3° in longitude, 0.2° in latitude, parallax 0.003°
  // (distance ~0.3 %), mean equinox of date: 0.5° and 0.5 % bound the difference.
  const AnalyticMoon moon{Epoch()};
  for (const double days : {-100.0, 0.0, 7.3, 14.8, 250.0}) {
    const double T = days / 36525.0;
    const auto s = [](double deg) { return std::sin(deg * kDeg); };
    const auto c = [](double deg) { return std::cos(deg * kDeg); };
    const double lambda = 218.32 + 481267.881 * T + 6.29 * s(135.0 + 477198.87 * T) - 1.27 * s(259.3 - 413335.36 * T) +
                          0.66 * s(235.7 + 890534.22 * T) + 0.21 * s(269.9 + 954397.74 * T) -
                          0.19 * s(357.5 + 35999.05 * T) - 0.11 * s(186.5 + 966404.03 * T);
    const double beta = 5.13 * s(93.3 + 483202.02 * T) + 0.28 * s(228.2 + 960400.89 * T) -
                        0.28 * s(318.3 + 6003.15 * T) - 0.17 * s(217.6 - 407332.21 * T);
    const double parallax = 0.9508 + 0.0518 * c(135.0 + 477198.87 * T) + 0.0095 * c(259.3 - 413335.36 * T) +
                            0.0078 * c(235.7 + 890534.22 * T) + 0.0028 * c(269.9 + 954397.74 * T);
    const double R = 6378140.0 / std::sin(parallax * kDeg);
    const Eigen::Vector3d ref = R * from_ecliptic(lambda * kDeg, beta * kDeg, (23.439 - 4e-7 * days) * kDeg);
    const Eigen::Vector3d r = moon.r_N(days * 86400.0);
    BOOST_TEST(angle_between(r, ref) <= 0.5 * kDeg);
    BOOST_TEST(r.norm() == ref.norm(), tt::tolerance(5e-3));
  }
}

BOOST_AUTO_TEST_CASE(hermite_table_is_exact_for_cubics_and_fourth_order_on_the_sun) {
  // A cubic trajectory with its exact velocity: the Hermite interpolant is the cubic itself.
  const auto cubic = [](double t) {
    return Eigen::Vector3d(1e7 + 3e3 * t - 2.0 * t * t + 1e-3 * t * t * t, -5e6 + 0.5 * t * t, 2e6 - 1e-4 * t * t * t);
  };
  const auto cubic_v = [](double t) { return Eigen::Vector3d(3e3 - 4.0 * t + 3e-3 * t * t, t, -3e-4 * t * t); };
  std::vector<double> ts;
  std::vector<Eigen::Vector3d> rs, vs;
  for (double t = 0.0; t <= 1000.0; t += 125.0) {
    ts.push_back(t);
    rs.push_back(cubic(t));
    vs.push_back(cubic_v(t));
  }
  const TabulatedEphemeris table("cubic", ts, rs, vs);
  for (const double t : {0.0, 3.7, 511.0, 999.9, 1000.0}) {
    BOOST_TEST((table.r_N(t) - cubic(t)).norm() <= 1e-8 * cubic(t).norm());  // rounding of terms of 1e7 m
    BOOST_TEST((table.v_N(t) - cubic_v(t)).norm() <= 1e-9 * cubic(t).norm());
  }
  // Sampled from the analytic Sun every h and 2h over 20 days: the error ratio is 2⁴.
  const AnalyticSun sun{Epoch()};
  const auto worst = [&](double h) {
    const TabulatedEphemeris s = TabulatedEphemeris::sample(sun, 0.0, 20.0 * 86400.0, h);
    double e = 0.0;
    for (double t = 0.37 * h; t < 20.0 * 86400.0; t += 0.71 * h) e = std::max(e, (s.r_N(t) - sun.r_N(t)).norm());
    return e;
  };
  const double e1 = worst(4.0 * 86400.0), e2 = worst(2.0 * 86400.0);
  BOOST_TEST_MESSAGE("Hermite table of the Sun: max error " << e1 << " m at 4 d, " << e2 << " m at 2 d, order "
                                                            << std::log2(e1 / e2));
  BOOST_TEST(std::log2(e1 / e2) >= 3.5);  // O(h⁴), with the rounding of positions of 1.5e11 m far below
  BOOST_TEST(std::log2(e1 / e2) <= 4.5);
}

BOOST_AUTO_TEST_CASE(table_files_and_errors) {
  const std::string path = "ephemeris_table_test.txt";
  {
    std::ofstream f(path);
    f << "# t x y z vx vy vz\n0 1 2 3 0.1 0.2 0.3\n10 2 4 6 0.1 0.2 0.3  # comment\n\n20 3 6 9 0.1 0.2 0.3\n";
  }
  const TabulatedEphemeris table = TabulatedEphemeris::read(path);
  // A straight line at constant velocity is reproduced exactly.
  BOOST_TEST((table.r_N(15.0) - Eigen::Vector3d(2.5, 5.0, 7.5)).norm() <= 1e-14);
  BOOST_CHECK_THROW(table.r_N(20.5), IntegrationError);
  BOOST_CHECK_THROW(table.r_N(-1e-3), IntegrationError);
  {
    std::ofstream f(path);
    f << "0 1 2 3 0.1 0.2 0.3\n10 2 4 6 0.1 0.2\n";
  }
  BOOST_CHECK_EXCEPTION(TabulatedEphemeris::read(path), ConfigurationError,
                        [](const ConfigurationError& e) { return e.field() == "line 2"; });
  {
    std::ofstream f(path);
    f << "0 1 2 3 0.1 0.2 0.3\n0 2 4 6 0.1 0.2 0.3\n";
  }
  BOOST_CHECK_EXCEPTION(TabulatedEphemeris::read(path), ConfigurationError,
                        [](const ConfigurationError& e) { return e.field() == "row 2 t [s]"; });
  std::remove(path.c_str());
  BOOST_CHECK_EXCEPTION(TabulatedEphemeris::read("no/such/file.txt"), ConfigurationError,
                        [](const ConfigurationError& e) { return e.field() == "file"; });
}

BOOST_AUTO_TEST_SUITE_END()
