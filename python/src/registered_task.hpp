// A flight-software task of a registered type in Python (docs/python.md, "Flight software"): the
// spec the scenario's builder made for one model (model data), from which each propagate() makes
// a fresh task (run data) seeded with the task's noise seed.
#pragma once

#include <memory>

#include "ramus/kernel/model.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/sensors/sensor_key.hpp"

namespace ramus::python {

struct RegisteredTask {
  scenario::FlightSoftwareTaskSpec spec;
  NoiseSeed seed;                      ///< the sensors' noise seed of every run it is given to
  std::shared_ptr<const Model> model;  ///< the model it was built for (its channels and names)
};

}  // namespace ramus::python
