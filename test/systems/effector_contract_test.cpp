// The effector contract (docs/adding_an_effector.md §1), one line per state effector of systems/:
// no allocation, purity, the conserved quantities in orbit held to rk4's truncation error, and
// rk4's order (test/support/effector_contract.hpp). Each line runs the effector's sample vehicle
// (samples/include/ramus/samples/spacecraft.hpp) with a step in rk4's asymptotic range for its
// fastest mode.
#include <boost/test/unit_test.hpp>

#include "ramus/flex/beam.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "ramus/systems/flexible_body.hpp"
#include "support/effector_contract.hpp"

using ramus::test::check_effector_contract;
using ramus::test::ContractRun;
namespace samples = ramus::samples;

namespace {

/// The standard hub with a 4 m beam (docs/flex/beam.md) clamped at an offset, tilted frame F, its 5
/// lowest modes (1.7 to 25 rad/s: ω dt = 0.25 at dt = 0.01 s), deflected and moving: no sample
/// vehicle has a flexible body yet.
std::shared_ptr<ramus::Model> flexible_array() {
  ramus::flex::BeamConfig b;
  b.length = 4.0;
  b.EI_y = 300.0;
  b.EI_z = 500.0;
  b.GJ = 200.0;
  b.rhoJ = 0.05;
  b.EA = 1e6;
  b.rhoA = 5.0;
  b.elements = 6;
  b.modes = 5;
  ramus::FlexibleBodyConfig c;
  c.modes = ramus::flex::clamped_beam(b);
  c.r_FB_B = ramus::units::Length3(Eigen::Vector3d(0.8, 0.1, 0.0), boost::units::si::meter);
  c.dcm_FB = Eigen::AngleAxisd(0.3, Eigen::Vector3d(1.0, 2.0, 3.0).normalized()).toRotationMatrix();
  c.eta0 = Eigen::VectorXd::Constant(5, 0.05);
  c.etaDot0 = Eigen::VectorXd::Constant(5, -0.03);
  auto model = std::make_shared<ramus::Model>();
  ramus::Vehicle& sc = model->add_vehicle("sc", ramus::test::standard_hub());
  sc.add_state_effector(std::make_shared<ramus::FlexibleBody>("array", c));
  sc.set_initial_state(ramus::test::initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(),
                                                  ramus::Quaternion(1.0, 0.0, 0.0, 0.0),
                                                  Eigen::Vector3d(0.1, -0.15, 0.2)));
  return model;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(effector_contract)

// Steps: ω·dt ≲ 0.2 on each sample's fastest mode, a wheel's angle included (the bench's dt0 where
// the bench has the sample and no angle turns faster).
BOOST_AUTO_TEST_CASE(hinged_rigid_body) { check_effector_contract(samples::panels2(), {4.0, 0.2}); }
BOOST_AUTO_TEST_CASE(n_hinged_rigid_body) { check_effector_contract(samples::array8(), {1.0, 0.0125}); }
BOOST_AUTO_TEST_CASE(spinning_body_1dof) { check_effector_contract(samples::spinning_body_1dof(), {4.0, 0.05}); }
BOOST_AUTO_TEST_CASE(spinning_body_2dof) {  // the gimbal's dampers dissipate
  check_effector_contract(samples::gimbal_thruster().model, {4.0, 0.05, false});
}
BOOST_AUTO_TEST_CASE(spinning_body_ndof) { check_effector_contract(samples::chain(4), {2.0, 0.05}); }
BOOST_AUTO_TEST_CASE(translating_body_1dof) { check_effector_contract(samples::translating_body_1dof(), {4.0, 0.05}); }
BOOST_AUTO_TEST_CASE(translating_body_ndof) { check_effector_contract(samples::translating_body_ndof(), {4.0, 0.05}); }
BOOST_AUTO_TEST_CASE(vscmg) { check_effector_contract(samples::vscmg4(), {2.0, 0.02}); }
BOOST_AUTO_TEST_CASE(fully_coupled_jitter_wheel) {  // its imbalance turns at 100 rad/s
  check_effector_contract(samples::fully_coupled_jitter_wheel(), {1.0, 0.01});
}
BOOST_AUTO_TEST_CASE(reaction_wheels) { check_effector_contract(samples::wheels4(), {8.0, 0.5}); }
BOOST_AUTO_TEST_CASE(simple_jitter_reaction_wheels) {  // imbalance loads, external to the model, at 500 rad/s
  check_effector_contract(samples::simple_jitter_reaction_wheels(), {0.4, 0.002, false, false, false});
}
BOOST_AUTO_TEST_CASE(linear_spring_mass_damper) {
  check_effector_contract(samples::linear_spring_mass_damper(), {4.0, 0.05});
}
BOOST_AUTO_TEST_CASE(flexible_body) { check_effector_contract(flexible_array(), {2.0, 0.01}); }
BOOST_AUTO_TEST_CASE(spherical_pendulum) { check_effector_contract(samples::spherical_pendulum(), {8.0, 0.1}); }
BOOST_AUTO_TEST_CASE(thruster_state_effector) {  // its thrust through C moves the orbit only
  check_effector_contract(samples::thruster_state_effector(), {4.0, 0.05, true, true, false});
}
BOOST_AUTO_TEST_CASE(fuel_tank) { check_effector_contract(samples::fuel_tank(), {8.0, 0.2}); }
BOOST_AUTO_TEST_CASE(prescribed_platform) {  // the actuator works on the rotational energy
  check_effector_contract(samples::prescribed_platform(), {4.0, 0.02, false});
}

BOOST_AUTO_TEST_SUITE_END()
