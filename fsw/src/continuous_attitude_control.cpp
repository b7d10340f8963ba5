// Continuous attitude control (docs/fsw/continuous_attitude_control.md).
#include "ramus/fsw/continuous_attitude_control.hpp"

#include <string>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

ContinuousAttitudeControl::ContinuousAttitudeControl(std::string name, const ContinuousAttitudeControlConfig& config)
    : DynamicEffector(std::move(name)), config_(config) {
  const std::string who = label();
  // The law's gains, checked here so that every message names this effector (the components built
  // below check them again, with their own names).
  switch (config_.law) {
    case AttitudeControlLaw::mrp_feedback: {
      const MrpFeedbackConfig& c = config_.mrp_feedback;
      validation::require_positive(who, "mrp_feedback.K [N m]", c.K);
      validation::require_positive_definite(who, "mrp_feedback.P [N m s]", c.P);
      // docs/fsw/continuous_attitude_control.md §2: z = K ∫σ dt + I (δω − δω(0)) is a state of the
      // closed loop, and a dynamic effector has none.
      if (!(c.K_i == 0.0))
        throw ConfigurationError(who, "mrp_feedback.K_i [1/(kg m²)]", validation::to_text(c.K_i),
                                 "must be 0: the integral term needs the state ∫σ dt, which a dynamic effector does "
                                 "not have (use the sampled attitude_control task for an integral law)");
      if (c.feed_forward) validation::require_inertia(who, "mrp_feedback.I_PntC_B [kg m²]", c.I_PntC_B);
      mrp_.emplace(this->name() + "/law", c);
      break;
    }
    case AttitudeControlLaw::quaternion_pd: {
      const QuaternionPdConfig& c = config_.quaternion_pd;
      validation::require_positive(who, "quaternion_pd.k_p [N m]", c.k_p);
      validation::require_positive_definite(who, "quaternion_pd.K_d [N m s]", c.K_d);
      if (c.feed_forward) validation::require_inertia(who, "quaternion_pd.I_PntC_B [kg m²]", c.I_PntC_B);
      pd_.emplace(this->name() + "/law", c);
      break;
    }
    case AttitudeControlLaw::rate_damping:
      validation::require_positive_definite(who, "rate_damping.P [N m s]", config_.rate_damping.P);
      validation::require_positive_or_infinite(who, "rate_damping.max_torque [N m]", config_.rate_damping.max_torque);
      return;  // no guidance: the reference is inertial and at rest (eq. (5))
    case AttitudeControlLaw::sun_pointing:
      sun_.emplace(who, config_.sun_pointing, "sun_pointing.");
      return;  // no guidance: the Sun's direction is the reference (eq. (6))
    default:
      throw ConfigurationError(who, "law", std::to_string(static_cast<int>(config_.law)), "is not a known law");
  }
  guidance_.emplace(who, this->name(), config_.guidance, config_.sigma_RN, config_.sigma_RH, config_.slew);
}

AttitudeReference ContinuousAttitudeControl::reference(double t, const Eigen::Vector3d& r_BN_N,
                                                       const Eigen::Vector3d& v_BN_N) const {
  if (guidance_) return guidance_->reference(t, r_BN_N, v_BN_N);
  return AttitudeReference{};  // rate damping: R = N, at rest (eq. (5))
}

AttitudeError ContinuousAttitudeControl::error(const FrameKinematics& frame, double t) const {
  // eq. (1): the hub's true attitude and rate (F = B), then docs/fsw/attitude_guidance.md (11)–(14).
  return attitude_tracking_error(mrp_from_dcm(frame.dcm_FN), frame.omega_FN_F,
                                 reference(t, frame.r_FN_N, frame.v_FN_N));
}

Eigen::Vector3d ContinuousAttitudeControl::torque(const AttitudeError& e) const {
  // eq. (2): the laws as functions of the error; the MRP law's integral state z is zero (K_i = 0).
  if (mrp_) return mrp_->torque(e, Eigen::Vector3d::Zero());
  if (pd_) return pd_->torque(e);
  if (sun_) return sun_->torque(dcm_from_mrp(e.sigma_BR), e.omega_BR_B).L_B;  // eq. (6), R = N
  bool saturated = false;  // eq. (5): δω = ω_BN_B against the inertial reference at rest
  return rate_damping_torque(config_.rate_damping, e.omega_BR_B, saturated);
}

Wrench ContinuousAttitudeControl::wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext& at) const {
  Wrench w;  // eq. (3): an ideal couple on the hub, no force
  // Sun pointing reads [BN] itself (eq. (6)): no round trip through the MRP.
  w.torque_PntF_F = sun_ ? sun_->torque(frame.dcm_FN, frame.omega_FN_F).L_B : torque(error(frame, at.t));
  return w;
}

}  // namespace ramus::fsw
