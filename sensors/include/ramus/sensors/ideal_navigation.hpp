// Ideal navigation (docs/sensors/ideal_navigation.md): the true translational and rotational state
// passed through unchanged, in the shape of a navigation solution, so that a controller can be
// developed against perfect knowledge before the noisy sensors are put in the loop.
#pragma once

#include <Eigen/Dense>
#include <string>

#include "ramus/kernel/attitude.hpp"

namespace ramus {

/// A navigation solution: what flight software knows of the state at time t.
struct NavigationSolution {
  double t = 0.0;                                        ///< [s] time of validity
  Eigen::Vector3d r_BN_N = Eigen::Vector3d::Zero();      ///< [m] position of B relative to N
  Eigen::Vector3d v_BN_N = Eigen::Vector3d::Zero();      ///< [m/s] inertial velocity of B
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);      ///< [1] attitude of B relative to N (unit)
  Eigen::Vector3d sigma_BN = Eigen::Vector3d::Zero();    ///< [1] MRP of q_BN, |sigma_BN| ≤ 1
  Eigen::Vector3d omega_BN_B = Eigen::Vector3d::Zero();  ///< [rad/s] angular velocity of B relative to N
};

/// Truth pass-through. No parameters and no noise: the name only labels its error messages.
class IdealNavigation {
 public:
  /// A non-empty name (ConfigurationError otherwise).
  explicit IdealNavigation(std::string name);

  const std::string& name() const { return name_; }

  /// eqs. (1)–(3) of docs/sensors/ideal_navigation.md: the solution at t of the true state. q_BN
  /// may be the dynamics' raw attitude (any non-zero norm): it is returned as q/|q|. Non-finite
  /// inputs throw ConfigurationError naming the field. No allocation (except when it throws).
  NavigationSolution measure(double t, const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N,
                             const Quaternion& q_BN, const Eigen::Vector3d& omega_BN_B) const;

 private:
  std::string name_;
  std::string owner_;  ///< "ideal_navigation '<name>'"
};

}  // namespace ramus
