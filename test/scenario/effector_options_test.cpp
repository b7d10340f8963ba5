// The effector options of docs/models/reaction_wheels.md (3b), hinged_rigid_body.md (M1),
// fully_coupled_jitter_wheel.md (3) and vscmg.md (4) in scenario files: each field, read from its
// JSON object by the registry's builder, reaches the model with its value (checked against the
// page's formula or the model's parameter), and a bad value is refused with the field named.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <numbers>
#include <string>

#include "ramus/kernel/error.hpp"
#include "ramus/scenario/objects.hpp"
#include "ramus/systems/fully_coupled_jitter_wheel.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/vscmg.hpp"

namespace ramus {
namespace {

const char* const kWheels =
    R"({"type": "reaction_wheels", "name": "rw", "wheels": [{"gsHat_B": [0, 0, 1], "mass": 1, "Js": 0.1,
        "Jt": 0.06, "viscous_friction": 0.001, "coulomb_friction": 0.03, "coulomb_smoothing_speed": 0.001,
        "static_friction": 0.06, "stribeck_speed": 0.15}]})";
const char* const kPanel =
    R"({"type": "hinged_rigid_body", "name": "panel", "mass": 100, "I_PntSc_S": [[100, 0, 0], [0, 50, 0], [0, 0, 50]],
        "d": 1.5, "r_HB_B": [0, 0.5, 1], "k": 100, "c": 5, "motor_K": 30, "motor_P": 4,
        "motor_thetaRef": {"value": 10, "unit": "deg"}, "motor_thetaDotRef": 0.01, "motor_max_torque": 2})";
const char* const kJitterWheel =
    R"({"type": "fully_coupled_jitter_wheel", "name": "wheel", "gsHat_B": [0, 1, 0], "w2Hat0_B": [0, 0, 1],
        "mass": 5, "Js": 0.05, "Jt": 0.03, "Jg": 0.03, "Us": 1e-4, "Omega0": 50, "max_torque": 0.2})";
const char* const kCmg =
    R"({"type": "vscmg", "name": "cmg", "gsHat0_B": [1, 0, 0], "gtHat0_B": [0, 1, 0], "ggHat_B": [0, 0, 1],
        "massG": 6, "IG_PntGc_G": [[0.1, 0, 0], [0, 0.12, 0], [0, 0, 0.08]], "massW": 6, "IW1": 0.1,
        "IW2": 0.05, "IW3": 0.05, "Us": 1e-5, "Ud": 2e-6, "Omega0": 300, "simple_jitter": true})";

/// Building `object` throws an error of the library whose message names `field`.
void expect_refused(const std::string& object, const std::string& root, const std::string& field) {
  try {
    scenario::state_effector(object, root);
    BOOST_ERROR(field << ": accepted");
  } catch (const Error& e) {
    BOOST_TEST(std::string(e.what()).find(field) != std::string::npos, e.what());
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_effector_options)

BOOST_AUTO_TEST_CASE(stribeck_friction_fields) {
  const auto rw = std::dynamic_pointer_cast<ReactionWheels>(scenario::state_effector(kWheels, "rw"));
  BOOST_TEST_REQUIRE(rw != nullptr);
  BOOST_TEST(rw->wheel(0).tau_s == 0.06);
  BOOST_TEST(rw->wheel(0).omega_st == 0.15);
  // (3b) at a speed inside the Stribeck hump, written here: the file's numbers reach the law.
  const double W = 0.05,
               expected = -(0.03 + 0.03 * std::exp(-(W / 0.15) * (W / 0.15))) * std::tanh(W / 0.001) - 0.001 * W;
  BOOST_TEST(std::abs(rw->friction_torque(0, W) - expected) <= 1e-17);  // the same few operations
  // static_friction below coulomb_friction, a Stribeck speed of 0 with it, a negative value.
  std::string low = kWheels;
  low.replace(low.find("\"static_friction\": 0.06"), 23, "\"static_friction\": 0.02");
  expect_refused(low, "rw", "static_friction");
  std::string no_speed = kWheels;
  no_speed.replace(no_speed.find("\"stribeck_speed\": 0.15"), 22, "\"stribeck_speed\": 0");
  expect_refused(no_speed, "rw", "stribeck_speed");
  std::string negative = kWheels;
  negative.replace(negative.find("\"static_friction\": 0.06"), 23, "\"static_friction\": -1");
  expect_refused(negative, "rw", "static_friction");
}

BOOST_AUTO_TEST_CASE(hinged_motor_fields) {
  const auto panel = std::dynamic_pointer_cast<HingedRigidBody>(scenario::state_effector(kPanel, "panel"));
  BOOST_TEST_REQUIRE(panel != nullptr);
  const ChainLink& L = panel->link(0);
  BOOST_TEST(L.has_motor);
  BOOST_TEST(L.motor_K == 30.0);
  BOOST_TEST(L.motor_P == 4.0);
  BOOST_TEST(std::abs(L.motor_q_ref - 10.0 * std::numbers::pi / 180.0) <= 1e-16);  // the loader's deg, to 1 ulp
  BOOST_TEST(L.motor_qDot_ref == 0.01);
  BOOST_TEST(L.motor_u_max == 2.0);
  std::string negative = kPanel;
  negative.replace(negative.find("\"motor_K\": 30"), 13, "\"motor_K\": -1");
  expect_refused(negative, "panel", "motor_K");
  std::string no_gain = kPanel;
  no_gain.replace(no_gain.find("\"motor_K\": 30, \"motor_P\": 4,"), 28, "");
  expect_refused(no_gain, "panel", "motor_max_torque");
}

BOOST_AUTO_TEST_CASE(jitter_wheel_max_torque_field) {
  const auto wheel =
      std::dynamic_pointer_cast<FullyCoupledJitterWheel>(scenario::state_effector(kJitterWheel, "wheel"));
  BOOST_TEST_REQUIRE(wheel != nullptr);
  const std::vector<InputSpec> blocks = wheel->input_blocks();
  BOOST_TEST_REQUIRE(blocks.front().upper.size() == 1);
  BOOST_TEST(blocks.front().upper[0] == 0.2);
  BOOST_TEST(blocks.front().lower[0] == -0.2);
  std::string zero = kJitterWheel;
  zero.replace(zero.find("\"max_torque\": 0.2"), 17, "\"max_torque\": 0");
  expect_refused(zero, "wheel", "max_torque");
}

BOOST_AUTO_TEST_CASE(vscmg_simple_jitter_field) {
  const auto cmg = std::dynamic_pointer_cast<Vscmg>(scenario::state_effector(kCmg, "cmg"));
  BOOST_TEST_REQUIRE(cmg != nullptr);
  BOOST_TEST(cmg->simple_jitter());
  // vscmg.md (4) at γ = θ = 0: ŵ2 = ĝt0 = b2, F = U_s Ω² b2, L = r_WB × F + U_d Ω² b2 with r_WB = 0.
  const Wrench w = cmg->simple_jitter_load_B(0.0, 0.0, 300.0);
  BOOST_TEST(std::abs(w.force_F.y() - 1e-5 * 9e4) <= 1e-15);
  BOOST_TEST(std::abs(w.torque_PntF_F.y() - 2e-6 * 9e4) <= 1e-15);
  std::string bad = kCmg;
  bad.replace(bad.find("\"simple_jitter\": true"), 21, "\"simple_jitter\": 3");
  expect_refused(bad, "cmg", "simple_jitter");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus
