// Attitude guidance (docs/fsw/attitude_guidance.md): the slew profiles against their own numerical
// derivatives and end conditions, every reference's ω_RN against the numerical rate of its DCM
// (Hill frame along a Kepler orbit solved by Kepler's equation, along a constant-acceleration arc,
// the slews), and the tracking error against DCM composition and the numerical rate of dcm_BR.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <vector>

#include "ramus/fsw/attitude_guidance.hpp"
#include "ramus/kernel/random_stream.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;
constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kPi = std::numbers::pi;

// ω_XN in X components from a DCM history: [ω×] = −Ċ Cᵀ with Ċ by central differences at step h.
Eigen::Vector3d rate_from_dcm(const std::function<Eigen::Matrix3d(double)>& dcm_XN, double t, double h) {
  const Eigen::Matrix3d Cdot = (dcm_XN(t + h) - dcm_XN(t - h)) / (2.0 * h);
  const Eigen::Matrix3d W = -Cdot * dcm_XN(t).transpose();
  return Eigen::Vector3d(0.5 * (W(2, 1) - W(1, 2)), 0.5 * (W(0, 2) - W(2, 0)), 0.5 * (W(1, 0) - W(0, 1)));
}

// Richardson estimate of a central difference's truncation error at step h: (4/3)|D_h − D_{h/2}|
// to leading order (the error is c h² + O(h⁴)). The tolerance is three times it plus the round-off
// of the differenced values of size `scale`, 8 ε scale / h (both steps, with margin).
double richardson_tolerance(const Eigen::Vector3d& d_h, const Eigen::Vector3d& d_h2, double h, double scale = 1.0) {
  return 3.0 * (4.0 / 3.0) * (d_h - d_h2).norm() + 8.0 * kEps * scale / h;
}

EigenaxisSlewConfig slew_config(SlewProfile profile) {
  EigenaxisSlewConfig c;
  c.sigma_AN = Eigen::Vector3d(0.2, -0.4, 0.1);
  c.sigma_DN = Eigen::Vector3d(-0.5, 0.3, 0.6);
  c.t_start = 3.0;
  c.duration = 40.0;
  c.profile = profile;
  c.acceleration_limit = 0.01;  // bang_coast_bang: ≥ 4Φ/T² = 0.0063 for this Φ ≈ 2.5 rad
  return c;
}

// Satellite on a Kepler orbit: position and velocity at time t by Kepler's equation (Newton).
struct KeplerOrbit {
  double mu = 3.986004418e14, a = 8.0e6, e = 0.3;
  Eigen::Matrix3d dcm_NP;  // perifocal → inertial
  void at(double t, Eigen::Vector3d& r, Eigen::Vector3d& v) const {
    const double n = std::sqrt(mu / (a * a * a)), M = n * t;
    double E = M;
    for (int k = 0; k < 50; ++k) E -= (E - e * std::sin(E) - M) / (1.0 - e * std::cos(E));
    const double b = a * std::sqrt(1.0 - e * e), rr = a * (1.0 - e * std::cos(E)), EDot = n * a / rr;
    r = dcm_NP * Eigen::Vector3d(a * (std::cos(E) - e), b * std::sin(E), 0.0);
    v = dcm_NP * Eigen::Vector3d(-a * std::sin(E) * EDot, b * std::cos(E) * EDot, 0.0);
  }
};

Eigen::Matrix3d some_rotation() { return dcm_from_mrp(Eigen::Vector3d(0.3, -0.2, 0.5)); }

}  // namespace

BOOST_AUTO_TEST_SUITE(attitude_guidance)

// θ̇ is the derivative of θ and θ̈ of θ̇, by central differences at h = 1e-3 s. Truncation
// (h²/6) max|f'''| from the profiles' closed-form bounds: quintic θ''' ≤ 60Φ/T³, θ'''' ≤ 360Φ/T⁴;
// cycloidal (2π)²Φ/T³, (2π)³Φ/T⁴; bang-coast-bang piecewise quadratic (zero away from the
// switches, which are skipped by 2h). Round-off 4 ε max|f| / h.
BOOST_AUTO_TEST_CASE(slew_rate_and_acceleration_are_the_derivatives) {
  for (const SlewProfile profile : {SlewProfile::quintic, SlewProfile::cycloidal, SlewProfile::bang_coast_bang}) {
    const EigenaxisSlewConfig c = slew_config(profile);
    const EigenaxisSlew slew("slew", c);
    const double Phi = slew.slew_angle(), T = c.duration, h = 1e-3;
    double d3 = 0.0, d4 = 0.0;
    std::vector<double> kinks = {c.t_start, c.t_start + T};
    if (profile == SlewProfile::quintic) {
      d3 = 60.0 * Phi / (T * T * T);
      d4 = 360.0 * Phi / (T * T * T * T);
    } else if (profile == SlewProfile::cycloidal) {
      d3 = 4.0 * kPi * kPi * Phi / (T * T * T);
      d4 = 8.0 * kPi * kPi * kPi * Phi / (T * T * T * T);
    } else {
      kinks.push_back(c.t_start + slew.acceleration_time());
      kinks.push_back(c.t_start + T - slew.acceleration_time());
    }
    const double tol_rate = h * h / 6.0 * d3 + 4.0 * kEps * Phi / h;
    const double tol_accel = h * h / 6.0 * d4 + 4.0 * kEps * slew.peak_rate() / h;
    double worst_rate = 0.0, worst_accel = 0.0;
    int checked = 0;
    for (int k = 0; k <= 2000; ++k) {
      const double t = c.t_start - 1.0 + (T + 2.0) * k / 2000.0;
      bool near_kink = false;
      for (const double tk : kinks) near_kink = near_kink || std::abs(t - tk) < 2.0 * h;
      if (near_kink) continue;
      const SlewAngle a = slew.angle(t), m = slew.angle(t - h), p = slew.angle(t + h);
      worst_rate = std::max(worst_rate, std::abs((p.theta - m.theta) / (2.0 * h) - a.thetaDot));
      worst_accel = std::max(worst_accel, std::abs((p.thetaDot - m.thetaDot) / (2.0 * h) - a.thetaDDot));
      ++checked;
    }
    BOOST_TEST_MESSAGE("profile " << static_cast<int>(profile) << ": rate " << worst_rate << " (tol " << tol_rate
                                  << "), acceleration " << worst_accel << " (tol " << tol_accel << ")");
    BOOST_TEST(checked > 1900);
    BOOST_TEST(worst_rate <= tol_rate);
    BOOST_TEST(worst_accel <= tol_accel);
  }
}

// Starts at A and ends at D at rest; Φ is the kernel's angle between the attitudes; the peaks hold.
BOOST_AUTO_TEST_CASE(slew_starts_at_A_and_ends_at_D_at_rest) {
  for (const SlewProfile profile : {SlewProfile::quintic, SlewProfile::cycloidal, SlewProfile::bang_coast_bang}) {
    const EigenaxisSlewConfig c = slew_config(profile);
    const EigenaxisSlew slew("slew", c);
    const Quaternion q_A = quat_from_mrp(c.sigma_AN), q_D = quat_from_mrp(c.sigma_DN);
    BOOST_TEST(std::abs(slew.slew_angle() - attitude_error_angle(q_A, q_D)) <= 1e-14);
    for (const double t : {c.t_start - 5.0, c.t_start}) {
      const AttitudeReference r = slew.reference(t);
      BOOST_TEST(attitude_error_angle(quat_from_mrp(r.sigma_RN), q_A) <= 1e-14);
      BOOST_TEST(r.omega_RN_N.norm() == 0.0);
      BOOST_TEST(r.omegaDot_RN_N.norm() == 0.0);
    }
    for (const double t : {c.t_start + c.duration, c.t_start + c.duration + 7.0}) {
      const AttitudeReference r = slew.reference(t);
      // 1e-14 rad: a few ε of round-off per quaternion product and MRP conversion, doubled by the
      // angle's 2|vec| near the identity.
      BOOST_TEST(attitude_error_angle(quat_from_mrp(r.sigma_RN), q_D) <= 1e-14);
      BOOST_TEST(r.omega_RN_N.norm() == 0.0);
      BOOST_TEST(r.omegaDot_RN_N.norm() == 0.0);
    }
    // Just before the end: at rest to second order (quintic, cycloidal) or first (bang).
    const SlewAngle near = slew.angle(c.t_start + c.duration - 1e-6);
    BOOST_TEST(std::abs(near.theta - slew.slew_angle()) <= 1e-10);
    double max_rate = 0.0, max_accel = 0.0;
    for (int k = 0; k <= 20000; ++k) {
      const SlewAngle a = slew.angle(c.t_start + c.duration * k / 20000.0);
      max_rate = std::max(max_rate, std::abs(a.thetaDot));
      max_accel = std::max(max_accel, std::abs(a.thetaDDot));
    }
    // The sampled maxima reach the stated peaks to the grid's resolution (relative 1e-6).
    BOOST_TEST(max_rate <= slew.peak_rate() * (1.0 + 1e-12));
    BOOST_TEST(max_rate >= slew.peak_rate() * (1.0 - 1e-6));
    BOOST_TEST(max_accel <= slew.peak_acceleration() * (1.0 + 1e-12));
    BOOST_TEST(max_accel >= slew.peak_acceleration() * (1.0 - 1e-6));
  }
}

// ω_RN_N and ω̇_RN_N of the slew against the numerical rate of dcm_RN (the eigenaxis is fixed, so
// the attitude alone determines the rate).
BOOST_AUTO_TEST_CASE(slew_reference_rate_is_the_rate_of_its_attitude) {
  const EigenaxisSlewConfig c = slew_config(SlewProfile::quintic);
  const EigenaxisSlew slew("slew", c);
  auto dcm = [&](double t) { return dcm_from_mrp(slew.reference(t).sigma_RN); };
  for (const double t : {8.0, 17.3, 23.0, 31.1, 40.0}) {
    const double h = 1e-3;
    const AttitudeReference r = slew.reference(t);
    const Eigen::Vector3d w_R = rate_from_dcm(dcm, t, h), w_R2 = rate_from_dcm(dcm, t, 0.5 * h);
    const Eigen::Vector3d w_code_R = dcm(t) * r.omega_RN_N;
    BOOST_TEST((w_R - w_code_R).norm() <= richardson_tolerance(w_R, w_R2, h));
    BOOST_TEST(w_code_R.norm() > 1e-3);  // the slew is moving here
    const Eigen::Vector3d wDot = (slew.reference(t + h).omega_RN_N - slew.reference(t - h).omega_RN_N) / (2.0 * h);
    const Eigen::Vector3d wDot2 = (slew.reference(t + 0.5 * h).omega_RN_N - slew.reference(t - 0.5 * h).omega_RN_N) / h;
    BOOST_TEST((wDot - r.omegaDot_RN_N).norm() <= richardson_tolerance(wDot, wDot2, h, slew.peak_rate()));
  }
}

// Hill frame: orthonormal, right-handed, ô_r along r and ô_h along r × v; on a circular orbit
// ω_HN = n ô_h exactly and ω̇_HN = 0.
BOOST_AUTO_TEST_CASE(hill_frame_on_a_circular_orbit) {
  const HillPointing hill("nadir");
  const double mu = 3.986004418e14, a = 7.0e6, n = std::sqrt(mu / (a * a * a));
  const Eigen::Matrix3d dcm_NP = some_rotation();
  for (const double t : {0.0, 700.0, 2100.0, 4321.0}) {
    const Eigen::Vector3d r = dcm_NP * (a * Eigen::Vector3d(std::cos(n * t), std::sin(n * t), 0.0));
    const Eigen::Vector3d v = dcm_NP * (a * n * Eigen::Vector3d(-std::sin(n * t), std::cos(n * t), 0.0));
    const Eigen::Matrix3d C = hill.dcm_HN(r, v);
    // Orthonormal and aligned to round-off: ten ε for the normalisations and cross products.
    BOOST_TEST((C * C.transpose() - Eigen::Matrix3d::Identity()).norm() <= 1e-15 * 10);
    BOOST_TEST(std::abs(C.determinant() - 1.0) <= 1e-15 * 10);
    BOOST_TEST((C.row(0).transpose() - r.normalized()).norm() <= 1e-15 * 10);
    BOOST_TEST((C.row(2).transpose() - r.cross(v).normalized()).norm() <= 1e-15 * 10);
    const AttitudeReference ref = hill.reference(r, v);
    const Eigen::Vector3d h_hat = dcm_NP.col(2);
    // ε-level: the closed form n ô_h against h/r² from r and v (relative 1e-14).
    BOOST_TEST((ref.omega_RN_N - n * h_hat).norm() <= 1e-14 * n);
    BOOST_TEST(ref.omegaDot_RN_N.norm() <= 1e-12 * n * n);  // ṙ = r·v/r is round-off here
    BOOST_TEST((dcm_from_mrp(ref.sigma_RN) - C).norm() <= 1e-14);
  }
}

// An eccentric Kepler orbit solved by Kepler's equation: ω_HN and ω̇_HN (both overloads) against
// the numerical rates of dcm_HN and of ω_HN.
BOOST_AUTO_TEST_CASE(hill_rate_along_an_eccentric_kepler_orbit) {
  KeplerOrbit orbit;
  orbit.dcm_NP = some_rotation();
  const HillPointing hill("nadir");
  auto dcm = [&](double t) {
    Eigen::Vector3d r, v;
    orbit.at(t, r, v);
    return hill.dcm_HN(r, v);
  };
  auto omega = [&](double t) {
    Eigen::Vector3d r, v;
    orbit.at(t, r, v);
    return hill.reference(r, v).omega_RN_N;
  };
  // Away from the apsides (t = 0 is periapsis), where ṙ = 0 and ω̇_HN vanishes.
  for (const double t : {300.0, 900.0, 1800.0, 3000.0, 5000.0}) {
    Eigen::Vector3d r, v;
    orbit.at(t, r, v);
    const AttitudeReference kepler = hill.reference(r, v);
    const AttitudeReference general = hill.reference(r, v, -orbit.mu / std::pow(r.norm(), 3) * r);
    const double h = 1.0;  // [s]: the orbit's rates are ~1e-3 /s
    const Eigen::Vector3d w_H = rate_from_dcm(dcm, t, h), w_H2 = rate_from_dcm(dcm, t, 0.5 * h);
    BOOST_TEST((w_H - dcm(t) * kepler.omega_RN_N).norm() <= richardson_tolerance(w_H, w_H2, h));
    const Eigen::Vector3d wDot = (omega(t + h) - omega(t - h)) / (2.0 * h);
    const Eigen::Vector3d wDot2 = (omega(t + 0.5 * h) - omega(t - 0.5 * h)) / h;
    BOOST_TEST((wDot - kepler.omegaDot_RN_N).norm() <= richardson_tolerance(wDot, wDot2, h, kepler.omega_RN_N.norm()));
    BOOST_TEST(kepler.omegaDot_RN_N.norm() > 1e-9);  // non-zero away from the apsides
    // The general overload with the central acceleration is the Keplerian one (to round-off).
    BOOST_TEST((general.omega_RN_N - kepler.omega_RN_N).norm() <= 1e-14 * kepler.omega_RN_N.norm());
    // The general form adds a_θ / r, a_θ the round-off of a·ô_θ (~ε |a|): 1e-13 ω² covers it.
    BOOST_TEST((general.omegaDot_RN_N - kepler.omegaDot_RN_N).norm() <=
               1e-13 * (kepler.omegaDot_RN_N.norm() + kepler.omega_RN_N.squaredNorm()));
  }
}

// A trajectory with a non-central acceleration and no jerk, r(t) = r0 + v0 t + ½ a t²: eqs. (3)–(4)
// are exact for it, out-of-plane rate ω_r = r a_h / h included.
BOOST_AUTO_TEST_CASE(hill_rate_with_a_non_central_acceleration) {
  const HillPointing hill("hill");
  const Eigen::Vector3d r0(7.0e6, 1.0e5, -2.0e5), v0(100.0, 7.5e3, 500.0), acc(3.0, -1.0, 5.0);
  auto at = [&](double t, Eigen::Vector3d& r, Eigen::Vector3d& v) {
    r = r0 + v0 * t + 0.5 * acc * t * t;
    v = v0 + acc * t;
  };
  auto dcm = [&](double t) {
    Eigen::Vector3d r, v;
    at(t, r, v);
    return hill.dcm_HN(r, v);
  };
  auto omega = [&](double t) {
    Eigen::Vector3d r, v;
    at(t, r, v);
    return hill.reference(r, v, acc).omega_RN_N;
  };
  for (const double t : {0.0, 200.0, 500.0}) {
    Eigen::Vector3d r, v;
    at(t, r, v);
    const AttitudeReference ref = hill.reference(r, v, acc);
    const Eigen::Matrix3d C = dcm(t);
    BOOST_TEST(std::abs(C.row(0).dot(ref.omega_RN_N)) > 1e-9);  // the out-of-plane rate is exercised
    const double h = 0.5;
    const Eigen::Vector3d w_H = rate_from_dcm(dcm, t, h), w_H2 = rate_from_dcm(dcm, t, 0.5 * h);
    BOOST_TEST((w_H - C * ref.omega_RN_N).norm() <= richardson_tolerance(w_H, w_H2, h));
    const Eigen::Vector3d wDot = (omega(t + h) - omega(t - h)) / (2.0 * h);
    const Eigen::Vector3d wDot2 = (omega(t + 0.5 * h) - omega(t - 0.5 * h)) / h;
    BOOST_TEST((wDot - ref.omegaDot_RN_N).norm() <= richardson_tolerance(wDot, wDot2, h, ref.omega_RN_N.norm()));
  }
}

// The fixed offset: dcm_RN = dcm_RH dcm_HN, same rates (eq. (5)).
BOOST_AUTO_TEST_CASE(hill_offset) {
  const Eigen::Vector3d sigma_RH(0.0, 0.0, std::tan(kPi / 8.0));  // 90° about ô_h
  const HillPointing hill("hill"), offset("offset", sigma_RH);
  const Eigen::Vector3d r(7.0e6, 2.0e5, 1.0e5), v(-100.0, 7.4e3, 1.0e3);
  const AttitudeReference a = hill.reference(r, v), b = offset.reference(r, v);
  BOOST_TEST((dcm_from_mrp(b.sigma_RN) - dcm_from_mrp(sigma_RH) * dcm_from_mrp(a.sigma_RN)).norm() <= 1e-14);
  // 90° about ô_h: R's first axis is H's second, ô_θ (rows of dcm_RN are R's axes in N).
  BOOST_TEST((dcm_from_mrp(b.sigma_RN).row(0) - hill.dcm_HN(r, v).row(1)).norm() <= 1e-14);
  BOOST_TEST((a.omega_RN_N - b.omega_RN_N).norm() == 0.0);
}

// σ_BR composed with σ_RN reproduces σ_BN (dcm_BN = dcm_BR dcm_RN), |σ_BR| ≤ 1, for random
// attitudes given in either MRP set.
BOOST_AUTO_TEST_CASE(tracking_error_composes_to_the_body_attitude) {
  RandomStream rng(7, 0, 1);
  for (int k = 0; k < 200; ++k) {
    // Braces: the draws are taken in order, whatever the compiler.
    Eigen::Vector3d sBN{rng.normal(), rng.normal(), rng.normal()}, sRN{rng.normal(), rng.normal(), rng.normal()};
    AttitudeReference ref;
    ref.sigma_RN = sRN;  // often |σ| > 1: the shadow set is accepted as given
    const AttitudeError e = attitude_tracking_error(sBN, Eigen::Vector3d::Zero(), ref);
    BOOST_TEST(e.sigma_BR.norm() <= 1.0 + 1e-15);
    // ~1e-14: products of three DCMs of unit size, each a few ε.
    BOOST_TEST((dcm_from_mrp(e.sigma_BR) * dcm_from_mrp(sRN) - dcm_from_mrp(sBN)).norm() <= 1e-14);
  }
}

// ω_BR_B is the rate of dcm_BR in B, and the B-frame derivative of ω_BR_B is
// ω̇_BN − (ω̇_RN_B − ω_BN × ω_RN_B) (docs/fsw/mrp_feedback.md eq. (2), the feed-forward's kinematics):
// the body spins at a constant rate while R slews.
BOOST_AUTO_TEST_CASE(tracking_error_rates_are_the_relative_rates) {
  const EigenaxisSlew slew("slew", slew_config(SlewProfile::cycloidal));
  const Eigen::Vector3d w_B(0.02, -0.03, 0.05);  // constant body rate (torque-free sphere)
  const Quaternion q0 = quat_from_mrp(Eigen::Vector3d(0.1, 0.2, -0.3));
  auto q_BN = [&](double t) { return quat_multiply(q0, quat_from_axis_angle(w_B.normalized(), w_B.norm() * t)); };
  auto error = [&](double t) { return attitude_tracking_error(mrp_from_quat(q_BN(t)), w_B, slew.reference(t)); };
  auto dcm_BR = [&](double t) { return dcm_from_mrp(error(t).sigma_BR); };
  for (const double t : {9.0, 20.0, 33.0}) {
    const double h = 1e-3;
    const AttitudeError e = error(t);
    const Eigen::Vector3d w = rate_from_dcm(dcm_BR, t, h), w2 = rate_from_dcm(dcm_BR, t, 0.5 * h);
    BOOST_TEST((w - e.omega_BR_B).norm() <= richardson_tolerance(w, w2, h));
    const Eigen::Vector3d d = (error(t + h).omega_BR_B - error(t - h).omega_BR_B) / (2.0 * h);
    const Eigen::Vector3d d2 = (error(t + 0.5 * h).omega_BR_B - error(t - 0.5 * h).omega_BR_B) / h;
    const Eigen::Vector3d expected = -(e.omegaDot_RN_B - w_B.cross(e.omega_RN_B));
    BOOST_TEST((d - expected).norm() <= richardson_tolerance(d, d2, h, e.omega_BR_B.norm()));
    BOOST_TEST(expected.norm() > 1e-4);  // the reference accelerates and the body turns: not a trivial zero
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(attitude_guidance_errors)

BOOST_AUTO_TEST_CASE(each_bad_field_is_named_with_its_unit_and_value) {
  using ramus::test::check_rejected;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  check_rejected([&] { InertialPointing("hold", Eigen::Vector3d(nan, 0.0, 0.0)); },
                 {"inertial_pointing 'hold'", "sigma_RN [1]", "nan"});
  check_rejected([&] { HillPointing("nadir", Eigen::Vector3d(0.0, nan, 0.0)); },
                 {"hill_pointing 'nadir'", "sigma_RH [1]", "nan"});
  auto make = [](const EigenaxisSlewConfig& c) { return [c] { EigenaxisSlew("slew", c); }; };
  EigenaxisSlewConfig c = slew_config(SlewProfile::quintic);
  c.duration = 0.0;
  check_rejected(make(c), {"eigenaxis_slew 'slew'", "duration [s]", "= 0", "positive"});
  c = slew_config(SlewProfile::quintic);
  c.t_start = std::numeric_limits<double>::infinity();
  check_rejected(make(c), {"eigenaxis_slew 'slew'", "t_start [s]", "inf", "finite"});
  c = slew_config(SlewProfile::quintic);
  c.sigma_DN.z() = nan;
  check_rejected(make(c), {"eigenaxis_slew 'slew'", "sigma_DN [1]", "nan"});
  c = slew_config(SlewProfile::bang_coast_bang);
  c.acceleration_limit = -0.01;
  check_rejected(make(c), {"eigenaxis_slew 'slew'", "acceleration_limit [rad/s²]", "-0.01", "positive"});
  c.acceleration_limit = 0.001;  // below 4Φ/T²
  check_rejected(make(c), {"eigenaxis_slew 'slew'", "acceleration_limit [rad/s²]", "0.001", "4 Φ / T²"});
}

BOOST_AUTO_TEST_CASE(degenerate_orbit_is_refused) {
  const HillPointing hill("nadir");
  const Eigen::Vector3d r(7.0e6, 0.0, 0.0);
  BOOST_CHECK_EXCEPTION(hill.reference(r, 2.0 * r), ramus::Error,
                        ramus::test::message_has_all({"hill_pointing 'nadir'", "r_BN_N × v_BN_N"}));
}

BOOST_AUTO_TEST_SUITE_END()
