// Balanced reaction wheels: docs/models/reaction_wheels.md, eqs. (1)–(11).
#include "ramus/systems/reaction_wheels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;

/// Scratch of one evaluation: the torque u + τ_f on each wheel, written by contributions() and
/// read by derivatives() of the same evaluation (sized once; no allocation in the RHS).
struct ReactionWheelsWorkspace final : EffectorWorkspace {
  explicit ReactionWheelsWorkspace(std::size_t n) : torque(n, 0.0) {}
  std::vector<double> torque;  ///< [N m] u + τ_f per wheel
};

}  // namespace

ReactionWheels::ReactionWheels(std::string name, const std::vector<ReactionWheelConfig>& wheels)
    : StateEffector(std::move(name)) {
  if (wheels.empty()) throw ConfigurationError(label(), "wheels", "0", "needs at least one wheel");
  wheels_.reserve(wheels.size());
  for (std::size_t i = 0; i < wheels.size(); ++i) {
    const ReactionWheelConfig& c = wheels[i];
    const std::string o = wheel_owner(i);
    ReactionWheelParameters p;
    validation::require_unit_vector(o, "gsHat_B", c.gsHat_B);
    p.gsHat_B = c.gsHat_B.normalized();  // within 1e-9 of the given axis; makes eq. (1) exact
    p.r_WcB_B = c.r_WcB_B.si();
    validation::require_finite(o, "r_WcB_B [m]", p.r_WcB_B);
    p.m = c.mass.value();
    p.Js = c.Js.value();
    p.Jt = c.Jt.value();
    validation::require_non_negative(o, {{"mass [kg]", p.m}, {"Jt [kg m^2]", p.Jt}});
    validation::require_positive(o, "Js [kg m^2]", p.Js);
    p.Omega0 = c.Omega0.value();
    validation::require_finite(o, "Omega0 [rad/s]", p.Omega0);
    if (c.h0) {
      // Given by its momentum relative to B, h0 = Js Ω0 (docs/models/reaction_wheels.md)
      const double h0 = c.h0->value();
      validation::require_finite(o, "h0 [N m s]", h0);
      if (p.Omega0 != 0.0)
        throw ConfigurationError(o, "Omega0 [rad/s] (h0 is given)", to_text(p.Omega0),
                                 "give the initial spin as Omega0 or as h0 = Js Omega0, not both");
      p.Omega0 = h0 / p.Js;
    }
    p.theta0 = c.theta0.value();
    validation::require_finite(o, "theta0 [rad]", p.theta0);
    validation::require_finite(o, "motor_torque [N m]", c.motor_torque.value());
    if (c.max_torque) {
      p.u_max = c.max_torque->value();
      validation::require_positive(o, "max_torque [N m]", p.u_max);
    } else {
      p.u_max = std::numeric_limits<double>::infinity();
    }
    p.b = c.viscous_friction.value();
    p.tau_c = c.coulomb_friction.value();
    p.omega_s = c.coulomb_smoothing_speed.value();
    validation::require_non_negative(o, {{"viscous_friction [N m s/rad]", p.b},
                                         {"coulomb_friction [N m]", p.tau_c},
                                         {"coulomb_smoothing_speed [rad/s]", p.omega_s}});
    // eq. (3b): static friction and the Stribeck effect; without them τ_s = τ_c and (3b) is (3).
    p.tau_s = p.tau_c;
    p.omega_st = c.stribeck_speed.value();
    validation::require_non_negative(o, "stribeck_speed [rad/s]", p.omega_st);
    if (c.static_friction) {
      p.tau_s = c.static_friction->value();
      validation::require_non_negative(o, "static_friction [N m]", p.tau_s);
      if (p.tau_s < p.tau_c)
        throw ConfigurationError(o, "static_friction [N m]", to_text(p.tau_s),
                                 "must not be below coulomb_friction = " + to_text(p.tau_c) +
                                     " (the breakaway level is at least the sliding level)");
      if (!(p.omega_st > 0.0))
        throw ConfigurationError(o, "stribeck_speed [rad/s] (static_friction is set)", to_text(p.omega_st),
                                 "must be positive when static_friction is set");
    } else if (p.omega_st != 0.0) {
      throw ConfigurationError(o, "stribeck_speed [rad/s]", to_text(p.omega_st),
                               "has no effect without static_friction (set both, or neither)");
    }
    // eq. (1): axisymmetric about ĝ, hence constant in B whatever the rotor angle.
    const Eigen::Matrix3d gg = p.gsHat_B * p.gsHat_B.transpose();
    p.I_PntWc_B = p.Js * gg + p.Jt * (Eigen::Matrix3d::Identity() - gg);
    wheels_.push_back(p);
    u0_.push_back(c.motor_torque.value());
  }
  u_profile_.resize(wheels_.size());

  // eq. (2): constant mass properties of all wheels together.
  Eigen::Vector3d m_r = Eigen::Vector3d::Zero();
  for (const ReactionWheelParameters& p : wheels_) {
    mass_.m += p.m;
    m_r += p.m * p.r_WcB_B;
    mass_.I_PntB_B += parallel_axis(p.I_PntWc_B, p.m, p.r_WcB_B);
  }
  mass_.r_CB_B = mass_.m > 0.0 ? Eigen::Vector3d(m_r / mass_.m) : Eigen::Vector3d::Zero();
}

std::string ReactionWheels::wheel_owner(std::size_t i) const { return label() + " wheel " + std::to_string(i); }

void ReactionWheels::require_index(std::size_t i, const char* what) const {
  // The owner's label only on failure: the right-hand side calls this (no allocation).
  if (i >= wheels_.size()) validation::require_index(label(), i, wheels_.size(), "wheel", what);
}

const ReactionWheelParameters& ReactionWheels::wheel(std::size_t i) const {
  require_index(i, "wheel");
  return wheels_[i];
}

void ReactionWheels::validate() const {
  for (std::size_t i = 0; i < wheels_.size(); ++i) {
    const ReactionWheelParameters& p = wheels_[i];
    // The rotor's principal moments about Wc are (Js, Jt, Jt), eq. (1); their triangle inequality
    // is Js ≤ 2 Jt (equality for a flat disc), to the kernel's tolerance relative to the trace
    // (validation.hpp). Jt = 0 is the modelling shorthand "transverse inertia booked in the hub"
    // and is accepted: the model then holds only Js, which no inequality constrains.
    if (p.Jt > 0.0 &&
        validation::triangle_excess(Eigen::Vector3d(p.Jt, p.Jt, p.Js)) > validation::kInertiaTriangleTolerance)
      throw ConfigurationError(wheel_owner(i), "Js [kg m^2] and Jt [kg m^2]", to_text(p.Js) + " and " + to_text(p.Jt),
                               "a rigid axisymmetric rotor needs Js <= 2 Jt (principal moments " + to_text(p.Js) +
                                   ", " + to_text(p.Jt) + ", " + to_text(p.Jt) +
                                   " violate the triangle inequality; or Jt = 0: transverse inertia in the hub)");
    if (!angle_states_ && p.theta0 != 0.0)
      throw ConfigurationError(wheel_owner(i), "theta0 [rad]", to_text(p.theta0),
                               "the wheel angles are not states (set_angle_states(true) makes them so)");
    if (p.tau_c > 0.0 && !(p.omega_s > 0.0))
      throw ConfigurationError(wheel_owner(i), "coulomb_smoothing_speed [rad/s] (coulomb_friction is set)",
                               to_text(p.omega_s), "must be positive when coulomb_friction > 0");
    if (p.tau_s > 0.0 && !(p.omega_s > 0.0))
      throw ConfigurationError(wheel_owner(i), "coulomb_smoothing_speed [rad/s] (static_friction is set)",
                               to_text(p.omega_s), "must be positive when static_friction > 0");
  }
}

void ReactionWheels::set_motor_torque(std::size_t i, units::Torque u) {
  require_open("set_motor_torque");
  require_index(i, "set_motor_torque");
  validation::require_finite(wheel_owner(i), "motor_torque [N m]", u.value());
  u0_[i] = u.value();
}

void ReactionWheels::set_motor_torque_profile(std::size_t i, TorqueProfile profile) {
  require_open("set_motor_torque_profile");
  require_index(i, "set_motor_torque_profile");
  u_profile_[i] = std::move(profile);
}

void ReactionWheels::set_angle_states(bool on) {
  require_open("set_angle_states");
  angle_states_ = on;
}

double ReactionWheels::initial_motor_torque(std::size_t i) const {
  require_index(i, "initial_motor_torque");
  return u0_[i];
}

std::vector<InputSpec> ReactionWheels::input_blocks() const {
  const Eigen::Index n = static_cast<Eigen::Index>(wheels_.size());
  InputSpec motor{"motor_torque", n, "N m", Eigen::VectorXd(n), Eigen::VectorXd(n), Eigen::VectorXd(n)};
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    motor.initial[i] = u0_[k];
    motor.lower[i] = -wheels_[k].u_max;  // eq. (4): the motor's saturation, an input limit
    motor.upper[i] = wheels_[k].u_max;
  }
  return {motor};
}

std::vector<InputProfile> ReactionWheels::input_profiles() const {
  std::vector<InputProfile> profiles;
  for (std::size_t i = 0; i < u_profile_.size(); ++i)
    if (u_profile_[i]) profiles.push_back({static_cast<Eigen::Index>(i), u_profile_[i], false, {}});
  return profiles;
}

double ReactionWheels::friction_torque(std::size_t i, double Omega) const {
  require_index(i, "friction_torque");
  return tau_f(i, Omega);
}

double ReactionWheels::tau_f(std::size_t i, double Omega) const {
  // eqs. (3)/(3b): smooth Coulomb (tanh) plus viscous, the Coulomb level raised to the static
  // friction τ_s at low speed (Stribeck); dissipative for every Ω (τ_f Ω ≤ 0).
  const ReactionWheelParameters& p = wheels_[i];
  double tau = -p.b * Omega;
  if (p.tau_s > 0.0) {
    double level = p.tau_c;  // eq. (3b): τ_c + (τ_s − τ_c) exp(−(Ω/ω_st)²)
    if (p.tau_s > p.tau_c) {
      const double v = Omega / p.omega_st;
      level += (p.tau_s - p.tau_c) * std::exp(-v * v);
    }
    tau -= level * std::tanh(Omega / p.omega_s);
  }
  return tau;
}

std::vector<StateBlockSpec> ReactionWheels::state_blocks() const {
  const Eigen::Index n = static_cast<Eigen::Index>(wheels_.size());
  if (angle_states_) return {{"Omega", n, "rad/s"}, {"theta", n, "rad"}};
  return {{"Omega", n, "rad/s"}};
}

void ReactionWheels::write_initial_state(StateBlockRef x) const {
  const Eigen::Index n = static_cast<Eigen::Index>(wheels_.size());
  for (Eigen::Index i = 0; i < n; ++i) {
    x[i] = wheels_[static_cast<std::size_t>(i)].Omega0;
    if (angle_states_) x[n + i] = wheels_[static_cast<std::size_t>(i)].theta0;
  }
}

std::unique_ptr<EffectorWorkspace> ReactionWheels::make_workspace() const {
  return std::make_unique<ReactionWheelsWorkspace>(wheels_.size());
}

CentreOfMass ReactionWheels::mass_properties(const EvaluationContext&, ConstStateBlock, EffectorWorkspace&) const {
  return centre_of_mass(mass_);  // eq. (2): primes are zero
}

void ReactionWheels::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base,
                                   HubSystem& s) const {
  auto& ws = static_cast<ReactionWheelsWorkspace&>(ws_base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  add_rigid_rows(mass_, omega, s);  // the wheels' mass as rigid in B, eqs. (4)–(5) of architecture.md
  for (std::size_t i = 0; i < wheels_.size(); ++i) {
    const ReactionWheelParameters& p = wheels_[i];
    const double Omega = x[static_cast<Eigen::Index>(i)];
    const double torque = ws.inputs()[static_cast<Eigen::Index>(i)] + tau_f(i, Omega);  // eqs. (3)–(4)
    ws.torque[i] = torque;
    // eq. (7)
    s.D.noalias() -= p.Js * p.gsHat_B * p.gsHat_B.transpose();
    s.vecRot -= p.gsHat_B * torque + p.Js * Omega * omega.cross(p.gsHat_B);
  }
}

Eigen::Vector3d ReactionWheels::derivatives(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base,
                                            StateBlockRef dxdt) const {
  const auto& ws = static_cast<const ReactionWheelsWorkspace&>(ws_base);
  const Eigen::Index n = static_cast<Eigen::Index>(wheels_.size());
  for (std::size_t i = 0; i < wheels_.size(); ++i) {
    const ReactionWheelParameters& p = wheels_[i];
    dxdt[static_cast<Eigen::Index>(i)] = ws.torque[i] / p.Js - p.gsHat_B.dot(ctx.acc.omegaDot_BN_B);  // eq. (8)
  }
  if (angle_states_) dxdt.segment(n, n) = x.head(n);  // eq. (12): θ̇ = Ω, the rate relative to B
  // every wheel's centre of mass is fixed in B (m r'' = 0): m r̈ = ω̇ × m r + ω × (ω × m r)
  const Eigen::Vector3d m_r = mass_.m * mass_.r_CB_B;
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  return ctx.acc.omegaDot_BN_B.cross(m_r) + omega.cross(omega.cross(m_r));
}

EnergyMomentumContribution ReactionWheels::energy_momentum(const EvaluationContext& ctx, ConstStateBlock x,
                                                           const EffectorWorkspace&) const {
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  EnergyMomentumContribution e;
  for (std::size_t i = 0; i < wheels_.size(); ++i) {
    const ReactionWheelParameters& p = wheels_[i];
    const double Omega = x[static_cast<Eigen::Index>(i)];
    const Eigen::Vector3d rDot_WcB_B = omega.cross(p.r_WcB_B);
    const Eigen::Vector3d omega_WN_B = omega + Omega * p.gsHat_B;
    // eq. (10): H = I_Wc ω_WN + m r × ṙ, with I_Wc (Ω ĝ) = Js Ω ĝ
    e.H_PntB_B += p.I_PntWc_B * omega_WN_B + p.m * p.r_WcB_B.cross(rDot_WcB_B);
    // eq. (9): T = ½ ω_WNᵀ I_Wc ω_WN + ½ m |ṙ|²
    e.kinetic_energy += 0.5 * omega_WN_B.dot(p.I_PntWc_B * omega_WN_B) + 0.5 * p.m * rDot_WcB_B.squaredNorm();
  }
  return e;
}

}  // namespace ramus
