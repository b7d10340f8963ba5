// Helpers of the scenario loader's tests: the check of a rejected document.
#pragma once

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <memory>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/propagate.hpp"

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

}  // namespace ramus::scenario_test
