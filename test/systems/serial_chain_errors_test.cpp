// Rejected inputs of the serial chain and its parametrizations (docs/architecture.md §D10): each is a
// ramus::ConfigurationError whose what() names the effector and the field at fault.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <limits>
#include <string>

#include "ramus/kernel/error.hpp"
#include "systems/chain_support.hpp"

namespace {

using namespace ramus;
using namespace ramus::chain_test;

/// Runs f, which must throw a ConfigurationError whose what() contains every fragment.
void expect_configuration_error(const std::function<void()>& f, std::initializer_list<std::string> fragments) {
  try {
    f();
    BOOST_ERROR("no ConfigurationError thrown (expected one naming " << *fragments.begin() << ")");
  } catch (const ConfigurationError& e) {
    const std::string what = e.what();
    for (const std::string& s : fragments) BOOST_TEST(what.find(s) != std::string::npos, "'" << s << "' in: " << what);
  } catch (const std::exception& e) {
    BOOST_ERROR("wrong exception type: " << e.what());
  }
}

const double kNaN = std::numeric_limits<double>::quiet_NaN();

void spinner(const SpinningAxisConfig& a) { SpinningBodyOneDOF("spinner", a); }
void slider(const TranslatingAxisConfig& f) { TranslatingBodyOneDOF("slider", f); }
void panel(const HingedRigidBodyConfig& h) { HingedRigidBody("panel", h); }

/// Finalizes a model with `chain` on Basilisk's hub at rest at the origin.
void finalize_with(std::shared_ptr<SerialChain> chain) {
  make_model(
      basilisk_hub(),
      hub_state_at_B(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Quaternion(1, 0, 0, 0), Eigen::Vector3d::Zero()),
      {std::move(chain)});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(chain_errors)

BOOST_AUTO_TEST_CASE(negative_mass) {
  SpinningAxisConfig a = spinning_axis_1dof();
  a.mass = -1.0 * si::kilogram;
  expect_configuration_error([&] { spinner(a); }, {"spinner", "mass", "-1"});
  TranslatingAxisConfig f = translating_axis_1dof();
  f.mass = -2.0 * si::kilogram;
  expect_configuration_error([&] { slider(f); }, {"slider", "mass", "-2"});
}

BOOST_AUTO_TEST_CASE(non_finite_numbers) {
  SpinningAxisConfig a = spinning_axis_1dof();
  a.mass = kNaN * si::kilogram;
  expect_configuration_error([&] { spinner(a); }, {"spinner", "mass", "nan"});
  a = spinning_axis_1dof();
  a.r_ScS_S = meters(Eigen::Vector3d(0.0, kNaN, 0.0));
  expect_configuration_error([&] { spinner(a); }, {"spinner", "r_ScS_S"});
  a = spinning_axis_1dof();
  a.r_SP_P = meters(Eigen::Vector3d(std::numeric_limits<double>::infinity(), 0.0, 0.0));
  expect_configuration_error([&] { spinner(a); }, {"spinner", "r_SP_P"});
  a = spinning_axis_1dof();
  a.theta0 = kNaN * si::radian;
  expect_configuration_error([&] { spinner(a); }, {"spinner", "initial coordinate"});
  a = spinning_axis_1dof();
  a.k = kNaN * si::newton * si::meter / si::radian;
  expect_configuration_error([&] { spinner(a); }, {"spinner", "k (spring)"});
  SpinningBodyOneDOF s("spinner", spinning_axis_1dof());
  expect_configuration_error([&] { s.set_motor_input(0, kNaN); }, {"spinner", "motor input"});
}

BOOST_AUTO_TEST_CASE(inertia_not_symmetric_or_not_positive_definite) {
  SpinningAxisConfig a = spinning_axis_1dof();
  Eigen::Matrix3d I = Eigen::Vector3d(50.0, 30.0, 40.0).asDiagonal();
  I(0, 1) = 1.0;  // I(1, 0) stays 0
  a.I_PntSc_S = inertia(I);
  expect_configuration_error([&] { spinner(a); }, {"spinner", "I_PntSc_S", "symmetric"});
  a.I_PntSc_S = inertia(Eigen::Vector3d(50.0, -30.0, 40.0).asDiagonal());
  expect_configuration_error([&] { spinner(a); }, {"spinner", "I_PntSc_S", "positive definite"});
  // A body with mass needs a positive-definite inertia, zero is not one.
  a.I_PntSc_S = inertia(Eigen::Matrix3d::Zero());
  expect_configuration_error([&] { spinner(a); }, {"spinner", "I_PntSc_S", "positive definite"});
  HingedRigidBodyConfig h = hinged_config();
  h.I_PntSc_S = inertia(Eigen::Vector3d(100.0, 0.0, 50.0).asDiagonal());
  expect_configuration_error([&] { panel(h); }, {"panel", "I_PntSc_S", "positive definite"});
}

BOOST_AUTO_TEST_CASE(zero_or_non_unit_axis) {
  SpinningAxisConfig a = spinning_axis_1dof();
  a.sHat_S = Eigen::Vector3d::Zero();
  expect_configuration_error([&] { spinner(a); }, {"spinner", "sHat_S", "unit"});
  a.sHat_S = Eigen::Vector3d(0.0, -1.1, 0.0);
  expect_configuration_error([&] { spinner(a); }, {"spinner", "sHat_S", "unit"});
  TranslatingAxisConfig f = translating_axis_1dof();
  f.fHat_P = Eigen::Vector3d::Zero();
  expect_configuration_error([&] { slider(f); }, {"slider", "fHat_P"});
  f.fHat_P = Eigen::Vector3d(3.0, 4.0, 0.0);
  expect_configuration_error([&] { slider(f); }, {"slider", "fHat_P"});
}

BOOST_AUTO_TEST_CASE(non_orthonormal_dcm) {
  SpinningAxisConfig a = spinning_axis_1dof();
  a.dcm_S0P = 1.01 * basilisk_dcm();
  expect_configuration_error([&] { spinner(a); }, {"spinner", "dcm_S0P", "rotation"});
  a.dcm_S0P = -Eigen::Matrix3d::Identity();  // orthonormal, det −1: a reflection
  expect_configuration_error([&] { spinner(a); }, {"spinner", "dcm_S0P", "rotation"});
  TranslatingAxisConfig f = translating_axis_1dof();
  f.dcm_FP(0, 1) = -0.9;
  expect_configuration_error([&] { slider(f); }, {"slider", "dcm"});
  HingedRigidBodyConfig h = hinged_config();
  h.dcm_HB(2, 2) = 2.0;
  expect_configuration_error([&] { panel(h); }, {"panel", "dcm"});
}

BOOST_AUTO_TEST_CASE(negative_spring_or_damper) {
  SpinningAxisConfig a = spinning_axis_1dof();
  a.k = -1.0 * si::newton * si::meter / si::radian;
  expect_configuration_error([&] { spinner(a); }, {"spinner", "k (spring)", "-1"});
  a = spinning_axis_1dof();
  a.c = -0.5 * si::newton * si::meter * si::second / si::radian;
  expect_configuration_error([&] { spinner(a); }, {"spinner", "c (damper)", "-0.5"});
  TranslatingAxisConfig f = translating_axis_1dof();
  f.k = -3.0 * si::newton / si::meter;
  expect_configuration_error([&] { slider(f); }, {"slider", "k (spring)"});
  HingedRigidBodyConfig h = hinged_config();
  h.c = -1.0 * si::newton * si::meter * si::second / si::radian;
  expect_configuration_error([&] { panel(h); }, {"panel", "c (damper)"});
}

BOOST_AUTO_TEST_CASE(locked_with_nonzero_initial_rate) {
  SpinningAxisConfig a = spinning_axis_1dof();  // θ̇0 = −1°/s
  a.locked = true;
  expect_configuration_error([&] { spinner(a); }, {"spinner", "initial rate", "locked"});
  auto axes = spinning_axes_4dof();
  axes[2].locked = true;  // θ̇0 = 0.3°/s
  expect_configuration_error([&] { SpinningBodyNDOF("arm", axes); }, {"arm", "joint 3", "initial rate"});
  TranslatingAxisConfig f = translating_axis_1dof();  // ρ̇0 = 0.05 m/s
  f.locked = true;
  expect_configuration_error([&] { slider(f); }, {"slider", "initial rate"});
}

BOOST_AUTO_TEST_CASE(joint_index_out_of_range) {
  const ChainModel m = orbit_model({std::make_shared<SpinningBodyNDOF>("arm", spinning_axes_4dof())});
  SerialChain& arm = *m.chains[0];
  Eigen::VectorXd x = m.model->initial_state();
  const System system(m.model);
  expect_configuration_error([&] { arm.set_motor_input(4, 1.0); }, {"arm", "motor input joint", "4"});
  expect_configuration_error([&] { arm.set_motor_profile(7, [](double) { return 0.0; }); },
                             {"arm", "motor profile joint", "7"});
  expect_configuration_error([&] { arm.set_locked(4, true, *m.model, system.inputs(), x); },
                             {"arm", "lock joint", "4"});
  // The failed calls changed nothing: the state still holds the initial rates.
  BOOST_TEST((x - m.model->initial_state()).norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(wrong_state_block_size_in_set_locked) {
  const ChainModel m = orbit_model({std::make_shared<SpinningBodyNDOF>("arm", spinning_axes_4dof())});
  Eigen::VectorXd x = m.model->initial_state();
  const System system(m.model);
  Inputs& inputs = system.inputs();
  const Eigen::Index first = m.model->input_range(*m.chains[0]).offset;
  // The whole state, or another block, instead of this effector's 8 entries.
  const Eigen::Index whole = x.size();
  expect_configuration_error([&] { m.chains[0]->set_locked(0, true, inputs, first, x); },
                             {"arm", "state block size", std::to_string(whole)});
  expect_configuration_error([&] { m.chains[0]->set_locked(0, true, inputs, first, x.segment(0, 4)); },
                             {"arm", "state block size", "4"});
  BOOST_TEST(!m.chains[0]->is_locked(0, *m.model, inputs));
}

BOOST_AUTO_TEST_CASE(hinged_d_not_positive) {
  HingedRigidBodyConfig h = hinged_config();
  h.d = 0.0 * si::meter;
  expect_configuration_error([&] { panel(h); }, {"panel", "d [m]", "positive"});
  h.d = -1.5 * si::meter;
  expect_configuration_error([&] { panel(h); }, {"panel", "d [m]", "-1.5"});
  h = hinged_config();
  h.mass = 0.0 * si::kilogram;
  expect_configuration_error([&] { panel(h); }, {"panel", "mass", "positive"});
}

BOOST_AUTO_TEST_CASE(unlocked_joint_with_nothing_outboard) {
  // A massless, inertia-less tip on an unlocked joint: the joint's articulated inertia D is 0
  // (docs/models/serial_chain.md (A1)); refused at finalize, naming the body and the joint.
  auto axes = spinning_axes_2dof();
  axes[1].mass = 0.0 * si::kilogram;
  axes[1].I_PntSc_S = inertia(Eigen::Matrix3d::Zero());
  expect_configuration_error([&] { finalize_with(std::make_shared<SpinningBodyTwoDOF>("gimbal", axes[0], axes[1])); },
                             {"gimbal", "joint 2", "outboard mass"});
  // The same tip locked is a rigid weld of nothing: accepted.
  axes[1].locked = true;
  axes[1].thetaDot0 = 0.0 * si::radian_per_second;
  BOOST_CHECK_NO_THROW(finalize_with(std::make_shared<SpinningBodyTwoDOF>("gimbal", axes[0], axes[1])));
}

BOOST_AUTO_TEST_CASE(unlocked_prismatic_joint_with_massless_tip) {
  // A prismatic joint needs mass outboard (D = mass along the axis, §10.6: "a prismatic one needs
  // m > 0"); inertia without mass does not help it. A massless tip with an inertia must be
  // refused like the revolute case, naming the body, the joint and the mass.
  auto axes = translating_axes_3dof();
  axes[2].mass = 0.0 * si::kilogram;  // keeps its (positive definite) inertia
  expect_configuration_error([&] { finalize_with(std::make_shared<TranslatingBodyNDOF>("telescope", axes)); },
                             {"telescope", "joint 3", "mass"});
}

BOOST_AUTO_TEST_SUITE_END()
