// Gravity-gradient torque and tidal force on one body (docs/environment/gravity_gradient.md).
#include "ramus/environment/gravity_gradient.hpp"

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

GravityGradient::GravityGradient(std::string name, const GravityGradientConfig& config)
    : DynamicEffector(std::move(name)), config_(config) {
  validation::require_positive(label(), "mass [kg]", config_.mass);
  validation::require_finite(label(), "r_McF_F [m]", config_.r_McF_F);
  validation::require_inertia(label(), "I_PntMc_F [kg m^2]", config_.I_PntMc_F);
}

Wrench GravityGradient::wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext& at) const {
  if (at.gravity == nullptr)
    throw ConfigurationError(label(), "gravity", "none",
                             "the gravity gradient needs the model's gravity field (Model::set_gravity)");
  const Eigen::Matrix3d dcm_NF = frame.dcm_FN.transpose();
  const Eigen::Vector3d r_McN_N = frame.r_FN_N + dcm_NF * config_.r_McF_F;
  GravityAndGradient field;
  if (config_.gradient_at == GradientPoint::vehicle) {
    // eq. (7): the gradient at C, evaluated once for the vehicle; the tidal force to first order.
    if (!at.has_G_N)
      throw ConfigurationError(label(), "gradient_at", "vehicle",
                               "the load context carries no gradient at C (an effector placed where the kernel does "
                               "not look for it, e.g. on a child of a child: use gradient_at = body)");
    field.G_N = at.G_N;
    if (config_.tidal_force) field.a_N = at.g_N + at.G_N * (r_McN_N - at.r_CN_N);
  } else if (config_.tidal_force) {
    // The field at Mc: its gradient and its acceleration from one call.
    field = at.gravity->acceleration_and_gradient_N(r_McN_N, at.t);
  } else {
    field.G_N = at.gravity->gradient_N(r_McN_N, at.t);
  }
  const Eigen::Matrix3d G_F = frame.dcm_FN * field.G_N * dcm_NF;
  // eq. (3): T_i = −ε_ijk (G I)_kj
  const Eigen::Matrix3d GI = G_F * config_.I_PntMc_F;
  Wrench w;
  w.torque_PntF_F = Eigen::Vector3d(GI(1, 2) - GI(2, 1), GI(2, 0) - GI(0, 2), GI(0, 1) - GI(1, 0));
  if (config_.tidal_force) {
    // eq. (4): what the field at Mc adds to the uniform g(r_C) the kernel applies to every body
    w.force_F = config_.mass * (frame.dcm_FN * (field.a_N - at.g_N));
    w.torque_PntF_F += config_.r_McF_F.cross(w.force_F);  // eq. (5)
  }
  return w;
}

}  // namespace ramus
