// The quantities a scenario logs at its output times (docs/scenario.md §3 Output), each a pure
// function of (model, x, t): blocks of the state vector by their layout name ("sc/hub.omega_BN_B",
// "sc/panel.theta"), per-vehicle diagnostics ("sc.r_CN_N", "sc.rotational_energy", …,
// kernel/diagnostics.hpp) and the model's totals ("total_energy", "H_PntN_N").
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"

namespace ramus::scenario {

class QuantityLog {
 public:
  /// `names` must each be a quantity of model (see names()), each once; throws ScenarioError at
  /// "output.log[i]" for one that is not or that repeats an earlier one. The model must be
  /// finalized.
  QuantityLog(const Model& model, const std::vector<std::string>& names);

  /// Every quantity the model can log: its state blocks, each vehicle's diagnostics, the totals.
  static std::vector<std::string> names(const Model& model);
  /// The default log: every state block, total_energy and H_PntN_N.
  static std::vector<std::string> default_names(const Model& model);

  /// "t" then one column per component, e.g. "sc/hub.r_BN_N[0]"; scalars without an index.
  const std::vector<std::string>& columns() const { return columns_; }
  /// The unit of each column ("s", "m", "1", …).
  const std::vector<std::string>& units() const { return units_; }
  /// The row at (x, t): t, then the columns' values.
  std::vector<double> row(const Eigen::VectorXd& x, double t) const;

 private:
  enum class Source { state, vehicle, total };
  struct Item {
    Source source;
    std::size_t vehicle = 0;  ///< Source::vehicle
    std::string quantity;     ///< diagnostic name (vehicle, total)
    Eigen::Index offset = 0;  ///< Source::state
    Eigen::Index size = 1;
  };
  const Model* model_;
  std::vector<Item> items_;
  std::vector<std::string> columns_, units_;
  bool needs_diagnostics_ = false;
};

}  // namespace ramus::scenario
