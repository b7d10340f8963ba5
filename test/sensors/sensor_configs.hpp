// Sensor configurations several suites start from (errors_test.cpp, reproducibility_test.cpp):
// each sensor with every error source it has switched on, the suites differing only in the value
// passed here or in the fields they change afterwards.
#pragma once

#include <Eigen/Dense>
#include <cstddef>

#include "ramus/sensors/rate_gyro.hpp"
#include "ramus/sensors/star_tracker.hpp"
#include "ramus/sensors/sun_sensor.hpp"
#include "ramus/sensors/wheel_tachometer.hpp"

namespace ramus::test {

/// A rate gyro at 10 Hz with a turn-on bias, white rate noise, a bias walk and the quantization
/// step `lsb` [rad/s].
inline RateGyroConfig noisy_gyro(double lsb) {
  return {.period = 0.1, .bias_sigma = 1e-4, .angle_random_walk = 1e-4, .rate_random_walk = 1e-6, .lsb = lsb};
}

/// A star tracker of output period `period` [s], noisier about its boresight than across it.
inline StarTrackerConfig noisy_tracker(double period) {
  return {.period = period, .sigma_cross = 1e-5, .sigma_boresight = 1e-4};
}

/// A tachometer of `wheel_count` wheels at 10 Hz with white noise.
inline WheelTachometerConfig noisy_tachometer(std::size_t wheel_count) {
  return {.wheel_count = wheel_count, .period = 0.1, .noise_sigma = 0.01};
}

/// A sun sensor of boresight `boresight_B` and a 1 rad half cone, the sun along N's x axis.
inline SunSensorConfig noisy_sun_sensor(const Eigen::Vector3d& boresight_B) {
  return {
      .sun_direction_N = Eigen::Vector3d::UnitX(), .boresight_B = boresight_B, .half_cone = 1.0, .noise_sigma = 1e-3};
}

}  // namespace ramus::test
