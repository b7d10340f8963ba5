// A bench scenario: a finalized model, its initial state and time span, and the reference hub
// state at the end time that every run is compared against. The error of a run is the largest
// of up to four dimensionless-or-radian components (ErrorBreakdown); a scenario leaves out the
// components its reference does not define (e.g. the rate error when the reference rate is zero).
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/model.hpp"

namespace ramus::bench {

/// The reference state of vehicle 0's hub at the end time. Attitude is always compared; the
/// translation and the rate only where given.
struct HubReference {
  std::optional<Eigen::Vector3d> r_BN_N;      ///< [m]
  std::optional<Eigen::Vector3d> v_BN_N;      ///< [m/s]
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);
  std::optional<Eigen::Vector3d> omega_BN_B;  ///< [rad/s]
};

/// Components of the error of one run's final state against its HubReference; NaN where the
/// reference does not define the component.
struct ErrorBreakdown {
  double position;  ///< [1] |Δr_BN_N| / |r_ref|
  double velocity;  ///< [1] |Δv_BN_N| / |v_ref|
  double attitude;  ///< [rad] attitude_error_angle(q_ref, q)
  double rate;      ///< [1] |Δomega_BN_B| / |omega_ref|

  /// The largest defined component (propagate() never returns a non-finite state).
  double max() const;
  /// Symbol of the largest component: "r", "v", "q" or "w".
  std::string_view dominant() const;
};

/// Compares vehicle 0's hub in `x` with `ref`.
ErrorBreakdown hub_error(const Model& model, const Eigen::VectorXd& x, const HubReference& ref);

struct Scenario {
  std::string name;
  std::string description;  ///< one line, for --list and the table header
  std::string reference;    ///< how the reference was obtained, for the table header
  std::shared_ptr<const Model> model;  ///< finalized
  Eigen::VectorXd x0;       ///< initial state (the model's, unless the scenario says otherwise)
  double t0 = 0.0;          ///< [s]
  double t1 = 0.0;          ///< [s]
  /// [s] coarsest fixed step of the step-halving ladder (rk2, rk4), and first trial step of the
  /// adaptive steppers.
  double dt0 = 0.0;
  /// [s] coarsest step for Euler: VERIFICATION.md — Euler is in its asymptotic range on
  /// oscillations only once ω·dt ≲ 0.01, so its ladder starts lower (0: same as dt0).
  double dt0_euler = 0.0;
  HubReference reference_state;

  ErrorBreakdown error(const Eigen::VectorXd& x_t1) const { return hub_error(*model, x_t1, reference_state); }
  /// Coarsest fixed step for the named stepper.
  double first_step(std::string_view stepper) const {
    return stepper == "euler" && dt0_euler > 0.0 ? dt0_euler : dt0;
  }
};

}  // namespace ramus::bench
