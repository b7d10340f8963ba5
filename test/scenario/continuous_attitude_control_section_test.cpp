// The dynamic-effector type continuous_attitude_control and the attitude_control task's
// "law": "quaternion_pd" in scenario files (docs/fsw/continuous_attitude_control.md §4): the
// example loads into the effector and the task with the numbers of the file, the effector built
// from a file applies the torque of the same effector built in C++ (bit for bit), and bad fields
// are refused at their JSON paths naming the effector and the field.
#include <boost/test/unit_test.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "ramus/fsw/continuous_attitude_control.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/scenario/scenario.hpp"
#include "scenario/scenario_support.hpp"

namespace ramus::scenario {
namespace {

using nlohmann::json;
using scenario_test::expect_error;
using scenario_test::read_text;

const std::string kExample = std::string(RAMUS_EXAMPLES_DIR) + "/continuous_vs_sampled_slew.json";

json example() { return json::parse(read_text(kExample)); }

std::shared_ptr<const fsw::ContinuousAttitudeControl> effector_of(const Scenario& s) {
  for (const auto& e : s.model->vehicle(0).dynamic_effectors())
    if (e->name() == "ctl") return std::dynamic_pointer_cast<const fsw::ContinuousAttitudeControl>(e);
  return nullptr;
}

/// The effector from a file and the same built in C++ give the same torque, bit for bit, at three
/// kinematic states (the third with the largest rate), and a torque that is not zero.
void check_same_torque(const fsw::ContinuousAttitudeControl& from_file, const fsw::ContinuousAttitudeControl& cpp) {
  for (int k = 0; k < 3; ++k) {
    FrameKinematics f;
    f.dcm_FN = dcm_from_mrp(Eigen::Vector3d(0.3 * k, -0.1, 0.2));
    f.omega_FN_F = Eigen::Vector3d(0.01, -0.02 * k, 0.03);
    LoadContext at;
    at.t = 5.0 * k;
    const ConstInputBlock none(nullptr, 0);  // no actuator channels
    const Wrench a = from_file.wrench(f, none, at), b = cpp.wrench(f, none, at);
    BOOST_TEST((a.torque_PntF_F.array() == b.torque_PntF_F.array()).all());
    BOOST_TEST(a.force_F.isZero(0.0));
    BOOST_TEST(a.torque_PntF_F.norm() > 0.0);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_continuous_attitude_control)

// The example: the effector's law, gains, default inertia (the hub's) and slew; the task's law.
BOOST_AUTO_TEST_CASE(example_loads_into_the_effector_and_the_task) {
  const Scenario s = load_scenario(kExample);
  const auto ctl = effector_of(s);
  BOOST_REQUIRE(ctl);
  const fsw::ContinuousAttitudeControlConfig& c = ctl->config();
  BOOST_TEST((c.law == fsw::AttitudeControlLaw::mrp_feedback));
  BOOST_TEST(c.mrp_feedback.K == 36.0);
  BOOST_TEST(c.mrp_feedback.P.isApprox(162.0 * Eigen::Matrix3d::Identity(), 0.0));
  BOOST_TEST(c.mrp_feedback.I_PntC_B.isApprox(Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal().toDenseMatrix(), 0.0));
  BOOST_TEST((c.guidance == fsw::AttitudeGuidance::eigenaxis_slew));
  BOOST_TEST(c.slew.duration == 120.0);
  BOOST_TEST(c.slew.t_start == 10.0);
  BOOST_TEST(!ctl->can_attach_to_segment());
  BOOST_REQUIRE(s.flight_software.size() == 1u);
  BOOST_TEST((s.flight_software[0].attitude_control.law == fsw::AttitudeControlLaw::mrp_feedback));
}

// The effector from a file (quaternion PD, inertial hold, bare SI) and the same built in C++
// give the same torque, bit for bit, at a few kinematic states.
BOOST_AUTO_TEST_CASE(file_and_cpp_effectors_agree) {
  json d = example();
  d["vehicles"][0]["dynamic_effectors"][0] = json::parse(R"({
    "type": "continuous_attitude_control", "name": "ctl",
    "law": {"type": "quaternion_pd", "k_p": 2.5, "K_d": [[30, 1, 0], [1, 25, 0], [0, 0, 20]],
            "I_PntC_B": [[50, 0, 0], [0, 40, 0], [0, 0, 30]]},
    "guidance": {"type": "inertial", "sigma_RN": [0.1, -0.2, 0.05]}})");
  const Scenario s = parse_scenario(d.dump());
  const auto from_file = effector_of(s);
  BOOST_REQUIRE(from_file);
  fsw::ContinuousAttitudeControlConfig c;
  c.law = fsw::AttitudeControlLaw::quaternion_pd;
  c.quaternion_pd.k_p = 2.5;
  c.quaternion_pd.K_d << 30, 1, 0, 1, 25, 0, 0, 0, 20;
  c.quaternion_pd.I_PntC_B = Eigen::Vector3d(50.0, 40.0, 30.0).asDiagonal();
  c.guidance = fsw::AttitudeGuidance::inertial;
  c.sigma_RN = Eigen::Vector3d(0.1, -0.2, 0.05);
  const fsw::ContinuousAttitudeControl cpp("ctl", c);
  check_same_torque(*from_file, cpp);
}

// The rate-damping law from a file (no guidance) and the same in C++: the same torque, bit for bit.
BOOST_AUTO_TEST_CASE(file_and_cpp_rate_damping_agree) {
  json d = example();
  d["vehicles"][0]["dynamic_effectors"][0] = json::parse(R"({
    "type": "continuous_attitude_control", "name": "ctl",
    "law": {"type": "rate_damping", "P": [[30, 1, 0], [1, 25, 0], [0, 0, 20]], "max_torque": {"value": 0.5, "unit": "N m"}}})");
  const Scenario s = parse_scenario(d.dump());
  const auto from_file = effector_of(s);
  BOOST_REQUIRE(from_file);
  fsw::ContinuousAttitudeControlConfig c;
  c.law = fsw::AttitudeControlLaw::rate_damping;
  c.rate_damping.P << 30, 1, 0, 1, 25, 0, 0, 0, 20;
  c.rate_damping.max_torque = 0.5;
  const fsw::ContinuousAttitudeControl cpp("ctl", c);
  check_same_torque(*from_file, cpp);
}

// The Sun-pointing law from a file (no guidance, P a number) and the same in C++: bit for bit.
BOOST_AUTO_TEST_CASE(file_and_cpp_sun_pointing_agree) {
  json d = example();
  d["vehicles"][0]["dynamic_effectors"][0] = json::parse(R"({
    "type": "continuous_attitude_control", "name": "ctl",
    "law": {"type": "sun_pointing", "hHat_B": [0, 1, 0], "sHat_N": [0.6, 0, 0.8], "K": 0.5, "P": 20}})");
  const Scenario s = parse_scenario(d.dump());
  const auto from_file = effector_of(s);
  BOOST_REQUIRE(from_file);
  fsw::ContinuousAttitudeControlConfig c;
  c.law = fsw::AttitudeControlLaw::sun_pointing;
  c.sun_pointing.hHat_B = Eigen::Vector3d(0.0, 1.0, 0.0);
  c.sun_pointing.sHat_N = Eigen::Vector3d(0.6, 0.0, 0.8);
  c.sun_pointing.K = 0.5;
  c.sun_pointing.P = 20.0 * Eigen::Matrix3d::Identity();
  const fsw::ContinuousAttitudeControl cpp("ctl", c);
  check_same_torque(*from_file, cpp);
}

// The task's control object with "law": "quaternion_pd": its gains, the inertia from the model.
BOOST_AUTO_TEST_CASE(task_reads_the_quaternion_pd_law) {
  json d = example();
  d["flight_software"]["tasks"][0]["control"] = json::parse(R"({"law": "quaternion_pd", "k_p": 9, "K_d": 162})");
  const Scenario s = parse_scenario(d.dump());
  const fsw::AttitudeControlTaskConfig& c = s.flight_software[0].attitude_control;
  BOOST_TEST((c.law == fsw::AttitudeControlLaw::quaternion_pd));
  BOOST_TEST(c.quaternion_pd.k_p == 9.0);
  BOOST_TEST(c.quaternion_pd.K_d.isApprox(162.0 * Eigen::Matrix3d::Identity(), 0.0));
  // The vehicle's inertia about C from the model's momentum (a rigid hub: its own), to round-off.
  BOOST_TEST(
      c.quaternion_pd.I_PntC_B.isApprox(Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal().toDenseMatrix(), 1e-12));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_continuous_attitude_control_errors)

BOOST_AUTO_TEST_CASE(bad_fields_are_refused_at_their_paths) {
  const std::string at = "vehicles[0].dynamic_effectors[0]";
  {
    json d = example();
    d["vehicles"][0]["dynamic_effectors"][0]["law"]["K_i"] = 0.01;
    expect_error(d, at + ".law.K_i", "continuous_attitude_control 'ctl'");
    expect_error(d, at + ".law.K_i", "state");
  }
  {
    json d = example();
    d["vehicles"][0]["dynamic_effectors"][0]["law"]["P"] = -1.0;
    expect_error(d, at + ".law.P", "continuous_attitude_control 'ctl'");
  }
  {
    json d = example();
    d["vehicles"][0]["dynamic_effectors"][0]["law"] = json::parse(R"({"type": "quaternion_pd", "k_p": 1})");
    expect_error(d, at + ".law.K_d", "missing");
  }
  {
    json d = example();
    d["vehicles"][0]["dynamic_effectors"][0]["law"]["type"] = "pid";
    expect_error(d, at + ".law.type", "unknown law 'pid'");
  }
  {
    json d = example();  // the rate-damping law has no guidance
    d["vehicles"][0]["dynamic_effectors"][0]["law"] = json::parse(R"({"type": "rate_damping", "P": 5})");
    expect_error(d, at + ".guidance", "not used by the rate_damping law");
    d["vehicles"][0]["dynamic_effectors"][0].erase("guidance");
    d["vehicles"][0]["dynamic_effectors"][0]["law"]["P"] = json::parse("[[1, 2, 0], [0, 1, 0], [0, 0, 1]]");
    expect_error(d, at + ".law.P", "continuous_attitude_control 'ctl'");
    d["vehicles"][0]["dynamic_effectors"][0]["law"] = json::parse(R"({"type": "rate_damping"})");
    expect_error(d, at + ".law.P", "missing");
  }
  {
    json d = example();  // nor has the Sun-pointing law
    d["vehicles"][0]["dynamic_effectors"][0]["law"] =
        json::parse(R"({"type": "sun_pointing", "hHat_B": [0, 1, 0], "sHat_N": [1, 0, 0], "K": 1, "P": 5})");
    expect_error(d, at + ".guidance", "not used by the sun_pointing law");
    d["vehicles"][0]["dynamic_effectors"][0].erase("guidance");
    d["vehicles"][0]["dynamic_effectors"][0]["law"]["sHat_N"] = json::parse("[1, 1, 0]");
    expect_error(d, at + ".law.sHat_N", "continuous_attitude_control 'ctl'");
  }
  {
    json d = example();  // the attitude laws need one
    d["vehicles"][0]["dynamic_effectors"][0].erase("guidance");
    expect_error(d, at + ".guidance", "missing");
  }
  {
    json d = example();
    d["vehicles"][0]["dynamic_effectors"][0]["guidance"]["duration"] = 0.0;
    expect_error(d, at + ".guidance.duration", "duration");
  }
  {
    json d = example();
    d["flight_software"]["tasks"][0]["control"]["law"] = "pid";
    expect_error(d, "flight_software.tasks[0].control.law", "unknown control law 'pid'");
  }
  {
    json d = example();
    d["flight_software"]["tasks"][0]["control"] = json::parse(R"({"law": "quaternion_pd", "k_p": 0, "K_d": 1})");
    expect_error(d, "flight_software.tasks[0].control.k_p", "k_p");
  }
  {
    json d = example();  // a gain of the other law, at its key
    d["flight_software"]["tasks"][0]["control"]["k_p"] = 1.0;
    expect_error(d, "flight_software.tasks[0].control.k_p", "\"law\": \"quaternion_pd\"");
    d = example();
    d["flight_software"]["tasks"][0]["control"]["law"] = "quaternion_pd";
    d["flight_software"]["tasks"][0]["control"]["K_d"] = 1.0;
    expect_error(d, "flight_software.tasks[0].control.K", "MRP feedback field");
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
