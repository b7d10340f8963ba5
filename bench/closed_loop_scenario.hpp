// The `slew` scenario: flight software in the loop (docs/fsw/attitude_control_task.md).
#pragma once

#include "scenario.hpp"

namespace ramus::bench {

/// The sample hub with Basilisk's two hinged panels and three orthogonal reaction wheels
/// (0.2 N m, 100 rad/s), at rest; a 10 Hz attitude-control task (rate gyro and star tracker,
/// eigenaxis slew of 20° about (1, 1, 1)/√3 over 120 s from t = 5 s, MRP feedback, minimum-norm
/// wheel mapping) drives the wheels; 150 s; converged reference.
Scenario make_slew();

}  // namespace ramus::bench
