// Hostile inputs to the effector models: inertia tensors no rigid body has (the triangle
// inequality of principal moments) for every model that takes one, and a pulsed torque whose
// cycle 2 count_on + count_off does not fit an int.
#include <boost/test/unit_test.hpp>
#include <climits>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "kernel/test_support.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/systems/fully_coupled_jitter_wheel.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/n_hinged_rigid_body.hpp"
#include "ramus/systems/prescribed_platform.hpp"
#include "ramus/systems/pulsed_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/serial_chain.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/translating_body.hpp"
#include "ramus/systems/vscmg.hpp"

using namespace ramus;
using ramus::test::message_has_all;
namespace si = boost::units::si;

namespace {

Eigen::Matrix3d diag(double a, double b, double c) { return Eigen::Vector3d(a, b, c).asDiagonal(); }
units::InertiaTensor tensor(const Eigen::Matrix3d& I) { return {I, units::kg_m2}; }

/// Impossible: 100 > 1 + 1 (I1 + I2 − I3 = 2 ∫ z² dm ≥ 0 for any body).
const Eigen::Matrix3d kImpossible = diag(1.0, 1.0, 100.0);
/// A thin plate 0.4 m × 0.6 m of 3 kg: m/12 diag(b², a², a² + b²), on the bound I3 = I1 + I2.
const Eigen::Matrix3d kPlate = 3.0 / 12.0 * diag(0.36, 0.16, 0.52);

/// A configuration of type Config of a rigid body of mass m [kg] whose inertia tensor field
/// `tensor_field` is I [kg m²]; every other field its default.
template <class Config>
Config rigid_body(double m, units::InertiaTensor Config::*tensor_field, const Eigen::Matrix3d& I) {
  Config c;
  c.mass = m * si::kilogram;
  c.*tensor_field = tensor(I);
  return c;
}

HingedRigidBodyConfig panel(const Eigen::Matrix3d& I) {
  HingedRigidBodyConfig c = rigid_body(10.0, &HingedRigidBodyConfig::I_PntSc_S, I);
  c.d = 1.0 * si::meter;
  return c;
}

HingedPanelConfig array_panel(const Eigen::Matrix3d& I) {
  HingedPanelConfig p = rigid_body(10.0, &HingedPanelConfig::I_PntSc_S, I);
  p.d = 0.5 * si::meter;
  p.length = 1.0 * si::meter;
  return p;
}

SpinningAxisConfig spinning_axis(const Eigen::Matrix3d& I) {
  return rigid_body(2.0, &SpinningAxisConfig::I_PntSc_S, I);
}

TranslatingAxisConfig translating_axis(const Eigen::Matrix3d& I) {
  return rigid_body(2.0, &TranslatingAxisConfig::I_PntFc_F, I);
}

/// A VSCMG: spin x, transverse y, gimbal z; gimbal body 2 kg with IG, wheel 5 kg with IW.
VscmgConfig cmg(const Eigen::Matrix3d& IG, double IW1, double IW2, double IW3) {
  VscmgConfig c;
  c.gsHat0_B = Eigen::Vector3d::UnitX();
  c.gtHat0_B = Eigen::Vector3d::UnitY();
  c.ggHat_B = Eigen::Vector3d::UnitZ();
  c.massG = 2.0 * si::kilogram;
  c.IG_PntGc_G = tensor(IG);
  c.massW = 5.0 * si::kilogram;
  c.IW1 = IW1 * units::kg_m2;
  c.IW2 = IW2 * units::kg_m2;
  c.IW3 = IW3 * units::kg_m2;
  return c;
}

JitterWheelConfig jitter_wheel(double Js, double Jt, double Jg) {
  JitterWheelConfig c;
  c.gsHat_B = Eigen::Vector3d::UnitX();
  c.w2Hat0_B = Eigen::Vector3d::UnitY();
  c.mass = 5.0 * si::kilogram;
  c.Js = Js * units::kg_m2;
  c.Jt = Jt * units::kg_m2;
  c.Jg = Jg * units::kg_m2;
  return c;
}

PrescribedPlatformConfig platform(const Eigen::Matrix3d& I) {
  return rigid_body(5.0, &PrescribedPlatformConfig::I_PntPc_P, I);
}
PrescribedProfile at_rest() {
  return hold_profile({Eigen::Vector3d::Zero(), si::meter}, Quaternion(1.0, 0.0, 0.0, 0.0));
}

/// A wheel of 1 kg spinning about b3 with (Js, Jt) [kg m²].
ReactionWheelConfig wheel_about_b3(double Js, double Jt) {
  ReactionWheelConfig w;
  w.gsHat_B = Eigen::Vector3d::UnitZ();
  w.mass = 1.0 * si::kilogram;
  w.Js = Js * units::kg_m2;
  w.Jt = Jt * units::kg_m2;
  return w;
}

/// A model with one hub carrying `effector`, finalized.
void finalize_with(const std::shared_ptr<StateEffector>& effector) {
  Model model;
  model.add_vehicle("sc", test::hub_config(100.0, diag(10.0, 11.0, 12.0))).add_state_effector(effector);
  model.finalize();
}

/// A model with one hub and reaction wheels of (Js, Jt) [kg m²], finalized.
void finalize_wheel(double Js, double Jt) {
  finalize_with(std::make_shared<ReactionWheels>("rw", std::vector<ReactionWheelConfig>{wheel_about_b3(Js, Jt)}));
}

/// A model with one hub and a simple-jitter wheel (Js, Jt, Ud) [kg m²] spinning about b3, finalized.
void finalize_simple_jitter(double Js, double Jt, double Ud) {
  WheelImbalanceConfig u;
  u.w2Hat0_B = Eigen::Vector3d::UnitX();
  u.Ud = Ud * units::kg_m2;
  finalize_with(std::make_shared<SimpleJitterReactionWheels>(
      "jitter", std::vector<ReactionWheelConfig>{wheel_about_b3(Js, Jt)}, std::vector<WheelImbalanceConfig>{u}));
}

PulsedTorqueConfig pulses(int count_on, int count_off, double period = 1.0) {
  PulsedTorqueConfig c;
  c.torque_PntB_B = {Eigen::Vector3d(0.0, 0.0, 1.0), units::newton_meter};
  c.period = period * si::second;
  c.count_on = count_on;
  c.count_off = count_off;
  return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rigid_body_inertia_hostile)

BOOST_AUTO_TEST_CASE(hinged_panels) {
  BOOST_CHECK_EXCEPTION(HingedRigidBody("panel", panel(kImpossible)), ConfigurationError,
                        message_has_all({"hinged_rigid_body 'panel'", "I_PntSc_S", "principal moments", "100"}));
  BOOST_CHECK_NO_THROW(HingedRigidBody("panel", panel(kPlate)));
  BOOST_CHECK_EXCEPTION(
      NHingedRigidBody("array", {Eigen::Vector3d::Zero(), si::meter}, {array_panel(kPlate), array_panel(kImpossible)}),
      ConfigurationError,
      message_has_all({"n_hinged_rigid_body 'array'", "panel 2", "I_PntSc_S", "principal moments"}));
}

BOOST_AUTO_TEST_CASE(spinning_translating_and_chain_links) {
  BOOST_CHECK_EXCEPTION(SpinningBodyOneDOF("spinner", spinning_axis(kImpossible)), ConfigurationError,
                        message_has_all({"spinning_body_1dof 'spinner'", "I_PntSc_S", "principal moments"}));
  BOOST_CHECK_EXCEPTION(SpinningBodyTwoDOF("gimbal", spinning_axis(kPlate), spinning_axis(kImpossible)),
                        ConfigurationError,
                        message_has_all({"spinning_body_2dof 'gimbal' axis 2", "principal moments"}));
  BOOST_CHECK_NO_THROW(SpinningBodyOneDOF("spinner", spinning_axis(kPlate)));
  BOOST_CHECK_EXCEPTION(TranslatingBodyOneDOF("slider", translating_axis(kImpossible)), ConfigurationError,
                        message_has_all({"translating_body_1dof 'slider'", "I_PntFc_F", "principal moments"}));
  BOOST_CHECK_NO_THROW(TranslatingBodyOneDOF("slider", translating_axis(kPlate)));
  ChainLink link;
  link.m = 1.0;
  link.I_PntSc_S = kImpossible;
  BOOST_CHECK_EXCEPTION(SerialChain("chain", {link}), ConfigurationError,
                        message_has_all({"serial_chain 'chain' joint 1", "I_PntSc_S", "principal moments"}));
}

BOOST_AUTO_TEST_CASE(gimbal_and_wheels_of_a_vscmg) {
  // The gimbal frame's tensor, and the wheel's [IW1 0 Ud; 0 IW2 0; Ud 0 IW3]: IW1 ≤ IW2 + IW3.
  BOOST_CHECK_EXCEPTION(Vscmg("cmg", cmg(kImpossible, 0.2, 0.1, 0.1)), ConfigurationError,
                        message_has_all({"vscmg 'cmg'", "IG_PntGc_G", "principal moments"}));
  BOOST_CHECK_EXCEPTION(Vscmg("cmg", cmg(kPlate, 1.0, 0.1, 0.1)), ConfigurationError,
                        message_has_all({"vscmg 'cmg'", "IW1", "principal moments", "triangle inequality"}));
  // A flat disc: IW1 = IW2 + IW3.
  BOOST_CHECK_NO_THROW(Vscmg("cmg", cmg(kPlate, 0.2, 0.1, 0.1)));
}

BOOST_AUTO_TEST_CASE(fully_coupled_jitter_wheel) {
  // Principal moments (Js, Jt, Jg) for Ud = 0: Js ≤ Jt + Jg.
  BOOST_CHECK_EXCEPTION(FullyCoupledJitterWheel("jw", jitter_wheel(1.0, 0.1, 0.1)), ConfigurationError,
                        message_has_all({"fully_coupled_jitter_wheel 'jw'", "Js", "principal moments"}));
  BOOST_CHECK_NO_THROW(FullyCoupledJitterWheel("jw", jitter_wheel(0.2, 0.1, 0.1)));  // a flat disc
}

BOOST_AUTO_TEST_CASE(prescribed_platform) {
  BOOST_CHECK_EXCEPTION(PrescribedPlatform("table", platform(kImpossible), at_rest()), ConfigurationError,
                        message_has_all({"prescribed_platform 'table'", "I_PntPc_P", "principal moments"}));
  BOOST_CHECK_NO_THROW(PrescribedPlatform("table", platform(kPlate), at_rest()));
}

BOOST_AUTO_TEST_CASE(balanced_reaction_wheels) {
  // The model holds Js and Jt: principal moments (Js, Jt, Jt), so Js ≤ 2 Jt; refused at finalize.
  BOOST_CHECK_EXCEPTION(
      finalize_wheel(1.0, 0.1), ConfigurationError,
      message_has_all({"reaction_wheels 'rw' wheel 0", "Js [kg m^2] and Jt [kg m^2]", "2 Jt", "principal moments"}));
  BOOST_CHECK_NO_THROW(finalize_wheel(0.2, 0.1));  // a flat disc: Js = 2 Jt
  BOOST_CHECK_NO_THROW(finalize_wheel(1.0, 0.0));  // Jt = 0: transverse inertia booked in the hub
  // The tolerance of every tensor: (Js − 2 Jt) ≤ 1e-9 (Js + 2 Jt); the trace here is 0.4.
  BOOST_CHECK_NO_THROW(finalize_wheel(0.2 + 0.4 * 0.5e-9, 0.1));
  BOOST_CHECK_THROW(finalize_wheel(0.2 + 0.4 * 2e-9, 0.1), ConfigurationError);
}

BOOST_AUTO_TEST_CASE(simple_jitter_wheels) {
  // The model's rotor is the balanced wheel: Js ≤ 2 Jt is checked; U_d is an imposed load, so a
  // Basilisk-style disc (Js = 2 Jt) with a datasheet U_d is accepted.
  BOOST_CHECK_EXCEPTION(finalize_simple_jitter(1.0, 0.1, 0.0), ConfigurationError,
                        message_has_all({"reaction_wheels 'jitter' wheel 0", "Js <= 2 Jt", "principal moments"}));
  BOOST_CHECK_NO_THROW(finalize_simple_jitter(0.04, 0.02, 3e-6));
  BOOST_CHECK_NO_THROW(finalize_simple_jitter(0.2, 0.0, 0.05));  // Jt = 0: transverse inertia in the hub
}

BOOST_AUTO_TEST_SUITE_END()

// -------------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(pulsed_torque_hostile)

BOOST_AUTO_TEST_CASE(cycle_of_the_largest_counts) {
  // 2 INT_MAX + INT_MAX = 6442450941 counts: beyond int, exact in 64 bits and in a double.
  BOOST_TEST(PulsedTorque::cycle_counts(INT_MAX, INT_MAX) == 6442450941.0);
  BOOST_TEST(PulsedTorque::cycle_counts(1, 0) == 2.0);
}

BOOST_AUTO_TEST_CASE(pulse_signs_with_counts_near_int_max) {
  // period 1 s from t = 0: +τ for counts [0, n), −τ for [n, 2n), 0 for [2n, 2n + n_off), then again
  // (eq. 1). Every time below is a small integer plus 0.5, exact in a double.
  const double n = INT_MAX;
  const PulsedTorque with_off("p", pulses(INT_MAX, INT_MAX));
  BOOST_TEST(with_off.pulse(0.5) == 1);
  BOOST_TEST(with_off.pulse(n - 0.5) == 1);
  BOOST_TEST(with_off.pulse(n + 0.5) == -1);
  BOOST_TEST(with_off.pulse(2.0 * n - 0.5) == -1);
  BOOST_TEST(with_off.pulse(2.0 * n + 0.5) == 0);
  BOOST_TEST(with_off.pulse(3.0 * n - 0.5) == 0);
  BOOST_TEST(with_off.pulse(3.0 * n + 0.5) == 1);  // the second cycle
  const PulsedTorque no_off("q", pulses(INT_MAX, 0));
  BOOST_TEST(no_off.pulse(n + 0.5) == -1);
  BOOST_TEST(no_off.pulse(2.0 * n + 0.5) == 1);
}

BOOST_AUTO_TEST_CASE(cycle_too_long_for_a_double) {
  // (2 INT_MAX + INT_MAX) × 1e300 s > DBL_MAX.
  BOOST_CHECK_EXCEPTION(
      PulsedTorque("p", pulses(INT_MAX, INT_MAX, 1e300)), ConfigurationError,
      message_has_all({"pulsed_torque 'p'", "period [s] = " + validation::to_text(1e300), "6442450941", "overflows"}));
  BOOST_CHECK_NO_THROW(PulsedTorque("p", pulses(1, 0, 1e300)));  // 2e300 s: representable
}

BOOST_AUTO_TEST_SUITE_END()
