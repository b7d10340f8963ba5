// Ideal navigation: docs/sensors/ideal_navigation.md, eqs. (1)–(3).
#include "ramus/sensors/ideal_navigation.hpp"

#include <cmath>
#include <utility>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/sensors/sensor.hpp"
#include "sensor_support.hpp"

namespace ramus {

IdealNavigation::IdealNavigation(std::string name)
    : name_(std::move(name)), owner_(sensor_owner("ideal_navigation", name_)) {}

NavigationSolution IdealNavigation::measure(double t, const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N,
                                            const Quaternion& q_BN, const Eigen::Vector3d& omega_BN_B) const {
  if (!std::isfinite(t)) throw ConfigurationError(owner_, "t [s]", validation::to_text(t), "must be finite");
  validation::require_finite(owner_, "r_BN_N [m]", r_BN_N);
  validation::require_finite(owner_, "v_BN_N [m/s]", v_BN_N);
  validation::require_finite(owner_, "omega_BN_B [rad/s]", omega_BN_B);
  NavigationSolution s;
  s.t = t;
  s.r_BN_N = r_BN_N;  // eq. (1)
  s.v_BN_N = v_BN_N;
  s.q_BN = validation::unit_attitude(owner_, "q_BN [1]", q_BN);  // eq. (2)
  s.sigma_BN = mrp_from_quat(s.q_BN);                            // eq. (3)
  s.omega_BN_B = omega_BN_B;
  return s;
}

}  // namespace ramus
