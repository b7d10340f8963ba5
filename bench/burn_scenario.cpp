#include "burn_scenario.hpp"

#include <limits>
#include <memory>

#include "ramus/samples/spacecraft.hpp"
#include "ramus/systems/fuel_tank.hpp"
#include "reference_run.hpp"

namespace ramus::bench {
namespace {

constexpr double kBurnEnd = 30.0, kSpan = 40.0;  // [s]

}  // namespace

Scenario make_burn() {
  const samples::Burn burn = samples::burn();
  const std::shared_ptr<Model> model = burn.model;
  const std::shared_ptr<FuelTank> fuel = burn.tank;
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
  // Both throttles at 1 on [0, kBurnEnd), then 0: a held profile, its switch a step boundary.
  s.drive = [model, fuel](Inputs& inputs) {
    const Eigen::Index first = model->input_range(*fuel).offset;
    for (Eigen::Index k = 0; k < 2; ++k) {
      InputProfile p;
      p.channel = first + k;
      p.value = [](double t) { return t < kBurnEnd ? 1.0 : 0.0; };
      p.held = true;
      p.next_switch = [](double t) { return t < kBurnEnd ? kBurnEnd : std::numeric_limits<double>::infinity(); };
      inputs.set_profile(std::move(p));
    }
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
