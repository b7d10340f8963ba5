// The sensors of a scenario file (sensor_section.hpp): rate_gyro (docs/sensors/rate_gyro.md) and
// star_tracker (docs/sensors/star_tracker.md).
#include "sensor_section.hpp"

#include "registry_table.hpp"

namespace ramus::scenario {

const FieldList<RateGyroConfig>& rate_gyro_fields() {
  using C = RateGyroConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("dcm_SB", &C::dcm_SB, "mounting: body axes B to sensor axes S")
        .si("bias_mean", &C::bias_mean, Dimension::angular_velocity, "mean of the turn-on bias, in S")
        .si("bias_sigma", &C::bias_sigma, Dimension::angular_velocity, "1 sigma per axis of the turn-on bias",
            non_negative())
        .si("angle_random_walk", &C::angle_random_walk, Dimension::angle_random_walk, "N: white rate noise density",
            non_negative())
        .si("rate_random_walk", &C::rate_random_walk, Dimension::rate_random_walk, "K: the bias's random walk",
            non_negative())
        .si("lsb", &C::lsb, Dimension::angular_velocity, "quantization step (0: none)", non_negative())
        .si("saturation", &C::saturation, Dimension::angular_velocity, "full scale per axis (inf: none)", positive());
  });
}

const FieldList<StarTrackerConfig>& star_tracker_fields() {
  using C = StarTrackerConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.si("period", &C::period, Dimension::time, "output period", positive())
        .default_is("the task's period")
        .si("phase", &C::phase, Dimension::time, "time of the first output")
        .default_is("the task's first sample time")
        .add("dcm_SB", &C::dcm_SB, "mounting: body axes B to sensor axes S (S3 the boresight)")
        .si("sigma_cross", &C::sigma_cross, Dimension::angle, "1 sigma about S's first and second axes", non_negative())
        .si("sigma_boresight", &C::sigma_boresight, Dimension::angle, "1 sigma about the boresight S3", non_negative());
  });
}

void register_sensors(Registry& r) {
  r.add(type_info("rate_gyro", Category::sensor, "a rate gyro sampled by its task: bias, random walks, quantization",
                  "docs/sensors/rate_gyro.md", "RateGyroConfig", rate_gyro_fields().info()));
  r.add(type_info("star_tracker", Category::sensor, "a star tracker: attitude with cross-axis and boresight noise",
                  "docs/sensors/star_tracker.md", "StarTrackerConfig", star_tracker_fields().info()));
}

}  // namespace ramus::scenario
