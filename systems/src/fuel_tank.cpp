// Fuel tank with mass depletion: docs/models/fuel_tank.md, eqs. (1)–(13).
#include "ramus/systems/fuel_tank.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/enum_names.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;
constexpr double pi = std::numbers::pi;
constexpr double g0 = 9.80665;  // [m/s²] standard gravity, for Isp

/// Everything the stages need from one x: moments and mass flows (eqs. 5–6).
struct FuelTankWorkspace final : EffectorWorkspace {
  double m = 0.0;     ///< [kg] max(m_f, 0)
  double mDot = 0.0;  ///< [kg/s] ṁ_f = −Σ μ_k
  TankModel model = TankModel::constant_volume;
  TankMoments mom;
  Eigen::Vector3d r_OB_B = Eigen::Vector3d::Zero();  ///< [m] removal point O
  Eigen::Vector3d I_flow = Eigen::Vector3d::Zero();  ///< [kg m/s] Σ μ_k (r_EB − r_OB): feed flow momentum
  Eigen::Vector3d H_flow = Eigen::Vector3d::Zero();  ///< [kg m²/s] Σ μ_k r_OB × r_EB
  Eigen::Matrix3d I_PntB_B = Eigen::Matrix3d::Zero();
  Eigen::Matrix3d IPrime_PntB_B = Eigen::Matrix3d::Zero();
  Eigen::Vector3d r_TcB_B = Eigen::Vector3d::Zero();
  std::vector<double> mu;  ///< [kg/s] per thruster (sized once)
};

/// Inertia about B of a distribution with mass m, first moment M1 and inertia J about T at r from
/// B (eq. 7): linear in (m, M1, J), so it also maps their m-derivatives to the rate's.
Eigen::Matrix3d shift_to_B(double m, const Eigen::Vector3d& M1, const Eigen::Matrix3d& J, const Eigen::Vector3d& r) {
  const Eigen::Matrix3d one = Eigen::Matrix3d::Identity();
  return J + m * (r.squaredNorm() * one - r * r.transpose()) + 2.0 * r.dot(M1) * one - r * M1.transpose() -
         M1 * r.transpose();
}

/// Axisymmetric tensor a (1 − k kᵀ) + b k kᵀ.
Eigen::Matrix3d axisymmetric(double perp, double axial, const Eigen::Vector3d& k) {
  const Eigen::Matrix3d kk = k * k.transpose();
  return perp * (Eigen::Matrix3d::Identity() - kk) + axial * kk;
}

}  // namespace

std::string_view to_string(TankModel model) {
  static constexpr std::array<std::string_view, 4> names{"constant_volume", "constant_density", "emptying",
                                                         "uniform_burn"};
  return enum_name(model, names, "unknown");
}

FuelTank::FuelTank(std::string name, const FuelTankConfig& c) : StateEffector(std::move(name)), model_(c.model) {
  const std::string o = label();
  const int mi = static_cast<int>(c.model);
  if (mi < 0 || mi > 3) throw ConfigurationError(o, "model", std::to_string(mi), "is not a tank model");
  r_TB_B_ = c.r_TB_B.si();
  validation::require_finite(o, "r_TB_B [m]", r_TB_B_);
  if (model_ == TankModel::emptying || model_ == TankModel::uniform_burn) {
    validation::require_unit_vector(o, "kHat_B", c.kHat_B);
    kHat_B_ = c.kHat_B.normalized();
  } else {
    kHat_B_ = Eigen::Vector3d::UnitZ();
  }
  if (model_ != TankModel::constant_density) {
    R_ = c.radius.value();
    validation::require_positive(o, "radius [m]", R_);
  }
  if (model_ == TankModel::uniform_burn) {
    L_ = c.length.value();
    validation::require_positive(o, "length [m]", L_);
  }
  if (model_ == TankModel::constant_density || model_ == TankModel::emptying) {
    rho_ = c.density;
    validation::require_positive(o, "density [kg/m3]", rho_);
  }
  m0_ = c.propellant_mass.value();
  validation::require_non_negative(o, "propellant_mass [kg]", m0_);
  if (model_ == TankModel::emptying && (m0_ <= 0.0 || m0_ >= capacity()))
    throw ConfigurationError(o, "propellant_mass [kg]", to_text(m0_),
                             "an emptying tank must be neither empty nor full (0 < m < " + to_text(capacity()) +
                                 " kg): its free surface moves infinitely fast at the poles");
  for (std::size_t i = 0; i < c.thrusters.size(); ++i) {
    const FuelTankThrusterConfig& t = c.thrusters[i];
    const std::string ot = Thrusters::owner(*this, i);
    FuelTankThrusterParameters p;
    p.r_EB_B = t.r_EB_B.si();
    validation::require_finite(ot, "r_EB_B [m]", p.r_EB_B);
    validation::require_unit_vector(ot, "tHat_B", t.tHat_B);
    p.tHat_B = t.tHat_B.normalized();
    p.F_max = t.max_thrust.value();
    const double isp = t.isp.value();
    validation::require_positive(ot, {{"max_thrust [N]", p.F_max}, {"isp [s]", isp}});
    p.w = isp * g0;
    thrusters_.add(*this, p, t.command0);
  }
}

const FuelTankThrusterParameters& FuelTank::thruster(std::size_t i) const {
  return thrusters_.at(*this, i, "thruster");
}

void FuelTank::set_command(std::size_t i, double u) {
  require_open("set_command");
  thrusters_.set_command(*this, i, u);
}

double FuelTank::command(std::size_t i) const { return thrusters_.command(*this, i); }

double FuelTank::capacity() const { return model_ == TankModel::emptying ? rho_ * 4.0 / 3.0 * pi * R_ * R_ * R_ : 0.0; }

TankMoments FuelTank::moments(double m) const {
  TankMoments t;
  m = std::max(m, 0.0);
  const Eigen::Vector3d& k = kHat_B_;
  switch (model_) {
    case TankModel::constant_volume:  // eq. (1)
      t.J_PntT_B = 0.4 * m * R_ * R_ * Eigen::Matrix3d::Identity();
      t.dJ_dm = 0.4 * R_ * R_ * Eigen::Matrix3d::Identity();
      break;
    case TankModel::constant_density: {  // eq. (2)
      const double R = std::cbrt(3.0 * m / (4.0 * pi * rho_));
      t.J_PntT_B = 0.4 * m * R * R * Eigen::Matrix3d::Identity();
      t.dJ_dm = (2.0 / 3.0) * R * R * Eigen::Matrix3d::Identity();
      break;
    }
    case TankModel::uniform_burn: {  // eq. (4)
      const double perp = R_ * R_ / 4.0 + L_ * L_ / 12.0, axial = R_ * R_ / 2.0;
      t.dJ_dm = axisymmetric(perp, axial, k);
      t.J_PntT_B = m * t.dJ_dm;
      break;
    }
    case TankModel::emptying: {  // eq. (3): liquid on s ∈ [s0, R] along k̂
      const double R = R_, R2 = R * R;
      const double V = std::min(m, capacity()) / rho_;
      // V(s0) = π (2R³/3 − R² s0 + s0³/3), decreasing on [−R, R]: bisection to round-off (fixed count).
      auto volume = [&](double s) { return pi * (2.0 * R2 * R / 3.0 - R2 * s + s * s * s / 3.0); };
      double lo = -R, hi = R;
      for (int it = 0; it < 200 && hi - lo > 4.0 * std::numeric_limits<double>::epsilon() * R; ++it) {
        const double mid = 0.5 * (lo + hi);
        (volume(mid) > V ? lo : hi) = mid;
      }
      double s0 = 0.5 * (lo + hi);
      const double a2_bisect = R2 - s0 * s0;
      if (a2_bisect > 0.0) s0 += (volume(s0) - V) / (pi * a2_bisect);  // one Newton polish: V' = −π a²
      s0 = std::clamp(s0, -R, R);
      auto F1 = [&](double s) { return R2 * s * s / 2.0 - s * s * s * s / 4.0; };
      auto F2 = [&](double s) { return R2 * s * s * s / 3.0 - std::pow(s, 5) / 5.0; };
      auto Fr = [&](double s) { return R2 * R2 * s - 2.0 * R2 * s * s * s / 3.0 + std::pow(s, 5) / 5.0; };
      const double M1s = rho_ * pi * (F1(R) - F1(s0));
      const double M2s = rho_ * pi * (F2(R) - F2(s0));
      const double Mr = 0.5 * rho_ * pi * (Fr(R) - Fr(s0));
      const double a2 = R2 - s0 * s0;
      t.M1_T = M1s * k;
      t.J_PntT_B = axisymmetric(0.5 * Mr + M2s, Mr, k);
      t.r_OT_B = s0 * k;
      t.dJ_dm = axisymmetric(0.25 * a2 + s0 * s0, 0.5 * a2, k);
      t.drOT_dm = a2 > 0.0 ? Eigen::Vector3d(-k / (rho_ * pi * a2)) : Eigen::Vector3d::Zero();
      break;
    }
  }
  return t;
}

std::vector<StateBlockSpec> FuelTank::state_blocks() const {
  return {{"m_fuel", 1, "kg"}, {"p_exhaust_N", 3, "N s"}, {"H_exhaust_PntN_N", 3, "N m s"}};
}

void FuelTank::write_initial_state(StateBlockRef x) const {
  x.setZero();
  x[0] = m0_;
}

std::unique_ptr<EffectorWorkspace> FuelTank::make_workspace() const {
  auto ws = std::make_unique<FuelTankWorkspace>();
  ws->mu.assign(thrusters_.size(), 0.0);
  return ws;
}

void FuelTank::kinematics(const EvaluationContext&, ConstStateBlock x, EffectorWorkspace& base) const {
  auto& ws = static_cast<FuelTankWorkspace&>(base);
  ws.m = std::max(x[0], 0.0);
  // eq. (6): the flow of each thruster while there is propellant (the run-out is a discontinuity)
  ws.mDot = 0.0;
  for (std::size_t k = 0; k < thrusters_.size(); ++k) {
    ws.mu[k] = x[0] > 0.0 ? base.inputs()[static_cast<Eigen::Index>(k)] * thrusters_[k].F_max / thrusters_[k].w : 0.0;
    ws.mDot -= ws.mu[k];
  }
  ws.mom = moments(ws.m);
  ws.r_OB_B = r_TB_B_ + ws.mom.r_OT_B;
  ws.r_TcB_B = ws.m > 0.0 ? Eigen::Vector3d(r_TB_B_ + ws.mom.M1_T / ws.m) : r_TB_B_;
  ws.I_PntB_B = shift_to_B(ws.m, ws.mom.M1_T, ws.mom.J_PntT_B, r_TB_B_);
  ws.IPrime_PntB_B = ws.mDot * shift_to_B(1.0, ws.mom.r_OT_B, ws.mom.dJ_dm, r_TB_B_);
  ws.I_flow.setZero();
  ws.H_flow.setZero();
  for (std::size_t k = 0; k < thrusters_.size(); ++k) {
    ws.I_flow += ws.mu[k] * (thrusters_[k].r_EB_B - ws.r_OB_B);
    ws.H_flow += ws.mu[k] * ws.r_OB_B.cross(thrusters_[k].r_EB_B);
  }
}

CentreOfMass FuelTank::mass_properties(const EvaluationContext&, ConstStateBlock, EffectorWorkspace& base) const {
  const auto& ws = static_cast<const FuelTankWorkspace&>(base);
  // eq. (7); rPrime 0: the propellant's material is at rest in B
  return {ws.m, ws.r_TcB_B, Eigen::Vector3d::Zero(), ws.mDot, ws.mDot * ws.r_OB_B};
}

void FuelTank::contributions(const EvaluationContext& ctx, ConstStateBlock, EffectorWorkspace& base,
                             HubSystem& s) const {
  const auto& ws = static_cast<const FuelTankWorkspace&>(base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d rODot_B = ws.mDot * ws.mom.drOT_dm;  // velocity of the removal point
  // eq. (9): thrust, Coriolis force of the feed flow, the moving propellant's −S''
  Eigen::Vector3d F = -2.0 * omega.cross(ws.I_flow) - ws.mDot * rODot_B;
  // eq. (10): thrust moments, jet damping, the feed flow's angular momentum and its rate
  Eigen::Vector3d L = -omega.cross(ws.H_flow);
  for (std::size_t k = 0; k < thrusters_.size(); ++k) {
    const FuelTankThrusterParameters& p = thrusters_[k];
    const Eigen::Vector3d F_k = ws.mu[k] * p.w * p.tHat_B;
    F += F_k;
    L += p.r_EB_B.cross(F_k) - ws.mu[k] * p.r_EB_B.cross(omega.cross(p.r_EB_B)) - ws.mu[k] * rODot_B.cross(p.r_EB_B);
  }
  s.vecTrans += F;
  s.vecRot += L;
  // eq. (7): the propellant's rigid rows, its inertia and the inertia's rate as the mass changes
  MassProperties p;
  p.m = ws.m;
  p.r_CB_B = ws.r_TcB_B;
  p.I_PntB_B = ws.I_PntB_B;
  p.IPrime_PntB_B = ws.IPrime_PntB_B;
  add_rigid_rows(p, omega, s);
}

Eigen::Vector3d FuelTank::derivatives(const EvaluationContext& ctx, ConstStateBlock, EffectorWorkspace& base,
                                      StateBlockRef dxdt) const {
  const auto& ws = static_cast<const FuelTankWorkspace&>(base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Matrix3d dcm_NB = ctx.hub.dcm_FN.transpose();
  dxdt[0] = ws.mDot;  // eq. (6)
  // eq. (11): the exhaust leaves E with v_E + u_e, u_e = −w t̂
  Eigen::Vector3d dp = Eigen::Vector3d::Zero(), dH = Eigen::Vector3d::Zero();
  for (std::size_t k = 0; k < thrusters_.size(); ++k) {
    const FuelTankThrusterParameters& p = thrusters_[k];
    const Eigen::Vector3d v_exit_N = ctx.hub.v_FN_N + dcm_NB * (omega.cross(p.r_EB_B) - p.w * p.tHat_B);
    const Eigen::Vector3d r_EN_N = ctx.hub.r_FN_N + dcm_NB * p.r_EB_B;
    dp += ws.mu[k] * v_exit_N;
    dH += ws.mu[k] * r_EN_N.cross(v_exit_N);
  }
  dxdt.segment<3>(1) = dp;
  dxdt.segment<3>(4) = dH;
  // eq. (12): m r'' = ω × ṁ r_OB, made inertial (the material at rest in B: r' = 0)
  return inertial_relative_acceleration(ws.m, ws.r_TcB_B, Eigen::Vector3d::Zero(), omega.cross(ws.mDot * ws.r_OB_B),
                                        omega, ctx.acc.omegaDot_BN_B);
}

EnergyMomentumContribution FuelTank::energy_momentum(const EvaluationContext& ctx, ConstStateBlock x,
                                                     const EffectorWorkspace& base) const {
  const auto& ws = static_cast<const FuelTankWorkspace&>(base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  EnergyMomentumContribution e;
  e.H_PntB_B = ws.I_PntB_B * omega + ws.H_flow;  // eq. (13)
  e.kinetic_energy = 0.5 * omega.dot(ws.I_PntB_B * omega);
  e.p_B = ws.I_flow;
  e.p_exhaust_N = x.segment<3>(1);
  e.H_exhaust_PntN_N = x.segment<3>(4);
  return e;
}

std::vector<InputSpec> FuelTank::input_blocks() const { return {thrusters_.throttle_block()}; }

}  // namespace ramus
