// Continuous attitude control (docs/fsw/continuous_attitude_control.md): the attitude control laws
// of fsw (MRP feedback without its integral, quaternion PD, rate damping, Sun pointing) applied as a dynamic effector
// on the hub, evaluated at every right-hand-side evaluation from the true attitude and rate — the continuous ideal that
// a sampled design (the attitude-control task, a zero-order hold at period T) approaches as T → 0. No state, no
// allocation per evaluation.
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <string>

#include "ramus/fsw/attitude_control_task.hpp"
#include "ramus/fsw/attitude_guidance.hpp"
#include "ramus/fsw/mrp_feedback.hpp"
#include "ramus/fsw/quaternion_pd.hpp"
#include "ramus/fsw/rate_damping_task.hpp"
#include "ramus/fsw/sun_pointing_task.hpp"
#include "ramus/kernel/dynamic_effector.hpp"

namespace ramus::fsw {

struct ContinuousAttitudeControlConfig {
  /// mrp_feedback: MrpFeedback::torque(error, z = 0) (docs/fsw/mrp_feedback.md eqs. (3), (5), (14),
  /// (15)); quaternion_pd: QuaternionPd::torque(error) (docs/fsw/quaternion_pd.md eqs. (1)–(3));
  /// rate_damping: rate_damping_torque(ω_BN_B) (docs/fsw/rate_damping_task.md eqs. (1)–(2));
  /// sun_pointing: SunPointing::torque([BN], ω_BN_B) (docs/fsw/sun_pointing_task.md eqs. (1)–(6)).
  AttitudeControlLaw law = AttitudeControlLaw::mrp_feedback;
  /// mrp_feedback: the gains; K_i must be 0 (the integral ∫σ dt is a state, and a dynamic effector
  /// has none) and integral_limit is then unused.
  MrpFeedbackConfig mrp_feedback;
  QuaternionPdConfig quaternion_pd;  ///< quaternion_pd: the gains
  RateDampingLaw rate_damping;       ///< rate_damping: P and max_torque (the guidance is unused)
  SunPointingLaw sun_pointing;       ///< sun_pointing: hHat_B, sHat_N, K, P, max_torque (no guidance)

  /// The reference R (docs/fsw/attitude_guidance.md): inertial (sigma_RN), Hill pointing (sigma_RH,
  /// from the hub's position and velocity, Keplerian form) or an eigenaxis slew (slew, a function
  /// of t).
  AttitudeGuidance guidance = AttitudeGuidance::inertial;
  Eigen::Vector3d sigma_RN = Eigen::Vector3d::Zero();  ///< [1] inertial: the attitude held
  Eigen::Vector3d sigma_RH = Eigen::Vector3d::Zero();  ///< [1] hill: R relative to the Hill frame
  EigenaxisSlewConfig slew;                            ///< eigenaxis_slew: the slew
};

/// An ideal body torque on the hub, L_r of the chosen law at the true state, at every evaluation.
class ContinuousAttitudeControl final : public DynamicEffector {
 public:
  /// Throws ConfigurationError naming "continuous_attitude_control '<name>'" and the field
  /// ("mrp_feedback.K_i [1/(kg m²)]", "quaternion_pd.k_p [N m]", …), or the guidance built for it
  /// ("eigenaxis_slew '<name>/guidance'", …) and its field.
  ContinuousAttitudeControl(std::string name, const ContinuousAttitudeControlConfig& config);

  std::string_view kind() const override { return "continuous_attitude_control"; }
  bool can_attach_to_segment() const override { return false; }
  /// Force zero; torque L_r_B of the law for the tracking error of (frame.dcm_FN, frame.omega_FN_F)
  /// (the hub frame B) against R(at.t) (docs/fsw/continuous_attitude_control.md eqs. (1)–(3)).
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const override;

  /// The reference at time t [s] for the hub's position and velocity (Hill pointing only).
  AttitudeReference reference(double t, const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N) const;
  /// The tracking error of the hub frame (as wrench() forms it).
  AttitudeError error(const FrameKinematics& frame, double t) const;
  /// [N m] the law's torque for a tracking error (rate damping and Sun pointing: the error against
  /// R = N at rest, so σ_BR = σ_BN and δω = ω_BN_B).
  Eigen::Vector3d torque(const AttitudeError& error) const;

  const ContinuousAttitudeControlConfig& config() const { return config_; }

 private:
  ContinuousAttitudeControlConfig config_;
  std::optional<AttitudeGuidanceSource> guidance_;  ///< none with rate damping
  std::optional<MrpFeedback> mrp_;
  std::optional<QuaternionPd> pd_;
  std::optional<SunPointing> sun_;
};

}  // namespace ramus::fsw
