#include "ramus/fsw/attitude_guidance.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {
namespace {

constexpr double kPi = std::numbers::pi;

// q_XN of an MRP (either set), as a unit quaternion.
Quaternion quat_of(const Eigen::Vector3d& sigma_XN) { return quat_from_mrp(sigma_XN); }

// Hill frame of (r, v), eq. (2); also returns r = |r| and h = |r × v|.
Eigen::Matrix3d hill_dcm(const std::string& owner, const Eigen::Vector3d& r, const Eigen::Vector3d& v, double& r_norm,
                         double& h_norm) {
  const Eigen::Vector3d h = r.cross(v);
  r_norm = r.norm();
  h_norm = h.norm();
  if (!(h_norm > 0.0) || !std::isfinite(h_norm))
    throw Error(owner + ": r_BN_N × v_BN_N = " + validation::to_text(h) +
                ": the Hill frame needs a finite, non-zero orbital angular momentum");
  const Eigen::Vector3d o_r = r / r_norm;
  const Eigen::Vector3d o_h = h / h_norm;
  Eigen::Matrix3d dcm_HN;
  dcm_HN.row(0) = o_r.transpose();
  dcm_HN.row(1) = o_h.cross(o_r).transpose();
  dcm_HN.row(2) = o_h.transpose();
  return dcm_HN;
}

}  // namespace

Eigen::Vector3d mrp_from_dcm(const Eigen::Matrix3d& dcm_XN) {
  // rotation_matrix(q_XN) = dcm_NX (docs/notation.md eq. (3.2)).
  return mrp_from_quat(quat_from_rotation_matrix(dcm_XN.transpose()));
}

AttitudeError attitude_tracking_error(const Eigen::Vector3d& sigma_BN, const Eigen::Vector3d& omega_BN_B,
                                      const AttitudeReference& reference) {
  const Quaternion q_BN = quat_of(sigma_BN);
  const Quaternion q_RN = quat_of(reference.sigma_RN);
  const Eigen::Matrix3d dcm_BN = dcm_from_mrp(sigma_BN);
  AttitudeError e;
  e.sigma_BR = mrp_from_quat(quat_multiply(quat_conjugate(q_RN), q_BN));  // eq. (11)
  e.omega_RN_B = dcm_BN * reference.omega_RN_N;                           // eq. (12)
  e.omega_BR_B = omega_BN_B - e.omega_RN_B;                               // eq. (13)
  e.omegaDot_RN_B = dcm_BN * reference.omegaDot_RN_N;                     // eq. (14)
  return e;
}

// ---- inertial pointing -----------------------------------------------------------------------

InertialPointing::InertialPointing(std::string name, const Eigen::Vector3d& sigma_RN) : name_(std::move(name)) {
  validation::require_finite(validation::owner("inertial_pointing", name_), "sigma_RN [1]", sigma_RN);
  reference_.sigma_RN = mrp_from_quat(quat_of(sigma_RN));  // eq. (1)
}

// ---- Hill-frame pointing ---------------------------------------------------------------------

HillPointing::HillPointing(std::string name, const Eigen::Vector3d& sigma_RH)
    : owner_(validation::owner("hill_pointing", name)) {
  validation::require_finite(owner_, "sigma_RH [1]", sigma_RH);
  dcm_RH_ = dcm_from_mrp(sigma_RH);
}

Eigen::Matrix3d HillPointing::dcm_HN(const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N) const {
  double r = 0.0, h = 0.0;
  return hill_dcm(owner_, r_BN_N, v_BN_N, r, h);
}

AttitudeReference HillPointing::reference(const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N) const {
  double r = 0.0, h = 0.0;
  const Eigen::Matrix3d dcm = hill_dcm(owner_, r_BN_N, v_BN_N, r, h);
  const Eigen::Vector3d o_h = dcm.row(2).transpose();
  const double rDot = r_BN_N.dot(v_BN_N) / r;
  AttitudeReference ref;
  ref.sigma_RN = mrp_from_dcm(dcm_RH_ * dcm);               // eq. (5)
  ref.omega_RN_N = h / (r * r) * o_h;                       // eq. (3) with a_h = 0
  ref.omegaDot_RN_N = -2.0 * h * rDot / (r * r * r) * o_h;  // eq. (4) with a_h = a_θ = 0
  return ref;
}

AttitudeReference HillPointing::reference(const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N,
                                          const Eigen::Vector3d& rDDot_BN_N) const {
  double r = 0.0, h = 0.0;
  const Eigen::Matrix3d dcm = hill_dcm(owner_, r_BN_N, v_BN_N, r, h);
  const Eigen::Vector3d o_r = dcm.row(0).transpose(), o_h = dcm.row(2).transpose();
  const double a_theta = dcm.row(1).dot(rDDot_BN_N), a_h = o_h.dot(rDDot_BN_N);
  const double rDot = r_BN_N.dot(v_BN_N) / r;
  // eq. (3): ω_r = r a_h / h, ω_h = h / r².
  const double w_r = r * a_h / h, w_h = h / (r * r);
  // eq. (4): ω̇_h = a_θ / r − 2 h ṙ / r³, ω̇_r = ṙ a_h / h − 2 r² a_h a_θ / h² (jerk term omitted).
  const double wDot_h = a_theta / r - 2.0 * h * rDot / (r * r * r);
  const double wDot_r = rDot * a_h / h - 2.0 * r * r * a_h * a_theta / (h * h);
  AttitudeReference ref;
  ref.sigma_RN = mrp_from_dcm(dcm_RH_ * dcm);  // eq. (5)
  ref.omega_RN_N = w_r * o_r + w_h * o_h;
  ref.omegaDot_RN_N = wDot_r * o_r + wDot_h * o_h;
  return ref;
}

// ---- eigenaxis slew --------------------------------------------------------------------------

EigenaxisSlew::EigenaxisSlew(std::string name, const EigenaxisSlewConfig& config)
    : name_(std::move(name)), config_(config) {
  const std::string who = validation::owner("eigenaxis_slew", name_);
  validation::require_finite(who, "sigma_AN [1]", config.sigma_AN);
  validation::require_finite(who, "sigma_DN [1]", config.sigma_DN);
  validation::require_finite(who, "t_start [s]", config.t_start);
  validation::require_positive(who, "duration [s]", config.duration);
  // Read by bang_coast_bang only, refused negative with every profile: a sign error in a file is
  // not left to wait for a change of profile.
  if (config.profile != SlewProfile::bang_coast_bang)  // which requires it positive, below
    validation::require_non_negative(who, "acceleration_limit [rad/s²]", config.acceleration_limit);
  q_AN_ = quat_of(config.sigma_AN);
  dcm_NA_ = rotation_matrix(q_AN_);
  // eq. (6): the rotation from A to D, taken the shorter way (q0 ≥ 0).
  Quaternion q_DA = quat_multiply(quat_conjugate(q_AN_), quat_of(config.sigma_DN));
  if (q_DA[0] < 0.0) q_DA = -q_DA;
  const double s = q_DA.tail<3>().norm();
  Phi_ = 2.0 * std::atan2(s, q_DA[0]);
  e_A_ = s > 0.0 ? Eigen::Vector3d(q_DA.tail<3>() / s) : Eigen::Vector3d::UnitX();
  const double T = config.duration;
  switch (config.profile) {
    case SlewProfile::quintic:  // eq. (8): peaks at s = ½ (rate) and s = ½ ∓ √3/6 (acceleration)
      peak_rate_ = 15.0 * Phi_ / (8.0 * T);
      peak_accel_ = 10.0 * Phi_ / (std::sqrt(3.0) * T * T);
      break;
    case SlewProfile::cycloidal:  // eq. (9)
      peak_rate_ = 2.0 * Phi_ / T;
      peak_accel_ = 2.0 * kPi * Phi_ / (T * T);
      break;
    case SlewProfile::bang_coast_bang: {  // eq. (10)
      const double alpha = config.acceleration_limit;
      validation::require_positive(who, "acceleration_limit [rad/s²]", alpha);
      const double needed = 4.0 * Phi_ / (T * T);
      if (alpha < needed)
        throw ConfigurationError(who, "acceleration_limit [rad/s²]", validation::to_text(alpha),
                                 "cannot slew " + validation::to_text(Phi_) + " rad in " + validation::to_text(T) +
                                     " s: needs at least 4 Φ / T² = " + validation::to_text(needed));
      t_accel_ = 0.5 * T - std::sqrt(std::max(0.0, 0.25 * T * T - Phi_ / alpha));
      peak_rate_ = alpha * t_accel_;
      peak_accel_ = Phi_ > 0.0 ? alpha : 0.0;
      break;
    }
    default:
      throw ConfigurationError(who, "profile", std::to_string(static_cast<int>(config.profile)),
                               "is not a SlewProfile");
  }
}

SlewAngle EigenaxisSlew::angle(double t) const {
  const double T = config_.duration, tau = t - config_.t_start;
  SlewAngle a;
  if (tau <= 0.0) return a;
  if (tau >= T) {
    a.theta = Phi_;
    return a;
  }
  const double s = tau / T;
  switch (config_.profile) {
    case SlewProfile::quintic:  // eq. (8)
      a.theta = Phi_ * s * s * s * (10.0 - 15.0 * s + 6.0 * s * s);
      a.thetaDot = Phi_ / T * 30.0 * s * s * (1.0 - 2.0 * s + s * s);
      a.thetaDDot = Phi_ / (T * T) * 60.0 * s * (1.0 - 3.0 * s + 2.0 * s * s);
      break;
    case SlewProfile::cycloidal:  // eq. (9)
      a.theta = Phi_ * (s - std::sin(2.0 * kPi * s) / (2.0 * kPi));
      a.thetaDot = Phi_ / T * (1.0 - std::cos(2.0 * kPi * s));
      a.thetaDDot = Phi_ / (T * T) * 2.0 * kPi * std::sin(2.0 * kPi * s);
      break;
    case SlewProfile::bang_coast_bang: {  // eq. (10)
      const double alpha = Phi_ > 0.0 ? config_.acceleration_limit : 0.0, ta = t_accel_;
      if (tau < ta) {
        a.theta = 0.5 * alpha * tau * tau;
        a.thetaDot = alpha * tau;
        a.thetaDDot = alpha;
      } else if (tau <= T - ta) {
        a.theta = 0.5 * alpha * ta * ta + alpha * ta * (tau - ta);
        a.thetaDot = alpha * ta;
      } else {
        const double rest = T - tau;
        a.theta = Phi_ - 0.5 * alpha * rest * rest;
        a.thetaDot = alpha * rest;
        a.thetaDDot = -alpha;
      }
      break;
    }
  }
  return a;
}

AttitudeReference EigenaxisSlew::reference(double t) const {
  const SlewAngle a = angle(t);
  AttitudeReference ref;
  // eq. (7): q_RN = q_AN ⊗ q(ê, θ); ê has the same components in A and R, so ω_RN_N = θ̇ dcm_NA ê.
  ref.sigma_RN = mrp_from_quat(quat_multiply(q_AN_, quat_from_axis_angle(e_A_, a.theta)));
  const Eigen::Vector3d e_N = dcm_NA_ * e_A_;
  ref.omega_RN_N = a.thetaDot * e_N;
  ref.omegaDot_RN_N = a.thetaDDot * e_N;
  return ref;
}

AttitudeGuidanceSource::AttitudeGuidanceSource(const std::string& label, const std::string& owner,
                                               AttitudeGuidance kind, const Eigen::Vector3d& sigma_RN,
                                               const Eigen::Vector3d& sigma_RH, const EigenaxisSlewConfig& slew) {
  switch (kind) {
    case AttitudeGuidance::inertial:
      inertial_.emplace(owner + "/guidance", sigma_RN);
      break;
    case AttitudeGuidance::hill:
      hill_.emplace(owner + "/guidance", sigma_RH);
      break;
    case AttitudeGuidance::eigenaxis_slew:
      slew_.emplace(owner + "/guidance", slew);
      break;
    default:
      throw ConfigurationError(label, "guidance", std::to_string(static_cast<int>(kind)), "is not an AttitudeGuidance");
  }
}

AttitudeReference AttitudeGuidanceSource::reference(double t, const Eigen::Vector3d& r_BN_N,
                                                    const Eigen::Vector3d& v_BN_N) const {
  if (slew_) return slew_->reference(t);
  if (hill_) return hill_->reference(r_BN_N, v_BN_N);
  return inertial_->reference();
}

}  // namespace ramus::fsw
