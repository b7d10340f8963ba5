// The C++ twin of rigid_spacecraft_orbit.json: a rigid 750 kg spacecraft tumbling slowly in a
// 500 km circular equatorial orbit about a point-mass Earth, one orbit with rk4 at 1 s. Prints
// the final position, the radius error of the circular orbit and the drift of the total energy
// and of the angular momentum about N; fails when they exceed what rk4 at 1 s gives.
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <ramus/environment/central_body_gravity.hpp>
#include <ramus/kernel/diagnostics.hpp>
#include <ramus/kernel/model.hpp>
#include <ramus/kernel/system.hpp>
#include <ramus/steppers/propagate.hpp>

int main() {
  using namespace ramus::units;
  constexpr double kDeg = std::numbers::pi / 180.0;

  auto model = std::make_shared<ramus::Model>();
  model->set_gravity(std::make_shared<ramus::CentralBodyGravity>(ramus::CentralBodyGravity::earth()));
  ramus::HubConfig hub;
  hub.mass = 750.0 * si::kilogram;
  hub.I_PntBc_B = InertiaTensor::diagonal(900.0 * kg_m2, 800.0 * kg_m2, 600.0 * kg_m2);
  ramus::Vehicle& sc = model->add_vehicle("sc", hub);

  const double r0 = 6878.1363e3;                              // [m] 500 km altitude
  const double mu = ramus::CentralBodyGravity::earth().mu();  // [m³/s²]
  const double v0 = std::sqrt(mu / r0);                       // [m/s] circular speed
  ramus::InitialState ic;
  ic.point = ramus::ReferencePoint::C;
  ic.r_N = Length3(Eigen::Vector3d(r0, 0.0, 0.0), si::meter);
  ic.v_N = Velocity3(Eigen::Vector3d(0.0, v0, 0.0), si::meter_per_second);
  ic.omega_BN_B = AngularVelocity3(Eigen::Vector3d(0.5, -0.3, 0.2) * kDeg, si::radian_per_second);
  sc.set_initial_state(ic);
  model->finalize();

  const ramus::System system(model);
  Eigen::VectorXd x = model->initial_state();
  const ramus::VehicleDiagnostics d0 = ramus::vehicle_diagnostics(*model, x, 0.0, 0);
  const double period = 2.0 * std::numbers::pi * std::sqrt(r0 * r0 * r0 / mu);  // [s]
  ramus::PropagationSettings settings;
  settings.dt = 1.0;  // [s] rk4 (the default stepper)
  const ramus::PropagationStats stats = ramus::propagate(system, x, 0.0, period, settings);

  const ramus::VehicleDiagnostics d1 = ramus::vehicle_diagnostics(*model, x, period, 0);
  const double E0 = d0.orbital_energy + d0.rotational_energy, E1 = d1.orbital_energy + d1.rotational_energy;
  const Eigen::Vector3d H0 = d0.H_orb_PntN_N + d0.H_rot_PntC_N, H1 = d1.H_orb_PntN_N + d1.H_rot_PntC_N;
  const double energy_drift = std::abs(E1 - E0) / std::abs(E0);
  const double momentum_drift = (H1 - H0).norm() / H0.norm();
  const double radius_error = std::abs(d1.r_CN_N.norm() - r0);  // [m] a circular orbit keeps its radius
  std::printf("one orbit (%.1f s, %llu rk4 steps): r_CN_N = (%.3f, %.3f, %.3f) km\n", period,
              static_cast<unsigned long long>(stats.steps), d1.r_CN_N.x() / 1e3, d1.r_CN_N.y() / 1e3,
              d1.r_CN_N.z() / 1e3);
  std::printf("radius error %.3e m, energy drift %.3e, angular momentum drift %.3e\n", radius_error, energy_drift,
              momentum_drift);
  // rk4 at 1 s on a 5677 s orbit: global error ~ (ω dt)⁴ ω t ≈ 1e-12 relative, i.e. millimetres;
  // the bounds leave two orders of magnitude for round-off.
  return radius_error < 1.0 && energy_drift < 1e-10 && momentum_drift < 1e-10 ? 0 : 1;
}
