// Round trip of the models added after the first loader: test/scenario/round_trip_new_models.json
// (one vehicle per model, no gravity, so that the vehicles do not interact), loaded and propagated
// by ramus::scenario, gives bit-identical states at every output time to the same vehicles built
// here by hand through the C++ API and propagated by propagate(). One case per model compares the
// state entries of that model's vehicle. Then one error message per model.
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
#include "ramus/systems/fuel_tank.hpp"
#include "ramus/systems/fully_coupled_jitter_wheel.hpp"
#include "ramus/systems/n_hinged_rigid_body.hpp"
#include "ramus/systems/prescribed_platform.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"
#include "ramus/systems/spherical_pendulum.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/thruster_state_effector.hpp"
#include "ramus/systems/vscmg.hpp"
#include "scenario/scenario_support.hpp"

namespace ramus {
namespace {

namespace si = units::si;

units::InertiaTensor inertia(double xx, double yy, double zz, double xy = 0.0) {
  Eigen::Matrix3d I;
  I << xx, xy, 0, xy, yy, 0, 0, 0, zz;
  return units::InertiaTensor(I, units::kg_m2);
}
units::Length3 length3(double x, double y, double z) { return {Eigen::Vector3d(x, y, z), si::meter}; }
units::AngularVelocity3 rate3(double x, double y, double z) {
  return {Eigen::Vector3d(x, y, z), si::radian_per_second};
}
units::Stiffness torsion(double k) { return k * si::newton * si::meter / si::radian; }
units::RotationalDamping rotational_damping(double c) { return c * si::newton * si::meter * si::second / si::radian; }
units::StaticImbalance imbalance(double us) { return us * si::kilogram * si::meter; }
const double deg = std::numbers::pi / 180.0;  // as the loader converts "deg" (units_table.cpp)

using scenario_test::add_vehicle;

std::shared_ptr<Model> reference_model() {
  auto model = std::make_shared<Model>();

  {  // folding: n_hinged_rigid_body with a load on its second panel
    HubConfig hub;
    hub.mass = 500.0 * si::kilogram;
    hub.I_PntBc_B = inertia(400, 350, 300);
    hub.r_BcB_B = length3(0, 0, 0.1);
    Vehicle& v = model->add_vehicle("folding", hub);
    InitialState init;
    init.omega_BN_B = rate3(0.01, -0.02, 0.03);
    v.set_initial_state(init);
    std::vector<HingedPanelConfig> panels(2);
    panels[0].mass = 40.0 * si::kilogram;
    panels[0].I_PntSc_S = inertia(10, 8, 4, 0.5);
    panels[0].d = 0.75 * si::meter;
    panels[0].length = 1.5 * si::meter;
    panels[0].dcm_HP << 0, -1, 0, 1, 0, 0, 0, 0, 1;
    panels[0].k = torsion(80);
    panels[0].c = rotational_damping(2);
    panels[0].theta0 = 5.0 * deg * si::radian;
    panels[0].thetaDot0 = 0.01 * si::radian_per_second;
    panels[1].mass = 30.0 * si::kilogram;
    panels[1].I_PntSc_S = inertia(6, 5, 3);
    panels[1].d = 0.7 * si::meter;
    panels[1].length = 1.4 * si::meter;
    panels[1].k = torsion(60);
    panels[1].c = rotational_damping(1);
    panels[1].theta0 = -0.05 * si::radian;
    panels[1].thetaRef = 0.02 * si::radian;
    panels[1].motor_torque = 0.1 * units::newton_meter;
    auto array = std::make_shared<NHingedRigidBody>("array", length3(0, 1, 0), panels);
    ExternalForceTorqueConfig tip;
    tip.force_F = units::Force3(Eigen::Vector3d(0, 0, 0.2), si::newton);
    array->add_dynamic_effector(std::make_shared<ExternalForceTorque>("tip", tip), 1);
    v.add_state_effector(array);
  }
  {  // sloshing: spherical_pendulum
    Vehicle& v = add_vehicle(*model, "sloshing", 300, inertia(200, 180, 150), Eigen::Vector3d(0.02, 0.01, -0.01));
    SphericalPendulumConfig c;
    c.mass = 20.0 * si::kilogram;
    c.length = 0.4 * si::meter;
    c.r_TB_B = length3(0.1, 0, -0.3);
    c.D_P0 = Eigen::Vector3d(2, 2, 1).asDiagonal();
    c.phi0 = 0.1 * si::radian;
    c.theta0 = -0.05 * si::radian;
    c.phiDot0 = 0.02 * si::radian_per_second;
    c.thetaDot0 = -0.01 * si::radian_per_second;
    v.add_state_effector(std::make_shared<SphericalPendulum>("pendulum", c));
  }
  {  // agile: vscmg
    Vehicle& v = add_vehicle(*model, "agile", 400, inertia(300, 250, 200), Eigen::Vector3d(0.001, 0.002, -0.003));
    VscmgConfig c;
    c.gsHat0_B = Eigen::Vector3d::UnitX();
    c.gtHat0_B = Eigen::Vector3d::UnitY();
    c.ggHat_B = Eigen::Vector3d::UnitZ();
    c.r_GB_B = length3(0.3, 0, 0);
    c.massG = 6.0 * si::kilogram;
    c.IG_PntGc_G = inertia(0.1, 0.12, 0.08, 0.01);
    c.r_GcG_G = length3(0.01, 0, -0.02);
    c.r_WG_G = length3(0.02, 0, 0);
    c.massW = 6.0 * si::kilogram;
    c.IW1 = 0.1 * units::kg_m2;
    c.IW2 = 0.05 * units::kg_m2;
    c.IW3 = 0.05 * units::kg_m2;
    c.Us = imbalance(1e-5);
    c.Ud = 2e-6 * units::kg_m2;
    c.gamma0 = 10.0 * deg * si::radian;
    c.gammaDot0 = 0.1 * si::radian_per_second;
    c.theta0 = 0.2 * si::radian;
    c.Omega0 = 3000.0 * (2.0 * std::numbers::pi / 60.0) * si::radian_per_second;  // "rpm": 2π / 60 s
    c.gimbal_torque = 0.01 * units::newton_meter;
    c.wheel_torque = -0.02 * units::newton_meter;
    v.add_state_effector(std::make_shared<Vscmg>("cmg", c));
  }
  {  // jittery: fully_coupled_jitter_wheel and simple_jitter_reaction_wheels
    Vehicle& v = add_vehicle(*model, "jittery", 350, inertia(250, 220, 180), Eigen::Vector3d(0.01, 0, 0.02));
    JitterWheelConfig j;
    j.gsHat_B = Eigen::Vector3d::UnitY();
    j.w2Hat0_B = Eigen::Vector3d::UnitZ();
    j.r_WB_B = length3(0, 0.3, 0.1);
    j.mass = 5.0 * si::kilogram;
    j.Js = 0.05 * units::kg_m2;
    j.Jt = 0.03 * units::kg_m2;
    j.Jg = 0.03 * units::kg_m2;
    j.Us = imbalance(1e-4);
    j.Ud = 1e-5 * units::kg_m2;
    j.Omega0 = 50.0 * si::radian_per_second;
    j.theta0 = 0.3 * si::radian;
    j.motor_torque = 0.01 * units::newton_meter;
    j.viscous_friction = rotational_damping(1e-5);
    v.add_state_effector(std::make_shared<FullyCoupledJitterWheel>("wheel", j));

    std::vector<ReactionWheelConfig> wheels{scenario_test::wheel_of(4.0, 0.04, 0.02, Eigen::Vector3d::UnitX(), 80.0),
                                            scenario_test::wheel_of(4.0, 0.04, 0.02, Eigen::Vector3d::UnitZ(), -60.0)};
    wheels[0].r_WcB_B = length3(0.2, 0, 0);
    wheels[1].motor_torque = 0.005 * units::newton_meter;
    std::vector<WheelImbalanceConfig> imbalances(2);
    imbalances[0].w2Hat0_B = Eigen::Vector3d::UnitY();
    imbalances[0].Us = imbalance(2e-5);
    imbalances[0].Ud = 3e-6 * units::kg_m2;
    imbalances[0].theta0 = 0.1 * si::radian;
    imbalances[1].w2Hat0_B = Eigen::Vector3d::UnitX();
    imbalances[1].Us = imbalance(30.0 * (1e-3 * 1e-2));  // "g cm" (checked below against the unit table)
    v.add_state_effector(std::make_shared<SimpleJitterReactionWheels>("wheels", wheels, imbalances));
  }
  {  // thrusting: thruster_state_effector and fuel_tank
    Vehicle& v = add_vehicle(*model, "thrusting", 250, inertia(150, 140, 100), Eigen::Vector3d(0, 0, 0));
    std::vector<ThrusterStateConfig> rcs(2);
    rcs[0].r_TB_B = length3(0, 0.5, -1);
    rcs[0].tHat_B = Eigen::Vector3d::UnitZ();
    rcs[0].max_thrust = 5.0 * si::newton;
    rcs[0].time_constant = 0.1 * si::second;
    rcs[0].command0 = 1.0;
    rcs[1].r_TB_B = length3(0.5, 0, -1);
    rcs[1].tHat_B = Eigen::Vector3d(0, 0.6, 0.8);
    rcs[1].max_thrust = 500.0 * 1e-3 * si::newton;    // "mN"
    rcs[1].time_constant = 50.0 * 1e-3 * si::second;  // "ms"
    rcs[1].kappa0 = 0.2;
    rcs[1].command0 = 0.5;
    v.add_state_effector(std::make_shared<ThrusterStateEffector>("rcs", rcs));

    FuelTankConfig tank;
    tank.model = TankModel::emptying;
    tank.r_TB_B = length3(0, 0.1, 0.3);
    tank.kHat_B = -Eigen::Vector3d::UnitZ();
    tank.radius = 0.5 * si::meter;
    tank.density = 1000.0;
    tank.propellant_mass = 300.0 * si::kilogram;
    FuelTankThrusterConfig nozzle;
    nozzle.r_EB_B = length3(0, 0, -1.2);
    nozzle.tHat_B = Eigen::Vector3d::UnitZ();
    nozzle.max_thrust = 10.0 * si::newton;
    nozzle.isp = 220.0 * si::second;
    nozzle.command0 = 1.0;
    tank.thrusters = {nozzle};
    v.add_state_effector(std::make_shared<FuelTank>("tank", tank));

    FuelTankConfig grain;  // the options: centrifugal burn, mass properties only, blow-down, first-order thrust
    grain.model = TankModel::centrifugal_burn;
    grain.r_TB_B = length3(0.1, 0, -0.2);
    grain.kHat_B = Eigen::Vector3d::UnitZ();
    grain.radius = 0.3 * si::meter;
    grain.length = 0.8 * si::meter;
    grain.density = 1800.0;
    grain.propellant_mass = 350.0 * si::kilogram;
    grain.depletion = TankDepletion::mass_properties_only;
    grain.blow_down = FuelTankBlowDownConfig{2200000.0, 0.02, 1010.0, 1.4};
    FuelTankThrusterConfig motor;
    motor.r_EB_B = length3(0, 0.2, -1.2);
    motor.tHat_B = Eigen::Vector3d::UnitZ();
    motor.max_thrust = 20.0 * si::newton;
    motor.isp = 230.0 * si::second;
    motor.command0 = 1.0;
    motor.thrust_pressure_coefficients = {0.1, 0.9};
    motor.isp_pressure_coefficients = {0.95, 0.05};
    motor.time_constant = 150.0 * 1e-3 * si::second;  // "ms"
    motor.kappa0 = 0.25;
    grain.thrusters = {motor};
    v.add_state_effector(std::make_shared<FuelTank>("grain", grain));
  }
  {  // slewing: prescribed_platform, held and slewed, with a spinning body and a load on the slewed one
    Vehicle& v = add_vehicle(*model, "slewing", 450, inertia(320, 300, 260), Eigen::Vector3d(0.005, -0.01, 0.002));
    PrescribedPlatformConfig mirror;
    mirror.mass = 10.0 * si::kilogram;
    mirror.I_PntPc_P = inertia(0.5, 0.6, 0.4);
    mirror.r_PcP_P = length3(0, 0, 0.05);
    mirror.r_MB_B = length3(0, -0.5, 0.5);
    v.add_state_effector(std::make_shared<PrescribedPlatform>(
        "mirror", mirror, hold_profile(length3(0, 0, 0.2), Quaternion(0.8, 0.6, 0, 0))));

    PrescribedPlatformConfig gimbal;
    gimbal.mass = 15.0 * si::kilogram;
    gimbal.I_PntPc_P = inertia(1, 1.2, 0.8, 0.05);
    gimbal.r_PcP_P = length3(0, 0, 0.1);
    gimbal.r_MB_B = length3(0, 0.5, 0.5);
    gimbal.dcm_MB << 0, 1, 0, -1, 0, 0, 0, 0, 1;
    BangCoastBang timing;
    timing.t_start = 0.05 * si::second;
    timing.t_accel = 0.1 * si::second;
    timing.t_coast = 0.1 * si::second;
    SpinningAxisConfig dish;
    dish.mass = 3.0 * si::kilogram;
    dish.I_PntSc_S = inertia(0.2, 0.2, 0.3);
    dish.r_SP_P = length3(0, 0, 0.3);
    dish.sHat_S = Eigen::Vector3d::UnitX();
    dish.k = torsion(5);
    dish.thetaDot0 = 0.1 * si::radian_per_second;
    auto platform = std::make_shared<PrescribedPlatform>(
        "gimbal", gimbal,
        bang_coast_bang_profile(Eigen::Vector3d::UnitZ(), 0.1 * si::radian, 30.0 * deg * si::radian, length3(0.5, 0, 0),
                                length3(0, 0, 0.1), timing),
        std::vector<std::shared_ptr<StateEffector>>{std::make_shared<SpinningBodyOneDOF>("dish", dish)});
    ExternalForceTorqueConfig push;
    push.torque_PntF_F = units::Torque3(Eigen::Vector3d(0, 0.01, 0), units::newton_meter);
    platform->add_dynamic_effector(std::make_shared<ExternalForceTorque>("push", push), 1);
    v.add_state_effector(platform);
  }
  model->finalize();
  return model;
}

using Runs = scenario_test::TwinRuns;

const Runs& runs() { return scenario_test::twin_runs<reference_model>("round_trip_new_models.json"); }

/// Every state entry of `vehicle` ("<vehicle>/…", its hub included) at every output time, bit for bit;
/// `effectors` are the effectors of the model under test, whose blocks must be present.
void compare_vehicle(const std::string& vehicle, const std::vector<std::string>& effectors) {
  const Runs& r = runs();
  const std::vector<double> times{0, 0.25, 0.5};
  scenario_test::check_output_times(r, times);
  std::size_t found = 0;
  for (const std::string& e : effectors) {
    bool present = false;
    for (const StateBlock& b : r.loaded.model->layout().blocks()) present = present || b.owner == vehicle + "/" + e;
    BOOST_TEST(present, "no state block of " << vehicle << "/" << e);
    found += present ? 1 : 0;
  }
  BOOST_TEST(found == effectors.size());
  const std::size_t compared = scenario_test::compare_vehicle_states(r, vehicle, times);
  BOOST_TEST(compared > 0u);
  // The propagation moved the vehicle (the comparison is not between two frozen states).
  BOOST_TEST(scenario_test::vehicle_moved(r, vehicle, false), vehicle << ": no effector state changed");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_round_trip)

BOOST_AUTO_TEST_CASE(n_hinged_rigid_body_with_a_load_on_a_panel_bit_identical_to_cpp_api) {
  compare_vehicle("folding", {"array"});
  // The child hangs on segment 1 (the second panel).
  const Vehicle& v = runs().loaded.model->vehicle(0);
  BOOST_TEST_REQUIRE(v.state_effectors().size() == 1u);
  BOOST_TEST(v.state_effectors()[0]->segment_count() == 2u);
}

BOOST_AUTO_TEST_CASE(spherical_pendulum_bit_identical_to_cpp_api) { compare_vehicle("sloshing", {"pendulum"}); }

BOOST_AUTO_TEST_CASE(vscmg_bit_identical_to_cpp_api) { compare_vehicle("agile", {"cmg"}); }

BOOST_AUTO_TEST_CASE(jitter_wheels_bit_identical_to_cpp_api) {
  // The reference writes "g cm" as 1e-3 × 1e-2: the unit table's factor must be that double.
  BOOST_TEST(scenario::lookup_unit("g cm", scenario::Dimension::static_imbalance).factor == 1e-3 * 1e-2);
  compare_vehicle("jittery", {"wheel", "wheels"});
}

BOOST_AUTO_TEST_CASE(thruster_state_effector_bit_identical_to_cpp_api) { compare_vehicle("thrusting", {"rcs"}); }

BOOST_AUTO_TEST_CASE(fuel_tank_bit_identical_to_cpp_api) { compare_vehicle("thrusting", {"tank", "grain"}); }

BOOST_AUTO_TEST_CASE(prescribed_platforms_with_a_child_bit_identical_to_cpp_api) {
  compare_vehicle("slewing", {"mirror", "gimbal"});
  // The slewed platform carries the dish (its blocks within the platform's) and, on the dish's
  // segment (the platform's segment 1), the load.
  const Vehicle& v = runs().loaded.model->vehicle(5);
  BOOST_TEST_REQUIRE(v.state_effectors().size() == 2u);
  BOOST_TEST(v.state_effectors()[1]->segment_count() == 2u);
  bool dish = false;
  for (const StateBlock& b : runs().loaded.model->layout().blocks())
    dish = dish || (b.owner == "slewing/gimbal" && b.name == "dish.thetaDot");
  BOOST_TEST(dish);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus

namespace ramus::scenario {
namespace {

using nlohmann::json;

/// A document of one vehicle whose only state effector is `effector`.
std::string with_effector(const json& effector) {
  json d = json::parse(R"({
    "vehicles": [{"name": "sc", "hub": {"mass": 500, "I_PntBc_B": [[400, 0, 0], [0, 350, 0], [0, 0, 300]]}}],
    "propagation": {"stepper": "rk4", "dt": 0.1},
    "output": {"t1": 1, "dt": 0.5}
  })");
  d["vehicles"][0]["state_effectors"] = json::array({effector});
  return d.dump();
}

using scenario_test::expect_error;

const std::string at = "vehicles[0].state_effectors[0].";

json panel() {
  return json::parse(R"({"mass": 40, "I_PntSc_S": [[10, 0, 0], [0, 8, 0], [0, 0, 4]], "d": 0.75, "length": 1.5})");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_errors)

BOOST_AUTO_TEST_CASE(n_hinged_rigid_body_errors) {
  json e = {{"type", "n_hinged_rigid_body"}, {"name", "array"}, {"panels", json::array({panel(), panel()})}};
  parse_scenario(with_effector(e));  // valid as given
  json bad = e;
  bad["panels"][1]["lenght"] = 1.0;
  expect_error(with_effector(bad), at + "panels[1].lenght", "unknown key", false);
  bad = e;
  bad["dynamic_effectors"] = json::parse(R"([{"segment": 2, "type": "external_force_torque", "name": "tip"}])");
  expect_error(with_effector(bad), at + "dynamic_effectors[0].segment", "out of range (2 segments, 0-based)", false);
}

BOOST_AUTO_TEST_CASE(spherical_pendulum_errors) {
  json e = json::parse(R"({"type": "spherical_pendulum", "name": "pendulum", "mass": 20, "length": 0.4,
                           "D_P0": {"value": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "unit": "N m s/rad"}})");
  expect_error(with_effector(e), at + "D_P0.unit",
               "unit 'N m s/rad' is a rotational damping, expected a linear damping", false);
}

BOOST_AUTO_TEST_CASE(vscmg_errors) {
  json e = json::parse(R"({"type": "vscmg", "name": "cmg", "gsHat0_B": [1, 0, 0], "gtHat0_B": [0, 1, 0],
                           "ggHat_B": [0, 0, 1], "massW": 6, "IW1": 0.1, "IW2": 0.05, "IW3": 0.05,
                           "Us": {"value": 1, "unit": "kg m^2"}})");
  expect_error(with_effector(e), at + "Us.unit", "unit 'kg m^2' is an inertia, expected a static imbalance", false);
}

BOOST_AUTO_TEST_CASE(jitter_wheel_errors) {
  json e = json::parse(R"({"type": "fully_coupled_jitter_wheel", "name": "wheel", "gsHat_B": [0, 1, 0],
                           "w2Hat0_B": [0, 0, 1], "mass": 5, "Js": 0.05, "Jt": 0.03, "Jg": 0.03,
                           "Us": {"value": 1, "unit": "N m"}})");
  expect_error(with_effector(e), at + "Us.unit", "unit 'N m' is a torque, expected a static imbalance", false);
  json w = json::parse(R"({"type": "simple_jitter_reaction_wheels", "name": "wheels",
                           "wheels": [{"gsHat_B": [1, 0, 0], "mass": 4, "Js": 0.04, "Jt": 0.02}]})");
  expect_error(with_effector(w), at + "imbalances", "missing", false);
}

BOOST_AUTO_TEST_CASE(thruster_state_effector_errors) {
  json e = json::parse(R"({"type": "thruster_state_effector", "name": "rcs",
                           "thrusters": [{"tHat_B": [0, 0, 1], "max_thrust": 5, "time_constant": 0.1, "kappa": 1}]})");
  expect_error(with_effector(e), at + "thrusters[0].kappa", "unknown key", false);
}

BOOST_AUTO_TEST_CASE(prescribed_platform_errors) {
  json e = json::parse(R"({"type": "prescribed_platform", "name": "platform", "mass": 10,
                           "I_PntPc_P": [[0.5, 0, 0], [0, 0.6, 0], [0, 0, 0.4]],
                           "profile": {"type": "slew"}})");
  expect_error(with_effector(e), at + "profile.type", "unknown profile type 'slew' (known: hold, bang_coast_bang)",
               false);
  e["profile"] = json::parse(R"({"type": "hold"})");
  e["state_effectors"] = json::parse(R"([{"type": "spinning_body_1dof", "name": "dish",
      "axis": {"mass": 3, "I_PntSc_S": [[0.2, 0, 0], [0, 0.2, 0], [0, 0, 0.3]], "sHat_S": [1, 0, 0]},
      "dynamic_effectors": []}])");
  expect_error(with_effector(e), at + "state_effectors[0].dynamic_effectors",
               "a platform's child takes no dynamic effectors", false);
}

BOOST_AUTO_TEST_CASE(fuel_tank_errors) {
  json e = json::parse(R"({"type": "fuel_tank", "name": "tank", "model": "sphere", "radius": 0.5,
                           "propellant_mass": 100})");
  expect_error(with_effector(e), at + "model",
               "unknown tank model 'sphere' (known: constant_volume, constant_density, emptying, uniform_burn, "
               "centrifugal_burn)",
               false);
  e["model"] = "constant_volume";
  e["depletion"] = "partial";
  expect_error(with_effector(e), at + "depletion",
               "unknown depletion option 'partial' (known: full, mass_properties_only)", false);
  e.erase("depletion");
  e["blow_down"] = json::parse(R"({"pressure0": 2e6, "ullage_volume0": 0.05, "propellant_density": 1000,
                                   "polytropic_exponent": 1.8})");
  // refused by the tank, at the effector, naming the field and the value
  const std::string tank_at = "vehicles[0].state_effectors[0]";
  expect_error(with_effector(e), tank_at,
               "fuel_tank 'tank': blow_down.polytropic_exponent [1] = 1.8: must lie in [1, 5/3]", false);
  e["blow_down"]["polytropic_exponent"] = 1.0;
  e["thrusters"] = json::parse(R"([{"r_EB_B": [0, 0, -1], "tHat_B": [0, 0, 1], "max_thrust": 10, "isp": 200,
                                    "time_constant": -1}])");
  expect_error(with_effector(e), tank_at, "fuel_tank 'tank' thruster 0: time_constant [s] = -1: must be positive",
               false);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
