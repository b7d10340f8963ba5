// BR-04 (docs/verification/BR_04.md): work–energy balance of every parent with its children, all
// dampers zero. T_rot (diagnostics' rotational_energy: kinetic energy relative to C plus the springs)
// changes by the power of the children's loads relative to C,
//   residual(t) = ΔT_rot(t) − ∫ ([NS]τ · ω_SN + [NS]F · (v_SN − v_CN)) dt,
// the work integral by the trapezoid rule over the per-step samples, with the loads, the segment's
// kinematics and v_CN all by hand. For a correct model the residual is the trapezoid's error: the
// step-halving ratio of its largest value over the run is ≈ 1/4 (asserted in [0.2, 0.3]); a wrong
// generalized force leaves a residual that does not shrink (ratio → 1). Unlike BR-03's
// whole-vehicle balances, this one sees each joint row: the negative controls below show both.
#include <array>
#include <boost/test/unit_test.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "branching/branching_support.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

enum class Load { force_torque, thruster, two_children };

/// The thruster of BR-04: first-order ramp τ = 0.05 s, so that the thrust is continuous at the
/// firing edges 0.25 s and 0.75 s (on the step grid); an instant switch is not (see BR_04.md and
/// dynamic_effectors_test.cpp: RK4's last stage of the step ending on t_on sees the thrust on).
ThrusterSpec ramp_thruster() {
  ThrusterSpec s;
  s.tau = 0.05;
  return s;
}

/// Attaches the children of `load` (× scale) to the parent's Basilisk segment; returns the hand load.
HandLoad attach(BranchCase& c, Load load, double scale) {
  const std::size_t seg = c.spec.child_segment;
  switch (load) {
    case Load::force_torque:
      c.parent->add_dynamic_effector(make_force_torque("load", scale), seg);
      return hand_force_torque(scale);
    case Load::thruster:
      c.parent->add_dynamic_effector(make_thruster("thruster", ramp_thruster(), scale), seg);
      return hand_thruster(ramp_thruster(), scale);
    case Load::two_children:
      c.parent->add_dynamic_effector(make_force_torque("load", scale), seg);
      c.parent->add_dynamic_effector(make_second_force_torque("load_2", scale), seg);
      return hand_two_children(scale);
  }
  return {};
}

/// The negative controls' test-only effectors read the workspace of the System that runs them,
/// which residuals() creates: they hold this slot, filled in once the System exists.
struct WorkspaceSlot {
  const Workspace* ws = nullptr;
};

/// A model to run: the case, the load the work integral assumes, and the slot (if any).
struct EnergyCase {
  BranchCase c;
  HandLoad assumed;
  std::shared_ptr<WorkspaceSlot> slot;
};
using CaseBuilder = std::function<EnergyCase()>;

struct Residuals {
  double energy = 0.0;    ///< [J] max |ΔT_rot − W|
  double momentum = 0.0;  ///< [N m s] max |ΔH_C − ∫τ_C dt| (the BR-03 balance, for the negative controls)
};

Residuals residuals(const CaseBuilder& build, double h, double T = 1.0) {
  EnergyCase ec = build();
  BranchCase& c = ec.c;
  const System system(c.model);
  if (ec.slot) ec.slot->ws = &system.workspace();
  const std::vector<Sample> run = run_sampled(system, c.model->initial_state(), T, h);
  std::vector<double> power, T_rot;
  std::vector<Vector3d> torque_C, H;
  for (const Sample& s : run) {
    const HandState hs = hand_state(*c.model, s.x, c.hand);
    const HandFrame& seg = hs.segments.at(c.spec.child_segment);
    const auto [F_N, tau_N] = ec.assumed(seg, s.t);
    power.push_back(tau_N.dot(seg.omega_N) + F_N.dot(seg.v_N - hs.v_CN_N));
    torque_C.push_back(tau_N + (hs.r_SB_N.at(c.spec.child_segment) - hs.r_CB_N).cross(F_N));
    const VehicleDiagnostics d = vehicle_diagnostics(*c.model, s.x, s.t, 0);
    T_rot.push_back(d.rotational_energy);
    H.push_back(d.H_rot_PntC_N);
  }
  const std::vector<double> work = cumulative_trapezoid(power, h);
  const std::vector<Vector3d> impulse = cumulative_trapezoid(torque_C, h);
  Residuals r;
  for (std::size_t k = 0; k < run.size(); ++k) {
    r.energy = std::max(r.energy, std::abs(T_rot[k] - T_rot[0] - work[k]));
    r.momentum = std::max(r.momentum, (H[k] - H[0] - impulse[k]).norm());
  }
  return r;
}

/// Residuals at h0 = 2^-7 s, h0/2, h0/4 and their halving ratios.
struct Study {
  std::array<Residuals, 3> r;
  std::array<double, 2> energy_ratio, momentum_ratio;
};
Study study(const CaseBuilder& build) {
  Study s;
  const std::array<double, 3> steps = {1.0 / 128.0, 1.0 / 256.0, 1.0 / 512.0};
  for (std::size_t i = 0; i < 3; ++i) s.r[i] = residuals(build, steps[i]);
  for (std::size_t i = 0; i < 2; ++i) {
    s.energy_ratio[i] = s.r[i + 1].energy / s.r[i].energy;
    s.momentum_ratio[i] = s.r[i + 1].momentum / s.r[i].momentum;
  }
  return s;
}

void report(const std::string& what, const Study& s) {
  BOOST_TEST_MESSAGE(what << ": energy residual " << s.r[0].energy << ", " << s.r[1].energy << ", " << s.r[2].energy
                          << " J, ratios " << s.energy_ratio[0] << ", " << s.energy_ratio[1]
                          << "; momentum residual ratios " << s.momentum_ratio[0] << ", " << s.momentum_ratio[1]);
}

std::string load_name(Load l) {
  return name_of(l, std::array<std::string_view, 3>{"force_torque", "thruster", "two_children"});
}

void check_energy(Parent p, Load load, double scale) {
  const Study s = study([&] {
    EnergyCase ec{common_case(parent_spec(p, /*dampers=*/false)), {}, nullptr};
    ec.assumed = attach(ec.c, load, scale);
    ec.c.model->finalize();
    return ec;
  });
  report(parent_name(p) + " " + load_name(load) + (scale == 1.0 ? "" : " x10"), s);
  for (double ratio : s.energy_ratio) {
    // The trapezoid's O(h²): 1/4. The window [0.2, 0.3] refuses a residual that does not shrink
    // (a wrong generalized force: ratio → 1) and one that fell to a floor (ratio ≪ 1/4 would mean
    // RK4's own O(h⁴) error or round-off dominates and the check measures nothing).
    BOOST_TEST(ratio > 0.2);
    BOOST_TEST(ratio < 0.3);
  }
}

// ---- negative controls --------------------------------------------------------------------------
/// The child's load in the wrong frame: (1, 1, 1) N and N m in B components handed over as if in
/// the segment frame — what a parent that forgets [BS] would apply. The work integral still assumes
/// the segment frame.
class WrongFrameForceTorque final : public DynamicEffector {
 public:
  WrongFrameForceTorque(std::string name, std::shared_ptr<const WorkspaceSlot> slot)
      : DynamicEffector(std::move(name)), slot_(std::move(slot)) {}
  std::string_view kind() const override { return "wrong_frame_force_torque"; }
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext&) const override {
    // Model::finalize() evaluates once with its own workspace, before the slot is filled: nothing.
    if (slot_->ws == nullptr) return {};
    // The hub's attitude of the current evaluation (the kinematics stage runs before the loads).
    const Matrix3d dcm_SB = frame.dcm_FN * slot_->ws->vehicles[0].ctx.hub.dcm_FN.transpose();
    Wrench w;
    w.force_F = dcm_SB * ft_force_S();
    w.torque_PntF_F = dcm_SB * ft_torque_S();
    return w;
  }

 private:
  std::shared_ptr<const WorkspaceSlot> slot_;
};

/// Basilisk's 2-DOF θ1 sign error (reference §2.6: −ŝ1·τ̄2 where +ŝ1·τ̄2 belongs) as an internal
/// torque pair: T = −2 (ŝ1·τ̄2) ŝ1 on body 1 and −T on the hub. It changes the θ1 generalized force
/// only, conserves the vehicle's momentum, and does work T·(ω_S1 − ω_B).
struct SignErrorPair {
  std::shared_ptr<const WorkspaceSlot> slot;
  const StateEffector* parent;
  Vector3d s1_S1;  ///< spin axis 1 in S1
  Vector3d T_N() const {
    if (slot->ws == nullptr) return Vector3d::Zero();  // finalize()'s own evaluation
    const auto& e = *slot->ws->vehicles[0].effectors[0];
    const Matrix3d dcm_NS1 = parent->segment(0, e).dcm_FN.transpose();
    const Matrix3d dcm_NS2 = parent->segment(1, e).dcm_FN.transpose();
    const Vector3d s1_N = dcm_NS1 * s1_S1;
    const Vector3d tau2_N = dcm_NS2 * ft_torque_S();
    return -2.0 * s1_N.dot(tau2_N) * s1_N;
  }
};
/// One side of the pair: T on body 1 (`on_hub` false) or −T on the hub, in the frame it is handed.
class SignErrorTorque final : public DynamicEffector {
 public:
  SignErrorTorque(std::string name, std::shared_ptr<const SignErrorPair> pair, bool on_hub)
      : DynamicEffector(std::move(name)), pair_(std::move(pair)), on_hub_(on_hub) {}
  std::string_view kind() const override { return on_hub_ ? "sign_error_on_hub" : "sign_error_on_body"; }
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext&) const override {
    Wrench w;
    const Vector3d T_F = frame.dcm_FN * pair_->T_N();
    w.torque_PntF_F = on_hub_ ? Vector3d(-T_F) : T_F;
    return w;
  }

 private:
  std::shared_ptr<const SignErrorPair> pair_;
  bool on_hub_;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(branching)

#define RAMUS_BR04_CASE(P, L)                                                             \
  BOOST_AUTO_TEST_CASE(BR_04_energy_##P##_##L) { check_energy(Parent::P, Load::L, 1.0); } \
  BOOST_AUTO_TEST_CASE(BR_04_energy_##P##_##L##_load_x10) { check_energy(Parent::P, Load::L, 10.0); }
#define RAMUS_BR04_PARENT(P)       \
  RAMUS_BR04_CASE(P, force_torque) \
  RAMUS_BR04_CASE(P, thruster)     \
  RAMUS_BR04_CASE(P, two_children)

RAMUS_BR04_PARENT(hinged)
RAMUS_BR04_PARENT(spinning_1dof)
RAMUS_BR04_PARENT(spinning_2dof)
RAMUS_BR04_PARENT(spinning_ndof)
RAMUS_BR04_PARENT(translating_1dof)

#undef RAMUS_BR04_PARENT
#undef RAMUS_BR04_CASE

// Negative control 1: the child's wrench in the wrong frame (B components handed over as segment
// components) while the work integral assumes the segment frame. The residual is then the work
// of the difference of two loads, which converges to a non-zero value: ratio → 1 on every parent.
BOOST_AUTO_TEST_CASE(BR_04_negative_control_wrong_frame) {
  for (Parent p : kCompatibleParents) {
    BOOST_TEST_CONTEXT("parent " << parent_name(p)) {
      const Study s = study([&] {
        EnergyCase ec{common_case(parent_spec(p, false)), hand_force_torque(), std::make_shared<WorkspaceSlot>()};
        ec.c.parent->add_dynamic_effector(std::make_shared<WrongFrameForceTorque>("wrong", ec.slot),
                                          ec.c.spec.child_segment);
        ec.c.model->finalize();
        return ec;
      });
      report(parent_name(p) + " wrong frame", s);
      // Outside the band, towards 1: the residual no longer measures the trapezoid's error.
      for (double ratio : s.energy_ratio) BOOST_TEST(ratio > 0.8);
    }
  }
}

// Negative control 2: Basilisk's 2-DOF θ1 sign error, modelled as an internal torque pair between
// body 1 and the hub. The whole-vehicle balances cannot see it (BR-03's ΔH residual still shrinks
// ×4 per halving, and ΔV is untouched); the energy balance does (ratio → 1).
BOOST_AUTO_TEST_CASE(BR_04_negative_control_2dof_theta1_sign) {
  const Study s = study([&] {
    EnergyCase ec{common_case(parent_spec(Parent::spinning_2dof, false)), hand_force_torque(),
                  std::make_shared<WorkspaceSlot>()};
    auto pair = std::make_shared<SignErrorPair>(SignErrorPair{ec.slot, ec.c.parent.get(), ec.c.spec.joints[0].axis});
    ec.c.parent->add_dynamic_effector(make_force_torque("load"), 1);
    ec.c.parent->add_dynamic_effector(std::make_shared<SignErrorTorque>("sign_error_body", pair, false), 0);
    ec.c.model->vehicle(0).add_dynamic_effector(std::make_shared<SignErrorTorque>("sign_error_hub", pair, true));
    ec.c.model->finalize();
    return ec;
  });
  report("spinning_2dof theta1 sign error", s);
  for (double ratio : s.momentum_ratio) {
    BOOST_TEST(ratio > 0.2);  // BR-03's balance passes: it is blind to the joint row
    BOOST_TEST(ratio < 0.3);
  }
  for (double ratio : s.energy_ratio) BOOST_TEST(ratio > 0.8);  // BR-04's does not
}

BOOST_AUTO_TEST_SUITE_END()
