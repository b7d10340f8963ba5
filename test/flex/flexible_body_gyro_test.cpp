// A gyro on a flexible body's node (docs/models/flexible_body.md §9; the attitude-control task's
// gyro_effector, gyro_segment): the task's navigated rate is the node frame's angular velocity,
// the hub's plus the modal rotation rate ψ η̇ of eq. (15), read in B through the mount as installed
// — computed here from the modal data and the logged state, not by the task. On the hub the same
// gyro reads the hub's rate: the check can fail.
#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "flex/beams.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/flexible_body.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/models.hpp"
#include "support/task_run.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;
using namespace ramus::fsw;
namespace tf = ramus::test::flex;
namespace si = boost::units::si;

constexpr tf::UniformBeam kArray{5.0, 1137.0, 11370.0, 5000.0, 3.3, 1e7, 10.0};

Eigen::Matrix3d dcm_FB() {
  Eigen::Matrix3d m;
  m << 0, 1, 0, -1, 0, 0, 0, 0, 1;  // the array along B's y
  return m;
}

/// Hub 500 kg tumbling slowly, the array (6 modes) undeformed but vibrating, an ideal torquer.
std::shared_ptr<Model> vehicle() {
  auto model = std::make_shared<Model>();
  Vehicle& sc =
      model->add_vehicle("sc", hub_config(500.0, Eigen::Vector3d(400.0, 300.0, 350.0), Eigen::Vector3d::Zero()));
  sc.set_initial_state(initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Quaternion(1.0, 0.0, 0.0, 0.0),
                                     Eigen::Vector3d(0.01, -0.02, 0.015)));
  FlexibleBodyConfig c;
  c.modes = ramus::flex::clamped_beam(tf::beam_config(kArray, 10, 6));
  c.r_FB_B = units::Length3(Eigen::Vector3d(0.0, 0.8, 0.0), si::meter);
  c.dcm_FB = dcm_FB();
  c.etaDot0 = Eigen::VectorXd::Zero(6);
  c.etaDot0 << 0.05, -0.04, 0.03, 0.02, -0.01, 0.01;
  sc.add_state_effector(std::make_shared<FlexibleBody>("array", c));
  sc.add_dynamic_effector(std::make_shared<ExternalForceTorque>("torquer"));
  model->finalize();
  return model;
}

AttitudeControlTaskConfig task_config(const std::string& gyro_effector, std::size_t segment) {
  AttitudeControlTaskConfig c;
  c.vehicle = "sc";
  c.timing = {0.1, 0.0, 0};
  c.navigation = AttitudeNavigation::gyro_and_star_tracker;
  c.gyro.period = 0.1;  // noise-free: the gyro returns the rate it is given
  c.star_tracker.period = 0.1;
  c.guidance = AttitudeGuidance::inertial;
  c.control.K = 1.0;
  c.control.P = 10.0 * Eigen::Matrix3d::Identity();
  c.control.I_PntC_B = Eigen::Vector3d(900.0, 400.0, 900.0).asDiagonal();
  c.actuator = AttitudeActuator::ideal_torque;
  c.gyro_effector = gyro_effector;
  c.gyro_segment = segment;
  return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(flexible_body_gyro)

// 5 s of closed loop at 10 Hz (rk4, 10 ms). After each sample, the task's omega_BN_B against
// dcm_FBᵀ [SF](η) (dcm_FB ω + ψ_tip η̇) from the state at the sample (the mount was installed at
// η = 0: its orientation is dcm_FB): the same sums in another order, 1e-12 relative. The modal
// part is most of what the tip gyro reads here (asserted: the tip's reading differs from the
// hub's rate by more than 10 % of it at some sample), and a gyro on the hub reads the hub's rate.
BOOST_AUTO_TEST_CASE(a_gyro_on_the_tip_reads_the_hub_and_the_modal_rates) {
  const std::shared_ptr<Model> model = vehicle();
  const auto& array = dynamic_cast<const FlexibleBody&>(*model->vehicle(0).state_effectors()[0]);
  const ModalNode& tip = array.modes().nodes.back();
  const Eigen::Index omega = block_offset(*model, "sc/hub", "omega_BN_B");
  const Eigen::Index eta = block_offset(*model, "sc/array", "eta"), etaDot = block_offset(*model, "sc/array", "etaDot");
  for (const bool on_tip : {true, false}) {
    auto task = std::make_shared<AttitudeControlTask>("acs", task_config(on_tip ? "array" : "", 10));
    TaskRun run({task}, 0.01);
    double worst = 0.0, modal_share = 0.0;
    // The driver samples the task at t_k after the observer has seen the step ending at t_k: the
    // expected reading is formed from the state at t_k and compared at the next step's end.
    std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>> pending;  // (expected, hub rate)
    int compared = 0;
    run.settings.step_observer = [&](const Eigen::VectorXd& x, double t) {
      if (pending) {
        const auto& [expected, w] = *pending;
        worst = std::max(worst, (task->omega_BN_B() - expected).norm() / expected.norm());
        modal_share = std::max(modal_share, (task->omega_BN_B() - w).norm() / w.norm());
        ++compared;
        pending.reset();
      }
      if (std::abs(t / 0.1 - std::round(t / 0.1)) > 1e-9) return;
      const Eigen::Vector3d w = x.segment<3>(omega);
      Eigen::Vector3d expected = w;
      if (on_tip) {
        const Eigen::Vector3d theta = tip.psi_F * x.segment(eta, 6);
        const Eigen::Matrix3d dcm_SF =
            theta.norm() > 0.0
                ? Eigen::Matrix3d(Eigen::AngleAxisd(theta.norm(), theta.normalized()).toRotationMatrix().transpose())
                : Eigen::Matrix3d::Identity();
        expected = dcm_FB().transpose() * dcm_SF * (dcm_FB() * w + tip.psi_F * x.segment(etaDot, 6));
      }
      pending = std::pair{expected, w};
    };
    Eigen::VectorXd x = model->initial_state();
    propagate(System(model), x, 0.0, 5.0, run.settings);
    BOOST_TEST_MESSAGE((on_tip ? "tip" : "hub") << " gyro: largest relative difference " << worst
                                                << ", largest share of the modal rate " << modal_share);
    BOOST_TEST(compared >= 45);
    BOOST_TEST(worst <= 1e-12);
    if (on_tip)
      BOOST_TEST(modal_share > 0.1);
    else
      BOOST_TEST(modal_share <= 1e-15);
  }
}

BOOST_AUTO_TEST_CASE(a_bad_mount_is_refused_naming_the_field) {
  const std::shared_ptr<Model> model = vehicle();
  check_rejected([&] { AttitudeControlTask("acs", task_config("arrray", 0)).bind(*model); },
                 {"flight-software task 'acs'", "gyro_effector", "arrray"});
  check_rejected([&] { AttitudeControlTask("acs", task_config("array", 11)).bind(*model); },
                 {"flight-software task 'acs'", "gyro_segment", "11", "11 segment(s)"});
}

BOOST_AUTO_TEST_SUITE_END()
