#include "input_files.hpp"

#include <filesystem>

#include "ramus/scenario/input_file.hpp"
#include "text_escape.hpp"

namespace ramus::app {

std::vector<NamedFile> run_inputs(const std::string& scenario_path, const scenario::Scenario& scenario,
                                  const std::string& dispersions_path) {
  std::vector<NamedFile> inputs{{"the scenario", scenario_path}};
  if (!dispersions_path.empty()) inputs.push_back({"the dispersions", dispersions_path});
  for (const std::string& f : scenario.data_files) inputs.push_back({"the scenario's data file", f});
  return inputs;
}

std::string read_input(const std::string& path, const char* what) {
  try {
    return scenario::read_input_file(path, what);
  } catch (const scenario::ScenarioError& e) {
    throw InputError(escaped_text(path) + ": " + e.reason());
  }
}

scenario::Scenario load_scenario_file(const std::string& path, const std::string& bytes) {
  try {
    // The scenario's data files relative to its own folder, as load_scenario reads them.
    return scenario::parse_scenario(bytes, std::filesystem::path(path).parent_path());
  } catch (const scenario::ScenarioError& e) {
    throw InputError(escaped_text(path) + ": " + e.what());
  }
}

scenario::Campaign load_campaign(const Options& o, const std::string& scenario_bytes,
                                 const std::string& dispersions_bytes) {
  try {
    return scenario::Campaign(scenario_bytes, dispersions_bytes, std::filesystem::path(o.scenario).parent_path());
  } catch (const scenario::ScenarioError& e) {
    // The dispersions document's paths start with "dispersions" (campaign.hpp); the rest are the
    // nominal scenario's.
    const bool dispersions = e.path().starts_with("dispersions");
    throw InputError(escaped_text(dispersions ? o.dispersions : o.scenario) + ": " + e.what());
  }
}

}  // namespace ramus::app
