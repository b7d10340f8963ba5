// Monte Carlo campaigns (docs/scenario.md §6): a nominal scenario and a dispersions file naming
// parameters of the scenario by their JSON path ("vehicles[0].hub.mass") and a distribution
// (normal or uniform). Run i is the nominal document with each parameter replaced by its draw for
// (seed, i), loaded like any scenario: deterministic, reproducible alone, independent of the
// other runs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

enum class Distribution { normal, uniform };

/// One dispersed parameter. Values are in the unit the scenario writes the parameter in.
struct Dispersion {
  std::string path;  ///< JSON path of a number of the scenario, e.g. "vehicles[0].hub.mass"
  Distribution distribution;
  double a = 0.0, b = 0.0;  ///< normal: mean (the nominal value unless given), sigma; uniform: low, high
};

class Campaign {
 public:
  /// Parses both documents; checks every path against the nominal scenario and loads the nominal
  /// scenario once. Errors: ScenarioError with paths "dispersions: parameters[1].sigma" or the
  /// nominal scenario's own paths.
  Campaign(std::string_view scenario_json, std::string_view dispersions_json);
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
  /// The scenario of run `run` (the nominal document with the draws written in), loaded.
  Scenario scenario(std::uint64_t run) const;

 private:
  struct Document;
  std::unique_ptr<Document> document_;  // the nominal JSON (keeps nlohmann out of this header)
  Scenario nominal_;
  std::uint64_t seed_ = 0;
  std::vector<Dispersion> dispersions_;
  std::vector<std::string> summary_;
};

}  // namespace ramus::scenario
