// Quaternion PD (docs/fsw/quaternion_pd.md): the Lyapunov rate along a closed-loop slew against the
// numerical derivative of V, the small-error response against the closed form of its
// linearization, and the sign choice sgn(δq0).
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "fsw/controller_cases.hpp"
#include "fsw/rigid_body.hpp"
#include "ramus/fsw/attitude_guidance.hpp"
#include "ramus/fsw/quaternion_pd.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;
using ramus::fsw::test::central_difference_tolerance;
using ramus::fsw::test::full_inertia;
using ramus::fsw::test::rigid_body_state;
using ramus::fsw::test::RigidBody;

}  // namespace

BOOST_AUTO_TEST_SUITE(quaternion_pd)

// V = ½ δωᵀ I δω + 2 k_p (1 − |δq0|), V̇ = −δωᵀ K_d δω (eqs. (4)–(5)) along a 160° error tracking a
// moving reference (a cycloidal slew), with the error quaternion from the body's quaternion state.
BOOST_AUTO_TEST_CASE(lyapunov_rate_along_a_large_slew) {
  EigenaxisSlewConfig s;
  s.sigma_AN = Eigen::Vector3d(0.3, 0.1, -0.2);
  s.sigma_DN = Eigen::Vector3d(-0.1, -0.3, 0.2);
  s.t_start = 5.0;
  s.duration = 70.0;
  s.profile = SlewProfile::cycloidal;
  const EigenaxisSlew slew("slew", s);
  QuaternionPdConfig c;
  c.k_p = 1.2;
  c.K_d = Eigen::Vector3d(5.0, 4.5, 4.0).asDiagonal();
  c.I_PntC_B = full_inertia();
  const QuaternionPd law("att", c);
  auto error_of = [&](double t, const Quaternion& q_BN, const Eigen::Vector3d& w) {
    const AttitudeError e = attitude_tracking_error(mrp_from_quat(q_BN), w, slew.reference(t));
    // q_BR = q_RN* ⊗ q_BN from the quaternions, independently of σ_BR; the sign is left as it falls.
    const Quaternion q_BR = quat_multiply(quat_conjugate(quat_from_mrp(slew.reference(t).sigma_RN)), q_BN);
    return std::pair{e, q_BR};
  };
  RigidBody body{c.I_PntC_B, [&](double t, const Quaternion& q, const Eigen::Vector3d& w, const Eigen::VectorXd&,
                                 Eigen::VectorXd&) {
                   const auto [e, q_BR] = error_of(t, q, w);
                   return law.torque(q_BR, e.omega_BR_B, e.omega_RN_B, e.omegaDot_RN_B);
                 }};
  const Quaternion q0 =
      quat_multiply(quat_from_mrp(s.sigma_AN), quat_from_axis_angle(Eigen::Vector3d(-1.0, 0.5, 2.0).normalized(), 2.8));
  const double h = 0.01;
  const auto xs = body.run(rigid_body_state(q0, Eigen::Vector3d(-0.01, 0.02, 0.015)), 0.0, h, 12000);
  std::vector<double> V, Vdot;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const auto [e, q_BR] = error_of(static_cast<double>(k) * h, xs[k].head<4>().normalized(), xs[k].segment<3>(4));
    V.push_back(quaternion_pd_lyapunov(c.k_p, c.I_PntC_B, q_BR, e.omega_BR_B));
    Vdot.push_back(quaternion_pd_lyapunov_rate(c.K_d, e.omega_BR_B));
  }
  // V is smooth where δq0 ≠ 0; V0 < 2 k_p keeps |δq0| > 0 throughout (2 k_p (1 − |δq0|) ≤ V).
  BOOST_TEST(V.front() < 2.0 * c.k_p);
  double rise = 0.0;
  for (std::size_t k = 1; k < V.size(); ++k) rise = std::max(rise, V[k] - V[k - 1]);
  BOOST_TEST(rise <= 1e-13 * V.front());  // monotone to round-off of V (~1e-16 relative, margin 100)
  BOOST_TEST(V.back() < 1e-2 * V.front());
  // Central differences: (h²/6) max|V'''| + 8 ε max V / h, twice (RK4's local error is ~1e-12 V/s).
  const double tol = 2.0 * central_difference_tolerance(V, h);
  double worst = 0.0, scale = 0.0;
  for (std::size_t k = 1; k + 1 < V.size(); ++k) {
    worst = std::max(worst, std::abs((V[k + 1] - V[k - 1]) / (2.0 * h) - Vdot[k]));
    scale = std::max(scale, std::abs(Vdot[k]));
  }
  BOOST_TEST_MESSAGE("max |dV/dt − V̇| = " << worst << " W, tolerance " << tol << " W, max |V̇| = " << scale << " W");
  BOOST_TEST(worst <= tol);
  BOOST_TEST(tol < 1e-4 * scale);
}

// About a principal axis δq_v = sin(θ/2) ê, so I θ̈ + k_d θ̇ + k_p sin(θ/2) = 0; its linearization
// I θ̈ + k_d θ̇ + (k_p/2) θ = 0 has ω_n = √(k_p/2I), ζ = k_d/√(2 k_p I) (eq. (6)). The remainder
// g = −k_p (sin(θ/2) − θ/2) bounds the difference as in test/fsw/mrp_feedback_test.cpp:
// |θ − θ_lin| ≤ max|g| ∫|h_imp| dt with max|g| ≤ k_p (θ0/2 − sin(θ0/2)) since |θ| ≤ θ0 (V falls).
BOOST_AUTO_TEST_CASE(small_error_response_is_the_linear_second_order_system) {
  const Eigen::Vector3d moments(6.0, 8.0, 10.0);
  QuaternionPdConfig c{.k_p = 0.8, .I_PntC_B = moments.asDiagonal()};
  const double zeta = 0.7, Iy = moments.y();
  c.K_d = zeta * std::sqrt(2.0 * c.k_p * Iy) * Eigen::Matrix3d::Identity();
  const QuaternionPd law("att", c);
  RigidBody body{c.I_PntC_B,
                 [&](double, const Quaternion& q, const Eigen::Vector3d& w, const Eigen::VectorXd&, Eigen::VectorXd&) {
                   // R = N: q_BR = q_BN.
                   return law.torque(q, w, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero());
                 }};
  const double theta0 = -0.3, h = 0.01;
  const auto xs = body.run(
      rigid_body_state(quat_from_axis_angle(Eigen::Vector3d::UnitY(), theta0), Eigen::Vector3d::Zero()), 0.0, h, 6000);
  const fsw::test::DampedOscillator linear{theta0, zeta, std::sqrt(c.k_p / (2.0 * Iy))};
  const double l1 = linear.impulse_response_l1(Iy);  // ∫|h_imp| by the trapezoid rule to e^{−40}, 1% margin
  const double a0 = std::abs(theta0);
  const double bound = 1.01 * c.k_p * (a0 / 2.0 - std::sin(a0 / 2.0)) * l1;
  double worst = 0.0;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const Quaternion q = xs[k].head<4>().normalized();
    const double theta = 2.0 * std::atan2(q[2], q[0]);
    worst = std::max(worst, std::abs(theta - linear.theta(static_cast<double>(k) * h)));
  }
  BOOST_TEST_MESSAGE("max |θ − θ_lin| = " << worst << " rad, bound " << bound << " rad");
  BOOST_TEST(worst <= bound);
  BOOST_TEST(bound < 5e-3 * a0);
}

// q and −q are the same attitude and get the same torque; the σ entry point equals the q one.
BOOST_AUTO_TEST_CASE(sign_of_the_scalar_part) {
  QuaternionPdConfig c;
  c.k_p = 1.5;
  c.K_d = Eigen::Vector3d(3.0, 2.0, 1.0).asDiagonal();
  c.I_PntC_B = full_inertia();
  const QuaternionPd law("att", c);
  const Quaternion q = quat_from_axis_angle(Eigen::Vector3d(1.0, -2.0, 0.5).normalized(), 2.5);
  const Eigen::Vector3d dw(0.01, -0.02, 0.005), wr(0.03, 0.0, -0.01), wDotr(1e-3, 2e-3, 0.0);
  const Eigen::Vector3d u = law.torque(q, dw, wr, wDotr);
  BOOST_TEST((law.torque(Quaternion(-q), dw, wr, wDotr) - u).norm() <= 1e-15);
  AttitudeError e;
  e.sigma_BR = mrp_shadow(mrp_from_quat(q));  // the long-way set: q0 < 0 after quat_from_mrp
  e.omega_BR_B = dw;
  e.omega_RN_B = wr;
  e.omegaDot_RN_B = wDotr;
  BOOST_TEST((law.torque(e) - u).norm() <= 1e-14);
  // The attitude term written out: −k_p sgn(q0) q_v pushes back along the short rotation.
  const Eigen::Vector3d w = dw + wr;
  const Eigen::Vector3d expected =
      -c.k_p * q.tail<3>() - c.K_d * dw + c.I_PntC_B * (wDotr - w.cross(wr)) + w.cross(c.I_PntC_B * w);
  BOOST_TEST((u - expected).norm() <= 1e-14);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(quaternion_pd_errors)

BOOST_AUTO_TEST_CASE(each_bad_field_is_named_with_its_unit_and_value) {
  const fsw::test::RejectedChanges<QuaternionPd, QuaternionPdConfig> rejected(
      "pd", {.k_p = 1.0, .K_d = Eigen::Matrix3d::Identity(), .I_PntC_B = Eigen::Vector3d(10.0, 8.0, 6.0).asDiagonal()});
  rejected([](auto& c) { c.k_p = -2.0; }, {"quaternion_pd 'pd'", "k_p [N m]", "-2", "positive"});
  rejected([](auto& c) { c.k_p = std::numeric_limits<double>::infinity(); },
           {"quaternion_pd 'pd'", "k_p [N m]", "inf", "finite"});
  rejected([](auto& c) { c.K_d = -Eigen::Matrix3d::Identity(); },
           {"quaternion_pd 'pd'", "K_d [N m s]", "-1", "positive definite"});
  rejected([](auto& c) { c.I_PntC_B(0, 0) = std::numeric_limits<double>::quiet_NaN(); },
           {"quaternion_pd 'pd'", "I_PntC_B [kg m²]", "nan", "finite"});
}

BOOST_AUTO_TEST_SUITE_END()
