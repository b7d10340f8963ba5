// Fuel tank with mass depletion (docs/models/fuel_tank.md): the propellant mass m_f is a state of
// the vehicle, drained by the thrusters that draw on the tank (ṁ_f = −Σ u F_max / (Isp g0)); the
// propellant's centre of mass and inertia follow m_f by the tank model (constant volume, constant
// density, emptying, uniform burn). The tank adds the mass-flow terms of the hub equations (the
// feed flow's Coriolis force, jet damping, the moving propellant) and integrates the momentum of
// the exhaust it expels, so that the vehicle's momentum plus the exhaust's is conserved
// (architecture.md §6). No segment frame: it hosts no dynamic effector.
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <string>
#include <vector>

#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"
#include "ramus/systems/throttled_thrusters.hpp"

namespace ramus {

/// How the propellant's mass distribution follows its mass (fuel_tank.md eqs. 1–4).
enum class TankModel {
  constant_volume,   ///< sphere of fixed radius, filled throughout, density falling with the mass
  constant_density,  ///< sphere of fixed density whose radius shrinks with the mass
  emptying,          ///< sphere of fixed radius and density, draining: the liquid sits at the outlet end
  uniform_burn,      ///< solid cylinder of fixed radius and length, density falling uniformly
  centrifugal_burn,  ///< hollow cylinder of fixed outer radius, length and density, burning from the bore outwards
};

/// "constant_volume", … (for messages and describe()).
std::string_view to_string(TankModel model);

/// Which effects of the mass flow on the motion the tank applies (fuel_tank.md eqs. 17–18).
enum class TankDepletion {
  full,                  ///< eqs. (8)–(10): feed-flow Coriolis force, jet damping, moving propellant, −I′ω
  mass_properties_only,  ///< eq. (17): mass, centre of mass and inertia follow m_f; only the thrust acts
};

/// "full", "mass_properties_only".
std::string_view to_string(TankDepletion depletion);

/// One thruster that draws on the tank, fixed in B, in units (docs/architecture.md §D9).
struct FuelTankThrusterConfig {
  units::Length3 r_EB_B;                             ///< nozzle exit E relative to B
  Eigen::Vector3d tHat_B = Eigen::Vector3d::Zero();  ///< [1] unit direction of the thrust on the hub, in B
  units::Force max_thrust;                           ///< thrust at command 1 (> 0); with blow-down, at p0 times P_F
  units::Time isp;                                   ///< specific impulse (> 0): exhaust speed Isp g0
  double command0 = 0.0;                             ///< [1] initial command u, in [0, 1]
  /// [1] blow-down (fuel_tank.md eq. 21): F = max_thrust P_F(p/p0), P_F(π) = Σ_i c_i π^i, ascending
  /// powers; empty: P_F = 1. Only with a tank's blow_down; positive over the burn's pressures.
  std::vector<double> thrust_pressure_coefficients;
  /// [1] likewise Isp = isp P_I(p/p0).
  std::vector<double> isp_pressure_coefficients;
  /// First-order thrust (eq. 24): τ of κ' = (u − κ)/τ, κ a state of the tank (> 0); none: κ = u.
  std::optional<units::Time> time_constant;
  double kappa0 = 0.0;  ///< [1] initial κ with a time constant, in [0, 1]
};

/// Pressure-fed blow-down (fuel_tank.md eqs. 19–22): the pressurant in the ullage expands as the
/// propellant leaves, p V_g^γ constant; each thruster's thrust and Isp follow the pressure.
struct FuelTankBlowDownConfig {
  double pressure0 = 0.0;            ///< [Pa] ullage pressure at the initial propellant mass (> 0)
  double ullage_volume0 = 0.0;       ///< [m³] gas volume at the initial propellant mass (> 0)
  double propellant_density = 0.0;   ///< [kg/m³] the volume a leaving mass frees (> 0)
  double polytropic_exponent = 1.0;  ///< [1] γ in [1, 5/3]: 1 isothermal, 5/3 adiabatic helium
};

/// The tank, in units. Fields a model does not use are ignored (and not checked).
struct FuelTankConfig {
  TankModel model = TankModel::constant_volume;
  units::Length3 r_TB_B;  ///< tank centre T relative to B
  /// [1] unit axis in B: emptying: from T towards the outlet (the liquid collects at that end);
  /// uniform_burn, centrifugal_burn: the cylinder's axis. Unused by the spheres of fixed shape.
  Eigen::Vector3d kHat_B = Eigen::Vector3d::UnitZ();
  units::Length radius;  ///< constant_volume, emptying, uniform_burn, centrifugal_burn (outer) (> 0)
  units::Length length;  ///< uniform_burn, centrifugal_burn: cylinder length (> 0)
  /// [kg/m³] propellant density: constant_density, emptying, centrifugal_burn (> 0)
  double density = 0.0;
  units::Mass propellant_mass;                    ///< initial m_f (≥ 0; emptying: strictly inside (0, full))
  std::vector<FuelTankThrusterConfig> thrusters;  ///< may be empty (a passive tank)
  /// full: every mass-flow term (eqs. 8–10); mass_properties_only: Basilisk's "update only" (eq. 17).
  TankDepletion depletion = TankDepletion::full;
  /// Pressure-fed blow-down of the thrusters (eqs. 19–22); none: constant thrust and Isp.
  std::optional<FuelTankBlowDownConfig> blow_down;
};

/// One thruster in SI, validated.
struct FuelTankThrusterParameters {
  Eigen::Vector3d r_EB_B = Eigen::Vector3d::Zero();   ///< [m]
  Eigen::Vector3d tHat_B = Eigen::Vector3d::UnitX();  ///< [1] normalised
  double F_max = 0.0;                                 ///< [N]
  double w = 0.0;                                     ///< [m/s] exhaust speed Isp g0
  std::vector<double> cF;                             ///< [1] P_F's coefficients, ascending (eq. 21); empty: 1
  std::vector<double> cI;                             ///< [1] P_I's, likewise
  double tau = 0.0;                                   ///< [s] eq. (24); 0: no lag (κ = u)
  double kappa0 = 0.0;                                ///< [1]
  int lag = -1;                                       ///< its index in the "kappa" block; −1 without a lag
};

/// The propellant's mass moments about the tank centre T (B components) and their derivatives
/// with respect to the propellant mass m (fuel_tank.md eq. 5): first moment M1 = m r_TcT,
/// second moment (inertia about T) J, and the removal point O (where a mass dm leaves the
/// distribution: r_OT = dM1/dm) with its rate dr_OT/dm.
struct TankMoments {
  Eigen::Vector3d M1_T = Eigen::Vector3d::Zero();      ///< [kg m]
  Eigen::Matrix3d J_PntT_B = Eigen::Matrix3d::Zero();  ///< [kg m²]
  Eigen::Vector3d r_OT_B = Eigen::Vector3d::Zero();    ///< [m] dM1/dm
  Eigen::Matrix3d dJ_dm = Eigen::Matrix3d::Zero();     ///< [m²]
  Eigen::Vector3d drOT_dm = Eigen::Vector3d::Zero();   ///< [m/kg]
};

class FuelTank final : public StateEffector {
 public:
  /// Every field checked here (ConfigurationError naming the tank or the thruster and the field).
  FuelTank(std::string name, const FuelTankConfig& config);
  std::string_view kind() const override { return "fuel_tank"; }
  bool varies_in_mass() const override { return true; }

  TankModel model() const { return model_; }
  TankDepletion depletion() const { return depletion_; }
  std::size_t thruster_count() const { return thrusters_.size(); }
  const FuelTankThrusterParameters& thruster(std::size_t i) const;
  /// [kg] what the tank holds when full: emptying ρ 4/3 π R³, centrifugal_burn ρ π R² L (0 for the
  /// other models, which have no density and shape both fixed).
  double capacity() const;
  /// The moments of eq. (5) at propellant mass m (clamped to [0, capacity] where there is one).
  TankMoments moments(double m) const;
  /// Blow-down (eqs. 19–20): whether the tank has it, and the ullage pressure [Pa] at propellant
  /// mass m (p0 without blow-down).
  bool has_blow_down() const { return blow_down_.has_value(); }
  double pressure(double m) const;
  /// Thruster i's thrust [N] and exhaust speed [m/s] at propellant mass m, full command (eq. 21).
  double thrust(std::size_t i, double m) const;
  double exhaust_speed(std::size_t i, double m) const;

  // ---- inputs (docs/architecture.md §5, Inputs) ----------------------------------------------
  // One block, "throttle" [1] (one channel per thruster): 1 on, 0 off, a throttle in between;
  // limits [0, 1]. A run's commands live in its Inputs; set_command() configures the model.
  /// The command of thruster i at the start of every run (before finalize()).
  void set_command(std::size_t i, double u);
  /// [1] the command of thruster i at the start of a run.
  double command(std::size_t i) const;
  std::vector<InputSpec> input_blocks() const override;

  // ---- StateEffector ----------------------------------------------------------------------
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  /// No segment; computes the moments and mass flows of this x (eqs. 5–6) into ws.
  void kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws) const override;
  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "m_fuel" (1, kg), "p_exhaust_N" (3, N s), "H_exhaust_PntN_N" (3, N m s), and
  ///    "kappa" (1 each) for the thrusters with a time constant (eq. 24), in thruster order.
  ///  - mass_properties: eq. (7): m_f and its centre of mass; rPrime 0; mDot = ṁ_f.
  ///  - contributions: eqs. (9)–(10): thrust, feed-flow Coriolis force, jet damping, moving propellant;
  ///    the propellant's rigid rows with its inertia about B and its rate (eq. 7); with
  ///    mass_properties_only, eq. (17): the thrust, its moment and the rigid rows with I′ = 0.
  ///  - derivatives: eqs. (6), (11): ṁ_f and the exhaust's momentum rates; returns m r̈ from m r'' = ω
  ///    × ṁ_f r_OB (eq. 12).
  ///  - energy_momentum: eq. (13): the propellant at rest in B, the feed flow's momentum, the
  ///    exhaust's.
  RAMUS_STATE_EFFECTOR_OVERRIDES;

 private:
  using Thrusters = ThrottledThrusters<FuelTankThrusterParameters>;

  TankModel model_;
  TankDepletion depletion_;
  Eigen::Vector3d r_TB_B_;
  Eigen::Vector3d kHat_B_;
  double R_ = 0.0;    ///< [m]
  double L_ = 0.0;    ///< [m]
  double rho_ = 0.0;  ///< [kg/m³]
  double m0_ = 0.0;   ///< [kg]
  std::optional<FuelTankBlowDownConfig> blow_down_;
  Thrusters thrusters_;
  int lags_ = 0;  ///< thrusters with a time constant: the size of the "kappa" block

  /// π = p/p0 at m and dπ/dm (eqs. 19–20); 1 and 0 without blow-down.
  std::pair<double, double> pressure_ratio(double m) const;
};

}  // namespace ramus
