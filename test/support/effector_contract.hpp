// The contract every state effector keeps (docs/adding_an_effector.md §1), checked on a sample
// vehicle in one call: no allocation in an evaluation, purity (the same (x, t) gives the same
// derivative, whatever was evaluated before and in whichever run), the conserved quantities in orbit
// held to rk4's truncation error, and rk4's order under step halving.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/steppers/step_halving.hpp"
#include "support/checks.hpp"
#include "support/drift.hpp"
#include "support/hubs.hpp"

namespace ramus::test {

struct ContractRun {
  double T = 4.0;            ///< [s] span of the conservation runs and of the order study
  double dt = 0.05;          ///< [s] rk4 step of the conservation run; coarsest of the order study
  bool conservative = true;  ///< nothing dissipates (no damping or friction): E_rot holds
  bool momentum = true;      ///< no external torque about C: H_rot,C holds
  bool orbit = true;         ///< no external force: E_orb and H_orb hold
};

/// Checks the contract on `sample`, a one-vehicle model that is not finalized (a samples function),
/// put into Basilisk's orbit about a point-mass Earth with its own rate. Needs
/// ramus_test_allocation_counter.
inline void check_effector_contract(const std::shared_ptr<Model>& sample, const ContractRun& run) {
  Vehicle& v = sample->vehicle(0);
  sample->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(false)));
  v.set_initial_state(basilisk_orbit(v.initial_state().omega_BN_B.si()));
  sample->finalize();
  const std::shared_ptr<const Model> model = sample;
  const Eigen::VectorXd x0 = model->initial_state();

  // 1. No allocation (docs/architecture.md §D3).
  check_rhs_does_not_allocate(System(model), x0);

  // 2. Purity: f(x0, t) bit for bit again after an evaluation at another state and time, and in a
  // second run of the same model (no stale state in the workspace, none in the model).
  {
    const System a(model), b(model);
    Eigen::VectorXd f1(x0.size()), f2(x0.size()), f3(x0.size()), scratch(x0.size());
    a(x0, f1, 0.3);
    Eigen::VectorXd x1 = x0;
    a(x0, scratch, 0.0);
    x1 += 1e-3 * scratch;  // a nearby state
    a(x1, scratch, 1.7);
    a(x0, f2, 0.3);
    b(x0, f3, 0.3);
    BOOST_TEST((f1.array() == f2.array()).all(), "the derivative at (x0, t) changed after another evaluation");
    BOOST_TEST((f1.array() == f3.array()).all(), "a second run of the model gives another derivative at (x0, t)");
  }

  // 3. Conservation in orbit: gravity acts at C, so the rotational energy and the angular momentum
  // about C are conserved on their own, as are the orbital ones (docs/verification/README.md). They
  // must be held to rk4's truncation error: either at round-off (1e-12 relative: ~1e4 ulp of
  // accumulation over the run) or shrinking by at least 2³ when the step is halved (order ≥ 3,
  // rk4's 4 less a margin for the last level's round-off). A drift that does not shrink is a model
  // that does not conserve what it reports.
  const int n = static_cast<int>(std::lround(run.T / run.dt));
  const Drift d1 = max_relative_drift(model, x0, run.T, n);
  const Drift d2 = max_relative_drift(model, x0, run.T, 2 * n);
  const auto converges = [](double coarse, double fine) { return coarse < 1e-12 || fine <= coarse / 8.0; };
  BOOST_TEST_MESSAGE("drifts at dt and dt/2: H_rot " << d1.H_rot << ", " << d2.H_rot << "; E_rot "
                                                     << d1.rotational_energy << ", " << d2.rotational_energy
                                                     << "; H_orb " << d1.H_orb << ", " << d2.H_orb << "; E_orb "
                                                     << d1.orbital_energy << ", " << d2.orbital_energy);
  if (run.momentum) BOOST_TEST(converges(d1.H_rot, d2.H_rot), "H_rot,C drifts " << d1.H_rot << " then " << d2.H_rot);
  if (run.orbit) {
    BOOST_TEST(converges(d1.H_orb, d2.H_orb), "H_orb drifts " << d1.H_orb << " then " << d2.H_orb);
    BOOST_TEST(converges(d1.orbital_energy, d2.orbital_energy),
               "E_orb drifts " << d1.orbital_energy << " then " << d2.orbital_energy);
  }
  if (run.conservative)
    BOOST_TEST(converges(d1.rotational_energy, d2.rotational_energy),
               "E_rot drifts " << d1.rotational_energy << " then " << d2.rotational_energy);

  // 4. rk4's order under step halving (Richardson: each level against the next finer one), on the
  // attitude, the rates and the effector's coordinates (the orbit's position, ~7e6 m, would bury
  // them in its round-off; the orbit is checked in 3), each entry relative to max(1, |x0|). Some
  // level whose difference is above round-off (1e-12: these runs' round-off is 1e-15 to 1e-13)
  // must show rk4's order to within 0.5; a model with a stale or discontinuous term shows 2 or
  // less at every level.
  const System system(model);
  const auto solution_at = [&](double dt) {
    Eigen::VectorXd x = x0;
    PropagationSettings s;
    s.dt = dt;
    propagate(system, x, 0.0, run.T, s);
    return x;
  };
  const VehicleOffsets& o = model->vehicle(0).offsets();
  const auto distance = [&](const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    double d = 0.0;
    for (Eigen::Index i = 0; i < a.size(); ++i) {
      const bool translation =
          (i >= o.r_N && i < o.r_N + 3) || (i >= o.v_N && i < o.v_N + 3) || (i >= o.dv_CN_N && i < o.dv_CN_N + 3);
      if (!translation) d = std::max(d, std::abs(a[i] - b[i]) / std::max(1.0, std::abs(x0[i])));
    }
    return d;
  };
  const StepHalvingStudy study = step_halving_study_self(run.dt, 5, solution_at, distance);
  double best = 0.0;
  for (const HalvingLevel& l : study.levels)
    BOOST_TEST_MESSAGE("dt " << l.dt << ": difference " << l.error << ", observed order " << l.observed_order);
  for (std::size_t k = 1; k < study.levels.size(); ++k) {
    const double p = study.levels[k].observed_order;
    if (study.levels[k].error >= 1e-12 && std::abs(p - 4.0) < std::abs(best - 4.0)) best = p;
  }
  BOOST_TEST(std::abs(best - 4.0) < 0.5, "rk4's observed order comes no nearer to 4 than " << best);
}

}  // namespace ramus::test
