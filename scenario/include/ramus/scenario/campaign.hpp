// Monte Carlo campaigns (docs/scenario.md §6): a nominal scenario and a dispersions file naming
// parameters of the scenario by their JSON path ("vehicles[0].hub.mass") and a distribution
// (normal or uniform). Run i is the nominal document with each parameter replaced by its draw for
// (seed, i), loaded like any scenario: deterministic, reproducible alone, independent of the
// other runs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

class Node;  // json_node.hpp: a node of a JSON document with its path

enum class Distribution { normal, uniform, inertia };

/// An inertia tensor dispersed as a whole (docs/scenario.md §6, "Inertia tensors"): its principal
/// moments by independent normals, its principal axes by a small random rotation, so that every
/// draw is a symmetric tensor with the nominal's structure. In the scenario's unit of the tensor.
struct InertiaDispersion {
  std::string path;                                         ///< the tensor's path as the file writes it
  Eigen::Matrix3d axes = Eigen::Matrix3d::Identity();       ///< the nominal's principal axes, as columns
  Eigen::Vector3d moments = Eigen::Vector3d::Zero();        ///< its principal moments (ascending)
  Eigen::Vector3d moments_sigma = Eigen::Vector3d::Zero();  ///< each moment's standard deviation
  double axes_sigma = 0.0;  ///< [rad] standard deviation of each component of the axes' rotation vector
  /// The tensor drawn from z, six standard normals: (moments + moments_sigma ∘ z₀₋₂) about the axes
  /// turned by the rotation exp([axes_sigma z₃₋₅]×), symmetric to the bit.
  Eigen::Matrix3d draw(const double z[6]) const;
};

/// One dispersed parameter. Values are in the unit the scenario writes the parameter in.
struct Dispersion {
  std::string path;  ///< JSON path of a number of the scenario as written, e.g. "vehicles[0].hub.mass"
  /// The number `path` changes, canonical: a JSON pointer (RFC 6901) into the scenario document,
  /// through the "value" of a {"value", "unit"} object, e.g. "/vehicles/0/hub/mass/value" for
  /// "vehicles[0].hub.mass", "vehicles[0].hub.mass.value" and "vehicles[00].hub.mass" alike.
  std::string location;
  Distribution distribution;
  double a = 0.0, b = 0.0;    ///< normal: mean (the nominal value unless given), sigma; uniform: low, high
  std::size_t parameter = 0;  ///< its index in the file's "parameters": the key of its random stream
  /// Distribution::inertia: the tensor it is entry (row, col) of; path and location name the entry.
  std::shared_ptr<const InertiaDispersion> inertia;
  int row = 0, col = 0;
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
  /// What the analyst should know of the campaign before it runs: each flight-software task that
  /// takes values from its vehicle's model (FlightSoftwareTaskSpec::from_model) while the
  /// dispersions change that vehicle recomputes them in every run from that run's vehicle (the
  /// controller then knows each run's dispersed inertia), with the parameters and how to hold them.
  const std::vector<std::string>& notes() const { return notes_; }

  /// The drawn value of each dispersion for run `run`.
  std::vector<double> draw(std::uint64_t run) const;
  /// The scenario of run `run` (the nominal document with the draws written in), loaded. A draw
  /// that is not finite (a normal with a huge sigma) is a ScenarioError at the dispersion's path
  /// naming the run, the parameter and the value; so is any error of the loaded scenario.
  Scenario scenario(std::uint64_t run) const;

 private:
  /// Parameter k of the file with "distribution": "inertia": its nine entries (each a Dispersion
  /// with the tensor), their locations claimed in `dispersed`.
  void add_inertia_dispersion(const Node& parameter, std::size_t k,
                              std::map<std::string, std::size_t, std::less<>>& dispersed);
  /// The path parameter k of the file gives (an inertia tensor's, for its entries).
  std::string path_of_parameter(std::size_t k) const;
  struct Document;
  std::unique_ptr<Document> document_;  // the nominal JSON (keeps nlohmann out of this header)
  Scenario nominal_;
  std::uint64_t seed_ = 0;
  std::vector<Dispersion> dispersions_;
  std::vector<std::string> summary_;
  std::vector<std::string> notes_;
  std::filesystem::path base_;
};

}  // namespace ramus::scenario
