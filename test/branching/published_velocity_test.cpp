// BR-05 (docs/verification/BR_05.md): the published velocity is current at every substep. For each
// parent with a lock (spinning 1-, 2-, N-DOF, translating 1-DOF), a constraint child joins the
// parent's first segment to the hub of the same vehicle, α = 0 (velocity term only), β large. The
// first joint is locked and at rest, so that segment and hub are one rigid body and the constraint's
// velocity error ψ' is identically zero: the constraint force must be round-off at every substep,
// for any hub rate. Checked by evaluating Constraint::wrenches on the workspace's hub and segment
// kinematics after every System evaluation (a wrapper around the System), with rk4 and with
// rk_dopri5 (adaptive: non-monotone stage times, rejected trial steps). A positive control shows
// what a lagging publication would give: the same force from the segment frame of the step's first
// stage and the hub frame of its later stages.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <limits>
#include <string>

#include "branching/branching_support.hpp"
#include "ramus/steppers/odeint_steppers.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

struct Monitor {
  double max_force = 0.0;                                            ///< [N] over every evaluation
  double max_rate = 0.0;                                             ///< [m/s] |ψ'| over every evaluation
  double min_stale_force = std::numeric_limits<double>::infinity();  ///< [N] positive control (rk4)
  std::uint64_t evaluations = 0;
  FrameKinematics stale;  ///< segment frame at the current step's first stage
};

/// The System, then the constraint on the workspace of that very evaluation.
struct CheckedSystem {
  const System* system;
  const Constraint* constraint;
  const StateEffector* parent;
  Monitor* monitor;
  bool rk4_stages = false;  ///< calls come in groups of 4 (rk4): enables the positive control
  void operator()(const VectorXd& x, VectorXd& dxdt, double t) const {
    (*system)(x, dxdt, t);
    const VehicleWorkspace& w = system->workspace().vehicles[0];
    const FrameKinematics& hub = w.ctx.hub;
    const FrameKinematics& seg = parent->segment(0, *w.effectors[0]);
    const auto [w1, w2] = constraint->wrenches(hub, seg, t);
    monitor->max_force = std::max({monitor->max_force, w1.force_F.norm(), w2.force_F.norm()});
    monitor->max_rate = std::max(monitor->max_rate, constraint->violation(hub, seg).second.norm());
    if (rk4_stages) {
      if (monitor->evaluations % 4 == 0)
        monitor->stale = seg;
      else
        monitor->min_stale_force =
            std::min(monitor->min_stale_force, constraint->wrenches(hub, monitor->stale, t).first.force_F.norm());
    }
    ++monitor->evaluations;
  }
};

struct LockedCase {
  BranchCase c;
  std::shared_ptr<Constraint> constraint;
  VectorXd x0;
  bool lock_by_input = false;  ///< lock joint 0 in the run (SerialChain::set_locked), not in the config
};

constexpr double kBeta = 1e4;  ///< [N s/m]

LockedCase locked_case(Parent p, const Vector3d& omega0) {
  ParentSpec spec = parent_spec(p);
  const bool lock_by_input = p == Parent::translating_1dof;  // exercise SerialChain::set_locked too
  spec.joints[0].qDot0 = 0.0;  // at rest: a lock in the config requires it, set_locked too
  if (!lock_by_input) spec.joints[0].locked = true;
  LockedCase lc{common_case(spec, true, omega0), nullptr, {}, lock_by_input};
  lc.constraint = weld_check(spec.joints, kBeta);
  lc.c.model->add_two_point_effector(lc.constraint);
  lc.c.model->finalize();
  lc.x0 = lc.c.model->initial_state();
  return lc;
}

void check_parent(Parent p) {
  // The common rate 0.1 (1, 1, 1) rad/s and a fast one, |ω| ≈ 1.0 rad/s.
  for (const Vector3d& omega0 : {omega_BN_B0(), Vector3d(0.6, -0.7, 0.4)}) {
    BOOST_TEST_CONTEXT("parent " << parent_name(p) << ", |omega0| = " << omega0.norm()) {
      LockedCase lc = locked_case(p, omega0);
      const System system(lc.c.model);
      if (lc.lock_by_input) {
        const auto& chain = dynamic_cast<const SerialChain&>(*lc.c.parent);
        chain.set_locked(0, true, *lc.c.model, system.inputs(), lc.x0);
        BOOST_TEST(lc.x0[lc.c.model->vehicle(0).offsets().state_effectors[0] + 1] == 0.0);
      }
      // Round-off bound. ψ' = v_P2 − v_P1 − ω × r_P2P1 subtracts velocities of |v_BN| ≈ 7.6e3 m/s
      // that agree to all digits, and r_P2P1 is a difference of published positions of |r_BN| ≈
      // 1e7 m, each rounded to ½ ulp ≈ 4.7e-10 m per component, then multiplied by ω. So
      // |ψ'| ≲ c ε (|v_BN| + |ω| |r_BN|) with c a count of roundings; c = 16 allows ~8 on each term
      // (|ω| stays within a few % of |ω0|: the welded vehicle is torque-free about C). With β the
      // force bound is β times that: 6.2e-5 N at 0.17 rad/s, 3.6e-4 N at 1 rad/s, while the lagging
      // publication below gives ~4e3 and ~3e4 N.
      const double rate_tol = 16.0 * kEps * (v_CN_N0().norm() + omega0.norm() * r_CN_N0().norm());
      const double force_tol = kBeta * rate_tol;

      Monitor m4;
      {
        VectorXd x = lc.x0;
        CheckedSystem checked{&system, lc.constraint.get(), lc.c.parent.get(), &m4, true};
        odeint_steppers::rk4 stepper;
        const double h = 1.0 / 1024.0;
        for (int i = 0; i < 1024; ++i) stepper.do_step(checked, x, i * h, h);
        BOOST_TEST(x.allFinite());
      }
      Monitor m5;
      {
        VectorXd x = lc.x0;
        CheckedSystem checked{&system, lc.constraint.get(), lc.c.parent.get(), &m5, false};
        namespace ode = boost::numeric::odeint;
        ode::integrate_adaptive(ode::make_controlled(1e-10, 1e-10, odeint_steppers::rk_dopri5()), checked, x, 0.0, 1.0,
                                1e-3);
        BOOST_TEST(x.allFinite());
      }
      BOOST_TEST_MESSAGE(parent_name(p) << " |w0| " << omega0.norm() << ": rk4 max |F| = " << m4.max_force
                                        << " N, max |psi'| = " << m4.max_rate << " m/s over " << m4.evaluations
                                        << " evaluations; dopri5 max |F| = " << m5.max_force << " N over "
                                        << m5.evaluations << "; stale-publication |F| >= " << m4.min_stale_force
                                        << " N (tolerance " << force_tol << " N)");
      BOOST_TEST(m4.evaluations == 4096u);
      BOOST_TEST(m4.max_rate < rate_tol);
      BOOST_TEST(m4.max_force < force_tol);
      BOOST_TEST(m5.max_force < force_tol);
      // Positive control: a segment frame one stage old already gives ≥ 1e6 × the tolerance.
      BOOST_TEST(m4.min_stale_force > 1e6 * force_tol);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(branching)

// BR_05_published_velocity_<parent>, one case per parent with a lock.
RAMUS_BRANCHING_CASES_OF_PARENTS_WITH_A_LOCK(BR_05_published_velocity, check_parent)

BOOST_AUTO_TEST_SUITE_END()
