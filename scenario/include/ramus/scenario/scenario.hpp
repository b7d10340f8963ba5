// A scenario: a finalized ramus::Model built from a JSON file through the library's public API,
// with how to propagate it, when to log, what to log and the inputs to apply between steps
// (docs/scenario.md). The loader is a client of the library, not a second implementation.
#pragma once

#include <Eigen/Dense>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/sensors/sensor_key.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::scenario {

/// A scenario file that cannot be loaded. The message is "<path>: <reason>", the path in the JSON
/// document (e.g. "vehicles[0].state_effectors[2].I_PntSc_S"); a ConfigurationError of the library
/// is wrapped with the path of the object that caused it.
class ScenarioError : public Error {
 public:
  ScenarioError(std::string path, std::string reason);
  const std::string& path() const noexcept { return path_; }
  const std::string& reason() const noexcept { return reason_; }

 private:
  std::string path_;
  std::string reason_;
};

/// An input change applied between steps at time t (docs/architecture.md §D7): a motor torque or
/// force, a lock, written to the run's inputs.
struct InputEvent {
  double t = 0.0;    ///< [s]
  std::string path;  ///< where the file gives it, e.g. "inputs[3]"
  /// Applies the change to the inputs of the run of `system` at (x, t); may write the state:
  /// engaging a lock is an impulse (SerialChain::engage_lock, docs/models/serial_chain.md eq. L2).
  std::function<void(const System& system, Eigen::VectorXd& x, double t)> apply;
};

/// One task of the scenario's "flight_software" section (docs/scenario.md §3 Flight software), of
/// any registered task type (docs/scenario_fields.md). Model data: each run makes its own task
/// from it (make_flight_software).
struct FlightSoftwareTaskSpec {
  std::string type = "attitude_control";  ///< the registered task type
  std::string name;                       ///< the task's name, unique in the scenario
  std::string path;                       ///< where the file gives it, e.g. "flight_software.tasks[0]"
  /// A new task for one run, its sensors' noise drawn from `seed` (the run's).
  std::function<std::shared_ptr<FlightSoftwareTask>(const NoiseSeed& seed)> make;
  /// The signals the task publishes (FlightSoftwareTask::signals() once bound to the model).
  std::vector<TaskSignal> signals;
  /// attitude_control: the task's configuration, in SI; its `seed` is the run's (make_flight_software).
  fsw::AttitudeControlTaskConfig attitude_control;
  std::size_t vehicle = 0;  ///< the index of the vehicle the task flies
  /// What the task takes from its vehicle's model when the scenario is loaded (an attitude
  /// controller's inertia the file does not give, the momentum dump's wheel and thruster geometry),
  /// so that a campaign's run that disperses the vehicle recomputes it; empty when nothing.
  std::string from_model;
};

/// One event of the scenario's "events" section (docs/scenario.md §3 Events): model data, like a
/// task's spec; each run makes its own ramus::Event from it (make_events).
struct EventSpec {
  std::string name;    ///< the event's name, unique among the events
  std::string path;    ///< where the file gives it, e.g. "events[2]"
  std::string action;  ///< "record", "stop" or the input change, e.g. "lock sc/panel joint 0" (no comma)
  /// The run's event: g, direction, tolerance, and for an input action a callback writing to the
  /// run of `system` (a copy of the run's System: it shares the run's inputs).
  std::function<Event(const System& system)> make;
};

struct Scenario {
  std::string description;
  std::shared_ptr<Model> model;  ///< finalized
  PropagationSettings settings;
  std::vector<double> output_times;  ///< [s] times at which the logged quantities are written
  /// [s] the driver's time grid: the output times, the input times and the thrusters' firing
  /// edges, sorted, without duplicates (no step straddles an input change or a firing edge).
  std::vector<double> step_times;
  std::vector<InputEvent> inputs;  ///< sorted by t
  std::vector<std::string> log;    ///< names of the logged quantities (logged_quantities.hpp)
  /// The flight software's tasks, in file order (empty: open loop).
  std::vector<FlightSoftwareTaskSpec> flight_software;
  /// The events located between steps, in file order (empty: none; docs/scenario.md §3 Events).
  std::vector<EventSpec> events;
  /// Every data file the scenario read (gravity coefficients, magnetic model, atmosphere table,
  /// leap seconds), resolved as they were opened: inputs of the run, which no output may replace.
  std::vector<std::string> data_files;
  /// The leap-second table of the environment's epoch, one line (Epoch::leap_seconds()); empty
  /// without an epoch. The runner records it in its outputs.
  std::string leap_seconds;
  /// What the user should be told, each prefixed with its JSON path (an epoch past its
  /// leap-second table); the runner prints them on stderr, the library prints nothing.
  std::vector<std::string> warnings;
  /// The sensors' noise seed of this run: (flight_software.seed, 0) for a scenario run alone,
  /// (the campaign's seed, the run index) for run i of a campaign (Campaign::scenario).
  NoiseSeed noise_seed;
};

/// The run's flight software: a fresh task for each of scenario.flight_software, seeded with
/// scenario.noise_seed; nullptr when the scenario has none. Run data: make one per run.
std::unique_ptr<FlightSoftware> make_flight_software(const Scenario& scenario);

/// The run's events (PropagationSettings::events), one per scenario.events in file order, each
/// made for the run of `system`. Run data: make them per run (an altitude of C holds a workspace).
std::vector<Event> make_events(const Scenario& scenario, const System& system);

/// Parses and builds a scenario from JSON text. Throws ScenarioError. The data files it names
/// (gravity coefficients, atmosphere and ephemeris tables, magnetic models), when relative, are
/// read from `base` (the working directory by default).
Scenario parse_scenario(std::string_view json_text, const std::filesystem::path& base = {});
/// Reads `file` and parses it, its data files relative to the file's folder; an unreadable file
/// is a ScenarioError with the file name as path.
Scenario load_scenario(const std::filesystem::path& file);

}  // namespace ramus::scenario
