// The quantities a scenario logs at its output times (docs/scenario.md §3 Output): blocks of the
// state vector by their layout name ("sc/hub.omega_BN_B", "sc/panel.theta"), per-vehicle
// diagnostics ("sc.r_CN_N", "sc.rotational_energy", …, kernel/diagnostics.hpp), the osculating
// orbital elements of each vehicle's centre of mass ("sc.semi_major_axis", …,
// docs/environment/orbital_elements.md) and the model's
// totals ("total_energy", "H_PntN_N") — functions of (model, x, t) — and the run's own data:
// each dynamic effector's load in its frame ("sc/drag.torque_PntF_F", "sc/drag.force_F"), each
// actuator channel's command, applied value and saturation flag ("sc/wheels.motor_torque:command"),
// and what each flight-software task computed at its last sample ("acs.sigma_BR").
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/flight_software.hpp"

namespace ramus::scenario {

/// What a row may read besides (x, t): the run's inputs and its flight software (either may be
/// null when the log has no quantity of it).
struct RunView {
  const Inputs* inputs = nullptr;
  const FlightSoftware* flight_software = nullptr;
  /// At the row of a stop event (the run's last, at the event's time): that occurrence; else null.
  const EventOccurrence* stop = nullptr;
};

class QuantityLog {
 public:
  /// `names` must each be a quantity of model (see names()), each once; throws ScenarioError at
  /// "output.log[i]" for one that is not or that repeats an earlier one. The model must be
  /// finalized.
  QuantityLog(const Model& model, const std::vector<std::string>& names);
  /// The same, with the quantities of the scenario's flight-software tasks.
  QuantityLog(const Scenario& scenario, const std::vector<std::string>& names);

  /// Every quantity the model can log: its state blocks, each vehicle's diagnostics, the totals,
  /// each input block's ":command", ":applied" and ":saturated".
  static std::vector<std::string> names(const Model& model);
  /// The same and every quantity of the scenario's tasks.
  static std::vector<std::string> names(const Scenario& scenario);
  /// The default log: every state block, total_energy and H_PntN_N.
  static std::vector<std::string> default_names(const Model& model);
  /// The default log of a scenario: default_names(model), and with flight software every task
  /// quantity and every input block's command, applied value and flag.
  static std::vector<std::string> default_names(const Scenario& scenario);

  /// "t" then one column per component, e.g. "sc/hub.r_BN_N[0]"; scalars without an index.
  const std::vector<std::string>& columns() const { return columns_; }
  /// The unit of each column ("s", "m", "1", …).
  const std::vector<std::string>& units() const { return units_; }
  /// Whether a row needs the run (inputs or flight-software quantities are logged).
  bool needs_run() const { return needs_inputs_ || needs_tasks_; }
  /// The row at (x, t): t, then the columns' values. Throws ramus::Error when needs_run().
  std::vector<double> row(const Eigen::VectorXd& x, double t) const;
  /// The row at (x, t) of the run `run`: the inputs as they are (what the run applies from t on),
  /// the tasks' values of their last sample (at or before t).
  std::vector<double> row(const Eigen::VectorXd& x, double t, const RunView& run) const;

  /// What the log knows of a task (from the scenario's flight_software section): the signals it
  /// publishes (FlightSoftwareTask::signals()), logged as "<task>.<signal>".
  struct Task {
    std::string name;
    std::vector<TaskSignal> signals;
  };
  /// The log of a run whose flight software has `tasks` (the scenario's, or a front end's): their
  /// signals are quantities "<task>.<signal>" beside the model's.
  QuantityLog(const Model& model, const std::vector<Task>& tasks, const std::vector<std::string>& names);

 private:
  static std::vector<Task> tasks_of(const Scenario& scenario);
  enum class Source { state, vehicle, total, input_command, input_applied, input_saturated, task, load, output, orbit };
  struct Item {
    Source source;
    std::size_t vehicle = 0;  ///< Source::vehicle; Source::task: the task's index; Source::load: the load's
    std::string quantity;     ///< diagnostic name (vehicle, total), task quantity (task), force_F | torque_PntF_F
    Eigen::Index offset =
        0;  ///< Source::state, Source::input_*; Source::task: the signal's index; orbit: the element's
    Eigen::Index size = 1;
    const StateEffector* effector = nullptr;  ///< Source::output: whose output (vehicle: its index)
    Eigen::Index state_size = 0;              ///< Source::output: its state block (at offset)
  };
  const Model* model_;
  std::vector<Task> tasks_;
  std::vector<Item> items_;
  std::vector<std::string> columns_, units_;
  bool needs_diagnostics_ = false, needs_inputs_ = false, needs_tasks_ = false, needs_loads_ = false;
  double mu_ = 0.0;  ///< [m³/s²] the central body's μ, when orbital elements are logged
};

}  // namespace ramus::scenario
