// Helpers of the scenario loader's tests: the check of a rejected document, the valid vehicle the
// loader suites edit, the twin runs of a file and its C++ reference and their comparison, and the
// pieces of the references and of the logged columns the suites share.
#pragma once

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/reaction_wheels.hpp"

namespace ramus::scenario_test {

/// Loading `document` throws a ScenarioError at `path` whose reason contains `reason`; with
/// `whole_message` (the default), what() is exactly "path: reason".
inline void expect_error(const std::string& document, const std::string& path, const std::string& reason,
                         bool whole_message = true) {
  try {
    scenario::parse_scenario(document);
    BOOST_ERROR("no error; expected " << path << ": " << reason);
  } catch (const scenario::ScenarioError& e) {
    BOOST_TEST(e.path() == path, "message: " << e.what());
    BOOST_TEST(e.reason().find(reason) != std::string::npos, "message: " << e.what() << "\nexpected: " << reason);
    if (whole_message) BOOST_TEST(std::string(e.what()) == e.path() + ": " + e.reason());
  }
}

/// The same check of a document given as JSON.
inline void expect_error(const nlohmann::json& document, const std::string& path, const std::string& reason) {
  expect_error(document.dump(), path, reason);
}

/// The whole of the file `file` (a test failure if it is empty or cannot be read).
inline std::string read_text(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  BOOST_TEST_REQUIRE(!text.str().empty(), "cannot read " << file);
  return text.str();
}

/// The vehicle "sc" of the loader suites' valid documents, in bare SI: a hub, a panel, a 2-DOF
/// gimbal carrying a thruster on its segment 1, wheels.
inline nlohmann::json branched_vehicle() {
  return nlohmann::json::parse(R"(
      {"name": "sc",
       "hub": {"mass": 750, "I_PntBc_B": [[900, 0, 0], [0, 800, 0], [0, 0, 600]]},
       "state_effectors": [
         {"type": "hinged_rigid_body", "name": "panel", "mass": 100,
          "I_PntSc_S": [[100, 0, 0], [0, 50, 0], [0, 0, 50]], "d": 1.5, "r_HB_B": [0.5, 0, 1], "k": 100},
         {"type": "spinning_body_2dof", "name": "gimbal",
          "axis1": {"mass": 1, "I_PntSc_S": [[0.02, 0, 0], [0, 0.02, 0], [0, 0, 0.04]], "sHat_S": [1, 0, 0]},
          "axis2": {"mass": 20, "I_PntSc_S": [[0.8, 0, 0], [0, 0.8, 0], [0, 0, 0.4]], "sHat_S": [0, 1, 0]},
          "dynamic_effectors": [{"segment": 1, "type": "thruster", "name": "engine", "max_thrust": 20}]},
         {"type": "reaction_wheels", "name": "wheels",
          "wheels": [{"gsHat_B": [1, 0, 0], "Js": 0.159}, {"gsHat_B": [0, 1, 0], "Js": 0.159}]}
       ]})");
}

/// "name[i]" (built by append: GCC 12 warns, wrongly, on the concatenation of temporaries).
inline std::string indexed(const char* name, int i) {
  return std::string(name).append("[").append(std::to_string(i)).append("]");
}

/// The column index of `name` in `log`.
inline std::size_t column(const scenario::QuantityLog& log, const std::string& name) {
  for (std::size_t i = 0; i < log.columns().size(); ++i)
    if (log.columns()[i] == name) return i;
  BOOST_FAIL("no column " << name);
  return 0;
}

/// The vehicle `name` of a reference model: a hub of mass [kg] and inertia I about its centre of
/// mass at B, at the origin at rest but for its rate omega_BN_B [rad/s].
inline Vehicle& add_vehicle(Model& model, const std::string& name, double mass, const units::InertiaTensor& I,
                            const Eigen::Vector3d& omega_BN_B) {
  HubConfig hub;
  hub.mass = mass * units::si::kilogram;
  hub.I_PntBc_B = I;
  Vehicle& v = model.add_vehicle(name, hub);
  InitialState init;
  init.omega_BN_B = units::AngularVelocity3(omega_BN_B, units::si::radian_per_second);
  v.set_initial_state(init);
  return v;
}

/// A reaction wheel of the references: mass [kg], spin and transverse inertias Js, Jt [kg m²], its
/// other fields at their defaults.
inline ReactionWheelConfig wheel_of(double mass, double Js, double Jt) {
  ReactionWheelConfig w;
  w.mass = mass * units::si::kilogram;
  w.Js = Js * units::kg_m2;
  w.Jt = Jt * units::kg_m2;
  return w;
}

/// The same wheel spinning about gsHat_B at Omega0 [rad/s].
inline ReactionWheelConfig wheel_of(double mass, double Js, double Jt, const Eigen::Vector3d& gsHat_B, double Omega0) {
  ReactionWheelConfig w = wheel_of(mass, Js, Jt);
  w.gsHat_B = gsHat_B;
  w.Omega0 = Omega0 * units::si::radian_per_second;
  return w;
}

/// A scenario file loaded and run, and its twin built by hand through the C++ API propagated by
/// propagate() (rk4 at dt) to the file's output times: the states of both at every output time.
struct TwinRuns {
  scenario::Scenario loaded;
  std::vector<Eigen::VectorXd> scenario_states, reference_states;
};

inline TwinRuns run_twins(const std::string& file, const std::shared_ptr<Model>& reference, double dt) {
  TwinRuns out;
  out.loaded = scenario::load_scenario(file);
  Eigen::VectorXd x;
  scenario::run_scenario(out.loaded, x,
                         [&](const Eigen::VectorXd& state, double) { out.scenario_states.push_back(state); });
  PropagationSettings settings;
  settings.stepper = "rk4";
  settings.dt = dt;
  Eigen::VectorXd xr = reference->initial_state();
  propagate(System(reference), xr, out.loaded.output_times, settings,
            [&](Eigen::VectorXd& state, double) { out.reference_states.push_back(state); });
  return out;
}

/// run_twins of test/scenario/`file` and the model `reference()` builds, at dt = 0.01 s, run once:
/// the suites of one file share it.
template <std::shared_ptr<Model> (*reference)()>
const TwinRuns& twin_runs(const char* file) {
  static const TwinRuns r = run_twins(std::string(RAMUS_TEST_SCENARIO_DIR) + "/" + file, reference(), 0.01);
  return r;
}

/// The C++ side of a file-built closed-loop run: the scenario's model and settings with flight
/// software whose tasks are built in C++, for the library's driver propagate(system, x, …,
/// settings); x starts at the model's initial state.
struct TasksInCpp {
  System system;
  FlightSoftware software;
  PropagationSettings settings;
  Eigen::VectorXd x;

  TasksInCpp(const scenario::Scenario& s, std::initializer_list<std::shared_ptr<FlightSoftwareTask>> tasks)
      : system(s.model), settings(s.settings), x(s.model->initial_state()) {
    for (const std::shared_ptr<FlightSoftwareTask>& task : tasks) software.add(task);
    settings.flight_software = &software;
  }
  TasksInCpp(const TasksInCpp&) = delete;
  TasksInCpp& operator=(const TasksInCpp&) = delete;
};

/// The output times of both runs are `times`.
inline void check_output_times(const TwinRuns& r, const std::vector<double>& times) {
  BOOST_TEST(r.loaded.output_times == times, boost::test_tools::per_element());
  BOOST_TEST_REQUIRE(r.scenario_states.size() == times.size());
  BOOST_TEST_REQUIRE(r.reference_states.size() == times.size());
}

/// Every state entry of `vehicle` ("<vehicle>/…", its hub included) at every output time `times`,
/// bit for bit between the file's run and the C++ API's; returns the number of entries compared.
inline std::size_t compare_vehicle_states(const TwinRuns& r, const std::string& vehicle,
                                          const std::vector<double>& times) {
  std::size_t compared = 0;
  for (const StateBlock& b : r.loaded.model->layout().blocks()) {
    if (!b.owner.starts_with(vehicle + "/")) continue;
    for (std::size_t k = 0; k < times.size(); ++k) {
      BOOST_TEST_REQUIRE(r.scenario_states[k].size() == r.reference_states[k].size());
      for (Eigen::Index i = b.offset; i < b.offset + b.size; ++i, ++compared)
        BOOST_TEST(r.scenario_states[k](i) == r.reference_states[k](i),
                   "t = " << times[k] << ", " << r.loaded.model->layout().entry_name(i));
    }
  }
  return compared;
}

/// Some state entry of `vehicle` (of its hub too, with `hub_included`) differs between the file's
/// first and last output: the comparison is not between two frozen states.
inline bool vehicle_moved(const TwinRuns& r, const std::string& vehicle, bool hub_included) {
  bool moved = false;
  for (const StateBlock& b : r.loaded.model->layout().blocks())
    if (b.owner.starts_with(vehicle + "/") && (hub_included || b.owner != vehicle + "/hub"))
      for (Eigen::Index i = b.offset; i < b.offset + b.size; ++i)
        moved = moved || r.scenario_states.back()(i) != r.scenario_states.front()(i);
  return moved;
}

}  // namespace ramus::scenario_test
