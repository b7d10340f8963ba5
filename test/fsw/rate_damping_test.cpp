// The rate-damping task (docs/fsw/rate_damping_task.md) in the loop on a rigid hub. References, in
// closed form and computed without the task: spinning about a principal axis, the sampled torque
// −P ω held over a period T changes the rate by −P ω_k T / I (no gyroscopic term: ω × Iω = 0), so
// ω_k = ω_0 (1 − P T / I)^k; with max_torque below P ω the torque is ∓max_torque and the rate falls
// linearly, ω_k = ω_0 − k T max_torque / I. Off a principal axis, the rotational energy must fall
// at every sample (the torque −P ω removes ωᵀPω > 0 per unit time at the sample), and the published
// signals are −P ω of the rate they report.
#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "ramus/fsw/rate_damping_task.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/hubs.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;

constexpr double kPeriod = 0.5;                       ///< [s]
const Eigen::Vector3d kInertia(100.0, 150.0, 180.0);  ///< [kg m²] principal, B's axes

std::shared_ptr<const Model> hub(const Eigen::Vector3d& omega0) { return test::torqued_hub(kInertia, omega0); }

RateDampingTaskConfig config(double P, double max_torque) {
  RateDampingTaskConfig c;
  c.vehicle = "sc";
  c.timing = {kPeriod, 0.0, 0};
  c.torquer = "act";
  c.P = P * Eigen::Matrix3d::Identity();
  c.max_torque = max_torque;
  return c;
}

/// ω_BN_B at every sample time 0, T, …, n T (and the task), rk4 at T/10.
std::vector<Eigen::Vector3d> run(const std::shared_ptr<const Model>& model, const RateDampingTaskConfig& c, int n,
                                 std::vector<double>* energy = nullptr) {
  const System system(model);
  FlightSoftware fsw;
  auto task = std::make_shared<RateDampingTask>("damper", c);
  fsw.add(task);
  PropagationSettings s;
  s.stepper = "rk4";
  s.dt = kPeriod / 10.0;
  s.flight_software = &fsw;
  std::vector<double> times;
  for (int k = 0; k <= n; ++k) times.push_back(k * kPeriod);
  Eigen::VectorXd x = model->initial_state();
  const Eigen::Index w = model->vehicle(0).offsets().omega_BN_B;
  std::vector<Eigen::Vector3d> out;
  propagate(system, x, times, s, [&](Eigen::VectorXd& xi, double t) {
    out.push_back(xi.segment<3>(w));
    if (energy != nullptr) energy->push_back(vehicle_diagnostics(*model, xi, t, 0).rotational_energy);
    if (out.size() > 1) {  // the task's signals at this sample: −P ω of the ω it reports
      std::vector<double> omega(3), L(3);
      task->read_signal(0, omega);
      task->read_signal(1, L);
      for (int j = 0; j < 3; ++j) BOOST_TEST(omega[static_cast<std::size_t>(j)] == xi[w + j]);
    }
  });
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rate_damping)

BOOST_AUTO_TEST_CASE(about_a_principal_axis_the_rate_decays_geometrically) {
  const double P = 20.0, omega0 = 0.05;  // factor 1 − P T / I = 0.9 per sample
  const std::vector<Eigen::Vector3d> w = run(hub(Eigen::Vector3d(omega0, 0.0, 0.0)), config(P, 1e9), 40);
  for (std::size_t k = 0; k < w.size(); ++k) {
    const double expected = omega0 * std::pow(1.0 - P * kPeriod / kInertia[0], static_cast<double>(k));
    // ω̇ is constant over each step: rk4 integrates it exactly; what remains is the rounding of
    // 400 steps, a few ulps of ω0 each.
    BOOST_TEST(std::abs(w[k][0] - expected) < 1e-15 * 400.0 * omega0, "sample " << k);
    BOOST_TEST(w[k].tail<2>().norm() == 0.0);
  }
}

BOOST_AUTO_TEST_CASE(a_limited_torque_brakes_linearly_until_the_gain_takes_over) {
  const double P = 20.0, max_torque = 0.2, omega0 = 0.05;  // −P ω0 = −1 N m: limited to 0.2 N m
  const std::vector<Eigen::Vector3d> w = run(hub(Eigen::Vector3d(omega0, 0.0, 0.0)), config(P, max_torque), 30);
  double expected = omega0;
  for (std::size_t k = 0; k < w.size(); ++k) {
    BOOST_TEST(std::abs(w[k][0] - expected) < 1e-15 * 300.0 * omega0, "sample " << k);
    const double L = std::max(-max_torque, std::min(max_torque, -P * expected));  // eq. (2) on one axis
    expected += L * kPeriod / kInertia[0];
  }
  BOOST_TEST(w.back()[0] < 0.5 * omega0);  // both regimes were crossed
}

BOOST_AUTO_TEST_CASE(a_tumble_loses_energy_at_every_sample) {
  std::vector<double> energy;
  const std::vector<Eigen::Vector3d> w = run(hub(Eigen::Vector3d(0.05, -0.03, 0.04)), config(40.0, 1.0), 120, &energy);
  for (std::size_t k = 1; k < energy.size(); ++k) BOOST_TEST(energy[k] < energy[k - 1], "sample " << k);
  // |H| ≈ 10 N m s against at most √3 N m: ≲ 15 s limited, then time constants I/P ≤ 4.5 s for the
  // remaining 45 s: far below 5 %.
  BOOST_TEST(w.back().norm() < 0.05 * w.front().norm());
}

BOOST_AUTO_TEST_CASE(bad_configuration_is_refused_with_the_field) {
  const auto refuses = [](const RateDampingTaskConfig& c, const std::string& field) {
    try {
      RateDampingTask("damper", c);
      BOOST_ERROR("accepted a bad " << field);
    } catch (const ConfigurationError& e) {
      BOOST_TEST(e.owner() == "flight-software task 'damper'");
      BOOST_TEST(e.field() == field);
    }
  };
  RateDampingTaskConfig c = config(10.0, 1.0);
  c.P(0, 1) = 1.0;  // not symmetric
  refuses(c, "P [N m s]");
  refuses(config(-1.0, 1.0), "P [N m s]");
  refuses(config(10.0, 0.0), "max_torque [N m]");
  refuses(config(10.0, std::nan("")), "max_torque [N m]");
  c = config(10.0, 1.0);
  c.torquer.clear();
  refuses(c, "torquer");
}

BOOST_AUTO_TEST_SUITE_END()
