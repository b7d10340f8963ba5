// Propagates a hub under a constant torque about b1 for 10 s with rk4 and checks the closed form
// omega = tau/I t (exact for every scheme, since omega is linear in t): once built through the
// C++ API (ramus::ramus), once loaded from a scenario document (ramus::scenario).
#include <cmath>
#include <cstdio>
#include <memory>

#include <ramus/kernel/model.hpp>
#include <ramus/kernel/system.hpp>
#include <ramus/scenario/run_scenario.hpp>
#include <ramus/scenario/scenario.hpp>
#include <ramus/steppers/propagate.hpp>
#include <ramus/systems/external_force_torque.hpp>

#include "hub_model.hpp"

int main() {
  using namespace ramus::units;
  ramus::Vehicle* vehicle = nullptr;
  auto model = hub_model(vehicle);
  ramus::Vehicle& sc = *vehicle;
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

  const ramus::scenario::Scenario s = ramus::scenario::parse_scenario(R"({
    "vehicles": [{"name": "sc",
                  "hub": {"mass": 100, "I_PntBc_B": [[100, 0, 0], [0, 200, 0], [0, 0, 300]]},
                  "dynamic_effectors": [{"type": "external_force_torque", "name": "torque",
                                         "torque_PntF_F": [10, 0, 0]}]}],
    "propagation": {"stepper": "rk4", "dt": 0.1},
    "output": {"t0": 0, "t1": 10, "dt": 10}})");
  Eigen::VectorXd y;
  ramus::scenario::run_scenario(s, y, {});
  const double omega_x_file = y[s.model->vehicle(0).offsets().omega_BN_B];
  std::printf("omega_x(10 s) from the scenario document = %.15f rad/s (expected 1)\n", omega_x_file);
  // 1e-12: a sum of 400 stage increments of 0.0025
  return std::abs(omega_x - 1.0) < 1e-12 && std::abs(omega_x_file - 1.0) < 1e-12 ? 0 : 1;
}
