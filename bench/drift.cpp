#include "drift.hpp"

#include <cmath>
#include <vector>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::bench {
namespace {

struct Totals {
  double energy = 0.0;                                 ///< [J]
  Eigen::Vector3d H_PntN_N = Eigen::Vector3d::Zero();  ///< [N m s]
};

Totals totals(const Model& model, Workspace& ws, const Eigen::VectorXd& x, double t) {
  Totals sum;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const VehicleDiagnostics d = vehicle_diagnostics(model, ws, x, t, i);
    sum.energy += d.orbital_energy + d.rotational_energy;
    sum.H_PntN_N += d.H_orb_PntN_N + d.H_rot_PntC_N;
  }
  sum.energy += two_point_potential_energy(model, x);
  return sum;
}

struct DriftPair {
  double energy = 0.0, momentum = 0.0;
};

DriftPair one_run(const Scenario& s, double dt, double span, int samples) {
  const System system = s.run();
  Workspace ws(*s.model);
  Eigen::VectorXd x = s.x0;
  std::vector<double> times;
  for (int k = 0; k <= samples; ++k) times.push_back(s.t0 + span * k / samples);
  const Totals start = totals(*s.model, ws, x, s.t0);
  DriftPair worst;
  PropagationSettings settings;
  settings.stepper = "rk4";
  settings.dt = dt;
  std::unique_ptr<FlightSoftware> fsw;
  propagate(system, x, times, s.closed_loop(settings, fsw), [&](Eigen::VectorXd& xk, double t) {
    const Totals now = totals(*s.model, ws, xk, t);
    worst.energy = std::max(worst.energy, std::abs(now.energy - start.energy) / std::abs(start.energy));
    worst.momentum = std::max(worst.momentum, (now.H_PntN_N - start.H_PntN_N).norm() / start.H_PntN_N.norm());
  });
  return worst;
}

/// log2(coarse/fine), or NaN when either is at the round-off of ~10⁴ steps (N ε ≈ 1e-12), where
/// the ratio means nothing.
double drift_order(double coarse, double fine) {
  constexpr double roundoff = 1e-12;
  return coarse > roundoff && fine > roundoff ? std::log2(coarse / fine) : std::nan("");
}

}  // namespace

Drift long_run_drift(const Scenario& s, double dt, double span, int samples) {
  Drift d;
  d.span = span;
  d.dt = dt;
  d.samples = samples;
  if (!s.conserves.energy && !s.conserves.momentum) return d;
  const DriftPair coarse = one_run(s, dt, span, samples);
  const DriftPair fine = one_run(s, 0.5 * dt, span, samples);
  if (s.conserves.energy) {
    d.energy = coarse.energy;
    d.energy_order = drift_order(coarse.energy, fine.energy);
  }
  if (s.conserves.momentum) {
    d.momentum = coarse.momentum;
    d.momentum_order = drift_order(coarse.momentum, fine.momentum);
  }
  return d;
}

}  // namespace ramus::bench
