// The gravity-field interface: acceleration, potential and gradient per unit mass at a point and a
// time, in N. The kernel applies the field at each vehicle's centre of mass to the whole vehicle;
// the gravity-gradient effector adds what the field's variation over a body does to it.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <string_view>

namespace ramus {

/// The field's acceleration [m/s²] and its gradient ∂a/∂r [1/s²] at one point, N components.
struct GravityAndGradient {
  Eigen::Vector3d a_N = Eigen::Vector3d::Zero();
  Eigen::Matrix3d G_N = Eigen::Matrix3d::Zero();
};

class GravityModel {
 public:
  virtual ~GravityModel() = default;
  virtual std::string_view kind() const = 0;
  /// [m/s²] gravitational acceleration at r_PN_N [m] at time t [s] (a field fixed in a rotating
  /// body, or one with moving third bodies, depends on t).
  virtual Eigen::Vector3d acceleration_N(const Eigen::Vector3d& r_PN_N, double t) const = 0;
  /// [J/kg] potential energy per unit mass at r_PN_N [m] and t (the acceleration is −∇U).
  virtual double potential(const Eigen::Vector3d& r_PN_N, double t) const = 0;
  /// [1/s²] the gradient ∂g/∂r of the acceleration at r_PN_N and t, N components (symmetric).
  /// Default: central differences of acceleration_N with steps of 1e-4 |r| (relative error about
  /// 1e-8 of the central term's gradient, docs/environment/gravity_gradient.md (6)); a model with a
  /// closed form overrides it.
  virtual Eigen::Matrix3d gradient_N(const Eigen::Vector3d& r_PN_N, double t) const;
  /// Both at r_PN_N and t, for a user of both (the gravity-gradient effector's tidal force): a
  /// series model gives them from one pass and one evaluation of its body's rotation. Default:
  /// acceleration_N and gradient_N.
  virtual GravityAndGradient acceleration_and_gradient_N(const Eigen::Vector3d& r_PN_N, double t) const;
};

}  // namespace ramus
