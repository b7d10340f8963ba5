// rk_f45, Fehlberg's 4(5) pair on Odeint's generic explicit error stepper
// (steppers/odeint_steppers.hpp): the tableau's orders checked on problems with exact solutions,
// and the controlled stepper through propagate() against the closed form.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <vector>

#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/steppers/propagate.hpp"
#include "steppers/torque_hub.hpp"

namespace {

namespace os = ramus::odeint_steppers;
using State = Eigen::VectorXd;

/// y' = A y with A the generator of a damped rotation (eigenvalues −0.3 ± 2i) and a decay: an
/// oscillatory, non-normal linear system whose exact solution is exp(A t) y0 (Eigen's matrix
/// exponential would need unsupported/; here the 2×2 rotation block's closed form and the decay).
struct Linear {
  void operator()(const State& y, State& dydt, double) const {
    dydt.resize(3);
    dydt[0] = -0.3 * y[0] - 2.0 * y[1];
    dydt[1] = 2.0 * y[0] - 0.3 * y[1];
    dydt[2] = -1.1 * y[2];
  }
  static State exact(const State& y0, double t) {
    const double e = std::exp(-0.3 * t), c = std::cos(2.0 * t), s = std::sin(2.0 * t);
    State y(3);
    y << e * (c * y0[0] - s * y0[1]), e * (s * y0[0] + c * y0[1]), std::exp(-1.1 * t) * y0[2];
    return y;
  }
};

/// One step of h from y0: the propagated solution's error and the error estimate's size.
struct OneStep {
  double error;     ///< |y_h − exact|
  double estimate;  ///< |x_err|
  double embedded;  ///< |(y_h − x_err) − exact|: the fourth-order solution's error
};

OneStep one_step(double h) {
  State y(3), err(3);
  y << 1.0, 0.5, -0.7;
  const State y0 = y;
  os::rk_f45 stepper = os::make_rk_f45();
  stepper.do_step(Linear{}, y, 0.0, h, err);
  const State exact = Linear::exact(y0, h);
  return {(y - exact).norm(), err.norm(), (y - err - exact).norm()};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fehlberg45)

// One step of h, h/2, h/4, h/8 (h = 0.2, |λ| h ≤ 0.44): the propagated solution is fifth order, its
// local error O(h⁶), ratio 64 per halving; the estimate is the fourth-order solution's local error,
// O(h⁵), ratio 32; and the fourth-order solution y − x_err is the one whose error the estimate
// measures (their ratio → 1 as the fifth-order error becomes negligible beside it, O(h)). Windows:
// the observed orders within 0.3 of 6 and 5 (the next terms of the local error shift them by
// O(|λ| h) ≈ 0.1 at the coarsest pair; measured 5.99–6.00 and 5.00–5.03); the estimate within 10 %
// of the embedded error on the finest step (measured 0.88, 0.96, 0.98 as h halves). A wrong coefficient in any of b, b̂
// or the stages lowers an order by at least one.
BOOST_AUTO_TEST_CASE(local_errors_are_fifth_and_fourth_order) {
  std::vector<OneStep> steps;
  for (const double h : {0.2, 0.1, 0.05, 0.025}) steps.push_back(one_step(h));
  for (std::size_t i = 0; i + 1 < steps.size(); ++i) {
    const double p = std::log2(steps[i].error / steps[i + 1].error);
    const double q = std::log2(steps[i].estimate / steps[i + 1].estimate);
    BOOST_TEST_MESSAGE("halving " << i << ": solution order " << p << ", estimate order " << q << ", estimate/"
                                  << "embedded error " << steps[i].estimate / steps[i].embedded);
    BOOST_TEST(std::abs(p - 6.0) <= 0.3);
    BOOST_TEST(std::abs(q - 5.0) <= 0.3);
  }
  BOOST_TEST(std::abs(steps.back().estimate / steps.back().embedded - 1.0) <= 0.1);
}

// The controlled stepper by name through propagate(): the hub under a constant torque about b1
// (test/steppers/torque_hub.hpp) turns by θ = L t²/(2 I) (5 rad in 10 s), the quaternion's closed
// form. The final attitude error falls with the tolerance (each factor 100 in tolerance lowers it
// by more than 10: the controller holds the local error near the tolerance, and a fifth-order
// method's global error follows it to a power near 5/6), and stays within 100 times the tolerance
// (the accumulated local errors of the ~tens of steps, each held below the tolerance). Measured:
// 4.6e-6, 4.2e-8, 4.9e-10 at 1e-6, 1e-8, 1e-10 in 14, 32 and 76 steps.
BOOST_AUTO_TEST_CASE(controlled_by_name_converges_with_the_tolerance) {
  const double L = 10.0, T = 10.0;
  const ramus::test::TorqueHub hub(L);
  const Eigen::Vector4d exact = ramus::test::constant_torque_attitude(L, T);  // q_BN, scalar first
  double previous = 0.0;
  for (const double tol : {1e-6, 1e-8, 1e-10}) {
    Eigen::VectorXd x = hub.x0();
    ramus::PropagationSettings settings;
    settings.stepper = "rk_f45";
    settings.dt = 0.1;
    settings.abs_tol = settings.rel_tol = tol;
    const ramus::PropagationStats stats = ramus::propagate(hub.system(), x, 0.0, T, settings);
    const double error = (x.segment<4>(6) - exact).norm();
    BOOST_TEST_MESSAGE("tolerance " << tol << ": attitude error " << error << " in " << stats.steps << " steps");
    BOOST_TEST(error <= 100.0 * tol);
    if (previous > 0.0) BOOST_TEST(error < previous / 10.0);
    previous = error;
  }
}

BOOST_AUTO_TEST_SUITE_END()
