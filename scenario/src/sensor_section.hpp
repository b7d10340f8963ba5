// The sensors a scenario file configures (docs/sensors/): their fields, listed once, read where a
// task holds a sensor (attitude_control's navigation.gyro and navigation.star_tracker) and
// registered for the schema, the field docs and Python (register_sensors).
#pragma once

#include "field_list.hpp"
#include "ramus/sensors/rate_gyro.hpp"
#include "ramus/sensors/star_tracker.hpp"

namespace ramus::scenario {

/// A rate gyro's fields; its period is the task's, which samples it (set before reading).
const FieldList<RateGyroConfig>& rate_gyro_fields();
/// A star tracker's fields; period and phase default to the task's period and first sample time
/// (set before reading).
const FieldList<StarTrackerConfig>& star_tracker_fields();

}  // namespace ramus::scenario
