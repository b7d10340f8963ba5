#include "reference_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "ramus/kernel/system.hpp"
#include "text.hpp"

namespace ramus::bench {
namespace {

/// The scenario's output times with `samples` evenly spaced times merged in (times closer than
/// 1e-9 of the span to one already there are dropped).
std::vector<double> sampled_times(const Scenario& s, int samples) {
  std::vector<double> times = s.times();
  const double span = s.t1 - s.t0;
  for (int k = 1; k < samples; ++k) {
    const double t = s.t0 + span * static_cast<double>(k) / static_cast<double>(samples);
    const bool near = std::any_of(times.begin(), times.end(), [&](double u) { return std::abs(u - t) < 1e-9 * span; });
    if (!near) times.push_back(t);
  }
  std::sort(times.begin(), times.end());
  return times;
}

bool is_hub_block(const StateBlock& b) {
  return b.name == "r_BN_N" || b.name == "v_BN_N" || b.name == "q_BN" || b.name == "omega_BN_B" || b.name == "dv_CN_N";
}

}  // namespace

ConvergedRun converged_run(const Scenario& s, double tolerance, int samples, const std::string& stepper) {
  PropagationSettings settings;
  settings.stepper = stepper;
  settings.dt = s.dt0;
  settings.abs_tol = settings.rel_tol = tolerance;
  ConvergedRun run{s.x0, {}, 0.0, s.x0.cwiseAbs()};
  const std::vector<double> times = sampled_times(s, samples);
  const auto observer = [&](Eigen::VectorXd& x, double) { run.amplitude = run.amplitude.cwiseMax(x.cwiseAbs()); };
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<FlightSoftware> fsw;
  run.stats = propagate(s.run(), run.x_t1, times, s.closed_loop(settings, fsw), observer);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

HubReference hub_state(const Model& model, const Eigen::VectorXd& x, std::size_t vehicle) {
  const VehicleOffsets& o = model.vehicle(vehicle).offsets();
  return {Eigen::Vector3d(x.segment<3>(o.r_N)), Eigen::Vector3d(x.segment<3>(o.v_N)), Quaternion(x.segment<4>(o.q_BN)),
          Eigen::Vector3d(x.segment<3>(o.omega_BN_B))};
}

std::string use_converged_reference(Scenario& s, const ReferenceSettings& reference) {
  constexpr int kSamples = 200;  // amplitude samples: ≥ 10 per period of every mode of the scenarios
  const ConvergedRun ref = converged_run(s, reference.tolerance, kSamples, reference.stepper);
  s.reference_state = hub_state(*s.model, ref.x_t1, 0);
  s.other_hubs.clear();
  for (std::size_t v = 1; v < s.model->vehicle_count(); ++v) s.other_hubs.push_back(hub_state(*s.model, ref.x_t1, v));
  s.coordinates.clear();
  for (const StateBlock& b : s.model->layout().blocks()) {
    if (is_hub_block(b)) continue;
    const double amplitude = ref.amplitude.segment(b.offset, b.size).maxCoeff();
    // A block that stays zero (a locked axis) is compared absolutely, in its own unit.
    s.coordinates.push_back({b.owner + "." + b.name, b.offset, b.size, ref.x_t1.segment(b.offset, b.size),
                             amplitude > 0.0 ? amplitude : 1.0});
  }
  if (reference.adjust) reference.adjust(s);
  // Convergence check: the check run (by default the same procedure, 100 times looser), measured
  // like every run.
  const ConvergedRun check_run = converged_run(s, reference.check_tolerance, 0, reference.check_stepper);
  const ErrorBreakdown check = s.error(check_run.x_t1);
  // The reference's own error is about check × 1e-13/1e-11; a run's error within 10× of it says
  // nothing about the run's order.
  s.error_floor = 0.1 * check.max();
  // A check by another stepper names it and its cost.
  const std::string check_name = reference.check_stepper == reference.stepper
                                     ? std::string("the same at ") + sci(reference.check_tolerance, 0)
                                     : reference.check_stepper + " at " + sci(reference.check_tolerance, 0) + " (" +
                                           std::to_string(check_run.stats.steps) + " steps, " +
                                           number("%.1f", 1e3 * check_run.seconds) + " ms)";
  return reference.stepper + " at abs_tol = rel_tol = " + sci(reference.tolerance, 0) + " (" +
         std::to_string(ref.stats.steps) + " steps, " + number("%.1f", 1e3 * ref.seconds) +
         " ms), hub state and effector coordinates; check: " + check_name + " is " + sci(check.max()) + " (" +
         std::string(check.dominant()) + ") from it";
}

}  // namespace ramus::bench
