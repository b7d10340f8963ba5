// Gravity gradient on one body of a vehicle (the hub or a segment), with the body's own mass,
// centre of mass and inertia (docs/environment/gravity_gradient.md): the torque of the field's
// variation over the body about its centre of mass, and the tidal force that the kernel's uniform
// field at the vehicle's centre of mass leaves out.
#pragma once

#include <string>

#include "ramus/kernel/dynamic_effector.hpp"

namespace ramus {

/// Where the field's gradient is taken (docs/environment/gravity_gradient.md eqs. (3), (7)).
enum class GradientPoint {
  body,     ///< at the body's own centre of mass Mc (eqs. 3–4; the default)
  vehicle,  ///< at the vehicle's centre of mass C, one evaluation shared by the vehicle's bodies (eq. 7)
};

struct GravityGradientConfig {
  double mass = 0.0;                                    ///< [kg] the body's mass m_b
  Eigen::Vector3d r_McF_F = Eigen::Vector3d::Zero();    ///< [m] its centre of mass Mc relative to F's origin
  Eigen::Matrix3d I_PntMc_F = Eigen::Matrix3d::Zero();  ///< [kg m²] its inertia about Mc, F components
  /// Add the tidal force m_b (g(r_Mc) − g(r_C)) at Mc (eq. 4); false: the torque alone, as most
  /// tools apply it.
  bool tidal_force = true;
  /// Where the gradient is taken: at Mc (exact) or at the vehicle's C, shared (eq. 7: the torque
  /// then off by about 3 |r_McC| / r of its scale ‖G‖ ‖I‖, 4e-7 for 1 m in LEO; eq. 8).
  GradientPoint gradient_at = GradientPoint::body;
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
  /// With gradient_at = vehicle: the gradient at C from the load context (LoadContext::G_N).
  bool reads_gradient_at_C() const override { return config_.gradient_at == GradientPoint::vehicle; }
  const GravityGradientConfig& config() const { return config_; }

 private:
  GravityGradientConfig config_;
};

}  // namespace ramus
