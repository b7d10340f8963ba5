// What the effector test files of test/systems share, each written once: a one-vehicle model
// around its state effectors, the no-allocation check at a model's initial state, the four
// invariants held to a bound, rk4's window on a step-halving study, a drift study at rk4's order,
// the work balance of the rotational energy and second-order residual ratios under step halving.
// Every tolerance is the caller's; nothing here computes a reference value.
#pragma once

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "support/checks.hpp"
#include "support/drift.hpp"
#include "support/models.hpp"
#include "support/run.hpp"

namespace ramus::test {

/// Non-finite values for the rejected-field checks.
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

/// A copy of `config` changed by `edit`: what a rejected-field check builds from a good one.
template <class Config, class Edit>
Config edited(Config config, Edit&& edit) {
  edit(config);
  return config;
}

/// One vehicle "sc" with `hub`, starting at `ic`, carrying `effectors` in that order, under
/// point-mass Earth gravity when `gravity`; finalized.
inline std::shared_ptr<Model> one_vehicle_model(const HubConfig& hub, const InitialState& ic,
                                                const std::vector<std::shared_ptr<StateEffector>>& effectors,
                                                bool gravity = false) {
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle("sc", hub);
  sc.set_initial_state(ic);
  if (gravity) set_earth_gravity(*model);
  for (const auto& e : effectors) sc.add_state_effector(e);
  model->finalize();
  return model;
}

/// The same in Basilisk's orbit under Earth's gravity (`orbit`), or at rest at the origin in free
/// space, with the hub rate omega0_BN_B [rad/s].
inline std::shared_ptr<Model> one_vehicle_model(const HubConfig& hub, bool orbit, const Eigen::Vector3d& omega0_BN_B,
                                                const std::vector<std::shared_ptr<StateEffector>>& effectors) {
  return one_vehicle_model(hub, orbit ? basilisk_orbit(omega0_BN_B) : at_rest_at_origin(omega0_BN_B), effectors, orbit);
}

/// A one-vehicle model and its reaction wheels.
struct WheelVehicle {
  std::shared_ptr<Model> model;
  std::shared_ptr<ReactionWheels> rw;
};

/// check_rhs_does_not_allocate at the model's initial state; returns its count before the ten.
inline long check_initial_rhs_does_not_allocate(const std::shared_ptr<const Model>& model) {
  const System system(model);
  const Eigen::VectorXd x = model->initial_state();
  return check_rhs_does_not_allocate(system, x);
}

/// The four invariants' drifts, logged under `label`, each at most `bound` (relative).
inline void check_invariants_held(const Drift& d, const std::string& label, double bound) {
  BOOST_TEST_MESSAGE(label << ": E_orb " << d.orbital_energy << ", E_rot " << d.rotational_energy << ", H_orb "
                           << d.H_orb << ", H_rot " << d.H_rot);
  BOOST_CHECK_SMALL(d.orbital_energy, bound);
  BOOST_CHECK_SMALL(d.rotational_energy, bound);
  BOOST_CHECK_SMALL(d.H_orb, bound);
  BOOST_CHECK_SMALL(d.H_rot, bound);
}

/// A step-halving study, logged under `label`: every observed order in rk4's window 3.8–4.25
/// (docs/verification/README.md), and the finest error above `finest_floor` (above round-off).
inline void check_rk4_window(const StepHalvingStudy& study, const std::string& label, double finest_floor) {
  for (const HalvingLevel& l : study.levels)
    BOOST_TEST_MESSAGE(label << " dt " << l.dt << " error " << l.error << " order " << l.observed_order);
  for (double p : study.orders()) {
    BOOST_TEST(p >= 3.8);
    BOOST_TEST(p <= 4.25);
  }
  BOOST_TEST(study.levels.back().error > finest_floor);
}

/// check_drift_orders' windows: the upper bound of E_rot's order, the first rotational pair and
/// the number of orbital pairs.
struct DriftWindows {
  double max_rotational_energy_order;
  std::size_t first_rotational_pair = 1, orbital_pairs = 2;
};

/// What the finest drifts used must stay above (round-off): E_rot's at the finest step, E_orb's at
/// the finest step of the orbital pairs (when there are any).
struct DriftFloors {
  double rotational_energy, orbital_energy = 0.0;
};

/// The drifts of `model` from its initial state over [0, T] at every step count of `steps` (each
/// twice the last), logged under `label`: at rk4's order within `w` (check_drift_orders), and the
/// finest used above `f`. Returns the drifts.
inline std::vector<Drift> check_drift_study(const std::string& label, const std::shared_ptr<const Model>& model,
                                            double T, const std::vector<int>& steps, const DriftWindows& w,
                                            const DriftFloors& f) {
  std::vector<Drift> d;
  for (int n : steps) d.push_back(max_relative_drift(model, model->initial_state(), T, n));
  for (std::size_t k = 0; k < d.size(); ++k)
    BOOST_TEST_MESSAGE(label << " drift n=" << steps[k] << ": E_rot " << d[k].rotational_energy << ", H_rot "
                             << d[k].H_rot << ", E_orb " << d[k].orbital_energy << ", H_orb " << d[k].H_orb);
  check_drift_orders(d, w.max_rotational_energy_order, w.first_rotational_pair, w.orbital_pairs);
  BOOST_TEST(d.back().rotational_energy > f.rotational_energy);
  if (w.orbital_pairs > 0) BOOST_TEST(d[w.orbital_pairs].orbital_energy > f.orbital_energy);
  return d;
}

/// ΔT_rot − ∫ P dt over rk4 from the model's initial state over [0, T] in n steps: `power(x, t)`
/// [W] is evaluated at every logged sample before the rotational energy, the integral by the
/// trapezoid rule on those samples.
template <class Power>
double rotational_work_residual(const System& system, const Model& model, double T, int n, Power&& power) {
  std::vector<double> p;
  double E0 = 0.0, E1 = 0.0;
  run_logged(system, model.initial_state(), T, n, [&](const Eigen::VectorXd& x, double t) {
    p.push_back(power(x, t));
    const double E = vehicle_diagnostics(model, x, t, 0).rotational_energy;
    if (p.size() == 1) E0 = E;
    E1 = E;
  });
  return (E1 - E0) - trapezoid(p, T / n);
}

/// The residuals of an impulse balance (impulse_residuals) over rk4 from the model's initial state
/// over [0, T] in n steps: `load(x, t, d)` returns, at every logged sample (d its diagnostics), the
/// pair (torque about C [N m], force per mass [N/kg]) in N components.
template <class Load>
std::pair<double, double> impulse_balance_residuals(const System& system, const Model& model, double T, int n,
                                                    Load&& load) {
  std::vector<double> c[6];
  VehicleDiagnostics d0, d1;
  bool first = true;
  run_logged(system, model.initial_state(), T, n, [&](const Eigen::VectorXd& x, double t) {
    const VehicleDiagnostics d = vehicle_diagnostics(model, x, t, 0);
    const std::pair<Eigen::Vector3d, Eigen::Vector3d> tq_f = load(x, t, d);
    for (int j = 0; j < 3; ++j) c[j].push_back(tq_f.first[j]), c[3 + j].push_back(tq_f.second[j]);
    if (first) d0 = d, first = false;
    d1 = d;
  });
  return impulse_residuals(c, T / n, d0, d1);
}

/// An impulse balance at second order: impulse_balance_residuals of `load` over [0, T] at n, 2n and
/// 4n steps (check_impulse_balance_order), logged under `label`.
template <class Load>
void check_impulse_balance(const std::shared_ptr<const Model>& model, double T, int n, const std::string& label,
                           Load&& load) {
  const System system(model);
  check_impulse_balance_order([&](int m) { return impulse_balance_residuals(system, *model, T, m, load); }, n, label);
}

/// A residual at second order under step halving: residual(m) at n, 2n and 4n steps, logged under
/// `label`, their ratios in check_second_order_ratios' window. Returns the finest residual.
template <class Residual>
double check_second_order_residuals(Residual&& residual, int n, const std::string& label) {
  const double r1 = residual(n), r2 = residual(2 * n), r3 = residual(4 * n);
  BOOST_TEST_MESSAGE(label << " " << r1 << " " << r2 << " " << r3 << ", ratios " << r2 / r1 << " " << r3 / r2);
  check_second_order_ratios({r2 / r1, r3 / r2});
  return r3;
}

/// A state effector without a segment frame (`label` names it as its messages do): no segment, and
/// a child is refused at attach, the message naming both.
inline void check_hosts_no_child(StateEffector& effector, const std::string& label) {
  BOOST_TEST(effector.segment_count() == 0u);
  check_rejected([&] { effector.add_dynamic_effector(std::make_shared<ExternalForceTorque>("push"), 0); },
                 {label, "external_force_torque 'push'", "can host no dynamic effector"});
}

}  // namespace ramus::test
