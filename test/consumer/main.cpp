// Propagates a hub under a constant torque about b1 for 10 s with rk4 and checks the closed form
// omega = tau/I t (exact for every scheme, since omega is linear in t).
#include <cmath>
#include <cstdio>
#include <memory>

#include <ramus/kernel/model.hpp>
#include <ramus/kernel/system.hpp>
#include <ramus/steppers/propagate.hpp>
#include <ramus/systems/external_force_torque.hpp>

int main() {
  using namespace ramus::units;
  auto model = std::make_shared<ramus::Model>();
  ramus::HubConfig hub;
  hub.mass = 100.0 * si::kilogram;
  hub.I_PntBc_B = InertiaTensor::diagonal(100.0 * kg_m2, 200.0 * kg_m2, 300.0 * kg_m2);
  auto& sc = model->add_vehicle("sc", hub);
  ramus::ExternalForceTorqueConfig load;
  load.torque_PntF_F = Torque3{10.0 * newton_meter, 0.0 * newton_meter, 0.0 * newton_meter};
  sc.add_dynamic_effector(std::make_shared<ramus::ExternalForceTorque>("torque", load));
  model->finalize();
  ramus::System system(model);
  Eigen::VectorXd x = model->initial_state();
  ramus::PropagationSettings settings;
  settings.dt = 0.1;
  ramus::propagate(system, x, 0.0, 10.0, settings);
  const double omega_x = x[model->vehicle(0).offsets().omega_BN_B];
  std::printf("omega_x(10 s) = %.15f rad/s (expected 1)\n", omega_x);
  return std::abs(omega_x - 1.0) < 1e-12 ? 0 : 1;  // 1e-12: a sum of 400 stage increments of 0.0025
}
