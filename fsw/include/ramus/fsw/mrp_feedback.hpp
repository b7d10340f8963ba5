// MRP feedback attitude control (docs/fsw/mrp_feedback.md, after Schaub & Junkins, "Analytical
// Mechanics of Space Systems", ch. 8): the required control torque on the hub from the tracking
// error, with optional feed-forward and integral terms, and the Lyapunov function of the law with
// its analytic rate.
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <string>

#include "ramus/fsw/attitude_error.hpp"

namespace ramus::fsw {

/// The gyroscopic term of the law with feed-forward: which angular velocity crosses the momentum
/// H = I ω + H_w (the hub's and the wheels').
enum class MrpGyroscopic {
  body_rate,       ///< ω × H (eq. 3; Basilisk's controlLawType 1)
  reference_rate,  ///< (ω_r + K_i z) × H (eq. 14; Schaub & Junkins' integral law, Basilisk's controlLawType 0)
  none,            ///< no gyroscopic term, the reference's feed-forward kept (eq. 15)
};

struct MrpFeedbackConfig {
  double K = 0.0;                                      ///< [N m] attitude gain, > 0
  Eigen::Matrix3d P = Eigen::Matrix3d::Zero();         ///< [N m s] rate gain, symmetric positive definite
  Eigen::Matrix3d I_PntC_B = Eigen::Matrix3d::Zero();  ///< [kg m²] vehicle inertia about C, in B
  double K_i = 0.0;                                    ///< [1/(kg m²)] integral gain, ≥ 0 (0: no integral term)
  /// [s] bound on each component of ∫σ dt, ≥ 0: +∞ (default) no bound; 0 no integral action at
  /// all (z ≡ 0, eq. 11).
  double integral_limit = std::numeric_limits<double>::infinity();
  bool feed_forward = true;                             ///< the law (3) with feed-forward, or (5) without it
  MrpGyroscopic gyroscopic = MrpGyroscopic::body_rate;  ///< with feed-forward: eq. (3), (14) or (15)
};

/// σ if |σ| ≤ 1, else its shadow set −σ/|σ|² (the same attitude, eq. (6)).
Eigen::Vector3d mrp_short(const Eigen::Vector3d& sigma);

/// V = ½ δωᵀ I δω + 2 K ln(1 + σᵀσ) [J] (eq. (7)); σ is used as given.
double mrp_lyapunov(double K, const Eigen::Matrix3d& I_PntC_B, const Eigen::Vector3d& sigma_BR,
                    const Eigen::Vector3d& omega_BR_B);
/// V̇ = −δωᵀ P δω [W] along the closed loop of the law with full feed-forward, no integral term and
/// ideal torques (eq. (8)).
double mrp_lyapunov_rate(const Eigen::Matrix3d& P, const Eigen::Vector3d& omega_BR_B);
/// V_I = V + ½ K_i zᵀz [J], the Lyapunov function of the law with the integral term (eq. (9)).
double mrp_integral_lyapunov(double K, const Eigen::Matrix3d& I_PntC_B, double K_i, const Eigen::Vector3d& sigma_BR,
                             const Eigen::Vector3d& omega_BR_B, const Eigen::Vector3d& z_B);
/// V̇_I = −(δω + K_i z)ᵀ P (δω + K_i z) [W] (eq. (10)).
double mrp_integral_lyapunov_rate(const Eigen::Matrix3d& P, double K_i, const Eigen::Vector3d& omega_BR_B,
                                  const Eigen::Vector3d& z_B);

/// The MRP feedback law with its per-run state (the integral of σ).
class MrpFeedback {
 public:
  /// Throws ConfigurationError naming "mrp_feedback '<name>'", the field and the value.
  MrpFeedback(std::string name, const MrpFeedbackConfig& config);

  /// The law as a function (eqs. (3), (5), (14), (15)): required torque on the hub L_r_B [N m] for
  /// the tracking error, the integral state z_B [N m s], the known external torque L_known_B [N m]
  /// and the wheels' momentum H_w_B = Σ J_s (ĝᵀω + Ω) ĝ [N m s] (both used by the feed-forward law
  /// only). σ_BR is switched to |σ| ≤ 1 first.
  Eigen::Vector3d torque(const AttitudeError& error, const Eigen::Vector3d& z_B,
                         const Eigen::Vector3d& L_known_B = Eigen::Vector3d::Zero(),
                         const Eigen::Vector3d& H_w_B = Eigen::Vector3d::Zero()) const;

  /// One sample: dt [s] is the time since the previous sample (ignored on the first sample after
  /// construction or reset()). Advances ∫σ dt (eq. (11)), forms z (eq. (4)) and returns L_r_B [N m].
  Eigen::Vector3d update(const AttitudeError& error, double dt,
                         const Eigen::Vector3d& L_known_B = Eigen::Vector3d::Zero(),
                         const Eigen::Vector3d& H_w_B = Eigen::Vector3d::Zero());
  /// Forgets the integral and the initial rate error: the next update() is a first sample.
  void reset();

  const Eigen::Vector3d& sigma_integral() const { return sigma_integral_; }  ///< ∫σ dt [s]
  const Eigen::Vector3d& z_B() const { return z_B_; }                        ///< z [N m s] of the last sample
  bool integral_limited() const { return integral_limited_; }  ///< the last sample clamped ∫σ dt (eq. (11))
  const MrpFeedbackConfig& config() const { return config_; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  MrpFeedbackConfig config_;
  Eigen::Vector3d sigma_integral_ = Eigen::Vector3d::Zero();
  Eigen::Vector3d omega_BR0_B_ = Eigen::Vector3d::Zero();
  Eigen::Vector3d z_B_ = Eigen::Vector3d::Zero();
  bool first_ = true;
  bool integral_limited_ = false;
};

}  // namespace ramus::fsw
