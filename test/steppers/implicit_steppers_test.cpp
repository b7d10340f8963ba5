// The implicit steppers (docs/verification/IMPLICIT_STEPPERS.md): implicit_euler's and
// rosenbrock4's orders under step halving on a hub with a hinged panel, and on the stiff version of
// that vehicle (a hinge with a stiff spring and a stiffer damper) rosenbrock4 reaching rk_dopri5's
// accuracy with a tenth of its right-hand-side evaluations, its Jacobian's included.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <numbers>

#include "kernel/test_support.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "src/implicit_steppers.hpp"

namespace ramus::test {
namespace {

namespace si = boost::units::si;

Eigen::VectorXd run(const std::shared_ptr<Model>& model, const std::string& stepper, double dt, double t1,
                    double tol = 1e-10, PropagationStats* stats = nullptr) {
  const System system(model);
  Eigen::VectorXd x = model->initial_state();
  PropagationSettings s;
  s.stepper = stepper;
  s.dt = dt;
  s.abs_tol = s.rel_tol = tol;
  const PropagationStats st = propagate(system, x, 0.0, t1, s);
  if (stats != nullptr) *stats = st;
  return x;
}

/// The error that matters to the analyst: the hub's attitude [rad] and the panel angle [rad].
double error(const Model& model, const Eigen::VectorXd& x, const Eigen::VectorXd& ref) {
  const Eigen::Index q = model.vehicle(0).offsets().q_BN, theta = model.vehicle(0).offsets().state_effectors[0];
  return std::max(attitude_error_angle(x.segment<4>(q), ref.segment<4>(q)), std::abs(x[theta] - ref[theta]));
}

BOOST_AUTO_TEST_SUITE(implicit_steppers)

// Orders on the smooth, non-stiff vehicle (k = 150 N m/rad, c = 4 N m s/rad: 0.25 Hz), against
// rk_f78 at 1e-13 (2 s) and 1e-14 (10 s).
BOOST_AUTO_TEST_CASE(orders_under_step_halving) {
  const auto model = samples::hub_and_panel(150.0, 4.0, 0.1);
  const Eigen::VectorXd ref = run(model, "rk_f78", 0.01, 2.0, 1e-13);
  const StepHalvingStudy euler =
      step_halving_study(0.02, 5, [&](double dt) { return error(*model, run(model, "implicit_euler", dt, 2.0), ref); });
  // rosenbrock4 over 10 s, where its fifth-order term has faded by dt = 0.1 s.
  const double T = 10.0;
  const Eigen::VectorXd ref_T = run(model, "rk_f78", 0.01, T, 1e-14);
  const StepHalvingStudy rosenbrock = step_halving_study(0.2, 5, [&](double dt) {
    const System system(model);
    ::ramus::implicit_steppers::Rosenbrock4 stepper(1.0, 1.0);
    Eigen::VectorXd x = model->initial_state();
    const int n = static_cast<int>(std::lround(T / dt));
    for (int i = 0; i < n; ++i) stepper.do_step(system, x, i * dt, dt);
    return error(*model, x, ref_T);
  });
  for (const HalvingLevel& l : euler.levels)
    BOOST_TEST_MESSAGE("implicit_euler dt " << l.dt << ": error " << l.error << ", order " << l.observed_order);
  for (const HalvingLevel& l : rosenbrock.levels)
    BOOST_TEST_MESSAGE("rosenbrock4 dt " << l.dt << ": error " << l.error << ", order " << l.observed_order);
  // Asymptotic orders 1 and 4 once the leading error term dominates (from the second halving);
  // ±0.15 leaves room for the next term at these steps.
  for (std::size_t k = 2; k < euler.levels.size(); ++k)
    BOOST_TEST(std::abs(euler.levels[k].observed_order - 1.0) < 0.15);
  for (std::size_t k = 2; k < rosenbrock.levels.size(); ++k)
    BOOST_TEST(std::abs(rosenbrock.levels[k].observed_order - 4.0) < 0.15);
}

// The stiff vehicle: k = 1e6 N m/rad, c = 2e6 N m s/rad. Its fastest eigenvalue, about −c/I with
// I the panel's reduced inertia about the hinge, near −1.4e4 s⁻¹, bounds rk_dopri5's step
// (stability, whatever the tolerance); the motion itself is the slow slew.
BOOST_AUTO_TEST_CASE(rosenbrock4_beats_dopri5_tenfold_on_a_stiff_hinge) {
  const auto model = samples::hub_and_panel(1e6, 2e6, 0.0);
  const double t1 = 20.0;
  const Eigen::VectorXd ref = run(model, "rosenbrock4", 1e-3, t1, 1e-13);
  PropagationStats rb, dp;
  const double e_rb = error(*model, run(model, "rosenbrock4", 1e-3, t1, 1e-8, &rb), ref);
  const double e_dp = error(*model, run(model, "rk_dopri5", 1e-3, t1, 1e-6, &dp), ref);
  BOOST_TEST_MESSAGE("stiff hinge, 20 s: rosenbrock4 (1e-8) "
                     << rb.steps << " steps, " << rb.evaluations << " evaluations, error " << e_rb
                     << " rad; rk_dopri5 (1e-6) " << dp.steps << " steps, " << dp.evaluations << " evaluations, error "
                     << e_dp << " rad");
  // Both within 1e-6 rad of the reference (the accuracy asked of the comparison) …
  BOOST_TEST(e_rb < 1e-6);
  BOOST_TEST(e_dp < 1e-6);
  // … with rosenbrock4 needing a tenth of the evaluations, its Jacobians' 2n + 2 each included.
  BOOST_TEST(10 * rb.evaluations <= dp.evaluations);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace ramus::test
