// Star tracker (docs/sensors/star_tracker.md): the attitude of the sensor frame S relative to N,
// with a small random rotation error in S (cross-boresight and about-boresight 1σ), produced at the
// tracker's own output rate and held between its samples.
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <string>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/random_stream.hpp"
#include "ramus/sensors/sensor.hpp"
#include "ramus/sensors/sensor_key.hpp"

namespace ramus {

/// The tracker's parameters, in SI (docs/sensors/star_tracker.md, Parameters). S's third axis is
/// the boresight.
struct StarTrackerConfig {
  double period = 0.0;                                   ///< [s] output period (> 0)
  double phase = 0.0;                                    ///< [s] time of the first output, eq. (1) (finite)
  Eigen::Matrix3d dcm_SB = Eigen::Matrix3d::Identity();  ///< [1] mounting: sensor axes S from body axes B
  double sigma_cross = 0.0;                              ///< [rad] 1σ about S's first and second axes (≥ 0)
  double sigma_boresight = 0.0;                          ///< [rad] 1σ about S's third axis, the boresight (≥ 0)
};

/// The tracker's output: the last measurement taken, and whether this call took it.
struct AttitudeMeasurement {
  Quaternion q_SN = Quaternion(1.0, 0.0, 0.0, 0.0);     ///< [1] measured attitude of S relative to N, q0 ≥ 0
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);     ///< [1] the body attitude it implies, eq. (6), q0 ≥ 0
  Eigen::Vector3d sigma_BN = Eigen::Vector3d::Zero();   ///< [1] MRP of q_BN, |sigma_BN| ≤ 1
  double t = std::numeric_limits<double>::quiet_NaN();  ///< [s] the time the measurement was taken
  bool valid = false;                                   ///< a measurement exists (false before the first output time)
  bool fresh = false;                                   ///< the measurement was taken at this call (false: held)
};

/// One star tracker in one run: its parameters (const) and its run state (schedule, last output,
/// noise stream).
class StarTracker : public Sensor<StarTrackerConfig> {
 public:
  /// Checks every field (ConfigurationError naming the tracker, the field with its unit and the
  /// value) and starts run `seed.run`.
  StarTracker(std::string name, const StarTrackerConfig& config, NoiseSeed seed);

  /// Starts another run: restarts the noise stream at (seed, run, name), forgets the last output
  /// and the time, as a newly constructed tracker would.
  void reset(NoiseSeed seed);

  /// The output at time t [s], given the true attitude q_BN at t (the dynamics' raw quaternion is
  /// accepted: it is used as q/|q|). When an output time of eq. (1) has come (t ≥ t_next, to
  /// 1e-9 of the period), takes a new measurement of this q_BN, eqs. (2)–(6), and schedules the
  /// next output time after t; otherwise returns the held measurement unchanged. t must not
  /// decrease from one call to the next. The reference stays valid until the next call. No
  /// allocation (except when it throws: t not finite or decreasing, q_BN non-finite or zero).
  const AttitudeMeasurement& update(double t, const Quaternion& q_BN);

  /// The last output (as returned by the last update).
  const AttitudeMeasurement& last() const { return last_; }
  /// [s] the next output time, eq. (1).
  double next_output_time() const { return config().phase + next_index_ * config().period; }

 private:
  Quaternion q_SB_;  ///< [1] the mounting as a quaternion, R(q_SB) = dcm_BS
  AttitudeMeasurement last_;
  double next_index_ = 0.0;                                        ///< k of the next output time t_k (a whole number)
  double last_call_t_ = -std::numeric_limits<double>::infinity();  ///< [s]
};

}  // namespace ramus
