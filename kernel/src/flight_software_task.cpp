#include "ramus/kernel/flight_software_task.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

using validation::to_text;

FlightSoftwareTask::FlightSoftwareTask(std::string name, std::string vehicle, TaskTiming timing)
    : name_(std::move(name)), vehicle_(std::move(vehicle)), timing_(timing) {
  if (name_.empty()) throw ConfigurationError("flight-software task", "name", "\"\"", "must not be empty");
  if (!std::isfinite(timing_.period) || !(timing_.period > 0.0))
    throw ConfigurationError(label(), "period [s]", to_text(timing_.period), "must be positive and finite");
  if (!std::isfinite(timing_.offset) || timing_.offset < 0.0)
    throw ConfigurationError(label(), "offset [s]", to_text(timing_.offset), "must be non-negative and finite");
  if (timing_.delay != 0 && timing_.delay != 1)
    throw ConfigurationError(label(), "delay [samples]", std::to_string(timing_.delay), "must be 0 or 1");
}

}  // namespace ramus
