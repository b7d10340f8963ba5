// Helpers of the scenario loader's tests: the check of a rejected document.
#pragma once

#include <boost/test/unit_test.hpp>
#include <string>

#include "ramus/scenario/scenario.hpp"

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

}  // namespace ramus::scenario_test
