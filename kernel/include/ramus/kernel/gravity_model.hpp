// The gravity-field interface: acceleration and potential per unit mass at a point, in N.
// Gravity acts on each vehicle at its centre of mass (uniform over the vehicle).
#pragma once

#include <Eigen/Dense>
#include <string>
#include <string_view>

namespace ramus {

class GravityModel {
 public:
  virtual ~GravityModel() = default;
  virtual std::string_view kind() const = 0;
  /// [m/s²] gravitational acceleration at r_PN_N [m].
  virtual Eigen::Vector3d acceleration_N(const Eigen::Vector3d& r_PN_N) const = 0;
  /// [J/kg] potential energy per unit mass at r_PN_N [m] (the acceleration is −∇U).
  virtual double potential(const Eigen::Vector3d& r_PN_N) const = 0;
};

}  // namespace ramus
