// A step-halving study of a branched vehicle: a 20 N engine on a 2-DOF gimbal (the thruster hangs
// on the gimbal's second segment), firing over the whole span so that the loads are smooth in t.
// rk4 at dt0 = 0.05 s and four halvings, each level's error the distance to the next finer run
// (Richardson); prints the table and fails unless the observed order approaches 4.
#include <cmath>
#include <cstdio>
#include <memory>
#include <ramus/kernel/model.hpp>
#include <ramus/kernel/system.hpp>
#include <ramus/samples/spacecraft.hpp>
#include <ramus/steppers/propagate.hpp>
#include <ramus/steppers/step_halving.hpp>

int main() {
  using namespace ramus::units;
  constexpr double t1 = 4.0;  // [s]

  // The samples library's gimbal (samples/include/ramus/samples/spacecraft.hpp): a 1 kg ring about
  // b1, a 20 kg engine about s2, and the thruster on the engine (segment 1), here firing throughout.
  const ramus::samples::GimbalThruster sample = ramus::samples::gimbal_thruster();
  sample.thruster->add_firing(0.0 * si::second, (t1 + 1.0) * si::second);
  const std::shared_ptr<ramus::Model> model = sample.model;
  model->finalize();

  const ramus::System system(model);
  const auto solution_at = [&](double dt) {
    Eigen::VectorXd x = model->initial_state();
    ramus::PropagationSettings settings;  // rk4
    settings.dt = dt;
    ramus::propagate(system, x, 0.0, t1, settings);
    return x;
  };
  const auto distance = [](const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    return (a - b).lpNorm<Eigen::Infinity>();
  };
  const ramus::StepHalvingStudy study = ramus::step_halving_study_self(0.05, 4, solution_at, distance);

  std::printf("%10s  %12s  %8s\n", "dt [s]", "error", "order");
  for (const ramus::HalvingLevel& level : study.levels)
    std::printf("%10.5f  %12.4e  %8.3f\n", level.dt, level.error, level.observed_order);
  // rk4: order 4 in the asymptotic range; the finest levels must be within 0.3 of it.
  const double p = study.levels.back().observed_order;
  return std::abs(p - 4.0) < 0.3 ? 0 : 1;
}
