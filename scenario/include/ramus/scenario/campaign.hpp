// Monte Carlo campaigns (docs/scenario.md §6): a nominal scenario and a dispersions file naming
// parameters of the scenario by their JSON path ("vehicles[0].hub.mass") and a distribution
// (normal or uniform). Run i is the nominal document with each parameter replaced by its draw for
// (seed, i), loaded like any scenario: deterministic, reproducible alone, independent of the
// other runs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

enum class Distribution { normal, uniform };

/// One dispersed parameter. Values are in the unit the scenario writes the parameter in.
struct Dispersion {
  std::string path;  ///< JSON path of a number of the scenario as written, e.g. "vehicles[0].hub.mass"
  /// The number `path` changes, canonical: a JSON pointer (RFC 6901) into the scenario document,
  /// through the "value" of a {"value", "unit"} object, e.g. "/vehicles/0/hub/mass/value" for
  /// "vehicles[0].hub.mass", "vehicles[0].hub.mass.value" and "vehicles[00].hub.mass" alike.
  std::string location;
  Distribution distribution;
  double a = 0.0, b = 0.0;  ///< normal: mean (the nominal value unless given), sigma; uniform: low, high
};

class Campaign {
 public:
  /// Parses both documents; checks every path against the nominal scenario (two paths that change
  /// the same number are refused) and loads the nominal scenario once. Errors: ScenarioError with
  /// paths "dispersions.parameters[1].sigma" or the nominal scenario's own paths. The scenario's
  /// relative data files are read from `base` (its file's folder; the working directory by default).
  Campaign(std::string_view scenario_json, std::string_view dispersions_json, std::filesystem::path base = {});
  ~Campaign();
  Campaign(Campaign&&) noexcept;

  std::uint64_t seed() const { return seed_; }
  /// The nominal scenario, loaded (its model is not to be run: runs use scenario(run)).
  const Scenario& nominal() const { return nominal_; }
  const std::vector<Dispersion>& dispersions() const { return dispersions_; }
  /// Quantities whose final values the summary reports (QuantityLog names); the scenario's log
  /// when the dispersions file gives none.
  const std::vector<std::string>& summary() const { return summary_; }

  /// The drawn value of each dispersion for run `run`.
  std::vector<double> draw(std::uint64_t run) const;
  /// The scenario of run `run` (the nominal document with the draws written in), loaded. A draw
  /// that is not finite (a normal with a huge sigma) is a ScenarioError at the dispersion's path
  /// naming the run, the parameter and the value; so is any error of the loaded scenario.
  Scenario scenario(std::uint64_t run) const;

 private:
  struct Document;
  std::unique_ptr<Document> document_;  // the nominal JSON (keeps nlohmann out of this header)
  Scenario nominal_;
  std::uint64_t seed_ = 0;
  std::vector<Dispersion> dispersions_;
  std::vector<std::string> summary_;
  std::filesystem::path base_;
};

}  // namespace ramus::scenario
