// The scenario's "events" section (docs/scenario.md §3 Events): the library's built-in events
// (steppers/builtin_events.hpp, environment/eclipse_event.hpp) by name, with a direction and an
// action — record, stop, or an input change of the "inputs" section at the event.
#pragma once

#include <memory>

#include "environment_section.hpp"
#include "json_node.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

/// One element of "events", checked against the finalized model and the environment: a bad field
/// is a ScenarioError at its path ("events[1].direction") naming the event and the value; a
/// library ConfigurationError (an unknown state entry, a non-positive radius) is wrapped there.
/// Each event is built once here, so that a run's make() cannot fail.
EventSpec event_spec(const std::shared_ptr<Model>& model, const Node& event, const EnvironmentObjects& env);

}  // namespace ramus::scenario
