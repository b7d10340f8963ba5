// Round trip: a branched vehicle given as a scenario file, loaded and propagated by
// ramus::scenario, gives bit-identical states at every output time to the same vehicle built
// through the C++ API and propagated by propagate() with the same inputs. The reference shares no
// code with the loader: its model is written out below by hand, its inputs by an observer.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <charconv>
#include <cmath>
#include <fstream>
#include <memory>
#include <numbers>
#include <vector>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/constraint.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/linear_spring_mass_damper.hpp"
#include "ramus/systems/pulsed_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/thruster.hpp"
#include "ramus/systems/translating_body.hpp"
#include "scenario/scenario_support.hpp"
#include "support/hubs.hpp"

namespace ramus {
namespace {

namespace si = units::si;

/// test/scenario/round_trip.json: every state effector type but the N-DOF ones
/// (round_trip_ndof.json), a thruster on the gimbal's second segment (branching), a force on the
/// hub, point-mass gravity, a second vehicle joined to the panel by a constraint, and inputs of
/// each kind: a wheel torque, a gimbal torque, a lock. The output times hold every input time and
/// firing edge, so that both runs step on the same grid. Quantities in SI but the panel's theta0
/// (5 deg, converted by the C++ side as the loader does: π/180, units_table.cpp).
scenario::Scenario load_round_trip() { return scenario::load_scenario(RAMUS_TEST_SCENARIO_DIR "/round_trip.json"); }

struct Reference {
  std::shared_ptr<Model> model;
  std::shared_ptr<ReactionWheels> wheels;
  std::shared_ptr<SpinningBodyTwoDOF> gimbal;
  std::shared_ptr<SpinningBodyOneDOF> rotor;
};

units::InertiaTensor diag(double a, double b, double c) {
  return units::InertiaTensor::diagonal(a * units::kg_m2, b * units::kg_m2, c * units::kg_m2);
}
units::Length3 length3(double x, double y, double z) { return {Eigen::Vector3d(x, y, z), si::meter}; }

Reference reference_model() {
  Reference r;
  r.model = std::make_shared<Model>();
  CentralBodyGravityConfig g;
  g.mu = 3.986004415e14 * si::meter * si::meter * si::meter / (si::second * si::second);
  r.model->set_gravity(std::make_shared<CentralBodyGravity>(g));

  Vehicle& sc =
      r.model->add_vehicle("sc", test::hub_config(750.0, Eigen::Vector3d(900, 800, 600), Eigen::Vector3d(0, 0, 1)));
  sc.set_initial_state(test::initial_state(Eigen::Vector3d(7.0e6, 0, 0), Eigen::Vector3d(0, 7546.05, 0),
                                           Quaternion(1, 0, 0, 0), Eigen::Vector3d(0.01, -0.02, 0.03),
                                           ReferencePoint::C));

  HingedRigidBodyConfig panel;
  panel.mass = 100.0 * si::kilogram;
  panel.I_PntSc_S = diag(100, 50, 50);
  panel.d = 1.5 * si::meter;
  panel.r_HB_B = length3(0.5, 0, 1);
  panel.dcm_HB = Eigen::Vector3d(-1, -1, 1).asDiagonal();
  panel.k = 100.0 * si::newton * si::meter / si::radian;
  panel.c = 2.0 * si::newton * si::meter * si::second / si::radian;
  panel.theta0 = 5.0 * (std::numbers::pi / 180.0) * si::radian;  // as the loader converts "deg" (units_table.cpp)
  sc.add_state_effector(std::make_shared<HingedRigidBody>("panel", panel));

  SpinningAxisConfig ring;
  ring.mass = 1.0 * si::kilogram;
  ring.I_PntSc_S = diag(0.02, 0.02, 0.04);
  ring.sHat_S = Eigen::Vector3d::UnitX();
  ring.k = 100.0 * si::newton * si::meter / si::radian;
  ring.c = 10.0 * si::newton * si::meter * si::second / si::radian;
  ring.theta0 = 0.03 * si::radian;
  SpinningAxisConfig engine = ring;
  engine.mass = 20.0 * si::kilogram;
  engine.I_PntSc_S = diag(0.8, 0.8, 0.4);
  engine.r_ScS_S = length3(0, 0, -0.3);
  engine.sHat_S = Eigen::Vector3d::UnitY();
  engine.theta0 = -0.02 * si::radian;
  r.gimbal = std::make_shared<SpinningBodyTwoDOF>("gimbal", ring, engine);
  ThrusterConfig tc;
  tc.r_TF_F = length3(0.05, 0, -0.5);
  tc.force_direction_F = Eigen::Vector3d::UnitZ();
  tc.max_thrust = 20.0 * si::newton;
  auto thruster = std::make_shared<Thruster>("engine", tc);
  thruster->add_firing(0.5 * si::second, 1.0 * si::second);
  r.gimbal->add_dynamic_effector(thruster, 1);
  sc.add_state_effector(r.gimbal);

  SpinningAxisConfig rotor;
  rotor.mass = 5.0 * si::kilogram;
  rotor.I_PntSc_S = diag(0.1, 0.1, 0.2);
  rotor.r_SP_P = length3(0, 0.8, 0);
  rotor.thetaDot0 = 2.0 * si::radian_per_second;
  r.rotor = std::make_shared<SpinningBodyOneDOF>("rotor", rotor);
  sc.add_state_effector(r.rotor);

  TranslatingAxisConfig boom;
  boom.mass = 8.0 * si::kilogram;
  boom.I_PntFc_F = diag(0.3, 0.3, 0.3);
  boom.r_F0P_P = length3(0, -0.8, 0);
  boom.fHat_P = -Eigen::Vector3d::UnitY();
  boom.k = 40.0 * si::newton / si::meter;
  boom.c = 1.0 * si::newton * si::second / si::meter;
  boom.rho0 = 0.05 * si::meter;
  sc.add_state_effector(std::make_shared<TranslatingBodyOneDOF>("boom", boom));

  std::vector<ReactionWheelConfig> wheels{scenario_test::wheel_of(9.0, 0.159, 0.08, Eigen::Vector3d::UnitX(), 100.0),
                                          scenario_test::wheel_of(9.0, 0.159, 0.08, Eigen::Vector3d::UnitY(), -50.0)};
  wheels[0].r_WcB_B = length3(0.3, 0, 0);
  wheels[1].viscous_friction = 1e-4 * si::newton * si::meter * si::second / si::radian;
  r.wheels = std::make_shared<ReactionWheels>("wheels", wheels);
  sc.add_state_effector(r.wheels);

  LinearSpringMassDamperConfig slosh;
  slosh.mass = 30.0 * si::kilogram;
  slosh.pHat_B = Eigen::Vector3d::UnitZ();
  slosh.r_PB_B = length3(0, 0, 0.5);
  slosh.k = 200.0 * si::newton / si::meter;
  slosh.c = 5.0 * si::newton * si::second / si::meter;
  slosh.rho0 = 0.02 * si::meter;
  sc.add_state_effector(std::make_shared<LinearSpringMassDamper>("slosh", slosh));

  ExternalForceTorqueConfig load;
  load.force_F = units::Force3(Eigen::Vector3d(0.1, 0, 0), si::newton);
  load.torque_PntF_F = units::Torque3(Eigen::Vector3d(0, 0, 0.01), units::newton_meter);
  sc.add_dynamic_effector(std::make_shared<ExternalForceTorque>("load", load));

  HubConfig probe_hub;
  probe_hub.mass = 50.0 * si::kilogram;
  probe_hub.I_PntBc_B = diag(5, 4, 3);
  Vehicle& probe = r.model->add_vehicle("probe", probe_hub);
  InitialState probe_init;
  probe_init.r_N = length3(7.0e6, -3.5, 1.0);
  probe_init.v_N = units::Velocity3(Eigen::Vector3d(0, 7546.05, 0), si::meter_per_second);
  probe.set_initial_state(probe_init);

  ConstraintConfig cc;
  cc.end1 = {"sc", "panel", 0};
  cc.end2 = {"probe", "", 0};
  cc.r_P1F1_F1 = length3(-3, 0, 0);
  cc.r_P2F2_F2 = length3(0, 0.5, 0);
  cc.r_P2P1_F1 = length3(0.1, 0.2, 0.3);
  cc.alpha = 50.0 * si::newton / si::meter;
  cc.beta = 5.0 * si::newton * si::second / si::meter;
  r.model->add_two_point_effector(std::make_shared<Constraint>("tether", cc));
  r.model->finalize();
  return r;
}

/// The reference run: propagate() with the inputs applied by hand at their times.
std::vector<Eigen::VectorXd> reference_states(const std::vector<double>& times) {
  const Reference r = reference_model();
  PropagationSettings settings;
  settings.stepper = "rk4";
  settings.dt = 0.05;
  std::vector<Eigen::VectorXd> states;
  Eigen::VectorXd x = r.model->initial_state();
  const System system(r.model);
  Inputs& inputs = system.inputs();
  propagate(system, x, times, settings, [&](Eigen::VectorXd& state, double t) {
    if (t == 1.0) {
      inputs.set(r.model->input_range(*r.wheels).offset + 1, 0.2);                            // wheel 1 [N m]
      inputs.set(r.model->input_range(*r.gimbal).offset + r.gimbal->motor_channel(0), -0.5);  // [N m]
    }
    if (t == 2.0) r.rotor->engage_lock(0, system, state, t);  // as the scenario's lock event
    states.push_back(state);
  });
  return states;
}

/// test/scenario/round_trip_ndof.json: N-DOF spinning and translating bodies, a load on the arm's
/// last segment given in N, a pulse train on the hub, J2 gravity, the attitude as an MRP, rk_dopri5.
struct NdofReference {
  std::shared_ptr<Model> model;
  std::shared_ptr<SpinningBodyNDOF> arm;
  std::shared_ptr<TranslatingBodyNDOF> telescope;
};

NdofReference ndof_reference_model() {
  NdofReference r;
  r.model = std::make_shared<Model>();
  r.model->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(true)));
  Eigen::Matrix3d I;
  I << 300, 1, 0, 1, 250, 0, 0, 0, 200;
  Vehicle& sat = r.model->add_vehicle("sat", test::hub_config(400.0, I, Eigen::Vector3d(0.01, 0, 0.2)));
  sat.set_initial_state(test::initial_state(Eigen::Vector3d(6.9e6, 1.0e5, 2.0e5), Eigen::Vector3d(-100, 7400, 900),
                                            quat_from_mrp(Eigen::Vector3d(0.1, -0.2, 0.3)),
                                            Eigen::Vector3d(0.02, 0.01, -0.01)));

  // Each axis of the arm: mass [kg], inertia, c.o.m. from the joint, joint from the parent's
  // origin, spin axis and torsional stiffness [N m/rad]; then its own damping and initial state.
  const auto axis = [](double mass, const units::InertiaTensor& I_c, const units::Length3& r_ScS_S,
                       const units::Length3& r_SP_P, const Eigen::Vector3d& sHat_S, double k) {
    SpinningAxisConfig a;
    a.mass = mass * si::kilogram;
    a.I_PntSc_S = I_c;
    a.r_ScS_S = r_ScS_S;
    a.r_SP_P = r_SP_P;
    a.sHat_S = sHat_S;
    a.k = k * si::newton * si::meter / si::radian;
    return a;
  };
  std::vector<SpinningAxisConfig> axes{
      axis(10.0, diag(1, 2, 3), length3(0.3, 0, 0), length3(0.5, 0, 1), Eigen::Vector3d::UnitZ(), 20),
      axis(8.0, diag(1, 1, 1), length3(0.3, 0, 0), length3(0.6, 0, 0), Eigen::Vector3d::UnitY(), 20),
      axis(5.0, diag(0.5, 0.5, 0.5), length3(0.2, 0, 0), length3(0.6, 0, 0), Eigen::Vector3d::UnitX(), 10)};
  axes[0].theta0 = 0.1 * si::radian;
  axes[0].thetaDot0 = 0.05 * si::radian_per_second;
  axes[1].c = 0.5 * si::newton * si::meter * si::second / si::radian;
  axes[1].theta0 = -0.1 * si::radian;
  axes[2].thetaDot0 = -0.1 * si::radian_per_second;
  r.arm = std::make_shared<SpinningBodyNDOF>("arm", axes);
  ExternalForceTorqueConfig tip;
  tip.force_N = units::Force3(Eigen::Vector3d(0, 0.05, 0), si::newton);
  r.arm->add_dynamic_effector(std::make_shared<ExternalForceTorque>("tip_load", tip), 2);
  sat.add_state_effector(r.arm);

  // Each stage of the telescope: mass [kg], inertia and rest position, sliding along −z on a
  // 30 N/m spring.
  const auto stage = [](double mass, const units::InertiaTensor& I_c, const units::Length3& r_F0P_P) {
    TranslatingAxisConfig s;
    s.mass = mass * si::kilogram;
    s.I_PntFc_F = I_c;
    s.r_F0P_P = r_F0P_P;
    s.fHat_P = -Eigen::Vector3d::UnitZ();
    s.k = 30.0 * si::newton / si::meter;
    return s;
  };
  std::vector<TranslatingAxisConfig> stages{stage(6.0, diag(0.2, 0.2, 0.2), length3(0, 0, -0.5)),
                                            stage(3.0, diag(0.1, 0.1, 0.1), length3(0, 0, -0.3))};
  stages[0].rho0 = 0.01 * si::meter;
  stages[1].c = 0.2 * si::newton * si::second / si::meter;
  stages[1].rhoDot0 = 0.02 * si::meter_per_second;
  r.telescope = std::make_shared<TranslatingBodyNDOF>("telescope", stages);
  sat.add_state_effector(r.telescope);

  PulsedTorqueConfig pulses;
  pulses.torque_PntB_B = units::Torque3(Eigen::Vector3d(0, 0, 0.2), units::newton_meter);
  pulses.period = 0.4 * si::second;
  pulses.count_on = 2;
  pulses.count_off = 1;
  pulses.start = 0.3 * si::second;
  sat.add_dynamic_effector(std::make_shared<PulsedTorque>("pulses", pulses));
  r.model->finalize();
  return r;
}

/// The logged rows of a CSV written by `ramus run` (its '#' lines and column names skipped), read
/// back exactly (std::from_chars).
std::vector<std::vector<double>> read_csv_rows(const std::string& path) {
  std::ifstream in(path);
  BOOST_TEST_REQUIRE(static_cast<bool>(in), "cannot read " << path);
  std::vector<std::vector<double>> rows;
  bool names = true;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    if (names) {  // the line of column names
      names = false;
      continue;
    }
    std::vector<double> row;
    const char* p = line.data();
    const char* end = p + line.size();
    while (p < end) {
      double v = 0.0;
      const auto r = std::from_chars(p, end, v);
      BOOST_TEST_REQUIRE((r.ec == std::errc()), "bad number in " << path << ": " << line);
      row.push_back(v);
      p = r.ptr < end && *r.ptr == ',' ? r.ptr + 1 : r.ptr;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_round_trip)

BOOST_AUTO_TEST_CASE(branched_vehicle_bit_identical_to_cpp_api) {
  const scenario::Scenario s = load_round_trip();
  const std::vector<double> times{0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0};
  BOOST_TEST(s.output_times == times, boost::test_tools::per_element());
  BOOST_TEST(s.step_times == times, boost::test_tools::per_element());

  std::vector<Eigen::VectorXd> loaded;
  Eigen::VectorXd x;
  scenario::run_scenario(s, x, [&](const Eigen::VectorXd& state, double) { loaded.push_back(state); });
  const std::vector<Eigen::VectorXd> reference = reference_states(times);

  BOOST_TEST_REQUIRE(loaded.size() == reference.size());
  for (std::size_t k = 0; k < loaded.size(); ++k) {
    BOOST_TEST_REQUIRE(loaded[k].size() == reference[k].size());
    // Bit-identical: the same model through the same API and driver; any difference is a loader bug.
    for (Eigen::Index i = 0; i < loaded[k].size(); ++i)
      BOOST_TEST(loaded[k](i) == reference[k](i), "t = " << times[k] << ", " << s.model->layout().entry_name(i));
  }
  // The inputs took effect (the comparison is not between two runs that ignore them): the lock at
  // t = 2 s stopped the rotor, which spun at about 2 rad/s until then (the logged state at an input
  // time is the state after that time's inputs).
  Eigen::Index thetaDot = -1;
  for (const StateBlock& b : s.model->layout().blocks())
    if (b.owner == "sc/rotor" && b.name == "thetaDot") thetaDot = b.offset;
  BOOST_TEST_REQUIRE(thetaDot >= 0);
  BOOST_TEST(std::abs(loaded[3](thetaDot)) > 1.0);  // t = 1.5 s
  BOOST_TEST(loaded[4](thetaDot) == 0.0);           // t = 2.0 s, locked
  BOOST_TEST(loaded[6](thetaDot) == 0.0);
}

BOOST_AUTO_TEST_CASE(logged_quantities_are_the_state_and_the_diagnostics) {
  const scenario::Scenario s = load_round_trip();
  const scenario::QuantityLog log(*s.model, {"sc/hub.omega_BN_B", "sc/rotor.thetaDot", "total_energy"});
  const std::vector<std::string> columns{
      "t", "sc/hub.omega_BN_B[0]", "sc/hub.omega_BN_B[1]", "sc/hub.omega_BN_B[2]", "sc/rotor.thetaDot", "total_energy"};
  BOOST_TEST(log.columns() == columns, boost::test_tools::per_element());
  const Eigen::VectorXd& x0 = s.model->initial_state();
  const std::vector<double> row = log.row(x0, 0.0);
  BOOST_TEST_REQUIRE(row.size() == columns.size());
  BOOST_TEST(row[1] == 0.01);  // the file's omega_BN_B, exactly
  BOOST_TEST(row[2] == -0.02);
  BOOST_TEST(row[4] == 2.0);  // the file's thetaDot0
}

BOOST_AUTO_TEST_CASE(ndof_bodies_pulses_and_adaptive_steps_bit_identical_to_cpp_api) {
  const scenario::Scenario s = scenario::load_scenario(RAMUS_TEST_SCENARIO_DIR "/round_trip_ndof.json");
  // The grid: outputs every 0.5 s, the inputs (on outputs) and the pulse edges 0.3 + 2 k 0.4 ... .
  // The reference uses the loader's grid: its times are the subject of the next assertion, not
  // of the round trip.
  const std::vector<double> outputs{0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0};
  BOOST_TEST(s.output_times == outputs, boost::test_tools::per_element());
  // Pulse edges of eq. (1) of docs/models/pulsed_torque.md: start + (j L + {0, n_on, 2 n_on}) T,
  // L = 5 counts of T = 0.4 s: 0.3, 1.1, 1.9 (cycle 0), 2.3 (cycle 1), then beyond 3 s.
  std::vector<double> grid = outputs;
  for (const double edge : {0.3, 0.3 + 2 * 0.4, 0.3 + 4 * 0.4, 0.3 + 5 * 0.4}) grid.push_back(edge);
  std::sort(grid.begin(), grid.end());
  BOOST_TEST(s.step_times == grid, boost::test_tools::per_element());

  std::vector<Eigen::VectorXd> loaded;
  Eigen::VectorXd x;
  scenario::run_scenario(s, x, [&](const Eigen::VectorXd& state, double) { loaded.push_back(state); });

  const NdofReference r = ndof_reference_model();
  PropagationSettings settings;
  settings.stepper = "rk_dopri5";
  settings.dt = 0.01;
  settings.abs_tol = settings.rel_tol = 1e-9;
  std::vector<Eigen::VectorXd> reference;
  Eigen::VectorXd xr = r.model->initial_state();
  const System system(r.model);
  Inputs& inputs = system.inputs();
  propagate(system, xr, s.step_times, settings, [&](Eigen::VectorXd& state, double t) {
    if (t == 1.0) inputs.set(r.model->input_range(*r.telescope).offset + r.telescope->motor_channel(1), 0.3);  // [N]
    if (t == 1.5) inputs.set(r.model->input_range(*r.arm).offset + r.arm->motor_channel(2), 0.05);             // [N m]
    if (std::find(outputs.begin(), outputs.end(), t) != outputs.end()) reference.push_back(state);
  });
  BOOST_TEST_REQUIRE(loaded.size() == reference.size());
  for (std::size_t k = 0; k < loaded.size(); ++k)
    for (Eigen::Index i = 0; i < loaded[k].size(); ++i)
      BOOST_TEST(loaded[k](i) == reference[k](i), "t = " << outputs[k] << ", " << s.model->layout().entry_name(i));
}

BOOST_AUTO_TEST_SUITE_END()

// `ramus run round_trip.json --output FILE` (the CTest fixture scenario.cli_round_trip_run) logs,
// by default, every state block then total_energy and H_PntN_N: its state columns at every output
// time are bit-identical to the C++ API's states. The CSV path is the argument after "--".
BOOST_AUTO_TEST_SUITE(scenario_cli_round_trip)

BOOST_AUTO_TEST_CASE(ramus_run_csv_bit_identical_to_cpp_api) {
  const auto& suite = boost::unit_test::framework::master_test_suite();
  BOOST_TEST_REQUIRE(suite.argc >= 2, "usage: scenario_tests --run_test=scenario_cli_round_trip -- FILE.csv");
  const std::vector<std::vector<double>> rows = read_csv_rows(suite.argv[suite.argc - 1]);
  const std::vector<double> times{0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0};
  const std::vector<Eigen::VectorXd> reference = reference_states(times);
  BOOST_TEST_REQUIRE(rows.size() == reference.size());
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const Eigen::VectorXd& x = reference[k];
    // t, the state (every block, in layout order), total_energy, H_PntN_N[0..2]
    BOOST_TEST_REQUIRE(rows[k].size() == static_cast<std::size_t>(1 + x.size() + 1 + 3));
    BOOST_TEST(rows[k][0] == times[k]);
    for (Eigen::Index i = 0; i < x.size(); ++i)
      BOOST_TEST(rows[k][static_cast<std::size_t>(1 + i)] == x(i), "t = " << times[k] << ", x[" << i << "]");
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus
