// The run-control sections of a scenario document (docs/scenario.md §3): output times,
// propagation settings and input events. The model sections are effector_builders.hpp's.
#pragma once

#include <vector>

#include "json_node.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::scenario {

/// "output": {"t0", "t1", "dt"} or {"times"} → the output times [s], strictly increasing.
std::vector<double> output_times(const Node& output);
/// "propagation" → PropagationSettings (stepper, dt, tolerances, min_dt, max_steps).
PropagationSettings propagation(const Node& propagation);
/// One element of "inputs": a motor torque or force, or a lock, at t in [t0, t1).
InputEvent input_event(const Model& model, const Node& input, double t0, double t1);
/// An input change without its time: what an element of "inputs" or an event's input action
/// changes (the keys vehicle, effector, joint or wheel, and one of motor_torque, motor_force,
/// locked; the caller checks the object's keys).
struct InputChange {
  std::function<void(const System& system, Eigen::VectorXd& x, double t)> apply;
  std::string description;  ///< e.g. "lock sc/panel joint 0", "sc/wheels wheel 1 motor_torque = 0.1 N m"
};
InputChange input_change(const Model& model, const Node& change);
/// "flight_software": {"seed", "tasks"} → the tasks, checked against the finalized model (each
/// built once and bound to it) for a run starting at t0; `seed` receives (flight_software.seed, 0).
std::vector<FlightSoftwareTaskSpec> flight_software(const std::shared_ptr<Model>& model, const Node& section, double t0,
                                                    NoiseSeed& seed);
/// One task object (an element of "tasks", of any registered task type) checked and bound the same
/// way, alone: the front ends' builder (ramus/scenario/objects.hpp).
FlightSoftwareTaskSpec read_flight_software_task(const std::shared_ptr<Model>& model, const Node& n, double t0);

}  // namespace ramus::scenario
