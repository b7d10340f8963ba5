// Tangent coordinates of the state (docs/analysis/linear_models.md eq. L1): the state vector with
// each vehicle's quaternion q_BN (4 entries, one constraint) replaced by a three-parameter
// attitude error delta_theta_B, so that a Jacobian is taken on the attitude's tangent space and a
// linear model has no direction along which |q| changes. Every other entry is kept as it is.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"

namespace ramus::analysis {

class TangentCoordinates {
 public:
  /// The chart of a finalized model's state.
  explicit TangentCoordinates(const Model& model);

  /// Number of tangent coordinates: the state's size less one per vehicle.
  Eigen::Index size() const { return static_cast<Eigen::Index>(names_.size()); }
  /// "sc/hub.delta_theta_B[0]", "sc/panel.theta[0]", … (the state's entry names otherwise).
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<std::string>& units() const { return units_; }
  /// The state entry behind tangent coordinate k (for an attitude error: its quaternion's first).
  Eigen::Index state_index(Eigen::Index k) const { return state_index_[static_cast<std::size_t>(k)]; }
  /// The tangent coordinate of state entry i (for a quaternion entry: its attitude error's first).
  Eigen::Index coordinate(Eigen::Index i) const { return coordinate_[static_cast<std::size_t>(i)]; }
  /// True for the three attitude-error coordinates of a vehicle.
  bool is_attitude(Eigen::Index k) const { return attitude_[static_cast<std::size_t>(k)] != 0; }

  /// x = x0 ⊕ z: every entry x0 + z except the attitude, q_BN = q0 ⊗ (√(1 − |δθ/2|²), δθ/2)
  /// (eq. L1). Requires |δθ| < 2 for each vehicle; x has the state's size.
  void retract(const Eigen::VectorXd& x0, const Eigen::VectorXd& z, Eigen::VectorXd& x) const;
  /// z = x ⊖ x0, the inverse of retract: δθ = 2 vec(q0* ⊗ q) (eq. L1); x's quaternion need not
  /// be normalized (its norm is divided out).
  void local(const Eigen::VectorXd& x0, const Eigen::VectorXd& x, Eigen::VectorXd& z) const;
  /// ż: the rate of z = x ⊖ x0 when x changes at the rate xdot (eq. L2, exact, linear in xdot).
  void tangent_rate(const Eigen::VectorXd& x0, const Eigen::VectorXd& x, const Eigen::VectorXd& xdot,
                    Eigen::VectorXd& zdot) const;

 private:
  std::vector<std::string> names_, units_;
  std::vector<Eigen::Index> state_index_, coordinate_;
  std::vector<char> attitude_;
  std::vector<Eigen::Index> q_offsets_;  // each vehicle's q_BN
};

}  // namespace ramus::analysis
