// Variable-speed control moment gyroscope: docs/models/vscmg.md, eq. (1); the dynamics are
// serial_chain.md's.
#include "ramus/systems/vscmg.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

std::vector<ChainLink> vscmg_links(const std::string& owner, const VscmgConfig& c) {
  validation::require_unit_vector(owner, "gsHat0_B", c.gsHat0_B);
  validation::require_unit_vector(owner, "gtHat0_B", c.gtHat0_B);
  validation::require_unit_vector(owner, "ggHat_B", c.ggHat_B);
  Eigen::Matrix3d dcm_G0B;
  dcm_G0B.row(0) = c.gsHat0_B.transpose();
  dcm_G0B.row(1) = c.gtHat0_B.transpose();
  dcm_G0B.row(2) = c.ggHat_B.transpose();
  validation::require_rotation(owner, "[gsHat0_B gtHat0_B ggHat_B] (rows of dcm_G0B)", dcm_G0B);
  validation::require_finite(owner, "r_GB_B [m]", c.r_GB_B.si());
  validation::require_non_negative(owner, "massG [kg]", c.massG.value());
  if (c.massG.value() > 0.0 || !c.IG_PntGc_G.si().isZero(0.0))
    validation::require_inertia(owner, "IG_PntGc_G [kg m^2]", c.IG_PntGc_G.si());
  validation::require_finite(owner, "r_GcG_G [m]", c.r_GcG_G.si());
  validation::require_finite(owner, "r_WG_G [m]", c.r_WG_G.si());
  const double mW = c.massW.value();
  validation::require_positive(owner, {{"massW [kg]", mW},
                                       {"IW1 [kg m^2]", c.IW1.value()},
                                       {"IW2 [kg m^2]", c.IW2.value()},
                                       {"IW3 [kg m^2]", c.IW3.value()}});
  validation::require_non_negative(owner, "Us [kg m]", c.Us.value());
  validation::require_finite(owner, "Ud [kg m^2]", c.Ud.value());
  // eq. (4): with simple jitter the imbalance is a load, and the rotor's mass distribution balanced
  const double Ud_inertia = c.simple_jitter ? 0.0 : c.Ud.value(), Us_mass = c.simple_jitter ? 0.0 : c.Us.value();
  Eigen::Matrix3d IW;
  IW << c.IW1.value(), 0.0, Ud_inertia, 0.0, c.IW2.value(), 0.0, Ud_inertia, 0.0, c.IW3.value();
  validation::require_inertia(owner, "[IW1 0 Ud; 0 IW2 0; Ud 0 IW3] [kg m^2]", IW);
  validation::require_finite(owner, {{"gamma0 [rad]", c.gamma0.value()},
                                     {"gammaDot0 [rad/s]", c.gammaDot0.value()},
                                     {"theta0 [rad]", c.theta0.value()},
                                     {"Omega0 [rad/s]", c.Omega0.value()},
                                     {"gimbal_torque [N m]", c.gimbal_torque.value()},
                                     {"wheel_torque [N m]", c.wheel_torque.value()}});
  if (c.gimbal_locked && c.gammaDot0.value() != 0.0)
    throw ConfigurationError(owner, "gammaDot0 [rad/s] (gimbal locked)", validation::to_text(c.gammaDot0.value()),
                             "a locked gimbal must start at rest");
  // eq. (1): gimbal about ĝg = third axis of G; wheel about ĝs = first axis of W (W = G at θ = 0)
  JointDrive gimbal, wheel;
  gimbal.q0 = c.gamma0.value();
  gimbal.qDot0 = c.gammaDot0.value();
  gimbal.u = c.gimbal_torque.value();
  gimbal.locked = c.gimbal_locked;
  wheel.q0 = c.theta0.value();
  wheel.qDot0 = c.Omega0.value();
  wheel.u = c.wheel_torque.value();
  const JointGeometry G{JointType::revolute, dcm_G0B, c.r_GB_B.si(), Eigen::Vector3d::UnitZ()};
  const JointGeometry W{JointType::revolute, Eigen::Matrix3d::Identity(), c.r_WG_G.si(), Eigen::Vector3d::UnitX()};
  return {make_link(c.massG.value(), c.r_GcG_G.si(), c.IG_PntGc_G.si(), G, gimbal),
          make_link(mW, Eigen::Vector3d(0.0, Us_mass / mW, 0.0), IW, W, wheel)};
}

Vscmg::Vscmg(std::string name, const VscmgConfig& config)
    : SerialChain(name, vscmg_links("vscmg '" + name + "'", config), "vscmg") {
  set_state_names("angle", "rate");
  set_motor_names({"gimbal_torque", "wheel_torque"});
  simple_jitter_ = config.simple_jitter;
  if (simple_jitter_) {  // validated by vscmg_links above
    Us_ = config.Us.value();
    Ud_ = config.Ud.value();
    dcm_G0B_.row(0) = config.gsHat0_B.transpose();
    dcm_G0B_.row(1) = config.gtHat0_B.transpose();
    dcm_G0B_.row(2) = config.ggHat_B.transpose();
    r_GB_B_ = config.r_GB_B.si();
    r_WG_G_ = config.r_WG_G.si();
  }
}

Wrench Vscmg::simple_jitter_load_B(double gamma, double theta, double Omega) const {
  Wrench w;
  if (!simple_jitter_) return w;
  // eq. (4): the gimbal frame turned by γ about ĝg, the wheel frame by θ about ĝs (W = G at θ = 0)
  const Eigen::Vector3d gs0 = dcm_G0B_.row(0).transpose(), gt0 = dcm_G0B_.row(1).transpose(),
                        gg = dcm_G0B_.row(2).transpose();
  const double cg = std::cos(gamma), sg = std::sin(gamma);
  const Eigen::Vector3d gs = cg * gs0 + sg * gt0, gt = -sg * gs0 + cg * gt0;
  const Eigen::Vector3d w2 = std::cos(theta) * gt + std::sin(theta) * gg;
  const Eigen::Vector3d r_WB_B = r_GB_B_ + r_WG_G_.x() * gs + r_WG_G_.y() * gt + r_WG_G_.z() * gg;
  const double Omega2 = Omega * Omega;
  w.force_F = Us_ * Omega2 * w2;  // simple_jitter_reaction_wheels.md (2)
  w.torque_PntF_F = r_WB_B.cross(w.force_F) + Ud_ * Omega2 * w2;
  return w;
}

void Vscmg::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws,
                          HubSystem& hub_system) const {
  SerialChain::contributions(ctx, x, ws, hub_system);
  if (!simple_jitter_) return;
  // eq. (4): the state is (γ, θ, γ̇, Ω); the load enters the hub's right-hand side only
  const Wrench w = simple_jitter_load_B(x[0], x[1], x[3]);
  hub_system.vecTrans += w.force_F;
  hub_system.vecRot += w.torque_PntF_F;
}

LockImpulse Vscmg::set_gimbal_locked(bool locked, const System& system, Eigen::VectorXd& x, double t) const {
  if (locked) return engage_lock(0, system, x, t);
  set_locked(0, false, system.model(), system.inputs(), x);
  return {Eigen::VectorXd::Zero(1), 0.0};
}

}  // namespace ramus
