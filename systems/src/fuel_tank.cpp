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
constexpr double g0 = 9.80665;      // [m/s²] standard gravity, for Isp
constexpr Eigen::Index kKappa = 7;  // the "kappa" block after m_fuel, p_exhaust_N, H_exhaust_PntN_N

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
  std::vector<double> mu;               ///< [kg/s] per thruster (sized once)
  std::vector<double> w;                ///< [m/s] exhaust speed per thruster at this pressure (eq. 21)
  std::vector<double> mu_dot;           ///< [kg/s²] dμ_k/dt through the pressure and κ (eq. 22, 25)
  std::vector<double> kappa_rate_term;  ///< [kg/s²] ∂μ_k/∂κ κ' (eq. 25)
};

/// Inertia about B of a distribution with mass m, first moment M1 and inertia J about T at r from
/// B (eq. 7): linear in (m, M1, J), so it also maps their m-derivatives to the rate's.
Eigen::Matrix3d shift_to_B(double m, const Eigen::Vector3d& M1, const Eigen::Matrix3d& J, const Eigen::Vector3d& r) {
  const Eigen::Matrix3d one = Eigen::Matrix3d::Identity();
  return J + m * (r.squaredNorm() * one - r * r.transpose()) + 2.0 * r.dot(M1) * one - r * M1.transpose() -
         M1 * r.transpose();
}

/// P(π) = Σ_i c_i π^i and dP/dπ by Horner (eq. 21); an empty c is the constant 1.
std::pair<double, double> polynomial(const std::vector<double>& c, double x) {
  if (c.empty()) return {1.0, 0.0};
  double p = 0.0, dp = 0.0;
  for (auto it = c.rbegin(); it != c.rend(); ++it) {
    dp = dp * x + p;
    p = p * x + *it;
  }
  return {p, dp};
}

std::string coefficients_text(const std::vector<double>& c) {
  std::string t = "[";
  for (std::size_t i = 0; i < c.size(); ++i) t += (i ? ", " : "") + to_text(c[i]);
  return t + "]";
}

/// Axisymmetric tensor a (1 − k kᵀ) + b k kᵀ.
Eigen::Matrix3d axisymmetric(double perp, double axial, const Eigen::Vector3d& k) {
  const Eigen::Matrix3d kk = k * k.transpose();
  return perp * (Eigen::Matrix3d::Identity() - kk) + axial * kk;
}

}  // namespace

std::string_view to_string(TankModel model) {
  static constexpr std::array<std::string_view, 5> names{"constant_volume", "constant_density", "emptying",
                                                         "uniform_burn", "centrifugal_burn"};
  return enum_name(model, names, "unknown");
}

std::string_view to_string(TankDepletion depletion) {
  static constexpr std::array<std::string_view, 2> names{"full", "mass_properties_only"};
  return enum_name(depletion, names, "unknown");
}

FuelTank::FuelTank(std::string name, const FuelTankConfig& c)
    : StateEffector(std::move(name)), model_(c.model), depletion_(c.depletion) {
  const std::string o = label();
  const int mi = static_cast<int>(c.model);
  if (mi < 0 || mi > 4) throw ConfigurationError(o, "model", std::to_string(mi), "is not a tank model");
  const int di = static_cast<int>(c.depletion);
  if (di < 0 || di > 1)
    throw ConfigurationError(o, "depletion", std::to_string(di),
                             "is not a depletion option (full, mass_properties_only)");
  r_TB_B_ = c.r_TB_B.si();
  validation::require_finite(o, "r_TB_B [m]", r_TB_B_);
  const bool cylinder = model_ == TankModel::uniform_burn || model_ == TankModel::centrifugal_burn;
  if (model_ == TankModel::emptying || cylinder) {
    validation::require_unit_vector(o, "kHat_B", c.kHat_B);
    kHat_B_ = c.kHat_B.normalized();
  } else {
    kHat_B_ = Eigen::Vector3d::UnitZ();
  }
  if (model_ != TankModel::constant_density) {
    R_ = c.radius.value();
    validation::require_positive(o, "radius [m]", R_);
  }
  if (cylinder) {
    L_ = c.length.value();
    validation::require_positive(o, "length [m]", L_);
  }
  if (model_ == TankModel::constant_density || model_ == TankModel::emptying || model_ == TankModel::centrifugal_burn) {
    rho_ = c.density;
    validation::require_positive(o, "density [kg/m3]", rho_);
  }
  m0_ = c.propellant_mass.value();
  validation::require_non_negative(o, "propellant_mass [kg]", m0_);
  if (model_ == TankModel::emptying && (m0_ <= 0.0 || m0_ >= capacity()))
    throw ConfigurationError(o, "propellant_mass [kg]", to_text(m0_),
                             "an emptying tank must be neither empty nor full (0 < m < " + to_text(capacity()) +
                                 " kg): its free surface moves infinitely fast at the poles");
  if (model_ == TankModel::centrifugal_burn && m0_ > capacity())
    throw ConfigurationError(o, "propellant_mass [kg]", to_text(m0_),
                             "exceeds the full grain rho pi R^2 L = " + to_text(capacity()) + " kg");
  if (c.blow_down) {  // eqs. (19)–(20)
    const FuelTankBlowDownConfig& b = *c.blow_down;
    validation::require_positive(o, {{"blow_down.pressure0 [Pa]", b.pressure0},
                                     {"blow_down.ullage_volume0 [m3]", b.ullage_volume0},
                                     {"blow_down.propellant_density [kg/m3]", b.propellant_density}});
    if (!(b.polytropic_exponent >= 1.0 && b.polytropic_exponent <= 5.0 / 3.0))
      throw ConfigurationError(o, "blow_down.polytropic_exponent [1]", to_text(b.polytropic_exponent),
                               "must lie in [1, 5/3]: from isothermal (1) to adiabatic monatomic gas (5/3)");
    blow_down_ = b;
  }
  // the burn's range of pressure ratios, π(0) … 1 (eq. 20)
  const double pi_min = pressure_ratio(0.0).first;
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
    for (const auto& [field, coefficients] :
         {std::pair{"thrust_pressure_coefficients [1]", &t.thrust_pressure_coefficients},
          std::pair{"isp_pressure_coefficients [1]", &t.isp_pressure_coefficients}}) {
      const std::vector<double>& cs = *coefficients;
      if (cs.empty()) continue;
      if (!c.blow_down)
        throw ConfigurationError(ot, field, coefficients_text(cs), "needs the tank's blow_down (the pressure law)");
      for (const double v : cs)
        if (!std::isfinite(v)) throw ConfigurationError(ot, field, coefficients_text(cs), "must be finite");
      // positive over the burn: checked at 257 evenly spaced ratios from π(0) to 1, both ends included
      for (int j = 0; j <= 256; ++j) {
        const double x = pi_min + (1.0 - pi_min) * j / 256.0;
        if (!(polynomial(cs, x).first > 0.0))
          throw ConfigurationError(ot, field, coefficients_text(cs),
                                   "must be positive over the burn's pressure ratios [" + to_text(pi_min) +
                                       ", 1] (it is " + to_text(polynomial(cs, x).first) + " at " + to_text(x) + ")");
      }
    }
    p.cF = t.thrust_pressure_coefficients;
    p.cI = t.isp_pressure_coefficients;
    if (t.time_constant) {  // eq. (24)
      p.tau = t.time_constant->value();
      validation::require_positive(ot, "time_constant [s]", p.tau);
      validation::require_unit_interval(ot, "kappa0 [1]", t.kappa0);
      p.kappa0 = t.kappa0;
      p.lag = lags_++;
    }
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

std::pair<double, double> FuelTank::pressure_ratio(double m) const {
  if (!blow_down_) return {1.0, 0.0};
  const FuelTankBlowDownConfig& b = *blow_down_;
  const double V_g = b.ullage_volume0 + (m0_ - m) / b.propellant_density;        // eq. (19)
  const double ratio = std::pow(b.ullage_volume0 / V_g, b.polytropic_exponent);  // eq. (20)
  return {ratio, b.polytropic_exponent * ratio / (b.propellant_density * V_g)};
}

double FuelTank::pressure(double m) const {
  return blow_down_ ? blow_down_->pressure0 * pressure_ratio(std::max(m, 0.0)).first : 0.0;
}

double FuelTank::thrust(std::size_t i, double m) const {
  const FuelTankThrusterParameters& p = thruster(i);
  return p.F_max * polynomial(p.cF, pressure_ratio(std::max(m, 0.0)).first).first;
}

double FuelTank::exhaust_speed(std::size_t i, double m) const {
  const FuelTankThrusterParameters& p = thruster(i);
  return p.w * polynomial(p.cI, pressure_ratio(std::max(m, 0.0)).first).first;
}

double FuelTank::capacity() const {
  if (model_ == TankModel::emptying) return rho_ * 4.0 / 3.0 * pi * R_ * R_ * R_;
  if (model_ == TankModel::centrifugal_burn) return rho_ * pi * R_ * R_ * L_;
  return 0.0;
}

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
    case TankModel::centrifugal_burn: {  // eq. (4a): the grain between the bore r and R
      m = std::min(m, capacity());
      const double r2 = std::max(R_ * R_ - m / (rho_ * pi * L_), 0.0);
      t.J_PntT_B = axisymmetric(m * (3.0 * (R_ * R_ + r2) + L_ * L_) / 12.0, 0.5 * m * (R_ * R_ + r2), k);
      t.dJ_dm = axisymmetric(0.5 * r2 + L_ * L_ / 12.0, r2, k);
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
  std::vector<StateBlockSpec> blocks{{"m_fuel", 1, "kg"}, {"p_exhaust_N", 3, "N s"}, {"H_exhaust_PntN_N", 3, "N m s"}};
  if (lags_ > 0) blocks.push_back({"kappa", lags_, "1"});  // eq. (24)
  return blocks;
}

void FuelTank::write_initial_state(StateBlockRef x) const {
  x.setZero();
  x[0] = m0_;
  for (std::size_t k = 0; k < thrusters_.size(); ++k)
    if (thrusters_[k].lag >= 0) x[kKappa + thrusters_[k].lag] = thrusters_[k].kappa0;
}

std::unique_ptr<EffectorWorkspace> FuelTank::make_workspace() const {
  auto ws = std::make_unique<FuelTankWorkspace>();
  ws->mu.assign(thrusters_.size(), 0.0);
  ws->w.assign(thrusters_.size(), 0.0);
  ws->mu_dot.assign(thrusters_.size(), 0.0);
  ws->kappa_rate_term.assign(thrusters_.size(), 0.0);
  return ws;
}

void FuelTank::kinematics(const EvaluationContext&, ConstStateBlock x, EffectorWorkspace& base) const {
  auto& ws = static_cast<FuelTankWorkspace&>(base);
  ws.m = std::max(x[0], 0.0);
  // eq. (6): the flow of each thruster while there is propellant (the run-out is a discontinuity),
  // at the thrust and exhaust speed of this pressure (eq. 21); dμ/dm through the pressure (eq. 22)
  const auto [ratio, dratio_dm] = pressure_ratio(ws.m);
  ws.mDot = 0.0;
  for (std::size_t k = 0; k < thrusters_.size(); ++k) {
    const FuelTankThrusterParameters& t = thrusters_[k];
    const auto [PF, dPF] = polynomial(t.cF, ratio);
    const auto [PI, dPI] = polynomial(t.cI, ratio);
    // κ = u, or the state of eq. (24) with its rate; no flow once dry
    const double u = base.inputs()[static_cast<Eigen::Index>(k)];
    const double kappa = t.lag >= 0 ? x[kKappa + t.lag] : u;
    const double kappaDot = t.lag >= 0 ? (u - kappa) / t.tau : 0.0;
    const double wet = x[0] > 0.0 ? 1.0 : 0.0;
    ws.w[k] = t.w * PI;
    ws.mu[k] = wet * kappa * t.F_max * PF / ws.w[k];
    // dμ_k/dt = ∂μ/∂κ κ' + ∂μ/∂m ṁ_f (eq. 22); the second factor ṁ_f once all flows are summed
    ws.mu_dot[k] = wet * kappa * t.F_max / t.w * (dPF * PI - PF * dPI) / (PI * PI) * dratio_dm;
    ws.kappa_rate_term[k] = wet * kappaDot * t.F_max * PF / ws.w[k];
    ws.mDot -= ws.mu[k];
  }
  for (std::size_t k = 0; k < thrusters_.size(); ++k) ws.mu_dot[k] = ws.mu_dot[k] * ws.mDot + ws.kappa_rate_term[k];
  ws.mom = moments(ws.m);
  ws.r_OB_B = r_TB_B_ + ws.mom.r_OT_B;
  ws.r_TcB_B = ws.m > 0.0 ? Eigen::Vector3d(r_TB_B_ + ws.mom.M1_T / ws.m) : r_TB_B_;
  ws.I_PntB_B = shift_to_B(ws.m, ws.mom.M1_T, ws.mom.J_PntT_B, r_TB_B_);
  ws.IPrime_PntB_B = ws.mDot * shift_to_B(1.0, ws.mom.r_OT_B, ws.mom.dJ_dm, r_TB_B_);
  ws.I_flow.setZero();
  ws.H_flow.setZero();
  if (depletion_ == TankDepletion::mass_properties_only) return;  // eq. (17): no feed flow
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
  MassProperties p;
  p.m = ws.m;
  p.r_CB_B = ws.r_TcB_B;
  p.I_PntB_B = ws.I_PntB_B;
  if (depletion_ == TankDepletion::mass_properties_only) {
    // eq. (17): the thrust and its moment; the rigid rows with the inertia of this m_f, its rate
    // left out (no −I′ω), nor any other term of the mass flow
    for (std::size_t k = 0; k < thrusters_.size(); ++k) {
      const FuelTankThrusterParameters& t = thrusters_[k];
      const Eigen::Vector3d F_k = ws.mu[k] * ws.w[k] * t.tHat_B;
      s.vecTrans += F_k;
      s.vecRot += t.r_EB_B.cross(F_k);
    }
    add_rigid_rows(p, omega, s);
    return;
  }
  const Eigen::Vector3d rODot_B = ws.mDot * ws.mom.drOT_dm;  // velocity of the removal point
  // eq. (9): thrust, Coriolis force of the feed flow, the moving propellant's −S''
  Eigen::Vector3d F = -2.0 * omega.cross(ws.I_flow) - ws.mDot * rODot_B;
  // eq. (10): thrust moments, jet damping, the feed flow's angular momentum and its rate
  Eigen::Vector3d L = -omega.cross(ws.H_flow);
  for (std::size_t k = 0; k < thrusters_.size(); ++k) {
    const FuelTankThrusterParameters& t = thrusters_[k];
    const Eigen::Vector3d F_k = ws.mu[k] * ws.w[k] * t.tHat_B;
    F += F_k;
    L += t.r_EB_B.cross(F_k) - ws.mu[k] * t.r_EB_B.cross(omega.cross(t.r_EB_B)) - ws.mu[k] * rODot_B.cross(t.r_EB_B);
    // eq. (22): the feed flow's momenta change with μ_k as the pressure falls
    F -= ws.mu_dot[k] * (t.r_EB_B - ws.r_OB_B);
    L -= ws.mu_dot[k] * ws.r_OB_B.cross(t.r_EB_B);
  }
  s.vecTrans += F;
  s.vecRot += L;
  // eq. (7): the propellant's rigid rows, its inertia and the inertia's rate as the mass changes
  p.IPrime_PntB_B = ws.IPrime_PntB_B;
  add_rigid_rows(p, omega, s);
}

Eigen::Vector3d FuelTank::derivatives(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& base,
                                      StateBlockRef dxdt) const {
  const auto& ws = static_cast<const FuelTankWorkspace&>(base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Matrix3d dcm_NB = ctx.hub.dcm_FN.transpose();
  dxdt[0] = ws.mDot;  // eq. (6)
  // eq. (11): the exhaust leaves E with v_E + u_e, u_e = −w t̂
  Eigen::Vector3d dp = Eigen::Vector3d::Zero(), dH = Eigen::Vector3d::Zero();
  for (std::size_t k = 0; k < thrusters_.size(); ++k) {
    const FuelTankThrusterParameters& p = thrusters_[k];
    const Eigen::Vector3d v_exit_N = ctx.hub.v_FN_N + dcm_NB * (omega.cross(p.r_EB_B) - ws.w[k] * p.tHat_B);
    const Eigen::Vector3d r_EN_N = ctx.hub.r_FN_N + dcm_NB * p.r_EB_B;
    dp += ws.mu[k] * v_exit_N;
    dH += ws.mu[k] * r_EN_N.cross(v_exit_N);
  }
  dxdt.segment<3>(1) = dp;
  dxdt.segment<3>(4) = dH;
  for (std::size_t k = 0; k < thrusters_.size(); ++k) {  // eq. (24)
    const FuelTankThrusterParameters& t = thrusters_[k];
    if (t.lag >= 0) dxdt[kKappa + t.lag] = (base.inputs()[static_cast<Eigen::Index>(k)] - x[kKappa + t.lag]) / t.tau;
  }
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
