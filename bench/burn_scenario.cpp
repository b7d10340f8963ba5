#include "burn_scenario.hpp"

#include <memory>
#include <numbers>

#include "ramus/kernel/system.hpp"
#include "ramus/systems/fuel_tank.hpp"
#include "reference_run.hpp"

namespace ramus::bench {
namespace {

namespace si = units::si;

constexpr double kBurnEnd = 30.0, kSpan = 40.0;  // [s]

FuelTankThrusterConfig nozzle(const Eigen::Vector3d& r_EB_B, const Eigen::Vector3d& tHat_B, double F, double isp) {
  FuelTankThrusterConfig c;
  c.r_EB_B = units::Length3(r_EB_B, si::meter);
  c.tHat_B = tHat_B;
  c.max_thrust = F * si::newton;
  c.isp = isp * si::second;
  c.command0 = 1.0;
  return c;
}

}  // namespace

Scenario make_burn() {
  auto model = std::make_shared<Model>();
  HubConfig hub;
  hub.mass = 750.0 * si::kilogram;
  hub.I_PntBc_B = units::InertiaTensor::diagonal(900.0 * units::kg_m2, 800.0 * units::kg_m2, 600.0 * units::kg_m2);
  hub.r_BcB_B = units::Length3(Eigen::Vector3d(0.0, 0.0, 1.0), si::meter);
  Vehicle& sc = model->add_vehicle("sc", hub);
  InitialState initial;
  initial.point = ReferencePoint::C;  // C at rest at N, zero gravity
  initial.omega_BN_B = units::AngularVelocity3(Eigen::Vector3d(0.1, -0.1, 0.1), si::radian_per_second);
  sc.set_initial_state(initial);

  FuelTankConfig tank;
  tank.model = TankModel::emptying;
  tank.r_TB_B = units::Length3(Eigen::Vector3d(0.0, 0.0, 0.5), si::meter);
  tank.kHat_B = -Eigen::Vector3d::UnitZ();  // the outlet at the bottom, towards the engine
  tank.radius = 0.5 * si::meter;
  tank.density = 1000.0;
  tank.propellant_mass = 0.6 * 1000.0 * 4.0 / 3.0 * std::numbers::pi * 0.125 * si::kilogram;
  tank.thrusters = {nozzle(Eigen::Vector3d(0.0, 0.0, -1.0), Eigen::Vector3d::UnitZ(), 500.0, 230.0),
                    nozzle(Eigen::Vector3d(0.8, 0.0, 0.5), Eigen::Vector3d::UnitY(), 20.0, 220.0)};
  auto fuel = std::make_shared<FuelTank>("tank", tank);
  sc.add_state_effector(fuel);
  model->finalize();

  Scenario s;
  s.x0 = model->initial_state();
  s.model = model;
  s.t1 = kSpan;
  // Fastest rate ≈ 0.2 rad/s (the spin); the burn's edge is an output time. rk4 from 0.2 s
  // (ω·dt ≈ 0.04), Euler from 0.01 s.
  s.dt0 = 0.2;
  s.dt0_euler = 0.01;
  s.output_times = {0.0, kBurnEnd, kSpan};
  s.inputs = [fuel](Eigen::VectorXd&, double t) {
    const double u = t < kBurnEnd ? 1.0 : 0.0;
    fuel->set_command(0, u);
    fuel->set_command(1, u);
  };
  s.reference =
      "emptying tank R = 0.5 m at (0, 0, 0.5) m, 314 kg, outlet -b3; 500 N Isp 230 s engine at (0, 0, -1) m "
      "along +b3 and 20 N Isp 220 s nozzle at (0.8, 0, 0.5) m along +b2, on [0, 30) s; C at rest at N, "
      "omega0 = (0.1, -0.1, 0.1) rad/s; " +
      use_converged_reference(s);
  s.conserves = {false, false};  // mass and momentum leave with the exhaust (the tank counts them: fuel_tank.md)
  return s;
}

}  // namespace ramus::bench
