#include "mujoco_peer.hpp"

#include <cmath>
#include <memory>
#include <stdexcept>

#include "mujoco_model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/odeint_steppers.hpp"

namespace ramus::bench::mujoco {
namespace {

/// Steps of ramus's fixed-step propagate(): dt shortened uniformly so that they divide the span.
std::uint64_t step_count(double span, double dt) {
  return static_cast<std::uint64_t>(std::max(1.0, std::ceil(span / dt * (1.0 - 1e-9))));
}

/// mj_forward at x, against ramus's derivative at x.
double mismatch_at(MujocoModel& mj, const System& system, const Eigen::VectorXd& x, double t) {
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, t);
  mj.set_state(x, t);
  mj_forward(mj.model(), mj.data());
  return mj.acceleration_mismatch(dxdt, system.model().layout());
}

std::string scenario_unsupported(const Scenario& scenario) {
  if (scenario.drive) return "run inputs (a commanded thruster)";
  if (scenario.flight_software) return "flight software in the loop";
  if (scenario.times().size() > 2) return "output times inside the span (piecewise inputs)";
  return {};
}

}  // namespace

PeerResult compare(const Scenario& scenario, const ComparisonSettings& settings) {
  MjcfResult mjcf = make_mjcf(*scenario.model);
  if (!mjcf.mjcf) return {std::nullopt, mjcf.unsupported};
  if (std::string why = scenario_unsupported(scenario); !why.empty()) return {std::nullopt, why};
  std::unique_ptr<MujocoModel> mj;
  try {
    mj = std::make_unique<MujocoModel>(*mjcf.mjcf);
  } catch (const std::runtime_error& e) {
    return {std::nullopt, e.what()};
  }
  mjModel* m = mj->model();
  mjData* d = mj->data();
  const System system = scenario.run();
  const double span = scenario.t1 - scenario.t0;

  PeerComparison c;
  c.scenario = scenario.name;
  c.accel_mismatch_x0 = mismatch_at(*mj, system, scenario.x0, scenario.t0);
  // Side by side with ramus: alternating batches (time_paired), ramus's first in each round.
  Eigen::VectorXd dxdt(scenario.x0.size()), x_step = scenario.x0;
  odeint_steppers::rk4 rk4;
  c.forward = time_paired(
      settings.rhs_batches, settings.rhs_batch_seconds, [&] { system(scenario.x0, dxdt, scenario.t0); },
      [&] { mj_forward(m, d); });
  m->opt.timestep = span / static_cast<double>(step_count(span, scenario.first_step("rk4")));
  c.step = time_paired(
      settings.rhs_batches, settings.rhs_batch_seconds,
      [&] {
        x_step = scenario.x0;
        rk4.do_step(std::cref(system), x_step, scenario.t0, scenario.dt0);
      },
      [&] {
        mj->set_state(scenario.x0, scenario.t0);
        mj_step(m, d);
      });

  double dt = scenario.first_step("rk4");
  for (int level = 0; level < settings.fixed_levels; ++level, dt *= 0.5) {
    PeerRun r;
    r.dt = dt;
    r.steps = step_count(span, dt);
    m->opt.timestep = span / static_cast<double>(r.steps);
    r.time = time_repeated(
        settings.timing, [&] { mj->set_state(scenario.x0, scenario.t0); },
        [&] {
          for (std::uint64_t k = 0; k < r.steps; ++k) mj_step(m, d);
        });
    Eigen::VectorXd x = scenario.x0;  // the entries MuJoCo does not mirror (dv_CN_N) stay as in x0
    mj->get_state(x);
    r.error = scenario.error(x);
    if (!c.rk4.empty()) r.observed_order = std::log2(c.rk4.back().error.max() / r.error.max());
    if (level == 0) c.accel_mismatch_t1 = mismatch_at(*mj, system, x, scenario.t1);
    c.rk4.push_back(r);
  }
  return {std::move(c), {}};
}

}  // namespace ramus::bench::mujoco
