// The model options in scenario files (docs/scenario.md §3): test/scenario/model_options.json,
// loaded and propagated by ramus::scenario, gives bit-identical states at every output time to the
// same vehicles built here through the C++ API (set_hub_translation, ExternalForceTorqueConfig::r_PF_F,
// ReactionWheelConfig::h0 and theta0 with set_angle_states, HingedRigidBody from its hinge axis)
// and propagated by propagate(). Beside the round trip, each option is checked against an
// independent reference: the centre of mass of a free vehicle moves uniformly, a clamped hub does
// not move, a panel given by its hinge axis and a force at a point equal twins written in the
// older form (dcm_HB; the moment r × F given as a torque). Then the errors of each option.
#include <boost/test/unit_test.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

#include "ramus/kernel/system.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/scenario/units_table.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"
#include "scenario/scenario_support.hpp"
#include "support/hubs.hpp"

namespace ramus {
namespace {

namespace si = units::si;

units::InertiaTensor diagonal_inertia(double xx, double yy, double zz) {
  return units::InertiaTensor(Eigen::Vector3d(xx, yy, zz).asDiagonal().toDenseMatrix(), units::kg_m2);
}
units::Length3 length3(double x, double y, double z) { return {Eigen::Vector3d(x, y, z), si::meter}; }
const double deg = std::numbers::pi / 180.0;  // as the loader converts "deg" (units_table.cpp)

using scenario_test::add_vehicle;

/// A hinged panel: mass [kg], inertia about its centre of mass, hinge to centre of mass d [m],
/// hinge point, spring k [N m/rad] and damper c [N m s/rad]; B → H the identity.
HingedRigidBodyConfig panel(double mass, const units::InertiaTensor& I_PntSc_S, double d, const units::Length3& r_HB_B,
                            double k, double c) {
  HingedRigidBodyConfig p;
  p.mass = mass * si::kilogram;
  p.I_PntSc_S = I_PntSc_S;
  p.d = d * si::meter;
  p.r_HB_B = r_HB_B;
  p.k = k * si::newton * si::meter / si::radian;
  p.c = c * si::newton * si::meter * si::second / si::radian;
  return p;
}

/// The clamped hinged panel of "welded" (given by its hinge axis, `axis`) or "welded_dcm".
void add_welded(Model& model, const std::string& name, bool axis) {
  Vehicle& v =
      model.add_vehicle(name, test::hub_config(300.0, Eigen::Vector3d(200, 180, 150), Eigen::Vector3d::Zero()));
  v.set_hub_translation(HubTranslation::clamped);
  v.set_initial_state(test::initial_state(Eigen::Vector3d(1, 2, 3), Eigen::Vector3d::Zero(), Quaternion(0.8, 0, 0.6, 0),
                                          Eigen::Vector3d::Zero()));
  HingedRigidBodyConfig c = panel(20.0, diagonal_inertia(3, 2, 1), 0.6, length3(0, 0.5, 0), 40.0, 0.5);
  c.theta0 = 5.0 * deg * si::radian;
  c.thetaDot0 = 0.02 * si::radian_per_second;
  if (axis) {
    v.add_state_effector(
        std::make_shared<HingedRigidBody>("panel", c, Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitY()));
  } else {
    c.dcm_HB << 0, -1, 0, 0, 0, 1, -1, 0, 0;
    v.add_state_effector(std::make_shared<HingedRigidBody>("panel", c));
  }
}

std::shared_ptr<Model> reference_model() {
  auto model = std::make_shared<Model>();
  {  // centred: the state at C, a hub whose B is off C, a swinging panel
    Vehicle& v = model->add_vehicle(
        "centred", test::hub_config(400.0, Eigen::Vector3d(300, 250, 200), Eigen::Vector3d(0.5, 0.2, -0.3)));
    v.set_hub_translation(HubTranslation::C);
    v.set_initial_state(test::initial_state(Eigen::Vector3d(10, 20, 30), Eigen::Vector3d(1, -2, 0.5),
                                            Quaternion(1, 0, 0, 0), Eigen::Vector3d(0.05, -0.02, 0.03),
                                            ReferencePoint::C));
    HingedRigidBodyConfig c = panel(30.0, diagonal_inertia(5, 4, 2), 0.8, length3(0, 1, 0), 50.0, 1.0);
    c.dcm_HB << 0, -1, 0, 1, 0, 0, 0, 0, 1;
    c.theta0 = 0.1 * si::radian;
    v.add_state_effector(std::make_shared<HingedRigidBody>("panel", c));
  }
  add_welded(*model, "welded", true);
  add_welded(*model, "welded_dcm", false);
  {  // pushed: a force at P = (0, 50, 25) cm
    Vehicle& v = add_vehicle(*model, "pushed", 200, diagonal_inertia(100, 90, 80), Eigen::Vector3d(0.01, 0.02, -0.01));
    ExternalForceTorqueConfig c;
    c.force_F = units::Force3(Eigen::Vector3d(2, 0, 0), si::newton);
    c.r_PF_F = length3(0, 50.0 * 1e-2, 25.0 * 1e-2);  // "cm" (checked below against the unit table)
    v.add_dynamic_effector(std::make_shared<ExternalForceTorque>("push", c));
  }
  {  // pushed_at_origin: the same force at F's origin, with its moment r_PF_F × force_F as a torque
    Vehicle& v =
        add_vehicle(*model, "pushed_at_origin", 200, diagonal_inertia(100, 90, 80), Eigen::Vector3d(0.01, 0.02, -0.01));
    ExternalForceTorqueConfig c;
    c.force_F = units::Force3(Eigen::Vector3d(2, 0, 0), si::newton);
    c.torque_PntF_F = units::Torque3(Eigen::Vector3d(0, 0.5, -1), units::newton_meter);
    v.add_dynamic_effector(std::make_shared<ExternalForceTorque>("push", c));
  }
  {  // spinning: a wheel given by its momentum, the angles as states
    Vehicle& v = add_vehicle(*model, "spinning", 350, diagonal_inertia(250, 220, 180), Eigen::Vector3d(0.01, 0, 0.02));
    std::vector<ReactionWheelConfig> wheels(2, scenario_test::wheel_of(4.0, 0.04, 0.02));
    wheels[0].gsHat_B = Eigen::Vector3d::UnitX();
    wheels[0].r_WcB_B = length3(0.2, 0, 0);
    wheels[0].h0 = 20.0 * 1e-3 * (si::newton * si::meter * si::second);  // "mN m s" (checked below)
    wheels[0].theta0 = 30.0 * deg * si::radian;
    wheels[0].motor_torque = 0.001 * units::newton_meter;
    wheels[1].gsHat_B = Eigen::Vector3d::UnitZ();
    wheels[1].Omega0 = -60.0 * si::radian_per_second;
    wheels[1].theta0 = 0.2 * si::radian;
    auto rw = std::make_shared<ReactionWheels>("wheels", wheels);
    rw->set_angle_states(true);
    v.add_state_effector(rw);
  }
  {  // jittery: a simple jitter wheel given by its momentum
    Vehicle& v = add_vehicle(*model, "jittery", 350, diagonal_inertia(250, 220, 180), Eigen::Vector3d(0.01, 0, 0.02));
    ReactionWheelConfig w = scenario_test::wheel_of(4.0, 0.04, 0.02);
    w.gsHat_B = Eigen::Vector3d::UnitY();
    w.h0 = 1.6 * (si::newton * si::meter * si::second);
    WheelImbalanceConfig imbalance;
    imbalance.w2Hat0_B = Eigen::Vector3d::UnitX();
    imbalance.Us = 2e-5 * si::kilogram * si::meter;
    imbalance.theta0 = 0.1 * si::radian;
    v.add_state_effector(std::make_shared<SimpleJitterReactionWheels>("wheels", std::vector<ReactionWheelConfig>{w},
                                                                      std::vector<WheelImbalanceConfig>{imbalance}));
  }
  model->finalize();
  return model;
}

using Runs = scenario_test::TwinRuns;

const Runs& runs() { return scenario_test::twin_runs<reference_model>("model_options.json"); }

const std::vector<double> kTimes{0, 0.25, 0.5};

/// The block `owner` ("<vehicle>/<effector>", "<vehicle>/hub", "<vehicle>/C") named `name`.
const StateBlock& block(const std::string& owner, const std::string& name) {
  for (const StateBlock& b : runs().loaded.model->layout().blocks())
    if (b.owner == owner && b.name == name) return b;
  BOOST_FAIL("no state block " << owner << " " << name);
  throw;  // not reached
}

const Vehicle& vehicle(const std::string& name) {
  const Model& m = *runs().loaded.model;
  for (std::size_t i = 0; i < m.vehicle_count(); ++i)
    if (m.vehicle(i).name() == name) return m.vehicle(i);
  BOOST_FAIL("no vehicle " << name);
  throw;  // not reached
}

/// Every state entry of `name` ("<name>/…", its hub included) at every output time, bit for bit
/// against the C++ API; and some entry changed (the comparison is not between two frozen states).
void compare_vehicle(const std::string& name) {
  const Runs& r = runs();
  scenario_test::check_output_times(r, kTimes);
  const std::size_t compared = scenario_test::compare_vehicle_states(r, name, kTimes);
  BOOST_TEST(compared > 0u);
  BOOST_TEST(scenario_test::vehicle_moved(r, name, true), name << ": no state changed");
}

/// The states of vehicle `twin` equal those of `name`, block by block (same names), bit for bit.
void compare_twins(const std::string& name, const std::string& twin) {
  const Runs& r = runs();
  std::size_t compared = 0;
  for (const StateBlock& b : r.loaded.model->layout().blocks()) {
    if (!b.owner.starts_with(name + "/")) continue;
    const StateBlock& t = block(twin + b.owner.substr(name.size()), b.name);
    BOOST_TEST_REQUIRE(t.size == b.size);
    for (std::size_t k = 0; k < kTimes.size(); ++k)
      for (Eigen::Index i = 0; i < b.size; ++i, ++compared)
        BOOST_TEST(r.scenario_states[k](b.offset + i) == r.scenario_states[k](t.offset + i),
                   "t = " << kTimes[k] << ", " << r.loaded.model->layout().entry_name(b.offset + i));
  }
  BOOST_TEST(compared > 0u);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_round_trip)

BOOST_AUTO_TEST_CASE(hub_translation_C_bit_identical_to_cpp_api_and_C_moves_uniformly) {
  compare_vehicle("centred");
  BOOST_TEST((vehicle("centred").hub_translation() == HubTranslation::C));
  // No external load: C moves at its initial velocity, r_CN_N(t) = r0 + v0 t, while B swings
  // about it (|c| ≈ 0.6 m at ω ≈ 0.06 rad/s) and the panel oscillates. RK4 integrates the
  // straight line exactly; what may be left is the round-off of 50 steps on |r| ≈ 40 m and the
  // solve's residual in v̇_C (measured: 0 in both). 1e-12 m is ~10⁴ ulps of 40 m; a state at B
  // would be off by ~1e-2 m (the lever arm turned by 0.03 rad).
  const StateBlock& r = block("centred/C", "r_CN_N");
  const StateBlock& v = block("centred/C", "v_CN_N");
  const Eigen::Vector3d r0(10, 20, 30), v0(1, -2, 0.5);
  for (std::size_t k = 0; k < kTimes.size(); ++k) {
    const Eigen::VectorXd& x = runs().scenario_states[k];
    BOOST_TEST((x.segment(r.offset, 3) - (r0 + v0 * kTimes[k])).norm() <= 1e-12, "t = " << kTimes[k]);
    BOOST_TEST((x.segment(v.offset, 3) - v0).norm() <= 1e-13, "t = " << kTimes[k]);  // ~10³ ulps of 2 m/s
  }
}

BOOST_AUTO_TEST_CASE(hub_translation_clamped_bit_identical_to_cpp_api_and_hub_fixed) {
  compare_vehicle("welded");
  BOOST_TEST((vehicle("welded").hub_translation() == HubTranslation::clamped));
  // The hub's blocks never change while the panel swings on it (docs/architecture.md §16).
  for (const char* name : {"r_BN_N", "v_BN_N", "q_BN", "omega_BN_B"}) {
    const StateBlock& b = block("welded/hub", name);
    for (std::size_t k = 1; k < kTimes.size(); ++k)
      for (Eigen::Index i = b.offset; i < b.offset + b.size; ++i)
        BOOST_TEST(runs().scenario_states[k](i) == runs().scenario_states[0](i), name << ", t = " << kTimes[k]);
  }
}

BOOST_AUTO_TEST_CASE(hinge_axis_bit_identical_to_cpp_api_and_to_dcm_HB) {
  compare_vehicle("welded");
  // Hinge axis b3 and panel direction b2 give by eq. (2) the rows ĥ1 = −b2, ĥ2 = b3,
  // ĥ3 = ĥ1 × ĥ2 = −b1: the twin written with that dcm_HB has the same states, bit for bit
  // (the vectors are exact unit vectors: eq. (2) normalises nothing).
  compare_twins("welded", "welded_dcm");
}

BOOST_AUTO_TEST_CASE(force_point_of_application_bit_identical_to_cpp_api_and_to_its_moment) {
  BOOST_TEST(scenario::lookup_unit("cm", scenario::Dimension::length).factor == 1e-2);
  compare_vehicle("pushed");
  // docs/models/external_force_torque.md eq. (1): the force at P = (0, 0.5, 0.25) m adds
  // r_PF_F × force_F = (0, 0.5, −1) N m about F's origin (exact in doubles); the twin gives that
  // moment as its torque.
  compare_twins("pushed", "pushed_at_origin");
  const auto& push = dynamic_cast<const ExternalForceTorque&>(*vehicle("pushed").dynamic_effectors().at(0));
  BOOST_TEST(push.r_PF_F() == Eigen::Vector3d(0, 0.5, 0.25));
}

BOOST_AUTO_TEST_CASE(wheel_momentum_and_angle_states_bit_identical_to_cpp_api) {
  BOOST_TEST(scenario::lookup_unit("mN m s", scenario::Dimension::angular_momentum).factor == 1e-3);
  compare_vehicle("spinning");
  const auto& wheels = dynamic_cast<const ReactionWheels&>(*vehicle("spinning").state_effectors().at(0));
  BOOST_TEST(wheels.has_angle_states());
  // Ω0 = h0 / Js = 0.02 / 0.04 = 0.5 rad/s (docs/models/reaction_wheels.md, "Given by its momentum").
  const StateBlock& Omega = block("spinning/wheels", "Omega");
  const StateBlock& theta = block("spinning/wheels", "theta");
  BOOST_TEST(runs().scenario_states[0](Omega.offset) == 0.02 / 0.04);
  BOOST_TEST(runs().scenario_states[0](theta.offset) == 30.0 * deg);
  BOOST_TEST(runs().scenario_states[0](theta.offset + 1) == 0.2);
  // eq. (12): θ̇ = Ω. Wheel 1 has no torque on it, so Ω = −60 rad/s − (ω_z(t) − ω_z(0)) (eq. (8)),
  // and the hub's rate about b3 barely changes: θ(0.5) = 0.2 − 30 rad, measured within 6.4e-9 rad.
  // 1e-7 rad leaves a margin of 15 for that coupling; θ̇ = 0, or any θ not integrated from Ω,
  // would be off by ~30 rad.
  BOOST_TEST(std::abs(runs().scenario_states.back()(theta.offset + 1) - (0.2 - 60.0 * 0.5)) <= 1e-7);
}

BOOST_AUTO_TEST_CASE(jitter_wheel_momentum_bit_identical_to_cpp_api) {
  compare_vehicle("jittery");
  // Ω0 = h0 / Js = 1.6 / 0.04 = 40 rad/s.
  const auto& jitter = dynamic_cast<const SimpleJitterReactionWheels&>(*vehicle("jittery").state_effectors().at(0));
  BOOST_TEST(jitter.balanced().wheel(0).Omega0 == 1.6 / 0.04);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus

namespace ramus::scenario {
namespace {

using nlohmann::json;
using scenario_test::expect_error;

json document() {
  return json::parse(R"({
    "vehicles": [{"name": "sc", "hub": {"mass": 500, "I_PntBc_B": [[400, 0, 0], [0, 350, 0], [0, 0, 300]]}}],
    "propagation": {"stepper": "rk4", "dt": 0.1},
    "output": {"t1": 1, "dt": 0.5}
  })");
}

/// A document of one vehicle whose only state effector is `effector`.
std::string with_effector(const json& effector) {
  json d = document();
  d["vehicles"][0]["state_effectors"] = json::array({effector});
  return d.dump();
}

const std::string at = "vehicles[0].state_effectors[0].";

json wheels() {
  return json::parse(R"({"type": "reaction_wheels", "name": "wheels",
    "wheels": [{"gsHat_B": [1, 0, 0], "mass": 4, "Js": 0.04, "Jt": 0.02, "h0": 0.02},
               {"gsHat_B": [0, 1, 0], "mass": 4, "Js": 0.04, "Jt": 0.02, "Omega0": 10, "theta0": 0.2}]})");
}

json panel() {
  return json::parse(R"({"type": "hinged_rigid_body", "name": "panel", "mass": 20, "d": 0.6,
    "I_PntSc_S": [[3, 0, 0], [0, 2, 0], [0, 0, 1]], "hinge_axis_B": [0, 0, 1], "panel_direction_B": [0, 1, 0]})");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_errors)

BOOST_AUTO_TEST_CASE(hub_translation_errors) {
  json d = document();
  d["vehicles"][0]["hub_translation"] = "clamped";
  parse_scenario(d.dump());  // valid as given
  d["vehicles"][0]["hub_translation"] = "D";
  expect_error(d.dump(), "vehicles[0].hub_translation",
               "unknown hub translation 'D' (known: B, the hub origin; C, the vehicle's centre of mass; clamped, "
               "the hub fixed in N)");
  d["vehicles"][0]["hub_translation"] = "clamped";
  d["vehicles"][0]["initial_state"] = json::parse(R"({"v_N": [0, 1, 0]})");
  expect_error(d.dump(), "vehicles[0].initial_state.v_N", "a clamped hub is fixed in N: its velocity must be 0", false);
  d["vehicles"][0]["initial_state"] = json::parse(R"({"omega_BN_B": {"value": [0, 0, 1], "unit": "deg/s"}})");
  expect_error(d.dump(), "vehicles[0].initial_state.omega_BN_B", "a clamped hub is fixed in N: its rate must be 0",
               false);
  d["vehicles"][0]["initial_state"] = json::parse(R"({"point": "C"})");
  expect_error(d.dump(), "vehicles[0].initial_state.point", "a clamped hub's initial state is given at B", false);
}

BOOST_AUTO_TEST_CASE(force_point_of_application_errors) {
  json d = document();
  d["vehicles"][0]["dynamic_effectors"] = json::parse(R"([{"type": "external_force_torque", "name": "push",
      "force_F": [1, 0, 0], "r_PF_F": {"value": [0, 1, 0], "unit": "N"}}])");
  expect_error(d.dump(), "vehicles[0].dynamic_effectors[0].r_PF_F.unit", "unit 'N' is a force, expected a length");
  d["vehicles"][0]["dynamic_effectors"][0]["r_PF_F"] = json::parse("[0, 1]");
  expect_error(d.dump(), "vehicles[0].dynamic_effectors[0].r_PF_F", "must be an array of 3 numbers");
}

BOOST_AUTO_TEST_CASE(wheel_momentum_and_angle_errors) {
  json e = wheels();
  e["angle_states"] = true;
  parse_scenario(with_effector(e));  // valid as given
  json bad = e;
  bad["wheels"][0]["Omega0"] = 0.5;
  expect_error(with_effector(bad), at + "wheels[0].h0",
               "give the initial spin as Omega0 or as h0 = Js Omega0, not both");
  bad = e;
  bad["wheels"][0]["h0"] = json::parse(R"({"value": 20, "unit": "mN m"})");
  expect_error(with_effector(bad), at + "wheels[0].h0.unit", "unit 'mN m' is a torque, expected an angular momentum");
  bad = e;
  bad["angle_states"] = 1;
  expect_error(with_effector(bad), at + "angle_states", "must be true or false", false);
  bad = e;
  bad.erase("angle_states");  // theta0 = 0.2 would be ignored: refused, at the wheel's theta0
  expect_error(with_effector(bad), at + "wheels[1].theta0",
               "the wheel angles are not states (set_angle_states(true) makes them so)", false);
  bad["wheels"][1]["theta0"] = 0;  // 0 is no angle to ignore
  parse_scenario(with_effector(bad));
  // A simple jitter wheel's angle is its imbalance's theta0; h0 is accepted there.
  json jitter = json::parse(R"({"type": "simple_jitter_reaction_wheels", "name": "wheels",
      "wheels": [{"gsHat_B": [1, 0, 0], "mass": 4, "Js": 0.04, "Jt": 0.02, "h0": 0.02, "theta0": 0.1}],
      "imbalances": [{"w2Hat0_B": [0, 1, 0], "Us": 1e-5}]})");
  expect_error(with_effector(jitter), at + "wheels[0].theta0", "unknown key", false);
  jitter["wheels"][0].erase("theta0");
  parse_scenario(with_effector(jitter));
}

BOOST_AUTO_TEST_CASE(hinge_axis_errors) {
  json e = panel();
  parse_scenario(with_effector(e));  // valid as given
  json bad = e;
  bad["hinge_axis_B"] = json::parse("[0, 0, 2]");
  expect_error(with_effector(bad), at + "hinge_axis_B", "must be a unit vector (norm 2, allowed 1 ± 1e-9)", false);
  bad = e;
  bad["panel_direction_B"] = json::parse("[0, 0.6, 0.8]");
  expect_error(with_effector(bad), at + "panel_direction_B", "must be orthogonal to hinge_axis_B", false);
  bad = e;
  bad["dcm_HB"] = json::parse("[[0, -1, 0], [0, 0, 1], [-1, 0, 0]]");
  expect_error(with_effector(bad), at + "dcm_HB", "give either dcm_HB or hinge_axis_B and panel_direction_B, not both");
  bad = e;
  bad.erase("panel_direction_B");
  expect_error(with_effector(bad), at + "hinge_axis_B",
               "give panel_direction_B too: the hinge frame needs the hinge axis and the panel direction (or dcm_HB)");
  bad = e;
  bad.erase("hinge_axis_B");
  expect_error(with_effector(bad), at + "panel_direction_B", "give hinge_axis_B too", false);
  bad = e;
  bad["hinge_axis_B"] = json::parse(R"({"value": [0, 0, 1], "unit": "m"})");
  expect_error(with_effector(bad), at + "hinge_axis_B.unit",  // a direction is dimensionless
               "unit 'm' is a length, expected a dimensionless number");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
