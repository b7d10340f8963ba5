// Suite odeint_compatibility (CTest label: unit): ramus::System runs unchanged under Boost.Odeint's
// own integrate functions — integrate_const (rk4), integrate_adaptive with make_controlled and with
// make_dense_output (dopri5), integrate_times — checked against the ROT-02 closed form, and a long
// rotation (> 100 revolutions) with plain integrate_const and rk4 (docs/verification/ROT_02.md).
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <complex>
#include <vector>

#include "ramus/steppers/odeint_steppers.hpp"
#include "verification_support.hpp"

namespace tt = boost::test_tools;
namespace ode = boost::numeric::odeint;
namespace os = ramus::odeint_steppers;
using namespace ramus;
using namespace ramus::verification;

namespace {

std::shared_ptr<Model> rot_02_model() { return make_model(rot_02_case()); }
struct Rot02Error {
  double angle;   ///< [rad] attitude error angle
  double domega;  ///< [rad/s] |Δω|
  double max() const { return std::max(angle, domega); }
};
Rot02Error rot_02_error(const Model& model, const Eigen::VectorXd& x, double t) {
  const auto ref = rot_02_reference();
  const HubState s = hub_state(model, x);
  return {attitude_error_angle(ref.q_BN(t), s.q_BN), (s.omega_BN_B - ref.omega_B(t)).norm()};
}

constexpr double kT = 10.0;
// Adaptive runs use tol = 1e-10 (abs and rel). ADAPTIVE_TOLERANCE.md bounds dopri5's global error on
// ROT-02 by 10 · tol · scale, scale = 1 + max|x_i| = 2 (measured there: 4.5 tol).
constexpr double kTol = 1e-10;
constexpr double kAdaptiveBound = 10.0 * kTol * 2.0;

/// ROT-02 by integrate_adaptive with `stepper` from a first step of 0.01 s: the run ends at kT and
/// within the adaptive bound; `what` names the run in the log.
template <class Stepper>
void check_rot_02_adaptive(Stepper stepper, const char* what) {
  const auto model = rot_02_model();
  const System system(model);
  Eigen::VectorXd x = model->initial_state();
  double t_last = -1.0;
  const std::size_t steps =
      ode::integrate_adaptive(stepper, system, x, 0.0, kT, 0.01, [&](const Eigen::VectorXd&, double t) { t_last = t; });
  BOOST_TEST(t_last == kT, tt::tolerance(1e-14));
  const Rot02Error e = rot_02_error(*model, x, kT);
  BOOST_TEST_MESSAGE(what << ": " << steps << " steps, angle " << e.angle << " rad, |d omega| " << e.domega);
  BOOST_TEST(e.max() <= kAdaptiveBound);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(odeint_compatibility)

BOOST_AUTO_TEST_CASE(ROT_02_integrate_const_rk4) {
  const auto model = rot_02_model();
  const System system(model);
  Eigen::VectorXd x = model->initial_state();
  std::size_t observed = 0;
  double t_last = -1.0;
  const std::size_t steps =
      ode::integrate_const(os::rk4(), system, x, 0.0, kT, 0.1, [&](const Eigen::VectorXd&, double t) {
        ++observed;
        t_last = t;
      });
  BOOST_TEST(steps == 100u);
  BOOST_TEST(observed == 101u);
  BOOST_TEST(t_last == kT, tt::tolerance(1e-14));
  const Rot02Error e = rot_02_error(*model, x, kT);
  BOOST_TEST_MESSAGE("integrate_const rk4: angle " << e.angle << " rad, |d omega| " << e.domega);
  // ROT-02's RK4 tolerance at dt = 0.1 (docs/verification/README.md): 1e-5.
  BOOST_TEST(e.max() <= 1e-5);
  // ω follows RK4's exact map R(iλh)^100 on the linear transverse-rate equation (1e-12: round-off).
  const std::complex<double> w = 0.5 * std::pow(rk4_factor({0.0, 0.1}), 100);
  BOOST_TEST((hub_state(*model, x).omega_BN_B - Eigen::Vector3d(w.real(), w.imag(), 1.0)).norm() <= 1e-12);
}

BOOST_AUTO_TEST_CASE(ROT_02_integrate_adaptive_controlled_dopri5) {
  check_rot_02_adaptive(ode::make_controlled(kTol, kTol, os::rk_dopri5()), "integrate_adaptive controlled dopri5");
}

BOOST_AUTO_TEST_CASE(ROT_02_integrate_adaptive_dense_output_dopri5) {
  check_rot_02_adaptive(ode::make_dense_output(kTol, kTol, os::rk_dopri5()), "integrate_adaptive dense dopri5");
}

BOOST_AUTO_TEST_CASE(ROT_02_integrate_times) {
  const auto model = rot_02_model();
  std::vector<double> times;
  for (int k = 0; k <= 40; ++k) times.push_back(0.25 * k);

  // Dense output: states between steps come from dopri5's continuous extension.
  {
    const System system(model);
    Eigen::VectorXd x = model->initial_state();
    double worst = 0.0;
    std::size_t observed = 0;
    ode::integrate_times(ode::make_dense_output(kTol, kTol, os::rk_dopri5()), system, x, times.begin(), times.end(),
                         0.01, [&](const Eigen::VectorXd& xt, double t) {
                           BOOST_TEST(t == times[observed], tt::tolerance(1e-14));
                           ++observed;
                           worst = std::max(worst, rot_02_error(*model, xt, t).max());
                         });
    BOOST_TEST(observed == times.size());
    BOOST_TEST_MESSAGE("integrate_times dense dopri5: worst error over 41 times " << worst);
    BOOST_TEST(worst <= kAdaptiveBound);
  }
  // A fixed stepper (rk4, dt = 0.05, which divides the 0.25 s interval): every output lies on the
  // step grid, so the error there is RK4's own, growing linearly to ≤ 1e-5 / 16 at 10 s (ROT-02's
  // dt = 0.1 tolerance scaled by (0.05/0.1)⁴).
  {
    const System system(model);
    Eigen::VectorXd x = model->initial_state();
    double worst = 0.0;
    std::size_t observed = 0;
    ode::integrate_times(os::rk4(), system, x, times.begin(), times.end(), 0.05,
                         [&](const Eigen::VectorXd& xt, double t) {
                           ++observed;
                           worst = std::max(worst, rot_02_error(*model, xt, t).max());
                         });
    BOOST_TEST(observed == times.size());
    BOOST_TEST_MESSAGE("integrate_times rk4 dt = 0.05: worst error over 41 times " << worst);
    BOOST_TEST(worst <= 1e-5 / 16.0);
  }
}

BOOST_AUTO_TEST_CASE(ROT_02_long_rotation_integrate_const_rk4) {
  // 640 s: 101.9 nutation periods (λ = 1 rad/s) and 210 precession revolutions (Ω_p = 2.06 rad/s).
  // h = 0.125 s and T = 640 s are exact in binary: Odeint's integrate_const ends its loop when
  // t + dt > t_end by more than an absolute epsilon, so with h = 0.1 and T = 630 it stops one step
  // short, at 629.9 s (6299·0.1 + 0.1 rounds above 630).
  const auto model = rot_02_model();
  const auto ref = rot_02_reference();
  constexpr double h = 0.125, T_long = 640.0;
  constexpr int steps_long = 5120;
  Eigen::VectorXd x = model->initial_state();
  const System system(model);
  Eigen::VectorXd x10;
  double t_last = -1.0;
  const std::size_t steps =
      ode::integrate_const(os::rk4(), system, x, 0.0, T_long, h, [&](const Eigen::VectorXd& xt, double t) {
        if (t == kT) x10 = xt;
        t_last = t;
      });
  BOOST_TEST(steps == static_cast<std::size_t>(steps_long));
  BOOST_TEST(t_last == T_long);
  BOOST_REQUIRE(x10.size() == x.size());
  const Rot02Error e10 = rot_02_error(*model, x10, kT);
  const Rot02Error e = rot_02_error(*model, x, T_long);
  // The 10 s error is itself bounded by the closed form: ROT-02's tolerance at dt = 0.1 (1e-5),
  // scaled by RK4's order to dt = 0.125, (1.25)⁴ = 2.44.
  BOOST_TEST(e10.max() <= 1e-5 * std::pow(h / 0.1, 4));
  BOOST_TEST_MESSAGE("long rotation rk4 dt = 0.125: at 10 s angle "
                     << e10.angle << ", |d omega| " << e10.domega << "; at 640 s angle " << e.angle << ", |d omega| "
                     << e.domega << "; |q|-1 = " << hub_state(*model, x).q_BN.norm() - 1.0);
  // The error bound, from RK4's error constants × time. Two parts:
  //  (a) phase errors of the nutation and of the attitude kinematics: a fixed amount per step, so
  //      linear in time; their constant is the 10 s error, a = e(10 s) / 10 s;
  //  (b) RK4 is not conservative: each step shrinks the transverse rate by 1 − |R(iλh)| =
  //      (λh)⁶/144 − …, so |H| decays linearly in time and with it the precession rate
  //      Ω_p = |H|/It; the precession angle then lags by ½ Ω_p (It² ω_t² / |H|²) κ T², with
  //      κ = (1 − |R(iλh)|)/h the relative decay rate of ω_t. Quadratic in time: over 640 s it dominates.
  const double kappa = (1.0 - std::abs(rk4_factor({0.0, ref.nutation_rate() * h}))) / h;
  const double H = ref.H_N().norm();
  const double It_wt = ref.It * 0.5;
  const double b = 0.5 * (H / ref.It) * (It_wt * It_wt / (H * H)) * kappa;
  const double linear = (T_long / kT) * e10.angle, quadratic = b * T_long * T_long;
  BOOST_TEST_MESSAGE("long rotation bound: linear part " << linear << ", quadratic part " << quadratic);
  // 10% margin on both for the second-order terms of a 1e-3 rad phase error; the lower bound
  // checks the error is the predicted precession lag and not something else that happens to be smaller.
  BOOST_TEST(e.angle <= 1.1 * (linear + quadratic));
  BOOST_TEST(e.angle >= 0.9 * quadratic - 1.1 * linear);
  // Accurate after 210 revolutions: below 1e-2 rad (measured 5.6e-3 rad).
  BOOST_TEST(e.angle <= 1e-2);
  // |Δω| has no quadratic part (ω3 is exact; ω_t's own phase error is linear): 1.1 × 64 × e(10 s).
  BOOST_TEST(e.domega <= 1.1 * (T_long / kT) * e10.domega);
  // The |H| decay itself is exactly RK4's: |H(T)| from ρ = |R|^N, 1e-12 relative (round-off).
  const double rho = std::pow(std::abs(rk4_factor({0.0, ref.nutation_rate() * h})), steps_long);
  const double H_predicted = std::hypot(It_wt * rho, ref.I3 * 1.0);
  BOOST_TEST(vehicle_diagnostics(*model, x, T_long, 0).H_rot_PntC_N.norm() == H_predicted, tt::tolerance(1e-12));
  // ω: RK4's exact map R(iλh)^5120 predicts the 640 s rate; 1e-11: 5120 steps of round-off (~1e-16
  // each, measured 7e-14) with margin.
  const std::complex<double> w = 0.5 * std::pow(rk4_factor({0.0, ref.nutation_rate() * h}), steps_long);
  BOOST_TEST((hub_state(*model, x).omega_BN_B - Eigen::Vector3d(w.real(), w.imag(), 1.0)).norm() <= 1e-11);
}

BOOST_AUTO_TEST_SUITE_END()
