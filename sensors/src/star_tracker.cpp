// Star tracker: docs/sensors/star_tracker.md, eqs. (1)–(6).
#include "ramus/sensors/star_tracker.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "sensor_support.hpp"

namespace ramus {
namespace {

/// A time within this fraction of the period before an output time counts as that time: the
/// caller's t is usually a sum or product of steps that misses a multiple of the period by a few
/// round-off units (0.1 · 3 = 0.30000000000000004), far less than 1e-9 of any period.
constexpr double kScheduleTolerance = 1e-9;

const StarTrackerConfig& checked(const std::string& owner, const StarTrackerConfig& c) {
  validation::require_positive(owner, "period [s]", c.period);
  validation::require_finite(owner, "phase [s]", c.phase);
  validation::require_rotation(owner, "dcm_SB [1]", c.dcm_SB);
  validation::require_non_negative(
      owner, {{"sigma_cross [rad]", c.sigma_cross}, {"sigma_boresight [rad]", c.sigma_boresight}});
  return c;
}

}  // namespace

StarTracker::StarTracker(std::string name, const StarTrackerConfig& config, NoiseSeed seed)
    : Sensor(std::move(name), "star_tracker", config, checked, seed),
      // R(q_SB) = dcm_BS = dcm_SBᵀ (docs/notation.md eq. 3.2)
      q_SB_(quat_from_rotation_matrix(Sensor::config().dcm_SB.transpose())) {
  reset(seed);
}

void StarTracker::reset(NoiseSeed seed) {
  restart_stream(seed);
  last_ = AttitudeMeasurement{};
  next_index_ = 0.0;
  last_call_t_ = -std::numeric_limits<double>::infinity();
}

const AttitudeMeasurement& StarTracker::update(double t, const Quaternion& q_BN) {
  if (!std::isfinite(t)) throw ConfigurationError(owner(), "t [s]", validation::to_text(t), "must be finite");
  if (t < last_call_t_)
    throw ConfigurationError(owner(), "t [s]", validation::to_text(t),
                             "must not decrease (the previous call was at " + validation::to_text(last_call_t_) + ")");
  const Quaternion q = validation::unit_attitude(owner(), "q_BN [1]", q_BN);
  last_call_t_ = t;
  const double P = config().period;
  last_.fresh = false;
  if (t < next_output_time() - kScheduleTolerance * P) return last_;
  // eq. (2): the true attitude of S.
  const Quaternion q_SN = quat_multiply(q, q_SB_);
  // eq. (3): the rotation error in S, three draws per output.
  Eigen::Vector3d dtheta;
  dtheta.x() = config().sigma_cross * stream().normal();
  dtheta.y() = config().sigma_cross * stream().normal();
  dtheta.z() = config().sigma_boresight * stream().normal();
  // eqs. (4)–(5): the measured frame is S turned by dtheta about an axis in S.
  last_.q_SN = sensor_support::canonical(quat_multiply(q_SN, sensor_support::quat_from_rotation_vector(dtheta)));
  // eq. (6): through the known mounting, q_BN = q_SN ⊗ q_SB*.
  last_.q_BN = sensor_support::canonical(quat_multiply(last_.q_SN, quat_conjugate(q_SB_)));
  last_.sigma_BN = mrp_from_quat(last_.q_BN);
  last_.t = t;
  last_.valid = true;
  last_.fresh = true;
  // eq. (1): the first output time after t (k whole; t within the tolerance of t_k counts as t_k).
  next_index_ = std::max(next_index_, std::floor((t - config().phase) / P + kScheduleTolerance)) + 1.0;
  return last_;
}

}  // namespace ramus
