// Gravity gradient on one body of a vehicle (the hub or a segment), with the body's own mass,
// centre of mass and inertia (docs/environment/gravity_gradient.md): the torque of the field's
// variation over the body about its centre of mass, and the tidal force that the kernel's uniform
// field at the vehicle's centre of mass leaves out.
#pragma once

#include <string>

#include "ramus/kernel/dynamic_effector.hpp"

namespace ramus {

struct GravityGradientConfig {
  double mass = 0.0;                                    ///< [kg] the body's mass m_b
  Eigen::Vector3d r_McF_F = Eigen::Vector3d::Zero();    ///< [m] its centre of mass Mc relative to F's origin
  Eigen::Matrix3d I_PntMc_F = Eigen::Matrix3d::Zero();  ///< [kg m²] its inertia about Mc, F components
  /// Add the tidal force m_b (g(r_Mc) − g(r_C)) at Mc (eq. 4); false: the torque alone, as most
  /// tools apply it.
  bool tidal_force = true;
};

/// Reads the model's gravity field from the load context (LoadContext::gravity) and its gradient
/// (GravityModel::gradient_N) at the body's centre of mass. A model without gravity is refused at
/// finalize.
class GravityGradient final : public DynamicEffector {
 public:
  GravityGradient(std::string name, const GravityGradientConfig& config);
  std::string_view kind() const override { return "gravity_gradient"; }
  /// T_Mc = −ε : (G I) (eq. 3) plus the tidal force, about F's origin (eq. 5).
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const override;
  const GravityGradientConfig& config() const { return config_; }

 private:
  GravityGradientConfig config_;
};

}  // namespace ramus
