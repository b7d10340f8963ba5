// Attitude guidance (docs/fsw/attitude_guidance.md): the reference frame R of inertial pointing,
// of Hill-frame (nadir) pointing and of a rest-to-rest eigenaxis slew, and the tracking error of the
// body frame B relative to R. Pure functions of their inputs: no clock, no state, no allocation.
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <string>

#include "ramus/fsw/attitude_error.hpp"
#include "ramus/kernel/attitude.hpp"

namespace ramus::fsw {

/// Tracking error of B relative to R from the navigation solution (sigma_BN, omega_BN_B) and the
/// reference: σ_BR in the set |σ| ≤ 1 and the rates in B (docs/fsw/attitude_guidance.md eqs.
/// (11)–(14)). Any sigma_BN and sigma_RN (either MRP set).
AttitudeError attitude_tracking_error(const Eigen::Vector3d& sigma_BN, const Eigen::Vector3d& omega_BN_B,
                                      const AttitudeReference& reference);

/// MRP (|σ| ≤ 1) of the attitude whose direction-cosine matrix is dcm_XN (maps N components to X).
Eigen::Vector3d mrp_from_dcm(const Eigen::Matrix3d& dcm_XN);

/// Inertial pointing: a fixed reference attitude at rest (eq. (1)).
class InertialPointing {
 public:
  /// `sigma_RN` [1] finite (either set; stored as the set |σ| ≤ 1).
  InertialPointing(std::string name, const Eigen::Vector3d& sigma_RN);
  const AttitudeReference& reference() const { return reference_; }

 private:
  std::string name_;
  AttitudeReference reference_;
};

/// Hill-frame pointing: R = H (the orbit frame ô_r, ô_θ, ô_h), or H rotated by a fixed offset
/// sigma_RH (e.g. a body axis to nadir), eqs. (2)–(5).
class HillPointing {
 public:
  /// `sigma_RH` [1]: the fixed attitude of R relative to H (zero: R = H).
  explicit HillPointing(std::string name, const Eigen::Vector3d& sigma_RH = Eigen::Vector3d::Zero());

  /// Keplerian orbit (the acceleration along r only): ω_HN = h/r² ô_h, ω̇_HN = −2 h ṙ / r³ ô_h.
  /// Throws ramus::Error when r × v = 0 (no orbit plane).
  AttitudeReference reference(const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N) const;
  /// Any trajectory with inertial acceleration rDDot_BN_N (gravity and every perturbation): ω_HN
  /// exact, eq. (3); ω̇_HN exact but for the out-of-plane jerk term, eq. (4).
  AttitudeReference reference(const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N,
                              const Eigen::Vector3d& rDDot_BN_N) const;

  /// dcm_HN, rows ô_r, ô_θ, ô_h in N components (eq. (2)). Throws ramus::Error when r × v = 0.
  Eigen::Matrix3d dcm_HN(const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N) const;

 private:
  std::string owner_;  // "hill_pointing '<name>'", formed once (the per-sample path must not allocate)
  Eigen::Matrix3d dcm_RH_;
};

/// Time profile of a rest-to-rest slew by Φ in time T (eqs. (8)–(10)).
enum class SlewProfile {
  quintic,          ///< 3-4-5 polynomial: continuous acceleration, zero at both ends
  cycloidal,        ///< θ = Φ (s − sin 2πs / 2π): continuous acceleration, zero at both ends
  bang_coast_bang,  ///< ±acceleration_limit, coast in between: acceleration steps
};

struct EigenaxisSlewConfig {
  Eigen::Vector3d sigma_AN = Eigen::Vector3d::Zero();  ///< [1] start attitude A
  Eigen::Vector3d sigma_DN = Eigen::Vector3d::Zero();  ///< [1] destination attitude D
  double t_start = 0.0;                                ///< [s] the slew begins (before: at rest at A)
  double duration = 0.0;                               ///< [s] T > 0 (after t_start + T: at rest at D)
  SlewProfile profile = SlewProfile::quintic;
  double acceleration_limit = 0.0;  ///< [rad/s²] bang_coast_bang only, ≥ 4Φ/T² (eq. (10))
};

/// Angle θ [rad] about the eigenaxis, its rate θ̇ [rad/s] and acceleration θ̈ [rad/s²].
struct SlewAngle {
  double theta = 0.0;
  double thetaDot = 0.0;
  double thetaDDot = 0.0;
};

/// Rest-to-rest slew about the fixed eigenaxis from A to D (eqs. (6)–(10)): the shorter rotation,
/// Φ ∈ [0, π].
class EigenaxisSlew {
 public:
  EigenaxisSlew(std::string name, const EigenaxisSlewConfig& config);

  /// The profile at time t [s]: θ = 0 before t_start, Φ after t_start + T, rate and acceleration
  /// zero outside the slew.
  SlewAngle angle(double t) const;
  /// The reference frame at time t [s] (eq. (7)).
  AttitudeReference reference(double t) const;

  double slew_angle() const { return Phi_; }                ///< Φ [rad]
  const Eigen::Vector3d& axis_A() const { return e_A_; }    ///< ê [1], in A (= in D)
  double peak_rate() const { return peak_rate_; }           ///< max |θ̇| [rad/s]
  double peak_acceleration() const { return peak_accel_; }  ///< max |θ̈| [rad/s²]
  double acceleration_time() const { return t_accel_; }     ///< bang_coast_bang: t_a [s]
  const EigenaxisSlewConfig& config() const { return config_; }

 private:
  std::string name_;
  EigenaxisSlewConfig config_;
  Quaternion q_AN_;
  Eigen::Matrix3d dcm_NA_;
  Eigen::Vector3d e_A_;
  double Phi_ = 0.0, peak_rate_ = 0.0, peak_accel_ = 0.0, t_accel_ = 0.0;
};

/// The reference frame R the body frame B is driven to.
enum class AttitudeGuidance {
  inertial,        ///< InertialPointing(sigma_RN)
  hill,            ///< HillPointing(sigma_RH), from the hub's position and velocity
  eigenaxis_slew,  ///< EigenaxisSlew(slew), a function of the time
};

/// One of the guidances above, chosen by `kind` and built once under the name "<owner>/guidance"
/// (the attitude-control task's and the continuous effector's reference).
class AttitudeGuidanceSource {
 public:
  /// The guidance's own ConfigurationError for a bad sigma_RN, sigma_RH or slew (only the chosen
  /// kind's are read); one naming `label` and "guidance" for a kind out of the enum.
  AttitudeGuidanceSource(const std::string& label, const std::string& owner, AttitudeGuidance kind,
                         const Eigen::Vector3d& sigma_RN, const Eigen::Vector3d& sigma_RH,
                         const EigenaxisSlewConfig& slew);
  /// R at time t [s] for the hub's position and velocity (read by Hill pointing only).
  AttitudeReference reference(double t, const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N) const;

 private:
  std::optional<InertialPointing> inertial_;
  std::optional<HillPointing> hill_;
  std::optional<EigenaxisSlew> slew_;
};

}  // namespace ramus::fsw
